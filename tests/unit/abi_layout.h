/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * abi_layout.h - the layout of every struct of include/ec_ioctl.h, fixed
 * forever.  Included by check_abi.c, which is compiled for 64 and 32 bit:
 * a layout that differs between the two, or from these numbers, fails the
 * build.
 */
#ifndef EC_ABI_LAYOUT_H
#define EC_ABI_LAYOUT_H

#include <stddef.h>
#include "ec_ioctl.h"

#define EC_ABI(type, size) \
	_Static_assert(sizeof(struct type) == (size), #type " size")
#define EC_OFF(type, member, off) \
	_Static_assert(offsetof(struct type, member) == (off), \
		       #type "." #member " offset")

EC_ABI(ec_ioctl_module, 32);
EC_OFF(ec_ioctl_module, master_count, 4);

EC_ABI(ec_ioctl_device, 112);
EC_OFF(ec_ioctl_device, tx_count, 8);
EC_OFF(ec_ioctl_device, tx_errors, 40);
EC_OFF(ec_ioctl_device, tx_frame_rates, 48);
EC_OFF(ec_ioctl_device, rx_byte_rates, 84);
EC_OFF(ec_ioctl_device, driver, 96);

EC_ABI(ec_ioctl_master, 424);
EC_OFF(ec_ioctl_master, phase, 12);
EC_OFF(ec_ioctl_master, num_devices, 15);
EC_OFF(ec_ioctl_master, devices, 16);
EC_OFF(ec_ioctl_master, tx_count, 240);
EC_OFF(ec_ioctl_master, unmatched_datagrams, 288);
EC_OFF(ec_ioctl_master, tx_frame_rates, 296);
EC_OFF(ec_ioctl_master, loss_rates, 344);
EC_OFF(ec_ioctl_master, ref_clock, 356);
EC_OFF(ec_ioctl_master, app_time, 360);
EC_OFF(ec_ioctl_master, dc_ref_time, 368);
EC_OFF(ec_ioctl_master, rx_on_arrival, 376);
EC_OFF(ec_ioctl_master, rx_in_call, 384);
EC_OFF(ec_ioctl_master, dup_aliases, 392);
EC_OFF(ec_ioctl_master, reserved, 396);
EC_OFF(ec_ioctl_master, timed_out_datagrams, 408);
EC_OFF(ec_ioctl_master, late_answers, 416);

EC_ABI(ec_ioctl_port, 16);
EC_OFF(ec_ioctl_port, next_slave, 4);
EC_OFF(ec_ioctl_port, receive_time, 8);

EC_ABI(ec_ioctl_slave, 428);
EC_OFF(ec_ioctl_slave, vendor_id, 4);
EC_OFF(ec_ioctl_slave, alias, 20);
EC_OFF(ec_ioctl_slave, boot_rx_mailbox_offset, 24);
EC_OFF(ec_ioctl_slave, mailbox_protocols, 40);
EC_OFF(ec_ioctl_slave, has_general_category, 42);
EC_OFF(ec_ioctl_slave, current_on_ebus, 48);
EC_OFF(ec_ioctl_slave, base_build, 52);
EC_OFF(ec_ioctl_slave, sdo_count, 60);
EC_OFF(ec_ioctl_slave, alias_holders, 62);
EC_OFF(ec_ioctl_slave, transmission_delay, 64);
EC_OFF(ec_ioctl_slave, sii_nwords, 68);
EC_OFF(ec_ioctl_slave, al_status_code, 72);
EC_OFF(ec_ioctl_slave, alias_next, 74);
EC_OFF(ec_ioctl_slave, ports, 76);
EC_OFF(ec_ioctl_slave, group, 140);
EC_OFF(ec_ioctl_slave, name, 332);
EC_OFF(ec_ioctl_slave, reserved, 396);

EC_ABI(ec_ioctl_slave_sync, 28);
EC_OFF(ec_ioctl_slave_sync, physical_start_address, 4);
EC_OFF(ec_ioctl_slave_sync, pdo_count, 10);

EC_ABI(ec_ioctl_slave_sync_pdo, 88);
EC_OFF(ec_ioctl_slave_sync_pdo, index, 4);
EC_OFF(ec_ioctl_slave_sync_pdo, name, 8);

EC_ABI(ec_ioctl_slave_sync_pdo_entry, 92);
EC_OFF(ec_ioctl_slave_sync_pdo_entry, entry_pos, 4);
EC_OFF(ec_ioctl_slave_sync_pdo_entry, index, 8);
EC_OFF(ec_ioctl_slave_sync_pdo_entry, name, 12);

EC_ABI(ec_ioctl_slave_sdo, 88);
EC_OFF(ec_ioctl_slave_sdo, sdo_index, 4);
EC_OFF(ec_ioctl_slave_sdo, name, 8);

EC_ABI(ec_ioctl_slave_sdo_entry, 100);
EC_OFF(ec_ioctl_slave_sdo_entry, sdo_spec, 4);
EC_OFF(ec_ioctl_slave_sdo_entry, data_type, 10);
EC_OFF(ec_ioctl_slave_sdo_entry, read_access, 14);
EC_OFF(ec_ioctl_slave_sdo_entry, description, 20);

EC_ABI(ec_ioctl_slave_sii, 40);
EC_OFF(ec_ioctl_slave_sii, offset, 4);
EC_OFF(ec_ioctl_slave_sii, words, 16);

EC_ABI(ec_ioctl_slave_reg, 32);
EC_OFF(ec_ioctl_slave_reg, address, 4);
EC_OFF(ec_ioctl_slave_reg, data, 8);

EC_ABI(ec_ioctl_slave_state, 16);

EC_ABI(ec_ioctl_slave_sdo_transfer, 48);
EC_OFF(ec_ioctl_slave_sdo_transfer, data_size, 8);
EC_OFF(ec_ioctl_slave_sdo_transfer, data, 16);
EC_OFF(ec_ioctl_slave_sdo_transfer, abort_code, 28);

EC_ABI(ec_ioctl_debug, 16);

/* Configuration and domain inspection (0x50-0x5f). */
EC_ABI(ec_ioctl_config_sync, 4);
EC_ABI(ec_ioctl_config, 148);
EC_OFF(ec_ioctl_config, alias, 4);
EC_OFF(ec_ioctl_config, vendor_id, 8);
EC_OFF(ec_ioctl_config, slave_position, 16);
EC_OFF(ec_ioctl_config, watchdog_divider, 20);
EC_OFF(ec_ioctl_config, sdo_count, 24);
EC_OFF(ec_ioctl_config, dc_assign_activate, 32);
EC_OFF(ec_ioctl_config, dc_sync_cycle, 36);
EC_OFF(ec_ioctl_config, dc_sync_shift, 44);
EC_OFF(ec_ioctl_config, syncs, 52);
EC_OFF(ec_ioctl_config, reserved, 116);

EC_ABI(ec_ioctl_config_pdo, 92);
EC_OFF(ec_ioctl_config_pdo, pdo_pos, 6);
EC_OFF(ec_ioctl_config_pdo, index, 8);
EC_OFF(ec_ioctl_config_pdo, name, 12);

EC_ABI(ec_ioctl_config_pdo_entry, 96);
EC_OFF(ec_ioctl_config_pdo_entry, entry_pos, 8);
EC_OFF(ec_ioctl_config_pdo_entry, index, 12);
EC_OFF(ec_ioctl_config_pdo_entry, bit_length, 15);
EC_OFF(ec_ioctl_config_pdo_entry, name, 16);

EC_ABI(ec_ioctl_config_sdo, 1056);
EC_OFF(ec_ioctl_config_sdo, index, 8);
EC_OFF(ec_ioctl_config_sdo, size, 12);
EC_OFF(ec_ioctl_config_sdo, data, 16);
EC_OFF(ec_ioctl_config_sdo, reserved, 1040);

EC_ABI(ec_ioctl_domain, 56);
EC_OFF(ec_ioctl_domain, working_counter, 12);
EC_OFF(ec_ioctl_domain, fmmu_count, 16);
EC_OFF(ec_ioctl_domain, wc_state, 24);
EC_OFF(ec_ioctl_domain, working_counter_changes, 28);

EC_ABI(ec_ioctl_domain_fmmu, 40);
EC_OFF(ec_ioctl_domain_fmmu, slave_config_alias, 8);
EC_OFF(ec_ioctl_domain_fmmu, sync_index, 12);
EC_OFF(ec_ioctl_domain_fmmu, logical_address, 16);
EC_OFF(ec_ioctl_domain_fmmu, data_size, 20);

EC_ABI(ec_ioctl_domain_data, 32);
EC_OFF(ec_ioctl_domain_data, data, 8);
EC_OFF(ec_ioctl_domain_data, result_size, 16);

/* Application API (0x20-0x4f). */
EC_ABI(ec_ioctl_app_config, 32);
EC_OFF(ec_ioctl_app_config, config_index, 12);
EC_ABI(ec_ioctl_sc_sync, 16);
EC_OFF(ec_ioctl_sc_sync, watchdog_mode, 6);
EC_ABI(ec_ioctl_sc_watchdog, 16);
EC_OFF(ec_ioctl_sc_watchdog, intervals, 6);
EC_ABI(ec_ioctl_sc_pdo, 16);
EC_OFF(ec_ioctl_sc_pdo, pdo_index, 6);
EC_ABI(ec_ioctl_sc_entry, 24);
EC_OFF(ec_ioctl_sc_entry, entry_bit_length, 9);
EC_ABI(ec_ioctl_reg_pdo_entry, 44);
EC_OFF(ec_ioctl_reg_pdo_entry, pdo_pos, 12);
EC_OFF(ec_ioctl_reg_pdo_entry, offset, 20);
EC_OFF(ec_ioctl_reg_pdo_entry, bit_position, 24);
EC_ABI(ec_ioctl_sc_sdo, 40);
EC_OFF(ec_ioctl_sc_sdo, size, 8);
EC_OFF(ec_ioctl_sc_sdo, data, 16);
EC_ABI(ec_ioctl_sc_emerg, 32);
EC_OFF(ec_ioctl_sc_emerg, message, 8);
EC_ABI(ec_ioctl_sc_state, 16);
EC_OFF(ec_ioctl_sc_state, al_state, 6);
EC_ABI(ec_ioctl_sdo_request, 56);
EC_OFF(ec_ioctl_sdo_request, state, 11);
EC_OFF(ec_ioctl_sdo_request, abort_code, 24);
EC_OFF(ec_ioctl_sdo_request, data, 32);
EC_ABI(ec_ioctl_reg_request, 48);
EC_OFF(ec_ioctl_reg_request, address, 12);
EC_OFF(ec_ioctl_reg_request, size, 16);
EC_OFF(ec_ioctl_reg_request, data, 24);
EC_ABI(ec_ioctl_domain_info, 40);
EC_OFF(ec_ioctl_domain_info, size, 8);
EC_OFF(ec_ioctl_domain_info, offset, 16);
EC_ABI(ec_ioctl_domain_state, 24);
EC_OFF(ec_ioctl_domain_state, wc_state, 8);
EC_ABI(ec_ioctl_activate, 24);
EC_OFF(ec_ioctl_activate, shm_size, 8);
EC_ABI(ec_ioctl_shm_domain, 64);
EC_OFF(ec_ioctl_shm_domain, redundancy_active, 12);
EC_OFF(ec_ioctl_shm_domain, app_flags, 16);
EC_OFF(ec_ioctl_shm_domain, queue_count, 20);
EC_OFF(ec_ioctl_shm_domain, rx_wkc, 24);
EC_OFF(ec_ioctl_shm_domain, rx_seq, 28);
EC_OFF(ec_ioctl_shm_domain, app_wkc, 32);
EC_ABI(ec_ioctl_shm_rx, 64);
EC_OFF(ec_ioctl_shm_rx, rx_image_offset, 8);
EC_OFF(ec_ioctl_shm_rx, rx_taken, 16);
EC_ABI(ec_ioctl_shm, 4160);
EC_OFF(ec_ioctl_shm, rx, 4096);
EC_OFF(ec_ioctl_shm, app_time, 16);
EC_OFF(ec_ioctl_shm, app_time_set, 24);
EC_OFF(ec_ioctl_shm, dc_queue, 28);
EC_OFF(ec_ioctl_shm, dc_sync_time, 32);
EC_OFF(ec_ioctl_shm, dc_ref_time64, 40);
EC_OFF(ec_ioctl_shm, dc_ref_time32, 48);
EC_OFF(ec_ioctl_shm, dc_monitor, 52);
EC_OFF(ec_ioctl_shm, dc_valid, 56);
EC_OFF(ec_ioctl_shm, app_pending, 60);
EC_OFF(ec_ioctl_shm, domains, 64);
EC_ABI(ec_ioctl_master_state, 24);
EC_OFF(ec_ioctl_master_state, al_states, 8);
EC_ABI(ec_ioctl_app_time, 16);
EC_ABI(ec_ioctl_send_interval, 16);
EC_ABI(ec_ioctl_sc_state_timeout, 24);
EC_OFF(ec_ioctl_sc_state_timeout, timeout_ms, 8);
EC_ABI(ec_ioctl_dc_times, 32);
EC_OFF(ec_ioctl_dc_times, ref_time32, 8);
EC_OFF(ec_ioctl_dc_times, valid, 16);
EC_ABI(ec_ioctl_sc_dc, 32);
EC_OFF(ec_ioctl_sc_dc, assign_activate, 4);
EC_OFF(ec_ioctl_sc_dc, sync0_cycle, 8);
EC_OFF(ec_ioctl_sc_dc, sync1_shift, 20);

/* The mailbox gateway's raw exchange (0xa8). */
EC_ABI(ec_ioctl_slave_mbox_raw, 56);
EC_OFF(ec_ioctl_slave_mbox_raw, timeout_ms, 4);
EC_OFF(ec_ioctl_slave_mbox_raw, reply_buffer_size, 12);
EC_OFF(ec_ioctl_slave_mbox_raw, data, 16);
EC_OFF(ec_ioctl_slave_mbox_raw, reply, 24);
EC_OFF(ec_ioctl_slave_mbox_raw, reply_size, 32);

/* Mailbox protocols (0x60-0x7f). */
EC_ABI(ec_ioctl_slave_foe, 376);
EC_OFF(ec_ioctl_slave_foe, buffer, 16);
EC_OFF(ec_ioctl_slave_foe, result_size, 24);
EC_OFF(ec_ioctl_slave_foe, file_name, 56);
EC_OFF(ec_ioctl_slave_foe, error_text, 312);
EC_ABI(ec_ioctl_slave_soe, 48);
EC_OFF(ec_ioctl_slave_soe, idn, 4);
EC_OFF(ec_ioctl_slave_soe, data_size, 8);
EC_OFF(ec_ioctl_slave_soe, data, 16);
EC_OFF(ec_ioctl_slave_soe, result_size, 24);
EC_ABI(ec_ioctl_sc_idn, 40);
EC_OFF(ec_ioctl_sc_idn, idn, 6);
EC_OFF(ec_ioctl_sc_idn, data, 16);
EC_ABI(ec_ioctl_sc_flag, 96);
EC_OFF(ec_ioctl_sc_flag, key, 16);
EC_ABI(ec_ioctl_mbox_request, 328);
EC_OFF(ec_ioctl_mbox_request, kind, 8);
EC_OFF(ec_ioctl_mbox_request, idn, 12);
EC_OFF(ec_ioctl_mbox_request, vendor_id, 16);
EC_OFF(ec_ioctl_mbox_request, data, 40);
EC_OFF(ec_ioctl_mbox_request, error, 52);
EC_OFF(ec_ioctl_mbox_request, file_name, 56);
EC_ABI(ec_ioctl_redundancy, 56);
EC_OFF(ec_ioctl_redundancy, break_pos, 4);
EC_OFF(ec_ioctl_redundancy, side_slaves, 6);
EC_OFF(ec_ioctl_redundancy, side_al, 10);
EC_OFF(ec_ioctl_redundancy, partial, 16);
EC_OFF(ec_ioctl_redundancy, breaks, 24);
EC_OFF(ec_ioctl_redundancy, late, 32);
EC_OFF(ec_ioctl_redundancy, reserved, 40);

/* EoE (include/ec_ioctl_eoe.h) */
EC_ABI(ec_ioctl_eoe_ip, 88);
EC_OFF(ec_ioctl_eoe_ip, flags, 8);
EC_OFF(ec_ioctl_eoe_ip, mac, 12);
EC_OFF(ec_ioctl_eoe_ip, ip, 20);
EC_OFF(ec_ioctl_eoe_ip, dns, 32);
EC_OFF(ec_ioctl_eoe_ip, name, 36);
EC_OFF(ec_ioctl_eoe_ip, reserved, 72);
EC_ABI(ec_ioctl_eoe_handler, 120);
EC_OFF(ec_ioctl_eoe_handler, name, 16);
EC_OFF(ec_ioctl_eoe_handler, tx_frames, 32);
EC_OFF(ec_ioctl_eoe_handler, rx_errors, 80);
EC_OFF(ec_ioctl_eoe_handler, tx_rate, 88);
EC_OFF(ec_ioctl_eoe_handler, reserved, 104);
EC_ABI(ec_ioctl_app_req, 336);
EC_OFF(ec_ioctl_app_req, kind, 8);
EC_OFF(ec_ioctl_app_req, idn, 12);
EC_OFF(ec_ioctl_app_req, vendor_id, 16);
EC_OFF(ec_ioctl_app_req, sdo_index, 24);
EC_OFF(ec_ioctl_app_req, set, 27);
EC_OFF(ec_ioctl_app_req, address, 28);
EC_OFF(ec_ioctl_app_req, timeout_ms, 32);
EC_OFF(ec_ioctl_app_req, error, 52);
EC_OFF(ec_ioctl_app_req, data, 56);
EC_OFF(ec_ioctl_app_req, file_name, 64);
EC_ABI(ec_ioctl_config_idn, 1056);
EC_OFF(ec_ioctl_config_idn, idn, 10);
EC_OFF(ec_ioctl_config_idn, size, 12);
EC_OFF(ec_ioctl_config_idn, data, 16);

/* Cycle cost (0x7c-0x7f). */
EC_ABI(ec_ioctl_master_monitor, 128);
EC_OFF(ec_ioctl_master_monitor, max_bytes, 16);
EC_OFF(ec_ioctl_master_monitor, notice_ns, 24);
EC_OFF(ec_ioctl_master_monitor, broadcasts, 48);
EC_OFF(ec_ioctl_master_monitor, slave_count, 88);

/* Hot connect (0xa0-0xa5). */
EC_ABI(ec_ioctl_hc_group, 96);
EC_OFF(ec_ioctl_hc_group, name, 4);
EC_OFF(ec_ioctl_hc_group, port_alias, 36);
EC_OFF(ec_ioctl_hc_group, config_count, 44);
EC_OFF(ec_ioctl_hc_group, changed_ns, 64);
EC_OFF(ec_ioctl_hc_group, reserved, 80);
EC_ABI(ec_ioctl_sc_hc_group, 16);
EC_ABI(ec_ioctl_hc_group_state, 32);

/* Link health (0x88-0x8a). */
EC_ABI(ec_ioctl_slave_health, 680);
EC_OFF(ec_ioctl_slave_health, raw, 8);
EC_OFF(ec_ioctl_slave_health, peer, 32);
EC_OFF(ec_ioctl_slave_health, reads, 48);
EC_OFF(ec_ioctl_slave_health, total, 72);
EC_OFF(ec_ioctl_slave_health, window_ns, 216);
EC_OFF(ec_ioctl_slave_health, count, 264);
EC_OFF(ec_ioctl_slave_health, reserved, 648);
EC_ABI(ec_ioctl_master_health, 104);
EC_OFF(ec_ioctl_master_health, reads, 32);
EC_OFF(ec_ioctl_master_health, slave_count, 64);
EC_ABI(ec_ioctl_health_enable, 16);
/* Capture and flight recorder (0x80-0x87). */
EC_ABI(ec_ioctl_capture_read, 128);
EC_OFF(ec_ioctl_capture_read, buf, 8);
EC_OFF(ec_ioctl_capture_read, next_seq, 24);
EC_OFF(ec_ioctl_capture_read, frames, 48);
EC_OFF(ec_ioctl_capture_read, tx_count, 56);
EC_OFF(ec_ioctl_capture_read, rx_count, 72);
EC_OFF(ec_ioctl_capture_read, real_ns, 96);
EC_OFF(ec_ioctl_capture_read, ring_frames, 104);
EC_OFF(ec_ioctl_capture_read, reserved, 112);
EC_ABI(ec_ioctl_recorder_info, 248);
EC_OFF(ec_ioctl_recorder_info, frames, 12);
EC_OFF(ec_ioctl_recorder_info, event_ns, 24);
EC_OFF(ec_ioctl_recorder_info, real_offset_ns, 56);
EC_OFF(ec_ioctl_recorder_info, events, 64);
EC_OFF(ec_ioctl_recorder_info, text, 136);
EC_OFF(ec_ioctl_recorder_info, reserved, 232);
EC_ABI(ec_ioctl_recorder_read, 40);
EC_OFF(ec_ioctl_recorder_read, buf, 8);
EC_OFF(ec_ioctl_recorder_read, next_offset, 24);

#endif /* EC_ABI_LAYOUT_H */
