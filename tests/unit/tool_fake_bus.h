/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool_fake_bus.h - the fake ioctl layer of the tool's command tests
 * (check_tool_commands.c, check_tool_mbox.c): every ec_lib_* function
 * over a simulated bus of three slaves (registers, SII, AL states, an
 * object dictionary, FoE files, an SoE drive, EoE), so the real
 * libethercat is not linked and no device is needed.  fake_bus() resets
 * it; fake_drive() adds the SoE drive's IDNs.  Include it once per test
 * program.
 */
#ifndef EC_TEST_TOOL_FAKE_BUS_H
#define EC_TEST_TOOL_FAKE_BUS_H

#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ec_lib.h"
#include "sii_dump.h"

#define EC_FAKE_LIB_OWN_OPEN	/* its own open, for the version tests */
#include "tool_fake_lib.h"

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
static uint32_t fake_dup_aliases;	/* ec_ioctl_master's dup_aliases */
/*
 * A rescan under the reader: while not 0, each read of the master
 * reports one slave less or more than the last (NSLAVES, NSLAVES - 1,
 * ...) and counts down; the slave reads refuse positions past it.
 */
static unsigned int fake_unstable_reads;
static uint32_t fake_slave_count = NSLAVES;

static inline void fake_bus(void)
{
	static const char *names[NSLAVES] = { "EK1100 EtherCAT-Koppler",
					      "EL2004 4K. Dig. Ausgang",
					      "" };
	int i, p;

	memset(slaves, 0, sizeof(slaves));
	memset(regs, 0, sizeof(regs));
	memset(last_state, 0, sizeof(last_state));
	memset(&fake_red, 0, sizeof(fake_red));
	fake_dup_aliases = 0;
	fake_unstable_reads = 0;
	fake_slave_count = NSLAVES;
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

int ec_lib_version_text(char *buf, size_t size, uint32_t v)
{
	return snprintf(buf, size,
			"ioctl ABI version mismatch: library/tool built for %u, module ec_master speaks %u",
			EC_IOCTL_VERSION, v);
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
	if (fake_unstable_reads) {
		fake_unstable_reads--;
		fake_slave_count = fake_slave_count == NSLAVES ?
				   NSLAVES - 1 : NSLAVES;
	}
	d->slave_count = fake_slave_count;
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
	d->dup_aliases = fake_dup_aliases;
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
	if (pos >= fake_slave_count)
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

static inline void fake_drive(void)
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
 * config/domains/data commands are tested in check_tool_config.c and
 * check_tool_domains.c). */
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

/* The fake bus has no hot-connect groups. */
int ec_lib_config_hc_group(struct ec_lib_master *m, uint32_t i,
			   uint32_t *group_index)
{
	(void)m, (void)i;
	*group_index = EC_IOCTL_HC_NONE;
	return 0;
}

int ec_lib_hc_group(struct ec_lib_master *m, uint32_t i,
		    struct ec_ioctl_hc_group *out)
{
	(void)m, (void)i, (void)out;
	return -ENOENT;
}

int ec_lib_config_eoe_ip(struct ec_lib_master *m, uint32_t i,
			 struct ec_ioctl_eoe_ip *out)
{
	(void)m, (void)i, (void)out;
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

#endif /* EC_TEST_TOOL_FAKE_BUS_H */
