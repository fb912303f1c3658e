/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Internal structures of the virtual segment: device models (model.c),
 * slave instances with their ESC (esc.c, al.c, mailbox.c, pdata.c, sii.c)
 * and the segment (segment.c, frame.c).
 */
#ifndef ECSIM_SIM_PRIV_H
#define ECSIM_SIM_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "ecsim.h"
#include "esc_regs.h"

#define ECSIM_ESC_MEM		65536
#define ECSIM_MAX_PD_ENTRIES	256
#define ECSIM_MBX_QUEUE		16
#define ECSIM_MBX_MAX		1024

/* ---- models (model.c) ---- */

struct ecsim_model_entry {
	uint16_t index;
	uint8_t sub;
	uint8_t bits;
	uint8_t datatype;	/* SII data type code, 0 if unknown */
	char *name;
};

/* SII/ESI PDO flags, ETG.2010 table 14 */
#define ECSIM_PDO_FLAG_MANDATORY	0x0001
#define ECSIM_PDO_FLAG_DEFAULT		0x0002
#define ECSIM_PDO_FLAG_FIXED		0x0010

struct ecsim_model_pdo {
	uint16_t index;
	uint8_t sm;		/* 0xff: not assigned by default */
	uint16_t flags;		/* SII PDO flags (mandatory, fixed...) */
	char *name;
	unsigned int n_entries;
	struct ecsim_model_entry *entries;
};

struct ecsim_model_sm {
	uint16_t start;
	uint16_t size;
	uint8_t control;
	uint8_t enable;		/* SII SyncM "enable" byte */
	uint8_t type;		/* ECSIM_SMT_*, SII SyncM type */
};

#define ECSIM_SMT_UNUSED	0
#define ECSIM_SMT_MBX_OUT	1
#define ECSIM_SMT_MBX_IN	2
#define ECSIM_SMT_OUTPUTS	3
#define ECSIM_SMT_INPUTS	4

struct ecsim_model {
	char *key;		/* catalogue name, e.g. "EL1008" */
	char *name, *order, *group;
	uint32_t vendor, product, revision;
	uint32_t device_type;	/* CoE 0x1000 */
	uint8_t esc_type, esc_revision;
	uint16_t esc_build;
	uint8_t n_fmmu, n_sm, ram_kb, port_desc;
	uint16_t features;
	bool eeprom_read8;
	uint16_t eeprom_kbit;
	uint16_t pdi_control, pdi_config;
	bool dc;		/* SYNC signals: SII DC category */
	bool dc_regs;		/* DC registers (0x0008 bit 2) */
	uint16_t dc_assign_activate;
	bool dc_required;	/* a drive in DC mode: no OP without SYNC0 */
	uint16_t mbx_protocols;	/* SII_MBX_* */
	uint16_t boot_rx_start, boot_rx_size, boot_tx_start, boot_tx_size;
	uint8_t coe_details;
	int16_t ebus_current;
	unsigned int n_sms;
	struct ecsim_model_sm sms[ESC_SM_MAX];
	unsigned int n_fmmu_usage;
	uint8_t fmmu_usage[ESC_FMMU_MAX];
	unsigned int n_pdos;
	struct ecsim_model_pdo *pdos;	/* 0x16xx rx and 0x1Axx tx mixed */
	json_t *objects;		/* CoE objects (od.h format), or NULL */
	json_t *idns;			/* SoE IDNs (soe.c format), or NULL */
	char *behaviour;		/* "cia402" or NULL */
	char *hw_version, *sw_version;
	uint8_t *sii_image;		/* "sii_image": the EEPROM as given */
	size_t sii_image_len;
};

struct ecsim_model_set {
	unsigned int n;
	struct ecsim_model **models;
};

int ecsim_models_load(struct ecsim_model_set *set, json_t *models,
		      char *err, size_t errlen);
const struct ecsim_model *ecsim_models_find(const struct ecsim_model_set *s,
					    const char *key);
void ecsim_models_free(struct ecsim_model_set *set);
bool ecsim_pdo_is_rx(const struct ecsim_model_pdo *pdo);
/* Parse a JSON integer or "0x.." string. */
int ecsim_json_uint(const json_t *v, uint64_t max, uint64_t *out);
int ecsim_json_entry_ref(const char *s, uint16_t *index, uint8_t *sub);
int ecsim_model_type_bits(const char *name);
uint16_t ecsim_model_mbx_protocol(const char *name);
/* validate.c: a strict check of a segment file before it is built */
int ecsim_segment_validate(const json_t *root, const json_t *catalogue,
			   char *err, size_t errlen, char *warn,
			   size_t warnlen);
