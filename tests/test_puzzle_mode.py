"""The puzzles on the device (kalaha.flow.puzzles' mode of the game), played through the app as a
person would: keys in, the frame read back; the progress kept in the saved data."""

import sys

import pytest
from fits import TextCheck
from playout import FRAME, Hands, puzzle_on

from host.reading import app_lines, app_words, board_label, read_board, read_page
from kalaha.flow import puzzles
from kalaha.flow.app import App
from kalaha.flow.screens import GAME, MENU
from kalaha.picture.draw import PANEL_TEXT
from kalaha.picture.view import GOOD_COLOUR, LOSE, WIN, scale
from kalaha.rules.board import Board
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store
from tools.puzzles import lowest_turn

COUNT = puzzles.count()


class Player(Hands):
    """Hands on an app on its own saved data (a flash image, or a new device)."""

    def __init__(self, image=None, table=None):
        self.store = Store(MemoryFlash(image))
        Hands.__init__(self, App(store=self.store, welcome=False, endgame=table))

    def settle(self):
        """Frames until no sowing shows and no wrong try waits to be taken back (nor its reply)."""
        a = self.app
        for _ in range(2000):
            reply = puzzle_on(a) is not None and puzzle_on(a).reply
            if a.sowing.path is None and not a.game.handover_at and not reply:
                return
            self.frames()
        raise AssertionError("never settled")

    def settle_sowing(self):
        while self.app.sowing.path is not None:
            self.frames()

    def sow(self, pits):
        """South's pits sown one after the other, each once the last one's seeds have fallen."""
        for pit in pits:
            while self.app.sowing.path is not None:
                self.frames()
            self.press(5 + pit)  # (South's pit P on view key 5 + P)
        while self.app.sowing.path is not None:
            self.frames()
        self.frames()

    def label(self):
        return board_label(self.app.frame.buf, 0)[0]

    def info(self):
        return read_page(self.app.frame.buf, 1, PANEL_TEXT, 6)

    def sounds(self):
        out = list(self.app.sounds)
        self.app.sounds.clear()
        return out


def shown_cells(a):
    """The 14 cells the display shows (South's pits 1..6 and store, North's and store)."""
    pits, top, bottom = read_board(a.frame.buf)
    south = [pits[5 + p] for p in range(1, 7)]
    north = [pits[6 - p] for p in range(1, 7)]  # (North's pit P on view key 6 - P)
    return south + [bottom] + north + [top]


def goal(puzzle):
    return "Your move: win by %d" % puzzle.margin if puzzle.margin else "Your move: get a draw"


def wrong_pit(puzzle):
    return next(
        k + 1 for k, v in enumerate(puzzle.values) if v != puzzles.NO_MOVE and k + 1 != puzzle.turns[0][0]
    )


def whole_turn_from(puzzle, pit):
    """A whole turn for South beginning with `pit` (the lowest pit after each extra turn)."""
    return lowest_turn(puzzle.cells, pit)


def open_puzzles(p):
    p.choose("Puzzles")
    p.frames(3)  # (their code imported in a frame of its own, the first puzzle read, shown)
    assert p.app.screen == GAME and puzzle_on(p.app) is not None


