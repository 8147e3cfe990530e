"""The computer opponent against brute force, plus its contracts (slices, legality, determinism)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracle import brute_margin, replay_oracle

from host import match
from host.analysis import best_turn, device_player, solve, think
from kalaha import NORTH, SOUTH, Board
from kalaha.rules import notation
from kalaha.search.ai import HALF, LEVEL_NAMES, LEVELS, Search, start_level, turn_share

SMALL = [
    dict(pits=2, seeds=2),
    dict(pits=3, seeds=2),
    dict(pits=3, seeds=2, empty_capture=True),
    dict(pits=3, seeds=3, alga=True),
    dict(pits=4, seeds=1),
    dict(pits=4, seeds=1, empty_capture=True, alga=True),
    dict(pits=3, seeds=3, empty_capture=True),
]


def played_into(rules, rng, plies):
    """A board of `rules` after `plies` random sowings, or None if the game ended."""
    board = Board(**rules)
    for _ in range(plies):
        if board.to_move is None:
            break
        board.push(rng.choice([m for m in board.legal_moves() if m]))
    return board if board.to_move is not None else None


def searched_to_the_end(board):
    search = Search(tt_bits=12)
    search.start(board, depth=120)
    while not search.step(1000):
        pass
    return search


@pytest.mark.parametrize("rules", SMALL)
def test_solver_matches_brute_force_from_the_start_and_later(rules):
    rng = random.Random(3)
    search = Search(tt_bits=12)
    for trial in range(6):
        board = Board(**rules)
        for _ in range(trial * 2):
            if board.to_move is None:
                break
            board.push(rng.choice(list(board.legal_moves())))
        if board.to_move is None:
            continue
        expected, _, _ = brute_margin(replay_oracle(rules, board.moves()))
        assert solve(board, search) == expected
        assert board.ply == trial * 2 or board.to_move is None  # untouched


@pytest.mark.parametrize("rules", SMALL)
def test_full_depth_search_picks_a_move_as_good_as_perfect_play(rules):
    rng = random.Random(5)
    for trial in range(8):
        board = played_into(rules, rng, trial)
        if board is None:
            continue
        best, value, games = brute_margin(replay_oracle(rules, board.moves()))
        search = searched_to_the_end(board)
        sign = 1 if board.to_move == SOUTH else -1
        want = (best > 0) - (best < 0)
        got = (search.score > 0) - (search.score < 0)
        if search.depth_done:  # (0: a single legal move, played without a search)
            assert got == want * sign  # win, draw or loss exactly as perfect play
        child = replay_oracle(rules, board.moves() + [search.best_pit])
        child_value, _, _ = brute_margin(child)
        assert (child_value > 0) - (child_value < 0) == want  # the move keeps that result


def random_positions(count, seed):
    rng = random.Random(seed)
    rulesets = [
        dict(),
        dict(empty_capture=True),
        dict(alga=True),
        dict(pits=4, seeds=3),
        dict(pits=5, seeds=6),
    ]
    out = []
    while len(out) < count:
        rules = rulesets[len(out) % len(rulesets)]
        board = Board(**rules)
        while board.to_move is not None:
            out.append(board.copy())
            board.push(rng.choice(list(board.legal_moves())))
    return out[:count]


def test_every_level_returns_a_legal_whole_turn_in_many_positions():
    positions = random_positions(1500, 11)
    player = device_player()  # (the device's thinker: best_turn plays a level with it)
    one_move = last_seed = 0
    for k, board in enumerate(positions):
        before = notation.position(board)
        level = LEVEL_NAMES[k % 2]  # the cheap levels here; the strong ones below
        pits, _score, _depth, _nodes = best_turn(board, player, level=level, seed=k)
        assert notation.position(board) == before
        legal = list(board.legal_moves())
        one_move += len(legal) == 1
        last_seed += sum(board.row(board.turn)) == 1
        check = board.copy()
        notation.push_record(check, "-".join(map(str, pits)))  # a complete, legal turn
        assert check.to_move != board.turn or check.to_move is None
    assert one_move > 10 and last_seed > 5


def test_strong_and_expert_give_legal_turns():
    player = device_player(book=None)  # (their searches: the opening book's turns, tests/test_book.py)
    for k, board in enumerate(random_positions(24, 12)):  # (Expert's budget: slow in CPython)
        pits, _s, depth, nodes = best_turn(board, player, level=("strong", "expert")[k % 2], seed=k)
        check = board.copy()
        notation.push_record(check, "-".join(map(str, pits)))
        assert depth >= 1 or len(list(board.legal_moves())) == 1


def test_slices_stay_within_their_node_budget():
    search = Search()
    search.start(Board(), depth=30, nodes=20000)
    steps = 0
    while True:
        before = search.nodes
        finished = search.step(37)
        assert search.nodes - before <= 37
        steps += 1
        if finished:
            break
    assert steps > 100 and search.nodes <= 20000 + 37


def test_stop_keeps_a_legal_move_and_the_board_is_never_touched():
    board = notation.from_record("3-6 2-1")
    before = notation.position(board)
    for budget in (1, 5, 50, 500, 5000):
        search = Search()
        search.start(board, depth=40)
        search.step(budget)
        search.stop()
        assert search.done and board.is_legal(search.best_pit)
        assert notation.position(board) == before
    # Stopped before its first step, right after a search of another position (the caller's
    # clock ran out before a slice fitted in a frame): still a legal move of this one.
    search = Search()
    search.start(notation.from_record("1"), depth=4)
    while not search.step(500):
        pass
    for record in ("3-6 2-1", "6 2-1 3-6-5 2 6-2 6", "6 2-1 3-6-5 2 6-2 6 5-6-2 5 3-6-2 6-3"):
        board = notation.from_record(record)
        search.start(board, depth=40)
        search.stop()
        assert search.done and board.is_legal(search.best_pit), record


def test_stop_in_a_new_iteration_keeps_the_last_finished_depth():
    # Stopped at any node after an iteration has finished, the search reports that iteration's
    # depth (or a deeper one's, when the new iteration found a better root move): never less.
    board = notation.from_record("3-6 2-1")
    probe = Search()
    probe.start(board, depth=40)
    finished_at = []  # (nodes, depth) when each iteration finished
    while not probe.step(1) and len(finished_at) < 3:
        if probe.depth_done and (not finished_at or finished_at[-1][1] != probe.depth_done):
            finished_at.append((probe.nodes, probe.depth_done))
    nodes, depth = finished_at[1]
    for extra in range(1, 120):
        search = Search()
        search.start(board, depth=40)
        while search.nodes < nodes + extra and not search.step(1):
            pass
        search.stop()
        assert search.depth_done >= depth and board.is_legal(search.best_pit), extra


def test_think_yields_each_completed_depth():
    search = Search()
    seen = [d for d, _score, _pit in think(search, Board(), depth=6)]
    assert search.deepen == 2 and seen == [2, 4, 6]
    # An odd limit is still reached: the last step is shorter.
    assert [d for d, _score, _pit in think(search, Board(), depth=5)] == [2, 4, 5]
    search.deepen = 1
    assert [d for d, _score, _pit in think(search, Board(), depth=6)] == [1, 2, 3, 4, 5, 6]


def test_search_is_deterministic_for_a_seed():
    board = notation.from_record("1 2 3")
    runs = {tuple(best_turn(board, level="easy", seed=s)[0]) for s in (4, 4, 4)}
    assert len(runs) == 1
    varied = {tuple(best_turn(board, level="easy", seed=s)[0]) for s in range(40)}
    assert len(varied) > 1  # Easy's noise really depends on the seed


def test_easy_blunders_at_a_measurable_rate():
    # Easy misses the best move of its own turn in a good share of positions, but not in all.
    positions = random_positions(300, 21)
    misses = 0
    plain = Search()
    noisy = Search()
    for k, board in enumerate(positions):
        plain.start(board, depth=1, turn_depth=True)
        while not plain.step(1000):
            pass
        start_level(noisy, board, "easy", seed=k)
        while not noisy.step(1000):
            pass
        misses += noisy.best_pit != plain.best_pit
    assert 0.1 * len(positions) < misses < 0.7 * len(positions)


def own_turn_gains(board):
    """{first pit: the most the mover's store lead can grow in this whole turn}, by brute force
    over every extra-turn chain; None if some turn ends the game."""
    side = board.to_move
    gains = {}
    for pit in [m for m in board.legal_moves() if m]:
        before = board.store(side) - board.store(1 - side)
        board.push(pit)
        rest = {0: 0}
        if board.to_move == side:
            rest = own_turn_gains(board)
        gain = board.store(side) - board.store(1 - side) - before
        ended = board.to_move is None or rest is None
        board.pop()
        if ended:
            return None
        gains[pit] = gain + max(rest.values())
    return gains


def test_easy_sees_its_whole_turn_and_misjudges_it_by_three_seeds_at_most():
    # A beginner's play: the captures and extra turns of its own turn counted (checked by brute
    # force), the reply never seen; the noise costs at most twice three seeds of that turn.
    checked = 0
    for k, board in enumerate(random_positions(400, 31)):
        if board.rules() != Board().rules():
            continue
        gains = own_turn_gains(board)
        if not gains or len(gains) < 2:
            continue
        pits, *_ = best_turn(board, device_player(book=None), level="easy", seed=k)  # (its search's)
        assert gains[pits[0]] >= max(gains.values()) - 2 * LEVELS["easy"].noise
        checked += 1
    assert checked > 30


def test_one_legal_move_answers_at_once():
    b = notation.from_position("0,0,0,0,0,5:20/1,1,1,1,1,1:17 S")
    search = Search()
    search.start(b, depth=20)
    assert search.done and search.best_pit == 6 and search.nodes == 0


def test_north_to_move_works_too():
    b = notation.from_record("1")
    assert b.to_move == NORTH
    pits, *_ = best_turn(b, level="medium")
    c = b.copy()
    notation.push_record(c, "-".join(map(str, pits)))


@pytest.mark.parametrize("turn_depth", [False, True, HALF])
def test_the_result_never_depends_on_the_slice_size(turn_depth):
    # The device thinks 8 nodes per slice, the command line a million: same move, same search.
    for k, board in enumerate(random_positions(60, 17)):
        results = set()
        for slice_nodes in (1 << 20, 97, 16, 8, 7, 3):
            search = Search()
            search.start(board, depth=60, nodes=1500, turn_depth=turn_depth)
            while not search.step(slice_nodes):
                pass
            results.add((search.best_pit, search.score, search.depth_done, search.nodes))
        assert len(results) == 1, (k, notation.record(board), results)


def test_half_ply_extra_turns_search_between_the_other_two_rules():
    # From the opening, pit 3 earns an extra turn: the same depth reaches further when an
    # extra-turn sowing costs less, so the search needs more nodes for it.
    nodes = []
    for rule in (False, HALF, True):
        search = Search()
        search.start(Board(), depth=5, turn_depth=rule)
        while not search.step(1000):
            pass
        nodes.append(search.nodes)
    assert nodes[0] < nodes[1] < nodes[2]


def test_a_won_or_lost_line_found_early_does_not_end_the_thinking():
    # A won (or lost) score once ended the deepening, and the margin was given away (about one
    # position in ten, scored on whole turns). The search deepens on: every position with 8-13
    # seeds whose search sees a decided game early reaches the deepest iteration asked, and its
    # move keeps the exact solver's margin there.
    from tools import quality

    rng = random.Random(7)
    solver = Search(tt_bits=16)
    search = Search(tt_bits=12)
    checked = 0
    while checked < 8:
        b = Board()
        while b.to_move is not None and match.seeds_in_pits(b) > 13:
            b.push(rng.choice([m for m in b.legal_moves() if m]))
        if b.to_move is None or match.seeds_in_pits(b) < 8:
            continue
        seen = list(think(search, b, depth=24, turn_depth=HALF))
        decided_at = [depth for depth, score, _pit in seen if abs(score) > 6000]
        if not decided_at or decided_at[0] >= 24:
            continue
        checked += 1
        assert seen[-1][0] == 24
        values = quality.exact_values(b, None, solver)
        assert values[seen[-1][2]] == max(values.values())


# ----- a whole turn: the principal line's extra-turn sowings, the turn's budget ---------------


def play_turn_from_the_line(board, search):
    """Sow the search's move, then its principal line's extra-turn sowings while it knows them."""
    board.push(search.best_pit)
    side = board.to_move
    played = [search.best_pit]
    while board.to_move == side:
        pit = search.continuation(board)
        if not pit:
            break
        board.push(pit)
        played.append(pit)
    return played


@pytest.mark.slow
def test_the_principal_lines_extra_turn_sowings_keep_perfect_play():
    # Checked against brute force: after a full-depth search, the turn played from its line
    # (as many sowings as the line knows) leaves a position worth the perfect-play margin.
    rng = random.Random(11)
    followed = 0
    for trial in range(20 * len(SMALL)):  # (about 130 positions, 49 of them followed)
        rules = SMALL[trial % len(SMALL)]
        board = played_into(rules, rng, rng.randrange(0, 6))
        if board is None:
            continue
        best, _, _ = brute_margin(replay_oracle(rules, board.moves()))
        search = searched_to_the_end(board)
        played = play_turn_from_the_line(board, search)
        followed += len(played) > 1
        after, _, _ = brute_margin(replay_oracle(rules, board.moves()))
        assert after == best, (rules, notation.record(board), played)
    assert followed > 10  # turns that went on from the line


def test_the_line_is_only_followed_from_where_it_leads():
    board = Board()  # pit 3 ends in the store: an extra turn
    search = Search()
    search.start(board, depth=8, turn_depth=HALF)
    while not search.step(1000):
        pass
    assert search.best_pit == 3
    assert search.continuation(board) == 0  # the position searched: not after its move
    after = board.copy()
    after.push(3)
    pit = search.continuation(after)
    assert pit in after.legal_moves()
    other = board.copy()
    other.push(1)  # (North to move: not the searched side's turn)
    assert search.continuation(other) == 0
    for wrong in [m for m in after.legal_moves() if m and m != pit]:
        strayed = after.copy()
        strayed.push(wrong)  # off the line: whatever comes next is not its to say
        assert search.continuation(strayed) == 0


@given(budget=st.integers(1, 100000), spent=st.integers(0, 200000))
def test_an_extra_turns_next_sowing_gets_what_the_turn_has_left(budget, spent):
    share = turn_share(budget, spent)
    assert share >= 0
    assert spent + share <= max(spent, budget + budget // 4)  # the turn at most a quarter over
    if spent <= budget - budget // 8:
        assert share == budget - spent  # the rest, while it is more than an eighth
    elif spent <= budget + budget // 8:
        assert share == budget // 8  # else an eighth


@pytest.mark.parametrize(
    "level", [pytest.param(n, marks=pytest.mark.slow) if n == "expert" else n for n in LEVEL_NAMES]
)
def test_a_whole_turn_keeps_to_its_levels_budget(level):
    # The budget is the turn's: extra turns take what is left, the turn at most a quarter over
    # (a search cut by its budget finishes its current node first: a few nodes more).
    budget = LEVELS[level].nodes
    player = device_player()
    long_turns = 0
    count = 30 if level == "expert" else 80  # (Expert's 250,000 nodes a turn: slow in CPython)
    for k, board in enumerate(random_positions(count, 29)):
        if board.to_move is None or not [m for m in board.legal_moves() if m]:
            continue
        pits, _score, _depth, nodes = best_turn(board, player, level=level, seed=k)
        long_turns += len(pits) > 1
        assert nodes <= budget + budget // 4 + 2 * board.pits + 2
    assert long_turns


def test_the_computers_extra_turn_goes_on_from_its_line_at_once():
    # On the device (kalaha.search.thinking): an extra turn's next sowing the first search chose is
    # decided in the frame it is asked for, and it is the one the host's whole turn plays.
    from kalaha.search.thinking import Thinker

    went_on = 0
    for start in random_positions(200, 41):
        if start.rules() != Board().rules() or start.to_move is None:
            continue
        pits, *_ = best_turn(start, device_player(book=None), level="strong", seed=1)  # (its search's)
        if len(pits) < 2:
            continue
        board = start.copy()
        thinker = Thinker()  # no clock: a slice a frame
        thinker.start_move(board, "strong", 1, 0)
        while not thinker.move(board, "strong", 1, 0):
            pass
        board.push(thinker.move(board, "strong", 1, 0))
        thinker.pit = 0  # (as the app does once it sows)
        thinker.thinking = False
        thinker.start_move(board, "strong", 1, 0)
        if thinker.move(board, "strong", 1, 0):  # decided at once: from the line
            assert thinker.move(board, "strong", 1, 0) == pits[1]
            went_on += 1
    assert went_on >= 5


def test_an_extra_turn_after_the_turns_time_thinks_only_briefly():
    from kalaha.search.thinking import SOWING_FLOOR_MS, Thinker

    board = notation.from_position("6,4,4,4,4,2:0/4,4,4,4,4,4:0 S")  # pit 1: an extra turn
    thinker = Thinker()
    thinker.start_move(board, "strong", 1, 0)
    assert not thinker.move(board, "strong", 1, 0)
    late = LEVELS["strong"].cap_ms + 500
    pit = thinker.move(board, "strong", 1, late)  # the cap: the first legal pit, unsearched
    assert pit == 1
    board.push(pit)
    assert board.to_move == SOUTH
    thinker.pit = 0
    thinker.thinking = False
    thinker.start_move(board, "strong", 1, late)
    assert not thinker.move(board, "strong", 1, late + SOWING_FLOOR_MS - 1)
    assert thinker.move(board, "strong", 1, late + SOWING_FLOOR_MS) in board.legal_moves()
