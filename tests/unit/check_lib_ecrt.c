// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_lib_ecrt.c - libethercat's userspace ecrt_* (lib/ecrt_*.c).
 * open(), ioctl(), mmap() and munmap() are wrapped by the linker so that
 * this test plays the module: it checks the application commands the
 * library sends (indices, plain integer arguments on the cyclic path,
 * reserved words zero) and how it turns answers into IgH semantics
 * (NULL + errno, offsets, mapped domain data, request states).
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ecrt.h"
#include "ec_lib.h"
#include "wc_cases.h"

int __real_open(const char *path, int flags, ...);
void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd,
		  off_t off);
int __real_munmap(void *addr, size_t len);

#define PD_SIZE 8192
#define DOMAIN1_OFFSET 4096

static struct {
	uint32_t version;
	int request_errno;	/* EC_IOCTL_REQUEST fails with it */
	unsigned int domains, configs;
	unsigned long last_int_cmd, last_int_arg;
	unsigned int sends, receives;
	unsigned int sdo_state_calls;
	uint8_t *map;
	size_t map_len;
	int unmapped;
	char log[2048];		/* config commands in order */
	uint64_t sync_to;	/* EC_IOCTL_DC_SYNC_REF_TO's time */
	struct ec_ioctl_sc_dc sc_dc;
	bool shm_on;		/* offer the shared area at activation */
	bool rx_on;		/* with an rx image (receive on arrival) */
	struct ec_ioctl_shm *shm;
	unsigned int dc_times;	/* EC_IOCTL_DC_TIMES calls */
	unsigned int eintr;	/* fail so many ioctls with EINTR first */
	bool active;		/* activated and not deactivated since */
	struct ec_ioctl_hc_group hc_port;	/* HC_GROUP_AT_PORT's */
	struct ec_ioctl_sc_hc_group hc_member;	/* SC_HC_GROUP's */
	unsigned int hc_groups;
} fake;

static void logf_cmd(const char *fmt, ...)
{
	size_t n = strlen(fake.log);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(fake.log + n, sizeof(fake.log) - n, fmt, ap);
	va_end(ap);
}

int __wrap_open(const char *path, int flags, ...)
{
	if (strncmp(path, "/dev/EtherCAT", 13))
		return __real_open(path, flags, 0);
	return __real_open("/dev/null", O_RDONLY);
}

/* The shared area's size; with the rx image it follows at 8 KiB. */
#define RX_IMAGE_OFFSET 8192
static size_t fake_shm_size(void)
{
	return fake.rx_on ? RX_IMAGE_OFFSET + PD_SIZE :
			    sizeof(struct ec_ioctl_shm);
}

