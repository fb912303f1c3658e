/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_slave.h - the per-slave FSM: after the scan it brings the slave to
 * PREOP and reads the PDOs of a CoE slave once; then it keeps the slave
 * in its target state (fsm_target.h: OP with the application's
 * configuration while the master is active, else the requested state,
 * PREOP by default); it reads the dictionary once and serves the requests
 * queued on the slave (SII writes, register access, SDO, FoE and SoE
 * transfers, EoE set IP, AL state changes) and the application's SDO and
 * register requests, one at a time, with its own datagram
 * (fsm_slave_request.c); with an EoE
 * handler attached (slave->eoe) it also sends the handler's frames and
 * checks the read mailbox for EoE fragments (fsm_eoe.h).  In the idle phase the master's thread
 * runs it every cycle; in OPERATION ec_master_app_send() does, within a
 * byte budget (ec_slave_fsm_wants_datagram()).
 *
 * Requests go QUEUED -> BUSY -> SUCCESS/FAILURE.  A requester queues under
 * the master lock with ec_slave_queue_request() and waits until
 * ec_req_done(req->state).  A QUEUED request may be taken back with
 * ec_slave_unqueue_request(); a BUSY one must be waited for.
 */
#ifndef EC_FSM_SLAVE_H
#define EC_FSM_SLAVE_H

#include "port.h"
#include "cycle/datagram.h"
#include "slave/fsm_change.h"
#include "mailbox/fsm_coe.h"
#include "mailbox/fsm_eoe.h"
#include "mailbox/fsm_foe.h"
#include "mailbox/fsm_soe.h"
#include "mailbox/fsm_voe.h"
#include "mailbox/mbox_raw.h"
#include "slave/fsm_pdo.h"
#include "slave/fsm_sii_write.h"
#include "slave/fsm_slave_config.h"
#include "slave/fsm_target.h"
#include "request/requests.h"

struct ec_slave;
struct ec_master;

struct ec_fsm_slave;
typedef void (*ec_fsm_slave_state_t)(struct ec_fsm_slave *fsm, u64 now_ns);

struct ec_fsm_slave {
	struct ec_slave *slave;
	struct ec_datagram datagram;	/* the only one of all sub-FSMs */
	ec_fsm_slave_state_t state;
	unsigned int retries;
	struct ec_fsm_change change;
	struct ec_fsm_slave_config config;
	struct ec_fsm_coe coe;
	struct ec_fsm_foe foe;
	struct ec_fsm_soe soe;
	struct ec_fsm_voe voe;
	struct ec_fsm_mbox_raw raw;	/* the mailbox gateway's exchange */
	struct ec_fsm_eoe eoe;	/* EoE pump, set IP */
	struct ec_fsm_pdo pdo;
	struct ec_fsm_sii_write sii_write;
	struct ec_fsm_target target;
	/* master->fsm_quiet_epoch when last found settled (master_app.c) */
	unsigned int quiet_epoch;
	/* idle phase: the FSM rests until rest_until_ns unless
	 * master->fsm_quiet_epoch moved from rest_epoch (fsm_slave.c)
	 */
	unsigned int rest_epoch;
	u64 rest_until_ns;
	struct ec_fsm_mbox poll;	/* the idle check of the read mailbox */
	u64 next_poll_ns;
	bool mbox_full;		/* OP: the master's monitor saw SM1 full */

	bool config_done;	/* the configuration after the scan ran */
	bool pdos_done;
	bool dict_done;
	bool dict_paused;	/* a request went first: resume the read */
	bool startup_done;	/* the above are over: serving requests */

	/* The request being served (BUSY), at most one, of any kind. */
	struct ec_request *request;
	const struct ec_slave_config *request_sc;	/* app request's */
	u8 state_from;		/* AL state when a state request began */
	bool state_config;	/* ... served by fsm_slave_config */
	unsigned int unsolicited;	/* messages the idle check fetched */
};

/*
 * What the slave FSM does with a request of one kind (one row per kind,
 * ec_request_ops[] in fsm_slave_request.c; doc/REQUESTS.md).
 * @name: for messages
 * @size: the size of the kind's record (it begins with struct ec_request)
 * @unscanned: a slave whose scan did not finish serves it (repair)
 * @start: set the kind's FSM going; 0, 1 when done at once (success),
 *	or -errno when failed at once
 * @step: advance the kind's FSM; true while busy
 * @done: the result once @step returned false: 0 or -errno, the kind's
 *	details (abort code, working counter, ...) written to the request
 * @cancel: make the kind's FSM let go of the request
 */
struct ec_request_ops {
	const char *name;
	size_t size;
	bool unscanned;
	int (*start)(struct ec_fsm_slave *fsm, struct ec_request *req,
		     u64 now_ns);
	bool (*step)(struct ec_fsm_slave *fsm, u64 now_ns);
	int (*done)(struct ec_fsm_slave *fsm, struct ec_request *req);
	void (*cancel)(struct ec_fsm_slave *fsm);
};

extern const struct ec_request_ops ec_request_ops[EC_REQ_KINDS];

int ec_fsm_slave_init(struct ec_fsm_slave *fsm, struct ec_slave *slave);
void ec_fsm_slave_clear(struct ec_fsm_slave *fsm);
bool ec_fsm_slave_exec(struct ec_fsm_slave *fsm, u64 now_ns);
bool ec_fsm_slave_idle(const struct ec_fsm_slave *fsm);
bool ec_fsm_slave_checking(const struct ec_fsm_slave *fsm);
bool ec_fsm_slave_mbox_watched(const struct ec_slave *slave);
bool ec_slave_fsm_mbox_checkable(const struct ec_slave *slave);
void ec_slave_fsm_mbox_full(struct ec_slave *slave);
void ec_slave_fsm_request_al_check(struct ec_slave *slave);
bool ec_slave_fsm_ready(const struct ec_slave *slave);

bool ec_slave_fsm_run(struct ec_slave *slave, u64 now_ns);
void ec_slave_fsm_idle_run(struct ec_slave *slave, struct ec_master *master,
			   u64 now_ns);
bool ec_slave_fsm_wants_datagram(const struct ec_slave *slave, u64 now_ns);
void ec_slave_fsm_detach_config(struct ec_slave *slave);
void ec_slave_cancel_requests(struct ec_slave *slave);
void ec_slave_queue_request(struct ec_slave *slave, struct ec_request *req);
bool ec_slave_unqueue_request(struct ec_request *req);
void ec_slave_collect_requests(struct ec_slave *slave);
bool ec_slave_repair_queued(const struct ec_slave *slave);
void ec_request_orphan(struct ec_list *orphans, struct ec_request *req);
unsigned int ec_request_reap(struct ec_list *orphans,
			     void (*free_req)(struct ec_request *req),
			     bool all);
void ec_slave_fsm_free(struct ec_slave *slave);

/* Shared by fsm_slave.c and fsm_slave_request.c only. */
void ec_fsm_slave_state_idle(struct ec_fsm_slave *fsm, u64 now_ns);
bool ec_fsm_slave_start_request(struct ec_fsm_slave *fsm, u64 now_ns);
void ec_fsm_slave_start_repair_request(struct ec_fsm_slave *fsm, u64 now_ns);
bool ec_fsm_slave_request_queued(const struct ec_slave *slave);
void ec_slave_fail_unscanned_requests(struct ec_slave *slave);
struct ec_request *ec_fsm_slave_drop_request(struct ec_fsm_slave *fsm);
bool ec_fsm_slave_drop_app_request(struct ec_fsm_slave *fsm);

#endif /* EC_FSM_SLAVE_H */
