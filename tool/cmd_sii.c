// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_sii.c - 'sii_read', 'sii_write' and 'alias' (which rewrites SII word
 * 4 and the header checksum, as IgH's tool does).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "print.h"
#include "sii_dump.h"
#include "tool_io.h"

#define EC_SII_ALIAS_WORDS 8	/* words 0..7: header with checksum */

/**
 * ec_cmd_sii_read() - output a slave's SII contents
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_sii_read(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	struct ec_lib_master m;
	struct ec_slaves s;
	char err[256];
	uint16_t *words;
	unsigned int index;
	size_t nwords;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (!ret)
		ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, &m, index, false);
	if (ret)
		return ret;
	ret = ec_cli_single_slave(c, &m, &s, &slave);
	if (ret)
		goto out_close;
	nwords = slave->sii_nwords;
	words = calloc(nwords ? nwords : 1, sizeof(*words));
	if (!words) {
		ret = ec_cli_fail(c, "out of memory");
		goto out_free_slaves;
	}
	if (nwords) {
		ret = ec_lib_sii_read(&m, slave->position, 0, nwords, words);
		if (ret) {
			ret = ec_cli_lib_fail(c, &m, ret);
			goto out_free_words;
		}
	}

	if (c->verbose) {
		ret = ec_sii_dump((const uint8_t *)words, nwords, err,
				  sizeof(err));
		if (ret)
			ret = ec_cli_fail(c, "%s", err);
	} else if (ec_out_json()) {
		ec_out_obj_open("sii");
		ec_out_uint("position", NULL, slave->position);
		ec_out_uint("words", NULL, nwords);
		ec_out_hex("data", (const uint8_t *)words, nwords * 2);
		ec_out_obj_close();
	} else {
		if (fwrite(words, 2, nwords, stdout) != nwords)
			ret = ec_cli_fail(c, "write error: %s",
					  strerror(errno));
	}

out_free_words:
	free(words);
out_free_slaves:
	ec_slaves_free(&s);
out_close:
	ec_lib_close(&m);
	return ret;
}

/**
 * ec_cmd_sii_write() - write SII contents from a file or stdin to a slave
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_sii_write(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	struct ec_lib_master m;
	struct ec_slaves s;
	uint8_t *data = NULL;
	unsigned int index;
	char err[256];
	size_t size;
	int ret;

	ret = ec_cli_nargs(c, 1, 1);
	if (ret)
		return ret;
	ret = ec_read_input(c->argv[0], &data, &size);
	if (ret)
		return ec_cli_fail(c, "failed to read '%s': %s", c->argv[0],
				   strerror(-ret));
	if (c->verbose)
		ec_cli_warn(c, "read %zu bytes of SII data", size);
	if (!size || size % 2) {
		free(data);
		return ec_cli_fail(c,
			"invalid data size %zu; must be non-zero and even",
			size);
	}
	if (!c->force && ec_sii_check(data, size / 2, err, sizeof(err))) {
		free(data);
		return ec_cli_fail(c, "%s; use --force to write anyway", err);
	}

	ret = ec_cli_single_master(c, &index);
	if (ret)
		goto out_free;
	ret = ec_cli_open(c, &m, index, true);
	if (ret)
		goto out_free;
	ret = ec_cli_single_slave(c, &m, &s, &slave);
	if (!ret) {
		ret = ec_lib_sii_write(&m, slave->position, 0, size / 2,
				       (const uint16_t *)data);
		if (ret)
			ret = ec_cli_lib_fail(c, &m, ret);
		else if (c->verbose)
			ec_cli_warn(c, "SII writing finished");
		ec_slaves_free(&s);
	}
	ec_lib_close(&m);
out_free:
	free(data);
	return ret;
}

static int ec_write_alias(struct ec_cli *c, struct ec_lib_master *m,
			  const struct ec_ioctl_slave *slave, uint16_t alias)
{
	uint16_t words[EC_SII_ALIAS_WORDS];
	uint8_t *b = (uint8_t *)words;
	int ret;

	if (slave->sii_nwords < EC_SII_ALIAS_WORDS)
		return ec_cli_fail(c,
			"slave %u: SII contents are too small to set an alias (%u words)",
			slave->position, slave->sii_nwords);
	ret = ec_lib_sii_read(m, slave->position, 0, EC_SII_ALIAS_WORDS,
			      words);
	if (ret)
		return ec_cli_fail(c, "slave %u: failed to read SII: %s",
				   slave->position, ec_lib_error(m));
	b[2 * EC_SII_WORD_ALIAS] = alias & 0xff;
	b[2 * EC_SII_WORD_ALIAS + 1] = alias >> 8;
	b[2 * EC_SII_WORD_CHECKSUM] = ec_sii_crc(b, EC_SII_CRC_BYTES);
	ret = ec_lib_sii_write(m, slave->position, 0, EC_SII_ALIAS_WORDS,
			       words);
	if (ret)
		return ec_cli_fail(c, "slave %u: failed to write SII: %s",
				   slave->position, ec_lib_error(m));
	return 0;
}

/**
 * ec_cmd_alias() - write alias addresses into the slaves' SII
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_alias(struct ec_cli *c)
{
	unsigned long long alias;
	struct ec_lib_master m;
	struct ec_slaves s;
	unsigned int index;
	size_t k;
	int ret;

	ret = ec_cli_nargs(c, 1, 1);
	if (ret)
		return ret;
	if (ec_parse_uint(c->argv[0], 0xffff, &alias))
		return ec_cli_usage_error(c, "invalid alias '%s'",
					  c->argv[0]);
	ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, &m, index, true);
	if (ret)
		return ret;
	ret = ec_cli_slaves(c, &m, &s);
	if (ret)
		goto out_close;
	if (s.count > 1 && !c->force) {
		ret = ec_cli_fail(c,
			"this would write the alias of %zu slaves to %llu; use --force to proceed",
			s.count, alias);
		goto out_free;
	}
	if (!s.count && !c->quiet)
		ec_cli_warn(c, "warning: selection matches no slaves");
	for (k = 0; k < s.count && !ret; k++)
		ret = ec_write_alias(c, &m, &s.all[s.sel[k]], (uint16_t)alias);
out_free:
	ec_slaves_free(&s);
out_close:
	ec_lib_close(&m);
	return ret;
}
