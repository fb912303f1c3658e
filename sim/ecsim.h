/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ecsim: a virtual EtherCAT segment, in process.
 *
 * A segment is a line of simulated slaves built from a JSON segment file
 * (format in sim/README.md).  Hand it an Ethernet frame and it executes every
 * datagram in every slave in ring order and returns the frame as the master
 * would receive it.  No sockets, no threads, no clock: the caller sets the
 * simulated time, so tests are deterministic.
 */
#ifndef ECSIM_H
#define ECSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ecsim_segment;

/* Segment counters (ecsim_segment_stats()). */
struct ecsim_stats {
	uint64_t frames_in;		/* frames handed in */
	uint64_t frames_out;		/* frames answered */
	uint64_t non_ecat;		/* not EtherCAT: destroyed by slave 0 */
	uint64_t broken;		/* inconsistent EtherCAT header */
	uint64_t dropped;		/* "drop" fault */
	uint64_t corrupted;		/* "corrupt" fault */
	uint64_t datagrams;		/* datagrams executed */
};

/**
 * ecsim_segment_new_file() - build a segment from a segment file
 * @path: JSON segment file
 * @err: receives a message on failure
 * @errlen: size of @err
 *
 * Return: the segment, or NULL with @err filled.
 */
struct ecsim_segment *ecsim_segment_new_file(const char *path, char *err,
					     size_t errlen);
/**
 * ecsim_segment_new_string() - build a segment from a JSON string
 * @json: the segment description (same format as a segment file)
 * @err: receives a message on failure (may be NULL with @errlen 0)
 * @errlen: size of @err
 *
 * Return: the segment, or NULL with @err filled.
 */
struct ecsim_segment *ecsim_segment_new_string(const char *json, char *err,
					       size_t errlen);
/**
 * ecsim_segment_new_file_esi() - build a segment whose slaves may come from
 * ESI files
 * @path: JSON segment file; a slave {"esi": FILE, "type": T, "revision": R}
 *        is device T (revision R, else the first) of ESI file FILE, looked
 *        for next to @path, then in @esi_dir; {"type": T} alone searches
 *        the *.xml files of @esi_dir
 * @esi_dir: folder of ESI files, or NULL
 * @err: receives a message on failure (naming the ESI file and element)
 * @errlen: size of @err
 *
 * What an ESI file describes and the simulator does not model is listed
 * once per device on stderr.
 *
 * Return: the segment, or NULL with @err filled.
 */
struct ecsim_segment *ecsim_segment_new_file_esi(const char *path,
						 const char *esi_dir,
						 char *err, size_t errlen);
/**
 * ecsim_export_esi() - write the ESI file (ETG.2000) of a model
 * @model: catalogue model, e.g. "EL3102"
 * @segment: NULL, or a segment file whose "models" are added
 * @out: where the XML goes
 * @err: receives a message on failure
 * @errlen: size of @err
 *
 * Return: 0, -ENOENT (no such model), -ENOMEM or -EIO.
 */
int ecsim_export_esi(const char *model, const char *segment, FILE *out,
		     char *err, size_t errlen);
void ecsim_segment_free(struct ecsim_segment *seg);
/**
 * ecsim_segment_warnings() - what the segment file's check accepted but
 * found suspect (duplicate station aliases)
 * @seg: segment
 *
 * Return: lines ending in '\n', or NULL when there is nothing to say.
 */
const char *ecsim_segment_warnings(const struct ecsim_segment *seg);

/**
 * ecsim_segment_process() - pass one Ethernet frame through the ring
 * @seg: segment
 * @frame: the frame without FCS; answered in place
 * @len: its length
 *
 * Return: the length of the answer now in @frame (the same as @len), or 0
 * when no frame comes back (not EtherCAT, broken header, injected loss).
 */
size_t ecsim_segment_process(struct ecsim_segment *seg, uint8_t *frame,
			     size_t len);

/**
 * ecsim_segment_set_time() - set the simulated time
 * @seg: segment
 * @now_ns: time in ns; the next frame reaches slave 0 at this time.  Time
 *          driven effects (SM watchdog, SYNC pulses) are evaluated here.
 *
 * ecsim_segment_advance() adds @ns to the current time instead.
 */
void ecsim_segment_set_time(struct ecsim_segment *seg, uint64_t now_ns);
void ecsim_segment_advance(struct ecsim_segment *seg, uint64_t ns);
uint64_t ecsim_segment_time(const struct ecsim_segment *seg);

