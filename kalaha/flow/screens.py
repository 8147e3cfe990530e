"""The app's screens as objects: what keys, the encoder and time do on each, and what it shows.

One object per screen; App.go() is the only way to change screens. Pure logic, no hardware.

A menu is data: (label, action) pairs, where the action is the screen to go to or the name of
a function of the screen's own module (App.act); a click dispatches by the action, never by the
label's text. A screen's own state (a list's scroll, the question asked) is kept in its object.
Which modules are in the heap on which screen: RESIDENT, below.
"""

from kalaha.flow.game import HANDOVER_MS
from kalaha.picture.view import SIDE_TITLES
from kalaha.rules.board import NORTH, SOUTH

RESULT_GRACE_MS = 1000  # the result screen takes input only after this long (App.hold)
LIST_FOOTER = "turn: more push: back"  # (a list has nothing to choose: a push goes back)


class Page:
    """A screen. The default is a menu: the encoder walks the items, a click acts, and the keys
    are shortcuts (top row up, bottom row down, the middle rows choose)."""

    clock_runs = False  # a two-player game's chess clock runs while this screen is shown
    # Its own module (of kalaha: its drawing and actions, imported as used), its row's key in
    # RESIDENT; None: the board's (its actions are the game menu's: App.act).
    module = None
    ends_game = False  # a game's result (the device's serial report prints its title)
    replays = False  # shows a finished game again (its own `board` and `cells`: kalaha.flow.replay)
    shows_board = False  # drawn as the board (else as a menu)
    shows_turn = True  # the board's labels mark whose turn it is
    footer = ""  # the bottom line when no message is shown ("" for the menu's default)
    heading = ""  # the menu's title
    menu = ()  # the menu's (label, action) items, when they never change

    def title(self, app):
        return self.heading

    def items(self, app):
        return self.menu

    def key(self, app, key):
        if key < 3:
            self.turn(app, -1)
        elif key >= 9:
            self.turn(app, 1)
        else:
            self.click(app)

    def enter(self, app):
        # onto a row that can be chosen (Page's own turn: screens that turn otherwise have none)
        Page.turn(self, app, 0)

    def turn(self, app, delta):
        """Move the cursor by `delta` rows, over the rows that only inform (no action)."""
        items = self.items(app)
        n = len(items)
        step = 1 if delta >= 0 else -1
        at = app.cursor + delta
        for _ in range(n):
            at %= n
            if items[at][1] is not None:
                app.cursor = at
                return
            at += step

    def click(self, app):
        items = self.items(app)
        if items:
            app.act(items[app.cursor][1])

    def tick(self, app, now):
        """What time changes on this screen, before the frame is drawn."""

    def work(self, app):
        """Long work in slices, after the frame is drawn, with the time left."""

    def draw(self, app):
        if self.shows_board:
            app.game.mode.board(app)  # (the board as the game's mode draws it)
        else:
            app.view.menu(app, self.title(app), self.items(app), self.footer_for(app))

    def footer_for(self, app):
        return self.footer

    def computer_moving(self, app):
        """True while the computer's turn goes on (its sowings and thinking: the serial report)."""
        b = app.game.board
        return b is not None and b.to_move is not None and not app.game.human_to_move()

    def of_module(self, name):
        """`name` from the screen's own module, imported while the screen is shown (RESIDENT)."""
        return getattr(__import__(self.module, globals(), None, ("__name__",), 2), name)


class Menu(Page):
    """A menu screen made from data: its heading, and its items (fixed, or made by a function,
    or by a function of the module it loads while shown)."""

    opening = 0  # the main menu: the frames after its Puzzles' push (kalaha.flow.menus.puzzles)

    def __init__(self, heading, menu=(), items_of=None, module=None, clock_runs=False, footer=""):
        self.heading = heading
        self.menu = menu
        self.items_of = items_of  # a function(app), or the name of one in `module`
        self.module = module
        self.clock_runs = clock_runs
        self.footer = footer

    def items(self, app):
        f = self.items_of
        if f is None:
            return self.menu
        if isinstance(f, str):
            f = self.of_module(f)
        return f(app)

    def work(self, app):
        if self.opening:
            self.of_module("puzzles")(app)  # (the main menu's Puzzles pushed: kalaha.flow.menus)
        else:
            app.menus_ahead()


