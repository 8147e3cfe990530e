"""The handheld's flow as pure logic: events in (keys, knob, integer milliseconds), a frame out.

The parts, each in its own object: the game in progress (kalaha.flow.game.Game), the sowing being
shown (kalaha.flow.game.Sowing), the computer's thinking in slices (kalaha.search.thinking.Thinker), the
screens and their own state (kalaha.flow.screens), and the drawing (kalaha.picture.view.View). App wires
them: it routes events to the screen shown and runs each frame. Never imports hardware.

Key layout (view keys; the hardware mirrors them, k -> 11 - k, when the display flips)::

     0  1  2      opponent's pits 6 5 4        sowing runs 6..11, your store,
     3  4  5      opponent's pits 3 2 1        then 5..0, the opponent's store;
     6  7  8      your pits       1 2 3        a pit's opposite is the key
     9 10 11      your pits       4 5 6        two rows above it

On 4 and 5 pits your pits end on key 11, next to your store (4 pits: keys 8..11 and 5..2).

"Your" is the side the device is held by: South against the computer; in a two-player
game whoever is to move, with the display turned 180 degrees for North.
"""

import kalaha.flow.sides as sides
from kalaha.compat import const, forget
from kalaha.flow.game import CLOCK_TICK, HANDOVER_MS, PASSED_HOLD_MS, Game, Sowing
from kalaha.flow.screens import DRAW_OFFER, GAME, GAME_MENU, HELP, MENU, MOVES, RESIDENT, RESULT
from kalaha.picture.frame import Frame
from kalaha.picture.view import (
    BUZZ,
    CAPTURE,
    EXTRA,
    ILLEGAL_COLOUR,
    LOSE,
    PASS,
    THEIRS_COLOUR,
    TICK,
    WIN,
    YOURS_COLOUR,
    View,
    key_of_cell,
    pit_of_view_key,
    view_key_of_pit,
)
from kalaha.rules.board import END_TIME, NORTH, SOUTH
from kalaha.saved.journal import DEFAULT_SETTINGS
from kalaha.saved.store import Store
from kalaha.search.ai import LEVEL_NAMES
from kalaha.search.thinking import Thinker

_HOLD_MS = const(400)  # a key held this long shows where its sowing ends; letting go sows it
_EFFECT_MS = const(1200)  # a capture or extra turn blinks on its keys this long
CURSOR_MS = const(5000)  # the knob's pit cursor leaves after this long untouched: push is the menu again
COMPUTER_PAUSE_MS = const(500)  # the computer sows no sooner than this after the board changed
DIM_MS = const(30000)  # no input this long: pixels and display dim
OFF_MS = const(300000)  # ... and this long: they turn off
_REFUSED_MS = const(300)  # a key that cannot be played blinks red this long
ANIM_SPEEDS = (40, 110, 220)  # ms per seed: fast, normal, slow


class Blink:
    """Keys blinking in a colour until a time: a capture or extra turn, a key not allowed."""

    def __init__(self):
        self.keys = [-1, -1]
        self.colour = 0
        self.until = 0  # 0: not blinking

    def start(self, colour, key_a, key_b, until):
        self.colour = colour
        self.keys[0] = key_a
        self.keys[1] = key_b
        self.until = until


