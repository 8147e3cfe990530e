"""The emulator check of reading the drive straight from the flash (not part of the game): make a
drive of this code.py, peek.mpy (mpy-cross -march=armv6m peek.py), hw/flashfile.py and endgame.kdb,
boot our firmware on it; it prints where the table lies and whether 64 spans equal the file's."""

import random

import supervisor
from peek import peek

from hw.flashfile import Volume

BASE = 0x10100000


def read(offset, buf):
    peek(BASE + offset, buf, len(buf))


t0 = supervisor.ticks_ms()
v = Volume(read)
where = v.locate(b"ENDGAME KDB")
t1 = supervisor.ticks_ms()
print("EMU fat12", v.fat12, "where", where, "ms", t1 - t0)
f = open("/endgame.kdb", "rb")
a = bytearray(32)
b = bytearray(32)
bad = 0
random.seed(7)
for _ in range(64):
    o = random.randrange(where[1] - 32)
    f.seek(o)
    f.readinto(a)
    peek(BASE + where[0] + o, b, 32)
    bad += a != b
print("EMU compared 64 bad", bad)
