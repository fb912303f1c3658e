// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt_api.c - compile-only check of the application API (include/ecrt.h).
 *
 * Built with -fsyntax-only as ISO C99 and as C++11, both with -pedantic
 * -Wall -Wextra -Werror (tests/unit/ecrt.mk).  It is written the way IgH
 * applications are written: PDO tables, a registration table, the cyclic
 * calls and the accessors; and it checks every prototype against the list
 * in ecrt_protos.h (a mismatch is an incompatible pointer initialisation:
 * an error in C with -Werror and always in C++).  It is never linked.
 */
#include "ecrt.h"
#include "ecrt.h"	/* a second inclusion must be harmless */

#ifndef __cplusplus
#include <stdio.h>
#endif

/* Userspace programs must not get the kernel's byte-order names. */
#if defined(le16_to_cpu) || defined(cpu_to_le16) || defined(le32_to_cpup) || \
	defined(cpu_to_le64) || defined(swap16) || defined(swap32)
#error "ecrt.h defines kernel byte-order macros in userspace"
#endif

#if ECRT_VERSION_MAGIC != ECRT_VERSION(1, 6)
#error "ECRT_VERSION_MAGIC is not 1.6"
#endif
#if ECRT_VER_MAJOR != 1 || ECRT_VER_MINOR != 6
#error "ECRT_VER_MAJOR/ECRT_VER_MINOR are not 1/6"
#endif

/* Identities of two Beckhoff terminals (vendor 0x00000002). */
#define BECKHOFF_VENDOR_ID 0x00000002
#define EL1004_PRODUCT_CODE 0x03ec3052	/* 4 digital inputs */
#define EL2004_PRODUCT_CODE 0x07d43052	/* 4 digital outputs */

static unsigned int off_in, off_out, bit_in, bit_out;

static const ec_pdo_entry_reg_t domain_regs[] = {
	{ 0, 1, BECKHOFF_VENDOR_ID, EL1004_PRODUCT_CODE, 0x6000, 0x01,
	  &off_in, &bit_in },
	{ 0, 2, BECKHOFF_VENDOR_ID, EL2004_PRODUCT_CODE, 0x7000, 0x01,
	  &off_out, &bit_out },
	{ 0, 0, 0, 0, 0, 0, NULL, NULL }
};

static const ec_pdo_entry_info_t el2004_entries[] = {
	{ 0x7000, 0x01, 1 },
	{ 0x7010, 0x01, 1 },
	{ 0x7020, 0x01, 1 },
	{ 0x7030, 0x01, 1 },
	{ 0x0000, 0x00, 4 },	/* gap */
};

static const ec_pdo_info_t el2004_pdos[] = {
	{ 0x1600, 1, &el2004_entries[0] },
	{ 0x1601, 1, &el2004_entries[1] },
	{ 0x1602, 1, &el2004_entries[2] },
	{ 0x1603, 2, &el2004_entries[3] },
};

static const ec_sync_info_t el2004_syncs[] = {
	{ 0, EC_DIR_OUTPUT, 4, el2004_pdos, EC_WD_ENABLE },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT }
};

#ifndef __cplusplus
/* The same table with C99 designated initialisers. */
static const ec_sync_info_t el1004_syncs[] = {
	{ .index = 0, .dir = EC_DIR_INPUT, .n_pdos = 0, .pdos = NULL,
	  .watchdog_mode = EC_WD_DISABLE },
	{ .index = 0xff }
};
#endif

/* Every prototype, checked by assigning the function to a typed pointer. */
static void check_prototypes(void)
{
#define ECRT_PROTO(ret, name, args) { ret (*p) args = &name; (void)p; }
#include "ecrt_protos.h"
#undef ECRT_PROTO
}

