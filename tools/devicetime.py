"""Estimated RP2040 times of the search, from CircuitPython's own interpreter on this machine.

Host-only (`python -m kalaha bench --device`). Two methods, both scaled by the published
calibration loop (9,577 ms on a 125 MHz RP2040, CircuitPython 9.1.4) run in the same
interpreter:
  * instructions: valgrind (callgrind) counts the instructions of each piece of work and of
    the calibration loop; the ratio does not depend on what else the machine is doing.
  * wall clock: ticks_ms around each piece, the fastest of three runs; noisy on a shared machine.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile

from tools import circuitpython
from tools.manifest import ROOT

DEVICE_CALIBRATION_MS = 9577  # add_test with 1,000,000 iterations on the RP2040 (published)
CALIBRATION_LOOPS = 200000  # counted under valgrind (1,000,000 would only take longer)
SCRIPT = os.path.join(ROOT, "tools", "cp_bench.py")


class NoValgrind(Exception):
    """valgrind is not installed."""


def _count(args, version):
    """Instructions CircuitPython runs for `cp_bench.py ARGS` (the whole process)."""
    if shutil.which("valgrind") is None:
        raise NoValgrind("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(tmp, "cg.out")]
        cmd += circuitpython.command(SCRIPT, version=version, args=args)
        env = dict(os.environ, MICROPYPATH=ROOT)
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tmp)
    if proc.returncode:
        raise RuntimeError("valgrind run failed: %s" % proc.stderr[-500:])
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if not found:
        raise RuntimeError("no instruction count in valgrind's output")
    return int(found.group(1)), proc.stdout.split()


def instructions(version=circuitpython.DEFAULT_VERSION, work=None):
    """[(what, nodes, depth, pit, instructions, device ms)] by instruction counts."""
    base, _ = _count(["none"], version)
    empty, _ = _count(["calib", "0"], version)
    loops, _ = _count(["calib", str(CALIBRATION_LOOPS)], version)
    per_loop = (loops - empty) / CALIBRATION_LOOPS  # about 870 instructions per iteration
    device_per_instruction = DEVICE_CALIBRATION_MS / (per_loop * 1000000)
    rows = []
    for args in work or default_work():
        count, out = _count(args, version)
        nodes, depth, pit = (int(x) for x in out[-3:])
        spent = count - base
        rows.append((" ".join(args), nodes, depth, pit, spent, spent * device_per_instruction))
    return rows, per_loop


def default_work():
    work = [["level", name] for name in ("medium", "strong", "expert")]
    work += [["search", "opening", "10000"], ["search", "middle", "10000"]]
    return work


def wall(version=circuitpython.DEFAULT_VERSION):
    """The JSON rows of `cp_bench.py all`, each with `device_ms` added (wall-clock estimate)."""
    status, out, err = circuitpython.run(SCRIPT, path=(ROOT,), cwd=ROOT, version=version, args=("all",))
    if status:
        raise RuntimeError("the benchmark failed in CircuitPython: %s" % err[-500:])
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    cal = rows[-1]["calibration_ms"]
    for row in rows[:-1]:
        row["device_ms"] = row["ms"] * DEVICE_CALIBRATION_MS // max(cal, 1)
    return rows[:-1], cal


def report(out, version=circuitpython.DEFAULT_VERSION, use_valgrind=True):
    out.write("CircuitPython %s.x (32-bit unix port), scaled to a 125 MHz RP2040:\n" % version)
    rows, cal = wall(version)
    out.write("  wall clock (calibration loop %d ms here; fastest of 3 runs):\n" % cal)
    for r in rows:
        what = ("level " + r["level"]) if "level" in r else ("%s %d" % (r["position"], r["budget"]))
        out.write(
            "    %-16s %6d nodes, depth %2d, pit %d: %4d ms here, ~%5d ms on the device\n"
            % (what, r["nodes"], r["depth"], r["pit"], r["ms"], r["device_ms"])
        )
    if use_valgrind:
        try:
            counted, per_loop = instructions(version)
        except NoValgrind as e:
            out.write("  instruction counts skipped: %s\n" % e)
            return
        out.write(
            "  instruction counts (valgrind; %.0f instructions per calibration iteration):\n" % per_loop
        )
        for what, nodes, depth, pit, spent, ms in counted:
            out.write(
                "    %-22s %6d nodes, depth %2d, pit %d: %11d instructions, ~%5.0f ms on the device"
                " (%.0f nodes/s)\n" % (what, nodes, depth, pit, spent, ms, nodes * 1000 / max(ms, 1))
            )
