// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A segment: slaves built from a segment file and the embedded catalogue,
 * their ring order, faults and the in-process API of ecsim.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim_priv.h"
#include "eoe.h"
#include "foe.h"
#include "soe.h"
#ifdef ECSIM_HAVE_COE
#include "od.h"
#endif

/* An E-bus hop, about 150 ns (doc/SPECNOTES.md): through the processing
 * unit on the way out, port to port on the way back */
/* The largest segment file read: 65535 slaves with their own models fit
 * many times over; beyond it a file is refused before it is parsed. */
#define ECSIM_MAX_FILE	(64 << 20)
#define DEFAULT_FWD_NS	160
#define DEFAULT_RET_NS	140
#define ECSIM_MAX_DELAY_US	10000000	/* 10 s */

uint32_t ecsim_rand(struct ecsim_segment *seg)
{
	uint32_t x = seg->rng ? seg->rng : 0x9e3779b9u;

	x ^= x << 13;	/* xorshift32 */
	x ^= x >> 17;
	x ^= x << 5;
	seg->rng = x;
	return x;
}

#define PEER_NONE	(-1)
#define PEER_MASTER	(-2)

/* What each port of slave @i is wired to now: a slave index, the master
 * or nothing (unplugged or out of reach). */
static void port_peers(const struct ecsim_segment *seg, unsigned int i,
		       int peer[4])
{
	const struct ecsim_slave *s = &seg->slaves[i];
	unsigned int j, p;

	for (p = 0; p < 4; p++)
		peer[p] = PEER_NONE;
	if (!s->plugged || s->pos == ~0u)
		return;
	if (s->pos == 0)
		peer[0] = PEER_MASTER;
	for (p = 1; p < 4; p++)
		peer[p] = s->child[p];
	for (j = 0; j < seg->n_slaves; j++)
		for (p = 1; p < 4; p++)
			if (seg->slaves[j].child[p] == (int)i)
				peer[0] = (int)j;	/* as last wired */
}

/*
 * ESC Section II 0x0310-0x0313: a port whose link was up and is taken
 * down (its peer unplugged, or a slave put in between) counts a lost
 * link, in the loop modes auto and auto close only (0x0100).  A slave
 * that was not wired before (replugged: reset) counts nothing.
 */
static void count_lost_links(struct ecsim_segment *seg, int (*before)[4])
{
	unsigned int i, p;
	int after[4];

	for (i = 0; i < seg->n_slaves; i++) {
		struct ecsim_slave *s = &seg->slaves[i];
		uint32_t dlc = ecsim_get32(s->mem + ESC_REG_DL_CONTROL);

		port_peers(seg, i, after);
		for (p = 0; p < 4; p++) {
			if (before[i][p] == PEER_NONE ||
			    before[i][p] == after[p] ||
			    ((dlc >> ESC_DLC_LOOP_SHIFT(p)) & 3) >
			    ESC_DLC_LOOP_AUTOCLOSE)
				continue;
			if (s->mem[ESC_REG_LOST_LINK(p)] < 0xff)
				s->mem[ESC_REG_LOST_LINK(p)]++;
		}
	}
}

void ecsim_segment_rebuild_ring(struct ecsim_segment *seg)
{
	int (*before)[4] = NULL;
	unsigned int i;

	if (seg->wired)
		before = calloc(seg->n_slaves + 1, sizeof(*before));
	for (i = 0; before && i < seg->n_slaves; i++)
		port_peers(seg, i, before[i]);
	ecsim_index_ring_change(seg);	/* the frames slaves saw so far */
	ecsim_topo_rebuild(seg);	/* dc.c: line or tree */
	ecsim_index_ring_change(seg);
	ecsim_ring_update_links(seg);	/* ring.c: backup cable, break */
	seg->wired = true;
	if (before)
		count_lost_links(seg, before);
	free(before);
}

