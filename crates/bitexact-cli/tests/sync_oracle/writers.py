"""Fixture writers: simulated games that write their desync logs with the
C format strings quoted in SPEC 12, through Python's `%` operator.

C's printf reads `%x` / `%X` / `%08lx` arguments as unsigned, so those
arguments are passed as u32 bit patterns; `%d` gets the signed value.
Files are produced as bytes with CRLF line ends (Windows text mode) and an
optional UTF-8 BOM.  Every writer records, beside the text, what it knows:
the 1-based file line of every logged call, its frame, its caller / source
file and line, and the draw count of its stream before the call.
"""

import random
from collections import deque

from gens import Random2, GameLogicRandom, pick_random_number, s32, u32

BOM = b"\xef\xbb\xbf"


class TextFile:
    """Accumulates text written in C "text mode" and knows line numbers."""

    def __init__(self):
        self.parts = []
        self.newlines = 0

    def write(self, s):
        self.parts.append(s)
        self.newlines += s.count("\n")

    def next_line(self):
        """1-based number of the line the next write starts (assuming the
        previous write ended with a newline)."""
        return self.newlines + 1

    def text(self):
        return "".join(self.parts)


def to_bytes(text, crlf=True, bom=False):
    if crlf:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    data = text.encode("utf-8")
    return (BOM + data) if bom else data


def text_lines(text):
    """The file's lines as a reader would number them (1-based list index+1)."""
    return text.split("\n")


# ---------------------------------------------------------------------------
# Phobos SYNC#.TXT
# ---------------------------------------------------------------------------

FMT_SINGLE = "#%05d: Single | Caller: %08x | Frame: %*d | Index1: %3d | Index2: %3d\n"
FMT_RANGED = ("#%05d: Ranged | Caller: %08x | Frame: %*d | Index1: %3d | Index2: %3d"
              " | Min: %d | Max: %d\n")
FMT_FACING = "#%05d: Facing: %5d | Caller: %08x | Frame: %*d\n"
FMT_TARGET = ("#%05d: RTTI: %02d | ID: %08d | TargetRTTI: %02d | TargetID: %08d"
              " | Caller: %08x | Frame: %*d\n")

RANGED_FN_LO, RANGED_FN_HI = 0x65C7E0, 0x65C88D
INNER_CALLER = 0x65C84B          # a return address inside RandomRanged

GAME_CALLERS = [
    0x004A1C2F, 0x0051E7B3, 0x006F4A19, 0x0070ABE4, 0x00418D42, 0x0046F0D1,
    0xA0012B6C, 0xA00342F1, 0xA0001A07,          # inside Ares (0xA0000000 + RVA)
    0xB0045E10, 0xB0007C3A, 0xB01210FF,          # inside Phobos (0xB0000000 + RVA)
]

RANGES = [(0, 99), (1, 6), (0, 255), (-50, 50), (10, 3), (0, 1 << 20), (0, 1000),
          (7, 7), (0, 1), (-1000000000, 1000000000), (0, 2147483647), (0, 2)]


def digits(n):
    """GeneralUtils::CountDigitsInNumber / the `while (frame) frame /= 10` loop."""
    d = 0
    n = abs(n)
    while n:
        n //= 10
        d += 1
    return d


class PhobosEntry:
    __slots__ = ("kind", "caller", "frame", "i1", "i2", "mn", "mx", "pos", "draws", "seq",
                 "line", "num", "call_start")

    def __init__(self, kind, caller, frame, i1, i2, mn=0, mx=0, pos=0, draws=0, seq=0):
        self.kind, self.caller, self.frame = kind, caller, frame
        self.i1, self.i2, self.mn, self.mx = i1, i2, mn, mx
        self.pos, self.draws, self.seq = pos, draws, seq
        self.line = None   # 1-based file line, filled in when written
        self.num = None    # the dump's '#'
        self.call_start = True   # False for a Ranged line after its inner Singles,
                                 # and for inner Singles after the first

    def clone(self):
        e = PhobosEntry(self.kind, self.caller, self.frame, self.i1, self.i2, self.mn, self.mx,
                        self.pos, self.draws, self.seq)
        e.call_start = self.call_start
        return e

    def format(self, num, width):
        if self.kind == "Single":
            return FMT_SINGLE % (num, u32(self.caller), width, self.frame, self.i1, self.i2)
        return FMT_RANGED % (num, u32(self.caller), width, self.frame, self.i1, self.i2,
                             self.mn, self.mx)


