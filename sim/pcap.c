// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Classic libpcap file format (magic 0xa1b2c3d4, version 2.4, linktype 1),
 * written without libpcap; every record is flushed so that a capture is
 * complete even when the simulator is killed.
 */
#include <errno.h>
#include <string.h>

#include "pcap.h"
#include "sim_priv.h"

#define PCAP_MAGIC		0xa1b2c3d4u
#define PCAP_VERSION_MAJOR	2
#define PCAP_VERSION_MINOR	4
#define PCAP_SNAPLEN		65535
#define PCAP_LINKTYPE_ETHERNET	1

int ecsim_pcap_open(struct ecsim_pcap *p, const char *path)
{
	uint8_t h[24];

	p->f = fopen(path, "wb");
	if (!p->f)
		return -errno;
	ecsim_put32(h, PCAP_MAGIC);
	ecsim_put16(h + 4, PCAP_VERSION_MAJOR);
	ecsim_put16(h + 6, PCAP_VERSION_MINOR);
	ecsim_put32(h + 8, 0);		/* thiszone */
	ecsim_put32(h + 12, 0);		/* sigfigs */
	ecsim_put32(h + 16, PCAP_SNAPLEN);
	ecsim_put32(h + 20, PCAP_LINKTYPE_ETHERNET);
	if (fwrite(h, sizeof(h), 1, p->f) != 1 || fflush(p->f)) {
		fclose(p->f);
		p->f = NULL;
		return -EIO;
	}
	return 0;
}

int ecsim_pcap_write(struct ecsim_pcap *p, uint64_t time_ns,
		     const uint8_t *frame, size_t len)
{
	uint8_t h[16];

	if (!p->f)
		return -EBADF;
	ecsim_put32(h, (uint32_t)(time_ns / 1000000000u));
	ecsim_put32(h + 4, (uint32_t)(time_ns % 1000000000u / 1000u));
	ecsim_put32(h + 8, (uint32_t)len);
	ecsim_put32(h + 12, (uint32_t)len);
	if (fwrite(h, sizeof(h), 1, p->f) != 1 ||
	    fwrite(frame, 1, len, p->f) != len || fflush(p->f))
		return -EIO;
	return 0;
}

void ecsim_pcap_close(struct ecsim_pcap *p)
{
	if (p->f)
		fclose(p->f);
	p->f = NULL;
}
