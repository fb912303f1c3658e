// SPDX-License-Identifier: GPL-2.0-only
/*
 * t_app_abi.c - the rules of the application ioctls of /dev/EtherCAT0,
 * checked with raw ioctls in the VM (built static by t_app_abi.sh):
 * write commands need a writable file, everything needs the file that
 * holds the master, requesting is exclusive, reserved words must be zero,
 * unknown commands and wrong sizes give ENOTTY, mmap() only after
 * activation and only by the holder, no deactivation under a mapping,
 * closing releases.  Prints "abi: NAME ok" per rule, "abi: all ok" at
 * the end; exits 1 at the first broken rule.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ec_ioctl.h"

#define DEV "/dev/EtherCAT0"

static int failures;

/* ioctl's errno, or 0 on success */
static int err_of(int ret)
{
	return ret < 0 ? errno : 0;
}

static void expect(const char *name, int got, int want)
{
	if (got == want) {
		printf("abi: %s ok\n", name);
		return;
	}
	printf("abi: %s FAILED: got %s, want %s\n", name,
	       got ? strerror(got) : "success",
	       want ? strerror(want) : "success");
	failures++;
}

static int open_dev(int flags)
{
	int fd = open(DEV, flags);

	if (fd < 0) {
		perror(DEV);
		exit(1);
	}
	return fd;
}

/* Poll a request's STATE command until it leaves BUSY (5 s at most). */
static int wait_state(int fd, unsigned long cmd, void *arg,
		      const uint8_t *state)
{
	int i;

	for (i = 0; i < 500; i++) {
		if (ioctl(fd, cmd, arg))
			return errno;
		if (*state != EC_IOCTL_REQUEST_BUSY)
			return *state == EC_IOCTL_REQUEST_SUCCESS ? 0 : EIO;
		usleep(10000);
	}
	return ETIMEDOUT;
}

/*
 * The per-kind request commands of before the one request mechanism
 * (SDO and register requests, EC_IOCTL_MBOX_REQUEST_*) still work, served
 * by the same handlers as EC_IOCTL_APP_REQ_*; and an index names one
 * request of one kind.  Before activation (the idle phase serves them):
 * an SDO upload of the servo's 0x1018:01, a register read of the AL
 * status, an FoE write and read back through the old mailbox commands,
 * and an SDO read through the new commands.
 */
