// The C ABI from C++17: the header compiles as C++ (extern "C"), handles fit
// std::unique_ptr with their bx_*_free deleters, and the known answers hold.
// Built and run by tests/c_abi.rs against libbitexact.a and libbitexact.so.
#include "bitexact.h"

#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

int checks = 0;
int failed = 0;

void check(bool ok, const char *what, int line) {
    ++checks;
    if (!ok) {
        ++failed;
        std::fprintf(stderr, "FAIL abi_test.cpp:%d: %s\n", line, what);
    }
}

#define CHECK(cond) check((cond), #cond, __LINE__)

struct SotsFree {
    void operator()(bx_sots_rng *r) const { bx_sots_free(r); }
};
struct LaigeFree {
    void operator()(bx_laige_prng *p) const { bx_laige_free(p); }
};
struct WestwoodFree {
    void operator()(bx_westwood_rng *r) const { bx_westwood_free(r); }
};
using Sots = std::unique_ptr<bx_sots_rng, SotsFree>;
using Laige = std::unique_ptr<bx_laige_prng, LaigeFree>;
using Westwood = std::unique_ptr<bx_westwood_rng, WestwoodFree>;

void sots() {
    Sots r(bx_sots_new(5489));
    CHECK(bx_sots_next_u32(r.get()) == 3499211612u);
    CHECK(bx_sots_next_u32(r.get()) == 581869302u);
    CHECK(bx_sots_next_u32(r.get()) == 3890346734u);

    std::vector<std::uint32_t> words(10000);
    Sots f(bx_sots_new(5489));
    bx_sots_fill_u32(f.get(), words.data(), words.size());
    CHECK(words[9999] == 4123659995u);

    // Round trip through the RNG item and identify it.
    Sots s(bx_sots_new(5489));
    bx_sots_discard(s.get(), 1459);
    std::array<std::uint8_t, BX_SOTS_STATE_LEN> item{};
    bx_sots_save_state(s.get(), item.data());
    bx_sots_identity id{};
    CHECK(bx_sots_identify(item.data(), item.size(), &id) == BX_OK);
    CHECK(id.seed == 5489 && id.twists == 2 && id.left == 413 && id.words_drawn == 1459);
    bx_sots_rng *raw = nullptr;
    CHECK(bx_sots_load_state(item.data(), item.size(), &raw) == BX_OK);
    Sots loaded(raw);
    CHECK(bx_sots_next_u32(loaded.get()) == bx_sots_next_u32(s.get()));
    CHECK(bx_sots_load_state(item.data(), 7, &raw) == BX_BAD_LENGTH && raw == nullptr);
    CHECK(bx_sots_identify(nullptr, item.size(), &id) == BX_NULL_POINTER);

    bx_vec3 v{3.0f, 4.0f, 0.0f};
    float len = 0.0f;
    bx_vec3 d = bx_sots_normalize(v, BX_PC24, &len);
    CHECK(len == 5.0f && d.z == 0.0f);
}

void laige() {
    Laige p(bx_laige_new(0x1234567890ABCDEFull));
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < 4096; ++i) {
        std::uint64_t w = bx_laige_next_u64(p.get());
        for (int shift = 56; shift >= 0; shift -= 8) {
            h ^= (w >> shift) & 0xff;
            h *= 0x100000001b3ull;
        }
    }
    CHECK(h == 0xB64E76173859B6D8ull);
    std::uint32_t v = 0;
    CHECK(bx_laige_next_range(p.get(), 9, 3, &v) == BX_EMPTY_RANGE);
    CHECK(bx_laige_next_range(p.get(), 3, 9, &v) == BX_OK && v >= 3 && v < 9);
}

void westwood() {
    Westwood w(bx_westwood_new(1));
    std::int32_t v = 0;
    CHECK(bx_westwood_ranged(w.get(), 1, 2147483647, &v) == BX_OK && v == 2025287382);
    Westwood d(bx_westwood_new(1));
    CHECK(std::fabs(bx_westwood_double(d.get()) - 0.943097929470241) < 1e-15);
    CHECK(bx_westwood_ranged(w.get(), INT32_MIN, 1, &v) == BX_RANGE_TOO_WIDE);
    CHECK(bx_westwood_ranged(w.get(), 1, 6, nullptr) == BX_NULL_POINTER);
}

void recover() {
    // Value-initialised options are the defaults; a range keeps it short.
    bx_recover_options o{};
    o.search.seed_end = 100000;
    std::array<bx_hit, 8> hits{};
    bx_recover_result r{};
    CHECK(bx_recover(BX_ENGINE_SOTS, "u32", "822569775,2137449171", &o, hits.data(), hits.size(), &r) == BX_OK);
    CHECK(r.count == 1 && hits[0].seed == 1234 && hits[0].offset == 0 && r.complete);

    // Cancelled from another thread: an atomic int the worker's caller
    // polls (read as the volatile int flag, one whole-int load at a time).
    static_assert(sizeof(std::atomic<int>) == sizeof(int), "an atomic int is an int");
    std::atomic<int> stop{0};
    o.search.seed_end = 0;  // all 2^32 seeds: minutes, unless cancelled
    o.search.threads = 2;
    o.search.cancel = reinterpret_cast<const bx_cancel_flag *>(&stop);
    std::thread canceller([&stop] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        stop.store(1);
    });
    auto t0 = std::chrono::steady_clock::now();
    bx_status st = bx_recover(BX_ENGINE_SOTS, nullptr, "1,2", &o, hits.data(), hits.size(), &r);
    auto took = std::chrono::steady_clock::now() - t0;
    canceller.join();
    CHECK(st == BX_INTERRUPTED);
    CHECK(r.end == BX_END_INTERRUPTED && !r.complete && r.stopped_at < 4294967296ull);
    CHECK(r.searched == r.stopped_at && r.count == 0);
    CHECK(took < std::chrono::seconds(20));
}

void statuses() {
    CHECK(std::string(bx_status_message(BX_OK)) == "success");
    CHECK(std::string(bx_status_message(BX_NULL_POINTER)).find("NULL") != std::string::npos);
    CHECK(std::string(bx_status_message(12345)) == "unknown status");
}

}  // namespace

int main() {
    sots();
    laige();
    westwood();
    recover();
    statuses();
    std::printf("c++ abi: %d checks, %d failed\n", checks, failed);
    return failed == 0 ? 0 : 1;
}
