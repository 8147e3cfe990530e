"""Host-only code lives in host/, the device's in kalaha/, hw/ and code.py: no device module imports
host (inside functions too), and no host module is found back in the device's folders."""

import ast
import os

import pytest
from vm import ROOT

from tools.manifest import DEVICE_FOLDERS, NOT_ON_THE_DEVICE, PACKAGE_FILE, device_files

HOST = os.path.join(ROOT, "host")
# Libraries only the host has or needs (the command line, the simulator, the page's JavaScript,
# the tools' numerics): a module that imports one is host code, and belongs in host/.
HOST_LIBRARIES = {
    "argparse",
    "hypothesis",
    "js",
    "json",
    "multiprocessing",
    "numba",
    "numpy",
    "pygame",
    "pytest",
    "statistics",
    "subprocess",
    "threading",
    "tkinter",
}


class CircuitPython:
    """`sys` as CircuitPython's: what code.py's `if sys.implementation.name ...` finds there."""

    class implementation:
        name = "circuitpython"


def device_path(tree):
    """`tree` with each `if` on sys.implementation cut to the branch CircuitPython takes."""

    class Cut(ast.NodeTransformer):
        def visit_If(self, node):
            self.generic_visit(node)
            if "sys.implementation" not in ast.unparse(node.test):
                return node
            taken = eval(compile(ast.Expression(node.test), "<test>", "eval"), {"sys": CircuitPython})
            return (node.body if taken else node.orelse) or ast.Pass()

    return ast.fix_missing_locations(Cut().visit(tree))


def imports(tree):
    """[(line, module)] of every import anywhere in `tree` (inside functions too): import
    statements, `from X import Y` as X and X.Y (Y may be a module), and module names given as
    strings (`__import__("...")`, a module's name kept for kalaha.compat.forget)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.lineno, node.module))
            out.extend((node.lineno, node.module + "." + alias.name) for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                out.append((node.lineno, node.args[0].value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value == "host" or node.value.startswith("host."):
                out.append((node.lineno, node.value))
    return out


def host_uses(source, rel="kalaha/x.py"):
    """[(line, module)] where device file `rel` uses host code: the host package or a host library.
    code.py is also `python code.py` on a PC (the simulator): only the branch CircuitPython takes
    counts there; in kalaha/ and hw/ every line does."""
    tree = ast.parse(source)
    if rel == "code.py":
        tree = device_path(tree)
    found = []
    for line, module in imports(tree):
        top = module.split(".")[0]
        if top == "host" or top in HOST_LIBRARIES:
            found.append((line, module))
    return sorted(set(found))


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def host_modules():
    return sorted(name for name in os.listdir(HOST) if name.endswith(".py") and name != "__init__.py")


@pytest.mark.parametrize("rel", device_files())
def test_no_device_module_imports_host_code(rel):
    assert host_uses(read(rel), rel) == [], rel


def test_the_gate_finds_host_imports_anywhere():
    source = "import sys\nfrom kalaha.rules.board import Board\n__import__('kalaha.flow.menus')\n"
    assert host_uses(source) == []
    nested = "def f():\n    if 1:\n        from host.cli import main\n"
    assert host_uses(nested) == [(3, "host.cli"), (3, "host.cli.main")]
    assert host_uses("from host import reading\n") == [(1, "host"), (1, "host.reading")]
    assert host_uses("import json\n") == [(1, "json")]
    assert host_uses("class A:\n    def f(self):\n        import argparse.x\n") == [(3, "argparse.x")]
    assert host_uses("m = __import__('host.web')\n") == [(1, "host.web")]
    assert host_uses("forget('host.desktop')\n") == [(1, "host.desktop")]
    assert host_uses("import pygame as pg\n") == [(1, "pygame")]
    assert host_uses("print('the host is fine')\n") == []


def test_code_py_imports_host_only_on_a_pc():
    # code.py's other branch is `python code.py` on a PC, which starts host.desktop; the branch
    # CircuitPython takes is held to the device's rule. The gate sees the PC's branch elsewhere.
    branches = (
        "import sys\n"
        "def run():\n"
        "    if sys.implementation.name in ('circuitpython', 'micropython'):\n"
        "        from hw.macropad import main\n"
        "    else:\n"
        "        from host.desktop import main\n"
    )
    assert host_uses(branches, "code.py") == []
    assert host_uses(branches, "kalaha/x.py") == [(6, "host.desktop"), (6, "host.desktop.main")]
    swapped = branches.replace("in (", "not in (")
    assert host_uses(swapped, "code.py") == [(6, "host.desktop"), (6, "host.desktop.main")]
    assert host_uses("import host\n", "code.py") == [(1, "host")]
    # (the PC's branch is still there, as the whole file's rule would see it: the cut is tested)
    assert "host.desktop" in [module for _line, module in host_uses(read("code.py"))]


def test_no_host_module_is_found_back_in_the_device_folders():
    names = host_modules()
    assert {"cli.py", "desktop.py", "web.py", "reading.py"} <= set(names)
    for folder in DEVICE_FOLDERS:
        back = sorted(set(os.listdir(os.path.join(ROOT, folder))) & set(names))
        assert back == [], "%s/: %s belong in host/" % (folder, back)
    assert not any(rel.startswith("host/") for rel in device_files())


def test_the_device_folders_are_whole_but_the_one_shim():
    # The device's files are folders: kalaha/ and hw/ whole, and code.py. The one file left off is
    # `python -m kalaha`'s handover to host.cli: two statements, no code of its own; and
    # kalaha.rules.notation, the text forms of boards and records, which no device module imports (its
    # names took the device's pools: docs/performance.md, "Memory").
    assert DEVICE_FOLDERS == ("kalaha", "hw")
    assert NOT_ON_THE_DEVICE == ("kalaha/__main__.py", "kalaha/rules/notation.py")
    # (and the packages' __init__.py: the layers' a docstring each, kalaha's the host's names
    # behind a test of the implementation, hw's a docstring: nothing the device runs)
    for rel in ("kalaha/rules", "kalaha/search", "kalaha/saved", "kalaha/picture", "kalaha/flow", "hw"):
        tree = ast.parse(read(rel + "/" + PACKAGE_FILE))
        assert len(tree.body) == 1 and ast.get_docstring(tree), rel
    kalaha = ast.parse(read("kalaha/" + PACKAGE_FILE)).body
    assert [type(n).__name__ for n in kalaha] == ["Expr", "Import", "If", "Assign"]
    assert ast.unparse(kalaha[2].test) == "sys.implementation.name != 'circuitpython'"
    for rel in device_files():
        tree = ast.parse(read(rel))
        if rel == "code.py":
            tree = device_path(tree)
        assert not [m for _line, m in imports(tree) if m.startswith("kalaha.rules.notation")], rel
    on_disk = {
        os.path.relpath(os.path.join(top, name), ROOT).replace(os.sep, "/")
        for folder in DEVICE_FOLDERS
        for top, _dirs, names in os.walk(os.path.join(ROOT, folder))
        for name in names
        if name.endswith(".py")
    }
    packages = {rel for rel in on_disk if rel.endswith("/" + PACKAGE_FILE)}
    assert set(device_files()) == on_disk - set(NOT_ON_THE_DEVICE) - packages | {"code.py"}
    shim = ast.parse(read("kalaha/__main__.py")).body
    assert ast.get_docstring(ast.Module(body=shim, type_ignores=[]))
    code = shim[1:]
    assert len(code) == 2 and isinstance(code[0], ast.ImportFrom) and code[0].module == "host.cli"
