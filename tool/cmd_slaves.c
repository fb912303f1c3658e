// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_slaves.c - 'slaves' (one line per slave, or details with -v) and
 * 'states' (request AL states).
 */
#include <stdlib.h>
#include <string.h>

#include "hc_show.h"
#include "commands.h"
#include "print.h"
#include "tables.h"
#include "slave/al_status.h"

#define EC_STATE_NAME_SIZE 16

struct ec_slave_line {
	char pos[24], alias[24], rel[24], state[EC_STATE_NAME_SIZE];
};

static void ec_slave_name(const struct ec_ioctl_slave *s, char *buf,
			  size_t size)
{
	if (s->name[0])
		snprintf(buf, size, "%.*s", EC_IOCTL_STRING_SIZE, s->name);
	else
		snprintf(buf, size, "0x%08x:0x%08x", s->vendor_id,
			 s->product_code);
}

static void ec_slave_identity(const struct ec_ioctl_slave *s)
{
	ec_out_uint("vendor_id", NULL, s->vendor_id);
	ec_out_uint("product_code", NULL, s->product_code);
	ec_out_uint("revision_number", NULL, s->revision_number);
	ec_out_uint("serial_number", NULL, s->serial_number);
}

/**
 * ec_list_slaves() - the slaves' one-line listing of 'slaves' (IgH's
 * layout), optionally with one more column before the name
 * @master: master index
 * @s: the slaves and the selection
 * @indent: title and indent for several masters
 * @col: the extra column and what follows each line, or NULL
 */
void ec_list_slaves(unsigned int master, const struct ec_slaves *s,
		    bool indent, const struct ec_slave_column *col)
{
	struct ec_slave_line *lines;
	int wpos = 0, walias = 0, wrel = 0, wstate = 0, wcol = 0;
	unsigned int last_alias = 0, rel = 0;
	char name[EC_IOCTL_STRING_SIZE + 24];
	size_t i, k, n = 0;
	bool selected, backup_seen = false;

	lines = calloc(s->n ? s->n : 1, sizeof(*lines));
	if (!lines)
		return;
	for (i = 0; i < s->n; i++) {
		const struct ec_ioctl_slave *sl = &s->all[i];

		if (sl->alias) {
			last_alias = sl->alias;
			rel = 0;
		}
		selected = false;
		for (k = 0; k < s->count; k++)
			selected |= s->sel[k] == i;
		if (selected) {
			struct ec_slave_line *l = &lines[i];

			snprintf(l->pos, sizeof(l->pos), "%zu", i);
			snprintf(l->alias, sizeof(l->alias), "%u", last_alias);
			snprintf(l->rel, sizeof(l->rel), "%u", rel);
			ec_al_state_name(sl->al_state, l->state,
					 sizeof(l->state));
#define EC_MAXW(w, str) do { if ((int)strlen(str) > (w)) \
		(w) = (int)strlen(str); } while (0)
			EC_MAXW(wpos, l->pos);
			EC_MAXW(walias, l->alias);
			EC_MAXW(wrel, l->rel);
			EC_MAXW(wstate, l->state);
			if (col)
				EC_MAXW(wcol, col->text(col->ctx, i));
#undef EC_MAXW
			n++;
		}
		rel++;
	}
	if (n && indent)
		ec_out_text("Master%u\n", master);

	for (i = 0; i < s->n; i++) {
		const struct ec_ioctl_slave *sl = &s->all[i];
		struct ec_slave_line *l = &lines[i];

		if (!l->pos[0])
			continue;
		/* IgH marks where the slaves reached through the backup
		 * device begin: the ring is broken there. */
		if (i >= s->backup_from && !backup_seen)
			ec_out_text("xxx LINK FAILURE xxx\n");
		backup_seen |= i >= s->backup_from;
		ec_slave_name(sl, name, sizeof(name));
		ec_out_obj_open(NULL);
		ec_out_uint("master", NULL, master);
		ec_out_text("%s%*s  %*s:%-*s  %-*s  %c  ", indent ? "  " : "",
			    wpos, l->pos, walias, l->alias, wrel, l->rel,
			    wstate, l->state, sl->error_flag ? 'E' : '+');
		if (col)
			ec_out_text("%-*s ", wcol, col->text(col->ctx, i));
		ec_out_uint("position", NULL, i);
		ec_out_uint("alias", NULL, strtoul(l->alias, NULL, 10));
		ec_out_uint("relative_position", NULL,
			    strtoul(l->rel, NULL, 10));
		ec_out_str("state", NULL, l->state);
		ec_out_bool("error", NULL, sl->error_flag, NULL, NULL);
		ec_out_str("name", "%s\n", name);
		ec_slave_identity(sl);
		if (col && col->detail)
			col->detail(col->ctx, i);
		ec_out_obj_close();
	}
	free(lines);
}

