// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_master.c - the commands about the master itself: version, master,
 * debug, rescan, help.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "cmd_gateway.h"
#include "link_health.h"
#include "print.h"

#define EC_MASTER_RATE_WIDTH 6		/* IgH's column width */
/* The ABI gives rates in 1/1000 per second: frames and KiB per second. */
#define EC_RATE_PER_FRAME 1000.0
#define EC_RATE_PER_KBYTE 1024.0	/* byte rates are plain bytes/s */
#define EC_EPOCH_2000_OFFSET 946684800ULL	/* 1970 to 2000, seconds */
#define EC_NSEC_PER_SEC 1000000000ULL

/**
 * ec_cmd_version() - IgH's version line, then the tool's and the module's
 * @c: parsed command line
 *
 * The first line is the one IgH's tool prints ("IgH EtherCAT master
 * 1.6.0"): this master implements that API.  Without the module loaded the
 * tool's lines are still printed and the exit code is 0, as with IgH,
 * whose version command does not open the device.
 *
 * Return: exit code.
 */
int ec_cmd_version(struct ec_cli *c)
{
	struct ec_lib_master m;
	char text[EC_LIB_ERRBUF_SIZE];
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ec_out_str("igh", "IgH EtherCAT master %s\n", EC_TOOL_VERSION);
	ec_out_obj_open("tool");
	ec_out_str("version", "ethercat tool %s", EC_TOOL_VERSION);
	ec_out_uint("ioctl_version", ", ioctl ABI version %llu",
		    EC_IOCTL_VERSION);
	ec_out_str("ecrt_api", ", application API (ecrt.h) %s\n",
		   EC_ECRT_API);
	ec_out_obj_close();

	ret = ec_lib_open(&m, 0, false);
	if (ret == -ENOENT) {
		ec_out_obj_open("module");
		ec_out_bool("loaded", NULL, false, NULL, NULL);
		ec_out_text("ec_master module: not loaded (no /dev/EtherCAT0)\n");
		ec_out_obj_close();
		return EC_EXIT_OK;
	}
	if (ret && ret != -EPROTO)
		return ec_cli_fail(c, "%s", ec_lib_error(&m));
	ec_out_obj_open("module");
	ec_out_bool("loaded", NULL, true, NULL, NULL);
	ec_out_uint("ioctl_version", "ec_master module: ioctl ABI version %llu",
		    m.module.ioctl_version);
	ec_out_uint("master_count", ", %llu master(s)\n",
		    m.module.master_count);
	ec_out_bool("compatible", NULL, !ret, NULL, NULL);
	ec_out_obj_close();
	if (ret) {
		ec_lib_version_text(text, sizeof(text),
				    m.module.ioctl_version);
		return ec_cli_fail(c, "%s", text);
	}
	ec_lib_close(&m);
	return EC_EXIT_OK;
}

static void ec_print_rates(const char *key, const char *label,
			   const __s32 *rates, double div, int prec)
{
	int j;

	ec_out_text("      %s", label);
	ec_out_arr_open(key);
	for (j = 0; j < EC_IOCTL_RATE_COUNT; j++) {
		if (ec_out_json())
			ec_out_double(NULL, NULL, rates[j] / div);
		else
			ec_out_text("%s%*.*f", j ? " " : "",
				    EC_MASTER_RATE_WIDTH, prec,
				    rates[j] / div);
	}
	ec_out_arr_close();
	ec_out_text("\n");
}

static void ec_print_traffic(const __u64 *tx, const __u64 *tx_bytes,
			     const __u64 *rx, const __u64 *rx_bytes)
{
	ec_out_uint("tx_frames", "      Tx frames:   %llu\n", *tx);
	ec_out_uint("tx_bytes", "      Tx bytes:    %llu\n", *tx_bytes);
	ec_out_uint("rx_frames", "      Rx frames:   %llu\n", *rx);
	ec_out_uint("rx_bytes", "      Rx bytes:    %llu\n", *rx_bytes);
}

