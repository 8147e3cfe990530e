"""The memory check: the built drive (build/CIRCUITPY) played through code.py in CircuitPython.

Host-only (`make memory`, and the BUDGET_KB check in `make test`). CircuitPython's 32-bit unix port
runs exactly the drive's files, the real adafruit_display_text and neopixel included, with
stand-ins (tests/cp_standins) only for the modules the unix port lacks.
"""

import os
import shutil
import sys
import tempfile

from kalaha.screens import RESULT_GRACE_MS
from tools import circuitpython
from tools.build import DRIVE

# The whole session must complete in this heap, kept well under the MacroPad's DEVICE_HEAP_KB
# (docs/performance.md, "Memory"; how it grew: docs/decisions.md).
BUDGET_KB = 140
HOLE = 2048  # after start-up the heap is cut into holes this big: no allocation may need more

RESULT_WAIT = RESULT_GRACE_MS + 100  # a result screen takes no input this long (App.hold)

# The session the check plays, as a player would: read the menus, press the keys.
SESSION = (
    ("expect", "How to play 1/", 5000),  # a new device starts with the help pages
    ("turn", 4),
    ("expect", "Colours 5/", 3000),
    ("click",),
    ("expect", "Play computer", 5000),
    ("mem", "menu"),
    ("fragment", HOLE),
    # A whole game against Expert.
    ("choose", "Play computer"),
    ("set", "Level:", "expert"),
    ("choose", "Start game"),
    ("mem", "game started"),
    ("play", "> Again", (11, 10, 9, 8, 7, 6), 150),
    ("mem", "after Expert"),
    ("wait", RESULT_WAIT),  # (the result takes no input in its first second: App.hold)
    ("turn", 1),  # the result screen: "again" -> "menu"
    ("wait", 100),
    ("click",),
    # The chess clock for two players, then a whole two-player game.
    ("choose", "Settings"),
    ("set", "Chess clock:", "3+2"),
    ("choose", "Back"),
    ("choose", "Two players"),
    ("play", "> Play again", (11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5), 120),
    ("mem", "after two players"),
    ("wait", RESULT_WAIT),
    ("turn", 1),
    ("wait", 100),
    ("click",),
    # Replay the newest game, the statistics, the settings.
    ("choose", "Replay"),
    ("click",),
    ("wait", 300),
    ("turn", 3),
    ("wait", 300),
    ("key", 11),
    ("wait", 300),
    ("key", 1),
    ("wait", 300),
    ("mem", "replay"),
    ("click",),  # (a push leaves the replay)
    ("choose", "Back"),
    ("choose", "Statistics"),
    ("expect", "expert"),
    ("click",),
    # Puzzles: the first, a wrong turn (S3) and its position back, the knob to the next, the menu.
    ("choose", "Puzzles"),
    ("wait", 300),
    ("key", 8),
    ("wait", 4000),
    ("turn", 1),
    ("wait", 300),
    ("mem", "puzzles"),
    ("click",),
    ("choose", "Main menu"),
    ("choose", "Settings"),
    ("set", "Seeds:", "6"),
    ("set", "Hints:", "on"),
    ("choose", "Back"),
    ("mem", "end"),
)

DEVICE_HEAP_KB = 171  # the MacroPad's free heap at the REPL (CircuitPython 9.2.9, measured emulated)


def one_game(two_players):
    """A whole game from the main menu back to it, against Easy (as set) or between two players,
    the free heap noted at its result ("game N": numbered by the driver)."""
    if two_players:
        steps = [("choose", "Two players")]
        keys = (11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5)
        again = "> Play again"
    else:
        steps = [("choose", "Play computer"), ("choose", "Start game")]
        keys = (11, 10, 9, 8, 7, 6)
        again = "> Again"  # ("Again: you first": as the setup says)
    steps += [("play", again, keys, 150), ("mem", "game %d")]
    steps += [("wait", RESULT_WAIT), ("turn", 1), ("wait", 100), ("click",)]
    return steps + [("expect", "Play computer", 3000)]


