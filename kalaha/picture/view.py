"""The view: the 12 pixels and the display's frame drawn from the app's state, every frame;
the keys' colours and the speaker's tones, the key map (which key shows which pit), the words.
"""

from kalaha.compat import const
from kalaha.picture.draw import MENU_FOOTER, PANEL_CHARS, asleep, board, fits, menu, pit_style, result
from kalaha.rules.board import DRAW, NORTH, SOUTH

# The colour language: five hues, one meaning each (0xRRGGBB at full brightness), told apart on
# real NeoPixels. What else a key says, it says by blinking: a capture, a pit in danger, the hint.
# The same list is the help's legend (kalaha.picture.howto).
YOURS_COLOUR = 0x0050FF  # your pits (blue: the device's holder), brighter with more seeds
THEIRS_COLOUR = 0xFF6000  # the opponent's pits (orange); the computer thinking runs along its row
SOW_COLOUR = 0xFFFFFF  # the last seed: where it just fell or will fall, and the pit played from
GOOD_COLOUR = 0x00FF30  # a good move: extra turn (steady) or capture (blinking); the hint
ILLEGAL_COLOUR = 0xFF0000  # not allowed: that key cannot be played now
THINKING_COLOUR = THEIRS_COLOUR
HUES = (YOURS_COLOUR, THEIRS_COLOUR, SOW_COLOUR, GOOD_COLOUR, ILLEGAL_COLOUR)
OFF = 0
SIDE_TITLES = ("South", "North")  # (MicroPython's str has no capitalize())
# The seats of a game of 3-4 players, named by their colours (kalaha.picture.ringview)
SEAT_NAMES = ("Blue", "Orange", "Violet", "Cyan")

# The speaker's tones, (frequency in Hz, milliseconds): the app queues them, the hardware plays them.
TICK = (1800, 8)  # a seed falls; a clock's last seconds
EXTRA = (880, 120)  # an extra turn; a draw offered
CAPTURE = (660, 160)
BUZZ = (110, 200)  # not allowed
PASS = (523, 150)  # two players: the device goes to the other player
WIN = (1320, 300)
LOSE = (220, 400)

# Hint colours: how a key shows a move (View.update_hints)
HINT_EXTRA = const(1)
HINT_CAPTURE = const(2)
HINT_DANGER = const(3)

PHASE_MS = const(90)  # animated pixels (thinking, the result's sweep) change this often
BLINK_MS = const(250)  # blinking keys: this long on, this long off
_STATE = const(11)  # the values View.unchanged_while_thinking compares


def scale(colour, num, den):
    """`colour` times num/den, each channel kept within its byte.

    The pixel buffer keeps only the low 24 bits, so an overflowing channel would show as a
    different colour, not a brighter one.

    >>> hex(scale(0x0050FF, 2, 1))
    '0xa0ff'
    """
    r = ((colour >> 16) & 255) * num // den
    g = ((colour >> 8) & 255) * num // den
    b = (colour & 255) * num // den
    return (min(r, 255) << 16) | (min(g, 255) << 8) | min(b, 255)


def view_key_of_pit(side, pit, viewer, pits=6):
    """View key (0..11) showing `side`'s pit 1..P, for a device held by `viewer`.

    Your pits are the bottom keys, pit P on key 11 next to your store (on every board size);
    the opponent's pit P+1-k, the one across from your pit k, is the key two rows above it.
    Seven pits have more than keys: 14 view places, 0..6 the opponent's row on the display
    and 7..13 yours (kalaha.flow.seven), none of them a key.
    """
    half = max(pits, 6)  # (seven pits: 7 a row)
    if side == viewer:
        return 2 * half - 1 - pits + pit
    return half - pit


def pit_of_view_key(key, viewer, pits=6):
    """(side, pit) for view key `key`, or (side, 0) for a key with no pit (P < 6)."""
    half = max(pits, 6)  # (seven pits: 7 a row)
    if key >= half:
        pit = key - 2 * half + 1 + pits
        return viewer, pit if pit >= 1 else 0
    pit = half - key
    return 1 - viewer, pit if pit <= pits else 0


