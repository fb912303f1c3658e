/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool_fake_app.h - a fake ioctl layer for the tool's 'config', 'domains',
 * 'data' and 'cstruct' commands (check_tool_config.c,
 * check_tool_domains.c): every ec_lib_* function over a small fake
 * application (two slave configurations, two domains, fake_app()) on a
 * fake bus of three slaves, so no device is needed.  As tool_fake_lib.h,
 * which it includes, a test program includes it once.
 */
#ifndef EC_TEST_TOOL_FAKE_APP_H
#define EC_TEST_TOOL_FAKE_APP_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ecrt.h"
#include "tool_fake_lib.h"

#define NSLAVES 3
#define NCONFIGS 2
#define NDOMAINS 2

struct fake_entry {
	uint16_t index;
	uint8_t subindex, bits;
	const char *name;
};

struct fake_pdo {
	uint16_t index;
	const char *name;
	unsigned int n;
	struct fake_entry e[4];
};

struct fake_sync {
	uint8_t control;
	unsigned int n;
	struct fake_pdo p[3];
};

/* Slave 1 has inputs (like an EL1008), slave 2 outputs with watchdog. */
static const struct fake_sync slave_syncs[NSLAVES][2] = {
	[1] = { { 0x00, 2, {
		{ 0x1a00, "Channel 1", 1, { { 0x6000, 1, 1, "Input" } } },
		{ 0x1a01, "", 2, { { 0x6010, 1, 1, "Input" },
				   { 0x0000, 0, 7, "" } } } } } },
	[2] = { { 0x44, 1, {
		{ 0x1600, "Channel 1", 1, { { 0x7000, 1, 1, "Output" } } } } },
		{ 0x24, 0, { { 0 } } } },
};
static const unsigned int slave_sync_count[NSLAVES] = { 0, 1, 2 };

static struct ec_ioctl_config configs[NCONFIGS];
static struct ec_ioctl_domain domains[NDOMAINS];
static const struct fake_pdo config_pdo = {
	0x1600, NULL, 2, { { 0x7000, 1, 1, NULL }, { 0x7010, 1, 1, NULL } }
};
static uint8_t sdo_big[20];
static const uint8_t image[3] = { 0xaa, 0x01, 0x02 };
static struct ec_ioctl_domain_fmmu fmmus[2];

static void fake_app(void)
{
	unsigned int i;

	memset(configs, 0, sizeof(configs));
	configs[0].config_index = 0;
	configs[0].position = 2;
	configs[0].vendor_id = 2;
	configs[0].product_code = 0x07d83052;
	configs[0].slave_position = 2;
	configs[0].slave_al_state = 0x08;
	configs[0].watchdog_divider = 2498;
	configs[0].sdo_count = 2;
	configs[0].syncs[0].dir = EC_DIR_OUTPUT;
	configs[0].syncs[0].watchdog_mode = 1;	/* EC_WD_ENABLE */
	configs[0].syncs[0].pdo_count = 1;
	configs[0].dc_assign_activate = 0x0300;
	configs[0].dc_sync_cycle[0] = 1000000;
	configs[0].dc_sync_shift[0] = -500;

	configs[1].config_index = 1;
	configs[1].alias = 5;
	configs[1].vendor_id = 2;
	configs[1].product_code = 0xabc;
	configs[1].slave_position = EC_IOCTL_NO_SLAVE;

	for (i = 0; i < sizeof(sdo_big); i++)
		sdo_big[i] = i;

	memset(domains, 0, sizeof(domains));
	domains[0].data_size = 3;
	domains[0].working_counter = 3;
	domains[0].expected_working_counter = 3;
	domains[0].fmmu_count = 2;
	domains[0].datagram_count = 1;
	domains[0].wc_state = 2;	/* EC_WC_COMPLETE */
	domains[0].activated = 1;
	domains[1].domain_index = 1;
	domains[1].logical_base_address = 3;

	memset(fmmus, 0, sizeof(fmmus));
	fmmus[0].slave_config_position = 2;
	fmmus[0].sync_index = 0;
	fmmus[0].dir = EC_DIR_OUTPUT;
	fmmus[0].logical_address = 0;
	fmmus[0].data_size = 1;
	fmmus[1].slave_config_alias = 5;
	fmmus[1].sync_index = 3;
	fmmus[1].dir = EC_DIR_INPUT;
	fmmus[1].logical_address = 1;
	fmmus[1].data_size = 2;
}

