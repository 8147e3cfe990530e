"""Saved data: settings, statistics, the last finished games and the game in progress.

An append-only journal in 4 KB of flash; never imports hardware (the flash object is injected).

Why a journal: on the RP2040, CircuitPython's ``microcontroller.nvm`` only programs the
flash page when every byte written still reads 0xFF (erased); any other write erases and
rewrites the whole 4 KB sector. So each save appends a small record into erased space
(no erase at all), and only when the sector is full is everything rewritten as one
snapshot: one erase about every 6.5 games (docs/performance.md, "Saved games and flash wear").

Layout: b"KH", a version byte, then records ``type, length (2 bytes), payload, CRC-32 (4
bytes)`` until a 0xFF type byte. A record that fails its check (a power cut while it was
written, a flipped bit) ends the journal: what came before it is kept. Every field is
range-checked when loaded and every game is replayed by the rules engine before it is
offered: damaged data gives the defaults (or what was readable) and one line of message,
never an exception. Version 1 (a Fletcher-16 check, which cannot tell 0x00 from 0xFF) is
still read, and rewritten as version 2 at the next save.

Memory: one 4 KB image buffer, made first, serves loading and every compaction (the one
write that rewrites the sector), so saving never needs a big block from a fragmented heap.
"""

# (SWAP and the rest for the game's own modules too, which a game of 3-4 players loads while
# kalaha.board is let go: kalaha.gamemenu, kalaha.movelist)
from kalaha.board import DRAW, END_AGREED, END_EMPTY, END_RESIGN, END_TIME, SWAP  # noqa: F401
from kalaha.compat import const, crc32, forget

MAGIC0 = const(0x4B)  # "K"
MAGIC1 = const(0x48)  # "H"
VERSION = const(2)
OLD_VERSION = const(1)  # Fletcher-16 records: read, then rewritten as VERSION
SIZE = const(4096)
N_CONTROLS = const(5)  # the chess clock's time controls (kalaha.clock.CONTROLS: not loaded with the store)
_N_LEVELS = const(4)  # the computer's levels (kalaha.ai.LEVEL_NAMES: the search is not the store's)
HEADER = const(3)

R_SNAPSHOT = const(1)
R_SETTINGS = const(2)
R_NEWGAME = const(3)
R_MOVE = const(4)
R_UNDO = const(5)
R_END = const(6)
R_RESET_STATS = const(7)
# 8: a timed game's clocks mid-turn (kalaha.clock writes it: no name on the store's heap)
# 9: a puzzle tried (Store.puzzle_tried)

HISTORY = const(20)  # finished games kept for replay
# The puzzles' progress (kalaha.puzzles), one bytearray: the wrong tries of the puzzle tried last
# and its number (2 bytes), the streak of puzzles solved at the first try and the best (2 bytes
# each), then a bit a puzzle solved (puzzle N: bit (N - 1) % 8 of byte 7 + (N - 1) // 8).
_PUZZLE_BYTES = const(55)  # (up to 384 puzzles)
_R_PUZZLE = const(9)  # a puzzle tried: its number (2 bytes), 1 when solved

