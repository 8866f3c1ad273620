#!/usr/bin/env python3
"""Independent oracle for `bitexact sync …` (SPEC 12).

    python3 run.py --bin /work/main/target/debug/bitexact [-v] [-k SUBSTRING]
    python3 run.py --selftest          (the oracle's own checks, no binary)

Builds fixtures in a temporary directory with writers.py, runs the binary
on them with --json and compares its answers with what the writers know by
construction and what expect.py computes independently.  Prints one
PASS/FAIL line per case (and what differed); INFO lines report what the
binary returned where the contract leaves a spelling or a sign open.
Exit 0 only if every case passes.  Standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True      # leave no __pycache__ in the source tree

import gens  # noqa: E402
import writers as W  # noqa: E402
import expect as X  # noqa: E402


# ---------------------------------------------------------------------------
# plumbing
# ---------------------------------------------------------------------------

class Result:
    def __init__(self, argv, rc, out, err, secs):
        self.argv, self.rc, self.out, self.err, self.secs = argv, rc, out, err, secs
        self.js = None
        self.js_error = None
        if out.strip():
            try:
                self.js = json.loads(out)
            except ValueError as e:
                self.js_error = str(e)

    def brief(self):
        o = self.out.strip()
        if len(o) > 1500:
            o = o[:1500] + "…"
        e = self.err.strip()
        if len(e) > 600:
            e = e[:600] + "…"
        return "argv=%s rc=%s (%.2fs)\n      stdout: %s\n      stderr: %s" % (
            " ".join(self.argv[1:]), self.rc, self.secs, o, e)


class Case:
    def __init__(self, name, info_only=False):
        self.name = name
        self.info_only = info_only
        self.fails = []
        self.infos = []
        self.results = []

    def fail(self, msg):
        self.fails.append(msg)

    def info(self, msg):
        self.infos.append(msg)

    def eq(self, what, got, want):
        if got != want:
            self.fail("%s: got %r, want %r" % (what, got, want))
            return False
        return True

    def ok(self, what, cond, detail=""):
        if not cond:
            self.fail(what + ((": " + detail) if detail else ""))
        return cond


class Ctx:
    def __init__(self, binary, tmp, verbose):
        self.bin = binary
        self.tmp = tmp
        self.verbose = verbose
        self.n = 0

    def path(self, name, data):
        self.n += 1
        p = os.path.join(self.tmp, "%03d_%s" % (self.n, name))
        with open(p, "wb") as f:
            f.write(data)
        return p

    def run(self, case, args, timeout=40):
        argv = [self.bin] + [str(a) for a in args]
        t0 = time.time()
        try:
            cp = subprocess.run(argv, capture_output=True, timeout=timeout)
            rc, out, err = cp.returncode, cp.stdout.decode("utf-8", "replace"), \
                cp.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            rc, out, err = "timeout", "", "timed out after %ss" % timeout
        except OSError as e:
            rc, out, err = "oserror", "", str(e)
        r = Result(argv, rc, out, err, time.time() - t0)
        case.results.append(r)
        if "panicked" in err:
            case.fail("the binary panicked: " + err.strip().splitlines()[0])
        return r


def fd_of(r):
    if r.js is None or not isinstance(r.js, dict):
        return None
    return r.js.get("first_divergence")


def need_json(case, r):
    if r.js is None or not isinstance(r.js, dict):
        case.fail("no JSON object on stdout (%s)" % (r.js_error or "empty stdout"))
        return False
    return True


def expect_consistent(case, r, position=None):
    case.eq("exit code", r.rc, 0)
    if not need_json(case, r):
        return
    case.eq("consistent", r.js.get("consistent"), True)
    if fd_of(r) is not None:
        case.fail("first_divergence should be null, got %r" % (fd_of(r),))
    if position is not None:
        case.eq("position", r.js.get("position"), position)
    amb = r.js.get("ambiguous")
    if amb not in (None, 0, 1):
        case.fail("ambiguous should be null/absent, got %r" % (amb,))


def expect_divergence(case, r):
    case.eq("exit code", r.rc, 1)
    if not need_json(case, r):
        return None
    case.eq("consistent", r.js.get("consistent"), False)
    fd = fd_of(r)
    if not isinstance(fd, dict):
        case.fail("first_divergence should be an object, got %r" % (fd,))
        return None
    return fd


def check_shift(case, r, magnitude, label=""):
    s = r.js.get("shift") if isinstance(r.js, dict) else None
    if magnitude is None:
        if s not in (None, 0):
            case.fail("shift should be null, got %r" % (s,))
        return s
    if not isinstance(s, int) or isinstance(s, bool):
        case.fail("shift should be a signed int of magnitude %d, got %r" % (magnitude, s))
        return None
    case.eq("|shift|", abs(s), magnitude)
    case.info("%sshift sign returned: %+d" % (label, s))
    return s


def as_int(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        try:
            return int(v, 0)
        except ValueError:
            return v
    return v


def check_caller(case, fd, want):
    got = fd.get("caller")
    if isinstance(got, str):
        case.fail("caller should be a number, got the string %r" % got)
        got = as_int(got)
    if isinstance(want, (set, frozenset, tuple, list)):
        if got not in want:
            case.fail("caller: got %r, want one of %s" % (got, sorted("%#x" % w for w in want)))
    else:
        if got != want:
            case.fail("caller: got %r (%s), want %d (%#010x)" % (
                got, ("%#010x" % got) if isinstance(got, int) else "?", want, want))


def line_named_in(err, line):
    return re.search(r"(?<![0-9])%d(?![0-9])" % line, err) is not None


# ---------------------------------------------------------------------------
# fixtures
# ---------------------------------------------------------------------------

SEED = 48213
OTHER_SEED = 48214
WRAP_FRAMES = 1800       # > 4096 calls at ~2.5 calls/frame
PLAIN_FRAMES = 160       # ~400 calls, frames cross 99 -> 100 (padding)
MAXD = 20000             # --max-draws for the searches in the fast cases


def phobos_file(entries, frame, facings=(), bom=False, crlf=True):
    tf = W.TextFile()
    W.write_phobos_log(tf, entries, frame, list(facings))
    return tf.text(), W.to_bytes(tf.text(), crlf=crlf, bom=bom)


def phobos_game(seed, frames, script_seed, inner=False, only_single=False, **play):
    script = W.phobos_script(frames, script_seed, only_single=only_single)
    g = W.PhobosGame(seed, inner_singles=inner)
    g.play(script, **play)
    return g, script


def pin_ring(g, caller=0x0046F0D1):
    """Make the ring's oldest entry a Single call (adding plain Single calls
    at the current frame): the first entry's own draws are then known, so
    SPEC 12.1's placement rule has exactly one answer.  (When the oldest
    entry is a Ranged call, a candidate one draw earlier also fits whenever
    that earlier word would have been rejected: see case_phobos_first_ranged.)"""
    guard = 0
    while len(g.ring) == g.ring.maxlen and not (g.ring[0].kind == "Single" and g.ring[0].call_start
                                                 and g.ring[0].caller != W.INNER_CALLER) and guard < 1000:
        g.single(caller)
        guard += 1
    return g


def entries_by_seq(entries, seq):
    for i, e in enumerate(entries):
        if e.seq == seq:
            return i
    return None


def parsed(entries_text):
    logs = X.parse_phobos(entries_text)
    return logs[-1]


# ---------------------------------------------------------------------------
# Phobos cases
# ---------------------------------------------------------------------------

def case_phobos_unwrapped(ctx):
    c = Case("phobos: unwrapped ring, Ranged lines only, consistent (position 0)")
    g, _ = phobos_game(SEED, PLAIN_FRAMES, 11)
    ents = g.snapshot()
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD)
    c.eq("oracle self-check: survivors", mine["survivors"], [0])
    p = ctx.path("phobos_plain.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r, position=0)
    # and without --json: text report, same exit code
    r2 = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD])
    c.eq("exit code (text report)", r2.rc, 0)
    return c


def case_phobos_wrapped(ctx):
    c = Case("phobos: wrapped ring (more than 4096 calls), consistent, position = draws before #00000")
    g, _ = phobos_game(SEED, WRAP_FRAMES, 12)
    pin_ring(g)
    ents = g.snapshot()
    c.eq("oracle self-check: ring length", len(ents), 4096)
    want = ents[0].pos
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD)
    c.eq("oracle self-check: survivors", mine["survivors"], [want])
    p = ctx.path("phobos_wrapped.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r, position=want)
    c.info("writer: %d calls made, ring starts at draw %d, seed %d" % (g.seq, want, SEED))
    return c


def case_phobos_wrapped_default_bound(ctx):
    c = Case("phobos: wrapped ring with the default --max-draws (10^7)")
    g, _ = phobos_game(SEED + 7, WRAP_FRAMES, 13)
    pin_ring(g)
    ents = g.snapshot()
    text, data = phobos_file(ents, g.frame, g.facings)
    p = ctx.path("phobos_wrapped_default.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED + 7, "--json"], timeout=45)
    expect_consistent(c, r, position=ents[0].pos)
    c.info("took %.2fs with the default bound" % r.secs)
    return c


def case_phobos_first_ranged(ctx):
    # SPEC 12.1's letter calls this "ambiguous"; bitexact reports it consistent
    # (a documented deviation): every placement puts calls #1.. at the same
    # draws, only the oldest call's own start differs, and its draws are not
    # in the log. The placements must still be listed, in "first_call_starts".
    c = Case("phobos: oldest entry a Ranged call whose first word would be rejected -> placed, first call's start listed")
    found = None
    for ss in range(100, 160):
        g, _ = phobos_game(SEED, WRAP_FRAMES, ss)
        ents = g.snapshot()
        if ents[0].kind == "Ranged" and ents[0].draws >= 1:
            text, data = phobos_file(ents, g.frame, g.facings)
            mine = X.phobos_place(parsed(text), SEED, MAXD)
            if len(mine["survivors"]) >= 2:
                found = (g, ents, text, data, mine)
                break
    if not found:
        c.fail("oracle: no fixture found")
        return c
    g, ents, text, data, mine = found
    c.ok("oracle self-check: the true position is among the placements", ents[0].pos in mine["survivors"])
    p = ctx.path("phobos_first_ranged.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.eq("exit code", r.rc, 0)
    if need_json(c, r):
        c.eq("consistent", r.js.get("consistent"), True)
        c.eq("first_call_starts", r.js.get("first_call_starts"), mine["survivors"][:8])
        c.eq("position", r.js.get("position"), min(mine["survivors"]))
    c.info("SPEC 12.1's rule: placements %s (true %d; oldest entry Ranged(%d, %d) drew %d)"
           % (mine["survivors"], ents[0].pos, ents[0].mn, ents[0].mx, ents[0].draws))
    return c


def case_phobos_inner_singles(ctx):
    c = Case("phobos: inner draws logged as Single lines (caller in 0x65C7E0..0x65C88D), consistent")
    g, _ = phobos_game(SEED, PLAIN_FRAMES, 14, inner=True)
    ents = g.snapshot()
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD)
    c.eq("oracle self-check: survivors", mine["survivors"], [0])
    c.ok("oracle self-check: Ranged cursors equal the last inner Single's",
         all(e.kind != "Ranged" or i == 0 or not ents[i - 1].caller == W.INNER_CALLER
             or (ents[i - 1].i1, ents[i - 1].i2) == (e.i1, e.i2) for i, e in enumerate(ents)))
    p = ctx.path("phobos_inner.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r, position=0)
    return c


def case_phobos_inner_wrapped(ctx):
    c = Case("phobos: inner-Single form, wrapped ring cut at a call boundary, consistent")
    script = W.phobos_script(WRAP_FRAMES, 15)
    g = W.PhobosGame(SEED, inner_singles=True)
    g.play(script)
    # make the ring start on a call boundary by adding plain Single calls
    guard = 0
    while not g.ring[0].call_start and guard < 500:
        g.single(0x004A1C2F)
        guard += 1
    ents = g.snapshot()
    want = ents[0].pos
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD)
    c.eq("oracle self-check: survivors", mine["survivors"], [want])
    p = ctx.path("phobos_inner_wrapped.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r, position=want)
    return c


def _alter_minmax(ents, idx, words):
    """New (mn, mx) for ents[idx] under which the replay's draw count at
    the entry's true position differs from what the game drew."""
    e = ents[idx]
    for mn, mx in [(0, 1), (0, 3), (0, 7), (0, 15), (0, 2), (0, 5), (0, 6), (0, 9), (0, 12),
                   (0, 100), (0, 200), (0, 1000), (0, 5000), (7, 7)]:
        if (mn, mx) == (e.mn, e.mx):
            continue
        n = words.count(dict(kind="Ranged", mn=mn, mx=mx), e.pos)
        if n != e.draws:
            return mn, mx
    return None


