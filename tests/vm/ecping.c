// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecping - the rig's own check of the wire, without the master.
 *
 * Runs in the guest (static, from tests/vm/run --no-master): sends EtherCAT
 * frames with one BRD datagram on a raw packet socket, waits for each to
 * come back from the segment on the host, checks the command, index and
 * working counter, and prints round-trip times.
 *
 *   ecping [-i IFACE] [-c COUNT] [-w WKC]
 *
 * Exit status 0 when every frame came back with working counter >= WKC
 * (default 1), 1 otherwise.  Written from ETG.1000.4; no code shared with
 * master/ or sim/.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netpacket/packet.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define ETH_ALEN_BYTES		6
#define ETH_HDR_LEN		14
#define ETH_MIN_FRAME		60	/* IEEE 802.3, without FCS */
#define ETH_TYPE_ETHERCAT	0x88a4	/* ETG.1000.4 clause 5.3 */

/* EtherCAT frame header, ETG.1000.4 table 8 */
#define ECAT_HDR_LEN		2
#define ECAT_TYPE_DLPDU		0x1
#define ECAT_HDR_TYPE_SHIFT	12
/* EtherCAT datagram, ETG.1000.4 table 9 */
#define ECAT_DG_HDR_LEN		10
#define ECAT_DG_WKC_LEN		2
/* broadcast read, ETG.1000.4 table 10 */
#define ECAT_CMD_BRD		0x07
/* AL status register, ETG.1000.4 table 31 */
#define ESC_REG_AL_STATUS	0x0130
#define ECAT_DATA_LEN		2

#define REPLY_TIMEOUT_MS	1000

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void put_le16(uint8_t *p, uint16_t v)
{
	p[0] = v & 0xff;
	p[1] = v >> 8;
}

static uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (p[1] << 8));
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* One BRD of the AL status register, padded to the Ethernet minimum. */
static size_t build_frame(uint8_t *f, const uint8_t *src, uint8_t idx)
{
	uint8_t *dg = f + ETH_HDR_LEN + ECAT_HDR_LEN;
	size_t len = ECAT_DG_HDR_LEN + ECAT_DATA_LEN + ECAT_DG_WKC_LEN;

	memset(f, 0, ETH_MIN_FRAME);
	memset(f, 0xff, ETH_ALEN_BYTES);
	memcpy(f + ETH_ALEN_BYTES, src, ETH_ALEN_BYTES);
	f[12] = ETH_TYPE_ETHERCAT >> 8;
	f[13] = ETH_TYPE_ETHERCAT & 0xff;
	put_le16(f + ETH_HDR_LEN,
		 (uint16_t)(len | (ECAT_TYPE_DLPDU << ECAT_HDR_TYPE_SHIFT)));
	dg[0] = ECAT_CMD_BRD;
	dg[1] = idx;
	put_le16(dg + 2, 0);			/* ADP: position, unused */
	put_le16(dg + 4, ESC_REG_AL_STATUS);	/* ADO */
	put_le16(dg + 6, ECAT_DATA_LEN);	/* length, no more datagrams */
	return ETH_MIN_FRAME;
}

/* Waits for the reply to idx; returns its working counter or -errno. */
static int wait_reply(int fd, uint8_t idx)
{
	uint8_t buf[2048];
	uint64_t deadline = now_ns() + REPLY_TIMEOUT_MS * 1000000ull;

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		struct sockaddr_ll from;
		socklen_t flen = sizeof(from);
		int64_t left = (int64_t)(deadline - now_ns());
		const uint8_t *dg;
		ssize_t n;

		if (left <= 0)
			return -ETIMEDOUT;
		if (poll(&pfd, 1, (int)(left / 1000000) + 1) <= 0)
			continue;
		n = recvfrom(fd, buf, sizeof(buf), 0,
			     (struct sockaddr *)&from, &flen);
		if (n < 0)
			return -errno;
		if (from.sll_pkttype == PACKET_OUTGOING)
			continue;
		if (n < ETH_HDR_LEN + ECAT_HDR_LEN + ECAT_DG_HDR_LEN +
			ECAT_DATA_LEN + ECAT_DG_WKC_LEN)
			continue;
		dg = buf + ETH_HDR_LEN + ECAT_HDR_LEN;
		if (dg[0] != ECAT_CMD_BRD || dg[1] != idx)
			continue;
		return get_le16(dg + ECAT_DG_HDR_LEN + ECAT_DATA_LEN);
	}
}

int main(int argc, char **argv)
{
	const char *ifname = "eth0";
	int count = 100, want_wkc = 1, c, fd, lost = 0, bad = 0, wkc = -1;
	struct sockaddr_ll addr = { .sll_family = AF_PACKET };
	uint8_t frame[ETH_MIN_FRAME];
	struct ifreq ifr;
	uint64_t *rtt;
	int n = 0, i;

	while ((c = getopt(argc, argv, "i:c:w:")) != -1) {
		switch (c) {
		case 'i':
			ifname = optarg;
			break;
		case 'c':
			count = atoi(optarg);
			break;
		case 'w':
			want_wkc = atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: ecping [-i IFACE] "
				"[-c COUNT] [-w WKC]\n");
			return 2;
		}
	}
	if (count < 1)
		count = 1;
	rtt = calloc((size_t)count, sizeof(*rtt));
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_TYPE_ETHERCAT));
	if (!rtt || fd < 0) {
		perror("ecping: socket");
		return 1;
	}
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, SIOCGIFHWADDR, &ifr) < 0) {
		fprintf(stderr, "ecping: %s: %s\n", ifname, strerror(errno));
		return 1;
	}
	addr.sll_protocol = htons(ETH_TYPE_ETHERCAT);
	addr.sll_ifindex = (int)if_nametoindex(ifname);
	addr.sll_halen = ETH_ALEN_BYTES;
	memset(addr.sll_addr, 0xff, ETH_ALEN_BYTES);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		perror("ecping: bind");
		return 1;
	}

	for (i = 0; i < count; i++) {
		uint8_t idx = (uint8_t)i;
		size_t len = build_frame(frame,
			(const uint8_t *)ifr.ifr_hwaddr.sa_data, idx);
		uint64_t t0 = now_ns();
		int r;

		if (sendto(fd, frame, len, 0, (struct sockaddr *)&addr,
			   sizeof(addr)) < 0) {
			perror("ecping: sendto");
			return 1;
		}
		r = wait_reply(fd, idx);
		if (r < 0) {
			lost++;
			continue;
		}
		rtt[n++] = now_ns() - t0;
		wkc = r;
		if (r < want_wkc)
			bad++;
	}
	qsort(rtt, (size_t)n, sizeof(*rtt), cmp_u64);
	printf("ecping: %d frames, %d replies, %d lost, %d with wkc < %d, "
	       "last wkc %d", count, n, lost, bad, want_wkc, wkc);
	if (n)
		printf(", rtt median %.1f us, p99 %.1f us, max %.1f us",
		       rtt[n / 2] / 1e3, rtt[(n * 99) / 100] / 1e3,
		       rtt[n - 1] / 1e3);
	printf("\n");
	free(rtt);
	close(fd);
	return lost || bad ? 1 : 0;
}
