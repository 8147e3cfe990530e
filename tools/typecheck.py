"""mypy on the device front end (hw/macropad.py, hw/startup.py, hw/screen.py, code.py) against
circuitpython-stubs.

Host-only. The MacroPad's board stub comes from the pinned circuitpython-stubs package
(board_definitions/adafruit_macropad_rp2040), written to build/stubs/board with one
correction: DISPLAY is a busdisplay.BusDisplay (displayio.Display moved in CircuitPython 9).
"""

import os
import subprocess
import sys

from tools.manifest import ROOT

STUBS = os.path.join(ROOT, "build", "stubs")
FILES = ("hw/macropad.py", "hw/startup.py", "hw/screen.py", "hw/music.py", "code.py")


def write_board_stub():
    import board_definitions  # a namespace package: no __file__

    base = list(board_definitions.__path__)[0]
    src = os.path.join(base, "adafruit_macropad_rp2040", "__init__.pyi")
    with open(src) as f:
        text = f.read()
    if "DISPLAY: displayio.Display" not in text:
        raise SystemExit("the MacroPad stub changed: check the DISPLAY correction in tools/typecheck.py")
    text = text.replace("DISPLAY: displayio.Display", "DISPLAY: busdisplay.BusDisplay")
    text = text.replace("import displayio\n", "import busdisplay\n")
    folder = os.path.join(STUBS, "board")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "__init__.pyi"), "w") as f:
        f.write(text)


def main(files=None):
    write_board_stub()
    env = dict(os.environ, MYPYPATH=STUBS)
    cmd = [
        sys.executable,
        "-m",
        "mypy",
        "--config-file",
        os.path.join(ROOT, "pyproject.toml"),
        *(files or FILES),
    ]
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