static void old_requests(int fd, uint32_t servo, uint32_t dout)
{
	struct ec_ioctl_sdo_request sdo;
	struct ec_ioctl_reg_request rr;
	struct ec_ioctl_mbox_request mb;
	struct ec_ioctl_app_req ar;
	uint8_t val[4] = { 0 }, al[2] = { 0 }, file[300], back[300];
	uint32_t sdo_index, i;

	memset(&sdo, 0, sizeof(sdo));
	sdo.config_index = servo;
	sdo.sdo_index = 0x1018;
	sdo.sdo_subindex = 1;
	sdo.size = 4;
	expect("old SDO request create",
	       err_of(ioctl(fd, EC_IOCTL_SDO_REQUEST_CREATE, &sdo)), 0);
	sdo_index = sdo.request_index;
	expect("old SDO request read",
	       err_of(ioctl(fd, EC_IOCTL_SDO_REQUEST_READ, &sdo)), 0);
	expect("old SDO request read while busy",
	       err_of(ioctl(fd, EC_IOCTL_SDO_REQUEST_READ, &sdo)), EBUSY);
	sdo.data = (uintptr_t)val;
	expect("old SDO request state",
	       wait_state(fd, EC_IOCTL_SDO_REQUEST_STATE, &sdo, &sdo.state), 0);
	expect("old SDO request data",
	       sdo.data_size == 4 && val[0] == 0x00 && val[1] == 0x1d &&
	       val[2] == 0xc5 && val[3] == 0x0e ? 0 : EIO, 0);

	memset(&rr, 0, sizeof(rr));
	rr.config_index = dout;
	rr.mem_size = 2;
	expect("old register request create",
	       err_of(ioctl(fd, EC_IOCTL_REG_REQUEST_CREATE, &rr)), 0);
	rr.address = 0x0130;	/* AL status */
	rr.size = 2;
	expect("old register request read",
	       err_of(ioctl(fd, EC_IOCTL_REG_REQUEST_READ, &rr)), 0);
	rr.data = (uintptr_t)al;
	expect("old register request state",
	       wait_state(fd, EC_IOCTL_REG_REQUEST_STATE, &rr, &rr.state), 0);
	expect("old register request data: PREOP",
	       (al[0] & 0x0f) == 0x02 ? 0 : EIO, 0);
	rr.config_index = servo;
	rr.request_index = sdo_index;
	expect("a register command on an SDO request",
	       err_of(ioctl(fd, EC_IOCTL_REG_REQUEST_STATE, &rr)), ENOENT);

	memset(&mb, 0, sizeof(mb));
	mb.config_index = servo;
	mb.kind = EC_IOCTL_MBOX_FOE;
	mb.mem_size = sizeof(file);
	strcpy(mb.file_name, "abi.bin");
	expect("old FoE request create",
	       err_of(ioctl(fd, EC_IOCTL_MBOX_REQUEST_CREATE, &mb)), 0);
	for (i = 0; i < sizeof(file); i++)
		file[i] = (uint8_t)(i * 7);
	mb.op = EC_IOCTL_MBOX_WRITE;
	mb.data = (uintptr_t)file;
	mb.data_size = sizeof(file);
	expect("old FoE request write",
	       err_of(ioctl(fd, EC_IOCTL_MBOX_REQUEST_START, &mb)), 0);
	expect("old FoE request write state",
	       wait_state(fd, EC_IOCTL_MBOX_REQUEST_STATE, &mb, &mb.state), 0);
	mb.op = EC_IOCTL_MBOX_READ;
	mb.data = 0;
	expect("old FoE request read",
	       err_of(ioctl(fd, EC_IOCTL_MBOX_REQUEST_START, &mb)), 0);
	memset(back, 0, sizeof(back));
	mb.data = (uintptr_t)back;
	expect("old FoE request read state",
	       wait_state(fd, EC_IOCTL_MBOX_REQUEST_STATE, &mb, &mb.state), 0);
	expect("old FoE request data",
	       mb.data_size == sizeof(file) &&
	       !memcmp(file, back, sizeof(file)) ? 0 : EIO, 0);

	memset(&ar, 0, sizeof(ar));
	ar.config_index = servo;
	ar.request_index = sdo_index;
	ar.kind = EC_IOCTL_REQ_SDO;
	ar.op = EC_IOCTL_MBOX_READ;
	expect("new SDO request read of an old one",
	       err_of(ioctl(fd, EC_IOCTL_APP_REQ_START, &ar)), 0);
	memset(val, 0, sizeof(val));
	ar.data = (uintptr_t)val;
	ar.mem_size = sizeof(val);
	expect("new SDO request state",
	       wait_state(fd, EC_IOCTL_APP_REQ_STATE, &ar, &ar.state), 0);
	expect("new SDO request data", val[3] == 0x0e ? 0 : EIO, 0);
	ar.kind = EC_IOCTL_REQ_FOE;
	expect("a request of another kind",
	       err_of(ioctl(fd, EC_IOCTL_APP_REQ_STATE, &ar)), ENOENT);
	ar.kind = 9;
	expect("a request of no kind",
	       err_of(ioctl(fd, EC_IOCTL_APP_REQ_STATE, &ar)), EINVAL);
}

