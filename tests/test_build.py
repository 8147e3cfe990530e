"""The device build, deploy to a drive, the type check against CircuitPython's stubs, the memory report."""

import io
import os
import subprocess
import sys

import pytest
from mpvm import ROOT, require_vm

from tools import build
from tools.manifest import DEVICE_LIBRARIES, device_files


@pytest.fixture(scope="module")
def built():
    build.build_device(io.StringIO())
    return build.DRIVE


def files_under(folder):
    out = []
    for base, _dirs, names in os.walk(folder):
        for name in names:
            out.append(os.path.relpath(os.path.join(base, name), folder).replace(os.sep, "/"))
    return sorted(out)


def test_build_holds_exactly_the_device_files(built):
    files = files_under(built)
    assert files == build.expected_files()
    assert "code.py" in files and "kalaha/board.py" in files and "hw/macropad.py" in files
    assert "lib/adafruit_display_text/label.py" in files and "lib/neopixel.py" in files
    for host_only in ("kalaha/cli.py", "kalaha/cli_ai.py", "kalaha/match.py", "hw/desktop.py"):
        assert host_only not in files
    assert not any(f.startswith(("tests/", "tools/")) for f in files)
    with (
        open(os.path.join(built, "kalaha", "board.py")) as f,
        open(os.path.join(ROOT, "kalaha", "board.py")) as g,
    ):
        assert f.read() == g.read()
    assert len(DEVICE_LIBRARIES) == 2 and len(device_files()) + 3 == len(files)


def make_drive(tmp_path, version="9.2.1"):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython %s on 2025-01-01; Adafruit Macropad RP2040 with rp2040\n"
        "Board ID:adafruit_macropad_rp2040\n" % version
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


def test_deploy_copies_the_build_and_deletes_nothing(built, tmp_path):
    drive = make_drive(tmp_path)
    out = io.StringIO()
    build.deploy(str(drive), False, out)
    files = files_under(drive)
    for rel in build.expected_files():
        assert rel in files
    assert "settings.toml" in files and "lib/other_library.py" in files  # the maker's files stay
    assert "CircuitPython 9.2.1 found" in out.getvalue() and "warning" not in out.getvalue()


def test_deploy_dry_run_writes_nothing_and_old_versions_warn(built, tmp_path):
    drive = make_drive(tmp_path, "8.2.10")
    before = files_under(drive)
    out = io.StringIO()
    build.deploy(str(drive), True, out)
    assert files_under(drive) == before
    assert "warning: CircuitPython 8.2.10 is not supported" in out.getvalue()
    assert "would copy code.py" in out.getvalue()


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


def test_memory_report_meets_the_heap_target():
    require_vm()
    from tools.memory import HEAP_TARGET, report

    out = io.StringIO()
    played = report(out)
    text = out.getvalue()
    assert "kalaha/ai.py" in text and "total" in text
    assert 0 < played <= HEAP_TARGET and "met" in text


def test_frame_benchmark_runs_in_the_vm_with_a_warm_calibration_and_the_device_clock(tmp_path):
    import json

    from mpvm import run_vm

    with open(os.path.join(ROOT, "tools", "vm_frames.py")) as f:
        script = f.read()
    status, out, err = run_vm(
        script, tmp_path, puts=("kalaha", "tools/__init__.py", "tools/vmcal.py"), args=("easy",)
    )
    assert status == 0, err
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    kinds = rows[0]["device_worst_ms_by_kind"]
    summary = rows[1]
    device = rows[2]
    # Keys, animation and thinking frames were all measured, with a warm calibration
    # (cold runs took 573-757 ms here; anything near 0 would mean the loop was not timed).
    assert {"k", "a", "t"} <= set(kinds) and summary["calibration_ms"] > 50
    assert summary["frames"] > 50 and summary["device_worst_ms"] >= summary["device_median_ms"]
    # As on the device, the app read a clock and thought for most of some frames.
    assert device["with_device_clock"] and device["thinking_frames"] > 0
    assert device["device_worst_thinking_ms"] >= device["device_median_thinking_ms"]
