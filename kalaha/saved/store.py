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

from kalaha.compat import const, forget
from kalaha.saved import journal  # the format: one name on the store's heap, not thirty

# The puzzles' progress (kalaha.flow.puzzles), one bytearray: the wrong tries of the puzzle tried last
# and its number (2 bytes), the streak of puzzles solved at the first try and the best (2 bytes
# each), then a bit a puzzle solved (puzzle N: bit (N - 1) % 8 of byte 7 + (N - 1) // 8).
_PUZZLE_BYTES = const(55)  # (up to 384 puzzles)
_R_PUZZLE = const(9)  # a puzzle tried: its number (2 bytes), 1 when solved
_STREAK = const(21)  # games won in a row against the computer; the best such run next (the last two)


class Store:
    """The saved state, loaded from `flash` (anything with read() and write(offset, bytes))."""

    def __init__(self, flash, image=None):
        # The one big buffer (4 KB), best made before anything else fragments the heap: the
        # device passes one it made before importing the rest of the game.
        self.image = image if image is not None else bytearray(journal.SIZE)
        self.flash = flash
        self.message = ""  # one line for the player (at most 21 characters) when the data could not be read
        self.blank = False  # the flash was never written: a new device
        self.settings = dict(journal.DEFAULT_SETTINGS)
        self.stats = [0] * journal.N_STATS
        self.history = journal.History()  # finished Games, oldest first, at most HISTORY
        self.current = None  # the SavedGame in progress
        self.puzzles = bytearray(_PUZZLE_BYTES)  # the puzzles' progress (above)
        self.pos = journal.HEADER
        self.needs_compaction = False
        # The journal is read once, at start-up, by code that is let go after it.
        from kalaha.saved import storeload

        storeload.load(self)
        forget("saved.storeload")
        forget("saved.choices")

    def scratch(self, size):
        """The image's last `size` bytes, lent out: the store fills the image only inside its
        own calls (loading, compaction) and keeps nothing in it between them, so a reader that
        also uses a buffer only inside its own calls (the endgame table's check) needs none of
        its own. (About 0.5 KB of heap while the table is checked.)"""
        return memoryview(self.image)[journal.SIZE - size :]

    # ----- reading ------------------------------------------------------------------------

    def _finish(self, result, end):
        g = self.current
        g.result = result
        g.end = end
        s = self.stats
        if g.mode == journal.RING_MODE:
            # result: the first places' seats as bits; won when a person's seat is among them
            seats = g.rules["seats"]
            at = journal.STAT_RING + (0 if seats == 3 else 2)
            s[at] += 1
            if result & ~g.clock:
                s[at + 1] += 1
        elif g.mode == journal.TWO_PLAYERS:
            s[journal.STAT_TWO_PLAYER + result] += 1
        else:
            human = 1 - g.mode
            # Per level: wins, draws, losses from the player's side.
            outcome = 1 if result == journal.DRAW else (0 if result == human else 2)
            s[3 * g.level + outcome] += 1
            streak = s[_STREAK] + 1 if outcome == 0 else 0
            s[_STREAK] = streak
            if streak > s[_STREAK + 1]:
                s[_STREAK + 1] = streak
        if end == journal.END_RESIGN:
            s[journal.STAT_RESIGNS] += 1
        elif end == journal.END_AGREED:
            s[journal.STAT_AGREED] += 1
        for i in range(journal.N_STATS):
            if s[i] > 65535:
                s[i] = 65535
        self.history.append(g)
        if len(self.history) > journal.HISTORY:
            self.history.drop_oldest()
        self.current = None

    # ----- writing ------------------------------------------------------------------------

    def save_settings(self, settings):
        """The settings and the player's last choices (SAVED_KEYS) from `settings`, saved."""
        for key in journal.SAVED_KEYS:
            self.settings[key] = settings[key]
        self._append(journal.R_SETTINGS, self._settings_bytes())

    def new_game(self, rules, mode, level, clock=0, clocks=(0, 0)):
        g = journal.SavedGame(rules, mode, level, clock)
        g.clocks = [clocks[0], clocks[1]]
        self.current = g
        self._append(journal.R_NEWGAME, g.encode())

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
        self._append(journal.R_MOVE, payload)

    def undo(self, count):
        if self.current is None or count <= 0:
            return
        del self.current.moves[len(self.current.moves) - count :]
        self._append(journal.R_UNDO, bytes((count,)))

    def end_game(self, result, end=journal.END_EMPTY):
        """The game in progress finished: result 0 South, 1 North, 2 draw."""
        if self.current is None:
            return
        self._finish(result, end)
        self._append(journal.R_END, bytes((result, end)))

    def puzzle_tried(self, number, right, save=True):
        """Puzzle `number` (1..) answered: right (solved; the streak goes on if it was its first
        try) or wrong (a try more). Saved, unless replayed from the journal (kalaha.saved.storeload)."""
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
        self.stats = [0] * journal.N_STATS
        self._append(journal.R_RESET_STATS, b"")

    def _settings_bytes(self):
        return bytes([int(self.settings[key]) for key in journal.SAVED_KEYS])

    def _record(self, kind, payload):
        n = len(payload)
        rec = bytearray(n + 7)
        rec[0] = kind
        rec[1] = n & 255
        rec[2] = n >> 8
        rec[3 : 3 + n] = payload
        journal.put_crc(rec, 0, n + 3)
        return rec

    def _append(self, kind, payload):
        rec = self._record(kind, payload)
        if self.needs_compaction or self.pos + len(rec) > journal.SIZE:
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
        preallocated image: no big allocation. Its code (kalaha.saved.snapshot) is imported for it
        and let go: about one save in a hundred compacts, and that one erases the flash anyway."""
        from kalaha.saved import snapshot

        snapshot.compact(self)
        forget("saved.snapshot")
