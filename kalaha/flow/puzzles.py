"""The puzzles ("find the move"): one a line of puzzles.txt, read a line at a time, integers only,
and the device's puzzle mode (a game's board: imported while a puzzle is shown, let go after).
"""

from kalaha.compat import const, forget
from kalaha.flow.screens import GAME, MAIN_ITEM, music_item
from kalaha.picture.view import LOSE, SIDE_TITLES, WIN
from kalaha.rules.board import NORTH, SOUTH, Board

FILE = "kalaha/puzzles.txt"  # from the game's folder (App.root: the drive's root on the device)
_LINE = const(512)  # a line's bytes at most (the set's longest: 426, ten extra turns' later values)
_CHUNK = const(256)  # the file read this much at a time to count its lines
NO_MOVE = const(-99)  # the value of an empty pit (no sowing to value)
CELLS = const(14)  # 6 pits, the store, 6 pits, the store: South (the mover) first
_TRIES = const(0)  # kalaha.saved.store.Store.puzzles: the wrong tries of the puzzle tried last ...
_TRIED = const(1)  # ... its number (2 bytes) ...
_SOLVED = const(7)  # ... and from here a bit a puzzle, solved (kalaha.saved.store)
_SHOWN_MS = const(2500)  # the end of a wrong try and of the reply shown this long, then the position
_HINT_AFTER = const(2)  # wrong tries before the answer's key lights by itself

# A theme a puzzle, by its number in the file: what the best line is about.
THEMES = (
    "extra turn chain",
    "capture",
    "keep seeds",
    "starve",
    "empty the side",
    "the last seed",
    "quiet move",
)