int main(void)
{
	struct ec_ioctl_app_config cfg;
	struct ec_ioctl_reg_pdo_entry reg;
	struct ec_ioctl_activate act;
	struct ec_ioctl_sc_state_timeout st;
	int ro, fd, fd2, ret;
	size_t len;
	void *pd;

	ro = open_dev(O_RDONLY);
	fd = open_dev(O_RDWR);
	fd2 = open_dev(O_RDWR);

	expect("request on a read-only file",
	       err_of(ioctl(ro, EC_IOCTL_REQUEST)), EPERM);
	expect("domain without the master",
	       err_of(ioctl(fd, EC_IOCTL_CREATE_DOMAIN)), EPERM);
	expect("unknown command",
	       err_of(ioctl(fd, _IO(EC_IOCTL_TYPE, 0x4f))), ENOTTY);
	expect("wrong size in the command word",
	       err_of(ioctl(fd, _IOWR(EC_IOCTL_TYPE, 0x22, uint32_t), &ret)),
	       ENOTTY);
	expect("request", err_of(ioctl(fd, EC_IOCTL_REQUEST)), 0);
	expect("request again by the holder",
	       err_of(ioctl(fd, EC_IOCTL_REQUEST)), 0);
	expect("request by another file",
	       err_of(ioctl(fd2, EC_IOCTL_REQUEST)), EBUSY);
	expect("send by another file", err_of(ioctl(fd2, EC_IOCTL_SEND)),
	       EPERM);

	memset(&cfg, 0, sizeof(cfg));
	cfg.position = 2;
	cfg.vendor_id = 0x2;
	cfg.product_code = 0x07d83052;	/* EL2008 */
	cfg.reserved[3] = 1;
	expect("reserved word not zero",
	       err_of(ioctl(fd, EC_IOCTL_CREATE_SLAVE_CONFIG, &cfg)), EINVAL);
	cfg.reserved[3] = 0;
	expect("slave config",
	       err_of(ioctl(fd, EC_IOCTL_CREATE_SLAVE_CONFIG, &cfg)), 0);
	/* IgH 1.6: not active is -EINVAL, and the configuration stays */
	expect("deactivate before activation",
	       err_of(ioctl(fd, EC_IOCTL_DEACTIVATE)), EINVAL);
	ret = err_of(ioctl(fd, EC_IOCTL_CREATE_SLAVE_CONFIG, &cfg));
	expect("the same slave config (index 0) after it",
	       ret ? ret : cfg.config_index ? EEXIST : 0, 0);
	memset(&st, 0, sizeof(st));
	st.from_state = 2;	/* PREOP */
	st.to_state = 4;	/* SAFEOP */
	st.timeout_ms = 5000;
	expect("state timeout",
	       err_of(ioctl(fd, EC_IOCTL_SC_STATE_TIMEOUT, &st)), 0);
	st.to_state = 2;
	expect("state timeout from a state to itself",
	       err_of(ioctl(fd, EC_IOCTL_SC_STATE_TIMEOUT, &st)), EINVAL);
	st.to_state = 3;
	expect("state timeout to no state",
	       err_of(ioctl(fd, EC_IOCTL_SC_STATE_TIMEOUT, &st)), EINVAL);
	memset(&cfg, 0, sizeof(cfg));
	cfg.alias = 1001;	/* the servo */
	cfg.vendor_id = 0x0ec51d00;
	cfg.product_code = 0x00000402;
	expect("servo config",
	       err_of(ioctl(fd, EC_IOCTL_CREATE_SLAVE_CONFIG, &cfg)), 0);
	old_requests(fd, cfg.config_index, 0);
	ret = ioctl(fd, EC_IOCTL_CREATE_DOMAIN);
	expect("domain", ret < 0 ? errno : ret, 0);

	memset(&reg, 0, sizeof(reg));
	reg.entry_index = 0x7000;
	reg.entry_subindex = 1;
	expect("register a PDO entry",
	       err_of(ioctl(fd, EC_IOCTL_SC_REG_PDO_ENTRY, &reg)), 0);
	reg.domain_index = 7;
	expect("register into a missing domain",
	       err_of(ioctl(fd, EC_IOCTL_SC_REG_PDO_ENTRY, &reg)), ENOENT);

	expect("send before activation", err_of(ioctl(fd, EC_IOCTL_SEND)),
	       EPERM);
	pd = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	expect("mmap before activation", pd == MAP_FAILED ? errno : 0,
	       ENODEV);

	memset(&act, 0, sizeof(act));
	expect("activate", err_of(ioctl(fd, EC_IOCTL_ACTIVATE, &act)), 0);
	len = act.pd_size;
	expect("process data size", len ? 0 : EINVAL, 0);
	pd = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd2, 0);
	expect("mmap by another file", pd == MAP_FAILED ? errno : 0, EPERM);
	pd = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 4096);
	expect("mmap at an offset", pd == MAP_FAILED ? errno : 0, EINVAL);
	pd = mmap(NULL, len + 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	expect("mmap too long", pd == MAP_FAILED ? errno : 0, EINVAL);
	pd = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	expect("mmap", pd == MAP_FAILED ? errno : 0, 0);
	expect("domain process", err_of(ioctl(fd, EC_IOCTL_DOMAIN_PROCESS, 0)),
	       0);
	expect("domain process, no such domain",
	       err_of(ioctl(fd, EC_IOCTL_DOMAIN_PROCESS, 5)), ENOENT);
	expect("receive", err_of(ioctl(fd, EC_IOCTL_RECEIVE)), 0);
	expect("send", err_of(ioctl(fd, EC_IOCTL_SEND)), 0);
	expect("deactivate while mapped",
	       err_of(ioctl(fd, EC_IOCTL_DEACTIVATE)), EBUSY);
	if (pd != MAP_FAILED)
		munmap(pd, len);
	expect("deactivate", err_of(ioctl(fd, EC_IOCTL_DEACTIVATE)), 0);
	expect("domain gone after deactivation",
	       err_of(ioctl(fd, EC_IOCTL_DOMAIN_QUEUE, 0)), ENOENT);

	close(fd);
	expect("request after the holder closed",
	       err_of(ioctl(fd2, EC_IOCTL_REQUEST)), 0);
	close(fd2);
	close(ro);
	if (failures) {
		printf("abi: %d rule(s) broken\n", failures);
		return 1;
	}
	printf("abi: all ok\n");
	return 0;
}
