/* The C ABI, exercised from C11: known-answer vectors from the source
 * documents and independent references, round trips, and bad input. Built
 * and run by tests/c_abi.rs against libbitexact.a and libbitexact.so. Prints
 * one line per failed check and "c abi: N checks, 0 failed" at the end;
 * exits non-zero on any failure. */
#include "bitexact.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int checks = 0;
static int failed = 0;

#define CHECK(cond)                                                            \
    do {                                                                       \
        ++checks;                                                              \
        if (!(cond)) {                                                         \
            ++failed;                                                          \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);    \
        }                                                                      \
    } while (0)

#define CHECK_STATUS(call, want)                                               \
    do {                                                                       \
        bx_status got_ = (call);                                               \
        ++checks;                                                              \
        if (got_ != (want)) {                                                  \
            ++failed;                                                          \
            fprintf(stderr, "FAIL %s:%d: %s gave %d (%s), want %s\n", __FILE__, \
                    __LINE__, #call, (int)got_, bx_status_message(got_), #want); \
        }                                                                      \
    } while (0)

static uint32_t f32_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static void sots_vectors(void) {
    /* Seed 000: seed 5489 gives 3499211612, 581869302, 3890346734; the
     * 10000th output is 4123659995. */
    bx_sots_rng *r = bx_sots_new(5489);
    CHECK(r != NULL);
    CHECK(bx_sots_left(r) == 624);
    CHECK(bx_sots_next_u32(r) == 3499211612u);
    CHECK(bx_sots_next_u32(r) == 581869302u);
    CHECK(bx_sots_next_u32(r) == 3890346734u);
    CHECK(bx_sots_position(r) == 3);
    bx_sots_free(r);

    static uint32_t words[10000];
    r = bx_sots_new(5489);
    bx_sots_fill_u32(r, words, 10000);
    CHECK(words[0] == 3499211612u);
    CHECK(words[9999] == 4123659995u);
    CHECK(bx_sots_position(r) == 10000);
    bx_sots_free(r);

    r = bx_sots_new(5489);
    bx_sots_discard(r, 9999);
    CHECK(bx_sots_next_u32(r) == 4123659995u);
    bx_sots_free(r);

    /* The unit scale is 1/4294967295: 3499211612 / 4294967295 rounded to
     * float is MATLAB's rand() for seed 5489, 0.8147237. */
    r = bx_sots_new(5489);
    CHECK(bx_sots_next_unit(r) == 3499211612.0 / 4294967295.0);
    CHECK(f32_bits(bx_sots_next_float(r)) == f32_bits((float)(581869302.0 / 4294967295.0)));
    bx_sots_free(r);

    /* Precision: word 0x80000080 narrows to 0x3f000001 at pc53 and
     * 0x3f000000 at pc24 (SPEC 2.3); pick a stream and compare the two
     * models on the same words through the float draw. */
    bx_sots_rng *a = NULL, *b = NULL;
    CHECK_STATUS(bx_sots_with_precision(7, BX_PC53, &a), BX_OK);
    CHECK_STATUS(bx_sots_with_precision(7, BX_PC24, &b), BX_OK);
    CHECK(bx_sots_precision(a) == BX_PC53);
    CHECK(bx_sots_precision(b) == BX_PC24);
    bx_sots_set_precision(a, 99); /* ignored */
    CHECK(bx_sots_precision(a) == BX_PC53);
    bx_sots_set_precision(a, BX_PC24);
    CHECK(bx_sots_precision(a) == BX_PC24);
    for (int i = 0; i < 1000; ++i) {
        CHECK(f32_bits(bx_sots_next_float(a)) == f32_bits(bx_sots_next_float(b)));
    }
    bx_sots_free(a);
    bx_sots_free(b);
    bx_sots_rng *bad = (bx_sots_rng *)1;
    CHECK_STATUS(bx_sots_with_precision(7, 2, &bad), BX_BAD_ARGUMENT);
    CHECK(bad == NULL);

    /* Word costs. */
    r = bx_sots_new(1);
    CHECK(bx_sots_chance(r, 0.0f) == false);
    CHECK(bx_sots_chance(r, 1.0f) == true);
    CHECK(bx_sots_position(r) == 0);
    (void)bx_sots_chance(r, NAN);
    CHECK(bx_sots_position(r) == 1);
    (void)bx_sots_next_int_inclusive(r, 0);
    CHECK(bx_sots_position(r) == 2);
    int32_t bell = bx_sots_int_range_bell(r, 1, 6);
    CHECK(bell >= 1 && bell <= 6);
    CHECK(bx_sots_position(r) >= 4);
    float fr = bx_sots_float_range(r, -1.0f, 1.0f);
    CHECK(fr >= -1.0f && fr <= 1.0f);
    bx_sots_free(r);
}

static void sots_item(void) {
    /* Seed 000's saves: seed(5489) + 1418 words is two twists on, left 454. */
    bx_sots_rng *r = bx_sots_new(5489);
    bx_sots_discard(r, 1418);
    CHECK(bx_sots_left(r) == 454);
    uint8_t item[BX_SOTS_STATE_LEN_PADDED];
    memset(item, 0xEE, sizeof item);
    bx_sots_save_state(r, item);
    /* left as a little-endian int32 after the 624 words */
    CHECK(item[2496] == (454 & 0xff) && item[2497] == (454 >> 8) && item[2498] == 0 && item[2499] == 0);
    CHECK(item[2500] == 0xEE); /* nothing past 2500 bytes */

    bx_sots_identity id;
    memset(&id, 0, sizeof id);
    CHECK_STATUS(bx_sots_identify(item, BX_SOTS_STATE_LEN, &id), BX_OK);
    CHECK(id.seed == 5489 && id.twists == 2 && id.left == 454 && id.words_drawn == 1418);
    CHECK_STATUS(bx_sots_identify(item, BX_SOTS_STATE_LEN_PADDED, &id), BX_OK);
    CHECK(id.words_drawn == 1418);

    bx_sots_rng *loaded = NULL;
    CHECK_STATUS(bx_sots_load_state(item, BX_SOTS_STATE_LEN, &loaded), BX_OK);
    CHECK(loaded != NULL);
    CHECK(bx_sots_left(loaded) == 454);
    for (int i = 0; i < 2000; ++i) {
        CHECK(bx_sots_next_u32(loaded) == bx_sots_next_u32(r));
    }
    bx_sots_free(loaded);
    bx_sots_free(r);

    /* Bad input. */
    loaded = (bx_sots_rng *)1;
    CHECK_STATUS(bx_sots_load_state(item, 100, &loaded), BX_BAD_LENGTH);
    CHECK(loaded == NULL);
    CHECK_STATUS(bx_sots_load_state(item, 2501, &loaded), BX_BAD_LENGTH);
    CHECK_STATUS(bx_sots_load_state(NULL, BX_SOTS_STATE_LEN, &loaded), BX_NULL_POINTER);
    CHECK_STATUS(bx_sots_load_state(item, BX_SOTS_STATE_LEN, NULL), BX_NULL_POINTER);
    CHECK_STATUS(bx_sots_identify(item, BX_SOTS_STATE_LEN, NULL), BX_NULL_POINTER);
    CHECK_STATUS(bx_sots_identify(NULL, 0, &id), BX_NULL_POINTER);
    CHECK_STATUS(bx_sots_identify(item, 2499, &id), BX_BAD_LENGTH);
    uint8_t edited[BX_SOTS_STATE_LEN];
    memcpy(edited, item, sizeof edited);
    edited[2496] = 0x71; /* left = 625 */
    edited[2497] = 0x02;
    CHECK_STATUS(bx_sots_load_state(edited, sizeof edited, &loaded), BX_BAD_STATE);
    CHECK_STATUS(bx_sots_identify(edited, sizeof edited, &id), BX_BAD_STATE);
    memcpy(edited, item, sizeof edited);
    edited[400] ^= 1; /* one bit of one word: no seed reaches it */
    CHECK_STATUS(bx_sots_identify_bounded(edited, sizeof edited, 20, &id), BX_NOT_FOUND);

    /* NULL handles draw nothing and return 0. */
    CHECK(bx_sots_next_u32(NULL) == 0);
    CHECK(bx_sots_next_unit(NULL) == 0.0);
    CHECK(bx_sots_chance(NULL, 0.5f) == false);
    bx_sots_fill_u32(NULL, NULL, 5);
    bx_sots_save_state(NULL, item);
    bx_sots_free(NULL);
}

static void sots_vec3(void) {
    /* (3, 4, 0) has length 5 exactly at both precisions; direction (0.6, 0.8, 0)
     * as float(3 * float(1/5)). */
    bx_vec3 v = {3.0f, 4.0f, 0.0f};
    float len = 0.0f;
    bx_vec3 d = bx_sots_normalize(v, BX_PC53, &len);
    CHECK(len == 5.0f);
    CHECK(d.x == (float)(3.0 * (double)(float)(1.0 / 5.0)));
    CHECK(d.y == (float)(4.0 * (double)(float)(1.0 / 5.0)));
    CHECK(d.z == 0.0f);
    CHECK(bx_sots_length(v, BX_PC24) == 5.0f);
    /* The zero vector: direction 0, length the x87 indefinite 0xFFC00000. */
    bx_vec3 zero = {0.0f, 0.0f, 0.0f};
    d = bx_sots_normalize(zero, BX_PC24, &len);
    CHECK(d.x == 0.0f && d.y == 0.0f && d.z == 0.0f);
    CHECK(f32_bits(len) == 0xFFC00000u);
    (void)bx_sots_normalize(v, BX_PC53, NULL);
    d = bx_sots_normalize(v, 5, &len);
    CHECK(isnan(d.x) && isnan(len));

    /* MoveFleet leg: a move equal to the distance lands on dest verbatim. */
    bx_vec3 pos = {1.0f, 1.0f, 1.0f}, dest = {4.0f, 5.0f, 1.0f};
    bx_vec3 p = bx_sots_leg(pos, dest, 5.0f, BX_PC53);
    CHECK(p.x == 4.0f && p.y == 5.0f && p.z == 1.0f);
    p = bx_sots_leg(pos, dest, 2.5f, BX_PC24);
    CHECK(p.x > 1.0f && p.x < 4.0f && p.y > 1.0f && p.y < 5.0f);
    p = bx_sots_leg(pos, dest, 2.5f, 77);
    CHECK(isnan(p.x));
}

static uint64_t fnv1a_be(uint64_t h, uint64_t w) {
    for (int shift = 56; shift >= 0; shift -= 8) {
        h ^= (w >> shift) & 0xff;
        h *= 0x100000001b3ull;
    }
    return h;
}

static void laige(void) {
    /* Seed 001: FNV-1a 64 over the big-endian bytes of the first 4096
     * outputs of seed 0x1234567890ABCDEF is 0xB64E76173859B6D8. */
    bx_laige_prng *p = bx_laige_new(0x1234567890ABCDEFull);
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < 4096; ++i) {
        h = fnv1a_be(h, bx_laige_next_u64(p));
    }
    CHECK(h == 0xB64E76173859B6D8ull);
    bx_laige_free(p);

    static uint64_t out[4096];
    p = bx_laige_new(0x1234567890ABCDEFull);
    bx_laige_fill(p, out, 4096);
    h = 0xcbf29ce484222325ull;
    for (int i = 0; i < 4096; ++i) {
        h = fnv1a_be(h, out[i]);
    }
    CHECK(h == 0xB64E76173859B6D8ull);
    CHECK(out[0] == 0x6c6322b836e9ca2aull);
    bx_laige_free(p);

    /* Ranges: [min, max), min >= max is an error that draws nothing. */
    bx_laige_prng *a = bx_laige_new(42), *b = bx_laige_new(42);
    uint32_t v = 12345;
    CHECK_STATUS(bx_laige_next_range(a, 5, 5, &v), BX_EMPTY_RANGE);
    CHECK_STATUS(bx_laige_next_range(a, 6, 5, &v), BX_EMPTY_RANGE);
    CHECK_STATUS(bx_laige_next_range(a, 0, 6, NULL), BX_NULL_POINTER);
    CHECK_STATUS(bx_laige_next_range(NULL, 0, 6, &v), BX_NULL_POINTER);
    CHECK(v == 12345);
    CHECK(bx_laige_next_u64(a) == bx_laige_next_u64(b)); /* nothing was drawn */
    for (int i = 0; i < 1000; ++i) {
        CHECK_STATUS(bx_laige_next_range(a, 0, 6, &v), BX_OK);
        CHECK(v < 6 && v == bx_laige_next_u64(b) % 6); /* 2^64 mod 6 rejections are 2^-62 rare */
    }
    float f = bx_laige_next_float01(a);
    CHECK(f >= 0.0f && f < 1.0f);
    bx_laige_free(a);
    bx_laige_free(b);

    /* Substreams: derive(seed, id) = new(seed + id * K). */
    const uint64_t K = 0x9E3779B97F4A7C15ull;
    bx_laige_prng *master = bx_laige_new(2024);
    bx_laige_prng *sub = bx_laige_substream(master, 7);
    bx_laige_prng *direct = bx_laige_derive_substream(2024, 7);
    bx_laige_prng *by_seed = bx_laige_new(2024 + 7 * K);
    CHECK(bx_laige_seed(sub) == 2024 + 7 * K);
    uint64_t x = bx_laige_next_u64(sub);
    CHECK(x == bx_laige_next_u64(direct) && x == bx_laige_next_u64(by_seed));
    uint32_t id = 0;
    CHECK_STATUS(bx_laige_substream_id(2024, bx_laige_seed(sub), &id), BX_OK);
    CHECK(id == 7);
    CHECK(bx_laige_substream(NULL, 1) == NULL);
    bx_laige_free(master);
    bx_laige_free(sub);
    bx_laige_free(direct);
    bx_laige_free(by_seed);

    /* State file and identification. */
    p = bx_laige_new(42);
    bx_laige_jump(p, 1000000);
    uint8_t state[BX_LAIGE_STATE_LEN];
    bx_laige_save_state(p, state);
    bx_laige_prng *q = NULL;
    CHECK_STATUS(bx_laige_load_state(state, sizeof state, &q), BX_OK);
    bx_laige_identity li;
    CHECK_STATUS(bx_laige_identify(q, 2000000, &li), BX_OK);
    CHECK(li.seed == 42 && li.words_drawn == 1000000);
    CHECK_STATUS(bx_laige_identify(q, 10, &li), BX_NOT_FOUND);
    CHECK(bx_laige_next_u64(p) == bx_laige_next_u64(q));
    bx_laige_free(q);
    CHECK_STATUS(bx_laige_load_state(state, 23, &q), BX_BAD_LENGTH);
    memset(state + 8, 0, 16);
    CHECK_STATUS(bx_laige_load_state(state, sizeof state, &q), BX_BAD_STATE);
    CHECK(q == NULL);
    bx_laige_free(p);
}

