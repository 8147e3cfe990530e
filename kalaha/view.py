"""The view: the 12 pixels and the display's lines, drawn from the app's state.

A mixin of kalaha.app.App (with kalaha.screens), plus what the keys and menus show. Never imports hardware.
"""

from kalaha.board import NORTH, SIDE_NAMES, SOUTH
from kalaha.clock import CONTROLS, WARN_MS, format_ms
from kalaha.compat import const
from kalaha.screens import (
    GAME,
    GAME_MENU,
    MENU,
    MOVES,
    REPLAY,
    REPLAY_LIST,
    REPLAY_UNITS,
    RESULT,
    SETTINGS,
    SETUP,
    STATS,
)

# Colours (0xRRGGBB at full brightness; the hardware scales by the brightness setting)
SOUTH_COLOUR = 0x0050FF
NORTH_COLOUR = 0xFF6000
EXTRA_COLOUR = 0x00FF30
CAPTURE_COLOUR = 0xFFD000
DANGER_COLOUR = 0xFF0000
SOW_COLOUR = 0xFFFFFF
OFF = 0

PHASE_MS = const(90)  # animated pixels (thinking, flash, result sweep) change this often
SIDE_TITLES = ("South", "North")  # (MicroPython's str has no capitalize())

# What the menus show
SPEED_NAMES = ("fast", "normal", "slow")
START_NAMES = ("you", "computer", "alternate")

# Settings: (key, label, choices)
SETTING_ITEMS = (
    ("seeds", "Seeds", (3, 4, 5, 6)),
    ("pits", "Pits", (4, 5, 6)),
    ("empty_capture", "Empty capt", (False, True)),
    ("alga", "Alga rule", (False, True)),
    ("swap", "Swap (2P)", (False, True)),
    ("hints", "Hints", (False, True)),
    ("sound", "Sound", (True, False)),
    ("brightness", "Bright", (1, 2, 3, 4)),
    ("speed", "Anim", (1, 0, 2)),
    ("clock", "Clock 2P", (0, 1, 2, 3, 4)),
)
MAIN_ITEMS = ("Play computer", "Two players", "Replay", "Statistics", "Settings")
GAME_MENU_ITEMS = ("Back to game", "Undo", "Hint", "Moves", "Swap sides", "Agree draw", "Resign", "Main menu")
END_WORDS = ("", " (resign)", " (agreed)", " on time")
RESULT_ITEMS = ("Play again", "Main menu")


def view_key_of_pit(side, pit, viewer, pits=6):
    """View key (0..11) showing `side`'s pit 1..P, for a device held by `viewer`.

    The opponent's pit P+1-k sits straight above your pit k, on every board size.
    """
    if side == viewer:
        return 5 + pit
    return pits - pit


def pit_of_view_key(key, viewer, pits=6):
    """(side, pit) for view key `key`, or (side, 0) for a key with no pit (P < 6)."""
    if key >= 6:
        pit = key - 5
        return viewer, pit if pit <= pits else 0
    pit = pits - key
    return 1 - viewer, pit if 1 <= pit <= pits else 0


def _scale(colour, num, den):
    r = ((colour >> 16) & 255) * num // den
    g = ((colour >> 8) & 255) * num // den
    b = (colour & 255) * num // den
    # Each channel stays a byte: the pixel buffer keeps only the low 24 bits, so an
    # overflowing channel would show as a different colour, not a brighter one.
    return (min(r, 255) << 16) | (min(g, 255) << 8) | min(b, 255)


