// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_eoe.c - EoE set IP parameters and the EoE interfaces for the CLI
 * and applications: the six ecrt_slave_config_eoe_*() calls (IgH's
 * EC_HAVE_SET_IP) and their ioctl, 'ethercat ip' (a request the slave FSM
 * serves now, request.c's life cycle) and 'ethercat eoe'.
 * Process context only (io_mutex).
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ecrt.h"
#include "ec_ioctl.h"
#include "eoe.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "request.h"
#include "master_linux.h"
#include "slave/slave.h"
#include "app/slave_config.h"

#define EC_EOE_IP_WAIT_MS 5000

/* EC_IOCTL_EOE_* and the core's EC_EOE_IP_* are the same bits. */
static_assert(EC_IOCTL_EOE_MAC == EC_EOE_IP_MAC &&
	      EC_IOCTL_EOE_IP == EC_EOE_IP_IP &&
	      EC_IOCTL_EOE_SUBNET == EC_EOE_IP_SUBNET &&
	      EC_IOCTL_EOE_GATEWAY == EC_EOE_IP_GATEWAY &&
	      EC_IOCTL_EOE_DNS == EC_EOE_IP_DNS &&
	      EC_IOCTL_EOE_NAME == EC_EOE_IP_DNS_NAME);

static int ec_sc_eoe_set(ec_slave_config_t *sc, const struct ec_eoe_ip *ip)
{
	struct ec_linux_master *m = ec_linux_of(sc->master);

	mutex_lock(&m->io_mutex);
	ec_eoe_ip_merge(&sc->eoe_ip, ip);
	mutex_unlock(&m->io_mutex);
	return 0;
}

static int ec_sc_eoe_addr(ec_slave_config_t *sc, u32 flag, struct in_addr a)
{
	struct ec_eoe_ip ip = { .flags = flag };
	u32 v = be32_to_cpu(a.s_addr);

	ip.ip = ip.subnet = ip.gateway = ip.dns = v;
	return ec_sc_eoe_set(sc, &ip);
}

/**
 * ecrt_slave_config_eoe_mac_address() - EoE MAC address of the slave
 * @sc: slave configuration
 * @mac_address: 6 bytes
 *
 * Return: 0.
 */
int ecrt_slave_config_eoe_mac_address(ec_slave_config_t *sc,
				      const unsigned char *mac_address)
{
	struct ec_eoe_ip ip = { .flags = EC_EOE_IP_MAC };

	memcpy(ip.mac, mac_address, sizeof(ip.mac));
	return ec_sc_eoe_set(sc, &ip);
}
EXPORT_SYMBOL(ecrt_slave_config_eoe_mac_address);

/**
 * ecrt_slave_config_eoe_ip_address() - EoE IP address of the slave
 * @sc: slave configuration
 * @ip_address: the address (network byte order, as struct in_addr is)
 *
 * Return: 0.
 */
int ecrt_slave_config_eoe_ip_address(ec_slave_config_t *sc,
				     struct in_addr ip_address)
{
	return ec_sc_eoe_addr(sc, EC_EOE_IP_IP, ip_address);
}
EXPORT_SYMBOL(ecrt_slave_config_eoe_ip_address);

/**
 * ecrt_slave_config_eoe_subnet_mask() - EoE subnet mask of the slave
 * @sc: slave configuration
 * @subnet_mask: the mask
 *
 * Return: 0.
 */
int ecrt_slave_config_eoe_subnet_mask(ec_slave_config_t *sc,
				      struct in_addr subnet_mask)
{
	return ec_sc_eoe_addr(sc, EC_EOE_IP_SUBNET, subnet_mask);
}
EXPORT_SYMBOL(ecrt_slave_config_eoe_subnet_mask);

/**
 * ecrt_slave_config_eoe_default_gateway() - EoE default gateway
 * @sc: slave configuration
 * @gateway_address: the gateway
 *
 * Return: 0.
 */
int ecrt_slave_config_eoe_default_gateway(ec_slave_config_t *sc,
					  struct in_addr gateway_address)
{
	return ec_sc_eoe_addr(sc, EC_EOE_IP_GATEWAY, gateway_address);
}
EXPORT_SYMBOL(ecrt_slave_config_eoe_default_gateway);

/**
 * ecrt_slave_config_eoe_dns_address() - EoE DNS server of the slave
 * @sc: slave configuration
 * @dns_address: the server
 *
 * Return: 0.
 */
int ecrt_slave_config_eoe_dns_address(ec_slave_config_t *sc,
				      struct in_addr dns_address)
{
	return ec_sc_eoe_addr(sc, EC_EOE_IP_DNS, dns_address);
}
EXPORT_SYMBOL(ecrt_slave_config_eoe_dns_address);

/**
 * ecrt_slave_config_eoe_hostname() - EoE host name of the slave
 * @sc: slave configuration
 * @name: up to 32 characters
 *
 * Return: 0, or -EINVAL for a longer or empty name.
 */
int ecrt_slave_config_eoe_hostname(ec_slave_config_t *sc, const char *name)
{
	struct ec_eoe_ip ip = { .flags = EC_EOE_IP_DNS_NAME };
	size_t len = name ? strnlen(name, EC_EOE_HOSTNAME_SIZE + 1) : 0;

	if (!len || len > EC_EOE_HOSTNAME_SIZE)
		return -EINVAL;
	memcpy(ip.hostname, name, len);
	return ec_sc_eoe_set(sc, &ip);
}
EXPORT_SYMBOL(ecrt_slave_config_eoe_hostname);

/* Copy in and check an ec_ioctl_eoe_ip; the parameters into @ip. */
static int ec_eoe_ip_copy_in(struct ec_ioctl_eoe_ip *data, void __user *arg,
			     struct ec_eoe_ip *ip)
{
	size_t len;

	if (copy_from_user(data, arg, sizeof(*data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data->reserved, ARRAY_SIZE(data->reserved)) ||
	    data->reserved0 || data->reserved1[0] || data->reserved1[1] ||
	    !data->flags || (data->flags & ~EC_IOCTL_EOE_ALL))
		return -EINVAL;
	len = strnlen(data->name, sizeof(data->name));
	if ((data->flags & EC_IOCTL_EOE_NAME) &&
	    (!len || len > EC_EOE_HOSTNAME_SIZE))
		return -EINVAL;
	memset(ip, 0, sizeof(*ip));
	ip->flags = data->flags;
	memcpy(ip->mac, data->mac, sizeof(ip->mac));
	ip->ip = data->ip;
	ip->subnet = data->subnet;
	ip->gateway = data->gateway;
	ip->dns = data->dns;
	if (data->flags & EC_IOCTL_EOE_NAME)
		memcpy(ip->hostname, data->name, len);
	return 0;
}

long ec_ioctl_sc_eoe_ip(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_eoe_ip data;
	struct ec_slave_config *sc;
	struct ec_eoe_ip ip;
	long ret;

	if (!ec_app_holds(f))
		return -EPERM;
	ret = ec_eoe_ip_copy_in(&data, arg, &ip);
	if (ret)
		return ret;
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	if (sc)
		ec_eoe_ip_merge(&sc->eoe_ip, &ip);
	mutex_unlock(&m->io_mutex);
	return sc ? 0 : -ENOENT;
}

/* Inspection: the EoE IP parameters of a configuration, for 'config -v'. */
long ec_ioctl_config_eoe_ip(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_eoe_ip data;
	struct ec_slave_config *sc;
	struct ec_eoe_ip ip;
	u32 index;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    data.reserved0 || data.reserved1[0] || data.reserved1[1])
		return -EINVAL;
	index = data.config_index;
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, index);
	if (sc)
		ip = sc->eoe_ip;
	mutex_unlock(&m->io_mutex);
	if (!sc)
		return -ENOENT;
	memset(&data, 0, sizeof(data));
	data.config_index = index;
	data.flags = ip.flags & EC_IOCTL_EOE_ALL;
	memcpy(data.mac, ip.mac, sizeof(data.mac));
	data.ip = ip.ip;
	data.subnet = ip.subnet;
	data.gateway = ip.gateway;
	data.dns = ip.dns;
	BUILD_BUG_ON(sizeof(ip.hostname) > sizeof(data.name));
	memcpy(data.name, ip.hostname, sizeof(ip.hostname));
	data.name[sizeof(data.name) - 1] = '\0';
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

long ec_ioctl_slave_eoe_ip(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_eoe_ip data;
	struct ec_linux_req *r;
	long ret;

	r = ec_linux_req_alloc(EC_REQ_EOE_IP, 0, NULL);
	if (IS_ERR(r))
		return PTR_ERR(r);
	ret = ec_eoe_ip_copy_in(&data, arg, &EC_LINUX_REQ(r, struct ec_eoe_ip_request)->ip);
	if (ret) {
		ec_linux_req_free(r);
		return ret;
	}
	return ec_linux_req_run_free(f->master, data.slave_position, r,
				     EC_EOE_IP_WAIT_MS);
}

long ec_ioctl_eoe_handler(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_eoe_handler data;
	struct ec_linux_eoe_info info;
	u32 index;
	int ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	index = data.index;
	mutex_lock(&m->io_mutex);
	ret = ec_linux_eoe_get(m, index, &info);
	mutex_unlock(&m->io_mutex);
	if (ret)
		return ret;
	memset(&data, 0, sizeof(data));
	data.index = index;
	data.slave_position = info.position;
	data.attached = info.attached;
	data.open = info.open;
	data.carrier = info.carrier;
	strscpy(data.name, info.name, sizeof(data.name));
	data.tx_frames = info.stats.tx_frames;
	data.tx_bytes = info.stats.tx_bytes;
	data.tx_errors = info.stats.tx_errors;
	data.rx_frames = info.stats.rx_frames;
	data.rx_bytes = info.stats.rx_bytes;
	data.rx_dropped = info.stats.rx_dropped + info.rx_dropped_nomem;
	data.rx_errors = info.stats.rx_errors;
	data.tx_rate = info.tx_rate;
	data.rx_rate = info.rx_rate;
	data.tx_queued = info.tx_queued;
	data.tx_queue_size = info.tx_queue_size;
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}
