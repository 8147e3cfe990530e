"""The record screens' bigger code: settings and statistics lists, the replay list and stepping,
the move list. Imported only while one of them is shown (Page.module), then let go.
"""

from kalaha.ai import LEVEL_NAMES
from kalaha.board import DRAW, SWAP, Board, format_turn
from kalaha.clock import CONTROLS
from kalaha.game import SIDE_TITLES
from kalaha.screens import CONFIRM, MENU, REPLAY_LIST, SETTINGS, Page
from kalaha.store import (
    SETTING_CHOICES,
    SETTING_KEYS,
    STAT_AGREED,
    STAT_RESIGNS,
    STAT_RING,
    STAT_TWO_PLAYER,
    TWO_PLAYERS,
)

# The settings screen's label for each of kalaha.store's SETTING_KEYS (their order).
SETTING_LABELS = (
    "Seeds",
    "Pits",
    "Empty capture",
    "Alga rule",
    "Swap (2P)",
    "Hints",
    "Sound",
    "Brightness",
    "Animation",
    "Clock 2P",
)
SPEED_NAMES = ("fast", "normal", "slow")
# What each setting means, on the settings screen's bottom line (at most 21 characters).
SETTING_NOTES = (
    "seeds in each pit",
    "pits on each side",
    "take a lone last seed",
    "empty row takes rest",
    "2P: North may swap",
    "keys show good moves",
    "beeps and tones",
    "keys and display",
    "speed of sowing",
    "chess clock for 2P",
    "wins and losses: 0",
    "",
)


def setting_note(cursor):
    return SETTING_NOTES[cursor] if cursor < len(SETTING_NOTES) else ""


def settings_items(app):
    items = []
    for key, label in zip(SETTING_KEYS, SETTING_LABELS):
        v = app.settings[key]
        if key == "speed":
            v = SPEED_NAMES[v]
        elif key == "clock":
            v = CONTROLS[v][0]
        elif v is True:
            v = "on"
        elif v is False:
            v = "off"
        items.append(("%s: %s" % (label, v), "next_setting"))
    items.append(("Reset statistics", "reset_stats"))
    items.append(("Back", MENU))
    return items


def stats_rows(app):
    st = app.store.stats
    rows = ["%-6s%4s%5s%5s" % ("", "won", "drew", "lost")]
    for i in range(len(LEVEL_NAMES)):
        rows.append("%-6s%4d%5d%5d" % (LEVEL_NAMES[i], st[3 * i], st[3 * i + 1], st[3 * i + 2]))
    t = STAT_TWO_PLAYER
    rows.append("2P: South won %d" % st[t])
    rows.append("2P: North won %d" % st[t + 1])
    rows.append("2P: draws %d" % st[t + 2])
    for players in (3, 4):
        at = STAT_RING + 2 * (players - 3)
        rows.append("%dP: played %d, won %d" % (players, st[at], st[at + 1]))
    rows.append("Resigned %d times" % st[STAT_RESIGNS])
    rows.append("Draws agreed %d" % st[STAT_AGREED])
    rows.append("(Settings: reset)")
    return rows


def replay_items(app):
    items = []
    history = app.store.history
    for n in range(len(history)):
        g = history[len(history) - 1 - n]
        if g.mode == TWO_PLAYERS:
            word = ("South won", "North won", "draw")[g.result] + ", 2P"
        else:
            human = 1 - g.mode
            won = "draw" if g.result == DRAW else ("won" if g.result == human else "lost")
            word = won + " " + LEVEL_NAMES[g.level]
        items.append(("%d %s" % (n + 1, word), "open_replay"))
    if not history:
        items.append(("no finished games", None))
    items.append(("Back", MENU))
    return items


