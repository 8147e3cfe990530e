"""The desktop simulator in headless script mode: events, screenshots, the printed display."""

import os
import pathlib
import struct
import subprocess
import sys

import pytest
from cpy import ROOT

from hw.desktop import HEIGHT, WIDTH, ScriptError, parse_script


def need_simulator():
    try:
        import blinka_displayio_pygamedisplay  # noqa: F401
        import pygame  # noqa: F401
    except ImportError as e:
        if os.environ.get("CI"):
            pytest.fail("the simulator's packages are missing in CI: %s" % e)
        pytest.skip("simulator packages not installed (make venv)")


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
    assert any("|" in line and "S" in line for line in lines)  # the board with the stores


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
    # Settings: seeds 4 -> 3 is three clicks on "Seeds" (3 4 5 6, wrapping); pits 6 -> 4 one
    # click on "Pits" (4 5 6); "Back" is the last item; then "Two players".
    text = "turn +4\nclick\n" + "click\n" * 3 + "turn +1\nclick\n"
    text += "turn +9\nclick\n"
    text += "turn +1\nclick\n"
    text += "".join("key %d\nwait 1500\n" % k for k in keys)
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

    from hw.desktop import Simulator

    sim = Simulator(headless=True, data=str(tmp_path / "nvm.bin"))
    post = pygame.event.post
    Event = pygame.event.Event
    # Menu: Enter (Play computer), Enter (Level), Right, Right (Start game), Space.
    for key in (pygame.K_RETURN, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_SPACE):
        post(Event(pygame.KEYDOWN, key=key))
    # Key "d" is key 8: the player's pit 3 (ends in the store).
    post(Event(pygame.KEYDOWN, key=pygame.K_d))
    post(Event(pygame.KEYUP, key=pygame.K_d))
    post(Event(pygame.QUIT))
    sim.run_window()
    assert sim.app.board is not None and sim.app.board.moves() == [3]
    assert (tmp_path / "nvm.bin").stat().st_size == 4096  # the game was saved to the data file
    pygame.quit()


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
    # the physical keys nearest North (0..5) light in North's colour: the pixels are mirrored
    pixels = [int(p[1:], 16) for p in proc.stdout.split("pixels: ")[1].split()[:12]]
    assert all((c >> 16) > (c & 255) for c in pixels[:6] if c)
    assert all((c & 255) > (c >> 16) for c in pixels[6:] if c)
    for name in ("help", "menu", "game", "two-players-north"):
        assert (docs / "screens" / (name + ".png")).exists()


EVERY_SCREEN = """
wait 4500
show
turn +5
click
show
turn +4
show
click
turn +4
click
show
turn +10
click
turn +3
click
show
turn +7
click
turn +2
click
show
click
click
show
turn +2
click
wait 1500
show
key 8
wait 3000
click
show
turn +3
click
show
click
click
turn +7
click
turn +2
click
wait 500
show
key 7
wait 2500
show
click
turn +5
click
show
click
show
turn +1
click
turn +2
click
show
click
show
key 0
turn +1
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
    seen = []
    for block in shows:
        lines = [line[3:] for line in block.splitlines() if line.startswith("  |")][:5]
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
        "your move",
        "Game",
        "Moves",
        "offers a draw",
        "Draw (agreed)",
    ):
        assert words in text, (words, text)


def simulator_in(action):
    """A headless simulator, in a new game begun by the app's `action`."""
    need_simulator()
    import displayio

    from hw.desktop import Simulator

    displayio.release_displays()  # (one display a process: another test's may still be there)
    sim = Simulator(headless=True)
    sim.app.act(action)
    sim.frames(200)
    return sim


def test_the_oled_shows_the_boards_lines_and_marks():
    sim = simulator_in("start_vs_computer")
    m = sim.app.marks
    wanted = sorted(tuple(m[i : i + 4]) for i in range(0, len(m), 4) if m[i + 2])
    s = sim.screen.marks_shown
    assert wanted and sorted(tuple(s[i : i + 4]) for i in range(0, len(s), 4) if s[i + 2]) == wanted
    # drawn on the OLED itself: the divider's pixels are lit, the column beside it is dark
    # where no text is (the status lines start two characters to its right)
    x, y, w, h = [box for box in wanted if box[2:] == (1, 51)][0]
    lit = [sim.oled.get_at((x, row))[0] > 128 for row in range(y, y + h)]
    beside = [sim.oled.get_at((x + 2, row))[0] > 128 for row in range(y, y + h)]
    assert all(lit) and not any(beside)


