/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Classic pcap capture (linktype 1, Ethernet) of the frames a segment sees. */
#ifndef ECSIM_PCAP_H
#define ECSIM_PCAP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ecsim_pcap {
	FILE *f;
};

/* Return 0 or -errno. */
int ecsim_pcap_open(struct ecsim_pcap *p, const char *path);
/* Write one frame with the given wall-clock time and flush it. */
int ecsim_pcap_write(struct ecsim_pcap *p, uint64_t time_ns,
		     const uint8_t *frame, size_t len);
void ecsim_pcap_close(struct ecsim_pcap *p);

#endif /* ECSIM_PCAP_H */
