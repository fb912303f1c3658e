// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecsim-client: a small master stand-in for tests of ethercat-sim.  It
 * sends a fixed scan over the simulator's unix datagram socket (broadcast
 * reads, station addresses, register reads, an SII read, AL requests, a
 * CoE mailbox exchange with the first CoE slave, logical commands) and
 * checks that every frame comes back.
 *
 *   ecsim-client SOCKET | udp:HOST:PORT | pkt:IFNAME
 *
 * pkt:IFNAME sends raw EtherCAT frames on a Linux interface (AF_PACKET),
 * e.g. one end of a veth pair whose other end ethercat-sim --ifname serves.
 *
 * Exit 0 when all frames were answered, 1 otherwise.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netdb.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define CMD_APRD	1
#define CMD_APWR	2
#define CMD_FPRD	4
#define CMD_FPWR	5
#define CMD_BRD		7
#define CMD_LRW		12
#define CMD_NOP		0

static int fd;
static unsigned int sent, answered;
static uint8_t reply[2048];

struct frame {
	uint8_t b[1600];
	size_t len, last;
};

static void f_init(struct frame *f)
{
	memset(f, 0, sizeof(*f));
	memset(f->b, 0xff, 6);
	memcpy(f->b + 6, "\x02\x00\x00\xec\x51\x01", 6);
	f->b[12] = 0x88;
	f->b[13] = 0xa4;
	f->len = 16;
}

static void f_add(struct frame *f, uint8_t cmd, uint16_t adp, uint16_t ado,
		  const void *data, uint16_t len)
{
	uint8_t *p = f->b + f->len;
	size_t el;

	if (f->len > 16)
		f->b[f->last + 7] |= 0x80;
	f->last = f->len;
	p[0] = cmd;
	p[1] = (uint8_t)sent;
	p[2] = adp & 0xff;
	p[3] = adp >> 8;
	p[4] = ado & 0xff;
	p[5] = ado >> 8;
	p[6] = len & 0xff;
	p[7] = len >> 8;
	if (data)
		memcpy(p + 10, data, len);
	f->len += 12 + (size_t)len;
	el = f->len - 16;
	f->b[14] = el & 0xff;
	f->b[15] = 0x10 | (uint8_t)(el >> 8);
}

/* Send, wait up to 1 s for the answer; returns its length or 0. */
static size_t xfer(struct frame *f)
{
	struct pollfd pf = { .fd = fd, .events = POLLIN };
	size_t len = f->len < 60 ? 60 : f->len;
	ssize_t n;

	sent++;
	if (send(fd, f->b, len, 0) != (ssize_t)len)
		return 0;
	if (poll(&pf, 1, 1000) != 1)
		return 0;
	n = recv(fd, reply, sizeof(reply), 0);
	if (n <= 0)
		return 0;
	answered++;
	return (size_t)n;
}

static uint16_t wkc_of(size_t off, uint16_t len)
{
	return reply[off + 10 + len] | reply[off + 11 + len] << 8;
}

/* "udp:HOST:PORT": a UDP socket connected to the simulator. */
static int open_udp(const char *spec)
{
	struct addrinfo hints = { .ai_socktype = SOCK_DGRAM }, *res;
	char host[256], *colon;
	int s;

	snprintf(host, sizeof(host), "%s", spec);
	colon = strrchr(host, ':');
	if (!colon)
		return -1;
	*colon = '\0';
	if (getaddrinfo(host, colon + 1, &hints, &res))
		return -1;
	s = socket(res->ai_family, SOCK_DGRAM, 0);
	if (s >= 0 && connect(s, res->ai_addr, res->ai_addrlen)) {
		close(s);
		s = -1;
	}
	freeaddrinfo(res);
	return s;
}

/* "pkt:IFNAME": a packet socket for EtherType 0x88a4 on IFNAME. */
static int open_packet(const char *ifname)
{
	struct sockaddr_ll ll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(0x88a4),
	};
	int s;

	ll.sll_ifindex = (int)if_nametoindex(ifname);
	if (!ll.sll_ifindex)
		return -1;
	s = socket(AF_PACKET, SOCK_RAW, htons(0x88a4));
	if (s >= 0 && bind(s, (struct sockaddr *)&ll, sizeof(ll))) {
		close(s);
		s = -1;
	}
	return s;
}

