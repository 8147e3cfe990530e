"""Saved data: round trips, corrupted flash, power cuts at every write, and flash wear."""

import random

import pytest

from kalaha import Board
from kalaha.rules.ring import RingBoard
from kalaha.saved.journal import (
    DEFAULT_SETTINGS,
    END_AGREED,
    END_RESIGN,
    HISTORY,
    N_STATS,
    SIZE,
    STAT_AGREED,
    STAT_RESIGNS,
    STAT_TWO_PLAYER,
    TWO_PLAYERS,
)
from kalaha.saved.memflash import MemoryFlash, PowerCut
from kalaha.saved.store import Store

RULES = {"pits": 6, "seeds": 4, "empty_capture": False, "alga": False, "swap": False}


def random_game(rng, rules=RULES):
    b = Board(**rules)
    while b.to_move is not None:
        b.push(rng.choice(list(b.legal_moves())))
    o = b.outcome()
    return b.moves(), 2 if o.winner is None else o.winner


def state(store):
    cur = store.current
    return (
        dict(store.settings),
        list(store.stats),
        [(g.moves, g.result, g.end, g.mode, g.level) for g in store.history],
        None if cur is None else (list(cur.moves), cur.mode, cur.level, cur.clock, list(cur.clocks)),
    )


def test_a_new_device_starts_with_defaults_and_says_nothing():
    # A blank sector is a new device (or a power cut in the instant after a compaction's
    # erase): the help opens by itself (kalaha.flow.app), and no line of words stands in a menu's way.
    s = Store(MemoryFlash())
    assert (
        s.message == ""
        and s.blank
        and s.current is None
        and s.stats == [0] * N_STATS
        and s.settings["seeds"] == 4
    )


def test_round_trip_of_everything():
    rng = random.Random(1)
    flash = MemoryFlash()
    s = Store(flash)
    settings = dict(s.settings, seeds=5, pits=5, alga=True, hints=False, brightness=2, clock=3)
    s.save_settings(settings)
    for k in range(5):
        rules = dict(RULES, pits=5, seeds=5, alga=True)
        moves, result = random_game(rng, rules)
        s.new_game(
            rules, k % 3 if k % 3 < 2 else TWO_PLAYERS, k % 4, clock=k % 5, clocks=(1000 * k, 2000 * k)
        )
        for m in moves:
            s.move(m, clocks=(5000, 6000 + k) if k % 2 else None)
        s.end_game(result, END_RESIGN if k == 2 else (END_AGREED if k == 3 else 0))
    s.new_game(RULES, TWO_PLAYERS, 0, clock=2, clocks=(300000, 300000))
    for m in (3, 6, 2):
        s.move(m, clocks=(290000, 300000))
    s.undo(1)
    again = Store(MemoryFlash(flash.read()))
    assert again.message == ""
    assert state(again) == state(s)
    assert again.current.moves == [3, 6] and again.current.clocks == [290000, 300000]
    assert again.stats[STAT_RESIGNS] == 1 and again.stats[STAT_AGREED] == 1
    assert sum(again.stats[:15]) == 5
    # Compaction keeps it all too.
    s.compact()
    assert state(Store(MemoryFlash(flash.read()))) == state(s)


def test_statistics_count_from_the_players_side():
    s = Store(MemoryFlash())
    s.new_game(RULES, 1, 2)  # computer North, level strong: player is South
    s.end_game(0)  # South won: a player win at strong
    s.new_game(RULES, 0, 2)  # computer South
    s.end_game(0)  # South won: a player loss
    s.new_game(RULES, TWO_PLAYERS, 0)
    s.end_game(2)
    assert s.stats[6:9] == [1, 0, 1] and s.stats[STAT_TWO_PLAYER + 2] == 1
    s.reset_stats()
    assert Store(MemoryFlash(s.flash.read())).stats == [0] * N_STATS


def test_history_keeps_the_last_twenty_games():
    rng = random.Random(2)
    s = Store(MemoryFlash())
    games = []
    for _ in range(HISTORY + 7):
        moves, result = random_game(rng)
        s.new_game(RULES, 1, 0)
        for m in moves:
            s.move(m)
        s.end_game(result)
        games.append(moves)
    loaded = Store(MemoryFlash(s.flash.read()))
    assert [g.moves for g in loaded.history] == games[-HISTORY:]


def filled_flash():
    s = Store(MemoryFlash())
    s.save_settings(dict(s.settings, seeds=6))
    s.new_game(RULES, 1, 3)
    for m in (3, 6, 1):
        s.move(m)
    return s.flash.read()


