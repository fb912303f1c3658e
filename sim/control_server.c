// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The clients of the control socket (control_server.h).  The simulator's
 * loop polls the listening socket and the clients with the master ports
 * and calls ecsim_ctl_serve() once a round; nothing here waits.
 *
 * Bounds: a command line has ECSIM_CTL_LINE_MAX bytes; a client's
 * unwritten answers have out_cap bytes, room for two answers.  While a
 * client's answers do not fit, its further lines wait in its input
 * buffer and its socket is not read (the kernel's socket buffer then
 * fills and the client's writes block, not the simulator).  A client
 * whose answers have not moved, or whose line has not been finished, for
 * stall_ns is dropped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "control_server.h"

static void ctl_drop(struct ecsim_ctl *ctl, unsigned int i, const char *why)
{
	struct ecsim_ctl_client *c = &ctl->cl[i];

	if (why)
		fprintf(stderr, "ethercat-sim: control client %u: %s: "
			"dropped\n", c->id, why);
	close(c->fd);
	free(c->out);
	ctl->cl[i] = ctl->cl[--ctl->n];
}

/* Room for one more answer? */
static bool ctl_room(const struct ecsim_ctl *ctl,
		     const struct ecsim_ctl_client *c)
{
	return c->out_len - c->out_off + ctl->answer_cap <= ctl->out_cap;
}

static bool ctl_line_ready(const struct ecsim_ctl_client *c)
{
	return memchr(c->in, '\n', c->in_len) != NULL;
}

/**
 * ecsim_ctl_init() - start serving a listening socket
 * @ctl: state to fill
 * @seg: the segment the commands act on
 * @listen_fd: a listening, non-blocking unix stream socket
 * @stall_ns: how long a client may leave its answers unread or its line
 *            unfinished before it is dropped
 */
void ecsim_ctl_init(struct ecsim_ctl *ctl, struct ecsim_segment *seg,
		    int listen_fd, uint64_t stall_ns)
{
	memset(ctl, 0, sizeof(*ctl));
	ctl->listen_fd = listen_fd;
	ctl->seg = seg;
	ctl->stall_ns = stall_ns;
	/* "status" takes a line (or a JSON object) of < 256 bytes a slave */
	ctl->answer_cap = 16384 +
		256 * (size_t)ecsim_segment_slave_count(seg);
	ctl->out_cap = 2 * ctl->answer_cap;
}

/**
 * ecsim_ctl_pollfds() - what to poll for
 * @ctl: state
 * @pf: receives 1 + ECSIM_CTL_MAX_CLIENTS entries at most, the listening
 *      socket first; give the same entries, with their revents, to
 *      ecsim_ctl_serve()
 *
 * Return: the number of entries filled.
 */
unsigned int ecsim_ctl_pollfds(const struct ecsim_ctl *ctl, struct pollfd *pf)
{
	unsigned int i;

	pf[0] = (struct pollfd){ .fd = ctl->listen_fd, .events = POLLIN };
	for (i = 0; i < ctl->n; i++) {
		const struct ecsim_ctl_client *c = &ctl->cl[i];
		short ev = 0;

		if (!c->eof && ctl_room(ctl, c) && !ctl_line_ready(c))
			ev |= POLLIN;
		if (c->out_len > c->out_off)
			ev |= POLLOUT;
		pf[1 + i] = (struct pollfd){ .fd = c->fd, .events = ev };
	}
	return 1 + ctl->n;
}

/* Write what the socket takes now; false when the client is gone. */
static bool ctl_flush(struct ecsim_ctl_client *c, uint64_t now)
{
	while (c->out_len > c->out_off) {
		ssize_t n = send(c->fd, c->out + c->out_off,
				 c->out_len - c->out_off,
				 MSG_DONTWAIT | MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return true;
		if (n <= 0)
			return false;
		c->out_off += (size_t)n;
		c->out_since = now;
	}
	c->out_off = c->out_len = 0;
	return true;
}

/* Run the complete lines while their answers fit. */
static void ctl_run_lines(struct ecsim_ctl *ctl, struct ecsim_ctl_client *c,
			  uint64_t now)
{
	char *nl;

	while (ctl_room(ctl, c) && (nl = memchr(c->in, '\n', c->in_len))) {
		size_t used = (size_t)(nl + 1 - c->in);

		*nl = '\0';
		if (c->out_len + ctl->answer_cap > ctl->out_cap) {
			memmove(c->out, c->out + c->out_off,
				c->out_len - c->out_off);
			c->out_len -= c->out_off;
			c->out_off = 0;
		}
		if (c->out_len == c->out_off)
			c->out_since = now;
		c->out[c->out_len] = '\0';
		ecsim_segment_command(ctl->seg, c->in, c->out + c->out_len,
				      ctl->answer_cap);
		c->out_len += strlen(c->out + c->out_len);
		c->in_len -= used;
		memmove(c->in, c->in + used, c->in_len);
		c->in_since = now;
	}
}

/*
 * Read what the client sent.  Return NULL to keep it, or why it goes.
 * At the end of its input it stays until its lines are answered.
 */
static const char *ctl_read(struct ecsim_ctl_client *c, uint64_t now)
{
	static char why[64];
	size_t i;
	ssize_t n;

	if (c->eof || ctl_line_ready(c))
		return NULL;	/* the lines it sent wait for room */
	n = recv(c->fd, c->in + c->in_len, sizeof(c->in) - c->in_len,
		 MSG_DONTWAIT);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK ||
		      errno == EINTR))
		return NULL;
	if (n < 0)
		return "";
	if (n == 0) {
		c->eof = true;
		return NULL;
	}
	if (!c->in_len)
		c->in_since = now;
	for (i = c->in_len; i < c->in_len + (size_t)n; i++) {
		unsigned char b = (unsigned char)c->in[i];

		if ((b < 0x20 && b != '\t' && b != '\r' && b != '\n') ||
		    b == 0x7f) {
			snprintf(why, sizeof(why),
				 "sent byte 0x%02x, which is no text", b);
			return why;
		}
	}
	c->in_len += (size_t)n;
	if (c->in_len == sizeof(c->in) && !ctl_line_ready(c))
		return "sent a line longer than 511 bytes";
	return NULL;
}

