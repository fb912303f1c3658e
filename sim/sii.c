// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * SII EEPROM image of a simulated slave, built from its model
 * (ETG.1000.6 5.4, tables 16-23; ETG.2010 for the category layouts).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"

#define SII_MAX_STRINGS	255

/* CRC-8 over the config area: polynomial x^8+x^2+x+1 (0x07), init 0xFF. */
uint8_t ecsim_sii_crc(const uint8_t *data, size_t len)
{
	uint8_t crc = SII_CRC_INIT;
	size_t i;
	int b;

	for (i = 0; i < len; i++) {
		crc ^= data[i];
		for (b = 0; b < 8; b++)
			crc = crc & 0x80 ? (uint8_t)(crc << 1) ^ SII_CRC_POLY :
					   (uint8_t)(crc << 1);
	}
	return crc;
}

struct sii_buf {
	uint8_t *p;
	size_t len, cap;
	const char *str[SII_MAX_STRINGS];
	unsigned int n_str;
};

static int put(struct sii_buf *b, const void *d, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = (b->len + n) * 2;
		uint8_t *p = realloc(b->p, cap);

		if (!p)
			return -ENOMEM;
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, d, n);
	b->len += n;
	return 0;
}

static int put8(struct sii_buf *b, uint8_t v)
{
	return put(b, &v, 1);
}

static int put16(struct sii_buf *b, uint16_t v)
{
	uint8_t d[2];

	ecsim_put16(d, v);
	return put(b, d, 2);
}

static int put32(struct sii_buf *b, uint32_t v)
{
	uint8_t d[4];

	ecsim_put32(d, v);
	return put(b, d, 4);
}

/* String index (1-based) for the strings category; 0 = none. */
static uint8_t str_idx(struct sii_buf *b, const char *s)
{
	unsigned int i;

	if (!s || !*s)
		return 0;
	for (i = 0; i < b->n_str; i++)
		if (!strcmp(b->str[i], s))
			return i + 1;
	if (b->n_str >= SII_MAX_STRINGS)
		return 0;
	b->str[b->n_str++] = s;
	return b->n_str;
}

/* Open a category; returns the offset of its size word. */
static size_t cat_open(struct sii_buf *b, uint16_t type)
{
	size_t at;

	put16(b, type);
	at = b->len;
	put16(b, 0);
	return at;
}

static void cat_close(struct sii_buf *b, size_t at)
{
	if ((b->len - at - 2) & 1)
		put8(b, 0);
	ecsim_put16(b->p + at, (b->len - at - 2) / 2);
}

/*
 * String order of the real terminals' EEPROMs (as ESI tools generate them):
 * 1 the order code ("EL1008"), 2 the group ("DigIn"), 3 the device name,
 * then PDO and entry names.  Masters that name a slave by string 1 show
 * the type, as with hardware.
 */
static void collect_strings(struct sii_buf *b, const struct ecsim_model *m)
{
	unsigned int i, j;

	str_idx(b, m->order);
	str_idx(b, m->group);
	str_idx(b, m->name);
	for (i = 0; i < m->n_pdos; i++) {
		str_idx(b, m->pdos[i].name);
		for (j = 0; j < m->pdos[i].n_entries; j++)
			str_idx(b, m->pdos[i].entries[j].name);
	}
}

static void cat_strings(struct sii_buf *b)
{
	size_t at = cat_open(b, SII_CAT_STRINGS);
	unsigned int i;

	put8(b, b->n_str);
	for (i = 0; i < b->n_str; i++) {
		size_t n = strlen(b->str[i]);

		if (n > 255)
			n = 255;
		put8(b, n);
		put(b, b->str[i], n);
	}
	cat_close(b, at);
}

/* General category, ETG.2010 table 4. */
static void cat_general(struct sii_buf *b, const struct ecsim_model *m)
{
	size_t at = cat_open(b, SII_CAT_GENERAL);
	uint16_t phys = 0;
	unsigned int p;
	uint8_t zero[12] = { 0 };

	put8(b, str_idx(b, m->group));
	put8(b, 0);			/* image */
	put8(b, str_idx(b, m->order));
	put8(b, str_idx(b, m->name));
	put8(b, 0);
	put8(b, m->coe_details);
	put8(b, 0);			/* FoE details */
	put8(b, (m->mbx_protocols & SII_MBX_EOE) ? 1 : 0);	/* EoE details: enabled */
	put8(b, 0);			/* SoE channels */
	put8(b, 0);			/* DS402 channels */
	put8(b, 0);			/* SysmanClass */
	put8(b, 0);			/* flags */
	put16(b, (uint16_t)m->ebus_current);
	put8(b, str_idx(b, m->group));
	put8(b, 0);
	for (p = 0; p < 4; p++) {	/* physical port: 1 MII, 3 EBUS */
		unsigned int d = (m->port_desc >> (2 * p)) & 3;

		phys |= (d == ESC_PORT_MII ? 1 : d == ESC_PORT_EBUS ? 3 : 0)
			<< (4 * p);
	}
	put16(b, phys);
	put16(b, 0);			/* physical memory address */
	put(b, zero, sizeof(zero));
	cat_close(b, at);
}