def main_items(app):
    if app.store.current is not None:
        return (("Continue", "continue_game"),) + MAIN_ITEMS
    return MAIN_ITEMS


def computer_side(app):
    """The side the computer plays in the next game against it, by the setup's "Starts"
    (South starts: the computer is North when you start)."""
    starts = app.settings["starts"]
    if starts == 2:  # alternate: by the games started since the device was switched on
        return NORTH if app.games_started % 2 == 0 else SOUTH
    return NORTH if starts == 0 else SOUTH


class Playing(Page):
    """The board: its keys, the knob and its long work are the game's mode's (kalaha.flow.game.Game.mode:
    a key a pit on two sides; seven pits a side; a ring of 3-4 seats; a puzzle); a click opens
    the game menu."""

    clock_runs = True
    shows_board = True

    def key(self, app, key):
        app.game.mode.key(app, key)

    def turn(self, app, delta):
        app.game.mode.turn(app, delta)

    def click(self, app):
        app.game_click()

    def tick(self, app, now):
        app.game_tick(now)

    def work(self, app):
        app.game.mode.work(app)


class Listing(Page):
    """Rows of text to read, scrolled by the knob (or the top and bottom keys); a push or a
    middle key goes back. Nothing in it can be chosen, so nothing looks as if it could."""

    keep = 0  # the rows under the first that it heads: it stays on top while they are scrolled

    def __init__(self, heading, rows_of, back, module, clock_runs=False):
        self.heading = heading
        self.module = module
        self.rows_of = rows_of  # the name of a function(app) in its module
        self.back = back
        self.clock_runs = clock_runs
        self.scroll = 0  # the first row shown

    def rows(self, app):
        return self.of_module(self.rows_of)(app)

    def enter(self, app):
        self.scroll = self.last_scroll(app) if self.back is GAME else 0

    def last_scroll(self, app):
        return max(0, len(self.rows(app)) - 6)

    def turn(self, app, delta):
        self.scroll = max(0, min(self.scroll + delta, self.last_scroll(app)))

    def click(self, app):
        app.go(self.back)

    def draw(self, app):
        rows = self.rows(app)
        s = self.scroll
        if 0 < s <= self.keep:
            rows = rows[:1] + rows[s + 1 :]  # (its header kept over the rows it heads, scrolled)
            s = 0
        app.view.list(app, self.heading, rows, s, LIST_FOOTER)


class Result(Menu):
    """The end of a game, whole at once: who won, the score in big digits, the coach's line,
    and Play again / Main menu. Input in its first second is ignored (App.hold), so keys mashed
    at the end of a game start nothing."""

    ends_game = True

    coach_text = ""  # the coach's line, once it has finished
    coaching = False  # the coach is still to start

    def enter(self, app):
        app.hold(RESULT_GRACE_MS)
        Page.turn(self, app, 0)  # (onto the first choice: a game of 3-4 players lists its places first)
        self.coach_text = ""
        # The coach starts once the result is on the display (this frame has saved the game's end).
        self.coaching = True

    def work(self, app):
        """The coach's verdict on the player's endgame, a few probes a frame (kalaha.search.coach)."""
        g = app.game
        th = app.thinker
        if self.coaching:
            if app.frame.drawn or not app.frame.complete:
                # It starts in a frame that drew nothing: the result's whole picture and the
                # coach's setup would not fit one (docs/performance.md, 'Frames').
                return
            self.coaching = False
            t = th.endgame
            if g.computer is not None and t is not None and t.rules_match(g.board):
                # The coach's code is imported here and let go once it has spoken
                # (Thinker.drop_coach). The import (a frame's time on the device) falls in the
                # result's first second, which takes no input anyway.
                from kalaha.search.coach import Coach

                th.coach = Coach(t, g.board, 1 - g.computer)
            return
        c = th.coach
        words = c.words(th) if c is not None else None
        if words is not None:
            self.coach_text = words
            app.render()
        elif th.coach is None:
            app.menus_ahead()  # (once the coach has spoken: Play again needs them)

    def items(self, app):
        """Play again (against the computer, saying who starts it) or the main menu; a game of
        3-4 players: its places, then Again and the main menu (its layout's)."""
        g = app.game
        result_items = getattr(g.mode, "result_items", None)
        if result_items is not None:
            return result_items(app)  # (a ring's places first)
        if g.computer is None:
            return RESULT_ITEMS
        return AGAIN_YOU_FIRST if computer_side(app) == NORTH else AGAIN_COMPUTER_FIRST

    def draw(self, app):
        # Two rows of choices: the cursor's and the one before it (the third: Replay this game).
        # No cursor while the result takes no input (its first second): a push does nothing then.
        items = self.items(app)
        g = app.game
        at = app.cursor
        if app.now < app.hold_until:
            app.cursor = -1
        result = getattr(g.mode, "result", None)
        if result is not None:
            result(app, items)
        elif at < 2:
            app.view.result(app, items)
        else:
            app.cursor = 1 if app.cursor >= 0 else -1
            app.view.result(app, items[at - 1 :])
        app.cursor = at


