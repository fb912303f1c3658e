/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * redundancy.h - cable redundancy: every frame leaves on the main and the
 * backup device, the two copies of each datagram are merged on receive,
 * and the broadcasts tell where the ring is broken (doc/SPECNOTES.md,
 * "Cable redundancy").
 *
 * All of it is the cyclic side's (the io lock held), except
 * ec_red_init()/ec_red_clear() (setup, process context).  A master
 * without a backup device has no struct ec_redundancy (master->red NULL)
 * and pays one pointer test per frame.
 */
#ifndef EC_REDUNDANCY_H
#define EC_REDUNDANCY_H

#include "port.h"
#include "cycle/datagram.h"
#include "cycle/frame.h"

struct ec_master;

/* Broadcasts in a row with a copy missing that make a break. */
#define EC_RED_PARTIAL_BRDS 3

#define EC_RED_DATA_MAX (EC_FRAME_MAX_PAYLOAD - EC_DATAGRAM_HEADER_SIZE - \
			 EC_DATAGRAM_FOOTER_SIZE)

/* The copies of the datagram in flight with one frame index. */
struct ec_red_slot {
	u8 expected;		/* frames it left in (devices) */
	u8 copies;		/* copies that came back */
	u8 first_sender;	/* device that sent the copy in data[] */
	bool arrived[2];	/* by sending device */
	bool looped[2];		/* came back on the device that sent it */
	bool late_ok;		/* completed with one copy: the other is late */
	bool one_copy;		/* completed with one copy (until resent) */
	u16 wkc[2];		/* by sending device */
	u8 data[EC_RED_DATA_MAX];	/* the first copy */
};

struct ec_redundancy {
	struct ec_red_slot *slot[256];	/* by frame index */
	/* From the last broadcast read (BRD) that came back. */
	u16 side_slaves[2];	/* slaves on the way of each device's copy */
	u16 side_al[2];		/* their AL states (a BRD of 0x0130) */
	bool broken;		/* the main copy did not go round the ring */
	unsigned int break_pos;	/* slaves before the break */
	bool known;		/* a broadcast came back since the start */
	unsigned int partial_brds;	/* in a row with one copy missing */
	/*
	 * The last BRD came back with a copy missing that does not make a
	 * break yet (fewer than EC_RED_PARTIAL_BRDS in a row): its working
	 * counter counts one side only, not the slaves on the segment.
	 */
	bool brd_unsettled;
	u8 brd_unsettled_index;	/* its frame index */
	u64 partial;		/* datagrams completed with one copy */
	u64 late;		/* copies that came after that */
	u64 breaks;		/* times the ring was found broken */
};

int ec_red_init(struct ec_master *master);
void ec_red_clear(struct ec_master *master);

void ec_red_merge(enum ec_datagram_type type, u8 *data, const u8 *a,
		  u16 a_wkc, const u8 *b, u16 b_wkc, size_t size);
void ec_red_backup_frame(struct ec_master *master, u8 *frame, size_t len);
void ec_red_sent(struct ec_master *master, const u8 *frame, size_t len,
		 unsigned int copies);
void ec_red_receive(struct ec_master *master, struct ec_datagram *d,
		    const struct ec_frame_datagram *fd, const u8 *frame,
		    unsigned int rx_dev, u64 now_ns);
bool ec_red_late_copy(struct ec_master *master,
		      const struct ec_frame_datagram *fd);
u8 ec_red_copies_out(const struct ec_master *master, u8 index);
void ec_red_check_partial(struct ec_master *master, u64 now_ns);
bool ec_red_one_copy(const struct ec_master *master,
		     const struct ec_datagram *d);
bool ec_red_brd_unsettled(const struct ec_master *master,
			  const struct ec_datagram *d);

#endif /* EC_REDUNDANCY_H */