def phobos_script(n_frames, script_seed, calls_per_frame=(0, 5), only_single=False,
                  first_frame=1):
    """A deterministic list of (frame, kind, caller, mn, mx), independent of
    the RNG's values, so two players run the same logic."""
    rr = random.Random(script_seed)
    out = []
    for f in range(first_frame, first_frame + n_frames):
        for _ in range(rr.randint(*calls_per_frame)):
            caller = rr.choice(GAME_CALLERS)
            if only_single or rr.random() < 0.4:
                out.append((f, "Single", caller, 0, 0))
            else:
                mn, mx = rr.choice(RANGES)
                out.append((f, "Ranged", caller, mn, mx))
    return out


class PhobosGame:
    """The scenario stream of one player, with Phobos's 4096-call ring."""

    def __init__(self, seed, inner_singles=False, ring=4096):
        self.rng = Random2(seed)
        self.inner = inner_singles
        self.ring = deque(maxlen=ring)
        self.frame = 0
        self.seq = 0
        self.facings = deque(maxlen=1024)
        self.call_entry = {}     # script index -> the call's last PhobosEntry
        self.extra_entry = None  # the extra call's entry, when one is made

    def _add(self, e):
        e.seq = self.seq
        self.seq += 1
        self.ring.append(e)

    def single(self, caller):
        pos = self.rng.draws
        self.rng.raw()
        self._add(PhobosEntry("Single", caller, self.frame, self.rng.index1, self.rng.index2,
                              pos=pos, draws=1))

    def ranged(self, caller, mn, mx):
        pos = self.rng.draws
        if self.inner:
            first = [True]

            def raw_logged():
                p = self.rng.draws
                v = self.rng.raw()
                e = PhobosEntry("Single", INNER_CALLER, self.frame, self.rng.index1,
                                self.rng.index2, pos=p, draws=1)
                e.call_start = first[0]
                first[0] = False
                self._add(e)
                return v
            _, n = pick_random_number(raw_logged, mn, mx)
        else:
            _, n = self.rng.ranged(mn, mx)
        e = PhobosEntry("Ranged", caller, self.frame, self.rng.index1, self.rng.index2,
                        mn, mx, pos=pos, draws=(0 if self.inner else n))
        e.call_start = not (self.inner and n > 0)
        self._add(e)
        return n

    def unlogged_draw(self):
        """A draw the hooks cannot see (an inlined Random2 in the caller)."""
        self.rng.raw()

    def facing(self, caller, value):
        self.facings.append((value, caller, self.frame))

    def play(self, script, extra_at=None, extra_caller=0x0047AA01, unlogged_at=None,
             upto=None, start=0, extra_calls=(), unlogged_n=1):
        """Run script entries [start, upto).  extra_at: index before which
        this player makes one extra Single call (extra_calls: further extra
        calls there, (kind, caller, mn, mx)); unlogged_at: index before
        which unlogged_n unlogged draws happen."""
        for idx, (f, kind, caller, mn, mx) in enumerate(script):
            if idx < start:
                continue
            if upto is not None and idx >= upto:
                break
            self.frame = f
            if extra_at == idx:
                self.single(extra_caller)
                self.extra_entry = self.ring[-1]
                for k2, c2, mn2, mx2 in extra_calls:
                    if k2 == "Single":
                        self.single(c2)
                    else:
                        self.ranged(c2, mn2, mx2)
            if unlogged_at == idx:
                for _ in range(unlogged_n):
                    self.unlogged_draw()
            if kind == "Single":
                self.single(caller)
            else:
                self.ranged(caller, mn, mx)
            self.call_entry[idx] = self.ring[-1]
            if idx % 7 == 3:
                self.facing(caller ^ 0x10, (idx * 2654435761) & 0xFFFF)

    def snapshot(self):
        """The ring as it stands, oldest first (entries are copied)."""
        return [e.clone() for e in self.ring]


def write_phobos_log(tf, entries, current_frame, facings=(), renumber=True):
    """Append one 'Phobos synchronization log' to TextFile tf.

    entries: PhobosEntry list, oldest first.  Their .line and .num are set.
    Returns the 1-based line of the 'RNG Calls:' header."""
    width = digits(current_frame)
    tf.write("\nPhobos synchronization log:\n\n")
    header = tf.next_line()
    tf.write("RNG Calls:\n")
    for i, e in enumerate(entries):
        num = i if renumber else e.num
        e.num = num
        e.line = tf.next_line()
        tf.write(e.format(num, width))
    tf.write("\n")
    tf.write("Facing changes:\n")
    for i, (value, caller, frame) in enumerate(facings):
        tf.write(FMT_FACING % (i, value, u32(caller), width, frame))
    tf.write("\n")
    tf.write("Target changes:\n")
    tf.write(FMT_TARGET % (0, 15, 1234, 7, 99, u32(0x006FCDB0 + 5), width, current_frame))
    tf.write("\n")
    return header


