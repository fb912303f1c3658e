// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_slave_scan.c - scanning one slave.
 *
 * Order: assign the configured station address by ring position (APWR),
 * then with that address read the base information (0x0000-0x0009), the
 * DL status (0x0110), for DC slaves the port receive times (0x0900), the
 * AL status and status code (0x0130-0x0135) and
 * the station alias (0x0012), then the SII: the configuration area and
 * the category headers one after the other up to the end marker, and
 * parse it.  Each state queues at most one datagram; a datagram that gets
 * no answer is sent again EC_FSM_SLAVE_SCAN_RETRIES times before the
 * slave counts as gone.
 */
#include "slave/fsm_slave_scan.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "slave/topology.h"

/* Base information, ETG.1000.4 table 31 / ESC data sheet II 0x0000. */
#define EC_BASE_INFO_SIZE 10
/* ESC features 0x0008, ESC data sheet II: bit 0 FMMU operation (0: bit
 * oriented), bit 2 DC supported, bit 3 DC width (1: 64 bit).
 */
#define EC_FEATURE_FMMU_BYTE_ORIENTED 0x0001
#define EC_FEATURE_DC 0x0004
#define EC_FEATURE_DC64 0x0008

/* AL status 0x0130 and AL status code 0x0134 in one read. */
#define EC_AL_READ_SIZE 6
#define EC_AL_CODE_OFFSET (EC_REG_AL_STATUS_CODE - EC_REG_AL_STATUS)

/* SII size word 0x003E: EEPROM size in KiBit minus 1 (ETG.2010 table 2). */
#define EC_SII_WORDS_PER_KBIT 64
/* Words read at once when walking the categories (one 8-byte read). */
#define EC_SII_READ_ROUND 4

static void ec_fsm_slave_scan_state_start(struct ec_fsm_slave_scan *fsm,
					  u64 now_ns);
static void ec_fsm_slave_scan_state_address(struct ec_fsm_slave_scan *fsm,
					    u64 now_ns);
static void ec_fsm_slave_scan_state_base(struct ec_fsm_slave_scan *fsm,
					 u64 now_ns);
static void ec_fsm_slave_scan_state_dl_status(struct ec_fsm_slave_scan *fsm,
					      u64 now_ns);
static void ec_fsm_slave_scan_state_al_status(struct ec_fsm_slave_scan *fsm,
					      u64 now_ns);
static void ec_fsm_slave_scan_state_dc_times(struct ec_fsm_slave_scan *fsm,
					     u64 now_ns);
static void ec_fsm_slave_scan_state_alias(struct ec_fsm_slave_scan *fsm,
					  u64 now_ns);
static void ec_fsm_slave_scan_state_sii_config(struct ec_fsm_slave_scan *fsm,
					       u64 now_ns);
static void ec_fsm_slave_scan_state_sii_cats(struct ec_fsm_slave_scan *fsm,
					     u64 now_ns);
static void ec_fsm_slave_scan_state_end(struct ec_fsm_slave_scan *fsm,
					u64 now_ns);
static void ec_fsm_slave_scan_state_error(struct ec_fsm_slave_scan *fsm,
					  u64 now_ns);

/**
 * ec_fsm_slave_scan_new() - allocate the scan FSM of a slave
 * @slave: slave
 *
 * Called at scan start, off the cyclic path: the datagram is
 * preallocated here.
 *
 * Return: the FSM or NULL.
 */
struct ec_fsm_slave_scan *ec_fsm_slave_scan_new(struct ec_slave *slave)
{
	struct ec_fsm_slave_scan *fsm = ec_zalloc(sizeof(*fsm));

	if (!fsm)
		return NULL;
	fsm->slave = slave;
	ec_datagram_init(&fsm->datagram);
	if (ec_datagram_prealloc(&fsm->datagram, EC_FSM_SII_DATAGRAM_SIZE)) {
		ec_free(fsm);
		return NULL;
	}
	snprintf(fsm->name, sizeof(fsm->name), "scan-%u",
		 slave->ring_position);
	fsm->datagram.name = fsm->name;
	ec_fsm_sii_init(&fsm->fsm_sii, slave, &fsm->datagram);
	fsm->state = ec_fsm_slave_scan_state_end;
	return fsm;
}

