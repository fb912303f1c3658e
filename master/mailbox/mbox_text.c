// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbox_text.c - FoE and SoE error code texts and the IDN notation (see
 * mbox_text.h).
 */
#include "mailbox/mbox_text.h"

struct ec_mbox_code_text {
	u32 code;
	const char *text;
};

static const struct ec_mbox_code_text ec_foe_texts[] = {
	{ EC_FOE_ERR_NOT_DEFINED, "Not defined" },
	{ EC_FOE_ERR_NOT_FOUND, "Not found" },
	{ EC_FOE_ERR_ACCESS_DENIED, "Access denied" },
	{ EC_FOE_ERR_DISK_FULL, "Disk full" },
	{ EC_FOE_ERR_ILLEGAL, "Illegal" },
	{ EC_FOE_ERR_PACKET_NUMBER, "Packet number wrong" },
	{ EC_FOE_ERR_EXISTS, "Already exists" },
	{ EC_FOE_ERR_NO_USER, "No user" },
	{ EC_FOE_ERR_BOOTSTRAP_ONLY, "Bootstrap only" },
	{ EC_FOE_ERR_NOT_BOOTSTRAP, "Not bootstrap" },
	{ EC_FOE_ERR_NO_RIGHTS, "No rights" },
	{ EC_FOE_ERR_PROGRAM, "Program error" },
};

/* IEC 61800-7-304 (SERCOS) service channel error codes. */
static const struct ec_mbox_code_text ec_soe_texts[] = {
	{ 0x0000, "No error" },
	{ 0x1001, "No IDN" },
	{ 0x1009, "Invalid access to element 1" },
	{ 0x2001, "No name" },
	{ 0x2002, "Name transmission too short" },
	{ 0x2003, "Name transmission too long" },
	{ 0x2004, "Name cannot be changed (read only)" },
	{ 0x2005, "Name is write-protected at this time" },
	{ 0x3002, "Attribute transmission too short" },
	{ 0x3003, "Attribute transmission too long" },
	{ 0x3004, "Attribute cannot be changed (read only)" },
	{ 0x3005, "Attribute is write-protected at this time" },
	{ 0x4001, "No units" },
	{ 0x4002, "Unit transmission too short" },
	{ 0x4003, "Unit transmission too long" },
	{ 0x4004, "Unit cannot be changed (read only)" },
	{ 0x4005, "Unit is write-protected at this time" },
	{ 0x5001, "No minimum input value" },
	{ 0x5002, "Minimum input value transmission too short" },
	{ 0x5003, "Minimum input value transmission too long" },
	{ 0x5004, "Minimum input value cannot be changed (read only)" },
	{ 0x5005, "Minimum input value is write-protected at this time" },
	{ 0x6001, "No maximum input value" },
	{ 0x6002, "Maximum input value transmission too short" },
	{ 0x6003, "Maximum input value transmission too long" },
	{ 0x6004, "Maximum input value cannot be changed (read only)" },
	{ 0x6005, "Maximum input value is write-protected at this time" },
	{ 0x7002, "Operation data transmission too short" },
	{ 0x7003, "Operation data transmission too long" },
	{ 0x7004, "Operation data cannot be changed (read only)" },
	{ 0x7005, "Operation data is write-protected at this time" },
	{ 0x7006, "Operation data is smaller than the minimum input value" },
	{ 0x7007, "Operation data is greater than the maximum input value" },
	{ 0x7008, "Invalid operation data" },
	{ 0x7009, "Operation data is write protected by a password" },
	{ 0x700a, "Operation data is write protected, it is configured cyclically" },
	{ 0x700b, "Invalid indirect addressing" },
	{ 0x700c, "Operation data is write protected, due to other settings" },
	{ 0x700d, "Reserved" },
	{ 0x7010, "Procedure command already active" },
	{ 0x7011, "Procedure command not interruptible" },
	{ 0x7012, "Procedure command at this time not executable" },
	{ 0x7013, "Procedure command not executable (invalid or false parameters)" },
	{ 0x7014, "No data state" },
	{ 0x8001, "No default value" },
	{ 0x8002, "Default value transmission too long" },
	{ 0x8004, "Default value cannot be changed, read only" },
	{ 0x800a, "Invalid drive number" },
	{ 0x800b, "General error" },
	{ 0x800c, "No element addressed" },
};