def test_the_first_ten_puzzles_solved_in_order_each_said_right_with_its_theme():
    p = Player()
    a = p.app
    with TextCheck() as texts:
        open_puzzles(p)
        for n in range(1, 11):
            puzzle = puzzles.read(n)
            assert p.label() == "Puzzle %d" % n
            assert app_words(a) == goal(puzzle)
            assert shown_cells(a) == puzzle.cells
            assert p.info() == ""
            p.sounds()
            p.sow(puzzle.turns[0])
            assert WIN in p.sounds()
            assert p.info() == "Right!" and app_words(a) == puzzles.THEMES[puzzle.theme]
            assert puzzles.solved(p.store, n)
            p.frames(4000 // FRAME)
            assert app_words(a) == "key: next puzzle"
            p.press(0)  # any key: the next one
            p.frames(3)  # (read in a frame that drew nothing: Puzzle.work)
        assert p.label() == "Puzzle 11"
        assert texts.take() == []
    assert p.store.puzzles[3] == 10  # ten at their first try in a row
    assert p.store.current is None and p.store.stats == [0] * len(p.store.stats)  # no game counted


def north_reply(puzzle, turn, table):
    """North's whole turn after South's `turn` as the command line's `move` plays it at the
    puzzles' level with `table` (host.analysis.device_turn: what the device plays), and the
    board after it."""
    from host.analysis import device_player, device_turn

    b = Board()
    for i in range(14):
        b.cells[i] = puzzle.cells[i]
    for pit in turn:
        b.push(pit)
    pits = device_turn(device_player(table), b, puzzle.level)[0]
    for pit in pits:
        b.push(pit)
    return pits, list(b.cells)


def test_a_wrong_turn_is_said_answered_then_the_position_comes_back_and_the_hint_after_two():
    from host.cli_ai import endgame_table
    from tools.build import ENDGAME_CACHE

    # (the device build's, as the device has it: its cache in build/, which no test rewrites
    # while others run, unlike build/CIRCUITPY's copy: tests/conftest.py)
    table = endgame_table(ENDGAME_CACHE, Board())
    p = Player(table=table)
    a = p.app
    with TextCheck() as texts:
        open_puzzles(p)
        puzzle = puzzle_on(a)
        hint_key = 5 + puzzle.turns[0][0]
        for tries in (1, 2):
            wrong = wrong_pit(puzzle)
            p.sounds()
            turn = whole_turn_from(puzzle, wrong)
            p.sow(turn)
            assert LOSE in p.sounds()
            said = "S%d loses %d seeds" % (wrong, puzzle.margin - puzzle.values[wrong - 1])
            assert app_words(a) == said
            assert shown_cells(a) != puzzle.cells  # the wrong turn's end is shown ...
            # ... North's best reply is played, the loss still said, its end shown ...
            pits, cells = north_reply(puzzle, turn, table)
            for _ in range(2000):
                p.frames()
                if a.game.board.ply == len(turn) + len(pits) and a.sowing.path is None:
                    break
                assert app_words(a) == said
            assert a.game.board.moves()[-len(pits) :] == pits
            assert shown_cells(a) == cells and app_words(a) == said and a.game.handover_at
            p.settle()
            p.frames()
            assert shown_cells(a) == puzzle.cells  # ... then the position is back
            assert p.store.puzzles[0] == tries and not puzzles.solved(p.store, 1)
            if tries == 1:
                assert app_words(a) == goal(puzzle) and a.hint_key < 0
        # after two wrong tries the answer's key blinks green, and the words say so
        assert app_words(a) == "Hint: the green key"
        lit = set()
        for _ in range(30):
            p.frames()
            lit.add(a.pixels[hint_key])
        assert scale(GOOD_COLOUR, a.settings["brightness"], 4) in lit and 0 in lit
        p.sow(puzzle.turns[0])
        assert p.info() == "Right!" and puzzles.solved(p.store, 1)
        assert p.store.puzzles[3] == 0  # (solved, but not at the first try: no streak)
        assert texts.take() == []


def test_a_key_while_north_replies_brings_the_position_back_at_once():
    p = Player()
    a = p.app
    open_puzzles(p)
    puzzle = puzzle_on(a)
    p.sow(whole_turn_from(puzzle, wrong_pit(puzzle)))
    assert a.game.board.to_move == 1 and puzzle.reply  # (North to reply: it thinks)
    p.press(0)
    assert a.game.board.ply == 0 and shown_cells(a) == puzzle.cells and not puzzle.reply
    assert not a.thinker.busy() and app_words(a) == goal(puzzle)
    p.frames(200)  # (no reply comes after all)
    assert a.game.board.ply == 0 and a.store.puzzles[0] == 1
    # a key pressed while North thinks, let go while its sowing is shown (the random sessions)
    p.sow(whole_turn_from(puzzle, wrong_pit(puzzle)))
    a.key_down(0)
    for _ in range(2000):
        p.frames()
        if a.sowing.path is not None:
            break
    assert a.sowing.path is not None and a.sowing.side == 1
    a.key_up(0)
    assert a.sowing.path is None and a.game.board.ply == 0 and not puzzle.reply
    p.frames(300)
    assert shown_cells(a) == puzzle.cells and app_words(a) == goal(puzzle) and a.store.puzzles[0] == 2


@pytest.fixture(scope="module")
def solver(tmp_path_factory):
    """tools/exact.py's solver on an endgame table of 10 seeds built here (not the set's numbers)."""
    endgame_db = pytest.importorskip("tools.endgame_db")  # (needs numpy)
    from tools.exact import Solver

    path = str(tmp_path_factory.mktemp("mode") / "t10.kdb")
    endgame_db.build(path, 6, 10)
    return Solver(path, tt_bits=18)


def exact_margin(cells, pits, solver):
    """South's final margin after South's `pits` on the puzzle's `cells`, with perfect play."""
    b = Board()
    for i in range(14):
        b.cells[i] = cells[i]
    for pit in pits:
        b.push(pit)
    return b.store(0) - b.store(1) if b.to_move is None else solver.margin(b)


def wrong_rest(k, costly=False):
    """(puzzle, a whole turn of South's): its first k sowings a best turn's start, its next one
    off every best turn (then the lowest pit while it sows again); with `costly`, one that loses
    10 seeds or more (the words' longest)."""
    for n in range(1, COUNT + 1):
        puzzle = puzzles.read(n)
        for start in sorted({tuple(t[:k]) for t in puzzle.turns if len(t) > k}):
            b = Board()
            for i in range(14):
                b.cells[i] = puzzle.cells[i]
            for pit in start:
                b.push(pit)
            for pit in [m for m in b.legal_moves() if m]:
                sown = list(start) + [pit]
                if any(t[: k + 1] == sown for t in puzzle.turns):
                    continue
                if costly != (puzzle.margin - puzzle.later[int("".join(str(x) for x in sown))] >= 10):
                    continue  # (the file's value only chooses the case: the test values it itself)
                b.push(pit)
                while b.to_move == 0:
                    sown.append(next(m for m in b.legal_moves() if m))
                    b.push(sown[-1])
                return puzzle, sown
    raise AssertionError("no puzzle with a wrong sowing after a right start of %d" % k)


@pytest.mark.parametrize("k,costly", [(1, True), (1, False), (3, False), (10, False)])
def test_a_right_start_with_a_wrong_rest_says_what_it_loses(solver, k, costly):
    # Puzzle 1: S5 (an extra turn) then S4 is wrong: "S5-4 loses 4 seeds", what the exact solver
    # says S5-4 leaves against the best; the chain's right start shortened where it is long.
    puzzle, turn = wrong_rest(k, costly)
    best = max(exact_margin(puzzle.cells, [pit], solver) for pit in range(1, 7) if puzzle.cells[pit - 1])
    lost = best - exact_margin(puzzle.cells, turn[: k + 1], solver)
    sown = "-".join(str(pit) for pit in turn[: k + 1])
    if k >= 5:
        sown = "%d-..-%d-%d" % (turn[0], turn[k - 1], turn[k])
    said = "S%s loses %d" % (sown, lost) + (" seeds" if k == 1 else "")
    p = Player()
    a = p.app
    with TextCheck() as texts:
        open_puzzles(p)
        a.turn(puzzle.number - 1)
        p.frames(3)
        assert p.label() == "Puzzle %d" % puzzle.number
        p.sounds()
        p.sow(turn)
        assert LOSE in p.sounds() and app_words(a) == said
        assert lost >= 2 and (lost >= 10) == costly
        replied = 0
        for _ in range(2000):  # (said while North's reply is played, then the position back)
            if a.game.board.ply == 0:
                break
            assert app_words(a) == said
            replied = max(replied, a.game.board.ply - len(turn))
            p.frames()
        assert replied > 0
        p.settle()
        assert shown_cells(a) == puzzle.cells and app_words(a) == goal(puzzle)
        assert texts.take() == []
    assert not puzzles.solved(p.store, puzzle.number) and p.store.puzzles[0] == 1


def test_every_wrong_rests_words_fit_the_board():
    # Each sowing of the set that leaves the best turns after a right start, said as the device
    # says it, drawn on a puzzle's board: every one whole in the panel's two lines.
    p = Player()
    a = p.app
    open_puzzles(p)
    said = set()
    with TextCheck() as texts:
        for n in range(1, COUNT + 1):
            puzzle = puzzles.read(n)
            for key in puzzle.later:
                words = puzzle.wrong("-".join(str(key)))
                said.add(words)
                a.say(words)
                a.render()
        assert texts.take() == []
    assert len(said) > 150 and "S5-4 loses 4 seeds" in said
    assert max(len(w) for w in said) == len("S5-4 loses 12 seeds")


def test_the_game_menus_hint_and_a_puzzle_that_ends_the_game():
    p = Player()
    a = p.app
    open_puzzles(p)
    a.click()
    p.frames()
    assert app_lines(a)[1:6] == ["> Back to puzzle", "Hint", "How to play", "Music on", "Main menu"]
    p.choose("Hint")
    assert a.screen == GAME and a.hint_key == 5 + puzzle_on(a).turns[0][0]
    # a puzzle whose answer empties a side ends the game: judged as a puzzle, no result screen
    n = next(n for n in range(1, COUNT + 1) if puzzles.THEMES[puzzles.read(n).theme] == "empty the side")
    a.turn(n - 1)
    p.frames(3)
    p.sow(puzzle_on(a).turns[0])
    assert a.game.board.to_move is None and a.screen == GAME and p.info() == "Right!"
    assert p.store.current is None and p.store.stats == [0] * len(p.store.stats)


def menu_hint(p):
    p.app.click()
    p.frames()
    p.choose("Hint")


def test_the_hint_after_the_turns_first_sowing_lights_its_next_pit():
    # Puzzle 1's answer is S5 (an extra turn), then S3: after S5 the hint is S3, not S5 again.
    p = Player()
    a = p.app
    open_puzzles(p)
    puzzle = puzzle_on(a)
    answer = puzzle.turns[0]
    assert len(answer) == 2 and all(t[0] == answer[0] for t in puzzle.turns)
    menu_hint(p)
    assert a.hint_key == 5 + answer[0] and app_words(a) == "Hint: the green key"
    p.sow(answer[:1])
    assert a.game.board.to_move == 0 and a.game.board.ply == 1
    # the hint goes on by itself once given (the extra turn is said) ...
    assert a.hint_key == 5 + answer[1] and a.hint_version == a.game.version
    a.hint_key = -1
    menu_hint(p)  # ... and the game menu's Hint gives the same
    assert a.hint_key == 5 + answer[1] and a.hint_version == a.game.version
    assert app_words(a) == "Hint: the green key"
    lit = set()
    for _ in range(30):
        p.frames()
        lit.add(a.pixels[5 + answer[1]])
    assert scale(GOOD_COLOUR, a.settings["brightness"], 4) in lit
    p.sow(answer[1:])
    assert p.info() == "Right!"


def test_the_hint_after_a_wrong_first_sowing_says_it_is_not_the_answer():
    # Puzzle 3: S5 is an extra turn but not the answer.
    p = Player()
    a = p.app
    open_puzzles(p)
    a.turn(2)
    p.frames(3)
    puzzle = puzzle_on(a)
    wrong = next(
        k + 1
        for k in range(6)
        if puzzle.values[k] != puzzles.NO_MOVE
        and all(t[0] != k + 1 for t in puzzle.turns)
        and len(whole_turn_from(puzzle, k + 1)) > 1
    )
    p.sow([wrong])
    assert a.game.board.to_move == 0 and a.game.board.ply == 1
    with TextCheck() as texts:
        menu_hint(p)
        assert app_words(a) == "S%d is not the answer" % wrong
        assert texts.take() == []
    assert a.hint_version != a.game.version  # (no key lit)


def test_a_wrong_try_is_never_shown_as_right_while_it_is_sown_nor_after():
    # Even on a puzzle solved before: the goal while the try is sown, its cost once it ends.
    p = Player()
    a = p.app
    open_puzzles(p)
    puzzle = puzzle_on(a)
    p.sow(puzzle.turns[0])
    assert p.info() == "Right!" and app_words(a) == puzzles.THEMES[puzzle.theme]
    a.turn(1)
    a.turn(-1)
    p.frames(3)
    assert p.label() == "Puzzle 1" and p.info() == "solved"
    puzzle = puzzle_on(a)
    wrong = wrong_pit(puzzle)
    said = "S%d loses %d seeds" % (wrong, puzzle.margin - puzzle.values[wrong - 1])
    for pit in whole_turn_from(puzzle, wrong):
        p.settle_sowing()
        p.press(5 + pit)
        while a.sowing.path is not None:
            assert app_words(a) == goal(puzzle) and p.info() == "solved"
            p.frames()
    p.frames()
    while a.game.board.to_move == 1:
        assert app_words(a) == said and p.info() == "solved"
        p.frames()
    # a key while the wrong try's end is shown brings the position back, not the next puzzle
    p.press(0)
    assert p.label() == "Puzzle 1" and shown_cells(a) == puzzle.cells


def test_a_wrong_try_at_a_puzzle_solved_before_keeps_the_streak():
    p = Player()
    a = p.app
    open_puzzles(p)
    for _ in (1, 2):
        p.sow(puzzle_on(a).turns[0])
        p.press(0)
        p.frames(3)
    assert p.store.puzzles[3] == 2
    a.turn(-2)
    p.frames(3)
    assert p.label() == "Puzzle 1"
    p.sow(whole_turn_from(puzzle_on(a), wrong_pit(puzzle_on(a))))
    p.settle()
    assert p.store.puzzles[3] == 2  # (a new puzzle's wrong try ends it: the others' tests)
    a.turn(2)
    p.frames(3)
    assert p.label() == "Puzzle 3"
    p.sow(puzzle_on(a).turns[0])
    assert p.store.puzzles[3] == 3 and p.store.puzzles[5] == 3
    again = Store(MemoryFlash(p.store.flash.read()))  # (the journal replays the same)
    assert again.puzzles[3] == 3


def test_how_to_play_says_what_the_puzzles_goal_means():
    from kalaha.picture.howto import PAGES

    text = " ".join(page.replace("\n", " ") for page in PAGES if page.startswith("Puzzles"))
    assert "win by 8 means" in text and "best play of both sides" in text and "8 seeds ahead" in text


def test_the_knob_walks_the_puzzles_and_wraps_round():
    p = Player()
    a = p.app
    open_puzzles(p)
    a.turn(1)
    p.frames(3)
    assert p.label() == "Puzzle 2" and shown_cells(a) == puzzles.read(2).cells
    a.turn(-2)
    p.frames(3)
    assert p.label() == "Puzzle %d" % COUNT and shown_cells(a) == puzzles.read(COUNT).cells
    a.turn(1)
    p.frames(3)
    assert p.label() == "Puzzle 1"
    # two detents back before a frame: the one before the last; back and forth: where it began
    a.turn(-1)
    a.turn(-1)
    p.frames(3)
    assert p.label() == "Puzzle %d" % (COUNT - 1)
    a.turn(2)
    p.frames(3)
    assert p.label() == "Puzzle 1"
    a.turn(-1)
    a.turn(1)
    p.frames(3)
    assert p.label() == "Puzzle 1"
    # turned fast, three detents before a frame: the puzzle where it stops, read once
    reads = []
    real = puzzles.read
    puzzles.read = lambda n, path=puzzles.FILE: reads.append(n) or real(n, path)
    try:
        a.turn(1)
        a.turn(1)
        a.turn(1)
        p.frames(3)
    finally:
        puzzles.read = real
    assert p.label() == "Puzzle 4" and reads == [4]


def test_progress_survives_a_restart_and_the_first_unsolved_opens_first():
    p = Player()
    a = p.app
    open_puzzles(p)
    for _solved in (1, 2):
        p.sow(puzzle_on(a).turns[0])
        p.press(0)
        p.frames(3)
    p.sow(whole_turn_from(puzzle_on(a), wrong_pit(puzzle_on(a))))
    p.settle()
    # the power goes: a new app on the same flash (the journal), then once more after a compaction
    image = p.store.flash.read()
    for compact in (False, True):
        q = Player(image)
        assert q.store.message == ""
        open_puzzles(q)
        assert q.label() == "Puzzle 3" and q.store.puzzles[0] == 1  # its one wrong try kept
        assert puzzles.solved(q.store, 1) and puzzles.solved(q.store, 2)
        assert q.store.puzzles[3] == 0 and q.store.puzzles[5] == 2  # (the streak broken, its best)
        q.app.turn(-1)
        q.frames(3)
        assert q.label() == "Puzzle 2" and q.info() == "solved"
        if not compact:
            q.store.compact()
            image = q.store.flash.read()
    # a second wrong try after the restart: the hint
    q.app.turn(1)
    q.frames(3)
    q.sow(whole_turn_from(puzzle_on(q.app), wrong_pit(puzzle_on(q.app))))
    q.settle()
    q.frames()
    assert app_words(q.app) == "Hint: the green key"
    # the statistics show the progress
    q.app.click()
    q.frames()
    q.choose("Main menu")
    q.choose("Statistics")
    seen = []
    for _ in range(30):
        seen += app_lines(q.app)
        q.app.turn(1)
        q.frames()
    assert "puzzles solved 2" in seen and "  best streak 2" in [line.rstrip("^v ") for line in seen]


def test_a_puzzle_saves_no_move_of_the_game_waiting_and_leaving_lets_its_code_go():
    p = Player()
    a = p.app
    p.choose("Two players")
    p.press(8)
    p.settle()
    p.frames(100)
    moves = list(p.store.current.moves)
    cells = list(a.game.board.cells)
    a.click()
    p.frames()
    p.choose("Main menu")
    open_puzzles(p)
    p.sow(whole_turn_from(puzzle_on(a), wrong_pit(puzzle_on(a))))
    p.settle()
    assert p.store.current.moves == moves  # the puzzle's sowings are not the game's
    a.click()
    p.frames()
    p.choose("Main menu")
    assert a.screen == MENU and puzzle_on(a) is None and "kalaha.flow.puzzles" not in sys.modules
    assert "> Puzzles" in app_lines(a)  # (the main menu's cursor where it was, not at its top)
    assert a.game.board is None  # (no game on: not the puzzle's board, the saved game waits)
    p.choose("Continue")
    assert a.screen == GAME and list(a.game.board.cells) == cells and puzzle_on(a) is None
    # and the saved data from before the puzzles (no progress in it) loads as none solved
    old = Store(MemoryFlash(p.store.flash.read()))
    old.puzzles = bytearray()  # (a snapshot from before writes none)
    old.compact()
    back = Store(MemoryFlash(old.flash.read()))
    assert back.message == "" and back.puzzles == bytearray(len(p.store.puzzles))
    assert back.current.moves == moves


def test_a_damaged_puzzle_record_ends_the_journal_and_the_rest_is_kept():
    s = Store(MemoryFlash())
    s.puzzle_tried(1, True)
    s.puzzle_tried(2, False)
    at = s.pos
    s.puzzle_tried(2, True)
    image = bytearray(s.flash.read())
    assert puzzles.solved(Store(MemoryFlash(bytes(image))), 2)
    image[at + 5] = 7  # (its "solved" byte: neither 0 nor 1, its check made good)
    from kalaha.saved.journal import put_crc

    put_crc(image, at, at + 6)
    loaded = Store(MemoryFlash(bytes(image)))
    assert loaded.message == "Part lost: rest kept"
    assert puzzles.solved(loaded, 1) and not puzzles.solved(loaded, 2) and loaded.puzzles[0] == 1


class Imports:
    """The modules of kalaha loaded while it is on sys.meta_path (an import hook: a module found
    in sys.modules is not loaded again)."""

    def __init__(self):
        self.names = []

    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith("kalaha."):
            self.names.append(fullname)
        return None

    def __enter__(self):
        sys.meta_path.insert(0, self)
        return self.names

    def __exit__(self, *exc):
        sys.meta_path.remove(self)


def test_the_push_into_puzzles_imports_their_code_in_a_frame_of_its_own_that_draws_nothing():
    # An import takes a whole frame on the device: the push and the tick after it (on the device
    # one frame) import nothing, the next frame imports kalaha.flow.puzzles and draws nothing, the next
    # reads the first puzzle, the one after shows it (docs/performance.md, "Frames").
    from kalaha.compat import forget

    forget("flow.puzzles")
    p = Player()
    a = p.app
    p.frames(5)  # (the main menu's actions imported ahead: App.menus_ahead)
    with Imports() as loaded:
        p.choose("Puzzles")  # (the push, then a frame)
    assert loaded == [] and a.screen == MENU
    with Imports() as loaded:
        p.frames()
    assert loaded == ["kalaha.flow.puzzles"] and not a.frame.drawn and a.screen == MENU
    p.frames()  # (the first puzzle read: nothing drawn)
    assert not a.frame.drawn and a.screen == MENU and puzzle_on(a) is None
    with Imports() as loaded:
        p.frames()
    assert loaded == [] and a.screen == GAME and p.label() == "Puzzle 1"
    # A push followed at once by another screen's opens no puzzle when the menu is back.
    a.click()
    p.frames()
    p.choose("Main menu")
    p.frames(3)
    p.choose("Puzzles")
    a.turn(-a.cursor)
    a.click()  # (Play computer, before the puzzles' frames)
    p.frames(3)
    p.choose("Back")
    p.frames(5)
    assert a.screen == MENU and puzzle_on(a) is None


def test_the_puzzle_file_is_found_from_the_apps_folder_and_a_missing_one_said(tmp_path, monkeypatch):
    # Started from another folder, with App.root the game's folder (the simulator sets it).
    import os

    here = os.getcwd()
    monkeypatch.chdir(tmp_path)
    p = Player()
    p.app.root = here + os.sep
    open_puzzles(p)
    assert p.label() == "Puzzle 1"
    # A folder without the file, or with a damaged or empty one: said, on the main menu or
    # on the board (the knob's next puzzle), and nothing else changes.
    kinds = ((None, "no puzzle file"), ("1 2 3\n", "puzzles damaged"), ("# x\n", "puzzle file empty"))
    for text, words in kinds:
        if text is not None:
            (tmp_path / "kalaha").mkdir(exist_ok=True)
            (tmp_path / "kalaha" / "puzzles.txt").write_text(text)
        q = Player()
        q.frames(5)
        with TextCheck() as texts:
            q.choose("Puzzles")
            q.frames(3)
            assert q.app.screen == MENU and puzzle_on(q.app) is None
            assert app_lines(q.app)[-1].strip() == words
            assert texts.take() == []
        p.app.root = str(tmp_path) + os.sep
        with TextCheck() as texts:
            p.app.turn(1)
            p.frames(3)
            assert p.label() == "Puzzle 1" and app_words(p.app) == words
            assert texts.take() == []
        assert shown_cells(p.app) == puzzles.read(1, here + os.sep + puzzles.FILE).cells
        p.frames(300)  # (said once: the knob's puzzle is not asked for again)
        assert app_words(p.app) == goal(puzzle_on(p.app))
        p.app.root = here + os.sep