class Confirm(Menu):
    """A question before an action that cannot be taken back. It starts on the safe answer
    (the first row, back); the action takes a deliberate turn of the knob to its row."""

    # the title, the No and Yes labels, the action's name, the screen to go back to, the row
    # that asked there (the answer goes back to it)
    question = ("", "", "", None, None, 0)

    def ask(self, app, question, no, yes, action, back):
        """Ask before `action` (the name of a function of the asking screen's module, whose row
        the question keeps): `no` goes back to `back`, `yes` does it."""
        self.question = (question, no, yes, action, back, app.cursor)
        self.module = app.screen.module
        app.go(self)

    def title(self, app):
        return self.question[0]

    def items(self, app):
        return ((self.question[1], "not_confirmed"), (self.question[2], "confirmed"))

    def click(self, app):
        """No (the first row): back; Yes: back, then the action."""
        _question, _no, _yes, action, back, row = self.question
        do = self.of_module(action) if app.cursor == 1 else None  # (found before its row goes)
        app.go(back)
        if not back.shows_board:
            app.cursor = row
        if do is not None:
            do(app)


class DrawOffer(Page):
    """Two players: the other player accepts or declines a draw, the device turned to them. It
    starts on "Play on", and for a moment takes no input (App.hold): the offer's own push never
    answers it."""

    module = "flow.gamemenu"  # (its answers: the game menu's, kept from the offer)

    def enter(self, app):
        app.hold(HANDOVER_MS)

    def title(self, app):
        return "%s offers a draw" % SIDE_TITLES[app.game.draw_offer]

    def draw(self, app):
        other = SIDE_TITLES[1 - app.game.draw_offer]
        footer = ("Pass to %s" if app.now < app.hold_until else "%s: turn, push") % other
        app.view.menu(app, self.title(app), self.menu, footer)


class Help(Page):
    """How to play: pages turned by the encoder or the keys; a click goes back."""

    module = "picture.howto"
    back = None  # where a push goes: the main menu, or the game (kalaha.flow.gamemenu.help)

    def key(self, app, key):
        self.turn(app, 1)  # any key: the next page

    def turn(self, app, delta):
        app.cursor = (app.cursor + delta) % len(self.of_module("PAGES"))

    def click(self, app):
        app.go(self.back or MENU)

    def draw(self, app):
        self.of_module("draw_help")(app)


class Settings(Menu):
    """A menu of settings (the settings, the setup against the computer): the bottom line says
    what the chosen one means (its module's setting_note)."""

    def footer_for(self, app):
        return self.of_module("setting_note")(app)


def game_menu_items(app):
    """Only what applies: Swap while the swap is offered, Agree draw between two players."""
    menu = getattr(app.game.mode, "menu", None)
    if menu is not None:
        return menu(app)  # (a puzzle's own rows: kalaha.flow.puzzles)
    items = [("Back to game", GAME), ("Undo", "undo")]
    b = app.game.board
    # two people at one board: the swap and the draw; else (the computer plays) the hint
    two = app.game.computer is None and app.game.mode.two_sides
    if not two:
        items.append(("Hint", "hint"))
    items.append(("Moves", MOVES))
    items.append(("How to play", "help"))
    items.append(music_item(app))
    if two:
        if b is not None and b.swap_available():
            items.append(("Swap sides", "swap_sides"))
        items.append(("Agree draw", "offer_draw"))
    items.append(("Resign", "ask_resign"))
    items.append(MAIN_ITEM)
    return items


