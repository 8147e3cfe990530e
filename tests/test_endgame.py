"""The endgame table (issue 13): small tables from the same generator checked against brute
force on the oracle's rules, the exact solver, and a file that is damaged or for other rules."""

import functools
import random

import pytest
from oracle import OracleGame
from vm import run_vm

from host import match
from host.analysis import best_turn, device_player, solve
from host.reading import app_lines as lines
from kalaha import NORTH, SOUTH, Board
from kalaha.rules import notation
from kalaha.rules.board import SWAP
from kalaha.search.ai import ENDGAME_REACH, LEVELS, Search
from kalaha.search.endgame import BLOCK, HEADER, Damaged, EndgameTable, Ranker, best_root_move

np = pytest.importorskip("numpy")
endgame_db = pytest.importorskip("tools.endgame_db")

RULES = [(False, False), (True, False), (False, True), (True, True)]
# Games between these levels give the positions the levels are scored on (Expert's machine-code
# budget is slow in CPython, and the positions need not come from its games).
QUICK_LEVELS = ("easy", "medium", "strong")


@functools.cache
def oracle_value(pits, mover_row, opp_row, empty_capture, alga):
    """Brute force on the oracle: the mover's best final margin from here on (no tables)."""
    g = OracleGame(pits, 0, empty_capture, alga)
    g.rows = [list(mover_row), list(opp_row)]
    g.mover = 0
    g.turn_count = 5  # long past the swap
    best = None
    for move in g.moves():
        before = g.stores[0] - g.stores[1]
        h = g.play(move)
        gain = h.stores[0] - h.stores[1] - before
        if h.over:
            value = gain
        elif h.mover == 0:
            value = gain + oracle_value(pits, tuple(h.rows[0]), tuple(h.rows[1]), empty_capture, alga)
        else:
            value = gain - oracle_value(pits, tuple(h.rows[1]), tuple(h.rows[0]), empty_capture, alga)
        best = value if best is None or value > best else best
    return best


@pytest.mark.parametrize("pits,seeds", [(2, 6), (3, 6), (4, 5)])
@pytest.mark.parametrize("empty_capture,alga", RULES)
def test_small_tables_agree_with_brute_force_everywhere(tmp_path, pits, seeds, empty_capture, alga):
    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, pits, seeds, empty_capture, alga)
    table = EndgameTable(path, pits, empty_capture, alga)
    checked = 0
    for n in range(1, seeds + 1):
        for row in endgame_db.compositions(n, 2 * pits):
            mover_row, opp_row = tuple(int(x) for x in row[:pits]), tuple(int(x) for x in row[pits:])
            if not any(mover_row) or not any(opp_row):
                continue  # already over: never to move
            for mover in (SOUTH, NORTH):
                cells = [0] * (2 * pits + 2)
                mine = 0 if mover == SOUTH else pits + 1
                theirs = pits + 1 if mover == SOUTH else 0
                cells[mine : mine + pits] = mover_row
                cells[theirs : theirs + pits] = opp_row
                expected = oracle_value(pits, mover_row, opp_row, empty_capture, alga)
                assert table.margin(cells, mover) == expected, (mover_row, opp_row, mover)
                checked += 1
    assert checked > 100
    table.close()


def test_a_table_agrees_with_the_exact_solver_and_plays_the_perfect_move(tmp_path):
    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, 6, 8)
    table = EndgameTable(path)
    rng = random.Random(5)
    checked = 0
    while checked < 60:
        b = Board(seeds=rng.choice((2, 3, 4)))
        while b.to_move is not None and table.ranker.seeds(b.cells) > 8:
            b.push(rng.choice([m for m in b.legal_moves() if m]))
        if b.to_move is None:
            continue
        exact = solve(b)  # South's final margin
        now = b.cells[b.store_index(SOUTH)] - b.cells[b.store_index(NORTH)]
        m = table.margin(b.cells, b.to_move)
        assert now + (m if b.to_move == SOUTH else -m) == exact
        pit, value = best_root_move(table, b)
        assert value == m
        b.push(pit)  # the move it chose keeps the exact value
        if b.to_move is not None:
            assert solve(b) == exact
        else:
            assert b.cells[b.store_index(SOUTH)] - b.cells[b.store_index(NORTH)] == exact
        checked += 1


