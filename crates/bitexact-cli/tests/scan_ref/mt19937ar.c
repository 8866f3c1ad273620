/* A transcription of the reference MT19937 (mt19937ar.c: init_genrand,
 * init_by_array, genrand_int32 with its mag01 table), written for the scan
 * tests from the algorithm's description. init_by_array and genrand_int32
 * are kept out of line so that each is a function `nm` names; gcc is free
 * to inline init_genrand into both (and to clone it with its constant
 * start folded in).
 *
 * Forged variants, for sites that must never be complete:
 *   -DFORGE_MUL    init_by_array's second multiplier changed by one
 *   -DFORGE_BOUND  init_genrand's loop stops at 600 words, not 624 (kept
 *                  out of line; with -DINLINE_SEED too, gcc inlines it
 *                  beside init_by_array's own 624-word loops)
 *   -DFORGE_MAG01  mag01's matrix word changed by one
 *   -DFORGE_SHIFT  the twist shifts y by 2, not 1
 *
 * And -DSTATIC_SEED: init_genrand static, kept out of line and called
 * only with init_by_array's constant (genrand_int32 has no lazy seeding),
 * the shape of CPython's _random: gcc -O2 clones it as
 * init_genrand.constprop.0 with the start folded in.
 */
#include <stdint.h>
#include <stdio.h>

#define N 624
#define M 397
#ifdef FORGE_MUL
#define MUL2 1566083942u
#else
#define MUL2 1566083941u
#endif
#ifdef FORGE_MAG01
#define MATRIX 0x9908b0deu
#else
#define MATRIX 0x9908b0dfu
#endif
#ifdef FORGE_SHIFT
#define YSHIFT 2
#else
#define YSHIFT 1
#endif
#ifdef FORGE_BOUND
#define SEED_WORDS 600
#else
#define SEED_WORDS N
#endif
#if defined(STATIC_SEED)
#define SEED_FN static __attribute__((noinline)) void
#elif defined(FORGE_BOUND) && !defined(INLINE_SEED)
#define SEED_FN __attribute__((noinline)) void
#else
#define SEED_FN void
#endif
SEED_FN init_genrand(uint32_t s);

static uint32_t mt[N];
static int mti = N + 1;

SEED_FN init_genrand(uint32_t s) {
    mt[0] = s;
    for (mti = 1; mti < SEED_WORDS; mti++)
        mt[mti] = 1812433253u * (mt[mti - 1] ^ (mt[mti - 1] >> 30)) + (uint32_t)mti;
}

__attribute__((noinline)) void init_by_array(const uint32_t *key, int len) {
    int i = 1, j = 0, k;
    init_genrand(19650218u);
    for (k = N > len ? N : len; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= N) {
            mt[0] = mt[N - 1];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (k = N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * MUL2)) - (uint32_t)i;
        i++;
        if (i >= N) {
            mt[0] = mt[N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
}

__attribute__((noinline)) uint32_t genrand_int32(void) {
    static const uint32_t mag01[2] = {0x0u, MATRIX};
    uint32_t y;
    if (mti >= N) {
        int kk;
#ifndef STATIC_SEED
        if (mti == N + 1)
            init_genrand(5489u);
#endif
        for (kk = 0; kk < N - M; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + M] ^ (y >> YSHIFT) ^ mag01[y & 1];
        }
        for (; kk < N - 1; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + (M - N)] ^ (y >> YSHIFT) ^ mag01[y & 1];
        }
        y = (mt[N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[N - 1] = mt[M - 1] ^ (y >> YSHIFT) ^ mag01[y & 1];
        mti = 0;
    }
    y = mt[mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

int main(void) {
    uint32_t key[4] = {0x123, 0x234, 0x345, 0x456};
    init_by_array(key, 4);
    /* mt19937ar.out's first word for this key: 1067595299. */
    printf("%u\n", genrand_int32());
    return 0;
}