void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd,
		  off_t off)
{
	(void)addr;
	(void)fd;
	if (off == (off_t)EC_IOCTL_SHM_OFFSET) {
		ck_assert(fake.shm_on);
		ck_assert_uint_eq(len, fake_shm_size());
		fake.shm = __real_mmap(NULL, len, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		fake.shm->magic = EC_IOCTL_SHM_MAGIC;
		fake.shm->version = EC_IOCTL_VERSION;
		fake.shm->entry_size = sizeof(fake.shm->domains[0]);
		fake.shm->domain_count = fake.domains;
		if (fake.rx_on) {
			fake.shm->rx.rx_image_offset = RX_IMAGE_OFFSET;
			fake.shm->rx.rx_image_size = PD_SIZE;
		}
		return fake.shm;
	}
	ck_assert_int_eq(off, 0);
	ck_assert_uint_eq(len, PD_SIZE);
	ck_assert(flags & MAP_SHARED);
	ck_assert(prot & PROT_WRITE);
	fake.map = __real_mmap(NULL, len, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fake.map_len = len;
	return fake.map;
}

int __wrap_munmap(void *addr, size_t len)
{
	if (fake.shm && addr == fake.shm)
		ck_assert_uint_eq(len, fake_shm_size());
	if (fake.shm && addr == fake.shm) {
		fake.shm = NULL;
		return __real_munmap(addr, len);
	}
	ck_assert_ptr_eq(addr, fake.map);
	ck_assert_uint_eq(len, fake.map_len);
	fake.unmapped++;
	return __real_munmap(addr, len);
}

static int zero(const void *p, size_t n)
{
	const uint8_t *b = p;

	while (n--)
		if (*b++)
			return 0;
	return 1;
}

#define CK_RESERVED(s) ck_assert(zero((s)->reserved, sizeof((s)->reserved)))

static int fake_config_cmd(unsigned long req, void *arg)
{
	if (req == EC_IOCTL_CREATE_SLAVE_CONFIG) {
		struct ec_ioctl_app_config *c = arg;

		CK_RESERVED(c);
		/* position 9 already exists as config 0 (same address) */
		c->config_index = c->position == 9 ? 0 : fake.configs++;
		return 0;
	}
	if (req == EC_IOCTL_SC_SYNC) {
		struct ec_ioctl_sc_sync *s = arg;

		CK_RESERVED(s);
		logf_cmd("sync %u %u %u;", s->sync_index, s->dir,
			 s->watchdog_mode);
		return 0;
	}
	if (req == EC_IOCTL_SC_ADD_PDO || req == EC_IOCTL_SC_CLEAR_PDOS) {
		struct ec_ioctl_sc_pdo *p = arg;

		CK_RESERVED(p);
		if (req == EC_IOCTL_SC_ADD_PDO)
			logf_cmd("pdo %u 0x%04x;", p->sync_index,
				 p->pdo_index);
		else
			logf_cmd("clear %u;", p->sync_index);
		return 0;
	}
	if (req == EC_IOCTL_SC_ADD_ENTRY || req == EC_IOCTL_SC_CLEAR_ENTRIES) {
		struct ec_ioctl_sc_entry *e = arg;

		CK_RESERVED(e);
		if (req == EC_IOCTL_SC_ADD_ENTRY)
			logf_cmd("entry 0x%04x 0x%04x:%u/%u;", e->pdo_index,
				 e->entry_index, e->entry_subindex,
				 e->entry_bit_length);
		else
			logf_cmd("clear-entries 0x%04x;", e->pdo_index);
		return 0;
	}
	if (req == EC_IOCTL_SC_REG_PDO_ENTRY) {
		struct ec_ioctl_reg_pdo_entry *r = arg;

		CK_RESERVED(r);
		ck_assert_uint_eq(r->domain_index, 1);
		if (r->entry_index == 0x5555) {
			errno = ENOENT;
			return -1;
		}
		r->offset = 3;
		r->bit_position = r->entry_subindex == 2 ? 5 : 0;
		return 0;
	}
	if (req == EC_IOCTL_SC_EMERG_POP) {
		struct ec_ioctl_sc_emerg *e = arg;

		CK_RESERVED(e);
		errno = ENOENT;
		return -1;
	}
	errno = ENOTTY;
	return -1;
}

static int fake_request_cmd(unsigned long req, void *arg)
{
	struct ec_ioctl_app_req *r = arg;

	CK_RESERVED(r);
	ck_assert_uint_eq(r->kind, EC_IOCTL_REQ_SDO);
	if (req == EC_IOCTL_APP_REQ_CREATE) {
		ck_assert_uint_eq(r->sdo_index, 0x1018);
		ck_assert_uint_eq(r->sdo_subindex, 1);
		ck_assert_uint_eq(r->mem_size, 4);
		r->request_index = 0;
		return 0;
	}
	if (req == EC_IOCTL_APP_REQ_START) {
		ck_assert_uint_eq(r->op, EC_IOCTL_MBOX_READ);
		return 0;
	}
	if (req == EC_IOCTL_APP_REQ_SET)
		return 0;
	if (req == EC_IOCTL_APP_REQ_STATE) {
		if (++fake.sdo_state_calls == 1) {
			r->state = EC_IOCTL_REQUEST_BUSY;
			return 0;
		}
		r->state = EC_IOCTL_REQUEST_SUCCESS;
		r->data_size = 4;
		ck_assert_uint_eq(r->mem_size, 4);
		memcpy((void *)(uintptr_t)r->data, "\x00\x1d\xc5\x0e", 4);
		return 0;
	}
	errno = ENOTTY;
	return -1;
}

int __wrap_ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;

	(void)fd;
	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);

	if (fake.eintr) {	/* a signal came in */
		fake.eintr--;
		errno = EINTR;
		return -1;
	}
	switch (req) {
	case EC_IOCTL_MODULE:
		((struct ec_ioctl_module *)arg)->ioctl_version = fake.version;
		return 0;
	case EC_IOCTL_REQUEST:
		if (fake.request_errno) {
			errno = fake.request_errno;
			return -1;
		}
		return 0;
	case EC_IOCTL_CREATE_DOMAIN:
		return fake.domains++;
	case EC_IOCTL_ACTIVATE:
		fake.active = true;
		CK_RESERVED((struct ec_ioctl_activate *)arg);
		((struct ec_ioctl_activate *)arg)->pd_size = PD_SIZE;
		if (fake.shm_on)
			((struct ec_ioctl_activate *)arg)->shm_size =
				fake_shm_size();
		return 0;
	case EC_IOCTL_DOMAIN_INFO: {
		struct ec_ioctl_domain_info *d = arg;

		CK_RESERVED(d);
		d->size = 12;
		d->offset = d->domain_index ? DOMAIN1_OFFSET : 0;
		return 0;
	}
	case EC_IOCTL_SEND:
		fake.sends++;
		if (fake.rx_on)	/* the module numbers the exchange */
			fake.shm->rx.tx_seq++;
		return 0;
	case EC_IOCTL_RECEIVE:
		fake.receives++;
		return 0;
	case EC_IOCTL_DEACTIVATE:
		if (!fake.active) {	/* the module, as IgH 1.6 */
			errno = EINVAL;
			return -1;
		}
		fake.active = false;
		/* fall through */
	case EC_IOCTL_DOMAIN_PROCESS:
	case EC_IOCTL_DOMAIN_QUEUE:
	case EC_IOCTL_DC_QUEUE:
	case EC_IOCTL_SELECT_REF_CLOCK:
		fake.last_int_cmd = req;
		fake.last_int_arg = (unsigned long)arg;
		return 0;
	case EC_IOCTL_HC_GROUP_CREATE: {
		struct ec_ioctl_hc_group *g = arg;

		CK_RESERVED(g);
		ck_assert_str_eq(g->name, "tool");
		g->group_index = 4 + fake.hc_groups++;
		return 0;
	}
	case EC_IOCTL_HC_GROUP_AT_PORT:
		CK_RESERVED((struct ec_ioctl_hc_group *)arg);
		fake.hc_port = *(struct ec_ioctl_hc_group *)arg;
		return 0;
	case EC_IOCTL_SC_HC_GROUP:
		CK_RESERVED((struct ec_ioctl_sc_hc_group *)arg);
		fake.hc_member = *(struct ec_ioctl_sc_hc_group *)arg;
		return 0;
	case EC_IOCTL_HC_GROUP_STATE: {
		struct ec_ioctl_hc_group_state *st = arg;

		CK_RESERVED(st);
		if (st->group_index != 4 || st->domain_index != 1) {
			errno = ENOENT;
			return -1;
		}
		st->working_counter = 3;
		st->expected_working_counter = 3;
		st->wc_state = EC_WC_COMPLETE;
		st->presence = EC_HC_PRESENT;
		return 0;
	}
	case EC_IOCTL_DC_SYNC_REF_TO:
		fake.sync_to = *(uint64_t *)arg;
		return 0;
	case EC_IOCTL_DC_TIMES: {
		struct ec_ioctl_dc_times *t = arg;

		fake.dc_times++;
		memset(t, 0, sizeof(*t));
		t->ref_time32 = 0x12345678;
		t->monitor = 17;
		t->valid = EC_IOCTL_DC_VALID_REF32;	/* 64-bit not read */
		return 0;
	}
	case EC_IOCTL_SLAVE: {	/* an EL2008-like slave at position 2 */
		struct ec_ioctl_slave *sl = arg;

		if (sl->position != 2) {	/* as the module and IgH's */
			errno = EINVAL;
			return -1;
		}
		sl->vendor_id = 2;
		sl->product_code = 0x07d83052;
		sl->revision_number = 0x00110000;
		sl->serial_number = 1234;
		sl->alias = 7;
		sl->current_on_ebus = -20;
		sl->al_state = 0x12;	/* PREOP + error bit */
		sl->error_flag = 1;
		sl->sync_count = 1;
		sl->sdo_count = 33;
		sl->ports[0].desc = EC_PORT_EBUS;
		sl->ports[0].link_up = 1;
		sl->ports[0].loop_closed = 0;
		sl->ports[0].signal_detected = 1;
		sl->ports[0].next_slave = 3;
		sl->ports[0].receive_time = 1000;
		sl->ports[0].delay_to_next_dc = 150;
		sl->ports[1].next_slave = 0xffff;
		memset(sl->name, 'N', sizeof(sl->name));	/* unterminated */
		return 0;
	}
	case EC_IOCTL_SLAVE_SYNC:
		((struct ec_ioctl_slave_sync *)arg)->control_register = 0x44;
		((struct ec_ioctl_slave_sync *)arg)->pdo_count = 8;
		return 0;
	case EC_IOCTL_SLAVE_SYNC_PDO:
		((struct ec_ioctl_slave_sync_pdo *)arg)->index = 0x1600 +
			((struct ec_ioctl_slave_sync_pdo *)arg)->pdo_pos;
		((struct ec_ioctl_slave_sync_pdo *)arg)->entry_count = 1;
		return 0;
	case EC_IOCTL_SLAVE_SYNC_PDO_ENTRY:
		((struct ec_ioctl_slave_sync_pdo_entry *)arg)->index = 0x7010;
		((struct ec_ioctl_slave_sync_pdo_entry *)arg)->subindex = 1;
		((struct ec_ioctl_slave_sync_pdo_entry *)arg)->bit_length = 1;
		return 0;
	case EC_IOCTL_SLAVE_SDO_UPLOAD:	/* the module: value too large */
		errno = EOVERFLOW;
		return -1;
	case EC_IOCTL_SLAVE_SOE_READ:	/* a module answering more */
		((struct ec_ioctl_slave_soe *)arg)->result_size =
			((struct ec_ioctl_slave_soe *)arg)->data_size + 1;
		return 0;
	case EC_IOCTL_SC_DC:
		CK_RESERVED((struct ec_ioctl_sc_dc *)arg);
		fake.sc_dc = *(struct ec_ioctl_sc_dc *)arg;
		return 0;
	}
	if (_IOC_NR(req) >= _IOC_NR(EC_IOCTL_APP_REQ_CREATE) &&
	    _IOC_NR(req) <= _IOC_NR(EC_IOCTL_APP_REQ_STATE))
		return fake_request_cmd(req, arg);
	return fake_config_cmd(req, arg);
}

