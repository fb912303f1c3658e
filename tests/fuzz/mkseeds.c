// SPDX-License-Identifier: GPL-2.0-only
/*
 * mkseeds.c - writes the seed corpora of the fuzz harnesses from the
 * simulator's own images and captures:
 *
 *   sii, tool_sii   the SII image of every catalogue model
 *   sim_segment     the shipped segment files and one of every model
 *   sim_frame       the first 300 frames the master sends to the default
 *                   segment (scan, configuration, SDOs) and to the
 *                   mailbox segment of mbox_seeds() (FoE, SoE, VoE)
 *   frame           the simulator's answer to the frame of fuzz_bus.h
 *                   (whole, and as patches)
 *   coe_sdo, coe_info, coe_emerg
 *                   the mailbox replies of the CoE drive to SDO uploads
 *                   and downloads and to the dictionary read
 *   foe, soe, voe   the mailbox replies of the SoE drive (FoE and SoE)
 *                   and the VoE echo to reads and writes, as payloads
 *                   and as whole mailboxes (fuzz_mbox.c)
 *   sim_esi         the ESI file of every catalogue model and the test
 *                   files in tests/esi/
 *   tool_num        numbers, lists and values as users type them
 *
 *   mkseeds OUTDIR    (run from the top of the tree)
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_bus.h"
#include "ecsim.h"
#include "mailbox/fsm_foe.h"
#include "slave/fsm_master.h"
#include "slave/fsm_slave.h"
#include "mailbox/fsm_soe.h"
#include "mailbox/fsm_voe.h"
#include "request/requests.h"

#define MAX_FRAMES 300
#define SERVO 5		/* ring position of the CoE drive */

static const char *outdir;
static unsigned int nseed;

static void put_seed(const char *corpus, const void *data, size_t len)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", outdir, corpus);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/seed-%05u", outdir, corpus,
		 nseed++);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len) {
		perror(path);
		exit(1);
	}
	fclose(f);
}

/* ---- the master against the simulator, with capture ---- */

struct rig {
	struct ec_master master;
	struct ecsim_segment *seg;
	u64 now_ns;
	u8 reply[EC_FRAME_MAX_SIZE];
	size_t reply_len;
	unsigned int frames;
	/* mailbox replies of one slave, as fuzz_coe.c chunks */
	unsigned int capture_pos;
	u8 chunks[4096];
	size_t chunks_len;
	/* the same with their mailbox headers (fuzz_mbox.c's raw chunks) */
	u8 raw[4096];
	size_t raw_len;
	bool capture_mbox;
	unsigned int nslaves;
};

static void rig_put_chunk(u8 *buf, size_t *len, size_t cap, const u8 *p,
			  size_t n)
{
	if (n > 255)
		n = 255;
	if (*len + n + 1 > cap)
		return;
	buf[(*len)++] = (u8)n;
	memcpy(buf + *len, p, n);
	*len += n;
}

static void rig_capture_mbox(struct rig *r)
{
	const struct ec_slave *s = r->master.slaves[r->capture_pos];
	size_t off = FUZZ_ETH_HDR + FUZZ_FRAME_HDR;

	while (off + FUZZ_DG_HDR + 2 <= r->reply_len) {
		const u8 *d = r->reply + off;
		size_t len = ec_get_u16(d + 6) & 0x07ff, n;

		if (off + FUZZ_DG_HDR + len + 2 > r->reply_len)
			break;
		if (d[0] == EC_DATAGRAM_FPRD &&
		    ec_get_u16(d + 2) == s->station_address &&
		    ec_get_u16(d + 4) == s->sii.std_tx_mailbox_offset &&
		    ec_get_u16(d + FUZZ_DG_HDR + len) == 1) {
			n = ec_get_u16(d + FUZZ_DG_HDR);
			if (n > len - EC_MBOX_HEADER_SIZE)
				n = len - EC_MBOX_HEADER_SIZE;
			rig_put_chunk(r->chunks, &r->chunks_len,
				      sizeof(r->chunks),
				      d + FUZZ_DG_HDR + EC_MBOX_HEADER_SIZE, n);
			rig_put_chunk(r->raw, &r->raw_len, sizeof(r->raw),
				      d + FUZZ_DG_HDR,
				      n + EC_MBOX_HEADER_SIZE);
		}
		if (!(ec_get_u16(d + 6) & 0x8000))
			break;
		off += FUZZ_DG_HDR + len + 2;
	}
}

