"""The endgame database: exact values of positions with few seeds left, read from a file.

The device and the PC read the same file (built by tools/endgame_db.py); integers only, and a
probe allocates nothing (one open file, seek and readinto a preallocated buffer), except the
first probe into each block, which checks that block's CRC once.

A position's value depends only on the pit counts and who is to move: the mover's future
store gain g (0..n, with n seeds on the board) under perfect play by both sides, each playing
for the largest final margin. The margin from here on is 2g - n. Positions are ranked from the
mover's point of view: the mover's pits 1..P, then the opponent's pits 1..P (stars and bars,
colex), all positions with fewer seeds first. Two values a byte (4 bits each, so n <= 15).

File: a 32-byte header, the values, then a CRC-32 of every block of values: a damaged block is
found when first read and never trusted.
"""

from array import array

from kalaha.compat import const, crc32
from kalaha.rules.board import NORTH, SOUTH

MAGIC = b"KDB1"
HEADER = const(32)
BLOCK = const(1024)  # bytes of values per checked block
# A block is checked this many bytes at a time, a small share of a quiet frame. Each check
# allocates a little (the CRC is a 32-bit int: a long on the device), so bigger pieces mean
# fewer collections of the heap while the table is checked (docs/decisions.md).
CHUNK = const(512)
CRC_BATCH = const(32)  # stored CRCs read at once (one read instead of a seek per block)


class Ranker:
    """Ranks 2P pit counts (mover first) among all positions with at most max_seeds seeds.

    Its numbers are one array of 32-bit words, `words`, which the search reads too
    (kalaha.search.searchcore ranks the positions it probes): where each count of seeds starts among
    the ranks (n = 0 .. max_seeds + 1), then, from max_seeds + 2, the rank's terms C(s + i, i + 1)
    for i = 0 .. 2P - 2 and s = 0 .. max_seeds seeds in the first i + 1 pits, at i * (max_seeds
    + 1) + s: only what a rank adds up (a whole table of binomials took twice the heap).
    """

    def __init__(self, pits, max_seeds):
        self.pits = pits
        self.max_seeds = max_seeds
        k = 2 * pits
        m = max_seeds + 1
        base = m + 1
        words = array("i", [0] * (base + (k - 1) * m))
        for n in range(max_seeds + 1):
            ways = 1  # C(n + k - 1, k - 1): the positions with exactly n seeds in k pits
            for j in range(1, k):
                ways = ways * (n + j) // j
            words[n + 1] = words[n] + ways
        for i in range(k - 1):
            for s in range(m):
                # C(s + i, i + 1), Pascal's rule: C(s - 1 + i, i + 1) + C(s + i - 1, i)
                at = base + i * m + s
                if i == 0:
                    words[at] = s
                elif s:
                    words[at] = words[at - 1] + words[at - m]
        self.words = words

    def rank(self, cells, mover):
        """The rank of a board's position (kalaha.rules.board cells) with `mover` to move, or -1
        when it holds more seeds than the table. Allocates nothing."""
        p = self.pits
        m = self.max_seeds + 1
        words = self.words
        at = m + 1  # (the terms of pit 1)
        first = 0 if mover == SOUTH else p + 1
        other = p + 1 if mover == SOUTH else 0
        prefix = 0
        r = 0
        for k in range(2 * p - 1):
            prefix += cells[first + k] if k < p else cells[other + k - p]
            if prefix >= m:
                return -1  # more seeds than the table holds
            r += words[at + prefix]
            at += m
        n = prefix + cells[other + p - 1]
        if n >= m:
            return -1
        return words[n] + r

    def seeds(self, cells):
        p = self.pits
        n = 0
        for k in range(p):
            n += cells[k] + cells[p + 1 + k]
        return n


class Damaged(ValueError):
    """The file is not an endgame table for these rules, or a block of it is damaged."""


