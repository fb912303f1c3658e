/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench_mbox.h - bench-core --mbox: master cycles (1 ms, simulated) per
 * mailbox exchange against the in-process segment's servo: an expedited
 * SDO upload, a 1000-byte segmented upload, and FoE per kB written and
 * read, each with the former exchange (a status check before every fetch,
 * master->mbox_check_first, "before") and the direct fetch ("after").
 * Figures only; included by bench_core.c, whose NIC and wire it uses.
 */
#ifndef EC_BENCH_MBOX_H
#define EC_BENCH_MBOX_H

#include <jansson.h>

#include "slave/fsm_slave.h"
#include "request/requests.h"

#define MBOX_SERVO 1
#define MBOX_BIG 1000		/* bytes of the segmented object */
#define MBOX_FOE (10 * 1024)	/* bytes of the FoE file */
#define MBOX_ROUNDS 20

static void mbox_cycle(struct bench *b)
{
	ec_master_poll_devices(&b->master);
	ec_master_idle_cycle(&b->master, b->now_ns);
	bench_wire(b);
	b->now_ns += CYCLE_NS;
}

/* Cycles until *state is done (at most 60 s). */
static unsigned int mbox_wait(struct bench *b, enum ec_req_state *state)
{
	unsigned int c;

	for (c = 1; c < 60000; c++) {
		mbox_cycle(b);
		if (ec_req_done(ec_load_acquire(state)))
			return c;
	}
	return c;
}

static double mbox_sdo(struct bench *b, u16 index, size_t size)
{
	struct ec_slave *s = b->master.slaves[MBOX_SERVO];
	static u8 buf[4096];
	struct ec_sdo_request req;
	unsigned long total = 0;
	unsigned int r;

	for (r = 0; r < MBOX_ROUNDS; r++) {
		memset(&req, 0, sizeof(req));
		ec_list_init(&req.base.node);
		req.index = index;
		req.data = buf;
		req.mem_size = sizeof(buf);
		req.base.state = EC_REQ_QUEUED;
		ec_request_init(&req.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
		ec_slave_queue_request(s, &req.base);
		total += mbox_wait(b, &req.base.state);
		if (req.base.state != EC_REQ_SUCCESS || req.data_size != size)
			return -1;
	}
	return (double)total / MBOX_ROUNDS;
}

static double mbox_foe(struct bench *b, bool write)
{
	struct ec_slave *s = b->master.slaves[MBOX_SERVO];
	static u8 buf[MBOX_FOE];
	struct ec_foe_request req;
	unsigned int c;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.write = write;
	snprintf(req.file_name, sizeof(req.file_name), "bench.bin");
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.data_size = write ? sizeof(buf) : 0;
	req.base.state = EC_REQ_QUEUED;
	ec_request_init(&req.base, EC_REQ_FOE, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(s, &req.base);
	c = mbox_wait(b, &req.base.state);
	if (req.base.state != EC_REQ_SUCCESS || req.data_size != sizeof(buf))
		return -1;
	return c / (MBOX_FOE / 1024.0);
}

/* The default servo plus an object of MBOX_BIG bytes (0x2100). */
static char *mbox_segment(void)
{
	json_error_t jerr;
	json_t *cat, *servo, *seg, *models;
	char text[MBOX_BIG + 1], *s;

	cat = json_load_file("sim/catalogue/catalogue.json", 0, &jerr);
	if (!cat)
		return NULL;
	servo = json_deep_copy(json_object_get(json_object_get(cat, "models"),
					       "ECSIM-SERVO"));
	memset(text, 'x', MBOX_BIG);
	text[MBOX_BIG] = 0;
	json_array_append_new(json_object_get(servo, "objects"),
		json_pack("{s:s,s:s,s:s,s:s,s:s}", "index", "0x2100", "name",
			  "Big", "type", "VISIBLE_STRING", "access", "ro",
			  "value", text));
	seg = json_loads("{ \"slaves\": [ { \"model\": \"EK1100\" },"
			 " { \"model\": \"BIGSERVO\", \"foe\": {} } ] }", 0,
			 &jerr);
	models = json_object();
	json_object_set_new(models, "BIGSERVO", servo);
	json_object_set_new(seg, "models", models);
	s = json_dumps(seg, 0);
	json_decref(seg);
	json_decref(cat);
	return s;
}

static int bench_mbox(struct bench *b, const u8 *mac)
{
	static const char *const rows[] = {
		"expedited SDO upload", "1000-byte segmented upload",
		"FoE write, per kB", "FoE read, per kB",
	};
	double fig[2][4];
	char err[256], *json = mbox_segment();
	unsigned int c, i, mode;

	if (!json)
		return 1;
	b->seg = ecsim_segment_new_string(json, err, sizeof(err));
	free(json);
	if (!b->seg || bench_attach(b, mac)) {
		fprintf(stderr, "bench-core: segment: %s\n", err);
		return 1;
	}
	for (c = 0; c < 60000; c++) {
		mbox_cycle(b);
		if (b->master.slave_count == 2 && !b->master.scan_busy &&
		    ec_slave_fsm_ready(b->master.slaves[MBOX_SERVO]))
			break;
	}
	for (mode = 0; mode < 2; mode++) {
		b->master.mbox_check_first = !mode;
		fig[mode][0] = mbox_sdo(b, 0x6502, 4);
		fig[mode][1] = mbox_sdo(b, 0x2100, MBOX_BIG);
		fig[mode][2] = mbox_foe(b, true);
		fig[mode][3] = mbox_foe(b, false);
	}
	printf("bench-core --mbox: master cycles (1 ms) per exchange, servo with 128-byte mailboxes\n");
	printf("| %-28s | %15s | %15s |\n", "exchange",
	       "before (check)", "after (direct)");
	printf("|------------------------------|-----------------|-----------------|\n");
	for (i = 0; i < 4; i++)
		printf("| %-28s | %15.1f | %15.1f |\n", rows[i], fig[0][i],
		       fig[1][i]);
	return fig[0][0] < 0 || fig[1][0] < 0 ? 1 : 0;
}

#endif /* EC_BENCH_MBOX_H */