static const char *ec_mbox_code_find(const struct ec_mbox_code_text *t,
				     size_t n, u32 code)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].code == code)
			return t[i].text;
	return NULL;
}

/**
 * ec_foe_error_text() - the text of an FoE error code
 * @code: error code of an FoE error request
 *
 * Return: a static string.
 */
const char *ec_foe_error_text(u32 code)
{
	const char *t = ec_mbox_code_find(ec_foe_texts,
					  sizeof(ec_foe_texts) /
					  sizeof(ec_foe_texts[0]), code);

	return t ? t : "Unknown FoE error";
}

/**
 * ec_soe_error_text() - the text of an SoE error code
 * @code: error code of an SoE response with the error flag
 *
 * Return: a static string.
 */
const char *ec_soe_error_text(u16 code)
{
	const char *t = ec_mbox_code_find(ec_soe_texts,
					  sizeof(ec_soe_texts) /
					  sizeof(ec_soe_texts[0]), code);

	return t ? t : "Unknown SoE error";
}

/* Bit 15: product-specific (P), bits 14-12: parameter set, 11-0: number. */
#define EC_SOE_IDN_P 0x8000
#define EC_SOE_IDN_SET_SHIFT 12
#define EC_SOE_IDN_SET_MAX 7
#define EC_SOE_IDN_NUM_MAX 4095

static int ec_soe_digits(const char **p, unsigned long max, unsigned long *v)
{
	const char *s = *p;

	*v = 0;
	if (*s < '0' || *s > '9')
		return -EINVAL;
	while (*s >= '0' && *s <= '9') {
		*v = *v * 10 + (unsigned long)(*s - '0');
		if (*v > max)
			return -EINVAL;
		s++;
	}
	*p = s;
	return 0;
}

/**
 * ec_soe_idn_parse() - an IDN from its text
 * @text: "S-0-0011", "P-0-0001" (either case), or a 16-bit number
 *	(decimal or 0x hexadecimal)
 * @idn: the IDN
 *
 * Return: 0 or -EINVAL.
 */
int ec_soe_idn_parse(const char *text, u16 *idn)
{
	unsigned long set, num;
	const char *p = text;
	bool product;

	if ((p[0] == 'S' || p[0] == 's' || p[0] == 'P' || p[0] == 'p') &&
	    p[1] == '-') {
		product = p[0] == 'P' || p[0] == 'p';
		p += 2;
		if (ec_soe_digits(&p, EC_SOE_IDN_SET_MAX, &set) || *p++ != '-' ||
		    ec_soe_digits(&p, EC_SOE_IDN_NUM_MAX, &num) || *p)
			return -EINVAL;
		*idn = (u16)((product ? EC_SOE_IDN_P : 0) |
			     set << EC_SOE_IDN_SET_SHIFT | num);
		return 0;
	}
	num = 0;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p[2]) {
		for (p += 2; *p; p++) {
			int d = *p >= '0' && *p <= '9' ? *p - '0' :
				*p >= 'a' && *p <= 'f' ? *p - 'a' + 10 :
				*p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;

			if (d < 0 || num > 0xfff)
				return -EINVAL;
			num = num * 16 + (unsigned long)d;
		}
	} else if (ec_soe_digits(&p, 0xffff, &num) || *p) {
		return -EINVAL;
	}
	*idn = (u16)num;
	return 0;
}

/**
 * ec_soe_idn_format() - the text of an IDN
 * @idn: IDN
 * @buf: output, at least EC_SOE_IDN_TEXT_SIZE bytes
 * @size: its size
 */
void ec_soe_idn_format(u16 idn, char *buf, size_t size)
{
	snprintf(buf, size, "%c-%u-%04u", idn & EC_SOE_IDN_P ? 'P' : 'S',
		 (idn >> EC_SOE_IDN_SET_SHIFT) & EC_SOE_IDN_SET_MAX,
		 idn & EC_SOE_IDN_NUM_MAX);
}
