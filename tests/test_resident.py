"""What is in the device's heap when (kalaha.flow.screens.RESIDENT): each screen holds the modules of its
row and no other of the table's, App.go lets go exactly the others, no module that is always there
imports a screen's at its top, and a game of 3-4 players imports none of the two-player game's
code. Each check is shown to catch a breach.
"""

import ast
import importlib
import sys

import pytest
from monkey import Broken, Session
from test_layers import modules
from test_monkey import finished_games

from kalaha.compat import forget
from kalaha.flow.app import App
from kalaha.flow.screens import RESIDENT, Page

# Modules the table names, and work's (let go as the work ends: the hint's, the coach's).
TABLED = sorted({name for row in RESIDENT for name in row})
MANAGED = TABLED + ["search.coach", "search.hint"]
# Let go while a game of 3-4 players is shown (kalaha.flow.menus.make_room_for_ring; the ring's row).
TWO_PLAYER_CODE = ("rules.board", "search.ai", "search.ponder", "search.coach")
# Always in the heap: what the device's loop and the app import at their tops.
ROOTS = ("hw.macropad", "kalaha.flow.app")


# ----- the table against the source: imports at the top of each module -------------------------


def top_imports(path, known):
    """The modules of `known` a file imports when it is loaded: its imports outside functions."""
    found = set()

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.ImportFrom) and child.module and not child.level:
                whole = [child.module + "." + alias.name for alias in child.names]
                found.update(name for name in whole if name in known)
                if child.module in known:
                    found.add(child.module)
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names if alias.name in known)
            visit(child)

    visit(ast.parse(path.read_text()))
    return found


def top_graph():
    known = modules()
    return {name: sorted(m for m in top_imports(path, known) if m != name) for name, path in known.items()}


def loaded_with(graph, start, loaded):
    """The modules that loading `start` loads, given `loaded` already in the heap: {module: the
    module that imports it}."""
    by = {}
    todo = [start]
    while todo:
        name = todo.pop()
        for other in graph.get(name, ()):
            if other not in loaded and other not in by and other != start:
                by[other] = name
                todo.append(other)
    return by


def breaches(graph, rows=RESIDENT):
    """What the table does not say of the source, a line each: an always-resident module that
    loads a screen's module; a screen's module that loads one its row does not name; the ring's
    row loading the two-player game's code."""
    out = []
    tabled = {"kalaha." + name for row in rows for name in row}
    always = set(ROOTS)
    for root in ROOTS:
        always.update(loaded_with(graph, root, set()))
    for name in sorted(always & tabled):
        out.append("%s is always in the heap, yet a screen's (its row lets it go)" % name)
    for row in rows:
        own = "kalaha." + row[0]
        listed = {"kalaha." + name for name in row}
        ring = row[0] == "flow.ringplay"  # (3-4 players' screens)
        loaded = always - {"kalaha." + name for name in TWO_PLAYER_CODE} if ring else always
        for name, by in sorted(loaded_with(graph, own, loaded).items()):
            if name not in listed:
                out.append("%s loads %s (imported by %s), which its row does not name" % (own, name, by))
    return out


def test_the_table_names_every_module_a_screen_loads_and_none_that_is_always_there():
    assert breaches(top_graph()) == []


def test_the_table_check_catches_a_breach():
    graph = top_graph()
    # a module always there that imports a screen's at its top (the game menu's, in every game)
    wrong = dict(graph, **{"kalaha.flow.app": graph["kalaha.flow.app"] + ["kalaha.flow.gamemenu"]})
    assert any("kalaha.flow.gamemenu is always in the heap" in line for line in breaches(wrong))
    # a screen's module that imports one its row does not name
    wrong = dict(graph, **{"kalaha.flow.records": graph["kalaha.flow.records"] + ["kalaha.picture.movelist"]})
    assert any("kalaha.flow.records loads kalaha.picture.movelist" in line for line in breaches(wrong))
    # the ring's code importing the two-player game's board (let go in a game of 3-4 players)
    wrong = dict(graph, **{"kalaha.flow.ringplay": graph["kalaha.flow.ringplay"] + ["kalaha.rules.board"]})
    assert any("kalaha.flow.ringplay loads kalaha.rules.board" in line for line in breaches(wrong))
    # a row that leaves out what its module imports (the settings' choices)
    rows = tuple(row for row in RESIDENT if row[0] != "flow.records") + (("flow.records", "saved.clock"),)
    assert any("kalaha.flow.records loads kalaha.saved.choices" in line for line in breaches(graph, rows))


# ----- the app: what each screen holds, event by event ---------------------------------------------


def row_of(module, rows=RESIDENT):
    for row in rows:
        if row[0] == module:
            return row
    return ()


class Loads:
    """The modules of kalaha loaded (not found in sys.modules) since the last look, as an import
    hook sees them: a module loaded and let go again within one event counts too."""

    def __init__(self):
        self.names = []

    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith("kalaha."):
            self.names.append(fullname[7:])
        return None  # (the usual finders load it)

    def take(self):
        names, self.names = self.names, []
        return names


@pytest.fixture(autouse=True)
def loads():
    hook = Loads()
    sys.meta_path.insert(0, hook)
    yield hook
    sys.meta_path.remove(hook)