static void ec_show_ports(const struct ec_ioctl_slave *s)
{
	int i;

	ec_out_text("Port  Type  Link  Loop    Signal  NextSlave");
	if (s->dc_supported)
		ec_out_text("  RxTime [ns]  Diff [ns]   NextDc [ns]");
	ec_out_text("\n");
	ec_out_arr_open("ports");
	for (i = 0; i < EC_IOCTL_MAX_PORTS; i++) {
		const struct ec_ioctl_port *p = &s->ports[i];

		ec_out_obj_open(NULL);
		ec_out_uint("port", "   %llu  ", i);
		ec_out_str("type", "%-4s", ec_port_desc_name(p->desc));
		ec_out_bool("link_up", "  %-4s", p->link_up, "up", "down");
		ec_out_bool("loop_closed", "  %-6s", p->loop_closed, "closed",
			    "open");
		ec_out_bool("signal_detected", "  %-6s", p->signal_detected,
			    "yes", "no");
		if (p->next_slave != EC_IOCTL_NO_SLAVE)
			ec_out_uint("next_slave", "  %9llu", p->next_slave);
		else
			ec_out_null("next_slave", "          -");
		if (s->dc_supported) {
			if (!p->loop_closed) {
				ec_out_uint("receive_time", "  %11llu",
					    p->receive_time);
				ec_out_int("receive_time_diff", "  %10lld",
					   (long long)p->receive_time -
					   (long long)s->ports[0].receive_time);
				ec_out_uint("delay_to_next_dc", "  %10llu",
					    p->delay_to_next_dc);
			} else {
				ec_out_text("  %11s  %10s  %10s", "-", "-",
					    "-");
			}
		}
		ec_out_text("\n");
		ec_out_obj_close();
	}
	ec_out_arr_close();
}

static void ec_show_mailboxes(const struct ec_ioctl_slave *s)
{
	static const struct {
		uint16_t bit;
		const char *name;
	} protos[] = {
		{ EC_MBOX_AOE, "AoE" }, { EC_MBOX_EOE, "EoE" },
		{ EC_MBOX_COE, "CoE" }, { EC_MBOX_FOE, "FoE" },
		{ EC_MBOX_SOE, "SoE" }, { EC_MBOX_VOE, "VoE" },
	};
	bool first = true;
	size_t i;

	ec_out_text("Mailboxes:\n");
	ec_out_obj_open("mailboxes");
	ec_out_uint("bootstrap_rx_offset", "  Bootstrap RX: 0x%04llx",
		    s->boot_rx_mailbox_offset);
	ec_out_uint("bootstrap_rx_size", "/%llu", s->boot_rx_mailbox_size);
	ec_out_uint("bootstrap_tx_offset", ", TX: 0x%04llx",
		    s->boot_tx_mailbox_offset);
	ec_out_uint("bootstrap_tx_size", "/%llu\n", s->boot_tx_mailbox_size);
	ec_out_uint("standard_rx_offset", "  Standard  RX: 0x%04llx",
		    s->std_rx_mailbox_offset);
	ec_out_uint("standard_rx_size", "/%llu", s->std_rx_mailbox_size);
	ec_out_uint("standard_tx_offset", ", TX: 0x%04llx",
		    s->std_tx_mailbox_offset);
	ec_out_uint("standard_tx_size", "/%llu\n", s->std_tx_mailbox_size);
	ec_out_text("  Supported protocols: ");
	ec_out_arr_open("protocols");
	for (i = 0; i < sizeof(protos) / sizeof(protos[0]); i++) {
		if (!(s->mailbox_protocols & protos[i].bit))
			continue;
		ec_out_str(NULL, first ? "%s" : ", %s", protos[i].name);
		first = false;
	}
	ec_out_arr_close();
	ec_out_text("\n");
	ec_out_obj_close();
}