static void ec_print_device(unsigned int i, const struct ec_ioctl_device *d)
{
	char mac[18];

	snprintf(mac, sizeof(mac), "%02x:%02x:%02x:%02x:%02x:%02x",
		 d->address[0], d->address[1], d->address[2], d->address[3],
		 d->address[4], d->address[5]);
	ec_out_obj_open(NULL);
	ec_out_text("    %s: ", i ? "Backup" : "Main");
	ec_out_str("role", NULL, i ? "backup" : "main");
	ec_out_str("mac", "%s", mac);
	ec_out_bool("attached", " (%s)\n", d->attached, "attached",
		    "waiting...");
	ec_out_bool("link", "      Link: %s\n", d->link_state, "UP", "DOWN");
	if (memchr(d->driver, 0, sizeof(d->driver)) && d->driver[0])
		ec_out_str("driver", "      Driver: %s\n", d->driver);
	else
		ec_out_null("driver", NULL);
	ec_print_traffic(&d->tx_count, &d->tx_bytes, &d->rx_count,
			 &d->rx_bytes);
	ec_out_uint("tx_errors", "      Tx errors:   %llu\n", d->tx_errors);
	ec_print_rates("tx_frame_rates", "Tx frame rate [1/s]: ",
		       d->tx_frame_rates, EC_RATE_PER_FRAME, 0);
	ec_print_rates("tx_kbyte_rates", "Tx rate [KByte/s]:   ",
		       d->tx_byte_rates, EC_RATE_PER_KBYTE, 1);
	ec_print_rates("rx_frame_rates", "Rx frame rate [1/s]: ",
		       d->rx_frame_rates, EC_RATE_PER_FRAME, 0);
	ec_print_rates("rx_kbyte_rates", "Rx rate [KByte/s]:   ",
		       d->rx_byte_rates, EC_RATE_PER_KBYTE, 1);
	ec_out_obj_close();
}

/*
 * Cable redundancy (only with a backup device): where the ring is broken,
 * as the master's broadcasts last saw it, and how many slaves answer on
 * each side.
 */
static void ec_print_redundancy(const struct ec_ioctl_redundancy *r)
{
	ec_out_obj_open("redundancy");
	ec_out_text("  Redundancy: ");
	if (!r->known) {
		ec_out_str("ring", "%s\n", "unknown");
	} else if (r->broken) {
		ec_out_str("ring", "ring %s", "broken");
		ec_out_uint("break_position", " in front of slave %llu",
			    r->break_pos);
		ec_out_uint("main_slaves", " (%llu slave(s) on main,",
			    r->side_slaves[0]);
		ec_out_uint("backup_slaves", " %llu on backup)\n",
			    r->side_slaves[1]);
	} else {
		ec_out_str("ring", "ring %s", "closed");
		ec_out_null("break_position", NULL);
		ec_out_uint("main_slaves", ", %llu slave(s)\n",
			    r->side_slaves[0]);
		ec_out_uint("backup_slaves", NULL, r->side_slaves[1]);
	}
	ec_out_uint("breaks", "    Breaks seen: %llu\n", r->breaks);
	ec_out_uint("single_copy_datagrams",
		    "    Datagrams with one copy: %llu\n", r->partial);
	ec_out_uint("late_copies", "    Copies too late: %llu\n", r->late);
	ec_out_obj_close();
}

static const char *ec_phase_name(uint8_t phase)
{
	switch (phase) {
	case EC_IOCTL_PHASE_ORPHANED:
		return "Waiting for device(s)...";
	case EC_IOCTL_PHASE_IDLE:
		return "Idle";
	case EC_IOCTL_PHASE_OPERATION:
		return "Operation";
	default:
		return "???";
	}
}

/* What the master adds to the application's frames in OP (monitor.h). */
static void ec_print_monitor(const struct ec_ioctl_master_monitor *mon)
{
	ec_out_text("  Monitoring in operation:\n");
	ec_out_obj_open("monitoring");
	ec_out_uint("max_datagrams_per_cycle",
		    "    Per cycle at most: %llu datagram, ", mon->max_datagrams);
	ec_out_uint("max_bytes_per_cycle", "%llu bytes", mon->max_bytes);
	ec_out_uint("period_us", " (one every %llu us,",
		    mon->period_ns / 1000);
	ec_out_uint("broadcast_us", " AL status broadcast every %llu us)\n",
		    mon->broadcast_ns / 1000);
	ec_out_uint("notice_us",
		    "    Topology change or AL error noticed within: %llu us",
		    mon->notice_ns / 1000);
	ec_out_uint("send_interval_us", " (cycle %llu us,",
		    mon->send_interval_ns / 1000);
	ec_out_uint("slaves", " %llu slaves)\n", mon->slave_count);
	ec_out_uint("round_us",
		    "    Each slave's own check (read mailbox or AL status): every %llu us\n",
		    mon->round_ns / 1000);
	ec_out_uint("broadcasts", "    Broadcasts: %llu", mon->broadcasts);
	ec_out_uint("checks", ", slave checks: %llu", mon->checks);
	ec_out_uint("sweeps", ", sweeps: %llu", mon->sweeps);
	ec_out_uint("mailboxes_full", ", mailboxes full: %llu",
		    mon->mbox_full);
	ec_out_uint("state_changes", ", state changes: %llu\n",
		    mon->state_changes);
	ec_out_obj_close();
}

