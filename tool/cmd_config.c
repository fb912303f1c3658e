// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_config.c - 'config': the application's slave configurations, one
 * per line or (-v) with their sync managers, PDOs, startup SDOs, IDNs and DC
 * settings, in IgH's layout.  With --json every detail is output.
 *
 * Selection (IgH's rules): no -a/-p: all configurations in the order the
 * application created them; otherwise those whose alias is in the -a list
 * (with only -p given: alias 0) and whose position is in the -p list,
 * sorted by alias and position.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "mailbox/mbox_text.h"
#include "ecrt.h"
#include "print.h"
#include "tables.h"
#include "hc_show.h"

#define EC_STATE_NAME_SIZE 16
#define EC_CONFIG_MAX 65536	/* sanity limit of the listing loop */
#define EC_SDO_BYTES_PER_LINE 16

struct ec_configs {
	struct ec_ioctl_config *all;
	size_t n;
	size_t *sel;		/* indices into all, in output order */
	size_t count;
};

static void ec_configs_free(struct ec_configs *cs)
{
	free(cs->all);
	free(cs->sel);
	memset(cs, 0, sizeof(*cs));
}

/* All configurations of a master, in the master's order. */
static int ec_configs_fetch(struct ec_cli *c, struct ec_lib_master *m,
			    struct ec_configs *cs)
{
	size_t cap = 0;
	int ret;

	memset(cs, 0, sizeof(*cs));
	for (;;) {
		if (cs->n == cap) {
			struct ec_ioctl_config *p;

			cap = cap ? 2 * cap : 16;
			p = realloc(cs->all, cap * sizeof(*p));
			if (!p) {
				ec_configs_free(cs);
				return ec_cli_fail(c, "out of memory");
			}
			cs->all = p;
		}
		ret = ec_lib_config(m, cs->n, &cs->all[cs->n]);
		if (ret == -ENOENT || cs->n >= EC_CONFIG_MAX)
			break;
		if (ret) {
			ret = ec_cli_lib_fail(c, m, ret);
			ec_configs_free(cs);
			return ret;
		}
		cs->n++;
	}
	cs->sel = calloc(cs->n ? cs->n : 1, sizeof(*cs->sel));
	if (!cs->sel) {
		ec_configs_free(cs);
		return ec_cli_fail(c, "out of memory");
	}
	return 0;
}

struct ec_config_max_ctx {
	const struct ec_configs *cs;
	bool alias;
};

static int ec_config_max(void *ctx)
{
	const struct ec_config_max_ctx *mc = ctx;
	int max = -1;
	size_t i;

	for (i = 0; i < mc->cs->n; i++) {
		const struct ec_ioctl_config *cf = &mc->cs->all[i];
		int v = mc->alias ? cf->alias : cf->position;

		if (v > max)
			max = v;
	}
	return max;
}

static bool ec_numlist_has(const struct ec_numlist *l, unsigned int v)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		if (l->items[i] == v)
			return true;
	return false;
}

static const struct ec_configs *ec_sort_configs;

static int ec_config_cmp(const void *a, const void *b)
{
	const struct ec_ioctl_config *x = &ec_sort_configs->all[*(size_t *)a];
	const struct ec_ioctl_config *y = &ec_sort_configs->all[*(size_t *)b];

	if (x->alias != y->alias)
		return x->alias < y->alias ? -1 : 1;
	if (x->position != y->position)
		return x->position < y->position ? -1 : 1;
	return 0;
}

/**
 * ec_select_configs() - apply -a/-p to a master's configurations
 * @cs: the configurations; @cs->sel and @cs->count are set
 * @aliases: -a list, "-" for any
 * @positions: -p list, "-" for any
 *
 * @msg: why a list was refused
 * @size: size of @msg
 *
 * Return: 0 or -EINVAL for a list that does not parse or holds a reversed
 * or empty range (@msg says which).
 */
