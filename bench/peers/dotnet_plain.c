/* The plain C a competent user writes to brute-force a .NET System.Random
 * seed from Next(6) dice: for every seed pattern of a range, new Random(s)
 * as Microsoft's source does it (Math.Abs, the 55-entry chain, four rounds),
 * then the first Next(6) values compared at offset 0. One OpenMP loop over
 * the seeds; written from SPEC 15, not from any other program.
 *
 *   dotnet_plain FIRST END V1,V2,...   prints the matching seeds, then the
 *                                      seeds searched and the seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "timing.h"

#define MBIG 2147483647
#define MSEED 161803398

/* Branch-free, as a user who profiled it writes it: the sign of a
 * difference is a coin toss, and a branch on it mispredicts half the time
 * (the plain `if (t < 0) t += MBIG` runs about 20 times slower). */
static int32_t fold(int32_t t) { return (int32_t)((uint32_t)t + (uint32_t)(MBIG & (t >> 31))); }

static int matches(int32_t seed, const int *want, int n) {
    int32_t a[56];
    int32_t s = seed == INT32_MIN ? MBIG : (seed < 0 ? -seed : seed);
    int32_t mj = MSEED - s, mk = 1;
    a[0] = 0;
    a[55] = mj;
    for (int i = 1; i < 55; i++) {
        int ii = (21 * i) % 55;
        a[ii] = mk;
        mk = fold((int32_t)((uint32_t)mj - (uint32_t)mk));
        mj = a[ii];
    }
    for (int k = 1; k < 5; k++)
        for (int i = 1; i < 56; i++)
            a[i] = fold((int32_t)((uint32_t)a[i] - (uint32_t)a[1 + (i + 30) % 55]));
    int inext = 0, inextp = 21;
    for (int v = 0; v < n; v++) {
        if (++inext >= 56) inext = 1;
        if (++inextp >= 56) inextp = 1;
        int32_t r = (int32_t)((uint32_t)a[inext] - (uint32_t)a[inextp]);
        r -= (r == MBIG);
        r = fold(r);
        a[inext] = r;
        if ((int)(r * (1.0 / MBIG) * 6) != want[v]) return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s FIRST END V1,V2,...\n", argv[0]);
        return 2;
    }
    uint64_t first = strtoull(argv[1], NULL, 0), end = strtoull(argv[2], NULL, 0);
    int want[64], n = 0;
    for (char *t = strtok(argv[3], ","); t && n < 64; t = strtok(NULL, ",")) want[n++] = atoi(t);
    double t0 = now_s();
    long hits = 0;
#pragma omp parallel for reduction(+ : hits) schedule(static)
    for (uint64_t p = first; p < end; p++) {
        if (matches((int32_t)(uint32_t)p, want, n)) {
            hits++;
#pragma omp critical
            printf("seed %llu offset 0\n", (unsigned long long)p);
        }
    }
    fprintf(stderr, "searched %llu seeds in %.2f s (%ld hits)\n",
            (unsigned long long)(end - first), now_s() - t0, hits);
    return 0;
}