def replay_step(replay, delta):
    """Step the replay (Replay) by `delta` units (turn, sowing or seed),
    forwards or back."""
    r = replay
    b = r.board
    moves = r.game.moves
    unit = r.unit
    for _ in range(abs(delta)):
        if delta > 0:
            if b.ply >= len(moves) and r.seeds < 0:
                break
            if unit == 2 and moves[b.ply] != SWAP:
                path = b.sow_path(moves[b.ply])
                r.seeds = 1 if r.seeds < 0 else r.seeds + 1
                if r.seeds >= len(path):
                    b.push(moves[b.ply])
                    r.seeds = -1
                continue
            if r.seeds >= 0 or unit == 1 or moves[b.ply] == SWAP:
                b.push(moves[b.ply])
                r.seeds = -1
                continue
            side = b.to_move
            b.push(moves[b.ply])
            while b.ply < len(moves) and b.to_move == side and moves[b.ply] != SWAP:
                b.push(moves[b.ply])
        else:
            if r.seeds >= 0:
                r.seeds = r.seeds - 1 if unit == 2 and r.seeds > 1 else -1
                continue
            if b.ply == 0:
                break
            if unit == 0:
                target = b.last_turn_start()
                while b.ply > target:
                    b.pop()
            else:
                b.pop()
                if unit == 2 and moves[b.ply] != SWAP:
                    last = len(b.sow_path(moves[b.ply])) - 1
                    r.seeds = last if last > 0 else -1
    # The cells shown: the position, plus the first seeds of a sowing under way.
    cells = r.cells
    for i in range(len(cells)):
        cells[i] = b.cells[i]
    if r.seeds >= 0 and b.ply < len(moves):
        m = moves[b.ply]
        cells[b.pit_index(b.turn, m)] = 0
        for i in b.sow_path(m)[: r.seeds]:
            cells[i] += 1


REPLAY_UNITS = ("turn", "sowing", "seed")


class Replay(Page):
    """A finished game again: keys and the encoder step it by turn, sowing or seed."""

    shows_board = True
    shows_turn = False
    replays = True
    module = "kalaha.records"

    def __init__(self):
        self.choice = 0  # which finished game it shows (0 = the newest)
        self.game = None  # that game's record (kalaha.store)
        self.board = None  # its position so far
        self.cells = None  # the cells shown: the position, and a sowing's first seeds
        self.seeds = -1  # seeds of the next sowing already dropped, -1 for none
        self.unit = 0  # what a step is (REPLAY_UNITS)

    def enter(self, app):
        history = app.store.history
        g = history[len(history) - 1 - self.choice]
        self.game = g
        self.board = Board(**g.rules)
        self.cells = list(self.board.cells)
        self.seeds = -1
        self.unit = 0

    def key(self, app, key):
        if key < 3:
            app.go(REPLAY_LIST)  # the top row leaves the replay
        elif key >= 9:
            self.step(app, 1)
        elif key >= 6:
            self.step(app, -1)

    def turn(self, app, delta):
        self.step(app, delta)

    def step(self, app, delta):
        replay_step(self, delta)

    def click(self, app):
        self.unit = (self.unit + 1) % len(REPLAY_UNITS)
        app.say("step by %s" % REPLAY_UNITS[self.unit])

    def footer_for(self, app):
        """The board's words: who sowed what, the end's result."""
        if app.message:
            return app.message
        b = self.board
        g = self.game
        total = len(g.moves)
        if b.ply == 0:
            return "start: turn the knob"
        if b.ply >= total and self.seeds < 0:
            if g.result == DRAW:
                return "end: a draw"
            return "end: %s won" % SIDE_TITLES[g.result]
        side = b.mover_of(b.ply - 1)
        return "%d of %d: %s %s" % (b.ply, total, SIDE_TITLES[side], b.moves_at(b.ply - 1))


REPLAY = Replay()  # (made with this module, and let go with it)


def move_lines(app):
    out = ["%d %s" % (n, format_turn(turn)) for n, turn in enumerate(app.game.board.turns(), 1)]
    return out or ["(no moves yet)"]


# ----- these screens' actions (App.act finds them here while one of them is shown) ----


def open_replay(app):
    REPLAY.choice = app.cursor
    app.go(REPLAY)


def reset_stats(app):
    CONFIRM.ask(app, "Clear statistics?", "Yes, clear them", "clear_stats", SETTINGS)


def clear_stats(app):
    app.store.reset_stats()
    app.say("Statistics cleared")


def next_setting(app):
    key = SETTING_KEYS[app.cursor]
    choices = SETTING_CHOICES[key]
    i = choices.index(app.settings[key]) if app.settings[key] in choices else -1
    app.settings[key] = choices[(i + 1) % len(choices)]
    app.store.save_settings(app.settings)
