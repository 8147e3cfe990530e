"""Perft: count move sequences of exactly d sowings, to check the move generator.

Pure engine code (runs on the device too); never imports hardware modules.
"""

from kalaha.rules.board import SWAP


def perft(board, depth):
    """Sequences of exactly `depth` plies (a sowing or a swap) from `board`.

    As in chess perft, a line whose game ended before the last ply counts nothing.
    """
    if depth == 0:
        return 1
    if board.to_move is None:
        return 0
    total = 0
    if depth == 1:
        for _ in board.legal_moves():
            total += 1
        return total
    p = board.pits
    base = 0 if board.turn == 0 else p + 1
    cells = board.cells
    for k in range(base, base + p):
        if cells[k]:
            board.push_index(k)
            total += perft(board, depth - 1)
            board.pop_index()
    if board.swap_available():
        board.push(SWAP)
        total += perft(board, depth - 1)
        board.pop()
    return total
