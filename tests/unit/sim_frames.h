/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sim_frames.h - EtherCAT frames built by hand from the specification for
 * the segment core's unit tests (check_sim_core.c, check_sim_core_slave.c),
 * with nothing shared with sim/ but its public API: datagrams, register
 * access by station address, sync managers, FMMUs, AL requests, the SII
 * checksum.  Station addresses are 0x1001.. by position (set_stations()).
 */
#ifndef SIM_FRAMES_H
#define SIM_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include "ecsim.h"

enum { NOP, APRD, APWR, APRW, FPRD, FPWR, FPRW, BRD, BWR, BRW, LRD, LWR,
       LRW, ARMW, FRMW };

struct fr {
	uint8_t b[2048];
	size_t len;
	size_t off[16];
	uint16_t dlen[16];
	unsigned int n;
};

/* EK1100, EL1008, EL2008 */
extern const char *three;

void fr_init(struct fr *f);
unsigned int fr_add(struct fr *f, uint8_t cmd, uint16_t adp,
		    uint16_t ado, const void *data, uint16_t len);
uint8_t *fr_data(struct fr *f, unsigned int i);
uint16_t fr_wkc(struct fr *f, unsigned int i);
uint16_t fr_adp(struct fr *f, unsigned int i);
size_t fr_send(struct ecsim_segment *seg, struct fr *f);
uint16_t dg(struct ecsim_segment *seg, uint8_t cmd, uint16_t adp,
	    uint16_t ado, void *data, uint16_t len);
uint16_t rd16(struct ecsim_segment *seg, uint16_t station,
	      uint16_t ado);
void wr(struct ecsim_segment *seg, uint16_t station, uint16_t ado,
	const void *data, uint16_t len);
void wr16(struct ecsim_segment *seg, uint16_t station, uint16_t ado,
	  uint16_t v);
struct ecsim_segment *seg_new(const char *json);
void set_stations(struct ecsim_segment *seg, unsigned int n);
void fmmu(struct ecsim_segment *seg, uint16_t st, unsigned int n,
	  uint32_t log, uint16_t len, uint8_t lbit, uint8_t lstop,
	  uint16_t phys, uint8_t pbit, uint8_t type);
uint8_t crc8(const uint8_t *d, size_t n);
uint16_t al_request(struct ecsim_segment *seg, uint16_t st,
		    uint16_t state);
void sm(struct ecsim_segment *seg, uint16_t st, unsigned int n,
	uint16_t start, uint16_t len, uint8_t ctl, uint8_t act);
void to_preop_mbx(struct ecsim_segment *seg, uint16_t st);

#endif