def held_wrongly(app, loaded=(), rows=RESIDENT):
    """The modules in the heap (sys.modules), or `loaded` since the last look, that the screen
    shown may not hold: its row's, the game's own (a chess clock's, seven pits'), the work under
    way's (the hint, the result's coach); on a screen of 3-4 players none of the two-player game's
    code."""
    screen = app.screen
    ok = set(row_of(screen.module, rows))
    g = app.game
    if g.clock is not None:
        ok.add("saved.clock")
    ok.update(g.mode.modules)
    ring = not g.mode.two_sides or screen.module == "flow.ringplay"  # (a game of 3-4 players, or its setup)
    if app.thinker.hinting and not ring:
        ok.add("search.hint")
    if screen.ends_game and not ring:
        ok.add("search.coach")
    held = {name for name in MANAGED if "kalaha." + name in sys.modules}
    held.update(name for name in loaded if name in MANAGED)
    wrong = sorted(held - ok)
    if ring:
        wrong += [name for name in TWO_PLAYER_CODE if "kalaha." + name in sys.modules or name in loaded]
    return wrong


def watched(session, rows=RESIDENT):
    """The session's app checked after every frame, event and change of screen."""
    watch(session.app, session.failure, rows)
    return session


def watch(app, failure=str, rows=RESIDENT):
    hook = next(finder for finder in sys.meta_path if isinstance(finder, Loads))
    hook.take()

    def checked(method):
        def call(*args):
            out = method(*args)
            wrong = held_wrongly(app, hook.take(), rows)
            if wrong:
                raise Broken(
                    failure("%s holds %s (kalaha.flow.screens.RESIDENT)" % (type(app.screen).__name__, wrong))
                )
            return out

        return call

    for name in ("go", "tick", "key_down", "key_up", "turn", "click"):
        setattr(app, name, checked(getattr(app, name)))


def fresh_device():
    """No module of the table in the heap (others' tests import them), as on a device's start."""
    for name in MANAGED:
        forget(name)


GOALS = ("computer", "two", "seven", "ring", "replay", "stats", "settings", "help", "none")


@pytest.mark.parametrize("goal", GOALS)
def test_every_screen_holds_only_its_rows_modules(goal):
    # Random sessions (tests/monkey.py) led to each mode: after every frame, event and App.go,
    # the heap holds of the table's modules only the screen's row and the game's own.
    for seed in range(3):
        fresh_device()
        image = finished_games(seed) if goal in ("replay", "none") else None
        watched(Session(900 + seed, image, events=150, goal=goal)).run(lambda _session: None)


def test_games_to_their_results_hold_only_their_rows_modules():
    # Whole games (the random sessions seldom finish one): against the computer to its result, its
    # coach and Replay this game; then 3-4 players to their places and the main menu again.
    import random

    from playout import play_out
    from test_ringplay import Driver, play_to_the_end

    fresh_device()
    d = Driver()
    watch(d.app)
    d.app.level = "easy"
    d.choose("Play computer")
    d.choose("Start game")
    play_out(d.app)
    d.frames(200)  # (the coach speaks; the result's actions imported ahead)
    d.ready()
    d.choose("Replay this game")
    d.frames(20)
    d.app.click()  # (back to the result)
    d.frames(5)
    d.ready()
    d.choose("Main menu")
    rp = d.setup(players=3, computers=("Orange", "Violet"))
    play_to_the_end(d, rp, random.Random(5))
    d.frames(60)
    d.ready()
    d.choose("Replay this game")
    d.frames(20)
    d.app.click()  # (the list of games)
    d.frames(5)
    d.choose("Back")
    d.frames(5)
    assert d.app.screen.module == "flow.menus"


def test_the_screen_check_catches_a_row_that_leaves_out_a_module(monkeypatch):
    # The settings' row without kalaha.saved.choices, which kalaha.flow.records imports: the check fails on
    # the settings screen, the moment it shows.
    rows = tuple(row for row in RESIDENT if row[0] != "flow.records") + (("flow.records", "saved.clock"),)
    monkeypatch.setattr("kalaha.flow.app.RESIDENT", rows)
    fresh_device()
    with pytest.raises(Broken, match=r"Settings holds \['saved.choices'\]"):
        watched(Session(1, goal="settings"), rows).run(lambda _session: None)


def test_the_screen_check_catches_a_screen_that_imports_another_screens_module(monkeypatch):
    # The statistics' code importing the move list's (not in its row): caught on that screen.
    from kalaha.flow.screens import STATS, Listing

    def rows(app):
        importlib.import_module("kalaha.picture.movelist")
        return Listing.rows(STATS, app)

    monkeypatch.setattr(STATS, "rows", rows)
    fresh_device()
    with pytest.raises(Broken, match=r"Listing holds \['picture.movelist'\]"):
        watched(Session(1, goal="stats")).run(lambda _session: None)


# ----- App.go: exactly the table ---------------------------------------------------------------------


def let_go_wrongly(key, clock=False, seven=False):
    """Every module of the table imported, then App.go to a screen of `key`'s row: the names
    whose being in the heap is not what the table says."""
    import kalaha.flow.seven
    from kalaha.rules.board import Board

    app = App(welcome=False)
    if seven:
        app.game.board = Board(pits=7)
        app.game.mode = kalaha.flow.seven
    if clock:
        app.game.clock = object()
    for name in TABLED:
        importlib.import_module("kalaha." + name)
    screen = Page()
    screen.module = key
    app.go(screen)
    keep = set(row_of(key)) | ({"saved.clock"} if clock else set()) | ({"flow.seven"} if seven else set())
    return [name for name in TABLED if ("kalaha." + name in sys.modules) != (name in keep)]


@pytest.mark.parametrize("key", [row[0] for row in RESIDENT] + [None])
def test_app_go_keeps_the_rows_modules_and_lets_every_other_go(key):
    assert let_go_wrongly(key) == []
    assert let_go_wrongly(key, clock=True, seven=True) == []  # (the game's own stay)


def test_the_app_go_check_catches_a_module_not_let_go(monkeypatch):
    from kalaha.flow import app

    monkeypatch.setattr(app, "forget", lambda name: None if name == "picture.howto" else forget(name))
    assert let_go_wrongly("flow.menus") == ["picture.howto"]