class App:
    """The handheld: feed it events and ticks; read `pixels`, `frame`, `flip`, `sounds`."""

    root = ""  # the folder the game's files are read from (puzzles): the device's is its drive's

    def __init__(
        self,
        settings=None,
        slice_nodes=None,
        store=None,
        ticks=None,
        welcome=True,
        endgame=None,
        draws_events=True,
        columns=3,
    ):
        # welcome: open the help pages on a first start (a blank store); the headless simulator
        # without a data file passes False. Saved data (kalaha.saved.store.Store): without one, an
        # in-memory store keeps this session's.
        if store is None:
            from kalaha.saved.memflash import MemoryFlash  # (never on the device: its heap is kept)

            self.store = Store(MemoryFlash())
        else:
            self.store = store
        self.settings = dict(DEFAULT_SETTINGS)
        if store is not None:
            self.settings.update(store.settings)
        if settings:
            self.settings.update(settings)
        # the computer's, for the next game against it (the last chosen: saved with the settings)
        self.level = LEVEL_NAMES[self.settings["level"]]
        self.games_started = 0
        self.game = Game(self.store)
        self.sowing = Sowing()
        # ticks: the front end's millisecond counter (supervisor.ticks_ms on the device)
        self.thinker = Thinker(endgame, ticks, slice_nodes)
        self.view = View(columns)
        # Draw the frame after every event too (True), or only at the end of each tick (False):
        # a front end that ticks every frame after its events shows only what the tick drew.
        self.draws_events = draws_events
        self.pixels = [0] * 12
        self.frame = Frame()  # the display's picture (kalaha.picture.frame), drawn by render()
        self.sounds = []  # (hz, ms) to play this frame; the hardware drains it
        self.message = ""  # the bottom line's words for a moment (say)
        self.message_until = 0
        self.now = 0
        self.screen = MENU  # (App.go changes it from here on)
        self.cursor = 0  # the menu's chosen row, or the help's page
        self.pressed = [-1] * 12  # time each view key went down, -1 when up, -2 when its release is void
        self.preview = -1  # view key being previewed (held, or the knob's cursor)
        self.pit_cursor = -1  # the knob's chosen pit (view key) or -1
        self.cursor_until = 0  # ... it leaves at this time if untouched
        self.refused = Blink()  # a key that cannot be played
        self.effect = Blink()  # a capture's two pits, an extra turn's store-side pit
        self.blinks = (self.refused, self.effect)  # (made once: a frame allocates no tuple)
        self.hint_key = -1  # the hint's pit blinks green until a move is made ...
        self.hint_version = -1  # ... on the board of this version
        self.last_input = 0
        self.hold_until = 0  # no input taken before this (App.hold)
        self.inputs = 0  # events handled (keys, the knob), counted: the view redraws after one
        self.power = 0  # 0 awake, 1 dimmed, 2 off
        if self.store.message:
            self.say(self.store.message, 4000)
        if store is not None and store.blank and welcome:
            # The very first start: the help pages, once (saving the settings marks the flash).
            self.go(HELP)
            self.store.save_settings(self.settings)
        self.render()

    # ----- what the front ends read -----------------------------------------------------------

    @property
    def flip(self):
        """True when the display and keys face North: a two-player game that faces North, or
        North answering South's draw offer. The hardware turns the display and keys by it."""
        g = self.game
        if g.computer is not None or g.board is None or not g.mode.two_sides:
            return False  # (round a ring the device turns to no side: each seat's pits are the keys)
        if self.screen == DRAW_OFFER:
            return g.draw_offer == SOUTH
        if self.screen == GAME or self.screen == GAME_MENU or self.screen == MOVES or self.screen == RESULT:
            return g.viewer == NORTH  # (the result faces whoever holds the device: the last mover)
        return False

    def render(self):
        """Draw the frame and pixels from the state (kalaha.picture.view)."""
        self.view.render(self)

    def quiet(self):
        """True when nothing animates or thinks: a good frame for the device's housekeeping."""
        th = self.thinker
        return self.sowing.path is None and not th.busy() and not th.pondering()

    # ----- time -----------------------------------------------------------------------------

    def tick(self, now, frame_start=None):
        """Advance time to `now` (integer ms), draw the frame, then give the rest of the frame
        to long work (the search, the hint, the coach, the table's check).

        frame_start: the ticks() reading when the front end's frame began: long work then stops
        when the frame has used its share (kalaha.search.thinking); without it, one slice a frame.
        """
        self.now = now
        th = self.thinker
        th.frame_start = frame_start
        g = self.game
        if (g.clock is not None and g.clock.running >= 0) or th.thinking or self.sowing.path is not None:
            # A running clock, the computer's thinking and a sowing keep the device awake: the
            # idle time that dims it starts when the player is the one to act.
            self.last_input = now
        idle = now - self.last_input
        self.power = 2 if idle >= OFF_MS else (1 if idle >= DIM_MS else 0)
        if g.clock is not None and self.screen.clock_runs:
            self.clock_tick(now)
        for blink in self.blinks:
            if blink.until and now >= blink.until:
                blink.until = 0
                blink.keys[0] = blink.keys[1] = -1
        if self.message and self.message_until and now >= self.message_until:
            self.message = ""
            self.message_until = 0
        self.screen.tick(self, now)
        self.render()
        self.screen.work(self)
        if self.quiet():
            th.check_table()
        if th.table_failed:
            th.table_failed = False
            self.say("endgame data lost")  # (the computer plays on without it)
            self.render()

    def clock_tick(self, now):
        """A timed game: a flag falls (the game ends on time), or the last seconds tick."""
        side = self.game.clock_tick(now)
        if side == CLOCK_TICK:
            self.sound(TICK)
        elif side >= 0:
            self.sowing.path = None
            self.finish_game(1 - side, END_TIME)

    def game_tick(self, now):
        """The board's time: the sowing's seeds, the computer starting to think, the hint
        colours, the handover, the knob's cursor leaving, held keys."""
        if self.sowing.path is not None:
            ms = ANIM_SPEEDS[self.settings["speed"]]
            while self.sowing.path is not None and now >= self.sowing.next:
                if self.sowing.step(ms):
                    self.sound(TICK)
                else:
                    self.finish_sowing()
        elif not self.thinker.busy():
            g = self.game
            b = g.board
            if b is not None and b.to_move is not None and b.to_move == g.computer:
                if getattr(g.mode, "replies", True):  # (a puzzle: North answers only a wrong try)
                    self.thinker.start_move(b, self.computer_level(), self.games_started, now)
            elif g.computer is not None and b is not None and b.to_move is not None:
                if getattr(g.mode, "ponders", True):
                    # The player's turn: the computer's reply is searched meanwhile (pondering).
                    self.thinker.ponder_turn(b, self.level, self.games_started, g.version)
            self.view.update_hints(self)
        if self.game.handover_at and now >= self.game.handover_at:
            self.hand_over()
        if self.pit_cursor >= 0 and now >= self.cursor_until:
            self.pit_cursor = -1
            self.preview = -1
        pit_keys = self.game.mode.pit_keys
        for k in range(12):
            t = self.pressed[k]
            # (a key a pit only: seven pits' and a ring's keys show no sowing's end when held)
            if t >= 0 and now - t >= _HOLD_MS and self.preview != k and pit_keys:
                self.preview = k
                self.pit_cursor = -1

    def game_work(self):
        """The board's long work, after the frame is drawn: the computer's move or the hint
        (a sowing, once decided, shows from the next frame)."""
        th = self.thinker
        if not th.busy():
            if th.ponderer is not None:
                th.ponderer.slices()  # (also while the player's sowing is shown: it may be the one foreseen)
            return
        if self.sowing.path is not None:
            return
        version = self.game.version
        if th.thinking:
            self.computer_slice()
        else:
            self.hint_slice()
        if self.game.version != version or not th.busy():
            self.render()  # it sowed, or the hint is found

    def computer_level(self):
        """The level the computer plays at: the game's, or its mode's (a puzzle's replies)."""
        return getattr(self.game.mode, "level", self.level)

    def computer_slice(self):
        """Think, then sow once the pause has passed and the last sowing's effect has stopped
        blinking, so the player reads the last move's effect before the computer's cause."""
        th = self.thinker
        pit = th.move(self.game.board, self.computer_level(), self.games_started, self.now)
        if pit and self.now - th.started >= COMPUTER_PAUSE_MS and not self.effect.until:
            th.pit = 0
            th.thinking = False
            self.sow(pit)

    # ----- events ---------------------------------------------------------------------------

    def _event_drawn(self):
        self.inputs += 1
        if self.draws_events:
            self.render()

    def _wake(self):
        """Note input; True when it only woke the device from off (then it must do nothing
        else: the player saw nothing). A dimmed board is readable, so a press there acts."""
        self.last_input = self.now
        was = self.power
        self.power = 0
        if was == 2:
            self._event_drawn()
            return True
        return False

    def hold(self, ms):
        """Take no input for `ms`: the device has just passed to another player (or shows a
        game's end), so keys still mashed by the last one do nothing for the next."""
        self.hold_until = self.now + ms

    def key_down(self, key):
        if not 0 <= key < 12:
            return
        if self._wake() or self.now < self.hold_until:
            self.pressed[key] = -2  # (never a move: its release does nothing either)
            self._event_drawn()
            return
        self.pressed[key] = self.now
        if self.screen == GAME:
            g = self.game
            if self.sowing.path is not None or g.handover_at:
                # Any key skips the sowing (and a handover's pause), and does nothing else.
                self.finish_sowing()
                if g.handover_at:
                    self.hand_over()
                self.pressed[key] = -2
            elif (
                not getattr(g.mode, "own_keys", False)  # (a puzzle's keys bring its position back)
                and g.board.to_move is not None
                and (self.thinker.thinking or not g.human_to_move())
            ):
                # A press that starts out of turn never becomes a move, however long it is held.
                self.illegal(key, "not your turn")
                self.pressed[key] = -2
        self._event_drawn()

    def key_up(self, key):
        if not 0 <= key < 12:
            return
        t = self.pressed[key]
        self.pressed[key] = -1
        if self.preview == key and self.pit_cursor < 0:  # (not the knob's: a held key's)
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
        if self._wake() or self.now < self.hold_until:
            return
        self.screen.turn(self, delta)
        self._event_drawn()

    def click(self):
        """The encoder was pressed."""
        if self._wake() or self.now < self.hold_until:
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
        if self.sowing.path is not None:
            self.finish_sowing()
            if self.screen != GAME:
                return  # that sowing ended the game: no menu may open over the result
        self.go(GAME_MENU)

    # ----- screens and menus ------------------------------------------------------------------

    def go(self, screen):
        """Change the screen: the only way to (the new screen's enter() runs here)."""
        old = self.screen
        c = self.game.clock
        if c is not None and old.clock_runs and not screen.clock_runs:
            from kalaha.saved.clock import save  # (loaded with a clocked game)

            save(self.game, self.now, True)  # (stopped: the time away from the board is nobody's)
        elif c is not None and screen == GAME and c.running < 0 and self.game.human_to_move():
            c.start(self.game.board.to_move, self.now)  # (back from How to play)
        # Of kalaha.flow.screens.RESIDENT's modules the new screen holds its row's and the game's own.
        keep = ()
        for row in RESIDENT:
            if row[0] == screen.module:
                keep = row
        g = self.game
        if screen == MENU:
            # The main menu leaves the game (Continue builds it again): its mode let go (a game of
            # 3-4 players whole, a puzzle's board: the two-player search comes back, below).
            leave = getattr(g.mode, "leave", None)
            if leave is not None:
                leave(self)
            g.mode = sides
        own = g.mode.modules
        for row in RESIDENT:
            for name in row:
                if name in keep or name in own or (name == "saved.clock" and c is not None):
                    continue
                forget(name)
        if screen == MENU:
            # (back after 3-4 players: no game's frame imports the search; a game left in its
            # opening: the book's heap back)
            self.thinker.ready()
        self.screen = screen
        self.thinker.drop_coach()  # (its words are for the result screen only)
        self.cursor = 0
        self.pit_cursor = -1
        self.preview = -1
        self.message = ""  # (words belong to the screen they were said on)
        screen.enter(self)

    def act(self, action):
        """Do a menu item's action: go to its screen, or call the function it names in the
        screen's own module (kalaha.flow.screens.RESIDENT; on the board: the game menu's)."""
        if action is None:
            return
        if not isinstance(action, str):
            self.go(action)
            return
        module = __import__(self.screen.module or "flow.gamemenu", globals(), None, ("__name__",), 2)
        getattr(module, action)(self)

    def menus_ahead(self):
        """The screen's own module imported before a choice needs it, in a frame that drew
        nothing: an import takes a frame's whole time on the device, too much for the choice's."""
        module = self.screen.module
        if module is not None and self.frame.complete and not self.frame.drawn:
            __import__(module, globals(), None, ("__name__",), 2)

    def say(self, text, ms=1500):
        """Words on the bottom line for `ms`."""
        self.message = text
        self.message_until = self.now + ms

    def sound(self, note):
        if self.settings["sound"]:
            self.sounds.append(note)

    def illegal(self, key, why):
        """`key` cannot be played: it blinks red, a buzz, and the bottom line says `why`."""
        self.refused.start(ILLEGAL_COLOUR, key, -1, self.now + _REFUSED_MS)
        self.sound(BUZZ)
        self.say(why)

    # ----- the game -----------------------------------------------------------------------------

    def press_pit(self, key):
        g = self.game
        b = g.board
        if b.to_move is None:
            return
        if self.thinker.thinking or not g.human_to_move():
            self.illegal(key, "not your turn")
            return
        side, pit = pit_of_view_key(key, g.viewer, b.pits)
        if pit == 0:  # (a key beside 4 or 5 pits, on either side: no pit of anyone's)
            self.illegal(key, "no pit there")
            return
        if side != b.to_move:
            self.illegal(key, "not your pit")
            return
        if not b.is_legal(pit):
            self.illegal(key, "%s%d is empty" % (self.view.pit_letter(g, side), pit))
            return
        self.sow(pit)

    def sow(self, pit):
        """Play `pit` for the side to move and show it seed by seed."""
        ms = ANIM_SPEEDS[self.settings["speed"]]
        self.sowing.start(self.game.board, pit, self.now, ms)
        self.game.sow(pit, self.now)
        self.pit_cursor = -1
        self.preview = -1
        self.message = ""  # (what the last sowing did is over: this one speaks for itself)

    def finish_sowing(self):
        """The sowing's last seed has fallen (or a key skipped it): say what it did, end the
        game or hand the device over."""
        sowing = self.sowing
        if sowing.path is None:
            return
        sowing.path = None
        g = self.game
        b = g.board
        viewer = g.viewer
        text = ""
        who = g.side_name(sowing.side)
        # What the sowing did blinks in its sower's colour (yours or theirs: cause, then effect),
        # on a board of two sides (round a ring the keys are the next seat's: its rows say it).
        colour = YOURS_COLOUR if sowing.side == viewer else THEIRS_COLOUR
        two_sides = g.mode.two_sides
        if b.last_capture:
            # Both pits of the capture blink: where the last seed fell, and across.
            self.sound(CAPTURE)
            text = "%s %s %d" % (who, "take" if who == "You" else "takes", b.last_capture)
            if two_sides:
                self.effect.start(
                    colour,
                    key_of_cell(b, b.last_index, viewer),
                    key_of_cell(b, b.opposite(b.last_index), viewer),
                    self.now + _EFFECT_MS,
                )
        elif b.last_extra and not b.over:
            self.sound(EXTRA)
            text = "%s: extra turn" % who
            if two_sides:
                self.effect.start(
                    colour, view_key_of_pit(b.to_move, b.pits, viewer, b.pits), -1, self.now + _EFFECT_MS
                )
        sown = getattr(g.mode, "sown", None)
        if sown is not None and sown(self, sowing.side):
            return  # (the mode took the sowing's end: a puzzle's try judged)
        if b.to_move is None:
            self.end_game()
            return
        if g.computer is None and b.to_move != g.facing and g.human_to_move():
            # People at one board: the sowing's end is shown to the one who made it, then the
            # device goes to the next person (game_tick, hand_over).
            g.handover_at = self.now + HANDOVER_MS
            text = text or "Pass to %s" % g.side_name(b.to_move)
        if text:
            self.say(text, 2000)

    def hand_over(self):
        """Two players: the device turns to the side to move, and says so."""
        g = self.game
        hand_over = getattr(g.mode, "hand_over", None)
        if hand_over is not None:
            hand_over(self)  # (the mode's own: a wrong try shown, the puzzle's position back)
        elif g.hand_over():
            self.effect.until = 0  # (its keys were the other player's view)
            self.effect.keys[0] = self.effect.keys[1] = -1
            self.sound(PASS)
            self.hold(PASSED_HOLD_MS)
            self.say("%s: your move" % g.side_name(g.board.to_move), 2500)

    def finish_game(self, result, end):
        """End the game for a reason the board itself does not know (resign, draw, time)."""
        self.game.end_reason = end
        self.game.end_result = result
        self.end_game()

    def end_game(self):
        """The game has ended: saved, its sound, the result screen (and its coach)."""
        self.thinker.cancel()
        g = self.game
        winner = g.end(self.now)
        self.sound(LOSE if (g.computer is not None and winner == g.computer) else WIN)
        self.go(RESULT)

    # ----- the hint and the knob's cursor -------------------------------------------------------

    def hint_slice(self):
        """The hint's share of this frame (kalaha.flow.gamemenu.hint starts it): once found, its key
        blinks and the bottom line says it."""
        g = self.game
        if g.version != self.hint_version or not g.human_to_move():
            self.thinker.cancel()  # the player moved (or undid) first: the hint is stale
            return
        from kalaha.search.hint import (
            found as hint_found,  # (imported as the hint began: kalaha.flow.gamemenu)
        )

        found = hint_found(self.thinker, g.board)
        if found is not None:
            pit, text = found
            b = g.board
            self.hint_key = view_key_of_pit(b.to_move, pit, g.viewer, b.pits)
            self.say(text, 3000)

    def move_pit_cursor(self, delta):
        g = self.game
        b = g.board
        if not g.human_to_move() or self.sowing.path is not None or self.thinker.thinking:
            return
        legal = [m for m in b.legal_moves() if m != 0]
        if not legal:
            return
        viewer = g.viewer
        keys = [view_key_of_pit(b.to_move, m, viewer, b.pits) for m in legal]
        if self.pit_cursor in keys:
            i = (keys.index(self.pit_cursor) + delta) % len(keys)
        else:
            i = 0 if delta > 0 else len(keys) - 1
        self.pit_cursor = keys[i]
        self.preview = keys[i]
        self.cursor_until = self.now + CURSOR_MS
        self.message = ""  # (the words say what the new pit does: "push: S3 ...")


__all__ = ["App", "pit_of_view_key", "view_key_of_pit"]