static void reset(void)
{
	memset(&fake, 0, sizeof(fake));
	fake.version = EC_IOCTL_VERSION;
}

START_TEST(test_request_busy)
{
	reset();
	fake.request_errno = EBUSY;
	errno = 0;
	ck_assert_ptr_null(ecrt_request_master(0));
	ck_assert_int_eq(errno, EBUSY);
}
END_TEST

/*
 * IgH 1.6: ecrt_master_sdo_upload() and ecrt_master_read_idn() return
 * -ENOBUFS when the value is larger than the buffer, and IgH's library
 * leaves *result_size alone on failure (doc/IGH-SEMANTICS.md); the
 * module's and the library's own check say -EOVERFLOW.
 */
START_TEST(test_upload_too_large)
{
	ec_master_t *m;
	uint8_t buf[4];
	size_t got = 99;
	uint32_t abort_code = 1;
	uint16_t error_code = 1;

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(ecrt_master_sdo_upload(m, 1, 0x1018, 1, buf,
						sizeof(buf), &got,
						&abort_code), -ENOBUFS);
	ck_assert_uint_eq(got, 99);
	ck_assert_uint_eq(abort_code, 0);
	ck_assert_int_eq(ecrt_master_read_idn(m, 1, 0, 0x0001, buf,
					      sizeof(buf), &got,
					      &error_code), -ENOBUFS);
	ck_assert_uint_eq(got, 99);
	ecrt_release_master(m);
}
END_TEST