def games_in_a_row(count):
    """A session of `count` whole games in a row, against Easy and between two players in turn,
    the free heap noted after each (its first and last are compared: the heap must not drift
    down game after game). The pair of games is one repeated block: the script's own heap is
    the same for any count (an even count: the same steps)."""
    steps = [("expect", "How to play 1/", 5000), ("click",), ("expect", "Play computer", 5000)]
    steps += [("choose", "Play computer"), ("set", "Level:", "easy"), ("choose", "Back")]
    # (fast sowings: the same games and saves in half the frames)
    steps += [("choose", "Settings"), ("set", "Animation:", "fast"), ("choose", "Back")]
    pair = one_game(False) + one_game(True)
    steps += [("repeat", count // 2, len(pair))] + pair
    if count % 2:
        steps += one_game(False)
    return tuple(steps)


# After the games: a game of 3 players (two computer seats at Easy, 3 pits of 3 seeds: short)
# entered from the main menu and played to its end, then a two-player game again.
AFTER_THE_GAMES = (
    ("mem", "evening"),
    ("choose", "3-4 players"),
    ("expect", "Players:", 3000),
    ("mem", "3-4 setup"),
    ("set", "Level:", "easy"),
    ("set", "Pits:", "3"),
    ("set", "Seeds:", "3"),
    ("choose", "Start game"),
    ("wait", 500),
    ("mem", "3-4 started"),
    ("play", "Main menu", (11, 10, 9), 150),  # (the mover's pits: keys 9..11)
    ("mem", "3-4 result"),
    ("wait", RESULT_WAIT),
    ("choose", "Main menu"),
    ("expect", "Play computer", 3000),
    ("mem", "after 3-4"),
    *one_game(True)[:2],
    ("mem", "two players again"),
    *one_game(True)[3:],
    ("mem", "end"),
)


EVENING_FRAMES = 150000  # enough for evening(50): about 1,500 frames a game at most


def evening(games, holes=0):
    """games_in_a_row(games), then AFTER_THE_GAMES; with `holes`, the heap is cut into holes that
    big after the games (as after an evening's allocations at worst). 0 games: the same steps
    right after start-up, the same script (its block skipped)."""
    steps = list(games_in_a_row(games))
    if holes:
        steps.append(("fragment", holes))
    return tuple(steps) + AFTER_THE_GAMES


def drift(count=50, drive=DRIVE, version=None):
    """(free after the first game, free after the last, status): games_in_a_row at the device's heap."""
    status, out, err = play(
        games_in_a_row(count), heap_kb=DEVICE_HEAP_KB, drive=drive, max_frames=EVENING_FRAMES, version=version
    )
    got = figures(out)
    first = got["mem"].get("game 1", (0, 0))[0]
    last = got["mem"].get("game %d" % count, (0, 0))[0]
    return first, last, status if got["end"] else (status or 1), (err or out)[-1500:]


# The stand-ins are imported first (the firmware's modules are there before code.py) and the
# names' pools given the device's room for the app's names (cpdriver.reserve_names).
PRELUDE = """
import sys
import cpdriver
for name in %(standins)r:
    __import__(name)
cpdriver.reserve_names()
cpdriver.NVM_PATH[0] = %(nvm)r
cpdriver.SCRIPT[:] = %(steps)r
cpdriver.MAX_FRAMES[0] = %(frames)d
steps = None
with open(%(code)r) as f:
    source = f.read()
exec(source, {"__name__": "__main__"})
"""


STANDIN_MODULES = (
    "cpdriver",
    "board",
    "digitalio",
    "audiopwmio",
    "synthio",
    "rotaryio",
    "keypad",
    "supervisor",
    "neopixel_write",
    "adafruit_pixelbuf",
    "microcontroller",
)
_cost = {}


def standin_cost(version=None):
    """Bytes the stand-in modules' own code and names take on the heap (once per run of the tools).

    On the device these modules are built into the firmware (C and flash, no heap), so the
    check gives the heap this much more than its budget; the objects they make are counted in
    full. The interned names' pools made before the app starts (cpdriver.reserve_names) are
    theirs too, but for what the app's names take on the device (DEVICE_NAME_POOLS).
    """
    version = version or circuitpython.DEFAULT_VERSION
    if version not in _cost:
        source = (
            "import gc\ngc.collect()\nat = gc.mem_alloc()\n"
            "for name in %r:\n    __import__(name)\n"
            "import cpdriver\ncpdriver.reserve_names()\n"
            "gc.collect()\nprint(gc.mem_alloc() - at - cpdriver.DEVICE_NAME_POOLS)\n" % (STANDIN_MODULES,)
        )
        status, out, err = run_on_drive(lambda _tmp: source, version=version)
        if status:
            raise RuntimeError("the stand-ins do not import: " + (err or out)[-500:])
        _cost[version] = int(out.split()[-1])
    return _cost[version]


def play(steps=SESSION, heap_kb=BUDGET_KB, drive=DRIVE, max_frames=60000, nvm=None, version=None):
    """Boot `drive`'s code.py in CircuitPython with the stand-ins and play `steps`.

    The heap is `heap_kb` plus what the stand-ins' own code takes (standin_cost). Returns
    (status, stdout, stderr); status 0 means the script reached its end.
    """
    version = version or circuitpython.DEFAULT_VERSION
    heap = heap_kb * 1024 + standin_cost(version)
    return run_on_drive(
        lambda tmp: (
            PRELUDE
            % {
                "standins": STANDIN_MODULES,
                "nvm": nvm or tmp + "/nvm.bin",
                "steps": tuple(steps),
                "frames": max_frames,
                "code": "code.py",
            }
        ),
        heap=heap,
        drive=drive,
        version=version,
    )


def run_on_drive(source, heap=1 << 20, drive=DRIVE, version=None):
    """Run the script `source(tmp)` in CircuitPython with the drive as its working directory.

    Every path the run sees is relative and the same wherever the checkout lives: the script is
    imported (`-c "import run"`, so sys.path[0] stays "" as on the device, not the script's real
    path) from a folder beside the drive, with the stand-ins copied beside it. Each module
    keeps its file name on the heap: absolute paths moved the smallest heap by kilobytes from
    one checkout to another.
    """
    version = version or circuitpython.DEFAULT_VERSION
    with tempfile.TemporaryDirectory(dir=os.path.dirname(drive), prefix="cp") as tmp:
        rel = os.path.relpath(tmp, drive).replace(os.sep, "/")
        with open(os.path.join(tmp, "run.py"), "w") as f:
            f.write(source(rel))
        for name in os.listdir(circuitpython.STANDINS):
            if name.endswith(".py"):
                shutil.copy(os.path.join(circuitpython.STANDINS, name), tmp)
        # The drive is the working directory, as on the device: code.py finds endgame.kdb.
        return circuitpython.run(
            None, heap=heap, path=("lib", rel), cwd=drive, version=version, args=("-c", "import run")
        )


def figures(out):
    """The CPDRIVER lines of a run as a dict: MEM (label -> (free, alloc)), LOW, FRAGMENT, lines."""
    got = {"mem": {}, "lines": [], "end": False}
    for line in out.splitlines():
        words = line.split()
        if line.startswith("CPDRIVER MEM "):
            got["mem"][" ".join(words[2:-4])] = (int(words[-3]), int(words[-1]))
        elif line.startswith("CPDRIVER LOW "):
            got["low"] = int(words[3])
        elif line.startswith("CPDRIVER FRAGMENT "):
            got["largest_hole"] = int(words[5])
        elif line.startswith("CPDRIVER |"):
            got["lines"].append(line[len("CPDRIVER |") :])
        elif line.startswith("CPDRIVER BADCOLOURS "):
            got["bad_colours"] = int(words[2])
        elif line == "CPDRIVER END":
            got["end"] = True
    return got


def passes(heap_kb, drive=DRIVE):
    status, out, _err = play(heap_kb=heap_kb, drive=drive)
    return status == 0 and figures(out)["end"]


def smallest_heap(drive=DRIVE, low=48, high=256):
    """The smallest heap in KB at which the whole session passes (bisection), or None above `high`."""
    if not passes(high, drive):
        return None
    while low < high:
        mid = (low + high) // 2
        if passes(mid, drive):
            high = mid
        else:
            low = mid + 1
    return high


# Where the heap goes: each import in the order code.py makes them, then each object start-up makes.
TABLE_SCRIPT = """
import gc
import cpdriver
cpdriver.NVM_PATH[0] = %(nvm)r
rows = []
def mark(what, before):
    gc.collect()
    rows.append((what, gc.mem_alloc() - before))
    return gc.mem_alloc()
for name in %(standins)r:
    __import__(name)  # built into the firmware on the device: not counted below
cpdriver.reserve_names()  # (as the session has them: PRELUDE)
pools = cpdriver.DEVICE_NAME_POOLS
rows.append(("the app's names' pools (as on the device)", pools))
gc.collect()
at = gc.mem_alloc()
standins = at - pools
for name in %(modules)r:
    __import__(name)
    at = mark("import " + name, at)
import board, keypad, neopixel, rotaryio
from hw.macropad import Sound
from hw.startup import open_store
from hw.screen import Oled
from kalaha.app import App
keys = keypad.Keys((board.KEY1,) * 13, value_when_pressed=False, pull=True, max_events=32)
at = mark("object keypad.Keys (stand-in, sized as measured on the device)", at)
pixels = neopixel.NeoPixel(board.NEOPIXEL, 12, brightness=0.5, auto_write=False)
at = mark("object NeoPixel (real library)", at)
oled = Oled(board.DISPLAY)
at = mark("object Oled", at)
sound = Sound()
at = mark("object Sound (stand-in synthio, sized as measured)", at)
store = open_store()
at = mark("object Store", at)
from kalaha.endgame import CHUNK, open_table
table, _why = open_table("endgame.kdb", scratch=store.scratch(CHUNK))
at = mark("object EndgameTable (the drive's endgame.kdb%%s)" %% (" MISSING" if table is None else ""), at)
app = App(store=store, endgame=table)
at = mark("object App (search table included)", at)
app.tick(0)
oled.show(app.frame, app.flip)
at = mark("first frame drawn", at)
for what, size in rows:
    print("ROW %%d %%s" %% (size, what))
gc.collect()
print("TOTAL %%d" %% (gc.mem_alloc() - standins))
"""

MODULES = (
    "kalaha.board",
    "kalaha.compat",
    "kalaha.ai",
    "kalaha.clock",
    "kalaha.store",
    "kalaha.glyphs",
    "kalaha.frame",
    "kalaha.draw",
    "kalaha.game",
    "kalaha.screens",
    "kalaha.view",
    "kalaha.endgame",
    "kalaha.thinking",
    "kalaha.app",
    "neopixel",
    "hw.screen",
    "hw.macropad",
)


def heap_table(drive=DRIVE):
    """[(what, bytes)] for each import and start-up object, and the total after start-up."""
    status, out, err = run_on_drive(
        lambda tmp: TABLE_SCRIPT % {"nvm": tmp + "/nvm.bin", "modules": MODULES, "standins": STANDIN_MODULES},
        drive=drive,
    )
    if status:
        raise SystemExit("the heap table run failed: %s" % (err or out).strip()[-800:])
    rows = []
    total = 0
    for line in out.splitlines():
        if line.startswith("ROW "):
            _, size, what = line.split(" ", 2)
            rows.append((what, int(size)))
        elif line.startswith("TOTAL "):
            total = int(line.split()[1])
    return rows, total


# Room left in the device's names' pools (cpdriver.reserve_names) with every module of the drive
# imported and every printable character interned (the display's text is drawn by iterating
# its strings, and each character a str yields is interned): new names are interned until the
# next pool is allocated, and counted.
NAMES_SCRIPT = """
import gc
import cpdriver
for name in %(standins)r:
    __import__(name)
cpdriver.reserve_names()
with open("code.py") as f:
    exec(f.read(), {"__name__": "names"})
for name in %(modules)r:
    __import__(name)
for ch in "".join([chr(i) for i in range(32, 127)]):
    pass
gc.collect()
n = 0
grew = 0
while grew < cpdriver.POOL_STEP:
    if n %% 32 == 0:
        gc.collect()
    before = gc.mem_alloc()
    hasattr(0, "+%%d" %% n)
    grew = gc.mem_alloc() - before
    n += 1
print("ROOM %%d" %% (n - 1))
"""


NAME_MARGIN = 32  # names the app must leave free in the device's pools (docs/performance.md, "Memory")


def drive_modules(drive=DRIVE):
    """Every module on the drive (code.py's packages and lib/), by its import name; of a
    machine-code module only its bytecode twin (the same names: the RP2040's machine code does
    not load in the unix port)."""
    from tools.manifest import MACHINE_CODE

    names = []
    for rel, _size in file_sizes(drive):
        if rel.rsplit(".", 1)[0] + ".py" in MACHINE_CODE:
            continue
        if rel.endswith((".mpy", ".py")) and "/" in rel:
            name = rel.rsplit(".", 1)[0]
            if name.startswith("lib/"):
                name = name[4:]
            names.append(name.replace("/__init__", "").replace("/", "."))
    return names


def name_room(drive=DRIVE, version=None):
    """How many more names the app could intern before its pools on the device are full."""
    source = NAMES_SCRIPT % {"standins": STANDIN_MODULES, "modules": drive_modules(drive)}
    status, out, err = run_on_drive(lambda _tmp: source, drive=drive, version=version)
    if status or "ROOM " not in out:
        raise RuntimeError("the names' room run failed: " + (err or out)[-800:])
    return int(out.split("ROOM ")[1].split()[0])


def file_sizes(drive=DRIVE):
    out = []
    for base, _dirs, names in os.walk(drive):
        for name in sorted(names):
            path = os.path.join(base, name)
            out.append((os.path.relpath(path, drive).replace(os.sep, "/"), os.path.getsize(path)))
    return sorted(out)


def report(out=None, drive=DRIVE, games=50, low=48, high=256):
    """Print the drive's files, where the heap goes, the session's figures, `games` games in a row
    (none: the drift's own test plays them) and `smallest heap: N KB` (looked for from `low` to
    `high` KB; a narrower window takes fewer runs: the test's)."""
    out = out or sys.stdout
    files = file_sizes(drive)
    out.write("files on the drive (%s):\n" % os.path.relpath(drive))
    for rel, size in files:
        out.write("  %-40s %7d bytes\n" % (rel, size))
    out.write("  %-40s %7d bytes\n" % ("total", sum(s for _r, s in files)))
    rows, total = heap_table(drive)
    out.write(
        "heap after gc.collect(), CircuitPython %s.x (32-bit unix port):\n" % circuitpython.DEFAULT_VERSION
    )
    for what, size in rows:
        out.write("  %-44s %7d bytes\n" % (what, size))
    out.write("  %-44s %7d bytes\n" % ("in use after start-up", total))
    out.write(
        "  (the stand-ins' own code, %d bytes, is left out: the firmware has it in C)\n" % standin_cost()
    )
    status, text, err = play(drive=drive)
    got = figures(text)
    if status or not got["end"]:
        out.write("the session FAILED at %d KB:\n%s\n" % (BUDGET_KB, (err or text).strip()[-1500:]))
    else:
        out.write(
            "session at %d KB (Expert game, two-player game with clock, replay, stats, settings):\n"
            % BUDGET_KB
        )
        cost = standin_cost()
        for label, (free, alloc) in got["mem"].items():
            out.write("  %-20s free %7d  in use %7d\n" % (label, free, alloc - cost))
        out.write("  lowest free after gc.collect(): %d bytes\n" % got["low"])
        out.write(
            "  largest free block after start-up (the %d-byte holes): %d bytes\n"
            % (HOLE, got["largest_hole"])
        )
    if games:
        first, last, status, tail = drift(games, drive=drive)
        if status:
            out.write("%d games in a row at %d KB FAILED:\n%s\n" % (games, DEVICE_HEAP_KB, tail))
        else:
            out.write(
                "%d games in a row at %d KB: free after the first %d bytes, after the last %d (%+d)\n"
                % (games, DEVICE_HEAP_KB, first, last, last - first)
            )
    smallest = smallest_heap(drive, low=low, high=high)
    out.write("smallest heap: %s\n" % ("%d KB" % smallest if smallest else "over 256 KB"))
    return smallest


if __name__ == "__main__":
    report()
