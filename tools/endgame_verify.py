"""Check the built endgame table against the exact solver on random positions with 12-14 seeds.

Host-only: `python -m tools.endgame_verify` (docs/performance.md has the last result).
"""

import random
import sys
import time

from host.analysis import solve
from kalaha import SOUTH, Board
from kalaha.search.ai import Search
from kalaha.search.endgame import EndgameTable

t = EndgameTable(sys.argv[1] if len(sys.argv) > 1 else "build/endgame-6x14.kdb").verify_all()
rng = random.Random(2026)
search = Search(tt_bits=16)
checked = bad = 0
by_n = {}
started = time.time()
while checked < 2000:
    b = Board(seeds=rng.choice((3, 4, 5, 6)))
    target = rng.randint(11, 14)
    while b.to_move is not None and t.ranker.seeds(b.cells) > target:
        b.push(rng.choice([m for m in b.legal_moves() if m]))
    if b.to_move is None:
        continue
    n = t.ranker.seeds(b.cells)
    if n < 12:
        continue
    exact = solve(b, search)  # the plain exact solver, no table
    now = b.cells[6] - b.cells[13]
    m = t.margin(b.cells, b.to_move)
    got = now + (m if b.to_move == SOUTH else -m)
    checked += 1
    by_n[n] = by_n.get(n, 0) + 1
    if got != exact:
        bad += 1
print(
    "positions",
    checked,
    "mismatches",
    bad,
    "by seeds",
    sorted(by_n.items()),
    "%.0f s" % (time.time() - started),
)
