"""The coach at the end of a game: where the player left the perfect line, from the endgame table.

Imported only at the end of a game against the computer (kalaha.app), then let go.
"""

from kalaha.board import SWAP, Board
from kalaha.endgame import best_root_move, value_after


def mistakes(table, board, side):
    """Where `side` left the perfect line in the part of the game the table covers.

    Returns (count, turn, cost, seen): how many of its sowings lost margin, the number of the
    turn of the last one (as the move list counts them), the seeds it cost, and how many of
    its sowings the table covered. The game is replayed on a new board.
    """
    b = Board(**board.rules())
    count = turn = cost = seen = 0
    for number, moves in enumerate(board.turns(), 1):
        for move in moves:
            if b.to_move == side and move != SWAP and table.applies(b):
                seen += 1
                loss = best_root_move(table, b)[1] - value_after(table, b, move)
                if loss > 0:
                    count += 1
                    turn = number
                    cost = loss
            b.push(move)
    return count, turn, cost, seen
