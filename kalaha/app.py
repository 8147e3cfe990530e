"""The handheld's flow as pure logic: menus, turns, animation, sounds, and the AI in slices.

Driven by events (keys, encoder, integer milliseconds); produces a view. Never imports hardware.

Key layout (view keys; the hardware mirrors them, k -> 11 - k, when the display flips)::

     0  1  2      opponent's pits 6 5 4        sowing runs 6..11, your store,
     3  4  5      opponent's pits 3 2 1        then 5..0, the opponent's store;
     6  7  8      your pits       1 2 3        a pit's opposite is the key
     9 10 11      your pits       4 5 6        two rows above it

On 4 and 5 pits your pits end on key 11, next to your store (4 pits: keys 8..11 and 5..2).

"Your" is the side the device is held by: South against the computer; in a two-player
game whoever is to move, with the display turned 180 degrees for North.
"""

from kalaha.ai import LEVELS, Search, start_level
from kalaha.board import DRAW, END_EMPTY, END_RESIGN, END_TIME, NORTH, SOUTH
from kalaha.clock import WARN_MS

# Imported with the app, not at a game's end: importing its .mpy took about 20 ms on the
# emulated MacroPad, one frame over budget on the result screen; it costs 0.8 KB of heap.
from kalaha.coach import Coach
from kalaha.compat import const, forget
from kalaha.endgame import RootDecision
from kalaha.frame import TICKS_WRAP, Frame
from kalaha.screens import (
    GAME,
    GAME_MENU,
    HELP,
    MENU,
    MOVES,
    RESULT,
    SIDE_TITLES,
)
from kalaha.store import DEFAULT_SETTINGS, MemoryFlash, Store
from kalaha.view import (
    END_WORDS,
    GOOD_COLOUR,
    ILLEGAL_COLOUR,
    View,
    pit_of_view_key,
    view_key_of_pit,
)

# Sounds: (frequency in Hz, milliseconds)
TICK = (1800, 8)
EXTRA = (880, 120)
CAPTURE = (660, 160)
BUZZ = (110, 200)
PASS = (523, 150)  # two players: the device goes to the other player
WIN = (1320, 300)
LOSE = (220, 400)

# The search stack on the device, in sowings: a deeper line is scored as a leaf. Strong and
# Expert complete depth 6-10 in their budgets (an extra-turn sowing counts half a ply, so a
# line has at most twice that many sowings), and with 14 seeds or fewer the endgame table
# ends every line; the host's solver uses a deeper stack. 32 rather than 40: 0.7 KB of heap.
APP_SEARCH_PLIES = const(32)
HOLD_MS = const(400)  # a key held this long shows where its sowing ends; letting go sows it
EFFECT_MS = const(1200)
CURSOR_MS = const(5000)  # the knob's pit cursor leaves after this long untouched: push is the menu again
HANDOVER_MS = const(900)  # two players: the sowing's end shown to its player before the device turns
COMPUTER_PAUSE_MS = const(500)  # the computer sows no sooner than this after the board changed
DIM_MS = const(30000)  # no input this long: pixels and display dim
OFF_MS = const(300000)  # ... and this long: they turn off
FLASH_MS = const(300)
SLICE_NODES = const(4)  # AI nodes per slice: 1-2 ms on the RP2040, 5 ms at most (measured, emulated)
# While the computer thinks, slices run while the next is predicted to end within this much of
# the frame (given a ticks function and the frame's start): the search gets most of the
# processor, and a frame, the display and pixels included (the device shows them before
# ticking) and the drawing after the slices (about 3 ms), stays within 20 ms. (15 made frames
# of 19-21 ms against Strong, measured emulated: a last slice of 4 ms where 3 was predicted,
# then 3-4 ms of drawing.)
THINK_FRAME_MS = const(14)
# A slice is predicted to take as long as the last one, but at least this: measured on the
# emulated MacroPad, most slices take 0-2 ms and one in ten 3-5 ms (an endgame-table probe),
# and predicted by the last one alone, such a slice begun at 13 ms made frames of 21-22 ms.
SLICE_GUARD_MS = const(3)
# A quiet frame (nothing animates or thinks) checks the endgame table, after its drawing,
# until it has lasted this long (App.tick).
CHECK_FRAME_MS = const(9)
# ... and a frame already past that runs no piece of the check, unless this many frames in a
# row have run none (so on a device whose every frame starts full, the check still goes on).
# Forced every other frame, a piece (about 1 ms) landed in the frames that redraw the whole
# display for the other player: 21-22 ms (measured emulated).
CHECK_PATIENCE = const(30)
ANIM_SPEEDS = (40, 110, 220)  # ms per seed: fast, normal, slow


