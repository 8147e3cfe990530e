"""Seven pits on the device (kalaha.flow.seven): every pit, store and the knob's cursor read back from
the frame through whole games against the computer and between two players, the keys, the
setup, the help, replay, hint and undo, and random sessions on seven pits."""

import random

from drivers import Driver
from fits import TextCheck
from monkey import Session, check

from host.keycaps import key_caption
from host.reading import app_lines, read_seven, screen_kind
from kalaha.flow.screens import GAME, MENU, RESULT
from kalaha.picture.view import GOOD_COLOUR, ILLEGAL_COLOUR, OFF, YOURS_COLOUR


class Seven(Driver):
    """Hands on an app set to seven pits, reading the display as a player does."""

    def __init__(self, **settings):
        settings.setdefault("pits", 7)
        Driver.__init__(self, **settings)
        self.frames(5)

    def settle(self):
        self.idle(30000)

    def read(self):
        return read_seven(self.app.frame.buf)


def expected_rows(a):
    """The counts the display must show, by the rules of the picture (not kalaha.picture.view's map):
    the top row the opponent's pits 7..1 from the left, the bottom row the holder's 1..7."""
    b, cells, viewer = a.view.shown(a)
    top = [cells[b.pit_index(1 - viewer, 7 - col)] for col in range(7)]
    bottom = [cells[b.pit_index(viewer, col + 1)] for col in range(7)]
    return top + bottom, cells[b.store_index(1 - viewer)], cells[b.store_index(viewer)]


def assert_board_read_back(a):
    """Every count, both stores and the cursor read back from the frame are the state's."""
    if not a.frame.complete or a.screen not in (GAME,) and not a.screen.replays:
        return
    counts, top, bottom, chosen, _marks = read_seven(a.frame.buf)
    want, want_top, want_bottom = expected_rows(a)
    assert screen_kind(a.frame.buf) == "board", app_lines(a)
    assert (counts, top, bottom) == (want, want_top, want_bottom), app_lines(a)
    words = " ".join(app_lines(a)[6:8])
    if a.pit_cursor >= 0 and a.preview >= 0:
        # the inverted box is the bottom row's pit the words name ("push: S3 takes 2")
        assert chosen >= 7, app_lines(a)
        if not a.message:  # (else a message holds the words' lines for a moment)
            assert words.startswith("push: ") and words[7:].split()[0] == str(chosen - 6), words
    elif a.hint_key < 0:
        assert chosen == -1, app_lines(a)


def pick_and_push(d, rng, by_keys):
    """The player picks a random legal pit of theirs by reading the display: the knob (or the
    bottom row's < and > keys) until its box is the inverted one, then a push (or "sow")."""
    a = d.app
    b = a.game.board
    pit = rng.choice([m for m in b.legal_moves() if m])
    back = rng.random() < 0.3  # (a step back first: the cursor starts on the last pit)
    for tries in range(20):
        d.frames()
        chosen = d.read()[3]
        assert_board_read_back(a)
        if chosen == 6 + pit:
            break
        step = -1 if back and tries == 0 else 1
        if by_keys:
            d.press(11 if step > 0 else 9)
        else:
            a.turn(step)
    else:
        raise AssertionError("the cursor never reached pit %d: %r" % (pit, app_lines(a)))
    if by_keys:
        d.press(10)
    else:
        a.click()
    return pit


def play_whole_game(d, rng, by_keys):
    a = d.app
    turns = 0
    flips = set()
    while a.screen == GAME:
        d.settle()
        if a.screen != GAME:
            break
        assert_board_read_back(a)
        flips.add((a.game.board.to_move, a.flip))
        pit = pick_and_push(d, rng, by_keys)
        assert a.game.last_turn.endswith(str(pit)) or a.sowing.path is not None
        turns += 1
        for _ in range(3):
            d.frames(7)
            assert_board_read_back(a)
    assert a.screen == RESULT
    return turns, flips


def test_the_settings_offer_seven_pits_and_say_how_they_are_played():
    d = Seven(pits=6)
    a = d.app
    d.choose("Settings")
    d.choose("Pits")
    assert "> Pits: 7" in app_lines(a)
    assert app_lines(a)[7] == "7: knob picks the pit"
    d.choose("Pits")
    assert "> Pits: 4" in app_lines(a) and app_lines(a)[7] == "pits on each side"