static void ctl_accept(struct ecsim_ctl *ctl)
{
	for (;;) {
		int fd = accept4(ctl->listen_fd, NULL, NULL,
				 SOCK_CLOEXEC | SOCK_NONBLOCK);
		struct ecsim_ctl_client *c;
		static const char full[] = "error: too many control clients\n";

		if (fd < 0)
			return;
		ctl->accepted++;
		if (ctl->n == ECSIM_CTL_MAX_CLIENTS) {
			fprintf(stderr, "ethercat-sim: control client %u: "
				"%u clients already: refused\n",
				ctl->accepted, ctl->n);
			if (send(fd, full, sizeof(full) - 1,
				 MSG_DONTWAIT | MSG_NOSIGNAL) < 0) {
				/* it learns from the close */
			}
			close(fd);
			continue;
		}
		c = &ctl->cl[ctl->n];
		*c = (struct ecsim_ctl_client){ .fd = fd, .id = ctl->accepted };
		c->out = malloc(ctl->out_cap);
		if (!c->out) {
			fprintf(stderr, "ethercat-sim: control client %u: "
				"no memory: refused\n", c->id);
			close(fd);
			continue;
		}
		ctl->n++;
	}
}

/**
 * ecsim_ctl_serve() - one round of the control socket
 * @ctl: state
 * @pf: the entries ecsim_ctl_pollfds() filled, after poll()
 * @npf: their number
 * @now_ns: monotonic time, for the stall limit
 *
 * Answers the clients' complete lines, writes what their sockets take,
 * drops the clients that misbehave or stall (a log line each; "" as the
 * reason is an orderly close, not logged), accepts new ones.  Never
 * waits.
 */
void ecsim_ctl_serve(struct ecsim_ctl *ctl, const struct pollfd *pf,
		     unsigned int npf, uint64_t now_ns)
{
	unsigned int i;

	/* from the last: a drop moves the last client into slot i */
	for (i = ctl->n; i-- > 0;) {
		struct ecsim_ctl_client *c = &ctl->cl[i];
		short rev = 0;
		const char *why = NULL;

		if (1 + i < npf && pf[1 + i].fd == c->fd)
			rev = pf[1 + i].revents;
		if (rev & (POLLIN | POLLHUP | POLLERR))
			why = ctl_read(c, now_ns);
		/* written first: what leaves makes room for more answers */
		if (!why && !ctl_flush(c, now_ns))
			why = "";
		if (!why) {
			ctl_run_lines(ctl, c, now_ns);
			if (!ctl_flush(c, now_ns))
				why = "";
		}
		if (!why && c->out_len > c->out_off &&
		    now_ns - c->out_since > ctl->stall_ns)
			why = "reads no answers";
		if (!why && c->eof && !ctl_line_ready(c) &&
		    c->out_len == c->out_off)
			why = "";	/* answered all it sent */
		if (!why && c->in_len && !ctl_line_ready(c) &&
		    now_ns - c->in_since > ctl->stall_ns)
			why = "left its line unfinished";
		if (why)
			ctl_drop(ctl, i, *why ? why : NULL);
	}
	if (npf && (pf[0].revents & POLLIN))
		ctl_accept(ctl);
}

/**
 * ecsim_ctl_close() - close every client (not the listening socket)
 * @ctl: state
 */
void ecsim_ctl_close(struct ecsim_ctl *ctl)
{
	while (ctl->n)
		ctl_drop(ctl, ctl->n - 1, NULL);
}
