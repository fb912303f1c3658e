// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - ethercat-mbg, the mailbox gateway (ETG.8200) of one master:
 * a UDP service that passes each client's mailbox message to the slave
 * with that station address, through the slave's one request queue (the
 * raw mailbox exchange, EC_IOCTL_SLAVE_MBOX_RAW), and sends the slave's
 * reply back; address 0 is the master's own dictionary (mbg_od.c).
 *
 * Off unless started with a bind address and an allow list; binds that
 * one address; serves the clients of the allow list one request at a
 * time in arrival order, each within its rate; drops, counts and logs
 * (rate-limited) every datagram that is malformed, not allowed, over the
 * rate or for an unknown address.  Its counters go to a status file that
 * "ethercat master" shows.  doc/GATEWAY.md, ethercat-mbg(8).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ec_lib.h"
#include "coe.h"
#include "mbg_daemon.h"
#include "mbg_od.h"
#include "mbg_proto.h"

static volatile sig_atomic_t mbg_stop;

static void mbg_on_signal(int sig)
{
	(void)sig;
	mbg_stop = 1;
}

static uint64_t mbg_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* At most 5 log lines a second; the rest is counted and summed up. */
static void mbg_log(struct mbg *g, const char *fmt, ...)
{
	uint64_t now = mbg_now_ms();
	va_list ap;

	if (now - g->log_window_ms >= 1000) {
		if (g->log_suppressed)
			fprintf(stderr, "ethercat-mbg: %u messages suppressed\n",
				g->log_suppressed);
		g->log_window_ms = now;
		g->log_lines = 0;
		g->log_suppressed = 0;
	}
	if (g->log_lines >= 5) {
		g->log_suppressed++;
		return;
	}
	g->log_lines++;
	fputs("ethercat-mbg: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Read the slaves and configs; rebuild the dictionary of address 0. */
static int mbg_refresh(struct mbg *g)
{
	struct mbg_od_master om = { .name = "EtherCAT master",
				    .version = EC_VERSION };
	struct ec_ioctl_master info;
	struct mbg_od_slave *sl = NULL, *cf = NULL;
	uint32_t i;
	int ret;

	ret = ec_lib_master(&g->m, &info);
	if (ret)
		return ret;
	if (info.slave_count > MBG_OD_MAX || info.config_count > MBG_OD_MAX)
		return -E2BIG;
	sl = calloc(info.slave_count + 1, sizeof(*sl));
	cf = calloc(info.config_count + 1, sizeof(*cf));
	if (!sl || !cf) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < info.slave_count; i++) {
		struct ec_ioctl_slave s;
		unsigned int p;

		ret = ec_lib_slave(&g->m, (uint16_t)i, &s);
		if (ret)
			goto out;
		mbg_slave_to_od(&s, &sl[i]);
		for (p = 0; p < EC_IOCTL_MAX_PORTS; p++)
			if (s.ports[p].link_up)
				sl[i].link |= (uint8_t)(1u << p);
	}
	for (i = 0; i < info.config_count; i++) {
		struct ec_ioctl_config c;

		ret = ec_lib_config(&g->m, i, &c);
		if (ret)
			goto out;
		cf[i].vendor = c.vendor_id;
		cf[i].product = c.product_code;
		snprintf(cf[i].name, sizeof(cf[i].name), "%u:%u", c.alias,
			 c.position);
		if (c.slave_position < info.slave_count) {
			struct mbg_od_slave *a = &sl[c.slave_position];

			cf[i].station = a->station;
			cf[i].revision = a->revision;
			cf[i].serial = a->serial;
			cf[i].mbox_out = a->mbox_out;
			cf[i].mbox_in = a->mbox_in;
			cf[i].mbox_protocols = a->mbox_protocols;
			memcpy(cf[i].order, a->order, sizeof(cf[i].order));
		}
	}
	om.slaves = sl;
	om.nslaves = info.slave_count;
	om.configs = cf;
	om.nconfigs = info.config_count;
	ret = mbg_server_set_od(g, mbg_od_build(&om));
	if (!ret) {
		free(g->slaves);
		g->slaves = sl;
		g->nslaves = info.slave_count;
		sl = NULL;
		g->refreshed_ms = mbg_now_ms();
	}
out:
	free(sl);
	free(cf);
	return ret;
}

/* The ring position of a station address, -1 if none has it. */
static int mbg_position(struct mbg *g, uint16_t station)
{
	size_t i;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < g->nslaves; i++)
			if (g->slaves[i].station == station)
				return (int)i;
		/* A rescan may have changed the ring: read it again once. */
		if (pass || mbg_now_ms() - g->refreshed_ms < 1000 ||
		    mbg_refresh(g))
			break;
	}
	return -1;
}

