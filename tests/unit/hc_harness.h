/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hc_harness.h - what the hot-connect tests share (check_hotconnect.c,
 * check_hc_ring.c): the tool's PDOs as the application gives them, the
 * captured log (EC_TEST_LOG=1 also prints it), "scanned", the harness
 * and the application's cycle.
 */
#ifndef EC_TEST_HC_HARNESS_H
#define EC_TEST_HC_HARNESS_H

#include <stdlib.h>

#include "harness.h"
#include "cycle/domain.h"
#include "dc/dc.h"

/* The tool's PDOs, given by the application: the slaves may be absent
 * at activation (the terminals' defaults: 8 one-bit channels in SM0). */
#define CH(base, i) { (u16)((base) + 0x10 * (i)), 1, 1 }
static const ec_pdo_entry_info_t in_entries[] = {
	CH(0x6000, 0), CH(0x6000, 1), CH(0x6000, 2), CH(0x6000, 3),
	CH(0x6000, 4), CH(0x6000, 5), CH(0x6000, 6), CH(0x6000, 7),
};
static const ec_pdo_entry_info_t out_entries[] = {
	CH(0x7000, 0), CH(0x7000, 1), CH(0x7000, 2), CH(0x7000, 3),
	CH(0x7000, 4), CH(0x7000, 5), CH(0x7000, 6), CH(0x7000, 7),
};
#define PDO(idx, e) { (u16)(idx), 1, &(e) }
static const ec_pdo_info_t in_pdos[] = {
	PDO(0x1a00, in_entries[0]), PDO(0x1a01, in_entries[1]),
	PDO(0x1a02, in_entries[2]), PDO(0x1a03, in_entries[3]),
	PDO(0x1a04, in_entries[4]), PDO(0x1a05, in_entries[5]),
	PDO(0x1a06, in_entries[6]), PDO(0x1a07, in_entries[7]),
};
static const ec_pdo_info_t out_pdos[] = {
	PDO(0x1600, out_entries[0]), PDO(0x1601, out_entries[1]),
	PDO(0x1602, out_entries[2]), PDO(0x1603, out_entries[3]),
	PDO(0x1604, out_entries[4]), PDO(0x1605, out_entries[5]),
	PDO(0x1606, out_entries[6]), PDO(0x1607, out_entries[7]),
};
static const ec_sync_info_t in_syncs[] = {
	{ 0, EC_DIR_INPUT, 8, in_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT }
};
static const ec_sync_info_t out_syncs[] = {
	{ 0, EC_DIR_OUTPUT, 8, out_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT }
};

#define HC_LOG_LINES 128

static char log_lines[HC_LOG_LINES][256];
static unsigned int log_count;

static void capture_log(int level, const char *line)
{
	(void)level;
	if (getenv("EC_TEST_LOG"))
		fprintf(stderr, "%s\n", line);
	if (log_count < HC_LOG_LINES)
		snprintf(log_lines[log_count++], sizeof(log_lines[0]), "%s",
			 line);
}

static const char *logged(const char *needle)
{
	unsigned int i;

	for (i = 0; i < log_count; i++)
		if (strstr(log_lines[i], needle))
			return log_lines[i];
	return NULL;
}

/* For ec_harness_run_until(): *(unsigned int *)ctx slaves scanned and
 * their FSMs idle. */
static bool scanned(struct ec_harness *hh, void *ctx)
{
	unsigned int i, n = *(unsigned int *)ctx;

	if (hh->master.scan_busy || hh->master.slave_count != n)
		return false;
	for (i = 0; i < n; i++)
		if (!ec_slave_fsm_ready(hh->master.slaves[i]))
			return false;
	return true;
}

static struct ec_harness h;

static void teardown(void)
{
	ec_port_set_log(NULL);
	if (!h.seg)
		return;		/* the test made no master */
	ec_master_deactivate(&h.master, h.now_ns);
	ec_master_clear_config(&h.master);
	ec_harness_clear(&h);
	memset(&h, 0, sizeof(h));	/* the next test (CK_FORK=no) */
}

struct app {
	struct ec_domain *domain;
	struct ec_slave_config *di, *do_, *tdi, *tdo;
	struct ec_hc_group *tool;
	unsigned int off_di, off_do, off_tdi, off_tdo;
	u8 out, tout;
	bool dc;		/* IgH's DC calls in each cycle (examples/dc) */
	unsigned long cycle;
};

#define DC_APP_BASE (700ULL * EC_NSEC_PER_SEC)

static void app_cycle(struct app *a)
{
	u8 *pd;

	ec_harness_op_receive(&h.master, h.now_ns);
	ec_domain_process(a->domain, h.now_ns);
	pd = a->domain->data;
	ec_put_u8(pd + a->off_do, a->out);
	if (a->off_tdo)
		ec_put_u8(pd + a->off_tdo, a->tout);
	if (a->dc) {
		ec_port_io_lock(&h.master);
		ec_dc_application_time_locked(&h.master,
					      DC_APP_BASE + h.now_ns,
					      h.now_ns);
		if (a->cycle % 2 == 0)
			ec_dc_sync_ref_locked(&h.master, false, 0);
		ec_dc_queue_locked(&h.master, EC_DC_QUEUE_SLAVE_SYNC);
		ec_port_io_unlock(&h.master);
	}
	a->cycle++;
	ec_domain_queue(a->domain);
	ec_harness_op_send(&h.master, h.now_ns);
	h.now_ns += EC_HARNESS_CYCLE_NS;
}

#endif /* EC_TEST_HC_HARNESS_H */
