// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - the ethercat command-line tool: ethercat COMMAND [OPTIONS].
 *
 * Exit codes: 0 success, 1 a failure the master reported, 2 bad usage.
 */
#include <libgen.h>
#include <string.h>

#include "cli.h"

int main(int argc, char **argv)
{
	struct ec_cli c;
	int ret;

	ec_cli_init(&c, "ethercat");
	ret = ec_cli_parse(&c, argc, argv);
	if (ret < 0)
		return EC_EXIT_OK;	/* general help printed */
	if (ret)
		return ret;
	return ec_cli_run(&c);
}
