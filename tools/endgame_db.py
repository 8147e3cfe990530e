"""Build the endgame table (kalaha/search/endgame.py reads it): every position with few seeds, solved.

Host-only (numpy). `python -m tools.endgame_db --pits 6 --seeds 14 OUT` writes the file; the
tests build small tables with the same code and check them against brute force.

Retrograde by seed count: a sowing never adds seeds to the board, and one that keeps them all
on it only moves the mover's seeds towards its store, so with n seeds fixed, the sum over all
seeds of their distance to their owner's store falls with every such move. Positions are
therefore solved by n, then by that distance, each group at once with numpy: every successor
is already known.
"""

import argparse
import functools
import os
import sys
import time
from math import comb

import numpy as np

from kalaha.compat import crc32
from kalaha.search.endgame import BLOCK, HEADER, MAGIC


def size(pits, max_seeds):
    """How many positions have at most `max_seeds` seeds on 2 x `pits` pits: C(n + 2P - 1, 2P - 1) summed."""
    return sum(comb(n + 2 * pits - 1, 2 * pits - 1) for n in range(max_seeds + 1))


@functools.cache
def compositions(n, k):
    """Every way to put n seeds into k pits, one row each (numpy int8; cached, do not modify)."""
    if k == 1:
        return np.array([[n]], dtype=np.int8)
    parts = []
    for first in range(n + 1):
        rest = compositions(n - first, k - 1)
        parts.append(np.hstack([np.full((len(rest), 1), first, dtype=np.int8), rest]))
    return np.vstack(parts)


class Ranks:
    """The ranking of kalaha.search.endgame.Ranker, vectorised."""

    def __init__(self, pits, max_seeds):
        k = 2 * pits
        self.k = k
        rows = max_seeds + k
        self.c = np.zeros((rows + 1, k), dtype=np.int64)
        for a in range(rows + 1):
            for b in range(k):
                self.c[a, b] = comb(a, b)
        self.offset = np.zeros(max_seeds + 2, dtype=np.int64)
        for n in range(max_seeds + 1):
            self.offset[n + 1] = self.offset[n] + comb(n + k - 1, k - 1)

    def rank(self, counts):
        """counts: (N, 2P) mover-first pit counts -> (N,) ranks."""
        prefix = np.cumsum(counts[:, :-1].astype(np.int64), axis=1)
        bars = prefix + np.arange(self.k - 1)
        r = self.c[bars, np.arange(1, self.k)].sum(axis=1)
        n = counts.sum(axis=1, dtype=np.int64)
        return self.offset[n] + r


def solve_table(pits, max_seeds, empty_capture=False, alga=False, log=None):
    """The mover's future gain for every position with at most max_seeds seeds (uint8, by rank)."""
    p = pits
    k = 2 * p
    ring = 2 * p + 1  # the mover's pits, its store, the opponent's pits (its store is skipped)
    ranks = Ranks(p, max_seeds)
    total = int(ranks.offset[max_seeds + 1])
    gain = np.zeros(total, dtype=np.int8)
    weights = np.concatenate([np.arange(p, 0, -1), np.arange(p, 0, -1)])
    for n in range(max_seeds + 1):
        started = time.time()
        pos = compositions(n, k).copy()
        dist = pos.astype(np.int32) @ weights
        order = np.argsort(dist, kind="stable")
        pos = pos[order]
        dist = dist[order]
        own_rank = ranks.rank(pos)
        bounds = np.flatnonzero(np.diff(dist)) + 1
        for group in np.split(np.arange(len(pos)), bounds):
            g = pos[group]
            gain[own_rank[group]] = _best(g, n, p, ring, ranks, gain, empty_capture, alga)
        if log:
            log.write("n=%d: %d positions in %.1f s\n" % (n, len(pos), time.time() - started))
    return gain