def test_the_device_ranking_and_the_generator_agree_and_cover_every_rank():
    pits, seeds = 3, 5
    ranker = Ranker(pits, seeds)
    ranks = endgame_db.Ranks(pits, seeds)
    seen = []
    for n in range(seeds + 1):
        rows = endgame_db.compositions(n, 2 * pits)
        fast = ranks.rank(rows)
        for row, r in zip(rows, fast, strict=True):
            cells = [int(x) for x in row[:pits]] + [0] + [int(x) for x in row[pits:]] + [0]
            assert ranker.rank(cells, SOUTH) == r
            seen.append(int(r))
    assert sorted(seen) == list(range(endgame_db.size(pits, seeds)))
    assert ranker.rank([3, 3, 0, 0, 0, 0, 0, 0], SOUTH) == -1  # more seeds than the table


def test_a_damaged_block_is_found_and_other_rules_are_refused(tmp_path):
    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, 4, 8)
    data = bytearray(open(path, "rb").read())
    damaged = tmp_path / "damaged.kdb"
    spot = HEADER + BLOCK + 5  # a byte in the second block
    data[spot] ^= 0x10
    damaged.write_bytes(bytes(data))
    table = EndgameTable(str(damaged), 4)
    assert table.probe([1, 0, 0, 0, 0, 1, 0, 0, 0, 0], SOUTH) >= 0  # the first block is fine
    with pytest.raises(Damaged):
        for n in range(1, 9):
            for row in endgame_db.compositions(n, 8):
                cells = [int(x) for x in row[:4]] + [0] + [int(x) for x in row[4:]] + [0]
                table.probe(cells, SOUTH)
    with pytest.raises(Damaged):
        EndgameTable(path, 4, empty_capture=True)
    with pytest.raises(Damaged):
        EndgameTable(path, 6)
    (tmp_path / "junk.kdb").write_bytes(b"not a table" * 10)
    with pytest.raises(Damaged):
        EndgameTable(str(tmp_path / "junk.kdb"), 4)


@pytest.mark.device  # (MicroPython's VM)
def test_a_probe_allocates_nothing_in_the_vm(tmp_path):
    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, 6, 8)
    script = (
        """
import micropython
from kalaha.search.endgame import EndgameTable
t = EndgameTable(%r)
cells = [1, 0, 2, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]
t.probe(cells, 0)
t.probe(cells, 1)  # each block's first probe checks its CRC (once; that may allocate)
v = [0, 0]
micropython.heap_lock()
v[0] = t.probe(cells, 0)
v[1] = t.probe(cells, 1)
micropython.heap_unlock()
print(v, t.probes)
"""
        % path
    )
    status, out, err = run_vm(script, files=(path,))
    assert status == 0, out + err
    table = EndgameTable(path)
    cells = [1, 0, 2, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]
    expected = [table.probe(cells, 0), table.probe(cells, 1)]
    assert min(expected) >= 0 and out.strip() == "%s 4" % expected


@pytest.fixture(scope="module")
def table10(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("eg") / "t10.kdb")
    endgame_db.build(path, 6, 10)
    return path


