"""Games of 3-4 players on the handheld (kalaha.flow.ringplay), driven through the app's events as a
player would: the setup, the keys, the computer seats, the handover, the places."""

import random
import sys

from drivers import RingDriver as Driver
from drivers import play_to_the_end
from playout import FRAME

from host.reading import app_lines as lines
from host.reading import read_figures_line
from kalaha.flow.screens import GAME, MENU, RESULT, STATS
from kalaha.saved.journal import STAT_RING

TWO_PLAYER_CODE = ("kalaha.search.ai", "kalaha.search.coach", "kalaha.rules.board")


def two_player_code_loaded():
    return [name for name in TWO_PLAYER_CODE if name in sys.modules]


def test_three_players_two_of_them_computers_play_to_the_places():
    d = Driver()
    rp = d.setup(players=3, computers=("Orange", "Violet"))
    a = d.app
    assert a.screen is GAME and a.game.board.seats == 3
    assert not two_player_code_loaded()  # (the ring's own game has the heap)
    # every pit and store on the display, in sowing order, the mover's line first named
    shown = lines(a)
    assert shown[0] == "seat    pits    store"  # (what the columns are)
    assert shown[1].startswith("> Blue")  # the mover's line inverted
    assert shown[2].startswith("Orange") and shown[3].startswith("Violet")
    assert [int(x) for x in shown[2].replace("|", " ").split()[1:]] == [4, 4, 4, 4, 0]
    rng = random.Random(3)
    play_to_the_end(d, rp, rng)
    assert a.screen is RESULT
    b = a.game.board
    shown = lines(a)
    assert shown[0].endswith("wins") or shown[0].endswith("share first place")
    places = [row for row in shown if row.lstrip("> ")[:1].isdigit()]
    assert len(places) == 3 and sum(b.stores()) == 3 * 4 * 4
    assert not two_player_code_loaded()  # (nothing in the game brought it back)
    # the main menu lets the whole of it go, and has the two-player search ready
    d.frames(60)
    d.choose("Main menu")
    assert a.screen is MENU
    assert "kalaha.flow.ringplay" not in sys.modules and "kalaha.rules.ring" not in sys.modules
    assert "kalaha.search.ring_ai" not in sys.modules
    assert all(name in sys.modules for name in ("kalaha.search.ai", "kalaha.rules.board"))
    # a game against the computer after it: the computer moves
    d.choose("Play computer")
    d.choose("Starts")  # (the computer first)
    d.choose("Start game")
    assert a.screen is GAME and a.game.board.to_move == a.game.computer
    for _ in range(300):
        d.frames()
        if a.game.board.moves:
            break
    assert a.game.board.moves


def test_the_movers_pits_are_the_keys_in_the_rows_order_and_other_keys_say_so():
    d = Driver()
    rp = d.setup(players=3, computers=())
    a = d.app
    b = a.game.board
    # Blue's four pits, left to right as its row on the display: keys 8..11 (as two players' own)
    assert [rp.key_of(b, 0, pit) for pit in range(1, 5)] == [8, 9, 10, 11]
    assert all(rp.key_of(b, seat, pit) == -1 for seat in (1, 2) for pit in range(1, 5))
    assert all(a.pixels[k] for k in range(8, 12)) and not any(a.pixels[:8])
    d.press(2)  # (no pit there: refused, said, nothing sown)
    assert b.moves == [] and "your pits: lit keys" in " ".join(lines(a))
    # Blue sows pit 2 (4 seeds: pits 3, 4, the store, Orange's pit 1): Orange next, the device passed on
    d.press(rp.key_of(b, 0, 2))
    d.frames(60)
    assert b.to_move == 1 and "Pass to Orange" in " ".join(lines(a))
    assert [rp.key_of(b, 1, pit) for pit in range(1, 5)] == [8, 9, 10, 11]  # (now Orange's)


