// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Text commands that change a running segment (the --control socket of
 * ethercat-sim, also usable in process): unplug, replug, drop, corrupt,
 * delay, error, break, heal, link faults, wire values (input/output),
 * status; "json" before a command gives its answer as one JSON object.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"

struct out {
	char *p;
	size_t len, cap;
};

static void say(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!o->cap || o->len >= o->cap - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->p + o->len, o->cap - o->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n < o->cap - o->len ? (size_t)n :
			  o->cap - o->len - 1;
}

static const char *const link_fault_names[] = {
	[ECSIM_LINK_RX_ERROR] = "rxerr",
	[ECSIM_LINK_INVALID] = "invalid",
	[ECSIM_LINK_FLAP] = "flap",
};

static const char *state_name(uint8_t st)
{
	switch (st & ESC_AL_STATE_MASK) {
	case ESC_AL_INIT:
		return "INIT";
	case ESC_AL_PREOP:
		return "PREOP";
	case ESC_AL_BOOT:
		return "BOOT";
	case ESC_AL_SAFEOP:
		return "SAFEOP";
	case ESC_AL_OP:
		return "OP";
	default:
		return "?";
	}
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void say_json_str(struct out *o, const char *s)
{
	say(o, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			say(o, "\\%c", c);
		else if (c < 0x20)
			say(o, "\\u%04x", c);
		else
			say(o, "%c", c);
	}
	say(o, "\"");
}

static void status_text(struct ecsim_segment *seg, struct out *o)
{
	unsigned int i;
	uint64_t s0, s1;

	for (i = 0; i < seg->n_slaves; i++) {
		const struct ecsim_slave *s = &seg->slaves[i];
		uint8_t st = s->mem[ESC_REG_AL_STATUS];

		say(o, "slave %u %s %s", i, s->model->key,
		    s->plugged ? "plugged" : "unplugged");
		if (s->plugged)
			say(o, " pos %u", s->pos);
		say(o, " state %s%s code 0x%04x", state_name(st),
		    st & ESC_AL_ERROR ? "+ERR" : "",
		    ecsim_get16(s->mem + ESC_REG_AL_STATUS_CODE));
		if (!ecsim_slave_dc_pulses(seg, i, &s0, &s1))
			say(o, " sync0 %llu sync1 %llu",
			    (unsigned long long)s0, (unsigned long long)s1);
		say(o, "\n");
	}
	if (seg->ring_closed || seg->broken) {
		say(o, "ring %s", seg->ring_closed ? "closed" : "open");
		if (seg->broken)
			say(o, " break %u", seg->break_at);
		say(o, "\n");
	}
	for (i = 0; i < seg->n_link_faults; i++) {
		const struct ecsim_link_fault *f = &seg->link_faults[i];

		say(o, "link fault %s slave %u port %u %u.%04u%% hits %llu\n",
		    link_fault_names[f->kind], f->id, f->port,
		    f->ppm / 10000, f->ppm % 10000,
		    (unsigned long long)f->hits);
	}
	say(o, "frames in %llu out %llu non-ecat %llu broken %llu "
	    "dropped %llu corrupted %llu drop %u%% corrupt %u%% "
	    "delay %u us\n",
	    (unsigned long long)seg->st.frames_in,
	    (unsigned long long)seg->st.frames_out,
	    (unsigned long long)seg->st.non_ecat,
	    (unsigned long long)seg->st.broken,
	    (unsigned long long)seg->st.dropped,
	    (unsigned long long)seg->st.corrupted, seg->drop_pct,
	    seg->corrupt_pct, seg->delay_us);
}

/* The same facts as status_text(), as the members of one JSON object. */
static void status_json(struct ecsim_segment *seg, struct out *o)
{
	unsigned int i;
	uint64_t s0, s1;

	say(o, ",\"slaves\":[");
	for (i = 0; i < seg->n_slaves; i++) {
		const struct ecsim_slave *s = &seg->slaves[i];
		uint8_t st = s->mem[ESC_REG_AL_STATUS];

		say(o, "%s{\"id\":%u,\"model\":", i ? "," : "", i);
		say_json_str(o, s->model->key);
		say(o, ",\"plugged\":%s", s->plugged ? "true" : "false");
		if (s->plugged)
			say(o, ",\"position\":%u", s->pos);
		say(o, ",\"state\":\"%s\",\"error\":%s,\"code\":%u",
		    state_name(st), st & ESC_AL_ERROR ? "true" : "false",
		    ecsim_get16(s->mem + ESC_REG_AL_STATUS_CODE));
		if (!ecsim_slave_dc_pulses(seg, i, &s0, &s1))
			say(o, ",\"sync0\":%llu,\"sync1\":%llu",
			    (unsigned long long)s0, (unsigned long long)s1);
		say(o, "}");
	}
	say(o, "]");
	if (seg->ring_closed || seg->broken) {
		say(o, ",\"ring\":{\"closed\":%s",
		    seg->ring_closed ? "true" : "false");
		if (seg->broken)
			say(o, ",\"break\":%u", seg->break_at);
		say(o, "}");
	}
	say(o, ",\"link_faults\":[");
	for (i = 0; i < seg->n_link_faults; i++) {
		const struct ecsim_link_fault *f = &seg->link_faults[i];

		say(o, "%s{\"kind\":\"%s\",\"slave\":%u,\"port\":%u,"
		    "\"percent\":%u.%04u,\"hits\":%llu}", i ? "," : "",
		    link_fault_names[f->kind], f->id, f->port,
		    f->ppm / 10000, f->ppm % 10000,
		    (unsigned long long)f->hits);
	}
	say(o, "],\"frames\":{\"in\":%llu,\"out\":%llu,\"non_ecat\":%llu,"
	    "\"broken\":%llu,\"dropped\":%llu,\"corrupted\":%llu},"
	    "\"drop_percent\":%u,\"corrupt_percent\":%u,\"delay_us\":%u",
	    (unsigned long long)seg->st.frames_in,
	    (unsigned long long)seg->st.frames_out,
	    (unsigned long long)seg->st.non_ecat,
	    (unsigned long long)seg->st.broken,
	    (unsigned long long)seg->st.dropped,
	    (unsigned long long)seg->st.corrupted, seg->drop_pct,
	    seg->corrupt_pct, seg->delay_us);
}

static int number(const char *s, unsigned long max, unsigned long *v);

/* "1", "0.5": a share of frames in percent, as parts per million */
static int percent_ppm(const char *s, uint32_t *ppm)
{
	char *end;
	double v;

	if (!s || !*s)
		return -EINVAL;
	v = strtod(s, &end);
	if (*end || v < 0 || v > 100)
		return -EINVAL;
	*ppm = (uint32_t)(v * 10000 + 0.5);
	return 0;
}

/* "rxerr N PORT PERCENT", "invalid ...", "flap ...": -1 when not one */
static int link_fault_command(struct ecsim_segment *seg, int argc,
			      char **argv, unsigned long *id)
{
	unsigned long port;
	uint32_t ppm;
	unsigned int k;

	for (k = 0; k < 3; k++)
		if (!strcmp(argv[0], link_fault_names[k]))
			break;
	if (k == 3 || argc != 4 || number(argv[1], ~0u, id) ||
	    number(argv[2], 3, &port) || percent_ppm(argv[3], &ppm))
		return 1;
	return ecsim_segment_link_fault(seg, (unsigned int)*id,
					(unsigned int)port,
					(enum ecsim_link_fault_kind)k, ppm);
}

static int number(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	if (!s)
		return -EINVAL;
	*v = strtoul(s, &end, 0);
	return *end || end == s || *v > max ? -EINVAL : 0;
}

#define USAGE "usage: unplug N | replug N | drop PERCENT | corrupt PERCENT | " \
	"delay US | error N ALSTATUSCODE | emergency N CODE | ppm N PPM | " \
	"break N | heal | rxerr|invalid|flap N PORT PERCENT | " \
	"input N INDEX SUB [VALUE] | output N INDEX SUB | status " \
	"(\"json\" before a command: the answer as one JSON object)"

/*
 * "input N INDEX SUB [VALUE]", "output N INDEX SUB": a process data entry
 * of slave N, the value on the wire.  1 when not one of these.
 */
static int value_command(struct ecsim_segment *seg, int argc, char **argv,
			 bool json, struct out *o, char *err, size_t errlen)
{
	bool in = !strcmp(argv[0], "input");
	unsigned long id, index, sub;
	uint64_t v = 0, set = 0;
	int ret;

	if ((!in && strcmp(argv[0], "output")) ||
	    argc < 4 || argc > (in ? 5 : 4) || number(argv[1], ~0u, &id) ||
	    number(argv[2], 0xffff, &index) || number(argv[3], 0xff, &sub))
		return 1;
	if (id >= seg->n_slaves) {
		snprintf(err, errlen, "no slave %lu", id);
		return -ENOENT;
	}
	if (argc == 5) {
		char *end;

		set = strtoull(argv[4], &end, 0);
		if (*end || end == argv[4] || argv[4][0] == '-') {
			snprintf(err, errlen, "input: \"%s\" is not a value "
				 "(0 .. 2^64-1, decimal or 0x hex)", argv[4]);
			return -EINVAL;
		}
		/* only an entry that is mapped: else a pattern would wait */
		ret = ecsim_slave_input(seg, (unsigned int)id,
					(uint16_t)index, (uint8_t)sub, &v);
		if (!ret)
			ret = ecsim_slave_set_input(seg, (unsigned int)id,
						    (uint16_t)index,
						    (uint8_t)sub, set);
	} else if (in) {
		ret = ecsim_slave_input(seg, (unsigned int)id,
					(uint16_t)index, (uint8_t)sub, &v);
	} else {
		ret = ecsim_slave_output(seg, (unsigned int)id,
					 (uint16_t)index, (uint8_t)sub, &v);
	}
	if (ret == -ENOENT) {
		snprintf(err, errlen, "slave %lu has no mapped %s entry "
			 "0x%04lx:%02lx (process data is mapped from SAFEOP "
			 "on)", id, in ? "input" : "output", index, sub);
		return ret;
	}
	if (ret || argc == 5)
		return ret;
	if (json)
		say(o, ",\"value\":%llu", (unsigned long long)v);
	else
		say(o, "value %llu 0x%llx\n", (unsigned long long)v,
		    (unsigned long long)v);
	return 0;
}

/* One command; its output in @o, an error's text in @err. */
static int run_command(struct ecsim_segment *seg, int argc, char **argv,
		       bool json, struct out *o, char *err, size_t errlen)
{
	unsigned long a = 0, b = 0;
	int ret;

	if (!strcmp(argv[0], "status") && argc == 1) {
		if (json)
			status_json(seg, o);
		else
			status_text(seg, o);
		ret = 0;
	} else if (!strcmp(argv[0], "unplug") && argc == 2 &&
		   !number(argv[1], ~0u, &a)) {
		ret = ecsim_segment_unplug(seg, (unsigned int)a);
	} else if (!strcmp(argv[0], "replug") && argc == 2 &&
		   !number(argv[1], ~0u, &a)) {
		ret = ecsim_segment_replug(seg, (unsigned int)a);
	} else if (!strcmp(argv[0], "drop") && argc == 2 &&
		   !number(argv[1], 100, &a)) {
		ret = ecsim_segment_set_drop(seg, (unsigned int)a);
	} else if (!strcmp(argv[0], "corrupt") && argc == 2 &&
		   !number(argv[1], 100, &a)) {
		ret = ecsim_segment_set_corrupt(seg, (unsigned int)a);
	} else if (!strcmp(argv[0], "delay") && argc == 2 &&
		   !number(argv[1], ~0u, &a)) {
		ret = ecsim_segment_set_delay(seg, (unsigned int)a);
	} else if (!strcmp(argv[0], "error") && argc == 3 &&
		   !number(argv[1], ~0u, &a) && !number(argv[2], 0xffff, &b)) {
		ret = ecsim_segment_al_error(seg, (unsigned int)a,
					     (uint16_t)b);
	} else if (!strcmp(argv[0], "ppm") && argc == 3 &&
		   !number(argv[1], ~0u, &a) && argv[2][0]) {
		char *end;
		double ppm = strtod(argv[2], &end);

		ret = *end ? -EINVAL :
		      ecsim_slave_dc_set_drift(seg, (unsigned int)a,
					       (int32_t)(ppm * 1000));
	} else if (!strcmp(argv[0], "break") && argc == 2 &&
		   !number(argv[1], ~0u, &a)) {
		ret = ecsim_segment_break(seg, (unsigned int)a);
		if (ret == -ERANGE) {
			snprintf(err, errlen, "break %lu: the cables are 0 "
				 "(main port) to %u (backup port)", a,
				 seg->ring_len);
			return ret;
		}
	} else if ((ret = link_fault_command(seg, argc, argv, &a)) <= 0) {
		/* done: 0, or an error reported below */
	} else if ((ret = value_command(seg, argc, argv, json, o, err,
					errlen)) <= 0) {
		return ret;
	} else if (!strcmp(argv[0], "heal") && argc == 1) {
		ecsim_segment_heal(seg);
		ret = 0;
	} else if (!strcmp(argv[0], "emergency") && argc == 3 &&
		   !number(argv[1], ~0u, &a) && !number(argv[2], 0xffff, &b)) {
		ret = ecsim_segment_emergency(seg, (unsigned int)a,
					      (uint16_t)b);
	} else {
		snprintf(err, errlen, "%s", USAGE);
		return -EINVAL;
	}
	if (ret == -ENOENT)
		snprintf(err, errlen, "no slave %lu", a);
	else if (ret)
		snprintf(err, errlen, "%s", strerror(-ret));
	return ret;
}

/*
 * The answer is zero or more lines and then "ok" or "error: TEXT"; after
 * the word "json", one line: {"ok":true, ...} or {"ok":false,"error":TEXT}.
 */
int ecsim_segment_command(struct ecsim_segment *seg, const char *line,
			  char *outbuf, size_t outlen)
{
	struct out o = { .p = outbuf, .cap = outlen };
	char buf[256], err[sizeof(USAGE) + 64] = "", *argv[6] = { NULL };
	char *save = NULL, *t, **args = argv;
	int argc = 0, ret = -EINVAL;
	bool json = false;

	if (outlen)
		outbuf[0] = '\0';
	snprintf(buf, sizeof(buf), "%s", line);
	for (t = strtok_r(buf, " \t\r\n", &save); t && argc < 6;
	     t = strtok_r(NULL, " \t\r\n", &save))
		argv[argc++] = t;
	if (t) {
		snprintf(err, sizeof(err), "too many words");
		ret = -EINVAL;
	} else if (argc && !strcmp(argv[0], "json")) {
		json = true;
		args++;
		argc--;
	}
	if (!err[0] && !argc) {
		snprintf(err, sizeof(err), "empty command");
		ret = -EINVAL;
	}
	if (json)
		say(&o, "{\"ok\":true");
	if (!err[0])
		ret = run_command(seg, argc, args, json, &o, err, sizeof(err));
	if (ret) {
		o.len = 0;
		if (outlen)
			outbuf[0] = '\0';
		if (json) {
			say(&o, "{\"ok\":false,\"error\":");
			say_json_str(&o, err);
			say(&o, "}\n");
		} else {
			say(&o, "error: %s\n", err);
		}
		return ret;
	}
	say(&o, json ? "}\n" : "ok\n");
	return 0;
}
