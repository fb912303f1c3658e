// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Slaves of a segment file that come from ESI files:
 *   { "esi": "Beckhoff_EL1xxx.xml", "type": "EL1008",
 *     "revision": "0x00120000" }
 *   { "type": "EL1008" }                 (searched in ethercat-sim --esi DIR)
 * Each ESI device becomes one model of the segment (read once however many
 * slaves use it), and what it describes that the simulator does not model
 * is listed once on stderr.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "esi.h"
#include "sim_priv.h"

/* The ESI file named by "esi": as given when absolute, else next to the
 * segment file, in the --esi folder, or relative to the working directory. */
static int esi_resolve(const struct ecsim_segment *seg, const char *file,
		       char *path, size_t cap)
{
	const char *dirs[2] = { seg->base_dir, seg->esi_dir };
	unsigned int i;

	if (file[0] != '/') {
		for (i = 0; i < 2; i++) {
			if (!dirs[i])
				continue;
			snprintf(path, cap, "%s/%s", dirs[i], file);
			if (!access(path, R_OK))
				return 0;
		}
	}
	snprintf(path, cap, "%s", file);
	return 0;
}

static void esi_report(const char *path, const json_t *m)
{
	const json_t *list = json_object_get(m, "unmodelled");
	const char *order = json_string_value(json_object_get(m, "order"));
	size_t i;
	json_t *v;

	json_array_foreach(list, i, v)
		fprintf(stderr, "ethercat-sim: %s: %s: not modelled: %s\n",
			path, order ? order : "?", json_string_value(v));
}

int ecsim_segment_esi_model(struct ecsim_segment *seg, unsigned int id,
			    const json_t *js, const char **key, char *err,
			    size_t errlen)
{
	const json_t *file = json_object_get(js, "esi");
	const json_t *type = json_object_get(js, "type");
	const json_t *rev = json_object_get(js, "revision");
	struct ecsim_esi_select sel = { 0 };
	char path[PATH_MAX], name[PATH_MAX + 96], msg[320];
	const struct ecsim_model *known;
	json_t *m, *models;
	uint64_t r;
	int ret;

	if ((file && !json_is_string(file)) ||
	    (type && !json_is_string(type))) {
		snprintf(err, errlen, "slave %u: \"esi\" and \"type\" must be "
			 "strings", id);
		return -EINVAL;
	}
	sel.type = json_string_value(type);
	if (rev) {
		if (ecsim_json_uint(rev, 0xffffffff, &r)) {
			snprintf(err, errlen, "slave %u: bad \"revision\"", id);
			return -EINVAL;
		}
		sel.have_revision = true;
		sel.revision = (uint32_t)r;
	}
	if (file) {
		esi_resolve(seg, json_string_value(file), path, sizeof(path));
	} else if (!seg->esi_dir) {
		snprintf(err, errlen, "slave %u: \"type\" without \"esi\" "
			 "needs a folder of ESI files (ethercat-sim --esi DIR)",
			 id);
		return -EINVAL;
	} else {
		ret = ecsim_esi_find(seg->esi_dir, &sel, path, sizeof(path),
				     msg, sizeof(msg));
		if (ret) {
			snprintf(err, errlen, "slave %u: %s", id, msg);
			return ret;
		}
	}
	if (sel.have_revision)
		snprintf(name, sizeof(name), "esi:%s:%s:0x%08" PRIx32, path,
			 sel.type ? sel.type : "", sel.revision);
	else
		snprintf(name, sizeof(name), "esi:%s:%s:any", path,
			 sel.type ? sel.type : "");
	known = ecsim_models_find(&seg->models, name);
	if (known) {
		*key = known->key;
		return 0;
	}
	ret = ecsim_esi_model(path, &sel, &m, msg, sizeof(msg));
	if (ret) {
		snprintf(err, errlen, "slave %u: %s", id, msg);
		return ret;
	}
	esi_report(path, m);
	models = json_pack("{so}", name, m);
	if (!models)
		return -ENOMEM;
	ret = ecsim_models_load(&seg->models, models, msg, sizeof(msg));
	json_decref(models);
	if (ret) {
		snprintf(err, errlen, "slave %u: %s: %s", id, path, msg);
		return ret;
	}
	*key = ecsim_models_find(&seg->models, name)->key;
	return 0;
}