/* Every struct member and enum value, as an application uses them. */
static unsigned int use_types(ec_master_t *master)
{
	ec_master_state_t ms;
	ec_master_link_state_t ls;
	ec_master_info_t mi;
	ec_master_scan_progress_t sp;
	ec_slave_info_t si;
	ec_domain_state_t ds;
	ec_slave_config_state_t cs;
	ec_sync_info_t sync;
	ec_pdo_info_t pdo;
	ec_pdo_entry_info_t entry;
	ec_wc_state_t wcs[] = { EC_WC_ZERO, EC_WC_INCOMPLETE, EC_WC_COMPLETE };
	ec_request_state_t rs[] = { EC_REQUEST_UNUSED, EC_REQUEST_BUSY,
				    EC_REQUEST_SUCCESS, EC_REQUEST_ERROR };
	ec_al_state_t al[] = { EC_AL_STATE_INIT, EC_AL_STATE_PREOP,
			       EC_AL_STATE_SAFEOP, EC_AL_STATE_OP };
	ec_direction_t dir[] = { EC_DIR_INVALID, EC_DIR_OUTPUT, EC_DIR_INPUT,
				 EC_DIR_COUNT };
	ec_watchdog_mode_t wd[] = { EC_WD_DEFAULT, EC_WD_ENABLE,
				    EC_WD_DISABLE };
	ec_slave_port_desc_t pd[] = { EC_PORT_NOT_IMPLEMENTED,
				      EC_PORT_NOT_CONFIGURED, EC_PORT_EBUS,
				      EC_PORT_MII };
	unsigned int sum = 0;
	unsigned int i;

	ecrt_master_state(master, &ms);
	sum += ms.slaves_responding + ms.al_states + ms.link_up;
	ecrt_master_link_state(master, 0, &ls);
	sum += ls.slaves_responding + ls.al_states + ls.link_up;
	ecrt_master(master, &mi);
	sum += mi.slave_count + mi.link_up + mi.scan_busy +
	       (unsigned int)mi.app_time;
	ecrt_master_scan_progress(master, &sp);
	sum += sp.slave_count + sp.scan_index;
	ecrt_master_get_slave(master, 0, &si);
	sum += si.position + si.vendor_id + si.product_code +
	       si.revision_number + si.serial_number + si.alias +
	       (unsigned int)si.current_on_ebus + si.al_state +
	       si.error_flag + si.sync_count + si.sdo_count +
	       (unsigned int)si.name[EC_MAX_STRING_LENGTH - 1];
	for (i = 0; i < EC_MAX_PORTS; i++)
		sum += (unsigned int)si.ports[i].desc +
		       si.ports[i].link.link_up +
		       si.ports[i].link.loop_closed +
		       si.ports[i].link.signal_detected +
		       si.ports[i].receive_time + si.ports[i].next_slave +
		       si.ports[i].delay_to_next_dc;
	ecrt_master_get_sync_manager(master, 0, EC_MAX_SYNC_MANAGERS - 1,
				     &sync);
	sum += sync.index + (unsigned int)sync.dir + sync.n_pdos +
	       (unsigned int)sync.watchdog_mode + (sync.pdos != NULL);
	ecrt_master_get_pdo(master, 0, 2, 0, &pdo);
	sum += pdo.index + pdo.n_entries + (pdo.entries != NULL);
	ecrt_master_get_pdo_entry(master, 0, 2, 0, 0, &entry);
	sum += entry.index + entry.subindex + entry.bit_length;
	ds.working_counter = 0;
	ds.wc_state = wcs[2];
	ds.redundancy_active = 0;
	sum += ds.working_counter + (unsigned int)ds.wc_state +
	       ds.redundancy_active;
	cs.online = 1;
	cs.operational = 0;
	cs.al_state = EC_AL_STATE_PREOP;
	sum += cs.online + cs.operational + cs.al_state;
	sum += (unsigned int)rs[3] + (unsigned int)al[3] +
	       (unsigned int)dir[3] + (unsigned int)wd[2] +
	       (unsigned int)pd[3];
	return sum;
}

