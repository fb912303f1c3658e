// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_hc_kernel_example - the hot-connect calls (EC_HAVE_HOT_CONNECT,
 * doc/HOTCONNECT.md) from a kernel application, on
 * examples/hotconnect/segment.json: the base (EL1008 at 0:1, EL2008 at
 * 0:2) in no group, the group "tool" (EL1008 at 0:3, EL2008 at 0:4)
 * behind port 1 of 0:2.  A kthread runs the cycle every period_us: it
 * receives, processes the domain, reads the domain's and the tool's
 * state, writes a counter to the outputs and sends.  Each change of the
 * tool's presence is logged ("ec_hc_kernel_example: tool present ..."),
 * and at unload the figures: cycles, cycles in which the domain was not
 * complete once it had been, the tool's joins and its inputs that were
 * not zero while it was absent (after the first absent cycle).
 *
 * Build: examples/hotconnect/kernel/Kbuild (tests/vm/t_hotconnect_kernel.sh
 * builds it with examples/kernel/build).
 */
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "ecrt.h"

#ifndef EC_HAVE_HOT_CONNECT
#error "this example needs EC_HAVE_HOT_CONNECT"
#endif

static unsigned int period_us = 2000;
module_param(period_us, uint, 0444);
MODULE_PARM_DESC(period_us, "Cycle time in microseconds");

#define BECKHOFF 0x00000002
#define EL1008 0x03f03052
#define EL2008 0x07d83052
#define CH(i, base) { (uint16_t)((base) + 0x10 * (i)), 1, 1 }
#define PDO(idx, e) { (uint16_t)(idx), 1, &(e) }

static ec_pdo_entry_info_t in_entries[] = {
	CH(0, 0x6000), CH(1, 0x6000), CH(2, 0x6000), CH(3, 0x6000),
	CH(4, 0x6000), CH(5, 0x6000), CH(6, 0x6000), CH(7, 0x6000),
};
static ec_pdo_entry_info_t out_entries[] = {
	CH(0, 0x7000), CH(1, 0x7000), CH(2, 0x7000), CH(3, 0x7000),
	CH(4, 0x7000), CH(5, 0x7000), CH(6, 0x7000), CH(7, 0x7000),
};
static ec_pdo_info_t in_pdos[] = {
	PDO(0x1a00, in_entries[0]), PDO(0x1a01, in_entries[1]),
	PDO(0x1a02, in_entries[2]), PDO(0x1a03, in_entries[3]),
	PDO(0x1a04, in_entries[4]), PDO(0x1a05, in_entries[5]),
	PDO(0x1a06, in_entries[6]), PDO(0x1a07, in_entries[7]),
};
static ec_pdo_info_t out_pdos[] = {
	PDO(0x1600, out_entries[0]), PDO(0x1601, out_entries[1]),
	PDO(0x1602, out_entries[2]), PDO(0x1603, out_entries[3]),
	PDO(0x1604, out_entries[4]), PDO(0x1605, out_entries[5]),
	PDO(0x1606, out_entries[6]), PDO(0x1607, out_entries[7]),
};
static ec_sync_info_t in_syncs[] = {
	{ 0, EC_DIR_INPUT, 8, in_pdos, EC_WD_DEFAULT },
	{ 0xff }
};
static ec_sync_info_t out_syncs[] = {
	{ 0, EC_DIR_OUTPUT, 8, out_pdos, EC_WD_DEFAULT },
	{ 0xff }
};

static struct {
	ec_master_t *master;
	ec_domain_t *domain;
	ec_hc_group_t *tool;
	uint8_t *pd;
	unsigned int off_do, off_tdi, off_tdo;
	struct task_struct *task;
	ec_hc_presence_t presence;
	bool complete_once;
	unsigned long cycles, incomplete, joins, absent_cycles;
	unsigned long absent_nonzero;
	uint8_t out;
} app;

static const char *presence_name(ec_hc_presence_t p)
{
	return p == EC_HC_PRESENT ? "present" :
	       p == EC_HC_JOINING ? "joining" : "absent";
}

