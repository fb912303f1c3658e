// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The ESC of one simulated slave: register file, process RAM, sync manager
 * access rules, FMMUs, the SII EEPROM interface and the DC registers, as seen
 * from the EtherCAT side (ESC Section I/II).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "sim_priv.h"

uint16_t ecsim_get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

uint32_t ecsim_get32(const uint8_t *p)
{
	return (uint32_t)ecsim_get16(p) | (uint32_t)ecsim_get16(p + 2) << 16;
}

uint64_t ecsim_get64(const uint8_t *p)
{
	return (uint64_t)ecsim_get32(p) | (uint64_t)ecsim_get32(p + 4) << 32;
}

void ecsim_put16(uint8_t *p, uint16_t v)
{
	p[0] = v & 0xff;
	p[1] = v >> 8;
}

void ecsim_put32(uint8_t *p, uint32_t v)
{
	ecsim_put16(p, v & 0xffff);
	ecsim_put16(p + 2, v >> 16);
}

void ecsim_put64(uint8_t *p, uint64_t v)
{
	ecsim_put32(p, v & 0xffffffffu);
	ecsim_put32(p + 4, v >> 32);
}

static bool overlaps(uint32_t a, uint32_t alen, uint32_t b, uint32_t blen)
{
	return a < b + blen && b < a + alen;
}

bool ecsim_sm_enabled(const struct ecsim_slave *s, unsigned int sm)
{
	const uint8_t *r = s->mem + ESC_REG_SM(sm);

	return sm < s->model->n_sm && (r[ESC_SM_ACTIVATE] & ESC_SMA_ENABLE) &&
	       ecsim_get16(r + ESC_SM_LENGTH) > 0;
}

void ecsim_slave_update_dl_status(struct ecsim_slave *s, bool next_link)
{
	uint32_t dlc = ecsim_get32(s->mem + ESC_REG_DL_CONTROL);
	unsigned int loop1 = (dlc >> ESC_DLC_LOOP_SHIFT(1)) & 3, n;
	uint16_t st = s->port0_cut ? ESC_DLS_LOOP_CLOSED(0) :
		      ESC_DLS_LINK(0) | ESC_DLS_COMM(0);

	if (!s->pdi_dead)
		st |= ESC_DLS_PDI_OPERATIONAL | ESC_DLS_PDI_WD_OK;
	if (next_link) {
		st |= ESC_DLS_LINK(1) | ESC_DLS_COMM(1);
		if (loop1 == ESC_DLC_LOOP_CLOSED)
			st |= ESC_DLS_LOOP_CLOSED(1);
	} else {
		st |= ESC_DLS_LOOP_CLOSED(1);
	}
	for (n = 2; n < 4; n++) {	/* junction ports (dc.c wiring) */
		unsigned int loop = (dlc >> ESC_DLC_LOOP_SHIFT(n)) & 3;

		if (!(s->links & (1u << n)))
			st |= ESC_DLS_LOOP_CLOSED(n);
		else if (loop == ESC_DLC_LOOP_CLOSED)
			st |= ESC_DLS_LINK(n) | ESC_DLS_COMM(n) |
			      ESC_DLS_LOOP_CLOSED(n);
		else
			st |= ESC_DLS_LINK(n) | ESC_DLS_COMM(n);
	}
	if (st != ecsim_get16(s->mem + ESC_REG_DL_STATUS))
		s->mem[ESC_REG_ECAT_EVENT_REQ] |= ESC_EV_DL_STATUS;
	ecsim_put16(s->mem + ESC_REG_DL_STATUS, st);
}

/*
 * ECAT event request (ESC Section II 0x0210): DL and AL status change
 * events, cleared by reading those registers, and the SM events as seen
 * from the EtherCAT side: a buffer the PDI wrote (ECAT-read SMs) or read
 * (ECAT-written SMs).
 */
