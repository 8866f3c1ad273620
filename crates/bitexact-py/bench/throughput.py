"""Python-side throughput of the bindings, to hold against the Rust figures
(`cargo run --release --example throughput -p bitexact`).

Prints ns/word of `Rng.fill_u32(10**7)` (bulk: one call, a numpy array) and
ns/call of `Rng.next_u32()` (one Python call per word), best of several
runs. A measurement, not a test: run it by hand on a quiet machine.
"""

import sys
import time

import numpy as np

import bitexact as bx


def best(f, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    n_fill = 10**7
    r = bx.sots.Rng(5489)
    r.fill_u32(n_fill)  # warm up: pages, caches
    fill = best(lambda: r.fill_u32(n_fill), 7)
    print(f"fill_u32(10**7)      {fill * 1e9 / n_fill:8.3f} ns/word  ({fill * 1e3:.1f} ms a call)")

    buf = np.empty(n_fill, dtype=np.uint32)
    r.fill_u32(out=buf)
    into = best(lambda: r.fill_u32(out=buf), 7)
    print(f"fill_u32(out=10**7)  {into * 1e9 / n_fill:8.3f} ns/word  (a reused array)")

    # The Rust example's buffer size (4096 words, L1-resident).
    small = bx.sots.Rng(5489)
    small_fill = best(lambda: small.fill_u32(4096), 3000)
    print(f"fill_u32(4096)       {small_fill * 1e9 / 4096:8.3f} ns/word  ({small_fill * 1e6:.2f} us a call)")

    n_calls = 10**6
    r = bx.sots.Rng(5489)
    nxt = r.next_u32

    def calls():
        for _ in range(n_calls):
            nxt()

    per_call = best(calls, 5)
    print(f"next_u32()           {per_call * 1e9 / n_calls:8.3f} ns/call")

    bg = np.random.MT19937(5489)
    raw = bg.random_raw

    def numpy_calls():
        for _ in range(n_calls):
            raw()

    print(f"  (numpy random_raw() {best(numpy_calls, 5) * 1e9 / n_calls:7.3f} ns/call, for scale)")

    def empty():
        for _ in range(n_calls):
            pass

    loop = best(empty, 5)
    print(f"  (the bare loop     {loop * 1e9 / n_calls:8.3f} ns/iteration)")
    p = bx.laige.Prng(1)
    lfill = best(lambda: p.fill(n_fill), 5)
    print(f"laige fill(10**7)    {lfill * 1e9 / n_fill:8.3f} ns/word")
    w = bx.westwood.Random2(1)
    wfill = best(lambda: w.fill(n_fill), 5)
    print(f"westwood fill(10**7) {wfill * 1e9 / n_fill:8.3f} ns/word")
    print(f"python {sys.version.split()[0]}, bitexact {bx.__version__}")


if __name__ == "__main__":
    main()
