// SPDX-License-Identifier: GPL-2.0-only
/*
 * eoe_udp - send BYTES of pseudo-random data in datagrams of SIZE bytes to
 * the UDP echo of a simulated EoE slave, one at a time (each echo is
 * awaited, a lost one is sent again up to 5 times), compare every echo
 * with what was sent, and print the result and the throughput:
 *
 *	eoe_udp ADDRESS PORT BYTES [SIZE]
 *	-> "udp_bytes=N udp_same=1 udp_resent=R udp_ms=T udp_kBps=K"
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
#define TRIES 5
#define WAIT_MS 1000

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	uint8_t out[MAX_SIZE], in[MAX_SIZE + 1];
	unsigned long total, size = MAX_SIZE, sent = 0, resent = 0;
	struct sockaddr_in to;
	uint32_t rng = 12345;
	uint64_t t0, ms;
	int fd, same = 1;
	size_t i;

	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: eoe_udp ADDRESS PORT BYTES [SIZE]\n");
		return 2;
	}
	memset(&to, 0, sizeof(to));
	to.sin_family = AF_INET;
	to.sin_port = htons((uint16_t)strtoul(argv[2], NULL, 0));
	total = strtoul(argv[3], NULL, 0);
	if (argc == 5)
		size = strtoul(argv[4], NULL, 0);
	if (inet_pton(AF_INET, argv[1], &to.sin_addr) != 1 || !size ||
	    size > MAX_SIZE || !total) {
		fprintf(stderr, "eoe_udp: bad address, port, bytes or size (1-%d)\n",
			MAX_SIZE);
		return 2;
	}
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof(to))) {
		perror("eoe_udp: socket");
		return 1;
	}
	t0 = now_ms();
	while (sent < total && same) {
		size_t n = total - sent < size ? total - sent : size;
		int tries, got = 0;

		for (i = 0; i < n; i++) {
			rng = rng * 1103515245 + 12345;
			out[i] = (uint8_t)(rng >> 16);
		}
		for (tries = 0; tries < TRIES && !got; tries++) {
			struct pollfd p = { .fd = fd, .events = POLLIN };
			uint64_t end = now_ms() + WAIT_MS;

			if (tries)
				resent++;
			if (send(fd, out, n, 0) != (ssize_t)n) {
				perror("eoe_udp: send");
				return 1;
			}
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
				sent);
			same = 0;
			break;
		}
		sent += n;
	}
	ms = now_ms() - t0;
	printf("udp_bytes=%lu udp_same=%d udp_resent=%lu udp_ms=%llu udp_kBps=%llu\n",
	       sent, same, resent, (unsigned long long)ms,
	       (unsigned long long)(ms ? sent / ms : 0));
	close(fd);
	return same && sent == total ? 0 : 1;
}
