"""A second, deliberately simple Kalaha implementation that the engine is checked against.

Written from RULES.md without looking at kalaha/rules/board.py: rows per side, copy-on-move,
no tricks. Slow on purpose; only the tests use it.
"""

from functools import cache

STORE = "store"


class OracleGame:
    def __init__(self, pits=6, seeds=4, empty_capture=False, alga=False, swap=False):
        self.p = pits
        self.rows = [[seeds] * pits, [seeds] * pits]  # [side][pit-1], each from its owner's view
        self.stores = [0, 0]
        self.mover = 0
        self.over = False
        self.empty_capture = empty_capture
        self.alga = alga
        self.swap_rule = swap
        self.turn_count = 0  # completed turns
        self.swap_done = False
        self.north_started = False

    def clone(self):
        g = OracleGame(self.p, 1, self.empty_capture, self.alga, self.swap_rule)
        g.rows = [list(self.rows[0]), list(self.rows[1])]
        g.stores = list(self.stores)
        for name in ("mover", "over", "turn_count", "swap_done", "north_started"):
            setattr(g, name, getattr(self, name))
        return g

    def moves(self):
        if self.over:
            return []
        out = [k + 1 for k in range(self.p) if self.rows[self.mover][k] > 0]
        # Swap: only North, only as its very first turn, right after South's first turn.
        if self.swap_rule and self.mover == 1 and not self.north_started and not self.swap_done:
            out.append("T")
        return out

    def play(self, move):
        """Return a new game after `move` (pit 1..P or 'T'); self is unchanged."""
        g = self.clone()
        me = g.mover
        if move == "T":
            g.swap_done = True
            g.north_started = True
            return g  # the players change seats; the position and the side to move stay
        if me == 1:
            g.north_started = True
        them = 1 - me
        hand = g.rows[me][move - 1]
        g.rows[me][move - 1] = 0
        # The holes in sowing order, starting right after the chosen pit.
        cycle = [(me, k) for k in range(g.p)] + [(me, STORE)] + [(them, k) for k in range(g.p)]
        pos = move - 1
        last = None
        while hand > 0:
            pos = (pos + 1) % len(cycle)
            side, k = cycle[pos]
            if k == STORE:
                g.stores[side] += 1
            else:
                g.rows[side][k] += 1
            hand -= 1
            last = cycle[pos]
        side, k = last
        extra = k == STORE
        if side == me and k != STORE and g.rows[me][k] == 1:
            across = g.p - 1 - k
            if g.rows[them][across] > 0 or g.empty_capture:
                g.stores[me] += g.rows[them][across] + 1
                g.rows[them][across] = 0
                g.rows[me][k] = 0
        if sum(g.rows[0]) == 0 or sum(g.rows[1]) == 0:
            g.over = True
            left = [sum(g.rows[0]), sum(g.rows[1])]
            g.rows = [[0] * g.p, [0] * g.p]
            if g.alga:
                taker = 0 if left[0] == 0 else 1
                g.stores[taker] += left[0] + left[1]
            else:
                g.stores[0] += left[0]
                g.stores[1] += left[1]
        elif not extra:
            g.mover = them
        return g

    def result(self):
        if not self.over:
            return None
        s, n = self.stores
        return "draw" if s == n else ("south" if s > n else "north")

    def flat(self):
        """Same layout as Board.cells, for comparing."""
        return self.rows[0] + [self.stores[0]] + self.rows[1] + [self.stores[1]]


def oracle_perft(game, depth):
    if depth == 0:
        return 1
    return sum(oracle_perft(game.play(m), depth - 1) for m in game.moves())


def brute_margin(game):
    """Perfect-play final margin (South - North), both sides maximising their own margin."""

    @cache
    def value(key):
        g = key_to_game[key]
        if g.over:
            return g.stores[0] - g.stores[1]
        vals = []
        for m in g.moves():
            if m == "T":
                continue
            child = g.play(m)
            ck = keyof(child)
            key_to_game[ck] = child
            vals.append(value(ck))
        return max(vals) if g.mover == 0 else min(vals)

    key_to_game = {}
    k = keyof(game)
    key_to_game[k] = game
    return value(k), value, key_to_game


def keyof(g):
    """A hashable key of the oracle's position."""
    return (tuple(g.rows[0]), tuple(g.rows[1]), tuple(g.stores), g.mover, g.over)


def replay_oracle(rules, moves):
    """The oracle's game after `moves` (pits, as Board.moves() gives them) from the start."""
    g = OracleGame(**rules)
    for m in moves:
        g = g.play(m)
    return g
