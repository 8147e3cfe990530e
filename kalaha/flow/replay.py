"""Replay: the list of finished games and one of them again, stepped by turn, sowing or seed
(a game of 3-4 players drawn as its rows). In the heap only while shown (kalaha.flow.screens.RESIDENT).
"""

import kalaha.flow.sides as sides
from kalaha.flow.screens import MENU, REPLAY_LIST, Page
from kalaha.picture.draw import FOOTER, line
from kalaha.picture.view import OFF, SEAT_NAMES, SIDE_TITLES, SOW_COLOUR, YOURS_COLOUR, scale
from kalaha.rules.board import DRAW, END_AGREED, END_RESIGN, END_TIME, NORTH, SOUTH, SWAP, Board
from kalaha.saved.journal import RING_MODE, TWO_PLAYERS
from kalaha.search.ai import LEVEL_NAMES

# The list's rows, and the kept games' bytes and their length they were made from: made once,
# not a frame (each row decodes a game, its moves too).
_LISTED = [None, None, 0]


def replay_items(app):
    history = app.store.history
    if _LISTED[1] is history.data and _LISTED[2] == len(history.data):
        return _LISTED[0]
    items = []
    for n in range(len(history)):
        g = history[len(history) - 1 - n]
        items.append(("%2d %s" % (n + 1, game_words(g)), "open_replay"))
    if not history:
        items.append(("no finished games", None))
    items.append(("Back", MENU))
    _LISTED[0] = items
    _LISTED[1] = history.data
    _LISTED[2] = len(history.data)
    return items


def game_words(g):
    """A finished game in a few words, never a number after the list's: "won vs Expert",
    "South beat North", "Orange 1st of 3" (a game of 3 players)."""
    if g.mode == RING_MODE:
        firsts = [seat for seat in range(g.rules["seats"]) if g.result >> seat & 1]
        who = SEAT_NAMES[firsts[0]] if len(firsts) == 1 else "shared"
        return "%s 1st of %d" % (who, g.rules["seats"])
    if g.mode == TWO_PLAYERS:
        if g.result == DRAW:
            return "South drew North"
        return "%s beat %s" % (SIDE_TITLES[g.result], SIDE_TITLES[1 - g.result])
    human = 1 - g.mode
    won = "drew" if g.result == DRAW else ("won" if g.result == human else "lost")
    return "%s vs %s" % (won, LEVEL_NAMES[g.level])


def mover_at(board, ply):
    """The side or seat that made ply number `ply` (a two-player board, or a ring's)."""
    movers = getattr(board, "movers", None)
    return board.mover_of(ply) if movers is None else movers[ply]


def replay_step(replay, delta):
    """Step the replay (Replay) by `delta` units (turn, sowing or seed), forwards or back."""
    r = replay
    b = r.board
    moves = r.game.moves
    unit = r.unit
    for _ in range(abs(delta)):
        at = r.ply
        if delta > 0:
            if at >= len(moves) and r.seeds < 0:
                break
            m = moves[at]
            if unit == 2 and m != SWAP:
                path = b.sow_path(m)
                r.seeds = 1 if r.seeds < 0 else r.seeds + 1
                if r.seeds >= len(path):
                    r.push(m)
                continue
            side = b.to_move
            one = r.seeds >= 0 or unit == 1 or m == SWAP  # (a sowing under way ends first)
            r.push(m)
            if one:
                continue
            while r.ply < len(moves) and b.to_move == side and moves[r.ply] != SWAP:
                r.push(moves[r.ply])
        else:
            if r.seeds >= 0:
                r.seeds = r.seeds - 1 if unit == 2 and r.seeds > 1 else -1
                continue
            if at == 0:
                break
            if unit == 0:
                # back to where the last turn began: a run of one side's sowings (a swap alone)
                k = at - 1
                side = mover_at(b, k)
                while k > 0 and moves[k] != SWAP and moves[k - 1] != SWAP and mover_at(b, k - 1) == side:
                    k -= 1
                while r.ply > k:
                    r.pop()
            else:
                r.pop()
                if unit == 2 and moves[r.ply] != SWAP:
                    last = len(b.sow_path(moves[r.ply])) - 1
                    r.seeds = last if last > 0 else -1
    # The cells shown: the position, plus the first seeds of a sowing under way.
    cells = r.cells
    for i in range(len(cells)):
        cells[i] = b.cells[i]
    if r.seeds >= 0 and r.ply < len(moves):
        m = moves[r.ply]
        cells[b.pit_index(b.to_move, m)] = 0
        for i in b.sow_path(m)[: r.seeds]:
            cells[i] += 1