# ---------------------------------------------------------------------------
# Vinifera (Tiberian Sun) and Ares (Yuri's Revenge) CRC logs
# ---------------------------------------------------------------------------

def vinifera_log(seed, k, gap=0, frame=1234, with_seed_line=True):
    """A Print_CRCs-shaped log.  'Scenario random' is the raw draw at stream
    position k (k draws were made before it); 'Random Number' is the draw at
    position k + 1 + gap.  Returns (text, info)."""
    r = Random2(seed)
    for _ in range(k):
        r.raw()
    v1 = r.raw()
    for _ in range(gap):
        r.raw()
    pos2 = r.draws
    v2 = r.raw()
    tf = TextFile()
    tf.write("Vinifera commit branch: %s\n" % "develop")
    tf.write("Vinifera commit hash: %s\n" % "1a2b3c4")
    tf.write("Vinifera local changes: %s\n" % "NO")
    tf.write("\n")
    tf.write("--------------------------------------------------------------------------------\n")
    tf.write("\n")
    tf.write("Frames: %d\n" % frame)
    tf.write("Player ID: %02d\n" % 1)
    tf.write("Player Name: %s\n" % "Player2")
    tf.write("Max MaxAhead: %d\n" % 20)
    tf.write("FrameSendRate: %d\n" % 4)
    tf.write("Latency setting: %d\n" % 0)
    tf.write("Game speed setting: %d\n" % 2)
    line1 = tf.next_line()
    tf.write("Scenario random: %d\n" % v1)
    seed_line = None
    if with_seed_line:
        seed_line = tf.next_line()
        tf.write("Random seed: %d\n" % s32(seed))
    tf.write("\n")
    tf.write("Local address: %d.%d.%d.%d\n" % (192, 168, 1, 23))
    tf.write("\n")
    for name in ("Player1", "Player2"):
        tf.write("Name: %s\n" % name)
        tf.write("Max avg round trip: %d\n" % 12)
        tf.write("Resends: %d\n" % 0)
        tf.write("\n")
    rr = random.Random(seed ^ k)
    for i in range(256):
        tf.write("CRC[%d]=%x\n" % (i, rr.getrandbits(32)))
    tf.write("\n")
    tf.write("-------------------------- Heap Sizes -------------------------\n")
    tf.write("Units.Count = %d\n" % 31)
    tf.write("Infantry.Count = %d\n" % 57)
    tf.write("\n")
    tf.write("GDI: IsHuman:%d  Color:%s  HeapID:%d  Credits:%d  Power:%d  Drain:%d"
             "  HouseType:%s  ActLike:%s\n" % (1, "Gold", 0, 5000, 100, 80, "GDI", "<none>"))
    tf.write("\n")
    line2 = tf.next_line() + 1          # the format starts with "\n"
    tf.write("\nRandom Number:%x\n" % u32(v2))
    tf.write("\n")
    info = dict(v1=v1, v2=v2, pos1=k, pos2=pos2, line1=line1, line2=line2,
                seed_line=seed_line)
    return tf.text(), info


def ares_log(seed, k, frame=0x1F40):
    """An Ares LogFrame-shaped log: 256 'CRC[%02X] = %08X' lines, then 'My
    Random Number' (the raw draw at position k), 'My Frame'."""
    r = Random2(seed)
    for _ in range(k):
        r.raw()
    v = r.raw()
    tf = TextFile()
    tf.write("Ares synchronization log (version %s)\n" % "3.0p1")
    rr = random.Random(seed * 31 + k)
    for i in range(0x100):
        tf.write("CRC[%02X] = %08X\n" % (i, rr.getrandbits(32)))
    line = tf.next_line()
    tf.write("My Random Number: %08X\n" % u32(v))
    tf.write("My Frame: %08X\n" % u32(frame))
    tf.write("Average FPS: %d\n" % 59)
    tf.write("Max MaxAhead: %d\n" % 20)
    tf.write("Latency setting: %d\n" % 0)
    tf.write("Game speed setting: %d\n" % 1)
    tf.write("FrameSendRate: %d\n" % 7)
    tf.write("\nOffending event:\n")
    tf.write("Type:         %X\n" % 0x1C)
    tf.write("Frame:        %X\n" % u32(frame))
    tf.write("CRC:          %X\n" % 0xDEADBEEF)
    tf.write("\n\n")
    tf.write("Checksums\n")
    tf.write("#%05d:\t%08X\n" % (0, 0x12345678))
    return tf.text(), dict(value=v, pos=k, line=line, frame=frame)


