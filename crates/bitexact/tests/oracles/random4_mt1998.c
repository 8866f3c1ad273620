/*
 * random4_mt1998.c -- oracle for tests/cc_family_oracle.rs (Random4Class).
 *
 * What it is: an independent, plain C transcription (written for this test, from
 * the description of Matsumoto & Nishimura's 1998 mt19937int.c and SPEC 11) of
 *   sgenrand(seed):  mt[0] = seed; mt[i] = 69069 * mt[i-1]  (mod 2^32); mti = 624
 *   genrand():       if mti >= 624, regenerate all 624 words (the standard
 *                    MT19937 twist, matrix 0x9908b0df); then temper mt[mti++]
 *                    with (11; 7 & 0x9d2c5680; 15 & 0xefc60000; 18).
 * plus WWLib's Random4Class wrapper (a seed of 0 becomes 4375, the original's
 * typo), its Get_Float (float(u32 word) * 2.3283064365387e-10f) and WWLib's
 * ranged pick with 32 significant bits (spans below 2^31 only: the 2^31+ case
 * needs x86 shift masking, which is undefined behaviour in C).
 *
 * How to run:
 *   gcc -O2 -std=c99 -Wall -o /tmp/r4 random4_mt1998.c && /tmp/r4
 * The output is the block of Rust constants hard-coded in cc_family_oracle.rs.
 * (Built for x86-64, where float arithmetic is IEEE single via SSE.)
 */
#include <stdio.h>
#include <stdint.h>

#define NWORDS 624
#define MIDDLE 397

static uint32_t st[NWORDS];
static int pos = NWORDS + 1;

static void seed_1998(uint32_t s)
{
    int k;
    st[0] = s;
    for (k = 1; k < NWORDS; k++)
        st[k] = (uint32_t)(69069u * st[k - 1]);
    pos = NWORDS;
}

static void regenerate(void)
{
    int k;
    uint32_t y;
    for (k = 0; k < NWORDS; k++) {
        y = (st[k] & 0x80000000u) | (st[(k + 1) % NWORDS] & 0x7fffffffu);
        st[k] = st[(k + MIDDLE) % NWORDS] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    pos = 0;
}

static uint32_t genrand_1998(void)
{
    uint32_t y;
    if (pos >= NWORDS) {
        if (pos == NWORDS + 1)
            seed_1998(4357);
        regenerate();
    }
    y = st[pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

static void random4_init(uint32_t seed)
{
    if (seed == 0)
        seed = 4375; /* sic */
    seed_1998(seed);
}

static float random4_get_float(void)
{
    uint32_t w = genrand_1998();
    return (float)w * 2.3283064365387e-10f;
}

/* WWLib pick, 32 significant bits; span must be in 1..0x7ffffffe here. */
static int32_t random4_ranged(int32_t lo, int32_t hi)
{
    int32_t t, span, pick;
    uint32_t mask;
    int bit = 31;
    if (lo == hi)
        return lo;
    if (lo > hi) { t = lo; lo = hi; hi = t; }
    span = (int32_t)((uint32_t)hi - (uint32_t)lo);
    while (bit > 0 && !(((uint32_t)span >> bit) & 1u))
        bit--;
    mask = (bit == 31) ? 0xffffffffu : ((1u << (bit + 1)) - 1u);
    pick = span + 1;
    while (pick > span)
        pick = (int32_t)(genrand_1998() & mask);
    return lo + pick;
}

static void dump_words(const char *name, uint32_t seed, int n)
{
    int k;
    random4_init(seed);
    printf("/// Random4Class(%u): first %d tempered words (as u32).\n", seed, n);
    printf("const %s: [u32; %d] = [", name, n);
    for (k = 0; k < n; k++)
        printf("%s%u", k ? ", " : "", genrand_1998());
    printf("];\n");
}

int main(void)
{
    int k;
    static const int marks[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048,
                                4096, 8192, 16384};
    uint32_t w;
    int m = 0;

    /* The reference itself: no sgenrand call means the default 4357. */
    pos = NWORDS + 1;
    printf("/// mt19937int.c genrand() with no sgenrand call (= sgenrand(4357)): draws 1..=24.\n");
    printf("const MT1998_DEFAULT_FIRST: [u32; 24] = [");
    for (k = 0; k < 24; k++)
        printf("%s%u", k ? ", " : "", genrand_1998());
    printf("];\n");

    seed_1998(4357);
    printf("/// sgenrand(4357): (draw number, word) at powers of two.\n");
    printf("const MT1998_MARKS: [(u32, u32); 15] = [");
    for (k = 1; k <= 16384; k++) {
        w = genrand_1998();
        if (k == marks[m]) {
            printf("%s(%d, %u)", m ? ", " : "", k, w);
            m++;
        }
    }
    printf("];\n");

    dump_words("R4_SEED_0", 0, 12);
    dump_words("R4_SEED_4375", 4375, 12);
    dump_words("R4_SEED_1", 1, 12);
    dump_words("R4_SEED_MAX", 0xffffffffu, 12);
    dump_words("R4_SEED_DEADBEEF", 0xdeadbeefu, 12);

    /* Words 620..=630 (0-based draw index) of seed 4357: across the second twist. */
    random4_init(4357);
    for (k = 0; k < 620; k++)
        genrand_1998();
    printf("/// Random4Class(4357): draws with 0-based index 620..=630 (crosses the second twist).\n");
    printf("const R4_4357_620: [u32; 11] = [");
    for (k = 0; k < 11; k++)
        printf("%s%u", k ? ", " : "", genrand_1998());
    printf("];\n");

    random4_init(4357);
    printf("/// Random4Class(4357).get_float() x 8, as f32 bit patterns.\n");
    printf("const R4_4357_FLOAT_BITS: [u32; 8] = [");
    for (k = 0; k < 8; k++) {
        float f = random4_get_float();
        uint32_t b;
        __builtin_memcpy(&b, &f, 4);
        printf("%s0x%08x", k ? ", " : "", b);
    }
    printf("];\n");

    random4_init(99);
    printf("/// Random4Class(99): ranged over (lo, hi) pairs in turn, one generator.\n");
    {
        static const int32_t pairs[][2] = {{1, 6}, {0, 100}, {-50, 50}, {100, 0},
                                           {0, 65536}, {-1000000, 1000000}, {7, 7},
                                           {0, 1}, {0, 0x40000000}, {-5, -3},
                                           {0, 0x7ffffffe}, {1, 1000}};
        int np = (int)(sizeof pairs / sizeof pairs[0]);
        printf("const R4_99_RANGED: [(i32, i32, i32); %d] = [", np);
        for (k = 0; k < np; k++)
            printf("%s(%d, %d, %d)", k ? ", " : "", pairs[k][0], pairs[k][1],
                   random4_ranged(pairs[k][0], pairs[k][1]));
        printf("];\n");
    }
    return 0;
}
