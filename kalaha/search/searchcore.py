"""The search's inner loop (kalaha.search.ai.Search's nodes) over preallocated buffers, one function
that sows, unsows, values, orders and keeps the transposition table inline.

Every value stored fits its buffer (bytes 0..255, words 32-bit signed), no intermediate leaves
31 bits (a small int on the device: no long on the heap), and it allocates nothing. Written for
bytecode: the hot names are locals, a ply's values live in arrays indexed by the ply itself,
and the nodes the budget names are the same as before this layout (tests/samesearch.txt).
"""

from kalaha.compat import const

# ----- the buffers' layout (kalaha.search.ai.Search allocates them once) --------------------------------
# (Names with a leading _: MicroPython then keeps a const out of the module's globals, off the
# heap. kalaha.search.ai has the ones it needs, the same: tests/test_ai.py checks.)
# b (bytearray): the board's cells.
# w (array 'i'): the registers, Easy's noise per root move.
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
_ROOT_COUNT = const(35)  # the root's moves (its list's length when ordered)
_NOISE = const(24)  # 8 words: the noise added to each root move (by pit)
_REGISTERS = const(36)

# ply (a tuple of arrays 'i', one word a ply each, indexed by the ply):
# al, be: alpha and beta; bs, bm: the best value and its move (a cell, -1 unknown); a0: alpha on
# entry (the table's bound); dp: depth left in half plies; k1, k2: the position's two 24-bit
# hashes (k2 -1: not to be stored); ud: how the sowing that led here is undone (its code, below);
# mv: the moves still to try, a nibble each (cell + 1), the next lowest; ch: the best line's
# extra-turn sowings after the best move (3 bytes, 255 ends it); sd: the side to move (the scores'
# point of view); rw: the mover's row's seeds where the children that pass the turn are leaves
# (valued without sowing them), else -1.
_NO_CELL = const(255)  # ends a line

# ranks (array 'i'): the endgame table's ranking numbers (kalaha.search.endgame.Ranker.words: where each
# count of seeds starts among the ranks, then the rank's terms), read only when _TMAX >= 0.

# t (array 'i'): the transposition table, two words a slot: the stored key (h2 and h1's top 6
# bits; -1 empty) and the data (value, bound, move, depth); then the probe cache, a word a slot:
# an endgame-table rank and its value (rank << 4 | value; -1 empty), slot = rank's low bits.

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
_ST_RETURN = const(3)  # node D's value is known (a leaf's, the table's: nothing to store)
_ST_GAIN = const(4)  # the endgame table's value at node D is in _GAIN
_ST_STORE = const(5)  # node D's moves are searched: its value goes to the transposition table

# The undo code: bits 0-6 seeds sown, 7-13 captured + 1, 14 extra turn, 15-16 row emptied (1
# South's, 2 North's), 17-20 the last cell, 21-24 the cell sown.
_SAME_SIDE = const(0x1C000)  # an extra turn or the game's end: the child has the same side
_EXTRA = const(0x4000)

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
_FAR = const(0x3FFFFFFF)


