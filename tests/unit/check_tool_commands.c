// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_commands.c - the tool's commands that read the master and
 * the slaves or write registers, SII and states (master, slaves, sdos,
 * pdos, xml, graph, reg_*, crc, sii_*, alias, states), help, usage
 * errors and output files, end to end against the fake ioctl layer of
 * tool_fake_bus.h.  Output and exit codes are checked.
 */
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "slave/al_status.h"
#include "tool_run.h"
#include "tool_fake_bus.h"

START_TEST(test_master)
{
	fake_bus();
	ck_assert_int_eq(run("master", NULL), 0);
	ck_has(out, "Master0\n  Phase: Idle\n  Active: no\n  Slaves: 3\n");
	ck_has(out, "    Main: 52:54:00:ec:a7:01 (attached)\n"
	       "      Link: UP\n"
	       "      Driver: ec_e1000e\n");
	ck_has(out, "      Rx frames:   1234\n");
	ck_has(out, "      Tx frame rate [1/s]:    100      0      0\n");
	ck_has(out, "      Tx rate [KByte/s]:      2.0    0.0    0.0\n");
	ck_has(out, "      Lost frames: 1\n");
	ck_has(out, "      Frame loss [%]:         1.0    0.0    0.0\n");
	ck_has(out, "    Reference clock:   None\n");
	ck_has(out, "                       2000-01-01 00:00:00.000000000\n");
	ck_has(out, "  Monitoring in operation:\n"
	       "    Per cycle at most: 1 datagram, 14 bytes (one every 2000 us,"
	       " AL status broadcast every 10000 us)\n"
	       "    Topology change or AL error noticed within: 13000 us"
	       " (cycle 1000 us, 3 slaves)\n");
	ck_has(out, "    Broadcasts: 7, slave checks: 0, sweeps: 0");
	ck_assert_ptr_null(strstr(out, "Duplicate"));
	ck_assert_str_eq(err, "");
}
END_TEST

/*
 * Duplicate station aliases (issue 29): "master" says which, in one line
 * printed only then, and "slaves -v" at each slave that has one; the
 * default "slaves" list is unchanged.
 */
/*
 * A rescan between the CLI's ioctls (one per slave) changes the slave
 * list under it: it reads the list again instead of failing with the
 * ioctl's "slave info: Invalid argument", and when the list keeps
 * changing says so.
 */
START_TEST(test_slaves_list_changing)
{
	fake_bus();
	fake_unstable_reads = 4;	/* 2, 3, 2, 3: then it holds at 3 */
	ck_assert_int_eq(run("slaves", "-v", NULL), 0);
	ck_has(out, "=== Master 0, Slave 2 ===\n");
	ck_assert_ptr_null(strstr(err, "Invalid argument"));
	fake_unstable_reads = 1000;
	ck_assert_int_ne(run("slaves", NULL), 0);
	ck_has(err, "the slave list changed while reading, try again");
	ck_assert_ptr_null(strstr(err, "Invalid argument"));
}
END_TEST

