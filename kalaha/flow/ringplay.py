"""Games of 3 or 4 players round one ring (kalaha.rules.ring) in the one game flow: their setup, and
the ring's mode of the board screen (kalaha.flow.game.Game.mode): the mover's pits on the keys,
every seat's row on the display, the words; the computer's seats and the hint (kalaha.search.ring_ai),
thought in the thinker's slices.

Imported when the main menu's "3-4 players" is chosen (kalaha.flow.menus.open_ring); a game of 3-4
players keeps it on every screen (kalaha.flow.screens.RING_ROW) until the main menu is back.
"""

from kalaha.flow.app import COMPUTER_PAUSE_MS
from kalaha.flow.screens import CONFIRM, GAME, MENU, RESULT, RING_ROW, Menu
from kalaha.picture.draw import FOOTER, line, split
from kalaha.picture.ringview import SEAT_COLOURS, draw_rows, light
from kalaha.picture.ringview import key_of as view_key_of
from kalaha.picture.view import GOOD_COLOUR, ILLEGAL_COLOUR, OFF, PHASE_MS, SEAT_NAMES, scale
from kalaha.rules.ring import CAPTURE_NAMES, RingBoard
from kalaha.saved.journal import RING_MODE
from kalaha.search.ring_ai import LEVEL_NODES, MAX_PLY, RingSearch
from kalaha.search.thinking import SOWING_FLOOR_MS

LEVEL_NAMES = ("easy", "medium", "strong", "expert")  # (kalaha.search.ai's: let go in a game of 3-4 players)
PITS = (3, 4, 6)  # a seat's pits (6: its row's figures in small digits)
LIMITS = (0, 30000, 60000)  # the move time setting: off, 30 s, 60 s (then the computer plays the turn)
# A computer seat's longest think for its whole turn, extra sowings included, per level (its
# node budget usually ends each search sooner): the best move of the deepest search done by then;
# an extra turn's next sowing thinks SOWING_FLOOR_MS at least, a seat sows COMPUTER_PAUSE_MS after
# the board changed, as against the computer of two sides.
CAP_MS = {"easy": 1000, "medium": 800, "strong": 1500, "expert": 5000}
HINT_NODES = 2000  # the hint's search: Strong's nodes, in Strong's time at most (CAP_MS)
# The search's slice: one sowing (a ring's sowing and its position copied), so that a frame
# stays within its time (docs/decisions.md).
THINK_NODES = 1
FOOTER_TEXT = "keys: sow  push: menu"

# The mode's hooks (kalaha.flow.game.Game.mode, as kalaha.flow.sides has them); its modules are kept on every
# screen while its game is on.
modules = RING_ROW
names = SEAT_NAMES
two_sides = False  # (3-4 seats: the device turns to none; the mover's pits are the keys)
pit_keys = False
shows_hints = False  # (its keys are the mover's pits alone)


# ----- the setup (RING_SETUP's items and actions; the last choices kept with the settings) ----


def load_setup(app):
    """The setup as last chosen (kalaha.saved.store's CHOICE_KEYS), made whole: a person plays."""
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
    CONFIRM.ask(app, "Replace saved game?", "No, keep it", "Yes, new game", "begin_ring", RING_SETUP)


def begin_ring(app):
    r = RING
    r.first %= r.players
    board = RingBoard(r.players, r.pits, r.seeds, r.capture, r.first, False)
    rules = {"seats": r.players, "pits": r.pits, "seeds": r.seeds, "capture_from": r.capture}
    # (a field a setting: the computer's seats in the clock byte, the first seat and the move time
    # in the clocks': kalaha.saved.journal.RING_MODE)
    app.store.new_game(rules, RING_MODE, LEVEL_NAMES.index(r.level), r.computers, (r.first, r.limit))
    show_game(app, board)


