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
    /* The zero state loads (a generator can hold it) but no seed reaches
       it, whatever the bound: BX_BAD_STATE, at once. */
    memset(edited, 0, sizeof edited);
    edited[2496] = 100; /* left = 100 */
    CHECK_STATUS(bx_sots_load_state(edited, sizeof edited, &loaded), BX_OK);
    bx_sots_free(loaded);
    loaded = NULL;
    CHECK_STATUS(bx_sots_identify(edited, sizeof edited, &id), BX_BAD_STATE);

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
    bx_laige_fill_u64(p, out, 4096);
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
    CHECK_STATUS(bx_laige_discard(p, 1000000), BX_OK);
    uint8_t state[BX_LAIGE_STATE_LEN];
    CHECK_STATUS(bx_laige_save_state(p, state), BX_OK);
    bx_laige_prng *q = NULL;
    CHECK_STATUS(bx_laige_load_state(state, sizeof state, &q), BX_OK);
    bx_identity li;
    CHECK_STATUS(bx_laige_identify(state, sizeof state, 2000000, &li), BX_OK);
    CHECK(li.seed == 42 && li.words_drawn == 1000000);
    CHECK_STATUS(bx_laige_identify(state, sizeof state, 10, &li), BX_NOT_FOUND);
    CHECK_STATUS(bx_laige_identify(state, sizeof state, BX_LAIGE_MAX_DRAWS + 1, &li), BX_BOUND_TOO_LARGE);
    /* SPEC 8: the whole state, so a seed field that disagrees is not 42's. */
    uint8_t forged[BX_LAIGE_STATE_LEN];
    memcpy(forged, state, sizeof forged);
    forged[0] ^= 1;
    CHECK_STATUS(bx_laige_identify(forged, sizeof forged, 2000000, &li), BX_NOT_FOUND);
    CHECK(li.seed == 42); /* untouched */
    /* A jump of any length is instant: no bound on discard. */
    bx_laige_prng *far = bx_laige_new(42);
    CHECK_STATUS(bx_laige_discard(far, UINT64_MAX), BX_OK);
    bx_laige_free(far);
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
    uint32_t buf[600];
    bx_westwood_fill_u32(w, buf, 600);
    bx_westwood_free(twin);
    twin = bx_westwood_new(9);
    CHECK_STATUS(bx_westwood_discard(twin, bx_westwood_position(w) - 600), BX_OK);
    for (int i = 0; i < 600; ++i) {
        CHECK(buf[i] == (uint32_t)bx_westwood_raw(twin));
    }
    bx_westwood_free(twin);

    /* Layouts round trip; bad bytes are refused. */
    uint8_t bytes[BX_WESTWOOD_RA2_LEN];
    size_t written = 0;
    CHECK_STATUS(bx_westwood_save_state(w, BX_WESTWOOD_TS, bytes, sizeof bytes, &written), BX_OK);
    CHECK(written == BX_WESTWOOD_TS_LEN);
    bx_westwood_rng *back = NULL;
    CHECK_STATUS(bx_westwood_load_state(bytes, BX_WESTWOOD_TS_LEN, BX_WESTWOOD_TS, &back), BX_OK);
    for (int i = 0; i < 300; ++i) {
        CHECK(bx_westwood_raw(back) == bx_westwood_raw(w));
    }
    bx_westwood_free(back);
    CHECK_STATUS(bx_westwood_load_state(bytes, BX_WESTWOOD_TS_LEN, BX_WESTWOOD_RA2, &back), BX_BAD_LENGTH);
    CHECK_STATUS(bx_westwood_load_state(bytes, BX_WESTWOOD_TS_LEN, 9, &back), BX_BAD_ARGUMENT);
    CHECK_STATUS(bx_westwood_save_state(w, BX_WESTWOOD_RA2, bytes, 1000, &written), BX_BAD_LENGTH);
    bx_westwood_set_disabled(w, true);
    CHECK(bx_westwood_disabled(w));
    CHECK(bx_westwood_raw(w) == 0);
    CHECK_STATUS(bx_westwood_save_state(w, BX_WESTWOOD_TS, bytes, sizeof bytes, NULL), BX_NOT_REPRESENTABLE);
    CHECK_STATUS(bx_westwood_save_state(w, BX_WESTWOOD_RA2, bytes, sizeof bytes, &written), BX_OK);
    CHECK(written == BX_WESTWOOD_RA2_LEN && bytes[0] == 1);
    CHECK_STATUS(bx_westwood_load_state(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, &back), BX_OK);
    CHECK(bx_westwood_disabled(back));
    bx_westwood_free(back);
    bytes[0] = 2; /* flag byte neither 0 nor 1 */
    CHECK_STATUS(bx_westwood_load_state(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, &back), BX_BAD_STATE);
    bytes[0] = 0;
    bytes[4] = 250; /* index1 out of range */
    CHECK_STATUS(bx_westwood_load_state(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, &back), BX_BAD_STATE);
    CHECK(back == NULL);
    bx_westwood_free(w);

    /* Identification over a small seed range, by the library's scheduler. */
    w = bx_westwood_new(3);
    CHECK_STATUS(bx_westwood_discard(w, 500), BX_OK);
    CHECK_STATUS(bx_westwood_save_state(w, BX_WESTWOOD_RA2, bytes, sizeof bytes, NULL), BX_OK);
    bx_identity wi;
    bx_search search;
    memset(&search, 0, sizeof search);
    search.seed_first = 0;
    search.seed_end = 16;
    for (uint32_t threads = 1; threads <= 16; threads *= 2) {
        search.threads = threads;
        memset(&wi, 0, sizeof wi);
        CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, 1000, &search, &wi), BX_OK);
        CHECK(wi.seed == 3 && wi.words_drawn == 500);
    }
    search.seed_first = 4;
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, 1000, &search, &wi), BX_NOT_FOUND);
    search.seed_first = 20; /* empty */
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, 1000, &search, &wi), BX_BAD_SEED_RANGE);
    search.seed_first = 0;
    search.seed_end = BX_WESTWOOD_SEED_SPACE + 1; /* past the last seed */
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, 1000, &search, &wi), BX_BAD_SEED_RANGE);
    search.seed_end = 16;
    search.threads = 257;
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, 1000, &search, &wi), BX_BAD_ARGUMENT);
    search.threads = 2;
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, BX_WESTWOOD_MAX_DRAWS + 1, &search, &wi), BX_BOUND_TOO_LARGE);
    /* A set cancel flag: the whole space is not searched, and that is not
     * "not found". */
    bx_cancel_flag stop = 1;
    search.cancel = &stop;
    search.seed_first = 4;
    search.seed_end = 0; /* every seed */
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, 1000, &search, &wi), BX_INTERRUPTED);
    search.cancel = NULL;
    /* The flag no draw sets: seed 3's stream, but not reachable. */
    bytes[0] = 1;
    search.seed_first = 0;
    search.seed_end = 16;
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, 1000, &search, &wi), BX_NOT_FOUND);
    /* Cursors not 103 apart: no seeding leads there. */
    bytes[0] = 0;
    bytes[4] = (uint8_t)(bytes[4] == 0 ? 1 : bytes[4] - 1);
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, 1000, &search, &wi), BX_BAD_STATE);
    CHECK_STATUS(bx_westwood_load_state(bytes, BX_WESTWOOD_RA2_LEN, BX_WESTWOOD_RA2, &back), BX_BAD_STATE);
    CHECK(wi.seed == 3 && wi.words_drawn == 500); /* untouched by the failures */
    /* The TS layout, default search settings (NULL: every core). */
    CHECK_STATUS(bx_westwood_save_state(w, BX_WESTWOOD_TS, bytes, sizeof bytes, NULL), BX_OK);
    memset(&wi, 0, sizeof wi);
    search.seed_first = 0;
    search.seed_end = 4;
    search.threads = 0;
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_TS_LEN, BX_WESTWOOD_TS, 1000, &search, &wi), BX_OK);
    CHECK(wi.seed == 3 && wi.words_drawn == 500);
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_TS_LEN, 7, 1000, NULL, &wi), BX_BAD_ARGUMENT);
    CHECK_STATUS(bx_westwood_identify(bytes, BX_WESTWOOD_TS_LEN, BX_WESTWOOD_TS, 1000, NULL, NULL), BX_NULL_POINTER);
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
    CHECK_STATUS(bx_westwood_random4_save_state(typo, st), BX_OK);
    bx_westwood_random4 *back = NULL;
    CHECK_STATUS(bx_westwood_random4_load_state(st, sizeof st, &back), BX_OK);
    bx_identity r4id;
    CHECK_STATUS(bx_westwood_random4_identify(st, sizeof st, 100, &r4id), BX_OK);
    CHECK(r4id.seed == 4375 && r4id.words_drawn == 5001);
    CHECK_STATUS(bx_westwood_random4_identify(st, sizeof st, BX_WESTWOOD_RANDOM4_MAX_TWISTS + 1, &r4id), BX_BOUND_TOO_LARGE);
    uint8_t zeros[BX_WESTWOOD_RANDOM4_STATE_LEN] = {0};
    zeros[2496] = 100; /* mti = 100 */
    CHECK_STATUS(bx_westwood_random4_identify(zeros, sizeof zeros, BX_WESTWOOD_RANDOM4_MAX_TWISTS, &r4id), BX_BAD_STATE);
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
    bx_westwood_random *lcg = bx_westwood_random_new(0);
    uint32_t s = 0;
    for (int i = 0; i < 100; ++i) {
        s = s * 0x41C64E6Du + 0x3039u;
        CHECK(bx_westwood_random_raw(lcg) == (int32_t)((s >> 10) & 0x7FFF));
    }
    CHECK(bx_westwood_random_seed(lcg) == s);
    CHECK_STATUS(bx_westwood_random_ranged(lcg, 0, 99, &v), BX_OK);
    CHECK(v >= 0 && v <= 99);
    bx_westwood_random_free(lcg);

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
    uint8_t before[BX_GENERALS_STATE_LEN], after[BX_GENERALS_STATE_LEN];
    CHECK_STATUS(bx_generals_save_state(g, before), BX_OK);
    CHECK(bx_generals_value(g, INT32_MIN, INT32_MAX) == INT32_MAX);
    CHECK_STATUS(bx_generals_save_state(g, after), BX_OK);
    CHECK(memcmp(before, after, sizeof before) == 0);
    CHECK(bx_generals_real(g, 2.0f, 1.0f) == 1.0f);
    CHECK_STATUS(bx_generals_save_state(g, NULL), BX_NULL_POINTER);
    bx_generals_free(g);
    g = bx_generals_new(77);
    for (int i = 0; i < 5000; ++i) {
        (void)bx_generals_next_u32(g);
    }
    CHECK_STATUS(bx_generals_save_state(g, after), BX_OK);
    bx_generals_rng *copy = NULL;
    CHECK_STATUS(bx_generals_load_state(after, sizeof after, &copy), BX_OK);
    CHECK(bx_generals_next_u32(copy) == bx_generals_next_u32(g));
    bx_identity gi;
    CHECK_STATUS(bx_generals_identify(after, sizeof after, 10000, &gi), BX_OK);
    CHECK(gi.seed == 77 && gi.words_drawn == 5000);
    CHECK_STATUS(bx_generals_identify(after, sizeof after, 10, &gi), BX_NOT_FOUND);
    CHECK_STATUS(bx_generals_identify(after, 23, 10000, &gi), BX_BAD_LENGTH);
    bx_generals_rng *none = (bx_generals_rng *)1;
    CHECK_STATUS(bx_generals_load_state(NULL, BX_GENERALS_STATE_LEN, &none), BX_NULL_POINTER);
    CHECK(none == NULL);
    CHECK_STATUS(bx_generals_load_state(after, 25, &none), BX_BAD_LENGTH);
    bx_generals_free(copy);
    bx_generals_free(g);

    /* .NET System.Random(-12345): Mono's values (tests/dotnet/random_driver.cs
       in the CLI crate prints them). */
    bx_dotnet_rng *d = bx_dotnet_new(-12345);
    CHECK(bx_dotnet_next_u32(d) == 143337951u);
    CHECK(bx_dotnet_next_u32(d) == 150666398u);
    CHECK(bx_dotnet_next_max(d, 6) == 4);
    CHECK(bx_dotnet_next_max(d, -1) == -1);
    int32_t dv = 0;
    CHECK_STATUS(bx_dotnet_next_range(d, 7, 1, &dv), BX_BAD_ARGUMENT);
    CHECK_STATUS(bx_dotnet_next_range(d, 1, 7, NULL), BX_NULL_POINTER);
    CHECK_STATUS(bx_dotnet_next_range(d, 1, 7, &dv), BX_OK);
    CHECK(dv == 4);
    uint8_t ds[BX_DOTNET_STATE_LEN];
    CHECK_STATUS(bx_dotnet_save_state(d, ds), BX_OK);
    bx_identity di;
    CHECK_STATUS(bx_dotnet_identify(ds, sizeof ds, 1000, &di), BX_OK);
    CHECK(di.seed == 12345 && di.words_drawn == 4);
    CHECK_STATUS(bx_dotnet_identify(ds, sizeof ds, BX_DOTNET_MAX_DRAWS + 1, &di), BX_BOUND_TOO_LARGE);
    ds[224] = 56; /* inext out of range */
    bx_dotnet_rng *dnone = (bx_dotnet_rng *)1;
    CHECK_STATUS(bx_dotnet_load_state(ds, sizeof ds, &dnone), BX_BAD_STATE);
    CHECK(dnone == NULL);
    bx_dotnet_free(d);
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
    CHECK(json != NULL && strstr(json, "\"shared_constant\":false}") != NULL);
    CHECK(json != NULL && strstr(json, "\"mt19937\":\"confirmed\",\"finding\":\"sites\"}") != NULL);
    bx_string_free(json);
    json = NULL;
    CHECK_STATUS(bx_scan_json(image, len, "0x400088", &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"reachable\":true") != NULL);
    char *page = NULL;
    CHECK_STATUS(bx_scan_html(image, len, "0x400088", false, &page), BX_OK);
    CHECK(page != NULL && strstr(page, "<title>bitexact scan</title>") != NULL);
    /* The page holds the JSON, each '<' (in "y << 7") written \u003c. */
    CHECK(page != NULL && strstr(page, "\"seen\":[\"y >> 11\",\"(y \\u003c\\u003c 7) & 0x9d2c5680\"") != NULL);
    CHECK(page != NULL && strstr(page, "\"reachable\":true,\"path\":[\"0x400088\"]}],\"data\":[]") != NULL);
    bx_string_free(page);
    CHECK_STATUS(bx_scan_html(image, len, NULL, false, NULL), BX_NULL_POINTER);
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

    /* The entry a `ret`, the tempering after the padding reached by nothing:
     * code only the sweep decodes, whose site only sweep lists, apart. */
    put(image + 24, 0x400000 + 120, 8);
    image[120] = 0xc3;
    json = NULL;
    CHECK_STATUS(bx_scan_json_with(image, len, NULL, false, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"sites\":[]") != NULL);
    CHECK(json != NULL && strstr(json, "\"sweep_sites\":[]") != NULL);
    CHECK(json != NULL && strstr(json, "\"mt19937\":null,\"finding\":\"none\"}") != NULL);
    bx_string_free(json);
    json = NULL;
    CHECK_STATUS(bx_scan_json_with(image, len, NULL, true, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"sites\":[]") != NULL);
    CHECK(json != NULL && strstr(json, "\"sweep_sites\":[{\"va\":") != NULL);
    CHECK(json != NULL && strstr(json, "\"signature\":\"mt19937.temper\",\"complete\":true") != NULL);
    CHECK(json != NULL && strstr(json, "\"sweep_only\":true,\"instructions\"") != NULL);
    bx_string_free(json);
    CHECK_STATUS(bx_scan_json_with(image, len, NULL, true, NULL), BX_NULL_POINTER);

    /* movabs rax, 0x9e3779b97f4a7c15; add rdi, rax; ret: splitmix64's
     * gamma alone, which Philox's key schedule adds too: listed as an
     * incomplete site, and no generator found. */
    len = tempering_elf(image);
    static const unsigned char golden[] = {0x48, 0xb8, 0x15, 0x7c, 0x4a, 0x7f, 0xb9, 0x79, 0x37, 0x9e,
                                           0x48, 0x01, 0xc7, 0xc3};
    memset(image + 136, 0xcc, len - 136);
    memcpy(image + 136, golden, sizeof golden);
    json = NULL;
    CHECK_STATUS(bx_scan_json(image, len, NULL, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"signature\":\"splitmix64\",\"complete\":false") != NULL);
    CHECK(json != NULL && strstr(json, "\"shared_constant\":true}") != NULL);
    CHECK(json != NULL && strstr(json, "\"finding\":\"shared_constants_only\"}") != NULL);
    bx_string_free(json);
}

