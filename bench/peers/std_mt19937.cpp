// std::mt19937 filling a 4096-word buffer one call at a time, the same loop
// as the Rust single-draw rows. Prints `NAME<TAB>NS_PER_WORD`.
// Build: g++ -O2 (or -O3 -march=native) -DLABEL='"..."' std_mt19937.cpp
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

extern "C" {
#include "timing.h"
}

#ifndef LABEL
#define LABEL "c++.std_mt19937"
#endif

struct Ctx {
    std::mt19937 gen;
    std::vector<uint32_t> buf;
};

static void run(void *p) {
    Ctx *c = static_cast<Ctx *>(p);
    for (auto &w : c->buf) w = static_cast<uint32_t>(c->gen());
    // Keep the buffer observable so the loop is not removed.
    __asm__ volatile("" : : "r"(c->buf.data()) : "memory");
}

int main(int argc, char **argv) {
    double secs = argc > 1 ? std::atof(argv[1]) : 0.5;
    // Self-check: the standard pins the 10000th output of the default seed.
    std::mt19937 check(5489u);
    check.discard(9999);
    if (check() != 4123659995u) {
        std::fprintf(stderr, "std::mt19937 self-check failed\n");
        return 1;
    }
    Ctx c{std::mt19937(5489u), std::vector<uint32_t>(4096)};
    double ns = best_ns_per_word(run, &c, 4096.0, secs / 10, 10);
    std::printf("%s\t%.4f\n", LABEL, ns);
    return 0;
}
