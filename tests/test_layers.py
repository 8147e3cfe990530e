"""The house's floors: every module of kalaha/, hw/ and code.py has a layer, and no import runs
up (imports inside functions count); the only import circles are the ones named below, each with
its reason. Lowest first: rules, search, saved data, picture, flow, front ends.
"""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("kalaha", "hw", "host")

# Each row: a layer and the modules on it; a package's name stands for every module of it that
# no row names. A module imports from its own layer and the layers before it, never after.
LAYERS = (
    ("rules", "kalaha.__init__ kalaha.compat kalaha.board kalaha.notation kalaha.ring kalaha.perft"),
    ("search", "kalaha.ai kalaha.searchcore kalaha.ring_ai kalaha.endgame kalaha.hint kalaha.ponder"),
    ("search", "kalaha.book"),  # (the opening book read from the drive)
    ("search", "kalaha.thinking kalaha.coach"),  # (the search in a frame's slices; the result's coach)
    ("saved data", "kalaha.store kalaha.storeload kalaha.snapshot kalaha.memflash kalaha.choices"),
    ("saved data", "kalaha.clock"),  # (the chess clock saves itself mid-turn into the journal)
    ("picture", "kalaha.glyphs kalaha.frame kalaha.draw kalaha.view kalaha.seven kalaha.ringview"),
    ("picture", "kalaha.movelist kalaha.howto kalaha.tuneread kalaha.music"),  # (words, help and music)
    ("flow", "kalaha.game kalaha.screens kalaha.app kalaha.menus kalaha.setup kalaha.gamemenu"),
    ("flow", "kalaha.records kalaha.replay kalaha.ringplay"),
    ("flow", "kalaha.puzzles"),  # (the puzzle set read from the drive, and the puzzle mode)
    ("front ends", "code hw"),  # the device's (hw.macropad, hw.startup ...)
    ("front ends", "host kalaha.__main__"),  # the host's: the command line, the simulator, the page
)
# Layers that import neither from the other, whatever their order: a saved game is read without
# the search's code, and the search runs without the journal's.
APART = (("search", "saved data"),)

# The import circles kept, by the import that closes each: a module whose rarely needed code
# lives in a helper that it imports only when used, the helper building on it. As one module,
# the helper's code would stay on the device's heap for good.
CIRCLES = {
    ("kalaha.store", "kalaha.storeload"): "reading the journal: at start-up only, then let go",
    ("kalaha.store", "kalaha.snapshot"): "the compaction: one save in a hundred, then let go",
}


def modules():
    """{module name: path} of every module of the packages and code.py."""
    found = {"code": ROOT / "code.py"}
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            found[package + "." + path.stem] = path
    return found


def imports_of(path, known):
    """The modules of `known` that a file imports anywhere in it: import statements at any depth
    (inside functions too) and __import__ or import_module of a written name."""
    found = set()

    def add(name):
        while name and name not in known and name + ".__init__" not in known:
            name = name.rpartition(".")[0]
        if name:
            found.add(name if name in known else name + ".__init__")

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                whole = node.module + "." + alias.name
                add(whole if whole in known else node.module)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if called in ("__import__", "import_module") and isinstance(node.args[0].value, str):
                add(node.args[0].value)
    return found


def import_graph():
    known = modules()
    return {name: sorted(m for m in imports_of(path, known) if m != name) for name, path in known.items()}


def layer_of(module, layers=LAYERS):
    """(rank, layer) of a module by its own row, else its package's; None if neither. The rank is
    the layer's place in the table (its first row's)."""
    rank = {}
    row_of = {}
    for name, names in layers:
        rank.setdefault(name, len(rank))
        for listed in names.split():
            row_of[listed] = name
    name = row_of.get(module) or row_of.get(module.partition(".")[0] if "." in module else "")
    return None if name is None else (rank[name], name)


def find_circle(graph):
    """One import circle as a list of modules, or None (depth-first search with colours)."""
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, ()):
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


