/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * EtherCAT Slave Information (ESI, ETG.2000) files and the virtual segment:
 * a device of an ESI file becomes a model in the catalogue's JSON format
 * (esi.c, esi_dict.c), and a catalogue model can be written as an ESI file
 * (esi_export.c), so that importer and catalogue check each other.
 */
#ifndef ECSIM_ESI_H
#define ECSIM_ESI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>
#include <libxml/tree.h>

/* Which device of a file: its <Type> text and, optionally, RevisionNo. */
struct ecsim_esi_select {
	const char *type;	/* NULL: the only device of the file */
	bool have_revision;
	uint32_t revision;
};

/**
 * ecsim_esi_model() - read one device of an ESI file
 * @path: the file
 * @sel: which device
 * @model: receives the model (catalogue JSON format, sim/README.md) with
 *         "unmodelled": an array of what the file describes that the
 *         simulator does not model (each item once)
 * @err: receives a message naming the file and the element on failure
 * @errlen: size of @err
 *
 * Return: 0, -ENOENT (no such device or file), -EINVAL (not XML, not ESI,
 * a mandatory element missing or wrong), -ENOMEM.
 */
int ecsim_esi_model(const char *path, const struct ecsim_esi_select *sel,
		    json_t **model, char *err, size_t errlen);

/**
 * ecsim_esi_find() - search a folder's *.xml files for a device
 * @dir: the folder
 * @sel: the device (type required)
 * @path: receives the file that has it
 * @cap: size of @path
 * @err: message when none has it
 * @errlen: size of @err
 *
 * Return: 0, -ENOENT.
 */
int ecsim_esi_find(const char *dir, const struct ecsim_esi_select *sel,
		   char *path, size_t cap, char *err, size_t errlen);

/* One device of a folder's ESI files (ecsim_esi_list()). */
struct ecsim_esi_device {
	char *type;		/* <Type> text */
	uint32_t revision;	/* RevisionNo (0 when absent) */
	char *path;		/* the file: DIR/NAME */
};

/**
 * ecsim_esi_list() - every device of a folder's *.xml ESI files
 * @dir: the folder
 * @devs: receives the devices, by file name then order in the file
 *        (free with ecsim_esi_list_free())
 * @n: receives their number
 * @err: message when the folder cannot be read
 * @errlen: size of @err
 *
 * Files that are not XML or not ESI are passed over.
 *
 * Return: 0, -ENOENT (no such folder), -ENOMEM.
 */
int ecsim_esi_list(const char *dir, struct ecsim_esi_device **devs,
		   size_t *n, char *err, size_t errlen);
void ecsim_esi_list_free(struct ecsim_esi_device *devs, size_t n);

/**
 * ecsim_esi_segment() - a segment file built from a folder of ESI files
 * @dir: the folder
 * @types: the slaves in ring order, comma separated: TYPE[@REVISION][*COUNT]
 *         ("EK1100,EL1008*2,EL3102@0x00140000")
 * @notes: where "not modelled" notes go (NULL: nowhere)
 * @segment: receives the segment (sim/README.md format) whose "models" hold
 *           the devices, so the file stands alone
 * @err: message naming what was wrong (an unknown type with close matches,
 *       a type with several revisions and none given, a missing folder)
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL (bad @types), -ENOENT, -ENOMEM.
 */
int ecsim_esi_segment(const char *dir, const char *types, FILE *notes,
		      json_t **segment, char *err, size_t errlen);

/**
 * ecsim_from_bus() - the segment file of a running segment (from_bus.c)
 * @tool: the master's command line tool ("ethercat")
 * @master: master index
 * @values: upload every readable entry for its value (else no values)
 * @segment: receives the segment: one model per slave with its SII image,
 *           ESC, sync managers, PDOs and CoE dictionary (with values)
 * @err: message on failure
 * @errlen: size of @err
 *
 * Return: 0, -EIO (the tool failed), -ENOENT (no slaves), -ENOMEM.
 */
int ecsim_from_bus(const char *tool, unsigned int master, bool values,
		   json_t **segment, char *err, size_t errlen);

/* ---- shared by esi.c, esi_dict.c, esi_export.c, esi_folder.c ---- */

struct esi_ctx {
	const char *path;
	char *err;
	size_t errlen;
	char where[96];		/* element being read, for messages */
	json_t *unmodelled;	/* array of strings, no duplicates */
};

int esi_fail(struct esi_ctx *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Read @x->path; NULL with the message in @x. */
xmlDoc *esi_read(struct esi_ctx *x);
int esi_scan(struct esi_ctx *x, xmlDoc *doc,
	     const struct ecsim_esi_select *sel, xmlNode **match,
	     int64_t *vendor, unsigned int *n,
	     int (*each)(void *arg, const xmlNode *dev, int64_t vendor),
	     void *arg);
void esi_unmodelled(struct esi_ctx *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* First element child called @name, or NULL; the next one after @n. */
xmlNode *esi_child(const xmlNode *n, const char *name);
xmlNode *esi_next(const xmlNode *n, const char *name);
bool esi_is(const xmlNode *n, const char *name);
/* Trimmed text of @n (malloc'ed; "" when empty), NULL on no memory. */
char *esi_text(const xmlNode *n);
/* ESI numbers: "#x1A00" hex, "123" or "-5" decimal, "0x1A00". */
int esi_parse_num(const char *s, int64_t *out);
/* Number in the text of child @name of @n; @def when absent (have_def). */
int esi_num(struct esi_ctx *x, const xmlNode *n, const char *name,
	    int64_t min, int64_t max, bool have_def, int64_t def,
	    int64_t *out);
int esi_attr_num(struct esi_ctx *x, const xmlNode *n, const char *name,
		 int64_t min, int64_t max, bool have_def, int64_t def,
		 int64_t *out);
bool esi_attr_bool(const xmlNode *n, const char *name);

/* A number of an element copied into a model's JSON object. */
struct esi_field {
	const char *xml;	/* child element, or attribute with @attr */
	const char *key;	/* JSON key */
	bool attr;
	bool optional;		/* absent: @def */
	int64_t min, max, def;
};

int esi_fields(struct esi_ctx *x, const xmlNode *n,
	       const struct esi_field *f, size_t count, json_t *o);
/* The hexBinary text of element @n as bytes (malloc'ed). */
int esi_hex_element(struct esi_ctx *x, const xmlNode *n, uint8_t **out,
		    size_t *len);
/* The child @elem of @parent whose <Name> is @name, or NULL. */
xmlNode *esi_named(const xmlNode *parent, const char *elem,
		   const char *name);
/* The <Name> child in English (LcId 1033) when there are several. */
char *esi_name(const xmlNode *n);
/* hexBinary text into bytes; -EINVAL on odd length or a bad digit. */
int esi_hex(const char *s, uint8_t **out, size_t *len);

/* <Profile><Dictionary> into an "objects" array (od.h format). */
int esi_dictionary(struct esi_ctx *x, const xmlNode *dict, json_t *objects,
		   uint32_t *device_type, bool *have_device_type);

/**
 * ecsim_esi_write() - write an ESI document for one model
 * @model_key: catalogue model (or a model of @segment_json)
 * @segment_json: NULL, or a segment description whose "models" are added
 * @out: where to write the XML
 * @err: message on failure
 * @errlen: size of @err
 *
 * Return: 0, -ENOENT (no such model), -ENOMEM, -EIO.
 */
int ecsim_esi_write(const char *model_key, const char *segment_json,
		    FILE *out, char *err, size_t errlen);

#endif /* ECSIM_ESI_H */