START_TEST(test_duplicate_aliases)
{
	json_t *j, *m, *d;

	fake_bus();
	slaves[1].alias = 16;
	slaves[1].alias_holders = 2;
	slaves[1].alias_next = 2;
	slaves[2].alias_holders = 2;
	slaves[2].alias_next = 1;
	fake_dup_aliases = 1;
	ck_assert_int_eq(run("master", NULL), 0);
	ck_has(out, "  Slaves: 3\n  Duplicate aliases: 16 (slaves 1, 2)\n"
	       "  Ethernet devices:\n");
	ck_assert_int_eq(run("slaves", "-p", "1", "-v", NULL), 0);
	ck_has(out, "=== Master 0, Slave 1 ===\nAlias: 16\n"
	       "  Duplicate: 2 slaves have this alias (the next: slave 2);"
	       " a config addressed by it is not attached\nDevice: Main\nState: OP\n");
	ck_assert_int_eq(run("slaves", "-p", "0", "-v", NULL), 0);
	ck_assert_ptr_null(strstr(out, "Duplicate"));
	ck_assert_int_eq(run("slaves", NULL), 0);
	ck_assert_str_eq(out,
		"0   0:0  OP     +  EK1100 EtherCAT-Koppler\n"
		"1  16:0  OP     +  EL2004 4K. Dig. Ausgang\n"
		"2  16:0  PREOP  +  0x00000002:0x044c2c54\n");

	j = run_json("master");
	m = json_array_get(json_object_get(j, "masters"), 0);
	d = json_array_get(json_object_get(m, "duplicate_aliases"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(d, "alias")), 16);
	ck_assert_int_eq(json_array_size(json_object_get(d, "slaves")), 2);
	ck_assert_int_eq(json_integer_value(json_array_get(
		json_object_get(d, "slaves"), 1)), 2);
	json_decref(j);
	ck_assert_int_eq(run("-j", "slaves", "-p", "2", "-v", NULL), 0);
	j = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(j);
	d = json_object_get(json_array_get(json_object_get(j, "slaves"), 0),
			    "duplicate_alias");
	ck_assert_int_eq(json_integer_value(json_object_get(d, "holders")), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(d, "next")), 1);
	json_decref(j);

	/* without duplicates the JSON has no such key either */
	fake_bus();
	j = run_json("master");
	m = json_array_get(json_object_get(j, "masters"), 0);
	ck_assert_ptr_null(json_object_get(m, "duplicate_aliases"));
	json_decref(j);
}
END_TEST

START_TEST(test_master_json)
{
	json_t *j, *m, *dev;

	fake_bus();
	j = run_json("master");
	m = json_array_get(json_object_get(j, "masters"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(m, "phase")),
			 "Idle");
	dev = json_array_get(json_object_get(m, "devices"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(dev, "mac")),
			 "52:54:00:ec:a7:01");
	ck_assert(json_is_true(json_object_get(dev, "link")));
	ck_assert_str_eq(json_string_value(json_object_get(dev, "driver")),
			 "ec_e1000e");
	ck_assert_int_eq(json_integer_value(json_object_get(dev,
							    "rx_frames")),
			 1234);
	ck_assert(json_number_value(json_array_get(json_object_get(dev,
		"tx_kbyte_rates"), 0)) == 2.0);
	ck_assert(json_is_null(json_object_get(json_object_get(m, "dc"),
					       "reference_clock")));
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_object_get(m, "monitoring"), "notice_us")), 13000);
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_object_get(m, "monitoring"), "max_bytes_per_cycle")), 14);
	json_decref(j);
}
END_TEST

/* With a backup device: the ring state, closed or broken. */
START_TEST(test_master_redundancy)
{
	json_t *j, *r;

	fake_bus();
	ck_assert_int_eq(run("master", NULL), 0);
	ck_assert_ptr_null(strstr(out, "Redundancy"));
	fake_red.configured = 1;
	fake_red.known = 1;
	fake_red.side_slaves[0] = 5;
	ck_assert_int_eq(run("master", NULL), 0);
	ck_has(out, "  Redundancy: ring closed, 5 slave(s)\n");
	fake_red.broken = 1;
	fake_red.break_pos = 2;
	fake_red.side_slaves[0] = 2;
	fake_red.side_slaves[1] = 3;
	fake_red.breaks = 1;
	fake_red.partial = 7;
	ck_assert_int_eq(run("master", NULL), 0);
	ck_has(out, "  Redundancy: ring broken in front of slave 2 (2 slave(s) "
	       "on main, 3 on backup)\n    Breaks seen: 1\n"
	       "    Datagrams with one copy: 7\n");
	j = run_json("master");
	r = json_object_get(json_array_get(json_object_get(j, "masters"), 0),
			    "redundancy");
	ck_assert_str_eq(json_string_value(json_object_get(r, "ring")),
			 "broken");
	ck_assert_int_eq(json_integer_value(json_object_get(r,
		"break_position")), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(r,
		"backup_slaves")), 3);
	json_decref(j);
}
END_TEST

