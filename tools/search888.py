"""Commit 888e376's search (kalaha/searchcore.py's run() and kalaha/ai.py's Search, as they were),
kept for the benchmark only: `python -m kalaha bench --device` times it and today's search on the
same positions in the same MicroPython VM run (tools/vmbench.py). Never on the device.
"""

from array import array

from kalaha.compat import const
from kalaha.rules.board import SOUTH

# ----- the buffers' layout (kalaha.search.ai.Search allocates them once) --------------------------------
# (Names with a leading _: MicroPython then keeps a const out of the module's globals, off the
# heap. kalaha.search.ai has the ones it needs, the same: tests/test_ai.py checks.)
# b (bytearray): the board's cells first (so the endgame table reads them as they are), scratch
# for ordering, then 16 bytes per ply.
_CAPS = const(16)  # 8 bytes: captures found while ordering
_REST = const(24)  # 8 bytes: the other moves
_BYTES = const(32)  # node d's bytes start at _BYTES + d * _PLY_BYTES
_PLY_BYTES = const(16)
_PERSP = const(0)  # whose point of view node d is scored from
_SIDE = const(1)  # the side to move at node d
_INDEX = const(2)  # the next move to try
_COUNT = const(3)  # the moves node d has
_START = const(4)  # the cell whose sowing led to node d
_CHAIN = const(5)  # 3 bytes: the best line's extra-turn sowings after the best move
_MOVES = const(8)  # 8 bytes: node d's moves (cells) in the order tried
_LINE = const(3)
_NO_CELL = const(255)  # ends a line

# w (array 'i'): the registers, Easy's noise per root move, then a record per ply.
_D = const(0)  # the node the search is at (its ply)
_STATE = const(1)  # what run() does next at node D (_ST_*)
_VALUE = const(2)  # the value just found (of node _D when returning)
_NODES = const(3)  # nodes searched
_LIMIT = const(4)  # the node budget
_LEFT = const(5)  # the nodes this slice has left
_BUDGET = const(6)  # the slice's size (step's budget)
_PITS = const(7)
_TOTAL = const(8)  # seeds in play
_EMPTY_CAPTURE = const(9)  # 1: a last seed in an own empty pit captures even with nothing opposite
_ALGA = const(10)  # 1: the emptied side takes what is left
_EXACT = const(11)  # 1: the solver (finished games only, no depth limit)
_MARGIN_SCALE = const(12)  # 1: a finished game scores its margin in evaluation units
_DEC_SAME = const(13)  # the half plies a sowing that keeps the turn costs
_DEC_FLIP = const(14)  # ... and one that passes it
_TT_MIN = const(15)  # the table is hashed and probed only at this depth (half plies) or more
_TMAX = const(16)  # the endgame table's seeds, -1 without one
_TT_MASK = const(17)  # transposition-table slots - 1
_PLIES = const(18)  # the plies the stack holds
_DEPTH_DONE = const(19)  # the deepest completed iteration (0: none yet)
_ROOT_MOVE = const(20)  # the last iteration's best root move (a cell) or -1: tried first
_NOISE_AMP = const(21)  # Easy's noise, 0: none
_ROOT_BASE = const(22)  # the cell of the root's pit 1
_RANK = const(23)  # the endgame table's rank of the position node _D probes (_PROBE) ...
_GAIN = const(32)  # ... and its value there, the mover's future store gain (-1: not known)
_HIT_NODES = const(33)  # what a probe the cache answers counts against the budget
_CACHE_MASK = const(34)  # the probe cache's slots - 1
_NOISE = const(24)  # 8 words: the noise added to each root move (by pit)
_PLY = const(36)  # node d's record starts at _PLY + d * _PLY_WORDS
_PLY_WORDS = const(9)
_ALPHA = const(0)
_BETA = const(1)
_BEST = const(2)
_BEST_MOVE = const(3)  # the best move's cell, -1 unknown
_ALPHA0 = const(4)  # alpha on entry: the table's bound
_DEPTH = const(5)  # depth left, in half plies
_KEY1 = const(6)  # the position's two 24-bit hashes (_KEY2 -1: not to be stored)
_KEY2 = const(7)
_UNDO = const(8)  # how the sowing that led here is undone (its code, below)

# ranks (array 'i'): the endgame table's ranking numbers (kalaha.search.endgame.Ranker.words: where each
# count of seeds starts among the ranks, then the rank's terms), read only when _TMAX >= 0.

# t (array 'i'): the transposition table, two words a slot: the stored key (h2 and h1's top 6
# bits; -1 empty) and the data (value, bound, move, depth); then the probe cache, a word a slot:
# an endgame-table rank and its value (rank << 4 | value; -1 empty), slot = rank's low bits.
# (Three buffers, not two: each stays below the 2 KB a fragmented heap is sure to have.)

