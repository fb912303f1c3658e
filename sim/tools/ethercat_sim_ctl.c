// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ethercat-sim-ctl: sends one command to a running ethercat-sim's control
 * socket (--control PATH) and prints the answer.
 *
 *   ethercat-sim-ctl [-s SOCKET | -m MASTER] [-j] [-t SECONDS] COMMAND...
 *
 * The default socket is the one "ethercatctl simulate" gives the simulator
 * of master 0: /run/ethercat-sim/master0.sock (-m N: masterN.sock;
 * $ETHERCAT_SIM_SOCKET overrides both).  The commands are the simulator's
 * (sim/control.c, ethercat-sim-ctl(1)); this program knows none of them, so
 * a command the simulator gains needs no change here.  -j puts the word
 * "json" before the command: the simulator answers with one JSON object.
 *
 * Exit 0 on "ok", 1 on "error: ..." (printed on stderr) or when the
 * simulator cannot be reached or its answer is incomplete, 2 on usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define SOCK_DIR	"/run/ethercat-sim"
#define LINE_MAX_LEN	255	/* the simulator reads lines of < 256 bytes */

static const char *me = "ethercat-sim-ctl";

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [-s SOCKET | -m MASTER] [-j] [-t SECONDS] "
		"COMMAND [ARGS...]\n"
		"  -s SOCKET   the simulator's control socket (default "
		SOCK_DIR "/master0.sock,\n"
		"              or $ETHERCAT_SIM_SOCKET)\n"
		"  -m MASTER   the simulator of master MASTER "
		"(" SOCK_DIR "/masterMASTER.sock)\n"
		"  -j          the answer as one JSON object\n"
		"  -t SECONDS  wait this long for the answer (default 5)\n"
		"commands (the simulator's, see ethercat-sim-ctl(1)):\n"
		"  status | unplug N | replug N | drop PERCENT | "
		"corrupt PERCENT | delay US\n"
		"  error N ALSTATUSCODE | emergency N CODE | ppm N PPM | "
		"break N | heal\n"
		"  rxerr|invalid|flap N PORT PERCENT | "
		"input N INDEX SUB [VALUE] | output N INDEX SUB\n"
		"N is a slave's index in the segment file.\n", me);
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int connect_to(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(a.sun_path)) {
		fprintf(stderr, "%s: %s: path too long for a unix socket\n",
			me, path);
		return -1;
	}
	strcpy(a.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		fprintf(stderr, "%s: socket: %s\n", me, strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		int e = errno;

		fprintf(stderr, "%s: cannot reach the simulator at %s: %s%s\n",
			me, path, strerror(e),
			e == ENOENT || e == ECONNREFUSED ?
			" (is it running? \"ethercatctl simulate "
			"SEGMENT.json\" starts one)" :
			e == EACCES ? " (root only?)" : "");
		close(fd);
		return -1;
	}
	return fd;
}

/* Send the line, then read the whole answer (the simulator closes its end
 * once it has answered and seen ours closed). */
static char *exchange(int fd, const char *line, int timeout_ms)
{
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap);
	int64_t end = now_ms() + timeout_ms;

	if (!buf) {
		fprintf(stderr, "%s: out of memory\n", me);
		return NULL;
	}
	if (write(fd, line, strlen(line)) != (ssize_t)strlen(line) ||
	    shutdown(fd, SHUT_WR)) {
		fprintf(stderr, "%s: cannot send the command: %s\n", me,
			strerror(errno));
		goto out_free;
	}
	for (;;) {
		struct pollfd pf = { .fd = fd, .events = POLLIN };
		int64_t left = end - now_ms();
		ssize_t n;

		if (left <= 0 || poll(&pf, 1, (int)left) == 0) {
			fprintf(stderr, "%s: no complete answer within %d s\n",
				me, timeout_ms / 1000);
			goto out_free;
		}
		if (len + 1 >= cap) {
			char *p = realloc(buf, cap * 2);

			if (!p) {
				fprintf(stderr, "%s: out of memory\n", me);
				goto out_free;
			}
			buf = p;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			fprintf(stderr, "%s: reading the answer: %s\n", me,
				strerror(errno));
			goto out_free;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
	return buf;
out_free:
	free(buf);
	return NULL;
}

/* The last line of the answer (without its newline), or "". */
static const char *last_line(char *buf)
{
	size_t len = strlen(buf);
	char *p;

	if (len && buf[len - 1] == '\n')
		buf[--len] = '\0';
	p = strrchr(buf, '\n');
	return p ? p + 1 : buf;
}

int main(int argc, char **argv)
{
	const char *sock = getenv("ETHERCAT_SIM_SOCKET");
	char path[108], line[LINE_MAX_LEN + 2], *ans, *end;
	const char *last;
	bool json = false;
	long master = -1, secs = 5;
	size_t len = 0;
	int c, fd, i, rc;

	while ((c = getopt(argc, argv, "+s:m:jt:h")) != -1) {
		switch (c) {
		case 's':
			sock = optarg;
			break;
		case 'm':
			master = strtol(optarg, &end, 10);
			if (*end || end == optarg || master < 0 ||
			    master > 31) {
				fprintf(stderr, "%s: -m %s: a master index "
					"0..31\n", me, optarg);
				return 2;
			}
			break;
		case 'j':
			json = true;
			break;
		case 't':
			secs = strtol(optarg, &end, 10);
			if (*end || end == optarg || secs < 1 ||
			    secs > 3600) {
				fprintf(stderr, "%s: -t %s: seconds, 1..3600\n",
					me, optarg);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind == argc) {
		usage(stderr);
		return 2;
	}
	if (master >= 0 || !sock) {
		snprintf(path, sizeof(path), SOCK_DIR "/master%ld.sock",
			 master < 0 ? 0 : master);
		sock = path;
	}
	line[0] = '\0';
	if (json)
		len = (size_t)snprintf(line, sizeof(line), "json ");
	for (i = optind; i < argc; i++) {
		if (strpbrk(argv[i], "\n\r") || !argv[i][0]) {
			fprintf(stderr, "%s: argument %d is empty or holds a "
				"line break\n", me, i - optind + 1);
			return 2;
		}
		len += (size_t)snprintf(line + len, sizeof(line) - len,
					"%s%s", i > optind ? " " : "",
					argv[i]);
		if (len >= LINE_MAX_LEN) {
			fprintf(stderr, "%s: the command is longer than %d "
				"bytes\n", me, LINE_MAX_LEN - 1);
			return 2;
		}
	}
	line[len++] = '\n';
	line[len] = '\0';

	fd = connect_to(sock);
	if (fd < 0)
		return 1;
	ans = exchange(fd, line, (int)secs * 1000);
	close(fd);
	if (!ans)
		return 1;
	last = last_line(ans);
	if (json) {
		rc = strncmp(ans, "{\"ok\":true", 10) ? 1 : 0;
		if (!strchr(ans, '\n') && last[0] == '{' &&
		    last[strlen(last) - 1] == '}') {
			printf("%s\n", ans);
		} else {
			fprintf(stderr, "%s: incomplete answer from the "
				"simulator\n", me);
			rc = 1;
		}
	} else if (!strcmp(last, "ok")) {
		/* the lines before "ok" are the answer */
		fwrite(ans, 1, (size_t)(last - ans), stdout);
		rc = 0;
	} else if (!strncmp(last, "error: ", 7)) {
		fprintf(stderr, "%s: %s\n", me, last + 7);
		rc = 1;
	} else {
		fprintf(stderr, "%s: incomplete answer from the simulator\n",
			me);
		rc = 1;
	}
	free(ans);
	return rc;
}
