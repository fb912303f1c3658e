/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ecrt_protos.h - the function prototypes of IgH's ecrt.h 1.6, as a list.
 *
 * Each line is ECRT_PROTO(return type, name, (parameter types)), written
 * from IgH's documentation independently of include/ecrt.h.  A test
 * defines ECRT_PROTO to check that the header declares exactly this type
 * (see tests/unit/ecrt_api.c, tests/kheader/ecrt_header_test.c) and then
 * includes this file.  Some prototypes exist only in userspace or only in
 * the kernel, as in IgH.
 */

/* Global functions */
ECRT_PROTO(unsigned int, ecrt_version_magic, (void))
ECRT_PROTO(ec_master_t *, ecrt_request_master, (unsigned int))
ECRT_PROTO(void, ecrt_release_master, (ec_master_t *))
#ifndef __KERNEL__
ECRT_PROTO(ec_master_t *, ecrt_open_master, (unsigned int))
ECRT_PROTO(int, ecrt_master_reserve, (ec_master_t *))
#endif

/* Master */
#ifdef __KERNEL__
ECRT_PROTO(void, ecrt_master_callbacks, (ec_master_t *, void (*)(void *),
	   void (*)(void *), void *))
ECRT_PROTO(int, ecrt_master_send_ext, (ec_master_t *))
#endif
ECRT_PROTO(ec_domain_t *, ecrt_master_create_domain, (ec_master_t *))
ECRT_PROTO(ec_slave_config_t *, ecrt_master_slave_config,
	   (ec_master_t *, uint16_t, uint16_t, uint32_t, uint32_t))
ECRT_PROTO(int, ecrt_master_select_reference_clock,
	   (ec_master_t *, ec_slave_config_t *))
ECRT_PROTO(int, ecrt_master, (ec_master_t *, ec_master_info_t *))
ECRT_PROTO(int, ecrt_master_scan_progress,
	   (ec_master_t *, ec_master_scan_progress_t *))
ECRT_PROTO(int, ecrt_master_get_slave,
	   (ec_master_t *, uint16_t, ec_slave_info_t *))
#ifndef __KERNEL__
ECRT_PROTO(int, ecrt_master_get_sync_manager,
	   (ec_master_t *, uint16_t, uint8_t, ec_sync_info_t *))
ECRT_PROTO(int, ecrt_master_get_pdo,
	   (ec_master_t *, uint16_t, uint8_t, uint16_t, ec_pdo_info_t *))
ECRT_PROTO(int, ecrt_master_get_pdo_entry,
	   (ec_master_t *, uint16_t, uint8_t, uint16_t, uint16_t,
	    ec_pdo_entry_info_t *))
#endif
ECRT_PROTO(int, ecrt_master_sdo_download,
	   (ec_master_t *, uint16_t, uint16_t, uint8_t, const uint8_t *,
	    size_t, uint32_t *))
ECRT_PROTO(int, ecrt_master_sdo_download_complete,
	   (ec_master_t *, uint16_t, uint16_t, const uint8_t *, size_t,
	    uint32_t *))
ECRT_PROTO(int, ecrt_master_sdo_upload,
	   (ec_master_t *, uint16_t, uint16_t, uint8_t, uint8_t *, size_t,
	    size_t *, uint32_t *))
ECRT_PROTO(int, ecrt_master_write_idn,
	   (ec_master_t *, uint16_t, uint8_t, uint16_t, const uint8_t *,
	    size_t, uint16_t *))
ECRT_PROTO(int, ecrt_master_read_idn,
	   (ec_master_t *, uint16_t, uint8_t, uint16_t, uint8_t *, size_t,
	    size_t *, uint16_t *))
ECRT_PROTO(int, ecrt_master_activate, (ec_master_t *))
ECRT_PROTO(int, ecrt_master_deactivate, (ec_master_t *))
ECRT_PROTO(int, ecrt_master_set_send_interval, (ec_master_t *, size_t))
ECRT_PROTO(int, ecrt_master_send, (ec_master_t *))
ECRT_PROTO(int, ecrt_master_receive, (ec_master_t *))
ECRT_PROTO(int, ecrt_master_state,
	   (const ec_master_t *, ec_master_state_t *))
ECRT_PROTO(int, ecrt_master_link_state,
	   (const ec_master_t *, unsigned int, ec_master_link_state_t *))
ECRT_PROTO(int, ecrt_master_application_time, (ec_master_t *, uint64_t))
ECRT_PROTO(int, ecrt_master_sync_reference_clock, (ec_master_t *))
ECRT_PROTO(int, ecrt_master_sync_reference_clock_to,
	   (ec_master_t *, uint64_t))
ECRT_PROTO(int, ecrt_master_sync_slave_clocks, (ec_master_t *))
ECRT_PROTO(int, ecrt_master_reference_clock_time,
	   (const ec_master_t *, uint32_t *))
ECRT_PROTO(int, ecrt_master_64bit_reference_clock_time_queue,
	   (ec_master_t *))
