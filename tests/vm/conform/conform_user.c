// SPDX-License-Identifier: GPL-2.0-only
/*
 * conform_user.c - ecrt_conform.c through libethercat (see
 * ecrt_conform.h).  Exit status: 0 when every check passed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ecrt.h"

#define CF_PRINT(...) printf(__VA_ARGS__)
#define CF_MSLEEP(ms) usleep((ms) * 1000)

#include "ecrt_conform.c"

int main(void)
{
	return ecrt_conform_run(0) ? 1 : 0;
}
