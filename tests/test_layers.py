"""The house's floors: every module of kalaha/, hw/ and code.py has a layer, and no import runs
up and none closes a circle (imports inside functions count), the host's tools too. Lowest first:
rules, search, saved, picture, flow (kalaha/'s folders), front ends.
"""

import ast
import pathlib

from tools.manifest import LAYERS as LAYER_FOLDERS

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("kalaha", "hw", "host", "tools")

# kalaha's layers, lowest first: a folder each (kalaha/rules/, kalaha/search/ ...), whose modules
# are its (each folder's __init__.py says what it holds and what it may import).
FOLDERS = LAYER_FOLDERS
# Each row: a layer and the modules on it; a package's name stands for every module of it that
# no row names (the longest that names it). A module imports from its own layer and the layers
# before it, never after.
LAYERS = tuple((folder, "kalaha." + folder) for folder in FOLDERS) + (
    ("rules", "kalaha.__init__ kalaha.compat"),  # (the package's own: the host's names, the shims)
    ("front ends", "code hw"),  # the device's (hw.macropad, hw.startup ...)
    ("front ends", "host kalaha.__main__"),  # the host's: the command line, the simulator, the page
    ("front ends", "tools"),  # the host's tools: the build, the checks, the tables' makers
)
# Layers that import neither from the other, whatever their order: a saved game is read without
# the search's code, and the search runs without the journal's.
APART = (("search", "saved"),)


def modules():
    """{module name: path} of every module of the packages and code.py."""
    found = {"code": ROOT / "code.py"}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[".".join(path.relative_to(ROOT).with_suffix("").parts)] = path
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
    name = row_of.get(module)
    prefix = module
    while name is None and "." in prefix:
        prefix = prefix.rpartition(".")[0]
        name = row_of.get(prefix)
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


def breaches(graph, layers=LAYERS, apart=APART):
    """What breaks the house's rules, a line each: a module in no row, a row's name that is no
    module, an import that runs up or between layers kept apart, a circle."""
    out = []
    for module in sorted(graph):
        if layer_of(module, layers) is None:
            out.append("no layer: %s" % module)
    for _layer, names in layers:
        for name in names.split():
            if name not in graph and name + ".__init__" not in graph and name not in PACKAGES:
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
    circle = find_circle(graph)
    if circle:
        out.append("circle: %s" % " -> ".join(circle))
    return out


def test_every_module_has_a_layer_and_no_import_runs_up_or_round():
    graph = import_graph()
    assert "kalaha.search.hint" in graph["kalaha.flow.app"]  # (an import inside a function is seen)
    assert "kalaha.flow.menus" in graph["hw.startup"]  # (and one by __import__)
    assert breaches(graph) == []


def doctored(added):
    """The house's import graph with `added` imports ({module: [modules]}; a new module too)."""
    graph = {module: list(imported) for module, imported in import_graph().items()}
    for module, imported in added.items():
        graph.setdefault(module, []).extend(imported)
    return graph


def test_the_checker_fails_on_a_breach():
    # An import up, one between layers kept apart, a module in no row, a circle not named.
    board, view = "kalaha.rules.board", "kalaha.picture.view"
    store, ai = "kalaha.saved.store", "kalaha.search.ai"
    found = breaches(doctored({board: [view]}))  # (the view imports the board: a circle too)
    assert found[0] == "upward: kalaha.rules.board (rules) imports kalaha.picture.view (picture)"
    found = breaches(doctored({store: [ai]}))
    assert found == ["apart: kalaha.saved.store (saved) imports kalaha.search.ai (search)"]
    assert breaches(doctored({"kalaha.newcomer": [board]})) == ["no layer: kalaha.newcomer"]
    found = breaches(doctored({"kalaha.picture.draw": ["kalaha.picture.howto"]}))  # (howto draws with it)
    assert found == ["circle: kalaha.picture.draw -> kalaha.picture.howto -> kalaha.picture.draw"]
    # (an import inside a function closes one too: the store's loading)
    found = breaches(doctored({"kalaha.saved.storeload": ["kalaha.saved.store"]}))
    assert found == ["circle: kalaha.saved.store -> kalaha.saved.storeload -> kalaha.saved.store"]
    # The table is checked against the house too.
    graph = import_graph()
    assert breaches(graph, layers=LAYERS + (("rules", "kalaha.gone"),)) == [
        "in the table, no such module: kalaha.gone"
    ]


def test_a_package_row_takes_in_its_modules_and_a_module_row_wins():
    assert layer_of("hw.macropad") == (5, "front ends") == layer_of("code") == layer_of("host.cli")
    assert layer_of("kalaha.__init__") == (0, "rules") and layer_of("hw.__init__") == (5, "front ends")
    assert layer_of("kalaha.search.thinking") == (1, "search")
    assert layer_of("kalaha.picture.view") == (3, "picture") and layer_of("kalaha.flow") == (4, "flow")
    assert layer_of("elsewhere.thing") is None


def test_the_circle_finder_finds_a_circle():
    assert find_circle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert find_circle({"a": ["b"], "b": ["c"], "c": []}) is None
