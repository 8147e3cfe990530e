"""The unix port's check of the flash path (not part of the game): in a drive made by
tools.build.put_code(drive, "10", compiled=True, arch="x86"), run with -X heapsize=16M: the search
with the table at a buffer's address equals the search reading the file."""

import random

import micropython

from kalaha.ai import CODE, Search
from kalaha.board import Board
from kalaha.endgame import HEADER, EndgameTable

print(CODE)


@micropython.viper
def address(b) -> int:
    return int(ptr8(b))  # noqa: F821


table = EndgameTable("/work/main/build/endgame-6x14.kdb").verify_all()
f = open("/work/main/build/endgame-6x14.kdb", "rb")
f.seek(HEADER)
data = bytearray(f.read())
FLASH = address(data)
random.seed(3)
same = 0
n = 0
for _ in range(12):
    b = Board()
    while b.to_move is not None and sum(b.cells) - b.cells[6] - b.cells[13] > random.randint(16, 26):
        b.push(random.choice([m for m in b.legal_moves() if m]))
    if b.to_move is None:
        continue
    out = []
    for flash in (0, FLASH):
        table.flash = flash
        s = Search(cache_slots=128)
        s.start(b, nodes=30000, table=table, probe_nodes=2, hit_nodes=2)
        p0 = table.probes
        while not s.step(48):
            pass
        out.append((s.best_pit, s.score, s.depth_done, s.nodes, table.probes - p0))
    print(out)
    n += 1
    same += out[0][:4] == out[1][:4]
print("same", same, "of", n)
