// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * FoE server of a simulated slave (ETG.1000.6 clause 5.7).
 *
 * Read: RRQ -> DATA 1 -> ACK 1 -> DATA 2 ... until a packet shorter than
 * the read mailbox allows (an empty one when the file fills the last).
 * Write: WRQ -> ACK 0 -> DATA 1 -> ACK 1 ... until a short packet; the
 * file is stored then.  Wrong password: "Access denied"; unknown file:
 * "Not found"; a firmware image (name ending in .efw) outside BOOT:
 * "Bootstrap only"; other files in BOOT: "Not bootstrap".  A repeated
 * packet is acknowledged again (or the data packet sent again).
 *
 * A firmware image is a file beginning with "ECSIM-FW revision=0x<hex>";
 * written in BOOT, the revision takes effect in the SII and in CoE 0x1018:03
 * when the slave leaves BOOT.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foe.h"
#include "sim_priv.h"
#ifdef ECSIM_HAVE_COE
#include "od.h"
#endif

#define FOE_HDR 6
#define FOE_OP_RRQ 1
#define FOE_OP_WRQ 2
#define FOE_OP_DATA 3
#define FOE_OP_ACK 4
#define FOE_OP_ERR 5
#define FOE_OP_BUSY 6

#define FOE_E_NOT_FOUND 0x8001
#define FOE_E_ACCESS 0x8002
#define FOE_E_DISK_FULL 0x8003
#define FOE_E_ILLEGAL 0x8004
#define FOE_E_PACKET 0x8005
#define FOE_E_BOOT_ONLY 0x8008
#define FOE_E_NOT_BOOT 0x8009

#define FOE_NAME_MAX 255
#define FOE_DEFAULT_MAX_SIZE (4u << 20)
#define FOE_MAX_FILES 32
#define FW_MAGIC "ECSIM-FW revision="

struct foe_file {
	char *name;
	uint32_t password;
	uint8_t *data;
	size_t len;
};

enum { FOE_IDLE, FOE_READING, FOE_WRITING };

struct ecsim_foe {
	struct foe_file files[FOE_MAX_FILES];
	unsigned int n_files;
	uint32_t password;	/* for new files */
	size_t max_size;
	unsigned int busy;	/* answer BUSY to this many data packets */
	uint8_t al_state;
	uint32_t new_revision;	/* firmware written in BOOT, 0: none */

	int op;
	unsigned int file;	/* reading */
	uint32_t packet;	/* last sent (read) / received (write) */
	size_t off;		/* read: bytes sent up to packet */
	size_t last_len;	/* read: bytes in the last data packet */
	char wname[FOE_NAME_MAX + 1];
	uint32_t wpassword;
	uint8_t *wbuf;
	size_t wlen;
};

static struct ecsim_foe *foe_of(struct ecsim_slave *s)
{
	return s->foe;
}

static size_t reply_err(uint8_t *r, uint32_t code, const char *text)
{
	size_t n = strlen(text);

	r[0] = FOE_OP_ERR;
	r[1] = 0;
	ecsim_put32(r + 2, code);
	memcpy(r + FOE_HDR, text, n);
	return FOE_HDR + n;
}

static size_t reply_ack(uint8_t *r, uint32_t packet)
{
	r[0] = FOE_OP_ACK;
	r[1] = 0;
	ecsim_put32(r + 2, packet);
	return FOE_HDR;
}

static int add_file(struct ecsim_foe *f, const char *name, uint32_t pw,
		    const uint8_t *data, size_t len)
{
	struct foe_file *file;
	unsigned int i;
	uint8_t *copy = malloc(len ? len : 1);

	if (!copy)
		return -ENOMEM;
	memcpy(copy, data, len);
	for (i = 0; i < f->n_files; i++)
		if (!strcmp(f->files[i].name, name))
			break;
	if (i == f->n_files) {
		if (f->n_files >= FOE_MAX_FILES) {
			free(copy);
			return -ENOSPC;
		}
		f->files[i].name = strdup(name);
		if (!f->files[i].name) {
			free(copy);
			return -ENOMEM;
		}
		f->n_files++;
	}
	file = &f->files[i];
	free(file->data);
	file->data = copy;
	file->len = len;
	file->password = pw;
	return 0;
}