def south_margin_after(board, pit):
    b = notation.from_record(notation.record(board), seeds=board.total // 12)
    b.push(pit)
    if b.to_move is None:
        return b.cells[b.store_index(SOUTH)] - b.cells[b.store_index(NORTH)]
    return solve(b)


def test_strong_plays_the_endgame_from_the_table_and_the_hint_is_exact(table10):
    from playout import FRAME

    from kalaha.flow.app import App
    from kalaha.flow.screens import GAME
    from kalaha.picture.view import view_key_of_pit

    rng = random.Random(3)
    hints = moves = 0
    for _ in range(12):
        app = App({"seeds": 2}, endgame=EndgameTable(table10))
        app.level = "strong"
        app.tick(0)
        app.act("start_vs_computer")
        t = 0
        while app.screen == GAME and app.game.board.to_move is not None:
            t += FRAME
            app.tick(t)
            b = app.game.board
            if app.sowing.path is not None or app.thinker.thinking or b.to_move is None:
                continue
            covered = app.thinker.endgame.ranker.seeds(b.cells) <= 10
            if b.to_move == app.game.computer:
                continue
            if covered:
                # The person asks for a hint: the perfect pit, and how the game ends from here.
                exact = solve(b)
                app.act("hint")
                frames = 0
                while app.thinker.hinting:  # one sowing valued per frame (no ticks function here)
                    t += FRAME
                    app.tick(t)
                    frames += 1
                assert frames <= len([m for m in b.legal_moves() if m])
                pit = int(app.message.split()[1][1:-1])  # ("best: S4. win by 3")
                final = exact if b.to_move == SOUTH else -exact
                how = "win by %d" % final if final > 0 else ("lose by %d" % -final if final else "a draw")
                assert app.message == "best: S%d. %s" % (pit, how) and south_margin_after(b, pit) == exact
                hints += 1
            pit = rng.choice([m for m in b.legal_moves() if m])
            before = b.ply
            app.key_down(view_key_of_pit(b.to_move, pit, app.game.viewer, b.pits))
            app.key_up(view_key_of_pit(b.to_move, pit, app.game.viewer, b.pits))
            assert b.ply == before + 1
            # the computer's reply, if the table covers it: within a frame per sowing, and perfect
            while app.sowing.path is not None:
                t += FRAME
                app.tick(t)
            if b.to_move == app.game.computer and app.thinker.endgame.ranker.seeds(b.cells) <= 10:
                exact = solve(b)
                ply = b.ply
                sowings = len([m for m in b.legal_moves() if m])
                frames = 0
                while not app.thinker.pit:
                    t += FRAME
                    app.tick(t)
                    frames += 1
                # one frame to start, one a sowing valued: the table's probes, not a search
                assert frames <= sowings + 1, (frames, sowings)
                while b.ply == ply:  # (then it sows after its pause: kalaha.flow.app.COMPUTER_PAUSE_MS)
                    t += FRAME
                    app.tick(t)
                replay = notation.from_record(notation.record(b), seeds=2)
                while replay.ply > ply:
                    replay.pop()
                assert south_margin_after(replay, b.moves_at(ply)) == exact
                moves += 1
    assert hints >= 5 and moves >= 5, (hints, moves)


def test_the_command_line_answers_positions_from_the_table(table10, capsys):
    from host.cli import main

    position = "0,0,1,0,2,1:20/0,1,0,1,0,0:22 S"
    b = Board()
    b.total = 48
    notation.set_position(b, position)
    assert main(["solve", "--position", position, "--table", table10]) == 0
    assert capsys.readouterr().out.strip() == str(solve(b))
    assert main(["move", "--position", position, "--table", table10, "--json"]) == 0
    out = capsys.readouterr().out
    assert '"exact": true' in out
    assert main(["solve", "--position", position, "--record", "3"]) == 2
    assert "not both" in capsys.readouterr().err


def test_with_the_table_strong_is_perfect_where_it_applies_and_easy_is_not(table10):
    from tools import quality

    table = EndgameTable(table10).verify_all()
    solver = Search(tt_bits=14)
    cases = [
        (b, quality.exact_values(b, table, solver), {}) for b in match.positions(25, 6, 10, 4, QUICK_LEVELS)
    ]
    assert len(cases) == 25
    # (scored on whole turns: every sowing of an extra-turn chain; first sowings as a column)
    strong = quality.score("strong", cases, table, True, solver)
    easy = quality.score("easy", cases, table, True, solver)
    assert strong == (100.0, 0.0, 100.0)
    assert easy[0] < 100.0 and easy[1] > 0 and easy[0] <= easy[2]
    # decided positions (a store holds more than half) are still played for the margin
    decided = [case for case in cases if quality.decided(case[0])]
    if decided:
        assert quality.score("strong", decided, table, True, solver) == (100.0, 0.0, 100.0)


def test_a_match_player_given_the_table_plays_as_the_device_does(table10):
    # (the ladder gives Strong the table the device plays with: host.match.make_player)
    from host.match import make_player
    from tools import quality

    table = EndgameTable(table10).verify_all()
    solver = Search(tt_bits=14)
    cases = [(b, quality.exact_values(b, table, solver)) for b in match.positions(12, 6, 10, 6, QUICK_LEVELS)]
    strong = make_player("strong", table)
    for k, (b, values) in enumerate(cases):
        record = notation.record(b)
        pits, _depth, _nodes = strong(b, k)
        assert notation.record(b) == record  # the board is left as it was
        assert values[pits[0]] == max(values.values()), (record, values, pits)


def test_the_search_trusts_only_checked_blocks_and_the_app_checks_them_when_quiet(tmp_path):
    from kalaha.flow.app import App

    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, 6, 8)
    table = EndgameTable(path)
    cells = [1, 0, 2, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]
    assert table.probe(cells, SOUTH, check=False) == -1  # not checked yet: not used
    assert table.probe(cells, SOUTH) >= 0 and table.probe(cells, SOUTH, check=False) >= 0
    # A damaged block is found by the quiet frames' checks, and the app plays on without it.
    data = bytearray(open(path, "rb").read())
    data[HEADER + BLOCK * 3 + 7] ^= 0x01
    bad = tmp_path / "bad.kdb"
    bad.write_bytes(bytes(data))
    app = App(endgame=EndgameTable(str(bad)))
    for t in range(0, 20 * 400, 20):
        app.tick(t)
        if app.thinker.endgame is None:
            break
    assert app.thinker.endgame is None and "endgame data lost" in " ".join(lines(app))
    good = App(endgame=EndgameTable(path))
    for t in range(0, 20 * 400, 20):
        good.tick(t)
    assert good.thinker.endgame is not None and good.thinker.endgame_checked
    # On the device (a ticks function) the checks take chunks until the frame is used up: the
    # same verdicts, and no frame spends more than CHECK_FRAME_MS (plus one chunk) on them.
    from kalaha.search.thinking import CHECK_FRAME_MS

    for name, ok in ((str(bad), False), (path, True)):

        def ticks(clock=[0]):  # noqa: B006 (the clock's state: a new one for each table)
            clock[0] += 2  # every reading of the clock: two milliseconds gone
            return clock[0]

        app = App(endgame=EndgameTable(name), ticks=ticks)
        frames = 0
        while frames < 20000 and app.thinker.endgame is not None and not app.thinker.endgame_checked:
            frames += 1
            start = ticks()
            app.tick(20 * frames, start)
            assert ticks() - start <= CHECK_FRAME_MS + 6
        assert (app.thinker.endgame is not None and app.thinker.endgame_checked) == ok
        if ok:
            # spread over frames: a few 512-byte pieces a frame, not the whole table at once
            assert frames * 3 > EndgameTable(path).blocks


