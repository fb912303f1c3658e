/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool_io.h - reading a command's input data from a file or stdin.
 */
#ifndef EC_TOOL_IO_H
#define EC_TOOL_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define EC_INPUT_MAX (16 * 1024 * 1024)

int ec_read_stream(FILE *f, uint8_t **data, size_t *size);
int ec_read_input(const char *path, uint8_t **data, size_t *size);

#endif /* EC_TOOL_IO_H */
