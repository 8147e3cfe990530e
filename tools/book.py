"""Make the opening book (kalaha/book.txt, read by kalaha/search/book.py): `python -m tools.book` or
`make book`.

Host-only (numpy, numba). The book holds every position at the start of the first TURNS turns
(any complete turns before it, both sides: a swap leaves the board as it is, so its positions
are these too), and the positions after each book sowing that keeps the turn, so a
whole best turn is in it. Each position gets every first sowing's value: the mover's final
margin after it, from tools.booksearch's search to the depth that the position's own search
reached within NODES nodes (iterative deepening, two half plies at a time, with an endgame table
of TABLE_SEEDS seeds at the leaves); its best pit is the best value's. The first EXACT_TURNS
turn starts (the start position) are solved exactly instead: the best pit and its value are
exact (every sowing of the best turn), the other pits' values the search's. The same code makes
the same file: each position is searched with an empty transposition table.

`--compare NODES` builds nothing: it scores the book's first sowings, and stock Expert's and
Strong's without the book, at random turn starts by this search to NODES nodes.
"""

import argparse
import os
import sys
import time

import numpy as np

from tools import booksearch
from tools.manifest import ROOT

OUT = os.path.join(ROOT, "kalaha", "book.txt")
TURNS = 4  # turn starts in the book: the start, after one, two and three complete turns
NODES = 200000  # a position's search: no iteration begun that would take it past this
EXACT_TURNS = 1  # turn starts solved exactly: the start position's turn
TABLE_SEEDS = 16  # the host's endgame table for the search (a byte a position, 30 MB)
SLOTS = 8  # lines a bucket: a probe reads one bucket
WIDTH = 38  # bytes a line (kalaha.search.book)
START = (4,) * 12


def gains(seeds=TABLE_SEEDS, log=None):
    """The endgame table's gains, a byte a position (tools.endgame_db), made once into build/."""
    path = os.path.join(ROOT, "build", "gains-6x%d.npy" % seeds)
    from tools import endgame_db

    newest = max(
        os.path.getmtime(os.path.join(ROOT, rel))
        for rel in ("tools/endgame_db.py", "kalaha/search/endgame.py")
    )
    if os.path.exists(path) and os.path.getmtime(path) >= newest:
        return np.load(path)
    started = time.time()
    g = endgame_db.solve_table(6, seeds)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    np.save(path, g)
    if log:
        log("built the endgame table's gains (%d seeds) in %.0f s" % (seeds, time.time() - started))
    return g


def sow(pits, pit):
    """Sow `pit` (1..6) of a mover-first position: (gain, what next, the next position), where
    what next is "end" (the game is over: gain counts the rows too), "again" (an extra turn:
    the next position is still the mover's) or "flip" (the opponent's, seen from its side)."""
    c = np.zeros(booksearch.CYCLE, dtype=np.int64)
    c[0:6] = pits[0:6]
    c[7:13] = pits[6:12]
    last = booksearch._sow(c, pit - 1)
    gain = int(c[booksearch.STORE])
    mine = [int(x) for x in c[0:6]]
    theirs = [int(x) for x in c[7:13]]
    if sum(mine) == 0 or sum(theirs) == 0:
        return gain + sum(mine) - sum(theirs), "end", None
    if last == booksearch.STORE:
        return gain, "again", tuple(mine + theirs)
    return gain, "flip", tuple(theirs + mine)


def legal(pits):
    return [p for p in range(1, 7) if pits[p - 1]]


def turns_from(pits):
    """The positions after every complete turn from `pits` (the opponent to move), a set."""
    out = set()
    for p in legal(pits):
        _gain, what, nxt = sow(pits, p)
        if what == "again":
            out |= turns_from(nxt)
        elif what == "flip":
            out.add(nxt)
    return out


def turn_starts(turns=TURNS):
    """[(turn number 1.., position)] of every position that begins one of the first `turns`
    turns, each once (at its first turn), sorted within a turn."""
    out = []
    seen = set()
    level = {START}
    for t in range(1, turns + 1):
        fresh = sorted(level - seen)
        out.extend((t, pos) for pos in fresh)
        seen |= set(fresh)
        if t < turns:
            nxt = set()
            for pos in fresh:
                nxt |= turns_from(pos)
            level = nxt
    return out


