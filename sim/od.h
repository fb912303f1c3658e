/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Object dictionary of one virtual slave (CiA 301 / ETG.1000.6 CoE).
 *
 * An object dictionary (OD) holds objects (VAR, ARRAY, RECORD) made of
 * entries (subindices).  Every entry has a data type, a bit length, access
 * rights per AL state, PDO mappability, a name, a value and an optional
 * minimum and maximum.  The CoE server (coe.h) reads and writes it through
 * the functions below, which apply the same checks a real slave applies and
 * return the SDO abort code a real slave would send.
 *
 * JSON format of the "objects" array (full description with examples in
 * sim/README-coe.md):
 *
 *   "objects": [
 *     { "index": "0x6040", "name": "Controlword", "type": "UINT16",
 *       "access": "rw", "pdo": "rx", "value": 0 },
 *     { "index": "0x6060", "name": "Modes of operation", "type": "INT8",
 *       "access": "rw", "pdo": "rx", "value": 8, "min": -1, "max": 10 },
 *     { "index": "0x8000", "name": "Settings", "object": "RECORD",
 *       "entries": [
 *         { "subindex": 1, "name": "Enable", "type": "BOOL",
 *           "access": "rw", "value": true, "flags": ["backup"] },
 *         { "subindex": 2, "name": "Filter", "type": "UINT16",
 *           "access": "rw_preop", "value": 100, "min": 1, "max": 1000 } ] },
 *     { "index": "0x7000", "name": "Outputs", "object": "ARRAY",
 *       "type": "UINT8", "count": 4, "access": "rw", "pdo": "rx",
 *       "value": [0, 0, 0, 0] }
 *   ]
 *
 * Numbers may be JSON integers or strings ("0x1A00", "-5"); 64-bit values
 * beyond 2^53 should be given as strings.
 */
#ifndef ECSIM_OD_H
#define ECSIM_OD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* Object codes (CiA 301 object definitions; ETG.1000.6 object description) */
#define ECSIM_OD_OBJ_VAR	0x07
#define ECSIM_OD_OBJ_ARRAY	0x08
#define ECSIM_OD_OBJ_RECORD	0x09

/* Data type indices (CiA 301 static data types, as used by ETG.1000.6) */
#define ECSIM_DT_BOOLEAN	0x0001
#define ECSIM_DT_INTEGER8	0x0002
#define ECSIM_DT_INTEGER16	0x0003
#define ECSIM_DT_INTEGER32	0x0004
#define ECSIM_DT_UNSIGNED8	0x0005
#define ECSIM_DT_UNSIGNED16	0x0006
#define ECSIM_DT_UNSIGNED32	0x0007
#define ECSIM_DT_REAL32		0x0008
#define ECSIM_DT_VISIBLE_STRING	0x0009
#define ECSIM_DT_OCTET_STRING	0x000A
#define ECSIM_DT_UNICODE_STRING	0x000B
#define ECSIM_DT_INTEGER24	0x0010
#define ECSIM_DT_REAL64		0x0011
#define ECSIM_DT_INTEGER64	0x0015
#define ECSIM_DT_UNSIGNED24	0x0016
#define ECSIM_DT_UNSIGNED64	0x001B
#define ECSIM_DT_PDO_MAPPING	0x0021	/* record of 0x1600.., 0x1A00.. */
#define ECSIM_DT_IDENTITY	0x0023	/* record type of 0x1018 */
#define ECSIM_DT_BIT1		0x0030	/* BITn = 0x0030 + n - 1 */
#define ECSIM_DT_BIT8		0x0037

/*
 * Object access bits: the "ObjectAccess" word of the SDO information entry
 * description (ETG.1000.6, SDO Information: Get Entry Description).
 */
