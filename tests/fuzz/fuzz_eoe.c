// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_eoe.c - libFuzzer harness: the core's EoE reply parser
 * (ec_eoe_rx_message(), master/mailbox/fsm_eoe.c) and its fragmenter.  Input:
 * [mailbox size][frame length lo][hi] then messages [length][bytes]...
 * Every message goes to the parser as a slave's EoE reply; a frame it
 * delivers must be 1..EC_EOE_MAX_FRAME bytes and the counters must
 * agree.  Then a frame of the given length (the input's bytes, repeated)
 * is cut into fragments for the given mailbox, and the fragments, parsed
 * back, must give the same frame.
 */
#include <assert.h>
#include <string.h>

#include "mailbox/fsm_eoe.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

struct fuzz_env {
	const u8 *tx;
	size_t tx_len;
	bool tx_given;
	u8 rx[EC_EOE_MAX_FRAME];
	size_t rx_len;
	unsigned int rx_count;
};

static bool fuzz_tx_pending(struct ec_eoe *eoe)
{
	return !((struct fuzz_env *)eoe->priv)->tx_given;
}

static size_t fuzz_tx_pull(struct ec_eoe *eoe, u8 *buf, size_t max)
{
	struct fuzz_env *e = eoe->priv;

	if (e->tx_given || e->tx_len > max)
		return 0;
	e->tx_given = true;
	memcpy(buf, e->tx, e->tx_len);
	return e->tx_len;
}

static void fuzz_rx_push(struct ec_eoe *eoe, const u8 *frame, size_t size)
{
	struct fuzz_env *e = eoe->priv;

	assert(size >= 1 && size <= EC_EOE_MAX_FRAME);
	memcpy(e->rx, frame, size);
	e->rx_len = size;
	e->rx_count++;
}

static const struct ec_eoe_ops fuzz_ops = {
	.tx_pending = fuzz_tx_pending,
	.tx_pull = fuzz_tx_pull,
	.rx_push = fuzz_rx_push,
};

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static u8 frame[EC_EOE_MAX_FRAME];
	static struct ec_eoe eoe, back;
	u8 msg[EC_EOE_HEADER_SIZE + 2048];
	struct fuzz_env env, env2;
	size_t mbox, len, i, n;
	unsigned int guard = 0;

	if (size < 3)
		return 0;
	memset(&env, 0, sizeof(env));
	ec_eoe_init(&eoe, &fuzz_ops, &env);
	mbox = EC_EOE_HEADER_SIZE + 32 + data[0] * 8;	/* 36..2076 */
	len = 1 + (((size_t)data[1] | (size_t)data[2] << 8) % EC_EOE_MAX_FRAME);
	for (i = 3; i < size; i += 1 + n) {
		n = data[i];
		if (n > size - i - 1)
			n = size - i - 1;
		ec_eoe_rx_message(&eoe, data + i + 1, n);
	}
	assert(eoe.stats.rx_frames == env.rx_count);
	assert(eoe.stats.rx_frames <= eoe.stats.rx_fragments);
	assert(eoe.stats.rx_dropped <= eoe.stats.rx_fragments);

	/* Fragment a frame and parse the fragments back. */
	for (i = 0; i < len; i++)
		frame[i] = data[i % size];
	env.tx = frame;
	env.tx_len = len;
	memset(&env2, 0, sizeof(env2));
	env2.tx_given = true;
	ec_eoe_init(&back, &fuzz_ops, &env2);
	while ((n = ec_eoe_tx_fragment(&eoe, msg, mbox)) > 0) {
		assert(n <= mbox);
		assert(ec_eoe_rx_message(&back, msg, n) == 0);
		ec_eoe_tx_done(&eoe, true);
		assert(++guard <= EC_EOE_MAX_FRAME);
	}
	assert(eoe.stats.tx_frames == 1);
	assert(env2.rx_count == 1 && env2.rx_len == len);
	assert(!memcmp(env2.rx, frame, len));
	return 0;
}
