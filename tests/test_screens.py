"""What the player sees (issue 12): words in full, no stale screen, one colour per meaning,
help on the device, handover, power saving, and the board profile the simulator shares."""

import sys

import pytest
from drivers import Driver, play_some, start_vs_computer
from playout import FRAME

from host.keycaps import pit_at
from host.reading import app_lines as lines
from host.reading import app_words as board_words
from host.reading import read_board
from kalaha import NORTH, SOUTH
from kalaha.flow.app import COMPUTER_PAUSE_MS, CURSOR_MS, DIM_MS, OFF_MS, App
from kalaha.flow.screens import (
    DRAW_OFFER,
    GAME,
    GAME_MENU,
    HELP,
    MENU,
    MOVES,
    REPLAY_LIST,
    RESULT,
    SETTINGS,
    SETUP,
    STATS,
)
from kalaha.picture.draw import PANEL_CHARS, split
from kalaha.picture.frame import BOX_CHOSEN, BOX_PLAYED, Frame
from kalaha.picture.frame import COLUMNS as WIDTH
from kalaha.picture.howto import PAGES as HELP_PAGES
from kalaha.picture.howto import page as help_page
from kalaha.picture.view import (
    GOOD_COLOUR,
    HUES,
    ILLEGAL_COLOUR,
    PASS,
    SOW_COLOUR,
    THEIRS_COLOUR,
    THINKING_COLOUR,
    YOURS_COLOUR,
    key_of_cell,
    pit_of_view_key,
)
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store

# The colour legend as the help gives it: each colour named on a line, its key lit beside it.
LEGEND = (
    (YOURS_COLOUR, "blue: your pits"),
    (THEIRS_COLOUR, "orange: theirs"),
    (SOW_COLOUR, "white: last seed"),
    (GOOD_COLOUR, "green: good move"),
    (ILLEGAL_COLOUR, "red: not allowed"),
)


