"""The oracle's own, independent checkers: what SPEC 12 says the answer
must be, computed from the fixtures the writers produced.  They are used to
name the expected divergent entry / line and the realigning shift, and are
cross-checked against what the writers know by construction."""

import re

from gens import Random2, GameLogicRandom, pick_random_number, s32, u32
from writers import RANGED_FN_LO, RANGED_FN_HI


# ---------------------------------------------------------------------------
# Phobos
# ---------------------------------------------------------------------------

RE_SINGLE = re.compile(r"^#(\d+): Single \| Caller: ([0-9a-fA-F]{8}) \| Frame: *(-?\d+) \| "
                       r"Index1: *(\d+) \| Index2: *(\d+)$")
RE_RANGED = re.compile(r"^#(\d+): Ranged \| Caller: ([0-9a-fA-F]{8}) \| Frame: *(-?\d+) \| "
                       r"Index1: *(\d+) \| Index2: *(\d+) \| Min: (-?\d+) \| Max: (-?\d+)$")


def parse_phobos(text):
    """All logs of a file: list of lists of dicts (num, kind, caller, frame,
    i1, i2, mn, mx, line)."""
    logs = []
    cur = None
    in_rng = False
    for ln, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        if ln == 1:
            line = line.lstrip("\ufeff")
        if line == "Phobos synchronization log:":
            cur = []
            logs.append(cur)
            in_rng = False
            continue
        if line == "RNG Calls:":
            in_rng = True
            continue
        if in_rng:
            if line == "":
                in_rng = False
                continue
            m = RE_SINGLE.match(line)
            if m:
                cur.append(dict(num=int(m.group(1)), kind="Single", caller=int(m.group(2), 16),
                                frame=int(m.group(3)), i1=int(m.group(4)), i2=int(m.group(5)),
                                mn=0, mx=0, line=ln))
                continue
            m = RE_RANGED.match(line)
            if m:
                cur.append(dict(num=int(m.group(1)), kind="Ranged", caller=int(m.group(2), 16),
                                frame=int(m.group(3)), i1=int(m.group(4)), i2=int(m.group(5)),
                                mn=int(m.group(6)), mx=int(m.group(7)), line=ln))
                continue
            raise ValueError("malformed line %d: %r" % (ln, line))
    return logs


def group_calls(entries):
    """Runs of inner Singles (caller in RandomRanged) + the Ranged after them
    form one call.  Returns list of calls: dict(kind, mn, mx, i1 (after),
    first (entry index), last (entry index))."""
    calls = []
    pending = None
    for idx, e in enumerate(entries):
        inner = e["kind"] == "Single" and RANGED_FN_LO <= e["caller"] < RANGED_FN_HI
        if inner:
            if pending is None:
                pending = idx
            continue
        if e["kind"] == "Ranged":
            first = pending if pending is not None else idx
            calls.append(dict(kind="Ranged", mn=e["mn"], mx=e["mx"], i1=e["i1"], first=first,
                              last=idx))
            pending = None
        else:
            if pending is not None:      # orphan inner singles: count them as Singles
                for j in range(pending, idx):
                    calls.append(dict(kind="Single", mn=0, mx=0, i1=entries[j]["i1"], first=j,
                                      last=j))
                pending = None
            calls.append(dict(kind="Single", mn=0, mx=0, i1=e["i1"], first=idx, last=idx))
    if pending is not None:
        for j in range(pending, len(entries)):
            calls.append(dict(kind="Single", mn=0, mx=0, i1=entries[j]["i1"], first=j, last=j))
    return calls


class WordStream:
    def __init__(self, seed, n):
        r = Random2(seed)
        self.w = [r.raw() for _ in range(n)]

    def count(self, call, pos):
        if call["kind"] == "Single":
            return 1
        w = self.w
        at = [pos]

        def raw():
            v = w[at[0]]
            at[0] += 1
            return v
        return pick_random_number(raw, call["mn"], call["mx"])[1]


def phobos_place(entries, seed, max_draws, words=None):
    """SPEC 12.1 --seed placement.  Returns dict(survivors=[p...],
    fail_call=index of the first call no candidate survives (or None),
    fail_entry=the entry dict there, log_draws, replay_draws)."""
    calls = group_calls(entries)
    total = 0
    for a, b in zip(calls, calls[1:]):
        total += (b["i1"] - a["i1"]) % 250
    need = max_draws + total + 5000
    if words is None or len(words.w) < need:
        words = WordStream(seed, need)
    survivors = []
    furthest = -1
    furthest_p = None
    for p in range(max_draws + 1):
        pos = p
        ok = True
        for ci, call in enumerate(calls):
            n = words.count(call, pos)
            if ci == 0:
                good = (p + n) % 250 == call["i1"]
            else:
                good = n == (call["i1"] - calls[ci - 1]["i1"]) % 250
            if not good:
                if ci > furthest:
                    furthest, furthest_p = ci, p
                ok = False
                break
            pos += n
        if ok:
            survivors.append(p)
    res = dict(survivors=survivors, calls=calls, words=words)
    if not survivors and furthest >= 0:
        call = calls[furthest]
        res["fail_call"] = furthest
        res["fail_entry"] = entries[call["last"]]
        res["fail_entry_first"] = entries[call["first"]]
        res["fail_p"] = furthest_p
    return res


