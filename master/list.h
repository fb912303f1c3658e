/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * list.h - a minimal intrusive doubly linked list for the core, so that it
 * needs no kernel header.  Same shape as the kernel's list_head.
 */
#ifndef EC_LIST_H
#define EC_LIST_H

#include "port.h"

struct ec_list {
	struct ec_list *next, *prev;
};

#define EC_LIST_INIT(name) { &(name), &(name) }

static inline void ec_list_init(struct ec_list *l)
{
	l->next = l;
	l->prev = l;
}

static inline bool ec_list_empty(const struct ec_list *l)
{
	return l->next == l;
}

static inline void ec_list_add_tail(struct ec_list *n, struct ec_list *head)
{
	n->prev = head->prev;
	n->next = head;
	head->prev->next = n;
	head->prev = n;
}

static inline void ec_list_del_init(struct ec_list *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	ec_list_init(n);
}

static inline bool ec_list_linked(const struct ec_list *n)
{
	return n->next != n;
}

/* The @index-th node of @head (from 0), or NULL. */
static inline struct ec_list *ec_list_nth(const struct ec_list *head,
					  unsigned int index)
{
	struct ec_list *n;

	for (n = head->next; n != head; n = n->next)
		if (!index--)
			return n;
	return NULL;
}

/* The position of @node in @head (from 0). */
static inline unsigned int ec_list_index(const struct ec_list *head,
					 const struct ec_list *node)
{
	const struct ec_list *n;
	unsigned int i = 0;

	for (n = head->next; n != head && n != node; n = n->next)
		i++;
	return i;
}

#define ec_container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define ec_list_entry(ptr, type, member) ec_container_of(ptr, type, member)

#define ec_list_for_each_safe(pos, tmp, head) \
	for (pos = (head)->next, tmp = pos->next; pos != (head); \
	     pos = tmp, tmp = pos->next)

#endif /* EC_LIST_H */