/* cmd_master.c is linked in; the config tests never call it. */
int ec_lib_master_monitor(struct ec_lib_master *m,
			  struct ec_ioctl_master_monitor *d)
{
	(void)m;
	(void)d;
	return -ENOTTY;
}

int ec_lib_master(struct ec_lib_master *m, struct ec_ioctl_master *d)
{
	(void)m;
	memset(d, 0, sizeof(*d));
	d->slave_count = NSLAVES;
	return 0;
}

int ec_lib_redundancy(struct ec_lib_master *m,
		      struct ec_ioctl_redundancy *out)
{
	(void)m;
	memset(out, 0, sizeof(*out));
	return 0;
}

int ec_lib_slave(struct ec_lib_master *m, uint16_t pos,
		 struct ec_ioctl_slave *out)
{
	(void)m;
	if (pos >= NSLAVES)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->position = pos;
	out->vendor_id = 2;
	out->product_code = 0x03f03052 + pos;
	out->revision_number = 0x00120000;
	out->sync_count = slave_sync_count[pos];
	out->al_state = 0x02;
	snprintf(out->order, sizeof(out->order), "EL%u", 1000 + pos);
	return 0;
}

static const struct fake_sync *fake_sync_at(uint16_t pos, uint8_t i)
{
	if (pos >= NSLAVES || i >= slave_sync_count[pos])
		return NULL;
	return &slave_syncs[pos][i];
}

int ec_lib_slave_sync(struct ec_lib_master *m, uint16_t pos, uint8_t i,
		      struct ec_ioctl_slave_sync *out)
{
	const struct fake_sync *s = fake_sync_at(pos, i);

	(void)m;
	if (!s)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->slave_position = pos;
	out->sync_index = i;
	out->physical_start_address = 0x1000 + 0x100 * i;
	out->control_register = s->control;
	out->enable = 1;
	out->pdo_count = s->n;
	return 0;
}

int ec_lib_slave_sync_pdo(struct ec_lib_master *m, uint16_t pos,
			  uint8_t i, uint8_t j,
			  struct ec_ioctl_slave_sync_pdo *out)
{
	const struct fake_sync *s = fake_sync_at(pos, i);

	(void)m;
	if (!s || j >= s->n)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->index = s->p[j].index;
	out->entry_count = s->p[j].n;
	snprintf(out->name, sizeof(out->name), "%s", s->p[j].name);
	return 0;
}

int ec_lib_slave_sync_pdo_entry(struct ec_lib_master *m, uint16_t pos,
				uint8_t i, uint8_t j, uint8_t k,
				struct ec_ioctl_slave_sync_pdo_entry *out)
{
	const struct fake_sync *s = fake_sync_at(pos, i);

	(void)m;
	if (!s || j >= s->n || k >= s->p[j].n)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->index = s->p[j].e[k].index;
	out->subindex = s->p[j].e[k].subindex;
	out->bit_length = s->p[j].e[k].bits;
	snprintf(out->name, sizeof(out->name), "%s", s->p[j].e[k].name);
	return 0;
}

#define EC_FAKE_UNUSED(...) do { (void)m; return -ENOTTY; } while (0)

int ec_lib_slave_sdo(struct ec_lib_master *m, uint16_t pos, uint16_t i,
		     struct ec_ioctl_slave_sdo *out)
{
	(void)pos, (void)i, (void)out;
	EC_FAKE_UNUSED();
}

int ec_lib_slave_sdo_entry(struct ec_lib_master *m, uint16_t pos,
			   int32_t spec, uint8_t sub,
			   struct ec_ioctl_slave_sdo_entry *out)
{
	(void)pos, (void)spec, (void)sub, (void)out;
	EC_FAKE_UNUSED();
}

int ec_lib_sii_read(struct ec_lib_master *m, uint16_t pos, uint32_t off,
		    uint32_t n, uint16_t *words)
{
	(void)pos, (void)off, (void)n, (void)words;
	EC_FAKE_UNUSED();
}

