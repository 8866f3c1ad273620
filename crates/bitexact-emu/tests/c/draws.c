/* The draw functions of the generators bitexact models, written in plain C
 * from SPEC 4 and 11 (and the reference mt19937ar.c's description) for
 * bitexact-emu's tests: built by mingw-w64 for i686 with -fwrapv, so the
 * int arithmetic wraps and >> of a negative int is arithmetic, as MSVC
 * compiled it. */
#include <stdint.h>

/* --- MT19937, Knuth-seeded (init_genrand), first draw twists --- */
typedef struct { uint32_t mt[624]; int left; } mt_t;

void mt_seed(mt_t *g, uint32_t s)
{
    g->mt[0] = s;
    for (int i = 1; i < 624; i++)
        g->mt[i] = 1812433253u * (g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) + (uint32_t)i;
    g->left = 0;
}

static void mt_twist(mt_t *g)
{
    for (int k = 0; k < 624; k++) {
        uint32_t y = (g->mt[k] & 0x80000000u) | (g->mt[(k + 1) % 624] & 0x7fffffffu);
        g->mt[k] = g->mt[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    g->left = 624;
}

uint32_t mt_next(mt_t *g)
{
    if (g->left == 0)
        mt_twist(g);
    uint32_t y = g->mt[624 - g->left--];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* --- Random3Class: a four-round pseudo-DES of (seed, index++) --- */
static const int mix1[4] = { (int)0xbaa96887, 0x1e17d32c, 0x03bcdc3c, 0x0f33d1b2 };
static const int mix2[4] = { 0x4b0f3b58, (int)0xe874f0c3, 0x6955c5a6, 0x55a7ca46 };

typedef struct { int seed; int index; } r3_t;

int r3_next(r3_t *g)
{
    int lo = g->seed, hi = g->index++;
    for (int i = 0; i < 4; i++) {
        int keep = hi;
        int t = hi ^ mix1[i];
        int tl = t & 0xffff;
        int th = t >> 16;
        t = tl * tl + ~(th * th);
        t = (t >> 16) | (t << 16);
        hi = lo ^ ((t ^ mix2[i]) + tl * th);
        lo = keep;
    }
    return hi;
}

/* --- Random2Class: 250 words from Random3Class(seed, 0), cursors 0, 103 --- */
typedef struct { int index1, index2; int table[250]; } r2_t;

void r2_seed(r2_t *g, int seed)
{
    r3_t r = { seed, 0 };
    for (int i = 0; i < 250; i++)
        g->table[i] = r3_next(&r);
    g->index1 = 0;
    g->index2 = 103;
}

int r2_next(r2_t *g)
{
    g->table[g->index1] ^= g->table[g->index2];
    int v = g->table[g->index1];
    if (++g->index1 == 250) g->index1 = 0;
    if (++g->index2 == 250) g->index2 = 0;
    return v;
}

/* Westwood's ranged pick over a 32-bit class: SPEC 4. */
int r2_ranged(r2_t *g, int lo, int hi)
{
    if (lo == hi) return lo;
    if (lo > hi) { int t = lo; lo = hi; hi = t; }
    int span = hi - lo;
    int mask = 0;
    for (int b = 31; b >= 0; b--)
        if ((unsigned)span & (1u << b)) { mask = (int)((1u << b) | ((1u << b) - 1)); break; }
    int pick = span + 1;
    while (pick > span)
        pick = r2_next(g) & mask;
    return lo + pick;
}

/* --- C&C Generals GameLogicRandom --- */
typedef struct { uint32_t s[6]; } gen_t;

void gen_seed(gen_t *g, uint32_t seed)
{
    static const uint32_t c[6] = { 0xf22d0e56u, 0x883126e9u, 0xc624dd2fu,
                                   0x0702c49cu, 0x9e353f7du, 0x6fdf3b64u };
    for (int i = 0; i < 6; i++)
        g->s[i] = seed + c[i];
}

uint32_t gen_next(gen_t *g)
{
    uint32_t c = 0;
    for (int i = 4; i >= 0; i--) {
        uint64_t sum = (uint64_t)g->s[i + 1] + g->s[i] + c;
        g->s[i] = (uint32_t)sum;
        c = (uint32_t)(sum >> 32);
    }
    for (int i = 5; i >= 0; i--)
        if (++g->s[i] != 0)
            break;
    return g->s[0];
}

/* GetGameLogicRandomValueReal under the game's 24-bit x87 setting. */
float gen_real(gen_t *g, float lo, float hi)
{
    float delta = hi - lo;
    if (delta <= 0.0f)
        return hi;
    float unit = (float)gen_next(g) * 0x1p-32f;
    float scaled = unit * delta;
    return scaled + lo;
}

int main(void)
{
    return 0;
}
