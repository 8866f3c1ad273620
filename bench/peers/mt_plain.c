/* The plain C a competent user writes to brute-force a Knuth-seeded MT19937
 * seed (init_genrand, then the first twist, as SPEC 2 defines the generator)
 * from a few observed values at a word offset 0..MAX_OFFSET. Written from
 * SPEC 2 / 2.1 (sots) and SPEC 11 (OpenRA's MersenneTwister), not from any
 * other program. Built three ways, one per bitexact search:
 *
 *   -DTAP_U32     raw tempered words           recover sots --tap u32
 *   -DTAP_INT     next_int_inclusive(N) values recover sots --tap int:N
 *                 (mask = smallest 2^k - 1 >= N, words above N rejected
 *                 and drawn again: a call spends 1 + rejections words)
 *   -DTAP_OPENRA  Next() = word mod 2147483647 recover openra (tap next)
 *
 * and -DMAX_OFFSET=M (default 0, bitexact's default --max-offset; at most
 * 63 here): every word offset 0..=M is tried, as `--max-offset M` does.
 *
 * What it computes per seed, as a user who knows MT does: not the whole
 * first block. First-block word j (j < 227) is
 *     init[j + 397] ^ mix(top bit of init[j] | low 31 bits of init[j + 1]),
 * so it runs Knuth's initializer only up to word 397 + W - 1, keeping words
 * 0..W, where W = MAX_OFFSET + WINDOW words are needed: WINDOW = 1 for u32
 * and openra (one word per offset for the first value), and for int:N the
 * first value's word plus WINDOW - 1 more in case it is rejected (-DWINDOW,
 * default 8; when all of them are rejected the seed goes to the exact check,
 * so nothing is lost, it only costs a replay). The first value filters; the
 * rare survivors are replayed by an ordinary lazily twisting generator over
 * all the values at every offset. The filter runs LANES (64) seeds side by
 * side, each step an `omp simd` loop over the lanes (see candidates()); the
 * blocks of 4096 seeds are an OpenMP `parallel for`.
 *
 *   mt_plain [int:N] FIRST END V1,V2,...   prints `seed S offset J` for each
 *                                          hit, then on stderr the seeds
 *                                          searched, the seconds and hits.
 * (int:N is given only to the -DTAP_INT build.)
 * Self-check at start: SPEC 2's known answers for seed 5489 (first three
 * words, the 10000th), and the filter's first-block words against the
 * generator for a few seeds. The int:N and Next() mappings have no published
 * vectors: bench/defaults.sh checks them when it runs (values of a planted
 * seed from `bitexact stream`; the peer must find the same seeds and
 * offsets as `bitexact recover` on 2^16 seeds around it). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "timing.h"

#ifndef MAX_OFFSET
#define MAX_OFFSET 0
#endif
#if defined(TAP_INT)
#ifndef WINDOW
#define WINDOW 8
#endif
#else
#undef WINDOW
#define WINDOW 1
#endif
#define W (MAX_OFFSET + WINDOW) /* first-block words the filter computes */
#if W > 227 || MAX_OFFSET > 63
#error "MAX_OFFSET must be at most 63 (a bit per offset), MAX_OFFSET + WINDOW at most 227"
#endif

#define MT_N 624
#define MT_M 397
#define UPPER 0x80000000u
#define LOWER 0x7fffffffu

