// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_capture.c - `ethercat capture` end to end against a fake
 * ioctl layer: a ring of frames on two devices that the test fills, read
 * by frame number as the module answers EC_IOCTL_CAPTURE_READ.  Checked
 * in the pcapng the tool writes: an interface per device, every frame
 * with its interface, time (the master's clock plus the wall clock's
 * offset) and direction, frames the reader lost as the next frame's drop
 * count, --count, the statistics and the summary from the counters; the
 * usage errors; and the recorder's snapshots with the event's comment.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EC_FAKE_LIB_OWN_CAPTURE
#include "cli.h"
#include "pcapng.h"
#include "tool_fake_lib.h"
#include "tool_run.h"

/* ---- the fake module ------------------------------------------------ */

#define RING 64
#define FRAME_LEN 60
#define REAL_OFFSET 1000000000000ULL	/* wall clock - master's clock */

struct fake_frame {
	uint64_t time_ns;
	uint8_t dev, flags;
	uint8_t data[FRAME_LEN];
};

static struct fake_frame ring[RING];
static uint64_t head;		/* frames written */
static uint64_t tx[2], rx[2];	/* the devices' counters */
static uint64_t skip_from, skip_to;	/* frames "overwritten" */
static unsigned int reads;

static void fake_frame_add(uint8_t dev, bool sent, uint64_t t)
{
	struct fake_frame *f = &ring[head % RING];
	unsigned int i;

	f->time_ns = t;
	f->dev = dev;
	f->flags = sent ? EC_CAPTURE_REC_TX : 0;
	for (i = 0; i < FRAME_LEN; i++)
		f->data[i] = (uint8_t)(head + i);
	f->data[12] = 0x88;
	f->data[13] = 0xa4;
	if (sent)
		tx[dev]++;
	else
		rx[dev]++;
	head++;
}

static void fake_reset(void)
{
	memset(ring, 0, sizeof(ring));
	head = 0;
	memset(tx, 0, sizeof(tx));
	memset(rx, 0, sizeof(rx));
	skip_from = skip_to = 0;
	reads = 0;
}

static void put_le(uint8_t *p, uint64_t v, unsigned int n)
{
	while (n--) {
		*p++ = (uint8_t)v;
		v >>= 8;
	}
}

/* Each read: two cycles more (a frame each way on both devices). */
int ec_lib_capture_read(struct ec_lib_master *m, uint64_t from_seq,
			void *buf, uint32_t size, uint32_t flags,
			struct ec_ioctl_capture_read *out)
{
	uint8_t *p = buf;
	uint64_t n = from_seq;
	unsigned int c, d;

	(void)m;
	(void)flags;
	memset(out, 0, sizeof(*out));
	out->mono_ns = 5000000ULL * reads;
	out->real_ns = out->mono_ns + REAL_OFFSET;
	out->head_seq = head;
	memcpy(out->tx_count, tx, sizeof(tx));
	memcpy(out->rx_count, rx, sizeof(rx));
	out->num_devices = 2;
	out->ring_frames = RING;
	while (n < head && out->bytes + 24 + 64 <= size) {
		if (n >= skip_from && n < skip_to) {
			out->lost++;
			n++;
			continue;
		}
		put_le(p, n, 8);
		put_le(p + 8, ring[n % RING].time_ns, 8);
		put_le(p + 16, FRAME_LEN, 2);
		p[18] = ring[n % RING].dev;
		p[19] = ring[n % RING].flags;
		put_le(p + 20, 0, 4);
		memcpy(p + 24, ring[n % RING].data, FRAME_LEN);
		memset(p + 24 + FRAME_LEN, 0, 4);
		p += 24 + 64;
		out->bytes += 24 + 64;
		out->frames++;
		n++;
	}
	out->next_seq = n > from_seq ? n : from_seq;
	/* the segment goes on: the next read finds new frames */
	for (c = 0; c < 2; c++)
		for (d = 0; d < 2; d++) {
			fake_frame_add((uint8_t)d, true, out->mono_ns + c * 1000);
			fake_frame_add((uint8_t)d, false,
				       out->mono_ns + c * 1000 + 100);
		}
	reads++;
	return 0;
}