/* Configuration as in IgH's examples. */
static int configure(ec_master_t *master, ec_domain_t **domain)
{
	ec_slave_config_t *sc;
	ec_sdo_request_t *sdo;
	ec_soe_request_t *soe;
	ec_voe_handler_t *voe;
	ec_reg_request_t *reg;
	struct in_addr ip;
	static const unsigned char mac[6] = { 2, 0, 0, 0, 0, 1 };
	static const uint8_t sdo_data[4] = { 1, 2, 3, 4 };
	unsigned int bitpos;

	if (ecrt_version_magic() != ECRT_VERSION_MAGIC)
		return -1;
	*domain = ecrt_master_create_domain(master);
	sc = ecrt_master_slave_config(master, 0, 2, BECKHOFF_VENDOR_ID,
				      EL2004_PRODUCT_CODE);
	if (!*domain || !sc)
		return -1;
	if (ecrt_slave_config_pdos(sc, EC_END, el2004_syncs))
		return -1;
#ifndef __cplusplus
	ecrt_slave_config_pdos(sc, EC_END, el1004_syncs);
#endif
	if (ecrt_domain_reg_pdo_entry_list(*domain, domain_regs))
		return -1;
	ecrt_slave_config_sync_manager(sc, 2, EC_DIR_OUTPUT, EC_WD_DEFAULT);
	ecrt_slave_config_watchdog(sc, 2498, 100);
	ecrt_slave_config_pdo_assign_clear(sc, 2);
	ecrt_slave_config_pdo_assign_add(sc, 2, 0x1600);
	ecrt_slave_config_pdo_mapping_clear(sc, 0x1600);
	ecrt_slave_config_pdo_mapping_add(sc, 0x1600, 0x7000, 1, 1);
	ecrt_slave_config_reg_pdo_entry(sc, 0x7000, 1, *domain, &bitpos);
	ecrt_slave_config_reg_pdo_entry_pos(sc, 2, 0, 0, *domain, &bitpos);
	ecrt_slave_config_dc(sc, 0x0300, 1000000, 4400, 0, 0);
	ecrt_slave_config_sdo(sc, 0x8000, 1, sdo_data, sizeof(sdo_data));
	ecrt_slave_config_sdo8(sc, 0x8000, 2, 1);
	ecrt_slave_config_sdo16(sc, 0x8000, 3, 1000);
	ecrt_slave_config_sdo32(sc, 0x8000, 4, 100000);
	ecrt_slave_config_complete_sdo(sc, 0x8000, sdo_data, 4);
	ecrt_slave_config_emerg_size(sc, 4);
	ecrt_slave_config_idn(sc, 0, 0x0020, EC_AL_STATE_PREOP, sdo_data, 2);
	ecrt_slave_config_flag(sc, "WaitBeforeSAFEOPms", 100);
	ip.s_addr = 0;
	ecrt_slave_config_eoe_mac_address(sc, mac);
	ecrt_slave_config_eoe_ip_address(sc, ip);
	ecrt_slave_config_eoe_subnet_mask(sc, ip);
	ecrt_slave_config_eoe_default_gateway(sc, ip);
	ecrt_slave_config_eoe_dns_address(sc, ip);
	ecrt_slave_config_eoe_hostname(sc, "slave2");
	ecrt_slave_config_state_timeout(sc, EC_AL_STATE_PREOP,
					EC_AL_STATE_SAFEOP, 10000);
	ecrt_master_select_reference_clock(master, sc);
	sdo = ecrt_slave_config_create_sdo_request(sc, 0x1018, 1, 4);
	soe = ecrt_slave_config_create_soe_request(sc, 0, 0x0001, 2);
	voe = ecrt_slave_config_create_voe_handler(sc, 64);
	reg = ecrt_slave_config_create_reg_request(sc, 2);
	if (!sdo || !soe || !voe || !reg)
		return -1;
	ecrt_sdo_request_timeout(sdo, 500);
	ecrt_sdo_request_index(sdo, 0x1018, 2);
	ecrt_soe_request_timeout(soe, 500);
	ecrt_soe_request_idn(soe, 0, 0x0002);
	ecrt_voe_handler_send_header(voe, BECKHOFF_VENDOR_ID, 0x1234);
	ecrt_master_set_send_interval(master, 1000);
	return ecrt_master_activate(master);
}

