"""The computer opponent: a sliced negamax alpha-beta search (with an exact mode for the solver
in kalaha.analysis), its levels and a turn's budget.

Integer-only, allocation-free per node; never imports hardware modules.

The search keeps its own stack in preallocated arrays instead of recursing, so it can
stop after any node and carry on later: the device calls ``step(n)`` for a few slices a frame
and keeps animating (sunfish-style, the caller owns the clock). Techniques:

* negamax alpha-beta where an extra turn keeps the same side to move (no sign flip,
  same window), and a finished game scores its exact margin;
* iterative deepening two plies at a time, the previous iteration's best move first;
* move ordering: transposition-table move, then store-ending moves (rightmost
  first, so the others stay playable), then captures, then the rest;
* a transposition table of fixed size (two preallocated lists), keyed by two
  independent 24-bit hashes: one picks the slot, the other plus six more bits of the
  first are stored (41 bits checked, so a false hit is practically impossible);
* terminal scores that prefer quicker wins and slower losses (with the endgame table: the
  margin, on the scale of the table's exact values);
* the principal line's extra-turn sowings kept (a triangular principal variation for the
  same side's sowings only), so a turn of several sowings needs one search.

>>> from kalaha import Board
>>> s = Search()
>>> s.start(Board(), depth=4)
>>> while not s.step(500): pass
>>> s.depth_done, s.best_pit in (1, 2, 3, 4, 5, 6), s.nodes <= s.node_limit
(4, True, True)
"""

from array import array

from kalaha.board import NORTH, SOUTH
from kalaha.compat import const

HALF = const(2)  # turn_depth: an extra-turn sowing costs half a ply
INF = const(30000)
# An endgame-table probe counts as this many nodes: a seek and a 1-byte read, 1.1-1.5 ms on
# the emulated MacroPad, where a node in a game takes about 0.6 ms (docs/performance.md).
PROBE_NODES = const(2)
# A level's endgame budget applies once the pits hold at most this many seeds more than its
# endgame table covers (21 with the device's 14): the table is a few sowings away, so a node
# there buys exact values.
ENDGAME_REACH = const(7)
WIN = const(8000)  # a won game scores WIN - plies + margin*WIN_UNIT: above any evaluation
# A seed of final margin in a finished (or table-known) game: more than the plies (under 64)
# that prefer a quicker win, so the margin decides and perfect play maximises it.
WIN_UNIT = const(64)
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
# An extra turn's next sowings kept from the principal line (Search.continuation): three, so a
# turn of up to four sowings needs one search.
_LINE = const(3)
_NO_CELL = const(255)  # the end of a line (its bytes hold cells)
_MASK30 = const(0x3FFFFFFF)
_MASK24 = const(0xFFFFFF)
# The transposition table's size, the device's included: 128 entries, 1 KB of heap. 2,048
# entries once scored 5 points more for Strong against the plain depth 7 (four 40-game runs,
# within their noise); head to head, 1,024 against 2,048 entries scored 52.5% for Strong and
# 48.8% for Expert (80 games each). Move quality scored exactly (tools/quality.py, 2026-11-30
# night): 512 against 1,024 entries the same for Strong and Expert on 300 positions with 10-21
# seeds and 100 with 22-30 (one position apart for Expert without the endgame table); 256
# against 512 entries on another 400, the same with the table (as the device plays) and within
# a position or two without it (Strong 81.7% / 0.80 against 83.0% / 0.77 at 10-21 seeds, 74.0%
# against 73.0% at 22-30). 128 against 256 entries (2026-12-01): the same moves at 10-21 seeds;
# at 31-40 Strong 78.3% / 1.26 against 77.7% / 1.29 seeds lost, Expert 80.3% / 1.01 both. The
# heap went to the board's graphics (the pits' boxes) and the sliced endgame work.
TABLE_BITS = const(7)


