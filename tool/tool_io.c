// SPDX-License-Identifier: GPL-2.0-only
/*
 * tool_io.c - read a whole file or stdin ("-") into memory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tool_io.h"

/**
 * ec_read_stream() - read a stream to its end
 * @f: the stream
 * @data: malloc'ed contents (free() it)
 * @size: number of bytes
 *
 * Return: 0, -EFBIG above EC_INPUT_MAX, or -errno.
 */
int ec_read_stream(FILE *f, uint8_t **data, size_t *size)
{
	size_t cap = 4096, n = 0, r;
	uint8_t *buf = malloc(cap), *nb;

	if (!buf)
		return -ENOMEM;
	for (;;) {
		if (n == cap) {
			if (cap >= EC_INPUT_MAX) {
				free(buf);
				return -EFBIG;
			}
			cap *= 2;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				return -ENOMEM;
			}
			buf = nb;
		}
		errno = 0;
		r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (r == 0) {
			if (ferror(f)) {
				/* EISDIR for a directory, rather than EIO */
				int err = errno ? errno : EIO;

				free(buf);
				return -err;
			}
			break;
		}
	}
	*data = buf;
	*size = n;
	return 0;
}

/**
 * ec_read_input() - read a file, or stdin for "-"
 * @path: file name or "-"
 * @data: malloc'ed contents (free() it)
 * @size: number of bytes
 *
 * Return: 0 or -errno.
 */
int ec_read_input(const char *path, uint8_t **data, size_t *size)
{
	FILE *f;
	int ret;

	if (!strcmp(path, "-"))
		return ec_read_stream(stdin, data, size);
	f = fopen(path, "rb");
	if (!f)
		return -errno;
	ret = ec_read_stream(f, data, size);
	fclose(f);
	return ret;
}
