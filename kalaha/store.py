"""Saved data: settings, statistics, the last finished games and the game in progress.

An append-only journal in 4 KB of flash; never imports hardware (the flash object is injected).

Why a journal: on the RP2040, CircuitPython's ``microcontroller.nvm`` only programs the
flash page when every byte written still reads 0xFF (erased); any other write erases and
rewrites the whole 4 KB sector. So each save appends a small record into erased space
(no erase at all), and only when the sector is full is everything rewritten as one
snapshot: one erase about every ten games (README, "Saved games and flash wear").

Layout: b"KH", a version byte, then records ``type, length (2 bytes), payload, check (2
bytes)`` until a 0xFF type byte. A record that fails its check (a power cut while it was
written) ends the journal: what came before it is kept.
"""

from kalaha.compat import const

MAGIC0 = const(0x4B)  # "K"
MAGIC1 = const(0x48)  # "H"
VERSION = const(1)
SIZE = const(4096)
_HEADER = const(3)

R_SNAPSHOT = const(1)
R_SETTINGS = const(2)
R_NEWGAME = const(3)
R_MOVE = const(4)
R_UNDO = const(5)
R_END = const(6)
R_RESET_STATS = const(7)

HISTORY = const(20)  # finished games kept for replay
LEVELS = ("easy", "medium", "strong", "expert")
# Statistics counters: per level wins, draws, losses (12), then two players: South wins,
# North wins, draws (3), then resignations and agreed draws (2).
N_STATS = const(17)
STAT_TWO_PLAYER = const(12)
STAT_RESIGNS = const(15)
STAT_AGREED = const(16)

# Settings in their stored order, each one byte.
SETTING_KEYS = (
    "seeds",
    "pits",
    "empty_capture",
    "alga",
    "swap",
    "hints",
    "sound",
    "brightness",
    "speed",
    "clock",
)
DEFAULT_SETTINGS = {
    "seeds": 4,
    "pits": 6,
    "empty_capture": False,
    "alga": False,
    "swap": False,
    "hints": True,
    "sound": True,
    "brightness": 3,
    "speed": 1,
    "clock": 0,
}

# How a game ended.
END_EMPTY = const(0)
END_RESIGN = const(1)
END_AGREED = const(2)
END_TIME = const(3)
TWO_PLAYERS = const(2)  # mode byte: 0/1 = the computer's side, 2 = two players