# Statistics counters: per level wins, draws, losses (12), then two players: South wins,
# North wins, draws (3), then resignations and agreed draws (2); then games of 3 and 4
# players: played, and won by a person (first place, or a share of it): stored after the rest;
# then the winning streak against the computer, now and the best (stored after the later keys:
# a snapshot from before has none, and they start at 0).
N_STATS = const(23)
STORED_STATS = const(17)  # in the snapshot's first table; the ring's follow the games
STAT_TWO_PLAYER = const(12)
STAT_RESIGNS = const(15)
STAT_AGREED = const(16)
STAT_RING = const(17)  # 3 players: games, won; 4 players: games, won
_STREAK = const(21)  # games won in a row against the computer; the best such run next (the last two)

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
# The player's last choices, kept like the settings (after them in a settings record, after
# the statistics in a snapshot: older saves have none and give the defaults): the level and
# who starts against the computer; the 3-4 player setup (its seats as bits, the computer's).
CHOICE_KEYS = (
    "level",
    "starts",
    "ring_players",
    "ring_computers",
    "ring_level",
    "ring_pits",
    "ring_seeds",
    "ring_capture",
    "ring_limit",
)
# Saved after the choices, each only where a record has room for it (older saves have none and
# give the defaults): the background music (0 off, else its tune), and the tune a quick switch
# in the game menu turns on again (the last one chosen).
LATER_KEYS = ("music", "tune")
SAVED_KEYS = SETTING_KEYS + CHOICE_KEYS + LATER_KEYS
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
    "level": 1,  # (kalaha.ai.LEVEL_NAMES: medium)
    "starts": 0,  # (kalaha.setup.START_NAMES: you)
    "ring_players": 3,
    "ring_computers": 6,  # Orange and Green
    "ring_level": 2,
    "ring_pits": 4,
    "ring_seeds": 4,
    "ring_capture": 0,
    "ring_limit": 0,
    "music": 0,  # off by default
    "tune": 1,
}

TWO_PLAYERS = const(2)  # mode byte: 0/1 = the computer's side, 2 = two players
# ... 3: 3-4 players (kalaha.ring), a field a setting: the level byte its level, the clock byte
# the computer's seats as bits (seat 0 bit 0), the two clocks' fields (a ring has no chess
# clock) the first seat and the move time (kalaha.storeload.decoded reads older saves too)
RING_MODE = const(3)


class Damaged(ValueError):
    """A saved field out of its range."""


def pack_rules(rules):
    """(pits, seeds, empty_capture, alga, swap) -> two bytes; a ring's (seats, pits, seeds,
    capture_from): bit 3 of the second byte set, then seats - 2 and capture_from."""
    if "seats" in rules:
        return bytes(
            (
                rules["pits"] | (rules["seeds"] << 3),
                8 | ((rules["seats"] - 2) << 4) | (rules["capture_from"] << 6),
            )
        )
    return bytes(
        (
            rules["pits"] | (rules["seeds"] << 3),
            (1 if rules["empty_capture"] else 0) | (2 if rules["alga"] else 0) | (4 if rules["swap"] else 0),
        )
    )


def unpack_rules(b0, b1):
    if b1 & 8:
        return {"seats": 2 + ((b1 >> 4) & 3), "pits": b0 & 7, "seeds": (b0 >> 3) & 7, "capture_from": b1 >> 6}
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


class SavedGame:
    """A game as stored: rules, who played, level, clock, moves and (when finished) the result."""

    def __init__(self, rules, mode, level, clock=0):
        self.rules = rules
        self.mode = mode  # 0/1: the side the computer played; TWO_PLAYERS
        self.level = level  # index into kalaha.ai.LEVEL_NAMES
        self.clock = clock  # time-control index (kalaha.clock.CONTROLS)
        self.moves = []
        self.clocks = [0, 0]  # ms left for South and North (timed games)
        self.result = -1  # SOUTH, NORTH or DRAW (kalaha.board), -1 while it runs
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
    def decode(cls, data, start, limit):
        """(SavedGame, next offset); raise Damaged unless every field is in range (up to `limit`)."""
        if start + 14 > limit:
            raise Damaged("game cut short")
        rules = unpack_rules(data[start], data[start + 1])
        mode, level, clock = data[start + 2], data[start + 3], data[start + 4]
        ring = "seats" in rules
        if not (1 <= rules["pits"] <= (6 if ring else 7) and 1 <= rules["seeds"] <= 6):
            raise Damaged("rules")
        if ring and (data[start + 1] & 7 or rules["seats"] > 4 or rules["capture_from"] > 2):
            raise Damaged("rules")
        if ring != (mode == RING_MODE) or (not ring and data[start + 1] > 7):
            raise Damaged("rules")
        if mode > RING_MODE or (not ring and (level >= _N_LEVELS or clock >= N_CONTROLS)):
            raise Damaged("mode, level or clock")  # (a ring's settings: kalaha.storeload.decoded)
        g = cls(rules, mode, level, clock)
        g.result = data[start + 5] if data[start + 5] != 255 else -1
        g.end = data[start + 6]
        if g.result > (15 if ring else DRAW) or g.end > END_TIME:
            raise Damaged("result")
        n = data[start + 7]
        for side in range(2):
            o = start + 8 + 3 * side
            g.clocks[side] = data[o] | (data[o + 1] << 8) | (data[o + 2] << 16)
        end = start + 14 + (n + 1) // 2
        if end > limit:
            raise Damaged("moves cut short")
        g.moves = unpack_moves(data, start + 14, n)
        return g, end


