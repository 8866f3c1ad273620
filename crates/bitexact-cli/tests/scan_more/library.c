/* A library: one exported function calling through a relocated table of
 * static functions. Stripped, the exports name only `api`; the table's
 * entries must still start functions of their own. */
#include <stdint.h>

__attribute__((noinline)) static uint32_t f_temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

__attribute__((noinline)) static uint32_t f_lcg(uint32_t s) { return s * 0x41c64e6du + 0x3039u; }

__attribute__((noinline)) static uint32_t f_ms(uint32_t s) { return s * 0x343fdu + 0x269ec3u; }

uint32_t (*const tab[])(uint32_t) = {f_temper, f_lcg, f_ms};

int api(int i, uint32_t x) { return (int)tab[i](x); }
