// SPDX-License-Identifier: GPL-2.0-only
/*
 * eoe_udp - send BYTES of pseudo-random data in datagrams of SIZE bytes to
 * the UDP echo of a simulated EoE slave, compare every echo with what was
 * sent, and print the result and the throughput:
 *
 *	eoe_udp ADDRESS PORT BYTES [SIZE [WINDOW]]
 *	-> "udp_bytes=N udp_same=1 udp_resent=R udp_ms=T udp_kBps=K"
 *
 * WINDOW 1 (the default): one datagram at a time, each echo awaited (a
 * lost one is sent again up to 5 times).  WINDOW N: up to N datagrams on
 * their way at once; each starts with its 32-bit sequence number, the
 * rest is generated from it, so an echo is checked whatever its order; a
 * datagram without an echo for 1 s is sent again, up to 5 times.
 *
 * Exit status 0 when all came back equal, 1 otherwise, 2 on usage.
 * Runs in the VM rig's initramfs (no C library there: built -static).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_SIZE 1472		/* one Ethernet frame */
#define MAX_WINDOW 64
#define TRIES 5
#define WAIT_MS 1000
#define SEQ_SIZE 4

struct slot {
	uint32_t seq;
	size_t len;
	uint64_t sent_ms;
	int tries;
	int busy;
};

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* The contents of datagram @seq: its number, then bytes derived from it. */
static void fill(uint8_t *p, size_t n, uint32_t seq, int numbered)
{
	uint32_t rng = 12345 + seq * 2654435761u;
	size_t i = 0;

	if (numbered) {
		for (; i < SEQ_SIZE; i++)
			p[i] = (uint8_t)(seq >> (8 * i));
	}
	for (; i < n; i++) {
		rng = rng * 1103515245 + 12345;
		p[i] = (uint8_t)(rng >> 16);
	}
}

static int send_all(int fd, const uint8_t *p, size_t n)
{
	if (send(fd, p, n, 0) != (ssize_t)n) {
		perror("eoe_udp: send");
		return -1;
	}
	return 0;
}

/* One datagram at a time. */
static int run_serial(int fd, unsigned long total, size_t size,
		      unsigned long *sent, unsigned long *resent)
{
	uint8_t out[MAX_SIZE], in[MAX_SIZE + 1];
	uint32_t seq = 0;

	while (*sent < total) {
		size_t n = total - *sent < size ? total - *sent : size;
		int tries, got = 0;

		fill(out, n, seq++, 0);
		for (tries = 0; tries < TRIES && !got; tries++) {
			struct pollfd p = { .fd = fd, .events = POLLIN };
			uint64_t end = now_ms() + WAIT_MS;

			if (tries)
				(*resent)++;
			if (send_all(fd, out, n))
				return -1;
			while (!got && now_ms() < end) {
				ssize_t r;

				if (poll(&p, 1, (int)(end - now_ms())) <= 0)
					continue;
				r = recv(fd, in, sizeof(in), 0);
				if (r < 0 && errno != EINTR)
					break;
				if (r == (ssize_t)n && !memcmp(in, out, n))
					got = 1;
				/* a late echo of an earlier send: skip */
			}
		}
		if (!got) {
			fprintf(stderr, "eoe_udp: no echo of the datagram at byte %lu\n",
				*sent);
			return -1;
		}
		*sent += n;
	}
	return 0;
}

/* An echo came: the slot it answers, checked; NULL if none or spoiled. */
static struct slot *match(struct slot *w, unsigned int window,
			  const uint8_t *in, size_t r, int *bad)
{
	uint8_t want[MAX_SIZE];
	uint32_t seq;
	unsigned int i;

	if (r < SEQ_SIZE)
		return NULL;
	seq = (uint32_t)in[0] | (uint32_t)in[1] << 8 |
	      (uint32_t)in[2] << 16 | (uint32_t)in[3] << 24;
	for (i = 0; i < window; i++) {
		if (!w[i].busy || w[i].seq != seq)
			continue;
		fill(want, w[i].len, seq, 1);
		if (r != w[i].len || memcmp(in, want, r)) {
			fprintf(stderr, "eoe_udp: the echo of datagram %u differs\n",
				seq);
			*bad = 1;
			return NULL;
		}
		return &w[i];
	}
	return NULL;	/* a late second echo of a datagram sent again */
}