#define ECSIM_ACC_R_PREOP	0x0001
#define ECSIM_ACC_R_SAFEOP	0x0002
#define ECSIM_ACC_R_OP		0x0004
#define ECSIM_ACC_W_PREOP	0x0008
#define ECSIM_ACC_W_SAFEOP	0x0010
#define ECSIM_ACC_W_OP		0x0020
#define ECSIM_ACC_RXPDO		0x0040	/* RxPDO mappable (outputs) */
#define ECSIM_ACC_TXPDO		0x0080	/* TxPDO mappable (inputs) */
#define ECSIM_ACC_BACKUP	0x0100
#define ECSIM_ACC_SETTINGS	0x0200
#define ECSIM_ACC_R_ALL \
	(ECSIM_ACC_R_PREOP | ECSIM_ACC_R_SAFEOP | ECSIM_ACC_R_OP)
#define ECSIM_ACC_W_ALL \
	(ECSIM_ACC_W_PREOP | ECSIM_ACC_W_SAFEOP | ECSIM_ACC_W_OP)

/* AL states as written to AL control / read from AL status, ETG.1000.6 */
#define ECSIM_AL_INIT		0x01
#define ECSIM_AL_PREOP		0x02
#define ECSIM_AL_BOOT		0x03
#define ECSIM_AL_SAFEOP		0x04
#define ECSIM_AL_OP		0x08

/* SDO abort codes (ETG.1000.6 / CiA 301 SDO abort code list) */
#define ECSIM_ABORT_TOGGLE		0x05030000u
#define ECSIM_ABORT_TIMEOUT		0x05040000u
#define ECSIM_ABORT_CS_UNKNOWN		0x05040001u
#define ECSIM_ABORT_OUT_OF_MEMORY	0x05040005u
#define ECSIM_ABORT_UNSUPPORTED_ACCESS	0x06010000u
#define ECSIM_ABORT_WRITE_ONLY		0x06010001u
#define ECSIM_ABORT_READ_ONLY		0x06010002u
#define ECSIM_ABORT_SI0_NOT_ZERO	0x06010003u
#define ECSIM_ABORT_CA_UNSUPPORTED	0x06010004u
#define ECSIM_ABORT_NO_OBJECT		0x06020000u
#define ECSIM_ABORT_NOT_MAPPABLE	0x06040041u
#define ECSIM_ABORT_PDO_TOO_LONG	0x06040042u
#define ECSIM_ABORT_PARAM_INCOMPAT	0x06040043u
#define ECSIM_ABORT_TYPE_MISMATCH	0x06070010u
#define ECSIM_ABORT_TOO_LONG		0x06070012u
#define ECSIM_ABORT_TOO_SHORT		0x06070013u
#define ECSIM_ABORT_NO_SUBINDEX		0x06090011u
#define ECSIM_ABORT_VALUE_RANGE		0x06090030u
#define ECSIM_ABORT_VALUE_TOO_HIGH	0x06090031u
#define ECSIM_ABORT_VALUE_TOO_LOW	0x06090032u
#define ECSIM_ABORT_GENERAL		0x08000000u
#define ECSIM_ABORT_CANNOT_STORE	0x08000020u
#define ECSIM_ABORT_STATE		0x08000022u

/* Maximum bytes of one SDO value (complete access included) */
#define ECSIM_OD_MAX_VALUE	65536

struct ecsim_od;			/* object dictionary of one slave */

struct ecsim_od *ecsim_od_new(void);
void ecsim_od_free(struct ecsim_od *od);

/**
 * ecsim_od_load_json() - add the objects of a model's "objects" array
 * @od: dictionary to extend
 * @objects: the JSON array (format above and in sim/README-coe.md)
 * @err: receives a message naming the offending object on failure
 * @errlen: size of @err
 *
 * Return: 0, or -EINVAL with @err filled (the OD may hold the objects
 * before the bad one), -EEXIST for a duplicate index, -ENOMEM.
 */
int ecsim_od_load_json(struct ecsim_od *od, const json_t *objects,
		       char *err, size_t errlen);

