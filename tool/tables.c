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

/* AL status codes, ETG.1000.6 table 11. */
static const struct ec_code_text ec_al_status_texts[] = {
	{ 0x0000, "No error" },
	{ 0x0001, "Unspecified error" },
	{ 0x0002, "No memory" },
	{ 0x0003, "Invalid device setup" },
	{ 0x0011, "Invalid requested state change" },
	{ 0x0012, "Unknown requested state" },
	{ 0x0013, "Bootstrap not supported" },
	{ 0x0014, "No valid firmware" },
	{ 0x0015, "Invalid mailbox configuration (BOOT)" },
	{ 0x0016, "Invalid mailbox configuration (PREOP)" },
	{ 0x0017, "Invalid sync manager configuration" },
	{ 0x0018, "No valid inputs available" },
	{ 0x0019, "No valid outputs" },
	{ 0x001a, "Synchronization error" },
	{ 0x001b, "Sync manager watchdog" },
	{ 0x001c, "Invalid sync manager types" },
	{ 0x001d, "Invalid output configuration" },
	{ 0x001e, "Invalid input configuration" },
	{ 0x001f, "Invalid watchdog configuration" },
	{ 0x0020, "Slave needs cold start" },
	{ 0x0021, "Slave needs INIT" },
	{ 0x0022, "Slave needs PREOP" },
	{ 0x0023, "Slave needs SAFEOP" },
	{ 0x0024, "Invalid input mapping" },
	{ 0x0025, "Invalid output mapping" },
	{ 0x0026, "Inconsistent settings" },
	{ 0x0027, "Freerun not supported" },
	{ 0x0028, "Synchronization not supported" },
	{ 0x0029, "Freerun needs 3 buffer mode" },
	{ 0x002a, "Background watchdog" },
	{ 0x002b, "No valid inputs and outputs" },
	{ 0x002c, "Fatal sync error" },
	{ 0x002d, "No sync error" },
	{ 0x0030, "Invalid DC SYNC configuration" },
	{ 0x0031, "Invalid DC latch configuration" },
	{ 0x0032, "PLL error" },
	{ 0x0033, "DC sync IO error" },
	{ 0x0034, "DC sync timeout error" },
	{ 0x0035, "DC invalid sync cycle time" },
	{ 0x0036, "DC sync0 cycle time" },
	{ 0x0037, "DC sync1 cycle time" },
	{ 0x0041, "MBX_AOE" },
	{ 0x0042, "MBX_EOE" },
	{ 0x0043, "MBX_COE" },
	{ 0x0044, "MBX_FOE" },
	{ 0x0045, "MBX_SOE" },
	{ 0x004f, "MBX_VOE" },
	{ 0x0050, "EEPROM no access" },
	{ 0x0051, "EEPROM error" },
	{ 0x0060, "Slave restarted locally" },
	{ 0x0061, "Device identification value updated" },
	{ 0x00f0, "Application controller available" },
};

/**
 * ec_al_status_text() - text of an AL status code (register 0x0134)
 * @code: the code
 *
 * Return: the text, "Unknown AL status code" if not in the table.
 */
const char *ec_al_status_text(uint16_t code)
{
	size_t i;

	for (i = 0; i < EC_ARRAY_SIZE(ec_al_status_texts); i++)
		if (ec_al_status_texts[i].code == code)
			return ec_al_status_texts[i].text;
	return "Unknown AL status code";
}

/* SDO abort codes, CiA 301 table 22 and ETG.1000.6 table 41. */
static const struct ec_code_text ec_sdo_abort_texts[] = {
	{ 0x05030000, "Toggle bit not changed" },
	{ 0x05040000, "SDO protocol timeout" },
	{ 0x05040001, "Client/Server command specifier not valid or unknown" },
	{ 0x05040002, "Invalid block size (block mode only)" },
	{ 0x05040003, "Invalid sequence number (block mode only)" },
	{ 0x05040004, "CRC error (block mode only)" },
	{ 0x05040005, "Out of memory" },
	{ 0x06010000, "Unsupported access to an object" },
	{ 0x06010001, "Attempt to read a write-only object" },
	{ 0x06010002, "Attempt to write a read-only object" },
	{ 0x06010003,
	  "Subindex cannot be written, SI0 must be 0 for write access" },
	{ 0x06010004,
	  "SDO Complete access not supported for objects of variable length" },
	{ 0x06010005, "Object length exceeds mailbox size" },
	{ 0x06010006, "Object mapped to RxPDO, SDO download blocked" },
	{ 0x06020000, "The object does not exist in the object dictionary" },
	{ 0x06040041, "The object cannot be mapped into the PDO" },
	{ 0x06040042,
	  "The number and length of the objects to be mapped would exceed the PDO length" },
	{ 0x06040043, "General parameter incompatibility reason" },
	{ 0x06040047, "General internal incompatibility in the device" },
	{ 0x06060000, "Access failed due to a hardware error" },
	{ 0x06070010,
	  "Data type does not match, length of service parameter does not match" },
	{ 0x06070012,
	  "Data type does not match, length of service parameter too high" },
	{ 0x06070013,
	  "Data type does not match, length of service parameter too low" },
	{ 0x06090011, "Subindex does not exist" },
	{ 0x06090030, "Value range of parameter exceeded" },
	{ 0x06090031, "Value of parameter written too high" },
	{ 0x06090032, "Value of parameter written too low" },
	{ 0x06090036, "Maximum value is less than minimum value" },
	{ 0x060a0023, "Resource not available: SDO connection" },
	{ 0x08000000, "General error" },
	{ 0x08000020,
	  "Data cannot be transferred or stored to the application" },
	{ 0x08000021,
	  "Data cannot be transferred or stored to the application because of local control" },
	{ 0x08000022,
	  "Data cannot be transferred or stored to the application because of the present device state" },
	{ 0x08000023,
	  "Object dictionary dynamic generation fails or no object dictionary is present" },
	{ 0x08000024, "No data available" },
};

/**
 * ec_sdo_abort_text() - text of an SDO abort code
 * @code: the abort code
 *
 * Return: the text, "Unknown SDO abort code" if not in the table.
 */
const char *ec_sdo_abort_text(uint32_t code)
{
	size_t i;

	for (i = 0; i < EC_ARRAY_SIZE(ec_sdo_abort_texts); i++)
		if (ec_sdo_abort_texts[i].code == code)
			return ec_sdo_abort_texts[i].text;
	return "Unknown SDO abort code";
}

/**
 * ec_sdo_abort_count() - number of SDO abort codes in the table
 */
size_t ec_sdo_abort_count(void)
{
	return EC_ARRAY_SIZE(ec_sdo_abort_texts);
}

/**
 * ec_sdo_abort_code_at() - the i-th SDO abort code of the table
 * @i: position
 *
 * Return: the code, 0 past the end.
 */
uint32_t ec_sdo_abort_code_at(size_t i)
{
	return i < EC_ARRAY_SIZE(ec_sdo_abort_texts) ?
		ec_sdo_abort_texts[i].code : 0;
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