def case_phobos_wrong_minmax(ctx):
    c = Case("phobos: a Ranged entry with the wrong Min/Max is named")
    g, _ = phobos_game(SEED, PLAIN_FRAMES, 16)
    ents = g.snapshot()
    words = X.WordStream(SEED, MAXD + 6000)
    idx = None
    alt = None
    for i in range(int(len(ents) * 0.6), len(ents)):
        if ents[i].kind == "Ranged" and ents[i].draws > 0:
            alt = _alter_minmax(ents, i, words)
            if alt:
                idx = i
                break
    e = ents[idx]
    orig = (e.mn, e.mx)
    e.mn, e.mx = alt
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD, words)
    c.eq("oracle self-check: no survivor", mine["survivors"], [])
    c.eq("oracle self-check: failing entry", mine.get("fail_entry", {}).get("num"), idx)
    p = ctx.path("phobos_minmax.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.entry", as_int(fd.get("entry")), idx)
        c.eq("first_divergence.frame", as_int(fd.get("frame")), e.frame)
        check_caller(c, fd, e.caller)
    c.info("entry #%05d Min/Max %r -> %r (game drew %d, replay under the wrong bounds draws otherwise)"
           % (idx, orig, alt, e.draws))
    if isinstance(r.js, dict):
        c.info("shift returned: %r" % (r.js.get("shift"),))
    return c


def case_phobos_hidden_draw(ctx):
    c = Case("phobos: one draw the log does not show (game drew, no line) -> entry, |shift| 1")
    script = W.phobos_script(PLAIN_FRAMES, 17)
    x = next(i for i in range(len(script) // 2, len(script)) if script[i][1] == "Single")
    g = W.PhobosGame(SEED)
    g.play(script, unlogged_at=x)
    ents = g.snapshot()
    idx = entries_by_seq(ents, g.call_entry[x].seq)
    e = ents[idx]
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD)
    c.eq("oracle self-check: failing entry", mine.get("fail_entry", {}).get("num"), idx)
    k = X.phobos_shift(parsed(text), SEED, 0, mine.get("fail_call", 0), words=mine["words"])
    c.eq("oracle self-check: shift", k, 1)
    p = ctx.path("phobos_hidden_draw.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.entry", as_int(fd.get("entry")), idx)
        c.eq("first_divergence.frame", as_int(fd.get("frame")), e.frame)
        check_caller(c, fd, e.caller)
        check_shift(c, r, 1, "hidden draw (game made 1 extra draw): ")
    ctx.phobos_hidden_shift = r.js.get("shift") if isinstance(r.js, dict) else None
    return c


def case_phobos_fabricated(ctx):
    c = Case("phobos: one fabricated Single line (no draw behind it) -> entry, |shift| 1, other sign")
    g, _ = phobos_game(SEED, PLAIN_FRAMES, 18)
    ents = g.snapshot()
    j = len(ents) // 2
    prev = ents[j - 1]
    fake = W.PhobosEntry("Single", 0x00601234, prev.frame, prev.i1, prev.i2)
    ents.insert(j, fake)
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD)
    c.eq("oracle self-check: failing entry", mine.get("fail_entry", {}).get("num"), j)
    k = X.phobos_shift(parsed(text), SEED, 0, mine.get("fail_call", 0), words=mine["words"])
    c.eq("oracle self-check: shift", k, -1)
    p = ctx.path("phobos_fabricated.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.entry", as_int(fd.get("entry")), j)
        c.eq("first_divergence.frame", as_int(fd.get("frame")), fake.frame)
        check_caller(c, fd, fake.caller)
        s = check_shift(c, r, 1, "fabricated line (no draw behind it): ")
        hs = getattr(ctx, "phobos_hidden_shift", None)
        if isinstance(s, int) and isinstance(hs, int) and hs != 0 and s != 0:
            c.ok("shift signs of 'hidden draw' and 'fabricated line' are opposite",
                 (s > 0) != (hs > 0), "hidden %+d, fabricated %+d" % (hs, s))
    return c


