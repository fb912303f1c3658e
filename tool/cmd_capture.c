// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_capture.c - `ethercat capture`: the frames the running master sends
 * and receives, as pcapng (pcapng.c), live or from the flight recorder's
 * snapshots (include/ec_ioctl_capture.h, doc/CAPTURE.md).
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "pcapng.h"

#define EC_CAP_BUF_SIZE (256 * 1024)
#define EC_CAP_IDLE_NS 2000000L		/* a read that found nothing */
#define EC_CAP_NSEC_PER_SEC 1000000000ULL
#define EC_CAP_DEVICES 2
#define EC_CAP_COMMENT_SIZE 192

static volatile sig_atomic_t ec_cap_stop;

static void ec_cap_on_signal(int sig)
{
	(void)sig;
	ec_cap_stop = 1;
}

struct ec_cap {
	struct ec_cli *c;
	struct ec_lib_master m;
	FILE *out;
	const char *path;
	unsigned int ndev;
	int64_t real_off;	/* add to the master's clock: wall clock */
	uint64_t dropcount;	/* lost: the next packet's epb_dropcount */
	uint64_t expect;	/* the next frame number; a jump is a loss */
	uint64_t lost;
	uint64_t written[EC_CAP_DEVICES][2];	/* [dev][sent] */
	uint64_t count;		/* --count, 0: no limit */
	uint64_t total;
};

/* A record of include/ec_ioctl_capture.h, read byte by byte. */
struct ec_cap_rec {
	uint64_t seq, time_ns;
	uint16_t len;
	uint8_t dev, flags;
	const uint8_t *frame;
};

static uint64_t ec_cap_le(const uint8_t *p, unsigned int n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 8) | p[n];
	return v;
}

/* The record at @p of @left bytes; its size, or 0 when malformed. */
static size_t ec_cap_rec_parse(const uint8_t *p, size_t left,
			       struct ec_cap_rec *r)
{
	size_t size;

	if (left < EC_CAPTURE_REC_HEADER)
		return 0;
	r->seq = ec_cap_le(p, 8);
	r->time_ns = ec_cap_le(p + 8, 8);
	r->len = (uint16_t)ec_cap_le(p + 16, 2);
	r->dev = p[18];
	r->flags = p[19];
	r->frame = p + EC_CAPTURE_REC_HEADER;
	size = EC_CAPTURE_REC_HEADER + (((size_t)r->len + 7) & ~(size_t)7);
	return size <= left && r->dev < EC_CAP_DEVICES ? size : 0;
}

static int ec_cap_write_fail(struct ec_cap *cap, int err)
{
	return ec_cli_fail(cap->c, "writing %s: %s",
			   strcmp(cap->path, "-") ? cap->path : "stdout",
			   strerror(-err));
}

static int ec_cap_packet(struct ec_cap *cap, const struct ec_cap_rec *r,
			 const char *comment)
{
	bool tx = r->flags & EC_CAPTURE_REC_TX;
	int ret;

	ret = ec_pcapng_packet(cap->out, r->dev,
			       r->time_ns + (uint64_t)cap->real_off, r->frame,
			       r->len,
			       tx ? EC_PCAPNG_OUTBOUND : EC_PCAPNG_INBOUND,
			       cap->dropcount, comment);
	if (ret)
		return ec_cap_write_fail(cap, ret);
	cap->dropcount = 0;
	cap->written[r->dev][tx]++;
	cap->total++;
	return 0;
}

/* The section and an interface per device. */
static int ec_cap_header(struct ec_cap *cap, unsigned int master,
			 const char *comment)
{
	static const char *const names[EC_CAP_DEVICES] = { "main", "backup" };
	struct ec_ioctl_master info;
	char descr[64];
	unsigned int d;
	int ret;

	ret = ec_lib_master(&cap->m, &info);
	if (ret)
		return ec_cli_lib_fail(cap->c, &cap->m, ret);
	ret = ec_pcapng_section(cap->out, "ethercat capture " EC_TOOL_VERSION,
				comment);
	for (d = 0; !ret && d < cap->ndev; d++) {
		snprintf(descr, sizeof(descr), "EtherCAT master %u, %s device",
			 master, names[d]);
		ret = ec_pcapng_interface(cap->out, names[d], descr,
					  info.devices[d].address);
	}
	if (ret)
		return ec_cap_write_fail(cap, ret);
	return 0;
}

