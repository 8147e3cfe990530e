"""A plain fixed-depth alpha-beta for the strength ladder: depth in sowings, store difference.

Deliberately simple (no table, no ordering beyond pit order); uses the engine's push/pop.
"""

from kalaha import SOUTH

INF = 10**9


def store_diff(board, side):
    d = board.store(SOUTH) - board.store(1 - SOUTH)
    return d if side == SOUTH else -d


def alphabeta(board, depth, alpha, beta):
    """Value for the side to move (extra turns keep the side: no sign flip)."""
    side = board.turn
    if board.to_move is None or depth == 0:
        return store_diff(board, side)
    best = -INF
    for move in [m for m in board.legal_moves() if m]:
        board.push(move)
        if board.to_move is None:
            v = store_diff(board, side) * 1000  # a finished game outweighs any estimate
        elif board.turn == side:
            v = alphabeta(board, depth - 1, alpha, beta)
        else:
            v = -alphabeta(board, depth - 1, -beta, -alpha)
        board.pop()
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def best_pit(board, depth=7):
    side = board.turn
    best, choice = -INF, None
    for move in [m for m in board.legal_moves() if m]:
        board.push(move)
        if board.to_move is None:
            v = store_diff(board, side) * 1000
        elif board.turn == side:
            v = alphabeta(board, depth - 1, -INF, INF)
        else:
            v = -alphabeta(board, depth - 1, -INF, INF)
        board.pop()
        if v > best:
            best, choice = v, move
    return choice


def player(depth=7):
    """A match player (host.match style): function(board, seed) -> (pits, depth, nodes)."""

    def play(board, seed):
        work = board.copy()
        side = work.to_move
        pits = []
        while work.to_move == side:
            pit = best_pit(work, depth)
            pits.append(pit)
            work.push(pit)
        return pits, depth, 0

    return play
