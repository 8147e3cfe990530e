"""The puzzles ("find the move"): one a line of puzzles.txt, read a line at a time, integers only.
Made by tools/puzzles.py (make puzzles); the command line and the device read them here.
"""

from kalaha.compat import const

FILE = "kalaha/puzzles.txt"
_LINE = const(160)  # a line's bytes at most
NO_MOVE = const(-99)  # the value of an empty pit (no sowing to value)
CELLS = const(14)  # 6 pits, the store, 6 pits, the store: South (the mover) first

# A theme a puzzle, by its number in the file: what the best line is about.
THEMES = (
    "extra turn chain",
    "capture",
    "keep seeds",
    "starve",
    "empty the side",
    "the last seed",
    "quiet move",
)


class Puzzle:
    """One puzzle: `cells` (the board's 14, South to move), `turns` (every best whole turn, a list
    of pits each; the first is the answer shown), `margin` (South's final store difference with
    perfect play after it), `values` (each first sowing's margin by pit 1..6, NO_MOVE for an empty
    pit), `theme` (a THEMES number) and `grade` (its difficulty: larger is harder)."""

    def __init__(self, number, cells, turns, margin, values, theme, grade):
        self.number = number
        self.cells = cells
        self.turns = turns
        self.margin = margin
        self.values = values
        self.theme = theme
        self.grade = grade


def _ints(word):
    """b"3,-2,x" -> [3, -2, NO_MOVE]."""
    out = []
    for part in word.split(b","):
        out.append(NO_MOVE if part == b"x" else int(part))
    return out


def parse(line, number=0):
    """A Puzzle from one line of the file (bytes); ValueError when it is damaged."""
    words = line.split()
    if len(words) != 6:
        raise ValueError("puzzle line")
    cells = _ints(words[0])
    turns = []
    for word in words[1].split(b","):
        turn = []
        for ch in word:
            if not 49 <= ch <= 54:  # pits "1".."6"
                raise ValueError("puzzle turn")
            turn.append(ch - 48)
        turns.append(turn)
    values = _ints(words[3])
    theme = int(words[4])
    if len(cells) != CELLS or len(values) != 6 or not turns[0] or not 0 <= theme < len(THEMES):
        raise ValueError("puzzle line")
    return Puzzle(number, cells, turns, int(words[2]), values, theme, int(words[5]))


def _lines(f):
    """Yield the file's puzzle lines (comments and blank lines passed)."""
    while True:
        line = f.readline(_LINE)
        if not line:
            return
        if len(line) == _LINE:
            raise ValueError("line")
        if line[0] != 35 and line.strip():  # "#": a comment
            yield line


def count(path=FILE):
    """How many puzzles the file holds."""
    n = 0
    with open(path, "rb") as f:
        for _line in _lines(f):
            n += 1
    return n


def read(number, path=FILE):
    """Puzzle `number` (1..count), or None when the file has fewer."""
    n = 0
    with open(path, "rb") as f:
        for line in _lines(f):
            n += 1
            if n == number:
                return parse(line, number)
    return None


def position(puzzle):
    """The puzzle's board as the command line's --position string (South to move)."""
    c = puzzle.cells
    return "%s:%d/%s:%d S" % (
        ",".join(str(x) for x in c[0:6]),
        c[6],
        ",".join(str(x) for x in c[7:13]),
        c[13],
    )


def turn_text(turn):
    """[3, 6] -> '3-6'."""
    return "-".join(str(p) for p in turn)
