// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_commands.c - the tool's commands end to end against a fake
 * ioctl layer: this file defines every ec_lib_* function over a simulated
 * bus of three slaves, so the real libethercat is not linked and no
 * device is needed.  Output and exit codes are checked.
 */
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tool_run.h"
#include "sii_dump.h"

/* ---- the fake bus ------------------------------------------------ */

#define NSLAVES 3
#define SII_WORDS 72

static struct ec_ioctl_slave slaves[NSLAVES];
static uint8_t regs[NSLAVES][0x10000];
/* One register request is one datagram (the module refuses more). */
#define FAKE_REG_MAX 1486
static uint8_t sii[NSLAVES][SII_WORDS * 2];
static uint32_t fake_version = EC_IOCTL_VERSION;
static bool fake_no_module;	/* no /dev/EtherCAT0 at all */
static uint8_t last_state[NSLAVES];
static uint8_t dl_data[64];
static size_t dl_size;
static bool dl_complete;
static int16_t obj_6000_01 = -300;
static struct ec_ioctl_redundancy fake_red;	/* zero: no backup device */

static void fake_bus(void)
{
	static const char *names[NSLAVES] = { "EK1100 EtherCAT-Koppler",
					      "EL2004 4K. Dig. Ausgang",
					      "" };
	int i, p;

	memset(slaves, 0, sizeof(slaves));
	memset(regs, 0, sizeof(regs));
	memset(last_state, 0, sizeof(last_state));
	memset(&fake_red, 0, sizeof(fake_red));
	fake_version = EC_IOCTL_VERSION;
	dl_size = 0;
	for (i = 0; i < NSLAVES; i++) {
		struct ec_ioctl_slave *s = &slaves[i];

		s->position = i;
		s->vendor_id = 2;
		s->product_code = 0x044c2c52 + i;
		s->al_state = i == 2 ? 0x02 : 0x08;
		s->station_address = 0x1001 + i;
		strcpy(s->name, names[i]);
		strcpy(s->order, i == 2 ? "SIM-COE" : "EKEL");
		s->sii_nwords = SII_WORDS;
		for (p = 0; p < EC_IOCTL_MAX_PORTS; p++) {
			s->ports[p].next_slave = EC_IOCTL_NO_SLAVE;
			s->ports[p].loop_closed = 1;
			s->ports[p].desc = 2;
		}
		s->ports[0].loop_closed = 0;
		s->ports[0].link_up = 1;
		if (i + 1 < NSLAVES) {
			s->ports[1].next_slave = i + 1;
			s->ports[1].loop_closed = 0;
			s->ports[1].link_up = 1;
		}
		regs[i][0x130] = s->al_state;
		regs[i][0x300] = 3 * i;	/* CRC errors port 0 */
		memset(sii[i], 0xff, sizeof(sii[i]));
		memset(sii[i], 0, 128);
		sii[i][2 * EC_SII_WORD_CHECKSUM] = ec_sii_crc(sii[i], 14);
	}
	slaves[2].alias = 16;
	slaves[2].mailbox_protocols = 0x04;
	slaves[2].sync_count = 3;
	slaves[2].sdo_count = 2;
	slaves[2].has_general_category = 1;
	slaves[2].coe_details = 0x23;
}

int ec_lib_open(struct ec_lib_master *m, unsigned int index, bool writable)
{
	memset(m, 0, sizeof(*m));
	m->index = index;
	m->writable = writable;
	m->module.ioctl_version = fake_version;
	m->module.master_count = 1;
	if (index > 0 || fake_no_module) {
		m->fd = -1;
		snprintf(m->errbuf, sizeof(m->errbuf),
			 "failed to open /dev/EtherCAT%u: No such file or directory",
			 index);
		return -ENOENT;
	}
	if (fake_version != EC_IOCTL_VERSION) {
		m->fd = -1;
		ec_lib_version_text(m->errbuf, sizeof(m->errbuf), fake_version);
		return -EPROTO;
	}
	m->fd = 99;
	return 0;
}

void ec_lib_close(struct ec_lib_master *m)
{
	m->fd = -1;
}

const char *ec_lib_error(const struct ec_lib_master *m)
{
	return m->errbuf;
}

const char *ec_lib_strerror(int err)
{
	return strerror(-err);
}

bool ec_lib_version_matches(uint32_t v)
{
	return v == EC_IOCTL_VERSION;
}

int ec_lib_version_text(char *buf, size_t size, uint32_t v)
{
	return snprintf(buf, size,
			"ioctl ABI version mismatch: library/tool built for %u, module ec_master speaks %u",
			EC_IOCTL_VERSION, v);
}

int ec_lib_module(struct ec_lib_master *m, struct ec_ioctl_module *out)
{
	*out = m->module;
	return 0;
}

int ec_lib_master_monitor(struct ec_lib_master *m,
			  struct ec_ioctl_master_monitor *d)
{
	(void)m;
	memset(d, 0, sizeof(*d));
	d->period_ns = 2000000;
	d->broadcast_ns = 10000000;
	d->max_bytes = 14;
	d->max_datagrams = 1;
	d->notice_ns = 13000000;
	d->round_ns = 15000000;
	d->send_interval_ns = 1000000;
	d->broadcasts = 7;
	d->slave_count = NSLAVES;
	return 0;
}

int ec_lib_master(struct ec_lib_master *m, struct ec_ioctl_master *d)
{
	(void)m;
	memset(d, 0, sizeof(*d));
	d->slave_count = NSLAVES;
	d->phase = EC_IOCTL_PHASE_IDLE;
	d->num_devices = 1;
	memcpy(d->devices[0].address, "\x52\x54\x00\xec\xa7\x01", 6);
	d->devices[0].attached = 1;
	d->devices[0].link_state = 1;
	strcpy(d->devices[0].driver, "ec_e1000e");
	d->devices[0].tx_count = 1235;
	d->devices[0].rx_count = 1234;
	d->devices[0].tx_frame_rates[0] = 100000;
	d->devices[0].tx_byte_rates[0] = 2048;	/* 2 KiB/s, plain bytes per second */
	d->tx_count = 1235;
	d->rx_count = 1234;
	d->lost_frames = 1;
	d->tx_frame_rates[0] = 100000;
	d->loss_rates[0] = 1000;
	d->ref_clock = EC_IOCTL_NO_SLAVE;
	return 0;
}

int ec_lib_redundancy(struct ec_lib_master *m,
		      struct ec_ioctl_redundancy *out)
{
	(void)m;
	*out = fake_red;
	return 0;
}

