// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_pdos.c - 'pdos' (sync managers, PDO assignment and mapping) and
 * 'xml' (an ESI-style slave description from the same information).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "print.h"

/* SM control register direction bits 3:2 = 01: ECAT writes (outputs),
 * ETG.1000.4 table 58; such a sync manager carries RxPDOs. */
#define EC_SM_CONTROL_DIR_WRITE 0x04

static int ec_list_slave_pdos(struct ec_cli *c, struct ec_lib_master *m,
			      unsigned int master,
			      const struct ec_ioctl_slave *sl, bool header)
{
	struct ec_ioctl_slave_sync_pdo_entry e;
	struct ec_ioctl_slave_sync_pdo pdo;
	struct ec_ioctl_slave_sync sync;
	unsigned int i, j, k;
	int ret;

	if (header && sl->sync_count)
		ec_out_text("=== Master %u, Slave %u ===\n", master,
			    sl->position);
	ec_out_obj_open(NULL);
	ec_out_uint("master", NULL, master);
	ec_out_uint("position", NULL, sl->position);
	ec_out_arr_open("sync_managers");
	for (i = 0; i < sl->sync_count; i++) {
		ret = ec_lib_slave_sync(m, sl->position, i, &sync);
		if (ret)
			return ec_cli_lib_fail(c, m, ret);
		ec_out_obj_open(NULL);
		ec_out_uint("index", "SM%llu:", i);
		ec_out_uint("physical_start_address", " PhysAddr 0x%04llx",
			    sync.physical_start_address);
		ec_out_uint("default_size", ", DefaultSize %4llu",
			    sync.default_size);
		ec_out_uint("control_register", ", ControlRegister 0x%02llx",
			    sync.control_register);
		ec_out_uint("enable", ", Enable %llu\n", sync.enable);
		ec_out_arr_open("pdos");
		for (j = 0; j < sync.pdo_count; j++) {
			ret = ec_lib_slave_sync_pdo(m, sl->position, i, j,
						    &pdo);
			if (ret)
				return ec_cli_lib_fail(c, m, ret);
			ec_out_obj_open(NULL);
			ec_out_str("direction", "  %sxPDO",
				   sync.control_register &
				   EC_SM_CONTROL_DIR_WRITE ? "R" : "T");
			ec_out_uint("index", " 0x%04llx", pdo.index);
			ec_out_str("name", " \"%s\"\n", pdo.name);
			ec_out_arr_open("entries");
			for (k = 0; k < pdo.entry_count && !c->quiet; k++) {
				ret = ec_lib_slave_sync_pdo_entry(m,
					sl->position, i, j, k, &e);
				if (ret)
					return ec_cli_lib_fail(c, m, ret);
				ec_out_obj_open(NULL);
				ec_out_uint("index", "    PDO entry 0x%04llx",
					    e.index);
				ec_out_uint("subindex", ":%02llx", e.subindex);
				ec_out_uint("bit_length", ", %2llu bit",
					    e.bit_length);
				ec_out_str("name", ", \"%s\"\n", e.name);
				ec_out_obj_close();
			}
			ec_out_arr_close();
			ec_out_obj_close();
		}
		ec_out_arr_close();
		ec_out_obj_close();
	}
	ec_out_arr_close();
	ec_out_obj_close();
	return 0;
}

/*
 * pdos --skin etherlab: a template configuration for EtherLab's generic
 * EtherCAT slave block (a MATLAB function per slave), as IgH's tool
 * writes it: the sync managers with their PDOs and entries, then one
 * port per mapped entry (gaps have none).  One walk writes both; the
 * port lines wait in a memory stream.
 */
