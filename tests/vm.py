"""Helpers to run device code in MicroPython's VM from npm (tools/micropython.py), as the device would."""

import os

import pytest

from tools import micropython

ROOT = micropython.ROOT


def require_vm():
    """Skip where the VM cannot run (no Node.js, no npm packages); in CI that fails."""
    try:
        micropython.require()
    except micropython.Missing as e:
        if os.environ.get("CI"):
            pytest.fail("%s: CI must run the MicroPython VM's tests" % e)
        pytest.skip(str(e))


def run_vm(script, path=(ROOT,), copy=None, files=(), heap=None, timeout=600):
    """Run `script` in the VM with `copy` ([(host, VM path)]; default: the checkout's device code)
    and the host `files` at their own paths; (status, stdout, stderr)."""
    require_vm()
    copy = (micropython.checkout() if copy is None else list(copy)) + [(f, f) for f in files]
    return micropython.run(script, path=path, copy=copy, heap=heap, timeout=timeout)
