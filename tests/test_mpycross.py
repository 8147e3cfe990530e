"""CircuitPython's mpy-cross fetched by the build (tools/mpycross.py), from a local stand-in server.

Adafruit's site is never reached here: a server on 127.0.0.1 serves the shared tools' mpy-cross
in its place, under the pinned file's name, and the pin takes the stand-in's sha256.
"""

import glob
import hashlib
import http.server
import io
import os
import shutil
import socket
import subprocess
import sys
import threading

import pytest
from cpy import ROOT

from tools import build, circuitpython, mpycross, uf2

pytestmark = (
    pytest.mark.device
)  # (CircuitPython's tools, the emulator or a browser: make test, not make check)

PINNED = ("9", "linux-amd64")


@pytest.fixture
def standin():
    """The shared tools' mpy-cross for CircuitPython 9 (a stand-in for Adafruit's file), or skip."""
    path = os.path.join(circuitpython.tools_folder(), "mpy-cross-9.2.x")
    if not os.access(path, os.X_OK):
        if os.environ.get("CI"):
            pytest.fail("no %s: CI must run the mpy-cross fetch tests" % path)
        pytest.skip("no %s to serve as Adafruit's mpy-cross" % path)
    return path


@pytest.fixture
def site(tmp_path):
    """A local web server of the folder tmp_path/site: (its folder, its base URL, the paths asked)."""
    folder = tmp_path / "site"
    folder.mkdir()
    asked = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def do_GET(self):
            asked.append(self.path)
            super().do_GET()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield folder, "http://127.0.0.1:%d/" % server.server_address[1], asked
    finally:
        server.shutdown()
        server.server_close()


def serve(folder, data):
    """Put `data` in the site under the pinned file's name (linux-amd64/mpy-cross-...-9.2.7.static)."""
    path = folder / mpycross.PINS[PINNED][1]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