def test_a_key_pressed_on_the_game_menu_and_let_go_on_the_board_sows_on_a_persons_turn_only():
    # (the random sessions: a key held while the game menu's Back to game was pushed, let go on
    # the board while a computer seat thought, sowed that seat's pit)
    d = Driver()
    rp = d.setup(players=3, computers=("Orange",))
    a = d.app
    b = a.game.board
    d.press(rp.key_of(b, 0, 2))  # (Blue sows pit 2: 4 seeds, the last in Orange's pit 1)
    for _ in range(200):
        d.frames()
        if a.thinker.thinking:
            break
    assert b.to_move == 1 and a.thinker.thinking and b.ply == 1
    a.click()
    d.frames()
    a.key_down(9)  # (held on the game menu ...)
    a.click()  # (... Back to game ...)
    d.frames()
    assert a.screen is GAME
    a.key_up(9)  # (... and let go on the board)
    assert b.ply == 1 and "not your turn" in " ".join(lines(a))
    d.frames(300)
    assert b.ply >= 2 and b.movers[1] == 1  # (Orange played its own turn)


def test_four_players_put_the_movers_pits_on_the_keys():
    d = Driver()
    rp = d.setup(players=4, computers=("Orange", "Violet", "Cyan"))
    b = d.app.game.board
    assert b.seats == 4
    assert [rp.key_of(b, 0, pit) for pit in range(1, 5)] == [8, 9, 10, 11]
    assert rp.key_of(b, 1, 1) == -1  # (another seat's pits: on the display only)
    play_to_the_end(d, rp, random.Random(5))
    assert d.app.screen is RESULT and b.over


def test_a_power_cut_mid_game_resumes_it_and_the_end_is_counted():
    d = Driver()
    rp = d.setup(players=3, computers=("Violet",))
    rng = random.Random(8)
    for _ in range(20000):  # play on a while, people and the computer
        b = d.app.game.board
        if len(b.moves) >= 12:
            break
        if d.app.sowing.path is None and not rp.is_computer(b.to_move):
            d.press(rp.key_of(b, b.to_move, rng.choice(b.legal_moves())))
        else:
            d.frames()
    cells, moves, mover = bytes(b.cells), list(b.moves), b.to_move
    assert len(moves) >= 12
    # the power goes: the saved data is all there is
    d2 = Driver(d.app.store.flash.read())
    d2.choose("Continue")
    rp = sys.modules["kalaha.flow.ringplay"]
    b = d2.app.game.board
    assert d2.app.screen is GAME and bytes(b.cells) == cells and b.moves == moves and b.to_move == mover
    assert [rp.is_computer(seat) for seat in range(3)] == [False, False, True] and rp.RING.players == 3
    play_to_the_end(d2, rp, rng)
    stats = d2.app.store.stats
    assert stats[STAT_RING] == 1 and stats[STAT_RING + 2] == 0
    won = any(rank == 1 for seat, rank in enumerate(b.ranks()) if not rp.is_computer(seat))
    assert stats[STAT_RING + 1] == (1 if won else 0)
    # counted after another power cut too, and shown with the statistics
    d3 = Driver(d2.app.store.flash.read())
    assert d3.app.store.stats == stats and d3.app.store.current is None
    d3.app.go(STATS)
    d3.frames()
    for _ in range(30):  # (scrolled a row at a time to the games of 3, and the row after)
        shown = [row[:20].rstrip() for row in lines(d3.app)]  # (without the scroll marks)
        if "3 players: 1" in shown[:-2]:
            break
        d3.app.turn(1)
        d3.frames()
    assert "3 players: 1" in shown and "  a person won %d" % stats[STAT_RING + 1] in shown


def test_a_new_game_of_three_over_a_saved_game_asks_first():
    d = Driver()
    d.choose("Two players")
    d.press(8)
    d.frames(100)
    d.app.click()  # the game menu, then the main menu: the two-player game is saved
    d.frames()
    d.choose("Main menu")
    d.choose("3-4 players")
    d.choose("Start game")
    assert lines(d.app)[0] == "Replace saved game?"
    d.choose("No, keep it")
    assert d.app.store.current is not None and d.app.store.current.mode == 2