class View:
    """Drawing for App: _refresh() turns the state into `pixels` and `lines`."""

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

    def _changed(self):
        self._dirty = True
        self._phase = 0
        self._refresh()

    def _refresh(self):
        """Redraw pixels; rebuild the text lines only when something changed (self._dirty)."""
        px = self.pixels
        if self.power == 2:
            # Asleep: everything dark until a key or the encoder wakes it.
            for k in range(12):
                px[k] = OFF
            for row in range(5):
                self.lines[row] = ""
            self._dirty = False
            return
        if self.screen == REPLAY:
            self._draw_board()
        elif self.screen in (GAME, RESULT) and self.board is not None:
            self._draw_board()
        elif self.screen == MOVES:
            self._draw_list("Moves", self._move_lines(), self.scroll, -1)
        else:
            self._draw_menu()
        if self.power == 1:
            for k in range(12):
                px[k] = _scale(px[k], 1, 4)
        self._dirty = False

    def _cells(self):
        if self.screen == REPLAY:
            return self.replay_cells
        return self.anim_cells if self.anim_path is not None else self.board.cells

    def _shown_board(self):
        return self.replay_board if self.screen == REPLAY else self.board

    def _draw_board(self):
        b = self._shown_board()
        c = self._cells()
        if self.screen == GAME:
            viewer = self.viewer
        elif self.screen == REPLAY:
            viewer = SOUTH
        else:
            viewer = 1 - self.computer if self.computer is not None else SOUTH
        self.flip = self.computer is None and viewer == NORTH
        px = self.pixels
        bright = self.settings["brightness"]
        mover = b.to_move
        hints = None
        if (
            self.settings["hints"]
            and self.screen == GAME
            and self._human_to_move()
            and self.anim_path is None
            and not self.thinking
        ):
            if self._hints_version != self.version:
                self._hint_colours()
                self._hints_version = self.version
            hints = self._hints
        for key in range(12):
            side, pit = pit_of_view_key(key, viewer, b.pits)
            if pit == 0:
                px[key] = OFF
                continue
            n = c[b.pit_index(side, pit)]
            colour = SOUTH_COLOUR if side == SOUTH else NORTH_COLOUR
            if n == 0:
                v = OFF
            else:
                # Seed count at a glance: brighter with more seeds; the mover's pits stand out.
                level = 2 + min(n, 8)
                if side != mover or not self._human_to_move():
                    level = 1 + min(n, 8) // 3
                v = _scale(colour, level * bright, 40)
            if hints is not None and hints[key] and n:
                v = _scale(hints[key], 2 * bright, 8)
            px[key] = v
        # Thinking: a light runs along the computer's row.
        if self.thinking:
            k = (self.now // PHASE_MS) % 6
            px[k] = _scale(NORTH_COLOUR if self.computer == NORTH else SOUTH_COLOUR, bright * 3, 16)
        if self.anim_path is not None and self.anim_pos:
            last = self.anim_path[self.anim_pos - 1]
            key = self._key_of_cell(last, viewer)
            if key >= 0:
                px[key] = _scale(SOW_COLOUR, bright, 4)
        if self.preview >= 0 and self.anim_path is None:
            side, pit = pit_of_view_key(self.preview, viewer, b.pits)
            if side == mover and pit and b.is_legal(pit):
                # Where the last seed lands: that key lights white; a store landing lights
                # the chosen key green (extra turn).
                last, extra, _cap, _over = b.preview(pit)
                key = self._key_of_cell(last, viewer)
                px[self.preview] = _scale(EXTRA_COLOUR if extra else SOW_COLOUR, bright, 6)
                if key >= 0:
                    px[key] = _scale(SOW_COLOUR, bright, 4)
        if self.effect_until and self.screen == GAME:
            on = (self.now // PHASE_MS) % 2 == 0
            for key in self.effect_keys:
                if key >= 0:
                    px[key] = _scale(self.effect_colour, bright, 4) if on else OFF
        if self.flash_key >= 0:
            px[self.flash_key] = _scale(DANGER_COLOUR, bright, 4) if (self.now // PHASE_MS) % 2 == 0 else OFF
        if self.screen == RESULT:
            # End-of-game sweep: a band of light runs across the keys.
            band = (self.now // PHASE_MS) % 6
            for key in (band, 11 - band):
                px[key] = _scale(SOW_COLOUR, bright, 6)
        if self._dirty:
            self._draw_board_text(c, viewer)

    def _key_of_cell(self, cell, viewer):
        b = self.board
        p = b.pits
        if cell == p or cell == 2 * p + 1:
            return -1
        side = SOUTH if cell < p else NORTH
        pit = cell + 1 if cell < p else cell - p
        return view_key_of_pit(side, pit, viewer, p)

    def _draw_board_text(self, c, viewer):
        b = self._shown_board()
        p = b.pits
        opp = 1 - viewer

        def count(side, pit):
            if pit == 0:
                return "  "
            return "%2d" % c[b.pit_index(side, pit)]

        rows = []
        for key_row in range(4):
            parts = []
            for col in range(3):
                side, pit = pit_of_view_key(key_row * 3 + col, viewer, p)
                parts.append(count(side, pit))
            rows.append(" ".join(parts))
        store_opp = c[b.store_index(opp)]
        store_me = c[b.store_index(viewer)]
        name = SIDE_NAMES
        if self.screen == RESULT:
            status = self.result_text
            extra = "> again" if self.cursor == 0 else "> menu"
        elif self.screen == REPLAY:
            status = "ply %d/%d" % (b.ply, len(self.replay_game.moves))
            extra = self.message or REPLAY_UNITS[self.replay_unit]
        else:
            mover = b.to_move
            if self.thinking:
                status = "thinking..."
            elif mover is None:
                status = "game over"
            elif self.computer is None:
                status = "%s to move" % SIDE_TITLES[mover]
            else:
                status = "your move" if mover != self.computer else "computer"
            extra = self.message or self.last_turn
        top = "%s |%s %2d" % (rows[0], name[opp][0].upper(), store_opp)
        bottom = "%s |%s %2d" % (rows[3], name[viewer][0].upper(), store_me)
        if self.clock is not None and self.screen != REPLAY:
            top += " " + self._clock_text(opp)
            bottom += " " + self._clock_text(viewer)
        self.lines[0] = top
        self.lines[1] = "%s | %s" % (rows[1], status[:10])
        self.lines[2] = "%s | %s" % (rows[2], extra[:10])
        self.lines[3] = bottom
        self.lines[4] = status if len(status) > 10 else ""

    def _clock_text(self, side):
        left = self.clock.left(side, self.now)
        # The last ten seconds blink (with a tick each second, see _clock_tick).
        if side == self.clock.running and left < WARN_MS and (left // 1000) % 2:
            return "    "
        return format_ms(left)

    def _draw_list(self, title, items, first, cursor):
        self.flip = False
        self.lines[0] = title
        for row in range(4):
            i = first + row
            if i < len(items):
                self.lines[row + 1] = ("> " if i == cursor else "  ") + items[i]
            else:
                self.lines[row + 1] = ""
        glow = _scale(SOUTH_COLOUR, self.settings["brightness"], 16)
        for k in range(12):
            self.pixels[k] = glow if k in (1, 4, 7, 10) else OFF

    def _draw_menu(self):
        s = self.screen
        if s == MENU:
            title = self.message or "KALAHA"
            items = self._main_items()
        elif s == STATS:
            title = self.message or "Statistics W/D/L"
            items = self._stats_items()
        elif s == REPLAY_LIST:
            title = "Replay (newest first)"
            items = self._replay_items()
        elif s == SETUP:
            title = "vs computer"
            items = (
                "Level: " + self.level,
                "Starts: " + START_NAMES[self.start_choice],
                "Start game",
                "Back",
            )
        elif s == SETTINGS:
            title = "Settings"
            items = []
            for key, label, _choices in SETTING_ITEMS:
                v = self.settings[key]
                if key == "speed":
                    v = SPEED_NAMES[v]
                elif key == "clock":
                    v = CONTROLS[v][0]
                elif v is True:
                    v = "on"
                elif v is False:
                    v = "off"
                items.append("%s: %s" % (label, v))
            items.append("Back")
        elif s == GAME_MENU:
            title = self.message or "Game"
            items = GAME_MENU_ITEMS
        else:
            title = "Result"
            items = RESULT_ITEMS
        # Show the title and a window of four items around the cursor.
        first = max(0, min(self.cursor - 1, len(items) - 4))
        self._draw_list(title, items, first, self.cursor)