static int find_file(const struct ecsim_foe *f, const char *name)
{
	unsigned int i;

	for (i = 0; i < f->n_files; i++)
		if (!strcmp(f->files[i].name, name))
			return (int)i;
	return -1;
}

/* "data": a string (bytes as they are), or "size": N bytes of a pattern. */
static int parse_file(struct ecsim_foe *f, const json_t *j, char *err,
		      size_t errlen)
{
	const char *name = json_string_value(json_object_get(j, "name"));
	const json_t *data = json_object_get(j, "data");
	uint64_t pw = 0, size = 0, i;
	uint8_t *buf;
	int ret;

	if (!name || !*name || strlen(name) > FOE_NAME_MAX) {
		snprintf(err, errlen, "foe: a file needs a \"name\" of 1..%d bytes",
			 FOE_NAME_MAX);
		return -EINVAL;
	}
	if (json_object_get(j, "password") &&
	    ecsim_json_uint(json_object_get(j, "password"), 0xffffffff, &pw)) {
		snprintf(err, errlen, "foe: file \"%s\": bad password", name);
		return -EINVAL;
	}
	if (data) {
		if (!json_is_string(data)) {
			snprintf(err, errlen, "foe: file \"%s\": \"data\" must be a string",
				 name);
			return -EINVAL;
		}
		return add_file(f, name, (uint32_t)pw,
				(const uint8_t *)json_string_value(data),
				json_string_length(data));
	}
	if (ecsim_json_uint(json_object_get(j, "size"), f->max_size, &size)) {
		snprintf(err, errlen,
			 "foe: file \"%s\": needs \"data\" or a \"size\" up to %zu",
			 name, f->max_size);
		return -EINVAL;
	}
	buf = malloc(size ? size : 1);
	if (!buf)
		return -ENOMEM;
	for (i = 0; i < size; i++)	/* position-dependent, not periodic */
		buf[i] = (uint8_t)(i * 7 + (i >> 8) * 13);
	ret = add_file(f, name, (uint32_t)pw, buf, size);
	free(buf);
	return ret;
}