def test_the_turned_oled_is_the_upright_picture_turned_round():
    # The screen turns for North by flipping its tiles and placing its marks across, a segment
    # a frame (hw/screen.py), not by the display's rotation: the picture must be the same.
    sim = simulator_in("two_players")
    key = sim.layout.view_key(9, False)  # (pit 4: ends on North's side)
    sim.app.key_down(key)
    sim.app.key_up(key)
    sim.frames(3000)
    assert sim.app.flip  # North to move: turned

    def settled(rotation):
        screen = sim.screen
        for _ in range(80):
            if screen.show(lines(sim.app), rotation, sim.app.marks, sim.app.boxes):
                sim.display.refresh()
        assert not screen.pending(lines(sim.app), sim.app.boxes)
        sim.display.refresh()
        pg = sim.pygame
        return pg.image.tobytes(sim.oled, "RGB"), pg.image.tobytes(pg.transform.rotate(sim.oled, 180), "RGB")

    turned, _ = settled(180)
    _, upright_turned_round = settled(0)
    assert turned == upright_turned_round
    assert turned != settled(0)[0]  # (and it is not the upright picture)


def test_the_screen_turns_a_segment_a_frame():
    # Each frame of a turn flips one TileGrid of text or changes one pit's box: a refresh of a
    # seventh of a line or of one box, not the whole display (hw/screen.py; 126 ms on the
    # emulated MacroPad when the display was rotated).
    import displayio

    from hw.screen import LINES, SEGMENTS

    sim = simulator_in("two_players")
    box_grids = sim.screen.boxes.grids
    grids = [g for g in sim.screen.group if isinstance(g, displayio.TileGrid) and g not in box_grids]
    assert len(grids) == LINES * SEGMENTS
    lines, marks, boxes = list(lines(sim.app)), list(sim.app.marks), bytes(sim.app.boxes)
    pits = sum(1 for style in boxes if style)
    assert pits == 12
    while sim.screen.show(lines, 0, marks, boxes):
        pass  # (the boxes appear a frame each: all shown before the turn)

    def tiles():
        return [g[k] for g in box_grids for k in range(12)]

    # A grid moved or flipped is refreshed whole, its old place and its new (60 ms on the
    # emulated MacroPad): the boxes' grids keep theirs, only their tiles change.
    places = [(g.x, g.y, g.flip_x, g.flip_y) for g in box_grids]

    for rotation in (180, 0):
        frames = 0
        before = tiles()
        while sim.screen.show(lines, rotation, marks, boxes) and frames < 100:
            frames += 1
            turned = sum(g.flip_x == (rotation == 180) for g in grids)
            now = tiles()
            changed = sum(a != b for a, b in zip(before, now))
            before = now
            if changed:
                assert changed == 1  # one box a frame ...
                assert turned in (0, LINES * SEGMENTS)  # ... before the text turns or after
            else:
                assert turned == min(frames - pits, LINES * SEGMENTS)  # one segment more each frame
        assert not sim.screen.pending(lines, boxes)
        assert all(g.flip_x == (rotation == 180) and g.flip_y == (rotation == 180) for g in grids)
        # the boxes hidden a frame each, a frame per segment, the marks (hidden a frame, then
        # placed across), the boxes shown across
        assert 2 * pits + LINES * SEGMENTS < frames <= 2 * pits + LINES * SEGMENTS + 4
        assert [(g.x, g.y, g.flip_x, g.flip_y) for g in box_grids] == places
        shown = box_grids[1 if rotation == 180 else 0]
        assert [shown[k] for k in range(12)] == list(boxes)
        assert not any(box_grids[0 if rotation == 180 else 1][k] for k in range(12))


def test_a_pits_box_changes_only_in_a_frame_without_text():
    # A box's refresh on top of the text's budget made a frame 18 ms of refresh on the emulated
    # MacroPad: the screen draws a box only when no text changed (hw/screen.py).
    import displayio

    from kalaha.screens import GAME

    sim = simulator_in("two_players")
    box_grids = sim.screen.boxes.grids
    text_grids = [g for g in sim.screen.group if isinstance(g, displayio.TileGrid) and g not in box_grids]

    def tiles(grids):
        return [g[x, y] for g in grids for y in range(g.height) for x in range(g.width)]

    boxes_before, text_before = tiles(box_grids), tiles(text_grids)
    both = boxes_changed = text_changed = 0
    # The game menu and back (the text and every box change at once), a pit chosen and sown.
    for action in (sim.app.click, lambda: sim.app.act(GAME), lambda: sim.key_down(9), lambda: sim.key_up(9)):
        action()
        for _ in range(100):
            sim.step()
            boxes_now, text_now = tiles(box_grids), tiles(text_grids)
            box, text = boxes_now != boxes_before, text_now != text_before
            both += box and text
            boxes_changed += box
            text_changed += text
            boxes_before, text_before = boxes_now, text_now
    assert boxes_changed and text_changed  # (the test saw both change)
    assert both == 0


