// SPDX-License-Identifier: GPL-2.0-only
/*
 * domain.c - process data exchanged together (IgH's ec_domain semantics).
 *
 * Layout: every FMMU config gets the next byte range of the domain's
 * logical space, in registration order.  An FMMU always maps the whole
 * bytes of one sync manager (the size of the PDOs in effect, bits rounded
 * up); bit-sized entries are packed inside those bytes, so their offset is
 * a byte plus a bit position.  At activation the domain is cut into
 * datagrams of at most EC_DOMAIN_MAX_DATAGRAM bytes at FMMU boundaries
 * (an FMMU never spans two datagrams), each LRW when it holds both
 * directions, LRD for inputs only, LWR for outputs only.  The datagrams
 * carry the domain memory itself: replies land in it directly.
 *
 * Hot connect (doc/HOTCONNECT.md): a datagram also ends where the FMMUs'
 * hot-connect group changes, so each group's working counter is that of
 * its own datagrams.  A datagram of an absent group is not queued (its
 * outputs are not sent) and its inputs are zeroed; the domain's working
 * counter and its expected value count only the datagrams of no group
 * and of present groups.  Without groups nothing differs.
 */
#include "cycle/domain.h"
#include "cycle/domain_process.h"
#include "cycle/wc_state.h"
#include "cycle/master.h"
#include "cycle/capture.h"
#include "app/slave_config.h"
#include "app/hc_group.h"

/*
 * Working counter increments (ESC datasheet section I, "working
 * counter"): with LRW a slave adds 1 for a successful read, 2 for a
 * successful write, 3 for both; with LRD and LWR it adds 1.
 */
#define EC_WKC_READ 1
#define EC_WKC_WRITE 2
#define EC_WKC_SIMPLE 1

