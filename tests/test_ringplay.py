"""Games of 3-4 players on the handheld (kalaha.ringplay), driven through the app's events as a
player would: the setup, the keys, the computer seats, the handover, the places."""

import random
import sys

from kalaha.app import App
from kalaha.reading import app_lines as lines
from kalaha.screens import MENU

FRAME = 20


class Driver:
    def __init__(self):
        self.app = App(welcome=False)
        self.t = 0
        self.app.tick(0)

    def frames(self, n=1):
        for _ in range(n):
            self.t += FRAME
            self.app.tick(self.t)

    def press(self, key):
        self.app.key_down(key)
        self.frames(2)
        self.app.key_up(key)
        self.frames()

    def choose(self, label):
        a = self.app
        for _ in range(20):
            if any(line.startswith("> " + label) for line in lines(a)):
                a.click()
                self.frames()
                return
            a.turn(1)
        raise AssertionError("no menu item %r in %r" % (label, lines(a)))

    def setup(self, players=3, computers=2, level="easy"):
        self.choose("3-4 players")
        rp = sys.modules["kalaha.ringplay"]
        while not lines(self.app)[1].endswith(": %d" % players):
            self.choose("Players")
        while not lines(self.app)[2].endswith(": %d" % computers):
            self.choose("Computers")
        while not lines(self.app)[3].endswith(level):
            self.choose("Level")
        self.choose("Start game")
        return rp


def play_to_the_end(d, rp, rng, limit=100000):
    """Sow a random legal pit whenever a person is to move; the computers play themselves."""
    a = d.app
    for _ in range(limit):
        if a.screen is not rp.RING:
            return
        b = rp.RING.board
        if a.sowing.path is None and b.to_move is not None and not rp.is_computer(b.to_move):
            pit = rng.choice(b.legal_moves())
            before = len(b.moves)
            d.press(rp.key_of(b, b.to_move, pit))
            assert len(b.moves) == before + 1
        else:
            d.frames()
    raise AssertionError("the game never ended")


def test_three_players_two_of_them_computers_play_to_the_places():
    d = Driver()
    rp = d.setup(players=3, computers=2)
    a = d.app
    assert a.screen is rp.RING and rp.RING.board.seats == 3
    # every pit and store on the display, in sowing order, the mover's line first named
    shown = lines(a)
    assert shown[0].startswith("> Blue")  # the mover's line inverted
    assert shown[1].startswith("Orange") and shown[2].startswith("Green")
    assert [int(x) for x in shown[1].split()[1:]] == [4, 4, 4, 4, 0]
    rng = random.Random(3)
    play_to_the_end(d, rp, rng)
    assert a.screen is rp.RING_RESULT
    b = rp.RING.board
    shown = lines(a)
    assert shown[0].endswith("wins") or shown[0].startswith("Shared")
    places = [row for row in shown if row.lstrip("> ")[:1].isdigit()]
    assert len(places) == 3 and sum(b.stores()) == 3 * 4 * 4
    # the main menu lets the whole of it go
    d.frames(60)
    d.choose("Main menu")
    assert a.screen is MENU
    assert "kalaha.ringplay" not in sys.modules and "kalaha.ring" not in sys.modules
    assert "kalaha.ring_ai" not in sys.modules


def test_the_keys_are_the_ring_and_say_no_to_other_seats_pits():
    d = Driver()
    rp = d.setup(players=3, computers=0)
    a = d.app
    b = rp.RING.board
    keys = {rp.key_of(b, seat, pit) for seat in range(3) for pit in range(1, 5)}
    assert keys == set(range(12))  # 3 x 4 pits are the 12 keys
    # Orange's pit pressed on Blue's turn: refused, said, nothing sown
    d.press(rp.key_of(b, 1, 2))
    assert b.moves == [] and "Orange's pit" in " ".join(lines(a))
    # Blue sows pit 2 (4 seeds: pits 3, 4, the store, Orange's pit 1): Orange next, the device passed on
    d.press(rp.key_of(b, 0, 2))
    d.frames(60)
    assert b.to_move == 1 and "Pass to Orange" in " ".join(lines(a))


def test_four_players_put_the_movers_pits_on_the_keys():
    d = Driver()
    rp = d.setup(players=4, computers=3)
    b = rp.RING.board
    assert b.seats == 4
    assert [rp.key_of(b, 0, pit) for pit in range(1, 5)] == [8, 9, 10, 11]
    assert rp.key_of(b, 1, 1) == -1  # (another seat's pits: on the display only)
    play_to_the_end(d, rp, random.Random(5))
    assert d.app.screen is rp.RING_RESULT and b.over