class EndgameTable:
    """An open endgame table. probe() gives the mover's future gain, or -1 (not covered)."""

    def __init__(self, path, pits=6, empty_capture=False, alga=False, scratch=None):
        # scratch: a CHUNK-byte buffer to check the blocks in, whose contents need not last
        # between calls (the device lends its store's image: kalaha.saved.store.Store.scratch).
        self.file = open(path, "rb")
        head = bytearray(HEADER)
        self.file.readinto(head)
        if bytes(head[0:4]) != MAGIC:
            raise Damaged("not an endgame table")
        if head[4] != pits or head[6] != (1 if empty_capture else 0) | (2 if alga else 0):
            raise Damaged("the table is for other rules")
        self.empty_capture = empty_capture
        self.alga = alga
        self.max_seeds = head[5]
        self.count = _u32(head, 8)
        self.ranker = Ranker(pits, self.max_seeds)
        if self.count != self.ranker.words[self.max_seeds + 1]:
            raise Damaged("the table's size does not match its header")
        self.data_bytes = (self.count + 1) // 2
        self.blocks = (self.data_bytes + BLOCK - 1) // BLOCK
        self.checked = bytearray((self.blocks + 7) // 8)  # a bit per block: its CRC was good
        # A block is read in chunks to check it, once.
        self.chunk = scratch if scratch is not None and len(scratch) == CHUNK else bytearray(CHUNK)
        self.byte = bytearray(1)
        self.probes = 0
        # Where the file is (-1: not known): a read where the last one ended needs no seek, so
        # the check's reads stay sequential on a slower file system than the MacroPad's.
        self.at = -1
        self.crcs = bytearray(4 * CRC_BATCH)  # the stored CRCs of CRC_BATCH blocks from crcs_first
        self.crcs_first = -1
        self.done = False  # every block checked
        self.next_check = 0  # the block verify_step() is checking
        self.check_at = 0  # ... how far into it, in bytes
        self.check_crc = 0  # ... and the CRC so far

    def close(self):
        self.file.close()

    def rules_match(self, board):
        """True when `board` plays by the rules this table was built for."""
        return (
            board.pits == self.ranker.pits
            and board.empty_capture == self.empty_capture
            and board.alga == self.alga
        )

    def applies(self, board, beyond=0):
        """True when `board` plays by this table's rules and holds few enough seeds in its pits
        (with `beyond`: at most that many more than the table covers)."""
        return self.rules_match(board) and self.ranker.seeds(board.cells) <= self.max_seeds + beyond

    def probe(self, cells, mover, check=True):
        """The future store gain of `mover` (to move) from board cells, or -1 if not covered.

        A block is checked (its CRC) before its first use; with check=False (inside the
        search, where a check's 8 reads would cost a frame) a block not yet checked gives -1.
        """
        return self.value_at(self.ranker.rank(cells, mover), check)

    def value_at(self, r, check=True):
        """The value stored for rank `r` (Ranker.rank), or -1 (no rank, or with check=False a
        block not yet checked). The search ranks its positions itself, and its probes the
        cache does not answer come here: a few steps, then a seek and a read."""
        if r < 0:
            return -1
        pos = r >> 1
        block = pos // BLOCK
        if not (self.checked[block >> 3] >> (block & 7)) & 1:
            if not check:
                return -1
            self._check(block)
        pos += HEADER
        if self.at != pos:  # (as _read, inline: a call costs as much as the seek)
            self.file.seek(pos)
        self.at = pos + (self.file.readinto(self.byte) or 0)
        self.probes += 1
        v = self.byte[0]
        return (v >> 4) if r & 1 else (v & 15)

    def verify_step(self):
        """Check the next chunk (CHUNK bytes) of the blocks not yet checked: on the device about
        1 ms, so the app can check the table in the quiet part of its frames. True when every
        block is checked; raises Damaged for a bad one."""
        while self.next_check < self.blocks:
            block = self.next_check
            if not self._is_checked(block):
                size = self._block_size(block)
                if self.check_at < size:
                    self.check_crc = self._piece(block, self.check_at, self.check_crc)
                    self.check_at += CHUNK
                    return False
                self._verified(block, self.check_crc)
            self.next_check += 1
            self.check_at = 0
            self.check_crc = 0
        self.done = True
        # Every block is checked: only the check used these buffers; the heap gets them back.
        self.chunk = self.crcs = None
        return True

    def step(self, _budget=1):
        """verify_step(), for the app's slices (kalaha.flow.app.App._slices runs it like a search)."""
        return self.verify_step()

    def verify_all(self):
        """Check every block now (on a PC: about 5 MB of CRC, a fraction of a second)."""
        while not self.verify_step():
            pass
        return self

    def margin(self, cells, mover):
        """The mover's final margin from here on under perfect play (2g - n), or None."""
        g = self.probe(cells, mover)
        if g < 0:
            return None
        return 2 * g - self.ranker.seeds(cells)

    def _is_checked(self, block):
        return (self.checked[block >> 3] >> (block & 7)) & 1

    def _block_size(self, block):
        return min(BLOCK, self.data_bytes - block * BLOCK)

    def _piece(self, block, at, crc):
        """The CRC `crc` continued over the piece of `block` from byte `at` (CHUNK bytes or the
        block's rest)."""
        n = min(CHUNK, self._block_size(block) - at)
        if self._read(HEADER + block * BLOCK + at, self.chunk) < n:
            raise Damaged("the endgame table is cut short")
        return crc32(self.chunk, 0, n, crc)

    def _check(self, block):
        """Check `block` now (a probe's first use of it)."""
        crc = 0
        for at in range(0, self._block_size(block), CHUNK):
            crc = self._piece(block, at, crc)
        self._verified(block, crc)

    def _verified(self, block, crc):
        """Mark `block` checked if `crc` is its stored CRC; raise Damaged if not. The stored
        CRCs are read CRC_BATCH at a time (one read instead of one per block)."""
        first = block - block % CRC_BATCH
        if self.crcs_first != first:
            self.crcs_first = -1  # (until the read has succeeded)
            wanted = 4 * min(CRC_BATCH, self.blocks - first)
            if self._read(HEADER + self.data_bytes + 4 * first, self.crcs) < wanted:
                raise Damaged("the endgame table is cut short")
            self.crcs_first = first
        if _u32(self.crcs, 4 * (block - first)) != crc:
            raise Damaged("block %d of the endgame table is damaged" % block)
        self.checked[block >> 3] |= 1 << (block & 7)

    def _read(self, pos, buf):
        """readinto `buf` from file position `pos` (seeking only when the file is elsewhere)."""
        if self.at != pos:
            self.file.seek(pos)
        got = self.file.readinto(buf) or 0
        self.at = pos + got
        return got


def open_table(path, pits=6, scratch=None):
    """(EndgameTable, "") for the file at `path`, or (None, why) when it is missing or not usable.

    The game plays without it; the help's last page says which. `scratch`: see EndgameTable.
    """
    try:
        return EndgameTable(path, pits, scratch=scratch), ""
    except OSError:
        return None, "endgame table missing"
    except ValueError:
        return None, "endgame table damaged"


def _u32(buf, at):
    return buf[at] | (buf[at + 1] << 8) | (buf[at + 2] << 16) | (buf[at + 3] << 24)


def value_after(table, board, pit):
    """The mover's final margin from here if it sows `pit` and both sides then play perfectly.

    The sowing is made and taken back; after an extra turn the same side moves again, so the
    table's value counts for the mover, else against it.
    """
    mover = board.to_move
    own = board.store_index(mover)
    opp = board.store_index(1 - mover)
    before = board.cells[own] - board.cells[opp]
    board.push(pit)
    value = board.cells[own] - board.cells[opp] - before
    if board.to_move is not None:
        rest = table.margin(board.cells, board.to_move)
        value += rest if board.to_move == mover else -rest
    board.pop()
    return value


class RootDecision:
    """The table's perfect move at the root, one sowing's value per step.

    A probe costs 1-2 ms on the device and a root has up to six sowings to value: stepping lets
    the app stop between them when its frame is used up (kalaha.flow.app, THINK_FRAME_MS), instead
    of making them all in one frame. `covered` is False when the table does not apply here.
    Like kalaha.search.ai.Search: step() until it returns True, then read best_pit and margin.
    """

    def __init__(self, table, board):
        self.table = table
        self.board = board
        self.covered = board.to_move is not None and table.applies(board)
        # (the swap is never offered where the table applies)
        self.moves = [m for m in board.legal_moves() if m] if self.covered else []
        self.next = 0
        self.best_pit = 0
        self.margin = None
        self.values = [0] * (board.pits + 1)  # each valued sowing's margin, by pit (the coach's)
        self.done = not self.moves

    def step(self, _budget=1):
        """Value the next sowing; True once every sowing is valued. Raises what a probe raises."""
        if self.next < len(self.moves):
            pit = self.moves[self.next]
            self.next += 1
            value = value_after(self.table, self.board, pit)
            self.values[pit] = value
            if self.margin is None or value > self.margin:
                self.margin = value
                self.best_pit = pit
        self.done = self.next >= len(self.moves)
        return self.done


def best_root_move(table, board):
    """The perfect move at the root from the table: (pit, margin) or None when not covered."""
    decision = RootDecision(table, board)
    if not decision.covered:
        return None
    while not decision.step():
        pass
    return decision.best_pit, decision.margin


__all__ = [
    "CHUNK",
    "NORTH",
    "SOUTH",
    "EndgameTable",
    "Ranker",
    "RootDecision",
    "best_root_move",
    "open_table",
    "value_after",
]