uint16_t ecsim_esc_event_request(const struct ecsim_slave *s)
{
	uint16_t ev = s->mem[ESC_REG_ECAT_EVENT_REQ] &
		      (ESC_EV_DL_STATUS | ESC_EV_AL_STATUS);
	unsigned int n;

	for (n = 0; n < s->model->n_sm && n < 8; n++) {
		const uint8_t *r = s->mem + ESC_REG_SM(n);
		bool ecat_writes = (r[ESC_SM_CONTROL] & ESC_SMC_DIR_MASK) ==
				   ESC_SMC_DIR_WRITE;

		if (ecsim_sm_enabled(s, n) &&
		    (r[ESC_SM_STATUS] & (ecat_writes ? ESC_SMS_IRQ_READ :
						       ESC_SMS_IRQ_WRITE)))
			ev |= 1u << (ESC_EV_SM_SHIFT + n);
	}
	return ev;
}

/* Power-on state of the register file (ESC Section II reset values). */
void ecsim_slave_reset(struct ecsim_slave *s)
{
	const struct ecsim_model *m = s->model;
	uint8_t *r = s->mem;
	uint16_t eep = 0;

	/* A fresh mapping is zero; a used one gives its pages back (a
	 * private anonymous mapping reads zero after MADV_DONTNEED). */
	if (!s->mem_fresh && madvise(r, ECSIM_ESC_MEM, MADV_DONTNEED))
		memset(r, 0, ECSIM_ESC_MEM);
	s->mem_fresh = false;
	r[ESC_REG_TYPE] = m->esc_type;
	r[ESC_REG_REVISION] = m->esc_revision;
	ecsim_put16(r + ESC_REG_BUILD, m->esc_build);
	r[ESC_REG_FMMU_COUNT] = m->n_fmmu;
	r[ESC_REG_SM_COUNT] = m->n_sm;
	r[ESC_REG_RAM_SIZE] = m->ram_kb;
	r[ESC_REG_PORT_DESC] = m->port_desc;
	ecsim_put16(r + ESC_REG_FEATURES, m->features);
	ecsim_put32(r + ESC_REG_DL_CONTROL, ESC_DLC_FWD_RULE);
	r[ESC_REG_AL_STATUS] = ESC_AL_INIT;
	r[ESC_REG_AL_CONTROL] = ESC_AL_INIT;
	ecsim_put16(r + ESC_REG_WD_DIVIDER, ESC_WD_DIVIDER_DEFAULT);
	ecsim_put16(r + ESC_REG_WD_PDI, ESC_WD_TIME_DEFAULT);
	ecsim_put16(r + ESC_REG_WD_SM, ESC_WD_TIME_DEFAULT);
	r[ESC_REG_WD_SM_STATUS] = 1;
	if (m->eeprom_read8)
		eep |= ESC_EEP_READ8;
	if (m->eeprom_kbit > 16)
		eep |= ESC_EEP_ADDR2;
	ecsim_put16(r + ESC_REG_EEP_CONTROL, eep);
	s->eep_busy_reads = 0;
	s->al_pending = false;
	s->frames_seen = 0;
	s->ix_base = s->seg ? s->seg->ix.frames : 0;
	s->cia402_state = 0;
	ecsim_pd_map_clear(&s->pd_out);
	ecsim_pd_map_clear(&s->pd_in);
	ecsim_dc_reset(s);
	ecsim_sii_load_config(s);
	ecsim_al_enter(s, ESC_AL_INIT);
	if (ecsim_al_emulated(s))
		ecsim_pd_fixed_layout(s);
	ecsim_index_sync(s);
}