# ---------------------------------------------------------------------------
# Generals / Zero Hour DEBUG_RANDOM_LOGIC logs
# ---------------------------------------------------------------------------

FMT_INIT = "InitRandom %08lx\n"
FMT_INIT_LOGIC = "InitRandom Logic %08lx\n"
# RandomValue.cpp has one literal per stream; these are those literals.
FMT_VALUE = {
    "logic": "%d: GetGameLogicRandomValue = %d (%d - %d), %s line %d\n",
    "client": "%d: GetGameClientRandomValue = %d (%d - %d), %s line %d\n",
    "audio": "%d: GetGameAudioRandomValue = %d (%d - %d), %s line %d\n",
}
FMT_REAL = {
    "logic": "%d: GetGameLogicRandomValueReal = %f, %s line %d\n",
    "client": "%d: GetGameClientRandomValueReal = %f, %s line %d\n",
    "audio": "%d: GetGameAudioRandomValueReal = %f, %s line %d\n",
}

GEN_FILES = [
    "W:\\Code\\GameEngine\\Source\\GameLogic\\Object\\Weapon.cpp",
    "W:\\Code\\GameEngine\\Source\\GameLogic\\AI\\AIPathfind.cpp",
    "W:\\Code\\GameEngine\\Source\\GameLogic\\Object\\Update\\AIUpdate.cpp",
    "W:\\Code\\GameEngine\\Source\\GameLogic\\Object\\Body\\ActiveBody.cpp",
    "W:\\Code\\GameEngine\\Source\\GameLogic\\ScriptEngine\\ScriptActions.cpp",
]
CLIENT_FILES = [
    "W:\\Code\\GameEngine\\Source\\GameClient\\Drawable.cpp",
    "W:\\Code\\GameEngineDevice\\Source\\W3DDevice\\GameClient\\W3DParticleSys.cpp",
]
AUDIO_FILE = "W:\\Code\\GameEngine\\Source\\Common\\Audio\\GameAudio.cpp"


class GenLine:
    __slots__ = ("stream", "kind", "frame", "value", "lo", "hi", "file", "src", "pos", "line",
                 "text")

    def __init__(self, **kw):
        for k in self.__slots__:
            setattr(self, k, kw.get(k))


class GeneralsGame:
    def __init__(self, prefix=None):
        self.tf = TextFile()
        self.streams = {}
        self.frame = 0
        self.lines = []          # GenLine for every random call line written
        self.prefix = prefix     # callable(frame, n) -> str, or None
        self.nwritten = 0

    def _w(self, s):
        if self.prefix:
            s = self.prefix(self.frame, self.nwritten) + s
        self.nwritten += 1
        self.tf.write(s)

    def init_random(self, seed, log=True):
        for name in ("audio", "client", "logic"):
            self.streams[name] = GameLogicRandom(seed)
        if log:
            self._w(FMT_INIT % u32(seed))

    def init_logic(self, seed, log=True):
        self.streams["logic"] = GameLogicRandom(seed)
        if log:
            self._w(FMT_INIT_LOGIC % u32(seed))

    def value(self, stream, lo, hi, file, src):
        g = self.streams[stream]
        pos = g.draws
        v, drew = g.value(lo, hi)
        if drew:       # calls that draw nothing return before the log line
            gl = GenLine(stream=stream, kind="int", frame=self.frame, value=v, lo=lo, hi=hi,
                         file=file, src=src, pos=pos, line=self.tf.next_line())
            gl.text = FMT_VALUE[stream] % (self.frame, v, lo, hi, file, src)
            self._w(gl.text)
            self.lines.append(gl)
        return v

    def real(self, stream, lo, hi, file, src):
        g = self.streams[stream]
        pos = g.draws
        v, drew = g.real(lo, hi)
        if drew:
            gl = GenLine(stream=stream, kind="real", frame=self.frame, value=v, lo=lo, hi=hi,
                         file=file, src=src, pos=pos, line=self.tf.next_line())
            gl.text = FMT_REAL[stream] % (self.frame, v, file, src)
            self._w(gl.text)
            self.lines.append(gl)
        return v

    def other(self, text):
        self._w(text)


