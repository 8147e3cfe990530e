"""Make the puzzle set (kalaha/puzzles.txt): positions from real play, solved exactly, graded.

Host-only (numpy, numba: tools.exact). `python -m tools.puzzles [--table FILE] [--out FILE]`,
or `make puzzles`. Sources: games between the computer's levels, as the device plays them
(host.analysis.device_turn), from random openings, every position kept whose pits hold at
most HIGH seeds; and positions near the endgame table's edge (15-20 seeds in the pits), where
a game's position there branches into a few sowings other than the level's. Every first sowing
is valued exactly (tools.exact: its search, the endgame table at its leaves): the mover's final
margin after it, with perfect play. A position is a puzzle when exactly one first sowing keeps
the best value and every other loses at least 2 seeds of it or a worse result (`verdict`).
Positions are kept South to move (North's mirrored), so a mirror and an equal position are one.
Where the answer sows again, every sowing that leaves its best turns after their start is valued
too (`Exact.later`: what a right start with a wrong rest loses); `--later` values them again for
the set in --out alone.

Grade (larger is harder): how deep the point lies (the shallowest depth from which the game's
own search, extra-turn sowings free as its levels count them, always chooses the answer) and
how tempting the wrong sowings are (the depths that chose one, the wrong sowings whose own turn
gains as many seeds as the answer's). The set is ordered by grade, after a first few that teach
the ideas in order (an extra turn, a capture, keeping seeds, the end).
"""

import argparse
import os
import random
import sys
import time

from host.analysis import device_player, device_turn, think
from kalaha.flow.puzzles import NO_MOVE, THEMES
from kalaha.rules import notation
from kalaha.rules.board import NORTH, SOUTH, Board
from kalaha.search.ai import Search

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "kalaha", "puzzles.txt")

LOW = 4  # seeds in the pits, at least: fewer and there is hardly a choice
HIGH = 24  # at most: beyond, the proof takes long (the tests make it) and the point is hard to see
EDGE = (15, 20)  # the table's edge (it holds positions with up to 14 seeds in the pits)
GAP = 2  # what every other first sowing loses at least (or a worse result)
CHOICES = 3  # first sowings a puzzle offers at least (of two, one is a coin's toss)
SEARCH_DEPTH = 8  # the deepest search that grades a puzzle
MAX_TURNS = 12  # best whole turns a puzzle lists at most (the answer and its equals: all of them)
COUNT = 360  # puzzles in the set
TEACH = 3  # puzzles of each idea first
LEVELS = ("easy", "medium", "strong")
TEACHING = (  # the ideas in the order the first puzzles teach them: THEMES numbers
    (0,),  # an extra turn
    (1,),  # a capture
    (2, 3),  # keeping seeds
    (4, 5),  # the end
)


# ----- positions ---------------------------------------------------------------------------


def in_pits(cells):
    return sum(cells[0:6]) + sum(cells[7:13])


def mover_cells(board):
    """The board's 14 cells from the mover's view: its pits and store, then the opponent's."""
    c = board.cells
    if board.to_move == SOUTH:
        return tuple(c)
    return tuple(c[7:14] + c[0:7])


def board_of(cells):
    """A Board at `cells` (mover-first), South to move."""
    b = Board()
    notation.set_position(
        b,
        "%s:%d/%s:%d S"
        % (",".join(str(x) for x in cells[0:6]), cells[6], ",".join(str(x) for x in cells[7:13]), cells[13]),
    )
    return b


def lowest_turn(cells, first):
    """South's whole turn on mover-first `cells` beginning with pit `first`, each further sowing
    the lowest pit that can (a wrong try as the tools, the emulated run and the tests make it)."""
    b = board_of(cells)
    turn = [first]
    b.push(first)
    while b.to_move == SOUTH:
        turn.append([m for m in b.legal_moves() if m][0])
        b.push(turn[-1])
    return turn


