"""Which files go on the device: the one place that says so (build, gates and VM tests use it).

Host-only tool code; never copied to the device.
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The device's code is these folders whole, and code.py: host-only code lives in host/ (the
# simulator, the web page's front end, the command line), never inside them.
DEVICE_FOLDERS = ("kalaha", "hw")
# kalaha's layers, lowest first, a folder each: a module imports from its own and those before it.
LAYERS = ("rules", "search", "saved", "picture", "flow")
# Files of those folders left off: `python -m kalaha` hands over to host.cli from kalaha/__main__.py
# (CircuitPython never runs a package's __main__); kalaha.rules.notation, the text forms, no device
# module imports; and every package's __init__.py (the layers' a docstring, kalaha's the host's
# names): without one a folder is a namespace package on CircuitPython 9 and 10, made without
# reading a file, with less heap (docs/performance.md, "Memory").
NOT_ON_THE_DEVICE = ("kalaha/__main__.py", "kalaha/rules/notation.py")
PACKAGE_FILE = "__init__.py"

# Data files the game reads from the drive as they are (the background music's tunes, the puzzles,
# the opening book).
DEVICE_DATA = ("kalaha/tunes.txt", "kalaha/puzzles.txt", "kalaha/book.txt")

# CircuitPython versions the drive is built for: one .mpy format (README, deploy and the bundle read this).
SUPPORTED_CIRCUITPYTHON = ("9", "10")

# What lib/ on the drive holds: files taken from the pinned wheels in requirements-device.txt.
# Only the modules the game imports: neopixel.py needs adafruit_pixelbuf (built into
# CircuitPython on the RP2040). The display is drawn by the game itself (kalaha.picture.frame) and
# sent through the display's bus: no text or display library.
DEVICE_LIBRARIES = {
    "adafruit_circuitpython_neopixel": ("neopixel.py",),
}


def device_files():
    """Repo-relative paths of every Python file that runs on the device, sorted: DEVICE_FOLDERS'
    modules (but NOT_ON_THE_DEVICE and the packages' PACKAGE_FILE) and code.py."""
    out = []
    for folder in DEVICE_FOLDERS:
        for base, dirs, names in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")  # (kalaha's layers: a folder each)
            for name in names:
                rel = os.path.relpath(os.path.join(base, name), ROOT).replace(os.sep, "/")
                if name.endswith(".py") and rel not in NOT_ON_THE_DEVICE and name != PACKAGE_FILE:
                    out.append(rel)
    out.sort()
    if os.path.exists(os.path.join(ROOT, "code.py")):
        out.append("code.py")
    return out
