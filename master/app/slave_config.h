/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * slave_config.h - what an application wants of one slave: its identity
 * and address (alias + position), sync manager and PDO configuration,
 * watchdog, startup SDOs, FMMUs into domains, and the requests it uses
 * from its cyclic task.  Matched to a scanned slave when the identity
 * fits; the slave FSM then brings the slave to OP with this configuration
 * (ecrt.h: ecrt_master_slave_config() and ecrt_slave_config_*()).
 *
 * All functions here are called with the master lock held; none is on
 * the cyclic path except ec_slave_config_state().
 */
#ifndef EC_SLAVE_CONFIG_H
#define EC_SLAVE_CONFIG_H

#include "port.h"
#include "list.h"
#include "slave/sii.h"
#include "request/requests.h"
#include "mailbox/fsm_eoe.h"
#include "ecrt.h"

/* al_state_seen: a slave is attached; it needs no new configuration
 * (the one of its config was applied and nothing changed since).
 */
#define EC_SC_SEEN_ATTACHED 0x40
#define EC_SC_SEEN_CONFIGURED 0x80

#define EC_MAX_FMMUS_PER_CONFIG 16
#define EC_SC_SYNCS 16

struct ec_master;
struct ec_slave;
struct ec_domain;
struct ec_hc_group;

/* The PDOs an application assigns to one sync manager. */
struct ec_sync_config {
	ec_direction_t dir;		/* EC_DIR_INVALID: use the slave's */
	ec_watchdog_mode_t watchdog_mode;
	bool pdos_set;			/* the application gave PDOs */
	unsigned int pdo_count;
	struct ec_pdo *pdos;		/* owned; entries owned, names NULL */
};

/* One FMMU: a sync manager's data mapped into a domain. */
struct ec_fmmu_config {
	struct ec_list domain_node;	/* in the domain's fmmu list */
	struct ec_slave_config *sc;
	struct ec_domain *domain;
	u8 sync_index;
	ec_direction_t dir;
	u32 logical_start_address;	/* in the domain's logical space */
	unsigned int data_size;		/* bytes */
};

/* A startup SDO, written in PREOP before SAFEOP (IgH's sdo configs). */
struct ec_sdo_config {
	struct ec_list node;
	u16 index;
	u8 subindex;
	bool complete_access;
	u8 *data;
	size_t size;
};

/* A startup IDN, written over SoE in PREOP or SAFEOP (IgH's soe configs). */
struct ec_soe_config {
	struct ec_list node;
	u8 drive_no;
	u16 idn;
	u8 al_state;		/* EC_AL_STATE_PREOP_ or EC_AL_STATE_SAFEOP_ */
	u8 *data;
	size_t size;
};

struct ec_slave_config {
	struct ec_list node;		/* in master->configs */
	struct ec_master *master;
	u16 alias;
	u16 position;
	u32 vendor_id;
	u32 product_code;

	u16 watchdog_divider;		/* 0: slave default */
	u16 watchdog_intervals;		/* 0: slave default */

	struct ec_slave *slave;		/* attached slave, or NULL */
	/*
	 * The attached slave's state as the FSM side last saw it, for the
	 * cyclic ecrt_slave_config_state(), which never touches the slave
	 * (doc/LOCKING.md rule 6): its AL status byte (state and error
	 * flag) and the EC_SC_SEEN_* bits; 0 while no slave is attached.
	 */
	u8 al_state_seen;
	bool identity_mismatch;		/* a slave sits there, but not ours */
	bool alias_ambiguous;		/* its alias is on several slaves */
	/* Hot connect: the group that makes this config optional, or NULL
	 * (hc_group.h); its slave attaches only when the group is placed.
	 */
	struct ec_hc_group *hc_group;

	struct ec_sync_config syncs[EC_SC_SYNCS];
	struct ec_fmmu_config fmmus[EC_MAX_FMMUS_PER_CONFIG];
	unsigned int used_fmmus;

	struct ec_list sdo_configs;	/* startup SDOs, in order */
	struct ec_list soe_configs;	/* startup IDNs, in order */
	struct ec_list flags;		/* feature flags, in order */
	struct ec_list app_requests;	/* the application's, in order */

	/* DC (ecrt_slave_config_dc), stored for the DC issue. */
	u16 dc_assign_activate;
	u32 dc_sync_cycle[2];
	s32 dc_sync_shift[2];

	u64 state_timeout_ns[4];	/* PREOP, SAFEOP, OP, INIT; 0: default */

	/* EoE IP parameters (ecrt_slave_config_eoe_*), sent PREOP->SAFEOP. */
	struct ec_eoe_ip eoe_ip;

	/*
	 * The PDOs in effect per sync manager (ec_slave_config_sync()):
	 * the config's where it set them, else the attached slave's, PDOs
	 * without entries filled with the slave's mapping.  Owned copies,
	 * rebuilt when the config, the attached slave or its PDOs change.
	 */
	struct ec_sync_config effective[EC_SC_SYNCS];
	bool effective_valid;
	const struct ec_sii_sync *effective_src;	/* slave->syncs seen */
	unsigned int effective_src_count;
};

#define EC_FLAG_KEY_SIZE 64	/* key of a feature flag incl. the NUL */

/* A feature flag (ecrt_slave_config_flag()): a named value for the slave. */
struct ec_flag_config {
	struct ec_list node;
	char key[EC_FLAG_KEY_SIZE];
	s32 value;
};

/* The kinds of struct ec_app_request. */
enum ec_app_req_kind {
	EC_APP_REQ_SDO,
	EC_APP_REQ_REG,
	EC_APP_REQ_FOE,
	EC_APP_REQ_SOE,
	EC_APP_REQ_VOE,
	EC_APP_REQ_KINDS,
};

