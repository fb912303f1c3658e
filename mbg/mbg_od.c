// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbg_od.c - the master's own object dictionary, answered by the gateway
 * at mailbox address 0 (ETG.1510, as far as tools need it to find the
 * slaves).  The objects are built into the simulator's dictionary and
 * served by its CoE server (sim/od.c, sim/coe.c): one SDO server in the
 * project, with expedited, segmented and SDO information transfers and the
 * abort codes slaves use (0x06020000 for an object that does not exist).
 *
 * The layout (doc/SPECNOTES.md, "Mailbox gateway"):
 *   0x1000 device type, 0x1008 device name, 0x100A software version,
 *   0x1018 identity;
 *   0x8nnn configured slave nnn, 0x9nnn detected slave nnn (ring position):
 *     1 station address, 2 type (order), 3 name, 4 device type,
 *     5 vendor id, 6 product code, 7 revision, 8 serial number,
 *     0x21 mailbox out size, 0x22 mailbox in size, 0x23 mailbox protocols;
 *   0xAnnn diagnosis of detected slave nnn:
 *     1 AL status, 2 AL status code, 3 link connected (bit n: port n).
 */
#include <errno.h>
#include <string.h>

#include "mbg_od.h"

#define MBG_OD_R ECSIM_ACC_R_ALL

static int mbg_od_var(struct ecsim_od *od, uint16_t index, uint16_t dt,
		      const char *name, const void *value, size_t len)
{
	struct ecsim_od_entry_def e = {
		.datatype = dt, .access = MBG_OD_R, .name = name,
		.value = value, .value_len = len,
		.bitlen = (uint16_t)(len * 8),
	};
	int ret = ecsim_od_add_object(od, index, ECSIM_OD_OBJ_VAR, dt, name, 0);

	return ret ? ret : ecsim_od_add_entry(od, index, 0, &e);
}

static int mbg_od_u(struct ecsim_od *od, uint16_t index, uint8_t sub,
		    uint16_t dt, const char *name, uint32_t v)
{
	uint8_t le[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
			  (uint8_t)(v >> 24) };
	struct ecsim_od_entry_def e = {
		.datatype = dt, .access = MBG_OD_R, .name = name,
		.value = le, .value_len = ecsim_od_type_bits(dt) / 8,
	};

	return ecsim_od_add_entry(od, index, sub, &e);
}

/* A string entry; an empty one (a slave without SII strings) is one NUL. */
static int mbg_od_s(struct ecsim_od *od, uint16_t index, uint8_t sub,
		    const char *name, const char *s)
{
	size_t len = strlen(s) ? strlen(s) : 1;
	struct ecsim_od_entry_def e = {
		.datatype = ECSIM_DT_VISIBLE_STRING, .access = MBG_OD_R,
		.name = name, .value = s, .value_len = len,
		.bitlen = (uint16_t)(len * 8),
	};

	return ecsim_od_add_entry(od, index, sub, &e);
}

/* One 0x8nnn or 0x9nnn record. */
static int mbg_od_slave_record(struct ecsim_od *od, uint16_t index,
			       const char *what, const struct mbg_od_slave *s)
{
	int ret = ecsim_od_add_object(od, index, ECSIM_OD_OBJ_RECORD, 0, what,
				      0x23);

	if (!ret)
		ret = mbg_od_u(od, index, 1, ECSIM_DT_UNSIGNED16,
			       "Fixed station address", s->station);
	if (!ret)
		ret = mbg_od_s(od, index, 2, "Type", s->order);
	if (!ret)
		ret = mbg_od_s(od, index, 3, "Name", s->name);
	if (!ret)
		ret = mbg_od_u(od, index, 4, ECSIM_DT_UNSIGNED32,
			       "Device type", 0);
	if (!ret)
		ret = mbg_od_u(od, index, 5, ECSIM_DT_UNSIGNED32, "Vendor ID",
			       s->vendor);
	if (!ret)
		ret = mbg_od_u(od, index, 6, ECSIM_DT_UNSIGNED32,
			       "Product code", s->product);
	if (!ret)
		ret = mbg_od_u(od, index, 7, ECSIM_DT_UNSIGNED32,
			       "Revision", s->revision);
	if (!ret)
		ret = mbg_od_u(od, index, 8, ECSIM_DT_UNSIGNED32,
			       "Serial number", s->serial);
	if (!ret)
		ret = mbg_od_u(od, index, 0x21, ECSIM_DT_UNSIGNED16,
			       "Mailbox out size", s->mbox_out);
	if (!ret)
		ret = mbg_od_u(od, index, 0x22, ECSIM_DT_UNSIGNED16,
			       "Mailbox in size", s->mbox_in);
	if (!ret)
		ret = mbg_od_u(od, index, 0x23, ECSIM_DT_UNSIGNED16,
			       "Mailbox protocols", s->mbox_protocols);
	return ret;
}

