"""Helpers to run device-side code in CircuitPython's own interpreter (unix port, 32-bit)."""

import os

import pytest

from tools import circuitpython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSIONS = circuitpython.VERSIONS


def require_circuitpython(version=circuitpython.DEFAULT_VERSION):
    """Skip on a machine without ../shared/circuitpython; in CI a missing interpreter fails."""
    try:
        circuitpython.interpreter(version)
        circuitpython.mpy_cross(version)
    except circuitpython.Missing as e:
        if os.environ.get("CI"):
            pytest.fail("%s: CI must run the CircuitPython tests" % e)
        pytest.skip(str(e))


def run_cp(
    script_text, tmp_path, path=(ROOT,), heap=None, version=circuitpython.DEFAULT_VERSION, timeout=600
):
    """Run `script_text` in CircuitPython `version` with `path` on sys.path; (status, stdout, stderr)."""
    require_circuitpython(version)
    script = tmp_path / ("cp_script_%s.py" % version)
    script.write_text(script_text)
    return circuitpython.run(
        str(script), heap=heap, path=path, cwd=str(tmp_path), version=version, timeout=timeout
    )
