/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench_semantics.h - ec_bench_user -S: checks that ecrt_domain_process()
 * and ecrt_domain_queue() over the shared area (no system call) give what
 * the kernel's ec_domain_process() gives for the same sequence of calls.
 *
 * Each step runs a sequence of the cyclic calls, checks the result that
 * lib's ecrt_domain_state() returns against the value the API defines,
 * then makes the next receive or send (where the module replays the
 * shared area's record) and checks that the kernel's own domain state
 * (EC_IOCTL_DOMAIN_STATE, read past lib) is the same.  The library's
 * internals (ecrt_lib.h) give the file descriptor and domain index.
 */
#ifndef EC_BENCH_SEMANTICS_H
#define EC_BENCH_SEMANTICS_H

#include <sys/ioctl.h>

#include "ec_ioctl.h"
#include "ecrt_lib.h"

static int bench_sem_failures;

/* The kernel's state of the domain (what its last process() found). */
static int bench_kernel_wkc(struct bench *b, unsigned int *wkc,
			    unsigned int *wc_state)
{
	struct ec_ioctl_domain_state data;

	memset(&data, 0, sizeof(data));
	data.domain_index = b->domain->index;
	if (ioctl(b->master->lm.fd, EC_IOCTL_DOMAIN_STATE, &data) < 0)
		return -errno;
	*wkc = data.working_counter;
	*wc_state = data.wc_state;
	return 0;
}

/*
 * Compare lib's state with @want (expected working counter; the state
 * follows from it), then, after @sync (a receive or send that replays the
 * record), the kernel's state with lib's.
 */
static void bench_sem_check(struct bench *b, const char *what,
			    unsigned int want, int (*sync)(ec_master_t *))
{
	ec_domain_state_t ds;
	unsigned int kwkc = ~0U, kstate = ~0U;
	uint64_t before = bench_ioctl_count;
	int lib_ok, kernel_ok;

	ecrt_domain_state(b->domain, &ds);
	lib_ok = ds.working_counter == want &&
		ds.wc_state == (want ? EC_WC_COMPLETE : EC_WC_ZERO);
	if (bench_ioctl_count != before)
		lib_ok = 0;	/* the state must not need a system call */
	sync(b->master);
	bench_kernel_wkc(b, &kwkc, &kstate);
	kernel_ok = kwkc == ds.working_counter && kstate == ds.wc_state;
	BENCH_LOG("BENCH semantics %-34s lib %u/%u kernel %u/%u want %u: %s",
		  what, ds.working_counter, ds.wc_state, kwkc, kstate, want,
		  lib_ok && kernel_ok ? "ok" : "FAILED");
	if (!lib_ok || !kernel_ok)
		bench_sem_failures++;
}

#define BENCH_SEM_APP_TIME 0x123456789abcULL

static uint64_t bench_master_app_time(struct bench *b)
{
	ec_master_info_t mi;

	memset(&mi, 0, sizeof(mi));
	ecrt_master(b->master, &mi);
	return mi.app_time;
}

static void bench_sem_app_time(struct bench *b, const char *what,
			       uint64_t got, uint64_t want)
{
	(void)b;
	BENCH_LOG("BENCH semantics %-44s %#llx want %#llx: %s", what,
		  (unsigned long long)got, (unsigned long long)want,
		  got == want ? "ok" : "FAILED");
	if (got != want)
		bench_sem_failures++;
}

/*
 * Let the answer of the last send arrive (the sim delays it; the emulated
 * rig stalls now and then): 20 ms or 5 cycles, the longer.
 */
static void bench_sem_wait(unsigned int period_us)
{
	usleep(period_us * 5 > 20000 ? period_us * 5 : 20000);
}

static int bench_semantics(struct bench *b, unsigned int period_us)
{
	ec_domain_state_t ds;
	unsigned int full;
	uint64_t before;

	ecrt_domain_state(b->domain, &ds);
	full = ds.working_counter;
	if (!b->domain->shm) {
		BENCH_LOG("BENCH semantics: no shared area mapped");
		return 1;
	}

	/* 1. receive, process: the answered datagrams */
	bench_sem_wait(period_us);
	ecrt_master_receive(b->master);
	before = bench_ioctl_count;
	ecrt_domain_process(b->domain);
	ecrt_domain_queue(b->domain);
	if (bench_ioctl_count != before) {
		BENCH_LOG("BENCH semantics process/queue: %llu ioctls: FAILED",
			  (unsigned long long)(bench_ioctl_count - before));
		bench_sem_failures++;
	}
	bench_sem_check(b, "receive, process", full, ecrt_master_send);

	/* 2. process after the send, before the answer is received */
	ecrt_domain_process(b->domain);
	bench_sem_wait(period_us);
	bench_sem_check(b, "send, process (no receive)", 0,
			ecrt_master_receive);

	/* 3. process twice after the receive */
	ecrt_domain_process(b->domain);
	ecrt_domain_process(b->domain);
	bench_sem_check(b, "receive, process, process", full,
			ecrt_master_receive);

	/* 4. queue, then process: the datagrams are queued, not answered */
	ecrt_domain_process(b->domain);
	ecrt_domain_queue(b->domain);
	ecrt_domain_process(b->domain);
	bench_sem_check(b, "process, queue, process", 0, ecrt_master_send);

	/* 5. queue twice: one exchange, then full again */
	bench_sem_wait(period_us);
	ecrt_master_receive(b->master);
	ecrt_domain_process(b->domain);
	ecrt_domain_queue(b->domain);
	ecrt_domain_queue(b->domain);
	bench_sem_check(b, "receive, process, queue, queue", full,
			ecrt_master_send);
	bench_sem_wait(period_us);
	ecrt_master_receive(b->master);
	ecrt_domain_process(b->domain);
	bench_sem_check(b, "after queue twice: receive, process", full,
			ecrt_master_receive);

	/* 6. processed before the receive that fills it, then after it */
	ecrt_domain_queue(b->domain);
	ecrt_master_send(b->master);
	bench_sem_wait(period_us);
	ecrt_domain_process(b->domain);
	bench_sem_check(b, "send, answer arrives, process", 0,
			ecrt_master_receive);
	ecrt_domain_process(b->domain);
	bench_sem_check(b, "then receive, process", full,
			ecrt_master_receive);

	/* 7. not queued: the last answer stays */
	ecrt_master_send(b->master);
	bench_sem_wait(period_us);
	ecrt_master_receive(b->master);
	ecrt_domain_process(b->domain);
	bench_sem_check(b, "send without queue, receive, process", full,
			ecrt_master_send);

	/* 8. the application time: no system call, reported, then taken */
	before = bench_ioctl_count;
	ecrt_master_application_time(b->master, BENCH_SEM_APP_TIME);
	bench_sem_app_time(b, "application_time: system calls",
			   bench_ioctl_count - before, 0);
	bench_sem_app_time(b, "application_time: ecrt_master() before send",
			   bench_master_app_time(b), BENCH_SEM_APP_TIME);
	ecrt_master_send(b->master);
	bench_sem_app_time(b, "application_time: ecrt_master() after send",
			   bench_master_app_time(b), BENCH_SEM_APP_TIME);
	return bench_sem_failures;
}

#endif /* EC_BENCH_SEMANTICS_H */