static void mbg_reply(struct mbg *g, const struct sockaddr_in *to,
		      const uint8_t *d, size_t n)
{
	if (sendto(g->sock, d, n, 0, (const struct sockaddr *)to,
		   sizeof(*to)) < 0)
		mbg_log(g, "reply to %s: %s", inet_ntoa(to->sin_addr),
			strerror(errno));
	else
		g->st.replies++;
}

/* Forward @msg to the slave at @pos; each message of the reply goes back. */
static void mbg_forward(struct mbg *g, const struct sockaddr_in *from,
			const struct mbg_msg *msg, int pos)
{
	struct ec_ioctl_slave_mbox_raw io;
	struct mbg_od_slave *s = &g->slaves[pos];
	uint8_t out[MBG_DGRAM_MAX];
	size_t off, n, len;
	int ret;

	memset(&io, 0, sizeof(io));
	io.slave_position = (uint16_t)pos;
	io.timeout_ms = g->timeout_ms;
	io.size = (uint32_t)msg->size;
	io.data = (uintptr_t)msg->msg;
	io.reply = (uintptr_t)g->reply;
	io.reply_buffer_size = sizeof(g->reply);
	if (mbg_foe_last_ack(s, msg))
		io.flags = EC_IOCTL_MBOX_RAW_NO_REPLY;
	ret = ec_lib_mbox_raw(&g->m, &io);
	if (ret) {
		g->st.failed++;
		mbg_log(g, "slave %d (station %u): exchange failed: %s", pos,
			msg->address, ec_lib_error(&g->m));
		return;
	}
	for (off = 0; off + MBG_MBOX_HDR <= io.reply_size; off += len) {
		len = MBG_MBOX_HDR + (g->reply[off] | g->reply[off + 1] << 8);
		if (len > io.reply_size - off)
			break;
		mbg_foe_note_reply(s, g->reply + off, len);
		n = mbg_frame_msg(out, sizeof(out), g->reply + off, len,
				  msg->address);
		if (!n) {
			g->st.failed++;
			mbg_log(g, "slave %d: a reply of %zu bytes does not fit a datagram",
				pos, len);
			continue;
		}
		mbg_reply(g, from, out, n);
	}
}

/* An SDO upload or download segment request (ETG.1000.6 table 39). */
static bool mbg_coe_segment(const struct mbg_msg *msg)
{
	uint8_t ccs;

	if (msg->type != MBG_TYPE_COE || msg->data_size < MBG_COE_HDR + 1 ||
	    msg->data[1] >> 4 != MBG_COE_SDO_REQ)
		return false;
	ccs = msg->data[MBG_COE_HDR] >> 5;
	return ccs == 0 || ccs == 3;
}

static void mbg_datagram(struct mbg *g, const struct sockaddr_in *from,
			 const uint8_t *d, size_t n)
{
	struct mbg_client *cl;
	struct mbg_msg msg;
	enum mbg_bad bad;
	uint8_t out[MBG_DGRAM_MAX];
	size_t k;
	int pos = -1;

	if (!mbg_allowed(g, from->sin_addr.s_addr)) {
		g->st.denied++;
		mbg_log(g, "dropped a datagram from %s: not on the allow list",
			inet_ntoa(from->sin_addr));
		return;
	}
	cl = mbg_client(g, from->sin_addr.s_addr, mbg_now_ms());
	if (!cl) {
		g->st.busy++;
		mbg_log(g, "dropped a datagram from %s: %u clients already",
			inet_ntoa(from->sin_addr), MBG_CLIENTS);
		return;
	}
	if (!mbg_rate_take(g, cl, mbg_now_ms())) {
		g->st.rate++;
		mbg_log(g, "dropped a datagram from %s: over the rate of %u/s",
			inet_ntoa(from->sin_addr), g->rate);
		return;
	}
	bad = mbg_parse(d, n, &msg);
	if (bad == MBG_OK && msg.address &&
	    (pos = mbg_position(g, msg.address)) < 0)
		bad = MBG_ADDRESS;
	if (bad != MBG_OK) {
		g->st.bad[bad]++;
		mbg_log(g, "dropped a datagram of %zu bytes from %s: %s", n,
			inet_ntoa(from->sin_addr), mbg_bad_text(bad));
		return;
	}
	g->st.requests++;
	cl->requests++;
	if (msg.address) {
		mbg_forward(g, from, &msg, pos);
		return;
	}
	/* Fresh values, but never in the middle of a segmented transfer. */
	if (mbg_now_ms() - g->refreshed_ms >= 1000 && !mbg_coe_segment(&msg))
		mbg_refresh(g);
	for (k = mbg_server(g, &msg, out, sizeof(out)); k;
	     k = mbg_server_next(g, &msg, out, sizeof(out)))
		mbg_reply(g, from, out, k);
}

