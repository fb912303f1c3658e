/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pcapng.h - a small writer of the pcapng file format (the IETF draft
 * "PCAP Next Generation (pcapng) Capture File Format",
 * draft-ietf-opsawg-pcapng): a section header, an interface description
 * per device with nanosecond timestamps, enhanced packet blocks and
 * interface statistics.  Blocks are written in the host's byte order, as
 * the format allows (the byte-order magic tells the reader).
 */
#ifndef EC_TOOL_PCAPNG_H
#define EC_TOOL_PCAPNG_H

#include <stdint.h>
#include <stdio.h>

/* Block types (draft section 4, 11.1). */
#define EC_PCAPNG_SHB 0x0a0d0d0a
#define EC_PCAPNG_IDB 0x00000001
#define EC_PCAPNG_EPB 0x00000006
#define EC_PCAPNG_ISB 0x00000005
#define EC_PCAPNG_BYTE_ORDER_MAGIC 0x1a2b3c4d

/* Options (draft sections 3.5, 4.1-4.6). */
#define EC_PCAPNG_OPT_END 0
#define EC_PCAPNG_OPT_COMMENT 1
#define EC_PCAPNG_SHB_USERAPPL 4
#define EC_PCAPNG_IF_NAME 2
#define EC_PCAPNG_IF_DESCRIPTION 3
#define EC_PCAPNG_IF_MACADDR 6
#define EC_PCAPNG_IF_TSRESOL 9
#define EC_PCAPNG_EPB_FLAGS 2
#define EC_PCAPNG_EPB_DROPCOUNT 4
#define EC_PCAPNG_ISB_STARTTIME 2
#define EC_PCAPNG_ISB_ENDTIME 3
#define EC_PCAPNG_ISB_IFRECV 4
#define EC_PCAPNG_ISB_IFDROP 5

#define EC_PCAPNG_LINKTYPE_ETHERNET 1
/* epb_flags bits 0-1: the direction (draft section 4.3.1) */
#define EC_PCAPNG_INBOUND 1
#define EC_PCAPNG_OUTBOUND 2

int ec_pcapng_section(FILE *f, const char *application, const char *comment);
int ec_pcapng_interface(FILE *f, const char *name, const char *description,
			const uint8_t mac[6]);
int ec_pcapng_packet(FILE *f, uint32_t ifid, uint64_t time_ns,
		     const uint8_t *data, uint32_t len, uint32_t direction,
		     uint64_t dropcount, const char *comment);
int ec_pcapng_stats(FILE *f, uint32_t ifid, uint64_t time_ns,
		    uint64_t start_ns, uint64_t received, uint64_t dropped,
		    const char *comment);

#endif /* EC_TOOL_PCAPNG_H */
