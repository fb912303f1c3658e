/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The clients of ethercat-sim's control socket (--control PATH): each
 * sends command lines (sim/control.c) and reads the answers.  Every
 * client socket is non-blocking and its buffers are bounded, so no client
 * can hold up the simulator's loop, which also answers the master's
 * frames: a client that sends something other than text lines, a line
 * too long, or stops reading its answers (or finishing its line) for
 * longer than the stall time is dropped with a log line on stderr.
 */
#ifndef ECSIM_CONTROL_SERVER_H
#define ECSIM_CONTROL_SERVER_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ecsim.h"

#define ECSIM_CTL_MAX_CLIENTS	8
#define ECSIM_CTL_LINE_MAX	512	/* a command line, "\n" included */
#define ECSIM_CTL_STALL_NS	5000000000ull	/* what main.c uses */

struct ecsim_ctl_client {
	int fd;
	unsigned int id;	/* the n-th client accepted, for the log */
	bool eof;		/* it sent all it will: close once answered */
	size_t in_len;
	char in[ECSIM_CTL_LINE_MAX];
	uint64_t in_since;	/* when the unfinished line began */
	char *out;		/* answers not yet written: out[off..len) */
	size_t out_off, out_len;
	uint64_t out_since;	/* when the answers last moved */
};

struct ecsim_ctl {
	int listen_fd;
	struct ecsim_segment *seg;
	uint64_t stall_ns;
	size_t answer_cap;	/* room one answer may take */
	size_t out_cap;		/* room for unwritten answers */
	unsigned int accepted;
	unsigned int n;
	struct ecsim_ctl_client cl[ECSIM_CTL_MAX_CLIENTS];
};

void ecsim_ctl_init(struct ecsim_ctl *ctl, struct ecsim_segment *seg,
		    int listen_fd, uint64_t stall_ns);
unsigned int ecsim_ctl_pollfds(const struct ecsim_ctl *ctl,
			       struct pollfd *pf);
void ecsim_ctl_serve(struct ecsim_ctl *ctl, const struct pollfd *pf,
		     unsigned int npf, uint64_t now_ns);
void ecsim_ctl_close(struct ecsim_ctl *ctl);

#endif