def test_a_whole_game_against_the_computer_reads_back_from_the_frame():
    rng = random.Random(7)
    d = Seven(level=1)  # (Medium)
    d.choose("Play computer")
    d.choose("Start game")
    turns, _flips = play_whole_game(d, rng, by_keys=False)
    assert turns > 5
    assert d.app.game.board.pits == 7 and d.app.game.board.to_move is None


def test_a_whole_two_player_game_turns_for_north_and_reads_back_by_the_keys():
    rng = random.Random(3)
    d = Seven()
    d.choose("Two players")
    turns, flips = play_whole_game(d, rng, by_keys=True)
    # North moved with the picture turned (its pits the bottom row), South without
    assert (1, True) in flips and (0, False) in flips and (1, False) not in flips
    assert turns > 5


def test_keys_are_the_knobs_and_the_others_change_nothing():
    d = Seven()
    a = d.app
    d.choose("Two players")
    d.settle()
    # the bottom row lit (the cursor's keys), the rest dark; the simulator's captions say it
    assert [a.pixels[k] != OFF for k in range(12)] == [False] * 9 + [True] * 3
    assert [key_caption(a, k) for k in (0, 8, 9, 10, 11)] == ["", "", "<", "sow", ">"]
    before = list(a.game.board.cells)
    d.press(1)
    assert a.game.board.cells == before and a.refused.keys[0] == 1
    assert a.pixels[1] in (OFF, scaled(ILLEGAL_COLOUR, a))
    assert "bottom keys: < sow >" in " ".join(app_lines(a)[6:8])
    # held long, the sow key shows no pit of its own: the first press only brings the cursor
    d.press(10, hold=900)
    assert a.game.board.cells == before and d.read()[3] == 7  # (pit 1: the first legal)
    assert a.pixels[10] in (scaled(YOURS_COLOUR, a), scaled(GOOD_COLOUR, a))
    d.press(11)
    assert d.read()[3] == 8
    d.press(10)
    assert a.game.board.cells != before and a.game.last_turn == "2"


def scaled(colour, a):
    from kalaha.picture.view import scale

    return scale(colour, a.settings["brightness"], 4)


def test_hint_undo_moves_and_replay_on_seven_pits():
    d = Seven(level=0, hints=True)
    a = d.app
    d.choose("Play computer")
    d.choose("Start game")
    d.settle()
    d.press(9)
    d.press(10)
    d.settle()
    cells = list(a.game.board.cells)
    a.click()
    d.frames()
    d.choose("Hint")
    for _ in range(3000):
        d.frames()
        said = " ".join(app_lines(a)[6:8])
        if a.hint_key >= 0 and a.hint_version == a.game.version and "good move: S" in said:
            break
    words = " ".join(app_lines(a)[6:8])
    pit = int(words.split("good move: S")[1].split()[0])
    # the hint's pit blinks as if chosen: read back in one of two frames
    seen = set()
    for _ in range(30):
        d.frames()
        seen.add(d.read()[3])
    assert 6 + pit in seen
    a.click()
    d.frames()
    d.choose("Moves")
    assert app_lines(a)[1].startswith("1 You ")
    a.click()
    d.frames()
    a.click()
    d.frames()
    d.choose("Undo")
    d.settle()
    assert a.game.board.ply == 0 and list(a.game.board.cells) != cells
    assert_board_read_back(a)
    # a finished seven-pit game again, in Replay: the board read back at every step
    a.click()
    d.frames()
    d.choose("Resign")
    a.turn(1)
    a.click()
    d.frames(60)
    a.turn(1)
    d.frames()
    a.click()
    d.frames()
    assert a.screen == MENU
    d.choose("Replay")
    a.click()
    d.frames()
    assert a.screen.replays
    for _ in range(4):
        assert_board_read_back(a)
        a.turn(1)
        d.frames()
    assert_board_read_back(a)


def test_random_sessions_on_seven_pits_end_well():
    cuts = {}
    reached = set()
    with TextCheck() as texts:
        for n in range(12):
            s = Session(70000 + n, goal="seven", events=500)  # (games of 7 pits are long)
            s.run(check)
            reached |= s.screens
            for text, where in texts.take():
                cuts.setdefault(text, "session %d: %s" % (s.seed, where))
    assert "Playing  " in reached and "Result  menus" in reached
    assert not cuts, cuts