/**
 * ec_fsm_slave_scan_free() - take the FSM's datagram off the master's
 * queues and free the FSM
 * @fsm: FSM or NULL
 */
void ec_fsm_slave_scan_free(struct ec_fsm_slave_scan *fsm)
{
	if (!fsm)
		return;
	if (fsm->slave->master)
		ec_master_unqueue_datagram(fsm->slave->master, &fsm->datagram);
	ec_datagram_clear(&fsm->datagram);
	ec_free(fsm->sii_buf);
	ec_free(fsm);
}

/**
 * ec_fsm_slave_scan_start() - (re)start scanning the slave
 * @fsm: FSM
 */
void ec_fsm_slave_scan_start(struct ec_fsm_slave_scan *fsm)
{
	ec_free(fsm->sii_buf);
	fsm->sii_buf = NULL;
	fsm->sii_cap = 0;
	fsm->sii_read = 0;
	fsm->sii_pos = 0;
	fsm->sii_want = 0;
	fsm->lost = 0;
	fsm->error = 0;
	fsm->state = ec_fsm_slave_scan_state_start;
}

/**
 * ec_fsm_slave_scan_exec() - advance the scan by one step
 * @fsm: FSM
 * @now_ns: current time
 *
 * Return: true while the scan is in progress.
 */