/*
 * Building an OD in C (what the JSON loader uses).  An ARRAY or RECORD gets a
 * subindex 0 (UNSIGNED8, read-only) that always holds the highest subindex
 * defined so far; adding an entry for subindex 0 replaces it (e.g. to make
 * it writable).  A VAR has only subindex 0.
 */
struct ecsim_od_entry_def {
	uint16_t datatype;		/* ECSIM_DT_* */
	uint16_t bitlen;		/* 0: the type's size */
	uint16_t access;		/* ECSIM_ACC_* */
	const char *name;
	const void *value;		/* little-endian; NULL: zero */
	size_t value_len;
	/* NULL: none; numeric types only, little-endian, the type's size */
	const void *min, *max;
};

/* Return: 0, -EEXIST, -EINVAL (bad code/type), -ENOMEM. */
int ecsim_od_add_object(struct ecsim_od *od, uint16_t index, uint8_t code,
			uint16_t datatype, const char *name,
			uint8_t max_subindex);
/* Return: 0, -ENOENT (no object / subindex above max), -EINVAL, -ENOMEM. */
int ecsim_od_add_entry(struct ecsim_od *od, uint16_t index, uint8_t sub,
		       const struct ecsim_od_entry_def *def);
/* Bit size of a fixed-size basic type; 0 for strings and unknown types. */
unsigned int ecsim_od_type_bits(uint16_t datatype);

/*
 * Standard objects built from the model: 0x1000 device type, 0x1008 name,
 * 0x1009/0x100A hardware/software version, 0x1018 identity, one mapping
 * object per PDO (0x1600.. RxPDO, 0x1A00.. TxPDO), 0x1C00 SM communication
 * types and 0x1C10+n PDO assignment of each process data SM n (0x1C12 for
 * SM2 outputs, 0x1C13 for SM3 inputs).  An object the JSON already defined
 * is kept.  A mapped entry whose object does not exist yet is created as a
 * VAR (type from its bit length, mappable, rw for RxPDO, ro for TxPDO).
 */
struct ecsim_od_pdo_entry {
	uint16_t index;		/* 0 = gap of bitlen bits */
	uint8_t subindex;
	uint8_t bitlen;
	const char *name;
};

struct ecsim_od_pdo {
	uint16_t index;		/* 0x1600.. RxPDO, 0x1A00.. TxPDO */
	uint8_t sm;		/* SM assigned by default; 0xff = none */
	const char *name;
	unsigned int n_entries;
	const struct ecsim_od_pdo_entry *entries;
	bool fixed;		/* fixed content: mapping read-only */
};

/* SM communication types, object 0x1C00 (ETG.1000.6) */
#define ECSIM_SM_TYPE_UNUSED	0
#define ECSIM_SM_TYPE_MBX_OUT	1
#define ECSIM_SM_TYPE_MBX_IN	2
#define ECSIM_SM_TYPE_OUTPUTS	3
#define ECSIM_SM_TYPE_INPUTS	4

struct ecsim_od_std {
	uint32_t vendor, product, revision, serial;
	const char *name;
	const char *hw_version, *sw_version;
	unsigned int n_sm;
	const uint8_t *sm_types;	/* ECSIM_SM_TYPE_*, n_sm of them */
	unsigned int n_pdos;
	const struct ecsim_od_pdo *pdos;
	uint32_t device_type;		/* 0x1000; 0x00020192: CiA 402 */
};

int ecsim_od_add_standard(struct ecsim_od *od, const struct ecsim_od_std *std);
/* Why the last ecsim_od_add_standard() failed ("" when it did not). */
const char *ecsim_od_error(const struct ecsim_od *od);

