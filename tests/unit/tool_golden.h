/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool_golden.h - golden files of the tool's text output: a command run
 * on a fake bus (tool_run.h) must print exactly what
 * tests/cli/golden/NAME.txt holds, and exit with the status in the
 * file's name table.  The golden files are written from IgH 1.6.1's tool
 * source (tool/Command*.cpp): the format IgH prints for the same bus,
 * with this master's documented differences (doc/CLI.md, "Golden
 * files").  On a mismatch the actual output is written next to the test
 * binary as NAME.actual and the first differing line is named, so
 * `diff tests/cli/golden/NAME.txt build/tests/golden/NAME.actual` shows
 * the change.  Included by check_tool_golden.c and check_tool_config.c.
 */
#ifndef EC_TEST_TOOL_GOLDEN_H
#define EC_TEST_TOOL_GOLDEN_H

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef EC_GOLDEN_DIR
#error "EC_GOLDEN_DIR (the folder of the golden files) must be defined"
#endif
#ifndef EC_GOLDEN_OUT
#error "EC_GOLDEN_OUT (where mismatching output is written) must be defined"
#endif

/*
 * The commands whose golden files check_tool_config.c checks (they need
 * an application on the fake bus); check_tool_golden.c counts them in.
 */
static const char *const golden_config_cmds[] = {
	"config", "config -v", "domains", "domains -v",
};

#define GOLDEN_CONFIG_CMDS \
	(sizeof(golden_config_cmds) / sizeof(golden_config_cmds[0]))

static char *golden_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *b;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	b = calloc(1, (size_t)n + 1);
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(fread(b, 1, (size_t)n, f), n);
	fclose(f);
	*len = (size_t)n;
	return b;
}

/* The 1-based number of the first line where @a and @b differ. */
static unsigned int golden_first_diff(const char *a, const char *b)
{
	unsigned int line = 1;

	for (; *a && *a == *b; a++, b++)
		if (*a == '\n')
			line++;
	return line;
}

/*
 * Whether @text (@len bytes) equals the golden file NAME.txt byte for
 * byte; when it does not, @line gets the first differing line (0: no
 * golden file) and the text is written to EC_GOLDEN_OUT/NAME.actual.
 */
static inline bool golden_compare(const char *name, const char *text,
				  size_t len, unsigned int *line)
{
	char path[512], actual[512];
	size_t glen = 0;
	char *g;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.txt", EC_GOLDEN_DIR, name);
	g = golden_read(path, &glen);
	if (g && glen == len && !memcmp(g, text, len)) {
		free(g);
		return true;
	}
	*line = g ? golden_first_diff(g, text) : 0;
	free(g);
	mkdir(EC_GOLDEN_OUT, 0755);
	snprintf(actual, sizeof(actual), "%s/%s.actual", EC_GOLDEN_OUT, name);
	f = fopen(actual, "wb");
	if (f) {
		fwrite(text, 1, len, f);
		fclose(f);
	}
	return false;
}

/*
 * @text with every @from replaced by @to, in a new string (@len updated):
 * masks a field that is not the format's (a version number) so that the
 * golden file names it instead, as "@IOCTL_VERSION@".
 */
static inline char *golden_mask(const char *text, size_t *len,
				const char *from, const char *to)
{
	size_t nf = strlen(from), nt = strlen(to), n = 0;
	const char *p;
	char *r, *q;

	for (p = text; (p = strstr(p, from)); p += nf)
		n++;
	r = malloc(*len + n * nt + 1);
	ck_assert_ptr_nonnull(r);
	for (p = text, q = r; *p;) {
		if (nf && !strncmp(p, from, nf)) {
			memcpy(q, to, nt);
			q += nt;
			p += nf;
		} else {
			*q++ = *p++;
		}
	}
	*q = '\0';
	*len = (size_t)(q - r);
	return r;
}

/* The command's output @text must equal the golden file NAME.txt. */
static inline void golden_check(const char *name, const char *text,
				size_t len)
{
	unsigned int line = 0;

	if (golden_compare(name, text, len, &line))
		return;
	ck_abort_msg("%s: output differs from %s/%s.txt %s%u: "
		     "diff %s/%s.txt %s/%s.actual", name, EC_GOLDEN_DIR, name,
		     line ? "from line " : "(missing) ", line, EC_GOLDEN_DIR,
		     name, EC_GOLDEN_OUT, name);
}

#endif /* EC_TEST_TOOL_GOLDEN_H */
