// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_reg.c - 'reg_read', 'reg_write' and 'crc' (the ESC error counters of
 * every slave).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "commands.h"
#include "datatype.h"
#include "esc_errors.h"
#include "print.h"
#include "tool_io.h"

#define EC_REG_SPACE 0x10000	/* ESC address space, 64 KiB */
/* One request is one datagram, which carries at most 1486 bytes: larger
 * reads and writes are split into requests of this size.
 */
#define EC_REG_CHUNK 1024

/* Read or write @size bytes from @address in chunks; 0 or -errno. */
static int ec_reg_transfer(struct ec_lib_master *m, uint16_t position,
			   bool emergency, bool write, uint16_t address,
			   size_t size, uint8_t *data)
{
	size_t done, n;
	int ret = 0;

	for (done = 0; done < size && !ret; done += n) {
		n = size - done < EC_REG_CHUNK ? size - done : EC_REG_CHUNK;
		if (write)
			ret = ec_lib_reg_write(m, position, emergency,
					       (uint16_t)(address + done),
					       (uint16_t)n, data + done);
		else
			ret = ec_lib_reg_read(m, position, emergency,
					      (uint16_t)(address + done),
					      (uint16_t)n, data + done);
	}
	return ret;
}

static int ec_reg_parse_address(struct ec_cli *c, const char *s,
				uint16_t *address)
{
	unsigned long long v;

	if (ec_parse_uint(s, 0xffff, &v))
		return ec_cli_usage_error(c, "invalid address '%s'", s);
	*address = (uint16_t)v;
	return 0;
}

static int ec_reg_type(struct ec_cli *c, const struct ec_dtype **t)
{
	*t = NULL;
	if (!c->type)
		return 0;
	*t = ec_dtype_find(c->type);
	if (!*t)
		return ec_cli_usage_error(c, "invalid data type '%s'",
					  c->type);
	return 0;
}