def case_phobos_other_seed(ctx):
    c = Case("phobos: a log from another seed is never consistent")
    g, _ = phobos_game(OTHER_SEED, PLAIN_FRAMES, 19)
    ents = g.snapshot()
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD)
    c.eq("oracle self-check: survivors", mine["survivors"], [])
    p = ctx.path("phobos_other_seed.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.eq("exit code", r.rc, 1)
    if need_json(c, r):
        c.eq("consistent", r.js.get("consistent"), False)
        fd = fd_of(r)
        if isinstance(fd, dict) and "fail_entry" in mine:
            c.info("first_divergence returned: %r; oracle's last-surviving entry #%05d"
                   % (fd, mine["fail_entry"]["num"]))
    # the same log against its own seed is consistent
    r2 = ctx.run(c, ["sync", "phobos", p, "--seed", OTHER_SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r2, position=0)
    return c


def case_phobos_only_singles(ctx):
    c = Case("phobos: a log of only Single calls cannot be placed -> ambiguous, never consistent")
    g, _ = phobos_game(SEED, PLAIN_FRAMES, 20, only_single=True)
    ents = g.snapshot()
    text, data = phobos_file(ents, g.frame, g.facings)
    resid = (ents[0].i1 - 1) % 250
    n_le = len([q for q in range(MAXD + 1) if q % 250 == resid])
    n_lt = len([q for q in range(MAXD) if q % 250 == resid])
    p = ctx.path("phobos_singles.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.eq("exit code", r.rc, 1)
    if need_json(c, r):
        c.eq("consistent", r.js.get("consistent"), False)
        amb = r.js.get("ambiguous")
        if not (isinstance(amb, int) and not isinstance(amb, bool) and amb >= 2):
            c.fail("ambiguous should be a count >= 2, got %r" % (amb,))
        elif amb not in (n_le, n_lt):
            c.fail("ambiguous: got %d, want %d (p <= max-draws) or %d (p < max-draws)"
                   % (amb, n_le, n_lt))
        else:
            c.info("ambiguous = %d (%s bound)" % (amb, "inclusive" if amb == n_le else "exclusive"))
    return c


def case_phobos_two_logs(ctx, wrapped):
    frames = WRAP_FRAMES if wrapped else PLAIN_FRAMES
    c = Case("phobos: two players' logs, B made one extra call (%s rings, no seed)"
             % ("wrapped" if wrapped else "unwrapped"))
    script = W.phobos_script(frames, 21 + wrapped)
    x = next(i for i in range(int(len(script) * 0.7), len(script)) if script[i][1] == "Ranged")
    a = W.PhobosGame(SEED)
    a.play(script)
    b = W.PhobosGame(SEED)
    b.play(script, extra_at=x, extra_caller=0x0047AA01)
    ea, eb = a.snapshot(), b.snapshot()
    ia = entries_by_seq(ea, a.call_entry[x].seq)
    ib = entries_by_seq(eb, b.extra_entry.seq)
    fe = eb[ib]
    ta, da = phobos_file(ea, a.frame, a.facings)
    tb, db = phobos_file(eb, b.frame, b.facings)
    pa = ctx.path("phobos_A%s.txt" % ("_w" if wrapped else ""), da)
    pb = ctx.path("phobos_B%s.txt" % ("_w" if wrapped else ""), db)
    r = ctx.run(c, ["sync", "phobos", pa, pb, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        ent = as_int(fd.get("entry"))
        if ent not in (ia, ib):
            c.fail("first_divergence.entry: got %r, want #%d (B's extra call) or #%d (A's entry there)"
                   % (ent, ib, ia))
        elif ia != ib:
            c.info("entry returned %d = %s's numbering" % (ent, "B" if ent == ib else "A"))
        c.eq("first_divergence.frame", as_int(fd.get("frame")), fe.frame)
        check_caller(c, fd, {fe.caller, ea[ia].caller})
        if as_int(fd.get("caller")) != fe.caller:
            c.info("caller returned is A's entry's, not B's extra call's")
        check_shift(c, r, 1, "B has the extra call: ")
        c.info("first_divergence returned: %s" % json.dumps(fd))
    # swapped order: A has one call fewer
    r2 = ctx.run(c, ["sync", "phobos", pb, pa, "--json"])
    fd2 = expect_divergence(c, r2)
    if fd2:
        c.eq("swapped: first_divergence.frame", as_int(fd2.get("frame")), fe.frame)
        check_shift(c, r2, 1, "swapped (A has the extra call): ")
    # identical logs agree
    r3 = ctx.run(c, ["sync", "phobos", pa, pa, "--json"])
    c.eq("identical logs: exit code", r3.rc, 0)
    if need_json(c, r3):
        c.eq("identical logs: consistent", r3.js.get("consistent"), True)
    return c


def case_phobos_two_logs_plain(ctx):
    return case_phobos_two_logs(ctx, False)


def case_phobos_two_logs_wrapped(ctx):
    return case_phobos_two_logs(ctx, True)


def case_phobos_multi_log(ctx):
    c = Case("phobos: several logs appended in one file, --log K (default the last)")
    script = W.phobos_script(WRAP_FRAMES, 23)
    g = W.PhobosGame(SEED)
    cut1, cut2 = 300, 2600
    tf = W.TextFile()
    g.play(script, upto=cut1)
    e1 = g.snapshot()
    W.write_phobos_log(tf, e1, g.frame, list(g.facings))
    g.play(script, start=cut1, upto=cut2)
    pin_ring(g)
    e2 = g.snapshot()
    words = X.WordStream(SEED, MAXD + 8000)
    idx = None
    for i in range(int(len(e2) * 0.5), len(e2)):
        if e2[i].kind == "Ranged" and e2[i].draws > 0:
            alt = _alter_minmax(e2, i, words)
            if alt:
                idx = i
                e2[i].mn, e2[i].mx = alt
                break
    W.write_phobos_log(tf, e2, g.frame, list(g.facings))
    g.play(script, start=cut2)
    pin_ring(g)
    e3 = g.snapshot()
    W.write_phobos_log(tf, e3, g.frame, list(g.facings))
    logs = X.parse_phobos(tf.text())
    c.eq("oracle self-check: 3 logs", len(logs), 3)
    m2 = X.phobos_place(logs[1], SEED, MAXD, words)
    c.eq("oracle self-check: log 2 fails at", m2.get("fail_entry", {}).get("num"), idx)
    p = ctx.path("phobos_multi.txt", W.to_bytes(tf.text()))
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r, position=e3[0].pos)
    r1 = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--log", 1, "--json"])
    expect_consistent(c, r1, position=0)
    r2 = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--log", 2, "--json"])
    fd = expect_divergence(c, r2)
    if fd:
        c.eq("--log 2: first_divergence.entry", as_int(fd.get("entry")), idx)
        c.eq("--log 2: first_divergence.frame", as_int(fd.get("frame")), e2[idx].frame)
        check_caller(c, fd, e2[idx].caller)
    r3 = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--log", 3, "--json"])
    expect_consistent(c, r3, position=e3[0].pos)
    r4 = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--log", 4, "--json"])
    c.eq("--log 4 (only 3 logs): exit code", r4.rc, 2)
    return c


def case_phobos_bom(ctx):
    c = Case("phobos: CRLF + UTF-8 BOM, wrapped ring, consistent")
    g, _ = phobos_game(SEED, WRAP_FRAMES, 24)
    pin_ring(g)
    ents = g.snapshot()
    text, data = phobos_file(ents, g.frame, g.facings, bom=True)
    c.ok("oracle self-check: BOM and CRLF present", data.startswith(W.BOM) and b"\r\n" in data)
    p = ctx.path("phobos_bom.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r, position=ents[0].pos)
    # a LF-only copy (not required by SPEC 12; reported only)
    _, lf = phobos_file(ents, g.frame, g.facings, crlf=False)
    p2 = ctx.path("phobos_lf.txt", lf)
    r2 = ctx.run(c, ["sync", "phobos", p2, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.info("LF-only copy: exit %s" % r2.rc)
    return c


def case_phobos_malformed(ctx):
    c = Case("phobos: a malformed entry line -> exit 2 naming its line number")
    g, _ = phobos_game(SEED, PLAIN_FRAMES, 25)
    ents = g.snapshot()
    text, _ = phobos_file(ents, g.frame, g.facings)
    lines = text.split("\n")
    e = ents[len(ents) // 3]
    bad = lines[e.line - 1]
    bad2 = re.sub(r"Caller: [0-9a-f]{8}", "Caller: 00zz1c2f", bad)
    c.ok("oracle self-check: line altered", bad2 != bad)
    lines[e.line - 1] = bad2
    p = ctx.path("phobos_malformed.txt", W.to_bytes("\n".join(lines), bom=True))
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.eq("exit code", r.rc, 2)
    c.ok("stderr names line %d" % e.line, line_named_in(r.err, e.line), repr(r.err.strip()[:300]))
    c.ok("stderr is one line", len([x for x in r.err.strip().splitlines() if x.strip()]) == 1,
         repr(r.err.strip()[:300]))
    return c


def case_phobos_cursor_break(ctx):
    c = Case("phobos: a line breaking Index2 = Index1 + 103 (mod 250) is reported, not used")
    g, _ = phobos_game(SEED, PLAIN_FRAMES, 26)
    ents = g.snapshot()
    e = ents[len(ents) // 2]
    e.i2 = (e.i2 + 1) % 250
    text, data = phobos_file(ents, g.frame, g.facings)
    p = ctx.path("phobos_cursor_break.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.ok("exit code is 1 or 2", r.rc in (1, 2), "got %r" % (r.rc,))
    named = False
    if r.rc == 2:
        named = line_named_in(r.err, e.line)
    else:
        fd = fd_of(r)
        named = isinstance(fd, dict) and (as_int(fd.get("entry")) == e.num)
        named = named or (e.line is not None and line_named_in(r.out, e.line)) or \
            ('"#%05d' % e.num in r.out) or ("%05d" % e.num in r.out)
    c.ok("the offending entry #%05d (line %d) is named" % (e.num, e.line), named)
    c.info("returned exit %s" % r.rc)
    return c


def case_phobos_truncated(ctx):
    c = Case("phobos: a file truncated mid-line (and one cut at a line end)")
    g, _ = phobos_game(SEED, WRAP_FRAMES, 27)
    pin_ring(g)
    ents = g.snapshot()
    text, _ = phobos_file(ents, g.frame, g.facings)
    data = W.to_bytes(text)
    e = ents[-40]
    lines = text.split("\n")
    # cut inside the Caller field of entry e
    cut_text = "\n".join(lines[:e.line - 1]) + "\n" + lines[e.line - 1][:24]
    p = ctx.path("phobos_trunc_mid.txt", W.to_bytes(cut_text))
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    if r.rc == 2:
        c.ok("exit 2 names the truncated line %d" % e.line, line_named_in(r.err, e.line),
             repr(r.err.strip()[:300]))
        c.info("mid-line truncation: exit 2 (bad input)")
    elif r.rc == 0:
        if need_json(c, r):
            c.eq("position (complete lines only)", r.js.get("position"), ents[0].pos)
        c.info("mid-line truncation: exit 0, partial line ignored")
    else:
        c.fail("mid-line truncation: exit %r (want 2 naming line %d, or 0 on the complete lines)"
               % (r.rc, e.line))
    # cut at a line end: no closing blank line, no later sections
    cut2 = "\n".join(lines[:e.line]) + "\n"
    p2 = ctx.path("phobos_trunc_eol.txt", W.to_bytes(cut2))
    r2 = ctx.run(c, ["sync", "phobos", p2, "--seed", SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r2, position=ents[0].pos)
    return c


# ---------------------------------------------------------------------------
# Generals DEBUG_RANDOM_LOGIC cases
# ---------------------------------------------------------------------------

GSEED = 0x5A17C0DE
GSEED_OTHER = 0x5A17C0DF


def gen_game(seed=GSEED, frames=120, script_seed=31, prefix=None, header=True, **kw):
    g = W.GeneralsGame(prefix=prefix)
    g.init_random(seed, log=header)
    W.generals_play(g, frames, script_seed, audio=True, **kw)
    return g


def logic_int_lines(g, lo_hi_ok=True):
    out = []
    for gl in g.lines:
        if gl.stream == "logic" and gl.kind == "int":
            if lo_hi_ok and not (0 <= gl.lo < gl.hi <= 100000):
                continue
            out.append(gl)
    return out


def replace_line(text, line_no, new):
    lines = text.split("\n")
    lines[line_no - 1] = new
    return "\n".join(lines)


def case_gen_consistent(ctx):
    c = Case("generals: DEBUG_RANDOM_LOGIC log (client/audio interleaved), consistent, position 0")
    g = gen_game()
    text = g.tf.text()
    mine = X.generals_check(text, None)
    c.eq("oracle self-check", mine["consistent"], True)
    p = ctx.path("gen_plain.txt", W.to_bytes(text))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    expect_consistent(c, r, position=0)
    r2 = ctx.run(c, ["sync", "generals", p, "--stream", "logic", "--json"])
    expect_consistent(c, r2, position=0)
    nreal = len([x for x in g.lines if x.stream == "logic" and x.kind == "real"])
    c.info("%d logic lines (%d real, unchecked), %d client, %d audio" % (
        len([x for x in g.lines if x.stream == "logic"]), nreal,
        len([x for x in g.lines if x.stream == "client"]),
        len([x for x in g.lines if x.stream == "audio"])))
    return c


def case_gen_streams(ctx):
    c = Case("generals: --stream client and --stream audio replay their own streams")
    g = gen_game(script_seed=32)
    text = g.tf.text()
    c.eq("oracle self-check client", X.generals_check(text, None, "client")["consistent"], True)
    c.eq("oracle self-check audio", X.generals_check(text, None, "audio")["consistent"], True)
    p = ctx.path("gen_streams.txt", W.to_bytes(text))
    for st in ("client", "audio"):
        r = ctx.run(c, ["sync", "generals", p, "--stream", st, "--json"])
        expect_consistent(c, r, position=0)
    # corrupt one client line: logic stays consistent, client diverges there
    cl = [x for x in g.lines if x.stream == "client" and x.kind == "int"][5]
    bad = W.FMT_VALUE["client"] % (cl.frame, (cl.value + 1) % 360, cl.lo, cl.hi, cl.file, cl.src)
    text2 = replace_line(text, cl.line, bad.rstrip("\n"))
    p2 = ctx.path("gen_client_bad.txt", W.to_bytes(text2))
    r = ctx.run(c, ["sync", "generals", p2, "--stream", "logic", "--json"])
    expect_consistent(c, r, position=0)
    r = ctx.run(c, ["sync", "generals", p2, "--stream", "client", "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("client: first_divergence.line", as_int(fd.get("line")), cl.line)
    return c


def case_gen_prefix_bom(ctx):
    c = Case("generals: logger prefix before every line + BOM + CRLF, consistent")
    pre = lambda f, n: "[%07d] WinMain DEBUG: " % (n * 17)  # noqa: E731
    g = gen_game(prefix=pre, script_seed=33)
    text = g.tf.text()
    c.eq("oracle self-check", X.generals_check(text, None)["consistent"], True)
    p = ctx.path("gen_prefix.txt", W.to_bytes(text, bom=True))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    expect_consistent(c, r, position=0)
    return c


def case_gen_changed_value(ctx):
    c = Case("generals: one changed value -> line, frame, file, source line")
    g = gen_game(script_seed=34)
    text = g.tf.text()
    cands = logic_int_lines(g)
    gl = cands[len(cands) // 2]
    d = gl.hi - gl.lo + 1
    newv = gl.lo + ((gl.value - gl.lo + 1) % d)
    bad = W.FMT_VALUE["logic"] % (gl.frame, newv, gl.lo, gl.hi, gl.file, gl.src)
    text2 = replace_line(text, gl.line, bad.rstrip("\n"))
    mine = X.generals_check(text2, None)
    c.eq("oracle self-check: failing line", (mine["fail"] or {}).get("line"), gl.line)
    p = ctx.path("gen_changed.txt", W.to_bytes(text2))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.line", as_int(fd.get("line")), gl.line)
        c.eq("first_divergence.frame", as_int(fd.get("frame")), gl.frame)
        c.eq("first_divergence.file", fd.get("file"), gl.file)
        c.eq("first_divergence.source_line", as_int(fd.get("source_line")), gl.src)
        check_shift(c, r, None)
        c.info("first_divergence returned: %s" % json.dumps(fd))
    return c


def case_gen_removed_line(ctx):
    c = Case("generals: one line removed (game drew, log lacks it) -> next line named, |shift| 1")
    g = gen_game(script_seed=35)
    text = g.tf.text()
    logic = [x for x in g.lines if x.stream == "logic"]
    # remove a logic int line whose next logic line is an int line
    i = next(k for k in range(len(logic) // 2, len(logic) - 1)
             if logic[k].kind == "int" and logic[k + 1].kind == "int")
    gone = logic[i]
    lines = text.split("\n")
    del lines[gone.line - 1]
    text2 = "\n".join(lines)
    mine = X.generals_check(text2, None)
    c.ok("oracle self-check: diverges", not mine["consistent"])
    c.eq("oracle self-check: shift", mine["shift"], 1)
    want = mine["fail"] or {}
    nxt = logic[i + 1]
    c.eq("oracle self-check: fails at the next logic line", want.get("line"), nxt.line - 1)
    p = ctx.path("gen_removed.txt", W.to_bytes(text2))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.line", as_int(fd.get("line")), want.get("line"))
        c.eq("first_divergence.frame", as_int(fd.get("frame")), want.get("frame"))
        c.eq("first_divergence.file", fd.get("file"), want.get("file"))
        c.eq("first_divergence.source_line", as_int(fd.get("source_line")), want.get("src"))
        check_shift(c, r, 1, "line removed (game made 1 extra draw): ")
    ctx.gen_removed_shift = r.js.get("shift") if isinstance(r.js, dict) else None
    return c


def case_gen_inserted_line(ctx):
    c = Case("generals: one fabricated line inserted -> that line named, |shift| 1, other sign")
    g = gen_game(script_seed=36)
    text = g.tf.text()
    logic = [x for x in g.lines if x.stream == "logic"]
    i = next(k for k in range(len(logic) // 2, len(logic)) if logic[k].kind == "int")
    before = logic[i]
    # what the replay would draw at that position
    rep = gens.GameLogicRandom(GSEED)
    for _ in range(before.pos):
        rep.draw()
    w = rep.draw()
    exp = gens.s32(w % 100)
    fake_v = (exp + 37) % 100
    fake = W.FMT_VALUE["logic"] % (before.frame, fake_v, 0, 99, W.GEN_FILES[0], 4242)
    lines = text.split("\n")
    lines.insert(before.line - 1, fake.rstrip("\n"))
    text2 = "\n".join(lines)
    mine = X.generals_check(text2, None)
    c.eq("oracle self-check: failing line", (mine["fail"] or {}).get("line"), before.line)
    c.eq("oracle self-check: shift", mine["shift"], -1)
    p = ctx.path("gen_inserted.txt", W.to_bytes(text2))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.line", as_int(fd.get("line")), before.line)
        c.eq("first_divergence.frame", as_int(fd.get("frame")), before.frame)
        c.eq("first_divergence.file", fd.get("file"), W.GEN_FILES[0])
        c.eq("first_divergence.source_line", as_int(fd.get("source_line")), 4242)
        s = check_shift(c, r, 1, "fabricated line (no draw behind it): ")
        rs = getattr(ctx, "gen_removed_shift", None)
        if isinstance(s, int) and isinstance(rs, int) and s and rs:
            c.ok("shift signs of 'removed' and 'inserted' are opposite", (s > 0) != (rs > 0),
                 "removed %+d, inserted %+d" % (rs, s))
    return c


def case_gen_seeds(ctx):
    c = Case("generals: --seed without InitRandom lines; another seed diverges; a forged header diverges")
    g = gen_game(header=False, script_seed=37)
    text = g.tf.text()
    p = ctx.path("gen_noheader.txt", W.to_bytes(text))
    r = ctx.run(c, ["sync", "generals", p, "--seed", GSEED, "--json"])
    expect_consistent(c, r, position=0)
    r = ctx.run(c, ["sync", "generals", p, "--seed", "%#x" % GSEED, "--json"])
    expect_consistent(c, r, position=0)
    r = ctx.run(c, ["sync", "generals", p, "--seed", GSEED_OTHER, "--json"])
    fd = expect_divergence(c, r)
    first = next(x for x in g.lines if x.stream == "logic" and x.kind == "int")
    mine = X.generals_check(text, GSEED_OTHER)
    if fd and mine["fail"]:
        c.eq("other seed: first_divergence.line", as_int(fd.get("line")), mine["fail"]["line"])
    c.info("other seed: oracle's first mismatching line %s (first int line %d)"
           % ((mine["fail"] or {}).get("line"), first.line))
    # forged header: InitRandom says GSEED, the values come from another seed
    g2 = W.GeneralsGame()
    g2.other(W.FMT_INIT % GSEED)
    g2.init_random(GSEED_OTHER, log=False)
    W.generals_play(g2, 80, 38, audio=True)
    p2 = ctx.path("gen_forged.txt", W.to_bytes(g2.tf.text()))
    r = ctx.run(c, ["sync", "generals", p2, "--json"])
    expect_divergence(c, r)
    return c


def case_gen_reseed(ctx):
    c = Case("generals: 'InitRandom Logic' mid-file re-seeds the logic stream and restarts the count")
    g = W.GeneralsGame()
    g.init_random(GSEED)
    W.generals_play(g, 60, 39, audio=True)
    g.init_logic(0xCAFEF00D)
    W.generals_play(g, 60, 40, first_frame=61, audio=True)
    text = g.tf.text()
    c.eq("oracle self-check", X.generals_check(text, None)["consistent"], True)
    p = ctx.path("gen_reseed.txt", W.to_bytes(text))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    expect_consistent(c, r)
    # the client stream is NOT re-seeded by 'InitRandom Logic'
    r = ctx.run(c, ["sync", "generals", p, "--stream", "client", "--json"])
    expect_consistent(c, r)
    return c


def case_gen_malformed(ctx):
    c = Case("generals: a malformed random line -> exit 2 naming its line number")
    g = gen_game(script_seed=41)
    text = g.tf.text()
    gl = logic_int_lines(g)[10]
    bad = W.FMT_VALUE["logic"] % (gl.frame, gl.value, gl.lo, gl.hi, gl.file, gl.src)
    bad = bad.replace("(%d - %d)" % (gl.lo, gl.hi), "(%d - x%d)" % (gl.lo, gl.hi))
    text2 = replace_line(text, gl.line, bad.rstrip("\n"))
    p = ctx.path("gen_malformed.txt", W.to_bytes(text2))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    c.eq("exit code", r.rc, 2)
    c.ok("stderr names line %d" % gl.line, line_named_in(r.err, gl.line), repr(r.err.strip()[:300]))
    return c


def case_gen_truncated(ctx):
    c = Case("generals: a file truncated mid-line")
    g = gen_game(script_seed=42)
    text = g.tf.text()
    gl = logic_int_lines(g)[-3]
    lines = text.split("\n")
    cut = "\n".join(lines[:gl.line - 1]) + "\n" + lines[gl.line - 1][:len("%d: GetGameLogicRandomValue = " % gl.frame) + 1]
    p = ctx.path("gen_trunc.txt", W.to_bytes(cut))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    if r.rc == 2:
        c.ok("exit 2 names the truncated line %d" % gl.line, line_named_in(r.err, gl.line),
             repr(r.err.strip()[:300]))
        c.info("mid-line truncation: exit 2")
    elif r.rc == 0:
        c.info("mid-line truncation: exit 0, partial line ignored")
    else:
        c.fail("mid-line truncation: exit %r (want 2 naming line %d, or 0)" % (r.rc, gl.line))
    return c


def case_gen_two_logs(ctx):
    c = Case("generals: two machines' logs, B made one extra logic call (contract LOG LOG2)")
    a = gen_game(script_seed=43)
    fl = W.GEN_FILES[2]
    b = gen_game(script_seed=43, extra_at=(70, 0), extra=(0, 99, fl, 777))
    extra = next(x for x in b.lines if x.src == 777 and x.file == fl)
    pa = ctx.path("gen_A.txt", W.to_bytes(a.tf.text()))
    pb = ctx.path("gen_B.txt", W.to_bytes(b.tf.text()))
    r = ctx.run(c, ["sync", "generals", pa, pb, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.frame", as_int(fd.get("frame")), extra.frame)
        c.info("first_divergence returned: %s; B's extra call is line %d (%s line %d)"
               % (json.dumps(fd), extra.line, extra.file, extra.src))
        s = r.js.get("shift")
        if s is not None:
            c.eq("|shift|", abs(s) if isinstance(s, int) else s, 1)
        c.info("shift returned %r" % (s,))
    r2 = ctx.run(c, ["sync", "generals", pa, pa, "--json"])
    c.eq("identical logs: exit code", r2.rc, 0)
    return c


# ---------------------------------------------------------------------------
# Generals crcDebug cases
# ---------------------------------------------------------------------------

CSEED = 0x00C0FFEE
CMAX = 6000


def crc_game(seed=CSEED, frames=300, script_seed=51, **kw):
    g = W.CrcDebugGame(seed, index_fmt=kw.pop("index_fmt", "%d:%d "))
    W.crcdebug_play(g, frames, script_seed, start_logging_at=20, **kw)
    return g


def case_crc_consistent(ctx):
    c = Case("generals-crc: crcDebug RandomSeed lines, consistent, position = draws at the first line")
    g = crc_game()
    text = g.tf.text()
    mine = X.crcdebug_check(text, CSEED, CMAX)
    c.eq("oracle self-check", mine["consistent"], True)
    want = g.seed_lines[0]["draws"]
    c.eq("oracle self-check: placements", [k for _, _, k in mine["placed"]],
         [d["draws"] for d in g.seed_lines])
    p = ctx.path("crc_plain.txt", W.to_bytes(text))
    r = ctx.run(c, ["sync", "generals-crc", p, "--seed", CSEED, "--max-draws", CMAX, "--json"])
    expect_consistent(c, r, position=want)
    c.info("first RandomSeed line %d at %d draws; %d lines; %d draws in all"
           % (g.seed_lines[0]["line"], want, len(g.seed_lines), g.rng.draws))
    # %05d index (a fork's spelling) and a BOM
    g5 = crc_game(index_fmt="%d:%05d ")
    p5 = ctx.path("crc_05d_bom.txt", W.to_bytes(g5.tf.text(), bom=True))
    r5 = ctx.run(c, ["sync", "generals-crc", p5, "--seed", CSEED, "--max-draws", CMAX, "--json"])
    expect_consistent(c, r5, position=g5.seed_lines[0]["draws"])
    return c


def case_crc_changed(ctx):
    c = Case("generals-crc: one changed RandomSeed value -> that line and frame")
    g = crc_game(script_seed=52)
    text = g.tf.text()
    sl = g.seed_lines[len(g.seed_lines) // 2]
    lines = text.split("\n")
    old = lines[sl["line"] - 1]
    new = old.replace("RandomSeed: %d" % sl["crc"], "RandomSeed: %d" % gens.s32(sl["crc"] + 1))
    c.ok("oracle self-check: altered", new != old)
    lines[sl["line"] - 1] = new
    text2 = "\n".join(lines)
    mine = X.crcdebug_check(text2, CSEED, CMAX)
    c.eq("oracle self-check: failing line", (mine["fail"] or {}).get("line"), sl["line"])
    p = ctx.path("crc_changed.txt", W.to_bytes(text2))
    r = ctx.run(c, ["sync", "generals-crc", p, "--seed", CSEED, "--max-draws", CMAX, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.line", as_int(fd.get("line")), sl["line"])
        c.eq("first_divergence.frame", as_int(fd.get("frame")), sl["frame"])
    return c


def case_crc_other_seed(ctx):
    c = Case("generals-crc: another seed is never consistent (fails at the first RandomSeed line)")
    g = crc_game(script_seed=53)
    p = ctx.path("crc_other.txt", W.to_bytes(g.tf.text()))
    r = ctx.run(c, ["sync", "generals-crc", p, "--seed", CSEED + 1, "--max-draws", CMAX, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.line", as_int(fd.get("line")), g.seed_lines[0]["line"])
        c.eq("first_divergence.frame", as_int(fd.get("frame")), g.seed_lines[0]["frame"])
    return c


def case_crc_two_machines(ctx):
    c = Case("generals-crc: two machines, B drew once more in frame F -> first frame whose counts differ")
    F = 150
    a = crc_game(script_seed=54)
    b = crc_game(script_seed=54, extra_at_frame=F)
    pa = ctx.path("crcA.txt", W.to_bytes(a.tf.text()))
    pb = ctx.path("crcB.txt", W.to_bytes(b.tf.text()))
    r = ctx.run(c, ["sync", "generals-crc", pa, pb, "--seed", CSEED, "--max-draws", CMAX, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.frame", as_int(fd.get("frame")), F)
        c.info("first_divergence returned: %s; shift %r" % (json.dumps(fd), r.js.get("shift")))
        s = r.js.get("shift")
        if s is not None:
            c.eq("|shift|", abs(s) if isinstance(s, int) else s, 1)
    r2 = ctx.run(c, ["sync", "generals-crc", pa, pa, "--seed", CSEED, "--max-draws", CMAX, "--json"])
    c.eq("identical files: exit code", r2.rc, 0)
    return c


def case_crc_malformed_truncated(ctx):
    c = Case("generals-crc: malformed RandomSeed value -> exit 2 + line; truncated mid-line")
    g = crc_game(script_seed=55)
    text = g.tf.text()
    sl = g.seed_lines[7]
    lines = text.split("\n")
    lines[sl["line"] - 1] = lines[sl["line"] - 1].replace("RandomSeed: %d" % sl["crc"], "RandomSeed: 12x45")
    p = ctx.path("crc_malformed.txt", W.to_bytes("\n".join(lines)))
    r = ctx.run(c, ["sync", "generals-crc", p, "--seed", CSEED, "--max-draws", CMAX, "--json"])
    c.eq("exit code", r.rc, 2)
    c.ok("stderr names line %d" % sl["line"], line_named_in(r.err, sl["line"]), repr(r.err.strip()[:300]))
    sl2 = g.seed_lines[-5]
    lines = text.split("\n")
    cut = "\n".join(lines[:sl2["line"] - 1]) + "\n" + lines[sl2["line"] - 1][:-6]
    p2 = ctx.path("crc_trunc.txt", W.to_bytes(cut))
    r2 = ctx.run(c, ["sync", "generals-crc", p2, "--seed", CSEED, "--max-draws", CMAX, "--json"])
    c.info("truncated mid 'RandomSeed' line %d: exit %s" % (sl2["line"], r2.rc))
    if r2.rc == 2:
        c.ok("exit 2 names line %d" % sl2["line"], line_named_in(r2.err, sl2["line"]), repr(r2.err.strip()[:300]))
    elif r2.rc == 0:
        pass
    else:
        # a cut digit string parses as a number: a divergence at that line is also right
        fd = fd_of(r2)
        c.ok("a truncated number is reported at its line",
             isinstance(fd, dict) and as_int(fd.get("line")) == sl2["line"], repr(fd))
    return c


# ---------------------------------------------------------------------------
# Vinifera / Ares cases
# ---------------------------------------------------------------------------

VSEED = 736251
VMAX = 100000


def case_vinifera(ctx):
    c = Case("vinifera: 'Scenario random' / 'Random seed' / 'Random Number' values placed at k")
    k = 5321
    text, info = W.vinifera_log(VSEED, k)
    p = ctx.path("vinifera.txt", W.to_bytes(text))
    r = ctx.run(c, ["sync", "vinifera", p, "--max-draws", VMAX, "--json"])
    expect_consistent(c, r, position=k)
    c.info("returned: %s" % (json.dumps(r.js)[:600] if r.js is not None else None))
    # not adjacent: 3 draws between the two values; must not be required
    text2, info2 = W.vinifera_log(VSEED, k, gap=3)
    p2 = ctx.path("vinifera_gap.txt", W.to_bytes(text2, bom=True))
    r2 = ctx.run(c, ["sync", "vinifera", p2, "--max-draws", VMAX, "--json"])
    expect_consistent(c, r2, position=k)
    blob = json.dumps(r2.js) if r2.js is not None else ""
    c.ok("the second value's position %d is reported" % info2["pos2"],
         re.search(r"(?<![0-9])%d(?![0-9])" % info2["pos2"], blob) is not None, blob[:400])
    # --seed given explicitly (same as the file's)
    r3 = ctx.run(c, ["sync", "vinifera", p, "--seed", VSEED, "--max-draws", VMAX, "--json"])
    expect_consistent(c, r3, position=k)
    return c


def case_vinifera_bad(ctx):
    c = Case("vinifera: a value not in the stream within the bound; a wrong --seed; no seed at all")
    k = 777
    text, info = W.vinifera_log(VSEED, k)
    # a value that the stream does not produce in the first VMAX+2 draws
    r = gens.Random2(VSEED)
    seen = set(r.raw() for _ in range(VMAX + 2))
    v = 123456789
    while v in seen:
        v += 1
    lines = text.split("\n")
    lines[info["line1"] - 1] = "Scenario random: %d" % v
    p = ctx.path("vinifera_bad.txt", W.to_bytes("\n".join(lines)))
    rr = ctx.run(c, ["sync", "vinifera", p, "--max-draws", VMAX, "--json"])
    fd = expect_divergence(c, rr)
    if fd and "line" in fd:
        c.eq("first_divergence.line", as_int(fd.get("line")), info["line1"])
    c.info("value not found: returned %s" % (json.dumps(rr.js)[:500] if rr.js is not None else rr.brief()))
    # wrong --seed overrides the file's line? (SPEC: the log's line, or --seed)
    p0 = ctx.path("vinifera_ok.txt", W.to_bytes(text))
    r2 = ctx.run(c, ["sync", "vinifera", p0, "--seed", VSEED + 1, "--max-draws", VMAX, "--json"])
    c.info("--seed other than the file's 'Random seed:': exit %s" % r2.rc)
    c.ok("a wrong --seed is not silently consistent", r2.rc != 0 or
         (isinstance(r2.js, dict) and r2.js.get("position") == k),
         "exit %s" % r2.rc)
    # no seed line and no --seed -> bad input
    text3, _ = W.vinifera_log(VSEED, k, with_seed_line=False)
    p3 = ctx.path("vinifera_noseed.txt", W.to_bytes(text3))
    r3 = ctx.run(c, ["sync", "vinifera", p3, "--max-draws", VMAX, "--json"])
    c.eq("no seed anywhere: exit code", r3.rc, 2)
    r4 = ctx.run(c, ["sync", "vinifera", p3, "--seed", VSEED, "--max-draws", VMAX, "--json"])
    expect_consistent(c, r4, position=k)
    return c


def case_vinifera_two(ctx):
    c = Case("vinifera: two logs, B is d draws ahead of A")
    ta, _ = W.vinifera_log(VSEED, 4000)
    tb, _ = W.vinifera_log(VSEED, 4013)
    pa = ctx.path("vinA.txt", W.to_bytes(ta))
    pb = ctx.path("vinB.txt", W.to_bytes(tb))
    r = ctx.run(c, ["sync", "vinifera", pa, pb, "--max-draws", VMAX, "--json"])
    c.ok("exit code 0 or 1", r.rc in (0, 1), "got %r" % (r.rc,))
    blob = json.dumps(r.js) if r.js is not None else ""
    c.ok("d = 13 is reported", re.search(r"(?<![0-9])13(?![0-9])", blob) is not None, blob[:500])
    c.info("returned exit %s: %s" % (r.rc, blob[:500]))
    r2 = ctx.run(c, ["sync", "vinifera", pa, pa, "--max-draws", VMAX, "--json"])
    c.eq("identical logs: exit code", r2.rc, 0)
    return c


def case_ares(ctx):
    c = Case("ares: 'My Random Number: %08X' placed at k with --seed")
    k = 9876
    text, info = W.ares_log(VSEED, k)
    p = ctx.path("ares.txt", W.to_bytes(text))
    r = ctx.run(c, ["sync", "ares", p, "--seed", VSEED, "--max-draws", VMAX, "--json"])
    expect_consistent(c, r, position=k)
    r2 = ctx.run(c, ["sync", "ares", p, "--seed", VSEED + 1, "--max-draws", VMAX, "--json"])
    expect_divergence(c, r2)
    # no --seed: Ares logs carry none -> bad usage
    r3 = ctx.run(c, ["sync", "ares", p, "--max-draws", VMAX, "--json"])
    c.eq("no --seed: exit code", r3.rc, 2)
    # malformed value
    lines = text.split("\n")
    lines[info["line"] - 1] = "My Random Number: 12G4A0FF"
    p4 = ctx.path("ares_malformed.txt", W.to_bytes("\n".join(lines), bom=True))
    r4 = ctx.run(c, ["sync", "ares", p4, "--seed", VSEED, "--max-draws", VMAX, "--json"])
    c.eq("malformed: exit code", r4.rc, 2)
    c.ok("malformed: stderr names line %d" % info["line"], line_named_in(r4.err, info["line"]),
         repr(r4.err.strip()[:300]))
    # two logs
    tb, _ = W.ares_log(VSEED, k + 2)
    pb = ctx.path("aresB.txt", W.to_bytes(tb))
    r5 = ctx.run(c, ["sync", "ares", p, pb, "--seed", VSEED, "--max-draws", VMAX, "--json"])
    blob = json.dumps(r5.js) if r5.js is not None else ""
    c.ok("two logs: d = 2 reported", re.search(r"(?<![0-9])2(?![0-9])", blob) is not None, blob[:400])
    c.info("two logs: exit %s: %s" % (r5.rc, blob[:400]))
    return c


# ---------------------------------------------------------------------------
# more edges
# ---------------------------------------------------------------------------

def case_phobos_hidden_two(ctx):
    c = Case("phobos: two hidden draws before one Single -> that entry, |shift| 2")
    script = W.phobos_script(PLAIN_FRAMES, 61)
    x = next(i for i in range(len(script) // 3, len(script)) if script[i][1] == "Single")
    g = W.PhobosGame(SEED)
    g.play(script, unlogged_at=x, unlogged_n=2)
    ents = g.snapshot()
    idx = entries_by_seq(ents, g.call_entry[x].seq)
    text, data = phobos_file(ents, g.frame, g.facings)
    mine = X.phobos_place(parsed(text), SEED, MAXD)
    c.eq("oracle self-check: failing entry", mine.get("fail_entry", {}).get("num"), idx)
    p = ctx.path("phobos_hidden2.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.entry", as_int(fd.get("entry")), idx)
        c.eq("first_divergence.frame", as_int(fd.get("frame")), ents[idx].frame)
        check_caller(c, fd, ents[idx].caller)
        check_shift(c, r, 2, "2 hidden draws: ")
    return c


def case_phobos_two_logs_more(ctx):
    c = Case("phobos: two logs, B made 3 extra calls: |shift| 3; --max-shift 2 finds none; Min/Max only differs: no shift")
    script = W.phobos_script(PLAIN_FRAMES, 62)
    x = next(i for i in range(len(script) // 2, len(script)) if script[i][1] == "Single")
    a = W.PhobosGame(SEED)
    a.play(script)
    b = W.PhobosGame(SEED)
    b.play(script, extra_at=x, extra_caller=0x0047AA01,
           extra_calls=[("Ranged", 0xB0007C3A, 0, 99), ("Single", 0xA0012B6C, 0, 0)])
    ea, eb = a.snapshot(), b.snapshot()
    ib = entries_by_seq(eb, b.extra_entry.seq)
    fe = eb[ib]
    _, da = phobos_file(ea, a.frame, a.facings)
    _, db = phobos_file(eb, b.frame, b.facings)
    pa = ctx.path("phobos3_A.txt", da)
    pb = ctx.path("phobos3_B.txt", db)
    r = ctx.run(c, ["sync", "phobos", pa, pb, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.entry", as_int(fd.get("entry")), ib)
        c.eq("first_divergence.frame", as_int(fd.get("frame")), fe.frame)
        check_shift(c, r, 3, "B has 3 extra calls: ")
    r2 = ctx.run(c, ["sync", "phobos", pa, pb, "--max-shift", 2, "--json"])
    fd2 = expect_divergence(c, r2)
    if fd2:
        c.eq("--max-shift 2: first_divergence.entry", as_int(fd2.get("entry")), ib)
        check_shift(c, r2, None)
    # same calls, one Ranged entry's Min/Max differs in B (its cursors agree)
    eb2 = a.snapshot()
    j = next(i for i in range(len(eb2) // 2, len(eb2)) if eb2[i].kind == "Ranged" and eb2[i].mn == 0
             and eb2[i].mx not in (0, 5))
    eb2[j].mx = 5
    _, db2 = phobos_file(eb2, a.frame, a.facings)
    pb2 = ctx.path("phobos_minmax_B.txt", db2)
    r3 = ctx.run(c, ["sync", "phobos", pa, pb2, "--json"])
    fd3 = expect_divergence(c, r3)
    if fd3:
        c.eq("Min/Max differs: first_divergence.entry", as_int(fd3.get("entry")), j)
        c.eq("Min/Max differs: first_divergence.frame", as_int(fd3.get("frame")), eb2[j].frame)
        check_caller(c, fd3, eb2[j].caller)
        check_shift(c, r3, None)
    return c


def case_phobos_bounds_and_session(ctx):
    c = Case("phobos: position beyond --max-draws is not placed; a ring holding an earlier game's calls; --log 0")
    g, _ = phobos_game(SEED, WRAP_FRAMES, 63)
    pin_ring(g)
    ents = g.snapshot()
    want = ents[0].pos
    _, data = phobos_file(ents, g.frame, g.facings)
    p = ctx.path("phobos_bound.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", want - 1, "--json"])
    c.eq("--max-draws %d (< true position %d): exit code" % (want - 1, want), r.rc, 1)
    if need_json(c, r):
        c.eq("--max-draws below: consistent", r.js.get("consistent"), False)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", want, "--json"])
    expect_consistent(c, r, position=want)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--log", 0, "--json"])
    c.eq("--log 0: exit code", r.rc, 2)
    # the ring is never cleared between games of one session: game 1 (OTHER_SEED)
    # leaves calls at the front of game 2's (SEED) log
    script1 = W.phobos_script(120, 64)
    script2 = W.phobos_script(200, 65)
    g = W.PhobosGame(OTHER_SEED)
    g.play(script1)
    ring = g.ring
    g2 = W.PhobosGame(SEED)
    g2.ring = ring
    g2.seq = g.seq
    g2.play(script2)
    ents = g2.snapshot()
    _, data = phobos_file(ents, g2.frame, g2.facings)
    p2 = ctx.path("phobos_two_games.txt", data)
    r = ctx.run(c, ["sync", "phobos", p2, "--seed", SEED, "--max-draws", MAXD, "--json"])
    n_old = len([e for e in ents if e.seq < g.seq])
    if r.rc == 0:
        # the frames restart where game 2 begins: checking only game 2's calls is right
        if need_json(c, r):
            c.eq("earlier game's calls skipped: position", r.js.get("position"), 0)
            if "checked" in r.js:
                c.eq("earlier game's calls skipped: calls checked", r.js.get("checked"), len(ents) - n_old)
        c.info("two games in one ring (game 2 starts at #%05d): exit 0, the earlier game's entries skipped"
               % n_old)
    else:
        c.eq("earlier game's calls in the ring: exit code", r.rc, 1)
        if need_json(c, r):
            c.eq("earlier game's calls in the ring: consistent", r.js.get("consistent"), False)
        c.info("two games in one ring (game 2 starts at #%05d): exit %s, %s"
               % (n_old, r.rc, json.dumps(fd_of(r))[:300]))
    return c


def case_phobos_odd_inputs(ctx):
    c = Case("phobos: cursor >= 250 is bad input; an empty RNG section; a file with no log")
    g, _ = phobos_game(SEED, PLAIN_FRAMES, 66)
    ents = g.snapshot()
    e = ents[20]
    e.i1 = 251
    e.i2 = (251 + 103) % 250
    text, data = phobos_file(ents, g.frame, g.facings)
    p = ctx.path("phobos_cursor251.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.eq("Index1 251: exit code", r.rc, 2)
    c.ok("Index1 251: stderr names line %d" % e.line, line_named_in(r.err, e.line), repr(r.err.strip()[:300]))
    _, data = phobos_file([], 1234, [])
    p = ctx.path("phobos_empty.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.ok("empty RNG section: not consistent-with-a-position", not (r.rc == 0 and isinstance(r.js, dict)
         and r.js.get("position") not in (None,)), r.brief())
    c.info("empty RNG section: exit %s" % r.rc)
    p = ctx.path("phobos_nolog.txt", W.to_bytes("hello\nworld\n"))
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--json"])
    c.eq("no 'Phobos synchronization log:' in the file: exit code", r.rc, 2)
    return c


def case_gen_more(ctx):
    c = Case("generals: 3 lines removed (|shift| 3, none with --max-shift 2); removal before real lines; seed >= 2^31")
    g = gen_game(seed=0xDEADBEEF, script_seed=71)
    text = g.tf.text()
    r = ctx.run(c, ["sync", "generals", ctx.path("gen_highseed.txt", W.to_bytes(text)), "--json"])
    expect_consistent(c, r, position=0)
    r = ctx.run(c, ["sync", "generals", ctx.path("gen_highseed2.txt",
                                                 W.to_bytes("\n".join(text.split("\n")[1:]))),
                    "--seed", 0xDEADBEEF, "--json"])
    expect_consistent(c, r, position=0)
    logic = [x for x in g.lines if x.stream == "logic"]
    i = next(k for k in range(len(logic) // 2, len(logic) - 4)
             if all(logic[k + d].kind == "int" for d in range(4)))
    lines = text.split("\n")
    for d in (2, 1, 0):
        del lines[logic[i + d].line - 1]
    text2 = "\n".join(lines)
    mine = X.generals_check(text2, None)
    c.eq("oracle self-check: shift", mine["shift"], 3)
    p = ctx.path("gen_removed3.txt", W.to_bytes(text2))
    r = ctx.run(c, ["sync", "generals", p, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.line", as_int(fd.get("line")), (mine["fail"] or {}).get("line"))
        check_shift(c, r, 3, "3 lines removed: ")
    r = ctx.run(c, ["sync", "generals", p, "--max-shift", 2, "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("--max-shift 2: first_divergence.line", as_int(fd.get("line")), (mine["fail"] or {}).get("line"))
        check_shift(c, r, None)
    # removal right before real lines: the mismatch shows at the next int line
    k = next((k for k in range(len(logic) // 3, len(logic) - 3)
              if logic[k].kind == "int" and logic[k + 1].kind == "real" and logic[k + 2].kind == "int"),
             None)
    if k is not None:
        lines = text.split("\n")
        del lines[logic[k].line - 1]
        text3 = "\n".join(lines)
        mine3 = X.generals_check(text3, None)
        p3 = ctx.path("gen_removed_before_real.txt", W.to_bytes(text3))
        r = ctx.run(c, ["sync", "generals", p3, "--json"])
        fd = expect_divergence(c, r)
        if fd:
            c.eq("before reals: first_divergence.line", as_int(fd.get("line")), (mine3["fail"] or {}).get("line"))
            check_shift(c, r, abs(mine3["shift"]) if mine3["shift"] else None, "removed before a real line: ")
    else:
        c.info("no int/real/int run found for the before-real-lines check")
    # --seed and InitRandom disagreeing: which wins is not specified; report it
    r = ctx.run(c, ["sync", "generals", ctx.path("gen_both.txt", W.to_bytes(text)),
                    "--seed", 12345, "--json"])
    c.info("--seed 12345 on a log whose InitRandom line says deadbeef: exit %s" % r.rc)
    return c


def case_gen_time_prefix(ctx):
    c = Case("generals: a timestamp prefix with digits and colons before the frame")
    pre = lambda f, n: "%02d:%02d:%02d.%03d WinMain: " % (n // 3600 % 24, n // 60 % 60, n % 60, n % 1000)  # noqa: E731
    g = gen_game(prefix=pre, script_seed=72)
    text = g.tf.text()
    c.eq("oracle self-check", X.generals_check(text, None)["consistent"], True)
    r = ctx.run(c, ["sync", "generals", ctx.path("gen_timeprefix.txt", W.to_bytes(text)), "--json"])
    expect_consistent(c, r, position=0)
    # and one changed value is still named with the right frame
    gl = logic_int_lines(g)[12]
    d = gl.hi - gl.lo + 1
    bad = pre(gl.frame, 7) + W.FMT_VALUE["logic"] % (gl.frame, gl.lo + ((gl.value - gl.lo + 1) % d),
                                                     gl.lo, gl.hi, gl.file, gl.src)
    text2 = replace_line(text, gl.line, bad.rstrip("\n"))
    r = ctx.run(c, ["sync", "generals", ctx.path("gen_timeprefix_bad.txt", W.to_bytes(text2)), "--json"])
    fd = expect_divergence(c, r)
    if fd:
        c.eq("first_divergence.line", as_int(fd.get("line")), gl.line)
        c.eq("first_divergence.frame", as_int(fd.get("frame")), gl.frame)
        c.eq("first_divergence.source_line", as_int(fd.get("source_line")), gl.src)
    return c


def case_crc_ring_cut(ctx):
    c = Case("generals-crc: the dumped ring starts mid-frame (oldest lines lost)")
    g = crc_game(script_seed=73)
    lines = g.tf.text().split("\n")
    drop = g.seed_lines[3]["line"] + 2        # lose the first lines, cut inside a frame
    text = "\n".join(lines[drop:])
    first = next(sl for sl in g.seed_lines if sl["line"] > drop)
    r = ctx.run(c, ["sync", "generals-crc", ctx.path("crc_cut.txt", W.to_bytes(text)),
                    "--seed", CSEED, "--max-draws", CMAX, "--json"])
    expect_consistent(c, r, position=first["draws"])
    return c


# ---------------------------------------------------------------------------
# variants seen in the writers' source but not in SPEC 12 (reported, not counted)
# ---------------------------------------------------------------------------

def case_info_phobos_frame0_gaps(ctx):
    c = Case("phobos (older SyncLogging.cpp): entries with Frame 0 are skipped but still numbered -> '#' gaps",
             info_only=True)
    script = [(0, "Single", 0x004A1C2F, 0, 0), (0, "Ranged", 0x0051E7B3, 0, 99),
              (0, "Single", 0x006F4A19, 0, 0)] + W.phobos_script(PLAIN_FRAMES, 81)
    g = W.PhobosGame(SEED)
    g.play(script)
    ents = g.snapshot()
    tf = W.TextFile()
    width = W.digits(g.frame)
    tf.write("\nPhobos synchronization log:\n\n")
    tf.write("RNG Calls:\n")
    first = None
    for i, e in enumerate(ents):
        if not e.frame:          # `if (!rngCall.Frame) continue;` with i still counting
            continue
        if first is None:
            first = e
        tf.write(e.format(i, width))
    tf.write("\n")
    p = ctx.path("phobos_frame0.txt", W.to_bytes(tf.text()))
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    expect_consistent(c, r, position=first.pos)
    return c


def case_info_phobos_slot_order(ctx):
    c = Case("phobos (older SyncLogging.cpp, Get(i) = Data[i]): a wrapped ring dumped in slot order, not oldest first",
             info_only=True)
    g, _ = phobos_game(SEED, WRAP_FRAMES, 82)
    ents = g.snapshot()                 # oldest first
    total = g.seq
    cut = total % 4096                  # slot of the oldest entry
    slot_order = ents[4096 - cut:] + ents[:4096 - cut]
    _, data = phobos_file(slot_order, g.frame, g.facings)
    p = ctx.path("phobos_slot_order.txt", data)
    r = ctx.run(c, ["sync", "phobos", p, "--seed", SEED, "--max-draws", MAXD, "--json"])
    c.info("slot-order dump (oldest entry printed as #%05d): exit %s; %s"
           % (cut, r.rc, (r.js or {}).get("summary") if isinstance(r.js, dict) else r.err.strip()[:200]))
    c.ok("not silently consistent from a wrong start", not (r.rc == 0 and isinstance(r.js, dict)
         and r.js.get("position") not in (None, ents[0].pos)))
    return c


def case_info_crc_nocounter(ctx):
    c = Case("generals-crc (TheSuperHackers fork): addCRCDebugLineNoCounter lines have no 'frame:index ' prefix",
             info_only=True)
    g = crc_game(script_seed=83)
    lines = g.tf.text().split("\n")
    out = []
    for i, ln in enumerate(lines):
        out.append(ln)
        if i % 9 == 4 and ln:
            out.append("ObjectID 123 sleeping until frame 456")
    text = "\n".join(out)
    r = ctx.run(c, ["sync", "generals-crc", ctx.path("crc_nocounter.txt", W.to_bytes(text)),
                    "--seed", CSEED, "--max-draws", CMAX, "--json"])
    expect_consistent(c, r, position=g.seed_lines[0]["draws"])
    return c


def case_values_short_hex(ctx):
    c = Case("vinifera/ares: a 'Random Number:%x' of few hex digits; '%08X' with leading zeros; YR+Phobos 'LastFrame CRC' header")
    # Vinifera: find k whose second value prints with <= 6 hex digits
    r2 = gens.Random2(VSEED)
    words = [r2.raw() for _ in range(60000)]
    k = next(i for i in range(1, len(words) - 1) if gens.u32(words[i + 1]) < 0x01000000)
    text, info = W.vinifera_log(VSEED, k)
    c.ok("oracle self-check: short hex", len("%x" % gens.u32(info["v2"])) <= 6)
    r = ctx.run(c, ["sync", "vinifera", ctx.path("vin_shorthex.txt", W.to_bytes(text)), "--max-draws", VMAX, "--json"])
    expect_consistent(c, r, position=k)
    blob = json.dumps(r.js) if r.js is not None else ""
    c.ok("the short-hex value's position %d is reported" % info["pos2"],
         re.search(r"(?<![0-9])%d(?![0-9])" % info["pos2"], blob) is not None, blob[:300])
    # Ares: a value with leading zeros, and the Phobos-built YR header
    k2 = next(i for i in range(1, len(words)) if gens.u32(words[i]) < 0x00100000)
    v = words[k2]
    tf = W.TextFile()
    tf.write("YR synchronization log\n")
    tf.write("With Ares [21.352.1218] and Phobos %s\n" % "build 44")
    tf.write("\n")
    tf.write("Module [(%d) %s: Base address = %08X]\n" % (0, "gamemd.exe", 0x400000))
    tf.write("\n")
    for i in range(30):
        tf.write("LastFrame CRC[%02d] = %08X\n" % (i, (i * 2654435761) & 0xFFFFFFFF))
    line = tf.next_line()
    tf.write("My Random Number: %08X\n" % gens.u32(v))
    tf.write("My Frame: %08X\n" % 0x2A)
    tf.write("Average FPS: %d\n" % 60)
    r = ctx.run(c, ["sync", "ares", ctx.path("ares_yr.txt", W.to_bytes(tf.text(), bom=True)),
                    "--seed", VSEED, "--max-draws", VMAX, "--json"])
    expect_consistent(c, r, position=k2)
    c.info("ares value %08X at draw %d (line %d)" % (gens.u32(v), k2, line))
    return c


def case_info_phobos_inner_cut(ctx):
    c = Case("phobos: inner-Single form, wrapped ring cut inside a ranged call's run of inner Singles",
             info_only=True)
    found = None
    for ss in range(200, 260):
        g, _ = phobos_game(SEED, WRAP_FRAMES, ss, inner=True)
        if not g.ring[0].call_start and g.ring[0].kind == "Single":
            found = g
            break
    if not found:
        c.info("no fixture found")
        return c
    g = found
    ents = g.snapshot()
    _, data = phobos_file(ents, g.frame, g.facings)
    r = ctx.run(c, ["sync", "phobos", ctx.path("phobos_inner_cut.txt", data), "--seed", SEED,
                    "--max-draws", MAXD, "--json"])
    c.info("oldest entry is an inner Single at draw %d: exit %s, position %r, ambiguous %r; %s" % (
        ents[0].pos, r.rc, (r.js or {}).get("position") if isinstance(r.js, dict) else None,
        (r.js or {}).get("ambiguous") if isinstance(r.js, dict) else None,
        (r.js or {}).get("summary", "")[:200] if isinstance(r.js, dict) else r.err[:200]))
    c.ok("never a wrong position", not (isinstance(r.js, dict) and r.js.get("consistent")
                                        and r.js.get("position") != ents[0].pos))
    return c


def case_info_phobos_two_lengths(ctx):
    c = Case("phobos: two logs of one game written a few calls apart (A's log has more trailing calls)",
             info_only=True)
    script = W.phobos_script(PLAIN_FRAMES, 84)
    a = W.PhobosGame(SEED)
    a.play(script)
    b = W.PhobosGame(SEED)
    b.play(script, upto=len(script) - 5)
    _, da = phobos_file(a.snapshot(), a.frame, a.facings)
    _, db = phobos_file(b.snapshot(), b.frame, b.facings)
    r = ctx.run(c, ["sync", "phobos", ctx.path("phobos_lenA.txt", da), ctx.path("phobos_lenB.txt", db), "--json"])
    c.info("exit %s: %s" % (r.rc, (r.js or {}).get("summary", "")[:250] if isinstance(r.js, dict) else r.err[:200]))
    c.ok("not reported as an extra call", not (isinstance(r.js, dict) and isinstance(r.js.get("shift"), int)
                                               and r.js.get("shift")))
    return c


# ---------------------------------------------------------------------------

CASES = [
    case_phobos_unwrapped, case_phobos_wrapped, case_phobos_wrapped_default_bound,
    case_phobos_first_ranged, case_phobos_inner_singles, case_phobos_inner_wrapped, case_phobos_wrong_minmax,
    case_phobos_hidden_draw, case_phobos_fabricated, case_phobos_other_seed,
    case_phobos_only_singles,
    case_phobos_two_logs_plain, case_phobos_two_logs_wrapped,
    case_phobos_multi_log, case_phobos_bom, case_phobos_malformed, case_phobos_cursor_break,
    case_phobos_truncated,
    case_gen_consistent, case_gen_streams, case_gen_prefix_bom, case_gen_changed_value,
    case_gen_removed_line, case_gen_inserted_line, case_gen_seeds, case_gen_reseed,
    case_gen_malformed, case_gen_truncated, case_gen_two_logs,
    case_crc_consistent, case_crc_changed, case_crc_other_seed, case_crc_two_machines,
    case_crc_malformed_truncated,
    case_vinifera, case_vinifera_bad, case_vinifera_two, case_ares,
    case_phobos_hidden_two, case_phobos_two_logs_more, case_phobos_bounds_and_session,
    case_phobos_odd_inputs, case_gen_more, case_gen_time_prefix, case_crc_ring_cut,
    case_values_short_hex,
    case_info_phobos_frame0_gaps, case_info_phobos_slot_order, case_info_crc_nocounter,
    case_info_phobos_inner_cut, case_info_phobos_two_lengths,
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", help="path to the bitexact binary")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every invocation")
    ap.add_argument("-k", dest="filter", help="run only cases whose function name contains this")
    ap.add_argument("--keep", action="store_true", help="keep the fixture directory")
    ap.add_argument("--selftest", action="store_true", help="only the oracle's own checks")
    args = ap.parse_args()

    ok, checks = gens.selftest()
    for name, good, detail in checks:
        if not good or args.verbose or args.selftest:
            print("%s oracle-selftest: %s %s" % ("PASS" if good else "FAIL", name, detail))
    if not ok:
        print("the oracle's own generators fail their self-checks; not running the binary")
        return 1
    if args.selftest:
        return 0
    if not args.bin:
        ap.error("--bin is required (or --selftest)")

    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="sync_oracle_")
    ctx = Ctx(os.path.abspath(args.bin), tmp, args.verbose)
    probe = subprocess.run([ctx.bin, "sync", "phobos", "--help"], capture_output=True)
    if probe.returncode != 0:
        print("NOTE: `%s sync phobos --help` exits %d: %s" % (
            args.bin, probe.returncode, probe.stderr.decode("utf-8", "replace").strip()[:200]))
    npass = nfail = 0
    for fn in CASES:
        if args.filter and args.filter not in fn.__name__:
            continue
        try:
            c = fn(ctx)
        except Exception as e:  # an oracle bug must not look like a pass
            import traceback
            c = Case(getattr(fn, "__name__", "case"))
            c.fail("oracle error: %s\n%s" % (e, traceback.format_exc()))
        good = not c.fails
        if c.info_only:
            print("%s %s" % ("INFO-CASE (outside SPEC 12, not counted): " + ("agrees" if good else "differs"), c.name))
            for f in c.fails:
                print("    ~ " + f)
            for i in c.infos:
                print("    INFO " + i)
            if (not good) or args.verbose:
                for r in c.results:
                    print("      " + r.brief())
            continue
        npass += good
        nfail += not good
        print("%s %s" % ("PASS" if good else "FAIL", c.name))
        for f in c.fails:
            print("    - " + f)
        for i in c.infos:
            print("    INFO " + i)
        if (not good) or args.verbose:
            for r in c.results:
                print("      " + r.brief())
    print("%d passed, %d failed, %.1fs (fixtures %s)" % (
        npass, nfail, time.time() - t0, ("kept in " + tmp) if args.keep else "removed; --keep keeps them"))
    if not args.keep:
        import shutil
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if nfail == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