def test_the_tables_check_counts_the_drawing_and_waits_for_frames_with_room(tmp_path):
    """The check runs after the frame's drawing, and a frame already past CHECK_FRAME_MS runs
    none of it, unless CHECK_PATIENCE frames in a row have run none (then one piece)."""
    from kalaha.flow.app import App
    from kalaha.search.thinking import CHECK_FRAME_MS, CHECK_PATIENCE

    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, 6, 8)
    clock = [0]
    draw_ms = [0]

    def ticks():
        clock[0] += 1  # every reading of the clock: a millisecond gone
        return clock[0]

    class SlowDrawing(App):
        def render(self):
            clock[0] += draw_ms[0]  # a drawing that takes draw_ms of the frame
            App.render(self)

    def progress(table):
        return (table.next_check, table.check_at)

    table = EndgameTable(path)
    app = SlowDrawing(endgame=table, ticks=ticks, welcome=False)
    app.tick(0, 0)  # (the first frame: the menu drawn, the check begun)
    assert not app.thinker.endgame_checked
    # A frame whose own drawing uses it up: no piece of the check after it.
    draw_ms[0] = CHECK_FRAME_MS + 1
    runs = []
    for frame in range(1, 2 * CHECK_PATIENCE + 3):
        clock[0] = 100 * frame
        before = progress(table)
        app.tick(clock[0], clock[0])
        runs.append(progress(table) != before)
    # Full frames wait CHECK_PATIENCE in a row, then one runs a piece (the check goes on).
    assert runs[:CHECK_PATIENCE] == [False] * CHECK_PATIENCE
    assert runs[CHECK_PATIENCE] and runs[2 * CHECK_PATIENCE + 1]
    assert runs.count(True) == 2
    # Frames with room check again, every frame, and the check still ends.
    draw_ms[0] = 1
    for frame in range(3):
        clock[0] = 10000 + 100 * frame
        before = progress(table)
        app.tick(clock[0], clock[0])
        assert progress(table) != before
    for frame in range(3, 1000):
        clock[0] = 10000 + 100 * frame
        app.tick(clock[0], clock[0])
    assert app.thinker.endgame_checked