def game_positions(games, seed, log=None):
    """{mover-first cells: source} from `games` games between random LEVELS (each from a random
    opening of 2-6 sowings): every position with LOW..HIGH seeds in the pits and two sowings or
    more ("game"), and at EDGE a few branches of 1-3 random sowings ("edge")."""
    rng = random.Random(seed)
    player = device_player()
    found = {}
    for g in range(games):
        b = Board()
        for _ in range(rng.randint(2, 6)):
            if b.to_move is None:
                break
            b.push(rng.choice([m for m in b.legal_moves() if m]))
        pair = (rng.choice(LEVELS), rng.choice(LEVELS))
        branched = False
        while b.to_move is not None:
            n = in_pits(b.cells)
            if n < LOW:
                break
            if n <= HIGH and len([m for m in b.legal_moves() if m]) > 1:
                found.setdefault(mover_cells(b), "game")
            if EDGE[0] <= n <= EDGE[1] and not branched:
                branched = True
                for _ in range(4):
                    c = b.copy()
                    for _ in range(rng.randint(1, 3)):
                        if c.to_move is None:
                            break
                        c.push(rng.choice([m for m in c.legal_moves() if m]))
                    if c.to_move is not None and len([m for m in c.legal_moves() if m]) > 1:
                        found.setdefault(mover_cells(c), "edge")
            pits = device_turn(player, b, pair[b.to_move], rng.randint(1, 1 << 20))[0]
            for pit in pits:
                b.push(pit)
        if log and (g + 1) % 20 == 0:
            log("%d games, %d positions" % (g + 1, len(found)))
    return found


# ----- exact values ------------------------------------------------------------------------


class Exact:
    """Exact final margins (tools.exact.Solver), from the view of a side."""

    def __init__(self, solver):
        self.solver = solver

    def value(self, board, side):
        """`side`'s final margin from `board` with perfect play."""
        v = self.solver.margin(board)
        return v if side == SOUTH else -v

    def values(self, board):
        """{pit: the mover's final margin after sowing it, then perfect play}."""
        side = board.to_move
        out = {}
        for pit in [m for m in board.legal_moves() if m]:
            board.push(pit)
            out[pit] = self.value(board, side)
            board.pop()
        return out

    def best_turns(self, board, first, target, limit=MAX_TURNS):
        """Every whole turn that begins with `first` and keeps `target` (at most `limit`), in
        order: each a list of pits."""
        side = board.to_move
        out = []

        def walk(line):
            if len(out) >= limit:
                return
            if board.to_move != side:
                out.append(list(line))
                return
            for pit in [m for m in board.legal_moves() if m]:
                board.push(pit)
                if self.value(board, side) == target:
                    walk(line + [pit])
                board.pop()

        board.push(first)
        walk([first])
        board.pop()
        return out

    def later(self, board, turns, target):
        """After each beginning of the best whole `turns` (from `board`, each keeping `target`)
        that leaves South to move, the margins of the sowings that leave every best turn: a list
        of (the beginning, [(pit, its margin), ...]), beginnings in the turns' order, pits
        ascending, none without such a sowing. A sowing that keeps `target` off the turns is an
        error: the turns are not all the best ones."""
        side = board.to_move
        starts = []
        for turn in turns:
            for k in range(1, len(turn)):
                if turn[:k] not in starts:
                    starts.append(turn[:k])
        out = []
        for start in starts:
            for pit in start:
                board.push(pit)
            assert board.to_move == side
            off = []
            for pit, value in sorted(self.values(board).items()):
                if all(turn[: len(start) + 1] != start + [pit] for turn in turns):
                    if value >= target:
                        raise ValueError("%s then %d keeps %d: a best turn not listed" % (start, pit, value))
                    off.append((pit, value))
            for _ in start:
                board.pop()
            if off:
                out.append((start, off))
        return out

    def best_line(self, board, turns=4):
        """The board's best line from here: up to `turns` whole turns of perfect play, the lowest
        best pit at every step (pushed on `board`; the caller pops them). Returns the turns, each
        (side, its pits, seeds it captured)."""
        line = []
        while board.to_move is not None and len(line) < turns:
            side = board.to_move
            pits = []
            captured = 0
            while board.to_move == side:
                values = self.values(board)
                best = max(values.values())
                pits.append(min(p for p, v in values.items() if v == best))
                board.push(pits[-1])
                captured += board.last_capture
            line.append((side, pits, captured))
        return line


def result(value):
    return (value > 0) - (value < 0)


def verdict(values, gap=GAP):
    """The one best first sowing of a position whose sowings are valued `values` ({pit: the
    mover's final margin}), when it is a puzzle: every other sowing is at least `gap` seeds worse
    or has a worse result (a win turned into a draw or a loss, a draw into a loss). Else None."""
    if len(values) < 2:
        return None
    best = max(values.values())
    tops = [p for p, v in values.items() if v == best]
    if len(tops) != 1:
        return None
    for pit, v in values.items():
        if pit != tops[0] and v > best - gap and result(v) >= result(best):
            return None
    return tops[0]


# ----- themes and grades -------------------------------------------------------------------


def turn_facts(board, turn):
    """(captured, the game ended) by the whole turn `turn` (board left as it was)."""
    captured = 0
    for pit in turn:
        board.push(pit)
        captured += board.last_capture
    ended = board.to_move is None
    for _ in turn:
        board.pop()
    return captured, ended