/*
 * IgH 1.6: ecrt_master_deactivate() on a master that is not active
 * returns -EINVAL and keeps the configuration: the same config object
 * comes back for the same address and the activation still has it.
 */
START_TEST(test_deactivate_not_active)
{
	ec_master_t *m;
	ec_slave_config_t *sc;

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(ecrt_master_create_domain(m));
	/* the fake module gives position 9 the same config each time */
	sc = ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052);
	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(ecrt_master_deactivate(m), -EINVAL);
	ck_assert_ptr_eq(ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052), sc);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ck_assert_int_eq(ecrt_master_deactivate(m), -EINVAL);
	ecrt_release_master(m);
}
END_TEST

/*
 * IgH 1.6: ecrt_master_get_sync_manager(), _get_pdo() and
 * _get_pdo_entry() refuse a sync manager index of EC_MAX_SYNC_MANAGERS
 * or more with -ENOENT, before asking the module.
 */
START_TEST(test_get_sync_index)
{
	ec_master_t *m;
	ec_sync_info_t sync;
	ec_pdo_info_t pdo;
	ec_pdo_entry_info_t entry;

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(ecrt_master_get_sync_manager(m, 0,
						      EC_MAX_SYNC_MANAGERS,
						      &sync), -ENOENT);
	ck_assert_int_eq(ecrt_master_get_pdo(m, 0, EC_MAX_SYNC_MANAGERS, 0,
					     &pdo), -ENOENT);
	ck_assert_int_eq(ecrt_master_get_pdo_entry(m, 0, 0xff, 0, 0, &entry),
			 -ENOENT);
	ecrt_release_master(m);
}
END_TEST

/*
 * The fields of ec_slave_info_t, ec_sync_info_t, ec_pdo_info_t and
 * ec_pdo_entry_info_t as IgH 1.6's library fills them from the module's
 * answer (doc/IGH-SEMANTICS.md): the SM direction from bit 2 and the
 * watchdog from bit 6 of the control register, pdos and entries NULL, the
 * name always terminated; -EINVAL for no slave at that position (IgH's
 * ioctl; its kernel call says -ENOENT).
 */
START_TEST(test_get_info_fields)
{
	ec_master_t *m;
	ec_slave_info_t si;
	ec_sync_info_t sync;
	ec_pdo_info_t pdo;
	ec_pdo_entry_info_t entry;

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(ecrt_master_get_slave(m, 5, &si), -EINVAL);
	ck_assert_int_eq(ecrt_master_get_slave(m, 2, &si), 0);
	ck_assert_uint_eq(si.position, 2);
	ck_assert_uint_eq(si.vendor_id, 2);
	ck_assert_uint_eq(si.product_code, 0x07d83052);
	ck_assert_uint_eq(si.revision_number, 0x00110000);
	ck_assert_uint_eq(si.serial_number, 1234);
	ck_assert_uint_eq(si.alias, 7);
	ck_assert_int_eq(si.current_on_ebus, -20);
	ck_assert_uint_eq(si.al_state, 0x12);
	ck_assert_uint_eq(si.error_flag, 1);
	ck_assert_uint_eq(si.sync_count, 1);
	ck_assert_uint_eq(si.sdo_count, 33);
	ck_assert_int_eq(si.ports[0].desc, EC_PORT_EBUS);
	ck_assert_uint_eq(si.ports[0].link.link_up, 1);
	ck_assert_uint_eq(si.ports[0].link.loop_closed, 0);
	ck_assert_uint_eq(si.ports[0].link.signal_detected, 1);
	ck_assert_uint_eq(si.ports[0].next_slave, 3);
	ck_assert_uint_eq(si.ports[0].receive_time, 1000);
	ck_assert_uint_eq(si.ports[0].delay_to_next_dc, 150);
	ck_assert_uint_eq(si.ports[1].next_slave, 0xffff);
	ck_assert_uint_eq(strlen(si.name), EC_MAX_STRING_LENGTH - 1);

	ck_assert_int_eq(ecrt_master_get_sync_manager(m, 2, 0, &sync), 0);
	ck_assert_uint_eq(sync.index, 0);
	ck_assert_int_eq(sync.dir, EC_DIR_OUTPUT);	/* bit 2 */
	ck_assert_uint_eq(sync.n_pdos, 8);
	ck_assert_ptr_null(sync.pdos);
	ck_assert_int_eq(sync.watchdog_mode, EC_WD_ENABLE);	/* bit 6 */
	ck_assert_int_eq(ecrt_master_get_pdo(m, 2, 0, 1, &pdo), 0);
	ck_assert_uint_eq(pdo.index, 0x1601);
	ck_assert_uint_eq(pdo.n_entries, 1);
	ck_assert_ptr_null(pdo.entries);
	ck_assert_int_eq(ecrt_master_get_pdo_entry(m, 2, 0, 1, 0, &entry), 0);
	ck_assert_uint_eq(entry.index, 0x7010);
	ck_assert_uint_eq(entry.subindex, 1);
	ck_assert_uint_eq(entry.bit_length, 1);
	ecrt_release_master(m);
}
END_TEST