static int ec_cap_parse_opts(struct ec_cli *c, uint64_t *count,
			     uint64_t *duration_ns)
{
	unsigned long long v;
	char *end;
	double s;

	*count = 0;
	*duration_ns = 0;
	if (c->count) {
		if (ec_parse_uint(c->count, UINT32_MAX, &v) || !v)
			return ec_cli_usage_error(c,
				"invalid --count '%s': a number of frames, 1 or more",
				c->count);
		*count = v;
	}
	if (c->duration) {
		errno = 0;
		s = strtod(c->duration, &end);
		if (errno || end == c->duration || *end || !(s > 0) ||
		    s > 86400.0 * 365)
			return ec_cli_usage_error(c,
				"invalid --duration '%s': seconds, more than 0",
				c->duration);
		*duration_ns = (uint64_t)(s * 1e9);
	}
	if (c->recorder && (c->count || c->duration))
		return ec_cli_usage_error(c,
			"--count and --duration are for a live capture, not --recorder");
	if (!c->recorder && !c->write_file)
		return ec_cli_usage_error(c,
			"needs -w FILE (- for stdout) for a live capture");
	return 0;
}

/* Write what a read brought, up to @end (the frame number not written). */
static int ec_cap_take(struct ec_cap *cap, const uint8_t *buf, size_t n,
		       uint64_t end)
{
	struct ec_cap_rec r;
	size_t off = 0, size;
	int ret;

	while (off < n) {
		size = ec_cap_rec_parse(buf + off, n - off, &r);
		if (!size)
			return ec_cli_fail(cap->c,
					   "the module returned a malformed record at byte %zu",
					   off);
		off += size;
		if (r.seq >= end || (cap->count && cap->total >= cap->count))
			continue;
		/* frames the ring overwrote first: on the next one written */
		if (r.seq > cap->expect)
			cap->dropcount += r.seq - cap->expect;
		cap->expect = r.seq + 1;
		ret = ec_cap_packet(cap, &r, NULL);
		if (ret)
			return ret;
	}
	return 0;
}

static void ec_cap_summary(struct ec_cap *cap, bool exact,
			   const struct ec_ioctl_capture_read *c0,
			   const struct ec_ioctl_capture_read *c1)
{
	static const char *const names[EC_CAP_DEVICES] = { "main", "backup" };
	FILE *e = cap->c->err;
	unsigned int d;

	if (cap->c->quiet)
		return;
	fprintf(e, "capture: %" PRIu64 " frames written, %" PRIu64 " lost;",
		cap->total, cap->lost);
	for (d = 0; d < cap->ndev; d++)
		fprintf(e, " %s: %" PRIu64 " sent %" PRIu64 " received%s",
			names[d], cap->written[d][1], cap->written[d][0],
			d + 1 < cap->ndev ? "," : "");
	fputc('\n', e);
	if (!exact)
		return;
	fprintf(e, "capture: the master's counters over the same time:");
	for (d = 0; d < cap->ndev; d++)
		fprintf(e, " %s: %" PRIu64 " sent %" PRIu64 " received%s",
			names[d],
			(uint64_t)(c1->tx_count[d] - c0->tx_count[d]),
			(uint64_t)(c1->rx_count[d] - c0->rx_count[d]),
			d + 1 < cap->ndev ? "," : "");
	fputc('\n', e);
}

/* Interface statistics: what each device carried and what is missing. */
static int ec_cap_stats(struct ec_cap *cap,
			const struct ec_ioctl_capture_read *c0,
			const struct ec_ioctl_capture_read *c1)
{
	unsigned int d;
	int ret = 0;

	for (d = 0; !ret && d < cap->ndev; d++) {
		uint64_t carried = c1->tx_count[d] - c0->tx_count[d] +
				   c1->rx_count[d] - c0->rx_count[d];
		uint64_t got = cap->written[d][0] + cap->written[d][1];

		ret = ec_pcapng_stats(cap->out, d, c1->real_ns, c0->real_ns,
				      carried, carried > got ? carried - got : 0,
				      "counters of the master over the capture");
	}
	return ret ? ec_cap_write_fail(cap, ret) : 0;
}