static int ec_select_configs(struct ec_configs *cs, const char *aliases,
			     const char *positions, char *msg, size_t size)
{
	struct ec_config_max_ctx actx = { cs, true }, pctx = { cs, false };
	bool any_alias = !strcmp(aliases, "-");
	bool any_pos = !strcmp(positions, "-");
	struct ec_numlist al = { 0 }, pl = { 0 };
	size_t i;
	int ret;

	cs->count = 0;
	if (any_alias && any_pos) {
		for (i = 0; i < cs->n; i++)
			cs->sel[cs->count++] = i;
		return 0;
	}
	if (!any_alias) {
		ret = ec_numlist_parse(aliases, ec_config_max, &actx, &al);
		if (ret) {
			ec_numlist_strerror(msg, size, ret, &al, aliases,
					    "alias list",
					    "the highest alias configured");
			return -EINVAL;
		}
	}
	if (!any_pos) {
		ret = ec_numlist_parse(positions, ec_config_max, &pctx, &pl);
		if (ret) {
			ec_numlist_strerror(msg, size, ret, &pl, positions,
					    "position list",
					    "the highest position configured");
			ec_numlist_free(&al);
			return -EINVAL;
		}
	}
	for (i = 0; i < cs->n; i++) {
		const struct ec_ioctl_config *cf = &cs->all[i];
		bool ok;

		if (any_alias)
			ok = cf->alias == 0;	/* only -p: alias 0 */
		else
			ok = ec_numlist_has(&al, cf->alias);
		if (ok && !any_pos)
			ok = ec_numlist_has(&pl, cf->position);
		if (ok)
			cs->sel[cs->count++] = i;
	}
	ec_sort_configs = cs;
	qsort(cs->sel, cs->count, sizeof(*cs->sel), ec_config_cmp);
	ec_numlist_free(&al);
	ec_numlist_free(&pl);
	return 0;
}

static const char *ec_config_state(const struct ec_ioctl_config *cf,
				   char *buf, size_t size)
{
	if (cf->slave_position == EC_IOCTL_NO_SLAVE)
		return "-";
	return ec_al_state_name(cf->slave_al_state, buf, size);
}

struct ec_config_line {
	char alias[8], pos[8], ident[32], slave[8], state[EC_STATE_NAME_SIZE];
};

static void ec_config_list(struct ec_lib_master *m,
			   const struct ec_configs *cs, const char *ind)
{
	int wa = 0, wp = 0, ws = 0, wst = 0;
	struct ec_config_line *lines;
	size_t k;

	lines = calloc(cs->count ? cs->count : 1, sizeof(*lines));
	if (!lines)
		return;
	for (k = 0; k < cs->count; k++) {
		const struct ec_ioctl_config *cf = &cs->all[cs->sel[k]];
		struct ec_config_line *l = &lines[k];

		snprintf(l->alias, sizeof(l->alias), "%u", cf->alias);
		snprintf(l->pos, sizeof(l->pos), "%u", cf->position);
		snprintf(l->ident, sizeof(l->ident), "0x%08x/0x%08x",
			 cf->vendor_id, cf->product_code);
		if (cf->slave_position == EC_IOCTL_NO_SLAVE)
			snprintf(l->slave, sizeof(l->slave), "-");
		else
			snprintf(l->slave, sizeof(l->slave), "%u",
				 cf->slave_position);
		if (cf->slave_position == EC_IOCTL_NO_SLAVE)
			snprintf(l->state, sizeof(l->state), "-");
		else
			ec_al_state_name(cf->slave_al_state, l->state,
					 sizeof(l->state));
#define EC_MAXW(w, str) do { if ((int)strlen(str) > (w)) \
		(w) = (int)strlen(str); } while (0)
		EC_MAXW(wa, l->alias);
		EC_MAXW(wp, l->pos);
		EC_MAXW(ws, l->slave);
		EC_MAXW(wst, l->state);
#undef EC_MAXW
	}
	for (k = 0; k < cs->count; k++) {
		const struct ec_config_line *l = &lines[k];

		struct ec_ioctl_hc_group g;

		ec_out_text("%s%*s:%-*s  %s  %-*s  %-*s  ", ind, wa,
			    l->alias, wp, l->pos, l->ident, ws, l->slave,
			    wst, l->state);
		/* hot connect: only configs in a group (IgH's lines else) */
		if (ec_hc_config_group(m, cs->all[cs->sel[k]].config_index,
				       &g) > 0)
			ec_out_text("group %s %s", g.name,
				    ec_hc_presence_name(g.presence));
		ec_out_text("\n");
	}
	free(lines);
}