#define EC_DOMAIN_LOG(level, d, fmt, ...) \
	ec_log(level, "%u: domain %u: " fmt, (d)->master->index, (d)->index, \
	       ##__VA_ARGS__)

/**
 * ec_domain_create() - a new empty domain
 * @master: master; the caller links the domain into master->domains
 *
 * Return: the domain or NULL (no memory).
 */
struct ec_domain *ec_domain_create(struct ec_master *master)
{
	struct ec_domain *domain = ec_zalloc(sizeof(*domain));

	if (!domain)
		return NULL;
	ec_list_init(&domain->node);
	ec_list_init(&domain->fmmu_configs);
	domain->master = master;
	domain->wc_state = EC_WC_ZERO;
	return domain;
}

/**
 * ec_domain_free() - release a domain
 * @domain: domain; its datagrams leave the master's queues, its FMMU
 *	configs (owned by the slave configs) forget it
 */
void ec_domain_free(struct ec_domain *domain)
{
	struct ec_list *pos, *tmp;

	ec_domain_clear_datagrams(domain);
	ec_list_for_each_safe(pos, tmp, &domain->fmmu_configs) {
		struct ec_fmmu_config *f = ec_list_entry(pos,
					struct ec_fmmu_config, domain_node);

		ec_list_del_init(pos);
		f->domain = NULL;
	}
	if (ec_list_linked(&domain->node))
		ec_list_del_init(&domain->node);
	ec_free(domain);
}

/**
 * ec_domain_add_fmmu_config() - reserve logical space for an FMMU
 * @domain: domain
 * @fmmu: FMMU config with data_size set; linked into the domain
 *
 * Return: the FMMU's logical offset in the domain, or -EBUSY (laid out
 * already) / -EOVERFLOW (logical space).
 */
int ec_domain_add_fmmu_config(struct ec_domain *domain,
			      struct ec_fmmu_config *fmmu)
{
	if (domain->datagrams) {
		EC_DOMAIN_LOG(EC_LOG_ERR, domain,
			      "cannot add an FMMU after activation");
		return -EBUSY;
	}
	if (domain->data_size + fmmu->data_size > 0x7fffffff)
		return -EOVERFLOW;
	fmmu->domain = domain;
	fmmu->logical_start_address = (u32)domain->data_size;
	domain->data_size += fmmu->data_size;
	ec_list_add_tail(&fmmu->domain_node, &domain->fmmu_configs);
	return (int)fmmu->logical_start_address;
}

/*
 * Working counter an FMMU adds to a datagram @cmd, unless an earlier FMMU
 * (@first up to @fmmu) of the same slave and direction counted already.
 */
static u16 ec_domain_fmmu_wkc(const struct ec_list *first,
			      const struct ec_fmmu_config *fmmu,
			      enum ec_datagram_type cmd)
{
	const struct ec_list *pos;

	for (pos = first; pos != &fmmu->domain_node; pos = pos->next) {
		const struct ec_fmmu_config *f = ec_list_entry(pos,
					struct ec_fmmu_config, domain_node);

		if (f->sc == fmmu->sc && f->dir == fmmu->dir)
			return 0;
	}
	if (cmd != EC_DATAGRAM_LRW)
		return EC_WKC_SIMPLE;
	return fmmu->dir == EC_DIR_OUTPUT ? EC_WKC_WRITE : EC_WKC_READ;
}

/* The hot-connect group of an FMMU's config, or NULL. */
static struct ec_hc_group *ec_fmmu_group(const struct ec_list *pos)
{
	return ec_list_entry(pos, struct ec_fmmu_config, domain_node)->sc->hc_group;
}

/* Set up datagram @dd over FMMUs [first, end) at logical @offset. */
static int ec_domain_setup_datagram(struct ec_domain *domain,
				    struct ec_domain_datagram *dd,
				    const struct ec_list *first,
				    const struct ec_list *end, u32 offset,
				    size_t size)
{
	const struct ec_list *pos;
	bool in = false, out = false;
	enum ec_datagram_type cmd;
	u32 logical = domain->logical_base_address + offset;
	u16 wkc = 0;
	int ret;

	for (pos = first; pos != end; pos = pos->next) {
		const struct ec_fmmu_config *f = ec_list_entry(pos,
					struct ec_fmmu_config, domain_node);

		if (f->dir == EC_DIR_OUTPUT)
			out = true;
		else
			in = true;
	}
	cmd = in && out ? EC_DATAGRAM_LRW :
	      out ? EC_DATAGRAM_LWR : EC_DATAGRAM_LRD;
	for (pos = first; pos != end; pos = pos->next)
		wkc += ec_domain_fmmu_wkc(first, ec_list_entry(pos,
				struct ec_fmmu_config, domain_node), cmd);

	ec_datagram_init(&dd->datagram);
	ec_datagram_use_external(&dd->datagram, domain->data + offset, size);
	if (cmd == EC_DATAGRAM_LRW)
		ret = ec_datagram_lrw(&dd->datagram, logical, size);
	else if (cmd == EC_DATAGRAM_LWR)
		ret = ec_datagram_lwr(&dd->datagram, logical, size);
	else
		ret = ec_datagram_lrd(&dd->datagram, logical, size);
	if (ret)
		return ret;
	dd->datagram.cyclic = true;	/* lost after half a cycle */
	snprintf(dd->name, sizeof(dd->name), "domain%u-%u", domain->index,
		 domain->datagram_count);
	dd->datagram.name = dd->name;
	dd->logical_offset = offset;
	dd->size = size;
	dd->expected_working_counter = wkc;
	dd->group = first != end ? ec_fmmu_group(first) : NULL;
	dd->fmmu_first = first;
	dd->fmmu_end = end;
	dd->wkc_seen = 0;
	domain->expected_working_counter += wkc;
	domain->datagram_count++;
	return 0;
}

/* Datagrams the layout needs; -EINVAL when one FMMU is too large. */
static int ec_domain_count_datagrams(struct ec_domain *domain)
{
	struct ec_list *pos, *tmp;
	struct ec_hc_group *group = NULL;
	size_t size = 0;
	int count = 0;

	ec_list_for_each_safe(pos, tmp, &domain->fmmu_configs) {
		struct ec_fmmu_config *f = ec_list_entry(pos,
					struct ec_fmmu_config, domain_node);

		if (f->data_size > EC_DOMAIN_MAX_DATAGRAM) {
			EC_DOMAIN_LOG(EC_LOG_ERR, domain,
				      "FMMU of config %u:%u SM%u has %u bytes, more than a datagram (%u)",
				      f->sc->alias, f->sc->position,
				      f->sync_index, f->data_size,
				      EC_DOMAIN_MAX_DATAGRAM);
			return -EINVAL;
		}
		if (!count || size + f->data_size > EC_DOMAIN_MAX_DATAGRAM ||
		    f->sc->hc_group != group) {
			count++;
			size = 0;
			group = f->sc->hc_group;
		}
		size += f->data_size;
	}
	return count;
}

/**
 * ec_domain_finish() - lay the domain out into datagrams at activation
 * @domain: domain
 * @logical_base: the domain's first logical address
 * @mem: process image of data_size bytes (zeroed by the caller)
 *
 * Return: 0, -EINVAL (an FMMU larger than a datagram, no memory given)
 * or -ENOMEM.
 */
int ec_domain_finish(struct ec_domain *domain, u32 logical_base, u8 *mem)
{
	struct ec_list *pos, *first;
	u32 offset = 0;
	size_t size = 0;
	int count, ret;

	if (domain->data_size && !mem)
		return -EINVAL;
	ec_domain_clear_datagrams(domain);
	domain->queue_later = 0;
	domain->logical_base_address = logical_base;
	domain->data = mem;
	domain->expected_working_counter = 0;
	domain->working_counter = 0;
	domain->wc_state = EC_WC_ZERO;
	domain->working_counter_changes = 0;

	count = ec_domain_count_datagrams(domain);
	if (count <= 0)
		return count;
	domain->datagrams = ec_zalloc(count * sizeof(*domain->datagrams));
	if (!domain->datagrams)
		return -ENOMEM;

	first = domain->fmmu_configs.next;
	for (pos = first; pos != &domain->fmmu_configs; pos = pos->next) {
		struct ec_fmmu_config *f = ec_list_entry(pos,
					struct ec_fmmu_config, domain_node);

		if (size + f->data_size > EC_DOMAIN_MAX_DATAGRAM ||
		    (pos != first && f->sc->hc_group != ec_fmmu_group(first))) {
			ret = ec_domain_setup_datagram(domain,
				&domain->datagrams[domain->datagram_count],
				first, pos, offset, size);
			if (ret)
				goto out_clear;
			first = pos;
			offset = f->logical_start_address;
			size = 0;
		}
		size += f->data_size;
	}
	ret = ec_domain_setup_datagram(domain,
			&domain->datagrams[domain->datagram_count],
			first, &domain->fmmu_configs, offset, size);
	if (ret)
		goto out_clear;
	EC_DOMAIN_LOG(EC_LOG_INFO, domain,
		      "%zu bytes at logical 0x%08x in %u datagram(s), expected working counter %u",
		      domain->data_size, logical_base, domain->datagram_count,
		      domain->expected_working_counter);
	return 0;

out_clear:
	ec_domain_clear_datagrams(domain);
	return ret;
}

/**
 * ec_domain_clear_datagrams() - drop the datagrams (deactivation)
 * @domain: domain
 */
void ec_domain_clear_datagrams(struct ec_domain *domain)
{
	unsigned int i;

	for (i = 0; i < domain->datagram_count; i++) {
		struct ec_datagram *d = &domain->datagrams[i].datagram;

		ec_master_unqueue_datagram(domain->master, d);
		ec_datagram_clear(d);
	}
	ec_free(domain->datagrams);
	domain->datagrams = NULL;
	domain->datagram_count = 0;
	domain->expected_working_counter = 0;
}

/**
 * ec_domain_reg_pdo_entry_list() - register a list of PDO entries
 * @domain: domain
 * @regs: entries, ended by one with index 0
 *
 * For each, the config of the addressed slave (created if needed) maps
 * the entry; offset and bit position are written where the entry says.
 *
 * Return: 0 or the first error (-ENOENT, -EINVAL, ...).
 */
int ec_domain_reg_pdo_entry_list(struct ec_domain *domain,
				 const ec_pdo_entry_reg_t *regs)
{
	const ec_pdo_entry_reg_t *r;
	int ret;

	for (r = regs; r && r->index; r++) {
		struct ec_slave_config *sc = ec_master_slave_config(
			domain->master, r->alias, r->position, r->vendor_id,
			r->product_code);

		if (!sc)
			return -ENOENT;
		ret = ec_slave_config_reg_pdo_entry(sc, r->index, r->subindex,
						    domain, r->bit_position);
		if (ret < 0)
			return ret;
		if (r->offset)
			*r->offset = (unsigned int)ret;
	}
	return 0;
}

/**
 * ec_domain_answered_wkc() - what a process() finds now
 * @domain: domain
 *
 * Return: the sum of the working counters of the datagrams answered and
 * received by the application, of no hot-connect group or of a group
 * present.
 */
u16 ec_domain_answered_wkc(const struct ec_domain *domain)
{
	unsigned int i;
	u16 wkc = 0;

	for (i = 0; i < domain->datagram_count; i++)
		if (ec_domain_dg_counts(&domain->datagrams[i]))
			wkc += ec_domain_dg_wkc(&domain->datagrams[i].datagram);
	return wkc;
}

/**
 * ec_domain_expected_wkc() - the working counter of a complete exchange
 * @domain: domain; cyclic side
 *
 * Return: the expected sum of the datagrams of no hot-connect group and
 * of the groups present now (without groups: expected_working_counter).
 */
u16 ec_domain_expected_wkc(const struct ec_domain *domain)
{
	u16 wkc = domain->expected_working_counter;
	unsigned int i;

	for (i = 0; i < domain->datagram_count; i++) {
		const struct ec_domain_datagram *dd = &domain->datagrams[i];

		if (dd->group && ec_hc_presence(dd->group) != EC_HC_PRESENT)
			wkc -= dd->expected_working_counter;
	}
	return wkc;
}

/* Zero the inputs of datagram @dd (of an absent group): in the process
 * data and in the rx image where replies are matched.
 */
static void ec_domain_zero_inputs(struct ec_domain *domain,
				  struct ec_domain_datagram *dd)
{
	const struct ec_list *pos;

	for (pos = dd->fmmu_first; pos != dd->fmmu_end; pos = pos->next) {
		const struct ec_fmmu_config *f = ec_list_entry(pos,
					struct ec_fmmu_config, domain_node);

		if (f->dir != EC_DIR_INPUT)
			continue;
		memset(domain->data + f->logical_start_address, 0,
		       f->data_size);
		if (dd->datagram.rx_data)
			memset(dd->datagram.rx_data + f->logical_start_address -
			       dd->logical_offset, 0, f->data_size);
	}
}

/*
 * The recorder's event: the answer that brought the lower count.  Only
 * when every datagram of the domain was answered: a count that drops
 * because a frame was lost is that lost frame's event (doc/SPECNOTES.md).
 */
void ec_domain_wc_event(const struct ec_domain *domain, u16 wkc)
{
	u64 last_ns = 0;
	unsigned int i;

	for (i = 0; i < domain->datagram_count; i++) {
		const struct ec_datagram *d = &domain->datagrams[i].datagram;

		if (d->state != EC_DATAGRAM_RECEIVED)
			return;
		if (d->frame_ns > last_ns)
			last_ns = d->frame_ns;
	}
	ec_recorder_event_locked(domain->master, EC_REC_WC_DROP, last_ns,
				 "domain %u working counter %u -> %u of %u",
				 domain->index, domain->working_counter, wkc,
				 domain->expected_working_counter);
}

/* The log line of working counter changes, at most every
 * EC_DOMAIN_NOTIFY_NS (the rare part of ec_domain_take_counts()).
 */
void ec_domain_wc_notify(struct ec_domain *domain, u16 wkc,
				u16 expected, u64 now_ns)
{
	domain->notify_ns = now_ns;
	if (domain->working_counter_changes == 1)
		EC_DOMAIN_LOG(EC_LOG_INFO, domain,
			      "working counter changed to %u/%u",
			      wkc, expected);
	else
		EC_DOMAIN_LOG(EC_LOG_INFO, domain,
			      "%u working counter changes, now %u/%u",
			      domain->working_counter_changes, wkc,
			      expected);
	domain->working_counter_changes = 0;
}

/**
 * ec_domain_process() - evaluate the answers of the last exchange
 * @domain: domain; the caller holds the io lock
 * @now_ns: current time (rate limit of the log)
 *
 * Sums the working counters of the datagrams that were answered and
 * classifies the sum; the data is already in place.
 */
void ec_domain_process(struct ec_domain *domain, u64 now_ns)
{
	u16 wkc, expected;

	ec_domains_take_queued(domain->master);	/* a queue() before */
	wkc = ec_domain_take_wkc(domain, &expected);
	ec_domain_take_counts(domain, wkc, expected, now_ns);
}

/**
 * ec_domain_set_wkc() - take @wkc as the last exchange's working counter
 * @domain: domain
 * @wkc: the sum (ec_domain_process(), or what a userspace application's
 *	process() found, replayed from the shared area)
 * @now_ns: current time (rate limit of the log)
 */
void ec_domain_set_wkc(struct ec_domain *domain, u16 wkc, u64 now_ns)
{
	ec_domain_take_counts(domain, wkc, ec_domain_expected_wkc(domain),
			      now_ns);
}

/**
 * ec_domain_queue() - queue the domain's datagrams for the next send
 * @domain: domain; cyclic side, the caller holds the io lock
 *
 * A datagram still in flight from an earlier cycle is lost now (its frame
 * did not come back by this cycle) and queued again: a lost frame costs
 * one cycle, never a skipped one.
 */
void ec_domain_queue(struct ec_domain *domain)
{
	struct ec_master *master = domain->master;
	unsigned int i;

	for (i = 0; i < domain->datagram_count; i++) {
		struct ec_domain_datagram *dd = &domain->datagrams[i];
		struct ec_datagram *d = &dd->datagram;

		if (d->state == EC_DATAGRAM_SENT)
			ec_master_lose_datagram(master, d);
		if (dd->group &&
		    ec_hc_presence(dd->group) == EC_HC_ABSENT) {
			/* not sent; the application reads zero inputs */
			ec_master_unqueue_datagram_locked(master, d);
			ec_domain_zero_inputs(domain, dd);
			continue;
		}
		ec_master_queue_datagram_locked(master, d);
	}
}

/* Calls of one domain replayed at most (more only count as skipped). */
#define EC_DOMAIN_QUEUE_LATER_MAX 16

/**
 * ec_domain_queue_later() - ecrt_domain_queue() of a kernel application,
 * without the io lock
 * @domain: domain; the master active
 *
 * Only records the call; ec_domains_take_queued() queues the datagrams
 * under the lock at the application's next send, receive or process, as
 * a userspace application's queue() is replayed (ioctl_cycle.c).  The
 * application serialises its own calls (as IgH asks), so the record needs
 * no lock; the datagrams' order in the frames stays: the FSMs' turn queues
 * after the send, before the next queue.
 */
void ec_domain_queue_later(struct ec_domain *domain)
{
	if (domain->queue_later < EC_DOMAIN_QUEUE_LATER_MAX)
		domain->queue_later++;
	domain->master->queue_later = true;
}

/**
 * ec_domains_queue_recorded() - queue what ec_domain_queue_later()
 * recorded (through ec_domains_take_queued())
 * @master: master; the caller holds the io lock
 */
void ec_domains_queue_recorded(struct ec_master *master)
{
	struct ec_list *n;

	master->queue_later = false;
	for (n = master->domains.next; n != &master->domains; n = n->next) {
		struct ec_domain *d = ec_list_entry(n, struct ec_domain, node);

		for (; d->queue_later; d->queue_later--)
			ec_domain_queue(d);
	}
}

/**
 * ec_domain_redundancy_active() - the backup device's copies of the
 * domain's datagrams carried data in the last exchange (a lost
 * datagram's backup_wkc is 0); cyclic side
 * @domain: domain
 *
 * Return: true if so (never without a backup device).
 */
bool ec_domain_redundancy_active(const struct ec_domain *domain)
{
	unsigned int i;

	if (!domain->master->red)
		return false;
	for (i = 0; i < domain->datagram_count; i++)
		if (domain->datagrams[i].datagram.backup_wkc)
			return true;
	return false;
}

/**
 * ec_domain_state() - ecrt_domain_state()
 * @domain: domain
 * @state: receives the working counter, its interpretation and whether
 *	the backup link carried data
 */
void ec_domain_state(const struct ec_domain *domain,
		     ec_domain_state_t *state)
{
	state->working_counter = domain->working_counter;
	state->wc_state = domain->wc_state;
	state->redundancy_active = ec_domain_redundancy_active(domain);
}

/**
 * ec_domain_group_state() - ecrt_domain_group_state()
 * @domain: domain; cyclic side
 * @group: hot-connect group
 * @live: the datagrams' answers now (a userspace application's ioctl,
 *	called after its receive) instead of what the last
 *	ec_domain_process() saw (a kernel application)
 * @state: receives the group's working counter in this domain, the
 *	expected one, their classification and the group's presence
 */
void ec_domain_group_state(const struct ec_domain *domain,
			   const struct ec_hc_group *group, bool live,
			   ec_hc_group_state_t *state)
{
	unsigned int i, wkc = 0, expected = 0;

	for (i = 0; i < domain->datagram_count; i++) {
		const struct ec_domain_datagram *dd = &domain->datagrams[i];
		const struct ec_datagram *d = &dd->datagram;

		if (dd->group != group)
			continue;
		expected += dd->expected_working_counter;
		if (!live)
			wkc += dd->wkc_seen;
		else if (d->state == EC_DATAGRAM_RECEIVED)
			wkc += d->working_counter;
	}
	state->presence = ec_hc_presence(group);
	if (state->presence == EC_HC_ABSENT)
		wkc = 0;
	state->working_counter = wkc;
	state->expected_working_counter = expected;
	state->wc_state = ec_wc_state_classify(wkc, expected);
}
