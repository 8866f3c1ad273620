/* A draw that only one sign in a stripped non-PIE image says is a
 * function, for bitexact's scan tests. Built non-PIE and stripped, the
 * image has no symbols and no relocations of its code pointers.
 *
 *   (default)  draw is reached only through a table of function pointers
 *              in .rodata: the pointer in data, and the padding before
 *              the function, say a function starts there.
 *   -DCOLD     the same, with draw and the function before it `cold`:
 *              gcc puts both in .text.unlikely, optimised for size and not
 *              aligned, so draw starts at an odd address right after the
 *              other's `ret`, with no padding before it.
 *   -DCALLED   draw is in no table: only `dead`, code nothing calls or
 *              points at and that opens with no prologue, calls it. The
 *              call (into the padding-aligned start) is the only sign.
 *   -DSWITCH   the default, with a switch in draw before the tempering
 *              that gcc dispatches through a table of absolute addresses
 *              with no bound check (the default case is unreachable): its
 *              cases are labels of draw, not functions, so the tempering
 *              after them is still draw's.
 */
#include <stdint.h>
#include <stdio.h>

#ifdef COLD
#define PLACE __attribute__((noinline, cold))
#else
#define PLACE __attribute__((noinline))
#endif

static uint32_t mt[624];
static int left = 1;

__attribute__((noinline)) static void seed(uint32_t s)
{
    mt[0] = s;
    for (int i = 1; i < 624; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    left = 1;
}

int sink;

PLACE static uint32_t other(unsigned k) { return mt[1] + 7 + k; }

PLACE __attribute__((used)) static uint32_t draw(unsigned k)
{
    uint32_t y = mt[left++ % 624];
#ifdef SWITCH
    switch (k) {
    case 0: y += (uint32_t)sink; break;
    case 1: sink = (int)y; y ^= 0x55u; break;
    case 2: y *= (uint32_t)sink; break;
    case 3: y = (y << 3) | (y >> 29); sink++; break;
    case 4: y -= 0x1234u; sink--; break;
    case 5: y = ~y + (uint32_t)sink; break;
    default: __builtin_unreachable();
    }
#else
    (void)k;
#endif
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

typedef uint32_t (*draw_fn)(unsigned);
#ifdef CALLED
draw_fn const table[2] = {other, other};
__asm__(".text\n"
        "\t.p2align 4\n"
        "dead:\n"
        "\txor %eax, %eax\n"
        "\tcall draw\n"
        "\tret\n");
#else
draw_fn const table[2] = {draw, other};
#endif

int main(int argc, char **argv)
{
    (void)argv;
    seed((uint32_t)argc);
    printf("%u\n", table[argc & 1]((unsigned)argc % 6));
    return 0;
}