#ifdef ECSIM_HAVE_COE
static int build_od(struct ecsim_slave *s, char *err, size_t errlen)
{
	const struct ecsim_model *m = s->model;
	struct ecsim_od_pdo *pdos = NULL;
	struct ecsim_od_pdo_entry *ents = NULL;
	struct ecsim_od_std std = { 0 };
	uint8_t sm_types[ESC_SM_MAX];
	unsigned int i, j, k = 0, total = 0;
	int ret = -ENOMEM;

	s->od = ecsim_od_new();
	if (!s->od)
		return -ENOMEM;
	if (m->objects) {
		ret = ecsim_od_load_json(s->od, m->objects, err, errlen);
		if (ret)
			return ret;
	}
	for (i = 0; i < m->n_pdos; i++)
		total += m->pdos[i].n_entries;
	pdos = calloc(m->n_pdos + 1, sizeof(*pdos));
	ents = calloc(total + 1, sizeof(*ents));
	if (!pdos || !ents)
		goto out_free;
	for (i = 0; i < m->n_pdos; i++) {
		pdos[i].index = m->pdos[i].index;
		pdos[i].sm = m->pdos[i].sm;
		pdos[i].name = m->pdos[i].name;
		pdos[i].fixed = m->pdos[i].flags & ECSIM_PDO_FLAG_FIXED;
		pdos[i].n_entries = m->pdos[i].n_entries;
		pdos[i].entries = ents + k;
		for (j = 0; j < m->pdos[i].n_entries; j++, k++) {
			ents[k].index = m->pdos[i].entries[j].index;
			ents[k].subindex = m->pdos[i].entries[j].sub;
			ents[k].bitlen = m->pdos[i].entries[j].bits;
			ents[k].name = m->pdos[i].entries[j].name;
		}
	}
	for (i = 0; i < m->n_sms; i++)
		sm_types[i] = m->sms[i].type;
	std.vendor = m->vendor;
	std.product = m->product;
	std.revision = m->revision;
	std.serial = s->serial;
	std.name = m->order;	/* 0x1008 holds the order code */
	std.hw_version = m->hw_version;
	std.sw_version = m->sw_version;
	std.n_sm = m->n_sms;
	std.sm_types = sm_types;
	std.n_pdos = m->n_pdos;
	std.pdos = pdos;
	std.device_type = m->device_type;
	ret = ecsim_od_add_standard(s->od, &std);
	if (ret)
		snprintf(err, errlen, "slave %u: standard objects: %s",
			 s->id, strerror(-ret));
out_free:
	free(pdos);
	free(ents);
	return ret;
}
#endif

static int parse_faults(struct ecsim_slave *s, const json_t *f,
			bool *sii_bad, uint16_t *al_code)
{
	const json_t *v;
	uint64_t x;

	if (!f)
		return 0;
	if (!json_is_object(f))
		return -EINVAL;
	*sii_bad = json_is_true(json_object_get(f, "sii_checksum"));
	s->no_firmware = json_is_true(json_object_get(f, "no_firmware"));
	if (json_is_true(json_object_get(f, "unplugged")))
		s->plugged = false;
	v = json_object_get(f, "al_error");
	if (v) {
		if (ecsim_json_uint(v, 0xffff, &x))
			return -EINVAL;
		*al_code = (uint16_t)x;
	}
	return 0;
}

