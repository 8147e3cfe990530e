"""An evaluation learned from the endgame table: per-pit weights fitted to exact values.

Host-only (`python -m tools.learned_fit`, numpy). Samples positions with 8-14 seeds in the pits
(seeds dropped into random pits, a random side to move), takes the mover's exact future margin
from the table (2g - n), fits a linear model by least squares on 50,000 of them (the mover's
pits 1-6, the other side's pits 1-6, having the move) and prints the weights (in sixteenths of
a seed, the search's units) and the mean error on 10,000 held out, against the store
difference alone (a future margin of 0). The search that used them (commit 457e91b,
`Search.start(weights=...)`) lost move quality at 22-30 seeds (docs/decisions.md), so the
game does not use them.
"""

import argparse
import random
import sys

from kalaha.rules.board import SOUTH
from kalaha.search.endgame import EndgameTable


def sample(table, count, rng, low=8, high=14):
    """(features, margins): `count` positions, each as the mover's 6 pits, the other's 6, and 1."""
    rows = []
    margins = []
    for _ in range(count):
        n = rng.randint(low, high)
        cells = [0] * 14
        for _ in range(n):
            i = rng.randrange(12)
            cells[i if i < 6 else i + 1] += 1
        mover = rng.randrange(2)
        g = table.probe(cells, mover)
        own, other = (cells[0:6], cells[7:13]) if mover == SOUTH else (cells[7:13], cells[0:6])
        rows.append(own + other + [1])
        margins.append(2 * g - n)
    return rows, margins


def fit(table, count=60000, seed=7, low=8, high=14):
    """(weights, held-out error, error of the store difference alone), weights in seeds."""
    import numpy as np

    rows, margins = sample(table, count, random.Random(seed), low, high)
    x = np.array(rows, float)
    y = np.array(margins, float)
    train = count * 5 // 6
    w, *_ = np.linalg.lstsq(x[:train], y[:train], rcond=None)
    return list(w), float(np.mean(np.abs(x[train:] @ w - y[train:]))), float(np.mean(np.abs(y[train:])))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.learned_fit", description=__doc__.split("\n")[0])
    parser.add_argument("--table", default="build/endgame-6x14.kdb")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    table = EndgameTable(args.table).verify_all()
    w, held, plain = fit(table, seed=args.seed, high=min(14, table.max_seeds))
    sixteenths = [int(round(16 * v)) for v in w]
    out = sys.stdout
    out.write(
        "weights (sixteenths of a seed): own pits 1-6 %s, other pits 1-6 %s, the move %d\n"
        % (sixteenths[:6], sixteenths[6:12], sixteenths[12])
    )
    out.write(
        "held-out mean error: %.2f seeds fitted, %.2f with the store difference alone\n" % (held, plain)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