int ec_lib_slave(struct ec_lib_master *m, uint16_t pos,
		 struct ec_ioctl_slave *out)
{
	(void)m;
	if (pos >= NSLAVES)
		return -EINVAL;
	*out = slaves[pos];
	return 0;
}

/* slave 2: SM0/1 mailbox, SM2 outputs (RxPDO 0x1600), no SM3 */
int ec_lib_slave_sync(struct ec_lib_master *m, uint16_t pos, uint8_t i,
		      struct ec_ioctl_slave_sync *out)
{
	static const uint16_t start[] = { 0x1000, 0x1080, 0x1100 };
	static const uint8_t ctrl[] = { 0x26, 0x22, 0x24 };

	(void)m;
	if (pos != 2 || i >= 3)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->physical_start_address = start[i];
	out->default_size = i < 2 ? 128 : 0;
	out->control_register = ctrl[i];
	out->enable = 1;
	out->pdo_count = i == 2;
	return 0;
}

int ec_lib_slave_sync_pdo(struct ec_lib_master *m, uint16_t pos,
			  uint8_t sync, uint8_t pdo,
			  struct ec_ioctl_slave_sync_pdo *out)
{
	(void)m;
	if (pos != 2 || sync != 2 || pdo)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->index = 0x1600;
	out->entry_count = 2;
	strcpy(out->name, "Outputs");
	return 0;
}

int ec_lib_slave_sync_pdo_entry(struct ec_lib_master *m, uint16_t pos,
				uint8_t sync, uint8_t pdo, uint8_t entry,
				struct ec_ioctl_slave_sync_pdo_entry *out)
{
	(void)m;
	if (pos != 2 || sync != 2 || pdo || entry > 1)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->index = entry ? 0 : 0x7000;
	out->subindex = entry ? 0 : 1;
	out->bit_length = entry ? 7 : 1;
	strcpy(out->name, entry ? "" : "Out1");
	return 0;
}

struct fake_entry {
	uint16_t index;
	uint8_t sub;
	uint16_t type, bits;
	const char *desc;
};

static const struct fake_entry entries[] = {
	{ 0x1018, 0, 0x0005, 8, "SubIndex 000" },
	{ 0x1018, 1, 0x0007, 32, "Vendor ID" },
	{ 0x2000, 0, 0x0009, 40, "Greeting" },
	{ 0x6000, 1, 0x0003, 16, "Input" },
};

int ec_lib_slave_sdo(struct ec_lib_master *m, uint16_t pos, uint16_t i,
		     struct ec_ioctl_slave_sdo *out)
{
	(void)m;
	if (pos != 2 || i >= 2)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->sdo_index = i ? 0x2000 : 0x1018;
	out->max_subindex = i ? 0 : 1;
	strcpy(out->name, i ? "Greeting" : "Identity");
	return 0;
}

int ec_lib_slave_sdo_entry(struct ec_lib_master *m, uint16_t pos,
			   int32_t spec, uint8_t sub,
			   struct ec_ioctl_slave_sdo_entry *out)
{
	uint16_t index;
	size_t i;

	if (pos != 2)
		return -EINVAL;
	index = spec >= 0 ? spec : (spec == -1 ? 0x1018 : 0x2000);
	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
		if (entries[i].index != index || entries[i].sub != sub)
			continue;
		memset(out, 0, sizeof(*out));
		out->sdo_entry_subindex = sub;
		out->data_type = entries[i].type;
		out->bit_length = entries[i].bits;
		memset(out->read_access, 1, 3);
		memset(out->write_access, 1, 3);
		strcpy(out->description, entries[i].desc);
		return 0;
	}
	snprintf(m->errbuf, sizeof(m->errbuf), "SDO entry info: %s",
		 strerror(ENOENT));
	return -ENOENT;
}

int ec_lib_sii_read(struct ec_lib_master *m, uint16_t pos, uint32_t off,
		    uint32_t n, uint16_t *words)
{
	(void)m;
	if (pos >= NSLAVES || off + n > SII_WORDS)
		return -EINVAL;
	memcpy(words, sii[pos] + 2 * off, 2 * n);
	return 0;
}

int ec_lib_sii_write(struct ec_lib_master *m, uint16_t pos, uint32_t off,
		     uint32_t n, const uint16_t *words)
{
	(void)m;
	if (pos >= NSLAVES || off + n > SII_WORDS)
		return -EINVAL;
	memcpy(sii[pos] + 2 * off, words, 2 * n);
	return 0;
}

int ec_lib_reg_read(struct ec_lib_master *m, uint16_t pos, bool emergency,
		    uint16_t addr, uint16_t size, void *data)
{
	(void)m;
	(void)emergency;
	if (pos >= NSLAVES || addr + size > sizeof(regs[0]))
		return -EINVAL;
	if (size > FAKE_REG_MAX)
		return -EOVERFLOW;
	memcpy(data, regs[pos] + addr, size);
	return 0;
}

int ec_lib_reg_write(struct ec_lib_master *m, uint16_t pos, bool emergency,
		     uint16_t addr, uint16_t size, const void *data)
{
	(void)emergency;
	if (!m->writable)
		return -EPERM;
	if (pos >= NSLAVES || addr + size > sizeof(regs[0]))
		return -EINVAL;
	if (size > FAKE_REG_MAX)
		return -EOVERFLOW;
	memcpy(regs[pos] + addr, data, size);
	return 0;
}

int ec_lib_slave_state(struct ec_lib_master *m, uint16_t pos, uint8_t state)
{
	if (!m->writable || pos >= NSLAVES)
		return -EINVAL;
	last_state[pos] = state;
	return 0;
}

int ec_lib_sdo_upload(struct ec_lib_master *m, uint16_t pos, uint16_t index,
		      uint8_t sub, bool ca, void *buf, size_t size,
		      size_t *result, uint32_t *abort_code)
{
	(void)m;
	(void)ca;
	*abort_code = 0;
	if (pos != 2)
		return -EINVAL;
	if (index == 0x1018 && sub == 1 && size >= 4) {
		memcpy(buf, "\x02\x00\x00\x00", 4);
		*result = 4;
	} else if (index == 0x2000 && size >= 5) {
		memcpy(buf, "hello", 5);
		*result = 5;
	} else if (index == 0x6000 && sub == 1 && size >= 2) {
		memcpy(buf, &obj_6000_01, 2);
		*result = 2;
	} else {
		*abort_code = 0x06020000;
		return -EIO;
	}
	return 0;
}

/* FoE: slave 2 holds one file, "f.bin", password 5. */
static uint8_t foe_file[4096];
static size_t foe_len;

