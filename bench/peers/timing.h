/* Shared timing helper for the peer benchmarks: best of several samples,
 * each sample sized to take about `sample_s` seconds, like the Rust
 * throughput example does. */
#ifndef BITEXACT_PEERS_TIMING_H
#define BITEXACT_PEERS_TIMING_H

#include <time.h>

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Runs `run(ctx)` (which produces `words` words per call) in samples of
 * about `sample_s` seconds, `samples` times, and returns the best ns/word. */
static double best_ns_per_word(void (*run)(void *), void *ctx, double words,
                               double sample_s, int samples) {
    run(ctx); /* warm up */
    long calls = 0;
    double t0 = now_s();
    while (now_s() - t0 < sample_s / 4) {
        run(ctx);
        calls++;
    }
    long reps = calls * 4 > 0 ? calls * 4 : 1;
    double best = 1e300;
    for (int s = 0; s < samples; s++) {
        double t = now_s();
        for (long r = 0; r < reps; r++) run(ctx);
        double ns = (now_s() - t) * 1e9 / ((double)reps * words);
        if (ns < best) best = ns;
    }
    return best;
}

#endif
