// SPDX-License-Identifier: GPL-2.0-only
/*
 * module.c - ec_master.ko: parameters, one master per main device, the
 * char device region and class.
 */
#include <linux/ctype.h>
#include <linux/etherdevice.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "master_linux.h"
#include "eoe.h"
#include "compat.h"
#include "ec_ioctl.h"
#include "cycle/redundancy.h"
#include "cycle/capture.h"

static char *main_devices[EC_MAX_MASTERS];
static unsigned int main_count;
static char *backup_devices[EC_MAX_MASTERS];
static unsigned int backup_count;
static unsigned int debug_level;

module_param_array(main_devices, charp, &main_count, 0444);
MODULE_PARM_DESC(main_devices,
		 "MAC addresses of the main devices, one master each; ff:ff:ff:ff:ff:ff takes the first device offered");
module_param_array(backup_devices, charp, &backup_count, 0444);
MODULE_PARM_DESC(backup_devices, "MAC addresses of the backup devices");
module_param(debug_level, uint, 0444);
MODULE_PARM_DESC(debug_level, "Debug level (0: quiet, 1: more, 2: all)");
static unsigned int capture_frames = 6144;
module_param(capture_frames, uint, 0444);
MODULE_PARM_DESC(capture_frames,
		 "Frames the capture ring of each master holds (1536 bytes each; 0: no capture, no recorder)");
static bool recorder = true;
module_param(recorder, bool, 0444);
MODULE_PARM_DESC(recorder,
		 "Flight recorder: always keep the last capture_frames frames, freeze a snapshot on an event");
static unsigned int recorder_dc_ns = 10000;
module_param(recorder_dc_ns, uint, 0444);
MODULE_PARM_DESC(recorder_dc_ns,
		 "DC sync deviation (ns) above which the recorder takes a snapshot (0: never)");
static bool read_dictionary = true;
module_param(read_dictionary, bool, 0444);
MODULE_PARM_DESC(read_dictionary,
		 "Read the CoE dictionaries of the slaves (SDO information)");

unsigned int ec_master_count;
struct ec_linux_master *ec_masters;
struct class *ec_class;
dev_t ec_dev_num;

static int ec_parse_mac(const char *s, u8 mac[ETH_ALEN])
{
	unsigned int v[ETH_ALEN];
	char tail;
	int i;

	if (!s || !*s) {
		eth_zero_addr(mac);
		return 0;
	}
	if (sscanf(s, "%x:%x:%x:%x:%x:%x%c", &v[0], &v[1], &v[2], &v[3],
		   &v[4], &v[5], &tail) != ETH_ALEN)
		return -EINVAL;
	for (i = 0; i < ETH_ALEN; i++) {
		if (v[i] > 0xff)
			return -EINVAL;
		mac[i] = v[i];
	}
	return 0;
}

/* The capture ring and the recorder (capture.c, doc/CAPTURE.md). */
static int ec_linux_capture_setup(struct ec_linux_master *m)
{
	int ret;

	if (capture_frames && capture_frames < EC_REC_BEFORE + EC_REC_AFTER) {
		pr_err("EtherCAT: capture_frames=%u: at least %u, or 0\n",
		       capture_frames, EC_REC_BEFORE + EC_REC_AFTER);
		return -EINVAL;
	}
	ret = ec_capture_init(&m->core, capture_frames, recorder);
	if (ret) {
		pr_err("EtherCAT: no memory for a capture ring of %u frames\n",
		       capture_frames);
		return ret;
	}
	if (!m->core.capture)
		return 0;
	m->core.capture->dc_bound_ns = recorder_dc_ns;
	pr_info("EtherCAT %u: capture ring of %u frames (%zu KiB)%s\n",
		m->core.index, capture_frames,
		(size_t)capture_frames * EC_CAPTURE_SLOT_SIZE / 1024,
		recorder ? ", flight recorder on (4 snapshots of 256 KiB)" :
			   "");
	return 0;
}