def threat(board):
    """The most seeds the side to move on `board` can capture with one sowing (0 when over)."""
    most = 0
    for pit in [m for m in board.legal_moves() if m]:
        board.push(pit)
        most = max(most, board.last_capture)
        board.pop()
    return most


def theme(board, turn, values, exact):
    """The THEMES number of a puzzle on `board` (South to move) whose answer is `turn`."""
    captured, ended = turn_facts(board, turn)
    if ended:
        return THEMES.index("empty the side")
    if captured:
        return THEMES.index("capture")
    if len(turn) > 1:
        return THEMES.index("extra turn chain")
    # One sowing, no capture: does it keep seeds from a capture the others allow?
    board.push(turn[0])
    after = threat(board)
    board.pop()
    if after == 0:
        for pit in values:
            if pit == turn[0]:
                continue
            board.push(pit)
            if board.to_move == NORTH and threat(board) >= 2:
                board.pop()
                return THEMES.index("keep seeds")
            board.pop()
    # The best line after it (four turns): the end in sight, or what South's next turn does.
    start = board.ply
    for pit in turn:
        board.push(pit)
    line = exact.best_line(board, 4)
    over = board.to_move is None
    # (the rows as they were before the end's sweep: Board keeps them to take the sweep back)
    starved = over and sum(board._swept[6:12]) == 0 and sum(board._swept[0:6]) > 0
    while board.ply > start:
        board.pop()
    if starved:
        return THEMES.index("starve")
    if over:
        return THEMES.index("the last seed")
    south = [t for t in line if t[0] == SOUTH]
    if south and south[0][2]:
        return THEMES.index("capture")  # the answer makes the next turn's capture
    if south and len(south[0][1]) > 1:
        return THEMES.index("extra turn chain")  # ... or its extra turns
    return THEMES.index("quiet move")


def greedy_gain(board, first):
    """The most seeds a whole turn from `first` puts into the mover's store at once (what a
    beginner sees; board left as it was)."""
    side = board.to_move
    store = board.store_index(side)
    start = board.cells[store]

    def walk():
        if board.to_move != side:
            return board.cells[store] - start
        most = -1
        for pit in [m for m in board.legal_moves() if m]:
            board.push(pit)
            most = max(most, walk())
            board.pop()
        return most

    board.push(first)
    most = walk()
    board.pop()
    return most


def grade(board, answer, search):
    """(grade, depth, tempting) of a puzzle on `board` whose answer's first sowing is `answer`:
    depth, the shallowest search depth (1..SEARCH_DEPTH, +1 when even the deepest is fooled) from
    which the game's search always sows `answer`; tempting, the depths that sowed another and the
    wrong sowings whose greedy turn gains as much at once as the answer's."""
    chosen = {}
    for depth, _score, pit in think(search, board, 1 << 20, depth=SEARCH_DEPTH, turn_depth=True):
        if depth:
            chosen[depth] = pit
    wrong = [d for d in range(1, SEARCH_DEPTH + 1) if chosen.get(d, answer) != answer]
    depth = max(wrong) + 1 if wrong else 1
    mine = greedy_gain(board, answer)
    lures = sum(
        1
        for pit in [m for m in board.legal_moves() if m]
        if pit != answer and greedy_gain(board, pit) >= mine
    )
    tempting = len(wrong) + lures
    seeds = in_pits(board.cells)
    return 10 * depth + 4 * tempting + seeds // 4, depth, tempting


# ----- the set -----------------------------------------------------------------------------


def later_field(later):
    """Exact.later's list as the file's field: "5:4=4;56:1=2,4=6" (after S5, S4 leaves a margin of
    4; after S5-6, S1 leaves 2 and S4 6), "-" for none."""
    if not later:
        return "-"
    return ";".join(
        "%s:%s" % ("".join(str(x) for x in start), ",".join("%d=%d" % off for off in offs))
        for start, offs in later
    )


def line_of(p):
    """A puzzle as its line in the file (kalaha.flow.puzzles.parse reads it)."""
    values = ",".join("x" if p["values"][k] == NO_MOVE else str(p["values"][k]) for k in range(6))
    return "%s %s %d %s %d %d %s" % (
        ",".join(str(x) for x in p["cells"]),
        ",".join("".join(str(x) for x in t) for t in p["turns"]),
        p["margin"],
        values,
        p["theme"],
        p["grade"],
        later_field(p["later"]),
    )


