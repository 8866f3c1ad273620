/* The two LCG steps, forced inline: every use is one multiply by the
 * generator's constant (one `wwlib.lcg` / `msvc.rand` site). The new seed is
 * laundered through an empty asm so gcc cannot fold two consecutive steps
 * into one multiply by the squared constant. */
#ifndef SCAN_LCG_H
#define SCAN_LCG_H

#include <stdint.h>

extern uint32_t ww_seed;
extern uint32_t msvc_holdrand;

/* WWLib RandomClass: seed = seed * 0x41c64e6d + 0x3039, 15 bits out. */
static inline __attribute__((always_inline)) uint32_t ww_lcg(void)
{
    uint32_t s = ww_seed * 0x41c64e6du + 0x3039u;
    __asm__ volatile("" : "+r"(s));
    ww_seed = s;
    return (s >> 16) & 0x7fffu;
}

/* MSVC rand(): holdrand = holdrand * 0x343fd + 0x269ec3, 15 bits out. */
static inline __attribute__((always_inline)) uint32_t msvc_rand(void)
{
    uint32_t s = msvc_holdrand * 0x343fdu + 0x269ec3u;
    __asm__ volatile("" : "+r"(s));
    msvc_holdrand = s;
    return (s >> 16) & 0x7fffu;
}

#endif