static struct ec_ioctl_recorder_info snaps[EC_RECORDER_SNAPSHOTS];

int ec_lib_recorder_info(struct ec_lib_master *m, uint32_t index,
			 struct ec_ioctl_recorder_info *out)
{
	(void)m;
	*out = snaps[index];
	return 0;
}

int ec_lib_recorder_read(struct ec_lib_master *m, uint32_t id,
			 uint32_t offset, void *buf, uint32_t size,
			 uint32_t *bytes)
{
	uint8_t *p = buf;
	unsigned int i;

	(void)m;
	(void)size;
	*bytes = 0;
	if (id != 7 || offset)
		return -ENOENT;
	for (i = 0; i < 3; i++) {
		put_le(p, 100 + i, 8);
		put_le(p + 8, 1000 * i, 8);
		put_le(p + 16, FRAME_LEN, 2);
		p[18] = 0;
		p[19] = i == 1 ? EC_CAPTURE_REC_TX | EC_CAPTURE_REC_EVENT : 0;
		put_le(p + 20, 0, 4);
		memset(p + 24, 0x11, FRAME_LEN + 4);
		p += 24 + 64;
	}
	*bytes = 3 * (24 + 64);
	return 0;
}

int ec_lib_master(struct ec_lib_master *m, struct ec_ioctl_master *d)
{
	(void)m;
	memset(d, 0, sizeof(*d));
	d->num_devices = 2;
	d->devices[0].address[5] = 1;
	d->devices[1].address[5] = 2;
	return 0;
}

