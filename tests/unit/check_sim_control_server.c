// SPDX-License-Identifier: GPL-2.0-only
/*
 * The control socket's clients (sim/control_server.c), over a real unix
 * socket with the time under the test's control: a client that reads no
 * answers holds none of the others up and is dropped after the stall
 * time, not before; its lines wait while its answers do not fit; bytes
 * that are no text, an overlong line and an unfinished line drop the
 * client; a client that closes its sending side still gets every answer;
 * the ninth client is refused.  tests/sim/t_control_stall.sh checks the
 * same against the ethercat-sim program and its master port.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "control_server.h"

#define STALL	1000000000ull

static const char *three =
	"{\"slaves\":[{\"model\":\"EK1100\"},{\"model\":\"EL1008\"},"
	"{\"model\":\"EL2008\"}]}";

static char dir[32], path[64];
static int lfd = -1;
static struct ecsim_segment *seg;
static struct ecsim_ctl ctl;

static void setup(void)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	char err[256];

	snprintf(dir, sizeof(dir), "/tmp/check_ctl.XXXXXX");
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/ctl", dir);
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", path);
	lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	ck_assert_int_ge(lfd, 0);
	ck_assert_int_eq(bind(lfd, (struct sockaddr *)&a, sizeof(a)), 0);
	ck_assert_int_eq(listen(lfd, 16), 0);
	seg = ecsim_segment_new_string(three, err, sizeof(err));
	ck_assert_msg(seg != NULL, "segment: %s", err);
	ecsim_ctl_init(&ctl, seg, lfd, STALL);
}

static void teardown(void)
{
	ecsim_ctl_close(&ctl);
	ecsim_segment_free(seg);
	close(lfd);
	unlink(path);
	rmdir(dir);
}

/* One round of the simulator's loop at time @now, without waiting. */
static void serve(uint64_t now)
{
	struct pollfd pf[1 + ECSIM_CTL_MAX_CLIENTS];
	unsigned int n = ecsim_ctl_pollfds(&ctl, pf);

	ck_assert_int_ge(poll(pf, n, 0), 0);
	ecsim_ctl_serve(&ctl, pf, n, now);
}

static int client(uint64_t now)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	snprintf(a.sun_path, sizeof(a.sun_path), "%s", path);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	serve(now);
	return fd;
}

static void say(int fd, const char *s)
{
	ck_assert_int_eq(send(fd, s, strlen(s), MSG_NOSIGNAL),
			 (ssize_t)strlen(s));
}

/*
 * Serve until @fd has an answer ending in "\n" and nothing more comes
 * (at most 1000 rounds); return its length in @buf.
 */
static size_t answer(int fd, uint64_t now, char *buf, size_t cap)
{
	size_t len = 0;
	unsigned int round;

	for (round = 0; round < 1000; round++) {
		ssize_t n;

		serve(now);
		n = recv(fd, buf + len, cap - 1 - len, MSG_DONTWAIT);
		if (n > 0)
			len += (size_t)n;
		else if (len && buf[len - 1] == '\n')
			break;
	}
	buf[len] = '\0';
	return len;
}

/*
 * Whether the simulator closed @fd's connection within 100 rounds (what
 * it sent before is read and dropped).
 */
static bool closed(int fd, uint64_t now)
{
	char b[4096];
	unsigned int round;

	for (round = 0; round < 100; round++) {
		ssize_t n;

		serve(now);
		do
			n = recv(fd, b, sizeof(b), MSG_DONTWAIT);
		while (n > 0);
		if (n == 0 || errno == ECONNRESET)
			return true;
	}
	return false;
}

START_TEST(test_stalled_reader)
{
	int a = client(0), b, i, sent = 0;
	char buf[8192];
	uint64_t t;

	/* a sends "status" as long as its socket takes it, reads nothing */
	for (i = 0; i < 100000; i++) {
		if (send(a, "status\n", 7, MSG_DONTWAIT | MSG_NOSIGNAL) != 7)
			break;
		sent++;
		if (i % 16 == 0)
			serve(0);
	}
	ck_assert_int_gt(sent, 100);
	b = client(0);
	ck_assert_uint_eq(ctl.n, 2);
	/* a's answers back up to its bound; b is answered meanwhile */
	for (t = 0; t <= STALL; t += STALL / 4) {
		say(b, "status\n");
		ck_assert_uint_gt(answer(b, t, buf, sizeof(buf)), 0);
		ck_assert_msg(strstr(buf, "EL2008") != NULL, "%s", buf);
		ck_assert_uint_eq(ctl.n, 2);
	}
	for (i = 0; i < 2; i++)
		if (ctl.cl[i].id == 1)	/* a, the first accepted */
			break;
	ck_assert_int_lt(i, 2);
	ck_assert_uint_gt(ctl.cl[i].out_len - ctl.cl[i].out_off, 0);
	ck_assert_uint_le(ctl.cl[i].out_len, ctl.out_cap);
	/* a's further lines wait unread while its answers do not fit */
	ck_assert(memchr(ctl.cl[i].in, '\n', ctl.cl[i].in_len) != NULL);
	/* a moved nothing for longer than the stall time: dropped */
	ck_assert(closed(a, 2 * STALL + 1));
	ck_assert_uint_eq(ctl.n, 1);
	ck_assert_uint_eq(ctl.cl[0].id, 2);
	say(b, "status\n");
	ck_assert_uint_gt(answer(b, 2 * STALL + 2, buf, sizeof(buf)), 0);
	ck_assert_msg(strstr(buf, "EL2008") != NULL, "%s", buf);
	close(a);
	close(b);
}
END_TEST