/*
 * A request an application created on a configuration for its cyclic
 * task: SDO, register, FoE, SoE or VoE.  One life cycle for all kinds
 * (doc/LOCKING.md rule 7): created on the FSM side, parameters set while
 * the application owns it, started by a release store of QUEUED from any
 * context, picked up by the slave FSM with an acquire load, finished by a
 * release store.  The kind's request (what its FSM serves) is in the
 * union; what differs per kind is in the table of slave_config_request.c.
 */
struct ec_app_request {
	struct ec_list config_node;	/* in sc->app_requests */
	struct ec_slave_config *sc;
	enum ec_app_req_kind kind;
	enum ec_req_state *state;	/* the kind's state word */
	bool write;			/* the last start was a write */
	u8 *mem;
	size_t mem_size;
	union {
		struct ec_request base;	/* the head of every kind */
		struct ec_sdo_request sdo;
		struct ec_reg_request reg;
		struct ec_foe_request foe;
		struct ec_soe_request soe;
		struct ec_voe_handler voe;
	} u;
};

/* The application request that holds the kind's request @req. */
#define EC_APP_REQUEST_OF(req, member) \
	ec_container_of((req), struct ec_app_request, u.member)

struct ec_slave_config *ec_slave_config_create(struct ec_master *master,
					       u16 alias, u16 position,
					       u32 vendor_id,
					       u32 product_code);
void ec_slave_config_free(struct ec_slave_config *sc);

int ec_slave_config_sync_manager(struct ec_slave_config *sc, u8 sync_index,
				 ec_direction_t dir,
				 ec_watchdog_mode_t watchdog_mode);
void ec_slave_config_watchdog(struct ec_slave_config *sc, u16 divider,
			      u16 intervals);
int ec_slave_config_pdo_assign_add(struct ec_slave_config *sc, u8 sync_index,
				   u16 pdo_index);
void ec_slave_config_pdo_assign_clear(struct ec_slave_config *sc,
				      u8 sync_index);
int ec_slave_config_pdo_mapping_add(struct ec_slave_config *sc,
				    u16 pdo_index, u16 entry_index,
				    u8 entry_subindex, u8 entry_bit_length);
void ec_slave_config_pdo_mapping_clear(struct ec_slave_config *sc,
				       u16 pdo_index);
int ec_slave_config_pdos(struct ec_slave_config *sc, unsigned int n_syncs,
			 const ec_sync_info_t syncs[]);
/* Returns the byte offset in the domain or -errno; bit position out. */
int ec_slave_config_reg_pdo_entry(struct ec_slave_config *sc,
				  u16 entry_index, u8 entry_subindex,
				  struct ec_domain *domain,
				  unsigned int *bit_position);
int ec_slave_config_reg_pdo_entry_pos(struct ec_slave_config *sc,
				      u8 sync_index, unsigned int pdo_pos,
				      unsigned int entry_pos,
				      struct ec_domain *domain,
				      unsigned int *bit_position);
int ec_slave_config_sdo(struct ec_slave_config *sc, u16 index, u8 subindex,
			const u8 *data, size_t size, bool complete_access);
int ec_slave_config_idn(struct ec_slave_config *sc, u8 drive_no, u16 idn,
			u8 al_state, const u8 *data, size_t size);
int ec_slave_config_flag(struct ec_slave_config *sc, const char *key,
			 s32 value);
struct ec_app_request *
ec_slave_config_create_request(struct ec_slave_config *sc,
			       enum ec_app_req_kind kind, size_t size);
struct ec_app_request *ec_slave_config_request(struct ec_slave_config *sc,
					       unsigned int index);
unsigned int ec_app_request_index(const struct ec_app_request *r);
bool ec_app_request_owned(const struct ec_app_request *r);
int ec_app_request_start(struct ec_app_request *r, bool write,
			 enum ec_voe_op voe_op);
ec_request_state_t ec_app_request_state(const struct ec_app_request *r);
size_t *ec_app_request_size(struct ec_app_request *r);
u32 ec_app_request_error_code(const struct ec_app_request *r);
int ec_app_request_error(const struct ec_app_request *r);
void ec_slave_config_state(const struct ec_slave_config *sc,
			   ec_slave_config_state_t *state);
void ec_slave_config_publish(struct ec_slave_config *sc);
void ec_slave_config_publish_as(struct ec_slave_config *sc, bool configured);

int ec_slave_config_sdo8(struct ec_slave_config *sc, u16 index, u8 subindex,
			 u8 value);
int ec_slave_config_sdo16(struct ec_slave_config *sc, u16 index,
			  u8 subindex, u16 value);
int ec_slave_config_sdo32(struct ec_slave_config *sc, u16 index,
			  u8 subindex, u32 value);

/* Attach configurations to scanned slaves (after every scan). */
void ec_master_attach_slave_configs(struct ec_master *master);
void ec_master_find_duplicate_aliases(struct ec_master *master);
/* Detach all configurations before the slaves are freed. */
void ec_master_detach_slave_configs(struct ec_master *master);
/* Attach one configuration if its slave is there. */
void ec_slave_config_attach(struct ec_slave_config *sc);
void ec_slave_config_detach(struct ec_slave_config *sc);
/* Drop the cached PDOs in effect (config or attached slave changed). */
void ec_slave_config_invalidate(struct ec_slave_config *sc);
/* Size in bytes of the PDOs in effect for a sync manager. */
unsigned int ec_slave_config_sync_size(const struct ec_slave_config *sc,
				       u8 sync_index);
/* The PDOs in effect for a sync manager: the config's, else the slave's. */
const struct ec_sync_config *ec_slave_config_sync(
	const struct ec_slave_config *sc, u8 sync_index);

#endif /* EC_SLAVE_CONFIG_H */