def deepen(searcher, pits, nodes):
    """The depth (half plies) a search of `pits` reaches within `nodes`: iterative deepening two
    half plies at a time, no iteration begun whose predicted cost (as the last one's growth)
    would take it past `nodes`."""
    searcher.clear()
    searcher.nodes[0] = 0
    depth = 2
    last = 0
    while True:
        before = int(searcher.nodes[0])
        searcher.value(pits, depth)
        cost = int(searcher.nodes[0]) - before
        grow = cost * cost // last if last else 4 * cost
        last = cost
        if depth >= 2 * booksearch.MAX_PLY // 3 or int(searcher.nodes[0]) + max(grow, cost) > nodes:
            return depth
        depth += 2


def values(searcher, pits, depth):
    """{pit: the mover's final margin after sowing it} with the search `depth` half plies deep
    from `pits` (EXACT: to the end)."""
    out = {}
    for p in legal(pits):
        gain, what, nxt = sow(pits, p)
        if what == "end":
            out[p] = gain
        elif what == "again":
            out[p] = gain + searcher.value(nxt, depth if depth >= booksearch.EXACT else depth - 1)[0]
        else:
            out[p] = gain - searcher.value(nxt, depth if depth >= booksearch.EXACT else depth - 2)[0]
    return out


def entry(searcher, pits, nodes, solver=None):
    """A position's line: {"pits", "best", "values", "source"}; the position after its best pit
    when that keeps the turn (else None). With `solver` (a Searcher of its own, whose exact
    bounds a turn's next sowing reuses) the best pit and its value are exact."""
    depth = deepen(searcher, pits, nodes)
    vals = values(searcher, pits, depth)
    top = max(vals.values())
    best = min(p for p in vals if vals[p] == top)
    source = "%02d" % min(depth, 99)
    if solver is not None:
        value, best = solver.exact(pits, guess=top)
        vals[best] = value
        source = "ex"
    gain, what, nxt = sow(pits, best)
    return {"pits": pits, "best": best, "values": vals, "source": source}, (nxt if what == "again" else None)


def build(turns=TURNS, nodes=NODES, exact_turns=EXACT_TURNS, table_seeds=TABLE_SEEDS, log=None):
    """[entry] of the book, in the order made."""
    table = gains(table_seeds, log)
    searcher = booksearch.Searcher(table, table_seeds)
    solver = None
    starts = turn_starts(turns)
    done = {}
    started = time.time()
    for k, (t, pos) in enumerate(starts):
        if t <= exact_turns and solver is None:
            solver = booksearch.Searcher(table, table_seeds, tt_bits=24)
            solver.clear()
        while pos is not None and pos not in done:
            line, nxt = entry(searcher, pos, nodes, solver if t <= exact_turns else None)
            done[pos] = line
            if log and t <= exact_turns:
                log(
                    "solved %s: pit %d, margin %+d (%.0f s)"
                    % (pos, line["best"], line["values"][line["best"]], time.time() - started)
                )
            pos = nxt  # (the turn's next sowing: its position is in the book too)
        if log and (k + 1) % 50 == 0:
            log(
                "%d of %d turn starts, %d positions (%.0f s)"
                % (k + 1, len(starts), len(done), time.time() - started)
            )
    return list(done.values())


def line_of(e):
    """The line kalaha.search.book reads (WIDTH bytes, its newline included)."""
    key = "".join(chr(48 + n) for n in e["pits"])
    vals = "".join("%+03d" % e["values"][p] if p in e["values"] else "..." for p in range(1, 7))
    text = "%s %d %s %s" % (key, e["best"], vals, e["source"])
    return text + chr(48 + sum(text.encode()) % 64) + "\n"


def bucket_of(pits, buckets):
    h = 0
    for n in pits:
        h = (h * 61 + n) % buckets
    return h