ECRT_PROTO(int, ecrt_master_64bit_reference_clock_time,
	   (const ec_master_t *, uint64_t *))
ECRT_PROTO(int, ecrt_master_sync_monitor_queue, (ec_master_t *))
ECRT_PROTO(uint32_t, ecrt_master_sync_monitor_process, (const ec_master_t *))
ECRT_PROTO(int, ecrt_master_reset, (ec_master_t *))

/* Slave configuration */
ECRT_PROTO(int, ecrt_slave_config_sync_manager,
	   (ec_slave_config_t *, uint8_t, ec_direction_t,
	    ec_watchdog_mode_t))
ECRT_PROTO(int, ecrt_slave_config_watchdog,
	   (ec_slave_config_t *, uint16_t, uint16_t))
ECRT_PROTO(int, ecrt_slave_config_pdo_assign_add,
	   (ec_slave_config_t *, uint8_t, uint16_t))
ECRT_PROTO(int, ecrt_slave_config_pdo_assign_clear,
	   (ec_slave_config_t *, uint8_t))
ECRT_PROTO(int, ecrt_slave_config_pdo_mapping_add,
	   (ec_slave_config_t *, uint16_t, uint16_t, uint8_t, uint8_t))
ECRT_PROTO(int, ecrt_slave_config_pdo_mapping_clear,
	   (ec_slave_config_t *, uint16_t))
ECRT_PROTO(int, ecrt_slave_config_pdos,
	   (ec_slave_config_t *, unsigned int, const ec_sync_info_t *))
ECRT_PROTO(int, ecrt_slave_config_reg_pdo_entry,
	   (ec_slave_config_t *, uint16_t, uint8_t, ec_domain_t *,
	    unsigned int *))
ECRT_PROTO(int, ecrt_slave_config_reg_pdo_entry_pos,
	   (ec_slave_config_t *, uint8_t, unsigned int, unsigned int,
	    ec_domain_t *, unsigned int *))
ECRT_PROTO(int, ecrt_slave_config_dc,
	   (ec_slave_config_t *, uint16_t, uint32_t, int32_t, uint32_t,
	    int32_t))
ECRT_PROTO(int, ecrt_slave_config_sdo,
	   (ec_slave_config_t *, uint16_t, uint8_t, const uint8_t *, size_t))
ECRT_PROTO(int, ecrt_slave_config_sdo8,
	   (ec_slave_config_t *, uint16_t, uint8_t, uint8_t))
ECRT_PROTO(int, ecrt_slave_config_sdo16,
	   (ec_slave_config_t *, uint16_t, uint8_t, uint16_t))
ECRT_PROTO(int, ecrt_slave_config_sdo32,
	   (ec_slave_config_t *, uint16_t, uint8_t, uint32_t))
ECRT_PROTO(int, ecrt_slave_config_complete_sdo,
	   (ec_slave_config_t *, uint16_t, const uint8_t *, size_t))
ECRT_PROTO(int, ecrt_slave_config_emerg_size, (ec_slave_config_t *, size_t))
ECRT_PROTO(int, ecrt_slave_config_emerg_pop, (ec_slave_config_t *, uint8_t *))
ECRT_PROTO(int, ecrt_slave_config_emerg_clear, (ec_slave_config_t *))
ECRT_PROTO(int, ecrt_slave_config_emerg_overruns, (const ec_slave_config_t *))
ECRT_PROTO(ec_sdo_request_t *, ecrt_slave_config_create_sdo_request,
	   (ec_slave_config_t *, uint16_t, uint8_t, size_t))
ECRT_PROTO(ec_soe_request_t *, ecrt_slave_config_create_soe_request,
	   (ec_slave_config_t *, uint8_t, uint16_t, size_t))
ECRT_PROTO(ec_voe_handler_t *, ecrt_slave_config_create_voe_handler,
	   (ec_slave_config_t *, size_t))
ECRT_PROTO(ec_reg_request_t *, ecrt_slave_config_create_reg_request,
	   (ec_slave_config_t *, size_t))
ECRT_PROTO(int, ecrt_slave_config_state,
	   (const ec_slave_config_t *, ec_slave_config_state_t *))
ECRT_PROTO(int, ecrt_slave_config_idn,
	   (ec_slave_config_t *, uint8_t, uint16_t, ec_al_state_t,
	    const uint8_t *, size_t))
ECRT_PROTO(int, ecrt_slave_config_flag,
	   (ec_slave_config_t *, const char *, int32_t))
ECRT_PROTO(int, ecrt_slave_config_eoe_mac_address,
	   (ec_slave_config_t *, const unsigned char *))
ECRT_PROTO(int, ecrt_slave_config_eoe_ip_address,
	   (ec_slave_config_t *, struct in_addr))
ECRT_PROTO(int, ecrt_slave_config_eoe_subnet_mask,
	   (ec_slave_config_t *, struct in_addr))
ECRT_PROTO(int, ecrt_slave_config_eoe_default_gateway,
	   (ec_slave_config_t *, struct in_addr))