/* bx_sync_json on a Generals DEBUG_RANDOM_LOGIC log written here with the
 * original's own format string, drawn from bx_generals_value. */
static void sync_logs(void) {
    static char log[64 * 1024];
    size_t n = 0;
    struct bx_generals_rng *g = bx_generals_new(0xC0FFEEu);
    n += (size_t)snprintf(log + n, sizeof log - n, "InitRandom %08lx\r\n", 0xC0FFEEul);
    for (int i = 0; i < 200; ++i) {
        int lo = i % 3, hi = 10 + i % 7;
        int v = bx_generals_value(g, lo, hi);
        if (i == 120) v = v == hi ? lo : v + 1; /* one changed value */
        n += (size_t)snprintf(log + n, sizeof log - n,
                              "%d: GetGameLogicRandomValue = %d (%d - %d), %s line %d\r\n",
                              i / 4, v, lo, hi, "Object.cpp", 100 + i);
    }
    bx_generals_free(g);
    char *json = NULL;
    CHECK_STATUS(bx_sync_json("generals", (const uint8_t *)log, n, NULL, 0, NULL, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"consistent\":false") != NULL);
    CHECK(json != NULL && strstr(json, "\"line\":122") != NULL);
    CHECK(json != NULL && strstr(json, "\"source_line\":220") != NULL);
    CHECK(json != NULL && strstr(json, "\"shift\":0") != NULL);
    /* The page holds that JSON (it has no '<' to escape) and a title. */
    char *html = NULL;
    CHECK_STATUS(bx_sync_html("generals", (const uint8_t *)log, n, NULL, 0, NULL, &html), BX_OK);
    CHECK(html != NULL && strncmp(html, "<!DOCTYPE html>", 15) == 0);
    CHECK(html != NULL && strstr(html, "<title>bitexact sync generals</title>") != NULL);
    CHECK(html != NULL && json != NULL && strstr(html, json) != NULL);
    CHECK(html != NULL && strstr(html, "id=\"div-source-line\" class=\"m\">220<") != NULL);
    bx_string_free(html);
    html = NULL;
    CHECK_STATUS(bx_sync_html("generals", (const uint8_t *)"1: GetGameLogicRandomValue = x", 30, NULL, 0, NULL, &html), BX_BAD_LOG);
    CHECK(html != NULL && strstr(html, "\"line\":1") != NULL);
    bx_string_free(html);
    CHECK_STATUS(bx_sync_html("generals", (const uint8_t *)log, n, NULL, 0, NULL, NULL), BX_NULL_POINTER);
    bx_string_free(json);
    json = NULL;
    CHECK_STATUS(bx_sync_json("generals", (const uint8_t *)"1: GetGameLogicRandomValue = x", 30, NULL, 0, NULL, &json), BX_BAD_LOG);
    CHECK(json != NULL && strstr(json, "\"line\":1") != NULL);
    bx_string_free(json);
    json = NULL;
    struct bx_sync_options o;
    memset(&o, 0, sizeof o);
    o.stream = 9;
    CHECK_STATUS(bx_sync_json("generals", (const uint8_t *)log, n, NULL, 0, &o, &json), BX_BAD_ARGUMENT);
    bx_string_free(json);
    json = NULL;
    CHECK_STATUS(bx_sync_json("nope", (const uint8_t *)log, n, NULL, 0, NULL, &json), BX_BAD_ARGUMENT);
    bx_string_free(json);
    CHECK_STATUS(bx_sync_json(NULL, (const uint8_t *)log, n, NULL, 0, NULL, &json), BX_NULL_POINTER);

    /* Two players' OpenRA reports: B made 2 more draws, and one trait's
     * member differs. */
    const char *ra = "Player: A\nSync for net frame 5 -------------\nSharedRandom: 7 (#10)\n"
                     "Synced Traits:\n\t 57 1tnk Bob Health (100)\n\t\t hp: 100\n";
    const char *rb = "Player: B\nSync for net frame 5 -------------\nSharedRandom: 9 (#12)\n"
                     "Synced Traits:\n\t 57 1tnk Bob Health (90)\n\t\t hp: 90\n";
    json = NULL;
    CHECK_STATUS(bx_sync_json("openra", (const uint8_t *)ra, strlen(ra), (const uint8_t *)rb,
                              strlen(rb), NULL, &json),
                 BX_OK);
    CHECK(json != NULL && strstr(json, "\"delta_draws\":2") != NULL);
    CHECK(json != NULL && strstr(json, "hp: 100 vs 90") != NULL);
    bx_string_free(json);
    /* "vinifera" is another name of "ts". */
    const char *vin = "Scenario random: 5\r\nRandom seed: 1\r\n";
    json = NULL;
    CHECK_STATUS(bx_sync_json("vinifera", (const uint8_t *)vin, strlen(vin), NULL, 0, NULL, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"format\":\"ts\"") != NULL);
    bx_string_free(json);
    /* A cancel flag set before the call stops a long check at once (seed 1
     * never shows this CRC: the placement would run to 10^10 draws). */
    {
        static volatile int stop = 1;
        struct bx_sync_options c;
        memset(&c, 0, sizeof c);
        c.has_seed = 1;
        c.seed = 1;
        c.max_draws = 10000000000ull;
        c.max_shift = -1;
        c.cancel = &stop;
        const char *crc = "1:0 RandomSeed: 12345\n";
        json = NULL;
        CHECK_STATUS(bx_sync_json("generals-crc", (const uint8_t *)crc, strlen(crc), NULL, 0, &c, &json),
                     BX_INTERRUPTED);
        CHECK(json != NULL && strstr(json, "stopped on request") != NULL);
        bx_string_free(json);
    }
}

