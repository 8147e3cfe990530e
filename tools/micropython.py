"""MicroPython's VM from npm (the web page's WebAssembly port), run from the host: the tests' device.

Host-only. The same bytecode compiler and VM as CircuitPython's, 32-bit, `micropython.heap_lock()`
included; its heap grows on demand and is collected only between calls from outside (tools/mpvm.mjs).
"""

import json
import os
import shutil
import subprocess
import tempfile

from tools.manifest import ROOT

RUNNER = os.path.join(ROOT, "tools", "mpvm.mjs")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
STANDINS = os.path.join(ROOT, "tests", "cp_standins")
SPLIT = 128 * 1024 * 1024  # gc.mem_free() counts this much heap the port could still add
DEVICE_CODE = ("kalaha", "hw", "code.py")  # what run() copies of the checkout by default


class Missing(Exception):
    """Node.js or the npm package is not here: one line saying what to install."""


def require():
    """Raise Missing unless the VM can run here."""
    if not shutil.which("node"):
        raise Missing("no node: install Node.js (apt-get install nodejs npm)")
    if not os.path.isfile(os.path.join(PACKAGE, "micropython.mjs")):
        raise Missing("no MicroPython VM: npm ci (make venv does)")


def checkout(*parts):
    """[(host, VM path)] for these parts of the checkout (default: the device's code), at the same
    absolute paths in the VM, so sys.path and file names read the same in both."""
    return [(os.path.join(ROOT, p), os.path.join(ROOT, p)) for p in (parts or DEVICE_CODE)]


def run(script, path=(ROOT,), copy=None, cwd=None, heap=None, back=(), timeout=600):
    """Run the source `script` as __main__ in the VM; (status, stdout, stderr).

    path: sys.path; copy: [(host, VM path)] written in first (default: the checkout's device code);
    cwd: the working directory (default ROOT); heap: its first heap in bytes; back: [(VM folder,
    host folder)] whose new and changed files are written back after the run.
    """
    require()
    job = {
        "script": script,
        "path": list(path),
        "cwd": cwd or ROOT,
        "heap": heap or 1024 * 1024,
        "copy": [list(c) for c in (checkout() if copy is None else copy)],
        "back": [list(b) for b in back],
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(job, f)
    try:
        proc = subprocess.run(
            ["node", RUNNER, f.name], capture_output=True, text=True, timeout=timeout, errors="replace"
        )
    finally:
        os.unlink(f.name)
    return proc.returncode, proc.stdout, proc.stderr
