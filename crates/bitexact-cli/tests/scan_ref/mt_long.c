/* The reference genrand_int32 with the state in `unsigned long` (64-bit
 * words on LP64) and mag01 as `unsigned long`, as CPython 2's _random has
 * it (bitexact's scan tests: the 64-bit mag01 table and 8-byte word
 * offsets). -DFORGE_MAG01 puts a wrong constant in the table. */
#include <stdio.h>

#define N 624
#define M 397
#define UPPER_MASK 0x80000000UL
#define LOWER_MASK 0x7fffffffUL
#ifdef FORGE_MAG01
#define MATRIX_A 0x9908b0e0UL
#else
#define MATRIX_A 0x9908b0dfUL
#endif

static unsigned long mt[N];
static int mti = N + 1;

__attribute__((noinline)) unsigned long genrand_int32(void)
{
    unsigned long y;
    static const unsigned long mag01[2] = {0x0UL, MATRIX_A};
    if (mti >= N) {
        int kk;
        for (kk = 0; kk < N - M; kk++) {
            y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
            mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 0x1UL];
        }
        for (; kk < N - 1; kk++) {
            y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
            mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 0x1UL];
        }
        y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
        mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 0x1UL];
        mti = 0;
    }
    y = mt[mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680UL;
    y ^= (y << 15) & 0xefc60000UL;
    y ^= (y >> 18);
    return y;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        mt[i] = (unsigned long)i * 2654435761UL;
    printf("%lu\n", genrand_int32());
    return 0;
}
