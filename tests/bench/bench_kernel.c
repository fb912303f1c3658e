// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_bench_kernel - the kernel side of the timing benchmark (make bench):
 * the application of bench_app.h over the master's exported ecrt_*, in a
 * kthread that sleeps until an absolute time between cycles
 * (schedule_hrtimeout_range, HRTIMER_MODE_ABS) and times each call with
 * the TSC (rdtsc_ordered, calibrated against ktime_get_ns; ktime_get_ns
 * elsewhere).  The kernel makes no system calls: the count is 0.
 *
 * Parameters: master_index, cycles (measured), period_us, warmup_ms, rtt
 * (after the measured cycles, that many frame round trips: send, then
 * receive and process until the domain's working counter is complete, 2 ms
 * at most; one per period).
 * It prints "BENCH kernel ..." lines to the kernel log, then
 * "BENCH kernel done" (or "BENCH kernel error: ..."); unload it then.
 */
#define pr_fmt(fmt) "ec_bench_kernel: " fmt

#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/sort.h>
#include <linux/types.h>
#include <linux/vmalloc.h>
#ifdef CONFIG_X86
#include <asm/msr.h>
#endif

static unsigned int master_index;
module_param(master_index, uint, 0444);
MODULE_PARM_DESC(master_index, "master to use (default 0)");
static unsigned int cycles = 5000;
module_param(cycles, uint, 0444);
MODULE_PARM_DESC(cycles, "cycles to measure (default 5000)");
static unsigned int period_us = 1000;
module_param(period_us, uint, 0444);
MODULE_PARM_DESC(period_us, "cycle time in us (default 1000)");
static unsigned int warmup_ms = 20000;
module_param(warmup_ms, uint, 0444);
MODULE_PARM_DESC(warmup_ms, "time to reach OP at most (default 20000)");
static unsigned int rtt;
module_param(rtt, uint, 0444);
MODULE_PARM_DESC(rtt, "frame round trips to time after the cycles (default 0)");

#define BENCH_RTT_MAX_NS (2 * NSEC_PER_MSEC)

static inline u64 bench_ns(void)
{
	return ktime_get_ns();
}

static inline u64 bench_ticks(void)
{
#ifdef CONFIG_X86
	return rdtsc_ordered();
#else
	return ktime_get_ns();
#endif
}

static inline u64 bench_syscalls(void)
{
	return 0;
}

static int bench_cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

static void bench_sort_u32(u32 *a, unsigned int n)
{
	sort(a, n, sizeof(*a), bench_cmp_u32, NULL);
}

#define bench_div64(a, b) div64_u64((a), (b))
#define BENCH_LOG(fmt, ...) pr_info(fmt "\n", ##__VA_ARGS__)

#include "bench_app.h"

static struct bench bench;
static struct task_struct *bench_thread;

static void bench_sleep_until(ktime_t *wakeup)
{
	*wakeup = ktime_add_us(*wakeup, period_us);
	set_current_state(TASK_INTERRUPTIBLE);
	schedule_hrtimeout_range(wakeup, 0, HRTIMER_MODE_ABS);
}

/*
 * Frame round trips: from ecrt_master_send() to the ecrt_master_receive()
 * after which the domain's working counter is complete, polling in a
 * loop.  Prints "BENCH kernel rtt n=N median=NS p99=NS max=NS lost=N".
 */
static int bench_rtt(struct bench *b, ktime_t *wakeup)
{
	unsigned int i, n = 0, lost = 0;
	ec_domain_state_t ds;
	u64 t0, t1;
	u32 *v;

	v = vzalloc(array_size(rtt, sizeof(u32)));
	if (!v)
		return -ENOMEM;
	for (i = 0; i < rtt && !kthread_should_stop(); i++) {
		ecrt_master_receive(b->master);
		ecrt_domain_process(b->domain);
		ecrt_domain_queue(b->domain);
		t0 = bench_ns();
		ecrt_master_send(b->master);
		do {
			ecrt_master_receive(b->master);
			ecrt_domain_process(b->domain);
			ecrt_domain_state(b->domain, &ds);
			t1 = bench_ns();
		} while (ds.wc_state != EC_WC_COMPLETE &&
			 t1 - t0 < BENCH_RTT_MAX_NS);
		if (ds.wc_state == EC_WC_COMPLETE)
			v[n++] = (u32)(t1 - t0);
		else
			lost++;
		bench_sleep_until(wakeup);
	}
	if (n) {
		bench_sort_u32(v, n);
		BENCH_LOG("BENCH kernel rtt n=%u median=%u p99=%u max=%u lost=%u",
			  n, v[n / 2], v[n - 1 - n / 100], v[n - 1], lost);
	}
	vfree(v);
	return 0;
}

