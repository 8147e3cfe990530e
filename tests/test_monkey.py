"""Random input sessions through every screen and mode (tests/monkey.py): none ends in an
exception, and the app's invariants hold after every event. More sessions: KALAHA_MONKEY=N.
"""

import os
import random

from fits import TextCheck
from monkey import GOALS, Session, check, finished_games, screen_name, shadowed_methods

from kalaha.flow import records, replay, screens
from kalaha.flow.screens import Page

SESSIONS = int(os.environ.get("KALAHA_MONKEY", "64"))

# The screens a player can reach (screen_name): the monkey must reach every one of them.
EVERY_SCREEN = {
    "Menu KALAHA menus",
    "Help  howto",
    "Settings Settings records",
    "Listing Statistics records",
    "Settings Play the computer setup",
    "Playing  ",
    "Menu Game gamemenu",
    "Listing Moves movelist",
    "Confirm  ",
    "DrawOffer  gamemenu",
    "Result  menus",
    "Menu Replay a game replay",
    "Replay  replay",
    "RingSetup 3-4 players ringplay",
    "Playing   ring",
    "Menu Game gamemenu ring",
    "Confirm  ringplay",
    "Result  ringplay",
    "Playing   puzzle",
    "Menu Game gamemenu puzzle",
}


def damaged(image, rng):
    data = bytearray(image)
    for _ in range(rng.randrange(1, 4)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def sessions(count, seed=1):
    """`count` sessions, each goal in turn; some start from the saved data an earlier one left,
    some from that data damaged; a replay from finished games."""
    rng = random.Random(seed)
    image = None
    for n in range(count):
        start = None
        goal = GOALS[n % len(GOALS)]
        if goal == "replay":
            start = finished_games(n)
        elif image is not None:
            r = rng.random()
            start = image if r < 0.5 else (damaged(image, rng) if r < 0.7 else None)
        s = Session(seed * 100000 + n, start, goal=goal)
        yield s
        image = s.store.flash.read()


def test_random_sessions_through_every_screen_end_well():
    reached = {}
    cuts = {}
    with TextCheck() as texts:
        for s in sessions(SESSIONS):
            s.run(check)
            for name in s.screens:
                reached[name] = reached.get(name, 0) + 1
            for text, where in texts.take():
                cuts.setdefault(text, "session %d: %s" % (s.seed, where))
    missing = EVERY_SCREEN - set(reached)
    print("\n%d sessions reached %d screens: %s" % (SESSIONS, len(reached), sorted(reached.items())))
    assert not missing, "never reached: %s" % sorted(missing)
    assert not cuts, "texts that do not fit: %s" % sorted(cuts.items())


def test_no_screen_keeps_a_value_under_one_of_its_methods_names():
    from kalaha.flow import ringplay

    found = []
    for module in (screens, records, replay, ringplay):
        for value in vars(module).values():
            if isinstance(value, Page):
                hidden = shadowed_methods(value)
                if hidden:
                    found.append((screen_name(value), hidden))
    assert not found
