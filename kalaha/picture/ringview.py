"""How a game of 3-4 players looks: the seats' names and colours, their rows on the display under
a header, the mover's pits on the keys. Shared by the game (kalaha.flow.ringplay) and the replay.
"""

from kalaha.picture.draw import FIGURE_PITCH, FIGURES_X, figures_line, line
from kalaha.picture.view import OFF, SEAT_NAMES, scale

# Each seat's colour (kalaha.picture.view.SEAT_NAMES say them), told apart from the hints' green and
# the white of the last seed and the red of a key not allowed.
SEAT_COLOURS = (0x0050FF, 0xFF6000, 0xA000FF, 0x00D0D0)
SOW_COLOUR = 0xFFFFFF
HEADER = "seat    pits    store"  # over the rows: a seat's pits in sowing order, then its store
STORE_BAR_X = FIGURES_X + 6 * FIGURE_PITCH - 1  # (6 pits: a bar before the store's figures)


def row_text(board, cells, seat):
    """A seat's line: its name, its pits in sowing order, "|" and its store at the line's end
    ("Blue    4  4  4  4| 3"; with 6 pits longer than a line: drawn by figures_line)."""
    base = seat * board.width
    text = "%-6s" % SEAT_NAMES[seat]
    for i in range(board.pits):
        text += "%3d" % cells[base + i]
    return text + "|%*d" % (max(20 - len(text), 2), cells[base + board.pits])


def draw_rows(frame, board, cells, mover, rows, key):
    """The header and each seat's row (the mover's inverted) on lines 0-4; `rows` keeps the
    rows' texts, made again only when `key` (what they show) is not rows[4]."""
    if rows[4] != key:
        rows[4] = key
        for seat in range(board.seats):
            rows[seat] = row_text(board, cells, seat)
    line(frame, 0, HEADER)
    for seat in range(4):
        if seat >= board.seats:
            line(frame, seat + 1, "")
        elif board.pits > 4:
            # (too many for the 5x7 font: small digits, the store's after a bar)
            if figures_line(frame, seat + 1, rows[seat].replace("|", " "), seat == mover):
                frame.column(STORE_BAR_X, (seat + 1) * 8, 0xFF, seat == mover)
        else:
            line(frame, seat + 1, rows[seat], seat == mover)


def key_of(board, mover, seat, pit):
    """The key showing `seat`'s pit: the mover's pits are the keys, pit 1..P on keys 12-P..11
    in the display's row order (as a two-player game's own pits); -1 for another seat's."""
    if seat == mover:
        return 12 - board.pits + pit - 1
    return -1


def light(pixels, board, cells, mover, bright, last_cell):
    """The mover's pits in its colour, brighter with more seeds; the cell where the last seed
    fell (`last_cell`, -1 for none) white if it is one of them."""
    for k in range(12):
        pixels[k] = OFF
    if mover is None:
        return
    for pit in range(1, board.pits + 1):
        n = cells[board.pit_index(mover, pit)]
        if n:
            colour = scale(SEAT_COLOURS[mover], (min(n, 8) + 4) * bright, 48)
            pixels[key_of(board, mover, mover, pit)] = colour
    if last_cell >= 0:
        w = board.width
        if last_cell // w == mover and last_cell % w != board.pits:
            pixels[key_of(board, mover, mover, last_cell % w + 1)] = scale(SOW_COLOUR, bright, 4)
