/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dc_harness.h - distributed clocks against the in-process segment, for
 * tests/unit/check_dc.c and the DC benchmark (tests/bench/bench_dc.c):
 * segment files of lines and branched trees (EK1122 junctions) with clock
 * drifts spread over +-ppm, IgH's DC application cycle, and the truth the
 * simulator knows (true system times and propagation delays).
 */
#ifndef EC_TEST_DC_HARNESS_H
#define EC_TEST_DC_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cycle/master.h"
#include "dc/dc.h"
#include "cycle/domain.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "ecsim.h"

#define DC_JSON_MAX (512 + 256 * 1100)

/*
 * A segment of @n slaves: an EK1100, then, when @branched, an EK1122 whose
 * X1 (port 3), E-bus (port 1) and X2 (port 2) each carry a third of the
 * rest (the Ethernet branches behind an EK1100), else a line of EL1008 /
 * EL2008 terminals.  Clock drifts are spread evenly over +-@ppm; hop
 * delays vary per link (E-bus 100-160 ns, Ethernet 500-800 ns).
 */
static inline char *dc_segment_json(unsigned int n, bool branched, double ppm)
{
	char *j = malloc(DC_JSON_MAX);
	size_t len = 0;
	unsigned int i, third = n > 2 ? (n - 2) / 3 : 0;
	unsigned int b_end[3], b, prev = 0;

	b_end[0] = 2 + third;
	b_end[1] = 2 + 2 * third;
	b_end[2] = n;
	len += (size_t)snprintf(j + len, DC_JSON_MAX - len, "{ \"slaves\": [");
	for (i = 0; i < n; i++) {
		const char *model = i % 2 ? "EL1008" : "EL2008";
		char link[64] = "";
		unsigned int hop = 100 + (i * 37) % 61;
		double p = n > 1 ? -ppm + 2 * ppm * i / (n - 1) : 0;

		if (i == 0) {
			model = "EK1100";
		} else if (branched && i == 1) {
			model = "EK1122";
			/* EK1122 on the EK1100's E-bus */
		} else if (branched) {
			for (b = 0; b < 3 && i >= b_end[b]; b++)
				;
			if (i == 2 || i == b_end[0] || i == b_end[1]) {
				static const unsigned int port[3] = { 3, 1, 2 };

				snprintf(link, sizeof(link),
					 ", \"link\": { \"to\": 1, "
					 "\"port\": %u }",
					 port[b]);
				if (b != 1) {
					model = "EK1100";
					hop = 500 + (i * 53) % 301;
				}
			} else {
				snprintf(link, sizeof(link),
					 ", \"link\": { \"to\": %u, "
					 "\"port\": 1 }",
					 prev);
			}
		}
		prev = i;
		len += (size_t)snprintf(j + len, DC_JSON_MAX - len,
			"%s { \"model\": \"%s\"%s, \"fwd_ns\": %u, "
			"\"ret_ns\": %u, \"dc\": { \"ppm\": %.3f } }",
			i ? "," : "", model, link, hop, hop, p);
	}
	snprintf(j + len, DC_JSON_MAX - len, " ] }");
	return j;
}

/* The largest |system time - reference's| over the DC slaves of the
 * segment indexes [@from, @to), truly. */
static inline u64 dc_true_diff_range(const struct ecsim_segment *seg,
				     unsigned int ref_id, unsigned int from,
				     unsigned int to)
{
	unsigned int i;
	u64 ref, t, worst = 0;

	if (ecsim_slave_dc_time(seg, ref_id, &ref))
		return ~0ULL;
	for (i = from; i < to; i++) {
		s64 d;

		if (ecsim_slave_dc_time(seg, i, &t))
			continue;
		d = (s64)(t - ref);
		if (d < 0)
			d = -d;
		if ((u64)d > worst)
			worst = (u64)d;
	}
	return worst;
}

/* The largest |system time - reference's| over the DC slaves, truly. */
static inline u64 dc_true_max_diff(const struct ecsim_segment *seg,
				   unsigned int ref_id)
{
	return dc_true_diff_range(seg, ref_id, 0,
				  ecsim_segment_slave_count(seg));
}

/* Largest |computed delay - true delay| over the DC slaves (ns). */
static inline u64 dc_delay_error(struct ec_master *m,
				 const struct ecsim_segment *seg,
				 double *mean)
{
	unsigned int i;
	u64 ref_arr, arr, worst = 0;
	const struct ec_slave *ref = NULL;
	double sum = 0;

	for (i = 0; i < m->slave_count; i++)
		if (m->slaves[i]->station_address == m->dc.ref_station)
			ref = m->slaves[i];
	if (!ref || ecsim_slave_dc_arrival(seg, ref->ring_position, &ref_arr))
		return ~0ULL;
	for (i = 0; i < m->slave_count; i++) {
		const struct ec_slave *s = m->slaves[i];
		s64 e;

		/* ring position == segment index: all plugged */
		if (!s->base_dc_supported ||
		    ecsim_slave_dc_arrival(seg, s->ring_position, &arr))
			continue;
		e = (s64)s->transmission_delay - (s64)(arr - ref_arr);
		if (e < 0)
			e = -e;
		sum += (double)e;
		if ((u64)e > worst)
			worst = (u64)e;
	}
	if (mean)
		*mean = m->slave_count ? sum / m->slave_count : 0;
	return worst;
}

/*
 * IgH's DC cycle (examples/dc): receive, process, application time,
 * reference clock := application time every second cycle, slave clocks
 * every cycle, sync monitor, queue, send.  @app_time is the application's
 * clock (here: the harness time plus a base).
 */
static inline void dc_app_cycle(struct ec_master *m, struct ec_domain *dom,
				u64 now_ns, u64 app_time, unsigned long cycle,
				u32 *monitor)
{
	ec_port_io_lock(m);
	ec_master_app_receive(m, now_ns);
	ec_port_io_unlock(m);
	ec_master_op_fsm(m, now_ns);
	ec_port_io_lock(m);
	if (dom)
		ec_domain_process(dom, now_ns);
	if (monitor)
		*monitor = ec_dc_monitor_locked(m);
	ec_dc_application_time_locked(m, app_time, now_ns);
	if (cycle % 2 == 0)
		ec_dc_sync_ref_locked(m, false, 0);
	ec_dc_queue_locked(m, EC_DC_QUEUE_SLAVE_SYNC | EC_DC_QUEUE_MONITOR);
	if (dom)
		ec_domain_queue(dom);
	ec_master_app_send(m, now_ns);
	ec_port_io_unlock(m);
}

#endif /* EC_TEST_DC_HARNESS_H */