static void ec_cap_idle(void)
{
	struct timespec ts = { 0, EC_CAP_IDLE_NS };

	nanosleep(&ts, NULL);
}

static int ec_cap_live(struct ec_cap *cap, unsigned int master,
		       uint64_t duration_ns)
{
	struct ec_ioctl_capture_read start, r, end;
	uint64_t from, stop_head = UINT64_MAX;
	bool stopping = false, exact = false;
	uint8_t *buf;
	int ret;

	buf = malloc(EC_CAP_BUF_SIZE);
	if (!buf)
		return ec_cli_fail(cap->c, "out of memory");
	/* asks for nothing: opens the gate and takes the start's counters */
	ret = ec_lib_capture_read(&cap->m, UINT64_MAX, buf, EC_CAP_BUF_SIZE,
				  EC_CAPTURE_LIVE, &start);
	if (ret == -ENODEV) {
		ret = ec_cli_fail(cap->c,
				  "the master has no capture ring (module parameter capture_frames=0)");
		goto out_free;
	}
	if (ret) {
		ret = ec_cli_lib_fail(cap->c, &cap->m, ret);
		goto out_free;
	}
	cap->ndev = start.num_devices ? start.num_devices : 1;
	if (cap->ndev > EC_CAP_DEVICES)
		cap->ndev = EC_CAP_DEVICES;
	cap->real_off = (int64_t)(start.real_ns - start.mono_ns);
	ret = ec_cap_header(cap, master, NULL);
	if (ret)
		goto out_free;
	from = start.head_seq;
	cap->expect = from;
	end = start;
	for (;;) {
		if (!stopping && (ec_cap_stop ||
				  (duration_ns &&
				   end.mono_ns - start.mono_ns >= duration_ns)))
			stopping = true;
		ret = ec_lib_capture_read(&cap->m, from, buf, EC_CAP_BUF_SIZE,
					  stopping ? 0 : EC_CAPTURE_LIVE, &r);
		if (ret) {
			ret = ec_cli_lib_fail(cap->c, &cap->m, ret);
			goto out_free;
		}
		if (stopping && stop_head == UINT64_MAX) {
			stop_head = r.head_seq;	/* the end's counters */
			end = r;
		} else if (!stopping) {
			end = r;
		}
		cap->lost += r.lost;
		ret = ec_cap_take(cap, buf, r.bytes, stop_head);
		if (ret)
			goto out_free;
		from = r.next_seq;
		if (cap->count && cap->total >= cap->count)
			break;
		if (stopping && from >= stop_head) {
			exact = true;
			break;
		}
		if (fflush(cap->out)) {
			ret = ec_cap_write_fail(cap, -errno);
			goto out_free;
		}
		if (!r.frames && !r.lost && !stopping)
			ec_cap_idle();
	}
	if (exact)
		ret = ec_cap_stats(cap, &start, &end);
	if (!ret && fflush(cap->out))
		ret = ec_cap_write_fail(cap, -errno);
	if (!ret)
		ec_cap_summary(cap, exact, &start, &end);
out_free:
	free(buf);
	return ret;
}

/* ---- the flight recorder ---- */

static const char *ec_cap_kind(unsigned int kind)
{
	static const char *const names[] = {
		"unknown", "working counter dropped", "lost frame", "AL error",
		"slave gone", "ring break", "DC sync deviation",
	};

	return kind < sizeof(names) / sizeof(names[0]) ? names[kind] :
							  names[0];
}

static void ec_cap_time(char *s, size_t size, uint64_t ns)
{
	time_t t = (time_t)(ns / EC_CAP_NSEC_PER_SEC);
	struct tm tm;

	gmtime_r(&t, &tm);
	snprintf(s, size, "%04d-%02d-%02d %02d:%02d:%02d.%09" PRIu64 " UTC",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, (uint64_t)(ns % EC_CAP_NSEC_PER_SEC));
}

