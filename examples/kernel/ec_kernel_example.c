// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_kernel_example - the cyclic example application as a kernel module.
 *
 * Same job as examples/user on the default virtual segment
 * (sim/segments/default.json): the cycle runs at 1 kHz, in one of the
 * contexts IgH's kernel examples use (module parameter mode):
 *   kthread   a kthread sleeping until an absolute time with
 *             schedule_hrtimeout_range(HRTIMER_MODE_ABS) (the default);
 *   timer     a timer_list callback (softirq), every jiffy (HZ limits it);
 *   hrtimer   an hrtimer callback in softirq expiry (HRTIMER_MODE_ABS_SOFT);
 *   hardirq   an hrtimer callback in hard interrupt expiry
 *             (HRTIMER_MODE_ABS_HARD);
 * in the timer modes the whole cycle runs under the application's
 * spinlock with interrupts off (spin_lock_irqsave(); a raw spinlock in
 * hardirq mode, where PREEMPT_RT's sleeping spinlocks are not allowed), as
 * IgH's examples hold their lock.  callbacks=1 registers send/receive
 * callbacks (ecrt_master_callbacks()) that take the same lock, so the
 * master's own datagrams go out through ecrt_master_send_ext().
 * it takes EL1008, EL2008, EL3102, EL4102 and the servo to OP, toggles the
 * EL2008 outputs and writes EL4102 values and checks that they come back
 * on the EL1008 and EL3102 inputs, and reads 0x1018:01 of the servo with
 * an SDO request once the servo is in OP.  It reports through the kernel
 * log; after `cycles` cycles (module parameter, 0 = until unloaded) it
 * prints "loopback ok: digital N/M, analog N/M" (or FAILED) and stops
 * cycling; unloading releases the master (slaves back to PREOP).
 *
 * The realtime ecrt_* calls may be called from any of these contexts
 * (doc/LOCKING.md); the configuration calls run in module init (process
 * context).  With cycles=0 the report is printed at unload.
 */
#define pr_fmt(fmt) "ec_kernel_example: " fmt

#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/timer.h>

#include "ecrt.h"

#define BECKHOFF 0x00000002
#define EL1008 BECKHOFF, 0x03f03052
#define EL2008 BECKHOFF, 0x07d83052
#define EL3102 BECKHOFF, 0x0c1e3052
#define EL4102 BECKHOFF, 0x10063052
#define ECSIM_SERVO 0x0ec51d00, 0x00000402

#define CHANNELS 8
#define PERIOD 10		/* cycles between output changes */
#define N_CONFIGS 5
#define SERVO_RING_POSITION 5	/* on the default segment */

/* Identity object 0x1018, sub 1 vendor ID (CiA 301, ETG.1000.6). */
#define SDO_IDENTITY 0x1018
#define SDO_IDENTITY_VENDOR 0x01

static unsigned int master_index;
module_param(master_index, uint, 0444);
MODULE_PARM_DESC(master_index, "Index of the master to use");
static unsigned long cycles;
module_param(cycles, ulong, 0444);
MODULE_PARM_DESC(cycles, "Cycles to run, 0 until unloaded");
static unsigned int period_us = 1000;
module_param(period_us, uint, 0444);
MODULE_PARM_DESC(period_us, "Cycle time in microseconds");
static char *mode = "kthread";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "Cyclic context: kthread, timer, hrtimer, hardirq");
static bool callbacks;
module_param(callbacks, bool, 0444);
MODULE_PARM_DESC(callbacks, "Register send/receive callbacks");

enum run_mode { MODE_KTHREAD, MODE_TIMER, MODE_HRTIMER, MODE_HARDIRQ };

static const ec_pdo_entry_info_t di_entries[CHANNELS] = {
	{ 0x6000, 1, 1 }, { 0x6010, 1, 1 }, { 0x6020, 1, 1 }, { 0x6030, 1, 1 },
	{ 0x6040, 1, 1 }, { 0x6050, 1, 1 }, { 0x6060, 1, 1 }, { 0x6070, 1, 1 },
};

