// SPDX-License-Identifier: GPL-2.0-only
/*
 * coe_abort.c - texts of the SDO abort codes, CiA 301 table 22 and
 * ETG.1000.6 table 41 (the EtherCAT additions 0x0601000x).  A pure
 * table: the core logs it, the ethercat tool links this file too and
 * prints it (tool/tool.mk).
 */
#include "mailbox/coe_abort.h"

struct ec_coe_abort_text {
	u32 code;
	const char *text;
};

static const struct ec_coe_abort_text ec_coe_abort_texts[] = {
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
	{ 0x060A0023, "Resource not available: SDO connection" },
	{ 0x08000000, "General error" },
	{ 0x08000020,
	  "Data cannot be transferred or stored to the application" },
	{ 0x08000021,
	  "Data cannot be transferred or stored to the application because of local control" },
	{ 0x08000022, "Data cannot be transferred or stored to the "
		      "application because of the present device state" },
	{ 0x08000023,
	  "Object dictionary dynamic generation fails or no object dictionary is present" },
	{ 0x08000024, "No data available" },
};

#define EC_COE_ABORT_COUNT \
	(sizeof(ec_coe_abort_texts) / sizeof(ec_coe_abort_texts[0]))

/**
 * ec_coe_abort_text() - the text of an SDO abort code
 * @code: abort code as received
 *
 * Return: a static string; "Unknown SDO abort code" for codes not listed.
 */
const char *ec_coe_abort_text(u32 code)
{
	size_t i;

	for (i = 0; i < EC_COE_ABORT_COUNT; i++)
		if (ec_coe_abort_texts[i].code == code)
			return ec_coe_abort_texts[i].text;
	return "Unknown SDO abort code";
}

/**
 * ec_coe_abort_count() - the number of SDO abort codes with a text
 */
size_t ec_coe_abort_count(void)
{
	return EC_COE_ABORT_COUNT;
}

/**
 * ec_coe_abort_code_at() - the i-th SDO abort code of the table
 * @i: position, below ec_coe_abort_count()
 *
 * Return: the code; 0 past the end.
 */
u32 ec_coe_abort_code_at(size_t i)
{
	return i < EC_COE_ABORT_COUNT ? ec_coe_abort_texts[i].code : 0;
}