static inline uint32_t init_step(uint32_t prev, uint32_t i) {
    return 1812433253u * (prev ^ (prev >> 30)) + i;
}
static inline uint32_t mix(uint32_t y) { return (y >> 1) ^ ((0u - (y & 1u)) & 0x9908b0dfu); }
static inline uint32_t temper(uint32_t y) {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* The ordinary generator (SPEC 2): init_genrand then one twist; next word
 * is mt[624 - left]; twists lazily when left == 0. */
typedef struct {
    uint32_t mt[MT_N];
    int left;
} mt_t;

/* In place, in the three ranges where the indices do not wrap (word j
 * reads j + 1 and j + 397 modulo 624; word 623 reads the new word 0). */
static void twist(uint32_t *mt) {
    int j = 0;
    for (; j < MT_N - MT_M; j++) mt[j] = mt[j + MT_M] ^ mix((mt[j] & UPPER) | (mt[j + 1] & LOWER));
    for (; j < MT_N - 1; j++) mt[j] = mt[j + MT_M - MT_N] ^ mix((mt[j] & UPPER) | (mt[j + 1] & LOWER));
    mt[j] = mt[MT_M - 1] ^ mix((mt[j] & UPPER) | (mt[0] & LOWER));
}
static void mt_seed(mt_t *g, uint32_t seed) {
    g->mt[0] = seed;
    for (uint32_t i = 1; i < MT_N; i++) g->mt[i] = init_step(g->mt[i - 1], i);
    twist(g->mt);
    g->left = MT_N;
}
static uint32_t mt_next(mt_t *g) {
    if (g->left == 0) {
        twist(g->mt);
        g->left = MT_N;
    }
    return temper(g->mt[MT_N - g->left--]);
}

static uint32_t N_INT, MASK_INT; /* int:N and its mask */

/* One call of the tap on the generator. */
static uint32_t call(mt_t *g) {
#if defined(TAP_U32)
    return mt_next(g);
#elif defined(TAP_INT)
    for (;;) {
        uint32_t v = mt_next(g) & MASK_INT;
        if (v <= N_INT) return v;
    }
#elif defined(TAP_OPENRA)
    return mt_next(g) % 2147483647u;
#endif
}

/* Whether the stream of a seeded generator, from word offset `offset`,
 * gives the values. */
static int confirm(const mt_t *seeded, int offset, const uint32_t *want, int n) {
    mt_t g = *seeded;
    for (int i = 0; i < offset; i++) mt_next(&g);
    for (int i = 0; i < n; i++)
        if (call(&g) != want[i]) return 0;
    return 1;
}

/* The filter, for LANES seeds base .. base + LANES - 1 side by side: which
 * offsets 0..=MAX_OFFSET could start with value `want` (bit j)? Computes first-block
 * words 0..W-1 only (see the header). The per-seed form (one seed's chain
 * inside the `omp simd` seed loop) is what a user writes first, but gcc 12
 * does not vectorise a seed loop holding a 397-step inner loop ("relevant
 * phi not supported"), so the loops are interchanged: each step of the
 * chain runs over the lanes, a loop gcc does vectorise. */
#ifndef LANES
#define LANES 64
#endif
static inline void candidates(uint32_t base, uint32_t want, uint32_t n_int, uint32_t mask,
                              uint64_t *out) {
    uint32_t low[W + 1][LANES], x[LANES];
    uint64_t hit[LANES];
#pragma omp simd
    for (int l = 0; l < LANES; l++) {
        x[l] = base + (uint32_t)l;
        low[0][l] = x[l];
        hit[l] = 0;
    }
    for (uint32_t i = 1; i <= W; i++) {
#pragma omp simd
        for (int l = 0; l < LANES; l++) {
            x[l] = init_step(x[l], i);
            low[i][l] = x[l];
        }
    }
    for (uint32_t i = W + 1; i < MT_M; i++) {
#pragma omp simd
        for (int l = 0; l < LANES; l++) x[l] = init_step(x[l], i); /* vec: seed loop */
    }
#if defined(TAP_INT)
    /* A call at offset j: the first word at or after j not above N decides;
     * none in the window, and the seed might (the exact check tells). */
    uint32_t val[W][LANES];
    for (uint32_t j = 0; j < W; j++) {
#pragma omp simd
        for (int l = 0; l < LANES; l++) {
            x[l] = init_step(x[l], MT_M + j);
            val[j][l] = temper(x[l] ^ mix((low[j][l] & UPPER) | (low[j + 1][l] & LOWER))) & mask;
        }
    }
    int decided[LANES]; /* what the call at the current offset gives */
#pragma omp simd
    for (int l = 0; l < LANES; l++) decided[l] = 1;
    for (int j = W - 1; j >= 0; j--) {
#pragma omp simd
        for (int l = 0; l < LANES; l++) {
            decided[l] = val[j][l] <= n_int ? val[j][l] == want : decided[l];
            if (j <= MAX_OFFSET) hit[l] |= (uint64_t)decided[l] << j;
        }
    }
#else
    (void)n_int;
    (void)mask;
    for (uint32_t j = 0; j < W; j++) {
#pragma omp simd
        for (int l = 0; l < LANES; l++) {
            x[l] = init_step(x[l], MT_M + j);
            uint32_t y = temper(x[l] ^ mix((low[j][l] & UPPER) | (low[j + 1][l] & LOWER)));
#if defined(TAP_OPENRA)
            y %= 2147483647u;
#endif
            hit[l] |= (uint64_t)(y == want) << j;
        }
    }
#endif
    for (int l = 0; l < LANES; l++) out[l] = hit[l];
}

static int self_check(void) {
    mt_t g;
    mt_seed(&g, 5489);
    uint32_t a = mt_next(&g), b = mt_next(&g), c = mt_next(&g), w = c;
    for (int i = 3; i < 10000; i++) w = mt_next(&g);
    if (a != 3499211612u || b != 581869302u || c != 3890346734u || w != 4123659995u) {
        fprintf(stderr, "MT19937 self-check failed (SPEC 2's seed 5489)\n");
        return 1;
    }
    /* The filter's first-block words are the generator's. */
    uint32_t seeds[4] = {0, 1, 5489, 0xFFFFFFF0u};
    for (int s = 0; s < 4; s++) {
        uint32_t low[228], x = seeds[s];
        low[0] = x;
        mt_seed(&g, seeds[s]);
        for (uint32_t i = 1; i < MT_M + 227; i++) {
            x = init_step(x, i);
            if (i < 228) low[i] = x;
            if (i >= MT_M) {
                uint32_t j = i - MT_M;
                uint32_t y = x ^ mix((low[j] & UPPER) | (low[j + 1] & LOWER));
                if (g.mt[j] != y) {
                    fprintf(stderr, "first-block word %u of seed %u differs\n", j, seeds[s]);
                    return 1;
                }
            }
        }
    }
    return 0;
}

#define BLOCK 4096

int main(int argc, char **argv) {
    int a = 1;
#if defined(TAP_INT)
    if (argc != 5 || strncmp(argv[1], "int:", 4) != 0) {
        fprintf(stderr, "usage: %s int:N FIRST END V1,V2,...\n", argv[0]);
        return 2;
    }
    N_INT = (uint32_t)strtoul(argv[1] + 4, NULL, 0);
    MASK_INT = N_INT == 0 ? 0 : 0xFFFFFFFFu >> __builtin_clz(N_INT);
    a = 2;
#else
    if (argc != 4) {
        fprintf(stderr, "usage: %s FIRST END V1,V2,...\n", argv[0]);
        return 2;
    }
#endif
    if (self_check()) return 1;
    uint64_t first = strtoull(argv[a], NULL, 0), end = strtoull(argv[a + 1], NULL, 0);
    if (end > (1ull << 32)) end = 1ull << 32;
    uint32_t want[64];
    int n = 0;
    for (char *t = strtok(argv[a + 2], ","); t && n < 64; t = strtok(NULL, ","))
        want[n++] = (uint32_t)strtoul(t, NULL, 0);
    if (n == 0 || first >= end) {
        fprintf(stderr, "no values, or an empty range\n");
        return 2;
    }
    const uint32_t want0 = want[0], n_int = N_INT, mask = MASK_INT;
    double t0 = now_s();
    long hits = 0;
    uint64_t blocks = (end - first + BLOCK - 1) / BLOCK;
#pragma omp parallel for reduction(+ : hits) schedule(static)
    for (uint64_t b = 0; b < blocks; b++) {
        uint64_t lo = first + b * BLOCK;
        uint32_t count = (uint32_t)((end - lo) < BLOCK ? end - lo : BLOCK);
        uint32_t base = (uint32_t)lo;
        uint64_t cand[BLOCK];
        for (uint32_t l = 0; l < count; l += LANES) candidates(base + l, want0, n_int, mask, cand + l);
        for (uint32_t l = 0; l < count; l++) {
            if (!cand[l]) continue;
            mt_t g;
            mt_seed(&g, base + l);
            for (int j = 0; j <= MAX_OFFSET; j++) {
                if ((cand[l] >> j & 1) && confirm(&g, j, want, n)) {
                    hits++;
#pragma omp critical
                    printf("seed %u offset %d\n", base + l, j);
                }
            }
        }
    }
    fprintf(stderr, "searched %llu seeds in %.3f s (%ld hits)\n", (unsigned long long)(end - first),
            now_s() - t0, hits);
    return 0;
}
