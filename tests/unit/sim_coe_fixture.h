/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sim_coe_fixture.h - the CoE server and object dictionary the unit tests
 * of the virtual segment's CoE (check_sim_coe.c, check_sim_coe_info.c)
 * talk to: a CiA 402 drive loaded from sim/README-coe.md's example plus a
 * few extra objects (setup(), teardown(): a Check fixture), and requests
 * built from ETG.1000.6 byte by byte.
 */
#ifndef SIM_COE_FIXTURE_H
#define SIM_COE_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "coe.h"
#include "od.h"

/* CoE header service in bits 12..15, SDO command specifiers in bits 5..7 */
/* high byte of the CoE header for service s */
#define SVC(s)		((uint8_t)((s) << 4))
#define CMD_ABORT	0x80

extern struct ecsim_od *od;
extern struct ecsim_coe *coe;
extern uint8_t rep[4096];	/* the last reply pop() took */
extern size_t rep_len;

uint16_t le16(const uint8_t *p);
uint32_t le32(const uint8_t *p);
json_t *readme_json(void);
void setup(void);
void teardown(void);
void coe_send(const uint8_t *d, size_t n);
size_t pop(void);
void sdo(uint8_t cmd, uint16_t index, uint8_t sub, uint32_t data);
void expect_abort(uint16_t index, uint8_t sub, uint32_t code);
void expect_download_ok(uint16_t index, uint8_t sub);
void down_exp(uint16_t index, uint8_t sub, uint32_t v, unsigned int n);
uint32_t up_exp(uint16_t index, uint8_t sub, unsigned int n);

#endif