@pytest.fixture
def fetching(site, standin, tmp_path, monkeypatch):
    """No MPY_CROSS, an empty tools folder, the cache in tmp_path, the site in Adafruit's place
    serving the stand-in, pinned by its sha256 for this computer. Returns (site, cache, asked)."""
    folder, base, asked = site
    data = open(standin, "rb").read()
    serve(folder, data)
    release, name, _sha = mpycross.PINS[PINNED]
    monkeypatch.setattr(
        mpycross, "PINS", {("9", mpycross.platform_name()): (release, name, hashlib.sha256(data).hexdigest())}
    )
    monkeypatch.setattr(mpycross, "CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv(mpycross.URL_VARIABLE, base)
    monkeypatch.setenv("CIRCUITPYTHON_TOOLS", str(tmp_path / "no-tools"))
    monkeypatch.delenv("MPY_CROSS", raising=False)
    return folder, tmp_path / "cache", asked


def cache_files(cache):
    return sorted(os.listdir(cache)) if os.path.isdir(cache) else []


def one_line_missing(version="9"):
    with pytest.raises(circuitpython.Missing) as caught:
        circuitpython.mpy_cross(version, fetch=True)
    said = str(caught.value)
    assert "\n" not in said and said.startswith("mpy-cross for CircuitPython %s.x not found; " % version)
    return said


def test_the_pinned_mpy_cross_is_fetched_checked_cached_and_compiles(fetching, tmp_path):
    _folder, cache, asked = fetching
    with pytest.raises(circuitpython.Missing):
        circuitpython.mpy_cross("9")  # (without fetch: nothing fetched)
    assert asked == []
    out = io.StringIO()
    path = circuitpython.mpy_cross("9", fetch=True, out=out)
    assert asked == ["/" + mpycross.PINS[PINNED][1]]
    assert path == str(cache / os.path.basename(mpycross.PINS[PINNED][1])) and os.access(path, os.X_OK)
    assert cache_files(cache) == [os.path.basename(path)]  # (no part left)
    assert "fetched CircuitPython 9.2.7's mpy-cross from http://127.0.0.1:" in out.getvalue()
    source = tmp_path / "m.py"
    source.write_text("x = 1\n")
    circuitpython.compile_mpy(str(source), str(tmp_path / "m.mpy"), "9")
    assert (tmp_path / "m.mpy").read_bytes()[:2] == b"C\x06"


def test_the_cache_is_used_again_without_fetching(fetching, standin, monkeypatch):
    _folder, cache, asked = fetching
    first = circuitpython.mpy_cross("9", fetch=True)
    monkeypatch.setenv(mpycross.URL_VARIABLE, "http://127.0.0.1:1/")  # (offline now)
    assert circuitpython.mpy_cross("9") == first
    assert circuitpython.mpy_cross("9", fetch=True) == first
    assert len(asked) == 1
    # MPY_CROSS and the tools folder still come first
    monkeypatch.setenv("MPY_CROSS", standin)
    assert circuitpython.mpy_cross("9", fetch=True) == standin


def test_a_file_put_in_the_cache_by_hand_is_taken_when_it_is_the_pinned_one(fetching, standin):
    _folder, cache, asked = fetching
    cache.mkdir()
    name = cache / os.path.basename(mpycross.PINS[PINNED][1])
    shutil.copyfile(standin, name)  # (as a browser saves it: not executable)
    os.chmod(name, 0o644)
    assert circuitpython.mpy_cross("9", fetch=True) == str(name) and os.access(name, os.X_OK)
    name.write_bytes(b"something else")
    assert circuitpython.mpy_cross("9", fetch=True) == str(name)  # fetched again over it
    assert len(asked) == 1 and name.read_bytes() == open(standin, "rb").read()


def test_a_wrong_checksum_is_refused_and_nothing_is_cached(fetching):
    folder, cache, asked = fetching
    serve(folder, b"not the pinned file")
    said = one_line_missing()
    assert "refused http://127.0.0.1:" in said and "its sha256 is" in said and "nothing kept" in said
    assert asked and cache_files(cache) == []


def test_a_program_that_is_not_circuitpythons_mpy_cross_is_refused(fetching, monkeypatch):
    folder, cache, _asked = fetching
    fake = b"#!/bin/sh\necho 'MicroPython v1.22.0 on 2024-01-01; mpy-cross emitting mpy v6.2'\n"
    serve(folder, fake)
    key, (release, name, _sha) = next(iter(mpycross.PINS.items()))
    monkeypatch.setattr(mpycross, "PINS", {key: (release, name, hashlib.sha256(fake).hexdigest())})
    said = one_line_missing()
    assert "not CircuitPython 9's mpy-cross" in said and "MicroPython" in said
    assert cache_files(cache) == []


def test_offline_one_line_says_what_to_fetch_from_where_and_where_to_put_it(fetching, monkeypatch):
    _folder, cache, _asked = fetching
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv(mpycross.URL_VARIABLE, "http://127.0.0.1:%d/" % port)
    said = one_line_missing()
    assert "could not fetch CircuitPython 9.2.7's from http://127.0.0.1:%d/linux-amd64/" % port in said
    assert "put it at %s" % os.path.join(str(cache), "mpy-cross-linux-amd64-9.2.7.static") in said
    assert "MPY_CROSS=" in said
    assert cache_files(cache) == []


def test_without_a_pin_for_this_computer_or_version_it_says_where_to_get_one(fetching, monkeypatch):
    _folder, _cache, asked = fetching
    said = one_line_missing("10")
    assert "none is pinned to fetch" in said and mpycross.BROWSE_URL in said and "MPY_CROSS=" in said
    monkeypatch.setattr(mpycross, "platform_name", lambda: "darwin-arm64")
    assert "none is pinned to fetch for darwin-arm64" in one_line_missing()
    assert asked == []


def test_our_firmwares_build_without_mpy_cross_stops_with_one_line(fetching, monkeypatch, capsys):
    # make uf2 builds the drive with --mpy: no .py sources for our firmware, exit status 2
    monkeypatch.setenv(mpycross.URL_VARIABLE, "http://127.0.0.1:1/")
    assert build.main(["device", "--cp", "9", "--mpy"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kalaha: mpy-cross for CircuitPython 9.x not found; could not fetch")
    assert len(err.strip().splitlines()) == 1


def test_the_pinned_table_is_small_and_well_formed():
    for (version, where), (release, name, sha) in mpycross.PINS.items():
        assert version in circuitpython.VERSIONS and release.startswith(version + ".")
        assert name.startswith(where + "/") and release in name
        assert len(sha) == 64 and int(sha, 16) >= 0


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


def test_a_fresh_clone_without_shared_tools_makes_the_uf2_with_mpy_files(site, standin, tmp_path):
    # A maker's first command: `make uf2` in a clone with no ../shared beside it fetches the
    # pinned mpy-cross (here from the stand-in server) and writes the one file with .mpy code.
    pytest.importorskip("pyfatfs")
    from pyfatfs.PyFatFS import PyFatFS

    if not (shutil.which("make") and shutil.which("git")):
        pytest.skip("needs make and git")
    if mpycross.platform_name() != PINNED[1]:
        pytest.skip("the stand-in mpy-cross runs on linux-amd64 only")
    data = open(standin, "rb").read()
    folder, base, asked = site
    serve(folder, data)
    clone = tmp_path / "work" / "pocket-kalaha"
    tracked_copy(str(clone))
    assert not (tmp_path / "work" / "shared").exists()
    # the clone's pin: the stand-in's sha256 instead of Adafruit's file's
    pins = clone / "tools" / "mpycross.py"
    text = pins.read_text()
    assert mpycross.PINS[PINNED][2] in text
    pins.write_text(text.replace(mpycross.PINS[PINNED][2], hashlib.sha256(data).hexdigest()))
    # what a first build downloads from PyPI or makes in 20 s, taken from here when here has it
    for wheel in glob.glob(os.path.join(build.WHEELS, "*.whl")):
        os.makedirs(clone / "build" / "wheels", exist_ok=True)
        shutil.copy2(wheel, clone / "build" / "wheels")
    if os.path.exists(build.ENDGAME_CACHE):
        shutil.copy2(build.ENDGAME_CACHE, clone / "build" / os.path.basename(build.ENDGAME_CACHE))
    env = {k: v for k, v in os.environ.items() if k not in ("MPY_CROSS", "CIRCUITPYTHON_TOOLS")}
    env[mpycross.URL_VARIABLE] = base
    # make uf2 as the Makefile has it, with this venv's Python (the stamp taken as made)
    cmd = [
        "make",
        "-o",
        "venv-ready",
        "uf2",
        "STAMP=venv-ready",
        "PYTHON=" + sys.executable,
        "PY=" + sys.executable,
    ]
    proc = subprocess.run(cmd, cwd=clone, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "fetched CircuitPython 9.2.7's mpy-cross from %s" % base in proc.stdout
    assert asked == ["/" + mpycross.PINS[PINNED][1]]
    assert cache_files(clone / "build" / "mpy-cross") == ["mpy-cross-linux-amd64-9.2.7.static"]
    blocks = uf2.read_blocks((clone / "build" / "pocket-kalaha-cp9.uf2").read_bytes())
    drive = [p for a, p in blocks if a >= uf2.FLASH_BASE + uf2.DRIVE_OFFSET]
    image = tmp_path / "drive.img"
    image.write_bytes(b"".join(drive).ljust(uf2.DRIVE_SIZE, b"\x00"))
    fs = PyFatFS(str(image), encoding="ascii")
    try:
        files = list(fs.walk.files())
        assert "/kalaha/board.mpy" in files and "/lib/neopixel.mpy" in files and "/code.py" in files
        assert [f for f in files if f.endswith(".py")] == ["/code.py"]
        assert fs.readbytes("/kalaha/board.mpy")[:2] == b"C\x06"
    finally:
        fs.close()