/* EoE: the last set IP request; one interface, on slave 2. */
static struct ec_ioctl_eoe_ip eoe_ip_seen;
static unsigned int eoe_ip_calls;

int ec_lib_eoe_ip(struct ec_lib_master *m, const struct ec_ioctl_eoe_ip *io)
{
	(void)m;
	eoe_ip_calls++;
	eoe_ip_seen = *io;
	return io->slave_position == 2 ? 0 : -EPROTONOSUPPORT;
}

int ec_lib_eoe_handler(struct ec_lib_master *m, uint32_t index,
		       struct ec_ioctl_eoe_handler *out)
{
	(void)m;
	memset(out, 0, sizeof(*out));
	if (index)
		return -ENOENT;
	strcpy(out->name, "eoe0s2");
	out->slave_position = 2;
	out->attached = out->open = out->carrier = 1;
	out->rx_frames = 7;
	out->tx_frames = 9;
	out->tx_rate = 1200;
	out->tx_queue_size = 64;
	out->rx_dropped = 1;
	return 0;
}

int ec_lib_foe(struct ec_lib_master *m, bool write,
	       struct ec_ioctl_slave_foe *io)
{
	(void)m;
	if (io->slave_position != 2)
		return -EPROTONOSUPPORT;
	if (strcmp(io->file_name, "f.bin")) {
		io->foe_error = 0x8001;
		strcpy(io->error_text, "no such file");
		return -EIO;
	}
	if (io->password != 5) {
		io->foe_error = 0x8002;
		return -EIO;
	}
	if (write) {
		if (io->buffer_size > sizeof(foe_file))
			return -ENOSPC;
		memcpy(foe_file, (void *)(uintptr_t)io->buffer,
		       io->buffer_size);
		foe_len = io->buffer_size;
		return 0;
	}
	if (foe_len > io->buffer_size)
		return -EOVERFLOW;
	memcpy((void *)(uintptr_t)io->buffer, foe_file, foe_len);
	io->result_size = (uint32_t)foe_len;
	return 0;
}

/* SoE: slave 2 is a drive with three IDNs (attribute and value). */
static struct {
	uint16_t idn;
	uint32_t attr;
	uint8_t val[64];
	size_t len;
} fake_idns[3];

static void fake_drive(void)
{
	static const uint8_t version[] = { 9, 0, 64, 0, 'd', 'r', 'i', 'v',
					   'e', ' ', '1', '.', '0' };
	static const uint8_t at[] = { 4, 0, 64, 0, 135, 0, 51, 0 };

	fake_idns[0].idn = 30;			/* text */
	fake_idns[0].attr = 1 | 4 << 16 | 4 << 20;
	memcpy(fake_idns[0].val, version, sizeof(version));
	fake_idns[0].len = sizeof(version);
	fake_idns[1].idn = 0x8001;		/* uint32 */
	fake_idns[1].attr = 1 | 2 << 16 | 1 << 20;
	memcpy(fake_idns[1].val, "\x2a\0\0\0", 4);
	fake_idns[1].len = 4;
	fake_idns[2].idn = 16;			/* IDN list */
	fake_idns[2].attr = 1 | 5 << 16 | 5 << 20;
	memcpy(fake_idns[2].val, at, sizeof(at));
	fake_idns[2].len = sizeof(at);
}

int ec_lib_soe(struct ec_lib_master *m, bool write,
	       struct ec_ioctl_slave_soe *io)
{
	uint8_t *buf = (uint8_t *)(uintptr_t)io->data;
	size_t i;

	(void)m;
	if (io->slave_position != 2)
		return -EPROTONOSUPPORT;
	for (i = 0; i < 3 && fake_idns[i].idn != io->idn; i++)
		;
	if (i == 3 || io->drive_no) {
		io->error_code = io->drive_no ? 0x800a : 0x1001;
		return -EIO;
	}
	if (write) {
		if (io->elements || io->data_size > sizeof(fake_idns[i].val))
			return -EINVAL;
		memcpy(fake_idns[i].val, buf, io->data_size);
		fake_idns[i].len = io->data_size;
		return 0;
	}
	if (io->elements == 0x04) {
		memcpy(buf, &fake_idns[i].attr, 4);
		io->result_size = 4;
		return 0;
	}
	memcpy(buf, fake_idns[i].val, fake_idns[i].len);
	io->result_size = (uint32_t)fake_idns[i].len;
	return 0;
}

int ec_lib_sdo_download(struct ec_lib_master *m, uint16_t pos,
			uint16_t index, uint8_t sub, bool ca,
			const void *data, size_t size, uint32_t *abort_code)
{
	(void)m;
	(void)index;
	(void)sub;
	*abort_code = 0;
	if (pos != 2 || size > sizeof(dl_data))
		return -EINVAL;
	memcpy(dl_data, data, size);
	dl_size = size;
	dl_complete = ca;
	return 0;
}

int ec_lib_rescan(struct ec_lib_master *m)
{
	return m->writable ? 0 : -EPERM;
}

int ec_lib_debug(struct ec_lib_master *m, uint32_t level)
{
	(void)level;
	return m->writable ? 0 : -EPERM;
}

/* No application on this fake bus: no configs, no domains (the
 * config/domains/data commands are tested in check_tool_config.c). */
int ec_lib_config(struct ec_lib_master *m, uint32_t i,
		  struct ec_ioctl_config *out)
{
	(void)m, (void)i, (void)out;
	return -ENOENT;
}

int ec_lib_config_pdo(struct ec_lib_master *m, uint32_t i, uint8_t s,
		      uint16_t p, struct ec_ioctl_config_pdo *out)
{
	(void)m, (void)i, (void)s, (void)p, (void)out;
	return -ENOENT;
}

int ec_lib_config_pdo_entry(struct ec_lib_master *m, uint32_t i, uint8_t s,
			    uint16_t p, uint16_t e,
			    struct ec_ioctl_config_pdo_entry *out)
{
	(void)m, (void)i, (void)s, (void)p, (void)e, (void)out;
	return -ENOENT;
}

int ec_lib_config_sdo(struct ec_lib_master *m, uint32_t i, uint32_t p,
		      struct ec_ioctl_config_sdo *out)
{
	(void)m, (void)i, (void)p, (void)out;
	return -ENOENT;
}

int ec_lib_config_flag(struct ec_lib_master *m, uint32_t i, uint32_t p,
		       struct ec_ioctl_sc_flag *out)
{
	(void)m, (void)i, (void)p, (void)out;
	return -ENOENT;
}

int ec_lib_config_idn(struct ec_lib_master *m, uint32_t i, uint32_t p,
		      struct ec_ioctl_config_idn *out)
{
	(void)m, (void)i, (void)p, (void)out;
	return -ENOENT;
}