static void cycle_step(void)
{
	ec_domain_state_t ds;
	ec_hc_group_state_t gs;

	ecrt_master_receive(app.master);
	ecrt_domain_process(app.domain);
	ecrt_domain_state(app.domain, &ds);
	ecrt_domain_group_state(app.domain, app.tool, &gs);
	app.cycles++;
	if (ds.wc_state == EC_WC_COMPLETE)
		app.complete_once = true;
	else if (app.complete_once)
		app.incomplete++;
	if (gs.presence != app.presence) {
		if (gs.presence == EC_HC_PRESENT)
			app.joins++;
		pr_info("ec_hc_kernel_example: tool %s at cycle %lu (domain working counter %u, tool's %u/%u)\n",
			presence_name(gs.presence), app.cycles,
			ds.working_counter, gs.working_counter,
			gs.expected_working_counter);
		app.presence = gs.presence;
	}
	app.absent_cycles = gs.presence == EC_HC_ABSENT ?
			    app.absent_cycles + 1 : 0;
	if (app.absent_cycles > 1 && app.pd[app.off_tdi])
		app.absent_nonzero++;
	app.out = app.out == 0xff ? 4 : app.out + 1;
	app.pd[app.off_do] = app.out;
	app.pd[app.off_tdo] = app.out;
	ecrt_domain_queue(app.domain);
	ecrt_master_send(app.master);
}

static int cyclic_task(void *data)
{
	ktime_t wakeup = ktime_get();

	while (!kthread_should_stop()) {
		wakeup = ktime_add_us(wakeup, period_us);
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_hrtimeout_range(&wakeup, 0, HRTIMER_MODE_ABS);
		if (kthread_should_stop())
			break;
		cycle_step();
		if (ktime_after(ktime_get(), ktime_add_ms(wakeup, 1000)))
			wakeup = ktime_get();
	}
	return 0;
}

/* A config at 0:@pos with its PDOs, registered in the domain; or NULL. */
static ec_slave_config_t *config(uint16_t pos, uint32_t product,
				 ec_sync_info_t *syncs, uint16_t index,
				 unsigned int *offset)
{
	ec_slave_config_t *sc;
	int ret;

	sc = ecrt_master_slave_config(app.master, 0, pos, BECKHOFF, product);
	if (!sc || ecrt_slave_config_pdos(sc, EC_END, syncs))
		return NULL;
	ret = ecrt_slave_config_reg_pdo_entry(sc, index, 1, app.domain, NULL);
	if (ret < 0)
		return NULL;
	*offset = (unsigned int)ret;
	return sc;
}

static int configure(void)
{
	ec_slave_config_t *tdi, *tdo;
	unsigned int off_di;

	app.domain = ecrt_master_create_domain(app.master);
	app.tool = ecrt_master_create_hc_group(app.master, "tool");
	if (!app.domain || !app.tool ||
	    ecrt_hc_group_at_port(app.tool, 0, 2, 1))
		return -EINVAL;
	if (!config(1, EL1008, in_syncs, 0x6000, &off_di) ||
	    !config(2, EL2008, out_syncs, 0x7000, &app.off_do))
		return -EINVAL;
	tdi = config(3, EL1008, in_syncs, 0x6000, &app.off_tdi);
	tdo = config(4, EL2008, out_syncs, 0x7000, &app.off_tdo);
	if (!tdi || !tdo || ecrt_slave_config_hc_group(tdi, app.tool) ||
	    ecrt_slave_config_hc_group(tdo, app.tool))
		return -EINVAL;
	return 0;
}

static int __init ec_hc_example_init(void)
{
	int ret;

	if (!period_us || period_us >= USEC_PER_SEC)
		return -EINVAL;
	app.master = ecrt_request_master(0);
	if (!app.master)
		return -EBUSY;
	ret = configure();
	if (!ret) {
		ecrt_master_set_send_interval(app.master, period_us);
		ret = ecrt_master_activate(app.master);
	}
	if (ret)
		goto out_release;
	app.pd = ecrt_domain_data(app.domain);
	app.presence = EC_HC_ABSENT;
	app.out = 4;
	app.task = kthread_run(cyclic_task, NULL, "ec_hc_example");
	if (IS_ERR(app.task)) {
		ret = PTR_ERR(app.task);
		goto out_release;
	}
	pr_info("ec_hc_kernel_example: active, tool group created\n");
	return 0;

out_release:
	pr_err("ec_hc_kernel_example: cannot start (%d)\n", ret);
	ecrt_release_master(app.master);
	return ret;
}

static void __exit ec_hc_example_exit(void)
{
	kthread_stop(app.task);
	pr_info("ec_hc_kernel_example: cycles %lu, incomplete after the first complete one %lu, tool joins %lu, absent inputs not zero %lu\n",
		app.cycles, app.incomplete, app.joins, app.absent_nonzero);
	ecrt_release_master(app.master);
}

module_init(ec_hc_example_init);
module_exit(ec_hc_example_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("EtherCAT hot-connect groups from a kernel application");