static const char *ec_wd_name(unsigned int mode, bool json)
{
	switch (mode) {
	case EC_WD_DEFAULT:
		return json ? "default" : "Default";
	case EC_WD_ENABLE:
		return json ? "enable" : "Enable";
	case EC_WD_DISABLE:
		return json ? "disable" : "Disable";
	default:
		return "???";
	}
}

static const char *ec_dir_name(unsigned int dir, bool json)
{
	if (dir == EC_DIR_INPUT)
		return json ? "input" : "Input";
	if (dir == EC_DIR_OUTPUT)
		return json ? "output" : "Output";
	return json ? "unknown" : "Output";	/* IgH: not input */
}

static int ec_config_pdos(struct ec_cli *c, struct ec_lib_master *m,
			  const struct ec_ioctl_config *cf, unsigned int j,
			  const char *ind)
{
	struct ec_ioctl_config_pdo_entry e;
	struct ec_ioctl_config_pdo pdo;
	unsigned int k, l;
	int ret;

	ec_out_arr_open("pdos");
	for (k = 0; k < cf->syncs[j].pdo_count; k++) {
		ret = ec_lib_config_pdo(m, cf->config_index, j, k, &pdo);
		if (ret)
			return ec_cli_lib_fail(c, m, ret);
		ec_out_obj_open(NULL);
		ec_out_text("%s  ", ind);
		ec_out_uint("index", "PDO 0x%04llx\n", pdo.index);
		ec_out_arr_open("entries");
		for (l = 0; l < pdo.entry_count; l++) {
			ret = ec_lib_config_pdo_entry(m, cf->config_index, j,
						      k, l, &e);
			if (ret)
				return ec_cli_lib_fail(c, m, ret);
			ec_out_obj_open(NULL);
			ec_out_text("%s    ", ind);
			ec_out_uint("index", "PDO entry 0x%04llx", e.index);
			ec_out_uint("subindex", ":%02llx", e.subindex);
			ec_out_uint("bit_length", ", %2llu bit\n",
				    e.bit_length);
			ec_out_obj_close();
		}
		ec_out_arr_close();
		ec_out_obj_close();
	}
	ec_out_arr_close();
	return 0;
}

/* The first bytes of a startup SDO's or IDN's value, in hex. */
static void ec_config_data(const uint8_t *data, size_t size, const char *ind)
{
	size_t i, n = size < EC_IOCTL_SDO_DATA_MAX ? size :
		EC_IOCTL_SDO_DATA_MAX;

	ec_out_hex("data", data, n);
	ec_out_bool("truncated", NULL, size > n, NULL, NULL);
	ec_out_text("%s    ", ind);
	for (i = 0; i < n; i++) {
		ec_out_text("%02x", data[i]);
		if ((i + 1) % EC_SDO_BYTES_PER_LINE == 0 && i + 1 < size)
			ec_out_text("\n%s    ", ind);
		else
			ec_out_text(" ");
	}
	ec_out_text("\n");
	if (size > n)
		ec_out_text("%s    ...\n", ind);
}