int ec_lib_domain(struct ec_lib_master *m, uint32_t i,
		  struct ec_ioctl_domain *out)
{
	(void)m, (void)i, (void)out;
	return -ENOENT;
}

int ec_lib_domain_fmmu(struct ec_lib_master *m, uint32_t i, uint32_t f,
		       struct ec_ioctl_domain_fmmu *out)
{
	(void)m, (void)i, (void)f, (void)out;
	return -ENOENT;
}

int ec_lib_domain_data(struct ec_lib_master *m, uint32_t i, void *buf,
		       size_t size, size_t *result_size)
{
	(void)m, (void)i, (void)buf, (void)size;
	*result_size = 0;
	return -ENOENT;
}

/* ---- tests -------------------------------------------------------- */

START_TEST(test_master)
{
	fake_bus();
	ck_assert_int_eq(run("master", NULL), 0);
	ck_has(out, "Master0\n  Phase: Idle\n  Active: no\n  Slaves: 3\n");
	ck_has(out, "    Main: 52:54:00:ec:a7:01 (attached)\n"
	       "      Link: UP\n"
	       "      Driver: ec_e1000e\n");
	ck_has(out, "      Rx frames:   1234\n");
	ck_has(out, "      Tx frame rate [1/s]:    100      0      0\n");
	ck_has(out, "      Tx rate [KByte/s]:      2.0    0.0    0.0\n");
	ck_has(out, "      Lost frames: 1\n");
	ck_has(out, "      Frame loss [%]:         1.0    0.0    0.0\n");
	ck_has(out, "    Reference clock:   None\n");
	ck_has(out, "                       2000-01-01 00:00:00.000000000\n");
	ck_has(out, "  Monitoring in operation:\n"
	       "    Per cycle at most: 1 datagram, 14 bytes (one every 2000 us,"
	       " AL status broadcast every 10000 us)\n"
	       "    Topology change or AL error noticed within: 13000 us"
	       " (cycle 1000 us, 3 slaves)\n");
	ck_has(out, "    Broadcasts: 7, slave checks: 0, sweeps: 0");
	ck_assert_str_eq(err, "");
}
END_TEST

START_TEST(test_master_json)
{
	json_t *j, *m, *dev;

	fake_bus();
	j = run_json("master");
	m = json_array_get(json_object_get(j, "masters"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(m, "phase")),
			 "Idle");
	dev = json_array_get(json_object_get(m, "devices"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(dev, "mac")),
			 "52:54:00:ec:a7:01");
	ck_assert(json_is_true(json_object_get(dev, "link")));
	ck_assert_str_eq(json_string_value(json_object_get(dev, "driver")),
			 "ec_e1000e");
	ck_assert_int_eq(json_integer_value(json_object_get(dev,
							    "rx_frames")),
			 1234);
	ck_assert(json_number_value(json_array_get(json_object_get(dev,
		"tx_kbyte_rates"), 0)) == 2.0);
	ck_assert(json_is_null(json_object_get(json_object_get(m, "dc"),
					       "reference_clock")));
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_object_get(m, "monitoring"), "notice_us")), 13000);
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_object_get(m, "monitoring"), "max_bytes_per_cycle")), 14);
	json_decref(j);
}
END_TEST

/* With a backup device: the ring state, closed or broken. */
START_TEST(test_master_redundancy)
{
	json_t *j, *r;

	fake_bus();
	ck_assert_int_eq(run("master", NULL), 0);
	ck_assert_ptr_null(strstr(out, "Redundancy"));
	fake_red.configured = 1;
	fake_red.known = 1;
	fake_red.side_slaves[0] = 5;
	ck_assert_int_eq(run("master", NULL), 0);
	ck_has(out, "  Redundancy: ring closed, 5 slave(s)\n");
	fake_red.broken = 1;
	fake_red.break_pos = 2;
	fake_red.side_slaves[0] = 2;
	fake_red.side_slaves[1] = 3;
	fake_red.breaks = 1;
	fake_red.partial = 7;
	ck_assert_int_eq(run("master", NULL), 0);
	ck_has(out, "  Redundancy: ring broken in front of slave 2 (2 slave(s) "
	       "on main, 3 on backup)\n    Breaks seen: 1\n"
	       "    Datagrams with one copy: 7\n");
	j = run_json("master");
	r = json_object_get(json_array_get(json_object_get(j, "masters"), 0),
			    "redundancy");
	ck_assert_str_eq(json_string_value(json_object_get(r, "ring")),
			 "broken");
	ck_assert_int_eq(json_integer_value(json_object_get(r,
		"break_position")), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(r,
		"backup_slaves")), 3);
	json_decref(j);
}
END_TEST

START_TEST(test_master_errors)
{
	char want[128];

	fake_bus();
	ck_assert_int_eq(run("-m", "1", "master", NULL), EC_EXIT_FAIL);
	ck_has(err, "ethercat: master: master 1 (from -m '1') does not exist: the module has only master 0\n");
	fake_version = EC_IOCTL_VERSION + 1;
	ck_assert_int_eq(run("master", NULL), EC_EXIT_FAIL);
	snprintf(want, sizeof(want),
		 "ioctl ABI version mismatch: library/tool built for %u, module ec_master speaks %u",
		 EC_IOCTL_VERSION, EC_IOCTL_VERSION + 1);
	ck_has(err, want);
	ck_assert_int_eq(run("version", NULL), EC_EXIT_FAIL);
	snprintf(want, sizeof(want), "ec_master module: ioctl ABI version %u",
		 EC_IOCTL_VERSION + 1);
	ck_has(out, want);
	fake_version = EC_IOCTL_VERSION;
	ck_assert_int_eq(run("version", NULL), 0);
	ck_has(out, "IgH EtherCAT master " EC_VERSION "\n");
	snprintf(want, sizeof(want), "ethercat tool " EC_VERSION
		 ", ioctl ABI version %u", EC_IOCTL_VERSION);
	ck_has(out, want);
	snprintf(want, sizeof(want), "ec_master module: ioctl ABI version %u",
		 EC_IOCTL_VERSION);
	ck_has(out, want);
	/* as IgH's: no module is no failure */
	fake_no_module = true;
	ck_assert_int_eq(run("version", NULL), 0);
	ck_has(out, "IgH EtherCAT master " EC_VERSION "\n");
	ck_has(out, "ec_master module: not loaded");
	fake_no_module = false;
}
END_TEST