/* A slave whose alias other slaves have too. */
struct ec_dup_alias {
	uint16_t alias;
	uint16_t position;
};

static int ec_dup_alias_cmp(const void *a, const void *b)
{
	const struct ec_dup_alias *x = a, *y = b;

	if (x->alias != y->alias)
		return x->alias < y->alias ? -1 : 1;
	return x->position < y->position ? -1 : x->position > y->position;
}

/*
 * The slaves of the aliases that several slaves have, sorted by alias
 * and position; *@n of them.  Read only when the master counts such
 * aliases: the usual output asks nothing more than IgH's.
 */
static struct ec_dup_alias *ec_dup_aliases(struct ec_lib_master *m,
					   const struct ec_ioctl_master *d,
					   size_t *n)
{
	struct ec_dup_alias *dups;
	struct ec_ioctl_slave s;
	uint32_t i;

	*n = 0;
	if (!d->dup_aliases || !d->slave_count)
		return NULL;
	dups = calloc(d->slave_count, sizeof(*dups));
	if (!dups)
		return NULL;
	for (i = 0; i < d->slave_count && i <= 0xffff; i++)
		if (!ec_lib_slave(m, (uint16_t)i, &s) && s.alias &&
		    s.alias_holders > 1) {
			dups[*n].alias = s.alias;
			dups[(*n)++].position = (uint16_t)i;
		}
	qsort(dups, *n, sizeof(*dups), ec_dup_alias_cmp);
	return dups;
}

/* "  Duplicate aliases: 7 (slaves 1, 2), 9 (slaves 4, 5)" */
static void ec_print_dup_aliases(const struct ec_dup_alias *dups, size_t n)
{
	size_t i;

	ec_out_text("  Duplicate aliases: ");
	ec_out_arr_open("duplicate_aliases");
	for (i = 0; i < n; i++) {
		if (!i || dups[i].alias != dups[i - 1].alias) {
			ec_out_obj_open(NULL);
			ec_out_uint("alias", "%llu", dups[i].alias);
			ec_out_text(" (slaves ");
			ec_out_arr_open("slaves");
		}
		ec_out_uint(NULL, "%llu", dups[i].position);
		if (i + 1 < n && dups[i + 1].alias == dups[i].alias) {
			ec_out_text(", ");
			continue;
		}
		ec_out_arr_close();
		ec_out_text(")%s", i + 1 < n ? ", " : "");
		ec_out_obj_close();
	}
	ec_out_arr_close();
	ec_out_text("\n");
}

/*
 * One line, the last: whether the master's link health watch calls any
 * cable unhealthy (RX errors or lost links in the last 10 s), and which.
 */
static void ec_print_links(const struct ec_health_view *v)
{
	char text[160];
	size_t i;

	ec_out_obj_open("links");
	ec_out_bool("healthy", NULL, !v->nlinks, NULL, NULL);
	ec_out_uint("unhealthy", NULL, v->nlinks);
	ec_out_uint("reads", NULL, v->master.reads);
	ec_out_uint("round_us", NULL, v->master.round_ns / 1000);
	if (!v->nlinks)
		ec_out_text("  Links: healthy\n");
	else
		ec_out_text("  Links: %zu unhealthy: ", v->nlinks);
	ec_out_arr_open("faults");
	for (i = 0; i < v->nlinks; i++) {
		ec_health_link_text(&v->links[i], text, sizeof(text));
		ec_out_text("%s%s", i ? "; " : "", text);
		ec_out_str(NULL, NULL, text);
	}
	ec_out_arr_close();
	if (v->nlinks)
		ec_out_text("\n");
	ec_out_obj_close();
}