int ec_lib_sii_write(struct ec_lib_master *m, uint16_t pos, uint32_t off,
		     uint32_t n, const uint16_t *words)
{
	(void)pos, (void)off, (void)n, (void)words;
	EC_FAKE_UNUSED();
}

int ec_lib_reg_read(struct ec_lib_master *m, uint16_t pos, bool emergency,
		    uint16_t address, uint16_t size, void *data)
{
	(void)pos, (void)emergency, (void)address, (void)size, (void)data;
	EC_FAKE_UNUSED();
}

int ec_lib_reg_write(struct ec_lib_master *m, uint16_t pos, bool emergency,
		     uint16_t address, uint16_t size, const void *data)
{
	(void)pos, (void)emergency, (void)address, (void)size, (void)data;
	EC_FAKE_UNUSED();
}

int ec_lib_slave_state(struct ec_lib_master *m, uint16_t pos, uint8_t state)
{
	(void)pos, (void)state;
	EC_FAKE_UNUSED();
}

int ec_lib_sdo_upload(struct ec_lib_master *m, uint16_t pos, uint16_t index,
		      uint8_t sub, bool ca, void *buf, size_t size,
		      size_t *result_size, uint32_t *abort_code)
{
	(void)pos, (void)index, (void)sub, (void)ca, (void)buf, (void)size;
	(void)result_size, (void)abort_code;
	EC_FAKE_UNUSED();
}

int ec_lib_sdo_download(struct ec_lib_master *m, uint16_t pos,
			uint16_t index, uint8_t sub, bool ca,
			const void *data, size_t size, uint32_t *abort_code)
{
	(void)pos, (void)index, (void)sub, (void)ca, (void)data, (void)size;
	(void)abort_code;
	EC_FAKE_UNUSED();
}

int ec_lib_rescan(struct ec_lib_master *m)
{
	EC_FAKE_UNUSED();
}

int ec_lib_eoe_ip(struct ec_lib_master *m, const struct ec_ioctl_eoe_ip *io)
{
	(void)io;
	EC_FAKE_UNUSED();
}

int ec_lib_eoe_handler(struct ec_lib_master *m, uint32_t index,
		       struct ec_ioctl_eoe_handler *out)
{
	(void)index, (void)out;
	EC_FAKE_UNUSED();
}

int ec_lib_foe(struct ec_lib_master *m, bool write,
	       struct ec_ioctl_slave_foe *io)
{
	(void)write;
	(void)io;
	EC_FAKE_UNUSED();
}

int ec_lib_soe(struct ec_lib_master *m, bool write,
	       struct ec_ioctl_slave_soe *io)
{
	(void)write;
	(void)io;
	EC_FAKE_UNUSED();
}

int ec_lib_debug(struct ec_lib_master *m, uint32_t level)
{
	(void)level;
	EC_FAKE_UNUSED();
}

int ec_lib_config(struct ec_lib_master *m, uint32_t i,
		  struct ec_ioctl_config *out)
{
	(void)m;
	if (i >= NCONFIGS)
		return -ENOENT;
	*out = configs[i];
	return 0;
}

int ec_lib_config_pdo(struct ec_lib_master *m, uint32_t i, uint8_t s,
		      uint16_t p, struct ec_ioctl_config_pdo *out)
{
	(void)m;
	if (i != 0 || s != 0 || p != 0)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->index = config_pdo.index;
	out->entry_count = config_pdo.n;
	return 0;
}

int ec_lib_config_pdo_entry(struct ec_lib_master *m, uint32_t i, uint8_t s,
			    uint16_t p, uint16_t e,
			    struct ec_ioctl_config_pdo_entry *out)
{
	(void)m;
	if (i != 0 || s != 0 || p != 0 || e >= config_pdo.n)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->index = config_pdo.e[e].index;
	out->subindex = config_pdo.e[e].subindex;
	out->bit_length = config_pdo.e[e].bits;
	return 0;
}

int ec_lib_config_flag(struct ec_lib_master *m, uint32_t i, uint32_t p,
		       struct ec_ioctl_sc_flag *out)
{
	static const char *const keys[] = { "delay", "mode" };
	static const int32_t values[] = { 7, -1 };

	(void)m;
	if (i != 0 || p >= 2)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	strcpy(out->key, keys[p]);
	out->value = values[p];
	return 0;
}

