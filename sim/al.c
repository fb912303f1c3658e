// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * AL state machine of a simulated slave (ETG.1000.6 6.4): the transitions a
 * slave application accepts, the checks it makes before PREOP and SAFEOP and
 * the error indication with AL status codes (ETG.1000.6 table 11).
 */
#include <string.h>

#include "sim_priv.h"
#ifdef ECSIM_HAVE_COE
#include "od.h"
#endif

uint8_t ecsim_al_state(const struct ecsim_slave *s)
{
	return s->mem[ESC_REG_AL_STATUS] & ESC_AL_STATE_MASK;
}

/*
 * Device emulation (0x0140 bit 8, loaded from SII word 0): a slave without
 * microcontroller, where the ESC itself copies AL control into AL status
 * (ESC Section II table 24).  No checks, no status codes, no PDI that
 * could deactivate sync managers.
 */
bool ecsim_al_emulated(const struct ecsim_slave *s)
{
	return !s->pdi_dead &&
	       (ecsim_get16(s->mem + ESC_REG_PDI_CONTROL) & ESC_PDI_EMULATION);
}

static bool is_mbx(uint8_t type)
{
	return type == ECSIM_SMT_MBX_OUT || type == ECSIM_SMT_MBX_IN;
}

/*
 * The application deactivates (0x0807 bit 0) the SMs it does not serve in
 * the current state: mailbox SMs in INIT, process data SMs below SAFEOP.
 */
static void set_pdi_deactivate(struct ecsim_slave *s, uint8_t state)
{
	unsigned int n;

	if (ecsim_al_emulated(s))
		return;
	for (n = 0; n < s->model->n_sms && n < s->model->n_sm; n++) {
		uint8_t type = s->model->sms[n].type;
		uint8_t *p = s->mem + ESC_REG_SM(n) + ESC_SM_PDI_CONTROL;
		bool off;

		if (type == ECSIM_SMT_UNUSED)
			continue;
		if (is_mbx(type))
			off = state == ESC_AL_INIT;
		else
			off = state != ESC_AL_SAFEOP && state != ESC_AL_OP;
		*p = off ? (*p | ESC_SMP_DEACTIVATE) :
			   (*p & ~ESC_SMP_DEACTIVATE);
	}
}

void ecsim_al_enter(struct ecsim_slave *s, uint8_t state)
{
	uint8_t old = ecsim_al_state(s);

	if (state != old)
		s->mem[ESC_REG_ECAT_EVENT_REQ] |= ESC_EV_AL_STATUS;
	s->mem[ESC_REG_AL_STATUS] = (s->mem[ESC_REG_AL_STATUS] &
				     ESC_AL_ERROR) | state;
	set_pdi_deactivate(s, state);
	if (state == ESC_AL_INIT || (old == ESC_AL_BOOT &&
				     state != ESC_AL_BOOT))
		ecsim_mbx_reset(s);
	if (state == ESC_AL_OP && old != ESC_AL_OP) {
		s->last_output_ns = s->seg->now_ns;
		s->mem[ESC_REG_WD_SM_STATUS] = 1;
	}
	if (state != ESC_AL_SAFEOP && state != ESC_AL_OP &&
	    !ecsim_al_emulated(s)) {
		s->pd_out.n = 0;
		s->pd_in.n = 0;
		s->pd_out.bits = 0;
		s->pd_in.bits = 0;
	}
	ecsim_mbx_set_al_state(s, state);
	ecsim_index_sync(s);
}

void ecsim_al_set_error(struct ecsim_slave *s, uint8_t state, uint16_t code)
{
	s->mem[ESC_REG_AL_STATUS] |= ESC_AL_ERROR;
	s->mem[ESC_REG_ECAT_EVENT_REQ] |= ESC_EV_AL_STATUS;
	ecsim_put16(s->mem + ESC_REG_AL_STATUS_CODE, code);
	if (state != ecsim_al_state(s))
		ecsim_al_enter(s, state);
	ecsim_index_sync(s);
}

/* SM n configured by the master as the model (and the SII) says. */
static bool mbx_sm_ok(const struct ecsim_slave *s, unsigned int n,
		      uint16_t start, uint16_t size, uint8_t dir)
{
	const uint8_t *r = s->mem + ESC_REG_SM(n);

	return ecsim_sm_enabled(s, n) &&
	       ecsim_get16(r + ESC_SM_START) == start &&
	       ecsim_get16(r + ESC_SM_LENGTH) == size &&
	       (r[ESC_SM_CONTROL] & (ESC_SMC_MODE_MASK | ESC_SMC_DIR_MASK)) ==
	       (ESC_SMC_MODE_MAILBOX | dir);
}