static const ec_pdo_info_t di_pdos[CHANNELS] = {
	{ 0x1a00, 1, &di_entries[0] }, { 0x1a01, 1, &di_entries[1] },
	{ 0x1a02, 1, &di_entries[2] }, { 0x1a03, 1, &di_entries[3] },
	{ 0x1a04, 1, &di_entries[4] }, { 0x1a05, 1, &di_entries[5] },
	{ 0x1a06, 1, &di_entries[6] }, { 0x1a07, 1, &di_entries[7] },
};

static const ec_sync_info_t di_syncs[] = {
	{ 0, EC_DIR_INPUT, CHANNELS, di_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_pdo_entry_info_t do_entries[CHANNELS] = {
	{ 0x7000, 1, 1 }, { 0x7010, 1, 1 }, { 0x7020, 1, 1 }, { 0x7030, 1, 1 },
	{ 0x7040, 1, 1 }, { 0x7050, 1, 1 }, { 0x7060, 1, 1 }, { 0x7070, 1, 1 },
};

static const ec_pdo_info_t do_pdos[CHANNELS] = {
	{ 0x1600, 1, &do_entries[0] }, { 0x1601, 1, &do_entries[1] },
	{ 0x1602, 1, &do_entries[2] }, { 0x1603, 1, &do_entries[3] },
	{ 0x1604, 1, &do_entries[4] }, { 0x1605, 1, &do_entries[5] },
	{ 0x1606, 1, &do_entries[6] }, { 0x1607, 1, &do_entries[7] },
};

static const ec_sync_info_t do_syncs[] = {
	{ 0, EC_DIR_OUTPUT, CHANNELS, do_pdos, EC_WD_ENABLE },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_pdo_entry_info_t ai_entries[] = {
	{ 0x3101, 1, 8 }, { 0x3101, 2, 16 },
	{ 0x3102, 1, 8 }, { 0x3102, 2, 16 },
};

static const ec_pdo_info_t ai_pdos[] = {
	{ 0x1a00, 2, &ai_entries[0] },
	{ 0x1a01, 2, &ai_entries[2] },
};

static const ec_sync_info_t ai_syncs[] = {
	{ 3, EC_DIR_INPUT, 2, ai_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_pdo_entry_info_t ao_entries[] = {
	{ 0x3001, 1, 16 }, { 0x3002, 1, 16 },
};

static const ec_pdo_info_t ao_pdos[] = {
	{ 0x1600, 1, &ao_entries[0] },
	{ 0x1601, 1, &ao_entries[1] },
};

static const ec_sync_info_t ao_syncs[] = {
	{ 2, EC_DIR_OUTPUT, 2, ao_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_pdo_entry_info_t servo_out_entries[] = {
	{ 0x6040, 0, 16 }, { 0x607a, 0, 32 }, { 0x60ff, 0, 32 },
	{ 0x6071, 0, 16 }, { 0x6060, 0, 8 }, { 0x0000, 0, 8 },
};

static const ec_pdo_entry_info_t servo_in_entries[] = {
	{ 0x6041, 0, 16 }, { 0x6064, 0, 32 }, { 0x606c, 0, 32 },
	{ 0x6077, 0, 16 }, { 0x6061, 0, 8 }, { 0x0000, 0, 8 },
};

static const ec_pdo_info_t servo_pdos[] = {
	{ 0x1600, 6, servo_out_entries },
	{ 0x1a00, 6, servo_in_entries },
};

static const ec_sync_info_t servo_syncs[] = {
	{ 2, EC_DIR_OUTPUT, 1, &servo_pdos[0], EC_WD_DEFAULT },
	{ 3, EC_DIR_INPUT, 1, &servo_pdos[1], EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_sync_info_t *const all_syncs[N_CONFIGS] = {
	di_syncs, do_syncs, ai_syncs, ao_syncs, servo_syncs,
};

static const char *const sc_names[N_CONFIGS] = {
	"EL1008", "EL2008", "EL3102", "EL4102", "servo",
};

static struct {
	ec_master_t *master;
	ec_domain_t *domain;		/* the I/O terminals */
	ec_domain_t *domain2;		/* the servo */
	u8 *pd, *pd2;
	ec_slave_config_t *sc[N_CONFIGS];
	ec_sdo_request_t *sdo;
	struct task_struct *thread;
	enum run_mode mode;
	struct timer_list timer;
	struct hrtimer hrtimer;
	spinlock_t lock;		/* the application's, IgH style */
	raw_spinlock_t raw_lock;	/* the same in hardirq mode */
	unsigned long cycle;
	bool stopping, reported;
	unsigned int cb_sends, cb_receives;

	unsigned int off_di[CHANNELS], bit_di[CHANNELS];
	unsigned int off_do[CHANNELS], bit_do[CHANNELS];
	unsigned int off_ai[2], off_ao[2];
	unsigned int off_ctrl, off_status;

	ec_domain_state_t domain_state, domain2_state;
	ec_master_state_t master_state;
	ec_slave_config_state_t sc_state[N_CONFIGS];
	unsigned int complete_run;
	/*
	 * Once every config is operational (and the master sees OP only):
	 * how often what the application reads of the configs and of the
	 * master changed since, and how often the domain's wc_state did
	 * (IgH: a state field changes only on an answered datagram).
	 */
	bool steady;
	unsigned long changes_after_op, wc_changes_after_op;

	unsigned int dig_ok, dig_checks, ana_ok, ana_checks;
	bool sdo_done;
} app;

static int reg(ec_slave_config_t *sc, ec_domain_t *domain, u16 index,
	       u8 sub, unsigned int *off, unsigned int *bit)
{
	unsigned int b = 0;
	int ret = ecrt_slave_config_reg_pdo_entry(sc, index, sub, domain, &b);

	if (ret < 0) {
		pr_err("cannot register PDO entry 0x%04x:%02x: %d\n",
		       index, sub, ret);
		return ret;
	}
	*off = ret;
	if (bit)
		*bit = b;
	return 0;
}

static int configure(void)
{
	unsigned int i;
	int ret;

	app.domain = ecrt_master_create_domain(app.master);
	app.domain2 = ecrt_master_create_domain(app.master);
	if (!app.domain || !app.domain2)
		return -ENOMEM;
	app.sc[0] = ecrt_master_slave_config(app.master, 0, 1, EL1008);
	app.sc[1] = ecrt_master_slave_config(app.master, 0, 2, EL2008);
	app.sc[2] = ecrt_master_slave_config(app.master, 0, 3, EL3102);
	app.sc[3] = ecrt_master_slave_config(app.master, 0, 4, EL4102);
	app.sc[4] = ecrt_master_slave_config(app.master, 1001, 0, ECSIM_SERVO);
	for (i = 0; i < N_CONFIGS; i++) {
		if (!app.sc[i]) {
			pr_err("cannot configure the %s\n",
			       sc_names[i]);
			return -EINVAL;
		}
		ret = ecrt_slave_config_pdos(app.sc[i], EC_END, all_syncs[i]);
		if (ret) {
			pr_err("PDOs of the %s: %d\n",
			       sc_names[i], ret);
			return ret;
		}
	}
	for (i = 0; i < CHANNELS; i++) {
		ret = reg(app.sc[0], app.domain, 0x6000 + 0x10 * i, 1,
			  &app.off_di[i], &app.bit_di[i]);
		if (!ret)
			ret = reg(app.sc[1], app.domain, 0x7000 + 0x10 * i, 1,
				  &app.off_do[i], &app.bit_do[i]);
		if (ret)
			return ret;
	}
	for (i = 0; i < 2; i++) {
		ret = reg(app.sc[2], app.domain, 0x3101 + i, 2, &app.off_ai[i],
			  NULL);
		if (!ret)
			ret = reg(app.sc[3], app.domain, 0x3001 + i, 1,
				  &app.off_ao[i], NULL);
		if (ret)
			return ret;
	}
	/* CiA 402 controlword and statusword */
	ret = reg(app.sc[4], app.domain2, 0x6040, 0, &app.off_ctrl, NULL);
	if (!ret)
		ret = reg(app.sc[4], app.domain2, 0x6041, 0, &app.off_status,
			  NULL);
	if (ret)
		return ret;
	app.sdo = ecrt_slave_config_create_sdo_request(app.sc[4],
						       SDO_IDENTITY,
						       SDO_IDENTITY_VENDOR, 4);
	if (!app.sdo)
		return -ENOMEM;
	ecrt_sdo_request_timeout(app.sdo, 500);
	return 0;
}

static void check_states(void)
{
	ec_slave_config_state_t s;
	ec_domain_state_t ds;
	ec_master_state_t ms;
	unsigned int i;

	bool all_operational = true;

	ecrt_domain_state(app.domain, &ds);
	if (ds.wc_state != app.domain_state.wc_state) {
		pr_info_ratelimited("domain: state %u (WC %u)\n",
			ds.wc_state, ds.working_counter);
		app.wc_changes_after_op += app.steady;
	}
	app.domain_state = ds;
	app.complete_run = ds.wc_state == EC_WC_COMPLETE ?
		app.complete_run + 1 : 0;
	ecrt_domain_state(app.domain2, &ds);
	app.domain2_state = ds;

	ecrt_master_state(app.master, &ms);
	if (ms.al_states != app.master_state.al_states) {
		pr_info("master: AL states 0x%02x\n",
			ms.al_states);
		app.changes_after_op += app.steady;
	}
	app.master_state = ms;

	for (i = 0; i < N_CONFIGS; i++) {
		ecrt_slave_config_state(app.sc[i], &s);
		if (s.al_state != app.sc_state[i].al_state)
			pr_info("%s: state 0x%02x\n",
				sc_names[i], s.al_state);
		if (app.steady &&
		    (s.al_state != app.sc_state[i].al_state ||
		     s.online != app.sc_state[i].online ||
		     s.operational != app.sc_state[i].operational))
			app.changes_after_op++;
		app.sc_state[i] = s;
		all_operational = all_operational && s.operational &&
				  s.al_state == EC_AL_STATE_OP;
	}
	/* the coupler has no config and stays in PREOP */
	all_operational = all_operational && (ms.al_states & EC_AL_STATE_OP) &&
			  !(ms.al_states & (EC_AL_STATE_INIT | EC_AL_STATE_SAFEOP));
	if (!app.steady && all_operational)
		pr_info("all configs operational\n");
	app.steady = app.steady || all_operational;
}

static void run_sdo(void)
{
	switch (ecrt_sdo_request_state(app.sdo)) {
	case EC_REQUEST_UNUSED:
		if (app.sc_state[4].al_state == EC_AL_STATE_OP)
			ecrt_sdo_request_read(app.sdo);
		break;
	case EC_REQUEST_SUCCESS:
		if (!app.sdo_done)
			pr_info("sdo request ok: 0x%04x:%02x = 0x%08x (servo in state 0x%02x)\n",
				SDO_IDENTITY, SDO_IDENTITY_VENDOR,
				EC_READ_U32(ecrt_sdo_request_data(app.sdo)),
				app.sc_state[4].al_state);
		app.sdo_done = true;
		break;
	case EC_REQUEST_ERROR:
		if (!app.sdo_done)
			pr_info("sdo request failed\n");
		app.sdo_done = true;
		break;
	default:
		break;
	}
}

static u8 pattern_digital(unsigned long period)
{
	return (u8)(0xa5 ^ (period * 37));
}

static s16 pattern_analog(unsigned long period, unsigned int ch)
{
	return (s16)((period * 1000 + ch * 7777) % 60000 - 30000);
}

static void cycle_io(unsigned long cycle)
{
	unsigned long period = cycle / PERIOD;
	u8 want = pattern_digital(period);
	bool all_op = true;
	unsigned int i;

	for (i = 0; i < 4; i++)
		all_op = all_op && app.sc_state[i].operational;
	if (cycle % PERIOD == PERIOD - 1 && all_op && app.complete_run >= 3) {
		bool ok = true;

		for (i = 0; i < CHANNELS; i++)
			ok = ok && EC_READ_BIT(app.pd + app.off_di[i],
					       app.bit_di[i]) ==
				   ((want >> i) & 1);
		app.dig_checks++;
		app.dig_ok += ok;
		for (i = 0; i < 2; i++) {
			app.ana_checks++;
			if (EC_READ_S16(app.pd + app.off_ai[i]) ==
			    pattern_analog(period, i))
				app.ana_ok++;
		}
	}
	for (i = 0; i < CHANNELS; i++)
		EC_WRITE_BIT(app.pd + app.off_do[i], app.bit_do[i],
			     (want >> i) & 1);
	for (i = 0; i < 2; i++)
		EC_WRITE_S16(app.pd + app.off_ao[i], pattern_analog(period, i));
}

static void report(unsigned long done)
{
	bool ok = app.dig_checks && app.dig_ok == app.dig_checks &&
		  app.ana_checks && app.ana_ok == app.ana_checks;

	pr_info("loopback %s: digital %u/%u, analog %u/%u after %lu cycles\n",
		ok ? "ok" : "FAILED", app.dig_ok, app.dig_checks, app.ana_ok,
		app.ana_checks, done);
}

/* One cycle of the application, in whatever context calls it. */
static void cycle_step(void)
{
	ecrt_master_receive(app.master);
	ecrt_domain_process(app.domain);
	ecrt_domain_process(app.domain2);
	check_states();
	run_sdo();
	cycle_io(app.cycle);
	ecrt_domain_queue(app.domain);
	ecrt_domain_queue(app.domain2);
	ecrt_master_send(app.master);
	app.cycle++;
}

static bool cycles_done(void)
{
	if (!cycles || app.cycle < cycles)
		return false;
	if (!app.reported) {
		app.reported = true;
		report(app.cycle);
	}
	return true;
}

/* The application's lock, as its timer callbacks and callbacks take it. */
static unsigned long app_lock(void)
{
	unsigned long flags;

	if (app.mode == MODE_HARDIRQ)
		raw_spin_lock_irqsave(&app.raw_lock, flags);
	else
		spin_lock_irqsave(&app.lock, flags);
	return flags;
}

static void app_unlock(unsigned long flags)
{
	if (app.mode == MODE_HARDIRQ)
		raw_spin_unlock_irqrestore(&app.raw_lock, flags);
	else
		spin_unlock_irqrestore(&app.lock, flags);
}

/* ecrt_master_callbacks(): the master's thread calls these. */
static void send_callback(void *data)
{
	unsigned long flags = app_lock();

	ecrt_master_send_ext(app.master);
	app.cb_sends++;
	app_unlock(flags);
}

static void receive_callback(void *data)
{
	unsigned long flags = app_lock();

	ecrt_master_receive(app.master);
	app.cb_receives++;
	app_unlock(flags);
}

static void timer_cycle(struct timer_list *t)
{
	unsigned long flags;

	flags = app_lock();
	if (!app.stopping && !cycles_done())
		cycle_step();
	app_unlock(flags);
	/* The next jiffy; after an overrun from now, never a catch-up burst. */
	if (!READ_ONCE(app.stopping) && !cycles_done())
		mod_timer(&app.timer, time_after(jiffies, app.timer.expires) ?
			  jiffies + 1 : app.timer.expires + 1);
}

static enum hrtimer_restart hrtimer_cycle(struct hrtimer *t)
{
	unsigned long flags;
	bool done;

	flags = app_lock();
	done = app.stopping || cycles_done();
	if (!done)
		cycle_step();
	app_unlock(flags);
	if (done)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime((u64)period_us * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static int cyclic_task(void *data)
{
	ktime_t wakeup = ktime_get();

	while (!kthread_should_stop() && !cycles_done()) {
		wakeup = ktime_add_us(wakeup, period_us);
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_hrtimeout_range(&wakeup, 0, HRTIMER_MODE_ABS);
		if (kthread_should_stop())
			break;
		cycle_step();
		/* After an overrun of more than a second, no catch-up. */
		if (ktime_after(ktime_get(), ktime_add_ms(wakeup, 1000)))
			wakeup = ktime_get();
	}
	/* Done: wait for the module to be unloaded. */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static int start_cycle(void)
{
	ktime_t period = ns_to_ktime((u64)period_us * NSEC_PER_USEC);

	switch (app.mode) {
	case MODE_KTHREAD:
		app.thread = kthread_run(cyclic_task, NULL, "ec_example");
		return PTR_ERR_OR_ZERO(app.thread);
	case MODE_TIMER:
		timer_setup(&app.timer, timer_cycle, 0);
		app.timer.expires = jiffies + 1;
		add_timer(&app.timer);
		return 0;
	case MODE_HRTIMER:
	case MODE_HARDIRQ:
		hrtimer_init(&app.hrtimer, CLOCK_MONOTONIC,
			     app.mode == MODE_HARDIRQ ? HRTIMER_MODE_ABS_HARD :
							HRTIMER_MODE_ABS_SOFT);
		app.hrtimer.function = hrtimer_cycle;
		hrtimer_start(&app.hrtimer, ktime_add(ktime_get(), period),
			      app.mode == MODE_HARDIRQ ? HRTIMER_MODE_ABS_HARD :
							 HRTIMER_MODE_ABS_SOFT);
		return 0;
	}
	return -EINVAL;
}

static void stop_cycle(void)
{
	WRITE_ONCE(app.stopping, true);
	switch (app.mode) {
	case MODE_KTHREAD:
		kthread_stop(app.thread);
		break;
	case MODE_TIMER:
		del_timer_sync(&app.timer);
		break;
	case MODE_HRTIMER:
	case MODE_HARDIRQ:
		hrtimer_cancel(&app.hrtimer);
		break;
	}
}

static int parse_mode(void)
{
	static const char *const names[] = { "kthread", "timer", "hrtimer",
					     "hardirq" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (!strcmp(mode, names[i])) {
			app.mode = i;
			return 0;
		}
	}
	pr_err("mode=%s: not one of kthread, timer, hrtimer, hardirq\n", mode);
	return -EINVAL;
}

/*
 * A blocking SDO upload before activation, from process context (the
 * master's own thread serves it; never from the cyclic task in OP).
 */
static void blocking_upload(void)
{
	u8 buf[4];
	size_t size = 0;
	u32 abort_code = 0;
	int ret = ecrt_master_sdo_upload(app.master, SERVO_RING_POSITION,
					 SDO_IDENTITY, SDO_IDENTITY_VENDOR,
					 buf, sizeof(buf), &size, &abort_code);

	if (ret || size != sizeof(buf))
		pr_info("blocking sdo upload failed: %d, abort code 0x%08x\n",
			ret, abort_code);
	else
		pr_info("blocking sdo upload: 0x%04x:%02x of slave %u = 0x%08x\n",
			SDO_IDENTITY, SDO_IDENTITY_VENDOR, SERVO_RING_POSITION,
			EC_READ_U32(buf));
}

static int __init ec_example_init(void)
{
	int ret;

	if (!period_us || period_us >= USEC_PER_SEC)
		return -EINVAL;
	ret = parse_mode();
	if (ret)
		return ret;
	spin_lock_init(&app.lock);
	raw_spin_lock_init(&app.raw_lock);
	app.master = ecrt_request_master(master_index);
	if (!app.master) {
		pr_err("master %u is not available (in use by another application?)\n",
		       master_index);
		return -EBUSY;
	}
	ret = configure();
	if (ret)
		goto out_release;
	blocking_upload();
	if (callbacks)
		ecrt_master_callbacks(app.master, send_callback,
				      receive_callback, NULL);
	/* The master's byte budget and loss timeout follow the cycle. */
	ecrt_master_set_send_interval(app.master, app.mode == MODE_TIMER ?
				      jiffies_to_usecs(1) : period_us);
	ret = ecrt_master_activate(app.master);
	if (ret) {
		pr_err("cannot activate: %d\n", ret);
		goto out_release;
	}
	app.pd = ecrt_domain_data(app.domain);
	app.pd2 = ecrt_domain_data(app.domain2);
	if (!app.pd || !app.pd2) {
		ret = -ENODATA;
		goto out_release;
	}
	pr_info("activated: domains of %zu and %zu bytes, cycle %u us, mode %s%s\n",
		ecrt_domain_size(app.domain), ecrt_domain_size(app.domain2),
		period_us, mode, callbacks ? ", callbacks" : "");
	ret = start_cycle();
	if (ret)
		goto out_release;
	return 0;

out_release:
	ecrt_release_master(app.master);
	return ret;
}

static void __exit ec_example_exit(void)
{
	stop_cycle();
	if (!app.reported)
		report(app.cycle);
	pr_info("state changes after OP: %lu, wc_state changes after OP: %lu\n",
		app.changes_after_op, app.wc_changes_after_op);
	if (callbacks)
		pr_info("callbacks: %u sends, %u receives\n", app.cb_sends,
			app.cb_receives);
	ecrt_release_master(app.master);
	pr_info("master released\n");
}

module_init(ec_example_init);
module_exit(ec_example_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The EtherCAT master authors");
MODULE_DESCRIPTION("EtherCAT example: cyclic loop-back on the virtual segment");
