// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbg_send - send one UDP datagram of given bytes to a mailbox gateway
 * and print the reply's bytes, if one comes within a second (t_mbg.sh).
 *
 *   mbg_send FROM_ADDR TO_ADDR PORT HEX...      (each HEX one byte)
 *   mbg_send FROM_ADDR TO_ADDR PORT -z N        (N zero bytes)
 *
 * Exit status: 0 a reply came, 3 none came, 1 error.
 */
#include <arpa/inet.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sockaddr_in from = { .sin_family = AF_INET };
	struct sockaddr_in to = { .sin_family = AF_INET };
	static unsigned char d[4096];
	struct pollfd p;
	size_t n = 0;
	ssize_t r;
	int s, i;

	if (argc < 5 || inet_pton(AF_INET, argv[1], &from.sin_addr) != 1 ||
	    inet_pton(AF_INET, argv[2], &to.sin_addr) != 1) {
		fprintf(stderr, "usage: mbg_send FROM TO PORT HEX...|-z N\n");
		return 1;
	}
	to.sin_port = htons((unsigned short)strtoul(argv[3], NULL, 0));
	if (!strcmp(argv[4], "-z") && argc == 6) {
		n = strtoul(argv[5], NULL, 0);
		if (n > sizeof(d))
			return 1;
	} else {
		for (i = 4; i < argc && n < sizeof(d); i++)
			d[n++] = (unsigned char)strtoul(argv[i], NULL, 16);
	}
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0 || bind(s, (struct sockaddr *)&from, sizeof(from)) ||
	    sendto(s, d, n, 0, (struct sockaddr *)&to, sizeof(to)) !=
		    (ssize_t)n) {
		perror("mbg_send");
		return 1;
	}
	p.fd = s;
	p.events = POLLIN;
	if (poll(&p, 1, 1000) != 1)
		return 3;
	r = recv(s, d, sizeof(d), 0);
	for (i = 0; i < r; i++)
		printf("%02x%s", d[i], i + 1 < r ? " " : "\n");
	return r > 0 ? 0 : 1;
}