static void mbg_usage(FILE *f)
{
	fputs("Usage: ethercat-mbg --bind ADDRESS[:PORT] --allow LIST [OPTIONS]\n"
	      "The mailbox gateway (ETG.8200) of one EtherCAT master.\n"
	      "  -b, --bind ADDR[:PORT]  the one IPv4 address to listen on\n"
	      "                          (port: 0x88A4 + master index)\n"
	      "  -a, --allow LIST        client addresses, ADDR[/BITS],...\n"
	      "  -m, --master N          master index (0)\n"
	      "  -r, --rate N            requests per second per client (1000)\n"
	      "  -t, --timeout MS        time a slave has to answer (3000)\n"
	      "  -s, --status FILE       status file (/run/ethercat-mbgN.status)\n"
	      "  -h, --help\n", f);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "bind", required_argument, NULL, 'b' },
		{ "allow", required_argument, NULL, 'a' },
		{ "master", required_argument, NULL, 'm' },
		{ "rate", required_argument, NULL, 'r' },
		{ "timeout", required_argument, NULL, 't' },
		{ "status", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *bind_arg = NULL, *allow = NULL;
	struct mbg *g;
	uint8_t d[MBG_DGRAM_MAX + 1];
	int opt, ret;

	g = calloc(1, sizeof(*g));
	if (!g)
		return 1;
	mbg_defaults(g);
	while ((opt = getopt_long(argc, argv, "b:a:m:r:t:s:h", opts, NULL)) !=
	       -1) {
		switch (opt) {
		case 'b':
			bind_arg = optarg;
			break;
		case 'a':
			allow = optarg;
			break;
		case 'h':
			mbg_usage(stdout);
			return 0;
		default:
			if (opt == '?' ||
			    mbg_option(g, opt, optarg, stderr)) {
				mbg_usage(stderr);
				return 2;
			}
		}
	}
	if (!bind_arg || !allow) {
		fprintf(stderr, "ethercat-mbg: %s is required: the gateway gives full mailbox access to every slave and is off unless configured\n",
			!bind_arg ? "--bind" : "--allow");
		return 2;
	}
	if (mbg_parse_bind(g, bind_arg, stderr) ||
	    mbg_parse_allow(g, allow, stderr))
		return 2;
	ret = ec_lib_open(&g->m, g->master, true);
	if (ret) {
		fprintf(stderr, "ethercat-mbg: %s\n", ec_lib_error(&g->m));
		return 1;
	}
	ret = mbg_refresh(g);
	if (ret) {
		fprintf(stderr, "ethercat-mbg: reading the master: %s\n",
			strerror(-ret));
		return 1;
	}
	if (mbg_open_socket(g, stderr))
		return 1;
	signal(SIGTERM, mbg_on_signal);
	signal(SIGINT, mbg_on_signal);
	fprintf(stderr, "ethercat-mbg: master %u, listening on %s:%u\n",
		g->master, inet_ntoa(g->bind.sin_addr), ntohs(g->bind.sin_port));
	mbg_write_status(g);
	while (!mbg_stop) {
		struct sockaddr_in from;
		socklen_t fl = sizeof(from);
		ssize_t n = recvfrom(g->sock, d, sizeof(d), 0,
				     (struct sockaddr *)&from, &fl);

		if (n < 0) {
			if (errno != EINTR && errno != EAGAIN)
				mbg_log(g, "receive: %s", strerror(errno));
		} else if (fl == sizeof(from) && from.sin_family == AF_INET) {
			mbg_datagram(g, &from, d, (size_t)n);
		}
		mbg_write_status(g);
	}
	unlink(g->status_path);
	close(g->sock);
	ec_lib_close(&g->m);
	return 0;
}
