"""Reading the saved data at start-up: the journal replayed into the Store, every record's
check, every game validated by the rules engine. Imported once by kalaha.saved.store.Store and let
go after (its code is needed only then).
"""

from kalaha.compat import const, crc32, forget
from kalaha.rules.board import DRAW, END_EMPTY, END_TIME, MAX_PITS, Board
from kalaha.saved.choices import SETTING_CHOICES
from kalaha.saved.journal import (
    CHOICE_KEYS,
    DEFAULT_SETTINGS,
    HEADER,
    HISTORY,
    LATER_KEYS,
    MAGIC0,
    MAGIC1,
    N_STATS,
    OLD_VERSION,
    R_END,
    R_MOVE,
    R_NEWGAME,
    R_RESET_STATS,
    R_SETTINGS,
    R_SNAPSHOT,
    R_UNDO,
    RING_MODE,
    SETTING_KEYS,
    SIZE,
    STORED_STATS,
    VERSION,
    Damaged,
    History,
    SavedGame,
)

_R_CLOCK = const(8)  # a timed game's clocks mid-turn (kalaha.saved.clock writes it)
_R_PUZZLE = const(9)  # a puzzle tried (Store.puzzle_tried)


def fletcher16(data, start, end):
    """Fletcher-16 over data[start:end]: version 1's check (reading old saves only)."""
    a = 0
    b = 0
    for i in range(start, end):
        a = (a + data[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a


def load(store):
    """Read the flash into the image and replay the journal; never raises."""
    data = store.image
    try:
        reader = getattr(store.flash, "readinto", None)
        if reader is not None:
            reader(data)
        else:
            got = store.flash.read()
            if len(got) != SIZE:
                _fresh(store, "Save damaged: all new")
                return
            data[:] = got
    except Exception:  # a failing flash must never stop the game
        _fresh(store, "Save lost: all new")
        return
    if data[0] == 0xFF and data[1] == 0xFF and data[2] == 0xFF:
        # Never written (a new device), or a power cut right after a compaction's erase:
        # the two look the same, so say it either way.
        _fresh(store, "")  # (a new device: the help opens, nothing to say)
        store.blank = True
        return
    if data[0] != MAGIC0 or data[1] != MAGIC1:
        _fresh(store, "Unknown save: all new")
        return
    version = data[2]
    if version != VERSION and version != OLD_VERSION:
        _fresh(store, "Newer save: all new" if version > VERSION else "Unknown save: all new")
        return
    check = 4 if version == VERSION else 2
    pos = HEADER
    try:
        while pos < SIZE and data[pos] != 0xFF:
            if pos + 3 + check > SIZE:
                store.message = "Part lost: rest kept"
                break
            length = data[pos + 1] | (data[pos + 2] << 8)
            end = pos + 3 + length
            if end + check > SIZE or not _check(store, data, pos, end, check):
                store.message = "Part lost: rest kept"
                break
            try:
                _apply(store, data, data[pos], pos + 3, end)
            except (IndexError, ValueError, KeyError, TypeError):
                store.message = "Part lost: rest kept"
                break
            pos = end + check
    except Exception:  # nothing in the data may stop the game
        _fresh(store, "Save damaged: all new")
        return
    _validate(store)
    store.pos = pos
    # Everything after the journal must still be erased, or the next append would erase;
    # an old version is rewritten in the new one.
    store.needs_compaction = version != VERSION
    for i in range(pos, SIZE):
        if data[i] != 0xFF:
            store.needs_compaction = True
            break


def _check(store, data, pos, end, check):
    if check == 2:
        return fletcher16(data, pos, end) == (data[end] | (data[end + 1] << 8))
    stored = data[end] | (data[end + 1] << 8) | (data[end + 2] << 16) | (data[end + 3] << 24)
    return crc32(data, pos, end) == stored


def _validate(store):
    """Keep only games the rules engine can replay: nothing loaded can crash a screen."""
    kept = History()
    for i in range(len(store.history)):
        g = store.history[i]
        if g.result >= 0 and (ring_replays(g) if g.mode == RING_MODE else two_player_replays(g)):
            kept.append(g)
    if len(kept) != len(store.history):
        store.history = kept
        store.message = store.message or "some games damaged"
    g = store.current
    if g is not None and not (ring_replays(g) if g.mode == RING_MODE else two_player_replays(g)):
        store.current = None
        store.message = store.message or "saved game damaged"


def two_player_replays(g):
    """A saved two-player game's moves are legal under its rules and its result fits how it ended."""
    try:
        board = Board(**g.rules)
        for m in g.moves:
            board.push(m)
    except (ValueError, IndexError, KeyError, TypeError):
        return False
    if g.result < 0:
        return True  # in progress (its last sowing may have ended it: a cut before the end record)
    if g.end == END_EMPTY:
        outcome = board.outcome()
        if outcome is None:
            return False
        return g.result == outcome.code
    return True


def ring_replays(g):
    """A saved game of 3-4 players replays under its rules (kalaha.rules.ring, let go after), and a
    finished one names its first places among its seats."""
    from kalaha.rules.ring import RingBoard

    try:
        r = g.rules
        board = RingBoard(r["seats"], r["pits"], r["seeds"], r["capture_from"], g.clocks[0], False)
        for m in g.moves:
            board.push(m)
        ok = g.result < 0 or 0 < g.result < 1 << r["seats"]
    except (ValueError, IndexError, KeyError, TypeError):
        ok = False
    forget("rules.ring")
    return ok


def _fresh(store, message):
    store.message = message
    store.blank = False
    store.settings = dict(DEFAULT_SETTINGS)
    store.stats = [0] * N_STATS
    store.history = History()
    store.current = None
    store.puzzles = bytearray(len(store.puzzles))
    store.pos = HEADER
    store.needs_compaction = True  # the first save writes the header and a snapshot


def decoded(data, start, end):
    """A saved game from the journal (kalaha.saved.journal.SavedGame.decode), a ring's settings each in
    its field (kalaha.saved.journal.RING_MODE) and checked. A save from before they had fields held in its
    level byte the level, a count of the last seats as the computer's, the first seat and the
    move time, two bits each: read into the fields (the zeros of a save made since)."""
    g, p = SavedGame.decode(data, start, end)
    if g.mode == RING_MODE:
        seats = g.rules["seats"]
        level = g.level
        last = (level >> 2) & 3
        c = g.clocks
        c[0] |= (level >> 4) & 3
        c[1] |= level >> 6
        g.level = level & 3
        g.clock |= ((1 << seats) - 1) ^ ((1 << (seats - last)) - 1) if last < seats else 255
        if g.clock >> seats or g.clock == (1 << seats) - 1 or c[0] >= seats or c[1] > 2:
            raise Damaged("the settings of 3-4 players")  # (a person plays one seat at least)
    return g, p


def _apply(store, data, kind, start, end):
    if kind == R_SNAPSHOT:
        p = _read_settings(store, data, start)
        for i in range(STORED_STATS):
            store.stats[i] = data[p] | (data[p + 1] << 8)
            p += 2
        count = data[p]
        p += 1
        if count > HISTORY:
            raise Damaged("too many games")
        store.history = History()
        for _ in range(count):
            game, p = decoded(data, p, end)
            store.history.append(game)  # (encoded again: an older save's settings in their fields)
        store.current = None
        if p >= end:
            raise Damaged("snapshot cut short")
        if data[p]:
            store.current, p = decoded(data, p + 1, end)
        else:
            p += 1
        # the games of 3-4 players' counters, after the rest (a snapshot from before has none),
        # the choices and later keys, then the streaks (likewise)
        for i in range(STORED_STATS, N_STATS):
            if i == N_STATS - 2:  # (the streaks, kalaha.saved.store's last two, after the choices)
                p = _read_choices(store, data, p, end)
            if p + 2 <= end:
                store.stats[i] = data[p] | (data[p + 1] << 8)
                p += 2
            else:
                store.stats[i] = 0
        # the puzzles' progress, after all else (a snapshot from before has none: none solved)
        n = len(store.puzzles)
        store.puzzles = bytearray(data[p : p + n]) if p + n <= end else bytearray(n)
    elif kind == R_SETTINGS:
        _read_choices(store, data, _read_settings(store, data, start), end)
    elif kind == R_NEWGAME:
        store.current, _p = decoded(data, start, end)
    elif kind == R_MOVE or kind == _R_CLOCK:
        if store.current is None:
            raise ValueError("move without a game")
        at = start
        if kind == R_MOVE:
            if data[start] > MAX_PITS or len(store.current.moves) >= 255:
                raise Damaged("move")
            store.current.moves.append(data[start])
            at = start + 1
        elif end - start != 6:
            raise Damaged("clock")
        if end - at >= 6:  # (the clocks: a timed game's move, or mid-turn)
            for side in range(2):
                o = at + 3 * side
                store.current.clocks[side] = data[o] | (data[o + 1] << 8) | (data[o + 2] << 16)
    elif kind == R_UNDO:
        if store.current is None:
            raise ValueError("undo without a game")
        n = data[start]
        if n > len(store.current.moves):
            raise Damaged("undo")
        del store.current.moves[len(store.current.moves) - n :]
    elif kind == R_END:
        if store.current is None:
            raise ValueError("end without a game")
        if data[start] > (15 if store.current.mode == RING_MODE else DRAW) or data[start + 1] > END_TIME:
            raise Damaged("end")
        store._finish(data[start], data[start + 1])
    elif kind == _R_PUZZLE:
        if end - start != 3 or data[start + 2] > 1:
            raise Damaged("puzzle")
        store.puzzle_tried(data[start] | (data[start + 1] << 8), data[start + 2], False)
    elif kind == R_RESET_STATS:
        store.stats = [0] * N_STATS
    else:
        raise ValueError("unknown record %d" % kind)


def _read_choices(store, data, p, end):
    """The player's last choices, when the record has them, then each later key it has room for
    (older saves: the defaults); where they end."""
    if p + len(CHOICE_KEYS) <= end:
        p = _read_keys(store, data, p, CHOICE_KEYS)
    else:
        p = end
        for key in CHOICE_KEYS:
            store.settings[key] = DEFAULT_SETTINGS[key]
    for key in LATER_KEYS:
        if p < end:
            p = _read_keys(store, data, p, (key,))
        else:
            store.settings[key] = DEFAULT_SETTINGS[key]
    return p


def _read_settings(store, data, p):
    return _read_keys(store, data, p, SETTING_KEYS)


def _read_keys(store, data, p, keys):
    for key in keys:
        v = data[p]
        default = DEFAULT_SETTINGS[key]
        if default is True or default is False:
            if v > 1:
                raise Damaged(key)
            v = bool(v)
        if v not in SETTING_CHOICES[key]:
            raise Damaged(key)
        store.settings[key] = v
        p += 1
    return p