START_TEST(test_version_mismatch)
{
	reset();
	fake.version = EC_IOCTL_VERSION + 1;
	errno = 0;
	ck_assert_ptr_null(ecrt_request_master(0));
	ck_assert_int_eq(errno, EPROTO);
}
END_TEST

START_TEST(test_cycle)
{
	ec_master_t *m;
	ec_domain_t *d0, *d1;
	ec_slave_config_t *sc, *again;
	unsigned int bit = 99;
	uint8_t emerg[EC_COE_EMERGENCY_MSG_SIZE];

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	d0 = ecrt_master_create_domain(m);
	d1 = ecrt_master_create_domain(m);
	ck_assert_ptr_nonnull(d0);
	ck_assert_ptr_nonnull(d1);
	sc = ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052);
	ck_assert_ptr_nonnull(sc);
	again = ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052);
	ck_assert_ptr_eq(sc, again);
	ck_assert_int_eq(ecrt_slave_config_reg_pdo_entry(sc, 0x6000, 2, d1,
							 &bit), 3);
	ck_assert_uint_eq(bit, 5);
	/* a bit entry without a place for its bit position: IgH's -EFAULT */
	ck_assert_int_eq(ecrt_slave_config_reg_pdo_entry(sc, 0x6000, 2, d1,
							 NULL), -EFAULT);
	ck_assert_int_eq(ecrt_slave_config_reg_pdo_entry(sc, 0x5555, 1, d1,
							 &bit), -ENOENT);
	ck_assert_int_eq(ecrt_slave_config_emerg_pop(sc, emerg), -ENOENT);

	ck_assert_ptr_null(ecrt_domain_data(d1));
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_ptr_eq(ecrt_domain_data(d0), fake.map);
	ck_assert_ptr_eq(ecrt_domain_data(d1), fake.map + DOMAIN1_OFFSET);

	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_domain_process(d1), 0);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_DOMAIN_PROCESS);
	ck_assert_uint_eq(fake.last_int_arg, 1);
	ck_assert_int_eq(ecrt_domain_queue(d0), 0);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_DOMAIN_QUEUE);
	ck_assert_uint_eq(fake.last_int_arg, 0);
	ck_assert_int_eq(ecrt_master_send(m), 0);
	ck_assert_uint_eq(fake.sends, 1);
	ck_assert_uint_eq(fake.receives, 1);
	/* interrupted by signals: retried, by pointer and by integer */
	fake.eintr = 2;
	ck_assert_int_eq(ecrt_master_send(m), 0);
	ck_assert_uint_eq(fake.sends, 2);
	fake.eintr = 3;
	ck_assert_int_eq(ecrt_slave_config_reg_pdo_entry(sc, 0x6000, 2, d1,
							 &bit), 3);
	ck_assert_uint_eq(fake.eintr, 0);

	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ck_assert_int_eq(fake.unmapped, 1);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_DEACTIVATE);
	ecrt_release_master(m);
}
END_TEST

/* Hot connect: the four calls, each one ioctl naming the kernel's objects
 * by number; a bad name never reaches the module. */
START_TEST(test_hot_connect)
{
	ec_hc_group_state_t st;
	ec_slave_config_t *sc;
	ec_hc_group_t *g;
	ec_master_t *m;
	ec_domain_t *d1;

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ecrt_master_create_domain(m);
	d1 = ecrt_master_create_domain(m);
	sc = ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052);
	ck_assert_ptr_nonnull(sc);
	errno = 0;
	ck_assert_ptr_null(ecrt_master_create_hc_group(m, ""));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(ecrt_master_create_hc_group(m,
		"a-name-longer-than-thirty-one-chars"));
	ck_assert_uint_eq(fake.hc_groups, 0);
	g = ecrt_master_create_hc_group(m, "tool");
	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(ecrt_hc_group_at_port(g, 0, 2, 1), 0);
	ck_assert_uint_eq(fake.hc_port.group_index, 4);
	ck_assert_uint_eq(fake.hc_port.at_port, 1);
	ck_assert_uint_eq(fake.hc_port.port_position, 2);
	ck_assert_uint_eq(fake.hc_port.port, 1);
	ck_assert_int_eq(ecrt_slave_config_hc_group(sc, g), 0);
	ck_assert_uint_eq(fake.hc_member.group_index, 4);
	ck_assert_uint_eq(fake.hc_member.config_index, 0);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_int_eq(ecrt_domain_group_state(d1, g, &st), 0);
	ck_assert_uint_eq(st.working_counter, 3);
	ck_assert_uint_eq(st.expected_working_counter, 3);
	ck_assert_int_eq(st.wc_state, EC_WC_COMPLETE);
	ck_assert_int_eq(st.presence, EC_HC_PRESENT);
	ecrt_release_master(m);
}
END_TEST

