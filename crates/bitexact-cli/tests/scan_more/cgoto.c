/* A computed-goto interpreter (gcc's `&&label`): its label table is data
 * with one relocation per entry in a PIE, and the labels are reached only
 * through `goto *ops[*pc++]`. In a stripped image the labels must not be
 * taken for functions: both sites belong to `interp`, reached from
 * `driver`. */
#include <stdint.h>
#include <stdlib.h>

__attribute__((noinline, used)) uint32_t interp(const unsigned char *pc, uint32_t y)
{
    static const void *const ops[] = {&&op_temper, &&op_lcg, &&op_end};
    goto *ops[*pc++];
op_temper:
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    goto *ops[*pc++];
op_lcg:
    y = y * 0x41c64e6du + 0x3039u;
    goto *ops[*pc++];
op_end:
    return y;
}

__attribute__((noinline, used)) int driver(int c, char **v)
{
    unsigned char p[4] = {0, 1, 2, 0};
    p[0] = (unsigned char)(c & 1);
    return (int)interp(p, (uint32_t)atoi(v[0]));
}

int main(int c, char **v) { return driver(c, v); }