int ecsim_foe_init(struct ecsim_slave *s, const json_t *cfg, char *err,
		   size_t errlen)
{
	struct ecsim_foe *f;
	const json_t *files, *v;
	uint64_t x;
	size_t i;
	int ret;

	if (!(s->model->mbx_protocols & SII_MBX_FOE)) {
		if (cfg) {
			snprintf(err, errlen, "slave %u: \"foe\" given, but model %s has no FoE",
				 s->id, s->model->key);
			return -EINVAL;
		}
		return 0;
	}
	f = calloc(1, sizeof(*f));
	if (!f)
		return -ENOMEM;
	s->foe = f;
	f->max_size = FOE_DEFAULT_MAX_SIZE;
	f->al_state = ESC_AL_INIT;
	if (!cfg)
		return 0;
	if (!json_is_object(cfg)) {
		snprintf(err, errlen, "slave %u: \"foe\" must be an object", s->id);
		return -EINVAL;
	}
	if (json_object_get(cfg, "max_size")) {
		if (ecsim_json_uint(json_object_get(cfg, "max_size"),
				    64u << 20, &x)) {
			snprintf(err, errlen, "slave %u: foe: bad max_size", s->id);
			return -EINVAL;
		}
		f->max_size = x;
	}
	if (json_object_get(cfg, "password")) {
		if (ecsim_json_uint(json_object_get(cfg, "password"),
				    0xffffffff, &x)) {
			snprintf(err, errlen, "slave %u: foe: bad password", s->id);
			return -EINVAL;
		}
		f->password = (uint32_t)x;
	}
	if (json_object_get(cfg, "busy")) {
		if (ecsim_json_uint(json_object_get(cfg, "busy"), 1000, &x)) {
			snprintf(err, errlen, "slave %u: foe: bad busy", s->id);
			return -EINVAL;
		}
		f->busy = (unsigned int)x;
	}
	files = json_object_get(cfg, "files");
	if (files && !json_is_array(files)) {
		snprintf(err, errlen, "slave %u: foe: \"files\" must be an array",
			 s->id);
		return -EINVAL;
	}
	json_array_foreach(files, i, v) {
		ret = parse_file(f, v, err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

void ecsim_foe_free(struct ecsim_slave *s)
{
	struct ecsim_foe *f = foe_of(s);
	unsigned int i;

	if (!f)
		return;
	for (i = 0; i < f->n_files; i++) {
		free(f->files[i].name);
		free(f->files[i].data);
	}
	free(f->wbuf);
	free(f);
	s->foe = NULL;
}

static bool is_firmware(const char *name)
{
	size_t n = strlen(name);

	return n >= 4 && !strcmp(name + n - 4, ".efw");
}

/* The new firmware restarts the slave with its revision. */
static void apply_revision(struct ecsim_slave *s, uint32_t rev)
{
	if (s->sii_len >= 2 * SII_REVISION + 4) {
		ecsim_put32(s->sii + 2 * SII_REVISION, rev);
		s->sii[2 * SII_CHECKSUM] = ecsim_sii_crc(s->sii, 14);
	}
#ifdef ECSIM_HAVE_COE
	if (s->od)
		ecsim_od_write(s->od, 0x1018, 3, &rev, sizeof(rev));
#endif
}

void ecsim_foe_set_al_state(struct ecsim_slave *s, uint8_t state)
{
	struct ecsim_foe *f = foe_of(s);

	if (!f)
		return;
	state &= ESC_AL_STATE_MASK;
	if (f->al_state == ESC_AL_BOOT && state != ESC_AL_BOOT &&
	    f->new_revision) {
		apply_revision(s, f->new_revision);
		f->new_revision = 0;
	}
	if (state != f->al_state)
		f->op = FOE_IDLE;
	f->al_state = state;
}

static size_t send_data(struct ecsim_foe *f, size_t in_cap, uint8_t *r)
{
	const struct foe_file *file = &f->files[f->file];
	size_t max = in_cap - FOE_HDR, n = file->len - f->off;

	if (n > max)
		n = max;
	r[0] = FOE_OP_DATA;
	r[1] = 0;
	ecsim_put32(r + 2, f->packet);
	memcpy(r + FOE_HDR, file->data + f->off, n);
	f->last_len = n;
	return FOE_HDR + n;
}

static size_t start_read(struct ecsim_foe *f, const char *name, uint32_t pw,
			 size_t in_cap, uint8_t *r)
{
	int i = find_file(f, name);

	if (i < 0)
		return reply_err(r, FOE_E_NOT_FOUND, "file not found");
	if (f->files[i].password != pw)
		return reply_err(r, FOE_E_ACCESS, "wrong password");
	f->op = FOE_READING;
	f->file = (unsigned int)i;
	f->packet = 1;
	f->off = 0;
	return send_data(f, in_cap, r);
}

static size_t start_write(struct ecsim_foe *f, const char *name,
			  uint32_t pw, uint8_t *r)
{
	int i = find_file(f, name);
	bool boot = f->al_state == ESC_AL_BOOT;

	if (is_firmware(name) && !boot)
		return reply_err(r, FOE_E_BOOT_ONLY,
				 "firmware is written in BOOT");
	if (!is_firmware(name) && boot)
		return reply_err(r, FOE_E_NOT_BOOT, "only firmware in BOOT");
	if (pw != (i >= 0 ? f->files[i].password : f->password))
		return reply_err(r, FOE_E_ACCESS, "wrong password");
	f->op = FOE_WRITING;
	snprintf(f->wname, sizeof(f->wname), "%s", name);
	f->wpassword = pw;
	f->wlen = 0;
	f->packet = 0;
	return reply_ack(r, 0);
}

static size_t finish_write(struct ecsim_slave *s, struct ecsim_foe *f,
			   uint8_t *r)
{
	unsigned long long rev;
	char head[40];
	size_t n;

	f->op = FOE_IDLE;
	if (is_firmware(f->wname)) {
		n = f->wlen < sizeof(head) - 1 ? f->wlen : sizeof(head) - 1;
		memcpy(head, f->wbuf, n);
		head[n] = '\0';
		if (strncmp(head, FW_MAGIC, strlen(FW_MAGIC)) ||
		    sscanf(head + strlen(FW_MAGIC), "%llx", &rev) != 1 ||
		    !rev || rev > 0xffffffffull)
			return reply_err(r, FOE_E_ILLEGAL,
					 "not a firmware image");
		f->new_revision = (uint32_t)rev;
	}
	if (add_file(f, f->wname, f->wpassword, f->wbuf, f->wlen))
		return reply_err(r, FOE_E_DISK_FULL, "no room for the file");
	(void)s;
	return reply_ack(r, f->packet);
}

static size_t write_data(struct ecsim_slave *s, struct ecsim_foe *f,
			 uint32_t packet, const uint8_t *d, size_t n,
			 size_t out_cap, uint8_t *r)
{
	uint8_t *nb;

	if (packet == f->packet && packet)	/* repeated: ack again */
		return reply_ack(r, packet);
	if (packet != f->packet + 1) {
		f->op = FOE_IDLE;
		return reply_err(r, FOE_E_PACKET, "packet number wrong");
	}
	if (f->busy) {
		f->busy--;
		r[0] = FOE_OP_BUSY;
		r[1] = 0;
		ecsim_put16(r + 2, 0);
		ecsim_put16(r + 4, 100);
		return FOE_HDR;
	}
	if (f->wlen + n > f->max_size) {
		f->op = FOE_IDLE;
		return reply_err(r, FOE_E_DISK_FULL, "file too large");
	}
	nb = realloc(f->wbuf, f->wlen + n + 1);
	if (!nb) {
		f->op = FOE_IDLE;
		return reply_err(r, FOE_E_DISK_FULL, "out of memory");
	}
	f->wbuf = nb;
	memcpy(f->wbuf + f->wlen, d, n);
	f->wlen += n;
	f->packet = packet;
	if (n < out_cap - FOE_HDR)
		return finish_write(s, f, r);
	return reply_ack(r, packet);
}

static size_t read_ack(struct ecsim_foe *f, uint32_t packet, size_t in_cap,
		       uint8_t *r)
{
	if (packet + 1 == f->packet)	/* an old ack: send again */
		return send_data(f, in_cap, r);
	if (packet != f->packet) {
		f->op = FOE_IDLE;
		return reply_err(r, FOE_E_PACKET, "packet number wrong");
	}
	if (f->last_len < in_cap - FOE_HDR) {	/* that was the last */
		f->op = FOE_IDLE;
		return 0;
	}
	f->off += f->last_len;
	f->packet++;
	return send_data(f, in_cap, r);
}

size_t ecsim_foe_request(struct ecsim_slave *s, const uint8_t *msg,
			 size_t len, size_t in_cap, size_t out_cap,
			 uint8_t *reply)
{
	struct ecsim_foe *f = foe_of(s);
	char name[FOE_NAME_MAX + 1];
	uint32_t word;
	size_t n;

	if (!f || len < FOE_HDR || in_cap <= FOE_HDR || out_cap <= FOE_HDR)
		return f ? reply_err(reply, FOE_E_ILLEGAL, "short request") : 0;
	word = ecsim_get32(msg + 2);
	switch (msg[0]) {
	case FOE_OP_RRQ:
	case FOE_OP_WRQ:
		n = len - FOE_HDR;
		if (!n || n > FOE_NAME_MAX)
			return reply_err(reply, FOE_E_NOT_FOUND, "bad file name");
		memcpy(name, msg + FOE_HDR, n);
		name[n] = '\0';
		return msg[0] == FOE_OP_RRQ ?
			start_read(f, name, word, in_cap, reply) :
			start_write(f, name, word, reply);
	case FOE_OP_DATA:
		if (f->op != FOE_WRITING)
			return reply_err(reply, FOE_E_ILLEGAL, "no write open");
		return write_data(s, f, word, msg + FOE_HDR, len - FOE_HDR,
				  out_cap, reply);
	case FOE_OP_ACK:
		if (f->op != FOE_READING)
			return reply_err(reply, FOE_E_ILLEGAL, "no read open");
		return read_ack(f, word, in_cap, reply);
	case FOE_OP_ERR:
		f->op = FOE_IDLE;	/* the master gave up */
		return 0;
	default:
		return reply_err(reply, FOE_E_ILLEGAL, "unknown opcode");
	}
}
