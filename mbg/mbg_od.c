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
#include <stddef.h>
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

/*
 * The entries of a 0x8nnn/0x9nnn record (RECORD) and of a 0xAnnn
 * diagnosis record: sub-index, data type (0: a string), name, and the
 * value's place in struct mbg_od_slave.
 */
struct mbg_od_field {
	uint8_t sub;
	uint16_t dt;
	const char *name;
	size_t off;
	size_t size;		/* of the field: 1, 2 or 4 (strings: 0) */
};

#define MBG_F(sub, dt, name, f)                                           \
	{ sub, dt, name, offsetof(struct mbg_od_slave, f),                \
	  dt ? sizeof(((struct mbg_od_slave *)0)->f) : 0 }

static const struct mbg_od_field mbg_od_record_fields[] = {
	MBG_F(1, ECSIM_DT_UNSIGNED16, "Fixed station address", station),
	MBG_F(2, 0, "Type", order),
	MBG_F(3, 0, "Name", name),
	{ 4, ECSIM_DT_UNSIGNED32, "Device type", 0, 0 },	/* always 0 */
	MBG_F(5, ECSIM_DT_UNSIGNED32, "Vendor ID", vendor),
	MBG_F(6, ECSIM_DT_UNSIGNED32, "Product code", product),
	MBG_F(7, ECSIM_DT_UNSIGNED32, "Revision", revision),
	MBG_F(8, ECSIM_DT_UNSIGNED32, "Serial number", serial),
	MBG_F(0x21, ECSIM_DT_UNSIGNED16, "Mailbox out size", mbox_out),
	MBG_F(0x22, ECSIM_DT_UNSIGNED16, "Mailbox in size", mbox_in),
	MBG_F(0x23, ECSIM_DT_UNSIGNED16, "Mailbox protocols", mbox_protocols),
};

static const struct mbg_od_field mbg_od_diag_fields[] = {
	MBG_F(1, ECSIM_DT_UNSIGNED16, "AL status", al_state),
	MBG_F(2, ECSIM_DT_UNSIGNED16, "AL status code", al_status_code),
	MBG_F(3, ECSIM_DT_UNSIGNED8, "Link connected", link),
};

/* A RECORD object @index with the entries @f, values from @s. */
static int mbg_od_record(struct ecsim_od *od, uint16_t index,
			 const char *what, const struct mbg_od_field *f,
			 size_t n, const struct mbg_od_slave *s)
{
	int ret = ecsim_od_add_object(od, index, ECSIM_OD_OBJ_RECORD, 0, what,
				      f[n - 1].sub);
	const uint8_t *base = (const uint8_t *)s;
	size_t i;

	for (i = 0; i < n && !ret; i++) {
		uint32_t v = 0;

		if (!f[i].dt) {
			ret = mbg_od_s(od, index, f[i].sub, f[i].name,
				       (const char *)base + f[i].off);
			continue;
		}
		if (f[i].size == 1)
			v = base[f[i].off];
		else if (f[i].size == 2)
			v = *(const uint16_t *)(base + f[i].off);
		else if (f[i].size == 4)
			v = *(const uint32_t *)(base + f[i].off);
		ret = mbg_od_u(od, index, f[i].sub, f[i].dt, f[i].name, v);
	}
	return ret;
}

/* One 0x8nnn or 0x9nnn record. */
static int mbg_od_slave_record(struct ecsim_od *od, uint16_t index,
			       const char *what, const struct mbg_od_slave *s)
{
	return mbg_od_record(od, index, what, mbg_od_record_fields,
			     sizeof(mbg_od_record_fields) /
				     sizeof(mbg_od_record_fields[0]), s);
}

static int mbg_od_diag(struct ecsim_od *od, uint16_t index,
		       const struct mbg_od_slave *s)
{
	return mbg_od_record(od, index, "Diagnosis data", mbg_od_diag_fields,
			     sizeof(mbg_od_diag_fields) /
				     sizeof(mbg_od_diag_fields[0]), s);
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