class Search:
    """One reusable searcher. start() a position, then step() until it returns True."""

    def __init__(self, tt_bits=TABLE_BITS, max_ply=MAX_PLY):
        self.table = None
        size = 1 << tt_bits
        self.tt_mask = size - 1
        # One stored key per slot (the slot is h1's low bits): h2 and h1's top six bits, a
        # 30-bit small int. A third list of keys would cost 8 KB more for nothing.
        self.tt_key = [-1] * size
        self.tt_data = [0] * size
        m = max_ply
        self.max_ply = m
        # The explicit stack: one slot per ply.
        # (Scores and depths in 16 bits, |score| <= INF; cells and sides in bytes: a word a ply
        # less each, 1.5 KB less on the device.)
        self.alpha = array("h", [0] * m)
        self.beta = array("h", [0] * m)
        self.best = array("h", [0] * m)
        self.bestm = [0] * m
        self.alpha0 = array("h", [0] * m)
        self.depth = array("h", [0] * m)
        self.persp = bytearray(m)  # whose point of view node d is scored from
        self.side = bytearray(m)  # side to move at node d
        self.idx = bytearray(m)
        self.cnt = bytearray(m)
        self.key1 = [0] * m
        self.key2 = [-1] * m
        self.u_start = bytearray(m)  # the sowing that led to node d (a cell), and its undo code
        self.u_code = [0] * m
        self.moves = bytearray(m * _SLOTS)  # each node's sowings (cells) in the order tried
        # Node d's best line of extra-turn sowings after its best move (_NO_CELL ends it): a
        # triangular principal variation kept for the same side's sowings only, in bytes.
        self.chain = bytearray(m * _LINE)
        self.noise = [0] * _SLOTS
        self._caps = [0] * _SLOTS
        self._rest = [0] * _SLOTS
        self.cells = []
        self.rules = None
        self.pits = 0
        self.total = 0
        self.empty_capture = False
        self.alga = False
        self.value = 0
        self.exact = False
        self.margin_scale = False
        self.turn_depth = False
        self.noise_amp = 0
        self.root_base = 0
        self.root_first = -1  # the root's first legal pit's cell (Search.start)
        self.done = True
        # Hash and probe the table only this far from the leaves: nearer, hashing costs more
        # than the table saves (measured: the same nodes, 17% less time in the VM than at 2).
        self.tt_min_depth = 4
        # Iterative deepening in steps of two plies: measured 25% fewer nodes to depth 10
        # (12 positions), a third fewer from the opening, and no weaker at Strong's budget.
        self.deepen = 2
        self.nodes = 0
        self.stop_early = False
        self.iter_from = 0
        self.iter_cost = 0
        self.node_limit = 0
        self.best_index = -1
        self.best_pit = 0
        self.score = 0
        self.depth_done = 0
        # The principal line's next sowings when the best move earns an extra turn (cells,
        # _NO_CELL ends it): the turn goes on with them instead of new searches (continuation()).
        self.line = bytearray(_LINE)
        self.from_ply = 0  # the searched board's ply, to recognise the positions after its move

    # ----- set up ---------------------------------------------------------------------

    def clear_table(self):
        keys = self.tt_key
        for i in range(len(keys)):
            keys[i] = -1

    def start(
        self,
        board,
        depth=64,
        nodes=1 << 30,
        noise=0,
        seed=1,
        exact=False,
        turn_depth=False,
        table=None,
        stop_early=False,
    ):
        """Begin searching `board` (its cells are copied; the board is never touched).

        depth: most sowings to look ahead; turn_depth: what a sowing that earns an extra turn
        costs: False a whole ply, True nothing (depth counts turns), HALF half a ply; nodes: total node
        budget; noise: Easy's random error in seeds, from the integer `seed`; exact: score
        only finished games (the solver); table: an endgame table
        (kalaha.endgame) whose exact values end the search wherever few enough seeds are left;
        stop_early: never begin an iteration the node budget is not expected to finish.
        """
        if board.to_move is None:
            raise ValueError("the game is over: nothing to search")
        rules = board.rules()
        if rules != self.rules:
            self.rules = rules
            self.cells = [0] * len(board.cells)
            self.pits = board.pits
            self.total = board.total
            self.empty_capture = board.empty_capture
            self.alga = board.alga
        self.table = table if table is not None and table.rules_match(board) else None
        # With the table a finished game scores its margin on the evaluation's scale, as the
        # table's exact values do: a line that ends the game and one the table knows compare
        # by their margins (on the WIN scale a game-ending loss by 2 looked worse than a known
        # loss by 6; docs/performance.md).
        self.margin_scale = self.table is not None
        c = self.cells
        src = board.cells
        for i in range(len(c)):
            c[i] = src[i]
        self.max_depth = min(depth, self.max_ply - 2)
        self.node_limit = nodes
        self.exact = exact
        self.turn_depth = turn_depth
        self.stop_early = stop_early
        self.iter_cost = 0  # the last completed iteration's nodes
        self.nodes = 0
        self.best_index = -1
        self.best_pit = 0
        self.score = 0
        self.depth_done = 0
        self.line[0] = _NO_CELL
        self.done = False
        self.noise_amp = noise
        turn = board.turn
        self.from_ply = board.ply
        p = self.pits
        base = 0 if turn == SOUTH else p + 1
        self.root_base = base
        rnd = (seed * 1103515245 + 12345) & _MASK30
        for i in range(_SLOTS):
            rnd = (rnd * 1103515245 + 12345) & _MASK30
            self.noise[i] = ((rnd >> 8) % (2 * noise * UNIT + 1)) - noise * UNIT if noise else 0
        self.side[0] = turn
        self.persp[0] = turn
        self.u_code[0] = 0
        # The root's first legal pit: the move when there is no other, or when the search is
        # stopped before it has valued any (self.moves may still hold another position's).
        first = -1
        count = 0
        for i in range(base, base + p):
            if c[i]:
                count += 1
                if first < 0:
                    first = i
        self.root_first = first
        if count == 1 and not exact:
            self._finish_with(first, 0, 0)
            return
        self._begin_iteration(min(self.deepen, self.max_depth))

    def _begin_iteration(self, depth):
        self.iter_depth = depth
        self.iter_from = self.nodes
        self.d = 0
        self.state = _ST_ENTER
        self.value = 0
        self.chain[0] = _NO_CELL
        self.alpha[0] = -INF
        self.beta[0] = INF
        self.best[0] = -INF
        self.idx[0] = 0
        # The solver never stops at a depth: it keeps one fixed depth all the way down.
        # Depth is kept in half-plies, so an extra-turn sowing can cost half a ply (HALF).
        self.depth[0] = 250 if self.exact else 2 * depth

    def _finish_with(self, index, score, depth):
        self.best_index = index
        self.best_pit = self._pit(index)
        self.score = score
        self.depth_done = depth
        self.done = True

    def continuation(self, board):
        """The pit this search chose to sow on `board` when `board` follows its best move by
        extra-turn sowings of its principal line, else 0 (unknown: search again). The line was
        searched as deep as the move itself, less the half plies its sowings cost."""
        k = board.ply - self.from_ply - 1
        if not self.done or k < 0 or k >= _LINE or board.to_move != self.side[0]:
            return 0
        if board.moves_at(self.from_ply) != self.best_pit:
            return 0
        line = self.line
        for i in range(k):
            if board.moves_at(self.from_ply + 1 + i) != self._pit(line[i]):
                return 0
        return self._pit(line[k]) if line[k] != _NO_CELL else 0

    def _pit(self, cell):
        return cell + 1 if cell < self.pits else cell - self.pits

    def _keep_line(self):
        for i in range(_LINE):
            self.line[i] = self.chain[i]

    def stop(self):
        """Stop now (the caller's clock ran out): keep the best move found so far."""
        if not self.done:
            self._abort()

    def _abort(self):
        d = self.d
        while d > 0:
            self._unsow(self.u_start[d], self.side[d - 1], self.u_code[d])
            d -= 1
        self.d = 0
        # A root move that beat the previous best (searched first) at the new depth is better.
        if self.best[0] > -INF and self.idx[0] > 1:
            self._keep_line()
            self._finish_with(self.bestm[0], self.best[0], self.depth_done)
        elif self.best_index < 0:
            # No iteration finished: this one's first root move if it was valued, else the
            # root's first legal pit (stopped before any step).
            if self.best[0] > -INF:
                self._keep_line()
                self._finish_with(self.bestm[0], self.best[0], 0)
            else:
                self._finish_with(self.root_first, 0, 0)
        else:
            self.done = True  # the last finished iteration's move stands

    # ----- making and unmaking sowings (the search's own, lean copy of the rules) -------------

    def _sow(self, s, side):
        """Sow from cell s for `side`; return a code that _unsow() needs (no allocation).

        code bits: 0-6 seeds sown, 7-13 captured + 1, 14 extra turn, 15-16 row emptied
        (1 South's, 2 North's), 17-20 the last cell. The end-of-game sweep is not done:
        the final margin is computed from the stores and what is left (_terminal).
        """
        c = self.cells
        p = self.pits
        if side == SOUTH:
            base = 0
            own = p
            skip = p + p + 1
            lim = p + p
        else:
            base = p + 1
            own = p + p + 1
            skip = p
            lim = own
        n = c[s]
        c[s] = 0
        last = s + n
        if last <= lim:
            # No wrap and no store to skip: one plain loop.
            for i in range(s + 1, last + 1):
                c[i] += 1
        else:
            i = s
            left = n
            size = p + p + 2
            while left:
                i += 1
                if i == size:
                    i = 0
                if i != skip:
                    c[i] += 1
                    left -= 1
            last = i
        code = n | (last << 17)
        if last == own:
            code |= 1 << 14
        elif base <= last < own and c[last] == 1:
            o = p + p - last
            t = c[o]
            if t or self.empty_capture:
                c[own] += t + 1
                c[o] = 0
                c[last] = 0
                code |= (t + 1) << 7
                if t:
                    # A capture is the only way the opponent's row can empty.
                    ob = p + 1 - base
                    for k in range(ob, ob + p):
                        if c[k]:
                            break
                    else:
                        return code | ((2 - side) << 15)
        for k in range(base, base + p):
            if c[k]:
                return code
        return code | ((side + 1) << 15)

    def _unsow(self, s, side, code):
        c = self.cells
        p = self.pits
        n = code & 127
        cap = (code >> 7) & 127
        last = (code >> 17) & 15
        if cap:
            c[p if side == SOUTH else p + p + 1] -= cap
            c[p + p - last] = cap - 1
            c[last] = 1
        if s + n <= (p + p if side == SOUTH else p + p + 1):
            for i in range(s + 1, s + n + 1):
                c[i] -= 1
        else:
            skip = p + p + 1 if side == SOUTH else p
            size = p + p + 2
            i = last
            left = n
            while left:
                if i != skip:
                    c[i] -= 1
                    left -= 1
                i -= 1
                if i < 0:
                    i = size - 1
        c[s] = n

    def _terminal(self, me, ended, d):
        """Score of a finished game for side `me` at ply d; ended = which row emptied (1, 2)."""
        c = self.cells
        p = self.pits
        m = c[p] - c[p + p + 1]
        rem = self.total - c[p] - c[p + p + 1]
        # Default: each side keeps its row; Alga: the emptied side takes everything left.
        if (ended == 1) == self.alga:
            m += rem
        else:
            m -= rem
        if me == NORTH:
            m = -m
        if self.exact:
            return m
        if self.margin_scale:
            return m * UNIT
        if m > 0:
            return WIN - d + m * WIN_UNIT
        if m < 0:
            return d - WIN + m * WIN_UNIT
        return 0

    # ----- the search loop ----------------------------------------------------------------

    def step(self, budget):
        """Search at most `budget` more nodes (at least P+1). Returns True when finished.

        Also returns (False) after each completed depth, so think() can report it.
        """
        if self.done:
            return True
        c = self.cells
        p = self.pits
        sstore = p
        nstore = p + p + 1
        exact = self.exact
        alpha = self.alpha
        beta = self.beta
        best = self.best
        bestm = self.bestm
        depth = self.depth
        persp = self.persp
        sides = self.side
        idx = self.idx
        cnt = self.cnt
        moves = self.moves
        u_start = self.u_start
        u_code = self.u_code
        chain = self.chain

        d = self.d
        state = self.state
        value = self.value
        left = budget
        nodes = self.nodes
        limit = self.node_limit
        # Depth used by a sowing that keeps the turn, and by one that passes it.
        td = self.turn_depth
        dec_same = 0 if (exact or td is True) else (1 if td == HALF else 2)
        dec_flip = 0 if exact else 2
        # A frontier node: every child is a leaf (depth <= 0) whichever sowing it follows.
        frontier = dec_same if dec_same < dec_flip else dec_flip
        tt_min = 2 * self.tt_min_depth
        table = self.table
        tmax = table.max_seeds if table is not None else -1
        total = self.total
        while True:
            if state == _ST_ENTER:
                if left <= 0:
                    break
                if depth[d] <= frontier and d and left <= p and left < budget:
                    # A frontier node scores all its children at once: wait for a slice with
                    # room for them, so the search never depends on the slice size. (Only a
                    # slice smaller than P+1 nodes can end up to P nodes over its budget.)
                    break
                if nodes >= limit and self.depth_done:
                    self.nodes = nodes
                    self.d = d
                    self._abort()
                    return True
                left -= 1
                nodes += 1
                me = persp[d]
                ended = (u_code[d] >> 15) & 3
                if ended:
                    value = self._terminal(me, ended, d)
                    state = _ST_RETURN
                    continue
                in_pits = total - c[sstore] - c[nstore] if tmax >= 0 else 99
                if d and in_pits <= tmax:
                    # Endgame table: the exact final margin, for the side to move, from here.
                    side = sides[d]
                    try:
                        g = table.probe(c, side, False)  # checked blocks only: no stall
                    except ValueError:  # a damaged block: search on without the table
                        self.table = table = None
                        tmax = -1
                        g = -1
                    if g >= 0:
                        m = c[sstore] - c[nstore]
                        if side == NORTH:
                            m = -m
                        m += g + g - in_pits
                        if me != side:
                            m = -m
                        # On the evaluation's scale (a seed of margin is UNIT), not as a won
                        # game: the leaves' store difference estimates the same margin, so
                        # the two compare fairly (measured: tools/quality.py, docs).
                        value = m if exact else m * UNIT
                        # A probe costs about as much device time as PROBE_NODES nodes.
                        nodes += PROBE_NODES
                        left -= PROBE_NODES
                        state = _ST_RETURN
                        continue
                # (A store holding more than half the seeds has won, but the search goes on:
                # the margin still counts, and perfect play maximises it.)
                dep = depth[d]
                if dep <= 0 and not exact:
                    value = (c[sstore] - c[nstore]) * UNIT
                    if me == NORTH:
                        value = -value
                    state = _ST_RETURN
                    continue
                side = sides[d]
                if dep <= frontier and d:
                    # Frontier node: every child is a leaf. Its value follows from arithmetic
                    # on this position (laps, landing hole, store gain, capture, row totals),
                    # so no child is sown or unsown at all: the hot path of the search.
                    value = self._frontier(d, side, alpha[d], beta[d])
                    nodes += cnt[d]
                    left -= cnt[d]
                    state = _ST_RETURN
                    continue
                ttm = -1
                self.key2[d] = -1
                if dep >= tt_min or exact:
                    # Transposition table probe (skipped near the leaves: tt_min_depth).
                    # Two 24-bit keys: every intermediate stays below 2**30, a small int in
                    # MicroPython (anything larger would be a heap-allocated big int).
                    h1 = side + 7
                    h2 = side + 13
                    for i in range(nstore):
                        v = c[i]
                        h1 = (h1 * 33 + v + 1) & _MASK24
                        h2 = ((h2 * 37) ^ (v * 131 + i)) & _MASK24
                    self.key1[d] = h1
                    self.key2[d] = h2
                    slot = h1 & self.tt_mask
                    if self.tt_key[slot] == (h2 << 6) | (h1 >> 18):
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
                            if (
                                flag == _EXACT
                                or (flag == _LOWER and tval >= beta[d])
                                or (flag == _UPPER and tval <= alpha[d])
                            ):
                                value = tval
                                state = _ST_RETURN
                                continue
                if d == 0 and self.best_index >= 0:
                    ttm = self.best_index
                cnt[d] = self._order(d, ttm, side)
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
                side = sides[d]
                s = moves[d * _SLOTS + i]
                code = self._sow(s, side)
                e = d + 1
                u_start[e] = s
                u_code[e] = code
                if code & 0x1C000:  # extra turn or game over: same side, same window
                    bestm[e] = -1  # (known only once node e is searched: its line)
                    chain[e * _LINE] = _NO_CELL
                    sides[e] = side
                    persp[e] = persp[d]
                    alpha[e] = alpha[d]
                    beta[e] = beta[d]
                    depth[e] = depth[d] - dec_same
                else:
                    sides[e] = 1 - side
                    persp[e] = 1 - persp[d]
                    alpha[e] = -beta[d]
                    beta[e] = -alpha[d]
                    depth[e] = depth[d] - dec_flip
                if e >= self.max_ply - 1:
                    if exact:
                        raise ValueError("game longer than the search stack")
                    depth[e] = 0
                d = e
                state = _ST_ENTER
            else:  # _ST_RETURN: the value of node d is known
                if d == 0:
                    # A depth is complete: hand control back so think() can report it.
                    self.nodes = nodes
                    self._iteration_done(value)
                    return self.done
                e = d
                d -= 1
                self._unsow(u_start[e], sides[d], u_code[e])
                v = value if persp[e] == persp[d] else -value
                if d == 0 and self.noise_amp:
                    v += self.noise[u_start[e] - self.root_base]
                if v > best[d]:
                    best[d] = v
                    bestm[d] = u_start[e]
                    k = d * _LINE
                    if (u_code[e] >> 14) & 7 == 1:  # an extra turn: its best line goes on
                        j = e * _LINE
                        chain[k] = bestm[e] & 255  # (-1, unknown, is _NO_CELL)
                        chain[k + 1] = chain[j]
                        chain[k + 2] = chain[j + 1]
                    else:
                        chain[k] = _NO_CELL
                    if v > alpha[d]:
                        alpha[d] = v
                        if v >= beta[d]:
                            value = v
                            self._store(d, v)
                            continue  # cut-off: return from node d too
                state = _ST_NEXT
        self.nodes = nodes
        self.d = d
        self.state = state
        self.value = value
        return False

    def _frontier(self, d, side, alpha, beta):
        """Best value for `side` at node d when every child is a leaf; sets bestm[d], cnt[d].

        Computes each child's store gain, capture and row totals from this position alone
        (the same values _sow would give, without touching the cells). Children are tried
        from the store backwards, with the same cut-offs as the stack loop.
        """
        c = self.cells
        p = self.pits
        lap = p + p + 1  # holes in one lap (the opponent's store is skipped)
        if side == SOUTH:
            base = 0
            store = p
            obase = p + 1
            ostore = p + p + 1
        else:
            base = p + 1
            store = p + p + 1
            obase = 0
            ostore = p
        row = 0
        orow = 0
        for i in range(p):
            row += c[base + i]
            orow += c[obase + i]
        own0 = c[store]
        opp = c[ostore]
        ec = self.empty_capture
        alga = self.alga
        bestv = -INF
        bm = -1
        count = 0
        s = store - 1
        while s >= base:
            n = c[s]
            if n:
                count += 1
                ds = store - s  # steps to the own store
                if n < lap:
                    laps = 0
                    r = n
                else:
                    laps = n // lap
                    r = n - laps * lap
                gain = laps + (1 if r >= ds else 0)
                # Seeds that land in each row: the first r holes after s, plus whole laps.
                own_land = laps * p + (r if r < ds else ds - 1) + (r - ds - p if r > ds + p else 0)
                opp_land = laps * p + (0 if r <= ds else (p if r >= ds + p else r - ds))
                ro = row - n + own_land
                rp = orow + opp_land
                off = r if r else lap  # the last seed's hole, counted from s
                if off < ds or off > ds + p:
                    last = s + off if off < ds else base + off - ds - p - 1
                    before = 0 if last == s else c[last]
                    if before + laps + (1 if r else 0) == 1:
                        o = p + p - last
                        taken = c[o] + laps + (1 if ds + 1 + o - obase <= r else 0)
                        if taken or ec:
                            gain += taken + 1
                            ro -= 1
                            rp -= taken
                own = own0 + gain
                if ro == 0 or rp == 0:
                    # The game ends: leftovers to their owners, or all to the emptied side (Alga).
                    rem = ro + rp
                    m = own - opp + (rem if (ro == 0) == alga else -rem)
                    if self.margin_scale:
                        v = m * UNIT
                    elif m > 0:
                        v = WIN - d - 1 + m * WIN_UNIT
                    elif m < 0:
                        v = d + 1 - WIN + m * WIN_UNIT
                    else:
                        v = 0
                else:
                    v = (own - opp) * UNIT
                if v > bestv:
                    bestv = v
                    bm = s
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            s -= 1
        self.bestm[d] = bm
        self.cnt[d] = count
        return bestv

    def _iteration_done(self, value):
        self.best_index = self.bestm[0]
        self._keep_line()
        self.best_pit = self._pit(self.best_index)
        self.score = value
        self.depth_done = self.iter_depth
        deeper = self.iter_depth + self.deepen
        if deeper > self.max_depth and self.iter_depth < self.max_depth:
            deeper = self.max_depth
        # A won or lost line found does not end the thinking: a deeper iteration can still
        # find a bigger margin (issue 23; docs/performance.md).
        # Budgeted by what the next iteration will cost: an iteration cut short by the budget
        # mostly wastes its nodes (it only keeps a root move that beat the previous best), so
        # with stop_early none is begun that is expected to overrun, predicting its cost from
        # the growth between the last two (at least 1.5 times the last). Measured with
        # tools.quality on 300 positions with 31-40 seeds: at about the same nodes a move,
        # 1.08 seeds lost against 1.20 (docs/performance.md).
        overrun = False
        if self.stop_early:
            cost = self.nodes - self.iter_from  # (within the budget: its square a small int)
            grow = cost * cost // self.iter_cost if self.iter_cost else 4 * cost
            if grow < cost * 3 // 2:
                grow = cost * 3 // 2
            self.iter_cost = cost
            overrun = self.nodes + grow > self.node_limit
        if self.exact or deeper > self.max_depth or self.nodes >= self.node_limit or overrun:
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
        self.tt_key[slot] = (self.key2[d] << 6) | (self.key1[d] >> 18)
        self.tt_data[slot] = ((value + _DATA_OFF) << 14) | (flag << 12) | ((move & 15) << 8) | dep

    def _order(self, d, ttm, side):
        """Write the moves of node d into its slots, best-looking first; return how many."""
        c = self.cells
        p = self.pits
        base = 0 if side == SOUTH else p + 1
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