static int ec_etherlab_slave(struct ec_cli *c, struct ec_lib_master *m,
			     unsigned int master,
			     const struct ec_ioctl_slave *sl, bool header)
{
	struct ec_ioctl_slave_sync_pdo_entry e;
	struct ec_ioctl_slave_sync_pdo pdo;
	struct ec_ioctl_slave_sync sync;
	unsigned int i, j, k, port[2] = { 1, 1 };
	char *ports = NULL;
	size_t ports_len = 0;
	FILE *pf;
	bool in;
	int ret = 0;

	(void)header;
	pf = open_memstream(&ports, &ports_len);
	if (!pf)
		return ec_cli_fail(c, "out of memory");
	printf("%%\n%% Master %u, Slave %u", master, sl->position);
	if (sl->order[0])
		printf(", \"%.*s\"", EC_IOCTL_STRING_SIZE, sl->order);
	printf("\n%%\nfunction rv = slave%u()\n\n"
	       "%% Slave configuration\n\n"
	       "rv.SlaveConfig.vendor = %u;\n"
	       "rv.SlaveConfig.product = hex2dec('%08x');\n"
	       "rv.SlaveConfig.description = '%.*s';\n"
	       "rv.SlaveConfig.sm = { ...\n", sl->position, sl->vendor_id,
	       sl->product_code, EC_IOCTL_STRING_SIZE, sl->order);
	for (i = 0; i < sl->sync_count && !ret; i++) {
		ret = ec_lib_slave_sync(m, sl->position, i, &sync);
		if (ret)
			break;
		/* The block's inputs feed the slave's outputs. */
		in = sync.control_register & EC_SM_CONTROL_DIR_WRITE;
		printf("    {%u, %u, {\n", i, in ? 0 : 1);
		for (j = 0; j < sync.pdo_count && !ret; j++) {
			ret = ec_lib_slave_sync_pdo(m, sl->position, i, j,
						    &pdo);
			if (ret)
				break;
			printf("        {hex2dec('%04x'), [\n", pdo.index);
			for (k = 0; k < pdo.entry_count && !ret; k++) {
				ret = ec_lib_slave_sync_pdo_entry(m,
					sl->position, i, j, k, &e);
				if (ret)
					break;
				printf("            hex2dec('%04x'), hex2dec('%02x'), %3u; ...\n",
				       e.index, e.subindex, e.bit_length);
				if (!e.index)
					continue;
				fprintf(pf, "rv.PortConfig.%s(%u).pdo = [%u, %u, %u, 0];\n"
					"rv.PortConfig.%s(%u).pdo_data_type = %u;\n\n",
					in ? "input" : "output", port[in], i,
					j, k, in ? "input" : "output",
					port[in], 1000 + e.bit_length);
				port[in]++;
			}
			printf("            ]}, ...\n");
		}
		printf("        }}, ...\n");
	}
	fclose(pf);
	if (ret)
		ret = ec_cli_lib_fail(c, m, ret);
	else
		printf("    };\n\n%% Port configuration\n\n%send\n",
		       ports ? ports : "");
	free(ports);
	return ret;
}

/**
 * ec_cmd_pdos() - list sync managers, PDO assignment and mapping
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_pdos(struct ec_cli *c)
{
	bool etherlab = false;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	/* ec_cli_run() checked the skin's name and --json. */
	if (c->skin && !strcmp(c->skin, "etherlab"))
		etherlab = true;
	if (etherlab) {
		ret = ec_cli_each_slave(c, ec_etherlab_slave);
		fflush(stdout);
		return ret;
	}
	ec_out_arr_open("slaves");
	ret = ec_cli_each_slave(c, ec_list_slave_pdos);
	ec_out_arr_close();
	return ret;
}

/* Text for an XML element, with the markup characters escaped. */
static void ec_xml_text(const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", stdout);
			break;
		case '<':
			fputs("&lt;", stdout);
			break;
		case '>':
			fputs("&gt;", stdout);
			break;
		default:
			fputc(*s, stdout);
		}
	}
}

static void ec_xml_datatype(unsigned int bits)
{
	if (bits == 1)
		printf("BOOL");
	else if (bits % 8)
		printf("BIT%u", bits);
	else if (bits <= 64)
		printf("UINT%u", bits);
	else
		printf("STRING(%u)", bits / 8);
}

