/* The plain C a competent user writes to identify a saved MT19937 state
 * (sots' 2500-byte RNG item: 624 little-endian words, then `left`): which
 * init_genrand seed, and how many words drawn since. Written from SPEC 2
 * and 2.4, not from any other program. What `bitexact state identify sots`
 * does at its default --max-twists (100 000).
 *
 * There is no search over seeds here (SPEC 2.4): the seed follows from the
 * state. The loop walks back one twist at a time:
 *   untwist B -> A: y_k = unmix(B[k] ^ far) with far = B[k - 227] for
 *     k >= 227, else A[k + 397] (recovered from y_(k+397), y_(k+396), both
 *     of the first kind); y_k = top(A[k]) | low(A[k + 1]) (A[624] meaning
 *     B[0]), so A[1..623] and the top bit of A[0] come out, A[0]'s low 31
 *     bits do not;
 *   test A for Knuth's initializer: A[i] == 1812433253 * (A[i-1] ^
 *     A[i-1] >> 30) + i for i = 2..623 (A[2] first: almost every block
 *     fails there), then seed = the step from word 0 to word 1 inverted
 *     (1812433253 is odd; x ^ x >> 30 undoes itself), its top bit equal to
 *     A[0]'s, and the seed replayed forward to the saved 624 words;
 *   else restore A[0]'s low bits from A[623] ^ A[396] (the step that made
 *     word 623 mixed them in) and walk on, at most MAX_TWISTS + 1 untwists.
 * Words drawn = twists * 624 + (624 - left).
 *
 *   mt_identify FILE [MAX_TWISTS]   prints `seed S words_drawn W twists T`,
 *                                   or `not reachable`; then on stderr the
 *                                   untwists walked and the seconds.
 * Self-check at start: SPEC 2's known answers for seed 5489, and a block
 * seeded and twisted 3 times walked back to its seed. The walk is serial
 * (each untwist needs the one before: one core); the untwist's passes are
 * vectorised by gcc. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "timing.h"

#define MT_N 624
#define MT_M 397
#define UPPER 0x80000000u
#define LOWER 0x7fffffffu
#define MULT 1812433253u

static inline uint32_t init_step(uint32_t prev, uint32_t i) { return MULT * (prev ^ (prev >> 30)) + i; }
static inline uint32_t mix(uint32_t y) { return (y >> 1) ^ ((0u - (y & 1u)) & 0x9908b0dfu); }
/* mix's bit 31 is y's bit 0 (y >> 1 has bit 31 clear, the matrix has it
 * set), so mix can be undone. */
static inline uint32_t unmix(uint32_t t) {
    uint32_t odd = t >> 31;
    return ((t ^ ((0u - odd) & 0x9908b0dfu)) << 1) | odd;
}
static uint32_t mult_inverse(void) { /* Newton: x = x (2 - a x), 5 rounds for 32 bits */
    uint32_t x = MULT;
    for (int i = 0; i < 5; i++) x *= 2u - MULT * x;
    return x;
}

/* In place, in the three ranges where the indices do not wrap (word j
 * reads j + 1 and j + 397 modulo 624; word 623 reads the new word 0). */
static void twist(uint32_t *mt) {
    int j = 0;
    for (; j < MT_N - MT_M; j++) mt[j] = mt[j + MT_M] ^ mix((mt[j] & UPPER) | (mt[j + 1] & LOWER));
    for (; j < MT_N - 1; j++) mt[j] = mt[j + MT_M - MT_N] ^ mix((mt[j] & UPPER) | (mt[j + 1] & LOWER));
    mt[j] = mt[MT_M - 1] ^ mix((mt[j] & UPPER) | (mt[0] & LOWER));
}
static void seed_block(uint32_t *mt, uint32_t seed) { /* init_genrand and the first twist */
    mt[0] = seed;
    for (uint32_t i = 1; i < MT_N; i++) mt[i] = init_step(mt[i - 1], i);
    twist(mt);
}

/* The block before B (A[0]'s low bits left 0), in two passes that gcc
 * vectorises: y_k for k >= 227 needs only B; A[397..623] follow from those
 * y (A[i] = top(y_i) | low(y_(i-1)), i - 1 >= 396); then y_k for k < 227
 * needs B and A[k + 397], and gives A[1..396] and A[0]'s top bit. (The
 * single pass from k = 623 down, one branch on k, ran 2x slower.) */
