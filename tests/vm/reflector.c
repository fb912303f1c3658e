// SPDX-License-Identifier: GPL-2.0-only
/*
 * reflector - the simplest stand-in for a virtual EtherCAT segment.
 *
 * It binds a unix datagram socket (one Ethernet frame per datagram, as
 * QEMU's "-netdev dgram,local.type=unix,..." sends them), and returns every
 * EtherCAT frame to its sender with the working counter of each datagram
 * incremented by one, as if one slave had processed every datagram.
 * Non-EtherCAT frames are counted and dropped.
 *
 * Same command line as ethercat-sim, so tests/vm/run can use either:
 *   reflector [--segment FILE] --unix PATH [--pcap FILE] [--control PATH]
 * --segment and --control are accepted and ignored (there is no slave model).
 *
 * Written from the specification (ETG.1000.4 / Beckhoff "EtherCAT
 * Technology, Section I"); it deliberately shares no code with master/ or
 * sim/ so that it can catch their mistakes.
 */

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

/* IEEE 802.3 Ethernet II header */
#define ETH_ALEN_BYTES		6
#define ETH_HDR_LEN		14
#define ETH_TYPE_OFFSET		12
#define ETH_SRC_OFFSET		6
#define ETH_TYPE_VLAN		0x8100	/* IEEE 802.1Q tag */
#define ETH_VLAN_TAG_LEN	4
/* EtherType of EtherCAT, ETG.1000.4 clause 5.3 */
#define ETH_TYPE_ETHERCAT	0x88a4
/*
 * The first ESC sets the locally administered bit of the source MAC address
 * of every frame it processes (Section I, "Frame processing").
 */
#define ETH_SRC_LOCAL_ADMIN	0x02

/* EtherCAT frame header, ETG.1000.4 table 8: length:11, res:1, type:4 */
#define ECAT_HDR_LEN		2
#define ECAT_HDR_LEN_MASK	0x07ff
#define ECAT_HDR_TYPE_SHIFT	12
/* type 1: EtherCAT commands (datagrams) */
#define ECAT_TYPE_DLPDU		0x1

/*
 * EtherCAT datagram, ETG.1000.4 table 9: cmd:8, idx:8, address:32,
 * len:11, res:3, circulating:1, more:1, irq:16, data[len], wkc:16.
 */
#define ECAT_DG_HDR_LEN		10
#define ECAT_DG_LENF_OFFSET	6
#define ECAT_DG_LEN_MASK	0x07ff
#define ECAT_DG_MORE		0x8000
#define ECAT_DG_WKC_LEN		2

/* libpcap file format, LINKTYPE_ETHERNET */
#define PCAP_MAGIC_US		0xa1b2c3d4
#define PCAP_VERSION_MAJOR	2
#define PCAP_VERSION_MINOR	4
#define PCAP_SNAPLEN		65535
#define PCAP_LINKTYPE_ETHERNET	1

#define FRAME_BUF_SIZE		65536

static volatile sig_atomic_t stop;

struct reflector_stats {
	unsigned long frames;
	unsigned long datagrams;
	unsigned long dropped;
};

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (p[1] << 8));
}

static void put_le16(uint8_t *p, uint16_t v)
{
	p[0] = v & 0xff;
	p[1] = v >> 8;
}

static uint16_t get_be16(const uint8_t *p)
{
	return (uint16_t)((p[0] << 8) | p[1]);
}

static void pcap_put32(FILE *f, uint32_t v)
{
	fwrite(&v, sizeof(v), 1, f);	/* host order, as the magic says */
}

static void pcap_put16(FILE *f, uint16_t v)
{
	fwrite(&v, sizeof(v), 1, f);
}

static FILE *pcap_open(const char *path)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return NULL;
	pcap_put32(f, PCAP_MAGIC_US);
	pcap_put16(f, PCAP_VERSION_MAJOR);
	pcap_put16(f, PCAP_VERSION_MINOR);
	pcap_put32(f, 0);		/* thiszone */
	pcap_put32(f, 0);		/* sigfigs */
	pcap_put32(f, PCAP_SNAPLEN);
	pcap_put32(f, PCAP_LINKTYPE_ETHERNET);
	fflush(f);
	return f;
}

static void pcap_write(FILE *f, const uint8_t *frame, size_t len)
{
	struct timeval tv;

	if (!f)
		return;
	gettimeofday(&tv, NULL);
	pcap_put32(f, (uint32_t)tv.tv_sec);
	pcap_put32(f, (uint32_t)tv.tv_usec);
	pcap_put32(f, (uint32_t)len);
	pcap_put32(f, (uint32_t)len);
	fwrite(frame, 1, len, f);
	fflush(f);
}

/*
 * Increment the working counter of every datagram in an EtherCAT frame.
 * Returns the number of datagrams, or -EBADMSG when the frame is not a
 * well-formed EtherCAT frame (it is then not returned).
 */