def layout(entries, slots=SLOTS):
    """(buckets, [bucket: its entries]): the fewest buckets from a load of 70% up in which no
    bucket holds more than `slots` positions."""
    buckets = max(1, len(entries) * 10 // (7 * slots))
    while True:
        table = [[] for _ in range(buckets)]
        for e in entries:
            table[bucket_of(e["pits"], buckets)].append(e)
        if max(len(b) for b in table) <= slots:
            return buckets, table
        buckets += 1


HEADER = """\
# Pocket Kalaha's opening book (kalaha/search/book.py reads it; tools/book.py makes it: make book).
# After these comment lines, buckets of %(slots)d lines of %(width)d bytes; a position's bucket
# is a hash of its 12 pit counts (kalaha.search.book). A line: the counts ('0' + n: the mover's pits
# 1..6, then the opponent's), the best pit, each pit's value (the mover's final margin after
# sowing it, "..." for an empty pit), "ex" (exact best pit and value) or the search's depth in
# half plies, and a check character. Dots: an empty slot.
# %(count)d positions: every position beginning the first %(turns)d turns and the rest of each
# best turn; %(nodes)d nodes a search (tools/book.py), endgame table of %(seeds)d seeds.
"""


def write(entries, path, turns, nodes, seeds, slots=SLOTS):
    buckets, table = layout(entries, slots)
    comments = HEADER % {
        "slots": slots,
        "width": WIDTH,
        "count": len(entries),
        "turns": turns,
        "nodes": nodes,
        "seeds": seeds,
    }
    first = "KBOOK1 %06d %06d %06d %06d\n"
    data = len(first % (0, 0, 0, 0)) + len(comments)
    empty = "." * (WIDTH - 1) + "\n"
    with open(path + ".tmp", "w", newline="\n") as f:
        f.write(first % (buckets, slots, WIDTH, data))
        f.write(comments)
        for bucket in table:
            lines = sorted(line_of(e) for e in bucket)
            for line in lines + [empty] * (slots - len(lines)):
                assert len(line) == WIDTH
                f.write(line)
    os.replace(path + ".tmp", path)
    return buckets


def read(path=OUT):
    """{12 pit counts: (best pit, {pit: value}, source)} of every position in the book at `path`."""
    with open(path, "rb") as f:
        data = f.read().decode()
    _magic, buckets, slots, width, at = data.split("\n", 1)[0].split()
    body = data[int(at) :]
    out = {}
    for k in range(int(buckets) * int(slots)):
        line = body[k * int(width) : (k + 1) * int(width)]
        if not line.startswith("."):
            values = {p: int(line[12 + 3 * p : 15 + 3 * p]) for p in range(1, 7) if line[12 + 3 * p] != "."}
            out[tuple(ord(ch) - 48 for ch in line[:12])] = (int(line[13]), values, line[34:36])
    return out


def compare(nodes, count, seed=7, path=OUT, log=None):
    """The book's, stock Expert's and Strong's first sowings (without the book) at `count` turn
    starts of turns 2..TURNS drawn at random, scored by this search to `nodes` nodes: {name:
    [seeds lost]}, each against the deeper search's best value."""
    import random

    from host.analysis import device_player, device_turn
    from kalaha.rules.board import Board

    book = read(path)
    searcher = booksearch.Searcher(gains(log=log), TABLE_SEEDS)
    starts = [pos for t, pos in turn_starts(TURNS) if t >= 2]
    players = {"expert": device_player(book=None), "strong": device_player(book=None)}
    lost = {"book": [], "expert": [], "strong": []}
    for pos in random.Random(seed).sample(starts, count):
        vals = values(searcher, pos, deepen(searcher, pos, nodes))
        top = max(vals.values())
        b = Board()
        for k in range(6):  # (South to move; the stores do not change the best sowing)
            b.cells[k] = pos[k]
            b.cells[7 + k] = pos[6 + k]
        b.cells[6] = 48 - sum(pos)
        lost["book"].append(top - vals[book[pos][0]])
        for name, player in players.items():
            lost[name].append(top - vals[device_turn(player, b, name)[0][0]])
        if log:
            log("%d of %d: lost %s" % (len(lost["book"]), count, [v[-1] for v in lost.values()]))
    return lost


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.book", description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--turns", type=int, default=TURNS)
    parser.add_argument("--nodes", type=int, default=NODES)
    parser.add_argument("--exact-turns", type=int, default=EXACT_TURNS)
    parser.add_argument(
        "--compare",
        type=int,
        metavar="NODES",
        help="do not build: score the book's, Expert's and Strong's first sowings by a search of NODES",
    )
    parser.add_argument("--count", type=int, default=30, help="--compare's positions")
    args = parser.parse_args(argv)
    started = time.time()

    def log(text):
        sys.stderr.write(text + "\n")
        sys.stderr.flush()

    if args.compare:
        lost = compare(args.compare, args.count, path=args.out, log=log)
        for name, seeds in lost.items():
            print(
                "%s: %.1f%% perfect first sowings, %.2f seeds lost a sowing (%d positions, %.0f s)"
                % (
                    name,
                    100 * seeds.count(0) / len(seeds),
                    sum(seeds) / len(seeds),
                    len(seeds),
                    time.time() - started,
                )
            )
        return 0
    entries = build(args.turns, args.nodes, args.exact_turns, TABLE_SEEDS, log)
    buckets = write(entries, args.out, args.turns, args.nodes, TABLE_SEEDS)
    print(
        "wrote %s: %d positions in %d buckets, %d bytes, in %.0f s"
        % (
            os.path.relpath(args.out, ROOT),
            len(entries),
            buckets,
            os.path.getsize(args.out),
            time.time() - started,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
