/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Internals of the object dictionary shared by od.c, od_sdo.c, od_std.c and
 * od_json.c.  Nothing outside sim/od*.c includes this.
 */
#ifndef ECSIM_OD_PRIV_H
#define ECSIM_OD_PRIV_H

#include "od.h"

/* PDO mapping and assignment object ranges, ETG.1000.6 / CiA 301 OD areas */
#define OD_RXPDO_MAP_FIRST	0x1600
#define OD_RXPDO_MAP_LAST	0x17FF
#define OD_TXPDO_MAP_FIRST	0x1A00
#define OD_TXPDO_MAP_LAST	0x1BFF
#define OD_SM_COMM_TYPE		0x1C00
#define OD_SM_ASSIGN_FIRST	0x1C10	/* 0x1C10 + SM number */
#define OD_SM_ASSIGN_LAST	0x1C2F
#define OD_RESTORE_DEFAULTS	0x1011	/* CiA 301 */
#define OD_RESTORE_SIGNATURE	0x64616F6Cu	/* "load" */

struct od_entry {
	bool present;
	uint16_t datatype;
	uint16_t bitlen;
	uint16_t access;
	char *name;
	size_t cap;		/* bytes of storage: (bitlen + 7) / 8 */
	size_t len;		/* current length (strings may be shorter) */
	uint8_t *val;
	uint8_t *def;		/* default value (cap bytes) */
	size_t def_len;
	bool has_min, has_max;
	uint8_t min[8], max[8];
};

struct od_object {
	uint16_t index;
	uint8_t code;		/* ECSIM_OD_OBJ_* */
	uint16_t datatype;
	char *name;
	unsigned int n_sub;	/* max subindex + 1 */
	struct od_entry *e;
	bool autogen;		/* made for a PDO entry; JSON may replace */
};

struct ecsim_od {
	struct od_object *obj;	/* sorted by index */
	unsigned int n, cap;
	uint8_t al_state;
	char err[128];		/* why ecsim_od_add_standard() failed */
};

enum od_num_kind { OD_NUM_NONE, OD_NUM_SIGNED, OD_NUM_UNSIGNED, OD_NUM_FLOAT };

struct od_object *od_find(const struct ecsim_od *od, uint16_t index);
struct od_entry *od_entry(const struct od_object *o, unsigned int sub);
void od_remove(struct ecsim_od *od, uint16_t index);
enum od_num_kind od_num_kind(uint16_t datatype);
bool od_is_string(uint16_t datatype);
/* Sub0 of an ARRAY/RECORD: its value; of a VAR: 0 (no subentries). */
unsigned int od_count(const struct od_object *o);
uint64_t od_get_le(const uint8_t *p, size_t n);
void od_put_le(uint8_t *p, size_t n, uint64_t v);

bool od_is_rx_map(uint16_t index);
bool od_is_tx_map(uint16_t index);
bool od_is_assign(uint16_t index);

#endif /* ECSIM_OD_PRIV_H */