/* One cycle, as in IgH's examples. */
static void cycle(ec_master_t *master, ec_domain_t *domain,
		  ec_slave_config_t *sc, ec_sdo_request_t *sdo)
{
	uint8_t *pd = ecrt_domain_data(domain);
	ec_domain_state_t ds;
	ec_slave_config_state_t cs;
	struct timeval tv = { 0, 0 };
	uint8_t emergency[EC_COE_EMERGENCY_MSG_SIZE];
	uint32_t ref_time;
	uint64_t ref_time64;

	ecrt_master_receive(master);
	ecrt_domain_process(domain);
	ecrt_domain_state(domain, &ds);
	ecrt_slave_config_state(sc, &cs);
	if (ds.wc_state == EC_WC_COMPLETE && cs.operational)
		EC_WRITE_BIT(pd + off_out, bit_out,
			     EC_READ_BIT(pd + off_in, bit_in));
	EC_WRITE_U8(pd, EC_READ_U8(pd + 1) + 1);
	EC_WRITE_S8(pd, -EC_READ_S8(pd + 1));
	EC_WRITE_U16(pd + 1, EC_READ_U16(pd + 3));
	EC_WRITE_S16(pd + 1, EC_READ_S16(pd + 3));
	EC_WRITE_U32(pd + 3, EC_READ_U32(pd + 7));
	EC_WRITE_S32(pd + 3, EC_READ_S32(pd + 7));
	EC_WRITE_U64(pd + 5, EC_READ_U64(pd + 13));
	EC_WRITE_S64(pd + 5, EC_READ_S64(pd + 13));
	EC_WRITE_REAL(pd + 1, EC_READ_REAL(pd + 5) * 2.0f);
	EC_WRITE_LREAL(pd + 1, EC_READ_LREAL(pd + 9) / 3.0);
	switch (ecrt_sdo_request_state(sdo)) {
	case EC_REQUEST_UNUSED:
		ecrt_sdo_request_read(sdo);
		break;
	case EC_REQUEST_SUCCESS:
		EC_WRITE_U32(pd, EC_READ_U32(ecrt_sdo_request_data(sdo)));
		if (ecrt_sdo_request_data_size(sdo) == 4)
			ecrt_sdo_request_write(sdo);
		break;
	case EC_REQUEST_BUSY:
	case EC_REQUEST_ERROR:
		break;
	}
	while (ecrt_slave_config_emerg_pop(sc, emergency) == 0)
		EC_WRITE_U16(pd, EC_READ_U16(emergency));
	if (ecrt_slave_config_emerg_overruns(sc) > 0)
		ecrt_slave_config_emerg_clear(sc);
	gettimeofday(&tv, NULL);
	ecrt_master_application_time(master, EC_TIMEVAL2NANO(tv));
	ecrt_master_sync_reference_clock(master);
	ecrt_master_sync_reference_clock_to(master, EC_TIMEVAL2NANO(tv));
	ecrt_master_sync_slave_clocks(master);
	ecrt_master_reference_clock_time(master, &ref_time);
	ecrt_master_64bit_reference_clock_time_queue(master);
	ecrt_master_64bit_reference_clock_time(master, &ref_time64);
	ecrt_master_sync_monitor_queue(master);
	(void)ecrt_master_sync_monitor_process(master);
	ecrt_domain_queue(domain);
	ecrt_master_send(master);
	(void)ecrt_domain_size(domain);
}

int main(void)
{
	ec_master_t *master = ecrt_request_master(0);
	ec_domain_t *domain = NULL;

	check_prototypes();
	if (!master || configure(master, &domain))
		return EXIT_FAILURE;
	cycle(master, domain, NULL, NULL);
	(void)use_types(master);
	ecrt_master_reset(master);
	ecrt_master_deactivate(master);
	ecrt_release_master(master);
	return EXIT_SUCCESS;
}