static void westwood(void) {
    /* SPEC 4: Random2Class(1)'s first ranged(1, 2147483647) is 2025287382,
     * its double 0.943097929470241. */
    bx_westwood_rng *w = bx_westwood_new(1);
    int32_t v = 0;
    CHECK_STATUS(bx_westwood_ranged(w, 1, 2147483647, &v), BX_OK);
    CHECK(v == 2025287382);
    bx_westwood_free(w);
    w = bx_westwood_new(1);
    double d = bx_westwood_double(w);
    CHECK(d == 2025287382.0 / 2147483648.0);
    CHECK(fabs(d - 0.943097929470241) < 1e-15);
    bx_westwood_free(w);
    w = bx_westwood_new(1);
    CHECK(bx_westwood_raw(w) == 2025287381);
    CHECK(bx_westwood_raw(w) == 660436142);
    CHECK(bx_westwood_raw(w) == -630998735);
    bx_westwood_free(w);

    /* Ranged-draw edges: a span past INT32_MAX is an error with no draw;
     * span == INT32_MAX wraps to min + INT32_MIN with no draw; equal
     * bounds give min with no draw. */
    w = bx_westwood_new(9);
    bx_westwood_rng *twin = bx_westwood_new(9);
    v = 77;
    CHECK_STATUS(bx_westwood_ranged(w, INT32_MIN, 0, &v), BX_RANGE_TOO_WIDE);
    CHECK_STATUS(bx_westwood_ranged(w, -1, INT32_MAX, &v), BX_RANGE_TOO_WIDE);
    CHECK_STATUS(bx_westwood_ranged(w, INT32_MAX, INT32_MIN, &v), BX_RANGE_TOO_WIDE);
    CHECK_STATUS(bx_westwood_ranged(w, 1, 6, NULL), BX_NULL_POINTER);
    CHECK_STATUS(bx_westwood_ranged(NULL, 1, 6, &v), BX_NULL_POINTER);
    CHECK(v == 77);
    CHECK_STATUS(bx_westwood_ranged(w, 0, INT32_MAX, &v), BX_OK);
    CHECK(v == INT32_MIN);
    CHECK_STATUS(bx_westwood_ranged(w, 5, 5, &v), BX_OK);
    CHECK(v == 5);
    CHECK(bx_westwood_position(w) == 0);
    CHECK(bx_westwood_raw(w) == bx_westwood_raw(twin));
    CHECK_STATUS(bx_westwood_ranged(w, 6, 1, &v), BX_OK); /* swapped */
    CHECK(v >= 1 && v <= 6);

    /* fill is the raw loop. */
    int32_t buf[600];
    bx_westwood_fill(w, buf, 600);
    bx_westwood_free(twin);
    twin = bx_westwood_new(9);
    bx_westwood_discard(twin, bx_westwood_position(w) - 600);
    for (int i = 0; i < 600; ++i) {
        CHECK(buf[i] == bx_westwood_raw(twin));
    }
    bx_westwood_free(twin);

    /* Layouts round trip; bad bytes are refused. */
    uint8_t bytes[BX_WESTWOOD_RA2_LEN];
    size_t written = 0;
    CHECK_STATUS(bx_westwood_save(w, BX_WESTWOOD_TS, bytes, sizeof bytes, &written), BX_OK);
    CHECK(written == BX_WESTWOOD_TS_LEN);
    bx_westwood_rng *back = NULL;
    CHECK_STATUS(bx_westwood_load(bytes, BX_WESTWOOD_TS_LEN, BX_WESTWOOD_TS, &back), BX_OK);
    for (int i = 0; i < 300; ++i) {
        CHECK(bx_westwood_raw(back) == bx_westwood_raw(w));
    }
    bx_westwood_free(back);
    CHECK_STATUS(bx_westwood_load(bytes, BX_WESTWOOD_TS_LEN, BX_WESTWOOD_RA2, &back), BX_BAD_LENGTH);
    CHECK_STATUS(bx_westwood_load(bytes, BX_WESTWOOD_TS_LEN, 9, &back), BX_BAD_ARGUMENT);
    CHECK_STATUS(bx_westwood_save(w, BX_WESTWOOD_RA2, bytes, 1000, &written), BX_BAD_LENGTH);
    bx_westwood_set_disabled(w, true);
    CHECK(bx_westwood_disabled(w));
    CHECK(bx_westwood_raw(w) == 0);
    CHECK_STATUS(bx_westwood_save(w, BX_WESTWOOD_TS, bytes, sizeof bytes, NULL), BX_NOT_REPRESENTABLE);
    CHECK_STATUS(bx_westwood_save(w, BX_WESTWOOD_RA2, bytes, sizeof bytes, &written), BX_OK);
    CHECK(written == BX_WESTWOOD_RA2_LEN && bytes[0] == 1);
    CHECK_STATUS(bx_westwood_load(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, &back), BX_OK);
    CHECK(bx_westwood_disabled(back));
    bx_westwood_free(back);
    bytes[0] = 2; /* flag byte neither 0 nor 1 */
    CHECK_STATUS(bx_westwood_load(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, &back), BX_BAD_STATE);
    bytes[0] = 0;
    bytes[4] = 250; /* index1 out of range */
    CHECK_STATUS(bx_westwood_load(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, &back), BX_BAD_STATE);
    CHECK(back == NULL);
    bx_westwood_free(w);

    /* Identification over a small seed range. */
    w = bx_westwood_new(3);
    bx_westwood_discard(w, 500);
    bx_westwood_identity wi;
    CHECK_STATUS(bx_westwood_identify(w, 0, 16, 1000, &wi), BX_OK);
    CHECK(wi.seed == 3 && wi.draws == 500);
    CHECK_STATUS(bx_westwood_identify(w, 4, 16, 1000, &wi), BX_NOT_FOUND);
    bx_westwood_free(w);
}

