/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ec_lib.h - libethercat's ioctl layer: one thin wrapper per command of
 * include/ec_ioctl.h.
 *
 * Internal API shared by the ethercat tool and the userspace ecrt_*
 * functions.  Every action returns 0 or -errno and never prints; the text
 * of the last failure of a handle is available from ec_lib_error().
 */
#ifndef EC_LIB_H
#define EC_LIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ec_ioctl.h"

#define EC_LIB_DEVICE_FMT "/dev/EtherCAT%u"
#define EC_LIB_ERRBUF_SIZE 256

/** An open master device. */
struct ec_lib_master {
	int fd;
	unsigned int index;
	bool writable;
	struct ec_ioctl_module module;	/* answer to EC_IOCTL_MODULE */
	char errbuf[EC_LIB_ERRBUF_SIZE];
};

int ec_lib_open(struct ec_lib_master *m, unsigned int index, bool writable);
void ec_lib_close(struct ec_lib_master *m);
const char *ec_lib_error(const struct ec_lib_master *m);
const char *ec_lib_strerror(int err);
bool ec_lib_version_matches(uint32_t module_version);
int ec_lib_version_text(char *buf, size_t size, uint32_t module_version);

int ec_lib_module(struct ec_lib_master *m, struct ec_ioctl_module *out);
int ec_lib_master(struct ec_lib_master *m, struct ec_ioctl_master *out);
int ec_lib_redundancy(struct ec_lib_master *m,
		      struct ec_ioctl_redundancy *out);
int ec_lib_master_monitor(struct ec_lib_master *m,
			  struct ec_ioctl_master_monitor *out);
int ec_lib_slave_health(struct ec_lib_master *m, uint16_t position,
			struct ec_ioctl_slave_health *out);
int ec_lib_master_health(struct ec_lib_master *m,
			 struct ec_ioctl_master_health *out);
int ec_lib_health_enable(struct ec_lib_master *m, bool on);
int ec_lib_capture_read(struct ec_lib_master *m, uint64_t from_seq,
			void *buf, uint32_t size, uint32_t flags,
			struct ec_ioctl_capture_read *out);
int ec_lib_recorder_info(struct ec_lib_master *m, uint32_t index,
			 struct ec_ioctl_recorder_info *out);
int ec_lib_recorder_read(struct ec_lib_master *m, uint32_t id,
			 uint32_t offset, void *buf, uint32_t size,
			 uint32_t *bytes);
int ec_lib_slave(struct ec_lib_master *m, uint16_t position,
		 struct ec_ioctl_slave *out);
int ec_lib_slave_sync(struct ec_lib_master *m, uint16_t position,
		      uint8_t sync_index, struct ec_ioctl_slave_sync *out);
int ec_lib_slave_sync_pdo(struct ec_lib_master *m, uint16_t position,
			  uint8_t sync_index, uint8_t pdo_pos,
			  struct ec_ioctl_slave_sync_pdo *out);
int ec_lib_slave_sync_pdo_entry(struct ec_lib_master *m, uint16_t position,
				uint8_t sync_index, uint8_t pdo_pos,
				uint8_t entry_pos,
				struct ec_ioctl_slave_sync_pdo_entry *out);
int ec_lib_slave_sdo(struct ec_lib_master *m, uint16_t position,
		     uint16_t sdo_position, struct ec_ioctl_slave_sdo *out);
int ec_lib_slave_sdo_entry(struct ec_lib_master *m, uint16_t position,
			   int32_t sdo_spec, uint8_t subindex,
			   struct ec_ioctl_slave_sdo_entry *out);
int ec_lib_sii_read(struct ec_lib_master *m, uint16_t position,
		    uint32_t offset, uint32_t nwords, uint16_t *words);
int ec_lib_sii_write(struct ec_lib_master *m, uint16_t position,
		     uint32_t offset, uint32_t nwords, const uint16_t *words);
int ec_lib_reg_read(struct ec_lib_master *m, uint16_t position,
		    bool emergency, uint16_t address, uint16_t size,
		    void *data);
int ec_lib_reg_write(struct ec_lib_master *m, uint16_t position,
		     bool emergency, uint16_t address, uint16_t size,
		     const void *data);
int ec_lib_slave_state(struct ec_lib_master *m, uint16_t position,
		       uint8_t al_state);
int ec_lib_sdo_upload(struct ec_lib_master *m, uint16_t position,
		      uint16_t index, uint8_t subindex, bool complete_access,
		      void *buf, size_t size, size_t *result_size,
		      uint32_t *abort_code);
int ec_lib_sdo_download(struct ec_lib_master *m, uint16_t position,
			uint16_t index, uint8_t subindex,
			bool complete_access, const void *data, size_t size,
			uint32_t *abort_code);
int ec_lib_foe(struct ec_lib_master *m, bool write,
	       struct ec_ioctl_slave_foe *io);
int ec_lib_config_eoe_ip(struct ec_lib_master *m, uint32_t config_index,
			 struct ec_ioctl_eoe_ip *out);
int ec_lib_config_idn(struct ec_lib_master *m, uint32_t config_index,
		      uint32_t idn_pos, struct ec_ioctl_config_idn *out);
/* Hot connect (ec_ioctl_hc.h): a group by number, a config's group
 * (group_index EC_IOCTL_HC_NONE: none); -ENOENT past the last. */
int ec_lib_hc_group(struct ec_lib_master *m, uint32_t group_index,
		    struct ec_ioctl_hc_group *out);
int ec_lib_config_hc_group(struct ec_lib_master *m, uint32_t config_index,
			   uint32_t *group_index);
int ec_lib_config_flag(struct ec_lib_master *m, uint32_t config_index,
		       uint32_t flag_pos, struct ec_ioctl_sc_flag *out);
int ec_lib_soe(struct ec_lib_master *m, bool write,
	       struct ec_ioctl_slave_soe *io);
int ec_lib_mbox_raw(struct ec_lib_master *m,
		    struct ec_ioctl_slave_mbox_raw *io);
int ec_lib_rescan(struct ec_lib_master *m);
int ec_lib_eoe_ip(struct ec_lib_master *m, const struct ec_ioctl_eoe_ip *io);
int ec_lib_eoe_handler(struct ec_lib_master *m, uint32_t index,
		       struct ec_ioctl_eoe_handler *out);
int ec_lib_debug(struct ec_lib_master *m, uint32_t level);

/* Slave configurations and domains of the application (read-only). */
int ec_lib_config(struct ec_lib_master *m, uint32_t config_index,
		  struct ec_ioctl_config *out);
int ec_lib_config_pdo(struct ec_lib_master *m, uint32_t config_index,
		      uint8_t sync_index, uint16_t pdo_pos,
		      struct ec_ioctl_config_pdo *out);
int ec_lib_config_pdo_entry(struct ec_lib_master *m, uint32_t config_index,
			    uint8_t sync_index, uint16_t pdo_pos,
			    uint16_t entry_pos,
			    struct ec_ioctl_config_pdo_entry *out);
int ec_lib_config_sdo(struct ec_lib_master *m, uint32_t config_index,
		      uint32_t sdo_pos, struct ec_ioctl_config_sdo *out);
int ec_lib_domain(struct ec_lib_master *m, uint32_t domain_index,
		  struct ec_ioctl_domain *out);
int ec_lib_domain_fmmu(struct ec_lib_master *m, uint32_t domain_index,
		       uint32_t fmmu_index, struct ec_ioctl_domain_fmmu *out);
int ec_lib_domain_data(struct ec_lib_master *m, uint32_t domain_index,
		       void *buf, size_t size, size_t *result_size);

#endif /* EC_LIB_H */
