/* MT19937: the twist, both seedings, and the one out-of-line draw. */
#include "mt19937.h"

uint32_t mt_state[MT_N];
int mt_left;
int mt_pos;

volatile uint32_t sink32;
volatile uint64_t sink64;
volatile double sinkd;

static inline __attribute__((always_inline)) uint32_t mt_mix(uint32_t u, uint32_t v)
{
    uint32_t y = (u & 0x80000000u) | (v & 0x7fffffffu);
    return (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
}

/* mt19937.twist: 1 (0x9908b0df, however many copies the loops get). */
GAME_FN void mt_twist(void)
{
    uint32_t *p = mt_state;
    int i;
    for (i = 0; i < MT_N - MT_M; i++)
        p[i] = p[i + MT_M] ^ mt_mix(p[i], p[i + 1]);
    for (; i < MT_N - 1; i++)
        p[i] = p[i + (MT_M - MT_N)] ^ mt_mix(p[i], p[i + 1]);
    p[MT_N - 1] = p[MT_M - 1] ^ mt_mix(p[MT_N - 1], p[0]);
    mt_left = MT_N;
    mt_pos = 0;
}

/* mt19937.seed_knuth: 1 (init_genrand, 2002). */
GAME_FN void mt_seed_knuth(uint32_t seed)
{
    int i;
    mt_state[0] = seed;
    for (i = 1; i < MT_N; i++)
        mt_state[i] = 1812433253u * (mt_state[i - 1] ^ (mt_state[i - 1] >> 30)) + (uint32_t)i;
    mt_left = 0;
    mt_pos = 0;
}

/* mt19937.seed_1998: 1 (sgenrand, 1998). */
GAME_FN void mt_seed_1998(uint32_t seed)
{
    int i;
    mt_state[0] = seed;
    for (i = 1; i < MT_N; i++)
        mt_state[i] = 69069u * mt_state[i - 1];
    mt_left = 0;
    mt_pos = 0;
}

/* mt19937.temper: 1 (the out-of-line genrand_int32). */
GAME_FN uint32_t genrand_u32(void)
{
    return mt_draw();
}
