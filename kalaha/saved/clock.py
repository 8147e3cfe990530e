"""A chess clock for two-player games: minutes plus an increment per turn, in integer ms.

Pure logic; never imports hardware. The increment is added to a player when the turn passes to
the opponent; extra turns add nothing.

>>> c = ChessClock(1)            # 3 minutes + 2 seconds
>>> c.start(0, now=0)
>>> c.switch(1, now=10000)       # South used 10 s and gets the 2 s increment
>>> c.left(0, 10000), c.left(1, 15000)
(172000, 175000)
"""

from kalaha.compat import const

# (name, base ms, increment ms); index 0 is "no clock".
CONTROLS = (
    ("off", 0, 0),
    ("3+2", 180000, 2000),
    ("5+3", 300000, 3000),
    ("10+5", 600000, 5000),
    ("15+10", 900000, 10000),
)
WARN_MS = const(10000)  # the last ten seconds blink and tick
# its record in the store's journal (kalaha.saved.store's kinds; kalaha.saved.storeload reads it)
_R_CLOCK = const(8)


class ChessClock:
    def __init__(self, control):
        _name, base, inc = CONTROLS[control]
        self.control = control
        self.increment = inc
        self.remaining = [base, base]
        self.running = -1  # the side whose time is running, -1 when stopped
        self.since = 0

    def start(self, side, now):
        self.running = side
        self.since = now

    def stop(self, now):
        self._charge(now)
        self.running = -1

    def _charge(self, now):
        if self.running >= 0:
            self.remaining[self.running] -= now - self.since
            self.since = now

    def switch(self, side, now, increment=True):
        """The side to move is now `side`; a real change of turn earns the increment.

        An undo switches with increment=False: taking a turn back earns nothing.
        """
        if side == self.running:
            return
        self._charge(now)
        if self.running >= 0 and increment:
            self.remaining[self.running] += self.increment
        self.running = side
        self.since = now

    def left(self, side, now):
        """Milliseconds left for `side` at `now` (negative after a flag fall)."""
        v = self.remaining[side]
        if side == self.running:
            v -= now - self.since
        return v

    def flagged(self, now):
        """The side whose flag fell, or -1."""
        if self.running >= 0 and self.left(self.running, now) <= 0:
            return self.running
        return -1

    def set(self, south, north, now):
        """Restore saved times (a resumed game); the clock stays stopped until start()."""
        self.remaining[0] = south
        self.remaining[1] = north
        self.running = -1
        self.since = now


def save(game, now, stop=False):
    """Save `game`'s running clock mid-turn (every 5 s: Game.clock_tick), and `stop` it (the
    board left for a screen where no clock runs: the main menu, How to play; App.go starts it
    again back on the board): Continue and a restart go on from the time already used, not from
    the turn's start. The record's encoding is the clock's own; the store keeps it in its
    journal (kalaha.saved.store)."""
    c = game.clock
    b = game.board
    saved = game.store.current
    if c.running < 0 or b is None or b.to_move is None or saved is None:
        return
    payload = bytearray(6)  # (3 bytes a side: ms left, as a move's record has them)
    for side in range(2):
        v = max(0, c.left(side, now))
        saved.clocks[side] = v
        payload[3 * side] = v & 255
        payload[3 * side + 1] = (v >> 8) & 255
        payload[3 * side + 2] = (v >> 16) & 255
    game.store._append(_R_CLOCK, payload)
    if stop:
        c.stop(now)


def format_ms(ms):
    """'4:05' for 245000 ms; whole seconds, rounded up while time is running out."""
    if ms < 0:
        ms = 0
    s = (ms + 999) // 1000
    return "%d:%02d" % (s // 60, s % 60)
