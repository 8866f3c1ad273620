/* Knuth's seeding over a state of -DN words (624 is MT19937's), for
 * bitexact's scan tests: only N = 624 may be a complete site. gcc bounds
 * the loop with 623 or 624 and a jump whose condition says which of them
 * is the last index (`cmp 623; jne` runs 623 words, `cmp 624; jle` 625). */
#include <stdint.h>

#ifndef N
#define N 624
#endif

uint32_t mt[700];

__attribute__((noinline)) void seed(uint32_t s)
{
    mt[0] = s;
    for (int i = 1; i < N; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
}

int main(int argc, char **argv)
{
    (void)argv;
    seed((uint32_t)argc);
    return (int)(mt[5] & 0x7f);
}