def make_puzzle(cells, exact, search):
    """The puzzle at mover-first `cells` as a dict, or None when it is not one."""
    if 2 * max(cells[6], cells[13]) > sum(cells):
        return None  # decided: a store holds more than half the seeds, only the margin is open
    board = board_of(cells)
    if len([m for m in board.legal_moves() if m]) < CHOICES:
        return None
    values = exact.values(board)
    answer = verdict(values)
    if answer is None or values[answer] < 0:
        return None  # not a puzzle, or a lost one (the goal is a win or a draw)
    best = values[answer]
    turns = exact.best_turns(board, answer, best, MAX_TURNS + 1)
    if len(turns) > MAX_TURNS:
        return None  # too many best turns to list: an answer could not be judged
    turns.sort(key=lambda t: (len(t), t))
    later = exact.later(board, turns, best)
    g, depth, tempting = grade(board, answer, search)
    captured, ended = turn_facts(board, turns[0])
    return {
        "cells": list(cells),
        "turns": turns,
        "margin": best,
        "values": [values.get(k + 1, NO_MOVE) for k in range(6)],
        "theme": theme(board, turns[0], values, exact),
        "grade": g,
        "later": later,
        "depth": depth,
        "tempting": tempting,
        "direct": ended or captured > 0 or len(turns[0]) > 1,  # the answer itself shows its theme
    }


def teaches(p):
    """A puzzle fit to teach its idea: an extra turn or a capture in the answer itself."""
    return p["direct"] or THEMES[p["theme"]] not in ("extra turn chain", "capture")


def order(puzzles):
    """The set in order: for each idea of TEACHING its TEACH easiest, then all others by grade."""
    rest = sorted(puzzles, key=lambda p: (p["grade"], in_pits(p["cells"]), p["cells"]))
    first = []
    for themes in TEACHING:
        picked = [p for p in rest if p["theme"] in themes and p["depth"] == 1 and teaches(p)][:TEACH]
        first.extend(picked)
        rest = [p for p in rest if all(p is not q for q in picked)]
    return first + rest


def spaced(items, n):
    """`n` of `items`, evenly spaced (all when there are no more)."""
    if n >= len(items):
        return list(items)
    if n <= 1:
        return list(items[:n])
    return [items[i] for i in sorted({round(i * (len(items) - 1) / (n - 1)) for i in range(n)})]


