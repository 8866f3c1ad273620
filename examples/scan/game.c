/* A small "game" for `bitexact scan`: an MT19937 twist, a Knuth seeding, and
 * a forced-inline draw used twice in combat_roll and three times in
 * map_setup, with turn_driver -> combat_roll. Build: gcc -O2 -o game game.c */
#include <stdint.h>

#define N 624
#define M 397
static uint32_t mt[N];
static int mti = N + 1;
volatile uint32_t sink;

__attribute__((noinline)) void twist(void)
{
    for (int k = 0; k < N; k++) {
        uint32_t y = (mt[k] & 0x80000000u) | (mt[(k + 1) % N] & 0x7fffffffu);
        mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    mti = 0;
}

__attribute__((noinline)) void seed(uint32_t s)
{
    mt[0] = s;
    for (mti = 1; mti < N; mti++)
        mt[mti] = 1812433253u * (mt[mti - 1] ^ (mt[mti - 1] >> 30)) + (uint32_t)mti;
}

static inline __attribute__((always_inline)) uint32_t draw(void)
{
    if (mti >= N)
        twist();
    uint32_t y = mt[mti++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

__attribute__((noinline)) void combat_roll(void) { sink = draw(); sink = draw(); }
__attribute__((noinline)) void map_setup(void) { sink = draw(); sink = draw(); sink = draw(); }
__attribute__((noinline)) void turn_driver(void) { combat_roll(); sink ^= 1u; }

int main(void)
{
    seed(5489u);
    map_setup();
    turn_driver();
    return (int)(sink & 1u);
}