def resume(app, saved):
    """Continue a saved game of 3-4 players (kalaha.flow.menus.continue_game): the same position."""
    r = RING
    rules = saved.rules
    r.players, r.pits, r.seeds, r.capture = (
        rules["seats"],
        rules["pits"],
        rules["seeds"],
        rules["capture_from"],
    )
    r.level = LEVEL_NAMES[saved.level]
    r.computers = saved.clock
    r.first, r.limit = saved.clocks
    board = RingBoard(r.players, r.pits, r.seeds, r.capture, r.first, False)
    for pit in saved.moves:
        board.push(pit)
    show_game(app, board)
    app.say("welcome back")
    if board.over:
        app.end_game()  # (its last sowing ended it, but the power went before the end was saved)


def show_game(app, board):
    """The game on the board screen, in the app's game (kalaha.flow.game.Game) with this mode."""
    import kalaha.flow.ringplay as mode  # (this module: the game's mode)

    r = RING
    if r.search is None:
        r.search = RingSearch()
    r.turn_ply = -1
    r.turn_started = -1
    r.clock_seat = -1
    r.auto = -1
    r.places = None
    r.rows[4] = r.words_key = -1
    g = app.game
    g.board = board
    g.mode = mode
    RESULT.module = "flow.ringplay"  # (the result's Again: this module's play_again)
    g.computer = None
    g.clock = None
    g.draw_offer = -1
    g.version += 1
    g.forget_last_turn()
    g.face_mover()
    app.thinker.cancel()
    app.sowing.path = None
    app.message = ""
    app.go(GAME)
    seat = board.to_move
    if seat is not None and not is_computer(seat):
        app.say("%s: your move" % SEAT_NAMES[seat], 2500)


def leave(app):
    """The main menu: the game let go whole, its board too (Continue builds it again)."""
    app.game.board = None


def play_again(app):
    """The result's Again: the next seat starts (the starting seat moves on after each game)."""
    RING.first = app.game.board.first + 1
    start_ring(app)


# ----- the board screen's hooks (kalaha.flow.screens.Playing: this mode's keys, knob, work, picture) --


def key_of(board, seat, pit):
    """The key showing `seat`'s pit, or -1: the pits of the seat to move are the keys
    (kalaha.picture.ringview.key_of), the others' are on the display only."""
    return view_key_of(board, board.to_move, seat, pit)


def pit_of(board, key):
    """The pit of the seat to move on `key`, or 0."""
    pit = key - (12 - board.pits) + 1
    return pit if board.to_move is not None and 1 <= pit <= board.pits else 0


def key(app, k):
    """A key let go on the board: a pit of the person to move is sown. A press made out of turn
    on the board never gets here (App.key_down); one made on another screen may (as
    App.press_pit: its release asks again)."""
    b = app.game.board
    pit = pit_of(b, k)
    if app.thinker.thinking or not app.game.human_to_move():
        app.illegal(k, "not your turn")
    elif not pit:
        app.illegal(k, "your pits: lit keys")
    elif not b.cells[b.pit_index(b.to_move, pit)]:
        app.illegal(k, "pit %d is empty" % pit)
    else:
        app.sow(pit)


def turn(app, delta):
    app.say(FOOTER_TEXT)


def clock(app, now):
    """The move time: it starts when a person's turn does; run out, the computer plays the turn.
    Run after the frame is drawn (the mode's work): a change draws it again."""
    r = RING
    g = app.game
    b = g.board
    started = r.turn_started
    if b.to_move != r.clock_seat:  # (a new turn: an extra turn's next sowing is the same turn)
        r.clock_seat = b.to_move
        r.turn_started = -1
        r.auto = -1
    person = b.to_move is not None and not is_computer(b.to_move)
    if r.limit and person and app.sowing.path is None and not g.handover_at:
        if r.turn_started < 0:
            r.turn_started = now
        elif now - r.turn_started >= LIMITS[r.limit]:
            r.auto = b.to_move
            app.say("%s: time is up" % SEAT_NAMES[b.to_move], 2500)  # (the computer sows for it)
            app.render()
    if r.turn_started != started:
        app.render()  # (the words' seconds begin, or end with the turn)