def select(ordered, count):
    """`count` puzzles of the ordered set: its teaching first ones, then the others in order,
    as many found only by a deeper search (depth 2 or more) as there are, up to two thirds, and
    the rest those a shallow search finds, evenly spaced (most positions are of that kind)."""
    teach = TEACH * len(TEACHING)
    first, rest = ordered[:teach], ordered[teach:]
    want = count - len(first)
    deep = [p for p in rest if p["depth"] > 1]
    shallow = [p for p in rest if p["depth"] == 1]
    n_shallow = max(want - len(deep), want // 3)
    picked = spaced(shallow, n_shallow) + spaced(deep, want - n_shallow)
    return first + [p for p in rest if any(p is q for q in picked)]


def write(puzzles, path, header):
    with open(path, "w") as f:
        for line in header:
            f.write("# %s\n" % line)
        for p in puzzles:
            f.write(line_of(p) + "\n")


HEADER = (
    "Pocket Kalaha's puzzles (kalaha/flow/puzzles.py reads them; tools/puzzles.py makes them: make",
    "puzzles). A line a puzzle, easiest first; fields separated by a space:",
    "the 14 cells (South's pits 1..6 and store, North's pits 1..6 and store; South to move),",
    "the best whole turns (pits, ',' between turns; the first is the answer shown), South's",
    "final margin after it with perfect play, each first sowing's margin (pit 1..6; x: empty",
    "pit), the theme (kalaha.flow.puzzles.THEMES), the grade (larger is harder) and the later",
    "sowings' margins: after each start of a best turn that sows again, the margin of each",
    "sowing that leaves the best turns there ('5:4=4;56:1=2,4=6': after 5, 4 leaves 4; after",
    "5-6, 1 leaves 2 and 4 leaves 6; '-': none).",
)


def replies(path, exact, table, level, log):
    """How often the device's reply to a wrong try is a best one: for each puzzle in `path` and
    each wrong first sowing (the turn's rest the lowest pit that sows again), North's whole turn
    as the device plays it at `level` (host.analysis.device_turn, the device's budgets) against
    North's best by the exact margins. Returns (replies, best ones, [(puzzle, pit, best, got)])."""
    from host.analysis import device_player
    from kalaha.flow.puzzles import parse

    def margin(b):
        return b.store(SOUTH) - b.store(NORTH) if b.to_move is None else exact.value(b, SOUTH)

    player = device_player(table)
    tried = 0
    misses = []
    with open(path, "rb") as f:
        lines = [line for line in f if line.strip() and line[:1] != b"#"]
    for number, line in enumerate(lines, 1):
        p = parse(line, number)
        b = board_of(p.cells)
        for pit in [m for m in b.legal_moves() if m and m != p.turns[0][0]]:
            for m in lowest_turn(p.cells, pit):
                b.push(m)
            if b.to_move == NORTH:
                best = margin(b)
                ply = b.ply
                for m in device_turn(player, b, level)[0]:
                    b.push(m)
                tried += 1
                if margin(b) != best:
                    misses.append((number, pit, best, margin(b)))
                while b.ply > ply:
                    b.pop()
            while b.ply:
                b.pop()
    log("%s: %d replies to wrong tries, %d best" % (level, tried, tried - len(misses)))
    return tried, tried - len(misses), misses


def add_later(path, out, exact, log=None):
    """The puzzle file `path` written to `out` with each puzzle's later sowings' margins made
    again (Exact.later, the last field; a file of six fields gets it): the same puzzles in the
    same order, their other fields as they were, the header HEADER."""
    from kalaha.flow.puzzles import parse

    with open(path) as f:
        lines = [line.split() for line in f if line.strip() and not line.startswith("#")]
    rows = []
    for number, words in enumerate(lines, 1):
        p = parse(" ".join(words[:6] + ["-"]).encode(), number)
        later = exact.later(board_of(p.cells), p.turns, p.margin)
        rows.append(" ".join(words[:6] + [later_field(later)]))
        if log and number % 60 == 0:
            log("%d of %d puzzles" % (number, len(lines)))
    with open(out, "w") as f:
        for line in HEADER:
            f.write("# %s\n" % line)
        for row in rows:
            f.write(row + "\n")
    return len(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.puzzles", description=__doc__.split("\n")[0])
    parser.add_argument("--table", help="the endgame table (default: the one make device builds)")
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=50)
    parser.add_argument("--count", type=int, default=COUNT, help="puzzles in the set")
    parser.add_argument("--replies", metavar="LEVEL", help="only measure LEVEL's replies to wrong tries")
    parser.add_argument(
        "--later", action="store_true", help="only make the later sowings' margins of the set in --out again"
    )
    args = parser.parse_args(argv)
    from tools.build import endgame_table
    from tools.exact import Solver

    def log(text):
        sys.stderr.write("%s (%.0f s)\n" % (text, time.time() - started))

    started = time.time()
    table = args.table or endgame_table(sys.stderr)
    if table is None:
        parser.error("no endgame table: give --table FILE (numpy builds it: make device)")
    exact = Exact(Solver(table, tt_bits=22))
    if args.later:
        log("%d puzzles written to %s" % (add_later(args.out, args.out, exact, log), args.out))
        return 0
    if args.replies:
        from host.cli_ai import endgame_table as device_table

        misses = replies(args.out, exact, device_table(table, Board()), args.replies, log)[2]
        for m in misses:
            log("puzzle %d, S%d: best %d, the reply leaves %d" % m)
        return 0
    search = Search(tt_bits=14)
    positions = game_positions(args.games, args.seed, log)
    log(
        "%d positions (%d near the table's edge)"
        % (len(positions), sum(s == "edge" for s in positions.values()))
    )
    puzzles = []
    sources = {"game": 0, "edge": 0}
    for k, (cells, source) in enumerate(sorted(positions.items())):
        p = make_puzzle(cells, exact, search)
        if p is not None:
            p["source"] = source
            puzzles.append(p)
            sources[source] += 1
        if (k + 1) % 200 == 0:
            log("%d of %d positions, %d puzzles" % (k + 1, len(positions), len(puzzles)))
    if len(puzzles) < args.count:
        log("only %d puzzles: more games needed (--games)" % len(puzzles))
        return 1
    found = len(puzzles)
    puzzles = select(order(puzzles), args.count)
    write(puzzles, args.out, HEADER)
    themes = {}
    kept = {"game": 0, "edge": 0}
    for p in puzzles:
        kept[p["source"]] += 1
        themes[THEMES[p["theme"]]] = themes.get(THEMES[p["theme"]], 0) + 1
    log(
        "%d puzzles found (from games %d, near the edge %d), %d of them (%d, %d) written to %s; themes %s"
        % (
            found,
            sources["game"],
            sources["edge"],
            len(puzzles),
            kept["game"],
            kept["edge"],
            args.out,
            themes,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
