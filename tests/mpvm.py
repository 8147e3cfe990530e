"""Helpers to run device-side code in the real MicroPython VM (npm package, under Node)."""

import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tools", "mpvm.mjs")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")


def require_vm():
    """Skip on a developer machine without Node or `npm ci`; in CI a missing VM fails."""
    missing = None
    if shutil.which("node") is None:
        missing = "node is not installed"
    elif not os.path.isdir(PACKAGE):
        missing = "the MicroPython VM is not installed (run `npm ci`)"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing + ": CI must run the VM tests")
        pytest.skip(missing)


def run_vm(script_text, tmp_path, puts=("kalaha",), args=(), timeout=120):
    """Run `script_text` in the VM with `puts` copied in; return (status, stdout, stderr)."""
    require_vm()
    script = tmp_path / "vm_script.py"
    script.write_text(script_text)
    cmd = ["node", RUNNER]
    for p in puts:
        cmd += ["--put", p]
    cmd.append(str(script))
    cmd += list(args)
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr
