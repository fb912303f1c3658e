/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ec_ports.h - the "ports" parameter of the native drivers (ec_e1000e,
 * ec_igb): which PCI ports a driver takes, by PCI address (0000:03:00.0),
 * MAC address (00:1b:21:0a:0b:0c) or "all" (doc/NATIVE.md).
 */
#ifndef EC_DEVICES_EC_PORTS_H
#define EC_DEVICES_EC_PORTS_H

#include <linux/etherdevice.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/string.h>

static inline bool ec_ports_is_pci_addr(const char *s)
{
	unsigned int dom, bus, slot, fn;
	char end;

	return sscanf(s, "%x:%x:%x.%x%c", &dom, &bus, &slot, &fn, &end) == 4 &&
	       strlen(s) == 12;
}

static inline bool ec_ports_is_mac(const char *s, u8 *mac)
{
	return strlen(s) == 17 && mac_pton(s, mac);
}

/* 0, or -EINVAL after a message naming the first word that is neither. */
static inline int ec_ports_check(const char *drv, char **ports, int count)
{
	u8 mac[ETH_ALEN];
	int i;

	for (i = 0; i < count; i++) {
		const char *s = ports[i];

		if (!strcmp(s, "all") || ec_ports_is_pci_addr(s) ||
		    ec_ports_is_mac(s, mac))
			continue;
		pr_err("%s: ports: \"%s\" is neither a PCI address (0000:03:00.0), a MAC address (00:1b:21:0a:0b:0c) nor \"all\"\n",
		       drv, s);
		return -EINVAL;
	}
	return 0;
}

/* Whether the list names this port (by address or MAC) or says "all". */
static inline bool ec_ports_wanted(char **ports, int count,
				   struct pci_dev *pdev, const u8 *port_mac)
{
	u8 mac[ETH_ALEN];
	int i;

	for (i = 0; i < count; i++) {
		const char *s = ports[i];

		if (!strcmp(s, "all") || !strcasecmp(s, pci_name(pdev)))
			return true;
		if (ec_ports_is_mac(s, mac) && ether_addr_equal(mac, port_mac))
			return true;
	}
	return false;
}

#endif /* EC_DEVICES_EC_PORTS_H */
