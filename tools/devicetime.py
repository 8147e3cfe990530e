"""Estimated RP2040 times of the search, from MicroPython's VM on this machine.

Host-only (`python -m kalaha bench --device`). The VM (npm's WebAssembly port: tools/micropython.py)
runs the device's bytecode; each piece of work is timed with ticks_ms, the fastest of three runs,
and scaled by the published calibration loop (9,577 ms on a 125 MHz RP2040, CircuitPython 9.1.4)
timed in the same run. The VM's compiler turns bytecode into machine code as it runs, so the
estimates are rough; two versions of the search compared in one run are what carries over.
"""

import json
import os

from tools import micropython, vmbench
from tools.manifest import ROOT

DEVICE_CALIBRATION_MS = 9577  # add_test with 1,000,000 iterations on the RP2040 (published)
SCRIPT = os.path.join(ROOT, "tools", "vmbench.py")


def wall():
    """The JSON rows of tools/vmbench.py in the VM, each with `device_ms` added (its estimate),
    and the calibration loop's ms there."""
    with open(SCRIPT) as f:
        source = f.read()
    status, out, err = micropython.run(source, copy=micropython.checkout("kalaha", "tools/search888.py"))
    if status:
        raise RuntimeError("the benchmark failed in the VM: %s" % err[-500:])
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    races = [row for row in rows if "race" in row]
    rows = [row for row in rows if "race" not in row]
    cal = rows[-1]["calibration_ms"]
    for row in rows[:-1]:
        row["device_ms"] = row["ms"] * DEVICE_CALIBRATION_MS // max(cal, 1)
    return rows[:-1], cal, races


def report(out):
    out.write("MicroPython's VM (npm's WebAssembly port), scaled to a 125 MHz RP2040:\n")
    rows, cal, races = wall()
    out.write(
        "  commit 888e376's search against today's, %d positions as Expert searches them (fastest of %d\n"
        "  rounds, alternated; the same nodes and moves: %s):\n"
        % (len(vmbench.RACE), vmbench.RACE_ROUNDS, "yes" if all(r["same"] for r in races) else "NO")
    )
    for r in races:
        old = r["nodes"] * 1000 // max(r["old_ms"], 1)
        new = r["nodes"] * 1000 // max(r["new_ms"], 1)
        slices = (
            "big slices"
            if not r["old_slice"]
            else "slices of %d and %d nodes as the device runs them" % (r["old_slice"], r["new_slice"])
        )
        out.write(
            "    %-48s %6d nodes/s then, %6d now: %.2fx\n"
            % (slices, old, new, r["old_ms"] / max(r["new_ms"], 1))
        )
    out.write("  wall clock (calibration loop %d ms here; fastest of 3 runs):\n" % cal)
    for r in rows:
        what = ("level " + r["level"]) if "level" in r else ("%s %d" % (r["position"], r["budget"]))
        out.write(
            "    %-16s %6d nodes, depth %2d, pit %d: %4d ms here, ~%5d ms on the device\n"
            % (what, r["nodes"], r["depth"], r["pit"], r["ms"], r["device_ms"])
        )