static void cat_fmmu(struct sii_buf *b, const struct ecsim_model *m)
{
	size_t at;
	unsigned int i;

	if (!m->n_fmmu_usage)
		return;
	at = cat_open(b, SII_CAT_FMMU);
	for (i = 0; i < m->n_fmmu_usage; i++)
		put8(b, m->fmmu_usage[i]);
	cat_close(b, at);
}

static void cat_syncm(struct sii_buf *b, const struct ecsim_model *m)
{
	size_t at;
	unsigned int i;

	if (!m->n_sms)
		return;
	at = cat_open(b, SII_CAT_SYNCM);
	for (i = 0; i < m->n_sms; i++) {
		put16(b, m->sms[i].start);
		put16(b, m->sms[i].size);
		put8(b, m->sms[i].control);
		put8(b, 0);
		put8(b, m->sms[i].enable);
		put8(b, m->sms[i].type);
	}
	cat_close(b, at);
}

static void cat_pdos(struct sii_buf *b, const struct ecsim_model *m, bool rx)
{
	size_t at = 0;
	unsigned int i, j;
	bool open = false;

	for (i = 0; i < m->n_pdos; i++) {
		const struct ecsim_model_pdo *p = &m->pdos[i];

		if (ecsim_pdo_is_rx(p) != rx)
			continue;
		if (!open) {
			at = cat_open(b, rx ? SII_CAT_RXPDO : SII_CAT_TXPDO);
			open = true;
		}
		put16(b, p->index);
		put8(b, p->n_entries);
		put8(b, p->sm);
		put8(b, 0);		/* DC sync */
		put8(b, str_idx(b, p->name));
		put16(b, p->flags);
		for (j = 0; j < p->n_entries; j++) {
			const struct ecsim_model_entry *e = &p->entries[j];

			put16(b, e->index);
			put8(b, e->sub);
			put8(b, str_idx(b, e->name));
			put8(b, e->datatype);
			put8(b, e->bits);
			put16(b, 0);
		}
	}
	if (open)
		cat_close(b, at);
}

/* DC category (ETG.2010 table 12): one "SYNC0" operation mode. */
static void cat_dc(struct sii_buf *b, const struct ecsim_model *m)
{
	size_t at;

	if (!m->dc || !m->dc_assign_activate)
		return;
	at = cat_open(b, SII_CAT_DC);
	put32(b, 0);			/* cycle time 0: master's choice */
	put32(b, 0);			/* shift time SYNC0 */
	put32(b, 0);			/* shift time SYNC1 */
	put16(b, 0);			/* SYNC1 cycle factor */
	put16(b, m->dc_assign_activate);
	put16(b, 1);			/* SYNC0 cycle factor */
	put8(b, 0);
	put8(b, 0);
	put32(b, 0);
	cat_close(b, at);
}

static void config_area(struct sii_buf *b, const struct ecsim_slave *s)
{
	const struct ecsim_model *m = s->model;
	uint8_t *w = b->p;
	unsigned int i;

	ecsim_put16(w + 2 * SII_PDI_CONTROL, m->pdi_control);
	ecsim_put16(w + 2 * SII_PDI_CONFIG, m->pdi_config);
	ecsim_put16(w + 2 * SII_SYNC_PULSE_LEN, m->dc ? 100 : 0);
	ecsim_put16(w + 2 * SII_ALIAS, s->alias);
	w[2 * SII_CHECKSUM] = ecsim_sii_crc(w, 14);
	ecsim_put32(w + 2 * SII_VENDOR, m->vendor);
	ecsim_put32(w + 2 * SII_PRODUCT, m->product);
	ecsim_put32(w + 2 * SII_REVISION, m->revision);
	ecsim_put32(w + 2 * SII_SERIAL, s->serial);
	ecsim_put16(w + 2 * SII_BOOT_RX_MBX, m->boot_rx_start);
	ecsim_put16(w + 2 * SII_BOOT_RX_MBX + 2, m->boot_rx_size);
	ecsim_put16(w + 2 * SII_BOOT_TX_MBX, m->boot_tx_start);
	ecsim_put16(w + 2 * SII_BOOT_TX_MBX + 2, m->boot_tx_size);
	for (i = 0; i < m->n_sms; i++) {
		unsigned int word = 0;

		if (m->sms[i].type == ECSIM_SMT_MBX_OUT)
			word = SII_STD_RX_MBX;
		else if (m->sms[i].type == ECSIM_SMT_MBX_IN)
			word = SII_STD_TX_MBX;
		if (!word)
			continue;
		ecsim_put16(w + 2 * word, m->sms[i].start);
		ecsim_put16(w + 2 * word + 2, m->sms[i].size);
	}
	ecsim_put16(w + 2 * SII_MBX_PROTOCOL, m->mbx_protocols);
	ecsim_put16(w + 2 * SII_SIZE, m->eeprom_kbit - 1);
	ecsim_put16(w + 2 * SII_VERSION, 1);
}

