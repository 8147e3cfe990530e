"""The computer opponent: a sliced negamax alpha-beta search, its levels, and an exact solver.

Integer-only, allocation-free per node; never imports hardware modules.

The search keeps its own stack in preallocated lists instead of recursing, so it can
stop after any node and carry on later: the device calls ``step(n)`` once per frame
and keeps animating (sunfish-style, the caller owns the clock). Techniques:

* negamax alpha-beta where an extra turn keeps the same side to move (no sign flip,
  same window), and a finished game scores its exact margin;
* iterative deepening, the previous iteration's best move searched first;
* move ordering: transposition-table move, then store-ending moves (rightmost
  first, so the others stay playable), then captures, then the rest;
* a transposition table of fixed size (three preallocated lists), keyed by two
  independent 30-bit hashes so a false hit needs both to collide;
* terminal scores that prefer quicker wins and slower losses.

>>> from kalaha import Board
>>> s = Search()
>>> s.start(Board(), depth=4)
>>> while not s.step(500): pass
>>> s.depth_done, s.best_pit in (1, 2, 3, 4, 5, 6), s.nodes <= s.node_limit
(4, True, True)
"""

from kalaha.board import NORTH, SOUTH, Board
from kalaha.compat import const

INF = const(30000)
WIN = const(8000)  # a won game scores WIN - plies + margin*UNIT: above any evaluation
UNIT = const(16)  # one seed in evaluation units
_NEAR_WIN = const(6000)  # |score| above this came from a finished (or decided) game
_DATA_OFF = const(16384)  # scores are stored shifted so the packed TT entry is positive
_EXACT = const(0)
_LOWER = const(1)
_UPPER = const(2)
_ST_ENTER = const(0)
_ST_NEXT = const(1)
_ST_RETURN = const(2)
MAX_PLY = const(200)
_SLOTS = const(8)  # move slots per ply (P <= 6)
_MASK30 = const(0x3FFFFFFF)