/* The snapshot slots, by id. */
static int ec_cap_snaps(struct ec_cap *cap,
			struct ec_ioctl_recorder_info s[EC_RECORDER_SNAPSHOTS],
			unsigned int *n)
{
	struct ec_ioctl_recorder_info t;
	unsigned int i, j;
	int ret;

	*n = 0;
	for (i = 0; i < EC_RECORDER_SNAPSHOTS; i++) {
		ret = ec_lib_recorder_info(&cap->m, i, &t);
		if (ret == -EOPNOTSUPP)
			return ec_cli_fail(cap->c,
					   "the flight recorder is off (module parameter recorder=0)");
		if (ret == -ENODEV)
			return ec_cli_fail(cap->c,
					   "the master has no capture ring (module parameter capture_frames=0)");
		if (ret)
			return ec_cli_lib_fail(cap->c, &cap->m, ret);
		if (!t.state)
			continue;
		for (j = *n; j > 0 && s[j - 1].id > t.id; j--)
			s[j] = s[j - 1];
		s[j] = t;
		(*n)++;
	}
	return 0;
}

static void ec_cap_event_text(char *s, size_t size,
			      const struct ec_ioctl_recorder_info *i)
{
	if (i->more)
		snprintf(s, size, "%s: %.*s (and %u more)",
			 ec_cap_kind(i->kind), EC_RECORDER_TEXT_SIZE, i->text,
			 i->more);
	else
		snprintf(s, size, "%s: %.*s", ec_cap_kind(i->kind),
			 EC_RECORDER_TEXT_SIZE, i->text);
}

static int ec_cap_list(struct ec_cap *cap,
		       const struct ec_ioctl_recorder_info *s, unsigned int n)
{
	char ev[EC_CAP_COMMENT_SIZE], when[64];
	unsigned int i;

	if (!n)
		printf("No snapshots.\n");
	for (i = 0; i < n; i++) {
		ec_cap_event_text(ev, sizeof(ev), &s[i]);
		ec_cap_time(when, sizeof(when),
			    s[i].event_ns + (uint64_t)s[i].real_offset_ns);
		printf("Snapshot %u: %s\n  at %s, ", s[i].id, ev, when);
		if (s[i].state == 2)
			printf("%u frames (%u lost)\n", s[i].frames,
			       s[i].lost);
		else
			printf("frames after the event still being recorded\n");
	}
	if (n)
		printf("Events since the module was loaded: %" PRIu64
		       " working counter drops, %" PRIu64 " lost frames, %"
		       PRIu64 " AL errors, %" PRIu64 " slaves gone, %" PRIu64
		       " ring breaks, %" PRIu64 " DC sync deviations; %" PRIu64
		       " within the hold-off.\n",
		       (uint64_t)s[0].events[1], (uint64_t)s[0].events[2],
		       (uint64_t)s[0].events[3], (uint64_t)s[0].events[4],
		       (uint64_t)s[0].events[5], (uint64_t)s[0].events[6],
		       (uint64_t)s[0].held_off);
	(void)cap;
	return 0;
}

/* Read a frozen snapshot's records whole; NULL when it went meanwhile. */
static uint8_t *ec_cap_snap_read(struct ec_cap *cap,
				 const struct ec_ioctl_recorder_info *s,
				 int *err)
{
	uint8_t *buf = malloc(s->bytes ? s->bytes : 1);
	uint32_t off = 0, got;
	int ret;

	*err = 0;
	if (!buf) {
		*err = -ENOMEM;
		return NULL;
	}
	while (off < s->bytes) {
		ret = ec_lib_recorder_read(&cap->m, s->id, off, buf + off,
					   s->bytes - off, &got);
		if (ret || !got) {
			*err = ret ? ret : -EIO;
			free(buf);
			return NULL;
		}
		off += got;
	}
	return buf;
}

static int ec_cap_snap_write(struct ec_cap *cap,
			     const struct ec_ioctl_recorder_info *s,
			     const uint8_t *buf)
{
	char ev[EC_CAP_COMMENT_SIZE], comment[EC_CAP_COMMENT_SIZE + 64];
	struct ec_cap_rec r;
	size_t off = 0, size;
	bool first = true;
	int ret;

	ec_cap_event_text(ev, sizeof(ev), s);
	cap->real_off = s->real_offset_ns;
	while (off < s->bytes) {
		const char *note = NULL;

		size = ec_cap_rec_parse(buf + off, s->bytes - off, &r);
		if (!size)
			return ec_cli_fail(cap->c,
					   "snapshot %u: malformed record at byte %zu",
					   s->id, off);
		off += size;
		if (r.flags & EC_CAPTURE_REC_EVENT) {
			snprintf(comment, sizeof(comment),
				 "recorder snapshot %u, the event: %s", s->id,
				 ev);
			note = comment;
		} else if (first) {
			snprintf(comment, sizeof(comment),
				 "recorder snapshot %u begins (%s)", s->id, ev);
			note = comment;
		}
		first = false;
		ret = ec_cap_packet(cap, &r, note);
		if (ret)
			return ret;
	}
	return 0;
}

