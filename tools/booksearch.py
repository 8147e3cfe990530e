"""The opening book's search (tools/book.py): a compiled alpha-beta to a depth, or to the end.

Host-only (numpy, numba; without numba the same functions run as plain Python, slowly: the
tests use small positions). Positions are 6 pits by the default rules, always seen from the
mover (tools.exact's cycle: the mover's pits 0..5, its store 6, the opponent's pits 7..12).
Values are the mover's future margin. Negamax where an extra turn keeps the sign; depth in
half plies, a sowing that keeps the turn costing one and one that passes it two (as Strong and
Expert count them); at the depth's end a position scores 0 (the store difference so far, the
device's evaluation); an endgame table of one byte a position (tools.endgame_db's gains) ends
every line once few enough seeds are left. EXACT as the depth never ends a line: the solver. A
transposition table of bounds with the depth they hold for (exact ones hold for any depth).
"""

import numpy as np

from tools.exact import CYCLE, MAX_PLY, STORE, P, _rank, _sow, njit

EXACT = 1 << 20  # a depth that never runs out: every line searched to its end
_ANY = 1 << 30  # the depth an exact bound holds for: any
INF = 1000
TT_ROWS = 6  # a transposition-table entry: key (two words), lower and upper bound, move, depth


@njit
def search(stack, d, depth, alpha, beta, tt, gains, ranking, nodes):
    """The mover's future margin of stack[d] within (alpha, beta), as alpha-beta bounds it;
    nodes[0] counts the nodes, nodes[1] gets the best sowing (0..5) of the root (d == 0)."""
    if d >= MAX_PLY - 1:
        raise ValueError("a line deeper than MAX_PLY")
    c = stack[d]
    nodes[0] += 1
    n = 0
    for k in range(P):
        n += c[k] + c[k + 7]
    r = _rank(c, ranking)
    if r >= 0:
        return 2 * gains[r] - n
    exact = depth >= EXACT
    if depth <= 0:
        return 0
    k1 = np.int64(0)
    for k in range(10):
        k1 = k1 * 64 + (c[k] if k < P else c[k + 1])
    k2 = np.int64(c[11] * 64 + c[12])
    h = (k1 ^ (k1 >> 17) ^ (k1 >> 31) ^ (k1 >> 47) ^ (k2 << 9)) & (tt.shape[1] - 1)
    tt_move = -1
    hit = tt[0, h] == k1 and tt[1, h] == k2
    if hit:
        tt_move = tt[4, h]
        if tt[5, h] >= depth and d > 0:  # (the root searches its sowings: it names the best)
            lo = tt[2, h]
            hi = tt[3, h]
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
    # The table's move, sowings that end in the store (rightmost first), captures, the rest.
    order = stack[MAX_PLY + d]
    count = 0
    if tt_move >= 0 and c[tt_move] > 0:
        order[count] = tt_move
        count += 1
    else:
        tt_move = -1
    for kind in range(3):
        for s in range(P - 1, -1, -1):
            if c[s] == 0 or s == tt_move:
                continue
            stored = (c[s] - (STORE - s)) % CYCLE == 0
            last = (s + c[s]) % CYCLE
            takes = not stored and last < P and c[s] < CYCLE and c[last] == 0 and c[12 - last] > 0
            if (kind == 0 and stored) or (kind == 1 and takes) or (kind == 2 and not stored and not takes):
                order[count] = s
                count += 1
    best = -INF
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
            v = gain + search(
                stack, d + 1, depth if exact else depth - 1, a - gain, beta - gain, tt, gains, ranking, nodes
            )
        else:
            for k in range(P):  # the opponent moves next: seen from its side
                t = child[k]
                child[k] = child[k + 7]
                child[k + 7] = t
            v = gain - search(
                stack, d + 1, depth if exact else depth - 2, gain - beta, gain - a, tt, gains, ranking, nodes
            )
        if v > best:
            best = v
            best_move = s
            if v > a:
                a = v
                if a >= beta:
                    break
    held = _ANY if exact else depth
    lo = -n
    hi = n
    if hit and tt[5, h] == held:
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
    tt[5, h] = held
    if d == 0:
        nodes[1] = best_move
    return best


class Searcher:
    """The search's buffers and the endgame table's gains (one byte a position, by
    kalaha.search.endgame.Ranker's rank; tools.endgame_db.solve_table makes them)."""

    def __init__(self, gains, max_seeds, tt_bits=22):
        from kalaha.search.endgame import Ranker

        self.gains = np.asarray(gains, dtype=np.int64)
        ranker = Ranker(P, max_seeds)
        self.ranking = np.array([max_seeds] + list(ranker.words), dtype=np.int64)
        self.tt = np.zeros((TT_ROWS, 1 << tt_bits), dtype=np.int64)
        self.stack = np.zeros((2 * MAX_PLY, CYCLE), dtype=np.int64)
        self.nodes = np.zeros(2, dtype=np.int64)

    def clear(self):
        """An empty transposition table: a position's values do not depend on what came before."""
        self.tt[0, :] = -1

    def value(self, pits, depth, alpha=-INF, beta=INF):
        """(the mover's future margin within the window, the best sowing 1..6) of 12 pit counts
        (the mover's 1..6, then the opponent's), searched `depth` half plies (EXACT: to the end)."""
        c = self.stack[0]
        c[:] = 0
        c[0:P] = pits[0:P]
        c[7:CYCLE] = pits[P : 2 * P]
        self.nodes[1] = -1
        v = search(self.stack, 0, depth, alpha, beta, self.tt, self.gains, self.ranking, self.nodes)
        return int(v), int(self.nodes[1]) + 1

    def exact(self, pits, guess=0):
        """(the exact future margin, an exact best sowing) by MTD(f): null windows from `guess`."""
        lo, hi = -INF, INF
        g = guess
        best = 0
        while lo < hi:
            beta = g + 1 if g == lo else g
            g, move = self.value(pits, EXACT, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
                best = move  # (a fail high: this sowing reaches at least g)
        return g, best