/* The DC calls without the shared area: one ioctl each, plain integers. */
START_TEST(test_dc)
{
	ec_master_t *m;
	ec_slave_config_t *sc;
	uint32_t t32 = 0;
	uint64_t t64 = 0;

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(ecrt_master_create_domain(m));
	sc = ecrt_master_slave_config(m, 0, 1, 2, 0x03f03052);
	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(ecrt_slave_config_dc(sc, 0x0300, 1000000, -4000,
					      2000000, 500), 0);
	ck_assert_uint_eq(fake.sc_dc.assign_activate, 0x0300);
	ck_assert_uint_eq(fake.sc_dc.sync0_cycle, 1000000);
	ck_assert_int_eq(fake.sc_dc.sync0_shift, -4000);
	ck_assert_uint_eq(fake.sc_dc.sync1_cycle, 2000000);
	ck_assert_int_eq(fake.sc_dc.sync1_shift, 500);
	ck_assert_int_eq(ecrt_master_select_reference_clock(m, sc), 0);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_SELECT_REF_CLOCK);
	ck_assert_uint_eq(fake.last_int_arg, 0);
	ck_assert_int_eq(ecrt_master_select_reference_clock(m, NULL), 0);
	ck_assert_uint_eq(fake.last_int_arg, 0xffffffffUL);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_int_eq(ecrt_master_sync_reference_clock(m), 0);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_DC_QUEUE);
	ck_assert_uint_eq(fake.last_int_arg, EC_IOCTL_DC_SYNC_REF);
	ck_assert_int_eq(ecrt_master_sync_slave_clocks(m), 0);
	ck_assert_uint_eq(fake.last_int_arg, EC_IOCTL_DC_SYNC_SLAVES);
	ck_assert_int_eq(ecrt_master_sync_monitor_queue(m), 0);
	ck_assert_uint_eq(fake.last_int_arg, EC_IOCTL_DC_MONITOR);
	ck_assert_int_eq(ecrt_master_64bit_reference_clock_time_queue(m), 0);
	ck_assert_uint_eq(fake.last_int_arg, EC_IOCTL_DC_REF_TIME64);
	ck_assert_int_eq(ecrt_master_sync_reference_clock_to(m,
			 0x0123456789abcdefULL), 0);
	ck_assert_uint_eq(fake.sync_to, 0x0123456789abcdefULL);
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), 0);
	ck_assert_uint_eq(t32, 0x12345678);
	ck_assert_int_eq(ecrt_master_64bit_reference_clock_time(m, &t64),
			 -EIO);
	ck_assert_uint_eq(ecrt_master_sync_monitor_process(m), 17);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

/*
 * With the shared area: process(), queue(), the application time and the
 * DC queue calls record and raise app_pending, with no system call; the
 * DC readings come by ioctl until the module marks the area published,
 * then from the area, without the marker bit.
 */
/* A master with one domain, activated with the shared area mapped. */
static ec_master_t *shm_master(ec_domain_t **d)
{
	ec_master_t *m;

	reset();
	fake.shm_on = true;
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	*d = ecrt_master_create_domain(m);
	ck_assert_ptr_nonnull(*d);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_ptr_nonnull(fake.shm);
	return m;
}

START_TEST(test_shm)
{
	ec_master_t *m;
	ec_domain_t *d;
	uint32_t t32 = 0;
	uint64_t t64 = 0;

	m = shm_master(&d);
	ck_assert_uint_eq(fake.shm->app_pending, 0);

	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_uint_eq(fake.shm->domains[0].app_flags,
			  EC_IOCTL_SHM_PROCESSED);
	ck_assert_uint_eq(fake.shm->app_pending, 1);
	fake.shm->app_pending = 0;	/* the module took it */
	ck_assert_int_eq(ecrt_domain_queue(d), 0);
	ck_assert_uint_eq(fake.shm->domains[0].queue_count, 1);
	ck_assert_uint_eq(fake.shm->app_pending, 1);
	fake.shm->app_pending = 0;
	ck_assert_int_eq(ecrt_master_application_time(m, 1234), 0);
	ck_assert_uint_eq(fake.shm->app_time_set, 1);
	ck_assert_uint_eq(fake.shm->app_pending, 1);
	fake.shm->app_pending = 0;
	ck_assert_int_eq(ecrt_master_sync_slave_clocks(m), 0);
	ck_assert_uint_eq(fake.shm->dc_queue, EC_IOCTL_DC_SYNC_SLAVES);
	ck_assert_uint_eq(fake.shm->app_pending, 1);
	ck_assert_uint_eq(fake.last_int_cmd, 0);	/* no ioctl at all */

	/* not published yet: the ioctl's answer */
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), 0);
	ck_assert_uint_eq(t32, 0x12345678);
	ck_assert_uint_eq(fake.dc_times, 1);
	/* published: the area's words as the next receive left them, the
	 * marker bit not taken for a value */
	fake.shm->dc_ref_time32 = 0xcafe;
	fake.shm->dc_ref_time64 = 0x1122334455667788ULL;
	fake.shm->dc_monitor = 42;
	fake.shm->dc_valid = EC_IOCTL_DC_VALID_REF32 |
			     EC_IOCTL_DC_VALID_REF64 | EC_IOCTL_DC_PUBLISHED;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 1);
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), 0);
	ck_assert_uint_eq(t32, 0xcafe);
	ck_assert_int_eq(ecrt_master_64bit_reference_clock_time(m, &t64), 0);
	ck_assert_uint_eq(t64, 0x1122334455667788ULL);
	ck_assert_uint_eq(ecrt_master_sync_monitor_process(m), 42);
	/* what the module writes later shows only after the next receive */
	fake.shm->dc_ref_time32 = 0xbeef;
	fake.shm->dc_valid = EC_IOCTL_DC_NO_REF | EC_IOCTL_DC_PUBLISHED;
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), 0);
	ck_assert_uint_eq(t32, 0xcafe);
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), -ENXIO);
	ck_assert_uint_eq(fake.dc_times, 1);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