START_TEST(test_master_errors)
{
	char want[128];

	fake_bus();
	ck_assert_int_eq(run("-m", "1", "master", NULL), EC_EXIT_FAIL);
	ck_has(err, "ethercat: master: master 1 (from -m '1') does not exist: the module has only master 0\n");
	fake_version = EC_IOCTL_VERSION + 1;
	ck_assert_int_eq(run("master", NULL), EC_EXIT_FAIL);
	snprintf(want, sizeof(want),
		 "ioctl ABI version mismatch: library/tool built for %u, module ec_master speaks %u",
		 EC_IOCTL_VERSION, EC_IOCTL_VERSION + 1);
	ck_has(err, want);
	ck_assert_int_eq(run("version", NULL), EC_EXIT_FAIL);
	snprintf(want, sizeof(want), "ec_master module: ioctl ABI version %u",
		 EC_IOCTL_VERSION + 1);
	ck_has(out, want);
	fake_version = EC_IOCTL_VERSION;
	ck_assert_int_eq(run("version", NULL), 0);
	ck_has(out, "IgH EtherCAT master " EC_VERSION "\n");
	snprintf(want, sizeof(want), "ethercat tool " EC_VERSION
		 ", ioctl ABI version %u", EC_IOCTL_VERSION);
	ck_has(out, want);
	snprintf(want, sizeof(want), "ec_master module: ioctl ABI version %u",
		 EC_IOCTL_VERSION);
	ck_has(out, want);
	/* as IgH's: no module is no failure */
	fake_no_module = true;
	ck_assert_int_eq(run("version", NULL), 0);
	ck_has(out, "IgH EtherCAT master " EC_VERSION "\n");
	ck_has(out, "ec_master module: not loaded");
	fake_no_module = false;
}
END_TEST

START_TEST(test_slaves)
{
	fake_bus();
	ck_assert_int_eq(run("sl", NULL), 0);
	ck_assert_str_eq(out,
		"0   0:0  OP     +  EK1100 EtherCAT-Koppler\n"
		"1   0:1  OP     +  EL2004 4K. Dig. Ausgang\n"
		"2  16:0  PREOP  +  0x00000002:0x044c2c54\n");
	ck_assert_int_eq(run("slaves", "-a", "16", NULL), 0);
	ck_assert_str_eq(out, "2  16:0  PREOP  +  0x00000002:0x044c2c54\n");
	ck_assert_int_eq(run("slaves", "-p", "1", "-v", NULL), 0);
	ck_has(out, "=== Master 0, Slave 1 ===\nDevice: Main\nState: OP\nFlag: +\n");
	ck_has(out, "  Vendor Id:       0x00000002\n");
	ck_has(out, "   1  EBUS  up    open    no              2\n");
	ck_assert_int_eq(run("slaves", "-p", "2", "-v", NULL), 0);
	ck_has(out, "  Supported protocols: CoE\n");
	ck_has(out, "    Enable SDO complete access: yes\n");
	ck_assert_int_eq(run("slaves", "-p", "x", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_slaves_json)
{
	json_t *j, *arr;

	fake_bus();
	j = run_json("slaves");
	arr = json_object_get(j, "slaves");
	ck_assert_int_eq(json_array_size(arr), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_array_get(arr, 2), "alias")), 16);
	ck_assert_str_eq(json_string_value(json_object_get(
		json_array_get(arr, 0), "state")), "OP");
	json_decref(j);
}
END_TEST

/*
 * "slaves -v" prints every AL status code the core's table knows with the
 * core's text (the table is iterated: a code added to
 * master/slave/al_status.c is covered without touching this test), and
 * -j gives code and text for each, 0x0000 too.
 */