def work(app):
    """A computer seat's thinking or the person's hint, in this frame's share; a computer seat
    sows once decided and paused. Its level's time is for the whole turn (the thinker's turn
    account: the serial report's)."""
    r = RING
    g = app.game
    b = g.board
    th = app.thinker
    clock(app, app.now)
    if b.to_move is None or app.sowing.path is not None or g.handover_at:
        return
    if th.hinting:
        hint_slice(app)
        return
    if not is_computer(b.to_move):
        return
    if not th.thinking:  # (a computer seat's sowing begins: its turn's first, or an extra turn's next)
        if b.ply != r.turn_ply or g.last_mover != b.to_move:
            th.turn_ms = th.turn_nodes = 0
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
    th.thinking = False
    app.sow(r.search.best_pit)
    r.turn_ply = b.ply  # (the turn goes on from here if it earned an extra turn)
    app.render()


def hint(app):
    """The game menu's Hint: the person to move's best pit by Strong's search, its key blinking."""
    g = app.game
    th = app.thinker
    if th.hinting:
        return
    if not g.human_to_move() or th.thinking:
        app.say("Hints: on your turn")
        return
    app.hint_version = g.version
    th.hinting = True
    RING.think_started = app.now
    RING.search.start(g.board, HINT_NODES, MAX_PLY)
    app.say("finding a hint", 5000)


def hint_slice(app):
    g = app.game
    th = app.thinker
    if g.version != app.hint_version or not g.human_to_move():
        th.hinting = False  # (the person moved first: the hint is stale)
        return
    if app.now - RING.think_started >= CAP_MS["strong"]:
        RING.search.stop()  # (the best pit of the deepest search done by then)
    if th.slices(RING.search, nodes=THINK_NODES):
        th.hinting = False
        b = g.board
        pit = RING.search.best_pit
        app.hint_key = key_of(b, b.to_move, pit)
        app.say("good move: pit %d" % pit, 3000)
        app.render()


# ----- drawing -------------------------------------------------------------------------------