def run(b, w, t, ranks, ply):
    """Search on from the registers' node and state until the slice is used up or Python is
    needed; returns why (_SLICE, _ITERATION, _OUT_OF_NODES, _PROBE, _TOO_DEEP).

    An explicit stack (sunfish-style stepping) in sections a node passes in turn: NEXT (its next
    move: a leaf valued at once, else sown and the child entered), ENTER (count it; a finished
    game, the endgame table, a leaf, a frontier node, a table cut-off, or its moves ordered) and
    RETURN (keep its value in the table, unsow, negamax with alpha-beta), so the common steps
    fall through to the next.
    """
    al, be, bs, bm, a0, dp, k1, k2, ud, mv, ch, sd, rw = ply
    d = w[_D]
    state = w[_STATE]
    value = w[_VALUE]
    left = w[_LEFT]
    p = w[_PITS]
    p1 = p + 1
    p2 = p + p
    nstore = p2 + 1
    size = p2 + 2
    lap = p2 + 1  # holes in one lap (the opponent's store is skipped)
    total = w[_TOTAL]
    exact = w[_EXACT]
    empty_capture = w[_EMPTY_CAPTURE]
    alga = w[_ALGA]
    dec_same = w[_DEC_SAME]
    dec_flip = w[_DEC_FLIP]
    # A frontier node: every child is a leaf (depth <= 0) whichever sowing it follows.
    frontier_at = dec_same if dec_same < dec_flip else dec_flip
    tt_min = w[_TT_MIN]
    tmax = w[_TMAX]
    table = tmax >= 0
    tt_mask = w[_TT_MASK]
    last_ply = w[_PLIES] - 1
    budget = w[_BUDGET]
    margin_scale = w[_MARGIN_SCALE]
    # Nodes are counted down in `left` alone (nodes = nodes0 + left0 - left): the node budget is
    # spent once left <= stop_left, and one comparison (left <= thr) guards the rare checks.
    nodes0 = w[_NODES] + left
    stop_left = nodes0 - w[_LIMIT] if w[_DEPTH_DONE] else -_FAR
    thr = p if p > stop_left else stop_left
    code = ud[d]
    dep = dp[d]
    side = sd[d]
    # The mover's row, store, the other's store (skipped when sowing), the last hole before
    # wrapping, and the other's row: kept for `side`, set again whenever it changes.
    if side == _SOUTH:
        base = 0
        own = p
        skip = nstore
        lim = p2
        obase = p1
    else:
        base = p1
        own = nstore
        skip = p
        lim = nstore
        obase = 0
    why = _SLICE
    while True:
        if not state:  # (_ST_NEXT)
            lst = mv[d]
            if lst:
                s = (lst & 15) - 1
                n = b[s]
                row = rw[d]
                if row >= 0:
                    # ----- a child that passes the turn is a leaf: valued by arithmetic, unsown,
                    # as the frontier values its children (below), when it is one: no extra turn,
                    # and not a position for the endgame table -----
                    ds = own - s  # steps to the own store
                    laps = 0
                    r = n
                    if n >= lap:
                        laps = n // lap
                        r = n - laps * lap
                    if (r if r else lap) != ds:
                        own0 = b[own]
                        opp = b[skip]
                        gain = laps + (1 if r >= ds else 0)
                        ro = row - n + laps * p + (r if r < ds else ds - 1)
                        if r > ds + p:
                            ro += r - ds - p
                        rp = total - own0 - opp - row + laps * p
                        if r > ds:
                            rp += p if r >= ds + p else r - ds
                        off = r if r else lap  # the last seed's hole, counted from s
                        if off < ds or off > ds + p:
                            last = s + off if off < ds else base + off - ds - p - 1
                            before = 0 if last == s else b[last]
                            if before + laps + (1 if r else 0) == 1:
                                opposite = p2 - last
                                taken = b[opposite] + laps + (1 if ds + 1 + opposite - obase <= r else 0)
                                if taken or empty_capture:
                                    gain += taken + 1
                                    ro -= 1
                                    rp -= taken
                        if not ro or not rp:
                            # The game ends (the child keeps the side): leftovers to their
                            # owners, or all to the emptied side (Alga).
                            m = own0 + gain - opp
                            if (1 if ro == 0 else 0) == alga:
                                m += ro + rp
                            else:
                                m -= ro + rp
                            if margin_scale:
                                v = m * _UNIT
                            elif m > 0:
                                v = _WIN - d - 1 + m * _WIN_UNIT
                            elif m < 0:
                                v = d + 1 - _WIN + m * _WIN_UNIT
                            else:
                                v = 0
                            ended = 1
                        elif not table or total - own0 - gain - opp > tmax:
                            v = (own0 + gain - opp) * _UNIT
                            ended = 0
                        else:
                            row = -1  # the table's: sown and probed
                        if row >= 0:
                            # The child's node, counted as if entered (the same checks).
                            if left <= thr:
                                if left <= 0:
                                    break
                                if left <= p and left < budget:
                                    if not ended or dp[d] - dec_same <= frontier_at:
                                        break
                                if left <= stop_left:
                                    why = _OUT_OF_NODES
                                    break
                            mv[d] = lst >> 4
                            left -= 1
                            if v > bs[d]:
                                bs[d] = v
                                bm[d] = s
                                ch[d] |= _NO_CELL
                                if v > al[d]:
                                    al[d] = v
                                    if v >= be[d]:
                                        value = v  # a cut-off: node d returns too
                                        state = _ST_STORE
                            continue
                    elif (
                        n == ds
                        and row > 1
                        and 0 < dp[d] - dec_same <= frontier_at
                        and d + 1 < last_ply
                        and (not table or total - b[own] - 1 - b[skip] > tmax)
                    ):
                        # ----- an extra turn whose child is a frontier node (neither the game's
                        # end nor the table's): valued as the frontier values its children, on
                        # the board it would sow (pit s empty, one more seed in each pit after
                        # it and in the store), unsown -----
                        if left <= thr:
                            if left <= 0:
                                break
                            if left <= p and left < budget:
                                break  # (a frontier node waits for a slice with room)
                            if left <= stop_left:
                                why = _OUT_OF_NODES
                                break
                        mv[d] = lst >> 4
                        left -= 1
                        alpha = al[d]
                        beta = be[d]
                        row -= 1
                        own0 = b[own] + 1
                        opp = b[skip]
                        orow = total - own0 - opp - row
                        value = -_INF
                        bmv = -1
                        c = own - 1
                        while c >= base:
                            seeds = b[c]
                            if c > s:
                                seeds += 1
                            elif c == s:
                                seeds = 0
                            if seeds:
                                left -= 1
                                ds = own - c
                                laps = 0
                                r = seeds
                                if seeds >= lap:
                                    laps = seeds // lap
                                    r = seeds - laps * lap
                                gain = laps + (1 if r >= ds else 0)
                                ro = row - seeds + laps * p + (r if r < ds else ds - 1)
                                if r > ds + p:
                                    ro += r - ds - p
                                rp = orow + laps * p + (0 if r <= ds else (p if r >= ds + p else r - ds))
                                off = r if r else lap
                                if off < ds or off > ds + p:
                                    last = c + off if off < ds else base + off - ds - p - 1
                                    if last == c:
                                        before = 0
                                    elif last > s:
                                        before = b[last] + 1
                                    elif last < s:
                                        before = b[last]
                                    else:
                                        before = 0
                                    if before + laps + (1 if r else 0) == 1:
                                        opposite = p2 - last
                                        taken = b[opposite] + laps
                                        if ds + 1 + opposite - obase <= r:
                                            taken += 1
                                        if taken or empty_capture:
                                            gain += taken + 1
                                            ro -= 1
                                            rp -= taken
                                if not ro or not rp:
                                    m = own0 + gain - opp
                                    if (1 if ro == 0 else 0) == alga:
                                        m += ro + rp
                                    else:
                                        m -= ro + rp
                                    if margin_scale:
                                        v = m * _UNIT
                                    elif m > 0:
                                        v = _WIN - d - 2 + m * _WIN_UNIT
                                    elif m < 0:
                                        v = d + 2 - _WIN + m * _WIN_UNIT
                                    else:
                                        v = 0
                                else:
                                    v = (own0 + gain - opp) * _UNIT
                                if v > value:
                                    value = v
                                    bmv = c
                                    if v > alpha:
                                        alpha = v
                                        if v >= beta:
                                            break
                            c -= 1
                        # (What entering the child would have left in its ply: its move, its
                        # line's end, read when its line is the best.)
                        d1 = d + 1
                        bm[d1] = bmv
                        ch[d1] |= _NO_CELL
                        v = value
                        if v > bs[d]:
                            bs[d] = v
                            bm[d] = s
                            ch[d] = (bmv & 255) | ((ch[d1] & 0xFFFF) << 8)
                            if v > al[d]:
                                al[d] = v
                                if v >= be[d]:
                                    state = _ST_STORE  # a cut-off: node d returns too
                        continue
                # ----- sow cell s for `side`; code: how to undo it, and what it did -----
                # The end-of-game sweep is not done: the final margin comes from the stores and
                # what is left.
                mv[d] = lst >> 4
                b[s] = 0
                last = s + n
                if last <= lim:
                    # No wrap and no store to skip: the first two seeds, then a loop.
                    k = s + 1
                    b[k] += 1
                    if n > 1:
                        b[k + 1] += 1
                        if n > 2:
                            for k in range(s + 3, last + 1):
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
                code = n | (last << 17) | (s << 21)
                ended = 0
                if last == own:
                    code |= _EXTRA
                elif base <= last and last < own and b[last] == 1:
                    opposite = p2 - last
                    taken = b[opposite]
                    if taken or empty_capture:
                        b[own] += taken + 1
                        b[opposite] = 0
                        b[last] = 0
                        code |= (taken + 1) << 7
                        if taken:
                            # A capture is the only way the opponent's row can empty.
                            k = obase
                            while k < obase + p and not b[k]:
                                k += 1
                            if k == obase + p:
                                ended = 2 - side
                if not ended and (s + 1 == own or not b[s + 1]):
                    # (The pit after s took a seed unless s is the last pit or it was captured:
                    # only then can the mover's row be empty.)
                    k = base
                    while k < own and not b[k]:
                        k += 1
                    if k == own:
                        ended = side + 1
                code |= ended << 15
                # ----- enter the child -----
                d1 = d + 1
                ud[d1] = code
                if code & _SAME_SIDE:  # extra turn or game over: same side, same window
                    bm[d1] = -1  # (known once the child is searched)
                    ch[d1] |= _NO_CELL
                    sd[d1] = side
                    al[d1] = al[d]
                    be[d1] = be[d]
                    dep = dp[d] - dec_same
                else:
                    side = 1 - side
                    sd[d1] = side
                    al[d1] = -be[d]
                    be[d1] = -al[d]
                    dep = dp[d] - dec_flip
                    if side == _SOUTH:
                        base = 0
                        own = p
                        skip = nstore
                        lim = p2
                        obase = p1
                    else:
                        base = p1
                        own = nstore
                        skip = p
                        lim = nstore
                        obase = 0
                d = d1
                if d >= last_ply:
                    if exact:
                        dp[d] = dep
                        why = _TOO_DEEP
                        break
                    dep = 0
                dp[d] = dep
                state = _ST_ENTER
            else:
                value = bs[d]  # every move searched: return the best
                state = _ST_STORE
        if state == _ST_ENTER:
            if left <= thr:
                if left <= 0:
                    break
                if dep <= frontier_at and d and left <= p and left < budget:
                    # A frontier node scores all its children at once: wait for a slice with
                    # room for them, so the search never depends on the slice size. (Only a
                    # slice smaller than P+1 nodes can end up to P nodes over its budget.)
                    break
                if left <= stop_left:
                    why = _OUT_OF_NODES
                    break
            left -= 1
            if code & 0x18000:
                # A finished game: the final margin from the stores and what is left.
                ended = (code >> 15) & 3
                m = b[p] - b[nstore]
                rem = total - b[p] - b[nstore]
                # Default: each side keeps its row; Alga: the emptied side takes everything left.
                if (1 if ended == 1 else 0) == alga:
                    m += rem
                else:
                    m -= rem
                if side != _SOUTH:
                    m = -m
                if exact:
                    value = m
                elif margin_scale:
                    value = m * _UNIT
                elif m > 0:
                    value = _WIN - d + m * _WIN_UNIT
                elif m < 0:
                    value = d - _WIN + m * _WIN_UNIT
                else:
                    value = 0
                state = _ST_RETURN
            elif table and d and total - b[p] - b[nstore] <= tmax:
                # Few enough seeds for the endgame table: its rank here (as kalaha.search.endgame.
                # Ranker.rank: the mover's pits, then the other's, stars and bars), looked up
                # in the probe cache; on a miss the caller reads the file (_PROBE) and sets
                # _GAIN.
                at = tmax + 2  # (the terms of pit 1, after the counts' starts)
                prefix = 0
                rank = 0
                i = 0
                while i < p2 - 1:
                    if i < p:
                        prefix += b[base + i]
                    else:
                        prefix += b[obase + i - p]
                    rank += ranks[at + prefix]
                    at += tmax + 1
                    i += 1
                rank += ranks[prefix + b[obase + p - 1]]
                state = _ST_GAIN
                slot = (tt_mask + 1) * 2 + (rank & w[_CACHE_MASK])
                cached = t[slot]
                if cached >= 0 and cached >> 4 == rank:
                    w[_GAIN] = cached & 15
                    left -= w[_HIT_NODES]
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
                m = b[own] - b[skip]
                m += gain + gain - (total - b[p] - b[nstore])
                # On the evaluation's scale (a seed of margin is _UNIT), not as a won game:
                # the leaves' store difference estimates the same margin, so the two compare
                # fairly (measured: tools/quality.py, docs/performance.md).
                value = m if exact else m * _UNIT
                state = _ST_RETURN
        if state == _ST_PROBED:
            # (A store holding more than half the seeds has won, but the search goes on:
            # the margin still counts, and perfect play maximises it.)
            if dep <= 0 and not exact:
                # A leaf: the store difference, from the point of view of node d.
                value = (b[own] - b[skip]) * _UNIT
                state = _ST_RETURN
            elif dep <= frontier_at and d:
                # ----- a frontier node: every child is a leaf, valued by arithmetic -----
                # Each child's store gain, capture and row totals follow from this position
                # alone (laps, the last seed's hole), as sowing would give them, with no cell
                # touched: the hot path. Children are tried from the store backwards, with the
                # stack's cut-offs.
                alpha = al[d]
                beta = be[d]
                row = 0
                for k in range(base, own):
                    row += b[k]
                own0 = b[own]
                opp = b[skip]
                orow = total - own0 - opp - row
                value = -_INF
                bmv = -1
                n = 0
                s = own - 1
                while s >= base:
                    seeds = b[s]
                    if seeds:
                        n += 1
                        ds = own - s  # steps to the own store
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
                                opposite = p2 - last
                                taken = b[opposite] + laps + (1 if ds + 1 + opposite - obase <= r else 0)
                                if taken or empty_capture:
                                    gain += taken + 1
                                    ro -= 1
                                    rp -= taken
                        if not ro or not rp:
                            # The game ends: leftovers to their owners, or all to the emptied
                            # side (Alga).
                            m = own0 + gain - opp
                            if (1 if ro == 0 else 0) == alga:
                                m += ro + rp
                            else:
                                m -= ro + rp
                            if margin_scale:
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
                            bmv = s
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    break
                    s -= 1
                bm[d] = bmv
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
                    k1[d] = h1
                    k2[d] = h2
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
                                or (flag == _BOUND_LOWER and v >= be[d])
                                or (flag == _BOUND_UPPER and v <= al[d])
                            ):
                                value = v
                                state = _ST_RETURN
                else:
                    k2[d] = -1  # (not stored)
                if state == _ST_PROBED:
                    if d == 0 and w[_ROOT_MOVE] >= 0:
                        ttm = w[_ROOT_MOVE]
                    # ----- move ordering: the table's move, then store-ending moves (rightmost
                    # first, so the others stay playable), then captures, then the rest; three
                    # lists of nibbles (cell + 1) joined into one -----
                    first = 0  # the table's move and the store-ending moves ...
                    fs = 0  # (... their bits)
                    caps = 0
                    cs = 0
                    rest = 0
                    rs = 0
                    row = 0
                    if ttm >= base and ttm < own and b[ttm]:
                        # (Rare: the table's move or the root's. The scan skips it.)
                        first = ttm + 1
                        fs = 4
                        k = own - 1
                        while k >= base:
                            seeds = b[k]
                            if seeds:
                                row += seeds
                                if k == ttm:
                                    pass
                                elif seeds == own - k:
                                    first |= (k + 1) << fs
                                    fs += 4
                                else:
                                    land = k + seeds
                                    if land < own and not b[land] and b[p2 - land]:
                                        caps |= (k + 1) << cs
                                        cs += 4
                                    else:
                                        rest |= (k + 1) << rs
                                        rs += 4
                            k -= 1
                    else:
                        k = own - 1
                        while k >= base:
                            seeds = b[k]
                            if seeds:
                                row += seeds
                                if seeds == own - k:
                                    first |= (k + 1) << fs
                                    fs += 4
                                else:
                                    land = k + seeds
                                    if land < own and not b[land] and b[p2 - land]:
                                        caps |= (k + 1) << cs
                                        cs += 4
                                    else:
                                        rest |= (k + 1) << rs
                                        rs += 4
                            k -= 1
                    mv[d] = first | (caps << fs) | (rest << (fs + cs))
                    # The children that pass the turn are leaves: valued in NEXT (not at the
                    # root, whose moves Search counts).
                    rw[d] = row if dep <= dec_flip and d else -1
                    if d == 0:
                        w[_ROOT_COUNT] = (fs + cs + rs) >> 2
                    bs[d] = -_INF
                    bm[d] = -1
                    a0[d] = al[d]
                    state = _ST_NEXT
                    continue
        # ----- node d's value is known (_ST_RETURN, _ST_STORE) -----
        if state == _ST_STORE:
            h2 = k2[d]
            if h2 >= 0:
                # Its moves were searched: keep it in the transposition table. Win scores are
                # stored relative to this node, so they stay true at other plies.
                if value <= a0[d]:
                    flag = _BOUND_UPPER
                elif value >= be[d]:
                    flag = _BOUND_LOWER
                else:
                    flag = _BOUND_EXACT
                v = value
                if v > _NEAR_WIN:
                    v += d
                elif v < -_NEAR_WIN:
                    v -= d
                dep = dp[d]
                if dep > 255:
                    dep = 255
                h1 = k1[d]
                slot = (h1 & tt_mask) * 2
                t[slot] = (h2 << 6) | (h1 >> 18)
                t[slot + 1] = ((v + _DATA_OFF) << 14) | (flag << 12) | ((bm[d] & 15) << 8) | dep
        if d == 0:
            # A depth is complete: hand control back so Python can report it.
            why = _ITERATION
            break
        # ----- unsow: undo the sowing from node d - 1 that led here -----
        code = ud[d]
        d -= 1
        if not code & _SAME_SIDE:
            side = 1 - side
            if side == _SOUTH:
                base = 0
                own = p
                skip = nstore
                lim = p2
                obase = p1
            else:
                base = p1
                own = nstore
                skip = p
                lim = nstore
                obase = 0
            value = -value  # (negamax: the child's value from node d's point of view)
        s = (code >> 21) & 15
        n = code & 127
        taken = (code >> 7) & 127
        if taken:
            last = (code >> 17) & 15
            b[own] -= taken
            b[p2 - last] = taken - 1
            b[last] = 1
        if s + n <= lim:
            k = s + 1
            b[k] -= 1
            if n > 1:
                b[k + 1] -= 1
                if n > 2:
                    for k in range(s + 3, s + n + 1):
                        b[k] -= 1
        else:
            k = (code >> 17) & 15
            todo = n
            while todo:
                if k != skip:
                    b[k] -= 1
                    todo -= 1
                k -= 1
                if k < 0:
                    k = size - 1
        b[s] = n
        # ----- negamax with alpha-beta -----
        v = value
        if d == 0 and w[_NOISE_AMP]:
            v += w[_NOISE + s - w[_ROOT_BASE]]
        state = _ST_NEXT
        if v > bs[d]:
            bs[d] = v
            bm[d] = s
            if code & _SAME_SIDE == _EXTRA:  # an extra turn: its best line goes on
                ch[d] = (bm[d + 1] & 255) | ((ch[d + 1] & 0xFFFF) << 8)  # (-1, unknown: _NO_CELL)
            else:
                ch[d] |= _NO_CELL
            if v > al[d]:
                al[d] = v
                if v >= be[d]:
                    value = v  # a cut-off: node d returns too
                    state = _ST_STORE
    w[_D] = d
    w[_STATE] = state
    w[_VALUE] = value
    w[_LEFT] = left
    w[_NODES] = nodes0 - left
    return why
