"""The view: the 12 pixels and the display's frame, drawn from the app's state every frame.

A mixin of kalaha.app.App: the colour language, the key map and the words on the board.
"""

from kalaha.board import DRAW, NORTH, SOUTH
from kalaha.clock import WARN_MS, format_ms
from kalaha.compat import const
from kalaha.draw import MENU_FOOTER, PANEL_CHARS, asleep, board, menu, pit_style, result, split
from kalaha.screens import (
    ASLEEP,
    DRAW_OFFER,
    GAME,
    GAME_MENU,
    MOVES,
    REPLAY,
    RESULT,
    SIDE_TITLES,
)

# The colour language: five hues, one meaning each (0xRRGGBB at full brightness; the view
# scales by the brightness setting), told apart on real NeoPixels. What else a key says, it says
# by blinking: a capture, a pit in danger, the hint. The same list is the help's legend.
YOURS_COLOUR = 0x0050FF  # your pits (blue: the bottom rows, the device's holder), brighter with more seeds
THEIRS_COLOUR = 0xFF6000  # the opponent's pits (orange); the computer thinking runs along its row
SOUTH_COLOUR = YOURS_COLOUR  # (the holder is South against the computer, and at the start)
NORTH_COLOUR = THEIRS_COLOUR
SOW_COLOUR = 0xFFFFFF  # the last seed: where it just fell or will fall, and the pit played from
GOOD_COLOUR = 0x00FF30  # a good move: extra turn (steady) or capture (blinking); the hint
ILLEGAL_COLOUR = 0xFF0000  # not allowed: that key cannot be played now
EXTRA_COLOUR = GOOD_COLOUR
CAPTURE_COLOUR = GOOD_COLOUR
HINT_COLOUR = GOOD_COLOUR
THINKING_COLOUR = NORTH_COLOUR
HUES = (YOURS_COLOUR, THEIRS_COLOUR, SOW_COLOUR, GOOD_COLOUR, ILLEGAL_COLOUR)
OFF = 0
# Hint colours: how a key shows a move (View._hint_colours)
HINT_EXTRA = const(1)
HINT_CAPTURE = const(2)
HINT_DANGER = const(3)

PHASE_MS = const(90)  # animated pixels (thinking, flash, result sweep) change this often
BLINK_MS = const(250)  # blinking keys: this long on, this long off
END_WORDS = ("", ": resign", " (agreed)", " on time")
WIDTH = const(21)  # characters on a display line (kalaha.frame.COLUMNS)


def view_key_of_pit(side, pit, viewer, pits=6):
    """View key (0..11) showing `side`'s pit 1..P, for a device held by `viewer`.

    Your pits are the bottom keys, pit P on key 11 next to your store (on every board size);
    the opponent's pit P+1-k, the one across from your pit k, is the key two rows above it.
    """
    if side == viewer:
        return 11 - pits + pit
    return 6 - pit


def pit_of_view_key(key, viewer, pits=6):
    """(side, pit) for view key `key`, or (side, 0) for a key with no pit (P < 6)."""
    if key >= 6:
        pit = key - 11 + pits
        return viewer, pit if pit >= 1 else 0
    pit = 6 - key
    return 1 - viewer, pit if pit <= pits else 0


def _scale(colour, num, den):
    r = ((colour >> 16) & 255) * num // den
    g = ((colour >> 8) & 255) * num // den
    b = (colour & 255) * num // den
    # Each channel stays a byte: the pixel buffer keeps only the low 24 bits, so an
    # overflowing channel would show as a different colour, not a brighter one.
    return (min(r, 255) << 16) | (min(g, 255) << 8) | min(b, 255)


def played_words(who, turn):
    """"Computer played 6-2", in the board's two lines of words: else "Computer: 6-2-5", a
    long chain of sowings keeping its end."""
    text = "%s played %s" % (who, turn)
    first, second = split(text, PANEL_CHARS)
    if (first + " " + second if second else first) == text:
        return text
    if len(turn) > PANEL_CHARS:
        turn = ".." + turn[len(turn) - PANEL_CHARS + 3 :]
    return "%s: %s" % (who, turn)