def phobos_shift(entries, seed, p, fail_call, max_shift=16, words=None):
    """Smallest |k| realigning the rest under candidate p: +k = the game made
    k draws the log does not show before the failing call; -k = k log calls
    from the failing one on are not draws of the stream."""
    calls = group_calls(entries)
    if words is None:
        words = WordStream(seed, p + 200000)
    pos = p
    for ci in range(fail_call):
        pos += words.count(calls[ci], pos)

    def rest_ok(start_pos, first_ci, prev_i1):
        q = start_pos
        prev = prev_i1
        for ci in range(first_ci, len(calls)):
            n = words.count(calls[ci], q)
            if n != (calls[ci]["i1"] - prev) % 250:
                return False
            q += n
            prev = calls[ci]["i1"]
        return True

    prev_i1 = calls[fail_call - 1]["i1"] if fail_call > 0 else None
    for k in range(1, max_shift + 1):
        # +k: k hidden draws before the failing call
        if prev_i1 is not None:
            n = words.count(calls[fail_call], pos + k)
            if (calls[fail_call]["i1"] - prev_i1) % 250 == (k + n) % 250 and \
                    rest_ok(pos + k + n, fail_call + 1, calls[fail_call]["i1"]):
                return k
        # -k: drop k calls of the log starting at the failing one
        if fail_call + k <= len(calls) and prev_i1 is not None:
            if rest_ok(pos, fail_call + k, prev_i1):
                return -k
    return None


# ---------------------------------------------------------------------------
# Generals DEBUG_RANDOM_LOGIC
# ---------------------------------------------------------------------------

RE_GEN_INIT = re.compile(r"InitRandom ([0-9a-fA-F]+)\s*$")
RE_GEN_INIT_LOGIC = re.compile(r"InitRandom Logic ([0-9a-fA-F]+)\s*$")
RE_GEN_VALUE = re.compile(r"(-?\d+): GetGame(Logic|Client|Audio)RandomValue = (-?\d+) "
                          r"\((-?\d+) - (-?\d+)\), (.*) line (-?\d+)\s*$")
RE_GEN_REAL = re.compile(r"(-?\d+): GetGame(Logic|Client|Audio)RandomValueReal = "
                         r"(-?[0-9.]+), (.*) line (-?\d+)\s*$")


def parse_generals(text, stream="logic"):
    """Events in order: ('init', seed, line, which) and ('call', dict)."""
    want = stream.capitalize()
    ev = []
    for ln, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        if ln == 1:
            line = line.lstrip("\ufeff")
        m = RE_GEN_INIT_LOGIC.search(line)
        if m:
            if stream == "logic":
                ev.append(("init", int(m.group(1), 16), ln))
            continue
        m = RE_GEN_INIT.search(line)
        if m:
            ev.append(("init", int(m.group(1), 16), ln))
            continue
        m = RE_GEN_VALUE.search(line)
        if m:
            if m.group(2) == want:
                ev.append(("call", dict(kind="int", frame=int(m.group(1)), value=int(m.group(3)),
                                        lo=int(m.group(4)), hi=int(m.group(5)), file=m.group(6),
                                        src=int(m.group(7)), line=ln)))
            continue
        m = RE_GEN_REAL.search(line)
        if m:
            if m.group(2) == want:
                ev.append(("call", dict(kind="real", frame=int(m.group(1)),
                                        file=m.group(4), src=int(m.group(5)), line=ln)))
            continue
    return ev


def _int_value(word, lo, hi):
    d = u32(hi - lo + 1)
    return s32(s32(word % d) + lo)


def generals_check(text, seed=None, stream="logic", max_shift=64):
    """Returns dict(consistent, fail=call dict or None, shift, expected)."""
    ev = parse_generals(text, stream)
    segments = []       # (seed, [calls])
    cur = None
    for e in ev:
        if e[0] == "init":
            cur = (e[1], [])
            segments.append(cur)
        else:
            if cur is None:
                cur = (seed, [])
                segments.append(cur)
            cur[1].append(e[1])
    if seed is not None and segments and segments[0][0] is None:
        segments[0] = (seed, segments[0][1])
    for sd, calls in segments:
        g = GameLogicRandom(sd)
        words = [g.draw() for _ in range(len(calls) + max_shift + 10)]

        def match(ci, wi):
            c = calls[ci]
            if c["kind"] == "real":
                return True
            return _int_value(words[wi], c["lo"], c["hi"]) == c["value"]

        for i, c in enumerate(calls):
            if not match(i, i):
                # try shifts
                best = None
                for k in range(1, max_shift + 1):
                    # +k: the game made k draws the log does not show before line i
                    if all(match(j, j + k) for j in range(i, len(calls))):
                        best = k
                        break
                    # -k: k log lines from i on are not draws of the stream
                    if i + k <= len(calls) and all(match(j, j - k) for j in range(i + k, len(calls))):
                        best = -k
                        break
                return dict(consistent=False, fail=c, shift=best,
                            expected=_int_value(words[i], c["lo"], c["hi"]) if c["kind"] == "int" else None)
    return dict(consistent=True, fail=None, shift=None)


# ---------------------------------------------------------------------------
# Generals crcDebug
# ---------------------------------------------------------------------------

RE_CRC_LINE = re.compile(r"^(-?\d+):(\d+) (.*)$")
RE_CRC_SEED = re.compile(r"RandomSeed: (-?\d+)")


def crcdebug_check(text, seed, max_draws):
    g = GameLogicRandom(seed)
    crcs = [s32(g.crc())]
    for _ in range(max_draws):
        g.draw()
        crcs.append(s32(g.crc()))
    prev = 0
    placed = []
    for ln, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        if ln == 1:
            line = line.lstrip("\ufeff")
        m = RE_CRC_LINE.match(line)
        if not m:
            continue
        s = RE_CRC_SEED.search(m.group(3))
        if not s:
            continue
        want = int(s.group(1))
        k = prev
        while k <= max_draws and crcs[k] != want:
            k += 1
        if k > max_draws:
            return dict(consistent=False, fail=dict(line=ln, frame=int(m.group(1))), placed=placed)
        placed.append((ln, int(m.group(1)), k))
        prev = k
    return dict(consistent=True, fail=None, placed=placed)