static void cc_family(void) {
    /* Random4Class(): mt19937int.c's sgenrand(4357) reference outputs. */
    bx_westwood_random4 *r4 = bx_westwood_random4_new(4357);
    CHECK((uint32_t)bx_westwood_random4_raw(r4) == 3510405877u);
    CHECK((uint32_t)bx_westwood_random4_raw(r4) == 4290933890u);
    CHECK((uint32_t)bx_westwood_random4_raw(r4) == 2191955339u);
    CHECK((uint32_t)bx_westwood_random4_raw(r4) == 564929546u);
    bx_westwood_random4 *zero = bx_westwood_random4_new(0), *typo = bx_westwood_random4_new(4375);
    CHECK(bx_westwood_random4_raw(zero) == bx_westwood_random4_raw(typo));
    uint8_t st[BX_WESTWOOD_RANDOM4_STATE_LEN];
    for (int i = 0; i < 5000; ++i) {
        (void)bx_westwood_random4_raw(typo);
    }
    bx_westwood_random4_save_state(typo, st);
    bx_westwood_random4 *back = NULL;
    CHECK_STATUS(bx_westwood_random4_load_state(st, sizeof st, &back), BX_OK);
    bx_westwood_random4_identity r4id;
    CHECK_STATUS(bx_westwood_random4_identify(back, 100, &r4id), BX_OK);
    CHECK(r4id.seed == 4375 && r4id.draws == 5001);
    CHECK(bx_westwood_random4_raw(back) == bx_westwood_random4_raw(typo));
    CHECK_STATUS(bx_westwood_random4_load_state(st, 2499, &back), BX_BAD_LENGTH);
    int32_t v;
    CHECK_STATUS(bx_westwood_random4_ranged(r4, INT32_MIN, 0, &v), BX_RANGE_TOO_WIDE);
    float gf = bx_westwood_random4_get_float(r4);
    CHECK(gf >= 0.0f && gf <= 1.0f);
    bx_westwood_random4_free(r4);
    bx_westwood_random4_free(zero);
    bx_westwood_random4_free(typo);
    bx_westwood_random4_free(back);

    /* Random3Class: the pseudo-DES of (seed, index), the library's pinned
     * vectors (checked there against a second transcription). */
    bx_westwood_random3 *r3 = bx_westwood_random3_new(1, 0);
    CHECK(bx_westwood_random3_raw(r3) == -195043165);
    CHECK(bx_westwood_random3_raw(r3) == 2128042508);
    bx_westwood_random3_free(r3);
    r3 = bx_westwood_random3_new(0xdeadbeefu, 0x12345678u);
    CHECK(bx_westwood_random3_raw(r3) == 786535661);
    CHECK_STATUS(bx_westwood_random3_ranged(r3, 1, 6, &v), BX_OK);
    CHECK(v >= 1 && v <= 6);
    CHECK(bx_westwood_random3_double(r3) > 0.0);
    bx_westwood_random3_free(r3);
    /* RandomClass: seed = seed * 0x41C64E6D + 0x3039, (seed >> 10) & 0x7FFF. */
    bx_westwood_lcg *lcg = bx_westwood_lcg_new(0);
    uint32_t s = 0;
    for (int i = 0; i < 100; ++i) {
        s = s * 0x41C64E6Du + 0x3039u;
        CHECK(bx_westwood_lcg_raw(lcg) == (int32_t)((s >> 10) & 0x7FFF));
    }
    CHECK(bx_westwood_lcg_seed(lcg) == s);
    CHECK_STATUS(bx_westwood_lcg_ranged(lcg, 0, 99, &v), BX_OK);
    CHECK(v >= 0 && v <= 99);
    bx_westwood_lcg_free(lcg);

    /* OpenRA MersenneTwister(0): numpy RandomState(0)'s words mod 2^31 - 1. */
    bx_openra_rng *o = bx_openra_new(0);
    CHECK(bx_openra_next(o) == 209652397);
    CHECK(bx_openra_next(o) == 398764592);
    CHECK(bx_openra_next(o) == 924231286);
    CHECK(bx_openra_last(o) == 924231286);
    CHECK_STATUS(bx_openra_next_range(o, INT32_MIN, INT32_MAX, &v), BX_OK);
    CHECK(v == INT32_MIN);
    CHECK(bx_openra_total_count(o) == 3);
    CHECK_STATUS(bx_openra_next_range(o, 5, 4, &v), BX_EMPTY_RANGE);
    CHECK_STATUS(bx_openra_next_range(o, 0, 10, NULL), BX_NULL_POINTER);
    CHECK(bx_openra_total_count(o) == 3);
    CHECK_STATUS(bx_openra_next_range(o, 0, 10, &v), BX_OK);
    CHECK(v >= 0 && v < 10 && bx_openra_total_count(o) == 4);
    float of = bx_openra_next_float(o);
    CHECK(of >= 0.0f && of <= 1.0f);
    bx_openra_free(o);

    /* Generals GameLogicRandom(0): the Python big-integer transcription. */
    bx_generals_rng *g = bx_generals_new(0);
    CHECK(bx_generals_next_u32(g) == 1436176877u);
    CHECK(bx_generals_next_u32(g) == 659466229u);
    CHECK(bx_generals_next_u32(g) == 3894933472u);
    uint32_t before[6], after[6];
    CHECK_STATUS(bx_generals_state(g, before), BX_OK);
    CHECK(bx_generals_value(g, INT32_MIN, INT32_MAX) == INT32_MAX);
    CHECK_STATUS(bx_generals_state(g, after), BX_OK);
    CHECK(memcmp(before, after, sizeof before) == 0);
    CHECK(bx_generals_real(g, 2.0f, 1.0f) == 1.0f);
    CHECK_STATUS(bx_generals_state(g, NULL), BX_NULL_POINTER);
    bx_generals_free(g);
    g = bx_generals_new(77);
    for (int i = 0; i < 5000; ++i) {
        (void)bx_generals_next_u32(g);
    }
    CHECK_STATUS(bx_generals_state(g, after), BX_OK);
    bx_generals_rng *copy = bx_generals_from_state(after);
    bx_generals_identity gi;
    CHECK_STATUS(bx_generals_identify(copy, 10000, &gi), BX_OK);
    CHECK(gi.seed == 77 && gi.draws == 5000);
    CHECK_STATUS(bx_generals_identify(copy, 10, &gi), BX_NOT_FOUND);
    CHECK(bx_generals_from_state(NULL) == NULL);
    bx_generals_free(copy);
    bx_generals_free(g);
}