# ----- levels ---------------------------------------------------------------------------


# name: (depth, turn_depth, node budget, noise in seeds, device time cap in ms, ...)
# The budget and the cap are the whole turn's: an extra turn goes on with the pits the first
# search chose for it (its principal line), or searches with what the turn has left (at least
# an eighth, the turn at most a quarter over: turn_share). The cap counts wall-clock time, and a
# thinking frame gives the search most but not all of its 15-20 ms (kalaha.thinking), so the
# budgets are what the device completes within the cap (about 1,600 nodes a second in a game
# on the emulated MacroPad): the host measures what the device plays. Expert's 12,000 are a
# limit: it begins no iteration it cannot finish (about 4,600 spent a turn in the ladder's games).
# The ladder (python -m kalaha ladder; docs/performance.md) spaces them so that each wins at
# least 70% against the one below, from even openings (kalaha.match); the device's speed caps
# Expert, so Strong's middle game is what Expert beats that clearly. With the endgame table near (at
# most ENDGAME_REACH seeds beyond it) Strong's budget is 1,400: there its nodes buy exact values,
# and the ladder is decided earlier (without the table the same cost the ladder 2 points):
# Easy plays like a beginner: it sees its own whole turn (extra turns, its captures) and never
# the reply, so it leaves seeds to be captured, and it misjudges a move by up to three seeds
# (it may miss a small capture or extra turn).
# Medium looks four turns ahead (extra-turn sowings are free) and misjudges by up to four seeds.
# Strong and Expert count an extra-turn sowing as half a ply: in 40-game runs that scored as
# well as a whole ply and clearly better than free at these budgets. A plain store-difference
# evaluation beat weighting seeds on the row, one fitted to the endgame table
# (tools/learned_fit.py: per-pit weights) and a bonus for having the move at 22-30 seeds; late
# move reductions and a bigger transposition table made no difference (docs/performance.md).
class Level:
    """A playing level as a named record (python-chess's engine.Limit style)."""

    def __init__(
        self, name, depth, turn_depth, nodes, noise, cap_ms, uses_table=False, stop_early=False, endgame=0
    ):
        self.name = name
        self.depth = depth  # the deepest iteration, in plies
        self.turn_depth = turn_depth  # what an extra-turn sowing counts: False 1 ply, HALF, True free
        self.nodes = nodes  # the node budget of a whole turn (turn_share)
        self.noise = noise  # random error per move, in seeds (Easy's mistakes)
        self.cap_ms = cap_ms  # the turn's hard time cap: play the best move found so far
        self.uses_table = uses_table  # plays the endgame table's exact values where it applies
        self.stop_early = stop_early  # begins no iteration the budget cannot finish (Search.start)
        self.endgame_nodes = endgame or nodes  # the budget with the table near (ENDGAME_REACH)


