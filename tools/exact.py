"""A compiled exact solver for positions with many seeds (6 pits, the default rules).

Host-only, for measuring move quality where `host.analysis.solve` is too slow (31-40 seeds: over
8 minutes a position in CPython). Same answer as `solve`: the final margin with perfect play
by both sides, each playing for the largest margin, the endgame table ending every line once
few seeds are left. With numba (`pip install numba`) the search is compiled; without it the
same functions run as plain Python (the tests use that, on small positions).

Technique: negamax alpha-beta on the future margin from the mover's view (an extra turn keeps
the sign), the position always seen from the mover (a pure rotation after each turn, as in
sunfish), a transposition table of lower and upper bounds (no depth: every line is searched to
its end, so a bound is a bound for good), the table's move first, then sowings that end in the
store, then captures.
"""

import argparse
import sys
import time

import numpy as np

from host.match import positions
from kalaha.rules.board import NORTH, SOUTH
from kalaha.search.endgame import HEADER, Damaged, EndgameTable

try:
    from numba import njit

    COMPILED = True
except ImportError:  # plain Python: the same code, slower
    COMPILED = False

    def njit(*args, **kwargs):
        if args and callable(args[0]):
            return args[0]
        return lambda f: f


P = 6
CYCLE = 13  # the mover's pits 0..5, its store 6, the opponent's pits 7..12 (its store skipped)
STORE = 6
# Sowings in one line, far more than games last (a line that got deeper would stop with an
# error, never give a wrong value: compiled code does not check the stack's bounds).
MAX_PLY = 512


# ranking: the table's limit, then kalaha.search.endgame.Ranker.words: where a count of seeds starts
# among the ranks (n = 0 .. limit + 1), then the rank's terms C(s + k, k + 1).
WIDTH = 2 * P


@njit(cache=True)
def _rank(c, ranking):
    """kalaha.search.endgame.Ranker.rank for a mover-first position (-1: more seeds than the table)."""
    max_seeds = ranking[0]
    terms = max_seeds + 3  # where C(s + k, k + 1) starts, at k * (max_seeds + 1) + s
    prefix = 0
    r = 0
    for k in range(2 * P - 1):
        prefix += c[k] if k < P else c[k + 1]
        if prefix > max_seeds:
            return -1
        r += ranking[terms + k * (max_seeds + 1) + prefix]
    n = prefix + c[CYCLE - 1]
    if n > max_seeds:
        return -1
    return ranking[1 + n] + r


@njit(cache=True)
def _sow(c, s):
    """Sow pit s (0..5) of c in place; returns the last cell. c[STORE] gains what was stored,
    the capture included."""
    n = c[s]
    c[s] = 0
    i = s
    for _ in range(n):
        i += 1
        if i == CYCLE:
            i = 0
        c[i] += 1
    if i < P and c[i] == 1 and c[12 - i] > 0:
        c[STORE] += c[12 - i] + 1
        c[12 - i] = 0
        c[i] = 0
    return i


@njit  # (not cached: numba's cache of a recursive function crashed when loaded)
def _search(stack, d, alpha, beta, tt, data, ranking, nodes):
    if d >= MAX_PLY - 1:
        raise ValueError("a line deeper than MAX_PLY")
    c = stack[d]
    nodes[0] += 1
    n = 0
    for k in range(P):
        n += c[k] + c[k + 7]
    r = _rank(c, ranking)
    if r >= 0:
        v = data[r >> 1]
        g = (v >> 4) if r & 1 else (v & 15)
        return 2 * g - n
    k1 = np.int64(0)
    for k in range(10):
        k1 = k1 * 64 + (c[k] if k < P else c[k + 1])
    k2 = np.int64(c[11] * 64 + c[12])
    # (shifts, not a multiplication: no overflow in plain Python either; the key is compared whole)
    h = (k1 ^ (k1 >> 17) ^ (k1 >> 31) ^ (k1 >> 47) ^ (k2 << 9)) & (tt.shape[1] - 1)
    tt_move = -1
    if tt[0, h] == k1 and tt[1, h] == k2:
        lo = tt[2, h]
        hi = tt[3, h]
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        tt_move = tt[4, h]
    # Move order: the table's move, sowings ending in the store, captures, the rest.
    order = stack[MAX_PLY + d]  # (a scratch row of the same array: nothing allocated)
    count = 0
    if tt_move >= 0:
        order[count] = tt_move
        count += 1
    for s in range(P - 1, -1, -1):
        if c[s] and s != tt_move and (c[s] - (STORE - s)) % CYCLE == 0:
            order[count] = s
            count += 1
    for s in range(P - 1, -1, -1):
        if c[s] and s != tt_move and (c[s] - (STORE - s)) % CYCLE != 0:
            last = (s + c[s]) % CYCLE
            if last < P and c[s] < CYCLE and c[last] == 0 and c[12 - last] > 0:
                order[count] = s
                count += 1
    for s in range(P - 1, -1, -1):
        if c[s] and s != tt_move and (c[s] - (STORE - s)) % CYCLE != 0:
            last = (s + c[s]) % CYCLE
            if not (last < P and c[s] < CYCLE and c[last] == 0 and c[12 - last] > 0):
                order[count] = s
                count += 1
    best = -1000
    best_move = -1
    a = alpha
    child = stack[d + 1]
    for j in range(count):
        s = order[j]
        for k in range(CYCLE):
            child[k] = c[k]
        child[STORE] = 0
        last = _sow(child, s)
        gain = child[STORE]
        child[STORE] = 0
        mine = 0
        theirs = 0
        for k in range(P):
            mine += child[k]
            theirs += child[k + 7]
        if mine == 0 or theirs == 0:
            v = gain + mine - theirs  # a row is empty: each side stores its row
        elif last == STORE:
            v = gain + _search(stack, d + 1, a - gain, beta - gain, tt, data, ranking, nodes)
        else:
            for k in range(P):  # the opponent moves next: seen from its side
                t = child[k]
                child[k] = child[k + 7]
                child[k + 7] = t
            v = gain - _search(stack, d + 1, gain - beta, gain - a, tt, data, ranking, nodes)
        if v > best:
            best = v
            best_move = s
            if v > a:
                a = v
                if a >= beta:
                    break
    lo = -n
    hi = n
    if tt[0, h] == k1 and tt[1, h] == k2:
        lo = tt[2, h]
        hi = tt[3, h]
    if best <= alpha:
        hi = min(hi, best)
    elif best >= beta:
        lo = max(lo, best)
    else:
        lo = best
        hi = best
    tt[0, h] = k1
    tt[1, h] = k2
    tt[2, h] = lo
    tt[3, h] = hi
    tt[4, h] = best_move
    return best