static int slave_create(struct ecsim_segment *seg, unsigned int id,
			const json_t *js, char *err, size_t errlen)
{
	struct ecsim_slave *s = &seg->slaves[id];
	const char *model = NULL;
	bool sii_bad = false;
	uint16_t al_code = 0;
	uint64_t x;
	int ret;

	s->seg = seg;
	s->id = id;
	s->plugged = true;
	s->pd_in.sm = -1;
	s->pd_out.sm = -1;
	if (!json_object_get(js, "model") &&
	    (json_object_get(js, "esi") || json_object_get(js, "type"))) {
		ret = ecsim_segment_esi_model(seg, id, js, &model, err, errlen);
		if (ret)
			return ret;
	} else if (json_unpack((json_t *)js, "{s:s}", "model", &model)) {
		snprintf(err, errlen, "slave %u: no \"model\"", id);
		return -EINVAL;
	}
	s->model = ecsim_models_find(&seg->models, model);
	if (!s->model) {
		snprintf(err, errlen, "slave %u: unknown model \"%s\"", id,
			 model);
		return -EINVAL;
	}
	if (json_object_get(js, "name") &&
	    json_is_string(json_object_get(js, "name")))
		s->name = strdup(json_string_value(json_object_get(js,
								   "name")));
	if (json_object_get(js, "alias")) {
		if (ecsim_json_uint(json_object_get(js, "alias"), 0xffff, &x))
			goto bad;
		s->alias = (uint16_t)x;
	}
	if (json_object_get(js, "serial")) {
		if (ecsim_json_uint(json_object_get(js, "serial"),
				    0xffffffff, &x))
			goto bad;
		s->serial = (uint32_t)x;
	} else {
		s->serial = ecsim_default_serial(id);
	}
	if (parse_faults(s, json_object_get(js, "faults"), &sii_bad,
			 &al_code))
		goto bad;
	s->clk_off = (int64_t)(((uint64_t)id + 1) * 7919000013ull %
			       (1ull << 40));
	ret = ecsim_dc_parse_slave(seg, s, js, err, errlen);
	if (ret)
		return ret;
	ret = ecsim_slave_init(s);
	if (!ret)
		ret = ecsim_sii_build(s, sii_bad);
	if (ret == -EFBIG) {
		snprintf(err, errlen,
			 "slave %u (model \"%s\"): its SII image (categories, strings, PDOs) does not fit the %u kbit EEPROM: give fewer PDOs or a larger \"esc\": \"eeprom_kbit\"",
			 id, model, s->model->eeprom_kbit);
		return ret;
	}
	if (ret) {
		snprintf(err, errlen, "slave %u: %s", id, strerror(-ret));
		return ret;
	}
#ifdef ECSIM_HAVE_COE
	if (s->model->mbx_protocols & SII_MBX_COE) {
		char msg[256] = "";

		/* name the slave and model (an ESI model's key is its file) */
		ret = build_od(s, msg, sizeof(msg));
		if (ret) {
			snprintf(err, errlen, "slave %u (model \"%s\"): %s", id,
				 model, msg[0] ? msg : strerror(-ret));
			return ret;
		}
	}
#endif
	ret = ecsim_mbx_init(s);
	if (!ret)
		ret = ecsim_foe_init(s, json_object_get(js, "foe"), err, errlen);
	if (!ret)
		ret = ecsim_soe_init(s, err, errlen);
	if (!ret)
		ret = ecsim_eoe_init(s, json_object_get(js, "eoe"), err,
				     errlen);
	if (ret)
		return ret;
	ecsim_slave_reset(s);
	if (al_code)
		ecsim_al_set_error(s, ESC_AL_INIT, al_code);
	if (json_object_get(js, "inputs"))
		return ecsim_pd_parse_inputs(s, json_object_get(js, "inputs"),
					     err, errlen);
	return 0;
bad:
	snprintf(err, errlen, "slave %u: bad alias, serial or faults", id);
	return -EINVAL;
}

static int parse_slave_ref(const char *s, unsigned int *id, uint16_t *index,
			   uint8_t *sub)
{
	unsigned long n;
	char *end;

	n = strtoul(s, &end, 10);
	if (end == s || *end != ':')
		return -EINVAL;
	*id = (unsigned int)n;
	return ecsim_json_entry_ref(end + 1, index, sub);
}

/* "wires": [ { "from": 2, "to": 1 },
 *            { "from": "4:0x3001:01", "to": "3:0x3101:02" } ] */
static int parse_wires(struct ecsim_segment *seg, const json_t *a,
		       char *err, size_t errlen)
{
	size_t i;
	json_t *w;

	if (!a)
		return 0;
	if (!json_is_array(a))
		goto bad;
	json_array_foreach(a, i, w) {
		const json_t *from = json_object_get(w, "from");
		const json_t *to = json_object_get(w, "to");
		struct ecsim_pattern p = { .kind = ECSIM_PAT_WIRE };
		unsigned int dst;
		uint64_t x;

		if (json_is_integer(from) && json_is_integer(to)) {
			if (ecsim_json_uint(from, seg->n_slaves - 1, &x))
				goto bad;
			p.src_id = (unsigned int)x;
			if (ecsim_json_uint(to, seg->n_slaves - 1, &x))
				goto bad;
			dst = (unsigned int)x;
			p.src_image = true;
		} else if (json_is_string(from) && json_is_string(to)) {
			if (parse_slave_ref(json_string_value(from), &p.src_id,
					    &p.src_index, &p.src_sub) ||
			    parse_slave_ref(json_string_value(to), &dst,
					    &p.index, &p.sub) ||
			    p.src_id >= seg->n_slaves || dst >= seg->n_slaves)
				goto bad;
		} else {
			goto bad;
		}
		if (ecsim_pd_add_pattern(&seg->slaves[dst], &p))
			return -ENOMEM;
	}
	return 0;
bad:
	snprintf(err, errlen, "bad \"wires\" entry");
	return -EINVAL;
}

