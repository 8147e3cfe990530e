"""What the player sees (issue 12): words in full, no stale screen, one colour per meaning,
help on the device, handover, power saving, and the board profile the simulator shares."""

import sys

import pytest
from test_app import FRAME, Driver, start_vs_computer
from test_persistence import play_some

from kalaha.reading import app_lines as lines
from kalaha import NORTH, SOUTH
from kalaha.app import DIM_MS, OFF_MS, App
from kalaha.howto import PAGES as HELP_PAGES
from kalaha.howto import page as help_page
from kalaha.screens import (
    DRAW_OFFER,
    GAME,
    GAME_MENU,
    HELP,
    MENU,
    MOVES,
    REPLAY,
    REPLAY_LIST,
    RESULT,
    SETTINGS,
    SETUP,
    STATS,
)
from kalaha.store import MemoryFlash, Store
from kalaha.view import (
    BOX_CHOSEN,
    BOX_NONE,
    BOX_PIT,
    CAPTURE_COLOUR,
    DANGER_COLOUR,
    EXTRA_COLOUR,
    HINT_COLOUR,
    ILLEGAL_COLOUR,
    NORTH_COLOUR,
    SOUTH_COLOUR,
    SOW_COLOUR,
    THINKING_COLOUR,
    WIDTH,
    box_lit,
    fit,
    pit_of_view_key,
)

# The colour legend as the README's table gives it: the help's colour pages must name each
# colour in these words and light that colour beside them.
LEGEND = (
    (SOW_COLOUR, "white: last seed"),
    (EXTRA_COLOUR, "green: extra turn"),
    (CAPTURE_COLOUR, "yellow: capture"),
    (DANGER_COLOUR, "red: in danger"),
    (ILLEGAL_COLOUR, "pink: not allowed"),
    (THINKING_COLOUR, "violet: thinking"),
    (HINT_COLOUR, "cyan: hint"),
)
MEANINGS = (SOUTH_COLOUR, NORTH_COLOUR) + tuple(c for c, _ in LEGEND)