def test_no_frame_refreshes_more_text_than_the_budget():
    # Measured on the emulated MacroPad: 0.6-0.8 ms of refresh per character cell and display
    # page; a whole segment on a three-page line drawn in one frame took 19 ms. A new screen is
    # drawn over several frames, a segment bigger than what is left of the budget in part.
    import displayio

    from hw.screen import REFRESH_BUDGET, SEGMENT_COST
    from kalaha.screens import GAME, HELP, MENU

    sim = simulator_in("two_players")
    box_grids = sim.screen.boxes.grids
    text_grids = [g for g in sim.screen.group if isinstance(g, displayio.TileGrid) and g not in box_grids]

    def tiles():
        return [[g[i] for i in range(g.width)] for g in text_grids]

    def pages(grid):  # the display's 8-row pages a 12-pixel line touches
        return (grid.y + 11) // 8 - grid.y // 8 + 1

    worst = frames = 0
    before = tiles()
    for screen in (MENU, HELP, MENU, GAME):
        sim.app.go(screen)
        for _ in range(60):
            sim.step()
            now = tiles()
            cost = 0
            for grid, old, new in zip(text_grids, before, now):
                changed = [i for i in range(len(old)) if old[i] != new[i]]
                if changed:
                    cost += (changed[-1] - changed[0] + 1 + SEGMENT_COST) * pages(grid)
            frames += cost > 0
            worst = max(worst, cost)
            before = now
    assert frames > 12  # (several whole screens drawn)
    assert 0 < worst <= REFRESH_BUDGET


def test_a_frame_with_less_budget_draws_less_text_and_turns_nothing_until_given_all():
    # On the device a frame whose start used time (a key that sowed and saved) gives the
    # screen less (hw/macropad.py): a turned segment or a box is bigger than such a budget, so
    # they wait; text is drawn within it.
    import displayio

    from hw.screen import REFRESH_BUDGET, SEGMENT_COST
    from kalaha.screens import HELP

    sim = simulator_in("two_players")
    screen = sim.screen
    box_grids = screen.boxes.grids
    text_grids = [g for g in screen.group if isinstance(g, displayio.TileGrid) and g not in box_grids]
    lines, marks, boxes = list(lines(sim.app)), list(sim.app.marks), bytes(sim.app.boxes)
    while screen.show(lines, 0, marks, boxes):
        pass

    def state():
        return [(g.flip_x, [g[i] for i in range(g.width)]) for g in text_grids + list(box_grids)]

    before = state()
    for _ in range(20):
        assert not screen.show(lines, 180, marks, boxes, REFRESH_BUDGET - 1)
    assert state() == before  # nothing turned, no box changed
    assert screen.show(lines, 180, marks, boxes)  # given all of it, the turn begins
    assert state() != before
    while screen.show(lines, 180, marks, boxes):
        pass
    # Text within a small budget: a new screen's text a few cells a frame.
    sim.app.go(HELP)
    sim.app.render()
    new = list(lines(sim.app))
    small = 6
    frames = 0
    before = [[g[i] for i in range(g.width)] for g in text_grids]
    while screen.show(new, 180, marks, bytes(12), small) and frames < 500:
        frames += 1
        now = [[g[i] for i in range(g.width)] for g in text_grids]
        cost = 0
        for grid, old, cells in zip(text_grids, before, now):
            changed = [i for i in range(len(old)) if old[i] != cells[i]]
            if changed:
                cost += (changed[-1] - changed[0] + 1 + SEGMENT_COST) * ((grid.y + 11) // 8 - grid.y // 8 + 1)
        assert cost <= small
        before = now
    assert 10 < frames < 500  # the text drawn in many small frames, to its end
    assert screen.pending(new, bytes(12))  # ... and the boxes still there, waiting
    while screen.show(new, 180, marks, bytes(12)):
        pass
    assert not screen.pending(new, bytes(12))