LEVELS = {
    "easy": Level("easy", 1, True, 400, 3, 1000),
    "medium": Level("medium", 4, True, 3000, 4, 1500),
    # (Strong's cap keeps a turn within 1.2 s on the device, an extra turn's searches included.)
    "strong": Level("strong", 60, HALF, 650, 0, 1150, True, endgame=1400),
    "expert": Level("expert", 60, HALF, 12000, 0, 7500, True, True),
}
LEVEL_NAMES = ("easy", "medium", "strong", "expert")


def turn_share(budget, spent):
    """What the next sowing of an extra turn may use of a whole turn's `budget` (nodes or
    milliseconds) once `spent` is used: the rest, at least an eighth, and never past a quarter
    over the budget for the whole turn (the player's wait per turn is what counts, issue 23)."""
    left = budget - spent
    if left < budget // 8:
        left = budget // 8
    over = budget + budget // 4 - spent
    if left > over:
        left = over
    return left if left > 0 else 0


def start_level(search, board, level, seed=1, table=None, spent=0):
    """Start `search` on `board` with the settings of `level` (a LEVEL_NAMES entry).

    table: the endgame table, used by the levels that play perfectly where it applies.
    spent: nodes this turn's earlier sowings used (the level's budget is the whole turn's).
    """
    spec = LEVELS[level]
    table = table if spec.uses_table else None
    budget = spec.nodes
    if table is not None and table.applies(board, ENDGAME_REACH):
        budget = spec.endgame_nodes
    search.start(
        board,
        depth=spec.depth,
        nodes=turn_share(budget, spent),  # (all of it when nothing is spent)
        noise=spec.noise,
        seed=seed + board.ply,
        turn_depth=spec.turn_depth,
        stop_early=spec.stop_early,
        table=table,
    )