/**
 * ec_cmd_reg_read() - output a slave's register contents
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_reg_read(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	const struct ec_dtype *t;
	unsigned long long size = 0;
	struct ec_lib_master m;
	struct ec_slaves s;
	unsigned int index;
	uint16_t address = 0;
	uint8_t *data;
	char err[160];
	int ret;

	ret = ec_cli_nargs(c, 1, 2);
	if (!ret)
		ret = ec_reg_parse_address(c, c->argv[0], &address);
	if (!ret)
		ret = ec_reg_type(c, &t);
	if (ret)
		return ret;
	if (c->argc > 1 && (ec_parse_uint(c->argv[1], EC_REG_SPACE, &size) ||
			    !size))
		return ec_cli_usage_error(c,
			"invalid size '%s': 1 to 65536 bytes", c->argv[1]);
	if (t && t->size)
		size = t->size;
	if (!size)
		return ec_cli_usage_error(c,
			"the size argument is mandatory if no data type implying a size is given");
	if (address + size > EC_REG_SPACE)
		return ec_cli_usage_error(c,
			"%llu bytes from address 0x%04x exceed the 64 KiB register space (the last byte is 0xffff)",
			size, address);

	ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, &m, index, false);
	if (ret)
		return ret;
	ret = ec_cli_single_slave(c, &m, &s, &slave);
	if (ret)
		goto out_close;
	data = calloc(1, size);
	if (!data) {
		ret = ec_cli_fail(c, "out of memory");
		goto out_free_slaves;
	}
	ret = ec_reg_transfer(&m, slave->position, false, false, address,
			      size, data);
	if (ret) {
		ret = ec_cli_lib_fail(c, &m, ret);
	} else {
		ec_out_obj_open("register");
		ec_out_uint("position", NULL, slave->position);
		ec_out_uint("address", NULL, address);
		ec_out_uint("size", NULL, size);
		ret = ec_dtype_print(t, data, size, err, sizeof(err));
		ec_out_obj_close();
		if (ret)
			ret = ec_cli_fail(c, "%s", err);
	}
	free(data);
out_free_slaves:
	ec_slaves_free(&s);
out_close:
	ec_lib_close(&m);
	return ret;
}

/**
 * ec_cmd_reg_write() - write data to a slave's registers
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_reg_write(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	unsigned long long epos;
	const struct ec_dtype *t;
	struct ec_lib_master m;
	struct ec_slaves s = { 0 };
	uint8_t *data = NULL;
	unsigned int index;
	uint16_t address = 0, position;
	char err[160];
	size_t size;
	int ret;

	ret = ec_cli_nargs(c, 2, 2);
	if (!ret)
		ret = ec_reg_parse_address(c, c->argv[0], &address);
	if (!ret)
		ret = ec_reg_type(c, &t);
	if (ret)
		return ret;
	if (c->emergency && ec_parse_uint(c->positions, 0xffff, &epos))
		return ec_cli_usage_error(c,
			"--emergency needs one absolute position with -p");

	if (!t) {
		ret = ec_read_input(c->argv[1], &data, &size);
		if (ret)
			return ec_cli_fail(c, "failed to read '%s': %s",
					   c->argv[1], strerror(-ret));
		if (c->verbose)
			ec_cli_warn(c, "read %zu bytes of data", size);
	} else {
		if (t->size && address + t->size > EC_REG_SPACE)
			return ec_cli_usage_error(c,
				"%s (%u bytes) at address 0x%04x exceeds the 64 KiB register space (the last byte is 0xffff)",
				t->name, t->size, address);
		data = malloc(EC_REG_SPACE);
		if (!data)
			return ec_cli_fail(c, "out of memory");
		ret = ec_dtype_parse(t, c->argv[1], strlen(c->argv[1]), data,
				     EC_REG_SPACE - address, &size, err,
				     sizeof(err));
		if (ret) {
			free(data);
			return ec_cli_usage_error(c,
				"invalid value '%s' for type '%s': %s",
				c->argv[1], t->name, err);
		}
	}
	if (!size || address + size > EC_REG_SPACE) {
		free(data);
		if (!size)
			return ec_cli_usage_error(c, "no data to write");
		return ec_cli_usage_error(c,
			"%zu bytes from address 0x%04x exceed the 64 KiB register space (the last byte is 0xffff)",
			size, address);
	}

	ret = ec_cli_single_master(c, &index);
	if (ret)
		goto out_free;
	ret = ec_cli_open(c, &m, index, true);
	if (ret)
		goto out_free;
	if (c->emergency) {
		position = (uint16_t)epos;
	} else {
		ret = ec_cli_single_slave(c, &m, &s, &slave);
		if (ret)
			goto out_close;
		position = slave->position;
	}
	ret = ec_reg_transfer(&m, position, c->emergency, true, address,
			      size, data);
	if (ret)
		ret = ec_cli_lib_fail(c, &m, ret);
	else if (c->verbose)
		ec_cli_warn(c, "register writing finished");
	ec_slaves_free(&s);
out_close:
	ec_lib_close(&m);
out_free:
	free(data);
	return ret;
}

static void ec_crc_print(size_t i, const struct ec_ioctl_slave *sl,
			 const uint8_t *d)
{
	int port;

	ec_out_obj_open(NULL);
	ec_out_uint("position", "%3llu|", i);
	ec_out_arr_open("ports");
	for (port = 0; port < EC_IOCTL_MAX_PORTS; port++) {
		const struct ec_ioctl_port *p = &sl->ports[port];
		uint16_t next = p->next_slave;

		ec_out_obj_open(NULL);
		ec_out_uint("port", NULL, port);
		ec_out_bool("loop_closed", NULL, p->loop_closed, NULL, NULL);
		if (p->loop_closed && !ec_out_json()) {
			ec_out_text("               |");
			ec_out_obj_close();
			continue;
		}
		ec_out_uint("crc", "%3llu",
			    ec_esc_counter(d, EC_ESC_INVALID_FRAME, port));
		ec_out_uint("phy", "%4llu",
			    ec_esc_counter(d, EC_ESC_RX_ERROR, port));
		ec_out_uint("fwd", "%4llu",
			    ec_esc_counter(d, EC_ESC_FORWARDED, port));
		ec_out_uint("lost_link", NULL,
			    ec_esc_counter(d, EC_ESC_LOST_LINK, port));
		if (next == EC_IOCTL_NO_SLAVE)
			ec_out_null("next_slave", "    ");
		else if ((size_t)next + 1 == i)
			ec_out_uint("next_slave", "   \u2191", next);
		else if (next == i + 1)
			ec_out_uint("next_slave", "   \u2193", next);
		else
			ec_out_uint("next_slave", "%4llu", next);
		ec_out_text("|");
		ec_out_obj_close();
	}
	ec_out_arr_close();
	ec_out_uint("processing_unit_errors", NULL,
		    ec_esc_counter(d, EC_ESC_PROCESSING_UNIT, 0));
	ec_out_uint("pdi_errors", NULL, ec_esc_counter(d, EC_ESC_PDI, 0));
	ec_out_text("%.11s\n", sl->name);
	ec_out_str("name", NULL, sl->name);
	ec_out_obj_close();
}

/**
 * ec_cmd_crc() - show (or reset) the ESC error counters of every slave
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_crc(struct ec_cli *c)
{
	uint8_t d[EC_ESC_ERRORS_SIZE];
	struct ec_lib_master m;
	struct ec_slaves s;
	unsigned int index;
	bool reset = false;
	int ret, port;
	size_t i;

	ret = ec_cli_nargs(c, 0, 1);
	if (ret)
		return ret;
	if (c->argc) {
		if (strcasecmp(c->argv[0], "reset"))
			return ec_cli_usage_error(c,
				"takes either no or the 'reset' argument");
		reset = true;
	}
	ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, &m, index, reset);
	if (ret)
		return ret;
	ret = ec_cli_slaves(c, &m, &s);
	if (ret)
		goto out_close;

	if (reset) {
		for (i = 0; i < s.n && !ret; i++) {
			ret = ec_esc_errors_reset(&m, i);
			if (ret)
				ret = ec_cli_lib_fail(c, &m, ret);
		}
		goto out_free;
	}

	ec_out_text("   |");
	for (port = 0; port < EC_IOCTL_MAX_PORTS; port++)
		ec_out_text("Port %d         |", port);
	ec_out_text("\n   |");
	for (port = 0; port < EC_IOCTL_MAX_PORTS; port++)
		ec_out_text("CRC PHY FWD NXT|");
	ec_out_text("\n");
	ec_out_arr_open("slaves");
	for (i = 0; i < s.n && !ret; i++) {
		ret = ec_esc_errors_read(&m, i, d);
		if (ret)
			ret = ec_cli_lib_fail(c, &m, ret);
		else
			ec_crc_print(i, &s.all[i], d);
	}
	ec_out_arr_close();
out_free:
	ec_slaves_free(&s);
out_close:
	ec_lib_close(&m);
	return ret;
}
