// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_select.c - which masters and slaves a command works on: -m, -a and
 * -p as IgH's tool reads them (lists and ranges, positions counted from
 * an alias), checked against what the module has, with a message naming
 * the entry that selects nothing (cli.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "print.h"

struct ec_cli_max_ctx {
	struct ec_cli *c;
	int ret;
};

static int ec_cli_master_max(void *ctx)
{
	struct ec_cli_max_ctx *mc = ctx;
	struct ec_lib_master m;
	int ret;

	ret = ec_cli_open(mc->c, &m, 0, false);
	if (ret) {
		mc->ret = ret;
		return -1;
	}
	ret = (int)m.module.master_count - 1;
	ec_lib_close(&m);
	return ret;
}

/*
 * Every index of an explicit -m list must name a master that exists: the
 * module's master count comes from the first device that opens.
 */
static int ec_cli_check_masters(struct ec_cli *c, struct ec_numlist *l)
{
	struct ec_lib_master m;
	unsigned int count;
	size_t i;
	int ret;

	if (!strcmp(c->masters, "-"))
		return 0;
	if (!l->count) {
		ec_numlist_free(l);
		return ec_cli_usage_error(c, "master list '%s' selects no master",
					  c->masters);
	}
	for (i = 0; i < l->count && l->items[i] == 0; i++)
		;
	if (i == l->count)
		return 0;	/* master 0 only: opening it says the rest */
	ret = ec_cli_open(c, &m, 0, false);
	if (ret) {
		ec_numlist_free(l);
		return ret;
	}
	count = m.module.master_count;
	ec_lib_close(&m);
	for (i = 0; i < l->count; i++) {
		if (l->items[i] < count)
			continue;
		if (count == 1)
			ret = ec_cli_fail(c,
				"master %u (from -m '%s') does not exist: the module has only master 0",
				l->items[i], c->masters);
		else if (count)
			ret = ec_cli_fail(c,
				"master %u (from -m '%s') does not exist: the module has %u (0 to %u)",
				l->items[i], c->masters, count, count - 1);
		else
			ret = ec_cli_fail(c,
				"master %u (from -m '%s') does not exist: the module has none",
				l->items[i], c->masters);
		ec_numlist_free(l);
		return ret;
	}
	return 0;
}

/**
 * ec_cli_masters() - the master indices selected with -m
 * @c: state
 * @out: the list (free with ec_numlist_free())
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_masters(struct ec_cli *c, struct ec_numlist *out)
{
	struct ec_cli_max_ctx ctx = { .c = c, .ret = 0 };

	char msg[160];
	int ret;

	ret = ec_numlist_parse(c->masters, ec_cli_master_max, &ctx, out);
	if (ctx.ret) {
		ec_numlist_free(out);
		return ctx.ret;
	}
	if (ret)
		return ec_cli_usage_error(c, "%s",
			ec_numlist_strerror(msg, sizeof(msg), ret, out,
					    c->masters, "master list",
					    "the last master"));
	return ec_cli_check_masters(c, out);
}

/**
 * ec_cli_single_master() - the one master a command needs
 * @c: state
 * @index: the master index
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_single_master(struct ec_cli *c, unsigned int *index)
{
	struct ec_numlist l;
	int ret;

	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	if (l.count != 1) {
		ec_numlist_free(&l);
		return ec_cli_usage_error(c,
			"requires to select a single master (-m)");
	}
	*index = l.items[0];
	ec_numlist_free(&l);
	return 0;
}

/**
 * ec_cli_open() - open a master device, reporting failures
 * @c: state
 * @m: handle
 * @index: master index
 * @writable: read-write
 *
 * Return: 0 or EC_EXIT_FAIL (reported).
 */
int ec_cli_open(struct ec_cli *c, struct ec_lib_master *m,
		unsigned int index, bool writable)
{
	int ret = ec_lib_open(m, index, writable);

	if (ret)
		return ec_cli_fail(c, "%s", ec_lib_error(m));
	return 0;
}

struct ec_sel_ctx {
	const struct ec_ioctl_slave *all;
	size_t n;
};

static int ec_sel_alias_max(void *ctx)
{
	const struct ec_sel_ctx *sc = ctx;
	unsigned int max = 0;
	size_t i;

	for (i = 0; i < sc->n; i++)
		if (sc->all[i].alias > max)
			max = sc->all[i].alias;
	return max ? (int)max : -1;
}

static int ec_sel_count_max(void *ctx)
{
	return (int)*(const size_t *)ctx - 1;
}

static void ec_sel_add(uint16_t *out, size_t *count, size_t cap,
		       uint16_t pos)
{
	size_t i;

	for (i = 0; i < *count; i++)
		if (out[i] == pos)
			return;
	if (*count < cap)
		out[(*count)++] = pos;
}

/*
 * The group of an alias: the slave carrying it and the slaves behind it
 * up to the next slave with another alias.  @group has room for @n.
 */
static size_t ec_select_alias_group(const struct ec_ioctl_slave *all,
				    size_t n, unsigned int alias,
				    uint16_t *group)
{
	unsigned int last = 0;
	size_t i, group_n = 0;

	for (i = 0; i < n; i++) {
		if (all[i].alias) {
			if (last && last == alias && all[i].alias != alias)
				break;
			last = all[i].alias;
		}
		if (last == alias)
			group[group_n++] = i;
	}
	return group_n;
}

/*
 * What ec_select_check() and ec_select_slaves() share: one walk of -a and
 * -p.  @out NULL: check only, naming the first entry that selects nothing
 * in @msg; else collect the selected ring positions into @out (room for
 * @n), skipping such entries as IgH does.
 */
struct ec_sel_walk {
	const struct ec_ioctl_slave *all;
	size_t n;
	const char *positions;
	uint16_t *out;
	size_t *count;
	char *msg;
	size_t size;
};

/*
 * -p within @count slaves: all of them (@group NULL) or an alias's group
 * (@group holds their ring positions, @alias names it).
 */
static int ec_sel_positions(struct ec_sel_walk *w, size_t count,
			    const uint16_t *group, unsigned int alias)
{
	struct ec_numlist pl;
	char last[48], text[160];
	unsigned int p;
	size_t i;
	int ret = 0;

	if (!w->out && !strcmp(w->positions, "-"))
		return 0;
	ret = ec_numlist_parse(w->positions, ec_sel_count_max, &count, &pl);
	if (ret) {
		if (group)
			snprintf(last, sizeof(last),
				 "the last position after alias %u", alias);
		else
			snprintf(last, sizeof(last), "the last position");
		return ec_err(w->msg, w->size, -EINVAL, "%s",
			      ec_numlist_strerror(text, sizeof(text), ret, &pl,
						  w->positions,
						  "position list", last));
	}
	for (i = 0; i < pl.count && !ret; i++) {
		p = pl.items[i];
		if (w->out) {
			if (p < count)
				ec_sel_add(w->out, w->count, w->n,
					   group ? group[p] : (uint16_t)p);
		} else if (p > 0xffff) {
			ret = ec_err(w->msg, w->size, -EINVAL,
				     "invalid position %u: positions are 0 to 65535",
				     p);
		} else if (p >= count && group) {
			ret = ec_err(w->msg, w->size, -ENOENT,
				     "no slave at position %u after alias %u (its group has %zu slave%s)",
				     p, alias, count, count == 1 ? "" : "s");
		} else if (p >= count) {
			ret = ec_err(w->msg, w->size, -ENOENT,
				     "slave %u does not exist: there %s %zu slave%s",
				     p, count == 1 ? "is" : "are", count,
				     count == 1 ? "" : "s");
		}
	}
	if (!ret && !w->out && !pl.count)
		ret = ec_err(w->msg, w->size, -ENOENT,
			     "position list '%s' selects no slave",
			     w->positions);
	ec_numlist_free(&pl);
	return ret;
}

static int ec_sel_walk(struct ec_sel_walk *w, const char *aliases)
{
	struct ec_sel_ctx sc = { .all = w->all, .n = w->n };
	struct ec_numlist al;
	char text[160];
	uint16_t *group;
	size_t k, group_n;
	int ret = 0;

	if (w->count)
		*w->count = 0;
	if (!strcmp(aliases, "-"))
		return ec_sel_positions(w, w->n, NULL, 0);
	ret = ec_numlist_parse(aliases, ec_sel_alias_max, &sc, &al);
	if (ret)
		return ec_err(w->msg, w->size, -EINVAL, "%s",
			      ec_numlist_strerror(text, sizeof(text), ret, &al,
						  aliases, "alias list",
						  "the highest alias"));
	group = calloc(w->n ? w->n : 1, sizeof(*group));
	if (!group) {
		ec_numlist_free(&al);
		return ec_err(w->msg, w->size, -ENOMEM, "out of memory");
	}
	for (k = 0; k < al.count && !ret; k++) {
		if (!w->out && al.items[k] > 0xffff) {
			ret = ec_err(w->msg, w->size, -EINVAL,
				     "invalid alias %u: aliases are 0 to 65535",
				     al.items[k]);
			break;
		}
		group_n = ec_select_alias_group(w->all, w->n, al.items[k],
						group);
		if (!w->out && !group_n) {
			ret = ec_err(w->msg, w->size, -ENOENT,
				     "no slave has alias %u", al.items[k]);
			break;
		}
		ret = ec_sel_positions(w, group_n, group, al.items[k]);
	}
	if (!ret && !w->out && !al.count)
		ret = ec_err(w->msg, w->size, -ENOENT,
			     "alias list '%s' selects no slave", aliases);
	free(group);
	ec_numlist_free(&al);
	return ret;
}

/**
 * ec_select_check() - whether -a/-p name slaves that exist
 * @all: every slave, in ring order
 * @n: number of slaves
 * @aliases: -a text ("-" for none)
 * @positions: -p text ("-" for all)
 * @msg: the reason, on failure
 * @size: size of @msg
 *
 * Return: 0; -EINVAL for a malformed list or a number beyond 16 bits (a
 * usage error); -ENOENT when an alias or a position names no slave.
 */
int ec_select_check(const struct ec_ioctl_slave *all, size_t n,
		    const char *aliases, const char *positions, char *msg,
		    size_t size)
{
	struct ec_sel_walk w = {
		.all = all, .n = n, .positions = positions,
		.msg = msg, .size = size,
	};

	return ec_sel_walk(&w, aliases);
}

/**
 * ec_select_slaves() - apply -a/-p to a bus (IgH's rules)
 * @all: every slave, in ring order
 * @n: number of slaves
 * @aliases: -a text ("-" for none)
 * @positions: -p text ("-" for all)
 * @out: selected ring positions, room for @n entries
 * @count: number selected
 *
 * Without -a, -p lists absolute ring positions.  With -a, each alias
 * selects the slave carrying it and the slaves behind it up to the next
 * slave with another alias; -p then counts within that group.
 *
 * Return: 0 or -EINVAL for a malformed list.
 */
int ec_select_slaves(const struct ec_ioctl_slave *all, size_t n,
		     const char *aliases, const char *positions,
		     uint16_t *out, size_t *count)
{
	struct ec_sel_walk w = {
		.all = all, .n = n, .positions = positions,
		.out = out, .count = count,
	};

	return ec_sel_walk(&w, aliases);
}

/* Reads of a slave list that keeps changing before the CLI gives up. */
#define EC_CLI_SLAVES_ATTEMPTS 20

/*
 * One read of the slave list: the slave count, each slave, the count
 * again.  The list is read with one ioctl per slave, so a rescan between
 * them changes it under the reader (a position gone: -EINVAL): then
 * -EAGAIN, and the caller reads again.
 */
static int ec_cli_read_slaves(struct ec_lib_master *m, struct ec_slaves *s)
{
	struct ec_ioctl_master master, after;
	size_t i;
	int ret;

	memset(s, 0, sizeof(*s));
	ret = ec_lib_master(m, &master);
	if (ret)
		return ret;
	s->n = master.slave_count;
	s->all = calloc(s->n ? s->n : 1, sizeof(*s->all));
	s->sel = calloc(s->n ? s->n : 1, sizeof(*s->sel));
	if (!s->all || !s->sel) {
		ec_slaves_free(s);
		return -ENOMEM;
	}
	for (i = 0; i < s->n; i++) {
		ret = ec_lib_slave(m, i, &s->all[i]);
		if (ret)
			break;
	}
	if (!ret || ret == -EINVAL) {
		int ret2 = ec_lib_master(m, &after);

		if (ret2) {
			ret = ret2;
		} else if (after.slave_count != master.slave_count ||
			   after.scan_busy != master.scan_busy) {
			ret = -EAGAIN;
		}
	}
	if (ret)
		ec_slaves_free(s);
	return ret;
}

/**
 * ec_cli_slaves() - read all slaves of a master and apply -a/-p
 * @c: state
 * @m: open master
 * @s: result (free with ec_slaves_free())
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_slaves(struct ec_cli *c, struct ec_lib_master *m,
		  struct ec_slaves *s)
{
	struct ec_ioctl_redundancy red;
	char msg[160];
	unsigned int attempt;
	int ret;

	for (attempt = 0;; attempt++) {
		ret = ec_cli_read_slaves(m, s);
		if (ret != -EAGAIN)
			break;
		if (attempt + 1 >= EC_CLI_SLAVES_ATTEMPTS)
			return ec_cli_fail(c,
				"master %u: the slave list changed while reading, try again",
				m->index);
		nanosleep(&(struct timespec){ .tv_nsec = 100000000 }, NULL);
	}
	if (ret == -ENOMEM)
		return ec_cli_fail(c, "out of memory");
	if (ret)
		return ec_cli_lib_fail(c, m, ret);
	s->backup_from = s->n;
	if (!ec_lib_redundancy(m, &red) && red.configured && red.broken &&
	    red.break_pos < s->n)
		s->backup_from = red.break_pos;
	ret = ec_select_check(s->all, s->n, c->aliases, c->positions, msg,
			      sizeof(msg));
	if (ret) {
		ec_slaves_free(s);
		if (ret == -EINVAL)
			return ec_cli_usage_error(c, "%s", msg);
		return ec_cli_fail(c, "master %u: %s", m->index, msg);
	}
	ret = ec_select_slaves(s->all, s->n, c->aliases, c->positions,
			       s->sel, &s->count);
	if (ret) {
		ec_slaves_free(s);
		return ec_cli_usage_error(c,
			"invalid slave selection (alias '%s', position '%s')",
			c->aliases, c->positions);
	}
	return 0;
}

/**
 * ec_cli_single_slave() - the one slave a command needs
 * @c: state
 * @m: open master
 * @s: result (free with ec_slaves_free())
 * @slave: the slave
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_single_slave(struct ec_cli *c, struct ec_lib_master *m,
			struct ec_slaves *s,
			const struct ec_ioctl_slave **slave)
{
	int ret = ec_cli_slaves(c, m, s);

	if (ret)
		return ret;
	if (s->count != 1) {
		size_t n = s->count;

		ec_slaves_free(s);
		return ec_cli_usage_error(c,
			"the slave selection matches %zu slaves; '%s' requires a single slave",
			n, c->cmd ? c->cmd->name : "this command");
	}
	*slave = &s->all[s->sel[0]];
	return 0;
}

/**
 * ec_slaves_free() - release what ec_cli_slaves() allocated
 * @s: the selection (may be zeroed)
 */
void ec_slaves_free(struct ec_slaves *s)
{
	free(s->all);
	free(s->sel);
	memset(s, 0, sizeof(*s));
}

/**
 * ec_cli_each_slave() - run @fn for every selected slave of every master
 * @c: parsed command line (-m, -a, -p select)
 * @fn: what to do with one slave; a non-zero return stops the walk
 *
 * Return: 0 or the first non-zero exit code.
 */
int ec_cli_each_slave(struct ec_cli *c, ec_cli_slave_fn fn)
{
	struct ec_lib_master m;
	struct ec_numlist l;
	struct ec_slaves s;
	size_t i, k;
	int ret;

	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], false);
		if (ret)
			break;
		ret = ec_cli_slaves(c, &m, &s);
		for (k = 0; !ret && k < s.count; k++)
			ret = fn(c, &m, l.items[i], &s.all[s.sel[k]],
				 l.count > 1 || s.count > 1);
		ec_slaves_free(&s);
		ec_lib_close(&m);
	}
	ec_numlist_free(&l);
	return ret;
}

/**
 * ec_cli_open_slave() - open the one master, writable, and select the one
 * slave a command on a single slave needs
 * @c: parsed command line
 * @m: handle to open
 * @s: selection, ec_slaves_free() it after success
 * @slave: the selected slave
 *
 * Return: 0 or the exit code (the handle is closed then).
 */
int ec_cli_open_slave(struct ec_cli *c, struct ec_lib_master *m,
		      struct ec_slaves *s, const struct ec_ioctl_slave **slave)
{
	unsigned int index;
	int ret;

	ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, m, index, true);
	if (ret)
		return ret;
	ret = ec_cli_single_slave(c, m, s, slave);
	if (ret)
		ec_lib_close(m);
	return ret;
}