class App(View):
    """The game as a state machine. Feed it events; read `pixels`, `lines`, `flip`, `sounds`."""

    def __init__(
        self,
        settings=None,
        slice_nodes=SLICE_NODES,
        store=None,
        ticks=None,
        welcome=True,
        endgame=None,
        draws_events=True,
        columns=3,
    ):
        # welcome: open the help pages on a first start (a blank store); the headless simulator
        # without a data file passes False. Saved data (kalaha.store.Store): without one, an
        # in-memory store keeps this session's.
        self.store = store if store is not None else Store(MemoryFlash())
        self.settings = dict(DEFAULT_SETTINGS)
        if store is not None:
            self.settings.update(store.settings)
        if settings:
            self.settings.update(settings)
        self.level = "medium"
        # The endgame table (kalaha.endgame.EndgameTable) or None: perfect play and exact hints
        # with few seeds left, for the rules it was built for.
        self.endgame = endgame
        self.endgame_checked = False
        self.start_choice = 0  # index into START_NAMES
        self.games_started = 0
        self.search = Search(max_ply=APP_SEARCH_PLIES)
        self.slice_nodes = slice_nodes  # the front end sizes the AI's slice to its speed
        # The front end's millisecond counter (supervisor.ticks_ms on the device): with it, a
        # thinking frame runs slices for THINK_FRAME_MS; without it, one slice per frame.
        self.ticks = ticks
        # Draw the frame after every event too (True), or only at the end of each tick (False):
        # a front end that ticks every frame after its events (the device, the simulator) shows
        # only what the tick drew, and an event's drawing cost up to 20 ms there for nothing
        # (measured on the emulated MacroPad: a key press and release drew the board twice).
        self.draws_events = draws_events
        # Keys a row on the device (its board profile, hw/layout.py): the display draws the
        # pits in the same rows, 4 rows of 3 on the MacroPad or 2 rows of 6.
        self.columns = columns
        self.pixels = [0] * 12
        self.frame = Frame()  # the display's picture (kalaha.frame), drawn by render()
        self.pit_styles = bytearray(12)  # each view key's pit box style (kalaha.frame BOX_*)
        self._labels = []  # a menu's labels, reused
        self.sounds = []  # (hz, ms) to play this frame; the hardware drains it
        self.message = ""
        self.now = 0
        self.screen = MENU  # (App.go changes it from here on)
        self.cursor = 0
        self.board = None
        self.computer = None  # side the computer plays, None for two players
        self.pressed = [-1] * 12  # time each view key went down, -1 when up
        self.preview = -1  # view key being previewed (held, or the encoder cursor)
        self.pit_cursor = -1  # encoder's chosen pit (view key) or -1
        self.flash_key = -1
        self.flash_colour = ILLEGAL_COLOUR
        self.flash_until = 0
        self.hint_key = -1  # the hint's pit blinks green until a move is made (hint_version)
        self.draw_offer = -1  # the side offering a draw (two players), -1 for none
        self.entered_at = 0  # when the result screen was entered (kalaha.screens.Result)
        self.effect_keys = [-1, -1]
        self.effect_colour = 0
        self.effect_until = 0
        self.message_until = 0
        self.anim_path = None
        self.anim_pos = 0
        self.anim_next = 0
        self.anim_cells = None  # the cells as the animation shows them
        self.anim_side = SOUTH  # who is sowing in the animation
        self.thinking = False
        self.computer_pit = 0  # the computer's decided pit, sown after COMPUTER_PAUSE_MS
        self.root = None  # the endgame table's root decision in progress (kalaha.endgame.RootDecision)
        self.coach = None  # the result screen's coach at work (kalaha.coach.Coach), True: to start
        self.think_started = 0
        self.frame_start = None
        self.slices_skipped = 0  # frames in a row whose slices were skipped (App._slices)
        self.hinting = False  # the search is finding a hint for the board of hint_version
        self.hint_version = -1
        self.result_text = ""
        self.clock = None  # ChessClock in timed two-player games
        self.last_second = -1
        self.last_input = 0
        self.power = 0  # 0 awake, 1 dimmed, 2 off
        self.replay_board = None
        self.replay_game = None
        self.replay_choice = 0  # which finished game the replay shows (0 = the newest)
        self.replay_seeds = -1  # seeds of the next sowing already dropped, -1 for none
        self.replay_cells = []
        self.replay_unit = 0
        self.scroll = 0
        self.end_reason = END_EMPTY
        self.end_result = DRAW
        self.last_turn = ""  # the last turn's sowings, "6-2"
        self.last_mover = -1  # ... made by this side (-1: none yet)
        self.last_from = -1  # the cell its last sowing began from, and ended in (until the next move)
        self.last_end = -1
        self.coach_text = ""  # the result screen's coach line, once the coach has finished
        # Two players: the side the device faces. It turns to the next player only after the
        # sowing has been shown to the one who made it (HANDOVER_MS), so cause comes before effect.
        self.facing = SOUTH
        self.handover_at = 0  # when the device turns (0: not turning)
        self.cursor_until = 0  # the knob's pit cursor leaves at this time if untouched
        self.pending = None  # the action a confirmation screen asks about (CONFIRM)
        self.version = 0  # bumped on every change of the board, so cached hints stay true
        self._hints = [0] * 12
        self._hints_version = -1
        # The view's tables, kept between frames (kalaha.view): colours and the key map.
        self._shades = [0] * 20
        self._shade_bright = -1
        self._key_cells = [-1] * 24  # for each viewer: South's 12 keys, then North's
        self._key_cells_for = -1  # the board size they were made for
        if self.store.message:
            self.say(self.store.message, 4000)
        if store is not None and store.blank and welcome:
            # The very first start: the help pages, once (saving the settings marks the flash).
            self.go(HELP)
            self.store.save_settings(self.settings)
        self.render()

    # ----- events -------------------------------------------------------------------------

    def tick(self, now, frame_start=None):
        """Advance time to `now` (integer ms): animation, flashes, the AI's next slice.

        frame_start: the ticks() reading when the front end's frame began; thinking slices
        then stop when the frame has lasted THINK_FRAME_MS (without it, from the first slice).

        Every tick ends by drawing the frame from the state (kalaha.view), so what is shown can
        never lag behind what happened; the hardware then sends only what changed.
        """
        self.now = now
        self.frame_start = frame_start
        if (
            (self.clock is not None and self.clock.running >= 0)
            or self.thinking
            or self.anim_path is not None
        ):
            # A running chess clock, the computer's thinking and a sowing keep the device awake:
            # the idle time that dims it starts when the player is the one to act.
            self.last_input = now
        idle = now - self.last_input
        self.power = 2 if idle >= OFF_MS else (1 if idle >= DIM_MS else 0)
        if self.clock is not None and self.screen.clock_runs:
            self._clock_tick(now)
        if self.flash_key >= 0 and now >= self.flash_until:
            self.flash_key = -1
        if self.effect_until and now >= self.effect_until:
            self.effect_until = 0
        if self.message and self.message_until and now >= self.message_until:
            self.message = ""
            self.message_until = 0
        # What shows changes first, then it is drawn (kalaha.frame stops drawing at its
        # deadline), then the long work gets what is left of the frame: the search, the hint,
        # the coach, the endgame table's check. So a frame that draws a lot thinks less.
        self.screen.tick(self, now)
        self.render()
        self.screen.work(self)
        if self.endgame is not None and not self.endgame_checked and self.quiet():
            # The endgame table is checked in the quiet part of frames: the search uses only
            # checked blocks, so the whole table is trusted within a few minutes (512-byte
            # pieces, about 1 ms each on the device, while the frame is under CHECK_FRAME_MS;
            # a frame already full waits: the check is never urgent, CHECK_PATIENCE).
            try:
                self.endgame_checked = self._slices(self.endgame, CHECK_FRAME_MS, 0, CHECK_PATIENCE)
            except (OSError, ValueError):
                self._drop_table()
                self.render()

    def game_tick(self, now):
        """The game screen's time: the animation, the computer starting to think, the hint
        colours, the handover, the knob's cursor leaving, held keys."""
        if self.anim_path is not None:
            while self.anim_path is not None and now >= self.anim_next:
                self._anim_step()
        elif not self.thinking and not self.hinting:
            self._maybe_start_computer()
            self.update_hints()
        if self.handover_at and now >= self.handover_at:
            self._hand_over()
        if self.pit_cursor >= 0 and now >= self.cursor_until:
            self.pit_cursor = -1
            self.preview = -1
        for k in range(12):
            t = self.pressed[k]
            if t >= 0 and now - t >= HOLD_MS and self.preview != k:
                self.preview = k
                self.pit_cursor = -1

    def game_work(self):
        """The game screen's long work, after the frame is drawn: the computer's or the hint's
        search (its sowing, once decided, shows from the next frame)."""
        if self.anim_path is not None or not (self.thinking or self.hinting):
            return
        version = self.version
        if self.thinking:
            self._think_slice()
        else:
            self._hint_slice()
        if self.version != version or not (self.thinking or self.hinting):
            # It sowed, or the hint is found: the frame is drawn again (on the device that
            # finishes in the next frame: this one's drawing time is spent).
            self.render()

    def _hand_over(self):
        """Two players: the device turns to the side to move, and says so."""
        self.handover_at = 0
        b = self.board
        if b.to_move is not None and self.facing != b.to_move:
            self.facing = b.to_move
            self._sound(PASS)
            self.say("%s: your move" % SIDE_TITLES[b.to_move], 2500)

    def _face_mover(self):
        """Face the side to move at once (a new game, undo, a swap, a resumed game)."""
        self.handover_at = 0
        b = self.board
        if b is not None and b.to_move is not None:
            self.facing = b.to_move

    def _event_drawn(self):
        if self.draws_events:
            self.render()

    def quiet(self):
        """True when nothing animates or thinks: a good frame for the device's housekeeping."""
        return self.anim_path is None and not self.thinking and not self.hinting

    def _wake(self):
        """Note input; True when it only woke the device (then it must do nothing else)."""
        self.last_input = self.now
        if self.power:
            self.power = 0
            self._event_drawn()
            return True
        return False

    def key_down(self, key):
        if not 0 <= key < 12:
            return
        if self._wake():
            self.pressed[key] = -2  # a waking press is never a move: swallow its release too
            return
        self.pressed[key] = self.now
        if self.screen == GAME:
            if self.anim_path is not None or self.handover_at:
                # Any key skips the animation (and a handover's pause), and does nothing else.
                self._finish_animation()
                if self.handover_at:
                    self._hand_over()
                self.pressed[key] = -2  # swallow its release too
            elif self.board.to_move is not None and (self.thinking or not self._human_to_move()):
                # A press that starts out of turn never becomes a move, however long it is held.
                self._illegal(key, "not your turn")
                self.pressed[key] = -2
        self._event_drawn()

    def key_up(self, key):
        if not 0 <= key < 12:
            return
        t = self.pressed[key]
        self.pressed[key] = -1
        was_preview = self.preview == key
        if was_preview:
            self.preview = -1
        if t == -2 or t == -1:
            self._event_drawn()
            return
        # A key sows when it is let go, held long (it showed where it ends) or not: the knob's
        # push while it is held cancels (game_click).
        self.screen.key(self, key)
        self._event_drawn()

    def turn(self, delta):
        """The encoder turned by `delta` detents."""
        if self._wake():
            return
        self.screen.turn(self, delta)
        self._event_drawn()

    def click(self):
        """The encoder was pressed."""
        if self._wake():
            return
        self.screen.click(self)
        self._event_drawn()

    def game_click(self):
        """The knob pushed on the board: with a key held, cancel its sowing; with the knob's
        pit cursor up, sow that pit (the bottom line says "push: S3 ..."); else the game menu."""
        for k in range(12):
            if self.pressed[k] >= 0:
                self.pressed[k] = -2  # its release does nothing
                self.preview = -1
                self.say("not sown")
                return
        if self.pit_cursor >= 0:
            key = self.pit_cursor
            self.pit_cursor = -1
            self.preview = -1
            self.press_pit(key)
            return
        if self.anim_path is not None:
            self._finish_animation()
            if self.screen != GAME:
                # That sowing ended the game: its end (saved, shown) is the one thing that
                # happens; no menu may open over the result.
                return
        self.go(GAME_MENU)

    # ----- menus --------------------------------------------------------------------------

    def go(self, screen):
        """Change the screen: the only way to (the new screen's enter() runs here)."""
        old = self.screen
        if old.module is not None and old.module != screen.module:
            forget(old.module)
        if screen.shows_board or screen.module is not None:
            forget("kalaha.menus")  # (the menus' actions: App.act imports them again)
        self.screen = screen
        self.coach = None  # (its words are for the result screen only)
        self.cursor = 0
        self.pit_cursor = -1
        self.preview = -1
        self.scroll = 0
        screen.enter(self)

    def act(self, action):
        """Do a menu item's action: go to its screen, or do what it names: a function of the
        screen's own module or of kalaha.menus (imported while menus are shown), else an App
        method."""
        if action is None:
            return
        if not isinstance(action, str):
            self.go(action)
            return
        do = None
        if self.screen.module is not None:  # (the record screens' own actions: kalaha.records)
            do = getattr(__import__(self.screen.module, None, None, (action,)), action, None)
        if do is None:
            from kalaha import menus

            do = getattr(menus, action, None)
        if do is not None:
            do(self)
        else:
            getattr(self, action)()

    # ----- the game -----------------------------------------------------------------------

    def _forget_last_turn(self):
        self.last_turn = ""
        self.last_mover = -1
        self.last_from = self.last_end = -1

    @property
    def viewer(self):
        """The side holding the device: its pits are the bottom six keys."""
        if self.computer is not None:
            return 1 - self.computer
        # Two players: the side the device faces (it turns after each handover, _hand_over).
        return self.facing

    def pit_at(self, key):
        """(side, pit) shown on view key `key` where a board is shown, else None."""
        if not (self.screen.shows_board or self.screen == GAME_MENU or self.screen == MOVES):
            return None
        side, pit = pit_of_view_key(key, self.board_viewer(), self.shown_board().pits)
        return (side, pit) if pit else None

    def _human_to_move(self):
        b = self.board
        return b is not None and b.to_move is not None and b.to_move != self.computer

    def press_pit(self, key):
        b = self.board
        if b.to_move is None:
            return
        if self.thinking or not self._human_to_move():
            self._illegal(key, "not your turn")
            return
        side, pit = pit_of_view_key(key, self.viewer, b.pits)
        if side != b.to_move:
            self._illegal(key, "not your pit")
            return
        if pit == 0:
            self._illegal(key, "no pit there")
            return
        if not b.is_legal(pit):
            self._illegal(key, "pit %d is empty" % pit)
            return
        self._sow(pit)

    def _to_game(self):
        """Back to the board from the game menu (its actions act on the board)."""
        if self.screen == GAME_MENU:
            self.go(GAME)

    def _illegal(self, key, why):
        self.flash_key = key
        self.flash_colour = ILLEGAL_COLOUR
        self.flash_until = self.now + FLASH_MS
        self._sound(BUZZ)
        self.say(why)

    def say(self, text, ms=1500):
        self.message = text
        self.message_until = self.now + ms

    def _sound(self, note):
        if self.settings["sound"]:
            self.sounds.append(note)

    def _sow(self, pit):
        b = self.board
        side = b.to_move
        # The animation starts from the position before the sowing, its pit emptied.
        self.anim_cells = list(b.cells)
        self.anim_cells[b.pit_index(side, pit)] = 0
        self.anim_path = b.sow_path(pit)
        self.anim_side = side
        # Record the turn text: a new turn unless the same side moved last.
        if b.ply and b.mover_of(b.ply - 1) == side and self.last_turn and b.moves_at(b.ply - 1) != 0:
            self.last_turn += "-%d" % pit
        else:
            self.last_turn = "%d" % pit
        self.last_mover = side
        self.last_from = b.pit_index(side, pit)
        self.last_end = self.anim_path[len(self.anim_path) - 1]
        b.push(pit)
        self.version += 1
        self._save_move(pit)
        self.anim_pos = 0
        # The emptied pit shows for one step before the first seed falls: the frame that sows,
        # saves and redraws the board is then not also the frame of the first seed (measured
        # on the emulated MacroPad, the two together made the slowest frames, over 20 ms).
        self.anim_next = self.now + ANIM_SPEEDS[self.settings["speed"]]
        self.pit_cursor = -1
        self.preview = -1

    def _save_move(self, move):
        """Save every sowing as it happens: a power cut loses at most the one being made."""
        b = self.board
        if self.clock is not None:
            self.clock.switch(b.to_move if b.to_move is not None else -1, self.now)
        clocks = None
        if self.clock is not None:
            clocks = (max(0, self.clock.left(SOUTH, self.now)), max(0, self.clock.left(NORTH, self.now)))
        self.store.move(move, clocks)

    def _clock_tick(self, now):
        c = self.clock
        b = self.board
        if c.running < 0 or b is None or b.to_move is None:
            return
        side = c.flagged(now)
        if side >= 0:
            self._finish_animation_silently()
            self._finish_game(1 - side, END_TIME)
            return
        left = c.left(c.running, now)
        second = left // 1000
        if second != self.last_second:
            self.last_second = second
            if left < WARN_MS:
                self._sound(TICK)

    def _anim_step(self):
        path = self.anim_path
        if self.anim_pos < len(path):
            self.anim_cells[path[self.anim_pos]] += 1
            self.anim_pos += 1
            self._sound(TICK)
            self.anim_next += ANIM_SPEEDS[self.settings["speed"]]
            return
        self._finish_animation()

    def _finish_animation(self):
        if self.anim_path is None:
            return
        self.anim_path = None
        b = self.board
        viewer = self.viewer
        text = ""
        who = self.side_name(self.anim_side)
        if b.last_capture:
            # Both pits of the capture blink: where the last seed fell, and across.
            self._sound(CAPTURE)
            text = "%s %s %d" % (who, "take" if who == "You" else "takes", b.last_capture)
            self._effect(
                GOOD_COLOUR,
                self.key_of_cell(b.last_index, viewer),
                self.key_of_cell(b.opposite(b.last_index), viewer),
            )
        elif b.last_extra and not b.over:
            self._sound(EXTRA)
            text = "%s: extra turn" % who
            side = b.to_move
            self._effect(GOOD_COLOUR, view_key_of_pit(side, b.pits, viewer, b.pits), -1)
        if b.to_move is None:
            self._end_game()
            return
        if self.computer is None and b.to_move != self.anim_side:
            # Two players: the sowing's end is shown to the one who made it, then the device
            # turns to the other (game_tick, _hand_over).
            self.handover_at = self.now + HANDOVER_MS
            text = text or "Pass to %s" % SIDE_TITLES[b.to_move]
        if text:
            self.say(text, 2000)

    def _effect(self, colour, key_a, key_b):
        """Light one or two keys in `colour` for a moment (capture, extra turn)."""
        self.effect_colour = colour
        self.effect_keys[0] = key_a
        self.effect_keys[1] = key_b
        self.effect_until = self.now + EFFECT_MS

    def _maybe_start_computer(self):
        b = self.board
        if b is None or b.to_move is None or b.to_move != self.computer:
            return
        self.thinking = True
        self.think_started = self.now
        if LEVELS[self.level].uses_table and self._start_root():
            return  # the table knows the perfect move: its probes instead of a search
        self._start_search()

    def _start_search(self):
        """The computer's search on the board, at its level."""
        # The search probes the table only once all of it is checked (App.tick, quiet frames):
        # before that most probes would find their block unchecked and be wasted (measured on
        # the emulated MacroPad: a 17-seed search took 848 ms with such probes, 616 ms without).
        table = self.endgame if self.endgame_checked else None
        start_level(self.search, self.board, self.level, seed=self.games_started, table=table)

    def _start_root(self):
        """Begin the table's root decision (App.root) when the table covers the board: True if so."""
        if self.endgame is None:
            return False
        try:
            root = RootDecision(self.endgame, self.board)
        except (OSError, ValueError):
            self._drop_table()
            return False
        if not root.covered:
            return False
        self.root = root
        return True

    def _root_made(self, search_instead):
        """The root decision's share of this frame: True once it is made. If the table fails
        (a damaged block or a failing file), it is dropped and `search_instead()` starts."""
        try:
            return self._slices(self.root)
        except (OSError, ValueError):
            self.root = None
            self._drop_table()
            search_instead()
            return False

    def _drop_table(self):
        """The endgame table failed a check: play on without it, and say so."""
        self.endgame = None
        self.say("Table damaged")

    def _slices(self, work, frame_ms=THINK_FRAME_MS, guard_ms=SLICE_GUARD_MS, patience=1):
        """Run `work` for this frame's share: anything stepped like kalaha.ai.Search (`step(n)`
        True once finished, `done`): the search, the table's root decision, the coach, the
        table's check. True once it has finished.

        Without a ticks function: one slice. With one: slices while the next is predicted to
        end within `frame_ms` of the frame's start (it takes as long as the last, and at least
        `guard_ms`); none at all when the frame's start (a display refresh) has used that time
        already, unless the last `patience` frames ran none either (one slice then, so the work
        always goes on). Work that finishes here reports it in the next frame, so the frame that acts
        on the result (a sowing) stays short too.
        """
        if work.done:
            return True
        ticks = self.ticks
        if ticks is None:
            return work.step(self.slice_nodes)
        last = ticks()
        if self.frame_start is None:
            started = last
        else:
            started = self.frame_start
            full = (last - started) % TICKS_WRAP + guard_ms > frame_ms
            if full and self.slices_skipped < patience:
                # This frame is full; a later one has room. Never more than `patience` in a row
                # (the search: never two): on a device whose every frame starts full, the work
                # still goes on, a slice every other frame.
                self.slices_skipped += 1
                return False
            self.slices_skipped = 0
        while not work.step(self.slice_nodes):
            now = ticks()
            used = (now - started) % TICKS_WRAP
            took = (now - last) % TICKS_WRAP
            last = now
            if used + (took if took > guard_ms else guard_ms) > frame_ms:
                break
        return False

    def _think_slice(self):
        """The computer's share of this frame: think, then sow once the pause has passed, so
        the player reads the last move's effect before the computer's cause."""
        pit = self._computer_choice()
        # (and not while the last sowing's capture or extra turn still blinks on the keys)
        if pit and self.now - self.think_started >= COMPUTER_PAUSE_MS and not self.effect_until:
            self.computer_pit = 0
            self.thinking = False
            self._sow(pit)

    def _computer_choice(self):
        """The computer's pit once decided, else 0 (it goes on thinking)."""
        if self.computer_pit:
            return self.computer_pit
        if self.root is not None:
            if self._root_made(self._start_search):
                self.computer_pit = self.root.best_pit
                self.root = None
            return self.computer_pit
        s = self.search
        if self.now - self.think_started >= LEVELS[self.level].cap_ms:
            # The hard time cap: play the best move found so far. Asked before this frame's
            # slices, not after them, so the frame that sows runs no search (measured on the
            # emulated MacroPad: slices, sowing and the new board in one frame made 22-24 ms).
            s.stop()
        if self._slices(s):
            self.computer_pit = s.best_pit
        return self.computer_pit

    def _cancel_search(self):
        """Stop the computer's search or the hint's, whichever runs."""
        if self.thinking or self.hinting:
            self.search.stop()
        self.root = None
        self.computer_pit = 0
        self.thinking = False
        self.hinting = False

    def undo(self):
        """Two players: take back the last turn. Against the computer: your turn and its reply."""
        b = self.board
        if b is None:
            return
        if self.screen == RESULT or (b.to_move is None and self.store.current is None):
            # A finished game stays finished: it is saved, counted and in the replay list.
            self.say("the game is over")
            self._sound(BUZZ)
            return
        self._to_game()
        self._finish_animation_silently()
        self._cancel_search()
        if b.resigned is not None:
            b.unresign()
        side = None if self.computer is None else 1 - self.computer
        target = b.last_turn_start(side)
        if target is None:
            self.say("nothing to undo")
            self._sound(BUZZ)
            return
        taken = b.ply - target
        while b.ply > target:
            b.pop()
        self.version += 1
        self.store.undo(taken)
        if self.clock is not None:
            self.clock.switch(b.to_move, self.now, increment=False)
        self._forget_last_turn()
        self._face_mover()
        if self.computer is not None:
            self.say("Undone: your move")
        else:
            self.say("Undone: %s next" % SIDE_TITLES[b.to_move])

    def _finish_animation_silently(self):
        self.anim_path = None

    def resign(self):
        self._to_game()
        b = self.board
        if b is None or b.to_move is None:
            return
        self._finish_animation_silently()
        self._cancel_search()
        loser = (1 - self.computer) if self.computer is not None else b.to_move
        self._finish_game(1 - loser, END_RESIGN)

    def _finish_game(self, result, end):
        """End the game for a reason the board itself does not know (resign, draw, time)."""
        self._cancel_search()
        self.end_reason = end
        self.end_result = result
        self._end_game()

    def hint(self):
        """Start finding a hint: the search runs in slices like the computer's (_hint_slice)."""
        self._to_game()
        if not self._human_to_move() or self.thinking or self.hinting:
            return
        self.hinting = True
        self.hint_version = self.version
        if not self._start_root():
            self._search_hint()

    def _search_hint(self):
        self.search.start(self.board, depth=6, nodes=1500)  # bounded: about half a second on the device
        self.say("finding a hint", 5000)

    def _hint_slice(self):
        if self.version != self.hint_version or not self._human_to_move():
            self._cancel_search()  # the player moved (or undid) first: the hint is stale
            return
        if self.root is not None:
            if self._root_made(self._search_hint):
                # Exact: the perfect move and how the game ends with perfect play from here.
                b = self.board
                pit, rest = self.root.best_pit, self.root.margin
                self.root = None
                self.hinting = False
                me = b.to_move
                final = b.cells[b.store_index(me)] - b.cells[b.store_index(1 - me)] + rest
                how = "draw" if final == 0 else ("win by %d" % final if final > 0 else "lose by %d" % -final)
                self._show_hint(pit, "best: %d, %s" % (pit, how))
            return
        if not self._slices(self.search):
            return
        self.hinting = False
        pit = self.search.best_pit
        self._show_hint(pit, "hint: pit %d" % pit)

    def _show_hint(self, pit, text):
        b = self.board
        self.hint_key = view_key_of_pit(b.to_move, pit, self.viewer, b.pits)
        self.hint_version = self.version
        self.say(text, 3000)

    def _end_game(self):
        b = self.board
        o = b.outcome()
        end = self.end_reason
        if o is not None and end == END_EMPTY:
            result = o.code
        else:
            result = self.end_result
        self.end_result = result
        self.end_reason = END_EMPTY
        self.thinking = False
        self.root = None
        if self.clock is not None:
            self.clock.stop(self.now)
        winner = None if result == DRAW else result
        if winner is None:
            text = "Draw"
        elif self.computer is None:
            text = "%s wins" % SIDE_TITLES[winner]
        else:
            text = "You win!" if winner != self.computer else "Computer wins"
        self.result_text = text + END_WORDS[end]
        self.coach_text = ""
        self.store.end_game(result, end)
        self._sound(LOSE if (self.computer is not None and winner == self.computer) else WIN)
        self.go(RESULT)
        # The coach starts in the result screen's next frame: this one has saved the game's end.
        self.coach = True

    def _start_coach(self):
        """Against the computer, with the endgame table: the coach that finds the player's last
        slip (kalaha.coach.Coach), run on the result screen; None when there is nothing to coach."""
        t = self.endgame
        b = self.board
        if t is None or self.computer is None or not t.rules_match(b):
            return None
        return Coach(t, b, 1 - self.computer)

    def coach_slice(self):
        """The coach's share of this frame; its words join the result once it has finished."""
        c = self.coach
        if c is None:
            return
        if c is True:
            self.coach = self._start_coach()
            return
        try:
            if not self._slices(c):
                return
        except (OSError, ValueError):  # the table failed: no words, and play on without it
            self.coach = None
            self._drop_table()
            return
        self.coach = None
        if c.count:
            self.coach_text = "Slip: turn %d, -%d" % (c.slip_turn, c.cost)
        elif c.seen:
            self.coach_text = "Endgame: perfect"
        self.render()

    # ----- encoder cursor and hints ---------------------------------------------------------

    def move_pit_cursor(self, delta):
        b = self.board
        if not self._human_to_move() or self.anim_path is not None or self.thinking:
            return
        legal = [m for m in b.legal_moves() if m != 0]
        if not legal:
            return
        viewer = self.viewer
        keys = [view_key_of_pit(b.to_move, m, viewer, b.pits) for m in legal]
        if self.pit_cursor in keys:
            i = (keys.index(self.pit_cursor) + delta) % len(keys)
        else:
            i = 0 if delta > 0 else len(keys) - 1
        self.pit_cursor = keys[i]
        self.preview = keys[i]
        self.cursor_until = self.now + CURSOR_MS