/* The next datagram's size: the rest never shorter than a number. */
static size_t chunk(unsigned long left, size_t size)
{
	if (left <= size)
		return left;
	return left - size < SEQ_SIZE ? size - SEQ_SIZE : size;
}

/* Up to @window datagrams on their way. */
static int run_window(int fd, unsigned long total, size_t size,
		      unsigned int window, unsigned long *done,
		      unsigned long *resent)
{
	static struct slot w[MAX_WINDOW];
	uint8_t out[MAX_SIZE], in[MAX_SIZE + 1];
	unsigned long queued = 0;
	uint32_t next_seq = 0;
	unsigned int i, busy = 0;
	int bad = 0;

	while (*done < total) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		uint64_t t = now_ms();
		struct slot *s;
		ssize_t r;

		for (i = 0; i < window && queued < total; i++) {
			if (w[i].busy)
				continue;
			w[i].busy = 1;
			w[i].seq = next_seq++;
			w[i].len = chunk(total - queued, size);
			w[i].tries = 0;
			w[i].sent_ms = t;
			queued += w[i].len;
			busy++;
			fill(out, w[i].len, w[i].seq, 1);
			if (send_all(fd, out, w[i].len))
				return -1;
		}
		for (i = 0; i < window; i++) {
			if (!w[i].busy || t - w[i].sent_ms < WAIT_MS)
				continue;
			if (++w[i].tries >= TRIES) {
				fprintf(stderr, "eoe_udp: no echo of datagram %u\n",
					w[i].seq);
				return -1;
			}
			(*resent)++;
			w[i].sent_ms = t;
			fill(out, w[i].len, w[i].seq, 1);
			if (send_all(fd, out, w[i].len))
				return -1;
		}
		if (poll(&p, 1, 100) <= 0)
			continue;
		r = recv(fd, in, sizeof(in), 0);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			perror("eoe_udp: recv");
			return -1;
		}
		s = match(w, window, in, (size_t)r, &bad);
		if (bad)
			return -1;
		if (!s)
			continue;
		s->busy = 0;
		busy--;
		*done += s->len;
	}
	return busy ? -1 : 0;
}

int main(int argc, char **argv)
{
	unsigned long total, size = MAX_SIZE, window = 1, sent = 0, resent = 0;
	struct sockaddr_in to;
	uint64_t t0, ms;
	int fd, ret;

	if (argc < 4 || argc > 6) {
		fprintf(stderr, "usage: eoe_udp ADDRESS PORT BYTES [SIZE [WINDOW]]\n");
		return 2;
	}
	memset(&to, 0, sizeof(to));
	to.sin_family = AF_INET;
	to.sin_port = htons((uint16_t)strtoul(argv[2], NULL, 0));
	total = strtoul(argv[3], NULL, 0);
	if (argc >= 5)
		size = strtoul(argv[4], NULL, 0);
	if (argc == 6)
		window = strtoul(argv[5], NULL, 0);
	if (inet_pton(AF_INET, argv[1], &to.sin_addr) != 1 || !size ||
	    size > MAX_SIZE || !total) {
		fprintf(stderr, "eoe_udp: bad address, port, bytes or size (1-%d)\n",
			MAX_SIZE);
		return 2;
	}
	if (!window || window > MAX_WINDOW ||
	    (window > 1 && (size < 2 * SEQ_SIZE || total < SEQ_SIZE))) {
		fprintf(stderr, "eoe_udp: bad window (1-%d; above 1 a size of at least %d)\n",
			MAX_WINDOW, 2 * SEQ_SIZE);
		return 2;
	}
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof(to))) {
		perror("eoe_udp: socket");
		return 1;
	}
	t0 = now_ms();
	if (window == 1)
		ret = run_serial(fd, total, size, &sent, &resent);
	else
		ret = run_window(fd, total, size, (unsigned int)window, &sent,
				 &resent);
	ms = now_ms() - t0;
	printf("udp_bytes=%lu udp_same=%d udp_resent=%lu udp_ms=%llu udp_kBps=%llu\n",
	       sent, ret ? 0 : 1, resent, (unsigned long long)ms,
	       (unsigned long long)(ms ? sent / ms : 0));
	close(fd);
	return !ret && sent == total ? 0 : 1;
}