REPLAY_UNITS = ("turn", "sowing", "seed")
REPLAY_KEYS = "knob: step push: back"  # (the keys: the top row a step's unit, 9 and 11 a step)


class Replay(Page):
    """A finished game again: the knob steps it by turn, sowing or seed, a push goes back; on
    the keys the top row chooses what a step is, the bottom row's outer keys step back and on."""

    shows_board = True
    shows_turn = False
    replays = True
    module = "flow.replay"
    back = None  # where a push goes: the replay list, or the result it was opened from

    def __init__(self):
        self.choice = 0  # which finished game it shows (0 = the newest)
        self.game = None  # that game's record (kalaha.saved.store)
        self.board = None  # its position so far
        self.ply = 0  # ... after this many of its sowings
        self.cells = None  # the cells shown: the position, and a sowing's first seeds
        self.seeds = -1  # seeds of the next sowing already dropped, -1 for none
        self.unit = 0  # what a step is (REPLAY_UNITS)
        self.of_ring = False  # a game of 3-4 players (drawn as its rows: kalaha.picture.ringview)
        self.mode = sides  # how a game of two sides is drawn (kalaha.flow.sides.choose: seven pits' own)
        self.viewer = SOUTH  # whose pits are the bottom row: yours against the computer
        self.rows = ["", "", "", "", -1]  # (the ring's rows: kalaha.picture.ringview.draw_rows)

    def enter(self, app):
        history = app.store.history
        g = history[len(history) - 1 - self.choice]
        self.game = g
        self.of_ring = g.mode == RING_MODE
        self.mode = sides  # (a ring's rows are drawn by kalaha.picture.ringview: below)
        if self.of_ring:
            from kalaha.rules.ring import RingBoard

            r = g.rules
            self.board = RingBoard(r["seats"], r["pits"], r["seeds"], r["capture_from"], g.clocks[0])
        else:
            self.board = Board(**g.rules)
            self.mode = sides.choose(self.board.pits)  # (imported here, not in a frame)
        self.viewer = NORTH if g.mode == SOUTH else SOUTH  # (the computer's side: mode 0 or 1)
        # The game played through once: where each turn begins (`starts`), how many steps of a
        # seed each sowing is (`sown`: a swap one), who was to move at its end (`resigned`: the
        # seat that resigned, in a game of 3-4 players); back to the start after. (Names the
        # device has already: its pools of names have little room, tests/test_build.py.)
        b = self.board
        moves = g.moves
        n = len(moves)
        self.starts = starts = bytearray(n)
        self.sown = sown = bytearray(n)
        for k in range(n):
            m = moves[k]
            starts[k] = k == 0 or m == SWAP or moves[k - 1] == SWAP or mover_at(b, k - 1) != b.to_move
            sown[k] = 1 if m == SWAP else len(b.sow_path(m))
            b.push(m)
        self.resigned = b.to_move
        for _ in range(n):
            b.pop()
        self.ply = 0
        self.cells = list(self.board.cells)
        self.seeds = -1
        self.unit = 0
        self.rows[4] = -1

    def push(self, move):
        self.board.push(move)
        self.ply += 1
        self.seeds = -1

    def pop(self):
        self.board.pop()
        self.ply -= 1

    def key(self, app, key):
        if key < 3:
            self.unit = key  # the top row: what a step is
        elif key == 9:
            self.step(app, -1)
        elif key == 11:
            self.step(app, 1)

    def turn(self, app, delta):
        self.step(app, delta)

    def step(self, app, delta):
        replay_step(self, delta)

    def click(self, app):
        back = self.back
        app.go(back or REPLAY_LIST)
        if back is not None:  # (the result, on its Replay this game, taking input at once)
            app.cursor = [action for _label, action in back.items(app)].index("open_replay")
            app.hold(0)

    def side_name(self, side):
        """Who played `side` in this game: You and Computer, or South and North."""
        mode = self.game.mode
        if mode == TWO_PLAYERS:
            return SIDE_TITLES[side]
        return "Computer" if side == mode else "You"

    def info(self):
        """Beside the opponent's store: what a step is, over the counter that counts it; at the
        start nothing (under the opponent's name a lone "turn" read as theirs)."""
        return REPLAY_UNITS[self.unit] if self.ply or self.seeds >= 0 else ""

    def who(self, side):
        return SEAT_NAMES[side] if self.of_ring else self.side_name(side)

    def footer_for(self, app):
        """The board's words: the step shown and the counter in the step's unit ("turn 12/30:
        S3-1"; beside the stores of the MacroPad's board, whose panel names the unit above,
        "12/30:" over "S3-1"), how the game ended; the controls at the start."""
        head, tail, going = self.words()
        if app.view.columns == 3 and self.mode.pit_keys:
            # (the panel: two lines of 10)
            if not going:
                return head
            return "%s: %s" % (head[head.index(" ") + 1 :], tail if len(tail) <= 10 else tail[:9] + "+")
        return head + (": " if going else ", ") + tail if tail else head

    def words(self):
        """(the counter, the step's move, True) while the game goes on: ("turn 12/30", "S3-1"),
        ("sowing 13/58", "N2"), ("seed 40/220", "S3"); else (the start's or the end's words, the
        winner or "", False): ("You resigned", "winner: Computer", False)."""
        g = self.game
        moves = g.moves
        if self.ply == 0 and self.seeds < 0:
            return REPLAY_KEYS, "", False
        if self.ply >= len(moves) and self.seeds < 0:
            winner = self.winner()
            won = "winner: %s" % winner if winner else "drawn game"
            if g.end == END_RESIGN:
                # (the loser of two sides, the person against the computer; else the seat to move)
                loser = self.resigned if self.of_ring else 1 - g.result
                return "%s resigned" % self.who(loser), won, False
            if g.end == END_AGREED:
                return "draw agreed", "", False
            if g.end == END_TIME and winner:
                return "%s out of time" % self.who(1 - g.result), won, False
            return won, "", False
        k = self.ply - 1 if self.seeds < 0 else self.ply  # (the sowing shown, or under way)
        unit = self.unit
        if unit == 0:
            done = sum(self.starts[: k + 1])
            first = k
            while not self.starts[first]:
                first -= 1
        elif unit == 1:
            done = k + 1
            first = k
        else:
            done = sum(self.sown[: self.ply]) + max(self.seeds, 0)
            first = k
        total = sum(self.starts) if unit == 0 else (len(moves) if unit == 1 else sum(self.sown))
        text = REPLAY_UNITS[unit] + " " + str(done) + "/" + str(total)  # (no new short strings: names)
        b = self.board
        side = mover_at(b, k) if k < self.ply else b.to_move
        pits = "-".join("swap" if moves[i] == SWAP else str(moves[i]) for i in range(first, k + 1))
        if self.of_ring:
            return text, "%s %s" % (SEAT_NAMES[side], pits), True
        letter = SIDE_TITLES[side != self.viewer][0]  # (the viewer's side, S1..S6, the bottom row)
        return text, (letter + " " if pits == "swap" else letter) + pits, True

    def winner(self):
        g = self.game
        if self.of_ring:
            firsts = [SEAT_NAMES[s] for s in range(g.rules["seats"]) if g.result >> s & 1]
            return firsts[0] if len(firsts) == 1 else "shared"
        return "" if g.result == DRAW else self.side_name(g.result)

    def draw(self, app):
        # The keys are the replay's controls: the top row a step's unit (the chosen one bright),
        # keys 9 and 11 a step back and on; in a game of 3-4 players the sower's pits are lit
        # in its colour on the keys as in the game (kalaha.picture.ringview.light), over keys 9 and 11.
        bright = app.settings["brightness"]
        px = app.pixels
        if self.of_ring:
            from kalaha.picture.ringview import light

            self.draw_rows(app)
            b = self.board  # (the sower: of the step shown, or the first mover at the start)
            light(
                px,
                b,
                self.cells,
                mover_at(b, self.ply - 1) if self.ply and self.seeds < 0 else b.to_move,
                bright,
                -1,
            )
        else:
            self.mode.board(app)
            for k in range(12):
                px[k] = OFF
            px[9] = px[11] = scale(YOURS_COLOUR, bright, 16)
        for k in range(3):
            px[k] = scale(SOW_COLOUR, bright, 4 if k == self.unit else 24)

    def draw_rows(self, app):
        """A game of 3-4 players: its rows (the sower's inverted: of the sowing under way, else
        the last), the step's words: its seat and pits over its counter, or how the game ended."""
        from kalaha.picture.ringview import draw_rows

        b = self.board
        frame = app.frame
        last = b.to_move if self.seeds >= 0 else (mover_at(b, self.ply - 1) if self.ply else -1)
        draw_rows(frame, b, self.cells, last, self.rows, self.ply * 256 + self.seeds + 1)
        first, second, going = self.words()
        if first == REPLAY_KEYS:
            first = "step by %s" % REPLAY_UNITS[self.unit]
        elif going:
            first, second = second, first  # (the move over its counter)
        line(frame, 5, app.message or first)
        line(frame, 6, second)
        line(frame, FOOTER, REPLAY_KEYS)


REPLAY = Replay()  # (made with this module, and let go with it)


def open_replay(app):
    """The replay list's action (App.act finds it here): the chosen game again."""
    REPLAY.choice = app.cursor
    app.go(REPLAY)
