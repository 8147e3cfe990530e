"""How small the endgame table could be: `python -m tools.endgame_entropy [--seeds 15]`.

Host-only (numpy). Solves the table to --seeds (tools.endgame_db; about a minute for 15, two for
16), then prints for each seed count n its positions and what any encoding of the values would
need: the entropy of the mover's gain given n, given n and the mover's seeds in its row, and of
the rest after a least-squares predictor from the pits; and for a fixed code of 3 bits a
position (8 values and no more), the share of positions that the best 8-value window around
that predictor holds (the rest would be exceptions). Then the whole table's sizes in MB at the
nibble of today, at 3 bits, and at each entropy. docs/decisions.md, "The endgame table".
"""

import argparse
import sys
import time

import numpy as np

from tools.endgame_db import Ranks, compositions, solve_table


def entropy(x):
    """Bits a value of `x` (an int array) carries, by its frequencies."""
    _, counts = np.unique(x, return_counts=True)
    p = counts / counts.sum()
    return float(-(p * np.log2(p)).sum())


def conditional(x, ctx):
    """H(x | ctx) in bits."""
    total = 0.0
    for c in np.unique(ctx):
        part = x[ctx == c]
        total += len(part) * entropy(part)
    return total / len(x)


def figures(gains, pits, n):
    """{name: value} for the positions with exactly n seeds."""
    rows = compositions(n, 2 * pits).astype(np.int16)
    g = gains[Ranks(pits, n).rank(rows)].astype(np.int16)
    own = rows[:, :pits].sum(axis=1)
    extra = (rows[:, :pits] == np.arange(pits, 0, -1)).astype(np.int16)  # pits that end in the store
    x = np.hstack([rows, extra, np.ones((len(rows), 1), np.int16)]).astype(np.float64)
    w, *_ = np.linalg.lstsq(x, g.astype(np.float64), rcond=None)
    rest = g - np.rint(x @ w).astype(np.int16)
    window = max(float(((rest >= lo) & (rest < lo + 8)).mean()) for lo in range(-8, 1))
    return {
        "positions": len(rows),
        "H(g|n)": entropy(g),
        "H(g|n,own)": conditional(g, own),
        "H(rest)": entropy(rest),
        "in 3 bits": window,
    }


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.endgame_entropy", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--seeds", type=int, default=15, choices=range(8, 17))
    parser.add_argument("--low", type=int, default=10, help="the first seed count printed")
    args = parser.parse_args(argv)
    started = time.time()
    gains = solve_table(6, args.seeds)
    print("solved %d positions in %.0f s" % (len(gains), time.time() - started))
    print(
        "| n | positions | H(g given n) | given n and own seeds | after a linear predictor | in a 3-bit "
        "window | the table to n: nibbles, at the last entropy, 3 bits and its exceptions (MB) |"
    )
    print("|---|---|---|---|---|---|---|")
    bits = {"H(g|n)": 0.0, "H(g|n,own)": 0.0, "H(rest)": 0.0}
    mb = 1e-6 / 8
    count = outside = 0
    for n in range(args.seeds + 1):
        f = figures(gains, 6, n)
        for key in bits:
            bits[key] += f[key] * f["positions"]
        count += f["positions"]
        outside += (1 - f["in 3 bits"]) * f["positions"]  # (an exception: at least its 4-byte rank)
        if n >= args.low:
            print(
                "| %d | %d | %.2f | %.2f | %.2f | %.1f%% | %.2f, %.2f, %.2f + %.2f |"
                % (
                    n,
                    f["positions"],
                    f["H(g|n)"],
                    f["H(g|n,own)"],
                    f["H(rest)"],
                    100 * f["in 3 bits"],
                    count * 4 * mb,
                    bits["H(rest)"] * mb,
                    count * 3 * mb,
                    outside * 32 * mb,
                )
            )
    print(
        "up to %d seeds: %d positions; %.2f MB in nibbles, %.2f MB at 3 bits; at the entropies "
        "%.2f, %.2f and %.2f MB"
        % (
            args.seeds,
            len(gains),
            len(gains) * 4 * mb,
            len(gains) * 3 * mb,
            bits["H(g|n)"] * mb,
            bits["H(g|n,own)"] * mb,
            bits["H(rest)"] * mb,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
