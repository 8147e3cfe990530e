"""The store's compaction: every setting, statistic and kept game as one snapshot record in the
image, written over the whole sector. Imported by kalaha.saved.store.Store.compact and let go after.
"""

from kalaha.saved.journal import (
    CHOICE_KEYS,
    HEADER,
    LATER_KEYS,
    MAGIC0,
    MAGIC1,
    N_STATS,
    R_SNAPSHOT,
    SETTING_KEYS,
    SIZE,
    STORED_STATS,
    VERSION,
    put_crc,
)

_ERASED = b"\xff" * 64


def compact(store):
    """Rewrite the whole sector as one snapshot (the one write that erases).

    The snapshot is written straight into the preallocated image: no big allocation.
    """
    while not _write_snapshot(store) and len(store.history):
        store.history.drop_oldest()  # never happens with 20 games of 6 pits, but stay inside 4 KB
    image = store.image
    try:
        store.flash.write(0, image)
    except OSError:
        store.message = "could not save"
        return
    store.pos = HEADER + 3 + (image[HEADER + 1] | (image[HEADER + 2] << 8)) + 4
    store.needs_compaction = False


def _write_snapshot(store):
    """Header and one snapshot record into the image; False when it does not fit."""
    image = store.image
    # Erased flash reads 0xFF: blank the image 64 bytes at a time from a constant (a byte at a
    # time is slow on the device; one 4 KB constant would be a 4 KB block).
    for i in range(0, SIZE, 64):
        image[i : i + 64] = _ERASED
    image[0] = MAGIC0
    image[1] = MAGIC1
    image[2] = VERSION
    image[HEADER] = R_SNAPSHOT
    p = HEADER + 3
    for key in SETTING_KEYS:
        image[p] = int(store.settings[key])
        p += 1
    for i in range(STORED_STATS):
        v = store.stats[i]
        image[p] = v & 255
        image[p + 1] = v >> 8
        p += 2
    image[p] = len(store.history)
    p += 1
    games = len(store.history)
    for i in range(games + (0 if store.current is None else 1)):
        if i == games:
            image[p] = 1  # the game in progress follows
            p += 1
            part = store.current.encode()
        else:
            part = store.history.encoded(i)
        if (
            p
            + len(part)
            + 5
            + 2 * (N_STATS - STORED_STATS)
            + len(CHOICE_KEYS + LATER_KEYS)
            + len(store.puzzles)
            > SIZE
        ):
            return False
        image[p : p + len(part)] = part
        p += len(part)
    if store.current is None:
        image[p] = 0
        p += 1
    for i in range(STORED_STATS, N_STATS - 2):  # (the ring's counters)
        v = store.stats[i]
        image[p] = v & 255
        image[p + 1] = v >> 8
        p += 2
    for key in CHOICE_KEYS + LATER_KEYS:
        image[p] = int(store.settings[key])
        p += 1
    for i in range(N_STATS - 2, N_STATS):  # (the streaks, kalaha.saved.store's last two: after the rest)
        v = store.stats[i]
        image[p] = v & 255
        image[p + 1] = v >> 8
        p += 2
    n = len(store.puzzles)  # (the puzzles' progress: after all else)
    image[p : p + n] = store.puzzles
    p += n
    n = p - HEADER - 3
    image[HEADER + 1] = n & 255
    image[HEADER + 2] = n >> 8
    put_crc(image, HEADER, p)
    return True
