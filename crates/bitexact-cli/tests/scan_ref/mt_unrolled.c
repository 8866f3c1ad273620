/* Knuth's seeding unrolled by hand eight times, the shape CPython's PGO
 * build of _random has: the first words peeled, then a loop of eight steps
 * whose bound is not 624 but 616 (kept as written at -O0). For bitexact's
 * scan tests: such a bound, 624 less a step, cannot be told from the end
 * of a 616-word loop without the counter's offset, so the seeding is
 * listed, incomplete, never dropped; at -O2 gcc rewrites the bound to 624
 * and it is complete. With -DFORGE the loop stops at 592 (a state of 600
 * words), and the seeding is never complete. */
#include <stdint.h>
#include <stdio.h>

#ifdef FORGE
#define LAST 592u
#else
#define LAST 616u
#endif

static uint32_t mt[624];

#define K(x) (1812433253u * ((x) ^ ((x) >> 30)))

__attribute__((noinline)) void seed(uint32_t s)
{
    uint32_t i;
    mt[0] = s;
    for (i = 1; i < 8; i++)
        mt[i] = K(mt[i - 1]) + i;
    for (i = 8; i <= LAST; i += 8) {
        mt[i] = K(mt[i - 1]) + i;
        mt[i + 1] = K(mt[i]) + i + 1;
        mt[i + 2] = K(mt[i + 1]) + i + 2;
        mt[i + 3] = K(mt[i + 2]) + i + 3;
        mt[i + 4] = K(mt[i + 3]) + i + 4;
        mt[i + 5] = K(mt[i + 4]) + i + 5;
        mt[i + 6] = K(mt[i + 5]) + i + 6;
        mt[i + 7] = K(mt[i + 6]) + i + 7;
    }
}

int main(int argc, char **argv)
{
    (void)argv;
    seed((uint32_t)argc);
    /* init_genrand(2): mt[8] = 1552125001, mt[623] = 765480627. */
    printf("%u %u\n", mt[8], mt[623]);
    return 0;
}