static int ec_config_sdos(struct ec_cli *c, struct ec_lib_master *m,
			  const struct ec_ioctl_config *cf, const char *ind)
{
	struct ec_ioctl_config_sdo *sdo;
	unsigned int j;
	int ret = 0;

	sdo = malloc(sizeof(*sdo));
	if (!sdo)
		return ec_cli_fail(c, "out of memory");
	ec_out_text("%sSDO configuration:\n", ind);
	if (!cf->sdo_count)
		ec_out_text("%s  None.\n", ind);
	ec_out_arr_open("sdos");
	for (j = 0; j < cf->sdo_count; j++) {
		ret = ec_lib_config_sdo(m, cf->config_index, j, sdo);
		if (ret) {
			ret = ec_cli_lib_fail(c, m, ret);
			break;
		}
		ec_out_obj_open(NULL);
		ec_out_text("%s  ", ind);
		ec_out_uint("index", "0x%04llx", sdo->index);
		if (sdo->complete_access)
			ec_out_text(" C");
		else
			ec_out_uint("subindex", ":%02llx", sdo->subindex);
		ec_out_bool("complete_access", NULL, sdo->complete_access,
			    NULL, NULL);
		ec_out_uint("size", ", %llu byte\n", sdo->size);
		ec_config_data(sdo->data, sdo->size, ind);
		ec_out_obj_close();
	}
	ec_out_arr_close();
	free(sdo);
	return ret;
}

/* The startup IDNs (ecrt_slave_config_idn()), until -ENOENT. */
static int ec_config_idns(struct ec_cli *c, struct ec_lib_master *m,
			  const struct ec_ioctl_config *cf, const char *ind)
{
	char text[EC_SOE_IDN_TEXT_SIZE], state[EC_STATE_NAME_SIZE];
	struct ec_ioctl_config_idn *idn;
	unsigned int j;
	int ret = 0;

	idn = malloc(sizeof(*idn));
	if (!idn)
		return ec_cli_fail(c, "out of memory");
	ec_out_text("%sIDN configuration:\n", ind);
	ec_out_arr_open("idns");
	for (j = 0;; j++) {
		ret = ec_lib_config_idn(m, cf->config_index, j, idn);
		if (ret == -ENOENT) {
			ret = 0;
			break;
		}
		if (ret) {
			ret = ec_cli_lib_fail(c, m, ret);
			break;
		}
		ec_soe_idn_format(idn->idn, text, sizeof(text));
		ec_out_obj_open(NULL);
		ec_out_text("%s  ", ind);
		ec_out_uint("drive_no", "Drive %llu, ", idn->drive_no);
		ec_out_uint("idn", NULL, idn->idn);
		ec_out_str("idn_text", "%s, ", text);
		/* JSON only: IgH's line is "Drive N, IDN, SIZE byte" */
		ec_out_str("al_state", NULL,
			   ec_al_state_name(idn->al_state, state,
					    sizeof(state)));
		ec_out_uint("size", "%llu byte\n", idn->size);
		ec_config_data(idn->data, idn->size, ind);
		ec_out_obj_close();
	}
	ec_out_arr_close();
	if (!j && !ret)
		ec_out_text("%s  None.\n", ind);
	free(idn);
	return ret;
}

/* The feature flags (ecrt_slave_config_flag()), until -ENOENT. */
static int ec_config_flags(struct ec_cli *c, struct ec_lib_master *m,
			   const struct ec_ioctl_config *cf, const char *ind)
{
	struct ec_ioctl_sc_flag flag;
	unsigned int j;
	int ret;

	ec_out_text("%sFeature flags:\n", ind);
	ec_out_arr_open("flags");
	for (j = 0;; j++) {
		ret = ec_lib_config_flag(m, cf->config_index, j, &flag);
		if (ret == -ENOENT)
			break;
		if (ret) {
			ec_out_arr_close();
			return ec_cli_lib_fail(c, m, ret);
		}
		flag.key[sizeof(flag.key) - 1] = '\0';
		ec_out_obj_open(NULL);
		ec_out_text("%s  ", ind);
		ec_out_str("key", "%s: ", flag.key);
		ec_out_int("value", "%lld\n", flag.value);
		ec_out_obj_close();
	}
	ec_out_arr_close();
	if (!j)
		ec_out_text("%s  None.\n", ind);
	return 0;
}