@pytest.mark.parametrize(
    "damage,words",
    [
        (lambda d: d[:2] + bytes([99]) + d[3:], "Newer save: all new"),
        (lambda d: b"PK" + d[2:], "Unknown save: all new"),
        (lambda d: bytes(random.Random(5).getrandbits(8) for _ in range(SIZE)), "Unknown save: all new"),
        (lambda d: d[:40] + bytes([d[40] ^ 0x55]) + d[41:], "Part lost: rest kept"),
        (lambda d: d[:10], "Save damaged: all new"),
        (lambda d: d[:20] + b"\x00" * (SIZE - 20), "Part lost: rest kept"),
    ],
)
def test_corrupt_data_gives_defaults_or_what_was_readable(damage, words):
    data = damage(filled_flash())
    flash = MemoryFlash(data) if len(data) == SIZE else MemoryFlash()
    if len(data) != SIZE:
        flash.read = lambda: data
    s = Store(flash)  # never raises
    assert words in s.message
    assert s.settings["pits"] == 6
    if len(data) == SIZE:
        # The next save heals the flash: a clean snapshot, readable without a message.
        s.save_settings(dict(s.settings, sound=False))
        again = Store(MemoryFlash(flash.read()))
        assert again.message == "" and again.settings["sound"] is False


def test_power_cut_at_every_write_point_resumes_correctly():
    rng = random.Random(3)
    moves, result = random_game(rng)
    base = Store(MemoryFlash())
    base.save_settings(dict(base.settings, speed=2))
    image = base.flash.read()
    # Play the game once, remembering each save's length.
    steps = [("new", None)] + [("move", m) for m in moves] + [("end", result)]
    checked = 0
    for i in range(len(steps)):
        for cut in (0, 1, 3, 6):
            flash = MemoryFlash(image)
            s = Store(flash)
            for kind, arg in steps[:i]:
                _do(s, kind, arg)
            before = state(s)
            flash.cut_after = cut
            try:
                _do(s, *steps[i])
                after = state(s)
            except PowerCut:
                after = None
            loaded = Store(MemoryFlash(flash.read()))
            got = state(loaded)
            assert got == before or got == after, "write %d cut after %d bytes" % (i, cut)
            # At most the sowing being saved is lost, and the game goes on from there.
            if loaded.current is not None and i > 0:
                played = [m for k, m in steps[1:i] if k == "move"]
                assert loaded.current.moves in (played, played + [steps[i][1]])
            checked += 1
    assert checked == 4 * len(steps)


def _do(store, kind, arg):
    if kind == "new":
        store.new_game(RULES, 1, 1)
    elif kind == "move":
        store.move(arg)
    else:
        store.end_game(arg)


def test_a_power_cut_during_compaction_loses_at_most_the_saved_data_never_crashes():
    for cut in (0, 2, 20, 50):  # inside the header or the snapshot record (about 67 bytes)
        s = Store(MemoryFlash(filled_flash()))
        s.flash.cut_after = cut
        with pytest.raises(PowerCut):
            s.compact()
        loaded = Store(MemoryFlash(s.flash.read()))
        assert loaded.message or loaded.blank  # damaged: the player is told; erased: a fresh start
        assert loaded.settings["pits"] == 6 and loaded.current is None
        loaded.save_settings(dict(loaded.settings, seeds=3))  # and it writes cleanly again
        assert Store(MemoryFlash(loaded.flash.read())).settings["seeds"] == 3


def test_flash_wear_ten_games_a_day_for_five_years():
    # Erases per game, measured: far below the budget of 100,000 rated cycles / (10 x 365 x 5) games.
    rng = random.Random(4)
    s = Store(MemoryFlash())
    games = 200
    for k in range(games):
        moves, result = random_game(rng)
        s.new_game(RULES, TWO_PLAYERS if k % 2 else 1, k % 4, clock=k % 5)
        for m in moves:
            s.move(m, clocks=(100000, 90000) if k % 2 else None)
        s.end_game(result)
    per_game = s.flash.erases / games
    budget = 100000 / (10 * 365 * 5)
    assert per_game < budget / 10, per_game
    assert s.flash.writes > games * 20  # every sowing was saved