# What run() returns: why it stopped.
_SLICE = const(0)  # the slice's nodes are used up
_ITERATION = const(1)  # an iteration is complete (its value in _VALUE)
_OUT_OF_NODES = const(2)  # the node budget is spent with an iteration done: stop
_PROBE = const(3)  # node _D asks the endgame table (the caller reads the file, then resumes)
_TOO_DEEP = const(4)  # the solver ran out of stack

# What run() does next at node D; _ST_PROBED: entered and counted, the table did not know it.
_ST_NEXT = const(0)
_ST_ENTER = const(1)
_ST_PROBED = const(2)
_ST_GAIN = const(4)  # the endgame table's value at node D is in _GAIN
_ST_RETURN = const(3)

_SOUTH = const(0)
_INF = const(30000)
_WIN = const(8000)
_WIN_UNIT = const(64)
_UNIT = const(16)
_NEAR_WIN = const(6000)
_DATA_OFF = const(16384)
_BOUND_EXACT = const(0)
_BOUND_LOWER = const(1)
_BOUND_UPPER = const(2)
_MASK24 = const(0xFFFFFF)


def run(b, w, t, ranks):
    """Search on from the registers' node and state until the slice is used up or Python is
    needed; returns why (_SLICE, _ITERATION, _OUT_OF_NODES, _PROBE, _TOO_DEEP).

    An explicit stack (sunfish-style stepping) in sections a node passes in turn: NEXT (sow its
    next move, enter the child), ENTER (count it; a finished game, the endgame table, a leaf, a
    frontier node, a table cut-off, or its moves ordered) and RETURN (keep its value in the
    table, unsow, negamax with alpha-beta), so the common steps fall through to the next.
    """
    o = _PLY + w[_D] * _PLY_WORDS  # node d's words
    ob = _BYTES + w[_D] * _PLY_BYTES  # node d's bytes
    d = w[_D]
    p = w[_PITS]
    sstore = p
    nstore = p + p + 1
    size = p + p + 2
    lap = p + p + 1  # holes in one lap (the opponent's store is skipped)
    exact = w[_EXACT]
    empty_capture = w[_EMPTY_CAPTURE]
    alga = w[_ALGA]
    dec_same = w[_DEC_SAME]
    dec_flip = w[_DEC_FLIP]
    # A frontier node: every child is a leaf (depth <= 0) whichever sowing it follows.
    frontier_at = dec_same if dec_same < dec_flip else dec_flip
    tt_min = w[_TT_MIN]
    tmax = w[_TMAX]
    total = w[_TOTAL]
    tt_mask = w[_TT_MASK]
    last_ply = w[_PLIES] - 1
    budget = w[_BUDGET]
    limit = w[_LIMIT]
    state = w[_STATE]
    value = w[_VALUE]
    left = w[_LEFT]
    nodes = w[_NODES]
    why = _SLICE
    while True:
        if state == _ST_NEXT:
            i = b[ob + _INDEX]
            if i < b[ob + _COUNT]:
                b[ob + _INDEX] = i + 1
                side = b[ob + _SIDE]
                s = b[ob + _MOVES + i]
                # ----- sow cell s for `side`; code: how to undo it, and what it did -----
                # code bits: 0-6 seeds sown, 7-13 captured + 1, 14 extra turn, 15-16 row
                # emptied (1 South's, 2 North's), 17-20 the last cell. The end-of-game sweep
                # is not done: the final margin comes from the stores and what is left.
                if side == _SOUTH:
                    base = 0
                    own = p
                    skip = nstore
                    lim = p + p
                else:
                    base = p + 1
                    own = nstore
                    skip = p
                    lim = nstore
                n = b[s]
                b[s] = 0
                last = s + n
                if last <= lim:
                    # No wrap and no store to skip: one plain loop.
                    for k in range(s + 1, last + 1):
                        b[k] += 1
                else:
                    k = s
                    todo = n
                    while todo:
                        k += 1
                        if k == size:
                            k = 0
                        if k != skip:
                            b[k] += 1
                            todo -= 1
                    last = k
                code = n | (last << 17)
                ended = 0
                if last == own:
                    code |= 1 << 14
                elif base <= last and last < own and b[last] == 1:
                    opposite = p + p - last
                    taken = b[opposite]
                    if taken or empty_capture:
                        b[own] += taken + 1
                        b[opposite] = 0
                        b[last] = 0
                        code |= (taken + 1) << 7
                        if taken:
                            # A capture is the only way the opponent's row can empty.
                            k = p + 1 - base
                            while k < p + 1 - base + p and b[k] == 0:
                                k += 1
                            if k == p + 1 - base + p:
                                ended = 2 - side
                if ended == 0:
                    k = base
                    while k < base + p and b[k] == 0:
                        k += 1
                    if k == base + p:
                        ended = side + 1
                code |= ended << 15
                # ----- enter the child -----
                b[ob + _PLY_BYTES + _START] = s
                w[o + _PLY_WORDS + _UNDO] = code
                if code & 0x1C000:  # extra turn or game over: same side, same window
                    w[o + _PLY_WORDS + _BEST_MOVE] = -1  # (known once the child is searched)
                    b[ob + _PLY_BYTES + _CHAIN] = _NO_CELL
                    b[ob + _PLY_BYTES + _SIDE] = side
                    b[ob + _PLY_BYTES + _PERSP] = b[ob + _PERSP]
                    w[o + _PLY_WORDS + _ALPHA] = w[o + _ALPHA]
                    w[o + _PLY_WORDS + _BETA] = w[o + _BETA]
                    w[o + _PLY_WORDS + _DEPTH] = w[o + _DEPTH] - dec_same
                else:
                    b[ob + _PLY_BYTES + _SIDE] = 1 - side
                    b[ob + _PLY_BYTES + _PERSP] = 1 - b[ob + _PERSP]
                    w[o + _PLY_WORDS + _ALPHA] = -w[o + _BETA]
                    w[o + _PLY_WORDS + _BETA] = -w[o + _ALPHA]
                    w[o + _PLY_WORDS + _DEPTH] = w[o + _DEPTH] - dec_flip
                d += 1
                o += _PLY_WORDS
                ob += _PLY_BYTES
                if d >= last_ply:
                    if exact:
                        why = _TOO_DEEP
                        break
                    w[o + _DEPTH] = 0
                state = _ST_ENTER
            else:
                value = w[o + _BEST]  # every move searched: return the best
                state = _ST_RETURN
        if state == _ST_ENTER:
            if left <= 0:
                break
            if w[o + _DEPTH] <= frontier_at and d and left <= p and left < budget:
                # A frontier node scores all its children at once: wait for a slice with room
                # for them, so the search never depends on the slice size. (Only a slice
                # smaller than P+1 nodes can end up to P nodes over its budget.)
                break
            if nodes >= limit and w[_DEPTH_DONE]:
                why = _OUT_OF_NODES
                break
            left -= 1
            nodes += 1
            w[o + _KEY2] = -1  # (not stored unless its moves are searched)
            ended = (w[o + _UNDO] >> 15) & 3
            if ended:
                # A finished game: the final margin from the stores and what is left.
                m = b[sstore] - b[nstore]
                rem = total - b[sstore] - b[nstore]
                # Default: each side keeps its row; Alga: the emptied side takes everything left.
                if (1 if ended == 1 else 0) == alga:
                    m += rem
                else:
                    m -= rem
                if b[ob + _PERSP] != _SOUTH:
                    m = -m
                if exact:
                    value = m
                elif w[_MARGIN_SCALE]:
                    value = m * _UNIT
                elif m > 0:
                    value = _WIN - d + m * _WIN_UNIT
                elif m < 0:
                    value = d - _WIN + m * _WIN_UNIT
                else:
                    value = 0
                state = _ST_RETURN
            elif d and tmax >= 0 and total - b[sstore] - b[nstore] <= tmax:
                # Few enough seeds for the endgame table: its rank here (as kalaha.search.endgame.
                # Ranker.rank: the mover's pits, then the other's, stars and bars), looked up
                # in the probe cache; on a miss the caller reads the file (_PROBE) and sets
                # _GAIN.
                first = 0 if b[ob + _SIDE] == _SOUTH else p + 1
                other = p + 1 - first
                at = tmax + 2  # (the terms of pit 1, after the counts' starts)
                prefix = 0
                rank = 0
                i = 0
                while i < p + p - 1:
                    if i < p:
                        prefix += b[first + i]
                    else:
                        prefix += b[other + i - p]
                    rank += ranks[at + prefix]
                    at += tmax + 1
                    i += 1
                rank += ranks[prefix + b[other + p - 1]]
                state = _ST_GAIN
                slot = (tt_mask + 1) * 2 + (rank & w[_CACHE_MASK])
                cached = t[slot]
                if cached >= 0 and cached >> 4 == rank:
                    w[_GAIN] = cached & 15
                    left -= w[_HIT_NODES]
                    nodes += w[_HIT_NODES]
                else:
                    w[_RANK] = rank
                    why = _PROBE
                    break
            else:
                state = _ST_PROBED
        if state == _ST_GAIN:
            # The table's value here (-1: it does not know the position): the mover's future
            # store gain g, so the final margin, for the side to move, is the stores' margin
            # plus 2g minus the seeds left in the pits.
            gain = w[_GAIN]
            if gain < 0:
                state = _ST_PROBED
            else:
                side = b[ob + _SIDE]
                m = b[sstore] - b[nstore]
                if side != _SOUTH:
                    m = -m
                m += gain + gain - (total - b[sstore] - b[nstore])
                if b[ob + _PERSP] != side:
                    m = -m
                # On the evaluation's scale (a seed of margin is _UNIT), not as a won game:
                # the leaves' store difference estimates the same margin, so the two compare
                # fairly (measured: tools/quality.py, docs/performance.md).
                value = m if exact else m * _UNIT
                state = _ST_RETURN
        if state == _ST_PROBED:
            # (A store holding more than half the seeds has won, but the search goes on:
            # the margin still counts, and perfect play maximises it.)
            dep = w[o + _DEPTH]
            side = b[ob + _SIDE]
            if dep <= 0 and exact == 0:
                # A leaf: the store difference, from the point of view of node d.
                value = (b[sstore] - b[nstore]) * _UNIT
                if b[ob + _PERSP] != _SOUTH:
                    value = -value
                state = _ST_RETURN
            elif dep <= frontier_at and d:
                # ----- a frontier node: every child is a leaf, valued by arithmetic -----
                # Each child's store gain, capture and row totals follow from this position
                # alone (laps, the last seed's hole), as sowing would give them, with no cell
                # touched: the hot path. Children are tried from the store backwards, with the
                # stack's cut-offs.
                alpha = w[o + _ALPHA]
                beta = w[o + _BETA]
                if side == _SOUTH:
                    base = 0
                    store = p
                    obase = p + 1
                    ostore = nstore
                else:
                    base = p + 1
                    store = nstore
                    obase = 0
                    ostore = p
                row = 0
                for k in range(base, store):
                    row += b[k]
                own0 = b[store]
                opp = b[ostore]
                orow = total - own0 - opp - row
                value = -_INF
                bm = -1
                n = 0
                s = store - 1
                while s >= base:
                    seeds = b[s]
                    if seeds:
                        n += 1
                        ds = store - s  # steps to the own store
                        laps = 0
                        r = seeds
                        if seeds >= lap:
                            laps = seeds // lap
                            r = seeds - laps * lap
                        gain = laps + (1 if r >= ds else 0)
                        # Seeds that land in each row: the first r holes after s, plus laps.
                        ro = row - seeds + laps * p + (r if r < ds else ds - 1)
                        if r > ds + p:
                            ro += r - ds - p
                        rp = orow + laps * p + (0 if r <= ds else (p if r >= ds + p else r - ds))
                        off = r if r else lap  # the last seed's hole, counted from s
                        if off < ds or off > ds + p:
                            last = s + off if off < ds else base + off - ds - p - 1
                            before = 0 if last == s else b[last]
                            if before + laps + (1 if r else 0) == 1:
                                opposite = p + p - last
                                taken = b[opposite] + laps + (1 if ds + 1 + opposite - obase <= r else 0)
                                if taken or empty_capture:
                                    gain += taken + 1
                                    ro -= 1
                                    rp -= taken
                        if ro == 0 or rp == 0:
                            # The game ends: leftovers to their owners, or all to the emptied
                            # side (Alga).
                            m = own0 + gain - opp
                            if (1 if ro == 0 else 0) == alga:
                                m += ro + rp
                            else:
                                m -= ro + rp
                            if w[_MARGIN_SCALE]:
                                v = m * _UNIT
                            elif m > 0:
                                v = _WIN - d - 1 + m * _WIN_UNIT
                            elif m < 0:
                                v = d + 1 - _WIN + m * _WIN_UNIT
                            else:
                                v = 0
                        else:
                            v = (own0 + gain - opp) * _UNIT
                        if v > value:
                            value = v
                            bm = s
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    break
                    s -= 1
                w[o + _BEST_MOVE] = bm
                nodes += n
                left -= n
                state = _ST_RETURN
            else:
                ttm = -1
                if dep >= tt_min or exact:
                    # ----- the transposition table: hash and probe -----
                    # (Skipped near the leaves: hashing costs more than it saves there.) Two
                    # 24-bit keys: every intermediate stays below 2**30.
                    h1 = side + 7
                    h2 = side + 13
                    for k in range(nstore):
                        v = b[k]
                        h1 = (h1 * 33 + v + 1) & _MASK24
                        h2 = ((h2 * 37) ^ (v * 131 + k)) & _MASK24
                    w[o + _KEY1] = h1
                    w[o + _KEY2] = h2
                    slot = (h1 & tt_mask) * 2
                    if t[slot] == (h2 << 6) | (h1 >> 18):
                        data = t[slot + 1]
                        ttm = (data >> 8) & 15
                        flag = (data >> 12) & 3
                        if d and (data & 255) >= dep:
                            v = (data >> 14) - _DATA_OFF
                            if v > _NEAR_WIN:
                                v -= d
                            elif v < -_NEAR_WIN:
                                v += d
                            if (
                                flag == _BOUND_EXACT
                                or (flag == _BOUND_LOWER and v >= w[o + _BETA])
                                or (flag == _BOUND_UPPER and v <= w[o + _ALPHA])
                            ):
                                value = v
                                w[o + _KEY2] = -1
                                state = _ST_RETURN
                if state == _ST_PROBED:
                    if d == 0 and w[_ROOT_MOVE] >= 0:
                        ttm = w[_ROOT_MOVE]
                    # ----- move ordering: the table's move, then store-ending moves (rightmost
                    # first, so the others stay playable), then captures, then the rest -----
                    base = 0 if side == _SOUTH else p + 1
                    store = base + p
                    out = ob + _MOVES
                    n = 0
                    ncap = 0
                    nrest = 0
                    if ttm >= base and ttm < store and b[ttm]:
                        b[out] = ttm
                        n = 1
                    k = store - 1
                    while k >= base:
                        seeds = b[k]
                        if seeds and k != ttm:
                            if seeds == store - k:
                                b[out + n] = k
                                n += 1
                            else:
                                land = k + seeds
                                if land < store and b[land] == 0 and b[p + p - land]:
                                    b[_CAPS + ncap] = k
                                    ncap += 1
                                else:
                                    b[_REST + nrest] = k
                                    nrest += 1
                        k -= 1
                    for k in range(ncap):
                        b[out + n] = b[_CAPS + k]
                        n += 1
                    for k in range(nrest):
                        b[out + n] = b[_REST + k]
                        n += 1
                    b[ob + _COUNT] = n
                    b[ob + _INDEX] = 0
                    w[o + _BEST] = -_INF
                    w[o + _BEST_MOVE] = -1
                    w[o + _ALPHA0] = w[o + _ALPHA]
                    state = _ST_NEXT
                    continue
        # ----- _ST_RETURN: node d's value is known -----
        if w[o + _KEY2] >= 0:
            # Its moves were searched: keep it in the transposition table. Win scores are
            # stored relative to this node, so they stay true at other plies.
            if value <= w[o + _ALPHA0]:
                flag = _BOUND_UPPER
            elif value >= w[o + _BETA]:
                flag = _BOUND_LOWER
            else:
                flag = _BOUND_EXACT
            v = value
            if v > _NEAR_WIN:
                v += d
            elif v < -_NEAR_WIN:
                v -= d
            dep = w[o + _DEPTH]
            if dep > 255:
                dep = 255
            slot = (w[o + _KEY1] & tt_mask) * 2
            t[slot] = (w[o + _KEY2] << 6) | (w[o + _KEY1] >> 18)
            t[slot + 1] = ((v + _DATA_OFF) << 14) | (flag << 12) | ((w[o + _BEST_MOVE] & 15) << 8) | dep
        if d == 0:
            # A depth is complete: hand control back so Python can report it.
            why = _ITERATION
            break
        # ----- unsow: undo the sowing from node d - 1 that led here -----
        s = b[ob + _START]
        code = w[o + _UNDO]
        child_persp = b[ob + _PERSP]
        d -= 1
        o -= _PLY_WORDS
        ob -= _PLY_BYTES
        n = code & 127
        taken = (code >> 7) & 127
        last = (code >> 17) & 15
        if b[ob + _SIDE] == _SOUTH:
            own = p
            lim = p + p
            skip = nstore
        else:
            own = nstore
            lim = nstore
            skip = p
        if taken:
            b[own] -= taken
            b[p + p - last] = taken - 1
            b[last] = 1
        if s + n <= lim:
            for k in range(s + 1, s + n + 1):
                b[k] -= 1
        else:
            k = last
            todo = n
            while todo:
                if k != skip:
                    b[k] -= 1
                    todo -= 1
                k -= 1
                if k < 0:
                    k = size - 1
        b[s] = n
        # ----- negamax: the child's value from node d's point of view -----
        v = value if child_persp == b[ob + _PERSP] else -value
        if d == 0 and w[_NOISE_AMP]:
            v += w[_NOISE + s - w[_ROOT_BASE]]
        state = _ST_NEXT
        if v > w[o + _BEST]:
            w[o + _BEST] = v
            w[o + _BEST_MOVE] = s
            if (code >> 14) & 7 == 1:  # an extra turn: its best line goes on
                b[ob + _CHAIN] = w[o + _PLY_WORDS + _BEST_MOVE] & 255  # (-1, unknown, is _NO_CELL)
                b[ob + _CHAIN + 1] = b[ob + _PLY_BYTES + _CHAIN]
                b[ob + _CHAIN + 2] = b[ob + _PLY_BYTES + _CHAIN + 1]
            else:
                b[ob + _CHAIN] = _NO_CELL
            if v > w[o + _ALPHA]:
                w[o + _ALPHA] = v
                if v >= w[o + _BETA]:
                    value = v  # a cut-off: node d returns too
                    state = _ST_RETURN
    w[_D] = d
    w[_STATE] = state
    w[_VALUE] = value
    w[_LEFT] = left
    w[_NODES] = nodes
    return why


