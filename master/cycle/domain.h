/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * domain.h - a domain: process data of several slaves exchanged together
 * with logical datagrams (LRD/LWR/LRW chosen by the directions present),
 * split into datagrams of at most EC_DOMAIN_MAX_DATAGRAM bytes, each with
 * its own expected working counter (ecrt.h: ecrt_domain_*()).
 */
#ifndef EC_DOMAIN_H
#define EC_DOMAIN_H

#include "port.h"
#include "list.h"
#include "cycle/datagram.h"
#include "ecrt.h"

#define EC_DOMAIN_MAX_DATAGRAM 1486	/* one frame: 1500 - 2 - 10 - 2 */

struct ec_master;
struct ec_fmmu_config;
struct ec_hc_group;

/* One datagram of a domain and what its working counter should be. */
struct ec_domain_datagram {
	struct ec_datagram datagram;
	u32 logical_offset;		/* within the domain */
	size_t size;
	u16 expected_working_counter;
	/* Hot connect: the group whose FMMUs it carries (a datagram never
	 * mixes groups), or NULL; its FMMUs [fmmu_first, fmmu_end); its
	 * working counter at the last ec_domain_process().
	 */
	struct ec_hc_group *group;
	const struct ec_list *fmmu_first, *fmmu_end;
	u16 wkc_seen;
	char name[24];			/* its datagram's: "domainD-N" */
};

struct ec_domain {
	struct ec_list node;		/* in master->domains */
	struct ec_master *master;
	unsigned int index;

	struct ec_list fmmu_configs;	/* struct ec_fmmu_config */
	size_t data_size;		/* bytes of process data */
	u32 logical_base_address;	/* set at activation */
	u8 *data;			/* process image (in master->pd_mem) */
	bool external_memory;

	struct ec_domain_datagram *datagrams;	/* allocated at activation */
	unsigned int datagram_count;

	u16 expected_working_counter;	/* sum over the datagrams */
	u16 working_counter;		/* sum at the last process() */
	ec_wc_state_t wc_state;
	unsigned int working_counter_changes;
	u64 notify_ns;			/* rate limit of wkc change logs */
	unsigned int queue_later;	/* ec_domain_queue_later() calls */
};

struct ec_domain *ec_domain_create(struct ec_master *master);
void ec_domain_free(struct ec_domain *domain);

/* Reserve space for an FMMU; returns its logical offset in the domain. */
int ec_domain_add_fmmu_config(struct ec_domain *domain,
			      struct ec_fmmu_config *fmmu);
/* At activation: lay out datagrams over @mem (data_size bytes). */
int ec_domain_finish(struct ec_domain *domain, u32 logical_base, u8 *mem);
void ec_domain_clear_datagrams(struct ec_domain *domain);

int ec_domain_reg_pdo_entry_list(struct ec_domain *domain,
				 const ec_pdo_entry_reg_t *regs);
void ec_domain_process(struct ec_domain *domain, u64 now_ns);
u16 ec_domain_answered_wkc(const struct ec_domain *domain);
void ec_domain_set_wkc(struct ec_domain *domain, u16 wkc, u64 now_ns);
void ec_domain_queue(struct ec_domain *domain);
void ec_domain_queue_later(struct ec_domain *domain);
bool ec_domain_redundancy_active(const struct ec_domain *domain);
void ec_domain_state(const struct ec_domain *domain,
		     ec_domain_state_t *state);
/* Hot connect (cyclic side). */
u16 ec_domain_expected_wkc(const struct ec_domain *domain);
void ec_domain_group_state(const struct ec_domain *domain,
			   const struct ec_hc_group *group, bool live,
			   ec_hc_group_state_t *state);

#endif /* EC_DOMAIN_H */