def test_games_of_three_and_four_players_are_saved_counted_and_checked():
    from kalaha.saved import journal
    from kalaha.saved.journal import RING_MODE, STAT_RING

    rng = random.Random(4)
    flash = MemoryFlash()
    s = Store(flash)
    for seats, computers in ((3, 0b110), (4, 0b1110), (3, 0)):
        board = RingBoard(seats, 4, 3, 2)
        rules = {"seats": seats, "pits": 4, "seeds": 3, "capture_from": 2}
        s.new_game(rules, RING_MODE, 2, computers)
        while not board.over:
            pit = rng.choice(board.legal_moves())
            board.push(pit)
            s.move(pit)
        ranks = board.ranks()
        s.end_game(sum(1 << seat for seat in range(seats) if ranks[seat] == 1))
    # one in progress, across a power cut and a compaction: a field a setting (its level, the
    # computer's seats, the first seat, the move time)
    s.new_game({"seats": 4, "pits": 3, "seeds": 5, "capture_from": 1}, RING_MODE, 3, 0b1000, (2, 1))
    for pit in (1, 2):
        s.move(pit)
    for image in (flash.read(), None):
        if image is None:
            s.compact()
            image = flash.read()
        again = Store(MemoryFlash(image))
        assert again.message == "" and state(again) == state(s)
        cur = again.current
        assert cur.mode == RING_MODE and cur.rules == {"seats": 4, "pits": 3, "seeds": 5, "capture_from": 1}
        assert cur.level == 3 and cur.moves == [1, 2]
        assert cur.clock == 0b1000 and cur.clocks == [2, 1]
        assert again.stats[STAT_RING] == 2 and again.stats[STAT_RING + 2] == 1
        assert [g.mode for g in (again.history[i] for i in range(3))] == [RING_MODE] * 3  # (in Replay)
    # the computer's seats chosen one by one: saved as bits; all of them is damage, not a game
    for computers, kept in ((0b101, True), (0b010, True), (0b111, False), (0b1001, False)):
        chosen = Store(MemoryFlash())
        chosen.new_game({"seats": 3, "pits": 4, "seeds": 4, "capture_from": 0}, RING_MODE, 2, computers)
        chosen.move(2)
        cur = Store(MemoryFlash(chosen.flash.read())).current
        assert (cur is not None and cur.clock == computers and cur.moves == [2]) == kept
    # the first seat and the move time in range, or the save is damage
    for first, limit, kept in ((2, 2, True), (3, 0, False), (0, 3, False)):
        chosen = Store(MemoryFlash())
        rules = {"seats": 3, "pits": 4, "seeds": 4, "capture_from": 0}
        chosen.new_game(rules, RING_MODE, 1, 1, (first, limit))
        cur = Store(MemoryFlash(chosen.flash.read())).current
        assert (cur is not None and cur.clocks == [first, limit] and cur.level == 1) == kept

    # a saved game whose moves break the rules is dropped, and said
    bad = Store(MemoryFlash())
    bad.new_game({"seats": 3, "pits": 4, "seeds": 1, "capture_from": 0}, RING_MODE, 0)
    for pit in (1, 1, 1, 1):  # each seat's pit 1, then seat 0's again: it is empty
        bad.move(pit)
    assert Store(MemoryFlash(bad.flash.read())).current is None
    # a snapshot from before the ring's counters (none after the games) loads with them at 0
    old = MemoryFlash()
    o = Store(old)
    o.stats[0] = 5
    o.settings["level"] = 3  # (and from before the last choices were kept: they are the defaults)
    o.puzzles = bytearray()  # (and the puzzles' progress)
    saved = journal.N_STATS, journal.CHOICE_KEYS, journal.LATER_KEYS
    journal.N_STATS, journal.CHOICE_KEYS, journal.LATER_KEYS = (
        journal.STORED_STATS,
        (),
        (),
    )
    try:
        o.compact()
    finally:
        journal.N_STATS, journal.CHOICE_KEYS, journal.LATER_KEYS = saved
    loaded = Store(MemoryFlash(old.read()))
    assert loaded.message == "" and loaded.stats[0] == 5 and loaded.stats[STAT_RING:] == [0, 0, 0, 0, 0, 0]
    assert loaded.settings == DEFAULT_SETTINGS


def test_a_save_of_three_players_from_before_each_setting_had_its_field_loads_the_same():
    # Saves before: the level byte held the level, a count of the last seats as the computer's,
    # the first seat and the move time, two bits each; the clock byte the seats chosen one by one.
    from kalaha.saved.journal import RING_MODE

    for packed, chosen, want in (
        (3 + (1 << 2) + (2 << 4) + (1 << 6), 0b0001, (3, 0b1001, [2, 1])),  # 4 seats: Cyan by count
        (2 + (2 << 2), 0, (2, 0b1100, [0, 0])),
        (1, 0b0010, (1, 0b0010, [0, 0])),
    ):
        old = Store(MemoryFlash())
        old.new_game({"seats": 4, "pits": 4, "seeds": 4, "capture_from": 0}, RING_MODE, packed, chosen)
        old.move(2)
        cur = Store(MemoryFlash(old.flash.read())).current
        assert (cur.level, cur.clock, cur.clocks) == want and cur.moves == [2]
    # ... and one whose count leaves no person's seat is damage, not a game
    old = Store(MemoryFlash())
    old.new_game({"seats": 3, "pits": 4, "seeds": 4, "capture_from": 0}, RING_MODE, 2 + (2 << 2), 0b001)
    assert Store(MemoryFlash(old.flash.read())).current is None