static int rig_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	struct rig *r = dev->priv;

	if (r->frames++ < MAX_FRAMES)
		put_seed("sim_frame", frame, size);
	memcpy(r->reply, frame, size);
	ecsim_segment_set_time(r->seg, r->now_ns);
	r->reply_len = ecsim_segment_process(r->seg, r->reply, size);
	if (r->capture_mbox && r->reply_len)
		rig_capture_mbox(r);
	return 0;
}

static void rig_poll(struct ec_device *dev)
{
	struct rig *r = dev->priv;

	if (r->reply_len)
		ec_device_receive(dev, r->reply, r->reply_len, r->now_ns);
	r->reply_len = 0;
}

static const struct ec_device_hooks rig_hooks = {
	.xmit = rig_xmit,
	.poll = rig_poll,
};

static void rig_cycle(struct rig *r)
{
	ec_master_poll_devices(&r->master);
	ec_master_idle_cycle(&r->master, r->now_ns);
	r->now_ns += EC_NSEC_PER_MSEC;
}

static bool rig_ready(struct rig *r)
{
	unsigned int i;

	if (r->master.scan_busy || r->master.slave_count != r->nslaves)
		return false;
	for (i = 0; i < r->master.slave_count; i++)
		if (!ec_slave_fsm_ready(r->master.slaves[i]))
			return false;
	return true;
}

