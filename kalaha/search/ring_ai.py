"""The computer for games of 2-4 seats round one ring (kalaha.rules.ring): a paranoid search (the seat
to move against a coalition of all the others), deepened until its node budget is spent.

Stepped like kalaha.search.ai.Search (`step(nodes)` True once done, `best_pit`), so the device runs it
in slices of a frame; its stack is allocated by start(), none per node (positions are copied
into a preallocated bytearray, a sowing made on a working board and undone by copying back).
"""

try:
    import random
except ImportError:  # (CircuitPython has random; a bare port may not)
    random = None

from kalaha.compat import const
from kalaha.rules.ring import RingBoard

WIN = const(100000)  # a finished game's value is this plus its margin: any finish beats any guess
INF = const(1000000)
MAX_PLY = const(24)  # sowings deep at most
# Nodes a sowing may search, per level; Easy looks one sowing ahead and errs like a beginner.
LEVEL_NODES = {"easy": 0, "medium": 300, "strong": 2000, "expert": 12000}
EASY_SLIPS = const(3)  # in ten turns Easy plays a random pit instead of its best


def evaluate(board, me):
    """`me`'s standing: its store against each other seat's, seeds still in a row counted half
    (they go to that row's seat at the end); a finished game beyond any guess."""
    c = board.cells
    w = board.width
    p = board.pits
    n = board.seats
    value = 0
    for s in range(n):
        base = s * w
        worth = 2 * c[base + p]
        for i in range(base, base + p):
            worth += c[i]
        value += worth * (n - 1) if s == me else -worth
    if board.to_move is None:
        if value > 0:
            return WIN + value
        if value < 0:
            return value - WIN
    return value


