// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ethercat-sim: a virtual EtherCAT segment on a socket.
 *
 *   ethercat-sim --segment FILE (--unix PATH | --udp ADDR:PORT | --ifname IF)
 *                [--backup-unix PATH | --backup-udp ADDR:PORT |
 *                 --backup-ifname IF] [--pcap FILE] [--control PATH]
 *                [--esi DIR]
 *   ethercat-sim --export-esi MODEL [--segment FILE]
 *   ethercat-sim --from-esi DIR --types TYPE[@REV][*N],... [-o FILE]
 *   ethercat-sim --from-bus [--master N] [--tool ethercat] [-o FILE]
 *
 * Each datagram on the unix/UDP socket is one Ethernet frame; the answer
 * goes back to the sender.  With --ifname the simulator answers EtherType
 * 0x88A4 frames on a Linux interface (one end of a veth pair).
 * A --backup-* socket is the master's backup port, wired to port 1 of the
 * last slave (a ring, sim/ring.c): a frame goes back to the last sender on
 * the port it comes out of.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "control_server.h"
#include "ecsim.h"
#include "esi.h"
#include "pcap.h"

#define FRAME_MAX	16384
#define TICK_MS		10
#define QUEUE_LEN	128	/* answers held back by "delay" */
#define QUEUE_FRAME	2048
#define ETHERTYPE_ECAT	0x88A4

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ethercat-sim --segment FILE (--unix PATH | "
		"--udp ADDR:PORT | --ifname IF)\n"
		"                    [--backup-unix PATH | --backup-udp "
		"ADDR:PORT | --backup-ifname IF]\n"
		"                    [--pcap FILE] [--control PATH] "
		"[--esi DIR]\n"
		"       ethercat-sim --export-esi MODEL [--segment FILE]\n"
		"       ethercat-sim --from-esi DIR --types "
		"TYPE[@REVISION][*COUNT],... [-o FILE]\n"
		"       ethercat-sim --from-bus [--master N] [--tool PATH] "
		"[--no-values] [-o FILE]\n"
		"  --segment FILE   segment description (JSON, see "
		"sim/README.md)\n"
		"  --unix PATH      bind a unix datagram socket (QEMU "
		"-netdev dgram)\n"
		"  --udp ADDR:PORT  bind a UDP socket (QEMU -netdev "
		"socket,udp=)\n"
		"  --ifname IF      raw socket on interface IF "
		"(EtherType 0x88A4)\n"
		"  --backup-unix PATH, --backup-udp ADDR:PORT, --backup-ifname "
		"IF\n                   the master's backup port, wired to "
		"the last slave\n                   (a ring)\n"
		"  --pcap FILE      record every frame in and out\n"
		"  --control PATH   unix stream socket for commands: unplug N,"
		"\n                   replug N, plug/pull GROUP, drop P, "
		"corrupt P,\n                   delay US, error N CODE, break N, "
		"heal, input,\n                   output, status, link faults "
		"(all: ethercat-sim-ctl -h)\n"
		"  --esi DIR        folder of ESI files (ETG.2000 XML) for "
		"slaves given\n                   as {\"type\": ...} or "
		"{\"esi\": FILE, ...}\n"
		"  --export-esi MODEL  write the ESI file of a catalogue "
		"model (or one of\n                   the segment's "
		"\"models\") on stdout and exit\n"
		"  --from-esi DIR   write a segment file of the devices "
		"--types names, in\n                   ring order, read "
		"from the ESI files of DIR (the\n                   "
		"models are in the file: it needs no --esi DIR)\n"
		"  --types LIST     e.g. EK1100,EL1008*2,EL3102@0x00140000\n"
		"  --from-bus       write the segment file of the running "
		"segment of master\n                   N (default 0) as the "
		"master scanned it, read with\n                   the "
		"master's tool PATH (default: ethercat);\n                   "
		"--no-values: no SDO uploads (the dictionary's\n"
		"                   defaults are zero; much faster)\n"
		"  -o, --output FILE  where --from-esi and --from-bus write "
		"(default: stdout)\n");
}

