// SPDX-License-Identifier: GPL-2.0-only
/*
 * datagram.c - EtherCAT datagrams: setup of every command type.
 */
#include "cycle/datagram.h"

/* Largest datagram data that fits one frame: 1500 - 2 - 10 - 2. */
#define EC_DATAGRAM_MAX_DATA 1486

static const char *const ec_datagram_type_names[EC_DATAGRAM_TYPE_COUNT] = {
	"NOP", "APRD", "APWR", "APRW", "FPRD", "FPWR", "FPRW", "BRD",
	"BWR", "BRW", "LRD", "LWR", "LRW", "ARMW", "FRMW",
};

void ec_datagram_init(struct ec_datagram *d)
{
	memset(d, 0, sizeof(*d));
	ec_list_init(&d->queue_node);
	ec_list_init(&d->sent_node);
	d->type = EC_DATAGRAM_NONE;
	d->state = EC_DATAGRAM_INIT;
}

void ec_datagram_clear(struct ec_datagram *d)
{
	if (d->data_owned)
		ec_free(d->data);
	d->data = NULL;
	d->data_owned = false;
	d->mem_size = 0;
}

/**
 * ec_datagram_prealloc() - give a datagram memory for @size data bytes
 * @d: datagram
 * @size: bytes of data the datagram will carry at most
 *
 * Allocates only when the present memory is too small, so FSMs call it
 * once at setup and never on the cyclic path.
 *
 * Return: 0 or -ENOMEM / -EINVAL.
 */
int ec_datagram_prealloc(struct ec_datagram *d, size_t size)
{
	u8 *mem;

	if (size > EC_DATAGRAM_MAX_DATA)
		return -EINVAL;
	if (d->mem_size >= size)
		return 0;
	mem = ec_zalloc(size);
	if (!mem)
		return -ENOMEM;
	ec_datagram_clear(d);
	d->data = mem;
	d->data_owned = true;
	d->mem_size = size;
	return 0;
}

/**
 * ec_datagram_use_external() - let a datagram carry memory it does not own
 * @d: datagram
 * @mem: memory, e.g. part of a domain's process image
 * @size: its size
 */
void ec_datagram_use_external(struct ec_datagram *d, u8 *mem, size_t size)
{
	ec_datagram_clear(d);
	d->data = mem;
	d->mem_size = size;
}

void ec_datagram_zero(struct ec_datagram *d)
{
	if (d->data)
		memset(d->data, 0, d->data_size);
}

static int ec_datagram_setup(struct ec_datagram *d,
			     enum ec_datagram_type type, size_t size)
{
	int ret;

	/* A datagram in flight must not change under the frame codec. */
	if (EC_WARN_ON_ONCE(d->state == EC_DATAGRAM_QUEUED ||
			    d->state == EC_DATAGRAM_SENT))
		return -EBUSY;
	ret = ec_datagram_prealloc(d, size);
	if (ret)
		return ret;
	d->type = type;
	d->data_size = size;
	d->working_counter = 0;
	d->state = EC_DATAGRAM_INIT;
	return 0;
}

static int ec_datagram_setup_adp(struct ec_datagram *d,
				 enum ec_datagram_type type, u16 adp,
				 u16 ado, size_t size)
{
	int ret = ec_datagram_setup(d, type, size);

	if (ret)
		return ret;
	ec_put_u16(d->address, adp);
	ec_put_u16(d->address + 2, ado);
	return 0;
}

/*
 * Auto-increment addressing: each slave increments ADP as the datagram
 * passes, and the slave that sees zero is addressed, so the master sends
 * the negated ring position (ETG.1000.4 clause 5.4.1.1).
 */
int ec_datagram_aprd(struct ec_datagram *d, u16 pos, u16 ado, size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_APRD, (u16)(0 - pos), ado,
				     size);
}