def key_of_cell(b, cell, viewer):
    """The view key showing cell `cell` of board `b`, or -1 for a store."""
    p = b.pits
    if cell == p or cell == 2 * p + 1:
        return -1
    side = SOUTH if cell < p else NORTH
    pit = cell + 1 if cell < p else cell - p
    return view_key_of_pit(side, pit, viewer, p)


def played_words(who, turn):
    """ "Computer played N6-2" (`turn`: the mover's pit letter and its sowings), in the board's
    two lines of words: else "Computer: N6-2-5", a long chain of sowings keeping its end."""
    text = "%s played %s" % (who, turn)
    if fits(text, PANEL_CHARS):
        return text
    if len(turn) > PANEL_CHARS:
        turn = turn[0] + ".." + turn[len(turn) - PANEL_CHARS + 3 :]
    return "%s: %s" % (who, turn)


class View:
    """Draws the app (kalaha.flow.app.App) into its `pixels` and `frame`: render(app), every tick.

    What it keeps are caches of what the state implies (hint colours, shades, the key map) and
    lists reused so that a frame allocates nothing; nothing in it decides anything.
    """

    def __init__(self, columns=3):
        # Keys a row on the device (its board profile, hw/layout.py): the display draws the
        # pits in the same rows, 4 rows of 3 on the MacroPad or 2 rows of 6.
        self.columns = columns
        self.pit_styles = bytearray(12)  # each view key's pit box style (kalaha.picture.frame BOX_*)
        self.labels = []  # a menu's labels, reused
        self.store_labels = ["", ""]  # the board's two players' labels: the opponent's, yours
        self.hints = [0] * 14  # each view key's hint colour (HINT_*; 14: seven pits' places) ...
        self.hints_version = -1  # ... for the board of this version
        self.shades = [0] * 20  # yours and theirs at ten seed-count levels ...
        self.shade_bright = -1  # ... for this brightness
        self.key_cells = [-1] * 24  # the cell under each key: South's 12 keys, then North's ...
        self.key_cells_for = -1  # ... for boards of this many pits
        # What the board showed when last drawn while the computer thinks, and what it shows now
        # (unchanged: no drawing, see unchanged_while_thinking).
        self.drawn_state = [None] * _STATE
        self.state_now = [None] * _STATE

    # ----- hint colours (worked out in the game's tick, not while drawing) -------------------

    def hints_wanted(self, app):
        """True when the keys show hint colours: hints on, the game's screen, a human to move."""
        return (
            app.settings["hints"]
            and app.screen.shows_board
            and not app.screen.replays
            and getattr(app.game.mode, "shows_hints", True)  # (not a puzzle's: they would give it away)
            and app.game.human_to_move()
            and app.sowing.path is None
            and not app.game.handover_at
            and not app.thinker.thinking
        )

    def update_hints(self, app):
        """Work out the hint colours for this position, if they are shown and not known yet."""
        if self.hints_version != app.game.version and self.hints_wanted(app):
            self._hint_colours(app.game.board, app.game.viewer)
            self.hints_version = app.game.version

    def _hint_colours(self, b, viewer):
        """Per view key: HINT_EXTRA/HINT_CAPTURE for the mover's pits, HINT_DANGER where the
        opponent could capture."""
        out = self.hints
        for k in range(14):
            out[k] = 0
        side = b.to_move
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
                key = key_of_cell(b, b.opposite(land), viewer)
                if not out[key]:
                    out[key] = HINT_DANGER

    # ----- the frame -----------------------------------------------------------------------

    def render(self, app):
        """Draw `app.pixels` (12 colours, each 0..0xFFFFFF) and `app.frame` from the state."""
        px = app.pixels
        frame = app.frame
        if app.power == 2:
            # Asleep: everything dark until a key or the encoder wakes it.
            for k in range(12):
                px[k] = OFF
            frame.begin(asleep)  # (the picture's owner: no screen's)
            asleep(frame)
            return
        if self.unchanged_while_thinking(app):
            return
        start = app.thinker.frame_start
        if start is None:
            frame.begin(app.screen)
        else:
            frame.begin(app.screen, app.thinker.ticks, start)
        app.screen.draw(app)
        if app.power == 1:
            for k in range(12):
                px[k] = scale(px[k], 1, 4)

    def unchanged_while_thinking(self, app):
        """True when the computer is thinking and nothing the board shows has changed since it
        was last drawn whole into this frame: no event, the same board, words, brightness and
        phase of the lights (a game with a clock is always drawn). The frame and pixels already
        are what drawing would make, and the search gets the drawing's time (docs/decisions.md)."""
        was = self.drawn_state
        busy = app.thinker.thinking and app.sowing.path is None
        if not busy or app.screen.replays or not app.screen.shows_board or app.game.clock is not None:
            was[0] = None  # (the next thinking frame is drawn)
            return False
        now = app.now
        s = self.state_now
        s[0] = app.frame
        s[1] = app.inputs
        s[2] = app.game.version
        s[3] = now // PHASE_MS
        s[4] = now // BLINK_MS
        s[5] = app.message
        s[6] = app.power
        s[7] = app.preview
        s[8] = app.pit_cursor
        s[9] = app.refused.until
        s[10] = app.effect.until
        same = app.frame.complete and s == was
        if not same:
            for i in range(_STATE):
                was[i] = s[i]
        return same

    def shown(self, app):
        """(board, cells, viewer) of the board on screen: the replay's, or the game's (its
        cells as the sowing shows them)."""
        s = app.screen
        if s.replays:
            return s.board, s.cells, s.viewer
        g = app.game
        cells = app.sowing.cells if app.sowing.path is not None else g.board.cells
        return g.board, cells, g.viewer

    def previewed(self, app):
        """The move a held key or the knob's cursor shows: (view key, pit, the cell its last
        seed falls in, extra turn, seeds captured), or None."""
        b = app.game.board
        if app.preview < 0 or app.sowing.path is not None or app.screen.replays or not app.screen.shows_board:
            return None
        side, pit = pit_of_view_key(app.preview, app.game.viewer, b.pits)
        if side != b.to_move or not pit or not b.is_legal(pit):
            return None
        end, extra, captured, _over = b.preview(pit)
        return app.preview, pit, end, extra, captured

    def board(self, app):
        """The board screen: pits, stores and words on the display, the colours on the keys."""
        b, c, viewer = self.shown(app)
        g = app.game
        replay = app.screen.replays
        px = app.pixels
        bright = app.settings["brightness"]
        mover = b.to_move
        now = app.now
        blink = (now // BLINK_MS) % 2 == 0
        human = g.human_to_move()
        game = not replay  # (the game's own board: the only other board is a replay's)
        # The hint colours of this position, once they are worked out (update_hints).
        hints = self.hints if self.hints_version == g.version and self.hints_wanted(app) else None
        shades = self._shades_for(bright)
        cells = self.cells_of_keys(b)
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
                    v = scale(GOOD_COLOUR, 2 * bright, 8)
                elif kind == HINT_DANGER and not blink:
                    v = OFF  # your pit in danger blinks in its own colour
            px[key] = v
        if app.thinker.thinking:
            # A light runs along the computer's row, in its colour.
            px[(now // PHASE_MS) % 6] = scale(THINKING_COLOUR, bright, 4)
        # The pits' boxes: the chosen one inverted, where the last seed fell (or will) bold,
        # where the last turn began marked; the same keys light white.
        previewed = self.previewed(app)
        chosen = -1
        if previewed is not None:
            chosen = previewed[0]
            px[chosen] = scale(GOOD_COLOUR if previewed[3] else YOURS_COLOUR, bright, 4)
        sown = self.sown_cell(app, previewed)
        landed = key_of_cell(b, sown, viewer) if sown >= 0 else -1
        played = -1
        if not replay and g.last_from >= 0 and app.sowing.path is None:
            played = key_of_cell(b, g.last_from, viewer)
        if landed >= 0 and landed != chosen and not (hints is not None and hints[landed]):
            # (a hint there keeps its colour: the display's bold box still marks the last seed)
            colour = SOW_COLOUR
            if previewed is not None and previewed[4] and not blink:
                colour = OFF  # the previewed move captures there: the key blinks
            px[landed] = scale(colour, bright, 4)
        if game:
            effect = app.effect
            if effect.until:
                for key in effect.keys:
                    if key >= 0:
                        px[key] = scale(effect.colour, bright, 4) if blink else OFF
            if app.hint_key >= 0 and app.hint_version == g.version:
                px[app.hint_key] = scale(GOOD_COLOUR, bright, 4) if blink else OFF
            refused = app.refused
            if refused.keys[0] >= 0:
                px[refused.keys[0]] = scale(refused.colour, bright, 4) if blink else OFF
        styles = self.pit_styles
        for key in range(12):
            styles[key] = pit_style(key == chosen, key == landed, key == played)
        labels = self.store_labels
        labels[0] = self.side_label(app, 1 - viewer)
        labels[1] = self.side_label(app, viewer)
        lit = -1
        if not replay and app.sowing.path is not None:
            mover = app.sowing.side  # (the sower's name stays marked until its last seed lands)
        if app.screen.shows_turn and mover is not None:
            lit = 1 if mover == viewer else 0
        if replay:
            info, words = app.screen.info(), app.message or app.screen.footer_for(app)
        else:
            info = getattr(g.mode, "info", None)
            info = info(app) if info is not None else (app.level if g.computer is not None else "")
            words = self.footer(app, previewed)
        board(app.frame, self.columns, b, c, viewer, cells, styles, labels, lit, info, sown, words)

    def sown_cell(self, app, previewed):
        """The cell where the last seed fell (sowing), will fall (the `previewed` move), or fell
        at the end of the last turn (until the next move); -1 for none."""
        if app.screen.replays:
            return -1
        if app.sowing.path is not None:
            s = app.sowing
            return s.path[s.pos - 1] if s.pos else -1
        if previewed is not None:
            return previewed[2]
        return app.game.last_end

    def _shades_for(self, bright):
        """Yours and theirs at the ten seed-count levels, for this brightness (kept until it changes)."""
        if self.shade_bright != bright:
            self.shade_bright = bright
            shades = self.shades
            for whose in range(2):
                colour = YOURS_COLOUR if whose == 0 else THEIRS_COLOUR
                for level in range(1, 11):
                    shades[whose * 10 + level - 1] = scale(colour, level * bright, 40)
        return self.shades

    def cells_of_keys(self, b):
        """The board cell under each view key (-1: no pit), as a list indexed viewer * 12 + key.
        Kept for both viewers (two players change sides every turn) until the board size changes."""
        pits = b.pits
        if self.key_cells_for != pits:
            self.key_cells_for = pits
            for side in (SOUTH, NORTH):
                for key in range(12):
                    owner, pit = pit_of_view_key(key, side, pits)
                    self.key_cells[side * 12 + key] = b.pit_index(owner, pit) if pit else -1
        return self.key_cells

    # ----- the words on the board ---------------------------------------------------------

    def side_label(self, app, side):
        """A store's label: its player, or with a chess clock the side's letter and its time."""
        if app.screen.replays:
            return app.screen.side_name(side)
        g = app.game
        title = getattr(g.mode, "title", None)
        if title is not None and side == g.computer:
            return title(app)  # ("Puzzle 12": kalaha.flow.puzzles)
        if g.clock is not None and not app.screen.ends_game:
            return "%s %s" % (SIDE_TITLES[side][0], self._clock_text(app, side))
        return g.side_name(side)

    def footer(self, app, previewed=None):
        """The board's words: a message, what the knob or a held key will do (the `previewed`
        move; worked out here when not given), who acts."""
        if app.message:
            return app.message
        g = app.game
        b = g.board
        if previewed is None:
            previewed = self.previewed(app)
        if previewed is not None:
            letter = self.pit_letter(g, b.to_move)
            what = "%s%d %s" % (letter, previewed[1], self._preview_words(app, previewed))
            return ("push: " if app.pit_cursor >= 0 else "let go: ") + what
        footer = getattr(g.mode, "footer", None)
        if footer is not None:
            return footer(app)  # (a puzzle's goal: kalaha.flow.puzzles)
        if app.thinker.thinking:
            return "Computer thinking"
        if b.to_move is None:
            return "game over"
        if g.last_turn == "T":
            return "%s swapped" % SIDE_TITLES[g.last_mover]
        if g.last_turn and g.last_mover == b.to_move and app.sowing.path is None:
            return "%s: extra turn" % g.side_name(b.to_move)  # (its turn goes on until it sows)
        if g.last_turn and g.last_mover >= 0:
            return played_words(g.side_name(g.last_mover), self.pit_letter(g, g.last_mover) + g.last_turn)
        if g.human_to_move():
            return "%s: pick a pit" % ("Your move" if g.computer is not None else SIDE_TITLES[b.to_move])
        return ""

    def _preview_words(self, app, previewed):
        _key, _pit, end, extra, captured = previewed
        if extra:
            return "extra turn"
        if captured:
            return "takes %d" % captured
        b = app.game.board
        viewer = app.game.viewer
        side, where = pit_of_view_key(key_of_cell(b, end, viewer), viewer, b.pits)
        return "ends in %s%d" % (self.pit_letter(app.game, side), where)

    def pit_letter(self, g, side):
        """The letter before a pit's number: the side's (S, N) between two players; against the
        computer the device's own (S for yours, the bottom keys; N for its), whoever started."""
        if g.computer is None:
            return SIDE_TITLES[side][0]
        return "N" if side == g.computer else "S"

    def _clock_text(self, app, side):
        from kalaha.saved.clock import WARN_MS, format_ms  # (loaded only with a clocked game: App.go)

        clock = app.game.clock
        left = clock.left(side, app.now)
        # The last ten seconds blink (with a tick each second).
        if side == clock.running and left < WARN_MS and (left // 1000) % 2:
            return "    "
        return format_ms(left)

    # ----- the result, menus, lists ---------------------------------------------------------

    def result(self, app, items):
        """The result screen and the winner's sweep on the keys."""
        g = app.game
        b = g.board
        viewer = g.viewer  # (two players: whoever holds the device, the last mover; App.flip)
        opp = 1 - viewer
        names = "%-10s%11s" % (self.side_label(app, viewer), self.side_label(app, opp))
        mine = b.cells[b.store_index(viewer)]
        theirs = b.cells[b.store_index(opp)]
        result(
            app.frame,
            g.result_text,
            mine,
            theirs,
            names,
            app.screen.coach_text,
            self.labels_of(items),
            app.cursor,
        )
        # A band in the winner's colour (both, for a draw) runs across the keys.
        bright = app.settings["brightness"]
        band = (app.now // PHASE_MS) % 6
        r = g.end_result
        top = low = YOURS_COLOUR if r == viewer else THEIRS_COLOUR
        if r == DRAW:
            top, low = THEIRS_COLOUR, YOURS_COLOUR
        px = app.pixels
        for k in range(12):
            px[k] = OFF
        px[band] = scale(top, bright, 6)
        px[11 - band] = scale(low, bright, 6)

    def menu(self, app, title, items, footer=None):
        """A menu: the title, its (label, action) items around the cursor, the footer (a
        message, or what the controls do)."""
        menu(app.frame, title, self.labels_of(items), app.cursor, app.message or footer or MENU_FOOTER)
        self.menu_pixels(app)

    def list(self, app, title, rows, first, footer):
        """A title and rows of text from `first` (no cursor: nothing to choose)."""
        menu(app.frame, title, rows, -1, app.message or footer, first)
        self.menu_pixels(app)

    def labels_of(self, items):
        """The labels of (label, action) items, in a list kept for it (none made a frame)."""
        labels = self.labels
        del labels[:]
        for label, _action in items:
            labels.append(label)
        return labels

    def menu_pixels(self, app):
        # The keys work as menu keys: top row up, middle rows choose, bottom row down.
        bright = app.settings["brightness"]
        mine = scale(YOURS_COLOUR, bright, 16)
        choose = scale(SOW_COLOUR, bright, 24)
        px = app.pixels
        for k in range(12):
            px[k] = mine if k in (1, 10) else (choose if k in (4, 7) else OFF)