_run = run

HALF = const(2)  # turn_depth: an extra-turn sowing costs half a ply
INF = const(30000)
# What an endgame-table probe counts against the budget: about its device time in nodes.
_PROBE_NODES = const(2)
# The probe cache's slots: one, since a hit counts as much as a miss (kalaha.search.searchcore).
_CACHE_SLOTS = const(1)
# A level's endgame budget applies once the pits hold at most this many seeds more than its
# endgame table covers (21 with the device's 14): the table is a few sowings away, so a node
# there buys exact values.
ENDGAME_REACH = const(7)
MAX_PLY = const(200)
_SLOTS = const(8)  # move slots per ply (P <= 6)
_MASK30 = const(0x3FFFFFFF)
# The transposition table's size, the device's included: 128 entries, 1 KB of heap; bigger
# tables play the same moves (docs/decisions.md).
_TABLE_BITS = const(7)

# run()'s ranking numbers while no endgame table is open (it reads them only with one).
_NO_RANKS = array("i", [0])


class Search:
    """One reusable searcher. start() a position, then step() until it returns True.

    Its state lives in three buffers allocated here, which kalaha.search.searchcore.run() steps
    through: `bytes` (the board's cells, then the stack's sides, moves and lines), `words`
    (32-bit: the registers, the stack's scores, depths and keys) and `tt` (the transposition
    table: a slot's stored key, h2 and h1's top six bits or -1, and its data word; then the
    probe cache: the endgame table's ranks and values). run() also reads the table's ranking
    numbers (kalaha.search.endgame.Ranker.words).
    """

    def __init__(self, tt_bits=_TABLE_BITS, max_ply=MAX_PLY, cache_slots=_CACHE_SLOTS):
        """cache_slots: the probe cache's size, a power of two."""
        self.table = None
        self.ranks = _NO_RANKS
        size = 1 << tt_bits
        m = max_ply
        self.max_ply = m
        self.bytes = bytearray(_BYTES + m * _PLY_BYTES)
        # The transposition table's slots, then the probe cache's (kalaha.search.searchcore).
        self.cache_at = 2 * size
        slots = cache_slots
        try:
            self.tt = array("i", [-1]) * (2 * size + slots)
            self.words = array("i", [0]) * (_PLY + m * _PLY_WORDS)
        except TypeError:  # MicroPython (the web page's WebAssembly port) repeats no array
            self.tt = array("i", [-1] * (2 * size + slots))
            self.words = array("i", [0] * (_PLY + m * _PLY_WORDS))
        w = self.words
        w[_TT_MASK] = size - 1
        w[_CACHE_MASK] = slots - 1
        w[_PLIES] = m
        self.rules = None
        self.pits = 0
        self.exact = False
        self.turn_depth = False
        self.root_base = 0
        self.root_first = -1  # the root's first legal pit's cell (Search.start)
        self.done = True
        # Hash and probe the table only this far from the leaves: nearer, hashing costs more
        # than the table saves (docs/decisions.md).
        self.tt_min_depth = 4
        # Iterative deepening in steps of two plies: fewer nodes, no weaker (docs/decisions.md).
        self.deepen = 2
        self.nodes = 0
        self.stop_early = False
        self.iter_depth = 0
        self.iter_from = 0
        self.iter_cost = 0
        self.max_depth = 0
        self.node_limit = 0
        self.best_index = -1
        self.best_pit = 0
        self.score = 0
        self.depth_done = 0
        # The principal line's next sowings when the best move earns an extra turn (cells,
        # NO_CELL ends it): the turn goes on with them instead of new searches (continuation()).
        self.line = bytearray(_LINE)
        self.from_ply = 0  # the searched board's ply, to recognise the positions after its move

    # ----- set up ---------------------------------------------------------------------

    def clear_table(self):
        tt = self.tt
        for i in range(0, self.cache_at, 2):
            tt[i] = -1

    def start(
        self,
        board,
        depth=64,
        nodes=1 << 30,
        noise=0,
        seed=1,
        exact=False,
        turn_depth=False,
        table=None,
        stop_early=False,
        probe_nodes=_PROBE_NODES,
        hit_nodes=None,
    ):
        """Begin searching `board` (its cells are copied; the board is never touched).

        depth: most sowings to look ahead; turn_depth: what a sowing that earns an extra turn
        costs: False a whole ply, True nothing (depth counts turns), HALF half a ply; nodes: total node
        budget; noise: Easy's random error in seeds, from the integer `seed`; exact: score
        only finished games (the solver); table: an endgame table
        (kalaha.search.endgame) whose exact values end the search wherever few enough seeds are left;
        stop_early: never begin an iteration the node budget is not expected to finish;
        probe_nodes: what a probe of the table counts against the budget; hit_nodes: what one
        the probe cache answers counts (None: the same).
        """
        if board.to_move is None:
            raise ValueError("the game is over: nothing to search")
        w = self.words
        b = self.bytes
        rules = board.rules()
        if rules != self.rules:
            self.rules = rules
            self.pits = board.pits
            w[_PITS] = board.pits
            w[_TOTAL] = board.total
            w[_EMPTY_CAPTURE] = 1 if board.empty_capture else 0
            w[_ALGA] = 1 if board.alga else 0
        self.table = table if table is not None and table.rules_match(board) else None
        # The table's ranking numbers, which run() reads to rank the positions it probes.
        self.ranks = self.table.ranker.words if self.table is not None else _NO_RANKS
        if self.table is not None:
            # The probe cache starts empty: a search's hits, and so its node count, depend on
            # its position alone (the command line's `move` plays what the device plays).
            tt = self.tt
            for i in range(self.cache_at, len(tt)):
                tt[i] = -1
        # With the table a finished game scores its margin on the evaluation's scale, as the
        # table's exact values do: a line that ends the game and one the table knows compare
        # by their margins (on the WIN scale a game-ending loss by 2 looked worse than a known
        # loss by 6; docs/decisions.md).
        w[_MARGIN_SCALE] = 1 if self.table is not None else 0
        w[_TMAX] = self.table.max_seeds if self.table is not None else -1
        src = board.cells
        for i in range(len(src)):
            b[i] = src[i]
        self.max_depth = min(depth, self.max_ply - 2)
        self.node_limit = nodes
        w[_LIMIT] = nodes
        self.probe_nodes = probe_nodes
        w[_HIT_NODES] = probe_nodes if hit_nodes is None else hit_nodes
        self.exact = exact
        w[_EXACT] = 1 if exact else 0
        self.turn_depth = turn_depth
        # Depth used by a sowing that keeps the turn, and by one that passes it (half plies).
        w[_DEC_SAME] = 0 if (exact or turn_depth is True) else (1 if turn_depth == HALF else 2)
        w[_DEC_FLIP] = 0 if exact else 2
        w[_TT_MIN] = 2 * self.tt_min_depth
        self.stop_early = stop_early
        self.iter_cost = 0  # the last completed iteration's nodes
        self.nodes = 0
        w[_NODES] = 0
        self.best_index = -1
        w[_ROOT_MOVE] = -1
        self.best_pit = 0
        self.score = 0
        self.depth_done = 0
        w[_DEPTH_DONE] = 0
        self.line[0] = _NO_CELL
        self.done = False
        w[_NOISE_AMP] = noise
        turn = board.turn
        self.from_ply = board.ply
        p = self.pits
        base = 0 if turn == SOUTH else p + 1
        self.root_base = base
        w[_ROOT_BASE] = base
        rnd = (seed * 1103515245 + 12345) & _MASK30
        for i in range(_SLOTS):
            rnd = (rnd * 1103515245 + 12345) & _MASK30
            w[_NOISE + i] = ((rnd >> 8) % (2 * noise * _UNIT + 1)) - noise * _UNIT if noise else 0
        b[_BYTES + _SIDE] = turn
        b[_BYTES + _PERSP] = turn
        w[_PLY + _UNDO] = 0
        # The root's first legal pit: the move when there is no other, or when the search is
        # stopped before it has valued any (the stack may still hold another position's).
        first = -1
        count = 0
        for i in range(base, base + p):
            if b[i]:
                count += 1
                if first < 0:
                    first = i
        self.root_first = first
        if count == 1 and not exact:
            self._finish_with(first, 0, 0)
            return
        self._begin_iteration(min(self.deepen, self.max_depth))

    def _begin_iteration(self, depth):
        w = self.words
        self.iter_depth = depth
        self.iter_from = self.nodes
        w[_D] = 0
        w[_STATE] = _ST_ENTER
        w[_VALUE] = 0
        self.bytes[_BYTES + _CHAIN] = _NO_CELL
        w[_PLY + _ALPHA] = -INF
        w[_PLY + _BETA] = INF
        w[_PLY + _BEST] = -INF
        self.bytes[_BYTES + _INDEX] = 0
        # The solver never stops at a depth: it keeps one fixed depth all the way down.
        # Depth is kept in half-plies, so an extra-turn sowing can cost half a ply (HALF).
        w[_PLY + _DEPTH] = 250 if self.exact else 2 * depth

    def _finish_with(self, index, score, depth):
        self.best_index = index
        self.words[_ROOT_MOVE] = index
        self.best_pit = self._pit(index)
        self.score = score
        self.depth_done = depth
        self.words[_DEPTH_DONE] = depth
        self.done = True

    def continuation(self, board):
        """The pit this search chose to sow on `board` when `board` follows its best move by
        extra-turn sowings of its principal line, else 0 (unknown: search again). The line was
        searched as deep as the move itself, less the half plies its sowings cost."""
        k = board.ply - self.from_ply - 1
        if not self.done or k < 0 or k >= _LINE or board.to_move != self.bytes[_BYTES + _SIDE]:
            return 0
        if board.moves_at(self.from_ply) != self.best_pit:
            return 0
        line = self.line
        for i in range(k):
            if board.moves_at(self.from_ply + 1 + i) != self._pit(line[i]):
                return 0
        return self._pit(line[k]) if line[k] != _NO_CELL else 0

    def _pit(self, cell):
        return cell + 1 if cell < self.pits else cell - self.pits

    def _keep_line(self):
        for i in range(_LINE):
            self.line[i] = self.bytes[_BYTES + _CHAIN + i]

    def stop(self):
        """Stop now (the caller's clock ran out): keep the best move found so far."""
        if not self.done:
            self._abort()

    def _abort(self):
        # (The cells keep the line searched: start() copies a board's anew.)
        w = self.words
        w[_D] = 0
        best = w[_PLY + _BEST]
        # A root move that beat the previous best (searched first) at the new depth is better.
        if best > -INF and self.bytes[_BYTES + _INDEX] > 1:
            self._keep_line()
            self._finish_with(w[_PLY + _BEST_MOVE], best, self.depth_done)
        elif self.best_index < 0:
            # No iteration finished: this one's first root move if it was valued, else the
            # root's first legal pit (stopped before any step).
            if best > -INF:
                self._keep_line()
                self._finish_with(w[_PLY + _BEST_MOVE], best, 0)
            else:
                self._finish_with(self.root_first, 0, 0)
        else:
            self.done = True  # the last finished iteration's move stands

    # ----- the search loop ----------------------------------------------------------------

    def step(self, budget):
        """Search at most `budget` more nodes (at least P+1). Returns True when finished.

        Also returns (False) after each completed depth, so think() can report it.
        """
        if self.done:
            return True
        w = self.words
        w[_LEFT] = budget
        w[_BUDGET] = budget
        while True:
            why = _run(self.bytes, w, self.tt, self.ranks)
            self.nodes = w[_NODES]
            if why == _SLICE:
                return False
            if why == _ITERATION:
                self._iteration_done(w[_VALUE])
                return self.done
            if why == _PROBE:
                self._probe()
            elif why == _OUT_OF_NODES:
                self._abort()
                return True
            else:  # TOO_DEEP
                raise ValueError("game longer than the search stack")

    def _probe(self):
        """Node D's position is not in the probe cache: read the endgame table at the rank run()
        left (_RANK) into _GAIN (-1: not known, and the search goes on below the node), and
        keep it in the cache."""
        w = self.words
        rank = w[_RANK]
        try:
            g = self.table.value_at(rank, False)  # checked blocks only: no stall
        except ValueError:  # a damaged block: search on without the table
            self.table = None
            w[_TMAX] = -1
            g = -1
        w[_GAIN] = g
        if g < 0:
            return
        self.tt[self.cache_at + (rank & w[_CACHE_MASK])] = rank << 4 | g
        # A probe costs about as much device time as this many nodes.
        w[_NODES] += self.probe_nodes
        w[_LEFT] -= self.probe_nodes
        self.nodes = w[_NODES]

    def _iteration_done(self, value):
        w = self.words
        self.best_index = w[_PLY + _BEST_MOVE]
        w[_ROOT_MOVE] = self.best_index
        self._keep_line()
        self.best_pit = self._pit(self.best_index)
        self.score = value
        self.depth_done = self.iter_depth
        w[_DEPTH_DONE] = self.iter_depth
        deeper = self.iter_depth + self.deepen
        if deeper > self.max_depth and self.iter_depth < self.max_depth:
            deeper = self.max_depth
        # A won or lost line found does not end the thinking: a deeper iteration can still
        # find a bigger margin (issue 23; docs/decisions.md).
        # With stop_early no iteration is begun that is expected to overrun the budget (one cut
        # short mostly wastes its nodes): its cost predicted from the growth between the last
        # two, at least 1.5 times the last (docs/decisions.md).
        overrun = False
        if self.stop_early:
            cost = self.nodes - self.iter_from  # (within the budget: its square a small int)
            grow = cost * cost // self.iter_cost if self.iter_cost else 4 * cost
            if grow < cost * 3 // 2:
                grow = cost * 3 // 2
            self.iter_cost = cost
            overrun = self.nodes + grow > self.node_limit
        if self.exact or deeper > self.max_depth or self.nodes >= self.node_limit or overrun:
            self.done = True
            return
        self._begin_iteration(deeper)