static int ec_xml_pdo(struct ec_cli *c, struct ec_lib_master *m,
		      const struct ec_ioctl_slave *sl, unsigned int i,
		      const struct ec_ioctl_slave_sync *sync, const char *in)
{
	const char *type = sync->control_register & EC_SM_CONTROL_DIR_WRITE ?
		"RxPdo" : "TxPdo";
	struct ec_ioctl_slave_sync_pdo_entry e;
	struct ec_ioctl_slave_sync_pdo pdo;
	unsigned int j, k;
	int ret;

	for (j = 0; j < sync->pdo_count; j++) {
		ret = ec_lib_slave_sync_pdo(m, sl->position, i, j, &pdo);
		if (ret)
			return ec_cli_lib_fail(c, m, ret);
		printf("%s        <%s Sm=\"%u\" Fixed=\"1\" Mandatory=\"1\">\n"
		       "%s          <Index>#x%04x</Index>\n"
		       "%s          <Name>", in, type, i, in, pdo.index, in);
		ec_xml_text(pdo.name);
		printf("</Name>\n");
		for (k = 0; k < pdo.entry_count; k++) {
			ret = ec_lib_slave_sync_pdo_entry(m, sl->position, i,
							  j, k, &e);
			if (ret)
				return ec_cli_lib_fail(c, m, ret);
			printf("%s          <Entry>\n"
			       "%s            <Index>#x%04x</Index>\n",
			       in, in, e.index);
			if (e.index)
				printf("%s            <SubIndex>%u</SubIndex>\n",
				       in, e.subindex);
			printf("%s            <BitLen>%u</BitLen>\n", in,
			       e.bit_length);
			if (e.index) {
				printf("%s            <Name>", in);
				ec_xml_text(e.name);
				printf("</Name>\n%s            <DataType>",
				       in);
				ec_xml_datatype(e.bit_length);
				printf("</DataType>\n");
			}
			printf("%s          </Entry>\n", in);
		}
		printf("%s        </%s>\n", in, type);
	}
	return 0;
}

static int ec_xml_slave(struct ec_cli *c, struct ec_lib_master *m,
			const struct ec_ioctl_slave *sl, const char *in)
{
	struct ec_ioctl_slave_sync sync;
	unsigned int i;
	int ret;

	printf("%s<EtherCATInfo>\n"
	       "%s  <!-- Slave %u -->\n"
	       "%s  <Vendor>\n"
	       "%s    <Id>%u</Id>\n"
	       "%s  </Vendor>\n"
	       "%s  <Descriptions>\n"
	       "%s    <Devices>\n"
	       "%s      <Device>\n"
	       "%s        <Type ProductCode=\"#x%08x\" RevisionNo=\"#x%08x\">",
	       in, in, sl->position, in, in, sl->vendor_id, in, in, in, in,
	       in, sl->product_code, sl->revision_number);
	ec_xml_text(sl->order);
	printf("</Type>\n");
	if (sl->name[0])
		printf("%s        <Name><![CDATA[%s]]></Name>\n", in, sl->name);
	for (i = 0; i < sl->sync_count; i++) {
		ret = ec_lib_slave_sync(m, sl->position, i, &sync);
		if (ret)
			return ec_cli_lib_fail(c, m, ret);
		printf("%s        <Sm Enable=\"%u\" StartAddress=\"#x%x\" ControlByte=\"#x%x\" DefaultSize=\"%u\" />\n",
		       in, sync.enable, sync.physical_start_address,
		       sync.control_register, sync.default_size);
	}
	for (i = 0; i < sl->sync_count; i++) {
		ret = ec_lib_slave_sync(m, sl->position, i, &sync);
		if (!ret)
			ret = ec_xml_pdo(c, m, sl, i, &sync, in);
		else
			ret = ec_cli_lib_fail(c, m, ret);
		if (ret)
			return ret;
	}
	printf("%s      </Device>\n%s    </Devices>\n%s  </Descriptions>\n"
	       "%s</EtherCATInfo>\n", in, in, in, in);
	return 0;
}

/**
 * ec_cmd_xml() - generate slave information XML
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_xml(struct ec_cli *c)
{
	struct ec_lib_master m;
	struct ec_slaves s;
	unsigned int index;
	size_t k;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (!ret)
		ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, &m, index, false);
	if (ret)
		return ret;
	ret = ec_cli_slaves(c, &m, &s);
	if (ret)
		goto out_close;
	printf("<?xml version=\"1.0\" ?>\n");
	if (s.count > 1)
		printf("<EtherCATInfoList>\n");
	for (k = 0; k < s.count && !ret; k++)
		ret = ec_xml_slave(c, &m, &s.all[s.sel[k]],
				   s.count > 1 ? "  " : "");
	if (s.count > 1)
		printf("</EtherCATInfoList>\n");
	ec_slaves_free(&s);
out_close:
	ec_lib_close(&m);
	return ret;
}
