// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A folder of ESI files: the devices it describes (ecsim_esi_list()), the
 * file of one device (ecsim_esi_find(), for segment files' {"type": ...}),
 * and a segment file built from a list of device types
 * (ecsim_esi_segment(), "ethercat-sim --from-esi DIR --types ...").
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "esi.h"
#include "sim_priv.h"

static bool esi_xml_name(const char *n)
{
	size_t len = strlen(n);

	return len > 4 && !strcasecmp(n + len - 4, ".xml");
}

static int esi_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct esi_list {
	struct ecsim_esi_device *devs;
	size_t n, cap;
	const char *path;
};

static int esi_list_add(void *arg, const xmlNode *dev, int64_t vendor)
{
	struct esi_list *l = arg;
	const xmlNode *type = esi_child(dev, "Type");
	xmlChar *rev = xmlGetProp(type, (const xmlChar *)"RevisionNo");
	struct ecsim_esi_device *d;
	int64_t r = 0;

	(void)vendor;
	if (rev && esi_parse_num((const char *)rev, &r))
		r = 0;		/* ecsim_esi_model() says what is wrong */
	xmlFree(rev);
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;

		d = realloc(l->devs, cap * sizeof(*d));
		if (!d)
			return -ENOMEM;
		l->devs = d;
		l->cap = cap;
	}
	d = &l->devs[l->n];
	d->type = esi_text(type);
	d->path = strdup(l->path);
	d->revision = (uint32_t)r;
	if (!d->type || !d->path) {
		free(d->type);
		free(d->path);
		return -ENOMEM;
	}
	l->n++;
	return 0;
}

void ecsim_esi_list_free(struct ecsim_esi_device *devs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(devs[i].type);
		free(devs[i].path);
	}
	free(devs);
}

/* The *.xml names of @dir, sorted (malloc'ed array of malloc'ed names). */
static int esi_dir_names(const char *dir, char ***names, size_t *n,
			 char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t cap = 0;
	char **v = NULL, **nv;

	*n = 0;
	if (!d) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -ENOENT;
	}
	while ((de = readdir(d))) {
		if (!esi_xml_name(de->d_name))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			nv = realloc(v, cap * sizeof(*v));
			if (!nv)
				goto out_nomem;
			v = nv;
		}
		v[*n] = strdup(de->d_name);
		if (!v[*n])
			goto out_nomem;
		(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), esi_name_cmp);
	*names = v;
	return 0;
out_nomem:
	closedir(d);
	while (*n)
		free(v[--*n]);
	free(v);
	snprintf(err, errlen, "%s: out of memory", dir);
	return -ENOMEM;
}

int ecsim_esi_list(const char *dir, struct ecsim_esi_device **devs,
		   size_t *n, char *err, size_t errlen)
{
	struct ecsim_esi_select any = { 0 };
	struct esi_list l = { 0 };
	char **names, path[4096];
	size_t nn, i;
	int ret;

	ret = esi_dir_names(dir, &names, &nn, err, errlen);
	if (ret)
		return ret;
	for (i = 0; i < nn && !ret; i++) {
		struct esi_ctx x = { .path = path };
		xmlNode *dev;
		unsigned int count;
		int64_t vendor;
		xmlDoc *doc;
		size_t before = l.n;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		l.path = path;
		doc = esi_read(&x);
		if (!doc)
			continue;
		/* files that are not ESI, or broken, are passed over */
		ret = esi_scan(&x, doc, &any, &dev, &vendor, &count,
			       esi_list_add, &l);
		xmlFreeDoc(doc);
		if (ret == -ENOMEM)
			break;
		if (ret) {	/* a broken file: none of its devices */
			while (l.n > before) {
				l.n--;
				free(l.devs[l.n].type);
				free(l.devs[l.n].path);
			}
			ret = 0;
		}
	}
	for (i = 0; i < nn; i++)
		free(names[i]);
	free(names);
	if (ret) {
		ecsim_esi_list_free(l.devs, l.n);
		snprintf(err, errlen, "%s: out of memory", dir);
		return ret;
	}
	*devs = l.devs;
	*n = l.n;
	return 0;
}

int ecsim_esi_find(const char *dir, const struct ecsim_esi_select *sel,
		   char *path, size_t cap, char *err, size_t errlen)
{
	struct ecsim_esi_device *devs;
	size_t n, i;
	int ret = ecsim_esi_list(dir, &devs, &n, err, errlen);

	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		if (strcmp(devs[i].type, sel->type) ||
		    (sel->have_revision && devs[i].revision != sel->revision))
			continue;
		snprintf(path, cap, "%s", devs[i].path);
		break;
	}
	ecsim_esi_list_free(devs, n);
	if (i < n)
		return 0;
	if (sel->have_revision)
		snprintf(err, errlen, "%s: no ESI file describes %s revision "
			 "0x%08" PRIx32, dir, sel->type, sel->revision);
	else
		snprintf(err, errlen, "%s: no ESI file describes %s", dir,
			 sel->type);
	return -ENOENT;
}