static uint16_t check_mailbox(const struct ecsim_slave *s, bool boot)
{
	const struct ecsim_model *m = s->model;
	unsigned int n;

	for (n = 0; n < m->n_sms; n++) {
		const struct ecsim_model_sm *d = &m->sms[n];
		uint16_t start = d->start, size = d->size;
		uint8_t dir;

		if (!is_mbx(d->type))
			continue;
		dir = d->type == ECSIM_SMT_MBX_OUT ? ESC_SMC_DIR_WRITE :
						     ESC_SMC_DIR_READ;
		if (boot) {
			start = d->type == ECSIM_SMT_MBX_OUT ?
				m->boot_rx_start : m->boot_tx_start;
			size = d->type == ECSIM_SMT_MBX_OUT ?
			       m->boot_rx_size : m->boot_tx_size;
		}
		if (!mbx_sm_ok(s, n, start, size, dir))
			return boot ? AL_CODE_INVALID_MBX_BOOT :
				      AL_CODE_INVALID_MBX_PREOP;
	}
	return AL_CODE_NONE;
}

/* An FMMU in the right direction maps the start of SM @n. */
static bool fmmu_maps(const struct ecsim_slave *s, uint16_t start, bool out)
{
	unsigned int n;

	for (n = 0; n < s->model->n_fmmu; n++) {
		const uint8_t *f = s->mem + ESC_REG_FMMU(n);

		if ((f[ESC_FMMU_ACTIVATE] & 1) &&
		    (f[ESC_FMMU_TYPE] & (out ? ESC_FMMU_TYPE_WRITE :
					  ESC_FMMU_TYPE_READ)) &&
		    ecsim_get16(f + ESC_FMMU_PHYS_START) == start)
			return true;
	}
	return false;
}

/*
 * PREOP -> SAFEOP: every process data SM that carries data must be enabled
 * at the address the SII gives, in buffered mode and the right direction,
 * with the length the current PDO assignment needs, and mapped by an FMMU.
 */
static uint16_t check_process_data(struct ecsim_slave *s)
{
	const struct ecsim_model *m = s->model;
	struct ecsim_pd_sm pd;
	unsigned int n;
	bool have_out = false, have_in = false;

	for (n = 0; n < m->n_sms; n++) {
		const struct ecsim_model_sm *d = &m->sms[n];
		const uint8_t *r = s->mem + ESC_REG_SM(n);
		bool out = d->type == ECSIM_SMT_OUTPUTS;
		uint16_t bad = out ? AL_CODE_INVALID_OUTPUT_CONFIG :
				     AL_CODE_INVALID_INPUT_CONFIG;
		uint8_t dir = out ? ESC_SMC_DIR_WRITE : ESC_SMC_DIR_READ;
		uint32_t bytes;

		if (d->type != ECSIM_SMT_OUTPUTS && d->type != ECSIM_SMT_INPUTS)
			continue;
		if (ecsim_pd_layout(s, n, &pd) < 0)
			return out ? AL_CODE_INVALID_OUTPUT_MAPPING :
				     AL_CODE_INVALID_INPUT_MAPPING;
		bytes = (pd.bits + 7) / 8;
		if (!bytes)
			continue;
		if (!ecsim_sm_enabled(s, n) ||
		    ecsim_get16(r + ESC_SM_START) != d->start ||
		    ecsim_get16(r + ESC_SM_LENGTH) != bytes ||
		    (r[ESC_SM_CONTROL] & (ESC_SMC_MODE_MASK |
					  ESC_SMC_DIR_MASK)) !=
		    (ESC_SMC_MODE_BUFFERED | dir) ||
		    !fmmu_maps(s, d->start, out))
			return bad;
		if (out && !have_out) {
			if (ecsim_pd_assign(&s->pd_out, &pd))
				return AL_CODE_INVALID_OUTPUT_MAPPING;
			have_out = true;
		} else if (!out && !have_in) {
			if (ecsim_pd_assign(&s->pd_in, &pd))
				return AL_CODE_INVALID_INPUT_MAPPING;
			have_in = true;
		}
	}
	return AL_CODE_NONE;
}

static bool valid_request(uint8_t req)
{
	return req == ESC_AL_INIT || req == ESC_AL_PREOP ||
	       req == ESC_AL_BOOT || req == ESC_AL_SAFEOP || req == ESC_AL_OP;
}