START_TEST(test_slaves)
{
	fake_bus();
	ck_assert_int_eq(run("sl", NULL), 0);
	ck_assert_str_eq(out,
		"0   0:0  OP     +  EK1100 EtherCAT-Koppler\n"
		"1   0:1  OP     +  EL2004 4K. Dig. Ausgang\n"
		"2  16:0  PREOP  +  0x00000002:0x044c2c54\n");
	ck_assert_int_eq(run("slaves", "-a", "16", NULL), 0);
	ck_assert_str_eq(out, "2  16:0  PREOP  +  0x00000002:0x044c2c54\n");
	ck_assert_int_eq(run("slaves", "-p", "1", "-v", NULL), 0);
	ck_has(out, "=== Master 0, Slave 1 ===\nState: OP\nFlag: +\n");
	ck_has(out, "  Vendor Id:       0x00000002\n");
	ck_has(out, "   1  EBUS  up    open    no              2\n");
	ck_assert_int_eq(run("slaves", "-p", "2", "-v", NULL), 0);
	ck_has(out, "  Supported protocols: CoE\n");
	ck_has(out, "    Enable SDO complete access: yes\n");
	ck_assert_int_eq(run("slaves", "-p", "x", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_slaves_json)
{
	json_t *j, *arr;

	fake_bus();
	j = run_json("slaves");
	arr = json_object_get(j, "slaves");
	ck_assert_int_eq(json_array_size(arr), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_array_get(arr, 2), "alias")), 16);
	ck_assert_str_eq(json_string_value(json_object_get(
		json_array_get(arr, 0), "state")), "OP");
	json_decref(j);
}
END_TEST

START_TEST(test_eoe_ip)
{
	fake_bus();
	eoe_ip_calls = 0;
	ck_assert_int_eq(run("ip", "-p2", "addr", "169.254.20.1/16", "link",
			     "02:00:00:aa:bb:0c", "default", "169.254.0.1",
			     "dns", "169.254.0.2", "name", "drive7", NULL), 0);
	ck_assert_uint_eq(eoe_ip_calls, 1);
	ck_assert_uint_eq(eoe_ip_seen.slave_position, 2);
	ck_assert_uint_eq(eoe_ip_seen.flags, EC_IOCTL_EOE_ALL);
	ck_assert_uint_eq(eoe_ip_seen.ip, 0xa9fe1401);
	ck_assert_uint_eq(eoe_ip_seen.subnet, 0xffff0000);
	ck_assert_uint_eq(eoe_ip_seen.gateway, 0xa9fe0001);
	ck_assert_uint_eq(eoe_ip_seen.dns, 0xa9fe0002);
	ck_assert_uint_eq(eoe_ip_seen.mac[5], 0x0c);
	ck_assert_str_eq(eoe_ip_seen.name, "drive7");
	/* without a prefix: no subnet mask; hyphens in the MAC */
	ck_assert_int_eq(run("ip", "-p2", "addr", "10.0.0.1", "link",
			     "02-00-00-aa-bb-0d", NULL), 0);
	ck_assert_uint_eq(eoe_ip_seen.flags,
			  EC_IOCTL_EOE_IP | EC_IOCTL_EOE_MAC);
	/* wrong arguments: usage errors naming what is wrong, no request */
	eoe_ip_calls = 0;
	ck_assert_int_eq(run("ip", "-p2", NULL), EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "no IP parameters"));
	ck_assert_int_eq(run("ip", "-p2", "addr", NULL), EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "pairs"));
	ck_assert_int_eq(run("ip", "-p2", "addr", "1.2.3", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "invalid address '1.2.3'"));
	ck_assert_int_eq(run("ip", "-p2", "addr", "1.2.3.4/33", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "invalid prefix '33'"));
	ck_assert_int_eq(run("ip", "-p2", "link", "02:00:00:aa:bb", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "invalid MAC address"));
	ck_assert_int_eq(run("ip", "-p2", "colour", "red", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "unknown argument 'colour'"));
	ck_assert_int_eq(run("ip", "-p2", "name",
			     "a-host-name-of-more-than-32-chars", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "invalid host name"));
	ck_assert_uint_eq(eoe_ip_calls, 0);
	/* a slave without EoE */
	ck_assert_int_eq(run("ip", "-p1", "addr", "10.0.0.1", NULL),
			 EC_EXIT_FAIL);
	ck_assert_ptr_nonnull(strstr(err, "does not support EoE"));
}
END_TEST