/**
 * ecsim_segment_seed() - seed the generator behind "drop" and "corrupt"
 * @seg: segment
 * @seed: any value; the same seed gives the same losses
 */
void ecsim_segment_seed(struct ecsim_segment *seg, uint32_t seed);

void ecsim_segment_stats(const struct ecsim_segment *seg,
			 struct ecsim_stats *st);

/*
 * Slaves are named by their index in the segment file ("id"), which does not
 * change when slaves are unplugged; ring positions do.
 */
unsigned int ecsim_segment_slave_count(const struct ecsim_segment *seg);
unsigned int ecsim_segment_ring_count(const struct ecsim_segment *seg);

/*
 * Faults, as the control commands of the same names: unplug/replug slave
 * @id (index in the segment file), lose or corrupt @percent of the frames,
 * make a slave's application report AL status code @code.
 * Return: 0 or -errno (-ENOENT: no such slave, -EINVAL: bad percentage).
 */
int ecsim_segment_unplug(struct ecsim_segment *seg, unsigned int id);
int ecsim_segment_replug(struct ecsim_segment *seg, unsigned int id);
/*
 * Hot connect: every slave whose "group" is @name leaves the ring (pull)
 * or comes back powered up anew (plug), all at once.  -ENOENT: no slave
 * has that group.
 */
int ecsim_segment_group_plug(struct ecsim_segment *seg, const char *name,
			     bool plug);
int ecsim_segment_set_drop(struct ecsim_segment *seg, unsigned int percent);
int ecsim_segment_set_corrupt(struct ecsim_segment *seg,
			      unsigned int percent);
int ecsim_segment_al_error(struct ecsim_segment *seg, unsigned int id,
			   uint16_t code);
/* The slave sends a CoE emergency with @code (mailbox.c). */
int ecsim_segment_emergency(struct ecsim_segment *seg, unsigned int id,
			    uint16_t code);

/*
 * Cable redundancy (ring.c).  With the ring closed the master's backup
 * port is wired to port 1 of the last slave of a line (-EOPNOTSUPP for a
 * tree).  ecsim_segment_break() cuts the cable in front of ring position
 * @pos: 0 is the main port's cable, ring_count the backup port's (-ERANGE
 * beyond); heal mends it.  ecsim_segment_break_pos() is the cut cable or
 * -1.
 */
int ecsim_segment_set_ring(struct ecsim_segment *seg, bool closed);
bool ecsim_segment_ring(const struct ecsim_segment *seg);
int ecsim_segment_break(struct ecsim_segment *seg, unsigned int pos);
void ecsim_segment_heal(struct ecsim_segment *seg);
int ecsim_segment_break_pos(const struct ecsim_segment *seg);

/**
 * ecsim_segment_process_port() - pass a frame that enters at a master port
 * @seg: segment
 * @port: 0 the main port (ring position 0's port 0), 1 the backup port
 * @frame: the frame without FCS; answered in place
 * @len: its length
 * @out_port: the master port the answer comes out of
 *
 * ecsim_segment_process() is this with @port 0, answering only frames
 * that come back to port 0.
 *
 * Return: the length of the answer, or 0 when no frame comes out (as
 * ecsim_segment_process(); also when nothing is wired to @port or its
 * cable is cut).
 */
size_t ecsim_segment_process_port(struct ecsim_segment *seg,
				  unsigned int port, uint8_t *frame,
				  size_t len, unsigned int *out_port);

/*
 * Delay of the answers in microseconds ("delay US" command, "delay_us" in
 * the segment file's faults).  The segment only stores it: whoever moves
 * frames (ethercat-sim) holds the answers back that long.
 */
int ecsim_segment_set_delay(struct ecsim_segment *seg, unsigned int us);
unsigned int ecsim_segment_delay(const struct ecsim_segment *seg);

/**
 * ecsim_segment_command() - run one control command
 * @seg: segment
 * @line: "unplug N", "replug N", "drop P", "corrupt P", "delay US",
 *        "error N CODE", "status"
 * @out: receives the answer text (lines ending in "\n")
 * @outlen: size of @out
 *
 * Return: 0, or -EINVAL/-ENOENT with an "error: ..." line in @out.
 */
int ecsim_segment_command(struct ecsim_segment *seg, const char *line,
			  char *out, size_t outlen);

