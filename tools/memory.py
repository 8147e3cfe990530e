"""The memory check: the built drive (build/CIRCUITPY) played frame by frame in MicroPython's VM.

Host-only (`make memory`, and the BUDGET_KB check in `make test`). The VM from npm (tools/micropython.py)
runs exactly the drive's .mpy files, the real neopixel library included, with stand-ins
(tests/cp_standins) for CircuitPython's own modules.
"""

import os
import sys
import tempfile

from kalaha.flow.screens import RESULT_GRACE_MS
from tools import micropython
from tools.build import DRIVE

# The whole session may have no more of the game's in use than this after any collection between
# frames: the MacroPad's DEVICE_HEAP_KB less this is what the device keeps free at worst
# (docs/performance.md, "Memory").
BUDGET_KB = 116

RESULT_WAIT = RESULT_GRACE_MS + 100  # a result screen takes no input this long (App.hold)

# The session the check plays, as a player would: read the menus, press the keys.
SESSION = (
    ("expect", "How to play 1/", 5000),  # a new device starts with the help pages
    ("turn", 4),
    ("expect", "Colours 5/", 3000),
    ("click",),
    ("expect", "Play computer", 5000),
    ("mem", "menu"),
    # A whole game against Expert.
    ("choose", "Play computer"),
    ("set", "Level:", "expert"),
    ("choose", "Start game"),
    ("mem", "game started"),
    ("key", 11),  # (a first sowing: the computer answers from the opening book, open meanwhile)
    ("wait", 3000),
    ("mem", "in the opening"),
    ("play", "Again:", (11, 10, 9, 8, 7, 6), 150),
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
    ("play", "Play again", (11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5), 120),
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
        again = "Play again"
    else:
        steps = [("choose", "Play computer"), ("choose", "Start game")]
        keys = (11, 10, 9, 8, 7, 6)
        again = "Again:"  # ("Again: you first": as the setup says)
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
EVENING_EVERY = 8  # games in a row are checked every 8th frame (a collection takes a frame's time in the VM)


def evening(games):
    """games_in_a_row(games), then AFTER_THE_GAMES. 0 games: the same steps right after start-up,
    the same script (its block skipped)."""
    return tuple(games_in_a_row(games)) + AFTER_THE_GAMES


def drift(count=50, drive=DRIVE):
    """(free after the first game, free after the last, status): games_in_a_row at the device's heap."""
    steps = games_in_a_row(count)
    status, out, err = play(
        steps, heap_kb=DEVICE_HEAP_KB, drive=drive, max_frames=EVENING_FRAMES, every=EVENING_EVERY
    )
    got = figures(out)
    first = got["mem"].get("game 1", (0, 0))[0]
    last = got["mem"].get("game %d" % count, (0, 0))[0]
    return first, last, status if got["end"] else (status or 1), (err or out)[-1500:]


# The stand-ins are imported first (the firmware's modules are there before code.py) and the
# names' pools given the device's room for the app's names (cpdriver.reserve_names); then the
# game's frames are stepped from outside (cpdriver.vm_step), as hw.macropad.main runs them.
PRELUDE = """
import sys
import cpdriver
for name in %(standins)r:
    __import__(name)
cpdriver.reserve_names()
cpdriver.NVM_PATH[0] = %(nvm)r
cpdriver.SCRIPT[:] = %(steps)r
cpdriver.MAX_FRAMES[0] = %(frames)d
cpdriver.HEAP[0] = %(heap)d
cpdriver.EVERY[0] = %(every)d
steps = None
vm_step = cpdriver.vm_step
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


def play(steps=SESSION, heap_kb=BUDGET_KB, drive=DRIVE, max_frames=60000, nvm=None, timeout=3600, every=1):
    """Start `drive`'s game in the VM with the stand-ins and play `steps`.

    The game's heap is `heap_kb`: what the stand-ins, the driver and its script hold is left out
    (cpdriver.OWN: on the device the firmware has them in C), checked after the collection that
    follows every `every`-th frame (and each "mem" step). Returns (status, stdout, stderr);
    status 0 means the script reached its end. nvm: the host file that keeps the saved data
    (read first, written back; default: a new one).
    """
    heap = heap_kb * 1024
    script = PRELUDE % {
        "standins": STANDIN_MODULES,
        "nvm": VM_DATA + "/nvm.bin",
        "steps": tuple(steps),
        "frames": max_frames,
        "heap": heap,
        "every": every,
    }
    # (the VM's own heap starts a little bigger: the stand-ins and the script are in it too)
    return run_on_drive(script, heap=heap + 64 * 1024, drive=drive, nvm=nvm, timeout=timeout)


VM_DRIVE = "/CIRCUITPY"  # where the drive is in the VM: the same names wherever the checkout lives
VM_STANDINS = "/standins"
VM_DATA = "/data"


def run_on_drive(script, heap=1 << 20, drive=DRIVE, nvm=None, timeout=600):
    """Run `script` in the VM with the drive as its working directory, as on the device ("" and
    lib/ on sys.path), and the stand-ins beside it; (status, stdout, stderr). Every path the run
    sees is the same wherever the checkout lives: each module keeps its file name on the heap.
    nvm: a host file copied in as /data/nvm.bin and written back after the run."""
    copy = [(drive, VM_DRIVE), (micropython.STANDINS, VM_STANDINS)]
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        os.makedirs(data)
        if nvm and os.path.exists(nvm):
            with open(nvm, "rb") as f, open(os.path.join(data, "nvm.bin"), "wb") as g:
                g.write(f.read())
        copy.append((data, VM_DATA))
        got = micropython.run(
            script,
            path=("", VM_DRIVE + "/lib", VM_STANDINS),
            copy=copy,
            cwd=VM_DRIVE,
            heap=heap,
            back=[(VM_DATA, data)],
            timeout=timeout,
        )
        if nvm and os.path.exists(os.path.join(data, "nvm.bin")):
            with open(os.path.join(data, "nvm.bin"), "rb") as f, open(nvm, "wb") as g:
                g.write(f.read())
    return got


def figures(out):
    """The CPDRIVER lines of a run as a dict: MEM (label -> (free, alloc)), LOW, lines, END."""
    got = {"mem": {}, "lines": [], "end": False}
    for line in out.splitlines():
        words = line.split()
        if line.startswith("CPDRIVER MEM "):
            got["mem"][" ".join(words[2:-4])] = (int(words[-3]), int(words[-1]))
        elif line.startswith("CPDRIVER LOW "):
            got["low"] = int(words[3])
        elif line.startswith("CPDRIVER |"):
            got["lines"].append(line[len("CPDRIVER |") :])
        elif line.startswith("CPDRIVER BADCOLOURS "):
            got["bad_colours"] = int(words[2])
        elif line == "CPDRIVER END":
            got["end"] = True
    return got


def smallest_heap(got, heap_kb=BUDGET_KB):
    """The smallest heap in KB the session of `got` (figures, played at `heap_kb`) fits: its most
    in use after a collection between frames. (The VM collects only between frames, so this is
    what the device's collections would leave at worst.)"""
    return (heap_kb * 1024 - got["low"] + 1023) // 1024


# Where the heap goes: each import in the order code.py makes them, then each object start-up
# makes, each a step of its own with a collection before it is measured (tools/mpvm.mjs).
TABLE_SCRIPT = """
import gc
import cpdriver
cpdriver.NVM_PATH[0] = %(nvm)r
for name in %(standins)r:
    __import__(name)  # built into the firmware on the device: not counted below
cpdriver.reserve_names()  # (as the session has them: PRELUDE)
pools = cpdriver.DEVICE_NAME_POOLS
rows = [("the app's names' pools (as on the device)", pools)]
made = {}
def objects():
    import board, keypad, neopixel
    from hw.macropad import Sound
    from hw.startup import open_store
    from hw.screen import Oled
    from kalaha.flow.app import App
    from kalaha.search.endgame import CHUNK, open_table
    def keys():
        made["keys"] = keypad.Keys((board.KEY1,) * 13, value_when_pressed=False, pull=True, max_events=32)
    def pixels():
        made["pixels"] = neopixel.NeoPixel(board.NEOPIXEL, 12, brightness=0.5, auto_write=False)
    def oled():
        made["oled"] = Oled(board.DISPLAY)
    def sound():
        made["sound"] = Sound()
    def store():
        made["store"] = open_store()
    def table():
        made["table"] = open_table("endgame.kdb", scratch=made["store"].scratch(CHUNK))[0]
    def app():
        made["app"] = App(store=made["store"], endgame=made["table"])
    def frame():
        made["app"].tick(0)
        made["oled"].show(made["app"].frame, made["app"].flip)
    return [
        ("object keypad.Keys (stand-in, sized as measured on the device)", keys),
        ("object NeoPixel (real library)", pixels),
        ("object Oled", oled),
        ("object Sound (stand-in synthio, sized as measured)", sound),
        ("object Store", store),
        ("object EndgameTable (the drive's endgame.kdb)", table),
        ("object App (search table included)", app),
        ("first frame drawn", frame),
    ]
steps = [("import " + name, (lambda name: lambda: __import__(name))(name)) for name in %(modules)r]
steps.append((None, lambda: steps.extend(objects())))
at = [0, 0]
def vm_step():
    if at[0] == 0:
        return first
    if not steps:
        for what, size in rows:
            print("ROW %%d %%s" %% (size, what))
        print("TOTAL %%d" %% (gc.mem_alloc() - at[1]))
        return False
    what, work = steps.pop(0)
    work()
    def after():
        if what:
            rows.append((what, gc.mem_alloc() - at[0]))
        at[0] = gc.mem_alloc()
        return True
    return after
def first():
    at[0] = gc.mem_alloc()
    at[1] = at[0] - pools  # (the stand-ins')
    return True
"""

MODULES = (
    "kalaha.rules.board",
    "kalaha.compat",
    "kalaha.search.ai",
    "kalaha.saved.clock",
    "kalaha.saved.journal",
    "kalaha.saved.store",
    "kalaha.picture.glyphs",
    "kalaha.picture.frame",
    "kalaha.picture.draw",
    "kalaha.flow.game",
    "kalaha.flow.screens",
    "kalaha.picture.view",
    "kalaha.search.endgame",
    "kalaha.search.thinking",
    "kalaha.flow.app",
    "neopixel",
    "hw.screen",
    "hw.macropad",
)


def heap_table(drive=DRIVE):
    """[(what, bytes)] for each import and start-up object, and the total after start-up."""
    script = TABLE_SCRIPT % {"nvm": VM_DATA + "/nvm.bin", "modules": MODULES, "standins": STANDIN_MODULES}
    status, out, err = run_on_drive(script, drive=drive)
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
n = 0
grew = 0
while grew < cpdriver.POOL_STEP:
    before = gc.mem_alloc()
    hasattr(0, "+%%d" %% n)
    grew = gc.mem_alloc() - before
    n += 1
print("ROOM %%d" %% (n - 1))
"""


NAME_MARGIN = 32  # names the app must leave free in the device's pools (docs/performance.md, "Memory")


def drive_modules(drive=DRIVE):
    """Every module on the drive (code.py's packages and lib/), by its import name."""
    names = []
    for rel, _size in file_sizes(drive):
        if rel.endswith((".mpy", ".py")) and "/" in rel:
            name = rel.rsplit(".", 1)[0]
            if name.startswith("lib/"):
                name = name[4:]
            names.append(name.replace("/__init__", "").replace("/", "."))
    return names


def name_room(drive=DRIVE):
    """How many more names the app could intern before its pools on the device are full."""
    source = NAMES_SCRIPT % {"standins": STANDIN_MODULES, "modules": drive_modules(drive)}
    status, out, err = run_on_drive(source, drive=drive)
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


def report(out=None, drive=DRIVE, games=50):
    """Print the drive's files, where the heap goes, the session's figures, `games` games in a row
    (none: the drift's own test plays them) and `smallest heap: N KB`; returns that N (None when
    the session failed)."""
    out = out or sys.stdout
    files = file_sizes(drive)
    out.write("files on the drive (%s):\n" % os.path.relpath(drive))
    for rel, size in files:
        out.write("  %-40s %7d bytes\n" % (rel, size))
    out.write("  %-40s %7d bytes\n" % ("total", sum(s for _r, s in files)))
    rows, total = heap_table(drive)
    out.write("heap after a collection, MicroPython's VM (npm's WebAssembly port):\n")
    for what, size in rows:
        out.write("  %-44s %7d bytes\n" % (what, size))
    out.write("  %-44s %7d bytes\n" % ("in use after start-up", total))
    status, text, err = play(drive=drive)
    got = figures(text)
    smallest = None
    if status or not got["end"]:
        out.write("the session FAILED at %d KB:\n%s\n" % (BUDGET_KB, (err or text).strip()[-1500:]))
    else:
        out.write(
            "session at %d KB (Expert game, two-player game with clock, replay, stats, puzzles, settings):\n"
            % BUDGET_KB
        )
        for label, (free, alloc) in got["mem"].items():
            out.write("  %-20s free %7d  in use %7d\n" % (label, free, alloc))
        out.write("  lowest free after a collection between frames: %d bytes\n" % got["low"])
        smallest = smallest_heap(got)
    if games:
        first, last, status, tail = drift(games, drive=drive)
        if status:
            out.write("%d games in a row at %d KB FAILED:\n%s\n" % (games, DEVICE_HEAP_KB, tail))
        else:
            out.write(
                "%d games in a row at %d KB: free after the first %d bytes, after the last %d (%+d)\n"
                % (games, DEVICE_HEAP_KB, first, last, last - first)
            )
    out.write("smallest heap: %s\n" % ("%d KB" % smallest if smallest else "unknown (the session failed)"))
    return smallest


if __name__ == "__main__":
    report()