def _best(cells, n, p, ring, ranks, gain, empty_capture, alga):
    """The mover's future gain (0..n) for a group of positions whose successors are all solved."""
    rows = len(cells)
    best = np.full(rows, -128, dtype=np.int16)
    mover_seeds = cells[:, :p].sum(axis=1, dtype=np.int16)
    opp_seeds = cells[:, p:].sum(axis=1, dtype=np.int16)
    ended = (mover_seeds == 0) | (opp_seeds == 0)
    for pit in range(p):
        seeds = cells[:, pit].astype(np.int16)
        legal = (seeds > 0) & ~ended
        if not legal.any():
            continue
        idx = np.flatnonzero(legal)
        s = seeds[idx]
        r = np.zeros((len(idx), ring), dtype=np.int16)
        r[:, :p] = cells[idx, :p]
        r[:, p + 1 :] = cells[idx, p:]
        r[:, pit] = 0
        laps, rest = np.divmod(s, ring)
        r += laps[:, None]
        steps = (np.arange(ring)[None, :] - pit - 1) % ring  # how far after the pit each hole is
        r += (steps < rest[:, None]).astype(np.int16)
        last = (pit + s) % ring
        rows_i = np.arange(len(idx))
        store = r[:, p].copy()  # seeds that reached the mover's store
        extra = last == p
        # A capture: the last seed in the mover's own pit that was empty before it.
        own = last < p
        landed = np.where(own, r[rows_i, np.minimum(last, p - 1)], 0)
        across = np.where(own, 2 * p - np.minimum(last, p - 1), 0)
        taken = np.where(own, r[rows_i, across], 0)
        capture = own & (landed == 1) & ((taken > 0) | empty_capture)
        ci = np.flatnonzero(capture)
        store[ci] += taken[ci] + 1
        r[ci, last[ci]] = 0
        r[ci, across[ci]] = 0
        r[:, p] = 0
        mine = r[:, :p].sum(axis=1)
        theirs = r[:, p + 1 :].sum(axis=1)
        over = (mine == 0) | (theirs == 0)
        value = np.zeros(len(idx), dtype=np.int16)  # the mover's future gain through this move
        # The game ends: the rows go to their owners (Alga: all to the side whose row is empty).
        if alga:
            end_gain = np.where(mine == 0, mine + theirs, 0)
        else:
            end_gain = mine
        value[over] = store[over] + end_gain[over]
        go = ~over
        if go.any():
            nxt_mover = np.concatenate([r[go][:, :p], r[go][:, p + 1 :]], axis=1)
            nxt_other = np.concatenate([r[go][:, p + 1 :], r[go][:, :p]], axis=1)
            left = (n - store[go]).astype(np.int16)
            same = extra[go]
            g_same = gain[ranks.rank(nxt_mover[same])]
            g_flip = gain[ranks.rank(nxt_other[~same])]
            v = np.zeros(int(go.sum()), dtype=np.int16)
            v[same] = store[go][same] + g_same
            v[~same] = store[go][~same] + (left[~same] - g_flip)
            value[go] = v
        best[idx] = np.maximum(best[idx], value)
    # A position with an empty row is already over: each side keeps its row (Alga: the rest
    # goes to the side whose row is empty).
    if alga:
        best[ended] = np.where(mover_seeds[ended] == 0, opp_seeds[ended], 0)
    else:
        best[ended] = mover_seeds[ended]
    return best.astype(np.int8)


def write(path, gain, pits, max_seeds, empty_capture=False, alga=False):
    """The file kalaha.search.endgame.EndgameTable reads: header, two values a byte, a CRC per block."""
    count = len(gain)
    values = gain.astype(np.uint8)
    if count % 2:
        values = np.concatenate([values, np.zeros(1, dtype=np.uint8)])
    data = (values[0::2] | (values[1::2] << 4)).astype(np.uint8).tobytes()
    head = bytearray(HEADER)
    head[0:4] = MAGIC
    head[4] = pits
    head[5] = max_seeds
    head[6] = (1 if empty_capture else 0) | (2 if alga else 0)
    head[8:12] = count.to_bytes(4, "little")
    checks = bytearray()
    for start in range(0, len(data), BLOCK):
        block = data[start : start + BLOCK]
        checks += crc32(block, 0, len(block)).to_bytes(4, "little")
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(head)
        f.write(data)
        f.write(checks)
    os.replace(tmp, path)


def build(path, pits=6, max_seeds=14, empty_capture=False, alga=False, log=None):
    gain = solve_table(pits, max_seeds, empty_capture, alga, log)
    write(path, gain, pits, max_seeds, empty_capture, alga)
    return gain


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.endgame_db", description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--pits", type=int, default=6, choices=range(1, 7))
    parser.add_argument("--seeds", type=int, default=14, choices=range(0, 16))
    parser.add_argument("--empty-capture", action="store_true")
    parser.add_argument("--alga", action="store_true")
    args = parser.parse_args(argv)
    started = time.time()
    build(args.out, args.pits, args.seeds, args.empty_capture, args.alga, log=sys.stdout)
    print("wrote %s (%d bytes) in %.0f s" % (args.out, os.path.getsize(args.out), time.time() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