static int open_unix_dgram(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(a.sun_path))
		return -ENAMETOOLONG;
	strcpy(a.sun_path, path);
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	unlink(path);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a))) {
		close(fd);
		return -errno;
	}
	return fd;
}

static int open_udp(const char *spec)
{
	struct addrinfo hints = {
		.ai_family = AF_UNSPEC, .ai_socktype = SOCK_DGRAM,
		.ai_flags = AI_PASSIVE,
	}, *res;
	char host[256], *colon;
	int fd, ret;

	snprintf(host, sizeof(host), "%s", spec);
	colon = strrchr(host, ':');
	if (!colon)
		return -EINVAL;
	*colon = '\0';
	ret = getaddrinfo(*host ? host : NULL, colon + 1, &hints, &res);
	if (ret)
		return -EINVAL;
	fd = socket(res->ai_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, res->ai_addr, res->ai_addrlen)) {
		ret = -errno;
		if (fd >= 0)
			close(fd);
		freeaddrinfo(res);
		return ret;
	}
	freeaddrinfo(res);
	return fd;
}

static int open_packet(const char *ifname, struct sockaddr_ll *ll)
{
	int fd;

	memset(ll, 0, sizeof(*ll));
	ll->sll_family = AF_PACKET;
	ll->sll_protocol = htons(ETHERTYPE_ECAT);
	ll->sll_ifindex = (int)if_nametoindex(ifname);
	if (!ll->sll_ifindex)
		return -ENODEV;
	fd = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(ETHERTYPE_ECAT));
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)ll, sizeof(*ll))) {
		close(fd);
		return -errno;
	}
	return fd;
}

static int open_control(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(a.sun_path))
		return -ENAMETOOLONG;
	strcpy(a.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return -errno;
	unlink(path);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, 4)) {
		close(fd);
		return -errno;
	}
	return fd;
}

/* A master port: its socket and where its answers go. */
struct port {
	int fd;
	bool packet;
	struct sockaddr_ll ll;
	struct sockaddr_storage peer;	/* the last sender */
	socklen_t pl;			/* 0: nobody sent yet */
};

/* Open the socket of a master port: exactly one of the three is set. */
static int open_port(struct port *p, const char *unix_path, const char *udp,
		     const char *ifname)
{
	int ret;

	if (unix_path)
		ret = open_unix_dgram(unix_path);
	else if (udp)
		ret = open_udp(udp);
	else
		ret = open_packet(ifname, &p->ll);
	p->packet = ifname;
	if (ret < 0) {
		fprintf(stderr, "ethercat-sim: %s: %s\n",
			unix_path ?: udp ?: ifname, strerror(-ret));
		return ret;
	}
	p->fd = ret;
	return 0;
}

struct held {
	uint64_t due;
	size_t len;
	unsigned int port;
	uint8_t frame[QUEUE_FRAME];
};


struct sim {
	struct ecsim_segment *seg;
	struct held queue[QUEUE_LEN];
	unsigned int q_head, q_len;
	struct ecsim_pcap pcap;
	bool capture;
	struct port port[2];
	unsigned int n_ports;
	uint64_t t0;
};

static void send_answer(struct sim *sim, const uint8_t *frame, size_t len,
			unsigned int port)
{
	struct port *p = &sim->port[port];

	if (sim->capture)
		ecsim_pcap_write(&sim->pcap, clock_ns(CLOCK_REALTIME), frame,
				 len);
	if (p->packet)
		sendto(p->fd, frame, len, 0, (struct sockaddr *)&p->ll,
		       sizeof(p->ll));
	else if (p->pl)
		sendto(p->fd, frame, len, 0, (struct sockaddr *)&p->peer,
		       p->pl);
}

/* Send the held answers that are due; return ns until the next one. */
static uint64_t send_due(struct sim *sim)
{
	uint64_t now = clock_ns(CLOCK_MONOTONIC);

	while (sim->q_len) {
		struct held *h = &sim->queue[sim->q_head];

		if (h->due > now)
			return h->due - now;
		send_answer(sim, h->frame, h->len, h->port);
		sim->q_head = (sim->q_head + 1) % QUEUE_LEN;
		sim->q_len--;
	}
	return TICK_MS * 1000000ull;
}