def hue(colour):
    """The colour's direction: channels divided by their largest (brightness taken out)."""
    r, g, b = (colour >> 16) & 255, (colour >> 8) & 255, colour & 255
    top = max(r, g, b)
    return (r * 8 // top, g * 8 // top, b * 8 // top) if top else None


def words_fit(app):
    """Every line the screen says fits the display whole (nothing scrolls, nothing is cut):
    on the board two lines of PANEL_CHARS beside the stores, in menus a line."""
    assert len(app.message) <= WIDTH, app.message
    if app.screen.shows_board and app.view.columns == 3:
        text = app.view.footer(app)
        first, second = split(text, PANEL_CHARS)
        assert (first + " " + second if second else first) == text, text


def fresh_frame(app):
    """The frame drawn from the app's state alone, on a blank frame with nothing remembered."""
    kept, start = app.frame, app.thinker.frame_start
    app.frame, app.thinker.frame_start = Frame(), None  # (no deadline: drawn whole)
    app.render()
    out = bytes(app.frame.buf)
    app.frame, app.thinker.frame_start = kept, start
    return out


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
    a.click()
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
    d.frames(60)  # (passed to the other player: it takes no input for a moment)
    yield DRAW_OFFER, d
    d.choose("Accept draw")
    yield RESULT, d
    d.frames(60)  # (the result takes no input for a second: App.hold)
    a.turn(1)
    a.click()
    d.choose("Replay")
    yield REPLAY_LIST, d
    a.click()
    assert a.screen.replays  # (kalaha.flow.replay's screen, made with that module)
    yield a.screen, d
    a.turn(2)
    yield a.screen, d
    a.click()  # (a push leaves the replay)
    assert a.screen == REPLAY_LIST
    d.choose("Back")
    d.choose("Play computer")
    yield SETUP, d


def test_every_screen_is_reachable_and_fits_the_display():
    seen = set()
    replay = None
    for screen, d in visit_every_screen():
        if screen.replays:
            replay = screen
        assert d.app.screen == screen
        d.frames()
        words_fit(d.app)
        assert any(lines(d.app)), screen
        # whole: what the frame shows is what the state draws on a blank frame
        assert bytes(d.app.frame.buf) == fresh_frame(d.app), screen
        seen.add(screen)
    assert seen == {MENU, HELP, SETTINGS, STATS, GAME, GAME_MENU, MOVES, DRAW_OFFER, RESULT}.union(
        {REPLAY_LIST, replay, SETUP}
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
            assert board_words(a) == a.message, (a.message, board_words(a))
        words_fit(a)
    assert messages


def test_help_and_menu_texts_fit():
    for number in range(len(HELP_PAGES)):
        title, text, colours = help_page(number)
        n = len(HELP_PAGES)
        assert len("%s %d/%d" % (title, n, n)) <= WIDTH
        assert all(len(line) <= WIDTH for line in text) and len(text) == 6
        assert len(colours) <= 4


# ----- never stale ---------------------------------------------------------------------------


def test_the_hint_shows_on_the_display_the_frame_it_is_found():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.click()
    d.choose("Hint")
    assert board_words(a) == "finding a hint"
    for _ in range(2000):
        d.frames()
        if a.message.startswith("good move: S"):
            break
    assert board_words(a) == a.message  # in the same frame, not when something else redraws
    pit = int(a.message.split()[-1][1:])
    key = d.key_for(pit)
    assert hue(a.pixels[key]) in (hue(GOOD_COLOUR), None)  # blinking: the hint colour or dark
    d.frames(5)
    assert hue(a.pixels[key]) in (hue(GOOD_COLOUR), None)


def test_a_flag_fall_shows_on_the_display_the_frame_it_happens():
    d = Driver(clock=1)  # 3+2
    d.choose("Two players")
    a = d.app
    for _ in range(200000 // FRAME):
        d.frames()
        if a.screen == RESULT:
            break
    assert a.screen == RESULT and lines(a)[0].strip() == "North wins on time"  # South ran out first


# ----- colours -------------------------------------------------------------------------------


def test_five_hues_one_meaning_each_far_apart():
    hues = [hue(c) for c in HUES]
    assert len(HUES) == 5 and len(set(hues)) == 5
    assert all(0 < c <= 0xFFFFFF for c in HUES)
    # far apart on an LED: no two hues within a third of a channel's range of each other
    for i in range(5):
        for j in range(i):
            assert max(abs(a - b) for a, b in zip(hues[i], hues[j])) >= 3, (i, j)


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
        if a.sowing.path is None and not a.thinker.thinking and frames % 7 == 0:
            key = (key + 5) % 12
            a.key_down(key)
            d.frames()
            a.key_up(key)
        d.frames()
        frames += 1
        assert all(0 <= c <= 0xFFFFFF for c in a.pixels), a.pixels
        if frames % 5 == 0:  # (every frame would take long on CPython)
            assert bytes(a.frame.buf) == fresh_frame(a)  # no frame mixes two states
            words_fit(a)
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
    assert board_words(a) == "not your pit"
    d.frames(20)
    a.key_down(d.key_for(1))
    d.frames(30)  # held: the preview
    chosen = a.pixels[d.key_for(1)]
    assert hue(chosen) == hue(YOURS_COLOUR)
    # pit 1 with 4 seeds: the last seed falls in pit 5, shown in white
    assert hue(a.pixels[d.key_for(5)]) == hue(SOW_COLOUR)
    a.key_up(d.key_for(1))
    d.press(d.key_for(2))  # a move: then the computer thinks
    for _ in range(500):
        d.frames()
        if a.thinker.thinking:
            break
    assert a.thinker.thinking
    assert any(hue(c) == hue(THINKING_COLOUR) for c in a.pixels[:6])


class CountingFrame(Frame):
    """A frame that counts the drawings begun into it."""

    begun = 0

    def begin(self, owner, ticks=None, start=0):
        self.begun += 1
        Frame.begin(self, owner, ticks, start)


def test_a_thinking_board_is_drawn_again_only_when_what_it_shows_changes():
    d = Driver(brightness=4)
    start_vs_computer(d, "expert", starts="computer")
    a = d.app
    for _ in range(100):
        d.frames()
        if a.thinker.thinking:
            break
    assert a.thinker.thinking
    a.frame = CountingFrame()
    d.frames(60)
    assert a.thinker.thinking, "the search ended before the test saw enough frames"
    # 20 ms frames: the thinking light moves every 90 ms, the blink every 250 ms.
    assert 10 <= a.frame.begun <= 25
    # A frame not drawn again shows what drawing would show now (a fresh drawing of the state,
    # made into a frame of its own: the next frame is then drawn, into the app's).
    checked = 0
    for _ in range(60):
        before = a.frame.begun
        d.frames()
        if a.frame.begun == before:
            shown = bytes(a.frame.buf), list(a.pixels)
            assert a.frame.complete and shown == (fresh_frame(a), list(a.pixels))
            checked += 1
    assert a.thinker.thinking and checked >= 10
    # An event is drawn in the next frame: the key's words, its colour.
    drawn = a.frame.begun
    a.key_down(d.key_for(1))
    d.frames()
    assert a.frame.begun == drawn + 1
    assert board_words(a) == "not your turn"
    assert bytes(a.frame.buf) == fresh_frame(a)
    a.key_up(d.key_for(1))


# ----- help ----------------------------------------------------------------------------------


def test_help_is_offered_once_on_the_very_first_start():
    flash = MemoryFlash()
    a = App(store=Store(flash))
    assert a.screen == HELP and lines(a)[0].startswith("How to play 1/")
    a.click()
    assert a.screen == MENU
    assert "kalaha.picture.howto" not in sys.modules  # let go: its text costs no heap during games
    again = App(store=Store(MemoryFlash(flash.read())))
    assert again.screen == MENU


def test_the_colour_pages_light_the_colours_they_name():
    d = Driver(brightness=4)
    d.choose("How to play")
    a = d.app
    seen = 0
    for _ in range(len(HELP_PAGES)):
        shown = lines(a)
        for row in range(1, 5):
            for colour, words in LEGEND:
                if shown[row] == words:
                    # the right key of key row `row - 1`: beside its line
                    assert hue(a.pixels[(row - 1) * 3 + 2]) == hue(colour), (words, a.pixels)
                    seen += 1
        assert shown[7] == "key: next  push: back"  # every page says how to turn it
        a.key_down(5)
        a.key_up(5)  # any key turns the page
        d.frames()
    assert seen == len(LEGEND) and a.screen == HELP


# ----- handover and power --------------------------------------------------------------------


def test_the_handover_after_a_turn_and_after_a_swap_is_unmistakable():
    d = Driver(swap=True)
    d.choose("Two players")
    a = d.app
    assert not a.flip
    d.press(d.key_for(1))  # South 1: no extra turn, North next
    while a.sowing.path is not None:
        d.frames()
    # The sowing's end is shown to South first, saying who acts next; then the device turns.
    assert a.game.board.to_move == NORTH and not a.flip and board_words(a) == "Pass to North"
    d.idle()
    assert a.flip and board_words(a) == "North: your move"
    a.click()
    a.sounds.clear()
    d.choose("Swap sides")
    # North swapped and North (the other person now) moves next: the device goes to them
    assert board_words(a) == "Swap: pass to North" and a.flip and not a.game.handover_at
    assert PASS in a.sounds
    d.idle()
    assert a.flip == (a.game.board.to_move == NORTH)


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
    assert a.power == 2 and lines(a) == [""] * 8 and a.pixels == [0] * 12


def test_four_and_five_pit_boards_put_your_pits_next_to_your_store():
    for pits in (4, 5, 6):
        d = Driver(pits=pits)
        start_vs_computer(d, "easy")
        assert d.key_for(pits) == 11  # your last pit, next to your store
        assert d.key_for(1) == 12 - pits
        # across from your pit k is the opponent's pit P+1-k, two rows up
        for k in range(1, pits + 1):
            side, pit = pit_at(d.app, d.key_for(k) - 6)
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


def test_every_menu_action_is_a_screen_an_action_or_an_app_method():
    from kalaha.flow import gamemenu, menus, records, screens, setup

    named = set()
    for name in dir(screens):
        value = getattr(screens, name)
        if name.endswith("_ITEMS"):
            named.update(action for _label, action in value)
    app = Driver().app
    for page in (screens.MENU, screens.SETUP, screens.REPLAY_LIST, screens.SETTINGS, screens.GAME_MENU):
        named.update(action for _label, action in page.items(app))
    named.add("continue_game")  # (a question's Yes and No are its own: kalaha.flow.screens.Confirm.click)
    named.discard(None)
    assert named
    for action in named:
        assert (
            isinstance(action, screens.Page)
            or callable(getattr(menus, action, None))
            or callable(getattr(gamemenu, action, None))
            or callable(getattr(records, action, None))
            or callable(getattr(setup, action, None))
            or callable(getattr(App, action))
        ), action
    # the game menu's and the draw offer's own actions are in their module (App.act looks there
    # first: kalaha.flow.menus is not imported while they are shown)
    assert screens.GAME_MENU.module == screens.DRAW_OFFER.module == "flow.gamemenu"
    own = [action for _label, action in screens.GAME_MENU.items(app) + list(screens.DRAW_ITEMS)]
    assert all(isinstance(a, screens.Page) or callable(getattr(gamemenu, a, None)) for a in own), own


def test_the_result_screen_holds_the_new_games_actions_and_not_the_game_menus():
    # The game menu's actions (kalaha.flow.gamemenu) are let go with it; the result screen imports
    # only Play again's (kalaha.flow.menus, ahead of the push): 2 KB of the device's heap apart.
    from playout import play_out

    d = Driver()
    start_vs_computer(d)
    a = d.app
    a.click()
    d.frames(3)
    assert a.screen == GAME_MENU and "kalaha.flow.gamemenu" in sys.modules
    d.choose("Back to game")
    assert a.screen == GAME and "kalaha.flow.gamemenu" not in sys.modules
    play_out(a)
    assert a.screen == RESULT
    d.frames(150)
    assert "kalaha.flow.menus" in sys.modules and "kalaha.flow.gamemenu" not in sys.modules
    d.ready()
    d.choose("Again")
    assert a.screen == GAME and a.game.board.ply <= 1


def test_the_record_screens_code_is_let_go_when_they_close():
    # Settings and statistics (kalaha.flow.records), replay (kalaha.flow.replay) and the move list
    # (kalaha.picture.movelist) keep their bigger code apart, imported while shown and let go after,
    # so a game has that heap back.
    d = Driver()
    a = d.app
    pages = (("Settings", "flow.records"), ("Statistics", "flow.records"), ("Replay", "flow.replay"))
    for label, module in pages:
        d.choose(label)
        assert "kalaha." + module in sys.modules and any(lines(a))
        if a.screen == STATS:
            a.click()  # a listing: the push goes back
        else:
            d.choose("Back")
        assert a.screen == MENU and "kalaha." + module not in sys.modules
    d.choose("Two players")
    # In a game the menus' drawing and actions are let go too (kalaha.flow.menus)
    assert a.screen == GAME and "kalaha.flow.menus" not in sys.modules
    play_some(d, 2)
    a.click()
    # the game menu holds its own actions (kalaha.flow.gamemenu, imported in a quiet frame), not the
    # other menus' (kalaha.flow.menus)
    d.frames(3)
    assert a.screen == GAME_MENU and "kalaha.flow.gamemenu" in sys.modules
    assert "kalaha.flow.menus" not in sys.modules
    d.choose("Moves")
    assert a.screen == MOVES and "kalaha.picture.movelist" in sys.modules
    assert "kalaha.flow.records" not in sys.modules
    assert "kalaha.flow.gamemenu" not in sys.modules
    a.click()
    assert a.screen == GAME and "kalaha.picture.movelist" not in sys.modules


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
    while a.game.board.to_move == a.game.computer or a.sowing.path is not None:
        d.frames()
        turn_ms += FRAME
        assert a.power == 0
    assert turn_ms > 1000
    d.frames((DIM_MS - 500) // FRAME)
    assert a.power == 0
    d.frames(1000 // FRAME)
    assert a.power == 1


def test_keys_mashed_at_the_end_of_a_game_start_nothing():
    from kalaha.flow.screens import RESULT_GRACE_MS

    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.click()
    d.choose("Resign")
    d.choose("Yes")
    assert a.screen == RESULT
    for key in (4, 7, 1, 10, 5):  # middle keys would choose "Play again"
        d.press(key)
    assert a.screen == RESULT
    d.frames(RESULT_GRACE_MS // FRAME)
    d.press(4)  # now the keys work as menu keys again
    assert a.screen == GAME


def test_the_board_shows_every_count_and_marks_the_chosen_landed_and_played_pits():
    d = Driver(hints=False)
    start_vs_computer(d, "easy")
    a = d.app
    rng = __import__("random").Random(4)
    checked = 0
    while a.screen == GAME and checked < 40:
        d.frames()
        b = a.game.board
        cells = a.view.shown(a)[1]
        pits, top, bottom = read_board(a.frame.buf)
        for key in range(12):
            side, pit = pit_of_view_key(key, a.game.viewer, b.pits)
            assert pits[key] == (cells[b.pit_index(side, pit)] if pit else None), (key, pits)
        assert (top, bottom) == (cells[b.store_index(NORTH)], cells[b.store_index(SOUTH)])
        checked += 1
        if a.sowing.path is None and not a.thinker.thinking and a.game.human_to_move():
            # the last turn: where it began (a filled corner) and ended (a bold box)
            if a.game.last_from >= 0:
                key = key_of_cell(b, a.game.last_from, a.game.viewer)
                assert a.view.pit_styles[key] & BOX_PLAYED
            pit = rng.choice(list(b.legal_moves()))
            a.turn(1)  # the knob's cursor: that pit drawn inverted, and said how to sow it
            d.frames()
            chosen = [k for k in range(12) if a.view.pit_styles[k] & BOX_CHOSEN]
            assert chosen == [a.pit_cursor] and board_words(a).startswith("push: S")
            a.turn(-1)
            d.press(d.key_for(pit))
    assert checked >= 20


def test_the_knobs_push_opens_the_menu_unless_its_cursor_is_up():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.turn(1)
    d.frames()
    assert a.pit_cursor >= 0 and board_words(a).startswith("push: S")
    d.frames(CURSOR_MS // FRAME + 1)  # left alone, the cursor leaves ...
    assert a.pit_cursor < 0 and board_words(a) == "Your move: pick a pit"
    a.click()  # ... and the push is the menu again, even long after a turn
    d.frames()
    assert a.screen == GAME_MENU and a.game.board.ply == 0
    d.choose("Back to game")
    a.turn(1)
    a.click()  # with the cursor up: the push sows the pit it names
    d.frames()
    assert a.game.board.ply == 1


def test_the_computer_waits_before_it_sows_and_every_message_names_who():
    d = Driver(hints=False)
    start_vs_computer(d, "easy")
    a = d.app
    said = set()
    for _ in range(30):
        d.idle()
        if a.screen != GAME:
            break
        started = d.t
        d.press(d.key_for(max(a.game.board.legal_moves())))
        while a.game.board.to_move == a.game.computer and a.screen == GAME:
            ply = a.game.board.ply
            before = d.t
            while a.game.board.ply == ply and a.screen == GAME:
                d.frames()
                if a.message:
                    said.add(a.message)
            if a.screen == GAME:
                assert d.t - before >= COMPUTER_PAUSE_MS or d.t - started >= COMPUTER_PAUSE_MS
                assert not a.effect.until or a.sowing.path is None  # it sowed after the effect ended
            while a.sowing.path is not None:
                d.frames()
                if a.message:
                    said.add(a.message)
    events = [m for m in said if " take" in m or "extra turn" in m]
    assert events and all(m.split(":")[0].split()[0] in ("You", "Computer") for m in events), said


def test_rows_of_six_draw_the_board_whole():
    b = App(columns=6, settings={"hints": False})
    b.tick(0)
    b.act("two_players")
    for t in range(1, 40):
        b.tick(t * FRAME)
        assert bytes(b.frame.buf) == fresh_frame(b)
    assert lines(b)[5].startswith("> South") and "store" in lines(b)[5]
    # South's pit 3 (4 seeds) ends in South's store: its line marks it, whole on its 21 characters
    b.key_down(8)
    b.key_up(8)
    t = 40
    while (b.sowing.path is not None or "*" not in lines(b)[5]) and t < 400:
        t += 1
        b.tick(t * FRAME)
    assert lines(b)[5].rstrip().endswith("store  1 *"), lines(b)


def test_hint_colours_light_the_frame_after_a_sowing_ends():
    # The hint colours try each pit's sowing (about 5 ms on the device): they are worked out in
    # a tick of their own, not in the frame that ends a sowing and draws the new board.
    d = Driver(hints=True, brightness=4)
    d.choose("Two players")
    a = d.app
    extra = hue(GOOD_COLOUR)
    assert extra in [hue(c) for c in a.pixels if c]  # South's pit 3 ends in its store
    a.key_down(9)  # South's pit 1 (bottom left): the turn passes
    a.key_up(9)
    frames = 0
    while a.sowing.path is not None and frames < 200:
        d.frames()
        frames += 1
    assert a.sowing.path is None and a.game.board.to_move == NORTH
    while a.game.handover_at:  # (shown to South first, then the device turns to North)
        d.frames()
    assert extra not in [hue(c) for c in a.pixels if c]  # the frame that turned it: none yet
    d.frames()
    assert extra in [hue(c) for c in a.pixels if c]  # the next: North's pit 3


def test_a_frame_out_of_time_is_finished_in_the_next_and_only_then_complete():
    # A device frame draws until kalaha.picture.frame.DRAW_UNTIL_MS; what is left waits for the next
    # frame, and the hardware sends only complete frames: a new screen is never shown in part.
    clock = [0]

    def ticks():
        clock[0] += 4  # every look at the clock costs 4 ms: a slow device
        return clock[0]

    a = App(welcome=False, ticks=ticks, draws_events=False)  # (drawn in ticks, as on the device)
    a.tick(0, clock[0])
    a.click()  # open "Play the computer"
    complete_after = None
    for frame in range(10):
        a.tick(20 * (frame + 1), clock[0])
        if a.frame.complete:
            complete_after = frame
            break
        assert bytes(a.frame.buf) != fresh_frame(a)  # (incomplete: not yet what the state draws)
    assert complete_after is not None and complete_after >= 1  # it took more than one frame
    assert bytes(a.frame.buf) == fresh_frame(a) and lines(a)[0] == "Play the computer"


def test_the_help_ends_with_about_in_plain_words():
    # its last page, About: what the game is for, and nothing of the search's code
    from host.reading import app_lines

    a = App(welcome=False)
    a.tick(0)
    a.go(HELP)
    a.turn(-1)
    a.tick(40)
    text = app_lines(a)
    assert text[0].startswith("About") and "MacroPad" in " ".join(text), text
    assert not any(word in " ".join(text) for word in ("bytecode", "machine code", "firmware")), text


def test_the_statistics_keep_their_header_over_the_levels_rows_as_they_scroll():
    from host.reading import app_lines

    a = App(welcome=False)
    a.tick(0)
    a.go(STATS)
    a.tick(20)
    header = app_lines(a)[1].rstrip(" ^v")
    assert header.split() == ["level", "won", "drew", "lost"]
    levels = ("easy", "medium", "strong", "expert")
    for step in range(1, 5):
        a.turn(1)
        a.tick(40 * step)
        shown = [line.rstrip(" ^v") for line in app_lines(a)]
        if step < 4:  # (the levels' rows scrolled under their header)
            assert shown[1] == header and shown[2].split()[0] == levels[step], shown
        else:  # (the last level's row on top: the rows after it are no levels')
            assert header not in shown and shown[1].split()[0] == "expert", shown