/* With hc_on (test_config_hc), config 1 is in the hot-connect group
 * "tool", present behind 0:2 port 1; config 0 is in none. */
static bool hc_on;

int ec_lib_config_hc_group(struct ec_lib_master *m, uint32_t i,
			   uint32_t *group_index)
{
	(void)m;
	if (i >= NCONFIGS)
		return -ENOENT;
	*group_index = hc_on && i == 1 ? 0 : EC_IOCTL_HC_NONE;
	return 0;
}

int ec_lib_hc_group(struct ec_lib_master *m, uint32_t g,
		    struct ec_ioctl_hc_group *out)
{
	(void)m;
	if (g)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	strcpy(out->name, "tool");
	out->at_port = 1;
	out->port_position = 2;
	out->port = 1;
	out->config_count = 2;
	out->presence = 2;
	out->joins = 3;
	out->losses = 2;
	out->last_join_ns = 152000000;
	return 0;
}

/* Config 0: the AT list S-0-0016 in PREOP, P-0-0001 of drive 1 in SAFEOP. */
/* Config 0 has EoE IP parameters (not all of them), config 1 none. */
int ec_lib_config_eoe_ip(struct ec_lib_master *m, uint32_t i,
			 struct ec_ioctl_eoe_ip *out)
{
	(void)m;
	if (i >= NCONFIGS)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->config_index = i;
	if (i)
		return 0;
	out->flags = EC_IOCTL_EOE_MAC | EC_IOCTL_EOE_IP | EC_IOCTL_EOE_SUBNET |
		     EC_IOCTL_EOE_NAME;
	memcpy(out->mac, "\x02\x00\x00\x0a\xfe\x01", 6);
	out->ip = 0xa9fe0a02;		/* 169.254.10.2 */
	out->subnet = 0xffff0000;
	strcpy(out->name, "drive-1");
	return 0;
}

int ec_lib_config_idn(struct ec_lib_master *m, uint32_t i, uint32_t p,
		      struct ec_ioctl_config_idn *out)
{
	static const uint8_t at[] = { 6, 0, 6, 0, 0x87, 0, 0x33, 0, 0x28, 0 };

	(void)m;
	if (i != 0 || p >= 2)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->drive_no = p;
	out->idn = p ? 0x8001 : 16;
	out->al_state = p ? 4 : 2;
	out->size = p ? 4 : sizeof(at);
	if (p)
		memcpy(out->data, "\xf4\x01\x00\x00", 4);
	else
		memcpy(out->data, at, sizeof(at));
	return 0;
}

int ec_lib_config_sdo(struct ec_lib_master *m, uint32_t i, uint32_t p,
		      struct ec_ioctl_config_sdo *out)
{
	(void)m;
	if (i != 0 || p >= 2)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	if (p == 0) {
		out->index = 0x8000;
		out->subindex = 1;
		out->size = 2;
		out->data[0] = 0x34;
		out->data[1] = 0x12;
	} else {
		out->index = 0x1c12;
		out->complete_access = 1;
		out->size = sizeof(sdo_big);
		memcpy(out->data, sdo_big, sizeof(sdo_big));
	}
	return 0;
}

int ec_lib_domain(struct ec_lib_master *m, uint32_t i,
		  struct ec_ioctl_domain *out)
{
	(void)m;
	if (i >= NDOMAINS)
		return -ENOENT;
	*out = domains[i];
	return 0;
}

int ec_lib_domain_fmmu(struct ec_lib_master *m, uint32_t i, uint32_t f,
		       struct ec_ioctl_domain_fmmu *out)
{
	(void)m;
	if (i != 0 || f >= 2)
		return -ENOENT;
	*out = fmmus[f];
	out->domain_index = i;
	out->fmmu_index = f;
	return 0;
}

int ec_lib_domain_data(struct ec_lib_master *m, uint32_t i, void *buf,
		       size_t size, size_t *result_size)
{
	(void)m;
	*result_size = 0;
	if (i >= NDOMAINS)
		return -ENOENT;
	if (i == 1)
		return 0;
	if (size < sizeof(image))
		return -EOVERFLOW;
	memcpy(buf, image, sizeof(image));
	*result_size = sizeof(image);
	return 0;
}

#endif