def test_the_check_in_the_stores_scratch_keeps_both_right(tmp_path):
    """The device checks the table in a piece of the store's image (Store.scratch): the check's
    verdicts are the same, and saves made between its pieces (compactions among them, which
    fill the whole image) load back as saved."""
    from kalaha.saved.memflash import MemoryFlash
    from kalaha.saved.store import Store
    from kalaha.search.endgame import CHUNK

    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, 6, 8)
    data = bytearray(open(path, "rb").read())
    data[HEADER + BLOCK * 5 + 100] ^= 0x10
    bad = tmp_path / "bad.kdb"
    bad.write_bytes(bytes(data))
    for name, ok in ((path, True), (str(bad), False)):
        flash = MemoryFlash()
        store = Store(flash)
        table = EndgameTable(name, scratch=store.scratch(CHUNK))
        moves = 0
        verdict = True
        rng = random.Random(5)
        while True:
            try:
                if table.verify_step():
                    break
            except Damaged:
                verdict = False
                break
            # a save between every two pieces: games' sowings and ends (and so compactions)
            if store.current is None:
                board = Board()
                store.new_game(board.rules(), 0, 1)
            pit = rng.choice([m for m in board.legal_moves() if m])
            board.push(pit)
            store.move(pit)
            moves += 1
            if board.to_move is None:
                store.end_game(board.outcome().code)
            if moves % 4 == 0:
                store.compact()  # the whole image written, then the flash
        assert verdict == ok
        assert moves > (100 if ok else 8)  # (saves really fell between the pieces)
        again = Store(MemoryFlash(flash.read()))
        assert again.message == ""
        assert [g.moves for g in again.history] == [g.moves for g in store.history]
        assert (again.current.moves if again.current else None) == (
            store.current.moves if store.current else None
        )


def last_slip_by_solver(board, side, max_seeds):
    """(turn, cost) of `side`'s last sowing that lost margin with at most `max_seeds` in the
    pits, each sowing valued by the exact solver; (0, 0) when there is none."""
    b = Board(**board.rules())
    found = (0, 0)
    for number, moves in enumerate(board.turns(), 1):
        for move in moves:
            seeds = sum(b.row(SOUTH)) + sum(b.row(NORTH))
            if b.to_move == side and move != SWAP and seeds <= max_seeds:
                sign = 1 if side == SOUTH else -1
                values = {p: sign * south_margin_after(b, p) for p in b.legal_moves() if p}
                loss = max(values.values()) - values[move]
                if loss > 0:
                    found = (number, loss)
            b.push(move)
    return found


def test_the_result_says_where_the_players_last_endgame_slip_was(table10):
    from playout import FRAME

    from kalaha.flow.app import App
    from kalaha.flow.screens import GAME, RESULT
    from kalaha.picture.view import view_key_of_pit
    from kalaha.search.coach import mistakes

    table = EndgameTable(table10).verify_all()
    rng = random.Random(11)
    said = 0
    for _ in range(6):
        app = App({"seeds": 1}, endgame=table)  # 12 seeds: the table covers most of it
        app.tick(0)
        app.act("start_vs_computer")
        t = 0
        while app.screen == GAME and t < 3000000:
            t += FRAME
            app.tick(t)
            b = app.game.board
            if app.sowing.path is None and not app.thinker.thinking and b.to_move == SOUTH:
                pit = rng.choice([m for m in b.legal_moves() if m])
                app.key_down(view_key_of_pit(SOUTH, pit, app.game.viewer, b.pits))
                app.key_up(view_key_of_pit(SOUTH, pit, app.game.viewer, b.pits))
        assert app.screen == RESULT
        shown = app.game.result_text
        frames = 0
        started = 0
        while app.game.result_text == shown and frames < 500:  # the coach works a probe a frame
            picture = bytes(app.frame.buf)
            t += FRAME
            app.tick(t)
            frames += 1
            if not started and app.thinker.coach is not None:
                # Its import waits for a frame that drew nothing (on the device the result's
                # picture is 11 ms of drawing, the import up to 20 ms).
                started = frames
                assert bytes(app.frame.buf) == picture and app.frame.complete
        assert started and frames > started  # it worked over frames, not in the frame that ended the game
        count, turn, cost, seen = mistakes(table, app.game.board, SOUTH)
        assert seen  # the game ended inside the table
        # The independent check: South's sowings valued by the exact solver, not the table.
        expected = last_slip_by_solver(app.game.board, SOUTH, table.max_seeds)
        assert (turn, cost) == expected
        if count:
            words = "Turn %d lost %d seed%s" % (turn, cost, "" if cost == 1 else "s")
            assert RESULT.coach_text == words and words in lines(app)
            assert turn >= 1 and cost > 0
            said += 1
        else:
            assert RESULT.coach_text == "Best play to the end" and "Best play to the end" in lines(app)
    assert said >= 3  # random play slips


