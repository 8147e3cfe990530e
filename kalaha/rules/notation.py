"""Game records and positions as text: parse, check, format (python-chess style notation).

Functions of a kalaha.rules.board.Board for the host and the tests: the device never imports it.
"""

from kalaha.rules.board import (
    NORTH,
    SIDE_NAMES,
    SOUTH,
    SWAP,
    Board,
    IllegalMoveError,
    KalahaError,
    NotationError,
)


def format_turn(turn):
    """A turn's sowings as the records write them: '3-6', or 'T' for the swap (here, not in
    kalaha.rules.board: the device never writes a record)."""
    return "-".join("T" if m == SWAP else str(m) for m in turn)


def record(board):
    """The game record: turns separated by spaces, South's first (e.g. '3-6 2 T')."""
    return " ".join(format_turn(t) for t in board.turns())


def push_record(board, text):
    """Play a game record (see record()). On error the board is left as it was.

    Every turn but the last must be complete; the last may stop after an extra turn.
    """
    turns = parse_record(text, board.pits)
    start_ply = board.ply
    try:
        for number, turn in enumerate(turns, 1):
            _push_turn(board, turn, number, number == len(turns))
    except KalahaError:
        while board.ply > start_ply:
            board.pop()
        raise


def from_record(text, **rules):
    """A Board of `rules` with the game record `text` played (see record())."""
    board = Board(**rules)
    push_record(board, text)
    return board


def from_position(text, **rules):
    """A Board of `rules` set to the position `text` (see position())."""
    board = Board(**rules)
    set_position(board, text)
    return board


def _push_turn(board, turn, number, is_last):
    where = "turn %d (%s)" % (number, format_turn(turn))
    side = board.turn
    for k, move in enumerate(turn):
        why = board._why_illegal(move)
        if why is not None:
            raise IllegalMoveError("%s: %s" % (where, why))
        if k and board.turn != side:
            raise IllegalMoveError("%s: the turn already passed to %s" % (where, SIDE_NAMES[board.turn]))
        if move == SWAP:
            board._push_swap()
            continue
        board.push_index(board.pit_index(board.turn, move))
        more = not board.over and board.turn == side
        if k < len(turn) - 1 and not more:
            if board.over:
                raise IllegalMoveError("%s: the game ended after pit %d" % (where, move))
            raise IllegalMoveError(
                "%s: pit %d did not end in the store, so the turn ended there" % (where, move)
            )
        if k == len(turn) - 1 and more and not is_last:
            raise IllegalMoveError("%s: pit %d ended in the store, so the turn goes on" % (where, move))


def position(board):
    """Compact position: 'south pits:store/north pits:store side', e.g.

    '4,4,4,4,4,4:0/4,4,4,4,4,4:0 S'; side is S, N, or - when the game is over.
    Pits are 1..P from each owner's view. History and resignation are not kept.
    """
    p = board.pits
    c = board.cells
    south = ",".join(str(x) for x in c[0:p])
    north = ",".join(str(x) for x in c[p + 1 : 2 * p + 1])
    side = "-" if board.over else "SN"[board.turn]
    return "%s:%d/%s:%d %s" % (south, c[p], north, c[2 * p + 1], side)


def set_position(board, text, any_total=False):
    """Load a position() string; rules stay, history is cleared. Checks the seed count against
    the rules, unless any_total (an endgame study): then the board takes its count."""
    cells, turn, over = parse_position(text, board.pits, None if any_total else board.total)
    p = board.pits
    south_empty = not any(cells[0:p])
    north_empty = not any(cells[p + 1 : 2 * p + 1])
    if over and not (south_empty and north_empty):
        raise NotationError("position %r: a finished game has no seeds left in the pits" % text)
    if not over and (south_empty or north_empty):
        raise NotationError("position %r: a row is empty, so the game would be over" % text)
    for i, v in enumerate(cells):
        board.cells[i] = v
    board.total = sum(cells)
    board._clear_state(turn)
    board.over = over


def board_text(board):
    """A readable board, North's row on top (reversed, as seen from South)."""
    p = board.pits
    c = board.cells
    north = " ".join("%2d" % c[p + 1 + k] for k in range(p - 1, -1, -1))
    south = " ".join("%2d" % c[k] for k in range(p))
    side = board.to_move
    status = "to move: " + SIDE_NAMES[side] if side is not None else "game over"
    pad = " " * (3 * p + 1)
    lines = [
        "     " + north,
        "%3d%s%3d" % (c[2 * p + 1], pad, c[p]),
        "     " + south,
        status,
    ]
    return "\n".join(lines)