/* The command 'capture' calls none of the rest of the library. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define EC_FAKE(name, ...) int name(__VA_ARGS__) { return -ENOTTY; }
EC_FAKE(ec_lib_slave, struct ec_lib_master *m, uint16_t p, struct ec_ioctl_slave *o)
EC_FAKE(ec_lib_reg_read, struct ec_lib_master *m, uint16_t p, bool e, uint16_t a, uint16_t n, void *d)
EC_FAKE(ec_lib_reg_write, struct ec_lib_master *m, uint16_t p, bool e, uint16_t a, uint16_t n, const void *d)
EC_FAKE(ec_lib_redundancy, struct ec_lib_master *m, struct ec_ioctl_redundancy *o)
EC_FAKE(ec_lib_master_monitor, struct ec_lib_master *m, struct ec_ioctl_master_monitor *o)
EC_FAKE(ec_lib_slave_sync, struct ec_lib_master *m, uint16_t p, uint8_t s, struct ec_ioctl_slave_sync *o)
EC_FAKE(ec_lib_slave_sync_pdo, struct ec_lib_master *m, uint16_t p, uint8_t s, uint8_t i, struct ec_ioctl_slave_sync_pdo *o)
EC_FAKE(ec_lib_slave_sync_pdo_entry, struct ec_lib_master *m, uint16_t p, uint8_t s, uint8_t i, uint8_t e, struct ec_ioctl_slave_sync_pdo_entry *o)
EC_FAKE(ec_lib_slave_sdo, struct ec_lib_master *m, uint16_t p, uint16_t i, struct ec_ioctl_slave_sdo *o)
EC_FAKE(ec_lib_slave_sdo_entry, struct ec_lib_master *m, uint16_t p, int32_t s, uint8_t i, struct ec_ioctl_slave_sdo_entry *o)
EC_FAKE(ec_lib_sii_read, struct ec_lib_master *m, uint16_t p, uint32_t o, uint32_t n, uint16_t *w)
EC_FAKE(ec_lib_sii_write, struct ec_lib_master *m, uint16_t p, uint32_t o, uint32_t n, const uint16_t *w)
EC_FAKE(ec_lib_slave_state, struct ec_lib_master *m, uint16_t p, uint8_t s)
EC_FAKE(ec_lib_sdo_upload, struct ec_lib_master *m, uint16_t p, uint16_t i, uint8_t s, bool c, void *b, size_t n, size_t *r, uint32_t *a)
EC_FAKE(ec_lib_sdo_download, struct ec_lib_master *m, uint16_t p, uint16_t i, uint8_t s, bool c, const void *d, size_t n, uint32_t *a)
EC_FAKE(ec_lib_foe, struct ec_lib_master *m, bool w, struct ec_ioctl_slave_foe *io)
EC_FAKE(ec_lib_soe, struct ec_lib_master *m, bool w, struct ec_ioctl_slave_soe *io)
EC_FAKE(ec_lib_config_idn, struct ec_lib_master *m, uint32_t c, uint32_t p, struct ec_ioctl_config_idn *o)
EC_FAKE(ec_lib_config_flag, struct ec_lib_master *m, uint32_t c, uint32_t p, struct ec_ioctl_sc_flag *o)
EC_FAKE(ec_lib_rescan, struct ec_lib_master *m)
EC_FAKE(ec_lib_eoe_ip, struct ec_lib_master *m, const struct ec_ioctl_eoe_ip *io)
EC_FAKE(ec_lib_eoe_handler, struct ec_lib_master *m, uint32_t i, struct ec_ioctl_eoe_handler *o)
EC_FAKE(ec_lib_debug, struct ec_lib_master *m, uint32_t l)
EC_FAKE(ec_lib_config, struct ec_lib_master *m, uint32_t c, struct ec_ioctl_config *o)
EC_FAKE(ec_lib_config_pdo, struct ec_lib_master *m, uint32_t c, uint8_t s, uint16_t p, struct ec_ioctl_config_pdo *o)
EC_FAKE(ec_lib_config_pdo_entry, struct ec_lib_master *m, uint32_t c, uint8_t s, uint16_t p, uint16_t e, struct ec_ioctl_config_pdo_entry *o)
EC_FAKE(ec_lib_config_sdo, struct ec_lib_master *m, uint32_t c, uint32_t p, struct ec_ioctl_config_sdo *o)
EC_FAKE(ec_lib_config_eoe_ip, struct ec_lib_master *m, uint32_t c, struct ec_ioctl_eoe_ip *o)
EC_FAKE(ec_lib_config_hc_group, struct ec_lib_master *m, uint32_t c, uint32_t *g)
EC_FAKE(ec_lib_hc_group, struct ec_lib_master *m, uint32_t g, struct ec_ioctl_hc_group *o)
EC_FAKE(ec_lib_domain, struct ec_lib_master *m, uint32_t d, struct ec_ioctl_domain *o)
EC_FAKE(ec_lib_domain_fmmu, struct ec_lib_master *m, uint32_t d, uint32_t f, struct ec_ioctl_domain_fmmu *o)
EC_FAKE(ec_lib_domain_data, struct ec_lib_master *m, uint32_t d, void *b, size_t n, size_t *r)
#pragma GCC diagnostic pop

/* ---- reading the file back ------------------------------------------ */

struct pkt {
	uint32_t ifid;
	uint64_t ts;
	uint32_t len;
	uint32_t flags;
	uint64_t drops;
	char comment[200];
};