static void handle_frame(struct sim *sim, unsigned int port)
{
	uint8_t frame[FRAME_MAX];
	struct port *p = &sim->port[port];
	struct sockaddr_storage from;
	socklen_t fl = sizeof(from);
	unsigned int delay_us, out_port = port;
	struct held *h;
	ssize_t n;
	size_t out;

	n = recvfrom(p->fd, frame, sizeof(frame), 0,
		     (struct sockaddr *)&from, &fl);
	if (n <= 0)
		return;
	if (p->packet &&
	    ((struct sockaddr_ll *)&from)->sll_pkttype == PACKET_OUTGOING)
		return;		/* our own answers */
	if (!p->packet) {
		p->peer = from;
		p->pl = fl;
	}
	if (sim->capture)
		ecsim_pcap_write(&sim->pcap, clock_ns(CLOCK_REALTIME), frame,
				 (size_t)n);
	ecsim_segment_set_time(sim->seg, clock_ns(CLOCK_MONOTONIC) - sim->t0);
	out = ecsim_segment_process_port(sim->seg, port, frame, (size_t)n,
					 &out_port);
	if (!out || out_port >= sim->n_ports)
		return;
	delay_us = ecsim_segment_delay(sim->seg);
	if (!delay_us || out > QUEUE_FRAME || sim->q_len == QUEUE_LEN) {
		send_answer(sim, frame, out, out_port);
		return;
	}
	h = &sim->queue[(sim->q_head + sim->q_len++) % QUEUE_LEN];
	h->due = clock_ns(CLOCK_MONOTONIC) + (uint64_t)delay_us * 1000;
	h->len = out;
	h->port = out_port;
	memcpy(h->frame, frame, out);
}

static int run(struct sim *sim, int ctl_fd)
{
	struct ecsim_ctl ctl;

	if (ctl_fd >= 0)
		ecsim_ctl_init(&ctl, sim->seg, ctl_fd, ECSIM_CTL_STALL_NS);
	fprintf(stderr, "ethercat-sim: ready\n");
	while (!stop) {
		struct pollfd pf[2 + 1 + ECSIM_CTL_MAX_CLIENTS];
		unsigned int np = 0, nf, p;
		struct timespec ts;
		uint64_t wait;

		for (p = 0; p < sim->n_ports; p++)
			pf[np++] = (struct pollfd){ .fd = sim->port[p].fd,
						    .events = POLLIN };
		nf = np;
		if (ctl_fd >= 0)
			np += ecsim_ctl_pollfds(&ctl, pf + nf);
		wait = send_due(sim);
		ts.tv_sec = (time_t)(wait / 1000000000u);
		ts.tv_nsec = (long)(wait % 1000000000u);
		if (ppoll(pf, np, &ts, NULL) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		send_due(sim);
		ecsim_segment_set_time(sim->seg,
				       clock_ns(CLOCK_MONOTONIC) - sim->t0);
		for (p = 0; p < nf; p++)
			if (pf[p].revents & POLLIN)
				handle_frame(sim, p);
		if (ctl_fd >= 0)
			ecsim_ctl_serve(&ctl, pf + nf, np - nf,
					clock_ns(CLOCK_MONOTONIC));
	}
	if (ctl_fd >= 0)
		ecsim_ctl_close(&ctl);
	return 0;
}

/* The segment file's warnings, one line each, naming the file. */
static void print_warnings(const char *path, const char *w)
{
	const char *nl;

	while (w && *w) {
		nl = strchr(w, '\n');
		fprintf(stderr, "ethercat-sim: warning: %s: %.*s\n", path,
			nl ? (int)(nl - w) : (int)strlen(w), w);
		w = nl ? nl + 1 : NULL;
	}
}

/*
 * --from-esi DIR --types LIST [-o FILE] and --from-bus: the segment file is
 * built, then checked by building the segment from it, then written.
 */
static int write_segment(const char *opt, json_t *js, const char *output);

static int from_esi(const char *dir, const char *types, const char *output)
{
	char err[1024] = "";
	json_t *js;
	int ret;

	if (!types) {
		fprintf(stderr, "ethercat-sim: --from-esi needs --types "
			"(e.g. --types EK1100,EL1008)\n");
		return 2;
	}
	ret = ecsim_esi_segment(dir, types, stderr, &js, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "ethercat-sim: --from-esi: %s\n", err);
		return 1;
	}
	return write_segment("--from-esi", js, output);
}