static struct ecsim_segment *segment_build(json_t *root, const char *path,
					   const char *esi_dir, char *err,
					   size_t errlen)
{
	struct ecsim_segment *seg = calloc(1, sizeof(*seg));
	const json_t *slaves = json_object_get(root, "slaves");
	const json_t *faults = json_object_get(root, "faults");
	const json_t *dc = json_object_get(root, "dc");
	json_error_t jerr;
	json_t *cat, *v;
	char warn[4096];
	size_t i;
	uint64_t x;

	if (!seg)
		return NULL;
	if (path && strrchr(path, '/'))
		seg->base_dir = strndup(path, strrchr(path, '/') - path);
	if (esi_dir)
		seg->esi_dir = strdup(esi_dir);
	seg->fwd_ns = DEFAULT_FWD_NS;
	seg->ret_ns = DEFAULT_RET_NS;
	seg->ppm_spread_ppb = ECSIM_DC_SPREAD_PPB;
	cat = json_loads(ecsim_catalogue_json, 0, &jerr);
	if (!cat) {
		snprintf(err, errlen, "catalogue: line %d: %s", jerr.line,
			 jerr.text);
		goto out_free;
	}
	if (ecsim_segment_validate(root, json_object_get(cat, "models"), err,
				   errlen, warn, sizeof(warn)) ||
	    ecsim_models_load(&seg->models, json_object_get(cat, "models"),
			      err, errlen)) {
		json_decref(cat);
		goto out_free;
	}
	json_decref(cat);
	if (warn[0] && !(seg->warnings = strdup(warn)))
		goto out_free;
	if (json_object_get(root, "models") &&
	    ecsim_models_load(&seg->models, json_object_get(root, "models"),
			      err, errlen))
		goto out_free;
	if (!json_is_array(slaves)) {
		snprintf(err, errlen, "no \"slaves\" array");
		goto out_free;
	}
	if (dc) {
		if (!ecsim_json_uint(json_object_get(dc, "fwd_ns"),
				     1000000, &x))
			seg->fwd_ns = (uint32_t)x;
		if (!ecsim_json_uint(json_object_get(dc, "ret_ns"),
				     1000000, &x))
			seg->ret_ns = (uint32_t)x;
		if (!ecsim_json_uint(json_object_get(dc, "ppm_spread"),
				     1000, &x))
			seg->ppm_spread_ppb = (int32_t)x * 1000;
	}
	if (faults) {
		if (!ecsim_json_uint(json_object_get(faults, "drop"), 100, &x))
			seg->drop_pct = (unsigned int)x;
		if (!ecsim_json_uint(json_object_get(faults, "corrupt"), 100,
				     &x))
			seg->corrupt_pct = (unsigned int)x;
		if (!ecsim_json_uint(json_object_get(faults, "delay_us"),
				     ECSIM_MAX_DELAY_US, &x))
			seg->delay_us = (unsigned int)x;
		if (!ecsim_json_uint(json_object_get(faults, "seed"),
				     0xffffffff, &x))
			seg->rng = (uint32_t)x;
	}
	seg->n_slaves = (unsigned int)json_array_size(slaves);
	seg->slaves = calloc(seg->n_slaves + 1, sizeof(*seg->slaves));
	seg->ring = calloc(seg->n_slaves + 1, sizeof(*seg->ring));
	if (!seg->slaves || !seg->ring)
		goto out_free;
	json_array_foreach(slaves, i, v)
		if (slave_create(seg, (unsigned int)i, v, err, errlen))
			goto out_free;
	if (parse_wires(seg, json_object_get(root, "wires"), err, errlen))
		goto out_free;
	if (ecsim_dc_check_wiring(seg, err, errlen))
		goto out_free;
	if (ecsim_index_init(seg)) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		goto out_free;
	}
	ecsim_segment_rebuild_ring(seg);
	return seg;
out_free:
	ecsim_segment_free(seg);
	return NULL;
}

struct ecsim_segment *ecsim_segment_new_string(const char *json, char *err,
					       size_t errlen)
{
	struct ecsim_segment *seg;
	json_error_t jerr;
	json_t *root = json_loads(json, JSON_REJECT_DUPLICATES, &jerr);

	if (!root) {
		snprintf(err, errlen, "line %d: %s", jerr.line, jerr.text);
		return NULL;
	}
	seg = segment_build(root, NULL, NULL, err, errlen);
	json_decref(root);
	return seg;
}

struct ecsim_segment *ecsim_segment_new_file(const char *path, char *err,
					     size_t errlen)
{
	return ecsim_segment_new_file_esi(path, NULL, err, errlen);
}

