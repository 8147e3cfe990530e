"""Property tests (Hypothesis): records, the saved-data loader and the app's event stream.

Short runs in `make test`; `KALAHA_FUZZ=long` runs the long profile before a release (README).
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playout import puzzle_on

from host.reading import app_lines as lines
from kalaha import SWAP, Board, KalahaError
from kalaha.flow.app import App
from kalaha.flow.screens import GAME, RESULT
from kalaha.rules import notation
from kalaha.rules.board import END_EMPTY
from kalaha.rules.notation import RECORD_CHARS
from kalaha.rules.ring import RingBoard
from kalaha.saved.choices import SETTING_CHOICES
from kalaha.saved.journal import N_STATS, RING_MODE, SIZE
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store

settings.register_profile(
    "short", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
LONG = os.environ.get("KALAHA_FUZZ") == "long"
settings.load_profile("long" if LONG else "short")

RULES = st.fixed_dictionaries(
    {
        "pits": st.integers(1, 6),
        "seeds": st.integers(1, 6),
        "empty_capture": st.booleans(),
        "alga": st.booleans(),
        "swap": st.booleans(),
    }
)


def snapshot(board):
    return (list(board.cells), board.turn, board.over, board.ply, notation.record(board))


# ----- records -------------------------------------------------------------------------------


@given(RULES, st.text(max_size=40))
def test_any_text_as_a_record_plays_or_is_refused_leaving_the_board(rules, text):
    board = Board(**rules)
    notation.push_record(board, "")
    before = snapshot(board)
    try:
        notation.push_record(board, text)
    except KalahaError:
        assert snapshot(board) == before
        return
    # Accepted: only ASCII digits, '-', 'T' and spaces, and the record reads back the same game.
    assert all(ch in RECORD_CHARS for ch in text)
    again = notation.from_record(notation.record(board), **rules)
    assert snapshot(again) == snapshot(board)


@given(RULES, st.lists(st.integers(0, 1000), max_size=120))
def test_random_games_round_trip_through_their_record(rules, choices):
    board = Board(**rules)
    for c in choices:
        moves = list(board.legal_moves())
        if not moves:
            break
        board.push(moves[c % len(moves)])
    again = notation.from_record(notation.record(board), **rules)
    assert snapshot(again) == snapshot(board)
    assert sum(board.cells) == board.total


@given(RULES, st.lists(st.integers(0, 1000), max_size=120))
def test_turns_are_runs_of_one_sides_sowings_and_a_swap_stands_alone(rules, choices):
    # The oracle groups the moves as they are played (who moved, was it the swap); the board
    # groups its history (Board.starts_turn), for the move list, undo and the coach alike.
    board = Board(**rules)
    played = []  # (side, move)
    for c in choices:
        moves = list(board.legal_moves())
        if not moves:
            break
        move = moves[c % len(moves)]
        played.append((board.to_move, move))
        board.push(move)
    expected = []
    for k, (side, move) in enumerate(played):
        if k == 0 or move == SWAP or played[k - 1][1] == SWAP or side != played[k - 1][0]:
            expected.append([move])
        else:
            expected[-1].append(move)
    assert board.turns() == expected
    starts = [k for k in range(board.ply) if board.starts_turn(k)]
    assert len(starts) == len(expected)
    if played:
        last_start = starts[-1]
        assert board.last_turn_start() == last_start
        assert board.mover_of(last_start) == played[-1][0]


# ----- saved data ----------------------------------------------------------------------------


def check_loaded(store):
    for key, choices in SETTING_CHOICES.items():
        assert store.settings[key] in choices
    assert len(store.stats) == N_STATS and all(0 <= v <= 65535 for v in store.stats)
    for g in store.history:
        if g.mode == RING_MODE:  # a game of 3-4 players: its moves replay, its first places are seats
            r = g.rules
            board = RingBoard(r["seats"], r["pits"], r["seeds"], r["capture_from"], g.clocks[0])
            for pit in g.moves:
                board.push(pit)
            assert 0 < g.result < 1 << r["seats"]
        else:
            assert g.result in (0, 1, 2) and two_player_game_replays(g)
    cur = store.current
    if cur is not None and cur.mode == RING_MODE:  # a game of 3-4 players: its moves replay
        r = cur.rules
        board = RingBoard(r["seats"], r["pits"], r["seeds"], r["capture_from"], cur.clocks[0])
        for pit in cur.moves:
            board.push(pit)
    elif cur is not None:
        assert two_player_game_replays(cur)


def start_and_play(store):
    """The game starts from this store, continues its game (if any), and saves again."""
    app = App(store=store)
    app.tick(0)
    now = 0
    if lines(app)[1].startswith("> Continue"):
        app.click()
        for _ in range(300):
            now += 20
            app.tick(now)
    app.store.save_settings(dict(app.settings, sound=not app.settings["sound"]))
    return app


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(st.binary(min_size=SIZE, max_size=SIZE))
def test_any_4kb_of_bytes_starts_the_game(data):
    store = Store(MemoryFlash(data))
    check_loaded(store)
    start_and_play(store)


@given(st.sampled_from((1, 2)), st.binary(max_size=600), st.integers(0, 255))
def test_any_journal_behind_our_header_starts_the_game(version, body, fill):
    # Past the header, so the records themselves are read: lengths, kinds and fields anything.
    data = (b"KH" + bytes((version,)) + body + bytes((fill,)) * SIZE)[:SIZE]
    store = Store(MemoryFlash(data))
    check_loaded(store)
    start_and_play(store)


def saved_image(seed):
    """A real saved image: settings, finished games and a game in progress."""
    import random

    rng = random.Random(seed)
    s = Store(MemoryFlash())
    s.save_settings(dict(s.settings, seeds=5, clock=2))
    rules = {"pits": 5, "seeds": 5, "empty_capture": False, "alga": False, "swap": False}
    for k in range(3):
        b = Board(**rules)
        s.new_game(rules, k % 3, k % 4, clock=k % 5)
        while b.to_move is not None and b.ply < 40 + 10 * k:
            m = rng.choice(list(b.legal_moves()))
            b.push(m)
            s.move(m)
        if b.to_move is None:
            o = b.outcome()
            s.end_game(2 if o.winner is None else o.winner)
    return s.flash.read()


IMAGES = [saved_image(seed) for seed in range(3)]


@given(
    st.sampled_from(range(len(IMAGES))),
    st.lists(st.tuples(st.integers(0, SIZE - 1), st.integers(0, 255)), min_size=1, max_size=6),
)
def test_damaged_saved_data_starts_the_game(which, changes):
    data = bytearray(IMAGES[which])
    for pos, value in changes:
        data[pos] = value
    store = Store(MemoryFlash(bytes(data)))
    check_loaded(store)
    start_and_play(store)


@given(st.sampled_from(range(len(IMAGES))), st.integers(3, SIZE - 1), st.integers(3, SIZE - 1))
def test_records_spliced_from_another_save_start_the_game(which, cut, at):
    # Records cut out of one save and pasted into another (at any place).
    donor = IMAGES[(which + 1) % len(IMAGES)]
    data = bytearray(IMAGES[which])
    piece = donor[cut : cut + 40]
    data[at : at + len(piece)] = piece[: SIZE - at]
    store = Store(MemoryFlash(bytes(data[:SIZE])))
    check_loaded(store)
    start_and_play(store)


# ----- the app's event stream ----------------------------------------------------------------

EVENTS = st.lists(
    st.one_of(
        st.tuples(st.just("key"), st.integers(0, 11), st.integers(1, 40)),
        st.tuples(st.just("click"), st.just(0), st.integers(1, 5)),
        st.tuples(st.just("turn"), st.integers(-3, 3), st.integers(1, 5)),
        st.tuples(st.just("wait"), st.integers(0, 0), st.integers(1, 2000)),
    ),
    # the long run: 3,000 streams of at least 40 events, so 120,000+ events in all
    min_size=40 if LONG else 0,
    max_size=120,
)


@given(EVENTS, st.booleans())
def test_event_streams_keep_the_game_whole(events, two_players):
    app = App({"pits": 4, "seeds": 3, "speed": 0})
    now = 0
    app.tick(now)
    # Into a game: against Easy, or two players.
    if two_players:
        app.turn(1)
    app.click()
    if not two_players:
        app.turn(2)
        app.click()
    for kind, arg, frames in events:
        asleep = app.power == 2  # (off: a dimmed board is readable, and a press there acts)
        board_before = None if app.game.board is None else snapshot(app.game.board)
        if kind == "key":
            app.key_down(arg)
        elif kind == "click":
            app.click()
        elif kind == "turn":
            app.turn(arg)
        if asleep and board_before is not None:
            assert snapshot(app.game.board) == board_before  # a waking press is never a move
        for _ in range(frames if kind != "wait" else frames // 20 + 1):
            now += 20
            app.tick(now)
        if kind == "key":
            app.key_up(arg)
            app.tick(now)
        app.sounds.clear()
        b = app.game.board
        if b is not None:
            assert sum(b.cells) == b.total  # seeds are never made or lost
            for colour in app.pixels:
                assert 0 <= colour <= 0xFFFFFF
            g = app.store.current
            if g is not None and app.screen != RESULT and puzzle_on(app) is None:  # (a puzzle: not saved)
                saved = Board(**g.rules)
                for m in g.moves:
                    saved.push(m)
                assert saved.cells == b.cells  # the saved game is the game on the board
    # The computer always moves: given time, a game against it is never stuck on its turn.
    b = app.game.board
    computer = app.game.computer
    if b is not None and computer is not None and b.to_move == computer and app.screen == GAME:
        ply = b.ply
        for _ in range(2000):
            now += 20
            app.tick(now)
            if app.game.board.ply != ply:
                break
        assert app.game.board.ply != ply, "the computer did not move"


def journal(records, version=2):
    """An image of `records` [(kind, payload)], each with a correct check (written here, not by
    the store: CRC-32 by zlib for version 2, Fletcher-16 for version 1)."""
    import zlib

    out = bytearray(b"KH" + bytes((version,)))
    for kind, payload in records:
        rec = bytes((kind, len(payload) & 255, len(payload) >> 8)) + payload
        if version == 2:
            c = zlib.crc32(rec)
            rec += bytes((c & 255, (c >> 8) & 255, (c >> 16) & 255, c >> 24))
        else:
            a = b = 0
            for byte in rec:
                a = (a + byte) % 255
                b = (b + a) % 255
            rec += bytes((a, b))
        out += rec
    return bytes(out + b"\xff" * (SIZE - len(out)))


@given(
    st.lists(st.tuples(st.integers(1, 8), st.binary(max_size=40)), max_size=30),
    st.sampled_from((1, 2)),
)
def test_well_checked_records_with_any_fields_start_the_game(records, version):
    # Every record passes its check, so every field's range check is what stands in the way.
    store = Store(MemoryFlash(journal(records, version)))
    check_loaded(store)
    start_and_play(store)


def test_version_1_saves_are_read_and_rewritten_as_version_2():
    rules_bytes = bytes((6 | (4 << 3), 0))
    settings = bytes((5, 6, 0, 0, 0, 1, 1, 2, 1, 3))  # seeds 5 ... clock 3
    game = rules_bytes + bytes((1, 2, 0, 255, 0, 0)) + bytes(6)  # computer North, strong, no moves
    records = [(2, settings), (3, game), (4, bytes((3,))), (4, bytes((6,)))]
    old = journal(records, version=1)
    store = Store(MemoryFlash(old))
    assert store.message == "" and store.settings["seeds"] == 5 and store.settings["clock"] == 3
    assert store.current is not None and store.current.moves == [3, 6] and store.current.level == 2
    store.move(2)  # the first save rewrites everything in the new format
    data = store.flash.read()
    assert data[2] == 2
    again = Store(MemoryFlash(data))
    assert again.message == "" and again.current.moves == [3, 6, 2] and again.settings["clock"] == 3


def test_a_byte_turned_from_0x00_to_0xff_is_caught():
    # Fletcher-16 mod 255 could not tell these apart; CRC-32 can.
    records = [(2, bytes((4, 6, 0, 0, 0, 1, 1, 3, 1, 0)))]
    data = bytearray(journal(records))
    assert data[5] == 0  # the third setting byte (empty_capture off)
    data[5] = 0xFF
    store = Store(MemoryFlash(bytes(data)))
    assert "Part lost" in store.message and store.settings["empty_capture"] is False


def test_a_field_out_of_range_with_a_good_check_gives_the_default():
    # The clock setting 0xFF (a crash in clock.py before): the record is refused, defaults stay.
    records = [(2, bytes((4, 6, 0, 0, 0, 1, 1, 3, 1, 0xFF)))]
    store = Store(MemoryFlash(journal(records)))
    assert "Part lost" in store.message and store.settings["clock"] == 0
    app = start_and_play(store)
    app.turn(1)
    app.click()  # a new two-player game uses the clock setting: no crash
    assert app.game.board is not None


def test_a_saved_game_that_does_not_replay_is_not_offered():
    rules_bytes = bytes((6 | (4 << 3), 0))
    game = rules_bytes + bytes((2, 0, 0, 255, 0, 0)) + bytes(6)
    # North's pit 6 is empty after these: the last sowing cannot be played.
    records = [(3, game), (4, bytes((3,))), (4, bytes((6,))), (4, bytes((6,))), (4, bytes((6,)))]
    store = Store(MemoryFlash(journal(records)))
    assert store.current is None and "saved game damaged" in store.message
    app = start_and_play(store)
    assert not any(line.startswith("> Continue") for line in lines(app))


def two_player_game_replays(g):
    """The rules engine plays a loaded two-player game's moves, and a finished one by an empty
    row has the result its board gives."""
    board = Board(**g.rules)
    for pit in g.moves:
        board.push(pit)
    return g.result < 0 or g.end != END_EMPTY or board.outcome().code == g.result