class Puzzle:
    """One puzzle: `cells` (the board's 14, South to move), `turns` (every best whole turn, a list
    of pits each; the first is the answer shown), `margin` (South's final store difference with
    perfect play after it), `values` (each first sowing's margin by pit 1..6, NO_MOVE for an empty
    pit), `theme` (a THEMES number), `grade` (its difficulty: larger is harder) and `later` (the
    margin after each sowing that leaves the best turns after their start, keyed by the turn so
    far as digits: 54 for S5, an extra turn, then S4)."""

    def __init__(self, number, cells, turns, margin, values, theme, grade, later):
        self.number = number
        self.cells = cells
        self.turns = turns
        self.margin = margin
        self.values = values
        self.theme = theme
        self.grade = grade
        self.later = later
        self.next = 0  # the puzzle asked for by the knob or a key, read in a quiet frame (work)
        self.reply = ""  # a wrong try's words while North's best reply is played (App.game_tick)
        self.hinted = False  # the hint given in this try: it goes on to the turn's next sowing
        self.right = False  # the try was judged right (and its end is shown)

    level = "expert"  # North's replies (kalaha.search.ai.LEVELS): best in all of the set's (performance.md)

    # ----- the game's mode (kalaha.flow.game.Game.mode: the puzzle on the board) ------------------
    # A board of two sides, a key a pit (kalaha.flow.sides), whose turns are judged, not saved; North
    # plays only to answer a wrong try, and thinks nothing on the player's time.
    names = SIDE_TITLES
    modules = ()
    two_sides = True
    pit_keys = True
    saves = False  # (its try is saved: Store.puzzle_tried)
    ponders = False
    own_keys = True  # (a key while North replies brings the position back: key)
    shows_hints = False  # (they would give the answer away)
    menu_row = "puzzles"  # (left by the game menu: the main menu's cursor on Puzzles)

    @property
    def replies(self):
        """North begins its move: a wrong try's best reply (App.game_tick)."""
        return bool(self.reply)

    def board(self, app):
        app.view.board(app)

    def sown(self, app, side):
        """A sowing's end (App.finish_sowing): a whole turn, or a sowing of North's reply,
        judged (True: the puzzle took it); the player's extra turn, the hint's next pit."""
        if app.game.board.to_move != side or self.reply:
            self.judge(app)
            return True
        if self.hinted:
            self.hint(app)
        return False

    def hand_over(self, app):
        self.again(app)  # (a wrong try shown: the puzzle's position comes back)

    def leave(self, app):
        """The main menu: the puzzle's board and code let go (no game is on; a saved one waits
        for Continue)."""
        app.game.board = None
        forget("kalaha.flow.puzzles")

    # ----- what the board says in a puzzle (kalaha.picture.view asks) --------------------------------

    def title(self, app):
        """The opponent's label: which puzzle."""
        return "Puzzle %d" % self.number

    def info(self, app):
        """Beside it: solved now, solved before, else nothing."""
        if self.right:
            return "Right!"
        return "solved" if solved(app.store, self.number) else ""

    def footer(self, app):
        """The words when nothing is said: the goal (also while a try is sown, not yet judged),
        or what comes next."""
        if self.reply:
            return self.reply  # (the reply's sowings end what was said: App.sow)
        if self.right:
            return "key: next puzzle"
        if self.margin:
            return "Your move: win by %d" % self.margin
        return "Your move: get a draw"

    def menu(self, app):
        """The game menu's rows in a puzzle (kalaha.flow.screens.game_menu_items)."""
        return (
            ("Back to puzzle", GAME),
            ("Hint", "hint"),
            ("How to play", "help"),
            music_item(app),
            MAIN_ITEM,
        )

    # ----- the player's turns (kalaha.flow.app and kalaha.flow.screens ask the game's puzzle) ----------

    def again(self, app):
        """The puzzle's position back (a wrong try and its reply shown), and the hint after
        enough wrong tries."""
        g = app.game
        b = g.board
        app.thinker.cancel()
        app.sowing.path = None  # (a key let go while North sows: its sowing shown no more)
        while b.ply:
            b.pop()
        self.reply = ""
        self.hinted = False
        self.right = False
        g.version += 1
        g.handover_at = 0
        app.message = ""
        app.effect.until = 0  # (the last turn's capture or extra turn blinks no more)
        app.effect.keys[0] = app.effect.keys[1] = -1
        g.forget_last_turn()
        g.face_mover()
        p = app.store.puzzles
        if p[_TRIED] | p[_TRIED + 1] << 8 == self.number and p[_TRIES] >= _HINT_AFTER:
            self.hint(app)

    def hint(self, app):
        """The answer's next pit (after the turn's sowings so far) blinks green on its key until
        it is sown (kalaha.picture.view); a turn already off every best one is said so."""
        g = app.game
        if g.board.to_move != SOUTH:
            return
        done = g.board.moves()  # (South's sowings of this try: North has not replied)
        n = len(done)
        for turn in self.turns:
            if len(turn) > n and turn[:n] == done:
                app.hint_key = 5 + turn[n]  # (South's pit P is view key 5 + P: kalaha.picture.view)
                app.hint_version = g.version
                app.say("Hint: the green key", 3000)
                self.hinted = True
                return
        self.hinted = False
        app.say("S%d is not the answer" % done[self.off(done)], 3000)

    def off(self, sowings):
        """Where `sowings` (pits) leave every best turn: the first sowing none of them makes."""
        k = 0
        while any(turn[: k + 1] == sowings[: k + 1] for turn in self.turns):
            k += 1
        return k

    def lost(self, pits):
        """(k, margin): pits[k] the first of the sowings `pits` off every best turn, and South's
        final margin after pits[: k + 1] with perfect play (None where the file has none)."""
        k = self.off(pits)
        if not k:
            return 0, self.values[pits[0] - 1]
        n = 0
        for pit in pits[: k + 1]:
            n = n * 10 + pit
        return k, self.later.get(n)

    def wrong(self, turn):
        """A wrong try's words: what its sowings up to the first off every best turn lose with
        best play after them, "S3 loses 2 seeds", "S5-4 loses 12 seeds", "S5-6-4 loses 3" (two
        lines of 10: a long right start shortened, "S1-..-6-2 loses 4")."""
        pits = [int(pit) for pit in turn.split("-")]
        k, value = self.lost(pits)
        name = turn[: 2 * k + 1] if k < 5 else "%d-..-%s" % (pits[0], turn[2 * k - 2 : 2 * k + 1])
        if value is None:
            return "S%s not best" % name  # (a file without the value: none of the set's)
        return "S%s loses %d" % (name, self.margin - value) + (" seeds" if k < 2 else "")

    def judge(self, app):
        """A whole turn has ended, or a sowing of North's reply (App.finish_sowing). The
        player's: right, saved with a word of why; wrong, saved, what it loses said, North's
        best reply played (App.game_tick). North's (or a try that ended the game): its end shown
        a moment, then the position back (App.hand_over, again)."""
        g = app.game
        if self.reply:
            if g.board.to_move != NORTH:  # (its extra turns say nothing: the loss stays said)
                g.handover_at = app.now + _SHOWN_MS
            return
        turn = g.last_turn
        right = [int(pit) for pit in turn.split("-")] in self.turns
        app.store.puzzle_tried(self.number, right)
        if right:
            self.right = True
            app.sound(WIN)
            app.say(THEMES[self.theme], 4000)
            return
        app.sound(LOSE)
        words = self.wrong(turn)
        if g.board.to_move is None:
            app.say(words, _SHOWN_MS)
            g.handover_at = app.now + _SHOWN_MS  # (the try ended the game: no reply)
        else:
            self.reply = words

    def key(self, app, key):
        """A key on a puzzle's board: a pit on the player's turn; while North replies, the
        position back at once; after the answer, the next puzzle."""
        if self.right:
            self.next = self.number + 1
        elif app.game.board.to_move == SOUTH:
            app.press_pit(key)
        else:
            self.again(app)  # (a wrong try's end: North's reply, or the game it ended)

    def turn(self, app, delta):
        """The knob: the next or previous puzzle (before the first: the last). Before the first
        the steps count from the end (-1: the last, -2 the one before), the set's size being
        known only when it is read; steps from there past the end count from the first again."""
        base = self.next or self.number
        n = base + delta
        if base > 0 and n <= 0:
            n -= 1
        elif base < 0 and n >= 0:
            n += 1
        self.next = n

    def work(self, app):
        """The puzzle asked for, read in a frame that drew nothing (a read takes up to 15 ms on
        the device, the event's frame has drawn): a knob turned fast reads only where it stops;
        then the board's long work (North's reply, App.game_work)."""
        n = self.next
        if n and app.frame.complete and not app.frame.drawn:
            self.next = 0
            play(app, pick(app, n))
        app.game_work()