/* ETG.1000.6 table 8: the transitions a slave may take. */
static uint16_t check_transition(struct ecsim_slave *s, uint8_t cur,
				 uint8_t req)
{
	if (!valid_request(req))
		return AL_CODE_UNKNOWN_STATE;
	if (req == ESC_AL_INIT)
		return AL_CODE_NONE;
	switch (cur) {
	case ESC_AL_INIT:
		if (req == ESC_AL_BOOT) {
			if (!s->model->boot_rx_size || !s->model->boot_tx_size)
				return AL_CODE_BOOT_NOT_SUPPORTED;
			return check_mailbox(s, true);
		}
		if (s->no_firmware)
			return AL_CODE_NO_VALID_FIRMWARE;
		if (req == ESC_AL_PREOP)
			return check_mailbox(s, false);
		return AL_CODE_INVALID_STATE_CHANGE;
	case ESC_AL_PREOP:
		if (req == ESC_AL_SAFEOP)
			return check_process_data(s);
		return AL_CODE_INVALID_STATE_CHANGE;
	case ESC_AL_SAFEOP:
	case ESC_AL_OP:
		if (req == ESC_AL_BOOT)
			return AL_CODE_INVALID_STATE_CHANGE;
		if (req == ESC_AL_SAFEOP && cur == ESC_AL_OP)
			ecsim_pd_clear_outputs(s);
		if (req == ESC_AL_OP && cur == ESC_AL_SAFEOP)
			return ecsim_dc_check_op(s);
		return AL_CODE_NONE;
	default:	/* BOOT: only back to INIT */
		return AL_CODE_INVALID_STATE_CHANGE;
	}
}

/*
 * The master wrote AL control.  While an error is indicated, requests
 * without the acknowledge bit are ignored (ETG.1000.6 6.4.1.2); with it the
 * error is cleared and the request handled.  A refused transition leaves the
 * slave in its state with the error bit and a status code.
 */
void ecsim_al_control(struct ecsim_slave *s)
{
	uint8_t ctl = s->mem[ESC_REG_AL_CONTROL];
	uint8_t req = ctl & ESC_AL_STATE_MASK, cur = ecsim_al_state(s);
	uint16_t code;

	if (s->pdi_dead)	/* no application behind the ESC */
		return;
	if (ecsim_al_emulated(s)) {
		uint8_t st = ctl & (ESC_AL_STATE_MASK | ESC_AL_ERROR |
				    ESC_AL_ID_REQUEST);

		if (st != s->mem[ESC_REG_AL_STATUS])
			s->mem[ESC_REG_ECAT_EVENT_REQ] |= ESC_EV_AL_STATUS;
		if ((st & ESC_AL_STATE_MASK) == ESC_AL_OP && req != cur)
			s->last_output_ns = s->seg->now_ns;
		s->mem[ESC_REG_AL_STATUS] = st;
		ecsim_index_sync(s);
		return;
	}
	if (s->mem[ESC_REG_AL_STATUS] & ESC_AL_ERROR) {
		if (!(ctl & ESC_AL_ERROR))
			return;
		s->mem[ESC_REG_AL_STATUS] &= ~ESC_AL_ERROR;
		s->mem[ESC_REG_ECAT_EVENT_REQ] |= ESC_EV_AL_STATUS;
		ecsim_put16(s->mem + ESC_REG_AL_STATUS_CODE, AL_CODE_NONE);
	}
	s->mem[ESC_REG_AL_STATUS] &= ~ESC_AL_ID_REQUEST;
	if (req != cur) {
		code = check_transition(s, cur, req);
		if (code) {
			ecsim_al_set_error(s, cur, code);
			return;
		}
		ecsim_al_enter(s, req);
	}
	if (ctl & ESC_AL_ID_REQUEST) {
		/* explicit device identification, ETG.1020 */
		s->mem[ESC_REG_AL_STATUS] |= ESC_AL_ID_REQUEST;
		ecsim_put16(s->mem + ESC_REG_AL_STATUS_CODE,
			    ecsim_get16(s->sii + 2 * SII_ALIAS));
	}
}

/* SM watchdog (ESC Section I): no output update within the watchdog time
 * while in OP takes the slave to SAFEOP with status code 0x001B. */
void ecsim_al_check_watchdog(struct ecsim_slave *s, uint64_t now)
{
	uint64_t div = ecsim_get16(s->mem + ESC_REG_WD_DIVIDER);
	uint64_t t = ecsim_get16(s->mem + ESC_REG_WD_SM);
	uint64_t limit = t * (div + 2) * ESC_WD_TICK_NS;
	unsigned int n;
	bool watched = false;

	if (ecsim_al_state(s) != ESC_AL_OP || !t)
		return;
	for (n = 0; n < s->model->n_sms && n < s->model->n_sm; n++)
		if (s->model->sms[n].type == ECSIM_SMT_OUTPUTS &&
		    ecsim_sm_enabled(s, n) &&
		    (s->mem[ESC_REG_SM(n) + ESC_SM_CONTROL] & ESC_SMC_WATCHDOG))
			watched = true;
	if (!watched || now <= s->last_output_ns + limit)
		return;
	if (!s->mem[ESC_REG_WD_SM_STATUS])
		return;		/* expired already */
	s->mem[ESC_REG_WD_SM_STATUS] = 0;
	s->mem[ESC_REG_WD_SM_COUNTER]++;
	ecsim_pd_clear_outputs(s);
	/* with device emulation only the ESC notices (outputs off) */
	if (!ecsim_al_emulated(s))
		ecsim_al_set_error(s, ESC_AL_SAFEOP, AL_CODE_SM_WATCHDOG);
}