/*
 * ecrt_domain_state() with the shared area: redundancy_active is the word
 * the module published (the backup link carried data), not always 0.
 */
START_TEST(test_shm_redundancy_active)
{
	ec_master_t *m;
	ec_domain_t *d;
	ec_domain_state_t st;

	m = shm_master(&d);
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_int_eq(ecrt_domain_state(d, &st), 0);
	ck_assert_uint_eq(st.redundancy_active, 0);
	fake.shm->domains[0].redundancy_active = 1;	/* ring broken */
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_int_eq(ecrt_domain_state(d, &st), 0);
	ck_assert_uint_eq(st.redundancy_active, 1);
	fake.shm->domains[0].redundancy_active = 0;	/* healed */
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_int_eq(ecrt_domain_state(d, &st), 0);
	ck_assert_uint_eq(st.redundancy_active, 0);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

/* process() the domain; its working counter then, and its state. */
static unsigned int processed_wkc(ec_domain_t *d, ec_wc_state_t *state)
{
	ec_domain_state_t st;

	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_int_eq(ecrt_domain_state(d, &st), 0);
	*state = st.wc_state;
	return st.working_counter;
}

/*
 * The receive on arrival: when the module completed the last send's
 * exchange (rx_seq == tx_seq), ecrt_master_receive() copies the domains
 * sent in it from the rx image and makes no system call; process() takes
 * their rx_wkc.  A second receive, or one after a send whose exchange did
 * not complete (a lost frame), goes to the module by ioctl.  Both tell the
 * module which exchange was received (rx_taken).
 */
START_TEST(test_shm_rx)
{
	struct ec_ioctl_shm_domain *e0, *e1;
	ec_wc_state_t ws;
	ec_domain_t *d0, *d1;
	uint8_t *image, *pd0, *pd1;
	ec_master_t *m;

	reset();
	fake.shm_on = true;
	fake.rx_on = true;
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	d0 = ecrt_master_create_domain(m);
	d1 = ecrt_master_create_domain(m);
	ck_assert_ptr_nonnull(d1);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	image = (uint8_t *)fake.shm + RX_IMAGE_OFFSET;
	e0 = &fake.shm->domains[0];
	e1 = &fake.shm->domains[1];
	e0->expected_wkc = 3;
	e1->expected_wkc = 1;
	e1->wkc_received = 1;	/* the send before published it */
	pd0 = ecrt_domain_data(d0);
	pd1 = ecrt_domain_data(d1);

	/* the exchange of send 1 completed on arrival, domain 0 in it */
	ck_assert_int_eq(ecrt_master_send(m), 0);
	memset(image, 0xa5, 12);
	memset(image + DOMAIN1_OFFSET, 0x5a, 12);
	e0->rx_wkc = 3;
	e0->rx_seq = 1;
	fake.shm->rx.rx_seq = 1;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 0);	/* no system call */
	ck_assert_uint_eq(fake.shm->rx.rx_taken, 1);
	ck_assert_uint_eq(pd0[0], 0xa5);
	ck_assert_uint_eq(pd0[11], 0xa5);
	ck_assert_uint_eq(pd0[12], 0);		/* the domain's 12 bytes only */
	ck_assert_uint_eq(pd1[0], 0);		/* not sent in exchange 1 */
	ck_assert_uint_eq(processed_wkc(d0, &ws), 3);
	ck_assert_int_eq(ws, EC_WC_COMPLETE);
	ck_assert_uint_eq(e0->app_wkc, 3);	/* for the kernel's replay */
	ck_assert_uint_eq(processed_wkc(d1, &ws), 1);	/* wkc_received */

	/* the same exchange again: by ioctl, nothing copied twice */
	pd0[0] = 0x11;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 1);
	ck_assert_uint_eq(pd0[0], 0x11);

	/* send 2 did not complete (a frame lost): by ioctl, and process()
	 * finds what the module published, not the old rx_wkc */
	ck_assert_int_eq(ecrt_master_send(m), 0);
	e0->wkc_received = 0;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 2);
	ck_assert_uint_eq(fake.shm->rx.rx_taken, 2);
	ck_assert_uint_eq(pd0[0], 0x11);
	ck_assert_uint_eq(processed_wkc(d0, &ws), 0);
	ck_assert_int_eq(ws, EC_WC_ZERO);

	/* send 3 completed with both domains */
	ck_assert_int_eq(ecrt_master_send(m), 0);
	e0->rx_wkc = 2;
	e0->rx_seq = 3;
	e1->rx_wkc = 1;
	e1->rx_seq = 3;
	fake.shm->rx.rx_seq = 3;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 2);
	ck_assert_uint_eq(pd0[0], 0xa5);
	ck_assert_uint_eq(pd1[0], 0x5a);
	ck_assert_uint_eq(processed_wkc(d0, &ws), 2);
	ck_assert_int_eq(ws, EC_WC_INCOMPLETE);
	/* after a queue() process() finds nothing answered */
	ck_assert_int_eq(ecrt_domain_queue(d0), 0);
	ck_assert_uint_eq(processed_wkc(d0, &ws), 0);
	ck_assert_uint_eq(e0->app_wkc, 2);	/* the process() before it */
	ck_assert_uint_eq(e0->app_flags, EC_IOCTL_SHM_PROCESSED |
					 EC_IOCTL_SHM_PROCESSED_QUEUED);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