struct ecsim_segment *ecsim_segment_new_file_esi(const char *path,
						 const char *esi_dir,
						 char *err, size_t errlen)
{
	struct ecsim_segment *seg;
	json_error_t jerr;
	struct stat st;
	json_t *root;

	/* refused before it is read: a file that big is a mistake, and
	 * reading it would take as much memory again */
	if (!stat(path, &st) && S_ISREG(st.st_mode) &&
	    st.st_size > ECSIM_MAX_FILE) {
		snprintf(err, errlen, "%s: %lld bytes, more than the %d MiB a segment file may have",
			 path, (long long)st.st_size, ECSIM_MAX_FILE >> 20);
		return NULL;
	}
	root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		snprintf(err, errlen, "%s:%d: %s", path, jerr.line, jerr.text);
		return NULL;
	}
	seg = segment_build(root, path, esi_dir, err, errlen);
	json_decref(root);
	if (!seg && errlen) {
		/* name the file in front of what segment_build() said */
		char *msg = strdup(err);

		snprintf(err, errlen, "%s: %s", path, msg ? msg : "error");
		free(msg);
	}
	return seg;
}

void ecsim_segment_free(struct ecsim_segment *seg)
{
	unsigned int i;

	if (!seg)
		return;
	ecsim_index_free(seg);
	for (i = 0; seg->slaves && i < seg->n_slaves; i++)
		ecsim_slave_destroy(&seg->slaves[i]);
	free(seg->slaves);
	free(seg->ring);
	ecsim_models_free(&seg->models);
	free(seg->base_dir);
	free(seg->esi_dir);
	free(seg->warnings);
	free(seg);
}

const char *ecsim_segment_warnings(const struct ecsim_segment *seg)
{
	return seg->warnings;
}

size_t ecsim_segment_process(struct ecsim_segment *seg, uint8_t *frame,
			     size_t len)
{
	unsigned int out = 0;

	len = ecsim_segment_process_port(seg, 0, frame, len, &out);
	return out == 0 ? len : 0;	/* else it left on the backup port */
}

void ecsim_segment_set_time(struct ecsim_segment *seg, uint64_t now_ns)
{
	unsigned int i;

	seg->now_ns = now_ns;
	if (seg->ix.reference) {
		for (i = 0; i < seg->ring_len; i++) {
			ecsim_al_check_watchdog(seg->ring[i], now_ns);
			ecsim_dc_check(seg->ring[i]);
		}
		return;
	}
	/* both act in OP only: the slaves in OP (index.c), backwards as
	 * one may leave the set */
	for (i = seg->ix.set[ECSIM_IX_OP].n; i-- > 0;) {
		struct ecsim_slave *s =
			&seg->slaves[seg->ix.set[ECSIM_IX_OP].v[i]];

		if (s->pos == ~0u)
			continue;
		ecsim_al_check_watchdog(s, now_ns);
		ecsim_dc_check(s);
	}
}

void ecsim_segment_advance(struct ecsim_segment *seg, uint64_t ns)
{
	ecsim_segment_set_time(seg, seg->now_ns + ns);
}

uint64_t ecsim_segment_time(const struct ecsim_segment *seg)
{
	return seg->now_ns;
}

void ecsim_segment_seed(struct ecsim_segment *seg, uint32_t seed)
{
	seg->rng = seed;
}

void ecsim_segment_stats(const struct ecsim_segment *seg,
			 struct ecsim_stats *st)
{
	*st = seg->st;
}

unsigned int ecsim_segment_slave_count(const struct ecsim_segment *seg)
{
	return seg->n_slaves;
}

unsigned int ecsim_segment_ring_count(const struct ecsim_segment *seg)
{
	return seg->ring_len;
}

static struct ecsim_slave *slave(const struct ecsim_segment *seg,
				 unsigned int id)
{
	return id < seg->n_slaves ? &seg->slaves[id] : NULL;
}

/*
 * Unplugging takes the slave out of the ring; its neighbours lose their
 * links to it once (lost link counters) and then talk to each other.
 */
int ecsim_segment_unplug(struct ecsim_segment *seg, unsigned int id)
{
	struct ecsim_slave *s = slave(seg, id);

	if (!s)
		return -ENOENT;
	if (!s->plugged)
		return 0;
	s->plugged = false;
	ecsim_segment_rebuild_ring(seg);
	return 0;
}

/* Replugging powers the slave up again: registers reset, INIT. */
int ecsim_segment_replug(struct ecsim_segment *seg, unsigned int id)
{
	struct ecsim_slave *s = slave(seg, id);

	if (!s)
		return -ENOENT;
	if (s->plugged)
		return 0;
	ecsim_slave_reset(s);
	s->plugged = true;
	ecsim_segment_rebuild_ring(seg);
	return 0;
}