def _ints(word):
    """b"3,-2,x" -> [3, -2, NO_MOVE]."""
    out = []
    for part in word.split(b","):
        out.append(NO_MOVE if part == b"x" else int(part))
    return out


def parse(line, number=0):
    """A Puzzle from one line of the file (bytes); ValueError when it is damaged."""
    words = line.split()
    if len(words) != 7:
        raise ValueError("puzzle line")
    cells = _ints(words[0])
    turns = []
    for word in words[1].split(b","):
        turn = []
        for ch in word:
            if not 49 <= ch <= 54:  # pits "1".."6"
                raise ValueError("puzzle turn")
            turn.append(ch - 48)
        turns.append(turn)
    values = _ints(words[3])
    theme = int(words[4])
    if len(cells) != CELLS or len(values) != 6 or not turns[0] or not 0 <= theme < len(THEMES):
        raise ValueError("puzzle line")
    later = {}
    if words[6] != b"-":
        for node in words[6].split(b";"):  # b"56:1=2,4=6": after S5-6, S1 gives 2, S4 gives 6
            start, sowings = node.split(b":")
            for sowing in sowings.split(b","):
                pit, value = sowing.split(b"=")
                later[int(start + pit)] = int(value)
    return Puzzle(number, cells, turns, int(words[2]), values, theme, int(words[5]), later)


def _seek(f, number, buf):
    """`f` at the start of puzzle `number`'s line, past the comments at the top; False past the
    last. Lines counted a chunk (`buf`) at a time: a line at a time (readline reads a byte at a
    time) is too slow for a frame on the device (docs/performance.md, "The puzzle set")."""
    at = 0  # where buf begins in the file
    skip = -1  # puzzle lines still to pass; -1 while in the comments
    starts = True  # buf[0] begins a line
    while True:
        n = f.readinto(buf)
        if not n:
            return False
        i = 0
        while skip < 0 and i < n:
            if starts and buf[i] != 35:  # (a line that is no comment, "#": the puzzles begin)
                skip = number - 1
                break
            j = buf.find(b"\n", i, n)
            starts = j >= 0
            i = j + 1 if starts else n
        if skip < 0:
            at += n
            continue
        got = buf.count(b"\n", i, n)
        if got < skip:
            skip -= got
            at += n
            continue
        while skip:
            i = buf.find(b"\n", i, n) + 1
            skip -= 1
        f.seek(at + i)
        return True


