/*
 * random4_float_one_scan.c -- oracle for tests/cc_family_oracle.rs.
 *
 * What it is: a scan of all 2^32 Random4Class seeds (1998 sgenrand seeding,
 * mt[i] = 69069 * mt[i-1]) for those whose FIRST tempered word is >= 0xFFFFFF00,
 * i.e. near the Get_Float() == 1.0 edge (SPEC 11: a word >= 0xFFFFFF80 rounds
 * to 2^32 in f32, so Get_Float gives exactly 1.0). The first word needs only
 * mt[0], mt[1] and mt[397] of the seeded table (the twist's first step), and
 * mt[k] = seed * 69069^k, so each seed costs a few operations.
 * Seed 0 is skipped (Random4Class maps it to 4375).
 *
 * How to run:
 *   gcc -O2 -std=c99 -o /tmp/scan random4_float_one_scan.c && /tmp/scan
 * Prints "seed word" lines (261 of them; about 15 s on one core).
 */
#include <stdio.h>
#include <stdint.h>

int main(void)
{
    uint32_t m397 = 1, s, y, w;
    int k;
    for (k = 0; k < 397; k++)
        m397 *= 69069u;
    s = 1;
    do {
        uint32_t a0 = s, a1 = s * 69069u, a397 = s * m397;
        y = (a0 & 0x80000000u) | (a1 & 0x7fffffffu);
        w = a397 ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        w ^= w >> 11;
        w ^= (w << 7) & 0x9d2c5680u;
        w ^= (w << 15) & 0xefc60000u;
        w ^= w >> 18;
        if (w >= 0xFFFFFF00u)
            printf("%u %u\n", s, w);
        s++;
    } while (s != 0);
    return 0;
}
