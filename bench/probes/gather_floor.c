/* What one table lookup a seed costs on this CPU, whatever the filter: the
 * floor under `state identify westwood` at its default bound, which must
 * look each seed's first word up among ~40 000 seeding points (issue 32).
 *
 * A stream of pseudo-random 32-bit words (one multiply a lane, as cheap as
 * a hash gets) indexes a table of 2^BITS 32-bit words; the loop ORs what it
 * loads into an accumulator so nothing is optimised away. Three ways:
 *   none     the words alone (the baseline subtracted from the others)
 *   gather   one vpgatherdd a vector (16 lanes with AVX-512F, else 8)
 *   scalar   the vector's indices stored, then one scalar load a lane
 * Prints `BYTES<TAB>WAY<TAB>NS_PER_LANE` after the baseline is taken off:
 * the cost of the lookup alone, with the table in L1, L2 or beyond.
 *
 * Usage: gather_floor  (build: gcc -O2 -march=native)
 * Written for bitexact's bench; not part of CI. */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if defined(__AVX512F__)
#define LANES 16
typedef __m512i vec;
#define V_SET1(x) _mm512_set1_epi32(x)
#define V_ADD(a, b) _mm512_add_epi32(a, b)
#define V_MUL(a, b) _mm512_mullo_epi32(a, b)
#define V_SRL(a, b) _mm512_srlv_epi32(a, b)
#define V_XOR(a, b) _mm512_xor_si512(a, b)
#define V_GATHER(idx, base) _mm512_i32gather_epi32(idx, base, 4)
#define V_STORE(p, a) _mm512_storeu_si512((void *)(p), a)
#define V_ZERO() _mm512_setzero_si512()
static vec v_iota(void) { return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
#define ISA "AVX-512F"
#else
#define LANES 8
typedef __m256i vec;
#define V_SET1(x) _mm256_set1_epi32(x)
#define V_ADD(a, b) _mm256_add_epi32(a, b)
#define V_MUL(a, b) _mm256_mullo_epi32(a, b)
#define V_SRL(a, b) _mm256_srlv_epi32(a, b)
#define V_XOR(a, b) _mm256_xor_si256(a, b)
#define V_GATHER(idx, base) _mm256_i32gather_epi32((const int *)(base), idx, 4)
#define V_STORE(p, a) _mm256_storeu_si256((void *)(p), a)
#define V_ZERO() _mm256_setzero_si256()
static vec v_iota(void) { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
#define ISA "AVX2"
#endif

enum way { NONE, GATHER, SCALAR };
static const char *NAMES[] = {"none", "gather", "scalar"};

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint32_t sink;

/* ns a lane for `vectors` vectors looked up in `table` (2^bits words). */
static double run(const uint32_t *table, int bits, enum way way, long vectors) {
    vec x = v_iota(), step = V_SET1(LANES), mul = V_SET1((int)0x9E3779B1u);
    vec shift = V_SET1(32 - bits), acc = V_ZERO();
    uint32_t idx[LANES], sacc = 0;
    double t = now_s();
    for (long i = 0; i < vectors; i++) {
        x = V_ADD(x, step);
        vec h = V_MUL(x, mul);
        vec at = V_SRL(h, shift);
        if (way == NONE) {
            acc = V_XOR(acc, at);
        } else if (way == GATHER) {
            acc = V_XOR(acc, V_GATHER(at, table));
        } else {
            V_STORE(idx, at);
            for (int j = 0; j < LANES; j++) sacc |= table[idx[j]];
        }
    }
    t = now_s() - t;
    uint32_t out[LANES];
    V_STORE(out, acc);
    sink ^= out[0] ^ sacc;
    return t / ((double)vectors * LANES) * 1e9;
}

/* The best of five runs. */
static double best(const uint32_t *table, int bits, enum way way) {
    double b = 1e9;
    for (int r = 0; r < 5; r++) {
        double t = run(table, bits, way, 1L << 23);
        if (t < b) b = t;
    }
    return b;
}

int main(void) {
    printf("# %s, %d lanes a vector; ns a lane, the word stream's own cost taken off\n", ISA, LANES);
    for (int bits = 12; bits <= 18; bits++) {
        uint32_t *table = aligned_alloc(64, (size_t)4 << bits);
        for (size_t i = 0; i < (size_t)1 << bits; i++) table[i] = (uint32_t)i * 2654435761u;
        double base = best(table, bits, NONE);
        for (enum way w = GATHER; w <= SCALAR; w++)
            printf("%zu\t%s\t%.3f\n", (size_t)4 << bits, NAMES[w], best(table, bits, w) - base);
        free(table);
    }
    return sink == 0x12345678u; /* never: keeps `sink` live */
}