/* Serial number of slave @id when the segment file gives none (model.c). */
uint32_t ecsim_default_serial(unsigned int id);

/* The embedded catalogue (generated from sim/catalogue/catalogue.json). */
extern const char ecsim_catalogue_json[];

/* ---- one slave ---- */

struct ecsim_pd_entry {
	uint16_t index;
	uint8_t sub;
	uint8_t bits;
	uint32_t bitoff;	/* from the SM start */
};

/* A layout while it is worked out (ecsim_pd_layout()). */
struct ecsim_pd_sm {
	int sm;			/* -1: none */
	unsigned int n;
	struct ecsim_pd_entry e[ECSIM_MAX_PD_ENTRIES];
	uint32_t bits;
};

/* A slave's layout: the n entries on the heap (a slave of a segment of
 * 10,000 carried 4 KiB of empty entries). */
struct ecsim_pd_map {
	int sm;			/* -1: none */
	unsigned int n;
	struct ecsim_pd_entry *e;
	uint32_t bits;
};

#define ECSIM_PAT_CONST		0
#define ECSIM_PAT_COUNTER	1
#define ECSIM_PAT_TOGGLE	2
#define ECSIM_PAT_WIRE		3

struct ecsim_pattern {
	uint16_t index;
	uint8_t sub;
	uint8_t kind;
	uint64_t value;		/* const, counter start */
	int64_t step;		/* counter step per frame */
	uint32_t period;	/* toggle period in frames */
	unsigned int src_id;	/* wire: source slave id */
	uint16_t src_index;
	uint8_t src_sub;
	bool src_image;		/* wire the whole output image */
};

/* ---- the addressing index (index.c) ---- */

/* Links of a slave in a bucket list: slave index + 1, 0 for none. */
struct ecsim_ix_link {
	uint32_t prev, next;
};

/* The logical span of one active FMMU (len 0: none). */
struct ecsim_ix_fmmu {
	uint32_t lo, len;
};

/* One active FMMU in the logical index, sorted by (lo, id, fmmu). */
struct ecsim_ix_lix {
	uint32_t lo, len, id, fmmu;
};

/* Sets of slave indices, each slave's place in ecsim_slave.ix_at[]. */
enum {
	ECSIM_IX_IRQ,		/* ECAT event mask not zero */
	ECSIM_IX_LIVE,		/* SAFEOP, OP or device emulation */
	ECSIM_IX_APP,		/* LIVE, with something to do every frame */
	ECSIM_IX_OP,		/* OP (watchdog, DC sync checks) */
	ECSIM_IX_PEND,		/* an AL, mailbox or repeat request pending */
	ECSIM_IX_SETS
};

struct ecsim_ix_set {
	unsigned int *v, n;
};

struct ecsim_index {
	uint32_t *head[2];	/* 65536 bucket heads: station, alias */
	struct ecsim_ix_set set[ECSIM_IX_SETS];
	unsigned int *reached, n_reached;	/* ring positions, in order */
	unsigned int *visit, n_visit;		/* this frame's, ring positions */
	struct ecsim_ix_lix *lix;
	size_t n_lix, cap_lix;
	uint32_t lix_max;	/* longest FMMU span ever indexed */
	bool lix_bad;		/* out of memory: logical goes the long way */
	uint32_t mark;
	bool topo_dirty;	/* wiring or loop control changed */
	bool reference;		/* every frame through every slave (tests) */
	uint64_t t0;		/* sim time the current frame started */
	uint64_t fast, full;	/* frames each way (statistics) */
	uint64_t frames;	/* frames that started (ecsim_frames_seen) */
};

struct ecsim_mbx_msg {
	uint16_t len;		/* whole message incl. header */
	uint8_t data[ECSIM_MBX_MAX];
};

struct ecsim_slave {
	struct ecsim_segment *seg;
	const struct ecsim_model *model;
	unsigned int id;
	unsigned int pos;		/* ring position while plugged */
	bool plugged;
	char *name;
	uint32_t serial;
	uint16_t alias;

	uint8_t *mem;			/* ECSIM_ESC_MEM bytes */
	bool mem_fresh;			/* zero as allocated, never reset */
	uint8_t *sii;
	size_t sii_len;			/* bytes */

	/* AL */
	bool al_pending;		/* AL control written this frame */
	bool no_firmware;		/* fault: refuse to leave INIT */
	bool pdi_dead;			/* SII checksum error: no PDI */