def test_the_coach_starts_once_the_result_is_whole_on_the_display(table10):
    # On the device the result's picture takes 11 ms of drawing and the coach's import up to
    # 20 ms: the coach waits for a frame that drew nothing (the frame rule, 20 ms).
    from playout import FRAME

    from kalaha.flow.app import App
    from kalaha.flow.screens import GAME, RESULT
    from kalaha.picture.view import view_key_of_pit

    clock = [0, 3]  # the time, and what each look at it costs (ms): a slow device

    def ticks():
        clock[0] += clock[1]
        return clock[0]

    table = EndgameTable(table10).verify_all()
    app = App({"seeds": 1}, endgame=table, ticks=ticks, draws_events=False)
    t = 0
    app.tick(t, clock[0])
    app.act("start_vs_computer")
    while app.screen == GAME and t < 3000000:
        t += FRAME
        clock[0] = t
        app.tick(t, clock[0])
        b = app.game.board
        if app.sowing.path is None and not app.thinker.thinking and b.to_move == SOUTH:
            pit = max(m for m in b.legal_moves() if m)
            app.key_down(view_key_of_pit(SOUTH, pit, app.game.viewer, b.pits))
            app.key_up(view_key_of_pit(SOUTH, pit, app.game.viewer, b.pits))
    assert app.screen == RESULT and app.thinker.coach is None
    complete = [app.frame.complete]
    for _ in range(40):
        t += FRAME
        clock[0] = t
        picture = bytes(app.frame.buf)
        app.tick(t, clock[0])
        complete.append(app.frame.complete)
        if app.thinker.coach is not None or RESULT.coach_text:
            break
    assert app.thinker.coach is not None or RESULT.coach_text
    assert complete[0] is False  # the result took more than the frame that ended the game ...
    assert complete[-2] and bytes(app.frame.buf) == picture  # ... and the coach began after it


def test_the_fitted_evaluation_predicts_the_table_better_than_the_store_difference(table10):
    # tools/learned_fit.py (issue 13's learned evaluation): on positions it did not fit, the
    # weighted pits predict the exact future margin better than nothing (the store difference
    # alone); own pits count for the mover, the other side's against it.
    from tools.learned_fit import fit

    table = EndgameTable(table10).verify_all()
    w, held, plain = fit(table, count=6000, low=6, high=10)
    assert held < plain * 0.85
    assert all(v > 0 for v in w[:4]) and all(v < 0 for v in w[6:10])


def test_a_table_cut_short_is_found_not_trusted(tmp_path):
    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, 6, 8)
    data = open(path, "rb").read()
    table = EndgameTable(path)
    crcs = HEADER + table.data_bytes
    for cut in (crcs + 4 * table.blocks - 2, crcs - 100):  # into its CRCs, into its values
        short = tmp_path / ("cut%d.kdb" % cut)
        short.write_bytes(data[:cut])
        with pytest.raises(Damaged):
            EndgameTable(str(short)).verify_all()
    assert EndgameTable(path).verify_all().blocks == table.blocks  # the whole file passes