START_TEST(test_reader_that_reads_stays)
{
	int a = client(0);
	char buf[65536];
	unsigned int i;
	uint64_t t = 0;

	/* many lines over many stall times, each answer read in time */
	for (i = 0; i < 20; i++) {
		say(a, "status\nstatus\nstatus\n");
		t += STALL / 2;
		ck_assert_uint_gt(answer(a, t, buf, sizeof(buf)), 0);
		ck_assert_uint_eq(ctl.n, 1);
	}
	close(a);
	serve(t);
	serve(t);
	ck_assert_uint_eq(ctl.n, 0);
}
END_TEST

START_TEST(test_garbage_and_long_line)
{
	int bad = client(0), longl = client(0), good = client(0);
	char buf[8192], line[600];

	say(bad, "sta\001tus\n");
	memset(line, 'a', sizeof(line));
	ck_assert_int_eq(send(longl, line, sizeof(line), MSG_NOSIGNAL),
			 (ssize_t)sizeof(line));
	ck_assert(closed(bad, 0));
	ck_assert(closed(longl, 0));
	ck_assert_uint_eq(ctl.n, 1);
	say(good, "status\n");
	ck_assert_uint_gt(answer(good, 0, buf, sizeof(buf)), 0);
	ck_assert_msg(strstr(buf, "EK1100") != NULL, "%s", buf);
	close(bad);
	close(longl);
	close(good);
}
END_TEST

START_TEST(test_unfinished_line)
{
	int a = client(0);

	/* read at STALL / 2: unfinished from then on */
	say(a, "stat");
	serve(STALL / 2);
	ck_assert_uint_eq(ctl.n, 1);
	serve(STALL / 2 + STALL);
	ck_assert_uint_eq(ctl.n, 1);
	ck_assert(closed(a, STALL / 2 + STALL + 1));
	ck_assert_uint_eq(ctl.n, 0);
	close(a);
}
END_TEST

START_TEST(test_half_close_gets_answers)
{
	int a = client(0);
	char buf[65536];
	size_t len;
	unsigned int i, lines = 0;

	/* the end of its input closes it only after the last answer */
	for (i = 0; i < 8; i++)
		say(a, "json status\n");
	ck_assert_int_eq(shutdown(a, SHUT_WR), 0);
	len = answer(a, 0, buf, sizeof(buf));
	for (i = 0; i < len; i++)
		lines += buf[i] == '\n';
	ck_assert_uint_eq(lines, 8);
	ck_assert(closed(a, 0));
	ck_assert_uint_eq(ctl.n, 0);
	close(a);
}
END_TEST

START_TEST(test_too_many)
{
	int fd[ECSIM_CTL_MAX_CLIENTS + 1], i;
	char buf[128];

	for (i = 0; i <= ECSIM_CTL_MAX_CLIENTS; i++)
		fd[i] = client(0);
	ck_assert_uint_eq(ctl.n, ECSIM_CTL_MAX_CLIENTS);
	ck_assert_uint_gt(answer(fd[ECSIM_CTL_MAX_CLIENTS], 0, buf,
				 sizeof(buf)), 0);
	ck_assert_str_eq(buf, "error: too many control clients\n");
	close(fd[0]);
	ck_assert(closed(fd[ECSIM_CTL_MAX_CLIENTS], 0));
	ck_assert_uint_eq(ctl.n, ECSIM_CTL_MAX_CLIENTS - 1);
	for (i = 1; i <= ECSIM_CTL_MAX_CLIENTS; i++)
		close(fd[i]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sim_control_server");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_stalled_reader);
	tcase_add_test(tc, test_reader_that_reads_stays);
	tcase_add_test(tc, test_garbage_and_long_line);
	tcase_add_test(tc, test_unfinished_line);
	tcase_add_test(tc, test_half_close_gets_answers);
	tcase_add_test(tc, test_too_many);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