def test_the_starting_seat_moves_on_and_a_resign_takes_last_place():
    d = Driver()
    rp = d.setup(players=3, computers=())
    a = d.app
    assert a.game.board.to_move == 0
    d.press(rp.key_of(a.game.board, 0, 2))  # Blue sows; Orange to move
    d.frames(100)
    d.ready()  # (passed to Orange: a moment before the device takes input)
    a.click()
    d.choose("Resign")
    assert lines(a)[0] == "Orange resigns?"
    d.choose("Yes, resign")
    b = a.game.board
    assert a.screen is RESULT and b.over and b.ranks()[1] == 3
    d.frames(60)
    assert "> Again: Orange first" in lines(a)
    d.choose("Again")
    assert a.game.board.to_move == 1 and a.game.board.moves == []  # Orange starts the next


def test_when_the_move_time_runs_out_the_computer_plays_the_turn():
    d = Driver()
    d.choose("3-4 players")
    rp = sys.modules["kalaha.flow.ringplay"]
    d.choose_computers(rp, 3, ())
    d.choose("Move time")  # off -> 30 s
    d.choose("Start game")
    b = d.app.game.board
    d.frames(3000 // FRAME)  # (after the greeting: the seconds left)
    assert lines(d.app)[6] == "Blue: your move 27s"
    d.frames(26000 // FRAME)
    assert b.moves == []  # not yet
    for _ in range(20000):  # then the computer sows for Blue, and Orange's clock starts
        d.frames()
        if b.to_move != 0 and d.app.sowing.path is None:
            break
    assert b.moves and all(seat == 0 for seat in b.movers) and b.to_move == 1
    assert not rp.is_computer(1)


def test_any_seats_can_be_the_computers_but_not_all_of_them():
    d = Driver()
    d.choose("3-4 players")
    rp = sys.modules["kalaha.flow.ringplay"]
    d.choose_computers(rp, 3, ("Blue", "Violet"))
    d.choose("Orange:")  # the last person's seat: refused, and said why
    assert [rp.is_computer(seat) for seat in range(3)] == [True, False, True]
    assert "a person must play" in lines(d.app)
    d.choose("Start game")
    b = d.app.game.board
    assert b.to_move == 0 and rp.is_computer(0)
    for _ in range(3000):  # Blue, the computer's, moves by itself; then Orange, a person, waits
        d.frames()
        if b.to_move == 1 and d.app.sowing.path is None:
            break
    assert b.moves and b.to_move == 1 and not rp.is_computer(1)
    assert "Pass to Orange" in lines(d.app)  # (the device goes to the person)
    d.frames(200)
    assert b.to_move == 1 and "Orange: your move" in lines(d.app)  # (nobody plays for a person)
    # four players: Violet joins as a person; back to three, Blue stays the computer's
    d.app.click()
    d.choose("Main menu")
    d.choose("3-4 players")
    d.choose("Players")
    assert [rp.is_computer(seat) for seat in range(4)] == [True, False, True, False]


def test_six_pits_a_seat_show_every_figure_and_play_on_the_movers_keys():
    d = Driver()
    d.choose("3-4 players")
    rp = sys.modules["kalaha.flow.ringplay"]
    while not any(row.endswith("Seeds: 6") for row in lines(d.app)):
        d.choose("Seeds")
    while not any(row.endswith("Pits: 6") for row in lines(d.app)):
        d.choose("Pits")
    assert any(row.endswith("Seeds: 4") for row in lines(d.app))  # (6 pits: at most 4 seeds)
    d.choose("Seeds")
    assert any(row.endswith("Seeds: 3") for row in lines(d.app))
    d.choose_computers(rp, 3, ("Violet",))
    d.choose("Start game")
    b = d.app.game.board
    assert b.pits == 6 and b.seats == 3
    buf = d.app.frame.buf
    for seat, name in enumerate(("Blue", "Orange", "Violet")):
        assert read_figures_line(buf, seat + 1) == [name] + [3] * 6 + [0]
    # the mover's six pits are the two bottom rows of keys, lit in its colour
    assert [rp.key_of(b, 0, pit) for pit in range(1, 7)] == [6, 7, 8, 9, 10, 11]
    assert all(d.app.pixels[k] for k in range(6, 12)) and not any(d.app.pixels[:6])
    d.press(rp.key_of(b, 0, 6))  # Blue's last pit: 3 seeds into Blue's store and Orange's pits
    d.frames(100)
    assert read_figures_line(buf, 1) == ["Blue"] + [3] * 5 + [0, 1]
    assert read_figures_line(buf, 2) == ["Orange", 4, 4, 3, 3, 3, 3, 0]
    play_to_the_end(d, rp, random.Random(11))
    assert d.app.screen is RESULT and sum(b.stores()) == 3 * 6 * 3


class Imports:
    """Notes every module imported while it is installed (a finder that finds nothing itself)."""

    def __init__(self):
        self.names = []

    def find_spec(self, name, path=None, target=None):
        self.names.append(name)
        return None

    def __enter__(self):
        sys.meta_path.insert(0, self)
        return self

    def __exit__(self, *exc):
        sys.meta_path.remove(self)


def test_a_game_of_three_never_loads_the_two_player_code_again():
    # Opening the ring lets kalaha.rules.board go; if the ring's own code imported it, the heap would
    # hold a second copy while it loads (the menus' copy is still in use then).
    d = Driver()
    with Imports() as seen:
        rp = d.setup(players=3, computers=("Orange", "Violet"))
        play_to_the_end(d, rp, random.Random(2))
    assert d.app.screen is RESULT
    assert "kalaha.flow.ringplay" in seen.names and not [n for n in seen.names if n in TWO_PLAYER_CODE]


def test_three_players_undo_take_a_hint_and_read_the_moves_as_two_players_do():
    from kalaha.picture.view import GOOD_COLOUR, scale

    d = Driver()
    rp = d.setup(players=3, computers=("Orange",))
    a = d.app
    b = a.game.board
    start = bytes(b.cells)
    pit = next(p for p in b.legal_moves() if b.cells[b.pit_index(0, p)] + p != b.pits + 1)  # (no extra turn)
    d.press(rp.key_of(b, 0, pit))  # Blue sows; Orange (the computer's) plays; Violet is next
    for _ in range(3000):
        d.frames()
        if b.to_move == 2 and a.sowing.path is None and not a.game.handover_at:
            break
    d.ready()
    assert b.to_move == 2 and set(b.movers) == {0, 1}
    # Moves: each turn with its seat, its pits by number
    a.click()
    d.choose("Moves")
    shown = lines(a)
    assert shown[1] == "1 Blue %d" % pit and shown[2].startswith("2 Orange ")
    a.click()  # (back to the board)
    d.frames()
    # Hint: Violet's best pit by the search, its key blinking green
    a.click()
    d.choose("Hint")
    for _ in range(500):
        d.frames()
        if "good move" in " ".join(lines(a)):
            break
    words = " ".join(lines(a))
    hinted = int(words.split("good move: pit ")[1].split()[0])
    key = rp.key_of(b, 2, hinted)
    assert key == a.hint_key and b.cells[b.pit_index(2, hinted)]
    green = scale(GOOD_COLOUR, a.settings["brightness"], 4)
    seen = set()
    for _ in range(30):
        d.frames()
        seen.add(a.pixels[key])
    assert green in seen
    # Undo: the last person's turn (Blue's) and the computer's after it; saved so
    a.click()
    d.choose("Undo")
    assert b.moves == [] and b.to_move == 0 and bytes(b.cells) == start
    assert a.store.current.moves == [] and "Undone: Blue next" in lines(a)
    a.click()
    d.choose("Undo")  # (nothing left: said, nothing changed)
    assert "nothing to undo" in lines(a) and b.moves == []
