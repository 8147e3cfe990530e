"""Games of 3 or 4 players on the device (kalaha.ring): their screens (the setup, the board,
its menu, the places at the end), the keys and display, the computer seats thinking in slices,
the handover round the table.

Imported when the main menu's "3-4 players" is chosen (kalaha.menus.open_ring) and let go when
the main menu is back: its row of kalaha.screens.RESIDENT.
"""

from kalaha.draw import FOOTER, line, split
from kalaha.game import HANDOVER_MS
from kalaha.ring import CAPTURE_NAMES, RingBoard
from kalaha.ring_ai import LEVEL_NODES, MAX_PLY, RingSearch
from kalaha.ringview import SEAT_COLOURS, draw_rows, light
from kalaha.ringview import key_of as view_key_of
from kalaha.screens import MENU, RESULT_GRACE_MS, Confirm, Menu, Page, music_item
from kalaha.store import END_EMPTY, END_RESIGN, RING_MODE, ring_computers
from kalaha.view import CAPTURE, EXTRA, OFF, PASS, PHASE_MS, SEAT_NAMES, TICK, WIN, scale

LEVEL_NAMES = ("easy", "medium", "strong", "expert")  # (kalaha.ai's: let go in a game of 3-4 players)
PITS = (3, 4, 6)  # a seat's pits (6: its row's figures in small digits)
LIMITS = (0, 30000, 60000)  # the move time setting: off, 30 s, 60 s (then the computer plays the turn)
# A computer seat's longest think for its whole turn, extra sowings included, per level (its
# node budget usually ends each search sooner): the best move of the deepest search done by then.
CAP_MS = {"easy": 1000, "medium": 800, "strong": 1500, "expert": 5000}
SOWING_FLOOR_MS = 100  # ... and the least an extra turn's next sowing may think
COMPUTER_PAUSE_MS = 500  # a computer seat sows no sooner than this after the board changed
ANIM_MS = (40, 110, 220)  # ms a seed, by the speed setting
# The search's slice: one sowing (a ring's sowing and its position copied), so that a frame
# stays within its time (docs/decisions.md).
THINK_NODES = 1
FOOTER_TEXT = "keys: sow  push: menu"


# ----- the setup (RING_SETUP's items and actions; the last choices kept with the settings) ----


def load_setup(app):
    """The setup as last chosen (kalaha.store's CHOICE_KEYS), made whole: a person plays."""
    r = RING
    st = app.settings
    r.players = st["ring_players"]
    r.computers = st["ring_computers"] & ((1 << r.players) - 1)
    if r.computers == (1 << r.players) - 1:
        r.computers -= 1  # (Blue a person again: someone plays)
    r.level = LEVEL_NAMES[st["ring_level"]]
    r.pits = st["ring_pits"]
    r.seeds = min(st["ring_seeds"], most_seeds())
    r.capture = st["ring_capture"]
    r.limit = st["ring_limit"]


def save_setup(app):
    r = RING
    st = app.settings
    st["ring_players"] = r.players
    st["ring_computers"] = r.computers
    st["ring_level"] = LEVEL_NAMES.index(r.level)
    st["ring_pits"] = r.pits
    st["ring_seeds"] = r.seeds
    st["ring_capture"] = r.capture
    st["ring_limit"] = r.limit
    app.store.save_settings(st)