# Records are ASCII, with one meaning: pit digits, "-" inside a turn, "T" for the swap, and
# ASCII spaces between turns. Anything else (a superscript digit, a fullwidth digit, a
# no-break space) is refused by name and position, before any number is read.
RECORD_CHARS = "0123456789-Tt "
POSITION_CHARS = "0123456789,:/ SN-"
MAX_TEXT = 4000  # characters: a whole game's record is well under 1,000


def check_chars(text, allowed, what):
    """Raise NotationError naming the first character of `text` not in `allowed`, or a too-long text."""
    if not isinstance(text, str):
        raise NotationError("%s is text, not %r" % (what, text))
    if len(text) > MAX_TEXT:
        raise NotationError("%s is %d characters long; at most %d" % (what, len(text), MAX_TEXT))
    for i in range(len(text)):
        ch = text[i]
        if ch not in allowed:
            raise NotationError(
                "%s: character %d, %r (U+%04X), is not allowed here (use %s)"
                % (
                    what,
                    i + 1,
                    ch,
                    ord(ch),
                    "pits 1-9, '-', 'T' and spaces"
                    if allowed is RECORD_CHARS
                    else "digits, ',', ':', '/', a space and S, N or -",
                )
            )


def _short(text):
    return repr(text if len(text) <= 24 else text[:20] + "...")


def parse_turn(text, pits, where="turn"):
    """'3-6' -> [3, 6]; 'T' -> [SWAP]. Raises NotationError with the offending part.

    >>> parse_turn("3-6", 6)
    [3, 6]
    >>> parse_turn("3\u00b2", 6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kalaha.rules.board.NotationError: turn: character 2, '\xb2' (U+00B2), is not allowed here ...
    """
    check_chars(text, RECORD_CHARS, where)
    if text in ("T", "t"):
        return [SWAP]
    parts = text.split("-")
    out = []
    for part in parts:
        if not part or not part.isdigit() or part[0] == "0" and len(part) > 1:
            raise NotationError("%s %s: %s is not a pit number" % (where, _short(text), _short(part)))
        if len(part) > 1:  # no pit has two digits (and a 5,000-digit number is never read)
            raise NotationError(
                "%s %s: pit %s is out of range 1..%d" % (where, _short(text), part[:12], pits)
            )
        pit = int(part)
        if not 1 <= pit <= pits:
            raise NotationError("%s %s: pit %d is out of range 1..%d" % (where, _short(text), pit, pits))
        out.append(pit)
    return out


def parse_record(text, pits):
    """'3-6 2 T' -> [[3, 6], [2], [SWAP]]."""
    check_chars(text, RECORD_CHARS, "record")
    return [
        parse_turn(tok, pits, "turn %d" % n)
        for n, tok in enumerate(text.split(" ") if text else [], 1)
        if tok
    ]


def parse_position(text, pits, total):
    """Parse a position() string; return (cells, turn, over). Checks every part, and the seed
    count against `total` unless it is None."""
    check_chars(text, POSITION_CHARS, "position")
    fields = text.split()
    if len(fields) != 2 or fields[1] not in ("S", "N", "-"):
        raise NotationError("position %r: expected 'south:store/north:store S|N|-'" % text)
    halves = fields[0].split("/")
    if len(halves) != 2:
        raise NotationError("position %r: expected one '/' between the rows" % text)
    cells = []
    for half in halves:
        row_store = half.split(":")
        if len(row_store) != 2:
            raise NotationError("position %r: each row needs ':store' after it" % text)
        row = row_store[0].split(",")
        if len(row) != pits:
            raise NotationError("position %r: a row needs %d pits, has %d" % (text, pits, len(row)))
        for part in row + [row_store[1]]:
            if not part.isdigit() or len(part) > 2:
                raise NotationError("position %r: %r is not a seed count" % (text, part[:12]))
            cells.append(int(part))
    if total is not None and sum(cells) != total:
        raise NotationError("position %r: holds %d seeds, the rules need %d" % (text, sum(cells), total))
    side = fields[1]
    return cells, (NORTH if side == "N" else SOUTH), side == "-"