static uint32_t u32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* The packets and interfaces of a pcapng file; ISB ifrecv per interface. */
static size_t read_file(const char *path, struct pkt *pk, size_t max,
			unsigned int *ifaces, uint64_t recv[2], bool *isb)
{
	FILE *f = fopen(path, "rb");
	static uint8_t b[1 << 20];
	size_t n, off = 0, np = 0;

	ck_assert_ptr_nonnull(f);
	n = fread(b, 1, sizeof(b), f);
	fclose(f);
	*ifaces = 0;
	*isb = false;
	while (off + 12 <= n) {
		uint32_t type = u32(b + off), len = u32(b + off + 4);
		const uint8_t *body = b + off + 8, *o, *end = b + off + len - 4;

		ck_assert_uint_eq(u32(b + off + len - 4), len);
		if (type == EC_PCAPNG_IDB) {
			(*ifaces)++;
		} else if (type == EC_PCAPNG_EPB) {
			ck_assert_uint_lt(np, max);
			memset(&pk[np], 0, sizeof(pk[np]));
			pk[np].ifid = u32(body);
			pk[np].ts = ((uint64_t)u32(body + 4) << 32) |
				    u32(body + 8);
			pk[np].len = u32(body + 12);
			for (o = body + 20 + ((pk[np].len + 3) & ~3u);
			     o + 4 <= end;) {
				uint16_t c, l;

				memcpy(&c, o, 2);
				memcpy(&l, o + 2, 2);
				if (c == EC_PCAPNG_EPB_FLAGS)
					pk[np].flags = u32(o + 4);
				if (c == EC_PCAPNG_EPB_DROPCOUNT)
					memcpy(&pk[np].drops, o + 4, 8);
				if (c == EC_PCAPNG_OPT_COMMENT)
					memcpy(pk[np].comment, o + 4,
					       l < 199 ? l : 199);
				if (!c)
					break;
				o += 4 + ((l + 3u) & ~3u);
			}
			np++;
		} else if (type == EC_PCAPNG_ISB) {
			uint32_t ifid = u32(body);

			*isb = true;
			for (o = body + 12; o + 4 <= end;) {
				uint16_t c, l;

				memcpy(&c, o, 2);
				memcpy(&l, o + 2, 2);
				if (c == EC_PCAPNG_ISB_IFRECV && ifid < 2)
					memcpy(&recv[ifid], o + 4, 8);
				if (!c)
					break;
				o += 4 + ((l + 3u) & ~3u);
			}
		}
		off += len;
	}
	ck_assert_uint_eq(off, n);
	return np;
}

static char path[64];