int main(int argc, char **argv)
{
	struct sockaddr_un me = { .sun_family = AF_UNIX };
	struct sockaddr_un sim = { .sun_family = AF_UNIX };
	struct frame f;
	uint8_t b[128];
	unsigned int i, n;
	int coe = -1;

	if (argc != 2 || strlen(argv[1]) >= sizeof(sim.sun_path)) {
		fprintf(stderr,
			"usage: ecsim-client SOCKET | udp:HOST:PORT | pkt:IFNAME\n");
		return 2;
	}
	if (!strncmp(argv[1], "pkt:", 4)) {
		fd = open_packet(argv[1] + 4);
		if (fd < 0) {
			perror("ecsim-client: packet socket");
			return 1;
		}
	} else if (!strncmp(argv[1], "udp:", 4)) {
		fd = open_udp(argv[1] + 4);
		if (fd < 0) {
			fprintf(stderr, "ecsim-client: cannot reach %s\n",
				argv[1]);
			return 1;
		}
	} else {
		strcpy(sim.sun_path, argv[1]);
		snprintf(me.sun_path, sizeof(me.sun_path), "%s.client.%d",
			 argv[1], (int)getpid());
		fd = socket(AF_UNIX, SOCK_DGRAM, 0);
		unlink(me.sun_path);
		if (fd < 0 || bind(fd, (struct sockaddr *)&me, sizeof(me)) ||
		    connect(fd, (struct sockaddr *)&sim, sizeof(sim))) {
			perror("ecsim-client");
			return 1;
		}
	}
	/* count the slaves */
	f_init(&f);
	f_add(&f, CMD_BRD, 0, 0x0000, NULL, 2);
	if (!xfer(&f))
		goto out;
	n = wkc_of(16, 2);
	printf("ecsim-client: %u slaves\n", n);
	for (i = 0; i < n; i++) {
		uint16_t st = 0x1001 + i;

		f_init(&f);
		b[0] = st & 0xff;
		b[1] = st >> 8;
		f_add(&f, CMD_APWR, (uint16_t)-i, 0x0010, b, 2);
		f_add(&f, CMD_APRD, (uint16_t)-i, 0x0000, NULL, 10);
		f_add(&f, CMD_APRD, (uint16_t)-i, 0x0130, NULL, 6);
		xfer(&f);
		/* SII word 0x1c (mailbox protocols) */
		f_init(&f);
		memcpy(b, "\x00\x01\x1c\x00\x00\x00", 6);
		f_add(&f, CMD_FPWR, st, 0x0502, b, 6);
		xfer(&f);
		f_init(&f);
		f_add(&f, CMD_FPRD, st, 0x0502, NULL, 2);
		f_add(&f, CMD_FPRD, st, 0x0508, NULL, 4);
		if (xfer(&f) && (reply[16 + 14 + 10] & 0x04) && coe < 0)
			coe = (int)i;
	}
	if (coe >= 0) {
		uint16_t st = 0x1001 + coe;
		uint8_t sm[16] = { 0x00, 0x10, 128, 0, 0x26, 0, 1, 0,
				   0x80, 0x10, 128, 0, 0x22, 0, 1, 0 };

		f_init(&f);
		f_add(&f, CMD_FPWR, st, 0x0800, sm, 16);
		b[0] = 0x02;
		b[1] = 0;
		f_add(&f, CMD_FPWR, st, 0x0120, b, 2);
		xfer(&f);
		/* SDO upload 0x1018:01 */
		memset(b, 0, sizeof(b));
		b[0] = 10;
		b[5] = 0x13;
		b[7] = 0x20;
		b[8] = 0x40;
		b[9] = 0x18;
		b[10] = 0x10;
		b[11] = 0x01;
		f_init(&f);
		f_add(&f, CMD_FPWR, st, 0x1000, b, 128);
		xfer(&f);
		f_init(&f);
		f_add(&f, CMD_FPRD, st, 0x080d, NULL, 1);
		f_add(&f, CMD_FPRD, st, 0x1080, NULL, 128);
		xfer(&f);
	}
	f_init(&f);
	f_add(&f, CMD_LRW, 0, 0x0000, NULL, 64);
	f_add(&f, CMD_NOP, 0, 0x0000, NULL, 4);
	f_add(&f, CMD_BRD, 0, 0x0110, NULL, 2);
	xfer(&f);
out:
	if (me.sun_path[0])
		unlink(me.sun_path);
	printf("ecsim-client: sent %u answered %u\n", sent, answered);
	return sent && sent == answered ? 0 : 1;
}