int ec_datagram_apwr(struct ec_datagram *d, u16 pos, u16 ado, size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_APWR, (u16)(0 - pos), ado,
				     size);
}

int ec_datagram_aprw(struct ec_datagram *d, u16 pos, u16 ado, size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_APRW, (u16)(0 - pos), ado,
				     size);
}

int ec_datagram_armw(struct ec_datagram *d, u16 pos, u16 ado, size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_ARMW, (u16)(0 - pos), ado,
				     size);
}

int ec_datagram_fprd(struct ec_datagram *d, u16 station, u16 ado,
		     size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_FPRD, station, ado, size);
}

int ec_datagram_fpwr(struct ec_datagram *d, u16 station, u16 ado,
		     size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_FPWR, station, ado, size);
}

int ec_datagram_fprw(struct ec_datagram *d, u16 station, u16 ado,
		     size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_FPRW, station, ado, size);
}

int ec_datagram_frmw(struct ec_datagram *d, u16 station, u16 ado,
		     size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_FRMW, station, ado, size);
}

int ec_datagram_brd(struct ec_datagram *d, u16 ado, size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_BRD, 0, ado, size);
}

int ec_datagram_bwr(struct ec_datagram *d, u16 ado, size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_BWR, 0, ado, size);
}

int ec_datagram_brw(struct ec_datagram *d, u16 ado, size_t size)
{
	return ec_datagram_setup_adp(d, EC_DATAGRAM_BRW, 0, ado, size);
}

static int ec_datagram_setup_logical(struct ec_datagram *d,
				     enum ec_datagram_type type, u32 logical,
				     size_t size)
{
	int ret = ec_datagram_setup(d, type, size);

	if (ret)
		return ret;
	ec_put_u32(d->address, logical);
	return 0;
}

int ec_datagram_lrd(struct ec_datagram *d, u32 logical, size_t size)
{
	return ec_datagram_setup_logical(d, EC_DATAGRAM_LRD, logical, size);
}

int ec_datagram_lwr(struct ec_datagram *d, u32 logical, size_t size)
{
	return ec_datagram_setup_logical(d, EC_DATAGRAM_LWR, logical, size);
}

int ec_datagram_lrw(struct ec_datagram *d, u32 logical, size_t size)
{
	return ec_datagram_setup_logical(d, EC_DATAGRAM_LRW, logical, size);
}

int ec_datagram_nop(struct ec_datagram *d, size_t size)
{
	return ec_datagram_setup_logical(d, EC_DATAGRAM_NONE, 0, size);
}

bool ec_datagram_type_reads(enum ec_datagram_type type)
{
	switch (type) {
	case EC_DATAGRAM_APRD:
	case EC_DATAGRAM_APRW:
	case EC_DATAGRAM_FPRD:
	case EC_DATAGRAM_FPRW:
	case EC_DATAGRAM_BRD:
	case EC_DATAGRAM_BRW:
	case EC_DATAGRAM_LRD:
	case EC_DATAGRAM_LRW:
	case EC_DATAGRAM_ARMW:
	case EC_DATAGRAM_FRMW:
		return true;
	default:
		return false;
	}
}

const char *ec_datagram_type_string(enum ec_datagram_type type)
{
	if ((unsigned int)type >= EC_DATAGRAM_TYPE_COUNT)
		return "???";
	return ec_datagram_type_names[type];
}

const char *ec_datagram_state_string(enum ec_datagram_state state)
{
	switch (state) {
	case EC_DATAGRAM_INIT:
		return "init";
	case EC_DATAGRAM_QUEUED:
		return "queued";
	case EC_DATAGRAM_SENT:
		return "sent";
	case EC_DATAGRAM_RECEIVED:
		return "received";
	case EC_DATAGRAM_TIMED_OUT:
		return "timed out";
	case EC_DATAGRAM_ERROR:
		return "error";
	case EC_DATAGRAM_INVALID:
		return "invalid";
	}
	return "???";
}