static void ec_config_ipv4(const char *key, const char *label, uint32_t a,
			   const char *ind)
{
	char text[16];

	snprintf(text, sizeof(text), "%u.%u.%u.%u", a >> 24, (a >> 16) & 0xff,
		 (a >> 8) & 0xff, a & 0xff);
	ec_out_text("%s  %s: ", ind, label);
	ec_out_str(key, "%s\n", text);
}

/*
 * The EoE IP parameters of ecrt_slave_config_eoe_*(), when any are set:
 * IgH's section and lines (the MAC address in hex, where IgH prints the
 * bytes as characters).
 */
static int ec_config_eoe_ip(struct ec_cli *c, struct ec_lib_master *m,
			    const struct ec_ioctl_config *cf, const char *ind)
{
	struct ec_ioctl_eoe_ip ip;
	char mac[18];
	int ret;

	ret = ec_lib_config_eoe_ip(m, cf->config_index, &ip);
	if (ret)
		return ec_cli_lib_fail(c, m, ret);
	if (!(ip.flags & EC_IOCTL_EOE_ALL))
		return 0;
	ec_out_text("%sEoE IP parameters:\n", ind);
	ec_out_obj_open("eoe_ip");
	if (ip.flags & EC_IOCTL_EOE_MAC) {
		snprintf(mac, sizeof(mac), "%02x:%02x:%02x:%02x:%02x:%02x",
			 ip.mac[0], ip.mac[1], ip.mac[2], ip.mac[3],
			 ip.mac[4], ip.mac[5]);
		ec_out_text("%s  MAC address: ", ind);
		ec_out_str("mac", "%s\n", mac);
	}
	if (ip.flags & EC_IOCTL_EOE_IP)
		ec_config_ipv4("ip_address", "IP address", ip.ip, ind);
	if (ip.flags & EC_IOCTL_EOE_SUBNET)
		ec_config_ipv4("subnet_mask", "Subnet mask", ip.subnet, ind);
	if (ip.flags & EC_IOCTL_EOE_GATEWAY)
		ec_config_ipv4("gateway", "Default gateway", ip.gateway, ind);
	if (ip.flags & EC_IOCTL_EOE_DNS)
		ec_config_ipv4("dns", "DNS server address", ip.dns, ind);
	if (ip.flags & EC_IOCTL_EOE_NAME) {
		ip.name[sizeof(ip.name) - 1] = '\0';
		ec_out_text("%s  Hostname: ", ind);
		ec_out_str("hostname", "%s\n", ip.name);
	}
	ec_out_obj_close();
	return 0;
}

static void ec_config_dc(const struct ec_ioctl_config *cf, const char *ind)
{
	unsigned int i;

	ec_out_uint("dc_assign_activate", NULL, cf->dc_assign_activate);
	if (!cf->dc_assign_activate && !ec_out_json())
		return;
	ec_out_text("%sDC configuration:\n%s  AssignActivate: 0x%04x\n"
		    "%s         Cycle [ns]   Shift [ns]\n", ind, ind,
		    cf->dc_assign_activate, ind);
	ec_out_arr_open("dc_sync");
	for (i = 0; i < 2; i++) {
		ec_out_obj_open(NULL);
		ec_out_text("%s  SYNC%u  ", ind, i);
		ec_out_uint("cycle_time", "%11llu  ", cf->dc_sync_cycle[i]);
		ec_out_int("shift_time", "%11lld\n", cf->dc_sync_shift[i]);
		ec_out_obj_close();
	}
	ec_out_arr_close();
}

