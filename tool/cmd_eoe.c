// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_eoe.c - 'eoe' (the master's EoE interfaces with their state,
 * counters, rates and transmit queue) and 'ip' (EoE set IP parameters on
 * one slave, IgH's argument pairs: addr A.B.C.D[/prefix], link MAC,
 * default A.B.C.D, dns A.B.C.D, name HOST).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "commands.h"
#include "print.h"

/**
 * ec_cmd_eoe() - list the EoE interfaces
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_eoe(struct ec_cli *c)
{
	struct ec_ioctl_eoe_handler h;
	struct ec_lib_master m;
	unsigned int index;
	uint32_t i;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (!ret)
		ret = ec_cli_single_master(c, &index);
	if (!ret)
		ret = ec_cli_open(c, &m, index, false);
	if (ret)
		return ret;
	ec_out_arr_open("interfaces");
	if (!ec_out_json())
		ec_out_text("Interface  Slave  State  Link  RxFrames  TxFrames  RxRate  TxRate  TxQueue  RxDropped\n");
	for (i = 0;; i++) {
		ret = ec_lib_eoe_handler(&m, i, &h);
		if (ret == -ENOENT) {
			ret = 0;
			break;
		}
		if (ret) {
			ret = ec_cli_lib_fail(c, &m, ret);
			break;
		}
		ec_out_obj_open(NULL);
		ec_out_str("interface", "%-10s", h.name);
		if (h.attached)
			ec_out_uint("slave", " %5llu", h.slave_position);
		else
			ec_out_null("slave", "     -");
		ec_out_bool("up", "  %-5s", h.open, "up", "down");
		ec_out_bool("carrier", "  %-4s", h.carrier, "yes", "no");
		ec_out_uint("rx_frames", "  %8llu", h.rx_frames);
		ec_out_uint("tx_frames", "  %8llu", h.tx_frames);
		ec_out_uint("rx_rate", "  %6llu", h.rx_rate);
		ec_out_uint("tx_rate", "  %6llu", h.tx_rate);
		if (!ec_out_json())
			ec_out_text("  %3u/%-3u", h.tx_queued, h.tx_queue_size);
		ec_out_uint("tx_queued", NULL, h.tx_queued);
		ec_out_uint("tx_queue_size", NULL, h.tx_queue_size);
		ec_out_uint("rx_dropped", "  %9llu\n", h.rx_dropped);
		ec_out_uint("rx_bytes", NULL, h.rx_bytes);
		ec_out_uint("tx_bytes", NULL, h.tx_bytes);
		ec_out_uint("rx_errors", NULL, h.rx_errors);
		ec_out_uint("tx_errors", NULL, h.tx_errors);
		ec_out_obj_close();
	}
	ec_out_arr_close();
	ec_lib_close(&m);
	return ret;
}

static int ec_ip_addr(struct ec_cli *c, const char *what, const char *s,
		      uint32_t *out)
{
	struct in_addr a;

	if (inet_pton(AF_INET, s, &a) != 1)
		return ec_cli_usage_error(c, "invalid %s '%s' (want A.B.C.D)",
					  what, s);
	*out = ntohl(a.s_addr);
	return 0;
}

/* addr A.B.C.D[/prefix] */
static int ec_ip_prefix(struct ec_cli *c, const char *s,
			struct ec_ioctl_eoe_ip *io)
{
	char buf[32];
	unsigned long long len;
	char *slash;
	int ret;

	if (strlen(s) >= sizeof(buf))
		return ec_cli_usage_error(c, "invalid address '%s'", s);
	strcpy(buf, s);
	slash = strchr(buf, '/');
	if (slash) {
		*slash = '\0';
		if (ec_parse_uint(slash + 1, 32, &len))
			return ec_cli_usage_error(c,
				"invalid prefix '%s' (0 to 32)", slash + 1);
		io->subnet = len ? 0xffffffffu << (32 - len) : 0;
		io->flags |= EC_IOCTL_EOE_SUBNET;
	}
	ret = ec_ip_addr(c, "address", buf, &io->ip);
	if (!ret)
		io->flags |= EC_IOCTL_EOE_IP;
	return ret;
}

static int ec_hex_digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* link MAC: six hex bytes, separated by ':' or '-' */
static int ec_ip_mac(struct ec_cli *c, const char *s, uint8_t *mac)
{
	const char *p = s;
	int i, hi, lo;

	for (i = 0; i < 6; i++) {
		hi = ec_hex_digit(p[0]);
		lo = hi < 0 ? -1 : ec_hex_digit(p[1]);
		if (lo < 0)
			goto bad;
		mac[i] = (uint8_t)(hi << 4 | lo);
		p += 2;
		if (i < 5 && *p != ':' && *p != '-')
			goto bad;
		if (i < 5)
			p++;
	}
	if (!*p)
		return 0;
bad:
	return ec_cli_usage_error(c,
		"invalid MAC address '%s' (want xx:xx:xx:xx:xx:xx)", s);
}

static int ec_ip_args(struct ec_cli *c, struct ec_ioctl_eoe_ip *io)
{
	int i, ret = 0;

	memset(io, 0, sizeof(*io));
	if (!c->argc)
		return ec_cli_usage_error(c,
			"no IP parameters given (addr, link, default, dns, name)");
	if (c->argc % 2)
		return ec_cli_usage_error(c,
			"'ip' needs pairs of arguments: '%s' has no value",
			c->argv[c->argc - 1]);
	for (i = 0; i < c->argc && !ret; i += 2) {
		const char *k = c->argv[i], *v = c->argv[i + 1];

		if (!strcasecmp(k, "addr")) {
			ret = ec_ip_prefix(c, v, io);
		} else if (!strcasecmp(k, "link")) {
			ret = ec_ip_mac(c, v, io->mac);
			io->flags |= EC_IOCTL_EOE_MAC;
		} else if (!strcasecmp(k, "default")) {
			ret = ec_ip_addr(c, "gateway", v, &io->gateway);
			io->flags |= EC_IOCTL_EOE_GATEWAY;
		} else if (!strcasecmp(k, "dns")) {
			ret = ec_ip_addr(c, "DNS server", v, &io->dns);
			io->flags |= EC_IOCTL_EOE_DNS;
		} else if (!strcasecmp(k, "name")) {
			if (!*v || strlen(v) > 32)
				return ec_cli_usage_error(c,
					"invalid host name '%s' (1 to 32 characters)",
					v);
			memcpy(io->name, v, strlen(v));
			io->flags |= EC_IOCTL_EOE_NAME;
		} else {
			return ec_cli_usage_error(c,
				"unknown argument '%s' (addr, link, default, dns, name)",
				k);
		}
	}
	return ret;
}

/**
 * ec_cmd_ip() - set the EoE IP parameters of one slave
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_ip(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	struct ec_ioctl_eoe_ip io;
	struct ec_lib_master m;
	struct ec_slaves s;
	int ret;

	ret = ec_ip_args(c, &io);
	if (!ret)
		ret = ec_cli_open_slave(c, &m, &s, &slave);
	if (ret)
		return ret;
	io.slave_position = slave->position;
	ret = ec_lib_eoe_ip(&m, &io);
	if (ret == -EPROTONOSUPPORT)
		ret = ec_cli_fail(c, "slave %u does not support EoE",
				  slave->position);
	else if (ret == -EREMOTEIO)
		ret = ec_cli_fail(c, "slave %u refused the IP parameters",
				  slave->position);
	else if (ret)
		ret = ec_cli_lib_fail(c, &m, ret);
	ec_slaves_free(&s);
	ec_lib_close(&m);
	return ret;
}