def board(app):
    """The board screen: the header and rows, the words and the keys. Their texts are made again
    only when what they show changed (a seed fell, a message, a second of the move time): a
    frame allocates little, so the heap seldom needs a collection in the middle of one."""
    r = RING
    g = app.game
    b = g.board
    frame = app.frame
    s = app.sowing
    sowing = s.path is not None
    cells = s.cells if sowing else b.cells
    mover = s.side if sowing else b.to_move  # (the sower until its last seed falls)
    key = b.ply * 256 + (s.pos + 1 if sowing else 0)
    draw_rows(frame, b, cells, mover, r.rows, key)
    second = (app.now - r.turn_started) // 1000 if r.limit and r.turn_started >= 0 else -1
    if key != r.words_key or app.message is not r.words_said or second != r.words_second:
        r.words_key, r.words_said, r.words_second = key, app.message, second
        if app.message:
            r.words = split(app.message, 21)
        else:
            # (the next seat is named once the last seed has landed, as in two-player games)
            r.words = (last_turn(g), "" if sowing else next_words(b, app.now))
    line(frame, 5, r.words[0])
    line(frame, 6, r.words[1])
    line(frame, FOOTER, FOOTER_TEXT)
    last = s.path[s.pos - 1] if sowing and s.pos else -1
    bright = app.settings["brightness"]
    px = app.pixels
    light(px, b, cells, mover, bright, last)
    blink = (app.now // 250) % 2 == 0
    if app.hint_key >= 0 and app.hint_version == g.version and not sowing:
        px[app.hint_key] = scale(GOOD_COLOUR, bright, 4) if blink else OFF
    refused = app.refused
    if refused.keys[0] >= 0 and blink:
        px[refused.keys[0]] = scale(ILLEGAL_COLOUR, bright, 4)


def last_turn(g):
    """What the last turn did: "Blue played 2", "Orange: 2-1-4-3-1-2"."""
    seat = g.last_mover
    if not g.last_turn or seat < 0:
        return ""
    name = SEAT_NAMES[seat]
    text = "%s played %s" % (name, g.last_turn)
    if len(text) > 21:
        text = "%s: %s" % (name, g.last_turn)
    if len(text) > 21:  # (a long chain of sowings keeps its end)
        text = "%s: ..%s" % (name, g.last_turn[len(text) - 21 + 2 :])
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


# ----- the end (the result screen's hooks: kalaha.flow.screens.Result) ----------------------------


def result_words(b):
    """The result's title: "Blue wins", "2 share first place"."""
    ranks = b.ranks()
    firsts = [s for s in range(b.seats) if ranks[s] == 1]
    return "%s wins" % SEAT_NAMES[firsts[0]] if len(firsts) == 1 else "%d share first place" % len(firsts)


def result_items(app):
    """The places (made once a game: the result's frames allocate nothing), then the choices."""
    r = RING
    if r.places is None:
        b = app.game.board
        ranks = b.ranks()
        stores = b.stores()
        order = sorted(range(b.seats), key=lambda s: (ranks[s], s))
        rows = []
        for s in order:
            who = "computer" if is_computer(s) else ""
            rows.append(("%d %-7s%-9s%3d" % (ranks[s], SEAT_NAMES[s], who, stores[s]), None))
        starts = SEAT_NAMES[(b.first + 1) % b.seats]
        again = ("Again: %s first" % starts, "play_again")
        r.places = tuple(rows) + (again, ("Main menu", MENU), ("Replay this game", "open_replay"))
        r.winners = tuple(s for s in order if ranks[s] == 1)
    return r.places


def open_replay(app):
    """The result's Replay this game (the ring's result acts here): by the main menu, which lets
    this game's code go and brings the two-player code back that the replay imports (the heap of
    a game of 3-4 players has no room for both), so its push goes to the replay list."""
    app.go(MENU)
    from kalaha.flow.replay import REPLAY

    REPLAY.choice = 0
    app.go(REPLAY)


def result(app, items):
    """The places under the title, and a band in the winners' colours across the keys, as after a
    two-player game (one winner: both ends of the band; shared: one colour each end)."""
    app.view.menu(app, app.game.result_text, items)
    winners = RING.winners
    px = app.pixels
    bright = app.settings["brightness"]
    for k in range(12):
        px[k] = OFF
    band = (app.now // PHASE_MS) % 6
    px[band] = scale(SEAT_COLOURS[winners[0]], bright, 6)
    px[11 - band] = scale(SEAT_COLOURS[winners[len(winners) - 1]], bright, 6)


# ----- the state ------------------------------------------------------------------------------


class Ring:
    """The setup chosen, and the ring's game's own state beside kalaha.flow.game.Game's."""

    def __init__(self):
        self.players = 3
        self.computers = 6  # the computer's seats as bits
        self.level = "strong"
        self.pits = 4
        self.seeds = 4
        self.capture = 0
        self.first = 0  # the seat that starts (it moves on after each game)
        self.limit = 0  # the move time (LIMITS index)
        self.search = None  # the computer seats' and the hint's (kalaha.search.ring_ai.RingSearch)
        self.turn_ply = -1  # the ply at which a computer seat's turn goes on (an extra turn)
        self.think_started = -1  # when a computer seat began thinking
        self.decided = -1  # when its search ended (-1: still searching)
        self.clock_seat = -1  # the seat whose turn the move time is timing
        self.turn_started = -1  # when the person to move began the turn (the move time)
        self.auto = -1  # a person's seat the computer plays this turn (their time ran out)
        self.places = None  # the result's rows and winners' seats, once made
        self.winners = ()
        # the display's texts, kept until what they show changes (draw)
        self.rows = ["", "", "", "", -1]  # (each seat's row, then what they show: draw_rows)
        self.words = ("", "")
        self.words_key = -1
        self.words_said = None
        self.words_second = -1


class RingSetup(Menu):
    """The setup: the bottom line says what the chosen line means."""

    def footer_for(self, app):
        return setup_note(app)


RING = Ring()
RING_SETUP = RingSetup("3-4 players", items_of=setup_items, module="flow.ringplay")