static void ec_show_general(const struct ec_ioctl_slave *s)
{
	ec_out_text("General:\n");
	ec_out_obj_open("general");
	ec_out_str("group", "  Group: %s\n", s->group);
	ec_out_str("image", "  Image name: %s\n", s->image);
	ec_out_str("order", "  Order number: %s\n", s->order);
	ec_out_str("name", "  Device name: %s\n", s->name);
	if (s->mailbox_protocols & EC_MBOX_COE) {
		ec_out_text("  CoE details:\n");
		ec_out_obj_open("coe_details");
		ec_out_bool("enable_sdo", "    Enable SDO: %s\n",
			    s->coe_details & EC_COE_ENABLE_SDO, NULL, NULL);
		ec_out_bool("enable_sdo_info", "    Enable SDO Info: %s\n",
			    s->coe_details & EC_COE_ENABLE_SDO_INFO, NULL,
			    NULL);
		ec_out_bool("enable_pdo_assign",
			    "    Enable PDO Assign: %s\n",
			    s->coe_details & EC_COE_ENABLE_PDO_ASSIGN, NULL,
			    NULL);
		ec_out_bool("enable_pdo_configuration",
			    "    Enable PDO Configuration: %s\n",
			    s->coe_details & EC_COE_ENABLE_PDO_CONFIG, NULL,
			    NULL);
		ec_out_bool("enable_upload_at_startup",
			    "    Enable Upload at startup: %s\n",
			    s->coe_details & EC_COE_ENABLE_UPLOAD_AT_STARTUP,
			    NULL, NULL);
		ec_out_bool("enable_sdo_complete_access",
			    "    Enable SDO complete access: %s\n",
			    s->coe_details & EC_COE_ENABLE_SDO_COMPLETE_ACCESS,
			    NULL, NULL);
		ec_out_obj_close();
	}
	ec_out_text("  Flags:\n");
	ec_out_bool("enable_safeop", "    Enable SafeOp: %s\n",
		    s->general_flags & EC_GENERAL_ENABLE_SAFEOP, NULL, NULL);
	ec_out_bool("enable_not_lrw", "    Enable notLRW: %s\n",
		    s->general_flags & EC_GENERAL_ENABLE_NOT_LRW, NULL, NULL);
	ec_out_int("current_on_ebus", "  Current consumption: %lld mA\n",
		   s->current_on_ebus);
	ec_out_obj_close();
}

static void ec_show_slave(unsigned int master, uint16_t pos,
			  const struct ec_ioctl_slave *s, bool backup)
{
	char state[EC_STATE_NAME_SIZE];

	ec_out_obj_open(NULL);
	ec_out_uint("master", "=== Master %llu", master);
	ec_out_uint("position", ", Slave %llu ===\n", pos);
	if (s->alias)
		ec_out_uint("alias", "Alias: %llu\n", s->alias);
	if (s->alias && s->alias_holders > 1) {
		/* only when it happens: the usual output stays IgH's */
		ec_out_obj_open("duplicate_alias");
		ec_out_uint("holders", "  Duplicate: %llu slaves have this alias",
			    s->alias_holders);
		ec_out_uint("next", " (the next: slave %llu); a config addressed by it is not attached\n",
			    s->alias_next);
		ec_out_obj_close();
	}
	ec_out_text("Device: %s\n", backup ? "Backup" : "Main");
	ec_out_str("state", "State: %s\n",
		   ec_al_state_name(s->al_state, state, sizeof(state)));
	if (s->al_status_code || ec_out_json()) {
		ec_out_uint("al_status_code", "AL status code: 0x%04llx",
			    s->al_status_code);
		ec_out_str("al_status_text", " (%s)\n",
			   ec_al_status_text(s->al_status_code));
	}
	ec_out_bool("error", "Flag: %s\n", s->error_flag, "E", "+");
	ec_out_text("Identity:\n");
	ec_out_uint("vendor_id", "  Vendor Id:       0x%08llx\n",
		    s->vendor_id);
	ec_out_uint("product_code", "  Product code:    0x%08llx\n",
		    s->product_code);
	ec_out_uint("revision_number", "  Revision number: 0x%08llx\n",
		    s->revision_number);
	ec_out_uint("serial_number", "  Serial number:   0x%08llx\n",
		    s->serial_number);
	ec_out_text("DL information:\n");
	ec_out_bool("fmmu_bit", "  FMMU bit operation: %s\n", s->fmmu_bit,
		    NULL, NULL);
	ec_out_bool("dc_supported", "  Distributed clocks: %s", s->dc_supported,
		    "yes", "no");
	if (s->dc_supported) {
		if (s->has_dc_system_time)
			ec_out_str("dc_range", ", %s\n",
				   s->dc_range ? "64 bit" : "32 bit");
		else
			ec_out_str("dc_range", ", %s\n",
				   "delay measurement only");
		ec_out_uint("transmission_delay",
			    "  DC system time transmission delay: %llu ns\n",
			    s->transmission_delay);
	} else {
		ec_out_text("\n");
	}
	ec_show_ports(s);
	if (s->mailbox_protocols)
		ec_show_mailboxes(s);
	if (s->has_general_category)
		ec_show_general(s);
	ec_out_uint("sii_words", NULL, s->sii_nwords);
	ec_out_uint("sdo_count", NULL, s->sdo_count);
	ec_out_obj_close();
}