static void ec_print_master(unsigned int index,
			    const struct ec_ioctl_master *d,
			    const struct ec_ioctl_redundancy *red,
			    const struct ec_ioctl_master_monitor *mon,
			    const struct ec_dup_alias *dups, size_t n_dups,
			    const struct ec_health_view *health)
{
	__s32 loss_pct[EC_IOCTL_RATE_COUNT];
	unsigned int i, ndev;
	char tbuf[64];
	time_t epoch;
	struct tm tm;
	int j;

	ec_out_obj_open(NULL);
	ec_out_uint("index", "Master%llu\n", index);
	ec_out_str("phase", "  Phase: %s\n", ec_phase_name(d->phase));
	ec_out_bool("active", "  Active: %s\n", d->active, "yes", "no");
	ec_out_uint("slaves", "  Slaves: %llu\n", d->slave_count);
	if (n_dups)	/* only then: the usual output stays IgH's */
		ec_print_dup_aliases(dups, n_dups);
	ec_out_bool("scan_busy", NULL, d->scan_busy, NULL, NULL);
	ec_out_uint("debug_level", NULL, d->debug_level);
	ec_out_text("  Ethernet devices:\n");
	ec_out_arr_open("devices");
	ndev = d->num_devices < EC_IOCTL_NUM_DEVICES ? d->num_devices :
		EC_IOCTL_NUM_DEVICES;
	for (i = 0; i < ndev; i++)
		ec_print_device(i, &d->devices[i]);
	ec_out_arr_close();
	if (red->configured)
		ec_print_redundancy(red);

	ec_out_text("    Common:\n");
	ec_out_obj_open("common");
	ec_print_traffic(&d->tx_count, &d->tx_bytes, &d->rx_count,
			 &d->rx_bytes);
	ec_out_uint("lost_frames", "      Lost frames: %llu\n",
		    d->lost_frames);
	ec_out_uint("skipped_datagrams", "      Skipped datagrams:   %llu\n",
		    d->skipped_datagrams);
	ec_out_uint("unmatched_datagrams", "      Unmatched datagrams: %llu\n",
		    d->unmatched_datagrams);
	/* given up waiting for; their answers that still came are late
	 * (a slow or stalled link), not lost and not unmatched */
	ec_out_uint("timed_out_datagrams", "      Timed out datagrams: %llu\n",
		    d->timed_out_datagrams);
	ec_out_uint("late_answers", "      Late answers:        %llu\n",
		    d->late_answers);
	/* a userspace application's receives (ec_ioctl.h, shm rx) */
	ec_out_uint("rx_on_arrival", "      Receives on arrival: %llu\n",
		    d->rx_on_arrival);
	ec_out_uint("rx_in_call", "      Receives in the call: %llu\n",
		    d->rx_in_call);
	ec_print_rates("tx_frame_rates", "Tx frame rate [1/s]: ",
		       d->tx_frame_rates, EC_RATE_PER_FRAME, 0);
	ec_print_rates("tx_kbyte_rates", "Tx rate [KByte/s]:   ",
		       d->tx_byte_rates, EC_RATE_PER_KBYTE, 1);
	ec_print_rates("rx_frame_rates", "Rx frame rate [1/s]: ",
		       d->rx_frame_rates, EC_RATE_PER_FRAME, 0);
	ec_print_rates("rx_kbyte_rates", "Rx rate [KByte/s]:   ",
		       d->rx_byte_rates, EC_RATE_PER_KBYTE, 1);
	ec_print_rates("loss_rates", "Loss rate [1/s]:     ", d->loss_rates,
		       EC_RATE_PER_FRAME, 0);
	/* percentage in 1/1000 %, so that it prints with the helper */
	for (j = 0; j < EC_IOCTL_RATE_COUNT; j++)
		loss_pct[j] = d->tx_frame_rates[j] ?
			(__s32)(100000.0 * d->loss_rates[j] /
				d->tx_frame_rates[j]) : 0;
	ec_print_rates("frame_loss_percent", "Frame loss [%]:      ",
		       loss_pct, 1000.0, 1);
	ec_out_obj_close();

	ec_out_text("  Distributed clocks:\n");
	ec_out_obj_open("dc");
	if (d->ref_clock != EC_IOCTL_NO_SLAVE)
		ec_out_uint("reference_clock", "    Reference clock:   Slave %llu\n",
			    d->ref_clock);
	else
		ec_out_null("reference_clock", "    Reference clock:   None\n");
	ec_out_uint("dc_reference_time", "    DC reference time: %llu\n",
		    d->dc_ref_time);
	ec_out_uint("application_time", "    Application time:  %llu\n",
		    d->app_time);
	/* EtherCAT system time counts from 2000-01-01 (ETG.1000.4 9.1) */
	epoch = (time_t)(d->app_time / EC_NSEC_PER_SEC +
			 EC_EPOCH_2000_OFFSET);
	if (gmtime_r(&epoch, &tm))
		strftime(tbuf, sizeof(tbuf), "%Y-%m-%d %H:%M:%S", &tm);
	else
		strcpy(tbuf, "?");
	ec_out_text("                       %s.%09llu\n", tbuf,
		    (unsigned long long)(d->app_time % EC_NSEC_PER_SEC));
	ec_out_obj_close();
	ec_print_monitor(mon);
	ec_print_links(health);
	ec_gw_print_status(index);
	ec_out_obj_close();
}

