// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A segment file from a folder of ESI files and a list of device types
 * ("ethercat-sim --from-esi DIR --types EK1100,EL1008*2,EL3102@0x00140000"):
 * every device is read once into a model of the catalogue's format and put
 * into the file's "models", so the file stands alone (no --esi DIR needed
 * to run it, and it can be kept with an application's tests).
 *
 * A type is taken when exactly one revision of it is in the folder, or
 * the revision given with @ is; the same type and revision in several
 * files is taken from the first file by name.  Otherwise the error says
 * what there is: the revisions to choose from, or the types that are
 * spelled closest.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "esi.h"
#include "sim_priv.h"

#define ESI_TYPES_MAX_SLAVES	65535
#define ESI_CLOSE_MAX		6	/* close matches named in an error */

struct esi_want {
	char type[160];
	bool have_revision;
	uint32_t revision;
	unsigned long count;
	const struct ecsim_esi_device *dev;	/* the device taken */
};

/* Edit distance of @a and @b, case-insensitive (short strings only). */
static unsigned int esi_distance(const char *a, const char *b)
{
	unsigned int row[129], i, j, diag, up;
	size_t la = strlen(a), lb = strlen(b);

	if (la > 128 || lb > 128)
		return 1000;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			unsigned int best;

			up = row[j];
			best = diag + (tolower((unsigned char)a[i - 1]) !=
				       tolower((unsigned char)b[j - 1]));
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

struct esi_close {
	const char *type;
	unsigned int dist;
};

static int esi_close_cmp(const void *a, const void *b)
{
	const struct esi_close *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	return strcmp(x->type, y->type);
}

/* "unknown type": the folder's types spelled closest to @type (a type
 * that contains it, or within a quarter of its length in edits). */
static void esi_close_matches(const char *dir, const char *type,
			      const struct ecsim_esi_device *devs, size_t n,
			      char *err, size_t errlen)
{
	unsigned int d, limit = (unsigned int)strlen(type) / 4 + 1;
	struct esi_close *c;
	size_t nc = 0, i, k, len;

	if (!n) {
		snprintf(err, errlen, "%s: no ESI file (*.xml with "
			 "<EtherCATInfo>) in the folder", dir);
		return;
	}
	c = calloc(n, sizeof(*c));
	for (i = 0; c && i < n; i++) {
		d = strcasestr(devs[i].type, type) ? 1 :
		    esi_distance(type, devs[i].type);
		if (d > limit)
			continue;
		for (k = 0; k < nc && strcmp(c[k].type, devs[i].type); k++)
			;
		if (k == nc)	/* not listed already (another revision) */
			c[nc++] = (struct esi_close){ devs[i].type, d };
	}
	if (c)
		qsort(c, nc, sizeof(*c), esi_close_cmp);
	len = (size_t)snprintf(err, errlen, "%s: no ESI file describes %s",
			       dir, type);
	for (k = 0; k < nc && k < ESI_CLOSE_MAX && len < errlen; k++)
		len += (size_t)snprintf(err + len, errlen - len, "%s%s",
					k ? ", " : "; closest: ", c[k].type);
	if (!nc && len < errlen)
		snprintf(err + len, errlen - len, " (nothing close among the "
			 "folder's %zu devices)", n);
	free(c);
}

/* The device of the folder that @w names, or an error saying why none. */
static int esi_pick(const char *dir, struct esi_want *w,
		    const struct ecsim_esi_device *devs, size_t n,
		    char *err, size_t errlen)
{
	const struct ecsim_esi_device *first = NULL;
	size_t i, len, revs = 0;

	for (i = 0; i < n; i++) {
		if (strcmp(devs[i].type, w->type))
			continue;
		if (w->have_revision && devs[i].revision != w->revision)
			continue;
		if (!first)
			first = &devs[i];
		else if (devs[i].revision != first->revision)
			revs++;
	}
	if (first && !revs) {
		w->dev = first;
		return 0;
	}
	if (first) {	/* several revisions, none given */
		len = (size_t)snprintf(err, errlen, "%s: %s has several "
				       "revisions, say which (%s@REVISION):",
				       dir, w->type, w->type);
		for (i = 0; i < n && len < errlen; i++)
			if (!strcmp(devs[i].type, w->type))
				len += (size_t)snprintf(err + len, errlen - len,
					" 0x%08" PRIx32 " (%s)",
					devs[i].revision, devs[i].path);
		return -EINVAL;
	}
	for (i = 0; i < n && strcmp(devs[i].type, w->type); i++)
		;
	if (i == n) {
		esi_close_matches(dir, w->type, devs, n, err, errlen);
		return -ENOENT;
	}
	len = (size_t)snprintf(err, errlen, "%s: no ESI file describes %s "
			       "revision 0x%08" PRIx32 "; there is", dir,
			       w->type, w->revision);
	for (i = 0; i < n && len < errlen; i++)
		if (!strcmp(devs[i].type, w->type))
			len += (size_t)snprintf(err + len, errlen - len,
					" 0x%08" PRIx32 " (%s)",
					devs[i].revision, devs[i].path);
	return -ENOENT;
}

/* One item of the list: TYPE[@REVISION][*COUNT], blanks around it. */
static int esi_parse_item(const char *s, size_t len, struct esi_want *w,
			  char *err, size_t errlen)
{
	char item[160], *at, *star, *end;
	int64_t r;

	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (!len) {
		snprintf(err, errlen, "--types: an empty item (two commas, or "
			 "a comma at an end)");
		return -EINVAL;
	}
	if (len >= sizeof(item)) {
		snprintf(err, errlen, "--types: item \"%.40s...\" is too long",
			 s);
		return -EINVAL;
	}
	memcpy(item, s, len);
	item[len] = 0;
	w->count = 1;
	star = strchr(item, '*');
	if (star) {
		*star = 0;
		errno = 0;
		w->count = strtoul(star + 1, &end, 10);
		if (!isdigit((unsigned char)star[1]) || *end || errno ||
		    !w->count || w->count > ESI_TYPES_MAX_SLAVES) {
			snprintf(err, errlen, "--types: \"%.*s\": the count "
				 "after '*' must be 1..%u", (int)len, s,
				 ESI_TYPES_MAX_SLAVES);
			return -EINVAL;
		}
	}
	at = strchr(item, '@');
	if (at) {
		*at = 0;
		if (esi_parse_num(at + 1, &r) || r < 0 || r > 0xffffffff) {
			snprintf(err, errlen, "--types: %s: bad revision \"%s\" "
				 "(a number such as 0x00100000)", item, at + 1);
			return -EINVAL;
		}
		w->have_revision = true;
		w->revision = (uint32_t)r;
	}
	if (!item[0]) {
		snprintf(err, errlen, "--types: an item without a type");
		return -EINVAL;
	}
	snprintf(w->type, sizeof(w->type), "%s", item);
	return 0;
}

/* The model key of @w: its type, with the revision when two revisions of
 * the type are in the segment. */
static void esi_model_key(const struct esi_want *wants, size_t nw,
			  const struct esi_want *w, char *key, size_t cap)
{
	size_t i;

	for (i = 0; i < nw; i++)
		if (!strcmp(wants[i].type, w->type) &&
		    wants[i].dev->revision != w->dev->revision)
			break;
	if (i == nw)
		snprintf(key, cap, "%s", w->type);
	else
		snprintf(key, cap, "%s@0x%08" PRIx32, w->type,
			 w->dev->revision);
}

/* Read the device of @w into @models under @key (once per key). */
static int esi_add_model(const struct esi_want *w, const char *key,
			 json_t *models, FILE *notes, char *err,
			 size_t errlen)
{
	struct ecsim_esi_select sel = {
		.type = w->type, .have_revision = true,
		.revision = w->dev->revision,
	};
	const char *base = strrchr(w->dev->path, '/');
	char comment[256];
	json_t *m, *v;
	size_t i;
	int ret;

	if (json_object_get(models, key))
		return 0;
	ret = ecsim_esi_model(w->dev->path, &sel, &m, err, errlen);
	if (ret)
		return ret;
	json_array_foreach(json_object_get(m, "unmodelled"), i, v)
		if (notes)
			fprintf(notes, "ethercat-sim: %s: %s: not modelled: "
				"%s\n", w->dev->path, w->type,
				json_string_value(v));
	json_object_del(m, "unmodelled");
	/* the identity as people write it (the catalogue's hex strings) */
	for (i = 0; i < 3; i++) {
		static const char *const id[] = { "vendor", "product",
						  "revision" };
		char hex[16];

		v = json_object_get(m, id[i]);
		if (!json_is_integer(v))
			continue;
		snprintf(hex, sizeof(hex), "0x%08" PRIx32,
			 (uint32_t)json_integer_value(v));
		json_object_set_new(m, id[i], json_string(hex));
	}
	snprintf(comment, sizeof(comment), "from %s, %s revision 0x%08"
		 PRIx32, base ? base + 1 : w->dev->path, w->type,
		 w->dev->revision);
	if (json_object_set_new(m, "comment", json_string(comment)) ||
	    json_object_set_new(models, key, m)) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	return 0;
}

int ecsim_esi_segment(const char *dir, const char *types, FILE *notes,
		      json_t **segment, char *err, size_t errlen)
{
	struct ecsim_esi_device *devs = NULL;
	struct esi_want *wants = NULL;
	json_t *seg = NULL, *models, *slaves;
	size_t ndev = 0, nw = 0, i, total = 0;
	const char *p = types, *comma;
	char key[160 + 16], comment[512];	/* type, "@0x", revision */
	unsigned long k;
	int ret;

	nw = 1;		/* one more item than commas */
	for (comma = types; *comma; comma++)
		nw += *comma == ',';
	wants = calloc(nw, sizeof(*wants));
	if (!wants)
		goto out_nomem;
	for (i = 0; i < nw; i++, p = comma ? comma + 1 : p) {
		comma = strchr(p, ',');
		ret = esi_parse_item(p, comma ? (size_t)(comma - p) : strlen(p),
				     &wants[i], err, errlen);
		if (ret)
			goto out;
		total += wants[i].count;
	}
	if (total > ESI_TYPES_MAX_SLAVES) {
		snprintf(err, errlen, "--types: %zu slaves, at most %u", total,
			 ESI_TYPES_MAX_SLAVES);
		ret = -EINVAL;
		goto out;
	}
	ret = ecsim_esi_list(dir, &devs, &ndev, err, errlen);
	if (ret)
		goto out;
	for (i = 0; i < nw; i++) {
		ret = esi_pick(dir, &wants[i], devs, ndev, err, errlen);
		if (ret)
			goto out;
	}
	snprintf(comment, sizeof(comment), "built by ethercat-sim --from-esi "
		 "from the ESI files of %s: %s", dir, types);
	seg = json_pack("{s:s, s:{}, s:[]}", "comment", comment, "models",
			"slaves");
	if (!seg)
		goto out_nomem;
	models = json_object_get(seg, "models");
	slaves = json_object_get(seg, "slaves");
	for (i = 0; i < nw; i++) {
		esi_model_key(wants, nw, &wants[i], key, sizeof(key));
		ret = esi_add_model(&wants[i], key, models, notes, err,
				    errlen);
		if (ret)
			goto out;
		for (k = 0; k < wants[i].count; k++)
			if (json_array_append_new(slaves,
					json_pack("{s:s}", "model", key)))
				goto out_nomem;
	}
	*segment = seg;
	seg = NULL;
	ret = 0;
	goto out;
out_nomem:
	snprintf(err, errlen, "out of memory");
	ret = -ENOMEM;
out:
	json_decref(seg);
	ecsim_esi_list_free(devs, ndev);
	free(wants);
	return ret;
}