int ecsim_slave_init(struct ecsim_slave *s)
{
	void *p;

	/*
	 * The 64 KiB ESC address space is a private anonymous mapping: the
	 * pages the master never touches (most of them: registers and the
	 * process RAM the model uses are a few KiB) cost no memory, where a
	 * zeroed heap block cost all 64 KiB (a segment of 10,000 slaves
	 * took 730 MiB).  Neighbouring mappings merge into one VMA.
	 */
	p = mmap(NULL, ECSIM_ESC_MEM, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return -ENOMEM;
	s->mem = p;
	s->mem_fresh = true;
	return 0;
}

void ecsim_slave_destroy(struct ecsim_slave *s)
{
	ecsim_mbx_free(s);
	if (s->mem)
		munmap(s->mem, ECSIM_ESC_MEM);
	ecsim_pd_map_clear(&s->pd_out);
	ecsim_pd_map_clear(&s->pd_in);
	free(s->sii);
	free(s->patterns);
	free(s->name);
	s->mem = NULL;
	s->sii = NULL;
	s->patterns = NULL;
	s->name = NULL;
}

/* ---- sync manager rules for ECAT accesses to process RAM ---- */

/*
 * ESC Section I, chapter "SyncManager": a mailbox written by ECAT accepts a
 * write only while empty and becomes full when its last byte is written; a
 * mailbox read by ECAT can only be read while full and becomes empty when
 * its last byte is read.  Rejected accesses do not count in the working
 * counter.  Buffered SMs accept every access in their direction.
 */
static bool sm_access(struct ecsim_slave *s, uint16_t addr, size_t len,
		      bool write)
{
	unsigned int n;

	for (n = 0; n < s->model->n_sm; n++) {
		uint8_t *r = s->mem + ESC_REG_SM(n);
		uint16_t st = ecsim_get16(r + ESC_SM_START);
		uint16_t ln = ecsim_get16(r + ESC_SM_LENGTH);
		uint8_t ctl = r[ESC_SM_CONTROL];
		bool ecat_writes;

		if (!ecsim_sm_enabled(s, n) || !overlaps(addr, len, st, ln))
			continue;
		if (r[ESC_SM_PDI_CONTROL] & ESC_SMP_DEACTIVATE)
			return false;
		ecat_writes = (ctl & ESC_SMC_DIR_MASK) == ESC_SMC_DIR_WRITE;
		if ((ctl & ESC_SMC_MODE_MASK) == ESC_SMC_MODE_MAILBOX) {
			bool full = r[ESC_SM_STATUS] & ESC_SMS_MBX_FULL;

			if (write != ecat_writes) {
				if (write)
					return false;
				continue;	/* reading back is harmless */
			}
			if (write ? full : !full)
				return false;
		} else if (write && !ecat_writes) {
			return false;
		}
	}
	return true;
}

/* Status updates once the access went through. */
static void sm_complete(struct ecsim_slave *s, uint16_t addr, size_t len,
			bool write)
{
	unsigned int n;

	for (n = 0; n < s->model->n_sm; n++) {
		uint8_t *r = s->mem + ESC_REG_SM(n);
		uint16_t st = ecsim_get16(r + ESC_SM_START);
		uint16_t ln = ecsim_get16(r + ESC_SM_LENGTH);
		uint8_t ctl = r[ESC_SM_CONTROL];
		unsigned int buf;

		if (!ecsim_sm_enabled(s, n) || !overlaps(addr, len, st, ln) ||
		    (uint32_t)addr + len < (uint32_t)st + ln)
			continue;
		if ((ctl & ESC_SMC_MODE_MASK) == ESC_SMC_MODE_MAILBOX) {
			if (write != ((ctl & ESC_SMC_DIR_MASK) ==
				      ESC_SMC_DIR_WRITE))
				continue;
			if (write) {
				r[ESC_SM_STATUS] &= ~ESC_SMS_IRQ_READ;
				r[ESC_SM_STATUS] |= ESC_SMS_MBX_FULL |
						    ESC_SMS_IRQ_WRITE;
				s->mbx_pending = true;
			} else {
				r[ESC_SM_STATUS] &= ~(ESC_SMS_MBX_FULL |
						      ESC_SMS_IRQ_WRITE);
				r[ESC_SM_STATUS] |= ESC_SMS_IRQ_READ;
				s->mbx_pending = true;
			}
		} else if (write) {
			/* 3-buffer mode: the written buffer becomes the
			 * "last written" one (status bits 5:4) */
			buf = (r[ESC_SM_STATUS] >> ESC_SMS_BUF_SHIFT) & 3;
			buf = buf >= 2 ? 0 : buf + 1;
			r[ESC_SM_STATUS] = (r[ESC_SM_STATUS] & 0xcf) |
					   buf << ESC_SMS_BUF_SHIFT |
					   ESC_SMS_IRQ_WRITE;
			if (ctl & ESC_SMC_WATCHDOG) {
				s->last_output_ns = s->t_dg;
				s->mem[ESC_REG_WD_SM_STATUS] = 1;
			}
		}
	}
}

/* ---- registers ---- */

/*
 * EEPROM interface busy (0x0502 bit 15): after a command the next status
 * read shows busy, the one after it the result, whatever the time in
 * between, so masters see the busy bit once and tests are deterministic.
 * Like a real ESC, the interface ignores commands and address/data writes
 * while busy: a master has to poll.
 */
static bool eep_busy(const struct ecsim_slave *s)
{
	return s->eep_busy_reads;
}

static void eep_start(struct ecsim_slave *s)
{
	s->eep_busy_reads = 1;
}

static bool sm_reg_writable(const struct ecsim_slave *s, uint16_t a)
{
	unsigned int n = (a - ESC_REG_SM(0)) / 8, off = (a - ESC_REG_SM(0)) % 8;

	if (n >= s->model->n_sm)
		return false;
	if (off <= ESC_SM_CONTROL)	/* only while the SM is disabled */
		return !(s->mem[ESC_REG_SM(n) + ESC_SM_ACTIVATE] &
			 ESC_SMA_ENABLE);
	return off == ESC_SM_ACTIVATE;
}

/* ECAT write access rights of register byte @a (ESC Section II). */
static bool reg_writable(const struct ecsim_slave *s, uint16_t a)
{
	if (a >= ESC_REG_STATION_ADDR && a < ESC_REG_STATION_ADDR + 2)
		return true;
	if (a >= ESC_REG_DL_CONTROL && a < ESC_REG_DL_CONTROL + 4)
		return true;
	if (a >= ESC_REG_AL_CONTROL && a < ESC_REG_AL_CONTROL + 2)
		return true;
	if (a >= ESC_REG_ECAT_EVENT_MASK && a < ESC_REG_ECAT_EVENT_MASK + 2)
		return true;
	if (a == ESC_REG_WD_DIVIDER || a == ESC_REG_WD_DIVIDER + 1 ||
	    a == ESC_REG_WD_PDI || a == ESC_REG_WD_PDI + 1 ||
	    a == ESC_REG_WD_SM || a == ESC_REG_WD_SM + 1)
		return true;
	if (a == ESC_REG_EEP_CONFIG)
		return true;
	if (a >= ESC_REG_EEP_ADDRESS && a < ESC_REG_EEP_DATA + 8)
		return !eep_busy(s);
	if (a >= ESC_REG_FMMU(0) && a < ESC_REG_FMMU(ESC_FMMU_MAX))
		return (a - ESC_REG_FMMU(0)) / 16 < s->model->n_fmmu &&
		       (a - ESC_REG_FMMU(0)) % 16 <= ESC_FMMU_ACTIVATE;
	if (a >= ESC_REG_SM(0) && a < ESC_REG_SM(ESC_SM_MAX))
		return sm_reg_writable(s, a);
	if (!s->model->dc_regs && a >= ESC_REG_DC_RX_TIME(0) && a < 0x0A00)
		return false;
	if (a >= ESC_REG_DC_OFFSET && a < ESC_REG_DC_DIFF)
		return true;
	if (a == ESC_REG_DC_SPEED_START || a == ESC_REG_DC_SPEED_START + 1 ||
	    a == ESC_REG_DC_FILTER || a == ESC_REG_DC_FILTER + 1)
		return true;
	if (a == ESC_REG_DC_CYCLIC_CTRL || a == ESC_REG_DC_ACTIVATION)
		return true;
	if (a >= ESC_REG_DC_START_TIME && a < ESC_REG_DC_START_TIME + 8)
		return true;
	if (a >= ESC_REG_DC_SYNC0_CYCLE && a < ESC_REG_DC_LATCH_CTRL + 2)
		return true;
	return a >= ESC_REG_DIO_OUT && a < ESC_PROCESS_RAM;
}

static uint32_t ram_end(const struct ecsim_slave *s)
{
	return ESC_PROCESS_RAM + (uint32_t)s->model->ram_kb * 1024;
}

/* EEPROM interface command, ESC Section II table 47 / Section I SII. */
static void eeprom_command(struct ecsim_slave *s, uint16_t written)
{
	uint8_t *r = s->mem;
	uint16_t ctl = ecsim_get16(r + ESC_REG_EEP_CONTROL);
	uint16_t cmd = written & ESC_EEP_CMD_MASK;
	uint32_t word = ecsim_get32(r + ESC_REG_EEP_ADDRESS);
	size_t nbytes = s->model->eeprom_read8 ? 8 : 4, i;

	if (r[ESC_REG_EEP_CONFIG] & 1)		/* owned by the PDI */
		return;
	ctl &= ~(ESC_EEP_ACK_ERROR | ESC_EEP_WE_ERROR | ESC_EEP_CMD_MASK);
	if (!(s->model->eeprom_kbit > 16))
		word &= 0xffff;
	switch (cmd) {
	case ESC_EEP_CMD_IDLE:
		break;
	case ESC_EEP_CMD_READ:
		for (i = 0; i < nbytes; i++) {
			size_t b = (size_t)word * 2 + i;

			r[ESC_REG_EEP_DATA + i] =
				b < s->sii_len ? s->sii[b] : 0xff;
		}
		eep_start(s);
		break;
	case ESC_EEP_CMD_WRITE:
		if (!(written & ESC_EEP_WRITE_ENABLE)) {
			ctl |= ESC_EEP_WE_ERROR;
			break;
		}
		if ((size_t)word * 2 + 2 <= s->sii_len) {
			s->sii[word * 2] = r[ESC_REG_EEP_DATA];
			s->sii[word * 2 + 1] = r[ESC_REG_EEP_DATA + 1];
		} else {
			ctl |= ESC_EEP_ACK_ERROR;
		}
		eep_start(s);
		break;
	case ESC_EEP_CMD_RELOAD:
		ecsim_sii_load_config(s);
		ctl = ecsim_get16(r + ESC_REG_EEP_CONTROL) &
		      ~(ESC_EEP_ACK_ERROR | ESC_EEP_WE_ERROR |
			ESC_EEP_CMD_MASK);
		eep_start(s);
		break;
	default:
		ctl |= ESC_EEP_ACK_ERROR;
		break;
	}
	ecsim_put16(r + ESC_REG_EEP_CONTROL, ctl);
}

static void write_side_effects(struct ecsim_slave *s, uint16_t addr,
			       const uint8_t *buf, size_t len)
{
	uint32_t end = (uint32_t)addr + len;
	unsigned int n;

	if (overlaps(addr, len, ESC_REG_AL_CONTROL, 2))
		s->al_pending = true;
	if (overlaps(addr, len, ESC_REG_EEP_CONTROL, 2)) {
		uint16_t w = ecsim_get16(s->mem + ESC_REG_EEP_CONTROL);

		if (addr <= ESC_REG_EEP_CONTROL + 1 &&
		    end > ESC_REG_EEP_CONTROL + 1)
			w = (w & 0x00ff) |
			    buf[ESC_REG_EEP_CONTROL + 1 - addr] << 8;
		if (addr <= ESC_REG_EEP_CONTROL && end > ESC_REG_EEP_CONTROL)
			w = (w & 0xff00) | buf[ESC_REG_EEP_CONTROL - addr];
		if (!eep_busy(s))
			eeprom_command(s, w);
	}
	if (overlaps(addr, len, ESC_REG_DL_CONTROL, 4))
		ecsim_slave_update_dl_status(s,
			ecsim_get16(s->mem + ESC_REG_DL_STATUS) &
			ESC_DLS_LINK(1));
	for (n = 0; n < s->model->n_sm; n++) {
		uint16_t a = ESC_REG_SM(n) + ESC_SM_ACTIVATE;

		if (addr <= a && end > a)
			s->repeat_pending = true;
	}
	ecsim_dc_write(s, addr, buf, len);
}

/* Counter registers are cleared by any write (ESC Section II 3.28+). */
static void clear_counters(struct ecsim_slave *s, uint16_t addr, size_t len)
{
	if (overlaps(addr, len, ESC_REG_RX_ERR(0), 12))
		memset(s->mem + ESC_REG_RX_ERR(0), 0, 12);
	if (overlaps(addr, len, ESC_REG_PU_ERR, 1))
		s->mem[ESC_REG_PU_ERR] = 0;
	if (overlaps(addr, len, ESC_REG_PDI_ERR, 1))
		s->mem[ESC_REG_PDI_ERR] = 0;
	if (overlaps(addr, len, ESC_REG_LOST_LINK(0), 4))
		memset(s->mem + ESC_REG_LOST_LINK(0), 0, 4);
	if (overlaps(addr, len, ESC_REG_WD_SM_COUNTER, 1))
		s->mem[ESC_REG_WD_SM_COUNTER] = 0;
	if (overlaps(addr, len, ESC_REG_WD_PDI_COUNTER, 1))
		s->mem[ESC_REG_WD_PDI_COUNTER] = 0;
}

bool ecsim_esc_write(struct ecsim_slave *s, uint16_t addr,
		     const uint8_t *buf, size_t len)
{
	uint32_t a = addr, end = (uint32_t)addr + len, rend = ram_end(s);
	size_t i;

	if (end > ECSIM_ESC_MEM)
		return false;
	/* SM areas are usually in process RAM, but may also cover the
	 * digital output register 0x0F00 (EL2xxx) */
	if (!sm_access(s, addr, len, true))
		return false;
	if (a < ESC_PROCESS_RAM) {
		s->ix_dirty = true;	/* index.c: after the frame */
		for (i = 0; i < len && a + i < ESC_PROCESS_RAM; i++)
			if (reg_writable(s, a + i))
				s->mem[a + i] = buf[i];
		clear_counters(s, addr, len);
		write_side_effects(s, addr, buf, len);
	}
	if (end > ESC_PROCESS_RAM) {
		uint32_t from = a < ESC_PROCESS_RAM ? ESC_PROCESS_RAM : a;
		uint32_t to = end < rend ? end : rend;

		if (to > from)
			memcpy(s->mem + from, buf + (from - a), to - from);
	}
	sm_complete(s, addr, len, true);
	return true;
}

static void patch(uint8_t *buf, uint16_t addr, size_t len, uint16_t reg,
		  uint64_t val, unsigned int width)
{
	unsigned int i;

	for (i = 0; i < width; i++) {
		uint32_t a = (uint32_t)reg + i;

		if (a >= addr && a < (uint32_t)addr + len)
			buf[a - addr] = (val >> (8 * i)) & 0xff;
	}
}

static void read_dynamic(struct ecsim_slave *s, uint16_t addr, uint8_t *buf,
			 size_t len)
{
	if (overlaps(addr, len, ESC_REG_ECAT_EVENT_REQ, 2))
		patch(buf, addr, len, ESC_REG_ECAT_EVENT_REQ,
		      ecsim_esc_event_request(s), 2);
	if (overlaps(addr, len, ESC_REG_AL_STATUS, 1))
		s->mem[ESC_REG_ECAT_EVENT_REQ] &= ~ESC_EV_AL_STATUS;
	if (overlaps(addr, len, ESC_REG_DL_STATUS, 2))
		s->mem[ESC_REG_ECAT_EVENT_REQ] &= ~ESC_EV_DL_STATUS;
	if (overlaps(addr, len, ESC_REG_EEP_CONTROL, 2) && eep_busy(s)) {
		uint16_t v = ecsim_get16(s->mem + ESC_REG_EEP_CONTROL);

		patch(buf, addr, len, ESC_REG_EEP_CONTROL, v | ESC_EEP_BUSY, 2);
		s->eep_busy_reads--;
	}
	ecsim_dc_read(s, addr, buf, len, patch);
}

bool ecsim_esc_read(struct ecsim_slave *s, uint16_t addr, uint8_t *buf,
		    size_t len)
{
	uint32_t end = (uint32_t)addr + len, rend = ram_end(s);

	if (end > ECSIM_ESC_MEM)
		return false;
	if (!sm_access(s, addr, len, false))
		return false;
	memcpy(buf, s->mem + addr, len);
	if (end > rend) {
		uint32_t from = addr < rend ? rend : addr;

		memset(buf + (from - addr), 0, end - from);
	}
	if (addr < ESC_PROCESS_RAM)
		read_dynamic(s, addr, buf, len);
	sm_complete(s, addr, len, false);
	return true;
}

/* ---- FMMUs: logical to physical, bit by bit (ESC Section I, FMMU) ---- */

#define LOG_READ	1
#define LOG_WRITE	2

static void copy_bits(uint8_t *dst, uint64_t dbit, const uint8_t *src,
		      uint64_t sbit, uint64_t n)
{
	uint64_t i;

	if (!(dbit & 7) && !(sbit & 7) && !(n & 7)) {
		memcpy(dst + dbit / 8, src + sbit / 8, n / 8);
		return;
	}
	for (i = 0; i < n; i++) {
		uint64_t d = dbit + i, sb = sbit + i;
		unsigned int v = (src[sb / 8] >> (sb & 7)) & 1;

		dst[d / 8] = (dst[d / 8] & ~(1u << (d & 7))) | v << (d & 7);
	}
}

static unsigned int fmmu_access(struct ecsim_slave *s, const uint8_t *f,
				uint8_t op, uint32_t laddr, uint8_t *data,
				size_t len)
{
	uint64_t lstart = ecsim_get32(f + ESC_FMMU_LOG_START);
	uint16_t flen = ecsim_get16(f + ESC_FMMU_LENGTH);
	uint64_t lo = lstart * 8 + (f[ESC_FMMU_LOG_START_BIT] & 7);
	uint64_t hi = (lstart + flen - 1) * 8 +
		      (f[ESC_FMMU_LOG_STOP_BIT] & 7) + 1;
	uint64_t plo = (uint64_t)ecsim_get16(f + ESC_FMMU_PHYS_START) * 8 +
		       (f[ESC_FMMU_PHYS_START_BIT] & 7);
	uint64_t dlo = (uint64_t)laddr * 8, dhi = dlo + (uint64_t)len * 8;
	uint64_t b0, b1, p0, nbits;
	uint32_t pbyte, pbytes;
	uint8_t tmp[ECSIM_ESC_MEM / 8 + 8];

	if (!flen || hi <= lo)
		return 0;
	b0 = lo > dlo ? lo : dlo;
	b1 = hi < dhi ? hi : dhi;
	if (b0 >= b1)
		return 0;
	nbits = b1 - b0;
	p0 = plo + (b0 - lo);
	pbyte = (uint32_t)(p0 / 8);
	pbytes = (uint32_t)((p0 + nbits + 7) / 8 - pbyte);
	if (pbytes > sizeof(tmp) || pbyte + pbytes > ECSIM_ESC_MEM)
		return 0;
	if (op == LOG_WRITE) {
		memcpy(tmp, s->mem + pbyte, pbytes);
		copy_bits(tmp, p0 - (uint64_t)pbyte * 8, data, b0 - dlo, nbits);
		return ecsim_esc_write(s, pbyte, tmp, pbytes) ? LOG_WRITE : 0;
	}
	if (!ecsim_esc_read(s, pbyte, tmp, pbytes))
		return 0;
	copy_bits(data, b0 - dlo, tmp, p0 - (uint64_t)pbyte * 8, nbits);
	return LOG_READ;
}

/*
 * Writes go first so that an LRW's write FMMUs take the data the master
 * sent, then the read FMMUs put the slave's data into the frame.  Working
 * counter per slave (ETG.1000.4 table 13): LRD/LWR +1, LRW +1 read, +2
 * write.
 */
unsigned int ecsim_esc_logical(struct ecsim_slave *s, uint8_t cmd,
			       uint32_t laddr, uint8_t *data, size_t len)
{
	unsigned int n, done = 0;

	for (n = 0; n < s->model->n_fmmu; n++) {
		const uint8_t *f = s->mem + ESC_REG_FMMU(n);

		if ((f[ESC_FMMU_ACTIVATE] & 1) &&
		    (f[ESC_FMMU_TYPE] & ESC_FMMU_TYPE_WRITE) &&
		    (cmd == CMD_LWR || cmd == CMD_LRW))
			done |= fmmu_access(s, f, LOG_WRITE, laddr, data, len);
	}
	for (n = 0; n < s->model->n_fmmu; n++) {
		const uint8_t *f = s->mem + ESC_REG_FMMU(n);

		if ((f[ESC_FMMU_ACTIVATE] & 1) &&
		    (f[ESC_FMMU_TYPE] & ESC_FMMU_TYPE_READ) &&
		    (cmd == CMD_LRD || cmd == CMD_LRW))
			done |= fmmu_access(s, f, LOG_READ, laddr, data, len);
	}
	if (cmd == CMD_LRW)
		return (done & LOG_READ ? 1 : 0) + (done & LOG_WRITE ? 2 : 0);
	return done ? 1 : 0;
}

/* After the frame left the slave: the application reacts (PDI events). */
void ecsim_esc_frame_done(struct ecsim_slave *s)
{
	if (s->al_pending) {
		s->al_pending = false;
		ecsim_al_control(s);
	}
	if (s->mbx_pending || s->repeat_pending) {
		s->mbx_pending = false;
		ecsim_mbx_process(s);
		s->repeat_pending = false;
	}
}
