"""The app's flow in MicroPython's VM: whole games (5 pits, and 7 by the knob's keys) give the same
result as CPython."""

import os

import pytest
from vm import ROOT, run_vm

from kalaha.flow.app import App
from tools import micropython

pytestmark = pytest.mark.device  # (the VM, the emulator or a browser: make test, not make check)

GAME_SCRIPT = """
from kalaha.rules import notation
from kalaha.flow.app import App
from playout import play_out

def play(level, two_players, pits=5):
    # (the same slices both ways; the levels' time caps count frames here)
    app = App({"pits": pits, "seeds": 3}, slice_nodes=4)
    app.tick(0)
    app.turn(1 if two_players else 0)
    app.click()
    if not two_players:
        app.level = level
        app.cursor = 0  # (the setup opens on Start game)
        app.click()
    play_out(app)
    return "%s|%s|%s|%s" % (level, two_players, notation.record(app.game.board), app.game.result_text)

for level, two, pits in (("easy", False, 5), ("medium", False, 5), ("strong", False, 5), ("easy", True, 5),
                         ("medium", False, 7), ("easy", True, 7)):
    print(play(level, two, pits))
"""


def test_whole_games_through_the_app_match_cpython():
    status, out, err = run_vm(
        GAME_SCRIPT,
        path=(ROOT, os.path.join(ROOT, "tests")),
        copy=micropython.checkout("kalaha", "hw", "tests/playout.py"),
    )
    assert status == 0, err
    namespace = {}
    exec(
        GAME_SCRIPT.replace("for level, two, pits in", "results = []\nfor level, two, pits in").replace(
            "    print(play(level, two, pits))", "    results.append(play(level, two, pits))"
        ),
        namespace,
    )
    assert out.strip().splitlines() == namespace["results"]
    assert all(line.split("|")[3] for line in namespace["results"])  # every game reached a result
    assert App  # the module under test imports on CPython too
