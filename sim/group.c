// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Hot-connect groups of the virtual segment: a slave may name a group
 * ("group": "tool"); the segment's "groups" say which start absent
 * ({"tool": {"absent": true}}).  The control commands "plug NAME" and
 * "pull NAME" put all of a group's slaves into the ring or take them out
 * at once, as a tool changer does.  Where the group hangs is the wiring
 * of its first slave ("link": behind a port of an earlier slave).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sim_priv.h"

static bool name_ok(const char *n)
{
	size_t i, len = strlen(n);

	if (!len || len >= sizeof(((struct ecsim_slave *)0)->group))
		return false;
	for (i = 0; i < len; i++)
		if (n[i] <= ' ' || n[i] > '~')
			return false;
	return true;
}

/**
 * ecsim_segment_parse_groups() - each slave's "group" and the "groups"
 * @seg: segment, its slaves created
 * @root: the segment file
 * @err: receives what is wrong
 * @errlen: its size
 *
 * Return: 0, or -EINVAL with @err naming the slave or group.
 */
int ecsim_segment_parse_groups(struct ecsim_segment *seg, const json_t *root,
			       char *err, size_t errlen)
{
	const json_t *slaves = json_object_get(root, "slaves");
	const json_t *groups = json_object_get(root, "groups");
	const json_t *g, *v;
	const char *key;
	unsigned int i, n;

	for (i = 0; i < seg->n_slaves; i++) {
		v = json_object_get(json_array_get(slaves, i), "group");
		if (!v)
			continue;
		if (!json_is_string(v) || !name_ok(json_string_value(v))) {
			snprintf(err, errlen,
				 "slave %u: \"group\" must be a name of 1..%zu printable characters without spaces",
				 i, sizeof(seg->slaves[i].group) - 1);
			return -EINVAL;
		}
		snprintf(seg->slaves[i].group, sizeof(seg->slaves[i].group),
			 "%s", json_string_value(v));
	}
	if (!groups)
		return 0;
	if (!json_is_object(groups)) {
		snprintf(err, errlen,
			 "\"groups\" must be an object: { \"NAME\": { \"absent\": true } }");
		return -EINVAL;
	}
	json_object_foreach((json_t *)groups, key, g) {
		if (!json_is_object(g) || json_object_size(g) >
		    (size_t)!!json_object_get(g, "absent") ||
		    (json_object_get(g, "absent") &&
		     !json_is_boolean(json_object_get(g, "absent")))) {
			snprintf(err, errlen,
				 "\"groups\": \"%s\": only \"absent\": true or false",
				 key);
			return -EINVAL;
		}
		for (i = 0, n = 0; i < seg->n_slaves; i++)
			if (!strcmp(seg->slaves[i].group, key)) {
				n++;
				if (json_is_true(json_object_get(g, "absent")))
					seg->slaves[i].plugged = false;
			}
		if (!n) {
			snprintf(err, errlen,
				 "\"groups\": \"%s\": no slave has \"group\": \"%s\"",
				 key, key);
			return -EINVAL;
		}
	}
	return 0;
}

int ecsim_segment_group_plug(struct ecsim_segment *seg, const char *name,
			     bool plug)
{
	unsigned int i, n = 0, changed = 0, at = ~0u;

	if (!name || !name[0])
		return -ENOENT;
	for (i = 0; i < seg->n_slaves; i++) {
		struct ecsim_slave *s = &seg->slaves[i];

		if (strcmp(s->group, name))
			continue;
		n++;
		if (s->plugged == plug)
			continue;
		if (plug)
			ecsim_slave_reset(s);
		else if (s->pos < at)
			at = s->pos;	/* where the group was in the ring */
		s->plugged = plug;
		changed++;
	}
	if (!n)
		return -ENOENT;
	ecsim_segment_rebuild_ring(seg);
	if (!changed || !seg->ring_closed)
		return 0;
	/*
	 * In a ring the group's cables go with it: pulled out, the ring is
	 * open where it was (in front of the slave that followed it, the
	 * backup port's cable at the end); plugged in there, closed again.
	 * One break is modelled (ring.c): a cut elsewhere moves here.
	 */
	if (!plug)
		return ecsim_segment_break(seg, at);
	for (i = 0; i < seg->n_slaves; i++)
		if (!strcmp(seg->slaves[i].group, name) &&
		    seg->slaves[i].pos < at)
			at = seg->slaves[i].pos;
	if (seg->broken && seg->break_at == at)
		ecsim_segment_heal(seg);
	return 0;
}
