/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the two halves of the segment file check share: the context, the
 * bounds and the typed readers (validate.c), and the check of one model
 * (validate_model.c).
 */
#ifndef ECSIM_VALIDATE_PRIV_H
#define ECSIM_VALIDATE_PRIV_H

#include "sim_priv.h"

#define ECSIM_MAX_SLAVES	65535	/* 16-bit ring positions */
#define ECSIM_MAX_DELAY_US	10000000
#define ECSIM_MAX_HOP_NS	1000000
#define ECSIM_MAX_RAM_KB	60
#define ECSIM_MAX_EEPROM_KBIT	512
#define ECSIM_MAX_STRING	255	/* SII strings: a length byte */
#define ECSIM_MAX_COMMENT	65535	/* "comment": for people, never in the SII */
#define ECSIM_MAX_SII_STRINGS	255	/* SII string index: a byte */
#define ECSIM_MAX_PDO_ENTRIES	255	/* SII PDO category: a byte */
#define ECSIM_MAX_PATH		4095	/* "esi": a file name */
#define ECSIM_MAX_WARN_ALIASES	16	/* alias warning lines */
#define ECSIM_MAX_DEPTH		32	/* nested objects */

struct vctx {
	char *err;
	size_t errlen;
	char where[128];	/* "slave 3 (model \"EL1008\"): " */
	/* models already found good, checked once however many slaves
	 * use them */
	const json_t *done[64];
	size_t n_done;
};

int ecsim_verr(struct vctx *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int ecsim_vobject(struct vctx *v, const json_t *j, const char *what);
int ecsim_varray(struct vctx *v, const json_t *j, const char *what);
/* An optional number (integer, "0x.." string or boolean) in range. */
int ecsim_vnum(struct vctx *v, const json_t *o, const char *what,
	       const char *key, uint64_t min, uint64_t max, uint64_t def,
	       uint64_t *out);
int ecsim_vstring(struct vctx *v, const json_t *o, const char *what,
		  const char *key);
/* Every string under @j within what the SII (or a file name) holds. */
int ecsim_vstrings(struct vctx *v, const json_t *j, const char *path,
		   const char *key, unsigned int depth);
/* validate_model.c: the check of model @m, once per model. */
int ecsim_vmodel_once(struct vctx *v, const json_t *m);

#endif /* ECSIM_VALIDATE_PRIV_H */
