// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_foe.c - 'foe_read' and 'foe_write': one file over FoE, as IgH's
 * tool does it (-o names the local target of a read, the slave's file of
 * a write), plus --password (the FoE request's 32-bit password).
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "mailbox/mbox_text.h"
#include "print.h"
#include "tool_io.h"
#include "cmd_gateway.h"

static int ec_foe_args(struct ec_cli *c, struct ec_ioctl_slave_foe *io)
{
	unsigned long long v = 0;
	int ret;

	ret = ec_cli_nargs(c, 1, 1);
	if (ret)
		return ret;
	memset(io, 0, sizeof(*io));
	if (c->password && ec_parse_uint(c->password, 0xffffffff, &v))
		return ec_cli_usage_error(c, "invalid password '%s'",
					  c->password);
	io->password = (uint32_t)v;
	return 0;
}

static int ec_foe_set_name(struct ec_cli *c, struct ec_ioctl_slave_foe *io,
			   const char *name)
{
	if (!*name || strlen(name) >= sizeof(io->file_name))
		return ec_cli_usage_error(c,
			"invalid file name '%s' (1 to %zu bytes)", name,
			sizeof(io->file_name) - 1);
	memcpy(io->file_name, name, strlen(name) + 1);
	return 0;
}

static int ec_foe_fail(struct ec_cli *c, struct ec_lib_master *m, int err,
		       const struct ec_ioctl_slave_foe *io, bool write)
{
	if (io->foe_error)
		return ec_cli_fail(c, "FoE %s of '%s' failed: error 0x%08x: %s%s%s",
				   write ? "write" : "read", io->file_name,
				   io->foe_error,
				   ec_foe_error_text(io->foe_error),
				   io->error_text[0] ? ": " : "",
				   io->error_text);
	if (err == -EOVERFLOW)
		return ec_cli_fail(c, "FoE read of '%s' failed: the file is larger than %u bytes",
				   io->file_name, io->buffer_size);
	return ec_cli_lib_fail(c, m, err);
}

/**
 * ec_gw_cmd_foe_read() - 'foe_read' through a mailbox gateway
 * @c: parsed command line (--gateway)
 *
 * Return: exit code.
 */
int ec_gw_cmd_foe_read(struct ec_cli *c)
{
	struct ec_ioctl_slave_foe io;
	struct ec_gw g;
	uint8_t *buf;
	size_t got;
	FILE *out;
	int ret;

	ret = ec_foe_args(c, &io);
	if (!ret)
		ret = ec_foe_set_name(c, &io, c->argv[0]);
	if (!ret)
		ret = ec_gw_cli_open(c, &g);
	if (ret)
		return ret;
	buf = malloc(EC_IOCTL_FOE_MAX_SIZE);
	if (!buf) {
		ret = ec_cli_fail(c, "out of memory");
		goto out_close;
	}
	if (ec_gw_foe_read(&g, io.file_name, io.password, buf,
			   EC_IOCTL_FOE_MAX_SIZE, &got)) {
		ret = g.foe_error ?
			ec_cli_fail(c, "FoE read of '%s' failed: error 0x%08x: %s",
				    io.file_name, g.foe_error,
				    ec_foe_error_text(g.foe_error)) :
			ec_gw_cli_fail(c, &g);
		goto out_free;
	}
	out = stdout;
	if (c->output_file && strcmp(c->output_file, "-")) {
		out = fopen(c->output_file, "wb");
		if (!out) {
			ret = ec_cli_fail(c, "failed to open '%s': %s",
					  c->output_file, strerror(errno));
			goto out_free;
		}
	}
	if (fwrite(buf, 1, got, out) != got || fflush(out))
		ret = ec_cli_fail(c, "write error: %s", strerror(errno));
	if (out != stdout && fclose(out) && !ret)
		ret = ec_cli_fail(c, "write error: %s", strerror(errno));
	if (!ret && c->verbose)
		fprintf(c->err, "FoE read of '%s': %zu bytes\n", io.file_name,
			got);
out_free:
	free(buf);
out_close:
	ec_gw_close(&g);
	return ret;
}

/**
 * ec_cmd_foe_read() - read a file from a slave
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_foe_read(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	struct ec_ioctl_slave_foe io;
	struct ec_lib_master m;
	struct ec_slaves s;
	uint8_t *buf;
	FILE *out;
	int ret;

	if (c->gateway)
		return ec_gw_cmd_foe_read(c);
	ret = ec_foe_args(c, &io);
	if (!ret)
		ret = ec_foe_set_name(c, &io, c->argv[0]);
	if (!ret)
		ret = ec_cli_open_slave(c, &m, &s, &slave);
	if (ret)
		return ret;
	buf = malloc(EC_IOCTL_FOE_MAX_SIZE);
	if (!buf) {
		ret = ec_cli_fail(c, "out of memory");
		goto out_close;
	}
	io.slave_position = slave->position;
	io.buffer = (uintptr_t)buf;
	io.buffer_size = EC_IOCTL_FOE_MAX_SIZE;
	ret = ec_lib_foe(&m, false, &io);
	if (ret) {
		ret = ec_foe_fail(c, &m, ret, &io, false);
		goto out_free;
	}
	if (!c->output_file || !strcmp(c->output_file, "-")) {
		out = stdout;
	} else {
		out = fopen(c->output_file, "wb");
		if (!out) {
			ret = ec_cli_fail(c, "failed to open '%s': %s",
					  c->output_file, strerror(errno));
			goto out_free;
		}
	}
	if (fwrite(buf, 1, io.result_size, out) != io.result_size ||
	    fflush(out))
		ret = ec_cli_fail(c, "write error: %s", strerror(errno));
	if (out != stdout && fclose(out) && !ret)
		ret = ec_cli_fail(c, "write error: %s", strerror(errno));
	if (!ret && c->verbose)
		fprintf(c->err, "FoE read of '%s': %u bytes\n", io.file_name,
			io.result_size);
out_free:
	free(buf);
out_close:
	ec_slaves_free(&s);
	ec_lib_close(&m);
	return ret;
}

/**
 * ec_cmd_foe_write() - write a file to a slave
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_foe_write(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	struct ec_ioctl_slave_foe io;
	struct ec_lib_master m;
	struct ec_slaves s;
	uint8_t *data = NULL;
	char *copy, *name;
	size_t size;
	int ret;

	ret = ec_foe_args(c, &io);
	if (ret)
		return ret;
	if (!strcmp(c->argv[0], "-") && !c->output_file)
		return ec_cli_usage_error(c,
			"please specify a target file name with --output-file when reading from stdin");
	copy = strdup(c->argv[0]);
	if (!copy)
		return ec_cli_fail(c, "out of memory");
	name = c->output_file ? (char *)c->output_file : basename(copy);
	ret = ec_foe_set_name(c, &io, name);
	free(copy);
	if (ret)
		return ret;
	ret = ec_read_input(c->argv[0], &data, &size);
	if (ret == -EFBIG || (!ret && size > EC_IOCTL_FOE_MAX_SIZE))
		return ec_cli_fail(c, "'%s' is larger than %u bytes",
				   c->argv[0], EC_IOCTL_FOE_MAX_SIZE);
	if (ret)
		return ec_cli_fail(c, "failed to read '%s': %s", c->argv[0],
				   strerror(-ret));
	ret = ec_cli_open_slave(c, &m, &s, &slave);
	if (ret)
		goto out_free;
	io.slave_position = slave->position;
	io.buffer = (uintptr_t)data;
	io.buffer_size = (uint32_t)size;
	ret = ec_lib_foe(&m, true, &io);
	if (ret)
		ret = ec_foe_fail(c, &m, ret, &io, true);
	else if (c->verbose)
		fprintf(c->err, "FoE write of '%s': %zu bytes\n",
			io.file_name, size);
	ec_slaves_free(&s);
	ec_lib_close(&m);
out_free:
	free(data);
	return ret;
}