START_TEST(test_eoe_list)
{
	fake_bus();
	ck_assert_int_eq(run("eoe", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "Interface"));
	ck_assert_ptr_nonnull(strstr(out, "eoe0s2"));
	ck_assert_int_eq(run("eoe", "-j", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "\"interface\":\"eoe0s2\""));
	ck_assert_ptr_nonnull(strstr(out, "\"tx_rate\":1200"));
	ck_assert_int_eq(run("eoe", "extra", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_foe)
{
	char src[] = "/tmp/ec_foe_srcXXXXXX", dst[] = "/tmp/ec_foe_dstXXXXXX";
	char path[64];
	FILE *f;
	int fd;

	fake_bus();
	fd = mkstemp(src);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "firmware!", 9), 9);
	close(fd);
	fd = mkstemp(dst);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(run("foe_write", "-p2", "--password", "5", "-o",
			     "f.bin", src, NULL), 0);
	ck_assert_uint_eq(foe_len, 9);
	ck_assert_int_eq(run("foe_read", "-p2", "--password=5", "f.bin",
			     NULL), 0);
	ck_assert_str_eq(out, "firmware!");
	ck_assert_int_eq(run("foe_read", "-p2", "--password=5", "-o", dst,
			     "f.bin", NULL), 0);
	f = fopen(dst, "rb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fread(path, 1, sizeof(path), f), 9);
	fclose(f);
	ck_assert_int_eq(memcmp(path, "firmware!", 9), 0);
	/* The slave's errors, with code, text and the slave's own text. */
	ck_assert_int_eq(run("foe_read", "-p2", "g.bin", NULL),
			 EC_EXIT_FAIL);
	ck_assert_str_eq(err,
		"ethercat: foe_read: FoE read of 'g.bin' failed: error 0x00008001: Not found: no such file\n");
	ck_assert_int_eq(run("foe_write", "-p2", "-o", "f.bin", src, NULL),
			 EC_EXIT_FAIL);
	ck_assert_str_eq(err,
		"ethercat: foe_write: FoE write of 'f.bin' failed: error 0x00008002: Access denied\n");
	/* Usage errors. */
	ck_assert_int_eq(run("foe_write", "-p2", "-", NULL), EC_EXIT_USAGE);
	ck_has(err, "--output-file");
	ck_assert_int_eq(run("foe_read", "-p2", "--password", "x", "f.bin",
			     NULL), EC_EXIT_USAGE);
	ck_has(err, "invalid password");
	ck_assert_int_eq(run("foe_read", "-p2", NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("foe_read", "-p2", "--password", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "'--password' requires an argument");
	ck_assert_int_eq(run("foe_write", "-p2", "/nonexistent/x", NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "failed to read '/nonexistent/x'");
	unlink(src);
	unlink(dst);
}
END_TEST

START_TEST(test_soe)
{
	fake_bus();
	fake_drive();
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-0030", NULL), 0);
	ck_assert_str_eq(out, "drive 1.0\n");
	ck_assert_int_eq(run("soe_read", "-p2", "P-0-0001", NULL), 0);
	ck_assert_str_eq(out, "42\n");
	ck_assert_int_eq(run("soe_read", "-p2", "s-0-16", NULL), 0);
	ck_assert_str_eq(out, "S-0-0135 S-0-0051\n");
	ck_assert_int_eq(run("soe_read", "-p2", "-t", "uint32", "0x8001",
			     NULL), 0);
	ck_assert_str_eq(out, "0x0000002a 42\n");
	ck_assert_int_eq(run("soe_write", "-p2", "P-0-0001", "777", NULL), 0);
	ck_assert_int_eq(run("soe_read", "-p2", "P-0-0001", NULL), 0);
	ck_assert_str_eq(out, "777\n");
	ck_assert_int_eq(run("soe_write", "-p2", "S-0-0016",
			     "S-0-0135,S-0-0040 S-0-0051", NULL), 0);
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-0016", NULL), 0);
	ck_assert_str_eq(out, "S-0-0135 S-0-0040 S-0-0051\n");
	ck_assert_int_eq(run("soe_write", "-p2", "S-0-0030", "drive 2", NULL),
			 0);
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-0030", NULL), 0);
	ck_assert_str_eq(out, "drive 2\n");
	/* The drive's error codes with their texts. */
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-0999", NULL),
			 EC_EXIT_FAIL);
	ck_assert_str_eq(err,
		"ethercat: soe_read: SoE read of S-0-0999 (drive 0) failed: error 0x1001: No IDN\n");
	ck_assert_int_eq(run("soe_read", "-p2", "-y", "3", "S-0-0030", NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "error 0x800a: Invalid drive number");
	/* Usage errors. */
	ck_assert_int_eq(run("soe_read", "-p2", "X-0-0001", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "invalid IDN 'X-0-0001'");
	ck_assert_int_eq(run("soe_read", "-p2", "S-8-0001", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-4096", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("soe_read", "-p2", "-y", "8", "S-0-0001", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "invalid drive number '8'");
	ck_assert_int_eq(run("soe_write", "-p2", "P-0-0001", "x", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("soe_write", "-p2", "P-0-0001", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("soe_write", "-p2", "-t", "int99", "P-0-0001",
			     "1", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_upload)
{
	fake_bus();
	ck_assert_int_eq(run("upload", "-p", "2", "0x1018", "1", NULL), 0);
	ck_assert_str_eq(out, "0x00000002 2\n");
	ck_assert_int_eq(run("up", "-p", "2", "0x2000", "0", NULL), 0);
	ck_assert_str_eq(out, "hello\n");
	ck_assert_int_eq(run("upload", "-p2", "0x6000", "1", NULL), 0);
	ck_assert_str_eq(out, "0xfed4 -300\n");
	ck_assert_int_eq(run("upload", "-p2", "-t", "uint16", "0x6000", "1",
			     NULL), 0);
	ck_assert_str_eq(out, "0xfed4 65236\n");
	ck_assert_int_eq(run("upload", "-p2", "-t", "uint8", "0x9999", "0",
			     NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(err,
		"ethercat: upload: SDO transfer aborted with code 0x06020000: The object does not exist in the object dictionary\n");
	/* no dictionary entry and no --type */
	ck_assert_int_eq(run("upload", "-p2", "0x9999", "0", NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "please specify --type");
	ck_assert_int_eq(run("upload", "0x1018", "1", NULL), EC_EXIT_USAGE);
	ck_has(err, "matches 3 slaves");
	ck_assert_int_eq(run("upload", "-p2", "0x10000", "1", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("upload", "-p2", "-t", "int7", "1", "1", NULL),
			 EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_upload_json)
{
	json_t *j, *sdo;

	fake_bus();
	ck_assert_int_eq(run("-j", "upload", "-p2", "0x6000", "1", NULL), 0);
	j = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(j);
	sdo = json_object_get(j, "sdo");
	ck_assert_int_eq(json_integer_value(json_object_get(sdo, "value")),
			 -300);
	ck_assert_str_eq(json_string_value(json_object_get(sdo, "type")),
			 "int16");
	ck_assert_str_eq(json_string_value(json_object_get(sdo, "hex")),
			 "d4fe");
	json_decref(j);
}
END_TEST

START_TEST(test_download)
{
	fake_bus();
	ck_assert_int_eq(run("download", "-p2", "-t", "int16", "0x6000", "1",
			     "0x7fff", NULL), 0);
	ck_assert_uint_eq(dl_size, 2);
	ck_assert_mem_eq(dl_data, "\xff\x7f", 2);
	ck_assert(!dl_complete);
	/* type from the dictionary */
	ck_assert_int_eq(run("download", "-p2", "0x1018", "1", "258", NULL),
			 0);
	ck_assert_uint_eq(dl_size, 4);
	ck_assert_mem_eq(dl_data, "\x02\x01\x00\x00", 4);
	/* complete access: index and value only */
	ck_assert_int_eq(run("download", "-p2", "-t", "raw", "0x7000",
			     "01 02 03", NULL), 0);
	ck_assert(dl_complete);
	ck_assert_uint_eq(dl_size, 3);
	ck_assert_int_eq(run("download", "-p2", "-t", "int8", "0x6000", "1",
			     "300", NULL), EC_EXIT_USAGE);
	ck_has(err, "Value out of range");
}
END_TEST

START_TEST(test_sdos_pdos)
{
	fake_bus();
	ck_assert_int_eq(run("sdos", "-p", "2", NULL), 0);
	ck_assert_str_eq(out,
		"SDO 0x1018, \"Identity\"\n"
		"  0x1018:00, rwrwrw, uint8, 8 bit, \"SubIndex 000\"\n"
		"  0x1018:01, rwrwrw, uint32, 32 bit, \"Vendor ID\"\n"
		"SDO 0x2000, \"Greeting\"\n"
		"  0x2000:00, rwrwrw, string, 40 bit, \"Greeting\"\n");
	ck_assert_int_eq(run("sdos", "-q", "-p", "2", NULL), 0);
	ck_assert_str_eq(out, "SDO 0x1018, \"Identity\"\n"
			 "SDO 0x2000, \"Greeting\"\n");
	ck_assert_int_eq(run("pdos", "-p", "2", NULL), 0);
	ck_assert_str_eq(out,
		"SM0: PhysAddr 0x1000, DefaultSize  128, ControlRegister 0x26, Enable 1\n"
		"SM1: PhysAddr 0x1080, DefaultSize  128, ControlRegister 0x22, Enable 1\n"
		"SM2: PhysAddr 0x1100, DefaultSize    0, ControlRegister 0x24, Enable 1\n"
		"  RxPDO 0x1600 \"Outputs\"\n"
		"    PDO entry 0x7000:01,  1 bit, \"Out1\"\n"
		"    PDO entry 0x0000:00,  7 bit, \"\"\n");
}
END_TEST

START_TEST(test_xml_graph)
{
	fake_bus();
	ck_assert_int_eq(run("xml", "-p", "2", NULL), 0);
	ck_has(out, "<?xml version=\"1.0\" ?>\n<EtherCATInfo>\n");
	ck_has(out, "<Type ProductCode=\"#x044c2c54\" RevisionNo=\"#x00000000\">SIM-COE</Type>");
	ck_has(out, "<RxPdo Sm=\"2\" Fixed=\"1\" Mandatory=\"1\">");
	ck_has(out, "<DataType>BOOL</DataType>");
	ck_assert_int_eq(run("graph", NULL), 0);
	ck_has(out, "strict graph bus {");
	ck_has(out, "    master -- slave0[label=\"EBUS\"]\n");
	ck_has(out, "    slave1 -- slave2 [taillabel=\"1\",headlabel=\"0\",label=\"EBUS\",weight=\"5\"]\n");
	ck_has(out, "slave2 [shape=\"box\",label=\"2 / 16:0\\nSIM-COE\"]");
	ck_assert_int_eq(run("graph", "CRC", NULL), 0);
	ck_has(out, "slave0 -- slave1 [taillabel=\"1 [0/0]\",headlabel=\"0 [3/0]\"");
	ck_assert_int_eq(run("graph", "foo", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_regs_crc)
{
	fake_bus();
	ck_assert_int_eq(run("reg_read", "-p0", "0x130", "-t", "uint16",
			     NULL), 0);
	ck_assert_str_eq(out, "0x0008 8\n");
	ck_assert_int_eq(run("reg_read", "-p0", "0x130", "2", NULL), 0);
	ck_assert_str_eq(out, "0x08 0x00\n");
	ck_assert_int_eq(run("reg_read", "-p0", "0x130", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("reg_write", "-p1", "-t", "uint16", "0x120",
			     "0x0204", NULL), 0);
	ck_assert_uint_eq(regs[1][0x120], 0x04);
	ck_assert_uint_eq(regs[1][0x121], 0x02);
	ck_assert_int_eq(run("crc", NULL), 0);
	ck_has(out, "   |Port 0         |Port 1         |Port 2         |Port 3         |\n");
	ck_has(out, "  1|  3   0   0    |  0   0   0   \xe2\x86\x93|               |               |EL2004 4K. \n");
	ck_assert_int_eq(run("crc", "reset", NULL), 0);
	ck_assert_uint_eq(regs[1][0x300], 0);
}
END_TEST

START_TEST(test_sii_alias_states)
{
	char path[] = "/tmp/check_tool_siiXXXXXX";
	uint8_t img[SII_WORDS * 2];
	FILE *f;
	int fd;

	fake_bus();
	ck_assert_int_eq(run("sii_read", "-p1", NULL), 0);
	ck_assert_mem_eq(out, sii[1], 64);

	ck_assert_int_eq(run("alias", "-p", "1", "0x55", NULL), 0);
	ck_assert_uint_eq(sii[1][2 * EC_SII_WORD_ALIAS], 0x55);
	ck_assert_uint_eq(sii[1][2 * EC_SII_WORD_CHECKSUM],
			  ec_sii_crc(sii[1], 14));
	ck_assert_int_eq(run("alias", "5", NULL), EC_EXIT_FAIL);
	ck_has(err, "use --force");

	/* sii_write refuses a wrong checksum unless forced */
	memcpy(img, sii[0], sizeof(img));
	img[0] = 0x77;
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "wb");
	fwrite(img, 1, sizeof(img), f);
	fclose(f);
	ck_assert_int_eq(run("sii_write", "-p0", path, NULL), EC_EXIT_FAIL);
	ck_has(err, "CRC incorrect");
	ck_assert_uint_ne(sii[0][0], 0x77);
	ck_assert_int_eq(run("sii_write", "-f", "-p0", path, NULL), 0);
	ck_assert_uint_eq(sii[0][0], 0x77);
	unlink(path);

	ck_assert_int_eq(run("states", "-a", "16", "safeop", NULL), 0);
	ck_assert_uint_eq(last_state[2], 0x04);
	ck_assert_uint_eq(last_state[0], 0);
	ck_assert_int_eq(run("states", "RUN", NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("rescan", NULL), 0);
	ck_assert_int_eq(run("debug", "1", NULL), 0);
	ck_assert_int_eq(run("debug", "3", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_help)
{
	ck_assert_int_eq(run("help", "upl", NULL), 0);
	ck_has(out, "ethercat upload [OPTIONS] <INDEX> <SUBINDEX>\n");
	ck_assert_int_eq(run("sdos", "--help", NULL), 0);
	ck_has(out, "List SDO dictionaries.");
	ck_assert_int_eq(run("--help", NULL), 0);
	ck_has(out, "Commands (can be abbreviated):");
	ck_assert_int_eq(run("help", "s", NULL), EC_EXIT_USAGE);
}
END_TEST

/* Bad arguments: each named in the message, with a non-zero exit. */
START_TEST(test_bad_arguments)
{
	char dir[] = "/tmp/check_tool_dirXXXXXX";
	size_t i;

	fake_bus();
	ck_assert_int_eq(run("states", "-p", "99", "OP", NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(err, "ethercat: states: master 0: slave 99 does not exist: there are 3 slaves\n");
	ck_assert_uint_eq(last_state[0] | last_state[1] | last_state[2], 0);
	ck_assert_int_eq(run("slaves", "-p", "1,99", NULL), EC_EXIT_FAIL);
	ck_has(err, "slave 99 does not exist");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("slaves", "-p", "7-", NULL), EC_EXIT_FAIL);
	ck_has(err, "position list '7-' selects no slave");
	ck_assert_int_eq(run("-a", "70000", "slaves", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: slaves: invalid alias 70000: aliases are 0 to 65535\n");
	ck_assert_int_eq(run("-a", "5", "slaves", NULL), EC_EXIT_FAIL);
	ck_has(err, "no slave has alias 5");
	ck_assert_int_eq(run("-a", "16", "-p", "1", "slaves", NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "no slave at position 1 after alias 16 (its group has 1 slave)");
	ck_assert_int_eq(run("-p", "70000", "slaves", NULL), EC_EXIT_USAGE);
	ck_has(err, "invalid position 70000");
	ck_assert_int_eq(run("-a", "16", "-p", "0", "slaves", NULL), 0);
	ck_assert_int_eq(run("-m", "3-1", "slaves", NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(err, "ethercat: slaves: master 3 (from -m '3-1') does not exist: the module has only master 0\n");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("-m", "0-0", "slaves", NULL), 0);

	/* Registers: the 64 KiB space, in requests the module takes. */
	ck_assert_int_eq(run("reg_write", "-p0", "-t", "uint16", "0xffff",
			     "1", NULL), EC_EXIT_USAGE);
	ck_assert_str_eq(err, "ethercat: reg_write: uint16 (2 bytes) at address 0xffff exceeds the 64 KiB register space (the last byte is 0xffff)\n"
			 "Try 'ethercat reg_write --help' for more information.\n");
	ck_assert_int_eq(run("reg_write", "-p0", "-t", "uint16", "0xfffe",
			     "0x1234", NULL), 0);
	ck_assert_uint_eq(regs[0][0xffff], 0x12);
	for (i = 0; i < 0x10000; i++)
		regs[1][i] = (uint8_t)(i ^ (i >> 8));
	ck_assert_int_eq(run("reg_read", "-p1", "0", "65536", NULL), 0);
	ck_assert_uint_eq(strlen(out), 0x10000 * 5);
	ck_has(out, "0x00 0x01 0x02");
	ck_assert_int_eq(strncmp(out + 0xfffe * 5, "0x01 0x00\n", 10), 0);
	ck_assert_int_eq(run("reg_read", "-p1", "0", "65537", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "invalid size '65537': 1 to 65536 bytes");
	ck_assert_int_eq(run("reg_read", "-p1", "0xff00", "0x101", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "257 bytes from address 0xff00 exceed the 64 KiB register space");

	/* Input files that are not files. */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(run("sii_write", "-p0", dir, NULL), EC_EXIT_FAIL);
	ck_has(err, "Is a directory");
	ck_assert_int_eq(run("reg_write", "-p0", "0x100", dir, NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "Is a directory");
	rmdir(dir);
}
END_TEST

START_TEST(test_output_file_and_skin)
{
	char path[] = "/tmp/check_tool_outXXXXXX";
	char bad[] = "/nonexistent-dir/out";
	FILE *f;
	char buf[512];
	size_t n;
	int fd;

	fake_bus();
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(run("-o", path, "slaves", "-p", "2", NULL), 0);
	ck_assert_str_eq(out, "");
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	ck_assert_str_eq(buf, "2  16:0  PREOP  +  0x00000002:0x044c2c54\n");
	ck_assert_int_eq(run("--output-file", path, "-j", "master", NULL), 0);
	ck_assert_str_eq(out, "");
	f = fopen(path, "r");
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	ck_has(buf, "{\"masters\":[");
	unlink(path);
	ck_assert_int_eq(run("-o", "-", "slaves", "-p", "2", NULL), 0);
	ck_has(out, "0x044c2c54");
	ck_assert_int_eq(run("-o", bad, "slaves", NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(err, "ethercat: slaves: cannot open output file '/nonexistent-dir/out': No such file or directory\n");

	ck_assert_int_eq(run("pdos", "--skin", "etherlab", "-p", "2", NULL),
			 0);
	ck_assert_str_eq(out,
		"%\n% Master 0, Slave 2, \"SIM-COE\"\n%\n"
		"function rv = slave2()\n\n"
		"% Slave configuration\n\n"
		"rv.SlaveConfig.vendor = 2;\n"
		"rv.SlaveConfig.product = hex2dec('044c2c54');\n"
		"rv.SlaveConfig.description = 'SIM-COE';\n"
		"rv.SlaveConfig.sm = { ...\n"
		"    {0, 0, {\n        }}, ...\n"
		"    {1, 1, {\n        }}, ...\n"
		"    {2, 0, {\n"
		"        {hex2dec('1600'), [\n"
		"            hex2dec('7000'), hex2dec('01'),   1; ...\n"
		"            hex2dec('0000'), hex2dec('00'),   7; ...\n"
		"            ]}, ...\n"
		"        }}, ...\n"
		"    };\n\n"
		"% Port configuration\n\n"
		"rv.PortConfig.input(1).pdo = [2, 0, 0, 0];\n"
		"rv.PortConfig.input(1).pdo_data_type = 1001;\n\n"
		"end\n");
	ck_assert_int_eq(run("pdos", "-s", "default", "-p", "2", NULL), 0);
	ck_has(out, "  RxPDO 0x1600 \"Outputs\"\n");
	ck_assert_int_eq(run("pdos", "-s", "matlab", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: pdos: invalid skin 'matlab': 'default' or 'etherlab'\n");
	ck_assert_int_eq(run("-j", "pdos", "-s", "etherlab", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "--json cannot be combined with skin 'etherlab'");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("slaves", "-s", "etherlab", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: slaves: has no output skins (--skin)");
	ck_assert_int_eq(run("slaves", "-o", NULL), EC_EXIT_USAGE);
	ck_has(err, "option '-o' requires an argument");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_commands");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_master);
	tcase_add_test(tc, test_master_json);
	tcase_add_test(tc, test_master_redundancy);
	tcase_add_test(tc, test_master_errors);
	tcase_add_test(tc, test_slaves);
	tcase_add_test(tc, test_slaves_json);
	tcase_add_test(tc, test_upload);
	tcase_add_test(tc, test_upload_json);
	tcase_add_test(tc, test_download);
	tcase_add_test(tc, test_sdos_pdos);
	tcase_add_test(tc, test_xml_graph);
	tcase_add_test(tc, test_regs_crc);
	tcase_add_test(tc, test_sii_alias_states);
	tcase_add_test(tc, test_help);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_output_file_and_skin);
	tcase_add_test(tc, test_foe);
	tcase_add_test(tc, test_eoe_ip);
	tcase_add_test(tc, test_eoe_list);
	tcase_add_test(tc, test_soe);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