static void rig_sdo(struct rig *r, struct ec_sdo_request *req, u8 sel)
{
	u8 seed[4097];
	unsigned int i;

	r->chunks_len = 0;
	r->raw_len = 0;
	r->capture_mbox = true;
	req->base.state = EC_REQ_QUEUED;
	ec_request_init(&req->base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(r->master.slaves[SERVO], &req->base);
	for (i = 0; i < 3000 && !ec_req_done(req->base.state); i++)
		rig_cycle(r);
	r->capture_mbox = false;
	seed[0] = sel;
	memcpy(seed + 1, r->chunks, r->chunks_len);
	put_seed("coe_sdo", seed, r->chunks_len + 1);
	put_seed("coe_emerg", seed, r->chunks_len + 1);
}

/*
 * The master on @seg (@nslaves slaves) through its scan to PREOP; with
 * @capture the mailbox replies of slave @capture_pos once it is scanned.
 */
static void rig_start(struct rig *r, struct ecsim_segment *seg,
		      unsigned int nslaves, unsigned int capture_pos,
		      bool capture)
{
	static const u8 mac[6] = { 0x52, 0x54, 0x00, 0xec, 0xa7, 0x01 };
	struct ec_device *dev;
	unsigned int i;

	memset(r, 0, sizeof(*r));
	r->seg = seg;
	r->nslaves = nslaves;
	r->capture_pos = capture_pos;
	if (!seg || ec_master_init(&r->master, 0)) {
		fprintf(stderr, "mkseeds: no segment or master\n");
		exit(1);
	}
	ec_port_set_log(fuzz_log);
	dev = &r->master.devices[EC_DEVICE_MAIN];
	memcpy(dev->mac, mac, 6);
	dev->hooks = &rig_hooks;
	dev->priv = r;
	dev->attached = dev->open = dev->link_up = true;
	ec_master_device_attached(&r->master, dev);
	r->now_ns = EC_NSEC_PER_SEC;
	for (i = 0; i < 20000 && !rig_ready(r); i++) {
		rig_cycle(r);
		if (capture && r->master.slave_count == nslaves &&
		    !r->master.scan_busy &&
		    r->master.slaves[capture_pos]->scan_done)
			r->capture_mbox = true;
	}
	if (!rig_ready(r)) {
		fprintf(stderr, "mkseeds: the segment did not come up\n");
		exit(1);
	}
}

static void rig_stop(struct rig *r)
{
	ec_fsm_master_clear_slaves(&r->master);
	ec_master_clear(&r->master);
	ecsim_segment_free(r->seg);
}

static void rig_run(void)
{
	static struct rig r;
	struct ec_sdo_request req;
	struct ec_slave *servo;
	char err[256];
	u8 buf[512], seed[4097];

	/* scan, PREOP, PDO and dictionary read of the drive */
	r.seg = ecsim_segment_new_file("sim/segments/default.json", err,
				       sizeof(err));
	if (!r.seg) {
		fprintf(stderr, "mkseeds: %s\n", err);
		exit(1);
	}
	rig_start(&r, r.seg, 6, SERVO, true);
	servo = r.master.slaves[SERVO];
	if (!(servo->sii.mailbox_protocols & EC_MBOX_COE)) {
		fprintf(stderr, "mkseeds: slave %d has no CoE\n", SERVO);
		exit(1);
	}
	seed[0] = 0;
	memcpy(seed + 1, r.chunks, r.chunks_len);
	put_seed("coe_info", seed, r.chunks_len + 1);

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.index = 0x1018;		/* expedited */
	req.subindex = 1;
	rig_sdo(&r, &req, 0x01);
	req.index = 0x1008;		/* normal: the device name */
	req.subindex = 0;
	rig_sdo(&r, &req, 0x00);
	req.complete_access = true;	/* complete access, maybe segmented */
	req.index = 0x1018;
	rig_sdo(&r, &req, 0x80);
	req.complete_access = false;
	req.write = true;		/* expedited download */
	req.index = 0x6040;
	req.data_size = 2;
	memset(buf, 0, 2);
	rig_sdo(&r, &req, 0x08);
	req.write = false;		/* an abort: no such object */
	req.index = 0x5ffe;
	rig_sdo(&r, &req, 0x00);
	rig_stop(&r);
}

/* ---- FoE, SoE and VoE replies (fuzz_mbox.c) ---- */

#define MBOX_SOE 1	/* ECSIM-SOE: SoE and FoE, no CoE */
#define MBOX_VOE 2	/* ECSIM-VOE: the VoE echo */
#define MBOX_FILE "firmware.bin"	/* as fuzz_mbox.c */
#define MBOX_PASSWORD 0x1234
#define MBOX_IDN 0x008e		/* S-0-0142, as fuzz_mbox.c */

/* Start capturing the replies of slave @pos. */
static void rig_capture(struct rig *r, unsigned int pos)
{
	r->capture_pos = pos;
	r->chunks_len = 0;
	r->raw_len = 0;
	r->capture_mbox = true;
}

/* The replies captured as a seed of @corpus, plain and raw (sel 0x80). */
static void rig_put_mbox_seeds(struct rig *r, const char *corpus, u8 sel)
{
	u8 seed[4097];

	r->capture_mbox = false;
	seed[0] = sel;
	memcpy(seed + 1, r->chunks, r->chunks_len);
	put_seed(corpus, seed, r->chunks_len + 1);
	seed[0] = sel | 0x80;
	memcpy(seed + 1, r->raw, r->raw_len);
	put_seed(corpus, seed, r->raw_len + 1);
}

static void rig_foe(struct rig *r, struct ec_datagram *dg, bool write,
		    size_t size, u8 sel)
{
	static u8 buf[1024];
	struct ec_foe_request req;
	struct ec_fsm_foe fsm;
	unsigned int i;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	snprintf(req.file_name, sizeof(req.file_name), MBOX_FILE);
	req.password = MBOX_PASSWORD;
	req.write = write;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.data_size = size;
	memset(buf, 0xa5, size);
	rig_capture(r, MBOX_SOE);
	ec_fsm_foe_init(&fsm, dg);
	ec_fsm_foe_transfer(&fsm, r->master.slaves[MBOX_SOE], &req,
			    r->now_ns);
	for (i = 0; i < 3000 && ec_fsm_foe_exec(&fsm, r->now_ns); i++)
		rig_cycle(r);
	rig_put_mbox_seeds(r, "foe", sel);
}

static void rig_soe(struct rig *r, struct ec_datagram *dg, bool write,
		    size_t size, u8 elements, u8 sel)
{
	static u8 buf[1024];
	struct ec_soe_request req;
	struct ec_fsm_soe fsm;
	unsigned int i;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.write = write;
	req.idn = MBOX_IDN;
	req.elements = elements;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.data_size = size;
	memset(buf, 'a', size);
	rig_capture(r, MBOX_SOE);
	ec_fsm_soe_init(&fsm, dg);
	ec_fsm_soe_transfer(&fsm, r->master.slaves[MBOX_SOE], &req,
			    r->now_ns);
	for (i = 0; i < 3000 && ec_fsm_soe_exec(&fsm, r->now_ns); i++)
		rig_cycle(r);
	rig_put_mbox_seeds(r, "soe", sel);
}

static void rig_voe(struct rig *r, struct ec_datagram *dg,
		    enum ec_voe_op op, size_t size, u8 sel)
{
	static u8 buf[1024];
	struct ec_voe_handler req;
	struct ec_fsm_voe fsm;
	unsigned int i;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.op = op;
	req.vendor_id = 0x0ec51d00;
	req.vendor_type = 0x1234;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.data_size = size;
	memset(buf, 0x3c, size);
	rig_capture(r, MBOX_VOE);
	ec_fsm_voe_init(&fsm, dg);
	ec_fsm_voe_transfer(&fsm, r->master.slaves[MBOX_VOE], &req,
			    r->now_ns);
	for (i = 0; i < 3000 && ec_fsm_voe_exec(&fsm, r->now_ns); i++)
		rig_cycle(r);
	if (op != EC_VOE_OP_WRITE)
		rig_put_mbox_seeds(r, "voe", sel);
	r->capture_mbox = false;
}

/*
 * The selectors are fuzz_mbox.c's: FoE and SoE bit 0 write, bits 1-2
 * the write size (1: 10 bytes, 2: 116, 3: 700); VoE bits 0-1 the
 * operation (1: read), bits 2-3 the write size.
 */
static void mbox_seeds(void)
{
	static const char *const json =
		"{ \"slaves\": [ { \"model\": \"EK1100\" },"
		" { \"model\": \"ECSIM-SOE\", \"foe\": { \"password\": 4660 } },"
		" { \"model\": \"ECSIM-VOE\" } ] }";
	static struct rig r;
	struct ec_datagram dg;
	char err[256];

	r.seg = ecsim_segment_new_string(json, err, sizeof(err));
	if (!r.seg) {
		fprintf(stderr, "mkseeds: mailbox segment: %s\n", err);
		exit(1);
	}
	rig_start(&r, r.seg, 3, MBOX_SOE, false);
	ec_datagram_init(&dg);
	if (ec_datagram_prealloc(&dg, EC_FRAME_MAX_PAYLOAD -
				 EC_DATAGRAM_HEADER_SIZE -
				 EC_DATAGRAM_FOOTER_SIZE)) {
		fprintf(stderr, "mkseeds: no memory\n");
		exit(1);
	}
	rig_foe(&r, &dg, false, 0, 0x00);	/* not found: an error */
	rig_foe(&r, &dg, true, 700, 0x07);	/* seven packets */
	rig_foe(&r, &dg, false, 0, 0x00);	/* and read back */
	rig_foe(&r, &dg, true, 10, 0x03);
	rig_foe(&r, &dg, true, 116, 0x05);	/* one full, one empty */
	rig_foe(&r, &dg, false, 0, 0x00);
	rig_soe(&r, &dg, false, 0, 0, 0x00);
	rig_soe(&r, &dg, false, 0, EC_SOE_ELEM_NAME, 0x40);
	rig_soe(&r, &dg, true, 10, 0, 0x03);
	rig_soe(&r, &dg, true, 700, 0, 0x07);	/* fragments, maybe refused */
	rig_soe(&r, &dg, false, 0, 0, 0x00);	/* what it holds now */
	rig_voe(&r, &dg, EC_VOE_OP_WRITE, 10, 0x04);
	rig_voe(&r, &dg, EC_VOE_OP_READ, 0, 0x01);
	rig_voe(&r, &dg, EC_VOE_OP_WRITE, 116, 0x08);
	rig_voe(&r, &dg, EC_VOE_OP_READ_NOSYNC, 0, 0x02);
	ec_master_unqueue_datagram(&r.master, &dg);
	ec_datagram_clear(&dg);
	rig_stop(&r);
}

/* ---- the frame of fuzz_bus.h, answered by the simulator ---- */

static void frame_seeds(void)
{
	struct ec_datagram d[FUZZ_FRAME_DATAGRAMS];
	struct ecsim_segment *seg;
	struct fuzz_bus b;
	u8 seed[EC_FRAME_MAX_SIZE + 2], answer[EC_FRAME_MAX_SIZE];
	char err[256];
	size_t len, off;
	unsigned int i;

	seg = ecsim_segment_new_file("sim/segments/default.json", err,
				     sizeof(err));
	if (!seg || fuzz_bus_init(&b, false) || fuzz_frame_queue(&b, d)) {
		fprintf(stderr, "mkseeds: frame: %s\n", err);
		exit(1);
	}
	ec_master_send_datagrams(&b.master, b.now_ns);
	memcpy(seed + 1, b.frame, b.frame_len);
	len = ecsim_segment_process(seg, seed + 1, b.frame_len);
	seed[0] = 0;
	put_seed("frame", seed, len + 1);
	/* patches: the answer from an offset on, over the request */
	memcpy(answer, seed + 1, len);
	for (off = 16; off < len && off < 256; off += 24) {
		seed[0] = 1;
		seed[1] = (u8)off;
		memcpy(seed + 2, answer + off, len - off);
		put_seed("frame", seed, len - off + 2);
	}
	for (i = 0; i < FUZZ_FRAME_DATAGRAMS; i++) {
		ec_master_unqueue_datagram(&b.master, &d[i]);
		ec_datagram_clear(&d[i]);
	}
	fuzz_bus_clear(&b);
	ecsim_segment_free(seg);
}

/* ---- SII images and segment files ---- */

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Each file of @files as a seed of @corpus. */
static void put_file_seeds(const char *corpus, const char *const *files,
			   size_t n)
{
	char *text;
	size_t i, len;

	for (i = 0; i < n; i++) {
		text = read_file(files[i], &len);
		if (!text) {
			perror(files[i]);
			exit(1);
		}
		put_seed(corpus, text, len);
		free(text);
	}
}

/* The catalogue; *@models its "models" object. */
static json_t *catalogue_load(json_t **models)
{
	json_error_t jerr;
	json_t *cat = json_load_file("sim/catalogue/catalogue.json", 0, &jerr);

	*models = json_object_get(cat, "models");
	if (!json_is_object(*models)) {
		fprintf(stderr, "mkseeds: catalogue: %s\n", jerr.text);
		exit(1);
	}
	return cat;
}

/* The segment files of issue 29 that the validator once took: seeds
 * near its new checks (and one it accepts with a warning). */
static const char *const hostile_segments[] = {
	"{\"slaves\":[{\"model\":\"M\"}],\"models\":{\"M\":{\"vendor\":2,\"product\":3,\"esc\":{\"fmmus\":0},\"sms\":[{\"type\":\"inputs\",\"start\":\"0x1000\",\"size\":1}],\"pdos\":[{\"index\":\"0x1a00\",\"sm\":0,\"entries\":[{\"index\":\"0x6000\",\"sub\":1,\"bits\":8}]}]}}}",
	"{\"slaves\":[{\"model\":\"M\"}],\"models\":{\"M\":{\"vendor\":2,\"product\":3,\"sms\":[{\"type\":\"mbx_out\",\"start\":\"0x1000\",\"size\":4},{\"type\":\"mbx_in\",\"start\":\"0x1002\",\"size\":4}]}}}",
	"{\"slaves\":[{\"model\":\"M\"}],\"models\":{\"M\":{\"vendor\":2,\"product\":3,\"pdos\":[{\"index\":\"0x1a00\",\"entries\":[]},{\"index\":\"0x1a00\",\"entries\":[]}]}}}",
	"{\"slaves\":[{\"model\":\"EK1100\"},{\"model\":\"EL2008\"},{\"model\":\"EL2008\"}],\"wires\":[{\"from\":\"2:0x7000:01\",\"to\":\"2:0x7000:01\"},{\"from\":2,\"to\":2}]}",
	"{\"slaves\":[{\"model\":\"EK1100\",\"model\":\"EL1008\"}]}",
	"{\"slaves\":[{\"model\":\"EK1100\"},{\"model\":\"EL1008\",\"alias\":7},{\"model\":\"EL2008\",\"alias\":7},{\"model\":\"EL2008\",\"alias\":9}]}",
	"{\"slaves\":[{\"model\":\"EL1008\",\"name\":\"0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345\"}]}",
};

static void sii_and_segment_seeds(void)
{
	static const char *const files[] = {
		"sim/segments/default.json", "sim/segments/small.json",
		"sim/segments/big100.json",
	};
	struct ecsim_segment *seg;
	const u8 *img;
	json_t *cat, *models, *m, *root, *slaves;
	const char *key;
	char err[512], *text;
	unsigned int id = 0;
	size_t len;

	put_file_seeds("sim_segment", files, sizeof(files) / sizeof(files[0]));
	for (id = 0; id < sizeof(hostile_segments) / sizeof(hostile_segments[0]);
	     id++)
		put_seed("sim_segment", hostile_segments[id],
			 strlen(hostile_segments[id]));
	cat = catalogue_load(&models);
	root = json_object();
	slaves = json_array();
	json_object_foreach(models, key, m) {
		json_t *s = json_object();

		json_object_set_new(s, "model", json_string(key));
		json_array_append_new(slaves, s);
	}
	json_object_set_new(root, "slaves", slaves);
	text = json_dumps(root, JSON_COMPACT);
	put_seed("sim_segment", text, strlen(text));
	seg = ecsim_segment_new_string(text, err, sizeof(err));
	if (!seg) {
		fprintf(stderr, "mkseeds: all models: %s\n", err);
		exit(1);
	}
	for (id = 0; id < ecsim_segment_slave_count(seg); id++) {
		if (ecsim_slave_sii(seg, id, &img, &len))
			continue;
		put_seed("sii", img, len);
		put_seed("tool_sii", img, len);
	}
	ecsim_segment_free(seg);
	free(text);
	json_decref(root);
	json_decref(cat);
}

/* The ESI file of every catalogue model, and the test ESI files. */
static void esi_seeds(void)
{
	static const char *const files[] = {
		"tests/esi/EL1008.xml", "tests/esi/EL3102.xml",
		"tests/esi/ECSIM-SERVO.xml",
	};
	json_t *cat, *models, *m;
	const char *key;
	char err[256], *text;
	size_t len;
	FILE *f;

	put_file_seeds("sim_esi", files, sizeof(files) / sizeof(files[0]));
	cat = catalogue_load(&models);
	json_object_foreach(models, key, m) {
		text = NULL;
		len = 0;
		f = open_memstream(&text, &len);
		if (!f || ecsim_export_esi(key, NULL, f, err, sizeof(err))) {
			fprintf(stderr, "mkseeds: ESI of %s: %s\n", key, err);
			exit(1);
		}
		fclose(f);
		put_seed("sim_esi", text, len);
		free(text);
	}
	json_decref(cat);
}

static void tool_seeds(void)
{
	/* [type][max] text: type indexes fuzz_tool_num.c's list */
	static const char *const texts[] = {
		"\x02\x10" "0x1234", "\x01\x05" "-300", "\x80\x03" "1,4,5,7-9",
		"\x83\x0f" "-", "\x0c\xff" "18446744073709551615",
		"\x8f\x02" "hello", "\x90\x02" "01 02 0a ff",
		"\x91\x02" "\xc3\xa4\xe2\x82\xac", "\x0d\x00" "3.25",
		"\x0e\x00" "-1e300", "\x13\x07" "0x8001", "\x00\x00" "1",
		"\x81\x09" "9-7", "\x82\x04" "2-,0", "\x03\x7f" "0777",
		"\x89\x01" "0x10000000000", "\x82\x06" "1-0",
		"\x80\x06" "0,7-,3", "\x82\x00" "0-",
	};
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		put_seed("tool_num", texts[i], 2 + strlen(texts[i] + 2));
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: mkseeds OUTDIR\n");
		return 2;
	}
	outdir = argv[1];
	mkdir(outdir, 0755);
	sii_and_segment_seeds();
	frame_seeds();
	rig_run();
	mbox_seeds();
	esi_seeds();
	tool_seeds();
	printf("mkseeds: %u seeds in %s\n", nseed, outdir);
	return 0;
}