static int bench_run(struct bench *b)
{
	unsigned int i, waited = 0;
	ktime_t wakeup;
	int ret;

	while (!bench_slaves_ready(b)) {
		if (kthread_should_stop() || waited++ > warmup_ms / 10) {
			BENCH_LOG("BENCH kernel error: slaves not ready");
			return -ETIMEDOUT;
		}
		usleep_range(10000, 11000);
	}
	ret = bench_configure(b);
	if (!ret)
		ret = ecrt_master_activate(b->master);
	if (ret) {
		BENCH_LOG("BENCH kernel error: configure/activate: %d", ret);
		return ret;
	}
	BENCH_LOG("BENCH kernel setup slaves=%u entries=%u domain_bytes=%zu",
		  b->slave_count, b->entries, ecrt_domain_size(b->domain));
	wakeup = ktime_get();
	for (i = 0; !bench_in_op(b); i++) {
		if (kthread_should_stop() ||
		    (u64)i * period_us > (u64)warmup_ms * 1000) {
			BENCH_LOG("BENCH kernel error: not in OP after %u ms",
				  warmup_ms);
			return -ETIMEDOUT;
		}
		if (bench_cycle(b, 0) < 0) {
			BENCH_LOG("BENCH kernel error: cycle failed");
			return -EIO;
		}
		bench_sleep_until(&wakeup);
	}
	BENCH_LOG("BENCH kernel op after_cycles=%u", i);
	while (b->done < b->cycles) {
		if (kthread_should_stop())
			return -EINTR;
		if (bench_cycle(b, 1) < 0) {
			BENCH_LOG("BENCH kernel error: cycle failed");
			return -EIO;
		}
		bench_sleep_until(&wakeup);
	}
	bench_report(b, "kernel");
	return rtt ? bench_rtt(b, &wakeup) : 0;
}

static int bench_task(void *data)
{
	struct bench *b = data;

	if (!bench_run(b))
		BENCH_LOG("BENCH kernel done");
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static void bench_free(struct bench *b)
{
	unsigned int i;

	for (i = 0; i < BENCH_ROWS; i++)
		vfree(b->ticks[i]);
}

static int __init bench_init(void)
{
	struct bench *b = &bench;
	unsigned int i;
	int ret = -ENOMEM;

	if (!cycles || !period_us || period_us >= USEC_PER_SEC)
		return -EINVAL;
	b->cycles = cycles;
	for (i = 0; i < BENCH_ROWS; i++) {
		b->ticks[i] = vzalloc(array_size(cycles, sizeof(u32)));
		if (!b->ticks[i])
			goto out_free;
	}
	b->master = ecrt_request_master(master_index);
	if (!b->master) {
		pr_err("master %u is not available\n", master_index);
		ret = -EBUSY;
		goto out_free;
	}
	bench_thread = kthread_run(bench_task, b, "ec_bench");
	if (IS_ERR(bench_thread)) {
		ret = PTR_ERR(bench_thread);
		goto out_release;
	}
	return 0;

out_release:
	ecrt_release_master(b->master);
out_free:
	bench_free(b);
	return ret;
}

static void __exit bench_exit(void)
{
	kthread_stop(bench_thread);
	ecrt_release_master(bench.master);
	bench_free(&bench);
}

module_init(bench_init);
module_exit(bench_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The EtherCAT master authors");
MODULE_DESCRIPTION("Timing of the cyclic ecrt_* calls in kernel space");