/*
 * The EEPROM as the model gives it (an ESI file's <Eeprom><Data>), with this
 * slave's alias and serial number; the checksum is recomputed when the
 * image had a correct one.
 */
static int sii_from_image(struct ecsim_slave *s, bool corrupt_crc)
{
	const struct ecsim_model *m = s->model;
	size_t size = (size_t)m->eeprom_kbit * 128;
	uint8_t *p;
	bool crc_ok;

	if (size < m->sii_image_len)
		size = m->sii_image_len;
	if (size < 2 * SII_FIRST_CATEGORY)
		size = 2 * SII_FIRST_CATEGORY;
	p = malloc(size);
	if (!p)
		return -ENOMEM;
	memset(p, 0xff, size);
	memcpy(p, m->sii_image, m->sii_image_len);
	crc_ok = ecsim_sii_crc(p, 14) == p[2 * SII_CHECKSUM];
	ecsim_put16(p + 2 * SII_ALIAS, s->alias);
	ecsim_put32(p + 2 * SII_SERIAL, s->serial);
	if (crc_ok)
		p[2 * SII_CHECKSUM] = ecsim_sii_crc(p, 14);
	if (corrupt_crc)
		p[2 * SII_CHECKSUM] ^= 0x5a;
	free(s->sii);
	s->sii = p;
	s->sii_len = size;
	return 0;
}

/**
 * ecsim_sii_build() - build the EEPROM image of @s from its model
 * @s: slave (model, alias and serial set)
 * @corrupt_crc: store a wrong checksum in word 7 (fault injection)
 *
 * Return: 0 or -ENOMEM, -EFBIG when the image exceeds the EEPROM size.
 */
int ecsim_sii_build(struct ecsim_slave *s, bool corrupt_crc)
{
	const struct ecsim_model *m = s->model;
	struct sii_buf b = { 0 };
	size_t size = (size_t)m->eeprom_kbit * 128;
	uint8_t zero[2 * SII_FIRST_CATEGORY] = { 0 };

	if (m->sii_image)
		return sii_from_image(s, corrupt_crc);
	if (put(&b, zero, sizeof(zero)))
		return -ENOMEM;
	config_area(&b, s);
	if (corrupt_crc)
		b.p[2 * SII_CHECKSUM] ^= 0x5a;
	collect_strings(&b, m);
	cat_strings(&b);
	cat_general(&b, m);
	cat_fmmu(&b, m);
	cat_syncm(&b, m);
	cat_pdos(&b, m, false);
	cat_pdos(&b, m, true);
	cat_dc(&b, m);
	put16(&b, SII_CAT_END);
	if (!b.p || b.len > size) {
		free(b.p);
		return b.p ? -EFBIG : -ENOMEM;
	}
	free(s->sii);
	s->sii = calloc(1, size);
	if (!s->sii) {
		free(b.p);
		return -ENOMEM;
	}
	memset(s->sii, 0xff, size);
	memcpy(s->sii, b.p, b.len);
	s->sii_len = size;
	free(b.p);
	return 0;
}

/*
 * What the ESC loads from the config area at power-on and on a reload
 * command: PDI control/config, SYNC pulse length and the station alias; with
 * a checksum error it sets 0x0502 bit 11, loads nothing and the PDI stays
 * down (DL status bit 0 clear), so the application never answers.
 */
void ecsim_sii_load_config(struct ecsim_slave *s)
{
	uint8_t *r = s->mem;
	const uint8_t *w = s->sii;
	uint16_t ctl = ecsim_get16(r + ESC_REG_EEP_CONTROL);

	if (ecsim_sii_crc(w, 14) != w[2 * SII_CHECKSUM]) {
		ecsim_put16(r + ESC_REG_EEP_CONTROL, ctl | ESC_EEP_CRC_ERROR);
		s->pdi_dead = true;
		ecsim_index_sync(s);
		return;
	}
	s->pdi_dead = false;
	ecsim_put16(r + ESC_REG_EEP_CONTROL, ctl & ~ESC_EEP_CRC_ERROR);
	ecsim_put16(r + ESC_REG_PDI_CONTROL,
		    ecsim_get16(w + 2 * SII_PDI_CONTROL));
	ecsim_put16(r + ESC_REG_PDI_CONFIG,
		    ecsim_get16(w + 2 * SII_PDI_CONFIG));
	ecsim_put16(r + ESC_REG_PDI_CONFIG_EXT,
		    ecsim_get16(w + 2 * SII_PDI_CONFIG_EXT));
	ecsim_put16(r + ESC_REG_DC_PULSE_LEN,
		    ecsim_get16(w + 2 * SII_SYNC_PULSE_LEN));
	ecsim_put16(r + ESC_REG_STATION_ALIAS, ecsim_get16(w + 2 * SII_ALIAS));
	ecsim_index_sync(s);
}