/*
 * Inspection by slave id, without side effects on the simulated hardware:
 * model name, whether plugged, AL status register (state | error bit) and
 * AL status code, raw ESC memory as the PDI sees it (peek/poke return 0,
 * -ENOENT or -EINVAL for a range beyond 64 KiB), the SII image (bytes,
 * little-endian words).
 */
const char *ecsim_slave_model(const struct ecsim_segment *seg,
			      unsigned int id);
bool ecsim_slave_plugged(const struct ecsim_segment *seg, unsigned int id);
uint8_t ecsim_slave_al_status(const struct ecsim_segment *seg,
			      unsigned int id);
uint16_t ecsim_slave_al_code(const struct ecsim_segment *seg,
			     unsigned int id);
int ecsim_slave_peek(const struct ecsim_segment *seg, unsigned int id,
		     uint16_t addr, void *buf, size_t len);
int ecsim_slave_poke(struct ecsim_segment *seg, unsigned int id,
		     uint16_t addr, const void *buf, size_t len);
int ecsim_slave_sii(const struct ecsim_segment *seg, unsigned int id,
		    const uint8_t **image, size_t *len);
/*
 * Process data entries (valid from SAFEOP on): the value of a mapped output
 * entry as last written by the master, and setting an input entry to a
 * constant (replaces any pattern).  -ENOENT when not mapped.
 */
int ecsim_slave_output(const struct ecsim_segment *seg, unsigned int id,
		       uint16_t index, uint8_t sub, uint64_t *value);
int ecsim_slave_set_input(struct ecsim_segment *seg, unsigned int id,
			  uint16_t index, uint8_t sub, uint64_t value);
int ecsim_slave_input(const struct ecsim_segment *seg, unsigned int id,
		      uint16_t index, uint8_t sub, uint64_t *value);

/*
 * Distributed clocks, the truth behind the registers (sim/dc.c): a DC
 * slave's local copy of the system time now; when the current frame
 * reached the slave, in ns after it reached the first slave (what a
 * master's delay measurement estimates); SYNC0/SYNC1 pulses so far; the
 * frequency error of its local clock.  -ENOENT: no such (DC) slave.
 */
int ecsim_slave_dc_time(const struct ecsim_segment *seg, unsigned int id,
			uint64_t *system_time);
int ecsim_slave_dc_arrival(const struct ecsim_segment *seg, unsigned int id,
			   uint64_t *ns);
int ecsim_slave_dc_pulses(const struct ecsim_segment *seg, unsigned int id,
			  uint64_t *sync0, uint64_t *sync1);
int ecsim_slave_dc_drift(const struct ecsim_segment *seg, unsigned int id,
			 int32_t *ppb);
/* Change a clock's frequency error from now on (-EINVAL beyond +-1000 ppm);
 * the control command "ppm N PPM" does the same. */
int ecsim_slave_dc_set_drift(struct ecsim_segment *seg, unsigned int id,
			     int32_t ppb);

/*
 * EoE endpoint of an EoE slave (sim/eoe.c): its counters, and faults in
 * the frames it sends back: drop one fragment of its next frame that has
 * more than one (ECSIM_EOE_DROP_FRAGMENT), or give the second fragment of
 * its next such frame another frame number (ECSIM_EOE_BAD_FRAME_NO); or,
 * after the first fragment of the next frame of more than one the master
 * sends, leave the write mailbox unread for 5 frames, as a busy slave
 * application would (ECSIM_EOE_SLOW_MAILBOX), or for 1 frame
 * (ECSIM_EOE_SLOW_MAILBOX_1).
 * -ENOENT: no such slave or no EoE.
 */
struct ecsim_eoe_stats {
	uint64_t rx_frames, rx_fragments, rx_dropped;
	uint64_t tx_frames, tx_fragments, tx_overflow;
	uint64_t arp_replies, icmp_replies, udp_replies, set_ip;
	uint32_t ip;		/* its address now, host order (0: none) */
};
#define ECSIM_EOE_DROP_FRAGMENT 1
#define ECSIM_EOE_BAD_FRAME_NO 2
#define ECSIM_EOE_SLOW_MAILBOX 3
#define ECSIM_EOE_SLOW_MAILBOX_1 4
int ecsim_slave_eoe_stats(const struct ecsim_segment *seg, unsigned int id,
			  struct ecsim_eoe_stats *st);
int ecsim_slave_eoe_fault(struct ecsim_segment *seg, unsigned int id,
			  int fault);

#endif /* ECSIM_H */
