// SPDX-License-Identifier: GPL-2.0-only
/*
 * emergency.c - the per-slave ring of CoE emergency messages.
 */
#include "mailbox/emergency.h"

static unsigned int ec_emerg_ring_capacity(const struct ec_emerg_ring *ring)
{
	return ring->size ? ring->size : EC_EMERG_RING_MAX;
}

/**
 * ec_emerg_ring_set_size() - set how many messages the ring keeps
 * @ring: ring
 * @size: 1..EC_EMERG_RING_MAX, or 0 for the maximum
 *
 * Clears the ring and its overrun counter.
 *
 * Return: 0 or -EINVAL.
 */
int ec_emerg_ring_set_size(struct ec_emerg_ring *ring, unsigned int size)
{
	if (size > EC_EMERG_RING_MAX)
		return -EINVAL;
	ring->size = size;
	ec_emerg_ring_clear(ring);
	return 0;
}

/**
 * ec_emerg_ring_push() - store one emergency message
 * @ring: ring
 * @msg: EC_EMERG_SIZE bytes as received
 */
void ec_emerg_ring_push(struct ec_emerg_ring *ring, const u8 *msg)
{
	unsigned int cap = ec_emerg_ring_capacity(ring);

	if (ring->count >= cap) {
		ring->overruns++;
		return;
	}
	memcpy(ring->msgs[(ring->head + ring->count) % cap], msg,
	       EC_EMERG_SIZE);
	ring->count++;
}

/**
 * ec_emerg_ring_pop() - take the oldest message
 * @ring: ring
 * @msg: receives EC_EMERG_SIZE bytes
 *
 * Return: 0, or -ENOENT when the ring is empty.
 */
int ec_emerg_ring_pop(struct ec_emerg_ring *ring, u8 *msg)
{
	unsigned int cap = ec_emerg_ring_capacity(ring);

	if (!ring->count)
		return -ENOENT;
	memcpy(msg, ring->msgs[ring->head], EC_EMERG_SIZE);
	ring->head = (ring->head + 1) % cap;
	ring->count--;
	return 0;
}

/* Forget all messages and the overrun count. */
void ec_emerg_ring_clear(struct ec_emerg_ring *ring)
{
	ring->head = 0;
	ring->count = 0;
	ring->overruns = 0;
}

/**
 * ec_emerg_ring_overruns() - messages dropped because the ring was full
 * @ring: ring
 *
 * Return: the count since the last clear.
 */
unsigned int ec_emerg_ring_overruns(const struct ec_emerg_ring *ring)
{
	return ring->overruns;
}

/**
 * ec_emerg_ring_count() - messages waiting in the ring
 * @ring: ring
 *
 * Return: how many ec_emerg_ring_pop() will return.
 */
unsigned int ec_emerg_ring_count(const struct ec_emerg_ring *ring)
{
	return ring->count;
}