class Search:
    """One reusable searcher. start() a position, then step() until it returns True."""

    def __init__(self, tt_bits=10, max_ply=MAX_PLY):
        size = 1 << tt_bits
        self.tt_mask = size - 1
        self.tt_k1 = [-1] * size
        self.tt_k2 = [0] * size
        self.tt_data = [0] * size
        m = max_ply
        self.max_ply = m
        self.alpha = [0] * m
        self.beta = [0] * m
        self.best = [0] * m
        self.bestm = [0] * m
        self.alpha0 = [0] * m
        self.depth = [0] * m
        self.persp = [0] * m
        self.idx = [0] * m
        self.cnt = [0] * m
        self.key1 = [0] * m
        self.key2 = [-1] * m
        self.moves = [0] * (m * _SLOTS)
        self.noise = [0] * _SLOTS
        self._caps = [0] * _SLOTS
        self._rest = [0] * _SLOTS
        self.board = None
        self.value = 0
        self.exact = False
        self.noise_amp = 0
        self.root_base = 0
        self.done = True
        self.nodes = 0
        self.row_weight = 0
        self.best_index = -1
        self.best_pit = 0
        self.score = 0
        self.depth_done = 0

    # ----- set up ---------------------------------------------------------------------

    def clear_table(self):
        k1 = self.tt_k1
        for i in range(len(k1)):
            k1[i] = -1

    def start(self, board, depth=64, nodes=1 << 30, noise=0, seed=1, exact=False,
              turn_depth=False, row_weight=0):
        """Begin searching `board` (which is copied, never touched).

        depth: most sowings to look ahead (turns, with turn_depth=True); nodes: total node
        budget; noise: Easy's random error in seeds, from the integer `seed`; exact: score
        only finished games (the solver); row_weight: evaluation weight of seeds on
        one's own row, in sixteenths of a seed in the store.
        """
        b = self.board
        if b is None or b.rules() != board.rules():
            b = self.board = Board(**board.rules())
        c = b.cells
        src = board.cells
        for i in range(len(c)):
            c[i] = src[i]
        b._clear_state(board.turn)
        if board.to_move is None:
            raise ValueError("the game is over: nothing to search")
        self.max_depth = min(depth, self.max_ply - 2)
        self.node_limit = nodes
        self.exact = exact
        self.turn_depth = turn_depth
        self.row_weight = row_weight
        self.nodes = 0
        self.best_index = -1
        self.best_pit = 0
        self.score = 0
        self.depth_done = 0
        self.done = False
        self.noise_amp = noise
        self.root_base = 0 if b.turn == SOUTH else b.pits + 1
        rnd = (seed * 1103515245 + 12345) & _MASK30
        for i in range(_SLOTS):
            rnd = (rnd * 1103515245 + 12345) & _MASK30
            self.noise[i] = ((rnd >> 8) % (2 * noise * UNIT + 1)) - noise * UNIT if noise else 0
        # One legal move: nothing to think about.
        p = b.pits
        base = 0 if b.turn == SOUTH else p + 1
        only = -1
        count = 0
        for i in range(base, base + p):
            if c[i]:
                count += 1
                only = i
        if count == 1 and not exact:
            self._finish_with(only, 0, 0)
            return
        self._begin_iteration(1)

    def _begin_iteration(self, depth):
        self.iter_depth = depth
        self.d = 0
        self.state = _ST_ENTER
        self.value = 0
        self.alpha[0] = -INF
        self.beta[0] = INF
        self.best[0] = -INF
        self.idx[0] = 0
        # The solver never stops at a depth: it keeps one fixed depth all the way down.
        self.depth[0] = 250 if self.exact else depth
        self.persp[0] = self.board.turn

    def _finish_with(self, index, score, depth):
        self.best_index = index
        self.best_pit = index + 1 if index < self.board.pits else index - self.board.pits
        self.score = score
        self.depth_done = depth
        self.done = True

    def stop(self):
        """Stop now (the caller's clock ran out): keep the best move found so far."""
        if not self.done:
            self._abort()

    def _abort(self):
        b = self.board
        d = self.d
        while d > 0:
            b.pop_index()
            d -= 1
        self.d = 0
        # A root move that beat the previous best (searched first) at the new depth is better.
        if self.best[0] > -INF and self.idx[0] > 1:
            self._finish_with(self.bestm[0], self.best[0], self.depth_done)
        elif self.best_index < 0:
            self._finish_with(self.bestm[0] if self.best[0] > -INF else self.moves[0], self.best[0], 0)
        else:
            self.done = True

    # ----- the search loop ----------------------------------------------------------------

    def step(self, budget):
        """Search at most `budget` more nodes. Returns True when the search has finished."""
        if self.done:
            return True
        b = self.board
        c = b.cells
        p = b.pits
        sstore = p
        nstore = 2 * p + 1
        half = b.total // 2
        exact = self.exact
        alpha = self.alpha
        beta = self.beta
        best = self.best
        bestm = self.bestm
        depth = self.depth
        persp = self.persp
        idx = self.idx
        cnt = self.cnt
        moves = self.moves
        d = self.d
        state = self.state
        value = self.value
        left = budget
        # Depth used by a sowing that keeps the turn, and by one that passes it.
        dec_same = 0 if (exact or self.turn_depth) else 1
        dec_flip = 0 if exact else 1
        while True:
            if state == _ST_ENTER:
                if left <= 0:
                    break
                if self.nodes >= self.node_limit and self.depth_done:
                    self.d = d
                    self._abort()
                    return True
                left -= 1
                self.nodes += 1
                me = persp[d]
                if b.over:
                    m = c[sstore] - c[nstore]
                    if me == NORTH:
                        m = -m
                    if exact:
                        value = m
                    elif m > 0:
                        value = WIN - d + m * UNIT
                    elif m < 0:
                        value = d - WIN + m * UNIT
                    else:
                        value = 0
                    state = _ST_RETURN
                    continue
                if not exact and d and (c[sstore] > half or c[nstore] > half):
                    # More than half the seeds in a store: that side has already won.
                    m = c[sstore] - c[nstore]
                    if me == NORTH:
                        m = -m
                    value = (WIN - 100 - d + m * UNIT) if m > 0 else (d + 100 - WIN + m * UNIT)
                    state = _ST_RETURN
                    continue
                dep = depth[d]
                if dep <= 0 and not exact:
                    value = self._evaluate(me)
                    state = _ST_RETURN
                    continue
                ttm = -1
                self.key2[d] = -1
                if dep >= 2 or exact:
                    # Transposition table probe; skipped near the leaves, where hashing costs
                    # more than it saves.
                    h1 = b.turn + 7
                    h2 = b.turn + 13
                    for i in range(nstore):
                        v = c[i]
                        h1 = (h1 * 31 + v) & _MASK30
                        h2 = ((h2 * 1000003) ^ (v + i * 97)) & _MASK30
                    self.key1[d] = h1
                    self.key2[d] = h2
                    slot = h1 & self.tt_mask
                    if self.tt_k1[slot] == h1 and self.tt_k2[slot] == h2:
                        data = self.tt_data[slot]
                        ttm = (data >> 8) & 15
                        tdep = data & 255
                        flag = (data >> 12) & 3
                        if d and tdep >= dep:
                            tval = (data >> 14) - _DATA_OFF
                            if tval > _NEAR_WIN:
                                tval -= d
                            elif tval < -_NEAR_WIN:
                                tval += d
                            if flag == _EXACT or (flag == _LOWER and tval >= beta[d]) or (
                                flag == _UPPER and tval <= alpha[d]
                            ):
                                value = tval
                                state = _ST_RETURN
                                continue
                if d == 0 and self.best_index >= 0:
                    ttm = self.best_index
                cnt[d] = self._order(d, ttm)
                idx[d] = 0
                best[d] = -INF
                bestm[d] = -1
                self.alpha0[d] = alpha[d]
                state = _ST_NEXT
            elif state == _ST_NEXT:
                i = idx[d]
                if i >= cnt[d]:
                    value = best[d]
                    self._store(d, value)
                    state = _ST_RETURN
                    continue
                idx[d] = i + 1
                side = b.turn
                b.push_index(moves[d * _SLOTS + i])
                e = d + 1
                if b.over or b.turn == side:
                    # Extra turn (or the game just ended): same side, same window.
                    persp[e] = persp[d]
                    alpha[e] = alpha[d]
                    beta[e] = beta[d]
                    depth[e] = depth[d] - dec_same
                else:
                    persp[e] = 1 - persp[d]
                    alpha[e] = -beta[d]
                    beta[e] = -alpha[d]
                    depth[e] = depth[d] - dec_flip
                if e >= self.max_ply - 1:
                    depth[e] = 0
                    if exact:
                        raise ValueError("game longer than the search stack")
                d = e
                state = _ST_ENTER
            else:  # _ST_RETURN: the value of node d is known
                if d == 0:
                    # A depth is complete: hand control back so think() can report it.
                    self._iteration_done(value)
                    return self.done
                e = d
                d -= 1
                b.pop_index()
                v = value if persp[e] == persp[d] else -value
                if d == 0 and self.noise_amp:
                    v += self.noise[moves[idx[0] - 1] - self.root_base]
                if v > best[d]:
                    best[d] = v
                    bestm[d] = moves[d * _SLOTS + idx[d] - 1]
                    if v > alpha[d]:
                        alpha[d] = v
                        if v >= beta[d]:
                            value = v
                            self._store(d, v)
                            continue  # cut-off: return from node d too
                state = _ST_NEXT
        self.d = d
        self.state = state
        self.value = value
        return False

    def _iteration_done(self, value):
        self.best_index = self.bestm[0]
        self.best_pit = self.best_index + 1 if self.best_index < self.board.pits else (
            self.best_index - self.board.pits
        )
        self.score = value
        self.depth_done = self.iter_depth
        deeper = self.iter_depth + 1
        finished = value > _NEAR_WIN or value < -_NEAR_WIN
        if self.exact or deeper > self.max_depth or self.nodes >= self.node_limit or (
            finished and not self.noise_amp
        ):
            self.done = True
            return
        self._begin_iteration(deeper)

    def _store(self, d, value):
        if self.key2[d] < 0:
            return
        a0 = self.alpha0[d]
        if value <= a0:
            flag = _UPPER
        elif value >= self.beta[d]:
            flag = _LOWER
        else:
            flag = _EXACT
        # Win scores are stored relative to this node, so they stay true at other plies.
        if value > _NEAR_WIN:
            value += d
        elif value < -_NEAR_WIN:
            value -= d
        move = self.bestm[d]
        dep = self.depth[d]
        if dep > 255:
            dep = 255
        slot = self.key1[d] & self.tt_mask
        self.tt_k1[slot] = self.key1[d]
        self.tt_k2[slot] = self.key2[d]
        self.tt_data[slot] = ((value + _DATA_OFF) << 14) | (flag << 12) | ((move & 15) << 8) | dep

    def _order(self, d, ttm):
        """Write the moves of node d into its slots, best-looking first; return how many."""
        b = self.board
        c = b.cells
        p = b.pits
        base = 0 if b.turn == SOUTH else p + 1
        store = base + p
        out = d * _SLOTS
        moves = self.moves
        caps = self._caps
        rest = self._rest
        n = 0
        nc = 0
        nr = 0
        if ttm >= base and ttm < store and c[ttm]:
            moves[out] = ttm
            n = 1
        i = store - 1
        while i >= base:
            s = c[i]
            if s and i != ttm:
                if s == store - i:
                    moves[out + n] = i
                    n += 1
                else:
                    land = i + s
                    if land < store and c[land] == 0 and c[2 * p - land]:
                        caps[nc] = i
                        nc += 1
                    else:
                        rest[nr] = i
                        nr += 1
            i -= 1
        for k in range(nc):
            moves[out + n] = caps[k]
            n += 1
        for k in range(nr):
            moves[out + n] = rest[k]
            n += 1
        return n

    def _evaluate(self, me):
        """Static score for side `me`: store difference, plus optionally seeds on own row."""
        c = self.board.cells
        p = self.board.pits
        v = (c[p] - c[2 * p + 1]) * UNIT
        w = self.row_weight
        if w:
            r = 0
            for i in range(p):
                r += c[i] - c[p + 1 + i]
            v += r * w
        return v if me == SOUTH else -v