int ecsim_segment_set_drop(struct ecsim_segment *seg, unsigned int percent)
{
	if (percent > 100)
		return -EINVAL;
	seg->drop_pct = percent;
	return 0;
}

int ecsim_segment_set_corrupt(struct ecsim_segment *seg,
			      unsigned int percent)
{
	if (percent > 100)
		return -EINVAL;
	seg->corrupt_pct = percent;
	return 0;
}

int ecsim_segment_set_delay(struct ecsim_segment *seg, unsigned int us)
{
	if (us > ECSIM_MAX_DELAY_US)
		return -EINVAL;
	seg->delay_us = us;
	return 0;
}

unsigned int ecsim_segment_delay(const struct ecsim_segment *seg)
{
	return seg->delay_us;
}

int ecsim_segment_al_error(struct ecsim_segment *seg, unsigned int id,
			   uint16_t code)
{
	struct ecsim_slave *s = slave(seg, id);
	uint8_t st;

	if (!s)
		return -ENOENT;
	st = ecsim_al_state(s);
	ecsim_al_set_error(s, st == ESC_AL_OP ? ESC_AL_SAFEOP : st, code);
	return 0;
}

const char *ecsim_slave_model(const struct ecsim_segment *seg,
			      unsigned int id)
{
	const struct ecsim_slave *s = slave(seg, id);

	return s ? s->model->key : NULL;
}

bool ecsim_slave_plugged(const struct ecsim_segment *seg, unsigned int id)
{
	const struct ecsim_slave *s = slave(seg, id);

	return s && s->plugged;
}

uint8_t ecsim_slave_al_status(const struct ecsim_segment *seg,
			      unsigned int id)
{
	const struct ecsim_slave *s = slave(seg, id);

	return s ? s->mem[ESC_REG_AL_STATUS] : 0;
}

uint16_t ecsim_slave_al_code(const struct ecsim_segment *seg,
			     unsigned int id)
{
	const struct ecsim_slave *s = slave(seg, id);

	return s ? ecsim_get16(s->mem + ESC_REG_AL_STATUS_CODE) : 0;
}

int ecsim_slave_peek(const struct ecsim_segment *seg, unsigned int id,
		     uint16_t addr, void *buf, size_t len)
{
	const struct ecsim_slave *s = slave(seg, id);

	if (!s)
		return -ENOENT;
	if ((size_t)addr + len > ECSIM_ESC_MEM)
		return -EINVAL;
	memcpy(buf, s->mem + addr, len);
	return 0;
}

int ecsim_slave_poke(struct ecsim_segment *seg, unsigned int id,
		     uint16_t addr, const void *buf, size_t len)
{
	struct ecsim_slave *s = slave(seg, id);

	if (!s)
		return -ENOENT;
	if ((size_t)addr + len > ECSIM_ESC_MEM)
		return -EINVAL;
	memcpy(s->mem + addr, buf, len);
	ecsim_index_sync(s);
	return 0;
}

int ecsim_slave_sii(const struct ecsim_segment *seg, unsigned int id,
		    const uint8_t **image, size_t *len)
{
	const struct ecsim_slave *s = slave(seg, id);

	if (!s)
		return -ENOENT;
	*image = s->sii;
	*len = s->sii_len;
	return 0;
}

int ecsim_slave_output(const struct ecsim_segment *seg, unsigned int id,
		       uint16_t index, uint8_t sub, uint64_t *value)
{
	const struct ecsim_slave *s = slave(seg, id);

	return s ? ecsim_pd_get(s, &s->pd_out, index, sub, value) : -ENOENT;
}

int ecsim_slave_input(const struct ecsim_segment *seg, unsigned int id,
		      uint16_t index, uint8_t sub, uint64_t *value)
{
	const struct ecsim_slave *s = slave(seg, id);

	return s ? ecsim_pd_get(s, &s->pd_in, index, sub, value) : -ENOENT;
}

int ecsim_slave_set_input(struct ecsim_segment *seg, unsigned int id,
			  uint16_t index, uint8_t sub, uint64_t value)
{
	struct ecsim_slave *s = slave(seg, id);
	struct ecsim_pattern p = {
		.index = index, .sub = sub, .kind = ECSIM_PAT_CONST,
		.value = value,
	};

	if (!s)
		return -ENOENT;
	ecsim_pd_set(s, &s->pd_in, index, sub, value);
	return ecsim_pd_add_pattern(s, &p);
}