	/* EEPROM interface */
	unsigned int eep_busy_reads;	/* status reads still showing busy */

	/* mailbox */
	int sm_mbx_out, sm_mbx_in;	/* SM numbers, -1 none */
	uint8_t last_req_cnt;
	uint8_t reply_cnt;
	unsigned int q_head, q_len;
	/* ECSIM_MBX_QUEUE replies, allocated for slaves with a mailbox:
	 * kept out of the struct so that the fields every frame reads stay
	 * close together (a 16 KiB hole put them on two pages) */
	struct ecsim_mbx_msg *queue;
	struct ecsim_mbx_msg last_reply;
	bool have_last_reply;
	unsigned int mbx_hold;		/* frames SM0 stays unread (fault) */
	bool mbx_pending;		/* SM0 completed this frame */
	bool repeat_pending;
	void *coe;			/* struct ecsim_coe */
	void *od;			/* struct ecsim_od */
	void *foe;			/* struct ecsim_foe (foe.c) */
	void *soe;			/* struct ecsim_soe (soe.c) */
	void *eoe;			/* struct ecsim_eoe (eoe.c) */

	/* process data */
	struct ecsim_pd_map pd_out, pd_in;
	unsigned int n_patterns;
	struct ecsim_pattern *patterns;
	uint64_t frames_seen;		/* ecsim_frames_seen() */
	uint64_t ix_base;		/* seg->ix.frames when last counted */
	uint64_t last_output_ns;
	uint16_t cia402_state;

	/* DC (dc.c) */
	int64_t clk_off;		/* local time at sim time 0 */
	int32_t drift_ppb;		/* frequency error of the local clock */
	/* when a frame that starts at sim time T reaches port 0 (T +
	 * arr_off) and comes back on port p (T + rx_off[p]): from the
	 * wiring, computed again only when it changes (dc.c, index.c) */
	uint64_t arr_off, rx_off[4];
	uint8_t rx_valid;		/* ports the frame came back on */
	uint64_t t_dg;			/* sim time of the current datagram */
	bool loop_started;		/* time control loop */
	uint64_t loop_t;
	int64_t loop_acc, loop_rate, loop_integ, loop_mean;
	bool sync_armed, sync_error, dc_required;
	uint64_t sync_start;
	uint32_t sync0_cycle, sync1_cycle, sync_tolerance_ns;

	/* wiring (dc.c) */
	int parent;			/* index, -1: the master */
	uint8_t parent_port;
	uint32_t fwd_ns, ret_ns;	/* hop delays from the parent */
	int child[4];			/* index behind each port, -1 */
	uint8_t links;			/* ports 1-3 with a slave behind */
	bool reached;			/* by the current frame */
	bool port0_cut;			/* "break": no link on port 0 */

	/* addressing index (index.c): copies of the registers addressing
	 * reads, brought in step after every access that may change them */
	bool ix_dirty;			/* written since the last sync */
	uint8_t ix_sets;		/* member of seg->ix.set[k]: bit k */
	uint8_t ix_loop;		/* DL control bits 8-15 (loops) */
	uint8_t ix_lists;		/* in bucket list w: bit w */
	uint16_t ix_key[2];		/* station address, alias */
	struct ecsim_ix_link ixl[2];
	unsigned int ix_at[ECSIM_IX_SETS];	/* place in seg->ix.set[k] */
	uint32_t ix_mark;		/* seg->ix.mark: in this frame's visits */
	uint32_t ix_rank;		/* reached slaves before it in the ring */
	struct ecsim_ix_fmmu *ix_fm;	/* model->n_fmmu cached spans */
};

/* A fault on the cable into one port of a slave (linkfault.c). */
#define ECSIM_LINK_FAULTS 16
enum ecsim_link_fault_kind {
	ECSIM_LINK_RX_ERROR,	/* PHY error: invalid frame and RX error */
	ECSIM_LINK_INVALID,	/* wrong FCS only: invalid frame */
	ECSIM_LINK_FLAP,	/* the link goes down and up: lost link */
};
struct ecsim_link_fault {
	unsigned int id;	/* slave index in the segment file */
	unsigned int port;
	enum ecsim_link_fault_kind kind;
	uint32_t ppm;		/* of the frames that pass the cable */
	uint64_t hits;
	bool late;		/* drawn for the current frame, ports 1-3 */
};

