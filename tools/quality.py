"""Move quality of the levels, scored exactly on complete turns: perfect turns and seeds lost.

Host-only. `python -m tools.quality` plays games between the levels from random openings,
keeps positions with up to 14 and 15-21 seeds in the pits (with --wide also 22-30; --seeds
31-40 chooses any range), and scores each level's whole turn there (every sowing of an
extra-turn chain) against the exact solver (which uses the endgame table at its leaves):
loss = the position's perfect-play value minus the value after the chosen turn, in seeds, from
the mover's view. The first sowing alone is scored too, as a column. Positions where a store
holds more than half the seeds (decided: only the margin is open) are a bucket of their own.
Prints each level with and without the endgame table. With many seeds the solver in Python
takes minutes a position: --compiled scores with tools.exact (numba), the same values in seconds.
"""

import argparse
import sys
import time

from host.analysis import best_turn, device_player, solve
from host.match import positions
from kalaha.rules.board import NORTH, SOUTH
from kalaha.search.ai import LEVEL_NAMES, Search
from kalaha.search.endgame import EndgameTable


def exact_values(b, table, search, compiled=None):
    """{pit: the mover's final margin after sowing it, then perfect play} (South/North aware).

    compiled: a tools.exact.Solver (the same values, computed by compiled code), or None.
    """
    return {pit: margin_after(b, (pit,), table, search, compiled) for pit in b.legal_moves() if pit}


def margin_after(b, pits, table, search, compiled=None):
    """The mover's final margin after sowing `pits` on `b` (left as it was), then perfect play."""
    c = b.copy()
    for pit in pits:
        c.push(pit)
    if c.to_move is None:
        margin = c.cells[c.store_index(SOUTH)] - c.cells[c.store_index(NORTH)]
    elif compiled is not None:
        margin = compiled.margin(c)
    else:
        margin = solve(c, search, table)
    return margin if b.to_move == SOUTH else -margin


def decided(b):
    """A store holds more than half the seeds: the game is won, only the margin is open."""
    return 2 * max(b.cells[b.store_index(SOUTH)], b.cells[b.store_index(NORTH)]) > b.total


def turn_value(b, pits, table, search, compiled, cache):
    """The mover's final margin after the whole turn `pits` on `b`, then perfect play (cached)."""
    key = tuple(pits)
    if key not in cache:
        cache[key] = margin_after(b, pits, table, search, compiled)
    return cache[key]


def score(level, cases, table, use_table, solver, compiled=None, seed=1):
    """(perfect turns %, seeds lost a turn, perfect first sowings %) of `level` on `cases`, its
    whole turn played as the device plays it (host.analysis.device_turn)."""
    player = device_player(table if use_table else None)
    perfect = 0
    lost = 0
    first = 0
    for k, (b, values, cache) in enumerate(cases):
        pits, *_ = best_turn(b, player, level=level, seed=seed + k)
        best = max(values.values())  # (the position's value: its best sowing, then perfect play)
        loss = best - turn_value(b, pits, table, solver, compiled, cache)
        perfect += loss == 0
        lost += loss
        first += values[pits[0]] == best
    n = max(len(cases), 1)
    return 100.0 * perfect / n, lost / n, 100.0 * first / n


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.quality", description=__doc__.split("\n")[0])
    parser.add_argument("--table", default="build/endgame-6x14.kdb")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wide", action="store_true", help="also 22-30 seeds (slow)")
    parser.add_argument("--only-wide", action="store_true", help="only 22-30 seeds")
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES), help="comma-separated (default: all)")
    parser.add_argument("--seeds", help="only positions with LOW-HIGH seeds in the pits (e.g. 31-40)")
    parser.add_argument(
        "--compiled", action="store_true", help="score with tools.exact's compiled solver (needs numba)"
    )
    args = parser.parse_args(argv)
    levels = [name for name in args.levels.split(",") if name]
    unknown = [name for name in levels if name not in LEVEL_NAMES]
    if unknown:
        parser.error("unknown level: %s (levels: %s)" % (", ".join(unknown), ", ".join(LEVEL_NAMES)))
    table = EndgameTable(args.table).verify_all()
    solver = Search(tt_bits=16)
    buckets = [(1, 14), (15, 21)] + ([(22, 30)] if args.wide else [])
    if args.only_wide:
        buckets = [(22, 30)]
    if args.seeds:
        try:
            low, high = (int(x) for x in args.seeds.split("-"))
        except ValueError:
            parser.error("--seeds takes LOW-HIGH, e.g. 31-40, not %r" % args.seeds)
        if not 1 <= low <= high <= 48:
            parser.error("--seeds: LOW-HIGH within 1-48, not %r" % args.seeds)
        buckets = [(low, high)]
    compiled = None
    if args.compiled:
        from tools.exact import COMPILED, Solver

        if not COMPILED:
            parser.error("--compiled needs numba (pip install numba)")
        compiled = Solver(args.table)
    out = sys.stdout
    for low, high in buckets:
        started = time.time()
        cases = []
        for b in positions(args.count, low, high, args.seed):
            cases.append((b, exact_values(b, table, solver, compiled), {}))
            if len(cases) % 10 == 0:
                took = time.time() - started
                sys.stderr.write("scored %d of %d (%.0f s)\n" % (len(cases), args.count, took))
        out.write(
            "%d positions with %d-%d seeds in the pits (scored in %.0f s)\n"
            % (len(cases), low, high, time.time() - started)
        )
        out.write(
            "| level | without the table: perfect turns / seeds lost a turn (perfect first sowings) "
            "| with it |\n"
        )
        out.write("|---|---|---|\n")
        won = [case for case in cases if decided(case[0])]
        open_ = [case for case in cases if not decided(case[0])]
        for title, part in (
            (None, cases),
            ("of them %d undecided:" % len(open_), open_),
            ("and %d decided (a store holds more than half the seeds):" % len(won), won),
        ):
            if title:
                out.write(title + "\n")
            for level in levels:
                a = score(level, part, table, False, solver, compiled)
                b = score(level, part, table, True, solver, compiled)
                out.write(
                    "| %s | %.1f%% / %.2f (%.1f%%) | %.1f%% / %.2f (%.1f%%) |\n"
                    % (level, a[0], a[1], a[2], b[0], b[1], b[2])
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