static void untwist(const uint32_t *b, uint32_t *a) {
    uint32_t y[MT_N];
    for (int k = MT_N - MT_M; k < MT_N; k++) y[k] = unmix(b[k] ^ b[k - (MT_N - MT_M)]);
    for (int i = MT_M; i < MT_N; i++) a[i] = (y[i] & UPPER) | (y[i - 1] & LOWER);
    for (int k = 0; k < MT_N - MT_M; k++) y[k] = unmix(b[k] ^ a[k + MT_M]);
    for (int i = 1; i < MT_M; i++) a[i] = (y[i] & UPPER) | (y[i - 1] & LOWER);
    a[0] = y[0] & UPPER;
}

/* The seed whose initializer block is A (words 1..623; word 0's top bit),
 * or -1. */
static int64_t init_seed(const uint32_t *a, uint32_t inv) {
    for (uint32_t i = 2; i < MT_N; i++)
        if (a[i] != init_step(a[i - 1], i)) return -1;
    uint32_t v = (a[1] - 1u) * inv;
    uint32_t seed = v ^ (v >> 30);
    if ((seed ^ a[0]) & UPPER) return -1;
    return seed;
}

static int replays_to(uint32_t seed, uint64_t twists, const uint32_t *want) {
    uint32_t b[MT_N];
    seed_block(b, seed);
    for (uint64_t t = 0; t < twists; t++) twist(b);
    return memcmp(b, want, sizeof b) == 0;
}

/* Walks back; returns the twists after seeding, or -1. */
static int64_t identify(const uint32_t *state, uint64_t max_twists, uint32_t *seed_out, uint64_t *walked) {
    uint32_t inv = mult_inverse(), b[MT_N], a[MT_N];
    memcpy(b, state, sizeof b);
    for (uint64_t twists = 0;; twists++) {
        untwist(b, a);
        ++*walked;
        int64_t s = init_seed(a, inv);
        if (s >= 0 && replays_to((uint32_t)s, twists, state)) {
            *seed_out = (uint32_t)s;
            return (int64_t)twists;
        }
        if (twists == max_twists) return -1;
        a[0] |= unmix(a[MT_N - 1] ^ a[MT_M - 1]) & LOWER;
        memcpy(b, a, sizeof b);
    }
}

static int self_check(void) {
    uint32_t b[MT_N];
    seed_block(b, 5489);
    /* The first three outputs (tempered b[0..2]) are SPEC 2's. */
    uint32_t want[3] = {3499211612u, 581869302u, 3890346734u};
    for (int i = 0; i < 3; i++) {
        uint32_t y = b[i];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        if (y != want[i]) {
            fprintf(stderr, "MT19937 self-check failed (SPEC 2's seed 5489)\n");
            return 1;
        }
    }
    seed_block(b, 0xDEADBEEFu);
    for (int t = 0; t < 3; t++) twist(b);
    uint32_t seed = 0;
    uint64_t walked = 0;
    if (identify(b, 10, &seed, &walked) != 3 || seed != 0xDEADBEEFu) {
        fprintf(stderr, "untwist self-check failed\n");
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s STATE_FILE [MAX_TWISTS]\n", argv[0]);
        return 2;
    }
    if (self_check()) return 1;
    uint64_t max_twists = argc > 2 ? strtoull(argv[2], NULL, 0) : 100000;
    FILE *f = fopen(argv[1], "rb");
    unsigned char bytes[2504];
    size_t len = f ? fread(bytes, 1, sizeof bytes, f) : 0;
    if (f) fclose(f);
    if (len != 2500 && len != 2503) {
        fprintf(stderr, "%s: expected 2500 or 2503 bytes\n", argv[1]);
        return 2;
    }
    uint32_t state[MT_N];
    for (int i = 0; i < MT_N; i++)
        state[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
                   (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
    int32_t left = (int32_t)((uint32_t)bytes[2496] | (uint32_t)bytes[2497] << 8 |
                             (uint32_t)bytes[2498] << 16 | (uint32_t)bytes[2499] << 24);
    if (left < 0 || left > MT_N) {
        fprintf(stderr, "left %d outside 0..624\n", left);
        return 2;
    }
    double t0 = now_s();
    uint32_t seed = 0;
    uint64_t walked = 0;
    int64_t twists = identify(state, max_twists, &seed, &walked);
    double secs = now_s() - t0;
    if (twists < 0)
        printf("not reachable within %llu twists\n", (unsigned long long)max_twists);
    else if (left == MT_N && twists > 0) /* SPEC 2.4: a lazy generator leaves left 0 */
        printf("seed %u: not a lazily twisting state (left 624 after %lld twists)\n", seed,
               (long long)twists);
    else
        printf("seed %u words_drawn %llu twists %lld\n", seed,
               (unsigned long long)twists * MT_N + (uint64_t)(MT_N - left), (long long)twists);
    fprintf(stderr, "walked back %llu twists in %.3f s\n", (unsigned long long)walked, secs);
    return twists < 0 || (left == MT_N && twists > 0);
}