static void tmp_path(void)
{
	int fd;

	strcpy(path, "/tmp/check_capture.XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
}

START_TEST(test_count_and_times)
{
	struct pkt pk[64];
	unsigned int ifaces, i, sent = 0;
	uint64_t recv[2] = { 0, 0 };
	bool isb;
	size_t n;

	fake_reset();
	tmp_path();
	ck_assert_int_eq(run("capture", "-w", path, "--count", "10", NULL), 0);
	n = read_file(path, pk, 64, &ifaces, recv, &isb);
	ck_assert_uint_eq(ifaces, 2);
	ck_assert_uint_eq(n, 10);
	ck_assert(!isb);	/* ended at a frame, not at a sample */
	for (i = 0; i < n; i++) {
		ck_assert_uint_eq(pk[i].len, FRAME_LEN);
		ck_assert_uint_lt(pk[i].ifid, 2);
		ck_assert_uint_ge(pk[i].ts, REAL_OFFSET);
		ck_assert(pk[i].flags == EC_PCAPNG_OUTBOUND ||
			  pk[i].flags == EC_PCAPNG_INBOUND);
		sent += pk[i].flags == EC_PCAPNG_OUTBOUND;
		ck_assert_uint_eq(pk[i].drops, 0);
	}
	ck_assert_uint_eq(sent, 5);
	/* the first frames are those after the start: none from before */
	ck_assert_uint_eq(pk[0].ts - REAL_OFFSET, 0);
	ck_assert_ptr_nonnull(strstr(err, "capture: 10 frames written, 0 lost"));
	ck_assert_ptr_null(strstr(err, "the master's counters"));
	unlink(path);
}
END_TEST

START_TEST(test_lost_frames_marked_and_counted)
{
	struct pkt pk[64];
	unsigned int ifaces, i;
	uint64_t recv[2] = { 0, 0 }, drops = 0;
	bool isb;
	size_t n;

	fake_reset();
	skip_from = 2;		/* the reader was too slow for these */
	skip_to = 5;
	tmp_path();
	ck_assert_int_eq(run("capture", "-w", path, "--count", "12", "-q",
			     NULL), 0);
	n = read_file(path, pk, 64, &ifaces, recv, &isb);
	ck_assert_uint_eq(n, 12);
	for (i = 0; i < n; i++)
		drops += pk[i].drops;
	ck_assert_uint_eq(drops, 3);
	ck_assert_uint_eq(pk[2].drops, 3);	/* on the frame after them */
	ck_assert_str_eq(err, "");		/* -q */
	unlink(path);
}
END_TEST

START_TEST(test_duration_ends_with_the_counters)
{
	static struct pkt pk[4096];
	unsigned int ifaces, i, per[2][2] = { { 0, 0 }, { 0, 0 } };
	uint64_t recv[2] = { 0, 0 };
	char want[256];
	bool isb;
	size_t n;

	fake_reset();
	tmp_path();
	ck_assert_int_eq(run("capture", "-w", path, "--duration", "0.05",
			     NULL), 0);
	n = read_file(path, pk, 4096, &ifaces, recv, &isb);
	ck_assert(isb);
	ck_assert_uint_gt(n, 8);
	for (i = 0; i < n; i++)
		per[pk[i].ifid][pk[i].flags == EC_PCAPNG_OUTBOUND]++;
	/* every frame up to the end's sample, as the counters say */
	ck_assert_uint_eq(recv[0], per[0][0] + per[0][1]);
	ck_assert_uint_eq(recv[1], per[1][0] + per[1][1]);
	snprintf(want, sizeof(want),
		 "capture: the master's counters over the same time: main: %u sent %u received, backup: %u sent %u received",
		 per[0][1], per[0][0], per[1][1], per[1][0]);
	ck_assert_msg(strstr(err, want), "%s", err);
	unlink(path);
}
END_TEST

START_TEST(test_usage_errors)
{
	fake_reset();
	ck_assert_int_eq(run("capture", NULL), EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "needs -w FILE"));
	ck_assert_int_eq(run("capture", "-w", "/tmp/x", "--count", "0", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("capture", "-w", "/tmp/x", "--duration", "x",
			     NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("capture", "--recorder", "--count", "3", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("capture", "-w", "/tmp/x", "extra", NULL),
			 EC_EXIT_USAGE);
	/* the capture's options belong to capture only */
	ck_assert_int_eq(run("master", "--count", "3", NULL), EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "has no --count option"));
	ck_assert_int_eq(run("capture", "-w", "/nonexistent/dir/f", "--count",
			     "1", NULL), EC_EXIT_FAIL);
	ck_assert_ptr_nonnull(strstr(err, "cannot open /nonexistent/dir/f"));
}
END_TEST

START_TEST(test_recorder)
{
	struct pkt pk[8];
	unsigned int ifaces;
	uint64_t recv[2];
	bool isb;

	fake_reset();
	memset(snaps, 0, sizeof(snaps));
	snaps[2].id = 7;
	snaps[2].state = 2;
	snaps[2].kind = 2;
	snaps[2].frames = 3;
	snaps[2].bytes = 3 * (24 + 64);
	snaps[2].real_offset_ns = REAL_OFFSET;
	strcpy(snaps[2].text, "datagram x LRW index 0x05 unanswered");
	snaps[2].events[2] = 4;
	ck_assert_int_eq(run("capture", "--recorder", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "Snapshot 7: lost frame: datagram x LRW index 0x05 unanswered"));
	ck_assert_ptr_nonnull(strstr(out, "3 frames (0 lost)"));
	ck_assert_ptr_nonnull(strstr(out, "4 lost frames"));
	tmp_path();
	ck_assert_int_eq(run("capture", "--recorder", "-w", path, NULL), 0);
	ck_assert_uint_eq(read_file(path, pk, 8, &ifaces, recv, &isb), 3);
	ck_assert_ptr_nonnull(strstr(pk[0].comment, "recorder snapshot 7 begins"));
	ck_assert_str_eq(pk[1].comment,
			 "recorder snapshot 7, the event: lost frame: datagram x LRW index 0x05 unanswered");
	ck_assert_uint_eq(pk[1].flags, EC_PCAPNG_OUTBOUND);
	ck_assert_uint_eq(pk[2].comment[0], 0);
	ck_assert_uint_eq(pk[1].ts, REAL_OFFSET + 1000);
	unlink(path);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_capture");
	TCase *tc = tcase_create("capture");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_count_and_times);
	tcase_add_test(tc, test_lost_frames_marked_and_counted);
	tcase_add_test(tc, test_duration_ends_with_the_counters);
	tcase_add_test(tc, test_usage_errors);
	tcase_add_test(tc, test_recorder);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
