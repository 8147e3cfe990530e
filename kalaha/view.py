"""The view: the 12 pixels and the display's lines, drawn from the app's state every frame.

A mixin of kalaha.app.App; the colour language and the key map live here. Never imports hardware.
"""

from kalaha.board import DRAW, NORTH, SOUTH
from kalaha.clock import WARN_MS, format_ms
from kalaha.compat import const
from kalaha.screens import (
    DRAW_OFFER,
    GAME,
    GAME_MENU,
    MOVES,
    REPLAY,
    REPLAY_UNITS,
    RESULT,
    SIDE_TITLES,
)

# The colour language: one meaning per colour (0xRRGGBB at full brightness; the view scales
# by the brightness setting). The same list is the legend of the help pages and the README.
SOUTH_COLOUR = 0x0050FF  # South's pits (blue), brighter with more seeds
NORTH_COLOUR = 0xFF6000  # North's pits (orange)
SOW_COLOUR = 0xFFFFFF  # the last seed: where it just fell, or where it will fall (preview)
EXTRA_COLOUR = 0x00FF30  # an extra turn: a move that ends in the store, or one just earned
CAPTURE_COLOUR = 0xFFD000  # a capture: a move that captures, or the two pits of one just made
DANGER_COLOUR = 0xFF0000  # your pit the opponent could capture next
ILLEGAL_COLOUR = 0xFF00A0  # the key just pressed cannot be played
THINKING_COLOUR = 0x8000FF  # the computer is thinking (a light runs along its row)
HINT_COLOUR = 0x00E0FF  # the hint's pit
# The sides' colours by name (SOUTH, NORTH): the display says them, it cannot show them.
COLOUR_NAMES = ("blue", "orange")
OFF = 0


# The board's graphics: filled rectangles the hardware draws over the text (vectorio on the
# device), each (x, y, width, height) in display pixels, width 0 when hidden. A text line is
# LINE_PX high and its glyphs' ink is in rows 2-9, so the rows 10-12 below it are free for marks.
MARKS = const(3)
MARK_DIVIDER = const(0)  # the line between the pits and the stores' column
MARK_TURN = const(1)  # a bar beside the half of the board whose player is to move
MARK_SOWN = const(2)  # under the pit or store where the last seed fell (or will fall)
# ... and a box around each pit: `boxes[k]` is the style of view key k's box, drawn by the
# hardware as a tile of BOX_PX x LINE_PX pixels at the key's place on the display (x BOX_PX *
# (k % columns), y LINE_PX * (k // columns)), each pixel as box_lit() says.
BOX_NONE = const(0)
BOX_PIT = const(1)
BOX_CHOSEN = const(2)  # bold: the pit the encoder (or a held key) chose
BOX_STYLES = const(3)
BOX_PX = const(18)  # a pit's three characters (two digits and a space)
CHAR_PX = const(6)
LINE_PX = const(13)
PHASE_MS = const(90)  # animated pixels (thinking, flash, result sweep) change this often
END_WORDS = ("", ": resign", " (agreed)", " on time")
WIDTH = const(21)  # characters on a display line (128 px / 6 px)
SCROLL_MS = const(250)  # a line too long to show whole moves on one character this often


def box_lit(style, x, y):
    """Whether pixel (x, y) of a pit's box tile (BOX_PX x LINE_PX) is lit in `style`.

    The box is 16 x 12 with its corners cut (rounded), around a count's two characters (ink in
    columns 1-11 and rows 2-9): neighbours across stand 2 pixels apart, neighbours above and
    below 1. The chosen pit's box is two pixels thick.
    """
    if style == BOX_NONE or x > 15 or y > 11:
        return False
    if (x == 0 or x == 15) and (y == 0 or y == 11):
        return False
    edge = min(x, 15 - x, y, 11 - y)
    return edge <= (1 if style == BOX_CHOSEN else 0)


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