ECRT_PROTO(int, ecrt_slave_config_eoe_dns_address,
	   (ec_slave_config_t *, struct in_addr))
ECRT_PROTO(int, ecrt_slave_config_eoe_hostname,
	   (ec_slave_config_t *, const char *))
ECRT_PROTO(int, ecrt_slave_config_state_timeout,
	   (ec_slave_config_t *, ec_al_state_t, ec_al_state_t, unsigned int))

/* Domain */
ECRT_PROTO(int, ecrt_domain_reg_pdo_entry_list,
	   (ec_domain_t *, const ec_pdo_entry_reg_t *))
ECRT_PROTO(size_t, ecrt_domain_size, (const ec_domain_t *))
#ifdef __KERNEL__
ECRT_PROTO(void, ecrt_domain_external_memory, (ec_domain_t *, uint8_t *))
#endif
ECRT_PROTO(uint8_t *, ecrt_domain_data, (const ec_domain_t *))
ECRT_PROTO(int, ecrt_domain_process, (ec_domain_t *))
ECRT_PROTO(int, ecrt_domain_queue, (ec_domain_t *))
ECRT_PROTO(int, ecrt_domain_state,
	   (const ec_domain_t *, ec_domain_state_t *))

/* SDO requests */
ECRT_PROTO(int, ecrt_sdo_request_index,
	   (ec_sdo_request_t *, uint16_t, uint8_t))
ECRT_PROTO(int, ecrt_sdo_request_timeout, (ec_sdo_request_t *, uint32_t))
ECRT_PROTO(uint8_t *, ecrt_sdo_request_data, (const ec_sdo_request_t *))
ECRT_PROTO(size_t, ecrt_sdo_request_data_size, (const ec_sdo_request_t *))
#ifdef __KERNEL__
ECRT_PROTO(ec_request_state_t, ecrt_sdo_request_state,
	   (const ec_sdo_request_t *))
#else
ECRT_PROTO(ec_request_state_t, ecrt_sdo_request_state, (ec_sdo_request_t *))
#endif
ECRT_PROTO(int, ecrt_sdo_request_write, (ec_sdo_request_t *))
ECRT_PROTO(int, ecrt_sdo_request_read, (ec_sdo_request_t *))

/* SoE requests */
ECRT_PROTO(int, ecrt_soe_request_idn, (ec_soe_request_t *, uint8_t, uint16_t))
ECRT_PROTO(int, ecrt_soe_request_timeout, (ec_soe_request_t *, uint32_t))
ECRT_PROTO(uint8_t *, ecrt_soe_request_data, (const ec_soe_request_t *))
ECRT_PROTO(size_t, ecrt_soe_request_data_size, (const ec_soe_request_t *))
#ifdef __KERNEL__
ECRT_PROTO(ec_request_state_t, ecrt_soe_request_state,
	   (const ec_soe_request_t *))
#else
ECRT_PROTO(ec_request_state_t, ecrt_soe_request_state, (ec_soe_request_t *))
#endif
ECRT_PROTO(int, ecrt_soe_request_write, (ec_soe_request_t *))
ECRT_PROTO(int, ecrt_soe_request_read, (ec_soe_request_t *))

/* VoE handlers */
ECRT_PROTO(int, ecrt_voe_handler_send_header,
	   (ec_voe_handler_t *, uint32_t, uint16_t))
ECRT_PROTO(int, ecrt_voe_handler_received_header,
	   (const ec_voe_handler_t *, uint32_t *, uint16_t *))
ECRT_PROTO(uint8_t *, ecrt_voe_handler_data, (const ec_voe_handler_t *))
ECRT_PROTO(size_t, ecrt_voe_handler_data_size, (const ec_voe_handler_t *))
ECRT_PROTO(int, ecrt_voe_handler_write, (ec_voe_handler_t *, size_t))
ECRT_PROTO(int, ecrt_voe_handler_read, (ec_voe_handler_t *))
ECRT_PROTO(int, ecrt_voe_handler_read_nosync, (ec_voe_handler_t *))
ECRT_PROTO(ec_request_state_t, ecrt_voe_handler_execute,
	   (ec_voe_handler_t *))

/* Register requests */
ECRT_PROTO(uint8_t *, ecrt_reg_request_data, (const ec_reg_request_t *))
ECRT_PROTO(ec_request_state_t, ecrt_reg_request_state,
	   (const ec_reg_request_t *))
ECRT_PROTO(int, ecrt_reg_request_write,
	   (ec_reg_request_t *, uint16_t, size_t))
ECRT_PROTO(int, ecrt_reg_request_read,
	   (ec_reg_request_t *, uint16_t, size_t))

/* Floating-point accessors of the userspace library */
#ifndef __KERNEL__
ECRT_PROTO(float, ecrt_read_real, (const void *))
ECRT_PROTO(double, ecrt_read_lreal, (const void *))
ECRT_PROTO(void, ecrt_write_real, (void *, float))
ECRT_PROTO(void, ecrt_write_lreal, (void *, double))
#endif