# ----- levels ---------------------------------------------------------------------------

# name: (depth, turn_depth, node budget, noise in seeds, device time cap in ms)
# Node budgets are calibrated to the device's speed (README, "AI figures"): Strong about one
# second of search on the RP2040, Expert about five.
LEVELS = {
    "easy": (1, False, 400, 3, 1000),
    "medium": (4, True, 20000, 0, 1500),
    "strong": (60, False, 5000, 0, 1500),
    "expert": (60, False, 25000, 0, 6000),
}
LEVEL_NAMES = ("easy", "medium", "strong", "expert")
ROW_WEIGHT = const(0)


def start_level(search, board, level, seed=1):
    """Start `search` on `board` with the settings of `level` (a LEVEL_NAMES entry)."""
    depth, turn_depth, nodes, noise, _cap = LEVELS[level]
    search.start(board, depth=depth, nodes=nodes, noise=noise, seed=seed + board.ply,
                 turn_depth=turn_depth, row_weight=ROW_WEIGHT)


def think(search, board, slice_nodes=256, **options):
    """Generator: search `board`, yielding (depth, score, pit) whenever a depth completes.

    The caller owns the clock: stop iterating (and call search.stop()) whenever it likes.
    """
    search.start(board, **options)
    last = -1
    while True:
        finished = search.step(slice_nodes)
        if search.depth_done != last:
            last = search.depth_done
            yield search.depth_done, search.score, search.best_pit
        if finished:
            return


def best_turn(board, search=None, level=None, seed=1, **options):
    """The computer's whole turn from `board` as a list of pits (extra turns included).

    `board` is left as it was. Returns (pits, score of the first sowing, depth, nodes).
    """
    search = search or Search()
    work = board.copy()
    side = work.to_move
    pits = []
    first_score = first_depth = nodes = 0
    while work.to_move == side:
        if level is not None:
            start_level(search, work, level, seed)
        else:
            search.start(work, seed=seed + work.ply, **options)
        while not search.step(1 << 20):
            pass
        if not pits:
            first_score = search.score
            first_depth = search.depth_done
        nodes += search.nodes
        pits.append(search.best_pit)
        work.push(search.best_pit)
    return pits, first_score, first_depth, nodes


def solve(board, search=None):
    """Exact perfect-play margin (South's store minus North's at the end) from `board`.

    Both sides play to maximise their own final margin. Only for small boards.
    """
    search = search or Search(tt_bits=16)
    search.clear_table()
    search.start(board, exact=True)
    while not search.step(1 << 20):
        pass
    return search.score if board.turn == SOUTH else -search.score