/**
 * ec_slaves_each_master() - run @fn on the selected slaves of every master
 * of -m, all in one "slaves" JSON array
 * @c: parsed command line (no arguments)
 * @writable: open the masters for writing
 * @fn: called with the open master and its selected slaves; @indent is
 *	set when several masters are listed (IgH then titles each)
 *
 * Return: exit code.
 */
int ec_slaves_each_master(struct ec_cli *c, bool writable, ec_slaves_fn fn)
{
	struct ec_lib_master m;
	struct ec_numlist l;
	struct ec_slaves s;
	size_t i;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	ec_out_arr_open("slaves");
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], writable);
		if (ret)
			break;
		ret = ec_cli_slaves(c, &m, &s);
		if (!ret) {
			ret = fn(c, &m, l.items[i], &s, l.count > 1);
			ec_slaves_free(&s);
		}
		ec_lib_close(&m);
	}
	ec_out_arr_close();
	ec_numlist_free(&l);
	return ret;
}

static int ec_slaves_show(struct ec_cli *c, struct ec_lib_master *m,
			  unsigned int master, struct ec_slaves *s,
			  bool indent)
{
	size_t k;

	if (!c->verbose) {
		struct ec_hc_slaves hs;
		struct ec_slave_column col = { ec_hc_slave_text,
					       ec_hc_slave_detail, &hs };

		if (ec_hc_slaves_load(m, s->n, &hs))
			return ec_cli_fail(c, "out of memory");
		ec_list_slaves(master, s, indent, hs.any ? &col : NULL);
		ec_hc_slaves_free(&hs);
		return 0;
	}
	for (k = 0; k < s->count; k++)
		ec_show_slave(master, s->sel[k], &s->all[s->sel[k]],
			      s->sel[k] >= s->backup_from);
	return 0;
}

/**
 * ec_cmd_slaves() - list the slaves on the bus
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_slaves(struct ec_cli *c)
{
	return ec_slaves_each_master(c, false, ec_slaves_show);
}

/* Report a refused state change with the slave's AL status code. */
static int ec_states_fail(struct ec_cli *c, struct ec_lib_master *m,
			  uint16_t pos, int err)
{
	char msg[EC_LIB_ERRBUF_SIZE];
	struct ec_ioctl_slave sl;

	snprintf(msg, sizeof(msg), "%s", ec_lib_error(m));
	if (!ec_lib_slave(m, pos, &sl) && sl.al_status_code)
		return ec_cli_fail(c,
				   "slave %u: %s (AL status code 0x%04x: %s)",
				   pos, msg, sl.al_status_code,
				   ec_al_status_text(sl.al_status_code));
	return ec_cli_fail(c, "slave %u: %s%s", pos,
			   *msg ? msg : ec_lib_strerror(err),
			   ec_cli_errno_hint(err));
}

/**
 * ec_cmd_states() - request an AL state for the selected slaves
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_states(struct ec_cli *c)
{
	struct ec_lib_master m;
	struct ec_numlist l;
	struct ec_slaves s;
	uint8_t state;
	size_t i, k;
	int ret;

	ret = ec_cli_nargs(c, 1, 1);
	if (ret)
		return ret;
	if (ec_al_state_parse(c->argv[0], &state))
		return ec_cli_usage_error(c,
			"invalid state '%s' (INIT, PREOP, BOOT, SAFEOP or OP)",
			c->argv[0]);
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], true);
		if (ret)
			break;
		ret = ec_cli_slaves(c, &m, &s);
		for (k = 0; !ret && k < s.count; k++) {
			ret = ec_lib_slave_state(&m, s.sel[k], state);
			if (ret)
				ret = ec_states_fail(c, &m, s.sel[k], ret);
		}
		ec_slaves_free(&s);
		ec_lib_close(&m);
	}
	ec_numlist_free(&l);
	return ret;
}
