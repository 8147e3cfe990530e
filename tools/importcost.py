"""What importing a module from the drive costs on the emulated MacroPad: ms and heap bytes.

Host-only: `python -m tools.importcost [MODULE ...]` after `make device`. The built drive boots
with a code.py of its own that imports what the app holds at start-up, then imports each module
named (default: the ones the screens import while shown), twice, letting it go between, and
prints the time of each import (supervisor.ticks_ms) and the heap it keeps. The app itself, with
its heap full and cut, takes longer still (docs/performance.md, "Frames").
"""

import os
import shutil
import subprocess
import sys
import tempfile

from tools import emulate
from tools.build import DRIVE

MODULES = (
    "search.hint",
    "saved.choices",
    "picture.movelist",
    "flow.setup",
    "search.coach",
    "flow.records",
    "flow.menus",
    "flow.gamemenu",
    "flow.puzzles",
)
HELD = (
    "kalaha.flow.app",
    "kalaha.search.ai",
    "kalaha.search.endgame",
    "kalaha.saved.store",
    "kalaha.search.thinking",
    "hw.macropad",
)

CODE = """import gc, sys, board, supervisor
board.DISPLAY.auto_refresh = False  # (a refresh of the console in an import would be timed too)
import %(held)s
out = []
for name in %(names)r:
    for k in range(2):
        gc.collect()
        free = gc.mem_free()
        t = supervisor.ticks_ms()
        __import__(name)
        t = supervisor.ticks_ms() - t
        gc.collect()
        out.append("IMPORT %%s %%d ms %%d bytes" %% (name, t, free - gc.mem_free()))
        del sys.modules[name]
        package, _dot, leaf = name.rpartition(".")
        delattr(sys.modules[package], leaf)
print("\\n".join(out))
print("IMPORTS DONE")
"""

SCENARIO = """export default async function (c) {
  await c.waitFor(/IMPORTS DONE|Error/, { timeoutWallS: 600 });
  await c.sleepEmu(100);
  console.log(c.out);
}
"""


def measure(modules=MODULES, firmware=None):
    """[(module, ms, bytes)] for each import (two a module), on the emulated MacroPad."""
    work = emulate.prepare()
    names = ["kalaha." + m for m in modules]
    with tempfile.TemporaryDirectory() as tmp:
        drive = os.path.join(tmp, "CIRCUITPY")
        shutil.copytree(DRIVE, drive)
        with open(os.path.join(drive, "code.py"), "w") as f:
            f.write(CODE % {"held": ", ".join(HELD), "names": names})
        scenario = os.path.join(work, "importcost.mjs")
        with open(scenario, "w") as f:
            f.write(SCENARIO)
        image = emulate.make_image(drive, "importcost.img")
        proc = subprocess.run(
            ["node", "cpemu.mjs", scenario, "--fs", image, "--fw", emulate.firmware_file(firmware)]
            + ["--bootrom", emulate.bootrom_file()]
            + ["--out", os.path.join(work, "out", "importcost")],
            cwd=work,
            capture_output=True,
            text=True,
            timeout=900,
        )
    rows = []
    for line in proc.stdout.splitlines():
        words = line.split()
        if "IMPORT" in words and len(words) >= 6:
            at = words.index("IMPORT")
            rows.append((words[at + 1], int(words[at + 2]), int(words[at + 4])))
    if not rows:
        raise SystemExit("no figures: %s" % (proc.stdout + proc.stderr)[-800:])
    return rows


def main(argv=None):
    modules = tuple(argv if argv is not None else sys.argv[1:]) or MODULES
    for name, ms, size in measure(modules):
        print("%-18s %3d ms %6d bytes" % (name, ms, size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
