/* The MT19937 state and the forced-inline draw shared by the "game".
 *
 * Every use of mt_draw() is ONE copy of the tempering sequence (one
 * `mt19937.temper` site) in the function that uses it. The functions using
 * it are `noipa` so gcc neither inlines, clones nor splits them, and each
 * draw is separated from the next by a compiler barrier so no two copies are
 * merged or interleaved into one. */
#ifndef SCAN_MT19937_H
#define SCAN_MT19937_H

#include <stdint.h>

#define MT_N 624
#define MT_M 397

#define GAME_FN __attribute__((noipa, used))
#define BARRIER() __asm__ volatile("" ::: "memory")

extern uint32_t mt_state[MT_N];
extern int mt_left;
extern int mt_pos;

extern volatile uint32_t sink32;
extern volatile uint64_t sink64;
extern volatile double sinkd;

void mt_twist(void);
void mt_seed_knuth(uint32_t seed);
void mt_seed_1998(uint32_t seed);
uint32_t genrand_u32(void);

/* One draw: lazy twist, read a word, temper it. */
static inline __attribute__((always_inline)) uint32_t mt_draw(void)
{
    uint32_t y;
    if (mt_left == 0)
        mt_twist();
    mt_left--;
    y = mt_state[mt_pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* A draw whose word lands in the volatile sink, then a barrier. */
#define DRAW()                                                                 \
    do {                                                                       \
        sink32 ^= mt_draw();                                                   \
        BARRIER();                                                             \
    } while (0)

#endif
