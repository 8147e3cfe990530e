"""The package's shape: the app's parts in objects of their own that a newcomer finds by name,
one game flow for every kind of game (its layers and import circles: tests/test_layers.py)."""

import ast
import pathlib

import pytest

KALAHA = pathlib.Path(__file__).resolve().parent.parent / "kalaha"
# The modules that may branch on how many pits a board has: the rules, and the modes that lay
# the pits out (kalaha.flow.sides chooses a two-sided game's; seven pits' and the ring's own).
PIT_COUNTS = ("board", "ring", "notation", "sides", "seven", "ringplay", "ringview")
# What the flow asks a game's mode, and never which kind of game it is (kalaha/flow/sides.py).
MODES = ("kalaha.flow.sides", "kalaha.flow.seven", "kalaha.flow.ringplay")
HOOKS = ("key", "turn", "work", "board", "names", "modules", "two_sides", "pit_keys")


@pytest.mark.parametrize(
    "module, name",
    [
        ("kalaha.flow.game", "Game"),  # the game in progress: board, clock, last turn, the end
        ("kalaha.flow.game", "Sowing"),  # one sowing shown seed by seed
        ("kalaha.search.thinking", "Thinker"),  # the computer's thinking in slices
        ("kalaha.picture.view", "View"),  # the drawing
    ],
)
def test_the_apps_parts_are_objects_of_their_own(module, name):
    from kalaha.flow.app import App

    cls = getattr(__import__(module, None, None, (name,)), name)
    app = App()
    assert any(isinstance(value, cls) for value in vars(app).values())
    assert not issubclass(App, cls)


def definitions(path):
    return [n for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.FunctionDef)]


def pit_count_branches(path):
    """Comparisons of a board's pit count with a number in `path` ("pits > 6"), as (line, code);
    not a range check of a pit ("1 <= pit <= pits")."""
    out = []
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, ast.Compare):
            parts = [n.left, *n.comparators]
            pits = [p for p in parts if getattr(p, "attr", getattr(p, "id", None)) == "pits"]
            numbers = [p for p in parts if isinstance(p, ast.Constant) and type(p.value) is int]
            numbers = [p for p in numbers if p.value > 1]
            if pits and numbers:
                out.append((n.lineno, ast.unparse(n)))
    return out


def test_one_game_flow_for_every_kind_of_game():
    # One home for a sowing's end, and no module of the flow asks how many pits a board has or
    # which kind of game it is: it asks the game's mode (App, the screens, the view, the menus).
    sowing_ends = [p.name for p in KALAHA.rglob("*.py") for f in definitions(p) if f.name == "finish_sowing"]
    assert sowing_ends == ["app.py"]
    branches = {p.stem: pit_count_branches(p) for p in KALAHA.rglob("*.py") if p.stem not in PIT_COUNTS}
    assert {name: found for name, found in branches.items() if found} == {}
    names = ("app.py", "screens.py", "view.py", "gamemenu.py")
    flow = "\n".join((KALAHA / "flow" / name).read_text() for name in names if name != "view.py")
    flow += (KALAHA / "picture" / "view.py").read_text()
    for kind in (".puzzle", ".ring ", ".ring:", ".ring)", ".layout"):
        assert "game" + kind not in flow and "g" + kind not in flow, kind


def test_the_checks_of_one_flow_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(b):\n    if b.pits > 6:\n        return 1\n    return 1 <= b.pit <= b.pits\n")
    assert pit_count_branches(bad) == [(2, "b.pits > 6")]


@pytest.mark.parametrize("module", MODES)
def test_every_mode_has_the_hooks_the_flow_asks_for(module):
    import importlib

    mode = importlib.import_module(module)
    assert [hook for hook in HOOKS if not hasattr(mode, hook)] == []
    from kalaha.flow.puzzles import Puzzle

    assert [hook for hook in HOOKS if not hasattr(Puzzle, hook)] == []