def checksum(data, start, end):
    """Fletcher-16 over data[start:end]: catches torn and flipped bytes."""
    a = 0
    b = 0
    for i in range(start, end):
        a = (a + data[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a


class MemoryFlash:
    """4 KB of NOR flash with the RP2040 nvm's write rule, for tests and the simulator.

    A write into bytes that all read 0xFF programs them; any other write erases and rewrites
    the sector. `cut_after` simulates a power cut after that many bytes reached the flash.
    """

    def __init__(self, data=None):
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * SIZE)
        self.erases = 0
        self.writes = 0
        self.cut_after = -1

    def read(self):
        return bytes(self.data)

    def write(self, offset, values):
        self.writes += 1
        end = offset + len(values)
        erased = all(b == 0xFF for b in self.data[offset:end])
        if not erased:
            image = bytearray(self.data)
            image[offset:end] = values
            self.erases += 1
            for i in range(SIZE):
                self.data[i] = 0xFF
            self._program(0, image)
        else:
            self._program(offset, values)

    def _program(self, offset, values):
        for i, v in enumerate(values):
            if self.cut_after == 0:
                raise PowerCut()
            if self.cut_after > 0:
                self.cut_after -= 1
            self.data[offset + i] = v


class PowerCut(Exception):
    """Raised by MemoryFlash when its simulated power cut happens."""


def pack_rules(rules):
    """(pits, seeds, empty_capture, alga, swap) -> two bytes."""
    return bytes(
        (
            rules["pits"] | (rules["seeds"] << 3),
            (1 if rules["empty_capture"] else 0) | (2 if rules["alga"] else 0) | (4 if rules["swap"] else 0),
        )
    )


def unpack_rules(b0, b1):
    return {
        "pits": b0 & 7,
        "seeds": (b0 >> 3) & 7,
        "empty_capture": bool(b1 & 1),
        "alga": bool(b1 & 2),
        "swap": bool(b1 & 4),
    }


def pack_moves(moves):
    """Moves 0..6 (0 = swap) two to a byte."""
    out = bytearray((len(moves) + 1) // 2)
    for i, m in enumerate(moves):
        out[i // 2] |= m << (4 * (i % 2))
    return out


def unpack_moves(data, start, count):
    return [(data[start + i // 2] >> (4 * (i % 2))) & 15 for i in range(count)]


class Game:
    """A game as stored: rules, who played, level, clock, moves and (when finished) the result."""

    def __init__(self, rules, mode, level, clock=0):
        self.rules = rules
        self.mode = mode  # 0/1: the side the computer played; TWO_PLAYERS
        self.level = level  # index into LEVELS
        self.clock = clock  # time-control index (kalaha.clock.CONTROLS)
        self.moves = []
        self.clocks = [0, 0]  # ms left for South and North (timed games)
        self.result = -1  # 0 South, 1 North, 2 draw
        self.end = END_EMPTY

    def encode(self):
        head = pack_rules(self.rules) + bytes(
            (self.mode, self.level, self.clock, self.result & 255, self.end, len(self.moves))
        )
        clocks = bytearray(6)
        for side in range(2):
            v = self.clocks[side]
            clocks[3 * side] = v & 255
            clocks[3 * side + 1] = (v >> 8) & 255
            clocks[3 * side + 2] = (v >> 16) & 255
        return head + bytes(clocks) + bytes(pack_moves(self.moves))

    @classmethod
    def decode(cls, data, start):
        """(Game, next offset)."""
        g = cls(unpack_rules(data[start], data[start + 1]), data[start + 2], data[start + 3], data[start + 4])
        g.result = data[start + 5] if data[start + 5] != 255 else -1
        g.end = data[start + 6]
        n = data[start + 7]
        for side in range(2):
            o = start + 8 + 3 * side
            g.clocks[side] = data[o] | (data[o + 1] << 8) | (data[o + 2] << 16)
        g.moves = unpack_moves(data, start + 14, n)
        return g, start + 14 + (n + 1) // 2


class Store:
    """The saved state, loaded from `flash` (anything with read() and write(offset, bytes))."""

    def __init__(self, flash):
        self.flash = flash
        self.message = ""  # one line for the player when the saved data could not be read
        self.settings = dict(DEFAULT_SETTINGS)
        self.stats = [0] * N_STATS
        self.history = []  # finished Games, oldest first, at most HISTORY
        self.current = None  # the Game in progress
        self.pos = _HEADER
        self.needs_compaction = False
        self.load()

    # ----- reading ------------------------------------------------------------------------

    def load(self):
        try:
            data = self.flash.read()
        except Exception as e:  # a failing flash must never stop the game
            self._fresh("saved data unreadable (%s): defaults" % e)
            return
        if len(data) != SIZE:
            self._fresh("saved data has the wrong size: defaults")
            return
        if data[0] == 0xFF and data[1] == 0xFF and data[2] == 0xFF:
            self._fresh("")  # never written: a new device
            return
        if data[0] != MAGIC0 or data[1] != MAGIC1:
            self._fresh("saved data is not ours: defaults")
            return
        if data[2] != VERSION:
            self._fresh("saved data is version %d, not %d: defaults" % (data[2], VERSION))
            return
        pos = _HEADER
        while pos < SIZE and data[pos] != 0xFF:
            if pos + 5 > SIZE:
                self.message = "saved data cut short: kept what was readable"
                break
            length = data[pos + 1] | (data[pos + 2] << 8)
            end = pos + 3 + length
            if end + 2 > SIZE or checksum(data, pos, end) != (data[end] | (data[end + 1] << 8)):
                self.message = "saved data damaged: kept what was readable"
                break
            try:
                self._apply(data, data[pos], pos + 3, end)
            except (IndexError, ValueError, KeyError):
                self.message = "saved data damaged: kept what was readable"
                break
            pos = end + 2
        self.pos = pos
        # Everything after the journal must still be erased, or the next append would erase.
        for i in range(pos, SIZE):
            if data[i] != 0xFF:
                self.needs_compaction = True
                break

    def _fresh(self, message):
        self.message = message
        self.settings = dict(DEFAULT_SETTINGS)
        self.stats = [0] * N_STATS
        self.history = []
        self.current = None
        self.pos = _HEADER
        self.needs_compaction = True  # the first save writes the header and a snapshot

    def _apply(self, data, kind, start, end):
        if kind == R_SNAPSHOT:
            p = self._read_settings(data, start)
            for i in range(N_STATS):
                self.stats[i] = data[p] | (data[p + 1] << 8)
                p += 2
            count = data[p]
            p += 1
            self.history = []
            for _ in range(count):
                game, p = Game.decode(data, p)
                self.history.append(game)
            self.current = None
            if data[p]:
                self.current, p = Game.decode(data, p + 1)
        elif kind == R_SETTINGS:
            self._read_settings(data, start)
        elif kind == R_NEWGAME:
            self.current, _p = Game.decode(data, start)
        elif kind == R_MOVE:
            if self.current is None:
                raise ValueError("move without a game")
            self.current.moves.append(data[start])
            if end - start >= 7:
                for side in range(2):
                    o = start + 1 + 3 * side
                    self.current.clocks[side] = data[o] | (data[o + 1] << 8) | (data[o + 2] << 16)
        elif kind == R_UNDO:
            if self.current is None:
                raise ValueError("undo without a game")
            n = data[start]
            del self.current.moves[len(self.current.moves) - n :]
        elif kind == R_END:
            if self.current is None:
                raise ValueError("end without a game")
            self._finish(data[start], data[start + 1])
        elif kind == R_RESET_STATS:
            self.stats = [0] * N_STATS
        else:
            raise ValueError("unknown record %d" % kind)

    def _read_settings(self, data, p):
        for key in SETTING_KEYS:
            v = data[p]
            default = DEFAULT_SETTINGS[key]
            self.settings[key] = bool(v) if (default is True or default is False) else v
            p += 1
        return p

    def _finish(self, result, end):
        g = self.current
        g.result = result
        g.end = end
        s = self.stats
        if g.mode == TWO_PLAYERS:
            s[STAT_TWO_PLAYER + result] += 1
        else:
            human = 1 - g.mode
            # Per level: wins, draws, losses from the player's side.
            outcome = 1 if result == 2 else (0 if result == human else 2)
            s[3 * g.level + outcome] += 1
        if end == END_RESIGN:
            s[STAT_RESIGNS] += 1
        elif end == END_AGREED:
            s[STAT_AGREED] += 1
        for i in range(N_STATS):
            if s[i] > 65535:
                s[i] = 65535
        self.history.append(g)
        if len(self.history) > HISTORY:
            self.history.pop(0)
        self.current = None

    # ----- writing ------------------------------------------------------------------------

    def save_settings(self, settings):
        for key in SETTING_KEYS:
            self.settings[key] = settings[key]
        self._append(R_SETTINGS, self._settings_bytes())

    def new_game(self, rules, mode, level, clock=0, clocks=(0, 0)):
        g = Game(rules, mode, level, clock)
        g.clocks = [clocks[0], clocks[1]]
        self.current = g
        self._append(R_NEWGAME, g.encode())

    def move(self, move, clocks=None):
        """One sowing (pit 1..6, or 0 for the swap) of the game in progress."""
        if self.current is None:
            return
        self.current.moves.append(move)
        payload = bytearray(1 if clocks is None else 7)
        payload[0] = move
        if clocks is not None:
            self.current.clocks = [clocks[0], clocks[1]]
            for side in range(2):
                v = clocks[side]
                payload[1 + 3 * side] = v & 255
                payload[2 + 3 * side] = (v >> 8) & 255
                payload[3 + 3 * side] = (v >> 16) & 255
        self._append(R_MOVE, payload)

    def undo(self, count):
        if self.current is None or count <= 0:
            return
        del self.current.moves[len(self.current.moves) - count :]
        self._append(R_UNDO, bytes((count,)))

    def end_game(self, result, end=END_EMPTY):
        """The game in progress finished: result 0 South, 1 North, 2 draw."""
        if self.current is None:
            return
        self._finish(result, end)
        self._append(R_END, bytes((result, end)))

    def reset_stats(self):
        self.stats = [0] * N_STATS
        self._append(R_RESET_STATS, b"")

    def _settings_bytes(self):
        return bytes([int(self.settings[key]) for key in SETTING_KEYS])

    def _record(self, kind, payload):
        n = len(payload)
        rec = bytearray(n + 5)
        rec[0] = kind
        rec[1] = n & 255
        rec[2] = n >> 8
        rec[3 : 3 + n] = payload
        c = checksum(rec, 0, n + 3)
        rec[n + 3] = c & 255
        rec[n + 4] = c >> 8
        return rec

    def _append(self, kind, payload):
        rec = self._record(kind, payload)
        if self.needs_compaction or self.pos + len(rec) > SIZE:
            self.compact()
            return
        try:
            self.flash.write(self.pos, rec)
        except OSError:
            self.message = "could not save"
            return
        self.pos += len(rec)

    def snapshot_bytes(self):
        out = bytearray(self._settings_bytes())
        for v in self.stats:
            out.append(v & 255)
            out.append(v >> 8)
        out.append(len(self.history))
        for g in self.history:
            out += g.encode()
        if self.current is None:
            out.append(0)
        else:
            out.append(1)
            out += self.current.encode()
        return out

    def compact(self):
        """Rewrite the whole sector as one snapshot (the one write that erases)."""
        rec = self._record(R_SNAPSHOT, self.snapshot_bytes())
        while _HEADER + len(rec) > SIZE and self.history:
            self.history.pop(0)  # never happens with 20 games of 6 pits, but stay inside 4 KB
            rec = self._record(R_SNAPSHOT, self.snapshot_bytes())
        image = bytearray(b"\xff" * SIZE)
        image[0] = MAGIC0
        image[1] = MAGIC1
        image[2] = VERSION
        image[_HEADER : _HEADER + len(rec)] = rec
        try:
            self.flash.write(0, image)
        except OSError:
            self.message = "could not save"
            return
        self.pos = _HEADER + len(rec)
        self.needs_compaction = False