START_TEST(test_slaves_al_status_codes)
{
	/* the codes tool/tables.c once lacked */
	static const uint16_t once_missing[] = { 0x0006, 0x0007, 0x000e,
						 0x002e, 0x0052 };
	size_t i, n = ec_al_status_count();
	json_error_t jerr;
	char line[160];
	json_t *j, *sl;

	ck_assert_uint_ge(n, 50);
	for (i = 0; i < sizeof(once_missing) / sizeof(once_missing[0]); i++)
		ck_assert_str_ne(ec_al_status_text(once_missing[i]),
				 "Unknown AL status code");
	for (i = 0; i < n; i++) {
		uint16_t code = ec_al_status_code_at(i);
		const char *text = ec_al_status_text(code);

		ck_assert_str_ne(text, "Unknown AL status code");
		fake_bus();
		slaves[1].al_status_code = code;
		ck_assert_int_eq(run("slaves", "-p", "1", "-v", NULL), 0);
		snprintf(line, sizeof(line), "AL status code: 0x%04x (%s)\n",
			 code, text);
		if (code)
			ck_has(out, line);
		else
			ck_assert_ptr_null(strstr(out, "AL status code"));

		ck_assert_int_eq(run("-j", "slaves", "-p", "1", "-v", NULL), 0);
		j = json_loads(out, 0, &jerr);
		ck_assert_msg(j != NULL, "%s: %s", jerr.text, out);
		sl = json_array_get(json_object_get(j, "slaves"), 0);
		ck_assert_ptr_nonnull(sl);
		ck_assert_int_eq(json_integer_value(json_object_get(
			sl, "al_status_code")), code);
		ck_assert_str_eq(json_string_value(json_object_get(
			sl, "al_status_text")), text);
		json_decref(j);
	}
}
END_TEST

START_TEST(test_sdos_pdos)
{
	fake_bus();
	ck_assert_int_eq(run("sdos", "-p", "2", NULL), 0);
	ck_assert_str_eq(out,
		"SDO 0x1018, \"Identity\"\n"
		"  0x1018:00, rwrwrw, uint8, 8 bit, \"SubIndex 000\"\n"
		"  0x1018:01, rwrwrw, uint32, 32 bit, \"Vendor ID\"\n"
		"SDO 0x2000, \"Greeting\"\n"
		"  0x2000:00, rwrwrw, string, 40 bit, \"Greeting\"\n");
	ck_assert_int_eq(run("sdos", "-q", "-p", "2", NULL), 0);
	ck_assert_str_eq(out, "SDO 0x1018, \"Identity\"\n"
			 "SDO 0x2000, \"Greeting\"\n");
	ck_assert_int_eq(run("pdos", "-p", "2", NULL), 0);
	ck_assert_str_eq(out,
		"SM0: PhysAddr 0x1000, DefaultSize  128, ControlRegister 0x26, Enable 1\n"
		"SM1: PhysAddr 0x1080, DefaultSize  128, ControlRegister 0x22, Enable 1\n"
		"SM2: PhysAddr 0x1100, DefaultSize    0, ControlRegister 0x24, Enable 1\n"
		"  RxPDO 0x1600 \"Outputs\"\n"
		"    PDO entry 0x7000:01,  1 bit, \"Out1\"\n"
		"    PDO entry 0x0000:00,  7 bit, \"\"\n");
}
END_TEST

