/* Stripped-image attribution around calls that never return and tail
 * calls. Built with -falign-functions=1 -fno-toplevel-reorder so that each
 * function follows the one before it with no padding:
 *   die      ends in `call exit` (never returns); the bytes after it are
 *            `tempered`, reached only through the relocated table `table`;
 *   wrap     ends in a tail call `jmp lcg`; `lcg` is also in `table`.
 * Expected, for the stripped build: a function starting at `tempered`
 * holding the one temper site, one at `lcg` holding the WWLib LCG site,
 * neither swallowed by the function before it. */
#include <stdint.h>
#include <stdlib.h>

volatile uint32_t sink;
uint32_t seed = 1;

__attribute__((noinline, noreturn, used)) void die(int code) { exit(code); }

__attribute__((noinline, used)) uint32_t tempered(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

__attribute__((noinline, used)) uint32_t lcg(uint32_t unused)
{
    (void)unused;
    seed = seed * 0x41c64e6du + 0x3039u;
    return seed >> 10;
}

__attribute__((noinline, used)) uint32_t wrap(uint32_t x) { return lcg(x + sink); }

uint32_t (*const volatile table[])(uint32_t) = {tempered, lcg};

int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 5)
        die(3);
    sink ^= table[argc & 1](sink);
    sink ^= wrap(sink);
    return 0;
}
