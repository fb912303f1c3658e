// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_soe.c - 'soe_read' and 'soe_write': one IDN of a SERCOS-profile
 * drive over SoE.  IDNs as "S-0-0011", "P-0-0001" or numbers, the drive
 * with -y.  With -t the value is parsed or printed as that data type (the
 * element's bytes as they travel); without it the drive's attribute of
 * the IDN says how (length, signed/unsigned/hex/text/IDN, lists).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "datatype.h"
#include "mailbox/mbox_text.h"
#include "print.h"
#include "cmd_gateway.h"

#define EC_SOE_ATTR_ELEMENT 0x04
#define EC_SOE_VALUE_ELEMENT 0x40	/* ETG.1000.6 table 65: the value */
#define EC_SOE_LIST_HEADER 4	/* current and maximum length, bytes */
#define EC_SOE_BUFFER 4096

/* The attribute's data length (bits 16-18) and display format (20-22). */
struct ec_soe_format {
	unsigned int width;	/* fixed: 2, 4, 8; variable: element size */
	bool variable;
	unsigned int display;	/* 0 bin, 1 unsigned, 2 signed, 3 hex, 4 text,
				 * 5 IDN, 6 float */
};

static int ec_soe_decode_attribute(uint32_t attr, struct ec_soe_format *f)
{
	static const unsigned int widths[8] = { 0, 2, 4, 8, 1, 2, 4, 8 };
	unsigned int code = (attr >> 16) & 7;

	if (!code)
		return -EINVAL;
	f->width = widths[code];
	f->variable = code >= 4;
	f->display = (attr >> 20) & 7;
	return 0;
}

struct ec_soe_args {
	uint8_t drive;
	uint16_t idn;
	char idn_text[EC_SOE_IDN_TEXT_SIZE];
};

static int ec_soe_parse_args(struct ec_cli *c, bool write,
			     struct ec_soe_args *a)
{
	unsigned long long v = 0;
	int ret;

	ret = write ? ec_cli_nargs(c, 2, 2) : ec_cli_nargs(c, 1, 1);
	if (ret)
		return ret;
	if (c->drive && ec_parse_uint(c->drive, 7, &v))
		return ec_cli_usage_error(c, "invalid drive number '%s' (0-7)",
					  c->drive);
	a->drive = (uint8_t)v;
	if (ec_soe_idn_parse(c->argv[0], &a->idn))
		return ec_cli_usage_error(c,
			"invalid IDN '%s' (S-x-yyyy, P-x-yyyy or a number)",
			c->argv[0]);
	ec_soe_idn_format(a->idn, a->idn_text, sizeof(a->idn_text));
	return 0;
}

/* Set while 'soe_read --gateway' runs: the transfers go through it. */
static struct ec_gw *ec_soe_gw;

static int ec_soe_fail(struct ec_cli *c, struct ec_lib_master *m, int err,
		       const struct ec_ioctl_slave_soe *io,
		       const struct ec_soe_args *a, bool write)
{
	if (io->error_code)
		return ec_cli_fail(c, "SoE %s of %s (drive %u) failed: error 0x%04x: %s",
				   write ? "write" : "read", a->idn_text,
				   a->drive, io->error_code,
				   ec_soe_error_text(io->error_code));
	if (ec_soe_gw)
		return ec_gw_cli_fail(c, ec_soe_gw);
	return ec_cli_lib_fail(c, m, err);
}

static int ec_soe_transfer(struct ec_lib_master *m, uint16_t position,
			   const struct ec_soe_args *a, uint8_t elements,
			   bool write, uint8_t *buf, size_t size,
			   struct ec_ioctl_slave_soe *io)
{
	memset(io, 0, sizeof(*io));
	if (ec_soe_gw) {	/* a read through the mailbox gateway */
		size_t got = 0;
		int ret = ec_gw_soe_read(ec_soe_gw, a->drive, a->idn,
					 elements ? elements :
					 EC_SOE_VALUE_ELEMENT, buf, size,
					 &got, &io->error_code);

		io->result_size = (uint32_t)got;
		return ret;
	}
	io->slave_position = position;
	io->drive_no = a->drive;
	io->idn = a->idn;
	io->elements = elements;
	io->data = (uintptr_t)buf;
	io->data_size = (uint32_t)size;
	return ec_lib_soe(m, write, io);
}

static int ec_soe_attribute(struct ec_cli *c, struct ec_lib_master *m,
			    uint16_t position, const struct ec_soe_args *a,
			    struct ec_soe_format *f)
{
	struct ec_ioctl_slave_soe io;
	uint8_t buf[4];
	int ret;

	ret = ec_soe_transfer(m, position, a, EC_SOE_ATTR_ELEMENT, false, buf,
			      sizeof(buf), &io);
	if (ret)
		return ec_soe_fail(c, m, ret, &io, a, false);
	if (io.result_size != 4 ||
	    ec_soe_decode_attribute((uint32_t)buf[0] | (uint32_t)buf[1] << 8 |
				    (uint32_t)buf[2] << 16 |
				    (uint32_t)buf[3] << 24, f))
		return ec_cli_fail(c, "%s: the drive's attribute is unusable; please specify --type",
				   a->idn_text);
	return 0;
}

static uint64_t ec_soe_le(const uint8_t *p, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* One number of @f's format into @out. */
static void ec_soe_format_one(const struct ec_soe_format *f, const uint8_t *p,
			      unsigned int n, char *out, size_t size)
{
	uint64_t v = ec_soe_le(p, n);
	unsigned int shift = 64 - 8 * n;
	float fl;

	switch (f->display) {
	case 1:
		snprintf(out, size, "%llu", (unsigned long long)v);
		break;
	case 2:
		snprintf(out, size, "%lld",
			 (long long)((int64_t)(v << shift) >> shift));
		break;
	case 5:
		ec_soe_idn_format((uint16_t)v, out, size);
		break;
	case 6:
		if (n == 4) {
			uint32_t u = (uint32_t)v;

			memcpy(&fl, &u, sizeof(fl));
			snprintf(out, size, "%g", fl);
			break;
		}
		/* fall through */
	default:
		snprintf(out, size, "0x%0*llx", (int)(2 * n),
			 (unsigned long long)v);
		break;
	}
}

static int ec_soe_format_value(const struct ec_soe_format *f,
			       const uint8_t *p, size_t n, char *out,
			       size_t size)
{
	size_t len, i, used = 0;

	if (!f->variable) {
		if (n != f->width)
			return -EPROTO;
		ec_soe_format_one(f, p, f->width, out, size);
		return 0;
	}
	if (n < EC_SOE_LIST_HEADER)
		return -EPROTO;
	len = (size_t)p[0] | (size_t)p[1] << 8;
	if (len > n - EC_SOE_LIST_HEADER)
		return -EPROTO;
	p += EC_SOE_LIST_HEADER;
	out[0] = '\0';
	if (f->display == 4) {
		snprintf(out, size, "%.*s", (int)len, (const char *)p);
		return 0;
	}
	for (i = 0; i + f->width <= len && used + 24 < size; i += f->width) {
		if (used)
			out[used++] = ' ';
		ec_soe_format_one(f, p + i, f->width, out + used, size - used);
		used += strlen(out + used);
	}
	return 0;
}

/* Parse one number token of @f's format into @p. */
static int ec_soe_parse_one(const struct ec_soe_format *f, const char *tok,
			    uint8_t *p)
{
	unsigned long long u;
	long long s;
	uint16_t idn;
	unsigned int i;
	char *end;

	if (f->display == 5) {
		if (ec_soe_idn_parse(tok, &idn))
			return -EINVAL;
		u = idn;
	} else if (f->display == 2) {
		errno = 0;
		s = strtoll(tok, &end, 0);
		if (errno || *end || end == tok)
			return -EINVAL;
		if (f->width < 8 && (s < -(1ll << (8 * f->width - 1)) ||
				     s >= 1ll << (8 * f->width - 1)))
			return -ERANGE;
		u = (unsigned long long)s;
	} else {
		if (ec_parse_uint(tok, f->width < 8 ?
				  (1ull << (8 * f->width)) - 1 : ~0ull, &u))
			return -EINVAL;
	}
	for (i = 0; i < f->width; i++)
		p[i] = (uint8_t)(u >> (8 * i));
	return 0;
}

static int ec_soe_parse_value(const struct ec_soe_format *f, const char *text,
			      uint8_t *buf, size_t size, size_t *len)
{
	char *copy, *tok, *save;
	size_t n = EC_SOE_LIST_HEADER;
	int ret = 0;

	if (!f->variable) {
		*len = f->width;
		return ec_soe_parse_one(f, text, buf);
	}
	if (f->display == 4) {
		n += strlen(text);
		if (n > size)
			return -ENOSPC;
		memcpy(buf + EC_SOE_LIST_HEADER, text, strlen(text));
	} else {
		copy = strdup(text);
		if (!copy)
			return -ENOMEM;
		for (tok = strtok_r(copy, " ,", &save); tok && !ret;
		     tok = strtok_r(NULL, " ,", &save)) {
			if (n + f->width > size)
				ret = -ENOSPC;
			else
				ret = ec_soe_parse_one(f, tok, buf + n);
			n += f->width;
		}
		free(copy);
		if (ret)
			return ret;
	}
	/* Current and maximum length: the drive checks the maximum. */
	buf[0] = (uint8_t)(n - EC_SOE_LIST_HEADER);
	buf[1] = (uint8_t)((n - EC_SOE_LIST_HEADER) >> 8);
	buf[2] = buf[0];
	buf[3] = buf[1];
	*len = n;
	return 0;
}

/* 'soe_read --gateway': the same reads and output through the gateway. */
static int ec_gw_soe_cmd_read(struct ec_cli *c, const struct ec_soe_args *a,
			      const struct ec_dtype *t)
{
	static uint8_t buf[EC_SOE_BUFFER];
	char text[EC_SOE_BUFFER * 3], err[160];
	struct ec_ioctl_slave_soe io;
	struct ec_soe_format f;
	struct ec_gw g;
	int ret;

	ret = ec_gw_cli_open(c, &g);
	if (ret)
		return ret;
	ec_soe_gw = &g;
	if (!t) {
		ret = ec_soe_attribute(c, NULL, 0, a, &f);
		if (ret)
			goto out;
	}
	ret = ec_soe_transfer(NULL, 0, a, 0, false, buf, sizeof(buf), &io);
	if (ret) {
		ret = ec_soe_fail(c, NULL, ret, &io, a, false);
		goto out;
	}
	ec_out_obj_open("soe");
	ec_out_uint("position", NULL, strtoul(c->positions, NULL, 0));
	ec_out_uint("drive", NULL, a->drive);
	ec_out_str("idn", NULL, a->idn_text);
	if (t) {
		ret = ec_dtype_print(t, buf, io.result_size, err, sizeof(err));
		if (ret)
			ret = ec_cli_fail(c, "%s", err);
	} else if (ec_soe_format_value(&f, buf, io.result_size, text,
				       sizeof(text))) {
		ret = ec_cli_fail(c, "%s: %u bytes do not match the drive's attribute",
				  a->idn_text, io.result_size);
	} else {
		ec_out_str("value", "%s\n", text);
	}
	ec_out_obj_close();
out:
	ec_soe_gw = NULL;
	ec_gw_close(&g);
	return ret;
}

/**
 * ec_cmd_soe_read() - read an IDN from a drive
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_soe_read(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	const struct ec_dtype *t = NULL;
	struct ec_ioctl_slave_soe io;
	struct ec_soe_format f;
	struct ec_lib_master m;
	struct ec_soe_args a;
	struct ec_slaves s;
	static uint8_t buf[EC_SOE_BUFFER];
	char text[EC_SOE_BUFFER * 3], err[160];
	int ret;

	ret = ec_soe_parse_args(c, false, &a);
	if (ret)
		return ret;
	if (c->type) {
		t = ec_dtype_find(c->type);
		if (!t)
			return ec_cli_usage_error(c, "invalid data type '%s'",
						  c->type);
	}
	if (c->gateway)
		return ec_gw_soe_cmd_read(c, &a, t);
	ret = ec_cli_open_slave(c, &m, &s, &slave);
	if (ret)
		return ret;
	if (!t) {
		ret = ec_soe_attribute(c, &m, slave->position, &a, &f);
		if (ret)
			goto out;
	}
	ret = ec_soe_transfer(&m, slave->position, &a, 0, false, buf,
			      sizeof(buf), &io);
	if (ret) {
		ret = ec_soe_fail(c, &m, ret, &io, &a, false);
		goto out;
	}
	ec_out_obj_open("soe");
	ec_out_uint("position", NULL, slave->position);
	ec_out_uint("drive", NULL, a.drive);
	ec_out_str("idn", NULL, a.idn_text);
	if (t) {
		ret = ec_dtype_print(t, buf, io.result_size, err, sizeof(err));
		if (ret)
			ret = ec_cli_fail(c, "%s", err);
	} else if (ec_soe_format_value(&f, buf, io.result_size, text,
				       sizeof(text))) {
		ret = ec_cli_fail(c, "%s: %u bytes do not match the drive's attribute",
				  a.idn_text, io.result_size);
	} else {
		ec_out_str("value", "%s\n", text);
	}
	ec_out_obj_close();
out:
	ec_slaves_free(&s);
	ec_lib_close(&m);
	return ret;
}

/**
 * ec_cmd_soe_write() - write an IDN of a drive
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_soe_write(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	const struct ec_dtype *t = NULL;
	struct ec_ioctl_slave_soe io;
	struct ec_soe_format f;
	struct ec_lib_master m;
	struct ec_soe_args a;
	struct ec_slaves s;
	static uint8_t buf[EC_SOE_BUFFER];
	char err[160];
	size_t len;
	int ret;

	ret = ec_soe_parse_args(c, true, &a);
	if (ret)
		return ret;
	if (c->type) {
		t = ec_dtype_find(c->type);
		if (!t)
			return ec_cli_usage_error(c, "invalid data type '%s'",
						  c->type);
		ret = ec_dtype_parse(t, c->argv[1], strlen(c->argv[1]), buf,
				     sizeof(buf), &len, err, sizeof(err));
		if (ret)
			return ec_cli_usage_error(c,
				"invalid value for type '%s': %s", t->name,
				err);
	}
	ret = ec_cli_open_slave(c, &m, &s, &slave);
	if (ret)
		return ret;
	if (!t) {
		ret = ec_soe_attribute(c, &m, slave->position, &a, &f);
		if (ret)
			goto out;
		ret = ec_soe_parse_value(&f, c->argv[1], buf, sizeof(buf),
					 &len);
		if (ret) {
			ret = ec_cli_usage_error(c, "invalid value '%s' for %s",
						 c->argv[1], a.idn_text);
			goto out;
		}
	}
	ret = ec_soe_transfer(&m, slave->position, &a, 0, true, buf, len,
			      &io);
	if (ret)
		ret = ec_soe_fail(c, &m, ret, &io, &a, true);
out:
	ec_slaves_free(&s);
	ec_lib_close(&m);
	return ret;
}
