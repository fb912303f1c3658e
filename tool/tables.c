// SPDX-License-Identifier: GPL-2.0-only
/*
 * tables.c - texts for protocol codes (see tables.h).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tables.h"

struct ec_code_text {
	uint32_t code;
	const char *text;
};

static const struct {
	uint8_t state;
	const char *name;
} ec_al_states[] = {
	{ EC_ALS_INIT, "INIT" },
	{ EC_ALS_PREOP, "PREOP" },
	{ EC_ALS_BOOT, "BOOT" },
	{ EC_ALS_SAFEOP, "SAFEOP" },
	{ EC_ALS_OP, "OP" },
};

#define EC_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/**
 * ec_al_state_name() - name of an AL state, "+ERROR" appended if flagged
 * @state: AL status byte
 * @buf: buffer for the name
 * @size: size of @buf
 *
 * Return: @buf.
 */
const char *ec_al_state_name(uint8_t state, char *buf, size_t size)
{
	const char *name = "???";
	size_t i;

	for (i = 0; i < EC_ARRAY_SIZE(ec_al_states); i++)
		if (ec_al_states[i].state == (state & EC_ALS_MASK))
			name = ec_al_states[i].name;
	snprintf(buf, size, "%s%s", name,
		 state & EC_ALS_ERROR ? "+ERROR" : "");
	return buf;
}

/**
 * ec_al_state_parse() - AL state from its name (case-insensitive)
 * @s: "INIT", "PREOP", "BOOT", "SAFEOP" or "OP"
 * @state: the state code
 *
 * Return: 0 or -1 if unknown.
 */
int ec_al_state_parse(const char *s, uint8_t *state)
{
	size_t i;

	for (i = 0; i < EC_ARRAY_SIZE(ec_al_states); i++) {
		if (!strcasecmp(s, ec_al_states[i].name)) {
			*state = ec_al_states[i].state;
			return 0;
		}
	}
	return -1;
}

/* SII category types, ETG.1000.6 table 19 and ETG.2010. */
static const struct ec_code_text ec_sii_categories[] = {
	{ 0x000a, "STRINGS" },
	{ 0x0014, "DataTypes" },
	{ 0x001e, "General" },
	{ 0x0028, "FMMU" },
	{ 0x0029, "SyncM" },
	{ 0x0032, "TXPDO" },
	{ 0x0033, "RXPDO" },
	{ 0x003c, "DC" },
};

/**
 * ec_sii_category_name() - name of an SII category type
 * @type: category type word
 *
 * Return: the name, "unknown" if not in the table.
 */
const char *ec_sii_category_name(uint16_t type)
{
	size_t i;

	for (i = 0; i < EC_ARRAY_SIZE(ec_sii_categories); i++)
		if (ec_sii_categories[i].code == type)
			return ec_sii_categories[i].text;
	return "unknown";
}

/**
 * ec_port_desc_name() - short name of a port type (register 0x0007)
 * @desc: port descriptor value
 *
 * Return: "N/A", "N/C", "EBUS", "MII" or "???".
 */
const char *ec_port_desc_name(uint8_t desc)
{
	switch (desc) {
	case EC_PORT_DESC_NOT_IMPLEMENTED:
		return "N/A";
	case EC_PORT_DESC_NOT_CONFIGURED:
		return "N/C";
	case EC_PORT_DESC_EBUS:
		return "EBUS";
	case EC_PORT_DESC_MII:
		return "MII";
	default:
		return "???";
	}
}
