// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_master.c - the master state machine of the idle phase.
 *
 * Each cycle it reads the AL status register of all slaves with one
 * broadcast read: the working counter is the number of slaves that
 * answered, the data the OR of their states (ETG.1000.4 clause 5.4.1.3).
 */
#include "fsm_master.h"
#include "master.h"
#include "registers.h"

static void ec_fsm_master_state_start(struct ec_fsm_master *fsm, u64 now_ns);
static void ec_fsm_master_state_broadcast(struct ec_fsm_master *fsm,
					  u64 now_ns);

void ec_fsm_master_init(struct ec_fsm_master *fsm, struct ec_master *master,
			struct ec_datagram *datagram)
{
	fsm->master = master;
	fsm->datagram = datagram;
	snprintf(datagram->name, sizeof(datagram->name), "master-fsm");
	ec_fsm_master_reset(fsm);
}

void ec_fsm_master_reset(struct ec_fsm_master *fsm)
{
	fsm->state = ec_fsm_master_state_start;
	fsm->link_was_up = false;
}

/**
 * ec_fsm_master_exec() - advance the master FSM by one step
 * @fsm: master FSM
 * @now_ns: current time
 *
 * Return: true while the FSM waits for its datagram.
 */
bool ec_fsm_master_exec(struct ec_fsm_master *fsm, u64 now_ns)
{
	if (fsm->datagram->state == EC_DATAGRAM_QUEUED ||
	    fsm->datagram->state == EC_DATAGRAM_SENT)
		return true;	/* answer not yet there */
	fsm->state(fsm, now_ns);
	return fsm->datagram->state == EC_DATAGRAM_QUEUED;
}

static void ec_fsm_master_state_start(struct ec_fsm_master *fsm, u64 now_ns)
{
	(void)now_ns;
	if (ec_datagram_brd(fsm->datagram, EC_REG_AL_STATUS, 2))
		return;
	ec_datagram_zero(fsm->datagram);
	ec_master_queue_datagram(fsm->master, fsm->datagram);
	fsm->state = ec_fsm_master_state_broadcast;
}

static void ec_fsm_master_state_broadcast(struct ec_fsm_master *fsm,
					  u64 now_ns)
{
	struct ec_master *master = fsm->master;
	struct ec_datagram *d = fsm->datagram;
	unsigned int responding;

	if (d->state != EC_DATAGRAM_RECEIVED) {
		/* Lost or not sent: the link is down or the ring broken. */
		if (fsm->link_was_up)
			EC_MASTER_WARN_RL(master, "no answer to the broadcast (%s)",
					  ec_datagram_state_string(d->state));
		fsm->link_was_up = false;
		responding = 0;
	} else {
		fsm->link_was_up = true;
		responding = d->working_counter;
		master->al_states = ec_get_u16(d->data);
	}
	if (responding != master->slaves_responding) {
		EC_MASTER_INFO(master, "%u slave(s) responding", responding);
		master->slaves_responding = responding;
	}
	ec_fsm_master_state_start(fsm, now_ns);
}