static int mbg_od_diag(struct ecsim_od *od, uint16_t index,
		       const struct mbg_od_slave *s)
{
	int ret = ecsim_od_add_object(od, index, ECSIM_OD_OBJ_RECORD, 0,
				      "Diagnosis data", 3);

	if (!ret)
		ret = mbg_od_u(od, index, 1, ECSIM_DT_UNSIGNED16, "AL status",
			       s->al_state);
	if (!ret)
		ret = mbg_od_u(od, index, 2, ECSIM_DT_UNSIGNED16,
			       "AL status code", s->al_status_code);
	if (!ret)
		ret = mbg_od_u(od, index, 3, ECSIM_DT_UNSIGNED8,
			       "Link connected", s->link);
	return ret;
}

/**
 * mbg_od_build() - the master's dictionary
 * @m: what the daemon read from the master
 *
 * Return: a new dictionary (ecsim_od_free() it), NULL without memory or
 * with more than 4096 slaves or configs.
 */
struct ecsim_od *mbg_od_build(const struct mbg_od_master *m)
{
	struct ecsim_od *od;
	size_t i;
	int ret;

	if (m->nslaves > MBG_OD_MAX || m->nconfigs > MBG_OD_MAX)
		return NULL;
	od = ecsim_od_new();
	if (!od)
		return NULL;
	ecsim_od_set_al_state(od, 0x02);	/* PREOP: every entry reads */
	ret = mbg_od_var(od, 0x1000, ECSIM_DT_UNSIGNED32, "Device type",
			 "\0\0\0\0", 4);
	if (!ret)
		ret = mbg_od_var(od, 0x1008, ECSIM_DT_VISIBLE_STRING,
				 "Device name", m->name, strlen(m->name));
	if (!ret)
		ret = mbg_od_var(od, 0x100a, ECSIM_DT_VISIBLE_STRING,
				 "Software version", m->version,
				 strlen(m->version));
	if (!ret)
		ret = ecsim_od_add_object(od, 0x1018, ECSIM_OD_OBJ_RECORD, 0,
					  "Identity", 4);
	/* No vendor id of the ETG: vendor, product, revision, serial 0. */
	for (i = 1; !ret && i <= 4; i++)
		ret = mbg_od_u(od, 0x1018, (uint8_t)i, ECSIM_DT_UNSIGNED32,
			       i == 1 ? "Vendor ID" : i == 2 ? "Product code" :
			       i == 3 ? "Revision" : "Serial number", 0);
	for (i = 0; !ret && i < m->nconfigs; i++)
		ret = mbg_od_slave_record(od, (uint16_t)(0x8000 + i),
					  "Configuration data", &m->configs[i]);
	for (i = 0; !ret && i < m->nslaves; i++) {
		ret = mbg_od_slave_record(od, (uint16_t)(0x9000 + i),
					  "Information data", &m->slaves[i]);
		if (!ret)
			ret = mbg_od_diag(od, (uint16_t)(0xa000 + i),
					  &m->slaves[i]);
	}
	if (ret) {
		ecsim_od_free(od);
		return NULL;
	}
	return od;
}