def generals_play(game, n_frames, script_seed, first_frame=1, client=True, audio=False,
                  extra_at=None, extra=None):
    """Play n_frames of a deterministic script.  extra_at: (frame, k): before
    the k-th logic call of that frame, make the call `extra`
    (lo, hi, file, src) as well."""
    rr = random.Random(script_seed)
    for f in range(first_frame, first_frame + n_frames):
        game.frame = f
        n = rr.randint(0, 6)
        for k in range(n):
            if extra_at == (f, k):
                lo, hi, fl, src = extra
                game.value("logic", lo, hi, fl, src)
            fl = rr.choice(GEN_FILES)
            src = rr.randint(40, 2400)
            r = rr.random()
            if r < 0.6:
                lo, hi = rr.choice([(0, 99), (1, 6), (0, 1000), (-10, 10), (0, 0), (10, 3),
                                    (0, 65535), (-2147483648, 2147483647), (5, 4),
                                    (0, 99), (0, 99), (1, 100), (0, 359),
                                    (-2147483648, 0), (0, 2147483647), (-5, -1),
                                    (2147483647, -2147483648)])
                game.value("logic", lo, hi, fl, src)
            else:
                lo, hi = rr.choice([(0.0, 1.0), (-1.0, 1.0), (10.0, 250.5), (3.0, 3.0)])
                game.real("logic", lo, hi, fl, src)
            if client and rr.random() < 0.5:
                cf = rr.choice(CLIENT_FILES)
                if rr.random() < 0.5:
                    game.value("client", 0, 359, cf, rr.randint(10, 900))
                else:
                    game.real("client", 0.0, 6.2831855, cf, rr.randint(10, 900))
            if audio and rr.random() < 0.3:
                game.value("audio", 0, 3, AUDIO_FILE, 1337)
        if rr.random() < 0.2:
            game.other("GameLogic::update() frame %d\n" % f)


# ---------------------------------------------------------------------------
# Generals crcDebug<machine>.txt
# ---------------------------------------------------------------------------

class CrcDebugGame:
    """The logic stream and the CRC debug ring's lines ("%d:%d " + message
    with newlines turned into spaces; dumped one per line)."""

    def __init__(self, seed, index_fmt="%d:%d "):
        self.rng = GameLogicRandom(seed)
        self.frame = 0
        self.index = 0
        self.logging = False
        self.tf = TextFile()
        self.index_fmt = index_fmt
        self.seed_lines = []    # (line, frame, draws, crc_signed)

    def new_frame(self):
        self.frame += 1
        self.index = 0

    def msg(self, fmt, *args):
        if not self.logging:
            return None
        body = (fmt % args) if args else fmt
        body = body.replace("\r", " ").replace("\n", " ")
        line = self.tf.next_line()
        self.tf.write((self.index_fmt % (self.frame, self.index)) + body + "\n")
        self.index += 1
        return line

    def random_seed(self):
        crc = s32(self.rng.crc())
        line = self.msg("RandomSeed: %d\n", crc)
        if line is not None:
            self.seed_lines.append(dict(line=line, frame=self.frame, draws=self.rng.draws,
                                        crc=crc))

    def draw(self, n=1):
        for _ in range(n):
            self.rng.draw()


def crcdebug_play(game, n_frames, script_seed, start_logging_at=5, extra_at_frame=None):
    """Each frame: some arbitrary CRC debug messages, a few logic draws,
    then the 'RandomSeed' line (the state CRC at the end of the frame)."""
    rr = random.Random(script_seed)
    for _ in range(n_frames):
        game.new_frame()
        if game.frame >= start_logging_at:
            game.logging = True
        nd = rr.choice([0, 1, 2, 3, 5, 8])
        for i in range(nd):
            if rr.random() < 0.5:
                game.msg("dumpReal() %s:%d %s %8.8X (%f)", "weapon.cpp", rr.randint(1, 3000),
                         "m_damage", rr.getrandbits(32), 12.5)
            game.draw()
        if extra_at_frame == game.frame:
            game.draw()
        if rr.random() < 0.4:
            game.msg("dumpCoord3D() %s:%d %s %8.8X %8.8X %8.8X", "physicsupdate.cpp", 412,
                     "&m_vel", rr.getrandbits(32), rr.getrandbits(32), 0)
        game.msg("Object %d: %s pos (%d,%d)\nsecond line", rr.randint(1, 400), "AmericaTankCrusader",
                 rr.randint(0, 4000), rr.randint(0, 4000))
        game.random_seed()
