"""The package's shape: no import circles among kalaha's modules (lazy imports included), and
the app's parts in objects of their own that a newcomer finds by name."""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "kalaha"


def imports_of(path):
    """The kalaha modules a file imports anywhere in it (inside functions too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "kalaha":
                found.update("kalaha." + alias.name for alias in node.names)
            elif node.module.startswith("kalaha."):
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("kalaha."))
    return found


def import_graph():
    modules = {"kalaha." + p.stem: p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    graph = {}
    for name, path in modules.items():
        graph[name] = sorted(m for m in imports_of(path) if m in modules and m != name)
    return graph


def find_circle(graph):
    """One import circle as a list of modules, or None (depth-first search with colours)."""
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                circle = visit(nxt)
                if circle:
                    return circle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            circle = visit(node)
            if circle:
                return circle
    return None


def test_the_circle_finder_finds_a_circle():
    assert find_circle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert find_circle({"a": ["b"], "b": ["c"], "c": []}) is None


# The allowed pairs: a module whose rarely needed code lives in a helper that it imports only
# when used (and the device never, or only at start-up), the helper building on it. Board's
# record() and position() over kalaha.notation; the store's loading at start-up in storeload,
# its compaction in snapshot; the game screen's keys and board of seven pits in kalaha.seven.
HELPERS = (
    ("kalaha.board", "kalaha.notation"),
    ("kalaha.store", "kalaha.storeload"),
    ("kalaha.store", "kalaha.snapshot"),
    ("kalaha.screens", "kalaha.seven"),
    ("kalaha.view", "kalaha.seven"),
)


def test_no_import_circles_among_the_packages_modules():
    graph = import_graph()
    assert "kalaha.menus" in graph["kalaha.app"]  # (the lazy import is seen)
    for module, helper in HELPERS:
        graph[module].remove(helper)
    assert find_circle(graph) is None


@pytest.mark.parametrize(
    "module, name",
    [
        ("kalaha.game", "Game"),  # the game in progress: board, clock, last turn, the end
        ("kalaha.game", "Sowing"),  # one sowing shown seed by seed
        ("kalaha.thinking", "Thinker"),  # the computer's thinking in slices
        ("kalaha.view", "View"),  # the drawing
    ],
)
def test_the_apps_parts_are_objects_of_their_own(module, name):
    from kalaha.app import App

    cls = getattr(__import__(module, None, None, (name,)), name)
    app = App()
    assert any(isinstance(value, cls) for value in vars(app).values())
    assert not issubclass(App, cls)