START_TEST(test_xml_graph)
{
	fake_bus();
	ck_assert_int_eq(run("xml", "-p", "2", NULL), 0);
	ck_has(out, "<?xml version=\"1.0\" ?>\n<EtherCATInfo>\n");
	ck_has(out, "<Type ProductCode=\"#x044c2c54\" RevisionNo=\"#x00000000\">SIM-COE</Type>");
	ck_has(out, "<RxPdo Sm=\"2\" Fixed=\"1\" Mandatory=\"1\">");
	ck_has(out, "<DataType>BOOL</DataType>");
	ck_assert_int_eq(run("graph", NULL), 0);
	ck_has(out, "strict graph bus {");
	ck_has(out, "    master -- slave0[label=\"EBUS\"]\n");
	ck_has(out, "    slave1 -- slave2 [taillabel=\"1\",headlabel=\"0\",label=\"EBUS\",weight=\"5\"]\n");
	/* filled by AL state: OP green, PREOP blue */
	ck_has(out, "slave2 [shape=\"box\",label=\"2 / 16:0\\nSIM-COE\",style=\"filled\",fillcolor=\"#66aaff\"]");
	ck_has(out, "slave0 [shape=\"box\",label=\"0 / 0:0\\nEKEL\",style=\"filled\",fillcolor=\"#33cc33\"]");
	/* the master's link health calls the cable into slave 2 unhealthy */
	memset(fake_health, 0, sizeof(fake_health));
	fake_health[2].read = 1;
	fake_health[2].port_faults[0] = EC_IOCTL_HEALTH_FAULT_RX;
	fake_health[2].peer[0] = 1;
	fake_health[2].peer_port[0] = 1;
	ck_assert_int_eq(run("graph", NULL), 0);
	ck_has(out, "    slave1 -- slave2 [taillabel=\"1\",headlabel=\"0\",label=\"EBUS\",weight=\"5\",color=\"#ff0000\",penwidth=\"4\",tooltip=\"RX errors rising on the cable between slave 1 port 1 and slave 2 port 0\"]\n");
	ck_has(out, "    slave0 -- slave1 [taillabel=\"1\",headlabel=\"0\",label=\"EBUS\",weight=\"5\"]\n");
	if (!access("/usr/bin/dot", X_OK)) {
		ck_assert_int_eq(run("graph", "--svg", NULL), 0);
		ck_has(out, "<svg");
		ck_has(out, "fill=\"#33cc33\"");
		ck_has(out, "stroke=\"#ff0000\"");
	}
	ck_assert_int_eq(run("graph", "--svg", "-j", NULL), EC_EXIT_USAGE);
	memset(fake_health, 0, sizeof(fake_health));
	ck_assert_int_eq(run("graph", "CRC", NULL), 0);
	ck_has(out, "slave0 -- slave1 [taillabel=\"1 [0/0]\",headlabel=\"0 [3/0]\"");
	ck_assert_int_eq(run("graph", "foo", NULL), EC_EXIT_USAGE);
}
END_TEST

/*
 * 'metrics': the Prometheus text format, every sample's family with a
 * HELP and a TYPE line before it (tests/vm/t_link_health.sh parses the
 * real one with prometheus_client).
 */