bool ec_fsm_slave_scan_exec(struct ec_fsm_slave_scan *fsm, u64 now_ns)
{
	if (ec_datagram_pending(&fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_slave_scan_state_end &&
	       fsm->state != ec_fsm_slave_scan_state_error;
}

/**
 * ec_fsm_slave_scan_success() - did the scan of the slave complete?
 * @fsm: FSM, not busy
 *
 * Return: true if the slave answered everything and its SII parsed; else
 * fsm->error says why.
 */
bool ec_fsm_slave_scan_success(const struct ec_fsm_slave_scan *fsm)
{
	return fsm->state == ec_fsm_slave_scan_state_end;
}

static void ec_fsm_slave_scan_fail(struct ec_fsm_slave_scan *fsm, int error)
{
	fsm->error = error;
	fsm->state = ec_fsm_slave_scan_state_error;
}

static void ec_fsm_slave_scan_queue(struct ec_fsm_slave_scan *fsm)
{
	ec_master_queue_datagram(fsm->slave->master, &fsm->datagram);
}

/*
 * Did the slave answer?  If not, send the same datagram again, and after
 * EC_FSM_SLAVE_SCAN_RETRIES tries give the slave up.
 */
static bool ec_fsm_slave_scan_answered(struct ec_fsm_slave_scan *fsm,
				       const char *what)
{
	struct ec_datagram *d = &fsm->datagram;

	if (d->state == EC_DATAGRAM_RECEIVED && d->working_counter == 1) {
		fsm->lost = 0;
		return true;
	}
	if (++fsm->lost <= EC_FSM_SLAVE_SCAN_RETRIES) {
		ec_fsm_slave_scan_queue(fsm);
		return false;
	}
	EC_SLAVE_ERR(fsm->slave,
		     "scan: no answer to %s after %u tries (%s, working counter %u)",
		     what, fsm->lost, ec_datagram_state_string(d->state),
		     d->working_counter);
	ec_fsm_slave_scan_fail(fsm, -EIO);
	return false;
}

/* Queue an FPRD of the slave's registers, go to @next. */
static void ec_fsm_slave_scan_read(struct ec_fsm_slave_scan *fsm, u16 reg,
				   size_t size,
				   ec_fsm_slave_scan_state_t next)
{
	struct ec_datagram *d = &fsm->datagram;

	if (ec_datagram_fprd(d, fsm->slave->station_address, reg, size)) {
		ec_fsm_slave_scan_fail(fsm, -ENOMEM);
		return;
	}
	ec_datagram_zero(d);
	ec_fsm_slave_scan_queue(fsm);
	fsm->state = next;
}

static void ec_fsm_slave_scan_state_start(struct ec_fsm_slave_scan *fsm,
					  u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	struct ec_datagram *d = &fsm->datagram;

	(void)now_ns;
	if (ec_datagram_apwr(d, slave->ring_position, EC_REG_STATION_ADDR, 2)) {
		ec_fsm_slave_scan_fail(fsm, -ENOMEM);
		return;
	}
	ec_put_u16(d->data, slave->station_address);
	ec_fsm_slave_scan_queue(fsm);
	fsm->state = ec_fsm_slave_scan_state_address;
}

static void ec_fsm_slave_scan_state_address(struct ec_fsm_slave_scan *fsm,
					    u64 now_ns)
{
	(void)now_ns;
	if (!ec_fsm_slave_scan_answered(fsm, "the station address write"))
		return;
	ec_fsm_slave_scan_read(fsm, EC_REG_TYPE, EC_BASE_INFO_SIZE,
			       ec_fsm_slave_scan_state_base);
}

static void ec_fsm_slave_scan_state_base(struct ec_fsm_slave_scan *fsm,
					 u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	const u8 *data = fsm->datagram.data;
	unsigned int i;
	u16 features;

	(void)now_ns;
	if (!ec_fsm_slave_scan_answered(fsm, "the base information read"))
		return;
	slave->base_type = data[EC_REG_TYPE];
	slave->base_revision = data[EC_REG_REVISION];
	slave->base_build = ec_get_u16(data + EC_REG_BUILD);
	slave->base_fmmu_count = data[EC_REG_FMMU_COUNT];
	slave->base_sync_count = data[EC_REG_SM_COUNT];
	slave->base_ram_size = data[EC_REG_RAM_SIZE];
	for (i = 0; i < EC_MAX_PORTS; i++)
		slave->ports[i].desc = (data[EC_REG_PORT_DESC] >> (2 * i)) & 3;
	features = ec_get_u16(data + EC_REG_FEATURES);
	slave->base_fmmu_bit_operation =
		!(features & EC_FEATURE_FMMU_BYTE_ORIENTED);
	slave->base_dc_supported = features & EC_FEATURE_DC;
	slave->base_dc_range = (features & EC_FEATURE_DC64) ? 1 : 0;
	ec_fsm_slave_scan_read(fsm, EC_REG_DL_STATUS, 2,
			       ec_fsm_slave_scan_state_dl_status);
}

static void ec_fsm_slave_scan_state_dl_status(struct ec_fsm_slave_scan *fsm,
					      u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	(void)now_ns;
	if (!ec_fsm_slave_scan_answered(fsm, "the DL status read"))
		return;
	ec_topology_set_dl_status(slave, ec_get_u16(fsm->datagram.data));
	if (slave->base_dc_supported) {
		/* the port receive times the master latched before the scan */
		ec_fsm_slave_scan_read(fsm, EC_REG_DC_RECV_TIME,
				       4 * EC_MAX_PORTS,
				       ec_fsm_slave_scan_state_dc_times);
		return;
	}
	ec_fsm_slave_scan_read(fsm, EC_REG_AL_STATUS, EC_AL_READ_SIZE,
			       ec_fsm_slave_scan_state_al_status);
}

static void ec_fsm_slave_scan_state_dc_times(struct ec_fsm_slave_scan *fsm,
					     u64 now_ns)
{
	unsigned int i;

	(void)now_ns;
	if (!ec_fsm_slave_scan_answered(fsm, "the DC receive times read"))
		return;
	for (i = 0; i < EC_MAX_PORTS; i++)
		fsm->slave->ports[i].receive_time =
			ec_get_u32(fsm->datagram.data + 4 * i);
	ec_fsm_slave_scan_read(fsm, EC_REG_AL_STATUS, EC_AL_READ_SIZE,
			       ec_fsm_slave_scan_state_al_status);
}

static void ec_fsm_slave_scan_state_al_status(struct ec_fsm_slave_scan *fsm,
					      u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	const u8 *data = fsm->datagram.data;

	(void)now_ns;
	if (!ec_fsm_slave_scan_answered(fsm, "the AL status read"))
		return;
	slave->current_state = data[0];
	slave->al_status_code = ec_get_u16(data + EC_AL_CODE_OFFSET);
	if (slave->current_state & EC_AL_STATE_ERROR_FLAG)
		EC_SLAVE_WARN(slave, "scan: AL state %s, status code 0x%04x",
			      ec_al_state_string(slave->current_state),
			      slave->al_status_code);
	ec_fsm_slave_scan_read(fsm, EC_REG_STATION_ALIAS, 2,
			       ec_fsm_slave_scan_state_alias);
}

static void ec_fsm_slave_scan_state_alias(struct ec_fsm_slave_scan *fsm,
					  u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	if (!ec_fsm_slave_scan_answered(fsm, "the station alias read"))
		return;
	slave->effective_alias = ec_get_u16(fsm->datagram.data);

	/* The configuration area with the size word; categories later. */
	fsm->sii_cap = EC_SII_FIRST_CATEGORY;
	fsm->sii_buf = ec_zalloc(2 * fsm->sii_cap);
	if (!fsm->sii_buf) {
		ec_fsm_slave_scan_fail(fsm, -ENOMEM);
		return;
	}
	fsm->sii_want = fsm->sii_cap;
	ec_fsm_sii_read(&fsm->fsm_sii, 0, fsm->sii_want, fsm->sii_buf);
	fsm->state = ec_fsm_slave_scan_state_sii_config;
	fsm->state(fsm, now_ns);
}

/* Run the SII read; false while busy or after a failure. */
static bool ec_fsm_slave_scan_sii_done(struct ec_fsm_slave_scan *fsm,
				       u64 now_ns)
{
	if (ec_fsm_sii_exec(&fsm->fsm_sii, now_ns))
		return false;
	if (!ec_fsm_sii_success(&fsm->fsm_sii)) {
		EC_SLAVE_ERR(fsm->slave, "scan: reading the SII failed (%d)",
			     fsm->fsm_sii.error);
		ec_fsm_slave_scan_fail(fsm, fsm->fsm_sii.error);
		return false;
	}
	fsm->sii_read = fsm->sii_want;
	return true;
}

static void ec_fsm_slave_scan_state_sii_config(struct ec_fsm_slave_scan *fsm,
					       u64 now_ns)
{
	size_t cap;
	u8 *buf;

	if (!ec_fsm_slave_scan_sii_done(fsm, now_ns))
		return;
	/* Room for the whole EEPROM as its size word gives it. */
	cap = ((size_t)ec_get_u16(fsm->sii_buf + 2 * EC_SII_WORD_SIZE) + 1) *
	      EC_SII_WORDS_PER_KBIT;
	if (cap > EC_FSM_SLAVE_SCAN_MAX_SII_WORDS)
		cap = EC_FSM_SLAVE_SCAN_MAX_SII_WORDS;
	if (cap < EC_SII_FIRST_CATEGORY + 2)
		cap = EC_SII_FIRST_CATEGORY + 2;
	buf = ec_zalloc(2 * cap);
	if (!buf) {
		ec_fsm_slave_scan_fail(fsm, -ENOMEM);
		return;
	}
	memcpy(buf, fsm->sii_buf, 2 * fsm->sii_read);
	ec_free(fsm->sii_buf);
	fsm->sii_buf = buf;
	fsm->sii_cap = cap;
	fsm->sii_pos = EC_SII_FIRST_CATEGORY;
	fsm->state = ec_fsm_slave_scan_state_sii_cats;
	fsm->state(fsm, now_ns);
}

/* Read words up to @end (rounded up to a whole read), at most sii_cap. */
static void ec_fsm_slave_scan_sii_fetch(struct ec_fsm_slave_scan *fsm,
					size_t end)
{
	end = (end + EC_SII_READ_ROUND - 1) / EC_SII_READ_ROUND *
	      EC_SII_READ_ROUND;
	if (end > fsm->sii_cap)
		end = fsm->sii_cap;
	fsm->sii_want = end;
	ec_fsm_sii_read(&fsm->fsm_sii, fsm->sii_read, end - fsm->sii_read,
			fsm->sii_buf + 2 * fsm->sii_read);
}

static void ec_fsm_slave_scan_finish(struct ec_fsm_slave_scan *fsm,
				     size_t nwords)
{
	struct ec_slave *slave = fsm->slave;
	char err[128];
	int ret;

	ec_sii_clear(&slave->sii);
	ec_free(slave->sii_image);
	slave->sii_image = fsm->sii_buf;
	slave->sii_nwords = nwords;
	fsm->sii_buf = NULL;

	ret = ec_sii_parse(&slave->sii, slave->sii_image, nwords, err,
			   sizeof(err));
	if (ret) {
		EC_SLAVE_ERR(slave, "scan: SII of %zu words is malformed: %s",
			     nwords, err);
		ec_fsm_slave_scan_fail(fsm, ret);
		return;
	}
	if (!slave->sii.checksum_ok)
		EC_SLAVE_WARN(slave,
			      "scan: SII configuration area checksum is wrong "
			      "(0x%02x, expected 0x%02x)",
			      slave->sii_image[2 * EC_SII_WORD_CHECKSUM],
			      ec_sii_crc(slave->sii_image, 14));
	/*
	 * The ESC loads register 0x0012 from SII word 4 only at power-up, so
	 * after an alias was written to the SII the SII is the truth (as in
	 * IgH): the alias a user set shows after a rescan.
	 */
	slave->effective_alias = slave->sii.alias;
	/* PDOs from SII; CoE slaves get theirs from the dictionary later. */
	slave->syncs = slave->sii.syncs;
	slave->sync_count = slave->sii.sync_count;
	fsm->state = ec_fsm_slave_scan_state_end;
}

/*
 * Walk the category headers, reading what is needed to reach the next
 * one.  The image ends at the end marker (kept in the image) or where the
 * EEPROM ends; a category that runs past that is left for ec_sii_parse()
 * to report.
 */
static void ec_fsm_slave_scan_state_sii_cats(struct ec_fsm_slave_scan *fsm,
					     u64 now_ns)
{
	size_t pos, size;
	u16 type;

	if (fsm->sii_want > fsm->sii_read &&
	    !ec_fsm_slave_scan_sii_done(fsm, now_ns))
		return;
	for (;;) {
		pos = fsm->sii_pos;
		if (pos >= fsm->sii_cap) {
			ec_fsm_slave_scan_finish(fsm, fsm->sii_cap);
			return;
		}
		if (pos + 2 > fsm->sii_read && fsm->sii_read < fsm->sii_cap) {
			ec_fsm_slave_scan_sii_fetch(fsm, pos + 2);
			break;
		}
		type = ec_get_u16(fsm->sii_buf + 2 * pos);
		if (type == EC_SII_CAT_END) {
			ec_fsm_slave_scan_finish(fsm, pos + 1);
			return;
		}
		if (pos + 2 > fsm->sii_cap) {
			ec_fsm_slave_scan_finish(fsm, fsm->sii_cap);
			return;
		}
		size = ec_get_u16(fsm->sii_buf + 2 * (pos + 1));
		if (pos + 2 + size > fsm->sii_cap) {
			ec_fsm_slave_scan_finish(fsm, fsm->sii_cap);
			return;
		}
		if (pos + 2 + size > fsm->sii_read) {
			ec_fsm_slave_scan_sii_fetch(fsm, pos + 2 + size);
			break;
		}
		fsm->sii_pos = pos + 2 + size;
	}
	/* Start the read right away: its first datagram goes out now. */
	ec_fsm_sii_exec(&fsm->fsm_sii, now_ns);
}

static void ec_fsm_slave_scan_state_end(struct ec_fsm_slave_scan *fsm,
					u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_slave_scan_state_error(struct ec_fsm_slave_scan *fsm,
					  u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