def hue(colour):
    """The colour's direction: channels divided by their largest (brightness taken out)."""
    r, g, b = (colour >> 16) & 255, (colour >> 8) & 255, colour & 255
    top = max(r, g, b)
    return (r * 8 // top, g * 8 // top, b * 8 // top) if top else None


def lines_fit(app):
    assert len(lines(app)) == 5
    for line in lines(app):
        assert len(line) <= WIDTH, (line, app.screen)


def shown_in_full(app, text, d, period_frames=400):
    """`text` appears whole on one line, or its start and its end as it scrolls."""
    if len(text) <= WIDTH:
        return any(text in line for line in lines(app))
    windows = set()
    for _ in range(period_frames):
        windows.update(lines(app))
        d.frames()
    return text[:WIDTH] in windows and text[-WIDTH:] in windows


# ----- words in full -------------------------------------------------------------------------


def test_a_long_line_scrolls_through_every_character_and_a_short_one_stands():
    text = "capture 12: pass to North"
    windows = {fit(text, t) for t in range(0, 20000, 50)}
    assert all(len(w) == WIDTH for w in windows)
    assert text[:WIDTH] in windows and text[-WIDTH:] in windows
    assert fit("extra turn", 12345) == "extra turn"


def visit_every_screen():
    """Reach every screen through events; yield (screen, driver) at each."""
    d = Driver(clock=1, hints=True)
    a = d.app
    yield MENU, d
    d.choose("How to play")
    for _ in range(len(HELP_PAGES)):
        yield HELP, d
        a.turn(1)
        d.frames()
    a.click()
    d.choose("Settings")
    for _ in range(12):
        yield SETTINGS, d
        a.turn(1)
    d.choose("Back")
    d.choose("Statistics")
    yield STATS, d
    d.choose("Back")
    d.choose("Two players")
    play_some(d, 3)
    yield GAME, d
    a.click()
    yield GAME_MENU, d
    d.choose("Moves")
    yield MOVES, d
    a.click()
    a.click()
    d.choose("Agree draw")
    yield DRAW_OFFER, d
    d.choose("Accept draw")
    yield RESULT, d
    a.turn(1)
    a.click()
    d.choose("Replay")
    yield REPLAY_LIST, d
    a.click()
    yield REPLAY, d
    a.turn(2)
    yield REPLAY, d
    a.key_down(0)
    a.key_up(0)
    d.choose("Back")
    d.choose("Play computer")
    yield SETUP, d


def test_every_screen_is_reachable_and_fits_the_display():
    seen = set()
    for screen, d in visit_every_screen():
        assert d.app.screen == screen
        d.frames()
        lines_fit(d.app)
        assert any(lines(d.app)), screen
        seen.add(screen)
    assert seen == {MENU, HELP, SETTINGS, STATS, GAME, GAME_MENU, MOVES, DRAW_OFFER, RESULT}.union(
        {REPLAY_LIST, REPLAY, SETUP}
    )


def test_every_message_is_shown_in_full():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    messages = set()
    for key in range(12):
        d.press(key)
        d.idle()
        if a.screen != GAME:
            break
        if a.message:
            messages.add(a.message)
            assert shown_in_full(a, a.message, d), (a.message, lines(a))
        lines_fit(a)
    assert messages


def test_help_and_menu_texts_fit():
    for number in range(len(HELP_PAGES)):
        title, text, colours = help_page(number)
        assert len("%s %d/%d" % (title, 9, 9)) <= WIDTH
        assert all(len(line) <= WIDTH for line in text) and len(text) == 4
        assert len(colours) <= 4


# ----- never stale ---------------------------------------------------------------------------


def test_the_hint_shows_on_the_display_the_frame_it_is_found():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.click()
    d.choose("Hint")
    assert "finding a hint" in lines(a)[4]
    for _ in range(2000):
        d.frames()
        if a.message.startswith("hint: pit"):
            break
    assert lines(a)[4] == a.message  # in the same frame, not when something else redraws
    pit = int(a.message.split()[-1])
    key = d.key_for(pit)
    assert hue(a.pixels[key]) in (hue(HINT_COLOUR), None)  # blinking: the hint colour or dark
    d.frames(5)
    assert hue(a.pixels[key]) in (hue(HINT_COLOUR), None)


def test_a_flag_fall_shows_on_the_display_the_frame_it_happens():
    d = Driver(clock=1)  # 3+2
    d.choose("Two players")
    a = d.app
    for _ in range(200000 // FRAME):
        d.frames()
        if a.screen == RESULT:
            break
    assert a.screen == RESULT and "on time" in lines(a)[4]
    assert "North wins on time" == lines(a)[4]  # South ran out first


# ----- colours -------------------------------------------------------------------------------


def test_each_meaning_has_its_own_colour():
    hues = [hue(c) for c in MEANINGS]
    assert len(set(hues)) == len(MEANINGS)
    assert all(0 < c <= 0xFFFFFF for c in MEANINGS)


@pytest.mark.parametrize("two_players", [False, True])
def test_every_pixel_of_every_frame_of_a_complete_game_is_a_24_bit_colour(two_players):
    d = Driver(hints=True, brightness=4)
    a = d.app
    if two_players:
        d.choose("Two players")
    else:
        start_vs_computer(d, "medium")
    frames = 0
    key = 0
    while a.screen == GAME and frames < 50000:
        if a.anim_path is None and not a.thinking and frames % 7 == 0:
            key = (key + 5) % 12
            a.key_down(key)
            d.frames()
            a.key_up(key)
        d.frames()
        frames += 1
        assert all(0 <= c <= 0xFFFFFF for c in a.pixels), a.pixels
    assert a.screen == RESULT
    for _ in range(50):
        d.frames()
        assert all(0 <= c <= 0xFFFFFF for c in a.pixels)


def test_illegal_thinking_and_preview_speak_their_own_colours():
    d = Driver(brightness=4)
    start_vs_computer(d, "strong")
    a = d.app
    d.press(0)  # the opponent's pit: not allowed
    assert hue(a.pixels[0]) in (hue(ILLEGAL_COLOUR), None)
    d.frames(20)
    a.key_down(d.key_for(1))
    d.frames(30)  # held: the preview
    chosen = a.pixels[d.key_for(1)]
    assert hue(chosen) == hue(SOUTH_COLOUR)
    # pit 1 with 4 seeds: the last seed falls in pit 5, shown in white
    assert hue(a.pixels[d.key_for(5)]) == hue(SOW_COLOUR)
    a.key_up(d.key_for(1))
    d.press(d.key_for(2))  # a move: then the computer thinks
    for _ in range(500):
        d.frames()
        if a.thinking:
            break
    assert a.thinking
    assert any(hue(c) == hue(THINKING_COLOUR) for c in a.pixels[:6])


# ----- help ----------------------------------------------------------------------------------


def test_help_is_offered_once_on_the_very_first_start():
    flash = MemoryFlash()
    a = App(store=Store(flash))
    assert a.screen == HELP and lines(a)[0].startswith("How to play 1/")
    a.click()
    assert a.screen == MENU
    assert "kalaha.howto" not in sys.modules  # let go: its text costs no heap during games
    again = App(store=Store(MemoryFlash(flash.read())))
    assert again.screen == MENU


def test_the_colour_pages_light_the_colours_they_name():
    d = Driver(brightness=4)
    d.choose("How to play")
    a = d.app
    named = 0
    for _ in range(len(HELP_PAGES)):
        for line in lines(a)[1:]:
            for colour, words in LEGEND:
                if line == words:
                    lit = [hue(c) for c in a.pixels if c]
                    assert hue(colour) in lit, (words, a.pixels)
                    named += 1
        a.turn(1)
    assert named == len(LEGEND)


# ----- handover and power --------------------------------------------------------------------


def test_the_handover_after_a_turn_and_after_a_swap_is_unmistakable():
    d = Driver(swap=True)
    d.choose("Two players")
    a = d.app
    assert not a.flip
    d.press(d.key_for(1))  # South 1: no extra turn, North next
    d.idle()
    assert a.board.to_move == NORTH and a.flip and "pass to North" in lines(a)[4]
    a.click()
    d.choose("Swap sides")
    assert "swapped: pass to" in lines(a)[4]
    assert a.flip == (a.board.to_move == NORTH)


def test_nothing_dims_while_a_chess_clock_runs_and_it_dims_without_one():
    d = Driver(clock=4)
    d.choose("Two players")
    a = d.app
    d.frames((OFF_MS + 1000) // FRAME)
    assert a.power == 0 and lines(a)[0]
    d = Driver()
    a = d.app
    d.frames(DIM_MS // FRAME + 1)
    assert a.power == 1
    d.frames((OFF_MS - DIM_MS) // FRAME + 1)
    assert a.power == 2 and lines(a) == [""] * 5 and a.pixels == [0] * 12


def test_four_and_five_pit_boards_put_your_pits_next_to_your_store():
    for pits in (4, 5, 6):
        d = Driver(pits=pits)
        start_vs_computer(d, "easy")
        assert d.key_for(pits) == 11  # your last pit, next to your store
        assert d.key_for(1) == 12 - pits
        # across from your pit k is the opponent's pit P+1-k, two rows up
        for k in range(1, pits + 1):
            side, pit = d.app.pit_at(d.key_for(k) - 6)
            assert side == NORTH and pit == pits + 1 - k


# ----- the board profile ---------------------------------------------------------------------


def test_the_macropad_profile_turns_and_mirrors_as_one():
    from hw.layout import MACROPAD

    for flip in (False, True):
        assert sorted(MACROPAD.view_key(k, flip) for k in range(12)) == list(range(12))
        for k in range(12):
            # the pixel under a physical key shows the view key that key plays
            assert MACROPAD.pixel(MACROPAD.view_key(k, flip), flip) == k
    assert MACROPAD.rotation(False) == 0 and MACROPAD.rotation(True) == 180
    assert MACROPAD.view_key(11, True) == 0
    assert SOUTH == 0


def test_every_menu_action_is_a_screen_or_an_app_method():
    from kalaha import screens

    actions = set()
    for name in dir(screens):
        value = getattr(screens, name)
        if name.endswith("_ITEMS"):
            actions.update(action for _label, action in value)
    for page in (screens.MENU, screens.SETUP, screens.STATS, screens.REPLAY_LIST, screens.SETTINGS):
        actions.update(action for _label, action in page.items(Driver().app))
    actions.add("continue_game")
    actions.discard(None)
    assert actions
    for action in actions:
        assert isinstance(action, screens.Page) or callable(getattr(App, action)), action


def test_the_record_screens_code_is_let_go_when_they_close():
    # Settings, statistics, replay and the move list keep their bigger code in kalaha.records,
    # imported while shown and let go after, so a game has that heap back.
    d = Driver()
    a = d.app
    for label in ("Settings", "Statistics", "Replay"):
        d.choose(label)
        assert "kalaha.records" in sys.modules and any(lines(a))
        d.choose("Back")
        assert a.screen == MENU and "kalaha.records" not in sys.modules
    d.choose("Two players")
    play_some(d, 2)
    a.click()
    d.choose("Moves")
    assert a.screen == MOVES and "kalaha.records" in sys.modules
    a.click()
    assert a.screen == GAME and "kalaha.records" not in sys.modules


def test_a_two_row_board_profile_keeps_opposite_pits_straight_across():
    # A second board (two rows of six) needs only its profile: the app is unchanged.
    from hw.layout import TWO_ROWS

    for pits in (4, 5, 6):
        for flip in (False, True):
            viewer = NORTH if flip else SOUTH
            for col in range(6):
                top = TWO_ROWS.view_key(col if not flip else 11 - col, flip)
                bottom = TWO_ROWS.view_key(6 + col if not flip else 5 - col, flip)
                a = pit_of_view_key(top, viewer, pits)
                b = pit_of_view_key(bottom, viewer, pits)
                if a[1] and b[1]:
                    assert a[0] != b[0] and a[1] == pits + 1 - b[1]  # across the board
            assert sorted(TWO_ROWS.pixel(TWO_ROWS.view_key(k, flip), flip) for k in range(12)) == list(
                range(12)
            )


def test_the_computers_thinking_keeps_the_device_awake():
    # The idle time that dims the device counts from when the player is to act, not from the
    # player's last press before the computer's turn (Expert thinks seconds here).
    d = Driver()
    start_vs_computer(d, "expert", starts="computer")
    a = d.app
    turn_ms = 0
    while a.board.to_move == a.computer or a.anim_path is not None:
        d.frames()
        turn_ms += FRAME
        assert a.power == 0
    assert turn_ms > 1000
    d.frames((DIM_MS - 500) // FRAME)
    assert a.power == 0
    d.frames(1000 // FRAME)
    assert a.power == 1


def test_keys_mashed_at_the_end_of_a_game_start_nothing():
    from kalaha.screens import RESULT_GRACE_MS

    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.click()
    d.choose("Resign")
    assert a.screen == RESULT
    for key in (4, 7, 1, 10, 5):  # middle keys would choose "Play again"
        d.press(key)
    assert a.screen == RESULT
    d.frames(RESULT_GRACE_MS // FRAME)
    d.press(4)  # now the keys work as menu keys again
    assert a.screen == GAME


def shown_marks(a):
    """The app's marks that are shown, as (x, y, width, height)."""
    m = a.marks
    return [tuple(m[i : i + 4]) for i in range(0, len(m), 4) if m[i + 2]]


def under_key(box, columns=3):
    """The view key whose box a mark thickens at the bottom (rows of 13 px, 18 px a pit), or -1."""
    x, y, w, h = box
    if w != 12 or h != 1 or (x - 2) % 18 or x > 2 + 18 * (columns - 1) or y % 13 != 10:
        return -1
    return (y - 10) // 13 * columns + (x - 2) // 18


@pytest.mark.parametrize("columns", [3, 6])
def test_the_board_is_drawn_with_lines_and_marks_that_follow_the_game(columns):
    # columns: the board profile's keys a row (hw/layout.py: the MacroPad's 3, or two rows of 6)
    from kalaha.view import MARK_TURN

    d = Driver(speed=2)  # slow sowing: every seed is seen
    d.app.columns = columns
    a = d.app
    d.frames()
    assert shown_marks(a) == []  # the menu: no board, no marks
    start_vs_computer(d, "easy", "you")
    d.frames()
    rows = 12 // columns
    divider = (1 + 18 * columns + 2, 0, 1, rows * 13 - 1)
    assert divider in shown_marks(a)
    turn_bar = a.marks[4 * MARK_TURN : 4 * MARK_TURN + 4]
    assert turn_bar[1] > rows * 13 // 2  # your move: beside your half (the bottom rows)
    # The counts in the keys' rows: row r of the display lists view keys r*columns.. in order.
    cells = a.board.cells
    for r in range(rows):
        counts = [int(lines(a)[r][3 * k : 3 * k + 2]) for k in range(columns)]
        keys = range(r * columns, (r + 1) * columns)
        assert counts == [cells[a.board.pit_index(*pit_of_view_key(k, a.viewer))] for k in keys]
    # Each seed as it falls: the mark under its count is the key lit white (one home: the
    # animation's place), and no other key is underlined.
    d.app.key_down(d.key_for(1))  # (4 seeds from pit 1 end in pit 5: the computer's turn next)
    d.app.key_up(d.key_for(1))
    seen = 0
    thinking_seen = False
    while a.anim_path is not None or a.thinking or a.board.to_move == a.computer:
        d.frames()
        white = [k for k in range(12) if a.pixels[k] and hue(a.pixels[k]) == hue(SOW_COLOUR)]
        marked = [under_key(b, columns) for b in shown_marks(a) if under_key(b, columns) >= 0]
        if a.anim_path is not None and white:
            assert marked == white
            seen += 1
        if a.thinking:
            thinking_seen = True
            assert a.marks[4 * MARK_TURN + 1] < rows * 13 // 2  # the computer's turn: the top half
    assert seen >= 3 and thinking_seen
    assert divider in shown_marks(a)
    for x, y, w, h in shown_marks(a):
        assert 0 <= x and x + w <= 128 and 0 <= y and y + h <= 64
    # A box around every pit, and none where a key has no pit (a smaller board) or off the board.
    assert list(a.boxes) == [BOX_PIT] * 12
    # Holding a key previews: its box bold and the landing pit's box thick at the bottom.
    pit = [p for p in a.board.legal_moves() if p][0]
    key = d.key_for(pit)
    a.key_down(key)
    d.frames(25)
    assert [k for k in range(12) if a.boxes[k] == BOX_CHOSEN] == [key]
    landing = a.board.preview(pit)[0]
    marked = [under_key(b, columns) for b in shown_marks(a) if under_key(b, columns) >= 0]
    if landing < a.board.pits or a.board.pits < landing < 2 * a.board.pits + 1:
        assert marked and marked[0] != key
    a.key_up(key)
    d.frames()
    assert BOX_CHOSEN not in a.boxes


def test_pits_have_boxes_only_where_the_board_has_pits():
    d = Driver(pits=4, seeds=3)
    d.frames()
    assert not any(d.app.boxes)  # the menu: no board
    d.choose("Two players")
    d.frames()
    a = d.app
    with_pit = [k for k in range(12) if pit_of_view_key(k, a.viewer, 4)[1]]
    assert len(with_pit) == 8
    assert [k for k in range(12) if a.boxes[k]] == with_pit
    # the pixels of the boxes: a rounded outline, bold for the chosen pit, nothing for none
    outline = [(x, y) for y in range(13) for x in range(18) if box_lit(BOX_PIT, x, y)]
    bold = [(x, y) for y in range(13) for x in range(18) if box_lit(BOX_CHOSEN, x, y)]
    assert len(outline) == 2 * 14 + 2 * 10 and set(outline) < set(bold)
    assert (0, 0) not in outline and (0, 1) in outline and (15, 11) not in outline
    assert not any(box_lit(BOX_NONE, x, y) for x in range(18) for y in range(13))


def test_two_rows_of_six_show_the_clocks_and_every_line_fits():
    # The second board profile's display: the pits in two rows, the clocks with the status.
    a = App({"clock": 1}, columns=6)
    t = 0
    a.tick(t)
    a.two_players()
    for _ in range(50):
        t += FRAME
        a.tick(t)
    assert a.clock is not None
    assert all(len(line) <= WIDTH for line in lines(a))
    assert ":" in lines(a)[2] and ":" in lines(a)[3]  # both clocks, beside whose turn it is
    assert lines(a)[0].split()[:6] == ["4"] * 6 and lines(a)[1].split()[:6] == ["4"] * 6


def test_two_rows_of_six_say_which_colour_is_whose():
    # No room beside the stores on rows of six: the status lines say the colours.
    a = App(columns=6)
    a.tick(0)
    a.start_vs_computer()
    for t in range(FRAME, 50 * FRAME, FRAME):
        a.tick(t)
    assert lines(a)[3].endswith("you: blue") and all(len(line) <= WIDTH for line in lines(a))
    b = App(columns=6, settings={"hints": False})
    b.tick(0)
    b.two_players()
    b.tick(FRAME)
    assert lines(b)[3] == "blue to move" and lines(b)[2] == "South"


def test_hint_colours_light_the_frame_after_a_sowing_ends():
    # The hint colours try each pit's sowing (about 5 ms on the device): they are worked out in
    # a tick of their own, not in the frame that ends a sowing and draws the new board.
    d = Driver(hints=True, brightness=4)
    d.choose("Two players")
    a = d.app
    extra = hue(EXTRA_COLOUR)
    assert extra in [hue(c) for c in a.pixels if c]  # South's pit 3 ends in its store
    a.key_down(9)  # South's pit 1 (bottom left): the turn passes
    a.key_up(9)
    frames = 0
    while a.anim_path is not None and frames < 200:
        d.frames()
        frames += 1
    assert a.anim_path is None and a.board.to_move == NORTH
    assert extra not in [hue(c) for c in a.pixels if c]  # the frame that ended it: none yet
    d.frames()
    assert extra in [hue(c) for c in a.pixels if c]  # the next: North's pit 3
