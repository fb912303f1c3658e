// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_cstruct.c - 'cstruct': a slave's current sync managers, PDOs and
 * PDO entries as C arrays (ec_pdo_entry_info_t, ec_pdo_info_t,
 * ec_sync_info_t) ready for ecrt_slave_config_pdos(), in IgH's layout.
 * Works from the scanned slave alone; no application is needed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"

/*
 * Sync manager control register bits, ETG.1000.4 table 58: bits 3:2 are
 * the direction (01: ECAT writes, i.e. outputs), bit 6 enables the
 * watchdog trigger.
 */
#define EC_SM_CONTROL_DIR_WRITE 0x04
#define EC_SM_CONTROL_WATCHDOG 0x40

/* Three growing texts: entries, PDOs and syncs, printed in that order. */
struct ec_cstruct_out {
	char *buf[3];
	size_t len[3];
	FILE *f[3];
};

enum { EC_CS_ENTRIES, EC_CS_PDOS, EC_CS_SYNCS };

static int ec_cstruct_open(struct ec_cstruct_out *o)
{
	int i;

	for (i = 0; i < 3; i++) {
		o->buf[i] = NULL;
		o->f[i] = open_memstream(&o->buf[i], &o->len[i]);
		if (!o->f[i]) {
			while (i--)
				fclose(o->f[i]);
			return -1;
		}
	}
	return 0;
}

static void ec_cstruct_close(struct ec_cstruct_out *o)
{
	int i;

	for (i = 0; i < 3; i++) {
		fclose(o->f[i]);
		free(o->buf[i]);
	}
}

static int ec_cstruct_sync(struct ec_cli *c, struct ec_lib_master *m,
			   const struct ec_ioctl_slave *sl, unsigned int i,
			   struct ec_cstruct_out *o, unsigned int *pdo_pos,
			   unsigned int *entry_pos)
{
	unsigned int pos = sl->position, j, k;
	struct ec_ioctl_slave_sync_pdo_entry e;
	struct ec_ioctl_slave_sync_pdo pdo;
	struct ec_ioctl_slave_sync sync;
	int ret;

	ret = ec_lib_slave_sync(m, pos, i, &sync);
	if (ret)
		return ec_cli_lib_fail(c, m, ret);
	fprintf(o->f[EC_CS_SYNCS], "    {%u, %s, %u, ", i,
		sync.control_register & EC_SM_CONTROL_DIR_WRITE ?
		"EC_DIR_OUTPUT" : "EC_DIR_INPUT", sync.pdo_count);
	if (sync.pdo_count)
		fprintf(o->f[EC_CS_SYNCS], "slave_%u_pdos + %u", pos,
			*pdo_pos);
	else
		fprintf(o->f[EC_CS_SYNCS], "NULL");
	fprintf(o->f[EC_CS_SYNCS], ", %s},\n",
		sync.control_register & EC_SM_CONTROL_WATCHDOG ?
		"EC_WD_ENABLE" : "EC_WD_DISABLE");
	*pdo_pos += sync.pdo_count;

	for (j = 0; j < sync.pdo_count; j++) {
		ret = ec_lib_slave_sync_pdo(m, pos, i, j, &pdo);
		if (ret)
			return ec_cli_lib_fail(c, m, ret);
		fprintf(o->f[EC_CS_PDOS], "    {0x%04x, %u, ", pdo.index,
			pdo.entry_count);
		if (pdo.entry_count)
			fprintf(o->f[EC_CS_PDOS], "slave_%u_pdo_entries + %u",
				pos, *entry_pos);
		else
			fprintf(o->f[EC_CS_PDOS], "NULL");
		fprintf(o->f[EC_CS_PDOS], "},");
		if (pdo.name[0])
			fprintf(o->f[EC_CS_PDOS], " /* %s */", pdo.name);
		fputc('\n', o->f[EC_CS_PDOS]);
		*entry_pos += pdo.entry_count;

		for (k = 0; k < pdo.entry_count; k++) {
			ret = ec_lib_slave_sync_pdo_entry(m, pos, i, j, k, &e);
			if (ret)
				return ec_cli_lib_fail(c, m, ret);
			fprintf(o->f[EC_CS_ENTRIES],
				"    {0x%04x, 0x%02x, %u},", e.index,
				e.subindex, e.bit_length);
			if (e.name[0])
				fprintf(o->f[EC_CS_ENTRIES], " /* %s */",
					e.name);
			fputc('\n', o->f[EC_CS_ENTRIES]);
		}
	}
	return 0;
}

static int ec_cstruct_slave(struct ec_cli *c, struct ec_lib_master *m,
			    unsigned int master,
			    const struct ec_ioctl_slave *sl, bool header)
{
	(void)header;	/* every slave gets its own C block */
	unsigned int i, pdo_pos = 0, entry_pos = 0, pos = sl->position;
	struct ec_cstruct_out o;
	int ret = 0;

	if (!sl->sync_count)
		return 0;
	if (ec_cstruct_open(&o))
		return ec_cli_fail(c, "out of memory");
	for (i = 0; i < sl->sync_count && !ret; i++)
		ret = ec_cstruct_sync(c, m, sl, i, &o, &pdo_pos, &entry_pos);
	for (i = 0; i < 3; i++)
		fflush(o.f[i]);
	if (ret)
		goto out_close;

	printf("/* Master %u, Slave %u", master, pos);
	if (sl->order[0])
		printf(", \"%.*s\"", EC_IOCTL_STRING_SIZE, sl->order);
	printf("\n * Vendor ID:       0x%08x\n"
	       " * Product code:    0x%08x\n"
	       " * Revision number: 0x%08x\n"
	       " */\n\n", sl->vendor_id, sl->product_code,
	       sl->revision_number);
	if (entry_pos)
		printf("ec_pdo_entry_info_t slave_%u_pdo_entries[] = {\n"
		       "%s};\n\n", pos, o.buf[EC_CS_ENTRIES]);
	if (pdo_pos)
		printf("ec_pdo_info_t slave_%u_pdos[] = {\n%s};\n\n", pos,
		       o.buf[EC_CS_PDOS]);
	printf("ec_sync_info_t slave_%u_syncs[] = {\n%s    {0xff}\n};\n\n",
	       pos, o.buf[EC_CS_SYNCS]);
out_close:
	ec_cstruct_close(&o);
	return ret;
}

/**
 * ec_cmd_cstruct() - generate slave PDO information in C language
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_cstruct(struct ec_cli *c)
{
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ret = ec_cli_each_slave(c, ec_cstruct_slave);
	fflush(stdout);
	return ret;
}
