"""CircuitPython's own interpreter (unix port, 32-bit) and mpy-cross, found and run from the host.

Host-only. The binaries come from ../shared/circuitpython (or CIRCUITPYTHON_TOOLS=folder); a
maker without them can point MPY_CROSS at CircuitPython's mpy-cross for their version, or let
the device build fetch Adafruit's (tools/mpycross.py: pinned, cached in build/mpy-cross).
"""

import os
import shutil
import subprocess

from tools.manifest import ROOT

# The major versions the device build supports, and the file names the tools folder uses.
VERSIONS = ("9", "10")
_NAMES = {"9": "9.2.x", "10": "10.x"}
DEFAULT_VERSION = "10"
STANDINS = os.path.join(ROOT, "tests", "cp_standins")


class Missing(Exception):
    """A CircuitPython tool is not on this machine."""


def tools_folder():
    return os.environ.get("CIRCUITPYTHON_TOOLS") or os.path.join(
        os.path.dirname(ROOT), "shared", "circuitpython"
    )


def _tool(kind, version):
    if version not in _NAMES:
        raise Missing("CircuitPython %s is not supported (use %s)" % (version, " or ".join(VERSIONS)))
    suffix = "-unix32" if kind == "circuitpython" else ""
    path = os.path.join(tools_folder(), "%s-%s%s" % (kind, _NAMES[version], suffix))
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise Missing("%s for CircuitPython %s.x not found at %s" % (kind, version, path))
    return path


def interpreter(version=DEFAULT_VERSION):
    """Path of CircuitPython's 32-bit unix-port interpreter for `version`, or raise Missing."""
    return _tool("circuitpython", version)


def mpy_cross(version=DEFAULT_VERSION, fetch=False, out=None):
    """Path of CircuitPython's mpy-cross: MPY_CROSS if set, else the tools folder's, else the one
    fetched into build/mpy-cross (tools.mpycross); with `fetch`, fetched now if need be (reported
    on `out`). Raises Missing."""
    from tools import mpycross

    given = os.environ.get("MPY_CROSS")
    if given:
        if not shutil.which(given):
            raise Missing("MPY_CROSS=%s is not a program" % given)
        return shutil.which(given)
    try:
        return _tool("mpy-cross", version)
    except Missing as e:
        missing = e
    found = mpycross.cached(version)
    if found:
        return found
    if not fetch:
        raise missing
    try:
        return mpycross.fetch(version, out)
    except mpycross.FetchError as e:
        raise Missing("mpy-cross for CircuitPython %s.x not found; %s" % (version, e)) from None


def compile_mpy(source, target, version=DEFAULT_VERSION, name=None, arch=None):
    """Compile `source` (.py) to `target` (.mpy) with CircuitPython's mpy-cross; raise on errors.

    arch: the machine code's architecture for viper and native functions (armv6m for the
    RP2040, x86 for the 32-bit unix port); without it they do not compile.
    """
    cmd = [mpy_cross(version), "-o", target]
    if name:
        cmd += ["-s", name]
    if arch:
        cmd += ["-march=" + arch]
    proc = subprocess.run(cmd + [source], capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError("mpy-cross failed on %s: %s" % (source, (proc.stderr or proc.stdout).strip()))
    return target


def command(script, heap=None, version=DEFAULT_VERSION, args=(), cwd=None):
    """The command line that runs `script` (with `args`; None: `args` only, e.g. -c CODE) in
    CircuitPython `version`; with `cwd`, the interpreter's path relative to it (the interpreter
    keeps its own path on the heap: the same then wherever the checkout lives)."""
    program = interpreter(version)
    if cwd:
        program = os.path.join(os.curdir, os.path.relpath(program, cwd))
    cmd = [program]
    if heap:
        cmd += ["-X", "heapsize=%d" % heap]
    return cmd + ([script] if script else []) + [str(a) for a in args]


def run(script, heap=None, path=(), cwd=None, timeout=600, version=DEFAULT_VERSION, args=()):
    """Run the file `script` in CircuitPython with `path` first on sys.path; (status, stdout, stderr).

    heap: the heap size in bytes (`-X heapsize`), None for the interpreter's default (about 1 MB).
    script None: run `args` alone (-c CODE).
    """
    cmd = command(script, heap, version, args, cwd)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(list(path)))
    proc = subprocess.run(
        cmd, capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout, errors="replace"
    )
    return proc.returncode, proc.stdout, proc.stderr
