// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_fuzz.c - throws random ioctls at /dev/EtherCAT0: every command of
 * include/ec_ioctl.h with random, half-valid and hostile arguments (bad
 * pointers, huge sizes, non-zero reserved words, wrong directions and
 * sizes in the command word, read-only and read-write descriptors).
 * The module must answer each with a value or an error and never oops;
 * the VM test checks the kernel log and that the master still works.
 *
 *   ec-ioctl-fuzz [ITERATIONS [SEED]]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ec_ioctl.h"

static const unsigned long commands[] = {
	EC_IOCTL_MODULE, EC_IOCTL_MASTER, EC_IOCTL_SLAVE,
	EC_IOCTL_SLAVE_SYNC, EC_IOCTL_SLAVE_SYNC_PDO,
	EC_IOCTL_SLAVE_SYNC_PDO_ENTRY, EC_IOCTL_SLAVE_SDO,
	EC_IOCTL_SLAVE_SDO_ENTRY, EC_IOCTL_SLAVE_SII_READ,
	/* Not SII_WRITE: random words would really rewrite the (simulated)
	 * EEPROMs, which is obeying the user, not a fault; its argument
	 * checks are covered by t_cli_write. */
	EC_IOCTL_SLAVE_REG_READ,
	EC_IOCTL_SLAVE_REG_WRITE, EC_IOCTL_SLAVE_STATE,
	EC_IOCTL_SLAVE_SDO_UPLOAD, EC_IOCTL_SLAVE_SDO_DOWNLOAD,
	EC_IOCTL_MASTER_RESCAN, EC_IOCTL_MASTER_DEBUG,
	/* The application API. */
	EC_IOCTL_REQUEST, EC_IOCTL_CREATE_DOMAIN, EC_IOCTL_CREATE_SLAVE_CONFIG,
	EC_IOCTL_SC_SYNC, EC_IOCTL_SC_WATCHDOG, EC_IOCTL_SC_ADD_PDO,
	EC_IOCTL_SC_CLEAR_PDOS, EC_IOCTL_SC_ADD_ENTRY,
	EC_IOCTL_SC_CLEAR_ENTRIES, EC_IOCTL_SC_REG_PDO_ENTRY,
	EC_IOCTL_SC_REG_PDO_POS, EC_IOCTL_SC_SDO, EC_IOCTL_SC_EMERG_SIZE,
	EC_IOCTL_SC_EMERG_POP, EC_IOCTL_SC_EMERG_CLEAR,
	EC_IOCTL_SC_EMERG_OVERRUNS, EC_IOCTL_SC_STATE,
	EC_IOCTL_SDO_REQUEST_CREATE, EC_IOCTL_SDO_REQUEST_INDEX,
	EC_IOCTL_SDO_REQUEST_TIMEOUT, EC_IOCTL_SDO_REQUEST_STATE,
	EC_IOCTL_SDO_REQUEST_READ, EC_IOCTL_SDO_REQUEST_WRITE,
	EC_IOCTL_REG_REQUEST_CREATE, EC_IOCTL_REG_REQUEST_STATE,
	EC_IOCTL_REG_REQUEST_READ, EC_IOCTL_REG_REQUEST_WRITE,
	EC_IOCTL_DOMAIN_INFO, EC_IOCTL_ACTIVATE, EC_IOCTL_DEACTIVATE,
	EC_IOCTL_SEND, EC_IOCTL_RECEIVE, EC_IOCTL_DOMAIN_PROCESS,
	EC_IOCTL_DOMAIN_QUEUE, EC_IOCTL_DOMAIN_STATE, EC_IOCTL_MASTER_STATE,
	EC_IOCTL_LINK_STATE, EC_IOCTL_APP_TIME, EC_IOCTL_SEND_INTERVAL,
	EC_IOCTL_RESET, EC_IOCTL_SC_STATE_TIMEOUT,
	/* The requests of every kind, and the mailbox ones of before. */
	EC_IOCTL_APP_REQ_CREATE, EC_IOCTL_APP_REQ_SET, EC_IOCTL_APP_REQ_START,
	EC_IOCTL_APP_REQ_STATE, EC_IOCTL_MBOX_REQUEST_CREATE,
	EC_IOCTL_MBOX_REQUEST_SET, EC_IOCTL_MBOX_REQUEST_START,
	EC_IOCTL_MBOX_REQUEST_STATE,
	/* Configuration and domain inspection. */
	EC_IOCTL_CONFIG, EC_IOCTL_CONFIG_PDO, EC_IOCTL_CONFIG_PDO_ENTRY,
	EC_IOCTL_CONFIG_SDO, EC_IOCTL_DOMAIN, EC_IOCTL_DOMAIN_FMMU,
	EC_IOCTL_DOMAIN_DATA, EC_IOCTL_CONFIG_IDN,
};