static int reflect_frame(uint8_t *frame, size_t len)
{
	size_t off = ETH_HDR_LEN, end;
	uint16_t type = get_be16(frame + ETH_TYPE_OFFSET);
	uint16_t hdr, lenf;
	int count = 0;

	if (len < ETH_HDR_LEN + ECAT_HDR_LEN)
		return -EBADMSG;
	if (type == ETH_TYPE_VLAN) {
		if (len < ETH_HDR_LEN + ETH_VLAN_TAG_LEN + ECAT_HDR_LEN)
			return -EBADMSG;
		type = get_be16(frame + ETH_TYPE_OFFSET + ETH_VLAN_TAG_LEN);
		off += ETH_VLAN_TAG_LEN;
	}
	if (type != ETH_TYPE_ETHERCAT)
		return -EBADMSG;

	hdr = get_le16(frame + off);
	if ((hdr >> ECAT_HDR_TYPE_SHIFT) != ECAT_TYPE_DLPDU)
		return -EBADMSG;
	off += ECAT_HDR_LEN;
	end = off + (hdr & ECAT_HDR_LEN_MASK);
	if (end > len)
		return -EBADMSG;

	for (;;) {
		size_t dlen;

		if (off + ECAT_DG_HDR_LEN + ECAT_DG_WKC_LEN > end)
			return -EBADMSG;
		lenf = get_le16(frame + off + ECAT_DG_LENF_OFFSET);
		dlen = lenf & ECAT_DG_LEN_MASK;
		off += ECAT_DG_HDR_LEN + dlen;
		if (off + ECAT_DG_WKC_LEN > end)
			return -EBADMSG;
		put_le16(frame + off, get_le16(frame + off) + 1);
		off += ECAT_DG_WKC_LEN;
		count++;
		if (!(lenf & ECAT_DG_MORE))
			break;
	}
	frame[ETH_SRC_OFFSET] |= ETH_SRC_LOCAL_ADMIN;
	return count;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: reflector [--segment FILE] --unix PATH "
		"[--pcap FILE] [--control PATH]\n");
}

static int open_socket(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(addr.sun_path)) {
		fprintf(stderr, "reflector: socket path too long: %s\n", path);
		return -1;
	}
	strcpy(addr.sun_path, path);
	fd = socket(AF_UNIX, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("reflector: socket");
		return -1;
	}
	unlink(path);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		fprintf(stderr, "reflector: bind %s: %s\n", path,
			strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static void serve(int fd, FILE *pcap, struct reflector_stats *st)
{
	static uint8_t frame[FRAME_BUF_SIZE];

	while (!stop) {
		struct sockaddr_un peer;
		socklen_t plen = sizeof(peer);
		ssize_t n;
		int dgs;

		n = recvfrom(fd, frame, sizeof(frame), 0,
			     (struct sockaddr *)&peer, &plen);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			perror("reflector: recvfrom");
			return;
		}
		pcap_write(pcap, frame, (size_t)n);
		dgs = reflect_frame(frame, (size_t)n);
		if (dgs < 0) {
			st->dropped++;
			continue;
		}
		st->frames++;
		st->datagrams += (unsigned long)dgs;
		pcap_write(pcap, frame, (size_t)n);
		if (sendto(fd, frame, (size_t)n, 0, (struct sockaddr *)&peer,
			   plen) < 0 && errno != ECONNREFUSED &&
		    errno != ENOENT)
			perror("reflector: sendto");
	}
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "segment", required_argument, NULL, 's' },
		{ "unix", required_argument, NULL, 'u' },
		{ "pcap", required_argument, NULL, 'p' },
		{ "control", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *path = NULL, *pcap_path = NULL;
	struct reflector_stats st = { 0 };
	struct sigaction sa = { .sa_handler = on_signal };
	FILE *pcap = NULL;
	int c, fd;

	while ((c = getopt_long(argc, argv, "s:u:p:c:h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
		case 'c':
			break;	/* no slave model, no control channel */
		case 'u':
			path = optarg;
			break;
		case 'p':
			pcap_path = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (!path || optind != argc) {
		usage(stderr);
		return 2;
	}

	/* no SA_RESTART: a signal makes recvfrom return */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	if (pcap_path) {
		pcap = pcap_open(pcap_path);
		if (!pcap) {
			fprintf(stderr, "reflector: %s: %s\n", pcap_path,
				strerror(errno));
			return 1;
		}
	}
	fd = open_socket(path);
	if (fd < 0)
		return 1;

	fprintf(stderr, "reflector: ready\n");
	serve(fd, pcap, &st);

	fprintf(stderr, "reflector: %lu frames, %lu datagrams, %lu dropped\n",
		st.frames, st.datagrams, st.dropped);
	close(fd);
	unlink(path);
	if (pcap)
		fclose(pcap);
	return 0;
}
