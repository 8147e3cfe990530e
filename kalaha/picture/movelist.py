"""The move list of the game in progress (its turns, each with who made it), of two sides or
round a ring. In the heap only while shown (kalaha.flow.screens.RESIDENT).
"""

from kalaha.picture.draw import LIST_CHARS
from kalaha.saved.journal import SWAP


def move_lines(app):
    """The game's turns, each with who made it, its pits named as the keys are: "3 Computer N6-2",
    "4 North swap"."""
    g = app.game
    b = g.board
    out = []
    for k in range(b.ply):
        if not b.starts_turn(k):
            continue
        turn = b.moves_at(k)
        end = k + 1
        while end < b.ply and not b.starts_turn(end):
            end += 1
        side = b.mover_of(k)
        text = "swap" if turn == SWAP else "-".join(str(b.moves_at(i)) for i in range(k, end))
        head = "%d %s " % (len(out) + 1, g.side_name(side))
        if turn != SWAP and g.mode.two_sides:  # (round a ring the seat's name says whose pits)
            head += app.view.pit_letter(g, side)
        if len(head) + len(text) > LIST_CHARS:  # (a long chain of sowings keeps its end)
            text = ".." + text[len(head) + len(text) - LIST_CHARS + 2 :]
        out.append(head + text)
    return out or ["(no moves yet)"]