/**
 * ec_cmd_master() - master and Ethernet device information
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_master(struct ec_cli *c)
{
	struct ec_ioctl_redundancy red;
	struct ec_ioctl_master_monitor mon;
	struct ec_ioctl_master data;
	struct ec_health_view health;
	struct ec_lib_master m;
	struct ec_numlist l;
	size_t i;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	ec_out_arr_open("masters");
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], false);
		if (ret)
			break;
		ret = ec_lib_master(&m, &data);
		if (!ret)
			ret = ec_lib_redundancy(&m, &red);
		if (!ret)
			ret = ec_lib_master_monitor(&m, &mon);
		if (!ret)
			ret = ec_health_load(&m, data.slave_count, &health);
		if (ret) {
			ret = ec_cli_lib_fail(c, &m, ret);
		} else {
			struct ec_dup_alias *dups;
			size_t n_dups;

			dups = ec_dup_aliases(&m, &data, &n_dups);
			ec_print_master(l.items[i], &data, &red, &mon, dups,
					n_dups, &health);
			free(dups);
			ec_health_free(&health);
		}
		ec_lib_close(&m);
	}
	ec_out_arr_close();
	ec_numlist_free(&l);
	return ret;
}

/**
 * ec_cmd_debug() - set the master's debug level
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_debug(struct ec_cli *c)
{
	unsigned long long level;
	struct ec_lib_master m;
	struct ec_numlist l;
	size_t i;
	int ret;

	ret = ec_cli_nargs(c, 1, 1);
	if (ret)
		return ret;
	if (ec_parse_uint(c->argv[0], 2, &level))
		return ec_cli_usage_error(c, "invalid debug level '%s'",
					  c->argv[0]);
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], true);
		if (ret)
			break;
		ret = ec_lib_debug(&m, (uint32_t)level);
		if (ret)
			ret = ec_cli_lib_fail(c, &m, ret);
		ec_lib_close(&m);
	}
	ec_numlist_free(&l);
	return ret;
}

/**
 * ec_cmd_rescan() - ask the masters to scan their buses again
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_rescan(struct ec_cli *c)
{
	struct ec_lib_master m;
	struct ec_numlist l;
	size_t i;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], true);
		if (ret)
			break;
		ret = ec_lib_rescan(&m);
		if (ret)
			ret = ec_cli_lib_fail(c, &m, ret);
		ec_lib_close(&m);
	}
	ec_numlist_free(&l);
	return ret;
}

/**
 * ec_cmd_help() - "ethercat help [COMMAND]"
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_help(struct ec_cli *c)
{
	const struct ec_cmd *cmd;
	size_t n;

	if (c->argc == 0) {
		ec_cli_usage(stdout, c->prog);
		return EC_EXIT_OK;
	}
	if (c->argc > 1)
		return ec_cli_usage_error(c, "takes at most one argument");
	if (ec_cli_find(c->argv[0], &cmd, NULL, 0, &n))
		return ec_cli_usage_error(c, "%s command '%s'",
					  n ? "ambiguous" : "unknown",
					  c->argv[0]);
	ec_cli_cmd_help(stdout, c->prog, cmd);
	return EC_EXIT_OK;
}