def fit(text, now):
    """`text` as one display line: whole when it fits, else scrolling through it (never cut)."""
    n = len(text) - WIDTH
    if n <= 0:
        return text
    # Pause four steps at each end, so the start and the end can be read.
    pos = min(max((now // SCROLL_MS) % (n + 8) - 4, 0), n)
    return text[pos : pos + WIDTH]


def _scale(colour, num, den):
    r = ((colour >> 16) & 255) * num // den
    g = ((colour >> 8) & 255) * num // den
    b = (colour & 255) * num // den
    # Each channel stays a byte: the pixel buffer keeps only the low 24 bits, so an
    # overflowing channel would show as a different colour, not a brighter one.
    return (min(r, 255) << 16) | (min(g, 255) << 8) | min(b, 255)


class View:
    """Drawing for App: render() turns the state into `pixels` and `lines` (every tick)."""

    @property
    def flip(self):
        """True when the display and keys face North: a two-player game where North plays.

        Decided by the game's state (who is to move, or who must answer a draw offer), never
        while drawing; the hardware turns the display and mirrors the keys by it.
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
            and not self.thinking
        )

    def update_hints(self):
        """Work out the hint colours for this position, if they are shown and not known yet.

        Not part of drawing: the app calls it in a tick of its own (kalaha.app.App.game_tick),
        so the frame that ends a sowing does not also try its six sowings (5 ms on the device,
        estimated): the colours light a frame later.
        """
        if self._hints_version != self.version and self.hints_wanted():
            self._hint_colours()
            self._hints_version = self.version

    def _hint_colours(self):
        """Per view key: EXTRA/CAPTURE for the mover's pits, DANGER where the opponent could capture."""
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
                    out[view_key_of_pit(side, pit, viewer, b.pits)] = EXTRA_COLOUR
                elif captured:
                    out[view_key_of_pit(side, pit, viewer, b.pits)] = CAPTURE_COLOUR
        # Which of the mover's pits could the opponent capture if it were its turn?
        c = b.cells
        p = b.pits
        opp = 1 - side
        base = 0 if opp == SOUTH else p + 1
        for i in range(base, base + p):
            n = c[i]
            land = i + n
            if n and land < base + p and c[land] == 0 and c[b.opposite(land)]:
                key = self._key_of_cell(b.opposite(land), viewer)
                if not out[key]:
                    out[key] = DANGER_COLOUR
        return out

    # ----- the view -----------------------------------------------------------------------

    def render(self):
        """Draw the frame from the state: `pixels` (12 colours, each 0..0xFFFFFF) and `lines` (5 display
        lines); `flip` is a property of the state. Called at the end of every tick and event.

        Nothing here changes the game: it only keeps caches (hint colours, shades, the text's inputs).
        """
        px = self.pixels
        marks = self.marks
        for i in range(2, 4 * MARKS, 4):
            marks[i] = 0  # every mark hidden unless this screen draws it
        boxes = self.boxes
        for k in range(12):
            boxes[k] = BOX_NONE  # ... and every box
        if self.power == 2:
            # Asleep: everything dark until a key or the encoder wakes it.
            for k in range(12):
                px[k] = OFF
            for row in range(5):
                self.lines[row] = ""
            self._board_text_gone()
            return
        self.screen.draw(self)
        if self.power == 1:
            for k in range(12):
                px[k] = _scale(px[k], 1, 4)

    def _cells(self):
        if self.screen == REPLAY:
            return self.replay_cells
        return self.anim_cells if self.anim_path is not None else self.board.cells

    def _shown_board(self):
        return self.replay_board if self.screen == REPLAY else self.board

    def _board_viewer(self):
        if self.screen == GAME or self.screen == GAME_MENU or self.screen == MOVES:
            return self.viewer
        if self.screen == REPLAY:
            return SOUTH
        return 1 - self.computer if self.computer is not None else SOUTH

    def draw_board(self):
        b = self._shown_board()
        c = self._cells()
        viewer = self._board_viewer()
        px = self.pixels
        bright = self.settings["brightness"]
        mover = b.to_move
        phase = self.now // PHASE_MS
        human = self._human_to_move()
        # The hint colours of this position, once they are worked out (update_hints).
        hints = self._hints if self._hints_version == self.version and self.hints_wanted() else None
        shades = self._shades_for(bright)
        cells = self._cells_of_keys(b, viewer)
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
            if side == mover and human:
                v = shades[side * 10 + 2 + min(n, 8) - 1]
            else:
                v = shades[side * 10 + min(n, 8) // 3]
            if hints is not None and hints[key]:
                v = _scale(hints[key], 2 * bright, 8)
            px[key] = v
        if self.thinking:
            # A light runs along the computer's row.
            px[phase % 6] = _scale(THINKING_COLOUR, bright, 4)
        # Where the last seed fell (sowing) or will fall (a previewed pit): its key lights
        # here, and the display marks it (_draw_marks).
        sown = -1
        chosen = -1
        if self.anim_path is not None and self.anim_pos:
            sown = self.anim_path[self.anim_pos - 1]
            key = self._key_of_cell(sown, viewer)
            if key >= 0:
                px[key] = _scale(SOW_COLOUR, bright, 4)
        if self.preview >= 0 and self.anim_path is None and self.screen == GAME:
            side, pit = pit_of_view_key(self.preview, viewer, b.pits)
            if side == mover and pit and b.is_legal(pit):
                # The chosen pit in its side's colour at full strength; where the last seed
                # will fall in white (yellow if it captures); a store landing makes the chosen
                # pit green (an extra turn).
                sown, extra, cap, _over = b.preview(pit)
                chosen = self.preview
                mine = SOUTH_COLOUR if side == SOUTH else NORTH_COLOUR
                px[chosen] = _scale(EXTRA_COLOUR if extra else mine, bright, 4)
                key = self._key_of_cell(sown, viewer)
                if key >= 0 and key != chosen:
                    px[key] = _scale(CAPTURE_COLOUR if cap else SOW_COLOUR, bright, 4)
        if self.effect_until and self.screen == GAME:
            for key in self.effect_keys:
                if key >= 0:
                    px[key] = _scale(self.effect_colour, bright, 4) if phase % 2 == 0 else OFF
        if self.flash_key >= 0 and self.screen == GAME:
            px[self.flash_key] = _scale(self.flash_colour, bright, 4) if phase % 2 == 0 else OFF
        if self.screen == RESULT:
            # End-of-game sweep: a band in the winner's colour (both, for a draw) runs across.
            band = phase % 6
            r = self.end_result
            top = NORTH_COLOUR if r == NORTH else SOUTH_COLOUR
            low = SOUTH_COLOUR if r == SOUTH else NORTH_COLOUR
            if r == DRAW:
                top, low = NORTH_COLOUR, SOUTH_COLOUR
            px[band] = _scale(top, bright, 6)
            px[11 - band] = _scale(low, bright, 6)
        if self._text_inputs_changed(b, viewer):
            self._draw_board_text(b, c, viewer)
        self._draw_marks(b, viewer, sown, chosen)

    def _mark(self, i, x, y, w, h):
        marks = self.marks
        marks[4 * i] = x
        marks[4 * i + 1] = y
        marks[4 * i + 2] = w
        marks[4 * i + 3] = h

    def _mark_under(self, i, key, cell, b, viewer):
        """MARK_SOWN under view key `key`'s count, or under a store's when `cell` is a store."""
        cols = self.columns
        if key >= 0:
            # inside the pit's box, on its bottom line: a thick bottom
            self._mark(i, (key % cols) * BOX_PX + 2, (key // cols) * LINE_PX + 10, 12, 1)
        elif cell == b.store_index(viewer) or cell == b.store_index(1 - viewer):
            row = 12 // cols - 1 if cell == b.store_index(viewer) else 0
            self._mark(i, 1 + self._store_column() * CHAR_PX, row * LINE_PX + 11, 2 * CHAR_PX, 2)

    def _draw_marks(self, b, viewer, sown, chosen):
        """The board's lines, marks (MARKS) and boxes: the divider, whose turn, the cell `sown`
        (where the last seed fell or will fall, -1 for none), a box around each pit, bold
        around view key `chosen` (-1 for none)."""
        cols = self.columns
        half = 6 // cols  # key rows of each side's pits: 2 of three, or 1 of six
        # The divider: down the column between the pits and the stores, through the pits' rows.
        self._mark(MARK_DIVIDER, 1 + 3 * cols * CHAR_PX + 2, 0, 1, 2 * half * LINE_PX - 1)
        mover = b.to_move
        if mover is not None and self.screen != RESULT:
            # The bar stands beside the mover's half (the top rows are the opponent's pits),
            # between the boxes and the divider.
            top = mover != viewer
            y = 1 if top else half * LINE_PX + 1
            self._mark(MARK_TURN, cols * BOX_PX - 1, y, 2, half * LINE_PX - 3)
        if sown >= 0:
            self._mark_under(MARK_SOWN, self._key_of_cell(sown, viewer), sown, b, viewer)
        cells = self._cells_of_keys(b, viewer)
        boxes = self.boxes
        at = viewer * 12
        for key in range(12):
            if cells[at + key] >= 0:
                boxes[key] = BOX_CHOSEN if key == chosen else BOX_PIT

    def _shades_for(self, bright):
        """Each side's colour at the ten seed-count levels, for this brightness (kept until it changes)."""
        if self._shade_bright != bright:
            self._shade_bright = bright
            shades = self._shades
            for side in range(2):
                colour = SOUTH_COLOUR if side == SOUTH else NORTH_COLOUR
                for level in range(1, 11):
                    shades[side * 10 + level - 1] = _scale(colour, level * bright, 40)
        return self._shades

    def _cells_of_keys(self, b, viewer):
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

    def _key_of_cell(self, cell, viewer):
        b = self.board if self.screen != REPLAY else self.replay_board
        p = b.pits
        if cell == p or cell == 2 * p + 1:
            return -1
        side = SOUTH if cell < p else NORTH
        pit = cell + 1 if cell < p else cell - p
        return view_key_of_pit(side, pit, viewer, p)

    def _text_inputs_changed(self, b, viewer):
        """True when anything the board's text is drawn from changed since it was last drawn.

        Memoisation, not a dirty flag: the text is a function of exactly these values, listed
        here next to it, so no change can be missed by a path that forgot to say so. Costs a
        dozen comparisons instead of the formatting (8 ms a frame on the device, estimated).
        """
        now = self._text_now
        now[0] = self.screen
        now[1] = b
        now[2] = self.version
        now[3] = self.anim_pos if self.anim_path is not None else -1
        now[4] = self.cursor
        now[5] = self.thinking
        now[6] = self.message
        now[7] = self.last_turn
        now[8] = viewer
        now[9] = self.replay_seeds * 1000 + b.ply
        now[10] = self.replay_unit
        now[11] = self.result_text
        clock = self.clock
        if clock is not None:
            # the seconds shown (rounded up) and the blink (by whole seconds gone)
            left = clock.left(SOUTH, self.now)
            now[12] = (left + 999) // 1000 + (left // 1000) * 8192
            left = clock.left(NORTH, self.now)
            now[13] = (left + 999) // 1000 + (left // 1000) * 8192
        else:
            now[12] = now[13] = 0
        long_text = len(self.message or self.result_text) > WIDTH or len(self.last_turn) > WIDTH - 10
        now[14] = self.now // SCROLL_MS if long_text else 0
        now[15] = self.level
        shown = self._text_shown
        changed = False
        for i in range(len(now)):
            if now[i] != shown[i]:
                shown[i] = now[i]
                changed = True
        return changed

    def _board_text_gone(self):
        """The lines are written with something else: the board's text, when it is shown again,
        is drawn anew whatever its inputs (_text_inputs_changed would find them unchanged)."""
        self._text_shown[0] = None

    def _store_column(self):
        """The character where the stores' counts start: after the pits, the divider's column
        and, on rows of three, the store's letter."""
        return 3 * self.columns + (3 if self.columns == 3 else 1)

    def _draw_board_text(self, b, c, viewer):
        """The counts in rows as the keys lie (the board profile's `columns` a row), the stores
        at the right of the top and bottom rows; whose turn; one full line."""
        opp = 1 - viewer
        cols = self.columns
        key_rows = 12 // cols
        cells = self._cells_of_keys(b, viewer)
        rows = []
        for key_row in range(key_rows):
            parts = []
            for key in range(key_row * cols, key_row * cols + cols):
                cell = cells[viewer * 12 + key]
                parts.append("%2d" % c[cell] if cell >= 0 else "  ")
            rows.append(" ".join(parts))
        # (the column between the pits and the stores is the divider line: MARK_DIVIDER; rows
        # of six leave no room for the stores' letters)
        if cols == 3:
            top = "%s  %s %2d" % (rows[0], SIDE_TITLES[opp][0], c[b.store_index(opp)])
            bottom = "%s  %s %2d" % (rows[-1], SIDE_TITLES[viewer][0], c[b.store_index(viewer)])
            if self.clock is None:
                # Each side's colour (its keys' colour) beside its store; a chess clock's time
                # takes this place, and then the mover's colour is said under its name.
                top += " " + COLOUR_NAMES[opp]
                bottom += " " + COLOUR_NAMES[viewer]
        else:
            top = "%s  %2d" % (rows[0], c[b.store_index(opp)])
            bottom = "%s  %2d" % (rows[-1], c[b.store_index(viewer)])
        screen = self.screen
        if screen == RESULT:
            right1 = ("> " if self.cursor == 0 else "  ") + "again"
            right2 = ("> " if self.cursor == 1 else "  ") + "menu"
            last = self.message or self.result_text
        elif screen == REPLAY:
            right1 = "ply %d/%d" % (b.ply, len(self.replay_game.moves))
            right2 = "by " + REPLAY_UNITS[self.replay_unit]
            last = self.message or "keys: <  >  top: out"
        else:
            mover = b.to_move
            if self.thinking:
                right1 = "thinking"
            elif mover is None:
                right1 = "game over"
            elif self.computer is None:
                right1 = SIDE_TITLES[mover]
            else:
                right1 = "your move" if mover != self.computer else "computer"
            # Which colour is whose: beside the stores on rows of three (above), else here.
            if self.computer is not None:
                right2 = self.level if cols == 3 else "%s, you: %s" % (self.level, COLOUR_NAMES[viewer])
            elif mover is None:
                right2 = ""
            elif self.clock is not None:
                right2 = COLOUR_NAMES[mover]  # (the clocks take the room beside the stores)
            elif cols == 3:
                right2 = "to move"
            else:
                right2 = COLOUR_NAMES[mover] + " to move"
            last = self.message or ("last turn " + self.last_turn if self.last_turn else "")
            if self.clock is not None and cols == 3:
                top += " " + self._clock_text(opp)
                bottom += " " + self._clock_text(viewer)
            elif self.clock is not None:
                right1 = "%-10s %s %s" % (right1, SIDE_TITLES[opp][0], self._clock_text(opp))
                right2 = "%-10s %s %s" % (right2, SIDE_TITLES[viewer][0], self._clock_text(viewer))
        lines = self.lines
        lines[0] = top
        if cols == 3:
            lines[1] = "%s   %s" % (rows[1], right1)
            lines[2] = "%s   %s" % (rows[2], right2)
            lines[3] = bottom
        else:
            lines[1] = bottom
            lines[2] = right1
            lines[3] = right2
        lines[4] = fit(last, self.now)

    def _clock_text(self, side):
        left = self.clock.left(side, self.now)
        # The last ten seconds blink (with a tick each second, see _clock_tick).
        if side == self.clock.running and left < WARN_MS and (left // 1000) % 2:
            return "    "
        return format_ms(left)

    def draw_menu(self, title, items):
        """A menu: the title, and four of its (label, action) items around the cursor."""
        first = max(0, min(self.cursor - 1, len(items) - 4))
        self.draw_list(title, [label for label, _action in items], first, self.cursor)

    def draw_list(self, title, items, first, cursor):
        """A title and four lines of `items` (strings) from `first`, the `cursor`'s marked."""
        now = self.now
        self._board_text_gone()
        self.lines[0] = fit(title, now)
        for row in range(4):
            i = first + row
            line = ("> " if i == cursor else "  ") + items[i] if i < len(items) else ""
            self.lines[row + 1] = fit(line, now)
        # The keys work as menu keys: top row up, middle rows choose, bottom row down.
        glow = _scale(SOUTH_COLOUR if not self.flip else NORTH_COLOUR, self.settings["brightness"], 16)
        for k in range(12):
            self.pixels[k] = glow if k in (1, 4, 7, 10) else OFF

    def draw_help(self):
        # Imported while the help is shown, and let go when it closes (Page.module, App.go):
        # its text then costs no heap during games.
        from kalaha.howto import PAGES, page

        title, text, colours = page(self.cursor)
        self._board_text_gone()
        lines = self.lines
        lines[0] = "%s %d/%d" % (title, self.cursor + 1, len(PAGES))
        for row in range(4):
            lines[row + 1] = text[row]
        if self.cursor == len(PAGES) - 1:
            t = self.endgame
            lines[2] = "endgame: %d seeds" % t.max_seeds if t is not None else "no endgame table"
        # The colour pages light a key in each colour they explain, in the order of the lines.
        bright = self.settings["brightness"]
        for k in range(12):
            self.pixels[k] = _scale(colours[k], bright, 4) if k < len(colours) else OFF
