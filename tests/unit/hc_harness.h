/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hc_harness.h - what the hot-connect tests share (check_hotconnect.c,
 * check_hc_ring.c): the tool's PDOs as the application gives them, the
 * captured log (EC_TEST_LOG=1 also prints it), "scanned", the harness
 * and the application's cycle.
 */
#ifndef EC_TEST_HC_HARNESS_H
#define EC_TEST_HC_HARNESS_H

#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "slave/registers.h"
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

/*
 * What the master sends to the running slaves while a group comes and
 * goes (the tap of the harness): no write of a station address (0x0010),
 * no SII access (0x0500-0x050f), no write of FMMUs or SMs (0x0600-0x08ff),
 * of the AL control (0x0120) or of DC offsets, delays or speed counter
 * starts (0x0920-0x0931), whether by position, station address or
 * broadcast.  The new slaves get their addresses by position.  Shared by
 * check_hotconnect.c and check_hc_ring.c.
 */
struct tap {
	u32 pos_mask;		/* bit n: the slave at ring position n runs */
	u32 addr_mask;		/* bit n: the one at address BASE + n runs */
	unsigned int bad;		/* datagrams above reaching them */
	char first_bad[96];
	unsigned int new_addr;		/* APWR 0x0010 to a new position */
};

/* the slaves 0..n-1 run, at addresses BASE + 0..n-1 */
#define TAP_FIRST(n) { .pos_mask = (1u << (n)) - 1, \
		       .addr_mask = (1u << (n)) - 1 }

static bool tap_bit(u32 mask, unsigned int n)
{
	return n < 32 && (mask >> n) & 1;
}

static bool tap_writes(u8 cmd)
{
	/* APWR APRW FPWR FPRW BWR BRW ARMW FRMW */
	return cmd == 2 || cmd == 3 || cmd == 5 || cmd == 6 || cmd == 8 ||
	       cmd == 9 || cmd == 13 || cmd == 14;
}

static bool tap_overlaps(u16 ado, u16 len, u16 lo, u16 hi)
{
	return ado <= hi && (u32)ado + len > lo;
}

static void tap_frame(void *ctx, const u8 *frame, size_t size)
{
	struct tap *t = ctx;
	size_t off = 14 + 2;	/* Ethernet, EtherCAT header */

	while (off + 12 <= size) {
		u8 cmd = frame[off];
		u16 adp = ec_get_u16(frame + off + 2);
		u16 ado = ec_get_u16(frame + off + 4);
		u16 lf = ec_get_u16(frame + off + 6);
		u16 len = lf & 0x7ff;
		bool known, ap = cmd >= 1 && cmd <= 3,
		     fp = cmd >= 4 && cmd <= 6, b = cmd >= 7 && cmd <= 9;
		bool w = tap_writes(cmd);

		if (ap || cmd == 13)
			adp = (u16)-adp;	/* the position */
		known = ((ap || cmd == 13) && tap_bit(t->pos_mask, adp)) ||
			((fp || cmd == 14) && adp >= EC_SLAVE_STATION_BASE &&
			 tap_bit(t->addr_mask,
				 adp - EC_SLAVE_STATION_BASE)) || b;
		if (cmd == 2 && ado == EC_REG_STATION_ADDR &&
		    !tap_bit(t->pos_mask, adp))
			t->new_addr++;
		if (known &&
		    ((w && tap_overlaps(ado, len, 0x0010, 0x0011)) ||
		     tap_overlaps(ado, len, 0x0500, 0x050f) ||
		     (w && tap_overlaps(ado, len, 0x0600, 0x08ff)) ||
		     (w && tap_overlaps(ado, len, 0x0120, 0x0121)) ||
		     (w && tap_overlaps(ado, len, 0x0920, 0x0931)))) {
			if (!t->bad++)
				snprintf(t->first_bad, sizeof(t->first_bad),
					 "cmd %u adp 0x%04x ado 0x%04x len %u",
					 cmd, adp, ado, len);
		}
		off += 10 + len + 2;
		if (!(lf & 0x8000))
			break;
	}
}

#endif /* EC_TEST_HC_HARNESS_H */
