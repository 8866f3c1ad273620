/* A DLL whose entry points are exported by ordinal only (ordinal.def,
 * NONAME): stripped, its exports are still roots of the descent and name
 * no function; every site is found in its own function. */
#include <stdint.h>

static uint32_t st[624];
static int idx;

__attribute__((noinline)) uint32_t temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

__attribute__((noinline)) void seed_knuth(uint32_t s)
{
    st[0] = s;
    for (int i = 1; i < 624; i++)
        st[i] = 1812433253u * (st[i - 1] ^ (st[i - 1] >> 30)) + (uint32_t)i;
    idx = 0;
}

__attribute__((noinline)) uint32_t lcg(uint32_t *s)
{
    *s = *s * 0x41c64e6du + 0x3039u;
    return (*s >> 10) & 0x7fff;
}

uint32_t driver(uint32_t s)
{
    seed_knuth(s);
    return temper(st[idx++ % 624]);
}

uint32_t other(uint32_t *s) { return lcg(s); }