#define NCMD (sizeof(commands) / sizeof(commands[0]))
#define ARG_SIZE 4096

static uint64_t rng_state;

static uint32_t rnd(void)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(rng_state >> 33);
}

/* A pointer value as an ioctl struct would carry it. */
static uint64_t random_pointer(uint8_t *buf)
{
	switch (rnd() % 5) {
	case 0:
		return 0;
	case 1:
		return 0xdeadbeefULL;
	case 2:
		return 0xffff888000000000ULL;	/* kernel address */
	default:
		return (uint64_t)(uintptr_t)(buf + rnd() % 64);
	}
}

/* Fill the argument: random bytes, small numbers that look valid, zeros. */
static void fill_arg(uint8_t *arg, size_t size, uint8_t *target)
{
	size_t i;

	switch (rnd() % 4) {
	case 0:
		for (i = 0; i < size; i++)
			arg[i] = (uint8_t)rnd();
		break;
	case 1:
		memset(arg, 0, size);
		break;
	default:
		/* Zero, then small plausible values in the first words and a
		 * pointer where the structs keep theirs (8-aligned offsets). */
		memset(arg, 0, size);
		for (i = 0; i + 2 <= size && i < 16; i += 2) {
			uint16_t v = (uint16_t)(rnd() % 8);

			memcpy(arg + i, &v, 2);
		}
		if (size >= 24) {
			uint64_t p = random_pointer(target);
			size_t off = 8 * (1 + rnd() % 2);

			memcpy(arg + off, &p, 8);
		}
		if (rnd() % 8 == 0 && size >= 8)
			arg[size - 1 - rnd() % 8] = 0xff; /* a reserved word */
		break;
	}
}

int main(int argc, char **argv)
{
	unsigned long iterations = argc > 1 ? strtoul(argv[1], NULL, 0) : 2000;
	unsigned long i, errors = 0, ok = 0;
	static uint8_t arg[ARG_SIZE], target[ARG_SIZE];
	int fds[2];

	rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x5eed;
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("ec-ioctl-fuzz: %lu iterations, seed 0x%llx\n", iterations,
	       (unsigned long long)rng_state);
	fds[0] = open("/dev/EtherCAT0", O_RDONLY);
	fds[1] = open("/dev/EtherCAT0", O_RDWR);
	if (fds[0] < 0 || fds[1] < 0) {
		perror("ec-ioctl-fuzz: /dev/EtherCAT0");
		return 1;
	}
	for (i = 0; i < iterations; i++) {
		unsigned long cmd = commands[rnd() % NCMD];
		size_t size = _IOC_SIZE(cmd);
		void *p = arg;
		int ret;

		switch (rnd() % 10) {
		case 0:	/* a command word the module does not know */
			cmd = _IOC(rnd() % 4, EC_IOCTL_TYPE, rnd() % 0x80,
				   rnd() % 512);
			size = ARG_SIZE;
			break;
		case 1:	/* the right number with the wrong size */
			cmd = _IOC(_IOC_DIR(cmd), EC_IOCTL_TYPE, _IOC_NR(cmd),
				   (size + 8) % 512);
			break;
		case 2:	/* a hostile argument pointer */
			p = (void *)(uintptr_t)(rnd() % 2 ? 0 : 0xdeadbeef);
			break;
		default:
			break;
		}
		if (p == arg)
			fill_arg(arg, size < ARG_SIZE ? size : ARG_SIZE, target);
		if (getenv("EC_FUZZ_TRACE"))
			fprintf(stderr, "%lu: cmd 0x%08lx nr 0x%02lx\n", i, cmd,
				(unsigned long)_IOC_NR(cmd));
		ret = ioctl(fds[rnd() % 2], cmd, p);
		if (ret < 0)
			errors++;
		else
			ok++;
	}
	close(fds[0]);
	close(fds[1]);
	printf("ec-ioctl-fuzz: done, %lu accepted, %lu refused\n", ok, errors);
	return 0;
}