class Solver:
    """Exact margins of 6-pit positions (default rules) with the endgame table at the leaves."""

    def __init__(self, table_path, tt_bits=24):
        # kalaha.search.endgame reads and checks the file (its header, every block's CRC): a damaged
        # table is refused here as on the device, never trusted.
        try:
            table = EndgameTable(table_path, pits=P).verify_all()
        except Damaged as e:
            why = "%s is not a 6-pit endgame table for the default rules: %s" % (table_path, e)
            raise ValueError(why) from e
        try:
            table.file.seek(HEADER)
            self.data = np.frombuffer(table.file.read(table.data_bytes), dtype=np.uint8)
        finally:
            table.close()
        self.max_seeds = table.max_seeds
        ranker = table.ranker
        assert len(ranker.words) == self.max_seeds + 2 + (WIDTH - 1) * (self.max_seeds + 1)
        self.ranking = np.array([self.max_seeds] + list(ranker.words), dtype=np.int64)
        # The transposition table, one column an entry: the key (two words), the lower and
        # the upper bound of the value, the best sowing.
        self.tt = np.zeros((5, 1 << tt_bits), dtype=np.int64)
        self.tt[0, :] = -1
        self.stack = np.zeros((2 * MAX_PLY, CYCLE), dtype=np.int64)
        self.nodes = np.zeros(1, dtype=np.int64)

    def future(self, pits):
        """The mover's future margin from 12 pit counts (the mover's pits 1..6, then the
        opponent's 1..6) with perfect play."""
        c = self.stack[0]
        c[:] = 0
        c[0:P] = pits[0:P]
        c[7:CYCLE] = pits[P : 2 * P]
        return int(_search(self.stack, 0, -100, 100, self.tt, self.data, self.ranking, self.nodes))

    def margin(self, board):
        """As host.analysis.solve: South's store minus North's at the end, with perfect play."""
        if board.pits != P or board.empty_capture or board.alga:
            raise ValueError("the compiled solver plays 6 pits by the default rules only")
        if board.to_move is None:
            return board.cells[board.store_index(SOUTH)] - board.cells[board.store_index(NORTH)]
        me = board.to_move
        mine = board.row(me)
        theirs = board.row(1 - me)
        now = board.cells[board.store_index(me)] - board.cells[board.store_index(1 - me)]
        v = now + self.future(list(mine) + list(theirs))
        return v if me == SOUTH else -v


def main(argv=None):
    """Time the solver on positions from games (host.match.positions), `--low`..`--high` seeds."""

    parser = argparse.ArgumentParser(prog="python -m tools.exact", description=main.__doc__)
    parser.add_argument("table")
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--low", type=int, default=31)
    parser.add_argument("--high", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    solver = Solver(args.table)
    for b in positions(args.count, args.low, args.high, args.seed):
        solver.nodes[0] = 0
        t = time.perf_counter()
        v = solver.margin(b)
        n = sum(b.row(SOUTH)) + sum(b.row(NORTH))
        print(
            "%d seeds: margin %d, %d nodes, %.1f s" % (n, v, solver.nodes[0], time.perf_counter() - t),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
