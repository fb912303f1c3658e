// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lib_fake_module.c - the module libethercat's ecrt_* unit tests talk to
 * (lib_fake_module.h): it checks the application commands the library
 * sends (reserved words zero, indices) and answers as the module does.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ecrt.h"
#include "lib_fake_module.h"

int __real_open(const char *path, int flags, ...);
void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd,
		  off_t off);
int __real_munmap(void *addr, size_t len);
int __wrap_open(const char *path, int flags, ...);
void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd,
		  off_t off);
int __wrap_munmap(void *addr, size_t len);
int __wrap_ioctl(int fd, unsigned long req, ...);

struct lib_fake fake;

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


void fake_reset(void)
{
	memset(&fake, 0, sizeof(fake));
	fake.version = EC_IOCTL_VERSION;
}