class RingSearch:
    """Iterative deepening paranoid alpha-beta over sowings (an extra turn's sowing is one more
    ply of the same seat) with an explicit stack: start(), then step(n) until it says done."""

    def __init__(self):
        self.work = None  # the working board (a RingBoard of the game's size)
        self.saved = None  # the position at each ply: cells, then the seat to move
        self.size = -1
        m = MAX_PLY + 1
        self.alpha = [0] * m
        self.beta = [0] * m
        self.best = [0] * m
        self.next = [0] * m  # the last pit tried at each ply
        self.left = [0] * m  # plies left below each node
        self.me = 0
        self.done = True
        self.nodes = 0
        self.limit = 0
        self.max_depth = MAX_PLY
        self.iter_depth = 0
        self.depth_done = 0
        self.best_pit = 0  # the last complete iteration's choice
        self.score = 0
        self.iter_pit = 0  # this iteration's best so far
        self.d = 0  # the ply being searched
        self.value = 0  # a child's value coming back up

    def start(self, board, nodes, max_depth=MAX_PLY):
        """Search `board` (left untouched) for its seat to move within `nodes`."""
        size = board.seats * board.width
        w = self.work
        if (
            w is None
            or w.seats != board.seats
            or w.pits != board.pits
            or w.capture_from != board.capture_from
        ):
            self.work = RingBoard(board.seats, board.pits, 1, board.capture_from)
            self.saved = bytearray((MAX_PLY + 1) * (size + 1))
            self.size = size
        c = self.work.cells
        for i in range(size):
            c[i] = board.cells[i]
        self.work.to_move = board.to_move
        self.me = board.to_move
        self.nodes = 0
        self.limit = nodes
        self.max_depth = max_depth if max_depth < MAX_PLY else MAX_PLY
        self.best_pit = board.legal_moves()[0]
        self.score = 0
        self.depth_done = 0
        self.done = False
        self._save(0)  # the root, restored before each of its sowings
        self._begin(1)

    def stop(self):
        self.done = True

    def _begin(self, depth):
        self.iter_depth = depth
        self.iter_pit = 0
        self.d = 0
        self.alpha[0] = -INF
        self.beta[0] = INF
        self.best[0] = -INF
        self.next[0] = 0
        self.left[0] = depth

    def _save(self, d):
        c = self.work.cells
        s = self.saved
        n = self.size
        at = d * (n + 1)
        for i in range(n):
            s[at + i] = c[i]
        s[at + n] = self.work.to_move

    def _load(self, d):
        c = self.work.cells
        s = self.saved
        n = self.size
        at = d * (n + 1)
        for i in range(n):
            c[i] = s[at + i]
        self.work.to_move = s[at + n]

    def step(self, budget):
        """Search about `budget` more nodes; True once the search is done (best_pit is its move)."""
        if self.done:
            return True
        work = self.work
        p = work.pits
        w = work.width
        me = self.me
        alpha = self.alpha
        beta = self.beta
        best = self.best
        nxt = self.next
        left = self.left
        saved = self.saved
        n = self.size
        d = self.d
        while budget > 0:
            # At node d: the next legal pit of its mover, from the saved position.
            at = d * (n + 1)
            mover = saved[at + n]
            pit = nxt[d] + 1
            base = at + mover * w
            while pit <= p and not saved[base + pit - 1]:
                pit += 1
            if pit <= p and alpha[d] < beta[d]:
                nxt[d] = pit
                self._load(d)
                work.sow(pit)
                budget -= 1
                self.nodes += 1
                if (
                    work.to_move is None
                    or left[d] <= 1
                    or d + 1 >= self.max_depth
                    or self.nodes >= self.limit
                ):
                    v = evaluate(work, me)
                else:
                    # Down to the child: it inherits the window.
                    d += 1
                    self._save(d)
                    alpha[d] = alpha[d - 1]
                    beta[d] = beta[d - 1]
                    best[d] = -INF if work.to_move == me else INF
                    nxt[d] = 0
                    left[d] = left[d - 1] - 1
                    continue
            else:
                # Node d is done: its value goes up.
                v = best[d]
                if d == 0:
                    self._iteration_done()
                    if self.done:
                        self.d = 0
                        return True
                    d = 0
                    continue
                d -= 1
            # A value v for node d's last child.
            if saved[d * (n + 1) + n] == me:
                if v > best[d]:
                    best[d] = v
                    if d == 0:
                        self.iter_pit = nxt[0]
                if v > alpha[d]:
                    alpha[d] = v
            else:
                if v < best[d]:
                    best[d] = v
                if v < beta[d]:
                    beta[d] = v
            if self.nodes >= self.limit and d == 0 and self.depth_done:
                # Out of nodes mid-iteration: the last complete one stands.
                self.done = True
                self.d = 0
                return True
        self.d = d
        return False

    def _iteration_done(self):
        if self.iter_pit:
            self.best_pit = self.iter_pit
            self.score = self.best[0]
        self.depth_done = self.iter_depth
        # (A finished line found does not end the deepening: a bigger margin may lie deeper.)
        if self.nodes >= self.limit or self.iter_depth >= self.max_depth:
            self.done = True
            return
        self._begin(self.iter_depth + 1)


def best_turn(board, level="strong", seed=1, nodes=None, search=None):
    """The computer's whole turn on `board` (a RingBoard, left as it was): (pits, value, depth,
    nodes searched). `nodes`: a budget per sowing instead of the level's."""
    b = RingBoard(board.seats, board.pits, board.seeds, board.capture_from, board.first)
    for pit in board.moves:
        b.push(pit)
    me = b.to_move
    rng = random.Random(seed * 7919 + len(b.moves))
    search = search or RingSearch()
    pits, value, depth, searched = [], 0, 0, 0
    while b.to_move == me:
        budget = nodes if nodes else LEVEL_NODES[level]
        if budget == 0 and rng.randrange(10) < EASY_SLIPS:
            pit = rng.choice(b.legal_moves())  # Easy: now and then any pit
        else:
            # (Easy otherwise: the best pit one sowing ahead)
            search.start(b, budget if budget else 1 << 30, MAX_PLY if budget else 1)
            while not search.step(1 << 12):
                pass
            pit, value, depth = search.best_pit, search.score, search.depth_done
            searched += search.nodes
        pits.append(pit)
        b.push(pit)
    return pits, value, depth, searched