class History:
    """The finished games, oldest first, kept encoded in one bytearray (SavedGame.encode: about 40
    bytes a game) and decoded one at a time when asked for: as objects, twenty games took
    several KB of heap, and the heap went down game after game until there were twenty."""

    def __init__(self):
        self.data = bytearray()
        self.starts = []  # where each game's bytes begin in data

    def __len__(self):
        return len(self.starts)

    def __getitem__(self, i):
        n = len(self.starts)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("no such game")
        game, _end = SavedGame.decode(self.data, self.starts[i], len(self.data))
        return game

    def encoded(self, i):
        """SavedGame i's bytes, as SavedGame.encode wrote them."""
        end = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.data)
        return memoryview(self.data)[self.starts[i] : end]

    def append(self, game):
        self.starts.append(len(self.data))
        self.data += game.encode()

    def drop_oldest(self):
        if not self.starts:
            return
        cut = self.starts[1] if len(self.starts) > 1 else len(self.data)
        self.data = self.data[cut:]  # (CircuitPython's bytearray has no slice deletion)
        self.starts.pop(0)
        for i in range(len(self.starts)):
            self.starts[i] -= cut


class Store:
    """The saved state, loaded from `flash` (anything with read() and write(offset, bytes))."""

    def __init__(self, flash, image=None):
        # The one big buffer (4 KB), best made before anything else fragments the heap: the
        # device passes one it made before importing the rest of the game.
        self.image = image if image is not None else bytearray(SIZE)
        self.flash = flash
        self.message = ""  # one line for the player (at most 21 characters) when the data could not be read
        self.blank = False  # the flash was never written: a new device
        self.settings = dict(DEFAULT_SETTINGS)
        self.stats = [0] * N_STATS
        self.history = History()  # finished Games, oldest first, at most HISTORY
        self.current = None  # the SavedGame in progress
        self.puzzles = bytearray(_PUZZLE_BYTES)  # the puzzles' progress (above)
        self.pos = HEADER
        self.needs_compaction = False
        # The journal is read once, at start-up, by code that is let go after it.
        from kalaha import storeload

        storeload.load(self)
        forget("storeload")
        forget("choices")

    def scratch(self, size):
        """The image's last `size` bytes, lent out: the store fills the image only inside its
        own calls (loading, compaction) and keeps nothing in it between them, so a reader that
        also uses a buffer only inside its own calls (the endgame table's check) needs none of
        its own. (About 0.5 KB of heap while the table is checked.)"""
        return memoryview(self.image)[SIZE - size :]

    # ----- reading ------------------------------------------------------------------------

    def _finish(self, result, end):
        g = self.current
        g.result = result
        g.end = end
        s = self.stats
        if g.mode == RING_MODE:
            # result: the first places' seats as bits; won when a person's seat is among them
            seats = g.rules["seats"]
            at = STAT_RING + (0 if seats == 3 else 2)
            s[at] += 1
            if result & ~g.clock:
                s[at + 1] += 1
        elif g.mode == TWO_PLAYERS:
            s[STAT_TWO_PLAYER + result] += 1
        else:
            human = 1 - g.mode
            # Per level: wins, draws, losses from the player's side.
            outcome = 1 if result == DRAW else (0 if result == human else 2)
            s[3 * g.level + outcome] += 1
            streak = s[_STREAK] + 1 if outcome == 0 else 0
            s[_STREAK] = streak
            if streak > s[_STREAK + 1]:
                s[_STREAK + 1] = streak
        if end == END_RESIGN:
            s[STAT_RESIGNS] += 1
        elif end == END_AGREED:
            s[STAT_AGREED] += 1
        for i in range(N_STATS):
            if s[i] > 65535:
                s[i] = 65535
        self.history.append(g)
        if len(self.history) > HISTORY:
            self.history.drop_oldest()
        self.current = None

    # ----- writing ------------------------------------------------------------------------

    def save_settings(self, settings):
        """The settings and the player's last choices (SAVED_KEYS) from `settings`, saved."""
        for key in SAVED_KEYS:
            self.settings[key] = settings[key]
        self._append(R_SETTINGS, self._settings_bytes())

    def new_game(self, rules, mode, level, clock=0, clocks=(0, 0)):
        g = SavedGame(rules, mode, level, clock)
        g.clocks = [clocks[0], clocks[1]]
        self.current = g
        self._append(R_NEWGAME, g.encode())

    def move(self, move, clocks=None):
        """One sowing (pit 1..7, or 0 for the swap) of the game in progress."""
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

    def puzzle_tried(self, number, right, save=True):
        """Puzzle `number` (1..) answered: right (solved; the streak goes on if it was its first
        try) or wrong (a try more). Saved, unless replayed from the journal (kalaha.storeload)."""
        p = self.puzzles
        if not 0 < number <= 8 * (_PUZZLE_BYTES - 7):
            return
        if p[1] | p[2] << 8 != number:
            p[0] = 0  # (another puzzle: its tries begin)
            p[1] = number & 255
            p[2] = number >> 8
        streak = p[3] | p[4] << 8
        at = 7 + (number - 1) // 8
        bit = 1 << ((number - 1) % 8)
        if right:
            if p[0] == 0 and not p[at] & bit:
                streak += 1  # (a new one at its first try; after a wrong try it stays 0)
            p[at] |= bit
            p[0] = 0
        else:
            if not p[at] & bit:
                streak = 0  # (a wrong try at a new one; one solved before ends no streak)
            p[0] = min(p[0] + 1, 255)
        p[3] = streak & 255
        p[4] = (streak >> 8) & 255
        if streak > p[5] | p[6] << 8:
            p[5] = p[3]
            p[6] = p[4]
        if save:
            self._append(_R_PUZZLE, bytes((number & 255, number >> 8, 1 if right else 0)))

    def reset_stats(self):
        self.stats = [0] * N_STATS
        self._append(R_RESET_STATS, b"")

    def _settings_bytes(self):
        return bytes([int(self.settings[key]) for key in SAVED_KEYS])

    def _record(self, kind, payload):
        n = len(payload)
        rec = bytearray(n + 7)
        rec[0] = kind
        rec[1] = n & 255
        rec[2] = n >> 8
        rec[3 : 3 + n] = payload
        put_crc(rec, 0, n + 3)
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

    def compact(self):
        """Rewrite the whole sector as one snapshot (the one write that erases), from the
        preallocated image: no big allocation. Its code (kalaha.snapshot) is imported for it
        and let go: about one save in a hundred compacts, and that one erases the flash anyway."""
        from kalaha import snapshot

        snapshot.compact(self)
        forget("snapshot")


def put_crc(buf, start, end):
    """Store the CRC-32 of buf[start:end] in the four bytes after it."""
    c = crc32(buf, start, end)
    buf[end] = c & 255
    buf[end + 1] = (c >> 8) & 255
    buf[end + 2] = (c >> 16) & 255
    buf[end + 3] = (c >> 24) & 255
