"""The computer opponent: a sliced negamax alpha-beta search (with an exact mode for the solver
in host.analysis), its levels and a turn's budget.

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

from kalaha.compat import const
from kalaha.rules.board import SOUTH
from kalaha.search.searchcore import run as _run

# kalaha.search.searchcore's layout of the buffers and its answers (the same consts: no lookups, no
# globals; tests/test_ai.py checks that they agree).
_D = const(0)
_STATE = const(1)
_VALUE = const(2)
_NODES = const(3)
_LIMIT = const(4)
_LEFT = const(5)
_BUDGET = const(6)
_PITS = const(7)
_TOTAL = const(8)
_EMPTY_CAPTURE = const(9)
_ALGA = const(10)
_EXACT = const(11)
_MARGIN_SCALE = const(12)
_DEC_SAME = const(13)
_DEC_FLIP = const(14)
_TT_MIN = const(15)
_TMAX = const(16)
_TT_MASK = const(17)
_PLIES = const(18)
_DEPTH_DONE = const(19)
_ROOT_MOVE = const(20)
_NOISE_AMP = const(21)
_ROOT_BASE = const(22)
_RANK = const(23)
_GAIN = const(32)
_HIT_NODES = const(33)
_CACHE_MASK = const(34)
_ROOT_COUNT = const(35)
_NOISE = const(24)
_REGISTERS = const(36)
_PLY_ARRAYS = const(13)  # al be bs bm a0 dp k1 k2 ud mv ch sd rw: one word a ply each
_AL = const(0)
_BE = const(1)
_BS = const(2)
_BM = const(3)
_DP = const(5)
_UD = const(8)
_MV = const(9)
_CH = const(10)
_SD = const(11)
_CELLS = const(16)  # the board's cells (2 x 7 pits and two stores at most)
_LINE = const(3)
_NO_CELL = const(255)
_ST_ENTER = const(1)
_SLICE = const(0)
_ITERATION = const(1)
_OUT_OF_NODES = const(2)
_PROBE = const(3)

HALF = const(2)  # turn_depth: an extra-turn sowing costs half a ply
INF = const(30000)
# What an endgame-table probe counts against the budget: about its device time in nodes.
_PROBE_NODES = const(2)
# The probe cache's slots: one, since a hit counts as much as a miss (kalaha.search.searchcore).
_CACHE_SLOTS = const(1)
# A level's endgame budget applies once the pits hold at most this many seeds more than its
# endgame table covers (21 with the device's 14): the table is a few sowings away, so a node
# there buys exact values.
ENDGAME_REACH = const(7)
_UNIT = const(16)  # one seed in evaluation units
MAX_PLY = const(200)
_SLOTS = const(8)  # Easy's noise words, one per root pit (P <= 7)
_MASK30 = const(0x3FFFFFFF)
# The transposition table's size, the device's included: 128 entries, 1 KB of heap; bigger
# tables play the same moves (docs/decisions.md).
_TABLE_BITS = const(7)

# run()'s ranking numbers while no endgame table is open (it reads them only with one).
_NO_RANKS = array("i", [0])


class Search:
    """One reusable searcher. start() a position, then step() until it returns True.

    Its state lives in buffers allocated here, which kalaha.search.searchcore.run() steps through:
    `cells` (the board's), `words` (32-bit: the registers), `ply` (the stack: an array of a
    word a ply for each of a node's values: scores, depth, keys, moves, line, side) and `tt`
    (the transposition table: a slot's stored key, h2 and h1's top six bits or -1, and its data
    word; then the probe cache: the endgame table's ranks and values). run() also reads the
    table's ranking numbers (kalaha.search.endgame.Ranker.words).
    """

    def __init__(self, tt_bits=_TABLE_BITS, max_ply=MAX_PLY, cache_slots=_CACHE_SLOTS):
        """cache_slots: the probe cache's size, a power of two."""
        self.table = None
        self.ranks = _NO_RANKS
        size = 1 << tt_bits
        m = max_ply
        self.max_ply = m
        self.cells = bytearray(_CELLS)
        # The transposition table's slots, then the probe cache's (kalaha.search.searchcore).
        self.cache_at = 2 * size
        slots = cache_slots
        try:
            self.tt = array("i", [-1]) * (2 * size + slots)
            self.words = array("i", [0]) * _REGISTERS
            self.ply = tuple(array("i", [0]) * m for _ in range(_PLY_ARRAYS))
        except TypeError:  # MicroPython (the web page's WebAssembly port) repeats no array
            self.tt = array("i", [-1] * (2 * size + slots))
            self.words = array("i", [0] * _REGISTERS)
            self.ply = tuple(array("i", [0] * m) for _ in range(_PLY_ARRAYS))
        w = self.words
        w[_TT_MASK] = size - 1
        w[_CACHE_MASK] = slots - 1
        w[_PLIES] = m
        self.rules = None
        self.pits = 0
        self.exact = False
        self.turn_depth = False
        self.root_base = 0
        self.root_first = -1  # the root's first legal pit's cell (Search.start)
        self.done = True
        # Hash and probe the table only this far from the leaves: nearer, hashing costs more
        # than the table saves (docs/decisions.md).
        self.tt_min_depth = 4
        # Iterative deepening in steps of two plies: fewer nodes, no weaker (docs/decisions.md).
        self.deepen = 2
        self.nodes = 0
        self.stop_early = False
        self.iter_depth = 0
        self.iter_from = 0
        self.iter_cost = 0
        self.max_depth = 0
        self.node_limit = 0
        self.best_index = -1
        self.best_pit = 0
        self.score = 0
        self.depth_done = 0
        # The principal line's next sowings when the best move earns an extra turn (cells,
        # NO_CELL ends it): the turn goes on with them instead of new searches (continuation()).
        self.line = bytearray(_LINE)
        self.from_ply = 0  # the searched board's ply, to recognise the positions after its move

    # ----- set up ---------------------------------------------------------------------

    def clear_table(self):
        tt = self.tt
        for i in range(0, self.cache_at, 2):
            tt[i] = -1

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
        probe_nodes=_PROBE_NODES,
        hit_nodes=None,
    ):
        """Begin searching `board` (its cells are copied; the board is never touched).

        depth: most sowings to look ahead; turn_depth: what a sowing that earns an extra turn
        costs: False a whole ply, True nothing (depth counts turns), HALF half a ply; nodes: total node
        budget; noise: Easy's random error in seeds, from the integer `seed`; exact: score
        only finished games (the solver); table: an endgame table
        (kalaha.search.endgame) whose exact values end the search wherever few enough seeds are left;
        stop_early: never begin an iteration the node budget is not expected to finish;
        probe_nodes: what a probe of the table counts against the budget; hit_nodes: what one
        the probe cache answers counts (None: the same).
        """
        if board.to_move is None:
            raise ValueError("the game is over: nothing to search")
        w = self.words
        b = self.cells
        rules = board.rules()
        if rules != self.rules:
            self.rules = rules
            self.pits = board.pits
            w[_PITS] = board.pits
            w[_TOTAL] = board.total
            w[_EMPTY_CAPTURE] = 1 if board.empty_capture else 0
            w[_ALGA] = 1 if board.alga else 0
        self.table = table if table is not None and table.rules_match(board) else None
        # The table's ranking numbers, which run() reads to rank the positions it probes.
        self.ranks = self.table.ranker.words if self.table is not None else _NO_RANKS
        if self.table is not None:
            # The probe cache starts empty: a search's hits, and so its node count, depend on
            # its position alone (the command line's `move` plays what the device plays).
            tt = self.tt
            for i in range(self.cache_at, len(tt)):
                tt[i] = -1
        # With the table a finished game scores its margin on the evaluation's scale, as the
        # table's exact values do: a line that ends the game and one the table knows compare
        # by their margins (on the WIN scale a game-ending loss by 2 looked worse than a known
        # loss by 6; docs/decisions.md).
        w[_MARGIN_SCALE] = 1 if self.table is not None else 0
        w[_TMAX] = self.table.max_seeds if self.table is not None else -1
        src = board.cells
        for i in range(len(src)):
            b[i] = src[i]
        self.max_depth = min(depth, self.max_ply - 2)
        self.node_limit = nodes
        w[_LIMIT] = nodes
        self.probe_nodes = probe_nodes
        w[_HIT_NODES] = probe_nodes if hit_nodes is None else hit_nodes
        self.exact = exact
        w[_EXACT] = 1 if exact else 0
        self.turn_depth = turn_depth
        # Depth used by a sowing that keeps the turn, and by one that passes it (half plies).
        w[_DEC_SAME] = 0 if (exact or turn_depth is True) else (1 if turn_depth == HALF else 2)
        w[_DEC_FLIP] = 0 if exact else 2
        w[_TT_MIN] = 2 * self.tt_min_depth
        self.stop_early = stop_early
        self.iter_cost = 0  # the last completed iteration's nodes
        self.nodes = 0
        w[_NODES] = 0
        self.best_index = -1
        w[_ROOT_MOVE] = -1
        self.best_pit = 0
        self.score = 0
        self.depth_done = 0
        w[_DEPTH_DONE] = 0
        self.line[0] = _NO_CELL
        self.done = False
        w[_NOISE_AMP] = noise
        turn = board.turn
        self.from_ply = board.ply
        p = self.pits
        base = 0 if turn == SOUTH else p + 1
        self.root_base = base
        w[_ROOT_BASE] = base
        rnd = (seed * 1103515245 + 12345) & _MASK30
        for i in range(_SLOTS):
            rnd = (rnd * 1103515245 + 12345) & _MASK30
            w[_NOISE + i] = ((rnd >> 8) % (2 * noise * _UNIT + 1)) - noise * _UNIT if noise else 0
        ply = self.ply
        ply[_SD][0] = turn
        ply[_UD][0] = 0
        # The root's first legal pit: the move when there is no other, or when the search is
        # stopped before it has valued any (the stack may still hold another position's).
        first = -1
        count = 0
        for i in range(base, base + p):
            if b[i]:
                count += 1
                if first < 0:
                    first = i
        self.root_first = first
        if count == 1 and not exact:
            self._finish_with(first, 0, 0)
            return
        self._begin_iteration(min(self.deepen, self.max_depth))

    def _begin_iteration(self, depth):
        w = self.words
        self.iter_depth = depth
        self.iter_from = self.nodes
        ply = self.ply
        w[_D] = 0
        w[_STATE] = _ST_ENTER
        w[_VALUE] = 0
        w[_ROOT_COUNT] = 0
        ply[_CH][0] |= _NO_CELL
        ply[_AL][0] = -INF
        ply[_BE][0] = INF
        ply[_BS][0] = -INF
        ply[_MV][0] = 0
        # The solver never stops at a depth: it keeps one fixed depth all the way down.
        # Depth is kept in half-plies, so an extra-turn sowing can cost half a ply (HALF).
        ply[_DP][0] = 250 if self.exact else 2 * depth

    def _finish_with(self, index, score, depth):
        self.best_index = index
        self.words[_ROOT_MOVE] = index
        self.best_pit = self._pit(index)
        self.score = score
        self.depth_done = depth
        self.words[_DEPTH_DONE] = depth
        self.done = True

    def continuation(self, board):
        """The pit this search chose to sow on `board` when `board` follows its best move by
        extra-turn sowings of its principal line, else 0 (unknown: search again). The line was
        searched as deep as the move itself, less the half plies its sowings cost."""
        k = board.ply - self.from_ply - 1
        if not self.done or k < 0 or k >= _LINE or board.to_move != self.ply[_SD][0]:
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
        chain = self.ply[_CH][0]
        for i in range(_LINE):
            self.line[i] = (chain >> (8 * i)) & 255

    def stop(self):
        """Stop now (the caller's clock ran out): keep the best move found so far."""
        if not self.done:
            self._abort()

    def _abort(self):
        # (The cells keep the line searched: start() copies a board's anew.)
        w = self.words
        w[_D] = 0
        best = self.ply[_BS][0]
        # A root move that beat the previous best (searched first) at the new depth is better:
        # the root has begun its second move (its list has lost two).
        tried = w[_ROOT_COUNT]
        left = self.ply[_MV][0]
        while left:
            tried -= 1
            left >>= 4
        if best > -INF and tried > 1:
            self._keep_line()
            self._finish_with(self.ply[_BM][0], best, self.depth_done)
        elif self.best_index < 0:
            # No iteration finished: this one's first root move if it was valued, else the
            # root's first legal pit (stopped before any step).
            if best > -INF:
                self._keep_line()
                self._finish_with(self.ply[_BM][0], best, 0)
            else:
                self._finish_with(self.root_first, 0, 0)
        else:
            self.done = True  # the last finished iteration's move stands

    # ----- the search loop ----------------------------------------------------------------

    def step(self, budget):
        """Search at most `budget` more nodes (at least P+1). Returns True when finished.

        Also returns (False) after each completed depth, so think() can report it.
        """
        if self.done:
            return True
        w = self.words
        w[_LEFT] = budget
        w[_BUDGET] = budget
        while True:
            why = _run(self.cells, w, self.tt, self.ranks, self.ply)
            self.nodes = w[_NODES]
            if why == _SLICE:
                return False
            if why == _ITERATION:
                self._iteration_done(w[_VALUE])
                return self.done
            if why == _PROBE:
                self._probe()
            elif why == _OUT_OF_NODES:
                self._abort()
                return True
            else:  # TOO_DEEP
                raise ValueError("game longer than the search stack")

    def _probe(self):
        """Node D's position is not in the probe cache: read the endgame table at the rank run()
        left (_RANK) into _GAIN (-1: not known, and the search goes on below the node), and
        keep it in the cache."""
        w = self.words
        rank = w[_RANK]
        try:
            g = self.table.value_at(rank, False)  # checked blocks only: no stall
        except ValueError:  # a damaged block: search on without the table
            self.table = None
            w[_TMAX] = -1
            g = -1
        w[_GAIN] = g
        if g < 0:
            return
        self.tt[self.cache_at + (rank & w[_CACHE_MASK])] = rank << 4 | g
        # A probe costs about as much device time as this many nodes.
        w[_NODES] += self.probe_nodes
        w[_LEFT] -= self.probe_nodes
        self.nodes = w[_NODES]

    def _iteration_done(self, value):
        w = self.words
        self.best_index = self.ply[_BM][0]
        w[_ROOT_MOVE] = self.best_index
        self._keep_line()
        self.best_pit = self._pit(self.best_index)
        self.score = value
        self.depth_done = self.iter_depth
        w[_DEPTH_DONE] = self.iter_depth
        deeper = self.iter_depth + self.deepen
        if deeper > self.max_depth and self.iter_depth < self.max_depth:
            deeper = self.max_depth
        # A won or lost line found does not end the thinking: a deeper iteration can still
        # find a bigger margin (issue 23; docs/decisions.md).
        # With stop_early no iteration is begun that is expected to overrun the budget (one cut
        # short mostly wastes its nodes): its cost predicted from the growth between the last
        # two, at least 1.5 times the last (docs/decisions.md).
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


# ----- levels ---------------------------------------------------------------------------


# A level's budgets: (node budget, node budget with the table near, device time cap in ms). The
# budget and the cap are the whole turn's: an extra turn goes on with its principal line, or
# searches with what the turn has left (turn_share). Each budget is what the stock device's
# bytecode search completes within the cap, so the host, counting nodes, plays what the device
# plays; the ladder spaces the levels so that each wins at least 70% against the one below
# (docs/performance.md, 'The computer's thinking time on the device' and 'The levels' ladder';
# what was tried: docs/decisions.md).
# Easy sees its own whole turn and never the reply, and misjudges a move by up to three seeds;
# Medium looks four turns ahead (extra-turn sowings free) and misjudges by up to four: its depth,
# not its budget, bounds it; Strong and Expert count an extra-turn sowing as half a ply and play
# the endgame table, Expert beginning no iteration it cannot finish.


class Level:
    """A playing level as a named record (python-chess's engine.Limit style); its name is its key
    in LEVELS. (Eight fields: a ninth would take each level's dict to its next size on the device.)"""

    def __init__(self, depth, turn_depth, noise, nodes, endgame, cap_ms, uses_table=False, stop_early=False):
        self.depth = depth  # the deepest iteration, in plies
        self.turn_depth = turn_depth  # what an extra-turn sowing counts: False 1 ply, HALF, True free
        self.noise = noise  # random error per move, in seeds (Easy's mistakes)
        self.nodes = nodes  # the node budget of a whole turn (turn_share)
        self.endgame_nodes = endgame  # the budget with the table near (ENDGAME_REACH)
        self.cap_ms = cap_ms  # the turn's hard time cap: play the best move found so far
        self.uses_table = uses_table  # plays the endgame table's exact values where it applies
        self.stop_early = stop_early  # begins no iteration the budget cannot finish (Search.start)


LEVELS = {
    "easy": Level(1, True, 3, 400, 400, 1000),
    "medium": Level(4, True, 4, 3000, 3000, 1500),
    # (Strong's cap keeps a turn within about 1.5 s, an extra turn's searches included.)
    "strong": Level(60, HALF, 0, 950, 2000, 1400, True),
    # (Expert's 8,000 near the table: its probes make a node there slower on the device.)
    "expert": Level(60, HALF, 0, 14000, 8000, 6500, True, True),
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
