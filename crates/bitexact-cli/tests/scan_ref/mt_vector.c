/* MT19937's block twist and a batch tempering, written so gcc -O3 -mavx2
 * vectorises both loops (bitexact's scan tests: XMM/YMM data flow).
 * -DFORGE_SHIFT changes one tempering shift (never complete). */
#include <stdint.h>
#include <stdio.h>

#define N 624
#define M 397

#ifdef FORGE_SHIFT
#define SHIFT_B 6
#else
#define SHIFT_B 7
#endif

__attribute__((noinline)) void twist_block(uint32_t *restrict mt)
{
    int k;
    for (k = 0; k < N - M; k++) {
        uint32_t y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
        mt[k] = mt[k + M] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
    }
    for (; k < N - 1; k++) {
        uint32_t y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
        mt[k] = mt[k + (M - N)] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
    }
    uint32_t y = (mt[N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
}

__attribute__((noinline)) void temper_batch(const uint32_t *restrict in, uint32_t *restrict out, int n)
{
    for (int i = 0; i < n; i++) {
        uint32_t y = in[i];
        y ^= y >> 11;
        y ^= (y << SHIFT_B) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        out[i] = y;
    }
}

int main(void)
{
    static uint32_t mt[N], out[N];
    mt[0] = 5489u;
    for (int i = 1; i < N; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    twist_block(mt);
    temper_batch(mt, out, N);
    printf("%u\n", out[0]);
    return 0;
}