def setup_items(app):
    r = RING
    seats = tuple(
        ("%s: %s" % (SEAT_NAMES[seat], "computer" if r.computers >> seat & 1 else "person"), "next_seat")
        for seat in range(r.players)
    )
    rest = (
        ("Level: %s" % r.level, "next_ring_level"),
        ("Pits: %d" % r.pits, "next_pits"),
        ("Seeds: %d" % r.seeds, "next_seeds"),
        ("Capture: %s" % CAPTURE_NAMES[r.capture], "next_capture"),
        ("Move time: %s" % ("%d s" % (LIMITS[r.limit] // 1000) if r.limit else "off"), "next_limit"),
        ("Start game", "start_ring"),
        ("Back", MENU),
    )
    return (("Players: %d" % r.players, "next_players"),) + seats + rest


# What the setup's chosen line means, on its bottom line (at most 21 characters).
CAPTURE_NOTES = ("captures: next seat", "captures: seat across", "captures: every seat")
SETUP_NOTES = ("", "the computer's skill", "pits in each row", "seeds in each pit")


def setup_note(app):
    r = RING
    row = app.cursor
    if row == 0:
        return "3 or 4 round a ring"
    if row <= r.players:
        return "push: who plays it"
    row -= r.players
    if row == 4:
        return CAPTURE_NOTES[r.capture]
    if row == 5:
        return "then computer plays" if r.limit else "no time limit"
    return SETUP_NOTES[row] if row < 4 else ""


def changed(app):
    save_setup(app)


def next_players(app):
    r = RING
    r.players = 4 if r.players == 3 else 3
    r.computers &= (1 << r.players) - 1
    if r.computers == (1 << r.players) - 1:
        r.computers -= 1  # (Blue a person again: someone plays)
    changed(app)


def next_seat(app):
    """The seat on the chosen row: a person <-> the computer (one seat at least a person's)."""
    r = RING
    flipped = r.computers ^ (1 << (app.cursor - 1))
    if flipped == (1 << r.players) - 1:
        app.say("a person must play")
        return
    r.computers = flipped
    changed(app)


def next_ring_level(app):
    RING.level = LEVEL_NAMES[(LEVEL_NAMES.index(RING.level) + 1) % len(LEVEL_NAMES)]
    changed(app)


def next_pits(app):
    r = RING
    r.pits = PITS[(PITS.index(r.pits) + 1) % len(PITS)]
    r.seeds = min(r.seeds, most_seeds())
    changed(app)


def most_seeds():
    """6 seeds a pit; with 6 pits 4 (the source's 3 or 4): every count then has two digits."""
    return 4 if RING.pits == 6 else 6


def next_seeds(app):
    RING.seeds = RING.seeds + 1 if RING.seeds < most_seeds() else 3
    changed(app)


def next_capture(app):
    RING.capture = (RING.capture + 1) % len(CAPTURE_NAMES)
    changed(app)


def next_limit(app):
    RING.limit = (RING.limit + 1) % len(LIMITS)
    changed(app)


def is_computer(seat):
    """A seat chosen for the computer (and a person's whose time ran out, for that turn)."""
    return RING.computers >> seat & 1 == 1 or seat == RING.auto


def start_ring(app):
    """Start game: a saved game waiting to be continued is replaced only if the player says so."""
    if app.store.current is None:
        begin_ring(app)
        return
    RING_CONFIRM.ask(app, "Replace saved game?", "No, keep it", "Yes, new game", "begin_ring", RING_SETUP)


def begin_ring(app):
    r = RING
    r.first %= r.players
    board = RingBoard(r.players, r.pits, r.seeds, r.capture, r.first, False)
    rules = {"seats": r.players, "pits": r.pits, "seeds": r.seeds, "capture_from": r.capture}
    level = LEVEL_NAMES.index(r.level) | (r.first << 4) | (r.limit << 6)
    app.store.new_game(rules, RING_MODE, level, r.computers)  # (its clock byte: the seats as bits)
    show_game(app, board)


def resume(app, saved):
    """Continue a saved game of 3-4 players (kalaha.menus.continue_game): the same position."""
    r = RING
    rules = saved.rules
    r.players, r.pits, r.seeds, r.capture = (
        rules["seats"],
        rules["pits"],
        rules["seeds"],
        rules["capture_from"],
    )
    r.level = LEVEL_NAMES[saved.level & 3]
    r.computers = ring_computers(saved)
    r.first = (saved.level >> 4) & 3
    r.limit = saved.level >> 6
    board = RingBoard(r.players, r.pits, r.seeds, r.capture, r.first, False)
    for pit in saved.moves:
        board.push(pit)
    show_game(app, board)
    app.say("welcome back")
    if board.over:
        end_game(app)  # (its last sowing ended it, but the power went before the end was saved)


def show_game(app, board):
    r = RING
    r.board = board
    if r.search is None:
        r.search = RingSearch()
    r.sowings = ""
    r.turn_seat = -1
    r.think_started = -1
    r.turn_started = -1
    r.auto = -1
    r.facing = board.to_move
    r.turn_ply = -1
    r.places = None
    r.rows[4] = r.words_key = -1
    app.sowing.path = None
    app.message = ""
    app.go(RING)
    greet(app)


def greet(app):
    seat = RING.board.to_move
    if seat is not None and not is_computer(seat):
        RING.facing = seat
        app.say("%s: your move" % SEAT_NAMES[seat], 2500)


def leave_ring(app):
    """Back to the main menu: the ring's modules and its game let go."""
    RING.board = None
    RING.search = None
    app.thinker.thinking = False
    app.go(MENU)


def play_again(app):
    RING.first = RING.board.first + 1  # the starting seat moves on after each game
    start_ring(app)


def ask_resign(app):
    b = RING.board
    if b.to_move is None or is_computer(b.to_move):
        app.say("resign on your turn")
        return
    question = "%s resigns?" % SEAT_NAMES[b.to_move]
    RING_CONFIRM.ask(app, question, "No, play on", "Yes, resign", "resign_ring", RING)


def resign_ring(app):
    """The person to move gives up: last place for that seat; the game ends."""
    b = RING.board
    if b.to_move is not None and not is_computer(b.to_move):
        app.thinker.thinking = False
        b.resign(b.to_move)
        end_game(app, END_RESIGN)


# ----- the board: keys ------------------------------------------------------------------------


def key_of(board, seat, pit):
    """The key showing `seat`'s pit, or -1: the pits of the seat to move are the keys
    (kalaha.ringview.key_of), the others' are on the display only."""
    return view_key_of(board, board.to_move, seat, pit)


def pit_of(board, key):
    """(seat, pit) on `key`, or None."""
    pit = key - (12 - board.pits) + 1
    if board.to_move is not None and 1 <= pit <= board.pits:
        return board.to_move, pit
    return None


def key(app, k):
    r = RING
    b = r.board
    if app.sowing.path is not None:
        finish_sowing(app)  # a key skips the sowing, and does nothing else
        return
    if b.to_move is None:
        return
    if is_computer(b.to_move):
        app.illegal(k, "%s is thinking" % SEAT_NAMES[b.to_move])
        return
    at = pit_of(b, k)
    if at is None:
        app.illegal(k, "your pits: lit keys")
        return
    _seat, pit = at
    if not b.cells[b.pit_index(b.to_move, pit)]:
        app.illegal(k, "pit %d is empty" % pit)
        return
    sow(app, pit)


def turn(app, delta):
    app.say(FOOTER_TEXT)


def click(app):
    if app.sowing.path is not None:
        finish_sowing(app)
        return
    app.go(RING_MENU)


def sow(app, pit):
    r = RING
    b = r.board
    seat = b.to_move
    app.sowing.start(b, pit, app.now, ANIM_MS[app.settings["speed"]])
    r.sowings = r.sowings + "-%d" % pit if r.turn_seat == seat and r.sowings else "%d" % pit
    r.turn_seat = seat
    b.push(pit)
    app.store.move(pit)  # (saved as it is made: a power cut loses at most this sowing)
    app.message = ""  # (what the last sowing did is over: this one speaks for itself)
    app.message_until = 0


def end_game(app, end=END_EMPTY):
    """Saved (the first places' seats as bits) and counted; the places shown."""
    b = RING.board
    RING.auto = -1  # (the places name the computer's seats only)
    ranks = b.ranks()
    app.store.end_game(sum(1 << s for s in range(b.seats) if ranks[s] == 1), end)
    app.sound(WIN)
    app.message = ""
    app.go(RING_RESULT)


def finish_sowing(app):
    """The last seed has fallen: what it did, the end, or the next seat."""
    app.sowing.path = None
    r = RING
    b = r.board
    seat = r.turn_seat
    if b.to_move is None:
        end_game(app)
        return
    text = ""
    if b.last_capture:
        app.sound(CAPTURE)
        text = "%s takes %d" % (SEAT_NAMES[seat], b.last_capture)
    elif b.last_extra:
        app.sound(EXTRA)
        text = "%s: extra turn" % SEAT_NAMES[seat]
    if b.to_move != seat:
        r.auto = -1  # (the computer played out a turn whose time ran out)
        r.turn_started = -1
        if not is_computer(b.to_move) and b.to_move != r.facing:
            # The next person: the device goes round the table to them.
            r.facing = b.to_move
            app.sound(PASS)
            app.hold(HANDOVER_MS)  # (the last person's keys are the same keys: not the next's)
            text = (text + ". " if text else "") + "Pass to %s" % SEAT_NAMES[b.to_move]
    if text:
        app.say(text, 2500)


# ----- time: the sowing's seeds, the computer seats ----------------------------------------------


def tick(app, now):
    r = RING
    b = r.board
    if r.limit and b.to_move is not None and app.sowing.path is None and not is_computer(b.to_move):
        # The move time: it starts when the turn does; run out, the computer plays the turn.
        if r.turn_started < 0:
            r.turn_started = now
        elif now - r.turn_started >= LIMITS[r.limit]:
            r.auto = b.to_move
            app.say("%s: time is up" % SEAT_NAMES[b.to_move], 2500)  # (the computer sows for it)
    s = app.sowing
    if s.path is not None:
        ms = ANIM_MS[app.settings["speed"]]
        while s.path is not None and now >= s.next:
            if s.step(ms):
                app.sound(TICK)
            else:
                finish_sowing(app)


def work(app):
    """A computer seat's thinking, in this frame's share; it sows once decided and paused. Its
    level's time is for the whole turn (app.thinker's turn account: the serial report's)."""
    r = RING
    b = r.board
    th = app.thinker
    if b is None or b.to_move is None or app.sowing.path is not None or not is_computer(b.to_move):
        return
    if r.think_started < 0:
        if r.turn_seat != b.to_move or len(b.moves) != r.turn_ply:
            th.turn_ms = th.turn_nodes = 0  # a new turn (not an extra turn's next sowing)
        r.think_started = app.now
        r.decided = -1
        th.thinking = True
        nodes = LEVEL_NODES[r.level]
        r.search.start(b, nodes if nodes else 1 << 20, MAX_PLY if nodes else 1)
        return
    if r.decided < 0:
        if app.now - r.think_started >= max(CAP_MS[r.level] - th.turn_ms, SOWING_FLOOR_MS):
            r.search.stop()
        if not th.slices(r.search, nodes=THINK_NODES):
            return
        r.decided = app.now
        th.turn_ms += app.now - r.think_started
        th.turn_nodes += r.search.nodes
    if app.now - r.think_started < COMPUTER_PAUSE_MS:
        return  # (paused: the last sowing's effect is read before the computer's next cause)
    r.think_started = -1
    th.thinking = False
    sow(app, r.search.best_pit)
    r.turn_ply = len(b.moves)  # (the turn goes on from here if it earned an extra turn)
    app.render()


def computer_moving(app):
    """True while a computer seat's turn goes on (the serial report's turn figures)."""
    b = RING.board
    return b is not None and b.to_move is not None and is_computer(b.to_move)


# ----- drawing -------------------------------------------------------------------------------


def draw(app):
    """The header and rows, the words and the keys. Their texts are made again only when what
    they show changed (a seed fell, a message, a second of the move time): a frame allocates
    little, so the heap seldom needs a collection in the middle of one."""
    r = RING
    b = r.board
    frame = app.frame
    s = app.sowing
    sowing = s.path is not None
    cells = s.cells if sowing else b.cells
    mover = s.side if sowing else b.to_move  # (the sower until its last seed falls)
    key = len(b.moves) * 256 + (s.pos + 1 if sowing else 0)
    draw_rows(frame, b, cells, mover, r.rows, key)
    second = (app.now - r.turn_started) // 1000 if r.limit and r.turn_started >= 0 else -1
    if key != r.words_key or app.message is not r.words_said or second != r.words_second:
        r.words_key, r.words_said, r.words_second = key, app.message, second
        if app.message:
            r.words = split(app.message, 21)
        else:
            # (the next seat is named once the last seed has landed, as in two-player games)
            r.words = (last_turn(), "" if sowing else next_words(b, app.now))
    line(frame, 5, r.words[0])
    line(frame, 6, r.words[1])
    line(frame, FOOTER, FOOTER_TEXT)
    last = s.path[s.pos - 1] if sowing and s.pos else -1
    light(app.pixels, b, cells, mover, app.settings["brightness"], last)
    refused = app.refused
    if refused.keys[0] >= 0 and (app.now // 250) % 2 == 0:
        app.pixels[refused.keys[0]] = scale(0xFF0000, app.settings["brightness"], 4)


def last_turn():
    """What the last turn did: "Blue played 2", "Orange: 2-1-4-3-1-2"."""
    r = RING
    if not r.sowings or r.turn_seat < 0:
        return ""
    text = "%s played %s" % (SEAT_NAMES[r.turn_seat], r.sowings)
    if len(text) > 21:
        text = "%s: %s" % (SEAT_NAMES[r.turn_seat], r.sowings)
    if len(text) > 21:  # (a long chain of sowings keeps its end)
        text = "%s: ..%s" % (SEAT_NAMES[r.turn_seat], r.sowings[len(text) - 21 + 2 :])
    return text


def next_words(b, now):
    if b.to_move is None:
        return "game over"
    name = SEAT_NAMES[b.to_move]
    if is_computer(b.to_move):
        return "%s thinking" % name
    r = RING
    if r.limit and r.turn_started >= 0:
        left = (LIMITS[r.limit] - (now - r.turn_started)) // 1000
        return "%s: your move %2ds" % (name, max(0, left))
    return "%s: your move" % name


# ----- the end ------------------------------------------------------------------------------


def result_items(app):
    """The places (made once a game: the result's frames allocate nothing), then the choices."""
    r = RING
    if r.places is None:
        b = r.board
        ranks = b.ranks()
        stores = b.stores()
        order = sorted(range(b.seats), key=lambda s: (ranks[s], s))
        rows = []
        for s in order:
            who = "computer" if is_computer(s) else ""
            rows.append(("%d %-7s%-9s%3d" % (ranks[s], SEAT_NAMES[s], who, stores[s]), None))
        starts = SEAT_NAMES[(b.first + 1) % b.seats]
        r.places = tuple(rows) + (("Again: %s first" % starts, "play_again"), ("Main menu", "leave_ring"))
        r.winners = tuple(s for s in order if ranks[s] == 1)
        firsts = r.winners
        one = "%s wins" % SEAT_NAMES[firsts[0]]
        r.places_title = one if len(firsts) == 1 else "%d share first place" % len(firsts)
    return r.places


def result_title(app):
    result_items(app)
    return RING.places_title


def result_keys(app):
    """A band in the winners' colours runs across the keys, as after a two-player game (one
    winner: both ends of the band; shared: one colour each end). Allocates nothing a frame."""
    winners = RING.winners
    px = app.pixels
    bright = app.settings["brightness"]
    for k in range(12):
        px[k] = OFF
    band = (app.now // PHASE_MS) % 6
    px[band] = scale(SEAT_COLOURS[winners[0]], bright, 6)
    px[11 - band] = scale(SEAT_COLOURS[winners[len(winners) - 1]], bright, 6)


# ----- the screens ----------------------------------------------------------------------------


class RingGame(Page):
    """The board of a 3-4 player game: keys sow, the knob's push opens its menu."""

    module = "ringplay"
    ring = True

    def __init__(self):
        self.players = 3
        self.computers = 6  # the computer's seats as bits
        self.level = "strong"
        self.pits = 4
        self.seeds = 4
        self.capture = 0
        self.board = None  # the game (kalaha.ring.RingBoard)
        self.search = None  # the computer seats' (kalaha.ring_ai.RingSearch)
        self.sowings = ""  # the last turn's sowings ("2-4") ...
        self.turn_seat = -1  # ... by this seat
        self.turn_ply = -1  # the ply at which a computer seat's turn goes on (an extra turn)
        self.think_started = -1  # when a computer seat began thinking (-1: not thinking)
        self.decided = -1  # when its search ended (-1: still searching)
        self.facing = 0  # the person holding the device
        self.first = 0  # the seat that starts (it moves on after each game)
        self.limit = 0  # the move time (LIMITS index)
        self.turn_started = -1  # when the person to move began the turn (the move time)
        self.auto = -1  # a person's seat the computer plays this turn (their time ran out)
        self.places = None  # the result's rows, title and winners' seats, once made
        self.places_title = ""
        self.winners = ()
        # the display's texts, kept until what they show changes (draw)
        self.rows = ["", "", "", "", -1]  # (each seat's row, then what they show: draw_rows)
        self.words = ("", "")
        self.words_key = -1
        self.words_said = None
        self.words_second = -1

    def key(self, app, k):
        key(app, k)

    def turn(self, app, delta):
        turn(app, delta)

    def click(self, app):
        click(app)

    def tick(self, app, now):
        tick(app, now)

    def work(self, app):
        work(app)

    def draw(self, app):
        draw(app)

    def computer_moving(self, app):
        return computer_moving(app)


class RingSetup(Menu):
    """The setup: the bottom line says what the chosen line means."""

    def footer_for(self, app):
        return setup_note(app)


class RingResult(Menu):
    """The places; input in its first second is ignored (App.hold: mashed at the game's end)."""

    ends_game = True

    def title(self, app):
        return result_title(app)

    def enter(self, app):
        app.hold(RESULT_GRACE_MS)
        Menu.enter(self, app)

    def draw(self, app):
        Menu.draw(self, app)
        result_keys(app)


def toggle_music(app):
    """The ring's game menu's Music on or off (kalaha.gamemenu.toggle_music: not imported in a ring)."""
    app.settings["music"] = 0 if app.settings["music"] else app.settings["tune"]
    app.store.save_settings(app.settings)


def ring_menu_items(app):
    return RING_MENU_ITEMS[:1] + (music_item(app),) + RING_MENU_ITEMS[1:]


RING = RingGame()
RING_SETUP = RingSetup("3-4 players", items_of=setup_items, module="ringplay")
RING_MENU = Menu("Game", items_of=ring_menu_items, module="ringplay", footer="push: choose")
RING_MENU_ITEMS = (("Back to game", RING), ("Resign", "ask_resign"), ("Main menu", "leave_ring"))
RING_RESULT = RingResult("", items_of=result_items, module="ringplay")
RING_CONFIRM = Confirm("")  # (its own: a screen of the ring's, App.go)
for _screen in (RING_SETUP, RING_MENU, RING_RESULT, RING_CONFIRM):
    _screen.ring = True
