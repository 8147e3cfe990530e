"""The tests' drivers of whole sessions through kalaha.flow.app.App (CPython): a player's hands on
two-player games, against the computer and round the ring, and the skips of optional packages."""

import os
import random
import sys

import pytest
from playout import Hands

from host.reading import app_lines as lines
from kalaha.flow.app import App
from kalaha.flow.screens import GAME
from kalaha.picture.view import view_key_of_pit
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store


class Driver(Hands):
    def __init__(self, **settings):
        Hands.__init__(self, App(settings or None))

    def idle(self, limit=20000):
        """Run frames until nothing moves: no animation, no search (or the game is over)."""
        a = self.app
        for _ in range(limit):
            self.frames()
            if a.screen != GAME:
                return
            if (
                a.sowing.path is None
                and not a.game.handover_at
                and a.now >= a.hold_until
                and not a.thinker.thinking
                and (a.game.board.to_move is None or a.game.board.to_move != a.game.computer)
            ):
                return
        raise AssertionError("the app never settled")

    def key_for(self, pit):
        a = self.app
        return view_key_of_pit(a.game.board.to_move, pit, a.game.viewer, a.game.board.pits)


def start_vs_computer(d, level="easy", starts="you"):
    a = d.app
    d.choose("Play computer")
    while not lines(a)[2].endswith(level):
        d.choose("Level")
    while not lines(a)[3].endswith(starts):
        d.choose("Starts")
    d.choose("Start game")
    assert a.screen == GAME


def play_some(d, n, seed=1):
    rng = random.Random(seed)
    a = d.app
    for _ in range(n):
        d.idle()
        if a.screen != GAME:
            return
        d.press(d.key_for(rng.choice(list(a.game.board.legal_moves()))))
    d.idle()


class RingDriver(Hands):
    def __init__(self, flash=None):
        for name in ("kalaha.flow.ringplay", "kalaha.search.ring_ai", "kalaha.rules.ring"):
            sys.modules.pop(name, None)  # (a fresh device: no setup kept from another test)
        Hands.__init__(self, App(store=Store(MemoryFlash(flash)), welcome=False))

    def choose_computers(self, rp, players, computers):
        """Each seat's row clicked until it says what `computers` (seat names) asks (the people
        first: one seat at least is always a person's)."""
        names = rp.SEAT_NAMES[:players]
        for name in sorted(names, key=lambda name: name in computers):
            seat = names.index(name)
            for _ in range(2):
                if rp.is_computer(seat) == (name in computers):
                    break
                self.choose(name + ":")
            assert rp.is_computer(seat) == (name in computers)
            for row in lines(self.app):  # (the rows the menu shows now)
                assert not row.endswith(name + (": person" if name in computers else ": computer"))

    def setup(self, players=3, computers=("Orange", "Violet"), level="easy"):
        self.choose("3-4 players")
        rp = sys.modules["kalaha.flow.ringplay"]
        while not lines(self.app)[1].endswith(": %d" % players):
            self.choose("Players")
        self.choose_computers(rp, players, computers)
        while not any(row.endswith("Level: " + level) for row in lines(self.app)):
            self.choose("Level")
        self.choose("Start game")
        return rp


def play_to_the_end(d, rp, rng, limit=100000):
    """Sow a random legal pit whenever a person is to move; the computers play themselves."""
    a = d.app
    for _ in range(limit):
        if a.screen is not GAME:
            return
        b = a.game.board
        if a.sowing.path is None and a.game.handover_at:
            d.frames()  # (the sowing's end shown to its sower before the device goes on)
        elif a.sowing.path is None and b.to_move is not None and not rp.is_computer(b.to_move):
            d.ready()  # (passed to the next person: a moment before the keys are theirs)
            pit = rng.choice(b.legal_moves())
            before = len(b.moves)
            d.press(rp.key_of(b, b.to_move, pit))
            assert len(b.moves) == before + 1
        else:
            d.frames()
    raise AssertionError("the game never ended")


def need_simulator():
    try:
        import pygame  # noqa: F401
    except ImportError as e:
        if os.environ.get("CI"):
            pytest.fail("the simulator's packages are missing in CI: %s" % e)
        pytest.skip("simulator packages not installed (make venv)")
