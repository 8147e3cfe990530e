"""The coach at the end of a game: where the player left the perfect line, from the endgame table.

Imported only at the end of a game against the computer (kalaha.app), then let go.
"""

from kalaha.board import Board
from kalaha.endgame import best_root_move


def mistakes(table, board, side):
    """Where `side` left the perfect line in the part of the game the table covers.

    Returns (count, turn, cost, seen): how many of its sowings lost margin, the turn number
    (as the move list counts them) of the last one, the seeds it cost, and how many of its
    sowings the table covered. The game is replayed on a new board.
    """
    b = Board(**board.rules())
    moves = [board.moves_at(ply) for ply in range(board.ply)]
    count = turn = cost = seen = 0
    turns = 0
    last_mover = -1
    for move in moves:
        mover = b.to_move
        if mover != last_mover or move == 0:
            turns += 1
            last_mover = mover
        if mover == side and move and table.ranker.seeds(b.cells) <= table.max_seeds:
            best = best_root_move(table, b)
            if best is not None:
                seen += 1
                chosen = _value_of(table, b, move)
                if chosen < best[1]:
                    count += 1
                    turn = turns
                    cost = best[1] - chosen
        b.push(move)
    return count, turn, cost, seen


def _value_of(table, board, pit):
    """The mover's final margin from here after sowing `pit`, with perfect play after it."""
    mover = board.to_move
    own = board.store_index(mover)
    opp = board.store_index(1 - mover)
    before = board.cells[own] - board.cells[opp]
    board.push(pit)
    gain = board.cells[own] - board.cells[opp] - before
    if board.to_move is None:
        value = gain
    else:
        rest = table.margin(board.cells, board.to_move)
        value = gain + (rest if board.to_move == mover else -rest)
    board.pop()
    return value