struct ecsim_segment {
	struct ecsim_model_set models;
	unsigned int n_slaves;
	struct ecsim_slave *slaves;
	struct ecsim_slave **ring;	/* plugged slaves in order */
	unsigned int ring_len;
	bool wired;			/* ring built once: child[], pos valid */
	/* Cable redundancy (ring.c): the master's backup port is wired to
	 * port 1 of the last slave; "break N" cuts the cable in front of
	 * ring position N (0: the main port's cable, ring_len: the backup
	 * port's). */
	bool ring_closed;		/* the backup port is attached */
	bool broken;
	unsigned int break_at;
	uint64_t now_ns;
	uint32_t rng;
	unsigned int drop_pct, corrupt_pct;
	struct ecsim_link_fault link_faults[ECSIM_LINK_FAULTS];
	unsigned int n_link_faults;
	unsigned int delay_us;
	struct ecsim_stats st;
	uint32_t fwd_ns, ret_ns;	/* default hop delays */
	int32_t ppm_spread_ppb;		/* default spread of clock drifts */
	char *base_dir;			/* of the segment file, or NULL */
	char *esi_dir;			/* ethercat-sim --esi DIR, or NULL */
	char *warnings;			/* validate.c's lines, or NULL */
	struct ecsim_index ix;		/* index.c */
};

/* segment.c */
void ecsim_segment_rebuild_ring(struct ecsim_segment *seg);
/* segment_esi.c: the model of a slave given as {"esi": FILE, "type": T,
 * "revision": R}; *@key names it in seg->models. */
int ecsim_segment_esi_model(struct ecsim_segment *seg, unsigned int id,
			    const json_t *js, const char **key, char *err,
			    size_t errlen);
uint32_t ecsim_rand(struct ecsim_segment *seg);

/* linkfault.c */
int ecsim_segment_link_fault(struct ecsim_segment *seg, unsigned int id,
			     unsigned int port,
			     enum ecsim_link_fault_kind kind, uint32_t ppm);
bool ecsim_link_faults_out(struct ecsim_segment *seg, unsigned int first,
			   unsigned int end, unsigned int *bad_at, bool *phy);
bool ecsim_link_faults_back(struct ecsim_segment *seg);
void ecsim_link_faults_abort(struct ecsim_segment *seg);

/* esc.c: the register file and its ECAT side */
int ecsim_slave_init(struct ecsim_slave *s);
void ecsim_slave_reset(struct ecsim_slave *s);
void ecsim_slave_destroy(struct ecsim_slave *s);
void ecsim_slave_update_dl_status(struct ecsim_slave *s, bool next_link);
/* ECAT access of @len bytes at @addr; return true when it counts (wkc). */
bool ecsim_esc_read(struct ecsim_slave *s, uint16_t addr, uint8_t *buf,
		    size_t len);
bool ecsim_esc_write(struct ecsim_slave *s, uint16_t addr,
		     const uint8_t *buf, size_t len);
/* Bit-granular access through the FMMUs for LRD/LWR/LRW; returns the wkc
 * increment of this slave (1 read, 2 write). */
unsigned int ecsim_esc_logical(struct ecsim_slave *s, uint8_t cmd,
			       uint32_t laddr, uint8_t *data, size_t len);
uint16_t ecsim_get16(const uint8_t *p);
uint32_t ecsim_get32(const uint8_t *p);
uint64_t ecsim_get64(const uint8_t *p);
void ecsim_put16(uint8_t *p, uint16_t v);
void ecsim_put32(uint8_t *p, uint32_t v);
void ecsim_put64(uint8_t *p, uint64_t v);
bool ecsim_sm_enabled(const struct ecsim_slave *s, unsigned int sm);
uint64_t ecsim_slave_local_time(const struct ecsim_slave *s, uint64_t t);
void ecsim_esc_frame_done(struct ecsim_slave *s);
uint16_t ecsim_esc_event_request(const struct ecsim_slave *s);

/* al.c */
bool ecsim_al_emulated(const struct ecsim_slave *s);
void ecsim_al_control(struct ecsim_slave *s);
void ecsim_al_set_error(struct ecsim_slave *s, uint8_t state, uint16_t code);
void ecsim_al_enter(struct ecsim_slave *s, uint8_t state);
uint8_t ecsim_al_state(const struct ecsim_slave *s);
void ecsim_al_check_watchdog(struct ecsim_slave *s, uint64_t now);

/* sii.c */
int ecsim_sii_build(struct ecsim_slave *s, bool corrupt_crc);
uint8_t ecsim_sii_crc(const uint8_t *data, size_t len);
void ecsim_sii_load_config(struct ecsim_slave *s);

