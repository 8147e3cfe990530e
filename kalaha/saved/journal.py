"""The journal's format: record kinds, the settings' stored order and defaults, a game's bytes,
the kept games. Shared by the store, its loading and its compaction; imports the rules only.
"""

# (SWAP and the rest for the game's own modules too, which a game of 3-4 players loads while
# kalaha.rules.board is let go: kalaha.flow.gamemenu, kalaha.picture.movelist)
from kalaha.compat import const, crc32
from kalaha.rules.board import DRAW, END_AGREED, END_EMPTY, END_RESIGN, END_TIME, SWAP  # noqa: F401

MAGIC0 = const(0x4B)  # "K"
MAGIC1 = const(0x48)  # "H"
VERSION = const(2)
OLD_VERSION = const(1)  # Fletcher-16 records: read, then rewritten as VERSION
SIZE = const(4096)
# the chess clock's time controls (kalaha.saved.clock.CONTROLS: not loaded with the store)
N_CONTROLS = const(5)
_N_LEVELS = const(4)  # the computer's levels (kalaha.search.ai.LEVEL_NAMES: the search is not the store's)
HEADER = const(3)

R_SNAPSHOT = const(1)
R_SETTINGS = const(2)
R_NEWGAME = const(3)
R_MOVE = const(4)
R_UNDO = const(5)
R_END = const(6)
R_RESET_STATS = const(7)
# 8: a timed game's clocks mid-turn (kalaha.saved.clock writes it: no name on the store's heap)
# 9: a puzzle tried (kalaha.saved.store.Store.puzzle_tried)

HISTORY = const(20)  # finished games kept for replay

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
    "level": 1,  # (kalaha.search.ai.LEVEL_NAMES: medium)
    "starts": 0,  # (kalaha.flow.setup.START_NAMES: you)
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
# ... 3: 3-4 players (kalaha.rules.ring), a field a setting: the level byte its level, the clock byte
# the computer's seats as bits (seat 0 bit 0), the two clocks' fields (a ring has no chess
# clock) the first seat and the move time (kalaha.saved.storeload.decoded reads older saves too)
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
        self.level = level  # index into kalaha.search.ai.LEVEL_NAMES
        self.clock = clock  # time-control index (kalaha.saved.clock.CONTROLS)
        self.moves = []
        self.clocks = [0, 0]  # ms left for South and North (timed games)
        self.result = -1  # SOUTH, NORTH or DRAW (kalaha.rules.board), -1 while it runs
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
            raise Damaged("mode, level or clock")  # (a ring's settings: kalaha.saved.storeload.decoded)
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


def put_crc(buf, start, end):
    """Store the CRC-32 of buf[start:end] in the four bytes after it."""
    c = crc32(buf, start, end)
    buf[end] = c & 255
    buf[end + 1] = (c >> 8) & 255
    buf[end + 2] = (c >> 16) & 255
    buf[end + 3] = (c >> 24) & 255