static int ec_config_detail(struct ec_cli *c, struct ec_lib_master *m,
			    unsigned int master,
			    const struct ec_ioctl_config *cf, const char *ind)
{
	char state[EC_STATE_NAME_SIZE];
	bool json = ec_out_json();
	unsigned int j;
	int ret;

	ec_out_obj_open(NULL);
	ec_out_uint("master", NULL, master);
	ec_out_text("%sAlias: ", ind);
	ec_out_uint("alias", "%llu\n", cf->alias);
	ec_out_text("%sPosition: ", ind);
	ec_out_uint("position", "%llu\n", cf->position);
	ec_out_text("%sVendor Id: ", ind);
	ec_out_uint("vendor_id", "0x%08llx\n", cf->vendor_id);
	ec_out_text("%sProduct code: ", ind);
	ec_out_uint("product_code", "0x%08llx\n", cf->product_code);
	ec_out_text("%sAttached slave: ", ind);
	if (cf->slave_position != EC_IOCTL_NO_SLAVE) {
		ec_out_uint("slave_position", "%llu", cf->slave_position);
		ec_out_str("state", " (%s)\n",
			   ec_config_state(cf, state, sizeof(state)));
	} else {
		ec_out_null("slave_position", "none\n");
		ec_out_null("state", NULL);
	}
	ec_out_bool("identity_mismatch", NULL, cf->identity_mismatch, NULL,
		    NULL);
	ec_out_text("%sWatchdog divider: ", ind);
	if (cf->watchdog_divider)
		ec_out_uint("watchdog_divider", "%llu\n",
			    cf->watchdog_divider);
	else
		ec_out_null("watchdog_divider", "(Default)\n");
	ec_out_text("%sWatchdog intervals: ", ind);
	if (cf->watchdog_intervals)
		ec_out_uint("watchdog_intervals", "%llu\n",
			    cf->watchdog_intervals);
	else
		ec_out_null("watchdog_intervals", "(Default)\n");

	ec_out_arr_open("syncs");
	for (j = 0; j < EC_IOCTL_CONFIG_SYNCS; j++) {
		if (!cf->syncs[j].pdo_count)
			continue;
		ec_out_obj_open(NULL);
		ec_out_text("%s", ind);
		ec_out_uint("index", "SM%llu", j);
		ec_out_str("direction", ", Dir: %s",
			   ec_dir_name(cf->syncs[j].dir, json));
		ec_out_str("watchdog", ", Watchdog: %s\n",
			   ec_wd_name(cf->syncs[j].watchdog_mode, json));
		ret = ec_config_pdos(c, m, cf, j, ind);
		if (ret)
			return ret;
		ec_out_obj_close();
	}
	ec_out_arr_close();

	ret = ec_config_sdos(c, m, cf, ind);
	if (ret)
		return ret;
	ret = ec_config_idns(c, m, cf, ind);
	if (ret)
		return ret;
	ret = ec_config_flags(c, m, cf, ind);
	if (ret)
		return ret;
	ret = ec_config_eoe_ip(c, m, cf, ind);
	if (ret)
		return ret;
	ec_config_dc(cf, ind);
	ec_hc_show_config(m, cf->config_index, ind);
	ec_out_text("\n");
	ec_out_obj_close();
	return 0;
}

/**
 * ec_cmd_config() - show slave configurations
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_config(struct ec_cli *c)
{
	struct ec_lib_master m;
	struct ec_configs cs;
	struct ec_numlist l;
	const char *ind;
	char msg[160];
	size_t i, k;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	ind = l.count > 1 ? "  " : "";
	ec_out_arr_open("configs");
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], false);
		if (ret)
			break;
		ret = ec_configs_fetch(c, &m, &cs);
		if (ret) {
			ec_lib_close(&m);
			break;
		}
		if (ec_select_configs(&cs, c->aliases, c->positions, msg,
				      sizeof(msg))) {
			ret = ec_cli_usage_error(c, "%s", msg);
		} else {
			if (cs.count && l.count > 1)
				ec_out_text("Master%u\n", l.items[i]);
			if (c->verbose || ec_out_json())
				for (k = 0; k < cs.count && !ret; k++)
					ret = ec_config_detail(c, &m,
						l.items[i],
						&cs.all[cs.sel[k]], ind);
			else
				ec_config_list(&m, &cs, ind);
		}
		ec_configs_free(&cs);
		ec_lib_close(&m);
	}
	ec_out_arr_close();
	ec_numlist_free(&l);
	return ret;
}