def breaches(graph, layers=LAYERS, circles=CIRCLES, apart=APART):
    """What breaks the house's rules, a line each: a module in no row, a row's name that is no
    module, an import that runs up or between layers kept apart, a named circle that is none, a
    circle not named."""
    out = []
    for module in sorted(graph):
        if layer_of(module, layers) is None:
            out.append("no layer: %s" % module)
    for _layer, names in layers:
        for name in names.split():
            if name not in graph and name not in PACKAGES:
                out.append("in the table, no such module: %s" % name)
    for module, imported in sorted(graph.items()):
        mine = layer_of(module, layers)
        for other in imported:
            theirs = layer_of(other, layers)
            if mine is None or theirs is None:
                continue
            if theirs[0] > mine[0]:
                out.append("upward: %s (%s) imports %s (%s)" % (module, mine[1], other, theirs[1]))
            elif (mine[1], theirs[1]) in apart or (theirs[1], mine[1]) in apart:
                out.append("apart: %s (%s) imports %s (%s)" % (module, mine[1], other, theirs[1]))
    rest = {module: list(imported) for module, imported in graph.items()}
    for module, helper in circles:
        if helper not in rest.get(module, ()):
            out.append("named circle, no such import: %s -> %s" % (module, helper))
            continue
        rest[module].remove(helper)
        if not _reaches(rest, helper, module):
            out.append("named circle, no circle: %s -> %s" % (module, helper))
    circle = find_circle(rest)
    if circle:
        out.append("circle not named: %s" % " -> ".join(circle))
    return out


def _reaches(graph, start, goal):
    seen = {start}
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def test_every_module_has_a_layer_and_no_import_runs_up_or_round():
    graph = import_graph()
    assert "kalaha.hint" in graph["kalaha.app"]  # (an import inside a function is seen)
    assert "kalaha.menus" in graph["hw.startup"]  # (and one by __import__)
    assert breaches(graph) == []


def doctored(**added):
    """The house's import graph with `added` imports ({module: [modules]}; a new module too)."""
    graph = {module: list(imported) for module, imported in import_graph().items()}
    for module, imported in added.items():
        graph.setdefault(module.replace("_", "."), []).extend(imported)
    return graph


def test_the_checker_fails_on_a_breach():
    # An import up, one between layers kept apart, a module in no row, a circle not named.
    found = breaches(doctored(kalaha_board=["kalaha.view"]))  # (the view imports the board: a circle too)
    assert found[0] == "upward: kalaha.board (rules) imports kalaha.view (picture)"
    found = breaches(doctored(kalaha_store=["kalaha.ai"]))
    assert found == ["apart: kalaha.store (saved data) imports kalaha.ai (search)"]
    assert breaches(doctored(kalaha_newcomer=["kalaha.board"])) == ["no layer: kalaha.newcomer"]
    found = breaches(doctored(kalaha_draw=["kalaha.howto"]))  # (howto draws with kalaha.draw)
    assert found == ["circle not named: kalaha.draw -> kalaha.howto -> kalaha.draw"]
    # The table and the named circles are checked against the house too.
    graph = import_graph()
    assert breaches(graph, layers=LAYERS + (("rules", "kalaha.gone"),)) == [
        "in the table, no such module: kalaha.gone"
    ]
    assert breaches(graph, circles={**CIRCLES, ("kalaha.app", "kalaha.board"): ""}) == [
        "named circle, no circle: kalaha.app -> kalaha.board"
    ]
    assert breaches(graph, circles={**CIRCLES, ("kalaha.board", "kalaha.app"): ""}) == [
        "named circle, no such import: kalaha.board -> kalaha.app"
    ]
    unnamed = {key: why for key, why in CIRCLES.items() if key != ("kalaha.store", "kalaha.snapshot")}
    assert breaches(graph, circles=unnamed) == [
        "circle not named: kalaha.store -> kalaha.snapshot -> kalaha.store"
    ]


def test_a_package_row_takes_in_its_modules_and_a_module_row_wins():
    assert layer_of("hw.macropad") == (5, "front ends") == layer_of("code") == layer_of("host.cli")
    assert layer_of("kalaha.__init__") == (0, "rules") and layer_of("hw.__init__") == (5, "front ends")
    assert layer_of("kalaha.thinking") == (1, "search") and layer_of("kalaha.view") == (3, "picture")
    assert layer_of("elsewhere.thing") is None


def test_the_circle_finder_finds_a_circle():
    assert find_circle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert find_circle({"a": ["b"], "b": ["c"], "c": []}) is None