def count(path=FILE):
    """How many puzzles the file holds."""
    n = 0
    buf = bytearray(_CHUNK)
    with open(path, "rb") as f:
        if _seek(f, 1, buf):
            while True:
                got = f.readinto(buf)
                if not got:
                    break
                n += buf.count(b"\n", 0, got)
    return n


def read(number, path=FILE):
    """Puzzle `number` (1..count), or None when the file has fewer."""
    if number < 1:
        return None
    buf = bytearray(_LINE)  # (the seek's chunks, then the line: one buffer, the heap's peak lower)
    with open(path, "rb") as f:
        n = f.readinto(buf) if _seek(f, number, buf) else 0
    end = buf.find(b"\n", 0, n)
    if end < 0 and n == _LINE:
        raise ValueError("line")
    line = bytes(memoryview(buf)[: end if end >= 0 else n])  # (one copy: a slice would be two)
    return parse(line, number) if line.strip() else None


# ----- the puzzle mode (the main menu's Puzzles: kalaha.flow.menus) ---------------------------------


def solved(store, number):
    """True when puzzle `number` has been solved on this device (kalaha.saved.store keeps it)."""
    n = number - 1
    p = store.puzzles
    return _SOLVED + n // 8 < len(p) and bool(p[_SOLVED + n // 8] >> (n % 8) & 1)


def pick(app, number=0):
    """Puzzle `number` read (0: the first not solved yet; -1: the last, -2 the one before; past
    the last: the first), or the words saying why there is none (the file missing, damaged or
    empty)."""
    path = app.root + FILE if app.root else FILE
    try:
        if number < 0:
            number = max(1, count(path) + 1 + number)
        elif not number:
            number = 1
            while solved(app.store, number):
                number += 1
        return read(number, path) or read(1, path) or "puzzle file empty"
    except OSError:
        return "no puzzle file"
    except ValueError:
        return "puzzles damaged"


def opening(app, menu):
    """The main menu's Puzzles, in the frames that drew nothing after the one that imported this
    module (kalaha.flow.menus.puzzles): the first puzzle not solved yet read in one, then set up and
    drawn in the next. Another screen shown meanwhile, the menu back: nothing opens."""
    p = menu.opening
    if menu.items(app)[app.cursor][1] != "puzzles":
        menu.opening = 0
        forget("kalaha.flow.puzzles")  # (imported for nothing: the main menu does not hold it)
    elif p == 1:
        menu.opening = -1  # (the import was this frame's work)
    elif p == -1:
        menu.opening = pick(app)  # (a puzzle, or why there is none: said in the next)
    else:
        menu.opening = 0
        play(app, p)


def play(app, puzzle):
    """`puzzle` (pick's) on the board, South to move, drawn; the player's whole turn is judged
    (judge), North played only to answer a wrong one; pick's words said instead, on the screen
    shown. Called in a frame that drew nothing (opening, Puzzle.work): with the read, most of a
    frame on the device (docs/performance.md)."""
    if puzzle.__class__ is str:
        app.say(puzzle, 4000)
        app.render()
        return
    forget("kalaha.flow.seven")  # (a seven-pit game's board, if one was played)
    g = app.game
    b = g.board  # (the last game's, when of the puzzles' rules: its 0.5 KB of history kept)
    if b is None or len(b.cells) != CELLS or b.empty_capture or b.alga or b.swap:
        b = Board(history=16)  # (a turn's sowings: it grows if a chain is longer)
    b.reset()
    for i in range(CELLS):
        b.cells[i] = puzzle.cells[i]
    b.total = sum(puzzle.cells)
    g.board = b
    g.computer = NORTH  # (the device's view of a game against it: South's pits are the bottom keys)
    g.clock = None
    g.draw_offer = -1
    g.mode = puzzle
    if app.screen != GAME:
        app.go(GAME)
    puzzle.again(app)
    app.render()  # (in a frame's work: the state drawn, finished in the next frame if out of time)
