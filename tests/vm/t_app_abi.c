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
