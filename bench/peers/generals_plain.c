/* The plain C a competent user writes to brute-force a C&C Generals / Zero
 * Hour GameLogicRandom seed from raw draws: for every seed of a range,
 * init(S) (six words S + C[i]) and draws 0..MAX_OFFSET (each five
 * add-with-carry steps, then the 192-bit increment; the draw is s0), the
 * first value compared at each offset, the rare survivors replayed over all
 * the values. Written from SPEC 11, not from any other program. What
 * `bitexact recover generals --tap raw` searches (default --max-offset 0;
 * -DMAX_OFFSET=M, at most 63 here, for more).
 *
 * The seed loop is `parallel for` over blocks of seeds and `omp simd` over
 * the seeds of a block: the draw is straight-line code on six scalars with
 * 32-bit carries computed by comparison, which gcc vectorises.
 *
 *   generals_plain FIRST END V1,V2,...   prints `seed S offset J` for each
 *                                        hit, then on stderr the seeds
 *                                        searched, the seconds and hits.
 * Self-check at start: the SPEC publishes no Generals vectors, so here the
 * vectorised draw is checked against a scalar one written with 64-bit sums
 * for the carries (two forms of the SPEC's definition, edge states too), and
 * bench/defaults.sh checks the generator when it runs (a planted seed's
 * draws from `bitexact stream generals`; the peer must find the same seeds
 * and offsets as `bitexact recover` on 2^16 seeds around it). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "timing.h"

#ifndef MAX_OFFSET
#define MAX_OFFSET 0
#endif
#if MAX_OFFSET > 63
#error "MAX_OFFSET must be at most 63 (a bit per offset)"
#endif

static const uint32_t C[6] = {0xf22d0e56u, 0x883126e9u, 0xc624dd2fu,
                              0x0702c49cu, 0x9e353f7du, 0x6fdf3b64u};

/* One draw: s4 = s5 + s4 + c; s3 = s4 + s3 + c; ... s0 = s1 + s0 + c, each
 * carry out feeding the next step; then s0..s5 (s5 low) += 1. Written on
 * six scalars (a macro) rather than an array: gcc 12 keeps a per-seed array
 * in memory and then does not vectorise the seed loop. */
#define ADC(dst, src)                          \
    do {                                       \
        uint32_t a_ = (src), s_ = a_ + (dst) + c; \
        c = c ? s_ <= a_ : s_ < a_;            \
        (dst) = s_;                            \
    } while (0)
#define DRAW(s0, s1, s2, s3, s4, s5)                                \
    do {                                                            \
        uint32_t c = 0, inc;                                        \
        ADC(s4, s5);                                                \
        ADC(s3, s4);                                                \
        ADC(s2, s3);                                                \
        ADC(s1, s2);                                                \
        ADC(s0, s1);                                                \
        s5 += 1;                                                    \
        inc = s5 == 0;                                              \
        s4 += inc;                                                  \
        inc &= s4 == 0;                                             \
        s3 += inc;                                                  \
        inc &= s3 == 0;                                             \
        s2 += inc;                                                  \
        inc &= s2 == 0;                                             \
        s1 += inc;                                                  \
        inc &= s1 == 0;                                             \
        s0 += inc;                                                  \
    } while (0)

static uint32_t draw(uint32_t s[6]) {
    DRAW(s[0], s[1], s[2], s[3], s[4], s[5]);
    return s[0];
}

/* The same with 64-bit sums and a loop that stops at the first nonzero
 * word: the self-check's second form. */
static uint32_t draw64(uint32_t s[6]) {
    uint64_t c = 0;
    for (int i = 4; i >= 0; i--) {
        uint64_t sum = (uint64_t)s[i + 1] + s[i] + c;
        s[i] = (uint32_t)sum;
        c = sum >> 32;
    }
    for (int i = 5; i >= 0; i--)
        if (++s[i] != 0) break;
    return s[0];
}

static void init(uint32_t s[6], uint32_t seed) {
    for (int i = 0; i < 6; i++) s[i] = seed + C[i];
}

static int confirm(uint32_t seed, int offset, const uint32_t *want, int n) {
    uint32_t s[6];
    init(s, seed);
    for (int i = 0; i < offset; i++) draw64(s);
    for (int i = 0; i < n; i++)
        if (draw64(s) != want[i]) return 0;
    return 1;
}

static int self_check(void) {
    /* Edge states too: words of all ones make every carry and the
     * increment's bubbling run. */
    for (uint32_t seed = 0; seed < 64; seed++) {
        uint32_t a[6], b[6];
        init(a, seed * 0x9e3779b9u);
        if (seed == 1)
            for (int i = 0; i < 6; i++) a[i] = 0xffffffffu;
        if (seed == 2)
            for (int i = 1; i < 6; i++) a[i] = 0xffffffffu;
        memcpy(b, a, sizeof a);
        for (int k = 0; k < 100; k++)
            if (draw(a) != draw64(b) || memcmp(a, b, sizeof a) != 0) {
                fprintf(stderr, "generals self-check failed (seed %u, draw %d)\n", seed, k);
                return 1;
            }
    }
    return 0;
}

#define BLOCK 4096

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s FIRST END V1,V2,...\n", argv[0]);
        return 2;
    }
    if (self_check()) return 1;
    uint64_t first = strtoull(argv[1], NULL, 0), end = strtoull(argv[2], NULL, 0);
    if (end > (1ull << 32)) end = 1ull << 32;
    uint32_t want[64];
    int n = 0;
    for (char *t = strtok(argv[3], ","); t && n < 64; t = strtok(NULL, ","))
        want[n++] = (uint32_t)strtoul(t, NULL, 0);
    if (n == 0 || first >= end) {
        fprintf(stderr, "no values, or an empty range\n");
        return 2;
    }
    const uint32_t want0 = want[0];
    double t0 = now_s();
    long hits = 0;
    uint64_t blocks = (end - first + BLOCK - 1) / BLOCK;
#pragma omp parallel for reduction(+ : hits) schedule(static)
    for (uint64_t b = 0; b < blocks; b++) {
        uint64_t lo = first + b * BLOCK;
        uint32_t count = (uint32_t)((end - lo) < BLOCK ? end - lo : BLOCK);
        uint32_t base = (uint32_t)lo;
        uint64_t cand[BLOCK]; /* bit j: draw j is the first value */
#pragma omp simd
        for (uint32_t l = 0; l < count; l++) { /* vec: seed loop */
            uint32_t seed = base + l;
            uint32_t s0 = seed + C[0], s1 = seed + C[1], s2 = seed + C[2];
            uint32_t s3 = seed + C[3], s4 = seed + C[4], s5 = seed + C[5];
            uint64_t hit = 0;
            for (int j = 0; j <= MAX_OFFSET; j++) {
                DRAW(s0, s1, s2, s3, s4, s5);
                hit |= (uint64_t)(s0 == want0) << j;
            }
            cand[l] = hit;
        }
        for (uint32_t l = 0; l < count; l++) {
            if (!cand[l]) continue;
            for (int j = 0; j <= MAX_OFFSET; j++) {
                if ((cand[l] >> j & 1) && confirm(base + l, j, want, n)) {
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