def test_with_the_table_a_game_ending_sowing_is_weighed_by_its_margin(table10):
    # Where one sowing ends the game and another leads to a position the table knows, the two
    # exact margins are compared as margins (a game-ending loss by 2 once looked worse than a
    # known loss by 6): Strong's whole turn keeps perfect play.
    from tools import quality

    table = EndgameTable(table10).verify_all()
    solver = Search(tt_bits=14)
    rng = random.Random(8)
    mixed = []
    while len(mixed) < 25:
        b = Board()
        while b.to_move is not None and match.seeds_in_pits(b) > 10:
            b.push(rng.choice([m for m in b.legal_moves() if m]))
        if b.to_move is None:
            continue
        ends = []
        for pit in [m for m in b.legal_moves() if m]:
            b.push(pit)
            ends.append(b.to_move is None)
            b.pop()
        if any(ends) and not all(ends):
            mixed.append((b, quality.exact_values(b, table, solver), {}))
    assert quality.score("strong", mixed, table, True, solver)[:2] == (100.0, 0.0)


def test_strong_thinks_longer_near_the_table_and_only_with_it(table10):
    # With the table near (at most ENDGAME_REACH seeds beyond it) Strong's nodes buy exact
    # values, so its whole turn may use its endgame budget there; elsewhere, or without the
    # table, its middle game's budget (a turn at most a quarter over, its last node finished).
    spec = LEVELS["strong"]
    table = EndgameTable(table10).verify_all()
    tabled, plain = device_player(table), device_player()  # (the device's thinker, with and without)
    rng = random.Random(5)

    def most(budget, sowings):
        return budget + budget // 4 + 7 * sowings  # each search may finish a frontier node and its probe

    def in_pits(board):
        return sum(board.row(SOUTH)) + sum(board.row(NORTH))

    beyond = []  # near the table: how far past the middle game's budget a turn went
    far = 0
    for k in range(50):
        board = Board()
        target = rng.randrange(12, 34)
        while board.to_move is not None and in_pits(board) > target:
            board.push(rng.choice([m for m in board.legal_moves() if m]))
        if board.to_move is None:
            continue
        near = in_pits(board) <= table.max_seeds + ENDGAME_REACH
        pits, _score, _depth, nodes = best_turn(board, tabled, level="strong", seed=k)
        assert nodes <= most(spec.endgame_nodes if near else spec.nodes, len(pits))
        far += not near
        if near:
            beyond.append(nodes - most(spec.nodes, len(pits)))
            pits, _score, _depth, nodes = best_turn(board, plain, level="strong", seed=k)
            assert nodes <= most(spec.nodes, len(pits))
    assert far and max(beyond) > 0
    # A board the table's rules do not cover (4 pits) keeps the middle game's budget.
    for k in range(10):
        board = Board(pits=4, seeds=2)
        while board.to_move is not None and in_pits(board) > 8:
            board.push(rng.choice([m for m in board.legal_moves() if m]))
        if board.to_move is not None:
            pits, _score, _depth, nodes = best_turn(board, tabled, level="strong", seed=k)
            assert nodes <= most(spec.nodes, len(pits))


def test_the_search_ranks_its_probes_as_the_table_does_and_reads_each_once(table10):
    # The search ranks the positions it probes itself (kalaha.search.searchcore) and keeps what it read
    # in its probe cache (128 slots by the rank's low bits): every rank it asks the file for is
    # a real position's with the right value, and within a search a rank is read again only
    # after another rank of the same slot took its place. The solver with the table (searched
    # ranks) and without it (plain sowing to the end) agree on every position.
    table = EndgameTable(table10).verify_all()
    read = []
    plain_value_at = table.value_at

    def value_at(rank, check=True):
        value = plain_value_at(rank, check)
        assert value >= 0  # (the whole table is checked)
        read.append(rank)
        return value

    table.value_at = value_at
    rng = random.Random(11)
    search = Search(tt_bits=12, cache_slots=128)
    tried = 0
    while tried < 12:
        b = Board(seeds=rng.choice((3, 4)))
        while b.to_move is not None and table.ranker.seeds(b.cells) > 15:
            b.push(rng.choice([m for m in b.legal_moves() if m]))
        if b.to_move is None:
            continue
        del read[:]
        with_table = solve(b, search, table)
        slot_of = {}
        for rank in read:
            assert 0 <= rank < table.count
            earlier = slot_of.get(rank & 127)
            assert earlier != rank, "rank %d read twice without being evicted" % rank
            slot_of[rank & 127] = rank
        assert read, "a search from %d seeds never probed the table" % table.ranker.seeds(b.cells)
        assert with_table == solve(b, Search(tt_bits=12)), notation.position(b)
        tried += 1