def test_a_saved_game_keeps_every_time_control_and_refuses_one_past_them():
    # The store checks a saved clock against its own count (the clock's module is not loaded with
    # it): every control of kalaha.saved.clock decodes, the next index is damage.
    from kalaha.saved.clock import CONTROLS
    from kalaha.saved.journal import Damaged, SavedGame

    for clock in range(len(CONTROLS) + 1):
        data = SavedGame(RULES, TWO_PLAYERS, 0, clock).encode()
        if clock < len(CONTROLS):
            assert SavedGame.decode(data, 0, len(data))[0].clock == clock
        else:
            with pytest.raises(Damaged):
                SavedGame.decode(data, 0, len(data))


def test_the_winning_streak_and_the_best_kept_through_the_journal_a_snapshot_and_an_old_save():
    # Issue 47: the statistics' streaks against the computer (a draw or a loss ends one; two
    # players and 3-4 players leave it), rebuilt from the journal, kept in a snapshot after
    # every older field, and 0 from a save made before them.
    from kalaha.rules.board import DRAW, NORTH, SOUTH
    from kalaha.saved.journal import HEADER, STAT_RING, put_crc

    STAT_STREAK = N_STATS - 2  # (the streak and the best: the last two counters)

    s = Store(MemoryFlash())
    for mode, result in (
        (NORTH, SOUTH),
        (NORTH, SOUTH),
        (SOUTH, NORTH),
        (TWO_PLAYERS, NORTH),
        (NORTH, NORTH),
    ):
        s.new_game(RULES, mode, 1)
        s.end_game(result, END_RESIGN)  # (no moves: ended by hand)
    assert s.stats[STAT_STREAK : STAT_STREAK + 2] == [0, 3]
    for result in (SOUTH, SOUTH, DRAW, SOUTH):
        s.new_game(RULES, NORTH, 2)
        s.end_game(result, END_RESIGN)  # (no moves: ended by hand)
    assert s.stats[STAT_STREAK : STAT_STREAK + 2] == [1, 3]
    s.settings["music"] = 4
    assert Store(MemoryFlash(s.flash.read())).stats == s.stats  # the journal
    s.compact()
    again = Store(MemoryFlash(s.flash.read()))
    assert again.message == "" and again.stats == s.stats and again.settings["music"] == 4  # a snapshot
    s.reset_stats()
    assert Store(MemoryFlash(s.flash.read())).stats[STAT_STREAK:] == [0, 0]
    # a snapshot from before the streaks: the same record without its last four bytes
    old = Store(MemoryFlash())
    old.stats[0] = old.stats[STAT_STREAK] = 7
    old.stats[STAT_RING] = 2
    old.settings.update(level=3, music=5, tune=5)
    old.puzzles = bytearray()  # (from before the puzzles too: they came after the streaks)
    old.compact()
    image = bytearray(old.flash.read())
    n = (image[HEADER + 1] | image[HEADER + 2] << 8) - 4
    assert image[HEADER + 3 + n : HEADER + 3 + n + 2] == bytes((7, 0))  # (the streak)
    image[HEADER + 1], image[HEADER + 2] = n & 255, n >> 8
    put_crc(image, HEADER, HEADER + 3 + n)
    image[HEADER + 7 + n :] = b"\xff" * (SIZE - HEADER - 7 - n)
    loaded = Store(MemoryFlash(bytes(image)))
    assert loaded.message == "" and loaded.stats[0] == 7 and loaded.stats[STAT_RING] == 2
    assert loaded.stats[STAT_STREAK:] == [0, 0] and loaded.settings["level"] == 3
    assert loaded.settings["music"] == 5 and loaded.settings["tune"] == 5


def test_the_stores_counts_are_the_clocks_and_the_searchs():
    # The store checks saved levels and clocks against counts of its own (neither the search nor
    # the clock is loaded with it), and the settings step through as many.
    from kalaha.saved import journal
    from kalaha.saved.choices import SETTING_CHOICES
    from kalaha.saved.clock import CONTROLS
    from kalaha.search.ai import LEVEL_NAMES

    assert journal._N_LEVELS == len(LEVEL_NAMES) and journal.N_CONTROLS == len(CONTROLS)
    assert SETTING_CHOICES["level"] == tuple(range(len(LEVEL_NAMES)))
    assert SETTING_CHOICES["clock"] == tuple(range(len(CONTROLS)))