/*
 * process() over the shared area classifies each sum of the one table of
 * cases (wc_cases.h) as check_domain.c finds the kernel's domain does.
 */
START_TEST(test_wc_rule_cases)
{
	struct ec_ioctl_shm_domain *e;
	ec_wc_state_t ws;
	ec_master_t *m;
	ec_domain_t *d;
	size_t i;

	m = shm_master(&d);
	e = &fake.shm->domains[0];
	for (i = 0; i < WC_CASE_COUNT; i++) {
		e->expected_wkc = wc_cases[i].expected;
		e->wkc_received = wc_cases[i].wkc;
		ck_assert_uint_eq(processed_wkc(d, &ws), wc_cases[i].wkc);
		ck_assert_msg(ws == wc_cases[i].state,
			      "wkc %u of %u: state %d, expected %d",
			      wc_cases[i].wkc, wc_cases[i].expected, ws,
			      wc_cases[i].state);
	}
	ck_assert_uint_eq(fake.last_int_cmd, 0);	/* no ioctl at all */
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

START_TEST(test_pdos)
{
	static const ec_pdo_entry_info_t entries[] = {
		{ 0x7000, 1, 1 }, { 0x7010, 1, 1 },
	};
	static const ec_pdo_info_t pdos[] = {
		{ 0x1600, 2, entries },
		{ 0x1601, 0, NULL },	/* keep its default mapping */
	};
	static const ec_sync_info_t syncs[] = {
		{ 0, EC_DIR_OUTPUT, 2, pdos, EC_WD_ENABLE },
		{ 1, EC_DIR_INPUT, 0, NULL, EC_WD_DEFAULT },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
		/* after EC_END: ignored */
		{ 2, EC_DIR_INPUT, 0, NULL, EC_WD_DEFAULT },
	};
	ec_master_t *m;
	ec_slave_config_t *sc;

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	sc = ecrt_master_slave_config(m, 0, 2, 2, 0x07d83052);
	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(ecrt_slave_config_pdos(sc, EC_END, syncs), 0);
	ck_assert_str_eq(fake.log,
		"sync 0 1 1;clear 0;pdo 0 0x1600;clear-entries 0x1600;"
		"entry 0x1600 0x7000:1/1;entry 0x1600 0x7010:1/1;"
		"pdo 0 0x1601;sync 1 2 0;");
	ecrt_release_master(m);
}
END_TEST

START_TEST(test_sdo_request)
{
	ec_master_t *m;
	ec_slave_config_t *sc;
	ec_sdo_request_t *req;

	reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	sc = ecrt_master_slave_config(m, 1001, 0, 0x0ec51d00, 0x402);
	ck_assert_ptr_nonnull(sc);
	req = ecrt_slave_config_create_sdo_request(sc, 0x1018, 1, 4);
	ck_assert_ptr_nonnull(req);
	ck_assert_uint_eq(ecrt_sdo_request_data_size(req), 4);
	ck_assert_int_eq(ecrt_sdo_request_state(req), EC_REQUEST_UNUSED);
	ck_assert_uint_eq(fake.sdo_state_calls, 0);	/* no ioctl needed */
	ck_assert_int_eq(ecrt_sdo_request_read(req), 0);
	ck_assert_int_eq(ecrt_sdo_request_state(req), EC_REQUEST_BUSY);
	ck_assert_int_eq(ecrt_sdo_request_state(req), EC_REQUEST_SUCCESS);
	ck_assert_uint_eq(EC_READ_U32(ecrt_sdo_request_data(req)),
			  0x0ec51d00);
	/* done: later polls cost no ioctl */
	ck_assert_int_eq(ecrt_sdo_request_state(req), EC_REQUEST_SUCCESS);
	ck_assert_uint_eq(fake.sdo_state_calls, 2);
	ecrt_release_master(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("lib_ecrt");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_request_busy);
	tcase_add_test(tc, test_version_mismatch);
	tcase_add_test(tc, test_upload_too_large);
	tcase_add_test(tc, test_deactivate_not_active);
	tcase_add_test(tc, test_get_sync_index);
	tcase_add_test(tc, test_get_info_fields);
	tcase_add_test(tc, test_cycle);
	tcase_add_test(tc, test_dc);
	tcase_add_test(tc, test_hot_connect);
	tcase_add_test(tc, test_shm);
	tcase_add_test(tc, test_shm_redundancy_active);
	tcase_add_test(tc, test_shm_rx);
	tcase_add_test(tc, test_wc_rule_cases);
	tcase_add_test(tc, test_pdos);
	tcase_add_test(tc, test_sdo_request);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
