/* Plain C xorshift128+ (Vigna's reference form), seeded with splitmix64 the
 * way laige seeds it, filling a 32768-word buffer one call at a time: the
 * same loop as the Rust laige.next_u64 row. Prints `NAME<TAB>NS_PER_WORD`.
 * Build: gcc -O2 (or -O3 -march=native) -DLABEL='"..."' xorshift128p.c */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "timing.h"

#ifndef LABEL
#define LABEL "c.xorshift128p"
#endif

#define WORDS 32768

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

struct ctx {
    uint64_t s[2];
    uint64_t buf[WORDS];
};

static inline uint64_t next(uint64_t s[2]) {
    uint64_t s1 = s[0];
    const uint64_t s0 = s[1];
    s[0] = s0;
    s1 ^= s1 << 23;
    s[1] = s1 ^ s0 ^ (s1 >> 18) ^ (s0 >> 5);
    return s[1] + s0;
}

static void run(void *p) {
    struct ctx *c = p;
    for (int i = 0; i < WORDS; i++) c->buf[i] = next(c->s);
    __asm__ volatile("" : : "r"(c->buf) : "memory");
}

static void seed(uint64_t s[2], uint64_t seed) {
    const uint64_t k = 0x9e3779b97f4a7c15ULL;
    s[0] = mix(seed + k);
    s[1] = mix(seed + 2 * k);
}

int main(int argc, char **argv) {
    double secs = argc > 1 ? atof(argv[1]) : 0.5;
    /* Self-check against SPEC 3's golden seed (README: first draw). */
    uint64_t chk[2];
    seed(chk, 0x1234567890ABCDEFULL);
    if (next(chk) != 0x6c6322b836e9ca2aULL) {
        fprintf(stderr, "xorshift128+ self-check failed\n");
        return 1;
    }
    static struct ctx c;
    seed(c.s, 5489);
    double ns = best_ns_per_word(run, &c, WORDS, secs / 10, 10);
    printf("%s\t%.4f\n", LABEL, ns);
    return 0;
}