static int from_bus(const char *tool, const char *master, bool values,
		    const char *output)
{
	char err[1024] = "", *end;
	unsigned long m = strtoul(master, &end, 0);
	json_t *js;
	int ret;

	if (!*master || *end || m > 31) {
		fprintf(stderr, "ethercat-sim: --master: \"%s\" is not a "
			"master index (0-31)\n", master);
		return 2;
	}
	ret = ecsim_from_bus(tool, (unsigned int)m, values, &js, err,
			     sizeof(err));
	if (ret) {
		fprintf(stderr, "ethercat-sim: --from-bus: %s\n", err);
		return 1;
	}
	return write_segment("--from-bus", js, output);
}

static int write_segment(const char *opt, json_t *js, const char *output)
{
	char err[1024] = "", *text;
	struct ecsim_segment *seg;
	FILE *f;

	text = json_dumps(js, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	json_decref(js);
	if (!text) {
		fprintf(stderr, "ethercat-sim: %s: out of memory\n", opt);
		return 1;
	}
	seg = ecsim_segment_new_string(text, err, sizeof(err));
	if (!seg) {
		fprintf(stderr, "ethercat-sim: %s: the segment file it built "
			"is refused: %s\n", opt, err);
		free(text);
		return 1;
	}
	ecsim_segment_free(seg);
	f = output ? fopen(output, "w") : stdout;
	if (!f || fprintf(f, "%s\n", text) < 0 ||
	    (output ? fclose(f) : fflush(f))) {
		fprintf(stderr, "ethercat-sim: %s: %s\n",
			output ? output : "stdout", strerror(errno));
		free(text);
		return 1;
	}
	free(text);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "segment", required_argument, NULL, 's' },
		{ "unix", required_argument, NULL, 'u' },
		{ "udp", required_argument, NULL, 'p' },
		{ "ifname", required_argument, NULL, 'i' },
		{ "pcap", required_argument, NULL, 'w' },
		{ "control", required_argument, NULL, 'c' },
		{ "esi", required_argument, NULL, 'e' },
		{ "export-esi", required_argument, NULL, 'x' },
		{ "from-esi", required_argument, NULL, 'f' },
		{ "types", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "from-bus", no_argument, NULL, 'B' },
		{ "master", required_argument, NULL, 'M' },
		{ "tool", required_argument, NULL, 'T' },
		{ "no-values", no_argument, NULL, 'N' },
		{ "backup-unix", required_argument, NULL, 'U' },
		{ "backup-udp", required_argument, NULL, 'P' },
		{ "backup-ifname", required_argument, NULL, 'I' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *segment = NULL, *unix_path = NULL, *udp = NULL;
	const char *ifname = NULL, *pcap = NULL, *control = NULL;
	const char *esi_dir = NULL, *export_model = NULL;
	const char *from_dir = NULL, *types = NULL, *output = NULL;
	const char *bus_master = NULL, *tool = NULL;
	bool bus = false, values = true;
	const char *b_unix = NULL, *b_udp = NULL, *b_ifname = NULL;
	static struct sim sim = { .port = { { .fd = -1 }, { .fd = -1 } } };
	struct sigaction sa = { .sa_handler = on_signal };
	char err[512] = "";
	int c, ctl = -1, ret;

	while ((c = getopt_long(argc, argv, "s:u:p:i:w:c:e:x:f:t:o:BM:T:NU:P:I:h", opts,
				NULL)) != -1) {
		switch (c) {
		case 's': segment = optarg; break;
		case 'u': unix_path = optarg; break;
		case 'p': udp = optarg; break;
		case 'i': ifname = optarg; break;
		case 'w': pcap = optarg; break;
		case 'c': control = optarg; break;
		case 'e': esi_dir = optarg; break;
		case 'x': export_model = optarg; break;
		case 'f': from_dir = optarg; break;
		case 't': types = optarg; break;
		case 'o': output = optarg; break;
		case 'B': bus = true; break;
		case 'M': bus_master = optarg; break;
		case 'T': tool = optarg; break;
		case 'N': values = false; break;
		case 'U': b_unix = optarg; break;
		case 'P': b_udp = optarg; break;
		case 'I': b_ifname = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (from_dir && !segment && !export_model && !unix_path && !udp &&
	    !ifname && optind == argc)
		return from_esi(from_dir, types, output);
	if (bus && !from_dir && !types && !segment && !export_model &&
	    !unix_path && !udp && !ifname && optind == argc)
		return from_bus(tool ? tool : "ethercat",
				bus_master ? bus_master : "0", values, output);
	if (from_dir || types || output || bus || bus_master || tool ||
	    !values) {
		usage(stderr);
		return 2;
	}
	if (export_model && !unix_path && !udp && !ifname && optind == argc) {
		if (!ecsim_export_esi(export_model, segment, stdout, err,
				      sizeof(err)) && !fflush(stdout))
			return 0;
		fprintf(stderr, "ethercat-sim: --export-esi %s: %s\n",
			export_model, err[0] ? err : strerror(errno));
		return 1;
	}
	if (!segment || export_model || !!unix_path + !!udp + !!ifname != 1 ||
	    !!b_unix + !!b_udp + !!b_ifname > 1 || optind < argc) {
		usage(stderr);
		return 2;
	}
	sim.seg = ecsim_segment_new_file_esi(segment, esi_dir, err,
					     sizeof(err));
	if (!sim.seg) {
		fprintf(stderr, "ethercat-sim: %s\n", err);
		return 1;
	}
	print_warnings(segment, ecsim_segment_warnings(sim.seg));
	ret = open_port(&sim.port[0], unix_path, udp, ifname);
	if (ret < 0)
		goto out_seg;
	sim.n_ports = 1;
	if (b_unix || b_udp || b_ifname) {
		ret = ecsim_segment_set_ring(sim.seg, true);
		if (ret) {
			fprintf(stderr, "ethercat-sim: %s: a backup port needs "
				"a line of slaves (the last one's port 1 "
				"free)\n", segment);
			goto out_fd;
		}
		ret = open_port(&sim.port[1], b_unix, b_udp, b_ifname);
		if (ret < 0)
			goto out_fd;
		sim.n_ports = 2;
	}
	if (pcap) {
		ret = ecsim_pcap_open(&sim.pcap, pcap);
		if (ret) {
			fprintf(stderr, "ethercat-sim: %s: %s\n", pcap,
				strerror(-ret));
			goto out_fd;
		}
		sim.capture = true;
	}
	if (control) {
		ret = ctl = open_control(control);
		if (ret < 0) {
			fprintf(stderr, "ethercat-sim: %s: %s\n", control,
				strerror(-ret));
			goto out_pcap;
		}
	}
	/* held answers ("delay") should leave on time, not 50 us late */
	prctl(PR_SET_TIMERSLACK, 1000UL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	sim.t0 = clock_ns(CLOCK_MONOTONIC) - 1000000000u;
	ret = run(&sim, ctl);
	if (ret)
		fprintf(stderr, "ethercat-sim: %s\n", strerror(-ret));
	if (ctl >= 0) {
		close(ctl);
		unlink(control);
	}
out_pcap:
	ecsim_pcap_close(&sim.pcap);
out_fd:
	close(sim.port[0].fd);
	if (unix_path)
		unlink(unix_path);
	if (sim.port[1].fd >= 0)
		close(sim.port[1].fd);
	if (b_unix && sim.port[1].fd >= 0)
		unlink(b_unix);
out_seg:
	ecsim_segment_free(sim.seg);
	return ret < 0 ? 1 : 0;
}
