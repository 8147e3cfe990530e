"""The computer for games of 2-4 seats round one ring (kalaha.ring): a paranoid search, the
seat to move against a coalition of all the others, deepened until its node budget is spent.

Host side for now (the command line's `move --players`): it pushes and pops with the board's
own history, which allocates; the device will need a preallocated stack like kalaha.ai's.
"""

import random

from kalaha.ring import RingBoard

WIN = 100000  # a finished game's value is this plus its margin: any finish beats any guess
# Nodes a turn may search, per level; Easy looks one sowing ahead and errs like a beginner.
LEVEL_NODES = {"easy": 0, "medium": 300, "strong": 2000, "expert": 12000}
EASY_SLIPS = 3  # in ten turns Easy plays a random pit instead of its best


def evaluate(board, me):
    """`me`'s standing: its store against the others' together (each seat counts against it
    once), seeds still in a row counted half (they go to that row's seat at the end)."""
    c = board.cells
    w = board.width
    p = board.pits
    n = board.seats
    value = 0
    for s in range(n):
        base = s * w
        worth = 2 * c[base + p] + sum(c[base : base + p])
        value += worth * (n - 1) if s == me else -worth
    if board.to_move is None:
        return WIN + value if value > 0 else (-WIN + value if value < 0 else 0)
    return value


class RingSearch:
    """Iterative deepening paranoid alpha-beta over sowings (an extra-turn sowing is one more
    ply of the same seat), within a node budget."""

    def __init__(self):
        self.nodes = 0
        self.limit = 0
        self.depth = 0

    def _value(self, b, depth, alpha, beta, me):
        self.nodes += 1
        if b.to_move is None or depth == 0 or self.nodes >= self.limit:
            return evaluate(b, me)
        maximise = b.to_move == me
        best = -WIN * 4 if maximise else WIN * 4
        for pit in b.legal_moves():
            b.push(pit)
            v = self._value(b, depth - 1, alpha, beta, me)
            b.pop()
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def best_pit(self, board, nodes, max_depth=30):
        """(pit, value, depth) for the seat to move: the deepest search the budget completed."""
        me = board.to_move
        self.nodes = 0
        self.limit = nodes
        moves = board.legal_moves()
        best_pit, best_value, done = moves[0], None, 0
        for depth in range(1, max_depth + 1):
            alpha = -WIN * 4
            pit_here, value_here = moves[0], None
            # the last iteration's best first: a cut-off sooner, and kept if time runs out
            order = [best_pit] + [m for m in moves if m != best_pit]
            for pit in order:
                board.push(pit)
                v = self._value(board, depth - 1, alpha, WIN * 4, me)
                board.pop()
                if value_here is None or v > value_here:
                    pit_here, value_here = pit, v
                    alpha = max(alpha, v)
            if self.nodes >= self.limit and done:
                break  # this iteration was cut short: the last complete one stands
            best_pit, best_value, done = pit_here, value_here, depth
            if self.nodes >= self.limit or abs(best_value) >= WIN:
                break
        self.depth = done
        return best_pit, best_value, done


def best_turn(board, level="strong", seed=1, nodes=None):
    """The computer's whole turn on `board` (a RingBoard, left as it was): (pits, value, depth,
    nodes searched). `nodes`: a budget per sowing instead of the level's."""
    b = RingBoard.from_record(
        board.record(), seats=board.seats, pits=board.pits, seeds=board.seeds, capture_from=board.capture_from
    )
    me = b.to_move
    rng = random.Random(seed * 7919 + len(b.moves))
    search = RingSearch()
    pits, value, depth, searched = [], 0, 0, 0
    while b.to_move == me:
        budget = nodes if nodes else LEVEL_NODES[level]
        if budget == 0:
            # Easy: the best pit one sowing ahead, but now and then any pit.
            moves = b.legal_moves()
            if rng.randrange(10) < EASY_SLIPS:
                pit = rng.choice(moves)
            else:
                pit, value, depth = search.best_pit(b, 1 << 30, 1)
        else:
            pit, value, depth = search.best_pit(b, budget)
        searched += search.nodes
        pits.append(pit)
        b.push(pit)
    return pits, value, depth, searched