class View:
    """Drawing for App: render() turns the state into `pixels` and the `frame` (every tick)."""

    @property
    def flip(self):
        """True when the display and keys face North: a two-player game that faces North.

        Decided by the game's state (who faces the device, or who must answer a draw offer),
        never while drawing; the hardware turns the display and mirrors the keys by it.
        """
        if self.computer is not None or self.board is None:
            return False
        if self.screen == DRAW_OFFER:
            return self.draw_offer == SOUTH  # North answers South's offer
        if self.screen == GAME or self.screen == GAME_MENU or self.screen == MOVES:
            return self.viewer == NORTH
        return False

    def hints_wanted(self):
        """True when the keys show hint colours: hints on, the game's screen, a human to move."""
        return (
            self.settings["hints"]
            and self.screen == GAME
            and self._human_to_move()
            and self.anim_path is None
            and not self.handover_at
            and not self.thinking
        )

    def update_hints(self):
        """Work out the hint colours for this position, if they are shown and not known yet.

        Not part of drawing: the app calls it in a tick of its own (kalaha.app.App.game_tick),
        so the frame that ends a sowing does not also try its six sowings.
        """
        if self._hints_version != self.version and self.hints_wanted():
            self._hint_colours()
            self._hints_version = self.version

    def _hint_colours(self):
        """Per view key: HINT_EXTRA/HINT_CAPTURE for the mover's pits, HINT_DANGER where the
        opponent could capture."""
        b = self.board
        out = self._hints  # reused: no new list per position
        for k in range(12):
            out[k] = 0
        side = b.to_move
        viewer = self.viewer
        first = b.pit_index(side, 1)
        for pit in range(1, b.pits + 1):
            if b.cells[first + pit - 1]:
                # Play it and take it back (unchecked: the pit is the mover's and not empty).
                b.push_index(first + pit - 1)
                extra = b.last_extra
                captured = b.last_capture
                b.pop_index()
                if extra:
                    out[view_key_of_pit(side, pit, viewer, b.pits)] = HINT_EXTRA
                elif captured:
                    out[view_key_of_pit(side, pit, viewer, b.pits)] = HINT_CAPTURE
        # Which of the mover's pits could the opponent capture if it were its turn?
        c = b.cells
        p = b.pits
        opp = 1 - side
        base = 0 if opp == SOUTH else p + 1
        for i in range(base, base + p):
            n = c[i]
            land = i + n
            if n and land < base + p and c[land] == 0 and c[b.opposite(land)]:
                key = self.key_of_cell(b.opposite(land), viewer)
                if not out[key]:
                    out[key] = HINT_DANGER
        return out

    # ----- the view -----------------------------------------------------------------------

    def render(self):
        """Draw the frame from the state: `pixels` (12 colours, each 0..0xFFFFFF) and `frame`
        (kalaha.frame); `flip` is a property of the state. Called at the end of every tick.

        Nothing here changes the game: it keeps caches only (hint colours, shades, the frame's
        memo of each region).
        """
        px = self.pixels
        frame = self.frame
        if self.power == 2:
            # Asleep: everything dark until a key or the encoder wakes it.
            for k in range(12):
                px[k] = OFF
            frame.begin(ASLEEP)
            asleep(frame)
            return
        if self.frame_start is None:
            frame.begin(self.screen)
        else:
            frame.begin(self.screen, self.ticks, self.frame_start)
        self.screen.draw(self)
        if self.power == 1:
            for k in range(12):
                px[k] = _scale(px[k], 1, 4)

    def shown_cells(self):
        if self.screen == REPLAY:
            return self.replay_cells
        return self.anim_cells if self.anim_path is not None else self.board.cells

    def shown_board(self):
        return self.replay_board if self.screen == REPLAY else self.board

    def board_viewer(self):
        if self.screen == GAME or self.screen == GAME_MENU or self.screen == MOVES:
            return self.viewer
        if self.screen == REPLAY:
            return SOUTH
        return 1 - self.computer if self.computer is not None else SOUTH

    def previewed(self):
        """The move a held key or the knob's cursor shows: (view key, pit, the cell its last
        seed falls in, extra turn, seeds captured), or None."""
        b = self.board
        if self.preview < 0 or self.anim_path is not None or self.screen != GAME:
            return None
        side, pit = pit_of_view_key(self.preview, self.viewer, b.pits)
        if side != b.to_move or not pit or not b.is_legal(pit):
            return None
        end, extra, captured, _over = b.preview(pit)
        return self.preview, pit, end, extra, captured

    def sown_cell(self, previewed):
        """The cell where the last seed fell (sowing), will fall (the `previewed` move), or fell
        at the end of the last turn (until the next move); -1 for none."""
        if self.screen == REPLAY:
            return -1
        if self.anim_path is not None:
            return self.anim_path[self.anim_pos - 1] if self.anim_pos else -1
        if previewed is not None:
            return previewed[2]
        return self.last_end

    def draw_board(self):
        b = self.shown_board()
        c = self.shown_cells()
        viewer = self.board_viewer()
        px = self.pixels
        bright = self.settings["brightness"]
        mover = b.to_move
        now = self.now
        blink = (now // BLINK_MS) % 2 == 0
        human = self._human_to_move()
        game = self.screen == GAME
        # The hint colours of this position, once they are worked out (update_hints).
        hints = self._hints if self._hints_version == self.version and self.hints_wanted() else None
        shades = self._shades_for(bright)
        cells = self.cells_of_keys(b, viewer)
        p = b.pits
        at = viewer * 12
        for key in range(12):
            cell = cells[at + key]
            n = c[cell] if cell >= 0 else 0
            if n == 0:
                px[key] = OFF
                continue
            # Seed count at a glance: brighter with more seeds; the mover's pits stand out.
            side = SOUTH if cell < p else NORTH
            whose = 0 if side == viewer else 1
            if side == mover and human:
                v = shades[whose * 10 + 2 + min(n, 8) - 1]
            else:
                v = shades[whose * 10 + min(n, 8) // 3]
            if hints is not None and hints[key]:
                kind = hints[key]
                if kind == HINT_EXTRA or (kind == HINT_CAPTURE and blink):
                    v = _scale(GOOD_COLOUR, 2 * bright, 8)
                elif kind == HINT_DANGER and not blink:
                    v = OFF  # your pit in danger blinks in its own colour
            px[key] = v
        if self.thinking:
            # A light runs along the computer's row, in its colour.
            px[(now // PHASE_MS) % 6] = _scale(THINKING_COLOUR, bright, 4)
        # The pits' boxes: the chosen one inverted, where the last seed fell (or will) bold,
        # where the last turn began marked; the same keys light white.
        previewed = self.previewed()
        chosen = -1
        if previewed is not None:
            chosen = previewed[0]
            px[chosen] = _scale(GOOD_COLOUR if previewed[3] else YOURS_COLOUR, bright, 4)
        sown = self.sown_cell(previewed)
        landed = self.key_of_cell(sown, viewer) if sown >= 0 else -1
        played = -1
        if self.screen != REPLAY and self.last_from >= 0 and self.anim_path is None:
            played = self.key_of_cell(self.last_from, viewer)
        if landed >= 0 and landed != chosen:
            colour = SOW_COLOUR
            if previewed is not None and previewed[4] and not blink:
                colour = OFF  # the previewed move captures there: the key blinks
            px[landed] = _scale(colour, bright, 4)
        if game and self.effect_until:
            for key in self.effect_keys:
                if key >= 0:
                    px[key] = _scale(self.effect_colour, bright, 4) if blink else OFF
        if game and self.hint_key >= 0 and self.hint_version == self.version:
            px[self.hint_key] = _scale(GOOD_COLOUR, bright, 4) if blink else OFF
        if game and self.flash_key >= 0:
            px[self.flash_key] = _scale(self.flash_colour, bright, 4) if blink else OFF
        styles = self.pit_styles
        for key in range(12):
            styles[key] = pit_style(key == chosen, key == landed, key == played)
        board(self, self.frame, sown, self.footer(previewed))

    def _shades_for(self, bright):
        """Yours and theirs at the ten seed-count levels, for this brightness (kept until it changes)."""
        if self._shade_bright != bright:
            self._shade_bright = bright
            shades = self._shades
            for whose in range(2):
                colour = YOURS_COLOUR if whose == 0 else THEIRS_COLOUR
                for level in range(1, 11):
                    shades[whose * 10 + level - 1] = _scale(colour, level * bright, 40)
        return self._shades

    def cells_of_keys(self, b, viewer):
        """The board cell under each view key (-1: no pit), from `viewer`'s side, as a list
        indexed viewer * 12 + key. Kept for both viewers (two players change sides every
        turn) until the board size changes."""
        pits = b.pits
        if self._key_cells_for != pits:
            self._key_cells_for = pits
            for side in (SOUTH, NORTH):
                for key in range(12):
                    owner, pit = pit_of_view_key(key, side, pits)
                    self._key_cells[side * 12 + key] = b.pit_index(owner, pit) if pit else -1
        return self._key_cells

    def key_of_cell(self, cell, viewer):
        """The view key showing board cell `cell`, or -1 for a store."""
        b = self.shown_board()
        p = b.pits
        if cell == p or cell == 2 * p + 1:
            return -1
        side = SOUTH if cell < p else NORTH
        pit = cell + 1 if cell < p else cell - p
        return view_key_of_pit(side, pit, viewer, p)

    # ----- the words on the board ---------------------------------------------------------

    def side_name(self, side):
        """Who plays `side`: "You" and "Computer" against the computer, else the side's name."""
        if self.computer is None:
            return SIDE_TITLES[side]
        return "Computer" if side == self.computer else "You"

    def side_label(self, side, viewer):
        """A store's label: its player, or with a chess clock the side's letter and its time."""
        if self.clock is not None and self.screen != RESULT:
            return "%s %s" % (SIDE_TITLES[side][0], self._clock_text(side))
        return self.side_name(side)

    def panel_info(self):
        """The words beside the opponent's store: the computer's level, or "replay"."""
        if self.screen == REPLAY:
            return "replay"
        return self.level if self.computer is not None else ""

    def footer(self, previewed=None):
        """The board's words: a message, what the knob or a held key will do (the `previewed`
        move; worked out here when not given), who acts."""
        if self.screen == REPLAY:
            return self.replay_footer()
        if self.message:
            return self.message
        b = self.board
        if previewed is None:
            previewed = self.previewed()
        if previewed is not None:
            what = "%s%d %s" % (SIDE_TITLES[b.to_move][0], previewed[1], self._preview_words(previewed))
            return ("push: " if self.pit_cursor >= 0 else "let go: ") + what
        if self.thinking:
            return "Computer thinking"
        if b.to_move is None:
            return "game over"
        if self.last_turn == "T":
            return "%s swapped" % SIDE_TITLES[self.last_mover]
        if self.last_turn and self.last_mover >= 0:
            return played_words(self.side_name(self.last_mover), self.last_turn)
        if self._human_to_move():
            return "%s: pick a pit" % ("Your move" if self.computer is not None else SIDE_TITLES[b.to_move])
        return ""

    def _preview_words(self, previewed):
        _key, _pit, end, extra, captured = previewed
        if extra:
            return "extra turn"
        if captured:
            return "takes %d" % captured
        key = self.key_of_cell(end, self.viewer)
        side, where = pit_of_view_key(key, self.viewer, self.board.pits)
        return "ends in %s%d" % (SIDE_TITLES[side][0], where)

    def replay_footer(self):
        b = self.replay_board
        g = self.replay_game
        total = len(g.moves)
        if self.message:
            return self.message
        if b.ply == 0:
            return "start: turn the knob"
        if b.ply >= total and self.replay_seeds < 0:
            if g.result == DRAW:
                return "end: a draw"
            return "end: %s won" % SIDE_TITLES[g.result]
        side = b.mover_of(b.ply - 1)
        return "%d of %d: %s %s" % (b.ply, total, SIDE_TITLES[side], b.moves_at(b.ply - 1))

    def draw_result(self, items):
        """The result screen and the winner's sweep on the keys."""
        result(self, self.frame, self._labels_of(items), self.cursor)
        # A band in the winner's colour (both, for a draw) runs across the keys.
        bright = self.settings["brightness"]
        band = (self.now // PHASE_MS) % 6
        r = self.end_result
        top = low = YOURS_COLOUR if r == self.board_viewer() else THEIRS_COLOUR
        if r == DRAW:
            top, low = THEIRS_COLOUR, YOURS_COLOUR
        for k in range(12):
            self.pixels[k] = OFF
        self.pixels[band] = _scale(top, bright, 6)
        self.pixels[11 - band] = _scale(low, bright, 6)

    def _clock_text(self, side):
        clock = self.clock
        left = clock.left(side, self.now)
        # The last ten seconds blink (with a tick each second, see _clock_tick).
        if side == clock.running and left < WARN_MS and (left // 1000) % 2:
            return "    "
        return format_ms(left)

    # ----- menus, lists (kalaha.draw), the help (kalaha.howto, imported while shown) ---------

    def draw_menu(self, title, items, footer=None):
        """A menu: the title, its (label, action) items around the cursor, the footer (a
        message, or what the controls do)."""
        menu(self.frame, title, self._labels_of(items), self.cursor, self.message or footer or MENU_FOOTER)
        self._menu_pixels()

    def draw_list(self, title, rows, first, footer):
        """A title and six rows of text from `first` (no cursor: nothing to choose)."""
        menu(self.frame, title, rows, -1, self.message or footer, first)
        self._menu_pixels()

    def _labels_of(self, items):
        """The labels of (label, action) items, in a list kept for it (none made a frame)."""
        labels = self._labels
        del labels[:]
        for label, _action in items:
            labels.append(label)
        return labels

    def _menu_pixels(self):
        # The keys work as menu keys: top row up, middle rows choose, bottom row down.
        bright = self.settings["brightness"]
        mine = _scale(YOURS_COLOUR, bright, 16)
        choose = _scale(SOW_COLOUR, bright, 24)
        for k in range(12):
            self.pixels[k] = mine if k in (1, 10) else (choose if k in (4, 7) else OFF)

    def draw_help(self):
        from kalaha.howto import draw_help

        draw_help(self)