/*
 * The process data layout the slave honours when entering SAFEOP: the
 * entries mapped into sync manager @sm, in order, following 0x1C1x and the
 * mapping objects as currently written.  Gaps have index 0.
 * Return: the number of entries (<= @max; with @out NULL the count without
 * limit), -ENOENT when the OD has no assignment object for @sm, -EINVAL
 * when the assignment is inconsistent (a PDO or mapped object missing),
 * -ENOSPC when more than @max entries are mapped.
 */
struct ecsim_od_mapped {
	uint16_t index;
	uint8_t subindex;
	uint8_t bitlen;
};

int ecsim_od_sm_layout(const struct ecsim_od *od, unsigned int sm,
		       struct ecsim_od_mapped *out, unsigned int max);

/* While the slave is in SAFEOP/OP, PDO assignment/mapping writes are
 * refused (abort 0x08000022); entry access rights follow the state too. */
void ecsim_od_set_al_state(struct ecsim_od *od, uint8_t al_state);

/*
 * Raw value access (no access rights, no PDO checks) so process data and the
 * OD can mirror each other.  ecsim_od_read() returns the number of bytes
 * copied (the value's current length), ecsim_od_write() 0; both -ENOENT for
 * a missing object/subindex, -ENOSPC / -EMSGSIZE when @cap is too small or
 * @len does not fit.  BOOL and BITn values are one byte (bit 0 and up).
 */
int ecsim_od_read(const struct ecsim_od *od, uint16_t index, uint8_t sub,
		  void *buf, size_t cap);
int ecsim_od_write(struct ecsim_od *od, uint16_t index, uint8_t sub,
		   const void *buf, size_t len);

/* ---- used by the CoE server (coe.c); results are SDO abort codes ---- */

/* Description of one entry, for SDO information and tests. */
struct ecsim_od_entry_info {
	uint16_t datatype;
	uint16_t bitlen;
	uint16_t access;		/* ECSIM_ACC_* */
	const char *name;
	bool has_min, has_max;
	/* little-endian, (bitlen + 7) / 8 bytes */
	const uint8_t *min, *max, *def;
};

struct ecsim_od_object_info {
	uint16_t index;
	uint16_t datatype;
	uint8_t max_subindex;
	uint8_t object_code;		/* ECSIM_OD_OBJ_* */
	const char *name;
	uint16_t access_union;		/* OR of all entries' access */
};

/* Number of objects, and the n-th object in index order. */
unsigned int ecsim_od_count(const struct ecsim_od *od);
int ecsim_od_object_at(const struct ecsim_od *od, unsigned int n,
		       struct ecsim_od_object_info *info);
/* Return 0 or an SDO abort code (no object / no subindex). */
uint32_t ecsim_od_object_info(const struct ecsim_od *od, uint16_t index,
			      struct ecsim_od_object_info *info);
uint32_t ecsim_od_entry_info(const struct ecsim_od *od, uint16_t index,
			     uint8_t sub, struct ecsim_od_entry_info *info);

/*
 * SDO access as a real slave does it, with access rights for the current AL
 * state, length and range checks and the PDO mapping/assignment rules.
 * @ca selects complete access starting at @sub (0 or 1).
 * ecsim_od_sdo_upload() stores a malloc'ed copy in *@data (free() it).
 * Return: 0 or an SDO abort code.
 */
uint32_t ecsim_od_sdo_upload(const struct ecsim_od *od, uint16_t index,
			     uint8_t sub, bool ca, uint8_t **data,
			     size_t *len);
uint32_t ecsim_od_sdo_download(struct ecsim_od *od, uint16_t index,
			       uint8_t sub, bool ca, const uint8_t *data,
			       size_t len);
/* Abort code checks done before a segmented download starts. */
uint32_t ecsim_od_sdo_download_check(const struct ecsim_od *od,
				     uint16_t index, uint8_t sub, bool ca,
				     size_t len);

/* Text of an SDO abort code ("Toggle bit not changed"), or "Unknown". */
const char *ecsim_od_abort_text(uint32_t code);

#endif /* ECSIM_OD_H */