START_TEST(test_metrics)
{
	char *line, *save = NULL, *copy;
	unsigned int samples = 0;

	fake_bus();
	ck_assert_int_eq(run("metrics", NULL), 0);
	ck_has(out, "# TYPE ethercat_frames_lost_total counter\n");
	ck_has(out, "ethercat_slave_al_state{master=\"0\",slave=\"1\","
		    "name=\"EL2004 4K. Dig. Ausgang\"} 8\n");
	ck_has(out, "ethercat_port_rx_errors_total{master=\"0\",slave=\"0\","
		    "name=\"EK1100 EtherCAT-Koppler\",port=\"0\"} 0\n");
	copy = strdup(out);
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char name[128], head[160];
		size_t n;

		if (line[0] == '#')
			continue;
		n = strcspn(line, "{ ");
		ck_assert_uint_lt(n, sizeof(name));
		memcpy(name, line, n);
		name[n] = '\0';
		snprintf(head, sizeof(head), "# HELP %s ", name);
		ck_assert_msg(strstr(out, head), "no HELP for %s", name);
		snprintf(head, sizeof(head), "# TYPE %s ", name);
		ck_assert_msg(strstr(out, head), "no TYPE for %s", name);
		samples++;
	}
	free(copy);
	ck_assert_uint_gt(samples, 30);
	ck_assert_int_eq(run("metrics", "extra", NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("metrics", "--interval", "0", "--textfile", "x",
			     NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("-j", "metrics", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_regs_crc)
{
	fake_bus();
	ck_assert_int_eq(run("reg_read", "-p0", "0x130", "-t", "uint16",
			     NULL), 0);
	ck_assert_str_eq(out, "0x0008 8\n");
	ck_assert_int_eq(run("reg_read", "-p0", "0x130", "2", NULL), 0);
	ck_assert_str_eq(out, "0x08 0x00\n");
	ck_assert_int_eq(run("reg_read", "-p0", "0x130", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("reg_write", "-p1", "-t", "uint16", "0x120",
			     "0x0204", NULL), 0);
	ck_assert_uint_eq(regs[1][0x120], 0x04);
	ck_assert_uint_eq(regs[1][0x121], 0x02);
	ck_assert_int_eq(run("crc", NULL), 0);
	ck_has(out, "   |Port 0         |Port 1         |Port 2         |Port 3         |\n");
	ck_has(out, "  1|  3   0   0    |  0   0   0   \xe2\x86\x93|               |               |EL2004 4K. \n");
	ck_assert_int_eq(run("crc", "reset", NULL), 0);
	ck_assert_uint_eq(regs[1][0x300], 0);
}
END_TEST

START_TEST(test_sii_alias_states)
{
	char path[] = "/tmp/check_tool_siiXXXXXX";
	uint8_t img[SII_WORDS * 2];
	FILE *f;
	int fd;

	fake_bus();
	ck_assert_int_eq(run("sii_read", "-p1", NULL), 0);
	ck_assert_mem_eq(out, sii[1], 64);

	ck_assert_int_eq(run("alias", "-p", "1", "0x55", NULL), 0);
	ck_assert_uint_eq(sii[1][2 * EC_SII_WORD_ALIAS], 0x55);
	ck_assert_uint_eq(sii[1][2 * EC_SII_WORD_CHECKSUM],
			  ec_sii_crc(sii[1], 14));
	ck_assert_int_eq(run("alias", "5", NULL), EC_EXIT_FAIL);
	ck_has(err, "use --force");

	/* sii_write refuses a wrong checksum unless forced */
	memcpy(img, sii[0], sizeof(img));
	img[0] = 0x77;
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "wb");
	fwrite(img, 1, sizeof(img), f);
	fclose(f);
	ck_assert_int_eq(run("sii_write", "-p0", path, NULL), EC_EXIT_FAIL);
	ck_has(err, "CRC incorrect");
	ck_assert_uint_ne(sii[0][0], 0x77);
	ck_assert_int_eq(run("sii_write", "-f", "-p0", path, NULL), 0);
	ck_assert_uint_eq(sii[0][0], 0x77);
	unlink(path);

	ck_assert_int_eq(run("states", "-a", "16", "safeop", NULL), 0);
	ck_assert_uint_eq(last_state[2], 0x04);
	ck_assert_uint_eq(last_state[0], 0);
	ck_assert_int_eq(run("states", "RUN", NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("rescan", NULL), 0);
	ck_assert_int_eq(run("debug", "1", NULL), 0);
	ck_assert_int_eq(run("debug", "3", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_help)
{
	ck_assert_int_eq(run("help", "upl", NULL), 0);
	ck_has(out, "ethercat upload [OPTIONS] <INDEX> <SUBINDEX>\n");
	ck_assert_int_eq(run("sdos", "--help", NULL), 0);
	ck_has(out, "List SDO dictionaries.");
	ck_assert_int_eq(run("--help", NULL), 0);
	ck_has(out, "Commands (can be abbreviated):");
	ck_assert_int_eq(run("help", "s", NULL), EC_EXIT_USAGE);
}
END_TEST

/* Bad arguments: each named in the message, with a non-zero exit. */
START_TEST(test_bad_arguments)
{
	char dir[] = "/tmp/check_tool_dirXXXXXX";
	size_t i;

	fake_bus();
	ck_assert_int_eq(run("states", "-p", "99", "OP", NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(err, "ethercat: states: master 0: slave 99 does not exist: there are 3 slaves\n");
	ck_assert_uint_eq(last_state[0] | last_state[1] | last_state[2], 0);
	ck_assert_int_eq(run("slaves", "-p", "1,99", NULL), EC_EXIT_FAIL);
	ck_has(err, "slave 99 does not exist");
	ck_assert_str_eq(out, "");
	/* reversed and empty ranges: usage errors naming the range */
	ck_assert_int_eq(run("-p", "1-0", "slaves", NULL), EC_EXIT_USAGE);
	ck_assert_str_eq(err, "ethercat: slaves: reversed range '1-0' in position list '1-0': write it as 0-1\n"
			 "Try 'ethercat slaves --help' for more information.\n");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("slaves", "-p", "7-", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: slaves: empty range '7-' in position list '7-': the last position is 2\n");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("states", "-p", "2-1", "OP", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "reversed range '2-1' in position list '2-1'");
	ck_assert_uint_eq(last_state[0] | last_state[1] | last_state[2], 0);
	ck_assert_int_eq(run("-a", "16-", "-p", "1-", "slaves", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "empty range '1-' in position list '1-': the last position after alias 16 is 0\n");
	ck_assert_int_eq(run("-a", "17-", "slaves", NULL), EC_EXIT_USAGE);
	ck_has(err, "empty range '17-' in alias list '17-': the highest alias is 16\n");
	ck_assert_int_eq(run("-a", "16-0", "slaves", NULL), EC_EXIT_USAGE);
	ck_has(err, "reversed range '16-0' in alias list '16-0': write it as 0-16\n");
	ck_assert_int_eq(run("-m", "1-0", "slaves", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: slaves: reversed range '1-0' in master list '1-0': write it as 0-1\n");
	ck_assert_int_eq(run("-m", "1-", "slaves", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: slaves: empty range '1-' in master list '1-': the last master is 0\n");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("-a", "70000", "slaves", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: slaves: invalid alias 70000: aliases are 0 to 65535\n");
	ck_assert_int_eq(run("-a", "5", "slaves", NULL), EC_EXIT_FAIL);
	ck_has(err, "no slave has alias 5");
	ck_assert_int_eq(run("-a", "16", "-p", "1", "slaves", NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "no slave at position 1 after alias 16 (its group has 1 slave)");
	ck_assert_int_eq(run("-p", "70000", "slaves", NULL), EC_EXIT_USAGE);
	ck_has(err, "invalid position 70000");
	ck_assert_int_eq(run("-a", "16", "-p", "0", "slaves", NULL), 0);
	ck_assert_int_eq(run("-m", "1-3", "slaves", NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(err, "ethercat: slaves: master 1 (from -m '1-3') does not exist: the module has only master 0\n");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("-m", "0-0", "slaves", NULL), 0);

	/* Registers: the 64 KiB space, in requests the module takes. */
	ck_assert_int_eq(run("reg_write", "-p0", "-t", "uint16", "0xffff",
			     "1", NULL), EC_EXIT_USAGE);
	ck_assert_str_eq(err, "ethercat: reg_write: uint16 (2 bytes) at address 0xffff exceeds the 64 KiB register space (the last byte is 0xffff)\n"
			 "Try 'ethercat reg_write --help' for more information.\n");
	ck_assert_int_eq(run("reg_write", "-p0", "-t", "uint16", "0xfffe",
			     "0x1234", NULL), 0);
	ck_assert_uint_eq(regs[0][0xffff], 0x12);
	for (i = 0; i < 0x10000; i++)
		regs[1][i] = (uint8_t)(i ^ (i >> 8));
	ck_assert_int_eq(run("reg_read", "-p1", "0", "65536", NULL), 0);
	ck_assert_uint_eq(strlen(out), 0x10000 * 5);
	ck_has(out, "0x00 0x01 0x02");
	ck_assert_int_eq(strncmp(out + 0xfffe * 5, "0x01 0x00\n", 10), 0);
	ck_assert_int_eq(run("reg_read", "-p1", "0", "65537", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "invalid size '65537': 1 to 65536 bytes");
	ck_assert_int_eq(run("reg_read", "-p1", "0xff00", "0x101", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "257 bytes from address 0xff00 exceed the 64 KiB register space");

	/* Input files that are not files. */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(run("sii_write", "-p0", dir, NULL), EC_EXIT_FAIL);
	ck_has(err, "Is a directory");
	ck_assert_int_eq(run("reg_write", "-p0", "0x100", dir, NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "Is a directory");
	rmdir(dir);
}
END_TEST

START_TEST(test_output_file_and_skin)
{
	char path[] = "/tmp/check_tool_outXXXXXX";
	char bad[] = "/nonexistent-dir/out";
	FILE *f;
	char buf[512];
	size_t n;
	int fd;

	fake_bus();
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(run("-o", path, "slaves", "-p", "2", NULL), 0);
	ck_assert_str_eq(out, "");
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	ck_assert_str_eq(buf, "2  16:0  PREOP  +  0x00000002:0x044c2c54\n");
	ck_assert_int_eq(run("--output-file", path, "-j", "master", NULL), 0);
	ck_assert_str_eq(out, "");
	f = fopen(path, "r");
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	ck_has(buf, "{\"masters\":[");
	unlink(path);
	ck_assert_int_eq(run("-o", "-", "slaves", "-p", "2", NULL), 0);
	ck_has(out, "0x044c2c54");
	ck_assert_int_eq(run("-o", bad, "slaves", NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(err, "ethercat: slaves: cannot open output file '/nonexistent-dir/out': No such file or directory\n");

	ck_assert_int_eq(run("pdos", "--skin", "etherlab", "-p", "2", NULL),
			 0);
	ck_assert_str_eq(out,
		"%\n% Master 0, Slave 2, \"SIM-COE\"\n%\n"
		"function rv = slave2()\n\n"
		"% Slave configuration\n\n"
		"rv.SlaveConfig.vendor = 2;\n"
		"rv.SlaveConfig.product = hex2dec('044c2c54');\n"
		"rv.SlaveConfig.description = 'SIM-COE';\n"
		"rv.SlaveConfig.sm = { ...\n"
		"    {0, 0, {\n        }}, ...\n"
		"    {1, 1, {\n        }}, ...\n"
		"    {2, 0, {\n"
		"        {hex2dec('1600'), [\n"
		"            hex2dec('7000'), hex2dec('01'),   1; ...\n"
		"            hex2dec('0000'), hex2dec('00'),   7; ...\n"
		"            ]}, ...\n"
		"        }}, ...\n"
		"    };\n\n"
		"% Port configuration\n\n"
		"rv.PortConfig.input(1).pdo = [2, 0, 0, 0];\n"
		"rv.PortConfig.input(1).pdo_data_type = 1001;\n\n"
		"end\n");
	ck_assert_int_eq(run("pdos", "-s", "default", "-p", "2", NULL), 0);
	ck_has(out, "  RxPDO 0x1600 \"Outputs\"\n");
	ck_assert_int_eq(run("pdos", "-s", "matlab", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: pdos: invalid skin 'matlab': 'default' or 'etherlab'\n");
	ck_assert_int_eq(run("-j", "pdos", "-s", "etherlab", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "--json cannot be combined with skin 'etherlab'");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("slaves", "-s", "etherlab", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: slaves: has no output skins (--skin)");
	ck_assert_int_eq(run("slaves", "-o", NULL), EC_EXIT_USAGE);
	ck_has(err, "option '-o' requires an argument");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_commands");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_master);
	tcase_add_test(tc, test_master_json);
	tcase_add_test(tc, test_duplicate_aliases);
	tcase_add_test(tc, test_slaves_list_changing);
	tcase_add_test(tc, test_master_redundancy);
	tcase_add_test(tc, test_master_errors);
	tcase_add_test(tc, test_slaves);
	tcase_add_test(tc, test_slaves_json);
	tcase_add_test(tc, test_slaves_al_status_codes);
	tcase_add_test(tc, test_sdos_pdos);
	tcase_add_test(tc, test_xml_graph);
	tcase_add_test(tc, test_metrics);
	tcase_add_test(tc, test_regs_crc);
	tcase_add_test(tc, test_sii_alias_states);
	tcase_add_test(tc, test_help);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_output_file_and_skin);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