/* A minimal ELF64 x86-64 executable: one R+X PT_LOAD segment holding the
   headers, 16 nops and one textbook MT19937 tempering sequence. */
static void put(unsigned char *p, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) p[i] = (unsigned char)(v >> (8 * i));
}

static size_t tempering_elf(unsigned char *b) {
    static const unsigned char code[] = {
        0x89, 0xc1, 0xc1, 0xe9, 0x0b, 0x31, 0xc8,                         /* y ^= y >> 11 */
        0x89, 0xc1, 0xc1, 0xe1, 0x07, 0x81, 0xe1, 0x80, 0x56, 0x2c, 0x9d, 0x31, 0xc8,
        0x89, 0xc1, 0xc1, 0xe1, 0x0f, 0x81, 0xe1, 0x00, 0x00, 0xc6, 0xef, 0x31, 0xc8,
        0x89, 0xc1, 0xc1, 0xe9, 0x12, 0x31, 0xc8,                         /* y ^= y >> 18 */
        0xc3};
    const uint64_t base = 0x400000, off = 64 + 56 + 16;
    const size_t total = (size_t)off + sizeof code;
    memset(b, 0, total);
    memcpy(b, "\x7f" "ELF\x02\x01\x01", 7);
    put(b + 16, 2, 2);           /* ET_EXEC */
    put(b + 18, 0x3e, 2);        /* EM_X86_64 */
    put(b + 20, 1, 4);
    put(b + 24, base + off, 8);  /* entry */
    put(b + 32, 64, 8);          /* phoff */
    put(b + 52, 64, 2);
    put(b + 54, 56, 2);
    put(b + 56, 1, 2);
    put(b + 58, 64, 2);
    put(b + 64, 1, 4);           /* PT_LOAD */
    put(b + 68, 5, 4);           /* R+X */
    put(b + 80, base, 8);
    put(b + 88, base, 8);
    put(b + 96, total, 8);
    put(b + 104, total, 8);
    put(b + 112, 0x1000, 8);
    memset(b + 120, 0x90, 16);
    memcpy(b + off, code, sizeof code);
    return total;
}