def music_item(app):
    """A game menu's quick switch for the background music (kalaha.flow.gamemenu's toggle_music)."""
    return ("Music off" if app.settings["music"] else "Music on", "toggle_music")


# ----- What is in the heap when -----------------------------------------------------------------
# Beside the modules always there (kalaha.flow.app's imports), each screen holds the modules of its
# row, the one whose first is its own (Page.module; a question: the screen that asked); App.go
# lets go every other module named here, imported again as used (App.act, Page.of_module). A
# game keeps its own on every screen: kalaha.saved.clock with a chess clock, its layout's (`modules`:
# kalaha.flow.seven with seven pits, RING_ROW with 3-4 players). Work's code is let go as the work
# ends (kalaha.compat.forget): the hint's, the coach's, the store's loading and compaction, a
# tune's reading.
RING_ROW = ("flow.ringplay", "search.ring_ai", "rules.ring", "picture.ringview")
RESIDENT = (
    ("flow.menus",),  # the main menu, the result (its Play again; 3-4 players': RING_ROW's)
    ("flow.setup", "flow.menus"),  # Play the computer (its Start game: kalaha.flow.menus')
    ("flow.records", "saved.choices", "saved.clock"),  # Settings, Statistics
    ("flow.gamemenu",),  # the game menu, the draw offer (its answers)
    ("picture.movelist",),  # Moves
    ("picture.howto",),  # How to play
    # Replay (a game of 3-4 players, or of seven pits)
    ("flow.replay", "picture.ringview", "rules.ring", "flow.seven"),
    # 3-4 players' setup and game: the two-player game's kalaha.rules.board, ai, ponder and coach let
    # go meanwhile (kalaha.flow.menus.make_room_for_ring; kalaha.rules.ring's games import nothing of them)
    RING_ROW,
)

MENU = Menu("KALAHA", items_of=main_items, module="flow.menus")
SETTINGS = Settings("Settings", items_of="settings_items", module="flow.records")
SETUP = Settings("Play the computer", items_of="setup_items", module="flow.setup")
GAME = Playing()
GAME_MENU = Menu(
    "Game", items_of=game_menu_items, module="flow.gamemenu", clock_runs=True, footer="push: choose"
)
RESULT = Result("", module="flow.menus")
CONFIRM = Confirm("", clock_runs=True)
STATS = Listing("Statistics", "stats_rows", None, "flow.records")
STATS.keep = 3  # (while a level's row is under it: kalaha.flow.records.stats_rows)
REPLAY_LIST = Menu("Replay a game", items_of="replay_items", module="flow.replay")
MOVES = Listing("Moves", "move_lines", GAME, "picture.movelist", clock_runs=True)
HELP = Help()
DRAW_OFFER = DrawOffer()

STATS.back = MENU
MAIN_ITEMS = (
    ("Play computer", SETUP),
    ("Two players", "two_players"),
    ("3-4 players", "open_ring"),
    ("Puzzles", "puzzles"),
    ("Replay", REPLAY_LIST),
    ("Statistics", STATS),
    ("Settings", SETTINGS),
    ("How to play", HELP),
)
RESULT_ITEMS = (("Play again", "play_again"), ("Main menu", MENU), ("Replay this game", "open_replay"))
AGAIN_YOU_FIRST = (("Again: you first", "play_again"),) + RESULT_ITEMS[1:]
AGAIN_COMPUTER_FIRST = (("Again: computer 1st", "play_again"),) + RESULT_ITEMS[1:]
DRAW_ITEMS = (("Play on", "decline_draw"), ("Accept draw", "accept_draw"))
MAIN_ITEM = ("Main menu", "leave_game")  # (the game menu's last row)
RESULT.menu = RESULT_ITEMS
DRAW_OFFER.menu = DRAW_ITEMS
