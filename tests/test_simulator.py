"""The desktop simulator in headless script mode: events, screenshots, the printed display."""

import pathlib
import struct
import subprocess
import sys

import pytest
from drivers import need_simulator
from vm import ROOT

from host.desktop import HEIGHT, WIDTH, ScriptError, parse_script


def run_script(tmp_path, text):
    script = tmp_path / "script.txt"
    script.write_text(text)
    proc = subprocess.run(
        [sys.executable, "code.py", "--headless", "--script", str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return proc.returncode, proc.stdout, proc.stderr


def test_started_from_another_folder_it_finds_its_files(tmp_path):
    # The puzzles (and the music, the endgame table) from the code's own folder, not the working one.
    script = tmp_path / "script.txt"
    script.write_text("choose Puzzles\nwait 500\nshow\n")
    proc = subprocess.run(
        [sys.executable, str(pathlib.Path(ROOT) / "code.py"), "--headless", "--script", str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Puzzle 1" in proc.stdout and "win by" in proc.stdout


def png_size_and_colours(path):
    import pygame

    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    surface = pygame.image.load(str(path))
    colours = {surface.get_at((x, y))[:3] for x in range(0, width, 7) for y in range(0, height, 7)}
    return width, height, colours


def test_headless_game_with_screenshots(tmp_path):
    need_simulator()
    menu = tmp_path / "menu.png"
    game = tmp_path / "shots" / "game.png"
    status, out, err = run_script(
        tmp_path,
        "# menu, then a game against the computer\n"
        "shot %s\n"
        "click\nclick\nwait 100\nturn +2\nclick\n"
        "key 8\nwait 1000\nkey 11\nwait 3000\n"
        "shot %s\n" % (menu, game),
    )
    assert status == 0, err
    for path in (menu, game):
        width, height, colours = png_size_and_colours(path)
        assert (width, height) == (WIDTH, HEIGHT)
        assert len(colours) > 5  # not blank
    # The display text and the 12 pixel colours are printed at the end.
    lines = out.splitlines()
    assert "display:" in lines and any(line.startswith("pixels: #") for line in lines)
    pixels = [line for line in lines if line.startswith("pixels:")][0].split()[1:]
    assert len(pixels) == 12
    assert any(line.startswith("  |") and "You" in line for line in lines)  # the board, read back


def test_headless_two_player_game_to_the_result(tmp_path):
    need_simulator()
    from kalaha import SOUTH, Board

    # Find a complete two-player game, then type it as physical key presses: the mover's pit k
    # is view key 7 + k on 4 pits (pit 4 next to the store on key 11), and on North's turns
    # the device is turned around, so that is physical key 11 - (7 + k).
    board = Board(pits=4, seeds=3)
    keys = []
    while board.to_move is not None:
        pit = max(board.legal_moves())
        view = 7 + pit
        keys.append(view if board.to_move == SOUTH else 11 - view)
        board.push(pit)
    # Settings (the menu's seventh item): seeds 4 -> 3 is three clicks on "Seeds" (3 4 5 6,
    # wrapping); pits 6 -> 4 two clicks on "Pits" (4 5 6 7); "Back" is the last item, 11 lines
    # below Pits (kalaha.flow.records.SHOWN_KEYS and Reset statistics); then "Two players".
    from kalaha.flow.records import SHOWN_KEYS

    text = "turn +6\nclick\n" + "click\n" * 3 + "turn +1\nclick\nclick\n"
    text += "turn +%d\nclick\n" % len(SHOWN_KEYS)  # (from Pits, the 2nd line, to Back)
    text += "turn +1\nclick\n"
    text += "".join("key %d\nwait 2500\n" % k for k in keys)  # (sown, passed, then the keys taken)
    status, out, err = run_script(tmp_path, text)
    assert status == 0, err
    result = board.outcome().result()
    expected = "Draw" if result == "draw" else "%s wins" % result.capitalize()
    assert expected in out


@pytest.mark.parametrize(
    "line",
    ["key 12", "key x", "hold 3", "turn 2x", "jump 3", "shot out.jpg", "click 3", "wait -5"],
)
def test_malformed_script_lines_stop_with_status_2(tmp_path, line):
    with pytest.raises(ScriptError, match="script line 2"):
        parse_script("click\n%s\n" % line)
    need_simulator()
    status, out, err = run_script(tmp_path, "click\n%s\n" % line)
    assert status == 2 and "script line 2" in err and "Traceback" not in err


def test_script_parser_accepts_every_command():
    steps = parse_script("key 0\nhold 11 500\nturn +3\nturn -2\nclick\nwait 20\nshot a.png\n# note\n\n")
    assert [s[0] for s in steps] == ["key", "hold", "turn", "turn", "click", "wait", "shot"]
    assert steps[2][1] == (3,) and steps[3][1] == (-2,)


def test_window_loop_maps_keyboard_and_quits(tmp_path, monkeypatch):
    need_simulator()
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    from host.desktop import Simulator

    sim = Simulator(headless=True, data=str(tmp_path / "nvm.bin"))
    post = pygame.event.post
    Event = pygame.event.Event
    # Enter (the help closes), Enter (Play computer: on Start game), Right (Level), Enter, Left
    # (Start game), Space.
    keys = (pygame.K_RETURN, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_LEFT, pygame.K_SPACE)
    for key in keys:
        post(Event(pygame.KEYDOWN, key=key))
    # Key "d" is key 8: the player's pit 3 (ends in the store).
    post(Event(pygame.KEYDOWN, key=pygame.K_d))
    post(Event(pygame.KEYUP, key=pygame.K_d))
    post(Event(pygame.QUIT))
    sim.run_window()
    assert sim.app.game.board is not None and sim.app.game.board.moves() == [3]
    assert (tmp_path / "nvm.bin").stat().st_size == 4096  # the game was saved to the data file
    pygame.quit()


def test_a_data_file_of_another_size_keeps_what_it_holds_and_an_empty_one_is_a_first_start(tmp_path, capsys):
    need_simulator()
    from host.desktop import Simulator
    from kalaha.flow.screens import HELP, MENU

    path = tmp_path / "nvm.bin"
    sim = Simulator(headless=True, data=str(path))
    sim.app.click()  # (a new file: How to play first)
    sim.frames(10)
    sim.app.act("two_players")
    sim.app.key_down(8)
    sim.app.key_up(8)
    sim.frames(200)
    moves = sim.app.game.board.moves()
    sim.pygame.quit()
    saved = path.read_bytes()
    used = len(saved.rstrip(b"\xff"))
    capsys.readouterr()
    # longer (bytes appended), or cut after its last record: the game is still there
    for data in (saved + b"\0" * 100, saved[: used + 10]):
        path.write_bytes(data)
        sim = Simulator(headless=True, data=str(path))
        assert sim.app.store.message == "" and sim.app.store.current is not None
        assert "is %d bytes, not 4096" % len(data) in capsys.readouterr().err
        assert sim.app.screen == MENU and sim.app.store.current.moves == moves
        sim.pygame.quit()
    # an empty file is a new device: How to play opens, as on a first start
    path.write_bytes(b"")
    sim = Simulator(headless=True, data=str(path))
    assert sim.app.screen == HELP and sim.app.store.message == ""
    sim.pygame.quit()


def test_the_documented_pictures_come_from_a_first_start_and_a_turned_two_player_game(tmp_path):
    # docs/screens.script (make pictures) against a new data file: the help opens by itself,
    # every picture is written, and North's turn ends with the display turned and keys mirrored.
    need_simulator()
    docs = pathlib.Path(ROOT) / "docs"
    text = (docs / "screens.script").read_text()
    shots = text.count("\nshot ")
    text = text.replace("docs/screens/", str(tmp_path) + "/")
    script = tmp_path / "screens.script"
    script.write_text(text)
    proc = subprocess.run(
        [sys.executable, "code.py", "--headless", "--script", str(script), "--data", str(tmp_path / "a.bin")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert len(list(tmp_path.glob("*.png"))) == shots >= 8
    assert "rotation: 180" in proc.stdout and "North" in proc.stdout
    # the physical keys nearest North (0..5) are North's pits, blue for the one who holds it;
    # South's (6..11) are orange: the pixels are mirrored
    pixels = [int(p[1:], 16) for p in proc.stdout.split("pixels: ")[1].split()[:12]]
    # (white is the last seed, green a good move: the rest are blue or orange)
    pits = [(k, c) for k, c in enumerate(pixels) if c and (c >> 8) & 255 < max(c >> 16, c & 255)]
    assert pits and all(((c & 255) > (c >> 16)) == (k < 6) for k, c in pits), pixels
    for name in ("help", "menu", "game", "two-players-north", "ring", "ring-result", "replay"):
        assert (docs / "screens" / (name + ".png")).exists()
    # the pictures in docs/screens are what the screens show today (else: make pictures)
    import pygame

    def rgb(path):
        return pygame.image.tostring(pygame.image.load(str(path)), "RGB")

    stale = []
    for made in sorted(tmp_path.glob("*.png")):
        kept = docs / "screens" / made.name
        if not kept.exists() or rgb(made) != rgb(kept):
            stale.append(made.name)
    assert not stale, "docs/screens out of date (make pictures): %s" % stale


EVERY_SCREEN = """
show
choose How to play
show
turn +4
show
click
choose Settings
show
choose Back
choose Statistics
show
click
choose Replay
show
choose Back
choose Play computer
show
choose Start game
wait 1500
show
key 8
wait 3000
click
show
choose Moves
show
click
click
choose Main menu
choose Two players
show
choose Yes
wait 500
show
key 7
wait 2500
show
click
choose Agree draw
show
wait 1200
choose Accept draw
show
wait 1500
choose Main menu
choose Replay
show
click
show
turn +2
show
click
show
"""


def test_every_screen_in_the_simulator_shows_its_words_in_full(tmp_path):
    # Main menu, help, settings, statistics, replay list and a replay, a game against the
    # computer, its menu, the move list, two players (turned for North), a draw offer, the
    # result: each read back from the OLED's tiles, every line whole (at most 21 characters).
    need_simulator()
    status, out, err = run_script(tmp_path, EVERY_SCREEN)
    assert status == 0, err
    shows = out.split("show:\n")[1:]
    assert len(shows) == EVERY_SCREEN.count("show")
    # each read right after the input that opened it (one to three frames): already whole
    kinds = [line.split()[1] for line in out.splitlines() if line.startswith("screen: ")]
    assert len(kinds) == len(shows) and "-" not in kinds and {"board", "text", "result"} <= set(kinds)
    seen = []
    for block in shows:
        lines = [line[3:] for line in block.splitlines() if line.startswith("  |")][:8]
        assert all(len(line) <= 21 for line in lines), lines
        assert any(line.strip() for line in lines), block
        seen.append(" ".join(lines))
    text = "\n".join(seen)
    for words in (
        "KALAHA",
        "How to play",
        "Colours",
        "Settings",
        "Statistics",
        "Replay",
        "Your move",
        "Game",
        "Moves",
        "Replace saved game?",
        "offers a draw",
        "Draw (agreed)",
        "no finished games",
    ):
        assert words in text, (words, text)


def simulator_in(action):
    """A headless simulator, in a new game begun by the app's `action`."""
    need_simulator()
    from host.desktop import Simulator

    sim = Simulator(headless=True)
    sim.app.act(action)
    sim.frames(200)
    return sim


def oled_pixels(sim):
    picture = sim.oled_picture()
    return [[picture.get_at((x, y))[0] > 64 for x in range(128)] for y in range(64)]


def test_the_oled_shows_the_frame_pixel_for_pixel_and_turned_round_for_north():
    from host.reading import pixel

    sim = simulator_in("two_players")
    buf = sim.app.frame.buf
    shown = oled_pixels(sim)
    assert not sim.app.flip
    assert all(shown[y][x] == bool(pixel(buf, x, y)) for y in range(64) for x in range(128))
    sim.key_down(6)  # South's pit 1 (4 seeds: it ends in pit 5): the turn passes to North
    sim.key_up(6)
    sim.frames(4000)
    assert sim.app.flip
    shown = oled_pixels(sim)
    buf = sim.app.frame.buf
    assert all(shown[63 - y][127 - x] == bool(pixel(buf, x, y)) for y in range(64) for x in range(128))


def test_the_simulators_colours_keep_their_hue():
    from host.desktop import led_glow
    from kalaha.picture.view import HUES

    for colour in HUES:
        for scale in (1, 4, 16):
            dim = tuple(((colour >> s) & 255) // scale for s in (16, 8, 0))
            glow = led_glow((dim[0] << 16) | (dim[1] << 8) | dim[2])
            top = max(dim)
            # every channel lifted by the same factor: the ratios stay (within rounding)
            assert all(abs(g * top - d * max(glow)) <= top for g, d in zip(glow, dim))


def test_the_simulator_draws_every_colour_the_device_shows_apart():
    # Every key colour of random sessions through every mode (seed counts, brightness, dimming,
    # the seats' colours): two colours the device shows apart are never drawn alike.
    from monkey import Session

    from host.desktop import led_glow

    shown = set()
    for n, goal in enumerate(("computer", "two", "ring", "ring", "settings", "help")):
        s = Session(900 + n, None, events=80, goal=goal)
        s.app.settings["brightness"] = 1 + n % 4

        def note(session):
            shown.update(session.app.pixels)

        s.run(note)
    glows = {}
    for colour in shown:
        glows.setdefault(led_glow(colour), set()).add(colour)
    assert len(shown) > 50 and all(len(same) == 1 for same in glows.values())


def test_help_exits_0(capsys):
    from host.desktop import main

    assert main(["--help"]) == 0 and "usage" in capsys.readouterr().out


def test_help_describes_the_script_language_and_its_example_runs(capsys, tmp_path):
    # Issue 47: --help named --script FILE and nothing of what goes in it.
    import re

    from host.desktop import ScriptError, main, parse_script

    main(["--help"])
    text = capsys.readouterr().out
    with pytest.raises(ScriptError) as told:
        parse_script("nonsense")
    commands = re.findall(r"(?:expected |, | or )([a-z]+)", str(told.value))
    assert len(commands) == 9
    for command in commands:  # every command the parser takes, at the start of a help line
        assert re.search(r"^  %s\b" % command, text, re.M), command
    assert "20 ms" in text and "0..11" in text and "#" in text
    example = text[text.index("Example") :].split("\n", 2)[2]
    script = tmp_path / "example.script"
    script.write_text(example)
    assert len(parse_script(example)) == 6
    assert main(["--headless", "--script", str(script)]) == 0
    shown = capsys.readouterr().out
    assert "screen: board" in shown


def test_the_window_fits_the_screen_it_opens_on():
    from host.desktop import HEIGHT, window_scale

    class Info:
        def __init__(self, height):
            self.current_h = height

    class FakePygame:
        class display:
            height = 1080

            @classmethod
            def Info(cls):
                return Info(cls.height)

    assert window_scale(FakePygame, headless=True) == (1, 1)
    FakePygame.display.height = 2000
    assert window_scale(FakePygame, headless=False) == (1, 1)  # room: the device at its size
    for height in (768, 600):
        FakePygame.display.height = height
        num, den = window_scale(FakePygame, headless=False)
        assert HEIGHT * num // den <= height - 100  # the whole device, with room for a title bar