/* Promise 7: a NULL handle with a valid buffer leaves the buffer as it was
 * (the handle is checked before the output is touched); so does a NULL
 * buffer with a valid handle, which also draws nothing. */
#define PATTERN 0xA5
static int untouched(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n; ++i) {
        if (b[i] != PATTERN) return 0;
    }
    return 1;
}

static void promise7(void) {
    static uint8_t raw[4096]; /* aligned for every element type below */
    static uint64_t words[512];
    void *buf = words;
    (void)raw;
#define NULL_HANDLE_LEAVES(call, bytes)                                        \
    do {                                                                       \
        memset(buf, PATTERN, sizeof words);                                    \
        call;                                                                  \
        CHECK(untouched(buf, (bytes)));                                        \
    } while (0)
    NULL_HANDLE_LEAVES(bx_sots_fill_u32(NULL, (uint32_t *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_sots_fill_unit(NULL, (double *)buf, 8), 8 * 8);
    NULL_HANDLE_LEAVES(bx_sots_fill_float(NULL, (float *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_laige_fill_u64(NULL, (uint64_t *)buf, 8), 8 * 8);
    NULL_HANDLE_LEAVES(bx_laige_fill_float01(NULL, (float *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_westwood_fill_u32(NULL, (uint32_t *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_westwood_random_fill_u32(NULL, (uint32_t *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_westwood_random3_fill_u32(NULL, (uint32_t *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_westwood_random4_fill_u32(NULL, (uint32_t *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_openra_fill_u32(NULL, (uint32_t *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_generals_fill_u32(NULL, (uint32_t *)buf, 8), 8 * 4);
    NULL_HANDLE_LEAVES(bx_sots_save_state(NULL, (uint8_t *)buf), BX_SOTS_STATE_LEN < sizeof words ? BX_SOTS_STATE_LEN : sizeof words);
    NULL_HANDLE_LEAVES(CHECK_STATUS(bx_laige_save_state(NULL, (uint8_t *)buf), BX_NULL_POINTER), BX_LAIGE_STATE_LEN);
    NULL_HANDLE_LEAVES(CHECK_STATUS(bx_generals_save_state(NULL, (uint8_t *)buf), BX_NULL_POINTER), BX_GENERALS_STATE_LEN);
    NULL_HANDLE_LEAVES(CHECK_STATUS(bx_westwood_random4_save_state(NULL, (uint8_t *)buf), BX_NULL_POINTER), sizeof words);
    size_t written = 12345;
    NULL_HANDLE_LEAVES(CHECK_STATUS(bx_westwood_save_state(NULL, BX_WESTWOOD_RA2, (uint8_t *)buf, sizeof words, &written), BX_NULL_POINTER), sizeof words);
    CHECK(written == 12345);
    /* A misaligned handle is refused the same way. */
    NULL_HANDLE_LEAVES(bx_sots_fill_u32((bx_sots_rng *)((uintptr_t)raw | 1), (uint32_t *)buf, 8), 8 * 4);

    /* A valid handle with a NULL buffer draws nothing. */
    bx_sots_rng *r = bx_sots_new(5489);
    bx_sots_fill_u32(r, NULL, 8);
    bx_sots_fill_unit(r, NULL, 8);
    bx_sots_save_state(r, NULL);
    CHECK(bx_sots_position(r) == 0);
    /* ... and a misaligned buffer is left alone. */
    memset(buf, PATTERN, sizeof words);
    bx_sots_fill_u32(r, (uint32_t *)((uint8_t *)buf + 1), 8);
    CHECK(untouched(buf, 40));
    CHECK(bx_sots_position(r) == 0);
    CHECK(bx_sots_next_u32(r) == 3499211612u);
    bx_sots_free(r);
    /* Ranged draws: a NULL handle leaves *out alone. */
    int32_t v = 4242;
    CHECK_STATUS(bx_westwood_random3_ranged(NULL, 1, 6, &v), BX_NULL_POINTER);
    CHECK_STATUS(bx_openra_next_range(NULL, 1, 6, &v), BX_NULL_POINTER);
    CHECK(v == 4242);
#undef NULL_HANDLE_LEAVES
}

/* Discards: a NULL handle is refused, a bound past the library's skip
 * limit is refused with nothing spent. */
static void discards(void) {
    bx_sots_rng *r = bx_sots_new(5489);
    CHECK_STATUS(bx_sots_discard(NULL, 5), BX_NULL_POINTER);
    CHECK_STATUS(bx_sots_discard(r, 10000000001ull), BX_BOUND_TOO_LARGE);
    CHECK(bx_sots_position(r) == 0);
    CHECK_STATUS(bx_sots_discard(r, 0), BX_OK);
    CHECK(bx_sots_next_u32(r) == 3499211612u);
    bx_sots_free(r);
    bx_westwood_rng *w = bx_westwood_new(1);
    CHECK_STATUS(bx_westwood_discard(w, UINT64_MAX), BX_BOUND_TOO_LARGE);
    CHECK(bx_westwood_raw(w) == 2025287381);
    bx_westwood_free(w);
    bx_generals_rng *g = bx_generals_new(0);
    CHECK_STATUS(bx_generals_discard(g, 2500000001ull), BX_BOUND_TOO_LARGE);
    CHECK_STATUS(bx_generals_discard(g, 2), BX_OK);
    CHECK(bx_generals_next_u32(g) == 3894933472u);
    bx_generals_free(g);
    bx_openra_rng *o = bx_openra_new(0);
    CHECK_STATUS(bx_openra_discard(o, 2), BX_OK);
    CHECK(bx_openra_total_count(o) == 2 && bx_openra_last(o) == 398764592);
    CHECK(bx_openra_next(o) == 924231286);
    bx_openra_free(o);
    bx_westwood_random *lcg = bx_westwood_random_new(0), *lcg2 = bx_westwood_random_new(0);
    CHECK_STATUS(bx_westwood_random_discard(lcg, 1000), BX_OK);
    for (int i = 0; i < 1000; ++i) (void)bx_westwood_random_raw(lcg2);
    CHECK(bx_westwood_random_seed(lcg) == bx_westwood_random_seed(lcg2));
    bx_westwood_random_free(lcg);
    bx_westwood_random_free(lcg2);
    bx_westwood_random3 *r3 = bx_westwood_random3_new(1, 0);
    CHECK_STATUS(bx_westwood_random3_discard(r3, 1), BX_OK);
    CHECK(bx_westwood_random3_raw(r3) == 2128042508);
    bx_westwood_random3_free(r3);
    bx_westwood_random4 *r4 = bx_westwood_random4_new(4357);
    CHECK_STATUS(bx_westwood_random4_discard(r4, 3), BX_OK);
    CHECK((uint32_t)bx_westwood_random4_raw(r4) == 564929546u);
    CHECK(bx_westwood_random4_position(r4) == 4);
    bx_westwood_random4_free(r4);
}

/* Each engine's raw word and fill agree with each other and with its
 * domain calls (which map those same words). */
static void words_agree(void) {
    enum { N = 700 };
    static uint32_t w32[N];
    static uint64_t w64[N];

    bx_sots_rng *s = bx_sots_new(77), *s2 = bx_sots_new(77);
    bx_sots_fill_u32(s, w32, N);
    for (int i = 0; i < N; ++i) {
        CHECK(bx_sots_next_unit(s2) == (double)w32[i] * (1.0 / 4294967295.0));
    }
    CHECK(bx_sots_next_u32(s) == bx_sots_next_u32(s2));
    bx_sots_free(s);
    bx_sots_free(s2);

    bx_laige_prng *p = bx_laige_new(77), *p2 = bx_laige_new(77);
    bx_laige_fill_u64(p, w64, N);
    for (int i = 0; i < N; ++i) {
        CHECK(bx_laige_next_float01(p2) == (float)(w64[i] >> 40) * 0x1p-24f);
    }
    CHECK(bx_laige_next_u64(p) == bx_laige_next_u64(p2));
    bx_laige_free(p);
    bx_laige_free(p2);

    bx_westwood_rng *w = bx_westwood_new(77), *w2 = bx_westwood_new(77);
    bx_westwood_fill_u32(w, w32, N);
    for (int i = 0; i < N; ++i) {
        CHECK(w32[i] == (uint32_t)bx_westwood_raw(w2));
    }
    bx_westwood_free(w);
    bx_westwood_free(w2);

    bx_westwood_random *l = bx_westwood_random_new(77), *l2 = bx_westwood_random_new(77);
    bx_westwood_random_fill_u32(l, w32, N);
    for (int i = 0; i < N; ++i) {
        CHECK(w32[i] <= 0x7FFF && w32[i] == (uint32_t)bx_westwood_random_raw(l2));
    }
    bx_westwood_random_free(l);
    bx_westwood_random_free(l2);

    bx_westwood_random3 *t = bx_westwood_random3_new(77, 5), *t2 = bx_westwood_random3_new(77, 5);
    bx_westwood_random3_fill_u32(t, w32, N);
    for (int i = 0; i < N; ++i) {
        CHECK(w32[i] == (uint32_t)bx_westwood_random3_raw(t2));
    }
    bx_westwood_random3_free(t);
    bx_westwood_random3_free(t2);

    bx_westwood_random4 *f = bx_westwood_random4_new(77), *f2 = bx_westwood_random4_new(77);
    bx_westwood_random4_fill_u32(f, w32, N);
    for (int i = 0; i < N; ++i) {
        CHECK(bx_westwood_random4_get_float(f2) == (float)w32[i] * 0x1p-32f);
    }
    CHECK(bx_westwood_random4_position(f) == N && bx_westwood_random4_position(f2) == N);
    bx_westwood_random4_free(f);
    bx_westwood_random4_free(f2);

    bx_openra_rng *o = bx_openra_new(-77), *o2 = bx_openra_new(-77);
    bx_openra_fill_u32(o, w32, N);
    for (int i = 0; i < N; ++i) {
        CHECK(bx_openra_next(o2) == (int32_t)(w32[i] % 2147483647u));
    }
    CHECK(bx_openra_total_count(o) == N && bx_openra_last(o) == bx_openra_last(o2));
    CHECK(bx_openra_next_u32(o) % 2147483647u == (uint32_t)bx_openra_next(o2));
    bx_openra_free(o);
    bx_openra_free(o2);

    bx_generals_rng *g = bx_generals_new(77), *g2 = bx_generals_new(77);
    bx_generals_fill_u32(g, w32, N);
    for (int i = 0; i < N; ++i) {
        CHECK(bx_generals_value(g2, 1, 100) == (int32_t)(w32[i] % 100u) + 1);
    }
    CHECK(bx_generals_next_u32(g) == bx_generals_next_u32(g2));
    bx_generals_free(g);
    bx_generals_free(g2);
}

/* bx_recover: found, not found, stopped at the hit budget, cancelled by the
 * flag from the progress callback, and bad input. */
struct progress_log {
    int calls;
    uint64_t last_done, total;
    bx_cancel_flag *flag;
};

static void on_progress(uint64_t done, uint64_t total, void *user) {
    struct progress_log *log = (struct progress_log *)user;
    log->calls += 1;
    log->last_done = done;
    log->total = total;
    if (log->flag != NULL) {
        *log->flag = 1;
    }
}

static void recover(void) {
    bx_hit hits[64];
    bx_recover_result res;
    bx_recover_options o;
    memset(&o, 0, sizeof o);

    /* Found: seed 1234's first two sots words; every thread count. */
    for (uint32_t threads = 1; threads <= 16; threads = threads * 2 + 1) {
        o.search.threads = threads;
        o.search.seed_end = 100000;
        memset(&res, 0xEE, sizeof res);
        CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "822569775,2137449171", &o, hits, 64, &res), BX_OK);
        CHECK(res.count == 1 && hits[0].seed == 1234 && hits[0].offset == 0);
        CHECK(res.complete && res.end == BX_END_COMPLETE && res.stopped_at == 100000 && res.searched == 100000);
    }
    /* The same through a tap by name, with an offset. */
    o.search.threads = 2;
    o.max_offset = 3;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, "u32", "2137449171,2671936806", &o, hits, 64, &res), BX_OK);
    CHECK(res.count == 1 && hits[0].seed == 1234 && hits[0].offset == 1);
    o.max_offset = 0;
    /* Westwood dice (SPEC 4's ranged), Random2Class. */
    o.search.seed_end = 2000;
    CHECK_STATUS(bx_recover(BX_ENGINE_WESTWOOD, "ranged:1,6", "5,1,2,5", &o, hits, 64, &res), BX_OK);
    int seen777 = 0;
    for (size_t i = 0; i < res.count; ++i) {
        seen777 |= hits[i].seed == 777 && hits[i].offset == 0;
        if (i > 0) CHECK(hits[i - 1].seed <= hits[i].seed);
    }
    CHECK(seen777);

    /* Not found: said only after the whole range, as BX_NOT_FOUND. */
    o.search.seed_end = 50000;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1,2", &o, hits, 64, &res), BX_NOT_FOUND);
    CHECK(res.count == 0 && res.complete && res.end == BX_END_COMPLETE && res.stopped_at == 50000);
    CHECK(res.searched == 50000);

    /* Stopped at the hit budget: every seed below stopped_at searched. */
    o.search.seed_end = 100000;
    o.max_hits = 3;
    CHECK_STATUS(bx_recover(BX_ENGINE_WESTWOOD, "ranged:1,6", "5", &o, hits, 64, &res), BX_OK);
    CHECK(res.count == 3 && !res.complete && res.end == BX_END_STOPPED);
    CHECK(res.stopped_at == hits[2].seed + 1 && res.searched == res.stopped_at);
    bx_hit budget[3];
    memcpy(budget, hits, sizeof budget);
    o.max_hits = 0; /* the buffer's capacity */
    CHECK_STATUS(bx_recover(BX_ENGINE_WESTWOOD, "ranged:1,6", "5", &o, hits, 3, &res), BX_OK);
    CHECK(res.count == 3 && memcmp(budget, hits, sizeof budget) == 0 && res.end == BX_END_STOPPED);

    /* Cancelled by the flag the progress callback sets: the whole 2^32 is
     * not searched, so it is BX_INTERRUPTED, never "not found". */
    bx_cancel_flag flag = 0;
    struct progress_log log = {0, 0, 0, &flag};
    o.search.seed_end = 0;
    o.search.cancel = &flag;
    o.search.progress = on_progress;
    o.search.user = &log;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1,2", &o, hits, 64, &res), BX_INTERRUPTED);
    CHECK(log.calls >= 1 && log.total == 4294967296ull);
    CHECK(res.end == BX_END_INTERRUPTED && !res.complete && res.count == 0);
    CHECK(res.stopped_at < 4294967296ull && res.searched == res.stopped_at);
    /* A flag already set: stops at once. */
    log.flag = NULL;
    CHECK_STATUS(bx_recover(BX_ENGINE_WESTWOOD, NULL, "1", &o, hits, 64, &res), BX_INTERRUPTED);
    CHECK(res.end == BX_END_INTERRUPTED && res.stopped_at < 4294967296ull);
    /* Progress alone: reaches the total. */
    flag = 0;
    o.search.cancel = NULL;
    o.search.seed_end = 30000;
    log.calls = 0;
    CHECK_STATUS(bx_recover(BX_ENGINE_GENERALS, "raw", "1436210207,659582884", &o, hits, 64, &res), BX_OK);
    CHECK(res.count == 1 && hits[0].seed == 5555 && log.calls >= 1 && log.last_done == 30000 && log.total == 30000);
    /* value:1,100 repeats with the seed's last two decimal digits: every
     * seed 55 mod 100 gives seed 5555's values, and all are reported. */
    o.max_hits = 64;
    CHECK_STATUS(bx_recover(BX_ENGINE_GENERALS, "value:1,100", "8,85,53,37", &o, hits, 64, &res), BX_OK);
    CHECK(res.count == 64 && hits[0].seed == 55 && hits[55].seed == 5555 && hits[63].seed == 6355);
    CHECK(res.end == BX_END_STOPPED && res.stopped_at == 6356);
    o.max_hits = 0;
    o.search.progress = NULL;
    o.search.user = NULL;

    /* Every engine. */
    o.search.seed_end = 100000;
    CHECK_STATUS(bx_recover(BX_ENGINE_WESTWOOD_RANDOM, NULL, "28051,2269,8500,26453,20370", &o, hits, 64, &res), BX_OK);
    CHECK(res.count >= 1 && hits[0].seed == 31337);
    CHECK_STATUS(bx_recover(BX_ENGINE_WESTWOOD_RANDOM3, "raw", "-191430243,1553801940", &o, hits, 64, &res), BX_OK);
    CHECK(res.count == 1 && hits[0].seed == 4242);
    CHECK_STATUS(bx_recover(BX_ENGINE_WESTWOOD_RANDOM4, "float", "0.66276366,0.18395256,0.14418484", &o, hits, 64, &res), BX_OK);
    CHECK(res.count == 1 && hits[0].seed == 90001);
    o.search.seed_first = 4294900000ull;
    o.search.seed_end = 0;
    CHECK_STATUS(bx_recover(BX_ENGINE_OPENRA, NULL, "1844333030,346629434,2046497708", &o, hits, 64, &res), BX_OK);
    CHECK(res.count == 1 && hits[0].seed == 4294967291ull); /* -5 */
    o.search.seed_first = 1000000000000ull;
    o.search.seed_end = 1000000100000ull;
    CHECK_STATUS(bx_recover(BX_ENGINE_LAIGE, "u64", "9607003792531800332", &o, hits, 64, &res), BX_OK);
    CHECK(res.count == 1 && hits[0].seed == 1000000000123ull);
    o.search.seed_first = 0;
    o.search.seed_end = 100000;

    /* Bad input: a status, and neither the result nor the buffer written. */
    memset(&res, 0xEE, sizeof res);
    hits[0].seed = 99;
    CHECK_STATUS(bx_recover(42, NULL, "1", &o, hits, 64, &res), BX_BAD_ARGUMENT);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, "nope", "1", &o, hits, 64, &res), BX_BAD_TAP);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, "int", "1", &o, hits, 64, &res), BX_BAD_TAP);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, "chance:0.5", "true", &o, hits, 64, &res), BX_BAD_TAP);
    CHECK_STATUS(bx_recover(BX_ENGINE_WESTWOOD, "float", "0.5", &o, hits, 64, &res), BX_BAD_TAP);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "x", &o, hits, 64, &res), BX_BAD_VALUE);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1,,2", &o, hits, 64, &res), BX_BAD_VALUE);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "", &o, hits, 64, &res), BX_BAD_VALUE);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "4294967296", &o, hits, 64, &res), BX_BAD_VALUE);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "\xff", &o, hits, 64, &res), BX_BAD_ARGUMENT);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, NULL, &o, hits, 64, &res), BX_NULL_POINTER);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, NULL, 64, &res), BX_NULL_POINTER);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 64, NULL), BX_NULL_POINTER);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 0, &res), BX_BAD_LENGTH);
    o.max_hits = 65;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 64, &res), BX_BAD_LENGTH);
    o.max_hits = 0;
    o.search.threads = 257;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 64, &res), BX_BAD_ARGUMENT);
    o.search.threads = 256;
    o.precision = 3;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 64, &res), BX_BAD_ARGUMENT);
    o.precision = BX_PC53;
    o.search.seed_first = 10;
    o.search.seed_end = 10;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 64, &res), BX_BAD_SEED_RANGE);
    o.search.seed_first = 0;
    o.search.seed_end = 4294967297ull;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 64, &res), BX_BAD_SEED_RANGE);
    o.search.seed_end = 0;
    CHECK_STATUS(bx_recover(BX_ENGINE_LAIGE, NULL, "1", &o, hits, 64, &res), BX_BAD_SEED_RANGE);
    o.search.seed_end = 100;
    o.max_offset = 10000000001ull;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 64, &res), BX_BOUND_TOO_LARGE);
    o.max_offset = 5000000000ull;
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, "int:5", "1", &o, hits, 64, &res), BX_BOUND_TOO_LARGE);
    o.max_offset = 0;
    o.search.cancel = (const bx_cancel_flag *)((uintptr_t)&flag | 1);
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, "1", &o, hits, 64, &res), BX_NULL_POINTER);
    o.search.cancel = NULL;
    CHECK(hits[0].seed == 99);
    unsigned char *rb = (unsigned char *)&res;
    int res_untouched = 1;
    for (size_t i = 0; i < sizeof res; ++i) res_untouched &= rb[i] == 0xEE;
    CHECK(res_untouched);

    /* NULL options are the defaults (every core, every seed); 624 raw sots
     * outputs need no search: the state is walked back (62400000 words by
     * default), and nothing is "searched". */
    static char text[624 * 11 + 1];
    uint32_t block[624];
    bx_sots_rng *r = bx_sots_new(42);
    CHECK_STATUS(bx_sots_discard(r, 1000), BX_OK);
    bx_sots_fill_u32(r, block, 624);
    bx_sots_free(r);
    size_t at = 0;
    for (int i = 0; i < 624; ++i) {
        at += (size_t)snprintf(text + at, sizeof text - at, i ? ",%u" : "%u", (unsigned)block[i]);
    }
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, text, NULL, hits, 64, &res), BX_OK);
    CHECK(res.count == 1 && hits[0].seed == 42 && hits[0].offset == 1000);
    CHECK(res.complete && res.searched == 0 && res.stopped_at == 4294967296ull);
    block[0] ^= 1; /* no longer a stream's: the walk finds nothing */
    at = 0;
    for (int i = 0; i < 624; ++i) {
        at += (size_t)snprintf(text + at, sizeof text - at, i ? ",%u" : "%u", (unsigned)block[i]);
    }
    CHECK_STATUS(bx_recover(BX_ENGINE_SOTS, NULL, text, NULL, hits, 64, &res), BX_NOT_FOUND);
    CHECK(res.count == 0 && res.complete);
}