static int ec_cap_recorder(struct ec_cap *cap, unsigned int master)
{
	struct ec_ioctl_recorder_info s[EC_RECORDER_SNAPSHOTS];
	struct ec_ioctl_capture_read r;
	char comment[256];
	unsigned int n, i, ready = 0;
	size_t len = 0;
	uint8_t probe[EC_CAPTURE_REC_HEADER + 1544];
	int ret;

	ret = ec_cap_snaps(cap, s, &n);
	if (ret)
		return ret;
	if (!cap->path)
		return ec_cap_list(cap, s, n);
	/* the devices: a read of nothing (from ahead of every frame) */
	ret = ec_lib_capture_read(&cap->m, UINT64_MAX, probe, sizeof(probe),
				  0, &r);
	if (ret)
		return ec_cli_lib_fail(cap->c, &cap->m, ret);
	cap->ndev = r.num_devices ? r.num_devices : 1;
	if (cap->ndev > EC_CAP_DEVICES)
		cap->ndev = EC_CAP_DEVICES;
	len = (size_t)snprintf(comment, sizeof(comment),
			       "flight recorder of EtherCAT master %u:", master);
	for (i = 0; i < n && len < sizeof(comment); i++)
		if (s[i].state == 2)
			len += (size_t)snprintf(comment + len,
						sizeof(comment) - len,
						" snapshot %u (%s)", s[i].id,
						ec_cap_kind(s[i].kind));
	ret = ec_cap_header(cap, master, comment);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		uint8_t *buf;

		if (s[i].state != 2)
			continue;
		buf = ec_cap_snap_read(cap, &s[i], &ret);
		if (!buf) {
			ec_cli_warn(cap->c,
				    "snapshot %u was replaced while it was read (%s)",
				    s[i].id, strerror(-ret));
			continue;
		}
		ret = ec_cap_snap_write(cap, &s[i], buf);
		free(buf);
		if (ret)
			return ret;
		ready++;
	}
	if (fflush(cap->out))
		return ec_cap_write_fail(cap, -errno);
	if (!cap->c->quiet)
		fprintf(cap->c->err, "capture: %u snapshot(s), %" PRIu64
			" frames written\n", ready, cap->total);
	return 0;
}

/**
 * ec_cmd_capture() - `ethercat capture`: write the frames of the running
 * master as pcapng, live (-w FILE, --count, --duration; until SIGINT or
 * SIGTERM otherwise) or from the flight recorder (--recorder; without -w
 * it lists the snapshots)
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_capture(struct ec_cli *c)
{
	struct ec_cap cap;
	struct sigaction sa;
	uint64_t duration_ns;
	unsigned int master;
	int ret;

	memset(&cap, 0, sizeof(cap));
	cap.c = c;
	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ret = ec_cap_parse_opts(c, &cap.count, &duration_ns);
	if (ret)
		return ret;
	ret = ec_cli_single_master(c, &master);
	if (ret)
		return ret;
	ret = ec_cli_open(c, &cap.m, master, false);
	if (ret)
		return ret;
	cap.path = c->write_file;
	if (cap.path) {
		cap.out = strcmp(cap.path, "-") ? fopen(cap.path, "wb") :
						   stdout;
		if (!cap.out) {
			ret = ec_cli_fail(c, "cannot open %s: %s", cap.path,
					  strerror(errno));
			goto out_close;
		}
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = ec_cap_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);	/* a closed pipe is a write error */
	ec_cap_stop = 0;
	if (c->recorder)
		ret = ec_cap_recorder(&cap, master);
	else
		ret = ec_cap_live(&cap, master, duration_ns);
	if (cap.out && cap.out != stdout && fclose(cap.out) && !ret)
		ret = ec_cli_fail(c, "writing %s: %s", cap.path,
				  strerror(errno));
out_close:
	ec_lib_close(&cap.m);
	return ret;
}