/* mailbox.c */
int ecsim_mbx_init(struct ecsim_slave *s);
void ecsim_mbx_free(struct ecsim_slave *s);
void ecsim_mbx_reset(struct ecsim_slave *s);
void ecsim_mbx_process(struct ecsim_slave *s);
void ecsim_mbx_set_al_state(struct ecsim_slave *s, uint8_t state);

/* pdata.c */
int ecsim_pd_layout(struct ecsim_slave *s, unsigned int sm,
		    struct ecsim_pd_sm *out);
void ecsim_pd_fixed_layout(struct ecsim_slave *s);
void ecsim_pd_update_inputs(struct ecsim_segment *seg);
void ecsim_pd_clear_outputs(struct ecsim_slave *s);
int ecsim_pd_get(const struct ecsim_slave *s, const struct ecsim_pd_map *pd,
		 uint16_t index, uint8_t sub, uint64_t *value);
int ecsim_pd_set(struct ecsim_slave *s, const struct ecsim_pd_map *pd,
		 uint16_t index, uint8_t sub, uint64_t value);
/* @src becomes @dst's layout; 0 or -ENOMEM (then @dst has none). */
int ecsim_pd_assign(struct ecsim_pd_map *dst, const struct ecsim_pd_sm *src);
/* No layout (@dst's entries freed). */
void ecsim_pd_map_clear(struct ecsim_pd_map *dst);
int ecsim_pd_parse_inputs(struct ecsim_slave *s, const json_t *inputs,
			  char *err, size_t errlen);
int ecsim_pd_add_pattern(struct ecsim_slave *s,
			 const struct ecsim_pattern *p);

/* dc.c: distributed clocks and wiring */
#define ECSIM_DC_TOLERANCE_NS	1000	/* drive sync error threshold */
#define ECSIM_DC_MIN_CYCLE_NS	125000	/* drive SYNC0 cycle limits */
#define ECSIM_DC_MAX_CYCLE_NS	100000000
#define ECSIM_DC_SPREAD_PPB	20000	/* default +-20 ppm */
uint64_t ecsim_dc_system_time(const struct ecsim_slave *s, uint64_t t);
void ecsim_dc_reset(struct ecsim_slave *s);
void ecsim_dc_write(struct ecsim_slave *s, uint16_t addr, const uint8_t *buf,
		    size_t len);
void ecsim_dc_read(struct ecsim_slave *s, uint16_t addr, uint8_t *buf,
		   size_t len,
		   void (*patch)(uint8_t *, uint16_t, size_t, uint16_t,
				 uint64_t, unsigned int));
bool ecsim_dc_sync0_active(const struct ecsim_slave *s);
void ecsim_dc_check(struct ecsim_slave *s);
uint16_t ecsim_dc_check_op(const struct ecsim_slave *s);
void ecsim_topo_walk(struct ecsim_segment *seg);
void ecsim_topo_rebuild(struct ecsim_segment *seg);
int ecsim_dc_parse_slave(struct ecsim_segment *seg, struct ecsim_slave *s,
			 const json_t *js, char *err, size_t errlen);
int ecsim_dc_check_wiring(const struct ecsim_segment *seg, char *err,
			  size_t errlen);

/* index.c */
int ecsim_index_init(struct ecsim_segment *seg);
void ecsim_index_free(struct ecsim_segment *seg);
void ecsim_index_sync(struct ecsim_slave *s);
void ecsim_index_after_frame(struct ecsim_slave *s);
void ecsim_index_topo(struct ecsim_segment *seg);
void ecsim_index_ring_change(struct ecsim_segment *seg);
/* Frames that started while @s was in the ring and its application ran
 * (SAFEOP, OP, device emulation) since its last reset. */
uint64_t ecsim_frames_seen(const struct ecsim_slave *s);
bool ecsim_index_collect(struct ecsim_segment *seg, const uint8_t *const *dg,
			 unsigned int n, unsigned int first, unsigned int end,
			 uint32_t processed);
uint32_t ecsim_index_processed(const struct ecsim_segment *seg,
			       unsigned int first, unsigned int end);
/* Test hook: true makes every frame pass every slave (the reference). */
void ecsim_segment_set_reference(struct ecsim_segment *seg, bool on);

/* frame.c */
size_t ecsim_frame_process_range(struct ecsim_segment *seg, uint8_t *frame,
				 size_t len, unsigned int first,
				 unsigned int end);
void ecsim_ring_update_links(struct ecsim_segment *seg);
size_t ecsim_frame_process(struct ecsim_segment *seg, uint8_t *frame,
			   size_t len);

#endif /* ECSIM_SIM_PRIV_H */