static void scan(void) {
    unsigned char image[256];
    size_t len = tempering_elf(image);
    char *json = NULL;
    CHECK_STATUS(bx_scan_json(image, len, NULL, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"signature\":\"mt19937.temper\",\"complete\":true") != NULL);
    CHECK(json != NULL && strstr(json, "\"format\":\"elf64\"") != NULL);
    bx_string_free(json);
    json = NULL;
    CHECK_STATUS(bx_scan_json(image, len, "0x400088", &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"reachable\":true") != NULL);
    bx_string_free(json);
    char *untouched = (char *)"untouched";
    json = untouched;
    CHECK_STATUS(bx_scan_json(image, len, "turn_driver", &json), BX_NO_SUCH_FUNCTION);
    CHECK_STATUS(bx_scan_json(image, 40, NULL, &json), BX_BAD_IMAGE);
    CHECK_STATUS(bx_scan_json((const uint8_t *)"text", 4, NULL, &json), BX_BAD_IMAGE);
    CHECK(json == untouched);
    CHECK_STATUS(bx_scan_json(NULL, 0, NULL, &json), BX_NULL_POINTER);
    CHECK_STATUS(bx_scan_json(image, len, NULL, NULL), BX_NULL_POINTER);
    bx_string_free(NULL);
}

static void statuses(void) {
    CHECK(strcmp(bx_status_message(BX_OK), "success") == 0);
    CHECK(strcmp(bx_status_message(-5), "unknown status") == 0);
    for (bx_status s = BX_OK; s <= BX_NO_SUCH_FUNCTION; ++s) {
        CHECK(bx_status_message(s) != NULL && strlen(bx_status_message(s)) > 0);
    }
    CHECK(strlen(bx_version()) > 0);
}

int main(void) {
    sots_vectors();
    sots_item();
    sots_vec3();
    laige();
    westwood();
    cc_family();
    scan();
    statuses();
    printf("c abi: %d checks, %d failed\n", checks, failed);
    return failed == 0 ? 0 : 1;
}
