// SPDX-License-Identifier: GPL-2.0-only
/*
 * al_status.c - the texts of the AL status codes (register 0x0134).  A
 * pure table: the core logs it, the ethercat tool links this file too and
 * prints it (tool/tool.mk), so both name every code alike.
 */
#include "slave/al_status.h"

struct ec_al_status_text {
	u16 code;
	const char *text;
};

/* ETG.1000.6 table 11, ESC data sheet section I (AL status codes). */
static const struct ec_al_status_text ec_al_status_texts[] = {
	{ 0x0000, "No error" },
	{ 0x0001, "Unspecified error" },
	{ 0x0002, "No memory" },
	{ 0x0003, "Invalid device setup" },
	{ 0x0006, "SII/EEPROM information does not match firmware" },
	{ 0x0007,
	  "Firmware update not successful, old firmware still running" },
	{ 0x000E, "License error" },
	{ 0x0011, "Invalid requested state change" },
	{ 0x0012, "Unknown requested state" },
	{ 0x0013, "Bootstrap not supported" },
	{ 0x0014, "No valid firmware" },
	{ 0x0015, "Invalid mailbox configuration (BOOT)" },
	{ 0x0016, "Invalid mailbox configuration (PREOP)" },
	{ 0x0017, "Invalid sync manager configuration" },
	{ 0x0018, "No valid inputs available" },
	{ 0x0019, "No valid outputs" },
	{ 0x001A, "Synchronization error" },
	{ 0x001B, "Sync manager watchdog" },
	{ 0x001C, "Invalid sync manager types" },
	{ 0x001D, "Invalid output configuration" },
	{ 0x001E, "Invalid input configuration" },
	{ 0x001F, "Invalid watchdog configuration" },
	{ 0x0020, "Slave needs cold start" },
	{ 0x0021, "Slave needs INIT" },
	{ 0x0022, "Slave needs PREOP" },
	{ 0x0023, "Slave needs SAFEOP" },
	{ 0x0024, "Invalid input mapping" },
	{ 0x0025, "Invalid output mapping" },
	{ 0x0026, "Inconsistent settings" },
	{ 0x0027, "Freerun not supported" },
	{ 0x0028, "Synchronization not supported" },
	{ 0x0029, "Freerun needs 3-buffer mode" },
	{ 0x002A, "Background watchdog" },
	{ 0x002B, "No valid inputs and outputs" },
	{ 0x002C, "Fatal sync error" },
	{ 0x002D, "No sync error" },
	{ 0x002E, "Invalid input FMMU configuration" },
	{ 0x0030, "Invalid DC SYNC configuration" },
	{ 0x0031, "Invalid DC latch configuration" },
	{ 0x0032, "PLL error" },
	{ 0x0033, "DC sync IO error" },
	{ 0x0034, "DC sync timeout error" },
	{ 0x0035, "DC invalid sync cycle time" },
	{ 0x0036, "DC invalid SYNC0 cycle time" },
	{ 0x0037, "DC invalid SYNC1 cycle time" },
	{ 0x0041, "MBX_AOE" },
	{ 0x0042, "MBX_EOE" },
	{ 0x0043, "MBX_COE" },
	{ 0x0044, "MBX_FOE" },
	{ 0x0045, "MBX_SOE" },
	{ 0x004F, "MBX_VOE" },
	{ 0x0050, "EEPROM no access" },
	{ 0x0051, "EEPROM error" },
	{ 0x0052, "External hardware not ready" },
	{ 0x0060, "Slave restarted locally" },
	{ 0x0061, "Device identification value updated" },
	{ 0x00F0, "Application controller available" },
};

#define EC_AL_STATUS_COUNT \
	(sizeof(ec_al_status_texts) / sizeof(ec_al_status_texts[0]))

/**
 * ec_al_status_text() - the text of an AL status code (register 0x0134)
 * @code: AL status code
 *
 * Return: a static string; codes 0x8000 and up are vendor specific.
 */
const char *ec_al_status_text(u16 code)
{
	size_t i;

	for (i = 0; i < EC_AL_STATUS_COUNT; i++)
		if (ec_al_status_texts[i].code == code)
			return ec_al_status_texts[i].text;
	if (code >= EC_AL_STATUS_VENDOR)
		return "Vendor specific error";
	return "Unknown AL status code";
}

/**
 * ec_al_status_count() - the number of AL status codes with a text
 */
size_t ec_al_status_count(void)
{
	return EC_AL_STATUS_COUNT;
}

/**
 * ec_al_status_code_at() - the i-th AL status code of the table
 * @i: position, below ec_al_status_count()
 *
 * Return: the code; 0xffff past the end.
 */
u16 ec_al_status_code_at(size_t i)
{
	return i < EC_AL_STATUS_COUNT ? ec_al_status_texts[i].code : 0xffff;
}