static void statuses(void) {
    CHECK(strcmp(bx_status_message(BX_OK), "success") == 0);
    CHECK(strcmp(bx_status_message(-5), "unknown status") == 0);
    for (bx_status s = BX_OK; s <= BX_LAST_STATUS; ++s) {
        CHECK(bx_status_message(s) != NULL && strlen(bx_status_message(s)) > 0);
        CHECK(strcmp(bx_status_message(s), "unknown status") != 0);
        for (bx_status t = BX_OK; t < s; ++t) {
            CHECK(strcmp(bx_status_message(s), bx_status_message(t)) != 0);
        }
    }
    CHECK(strcmp(bx_status_message(BX_LAST_STATUS + 1), "unknown status") == 0);
    CHECK(strlen(bx_version()) > 0);
}

static void state_find(void) {
    /* A 64 KiB "save" of LCG noise holding a sots item at offset 10001 and a
     * System.Random state at 40003: each found at its offset, named by the
     * seed and the words drawn it was made with. */
    static uint8_t save[1 << 16];
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof save; i++) {
        x = x * 1103515245u + 12345u;
        save[i] = (uint8_t)(x >> 24);
    }
    bx_sots_rng *r = bx_sots_new(777);
    CHECK_STATUS(bx_sots_discard(r, 1000), BX_OK);
    bx_sots_save_state(r, save + 10001);
    bx_sots_free(r);
    bx_dotnet_rng *d = bx_dotnet_new(-2024);
    CHECK_STATUS(bx_dotnet_discard(d, 300), BX_OK);
    CHECK_STATUS(bx_dotnet_save_state(d, save + 40003), BX_OK);
    bx_dotnet_free(d);
    char *json = NULL;
    bx_search one = {0};
    one.threads = 1;
    CHECK_STATUS(bx_state_find_json(save, sizeof save, NULL, false, &one, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "{\"offset\":10001,\"engine\":\"sots\",\"seed\":777,") != NULL);
    CHECK(json != NULL && strstr(json, "\"left\":248,\"words_drawn\":1000}") != NULL);
    CHECK(json != NULL && strstr(json, "{\"offset\":40003,\"engine\":\"dotnet\",\"seed\":2024,\"negated_seed\":-2024,\"words_drawn\":300}") != NULL);
    CHECK(json != NULL && strstr(json, "\"complete\":true") != NULL);
    CHECK(json != NULL && strstr(json, "candidate_list") == NULL);
    bx_string_free(json);
    /* One engine by name; the candidates listed with why. */
    json = NULL;
    CHECK_STATUS(bx_state_find_json(save, sizeof save, "dotnet", true, NULL, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"engine\":\"sots\"") == NULL);
    CHECK(json != NULL && strstr(json, "\"engines\":[\"dotnet\"]") != NULL);
    CHECK(json != NULL && strstr(json, "\"candidate_list\":[") != NULL);
    bx_string_free(json);
    /* A cancel flag already set: stopped, said, and nothing claimed whole. */
    bx_cancel_flag stop = 1;
    bx_search cancelled = {0};
    cancelled.cancel = &stop;
    json = NULL;
    CHECK_STATUS(bx_state_find_json(save, sizeof save, NULL, false, &cancelled, &json), BX_INTERRUPTED);
    CHECK(json != NULL && strstr(json, "\"complete\":false") != NULL);
    bx_string_free(json);
    /* Names it does not look for, a damaged minidump: the status, and why. */
    json = NULL;
    CHECK_STATUS(bx_state_find_json(save, sizeof save, "sots,laige", false, NULL, &json), BX_BAD_ARGUMENT);
    CHECK(json != NULL && strstr(json, "{\"error\":\"laige: not looked for") != NULL);
    bx_string_free(json);
    json = NULL;
    CHECK_STATUS(bx_state_find_json(save, sizeof save, "mars", false, NULL, &json), BX_BAD_ARGUMENT);
    CHECK(json != NULL && strstr(json, "{\"error\":\"mars: ") != NULL);
    bx_string_free(json);
    json = NULL;
    /* Starts like a minidump but is not one: read as raw bytes, saying why. */
    CHECK_STATUS(bx_state_find_json((const uint8_t *)"MDMP\x93\xa7", 6, NULL, false, NULL, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"identified\":[],") != NULL);
    CHECK(json != NULL && strstr(json, "\"read_as_raw\":\"the minidump") != NULL);
    bx_string_free(json);
    char *untouched = (char *)"untouched";
    json = untouched;
    CHECK_STATUS(bx_state_find_json(NULL, 4, NULL, false, NULL, &json), BX_NULL_POINTER);
    CHECK(json == untouched);
    CHECK_STATUS(bx_state_find_json(save, sizeof save, NULL, false, NULL, NULL), BX_NULL_POINTER);
    json = NULL;
    CHECK_STATUS(bx_state_find_json(save, 0, NULL, false, NULL, &json), BX_OK);
    CHECK(json != NULL && strstr(json, "\"identified\":[],\"candidates\":0,\"bytes\":0") != NULL);
    bx_string_free(json);
}

int main(void) {
    sots_vectors();
    sots_item();
    sots_vec3();
    laige();
    westwood();
    cc_family();
    promise7();
    discards();
    words_agree();
    recover();
    scan();
    state_find();
    sync_logs();
    statuses();
    printf("c abi: %d checks, %d failed\n", checks, failed);
    return failed == 0 ? 0 : 1;
}
