/* A draw reached only through a table of function pointers in data, for
 * bitexact's scan tests: built non-PIE and stripped, the image has no
 * symbols and no relocations, so only the pointer in data (and the padding
 * before the function) says a function starts there. */
#include <stdint.h>
#include <stdio.h>

static uint32_t mt[624];
static int left = 1;

__attribute__((noinline)) static void seed(uint32_t s)
{
    mt[0] = s;
    for (int i = 1; i < 624; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    left = 1;
}

__attribute__((noinline)) static uint32_t draw(void)
{
    uint32_t y = mt[left++ % 624];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

static uint32_t other(void) { return 7; }

typedef uint32_t (*draw_fn)(void);
draw_fn const table[2] = {draw, other};

int main(int argc, char **argv)
{
    (void)argv;
    seed((uint32_t)argc);
    printf("%u\n", table[argc & 1]());
    return 0;
}