static int ec_master_setup(struct ec_linux_master *m, unsigned int index)
{
	int ret;

	ret = ec_master_init(&m->core, index);
	if (ret)
		return ret;
	ec_linux_dc_init(m);
	ret = ec_linux_capture_setup(m);
	if (ret)
		goto out_clear;
	m->core.debug_level = debug_level;
	m->core.no_dictionary = !read_dictionary;
	mutex_init(&m->io_mutex);
	mutex_init(&m->thread_mutex);
	mutex_init(&m->pd_lock);
	init_waitqueue_head(&m->request_wq);
	ec_list_init(&m->orphans);
	INIT_LIST_HEAD(&m->eoe_list);
	ret = ec_parse_mac(main_devices[index], m->main_mac);
	if (ret) {
		pr_err("EtherCAT: invalid main device MAC '%s'\n",
		       main_devices[index]);
		goto out_clear;
	}
	if (index < backup_count) {
		ret = ec_parse_mac(backup_devices[index], m->backup_mac);
		if (ret) {
			pr_err("EtherCAT: invalid backup device MAC '%s'\n",
			       backup_devices[index]);
			goto out_clear;
		}
		m->has_backup = !is_zero_ether_addr(m->backup_mac);
		if (m->has_backup) {
			ret = ec_red_init(&m->core);
			if (ret)
				goto out_clear;
		}
	}
	ret = ec_linux_cycle_init(m);
	if (ret)
		goto out_clear;
	ret = ec_cdev_register(m, index);
	if (ret) {
		ec_linux_cycle_clear(m);
		goto out_clear;
	}
	pr_info("EtherCAT %u: master created for main device %pM\n", index,
		m->main_mac);
	return 0;

out_clear:
	ec_master_clear(&m->core);
	return ret;
}

static int __init ec_init_module(void)
{
	unsigned int i;
	int ret;

	pr_info("EtherCAT: master module %s, ioctl ABI version %u\n",
		EC_RELEASE, EC_IOCTL_VERSION);
	if (main_count > EC_MAX_MASTERS)
		return -EINVAL;
	ec_master_count = main_count;
	if (!ec_master_count)
		pr_warn("EtherCAT: no main_devices given; no master created\n");

	ret = alloc_chrdev_region(&ec_dev_num, 0, EC_MAX_MASTERS, "EtherCAT");
	if (ret) {
		pr_err("EtherCAT: failed to get a char device region: %d\n",
		       ret);
		return ret;
	}
	ec_class = ec_class_create("EtherCAT");
	if (IS_ERR(ec_class)) {
		ret = PTR_ERR(ec_class);
		goto out_unregister_region;
	}
	if (ec_master_count) {
		ec_masters = kcalloc(ec_master_count, sizeof(*ec_masters),
				     GFP_KERNEL);
		if (!ec_masters) {
			ret = -ENOMEM;
			goto out_destroy_class;
		}
	}
	for (i = 0; i < ec_master_count; i++) {
		ret = ec_master_setup(&ec_masters[i], i);
		if (ret)
			goto out_clear_masters;
	}
	return 0;

out_clear_masters:
	while (i--) {
		ec_cdev_unregister(&ec_masters[i]);
		ec_master_clear(&ec_masters[i].core);
		ec_linux_cycle_clear(&ec_masters[i]);
	}
	kfree(ec_masters);
	ec_masters = NULL;
out_destroy_class:
	class_destroy(ec_class);
out_unregister_region:
	unregister_chrdev_region(ec_dev_num, EC_MAX_MASTERS);
	return ret;
}

static void __exit ec_cleanup_module(void)
{
	unsigned int i;

	for (i = 0; i < ec_master_count; i++) {
		struct ec_linux_master *m = &ec_masters[i];

		ec_linux_thread_stop(m);
		ec_linux_eoe_clear(m);
		ec_cdev_unregister(m);
		ec_master_clear(&m->core);
		ec_linux_free_orphans(m);
		ec_linux_cycle_clear(m);
	}
	kfree(ec_masters);
	class_destroy(ec_class);
	unregister_chrdev_region(ec_dev_num, EC_MAX_MASTERS);
	pr_info("EtherCAT: master module unloaded\n");
}

module_init(ec_init_module);
module_exit(ec_cleanup_module);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The EtherCAT master authors");
MODULE_DESCRIPTION("EtherCAT master");
MODULE_VERSION(EC_RELEASE);
