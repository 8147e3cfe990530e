"""Every bullet of RULES.md as a concrete position test."""

import pytest

from kalaha import NORTH, SOUTH, SWAP, Board, IllegalMoveError, KalahaError, NotationError
from kalaha.rules import notation


def make(south, north, s_store=None, n_store=None, side="S", **rules):
    """A board with the given rows; the stores take up the rest of the seeds."""
    pits = len(south)
    rules.setdefault("seeds", 4)
    total = 2 * pits * rules["seeds"]
    rest = total - sum(south) - sum(north)
    if s_store is None and n_store is None:
        s_store, n_store = rest // 2, rest - rest // 2
    elif s_store is None:
        s_store = rest - n_store
    elif n_store is None:
        n_store = rest - s_store
    text = "%s:%d/%s:%d %s" % (",".join(map(str, south)), s_store, ",".join(map(str, north)), n_store, side)
    return notation.from_position(text, pits=pits, **rules)


def snapshot(b):
    return (list(b.cells), b.turn, b.over, b.ply, notation.record(b), b.swapped, b.resigned)


# ----- board and names -------------------------------------------------------------


@pytest.mark.parametrize("pits,seeds", [(6, 4), (6, 3), (6, 5), (6, 6), (4, 3), (5, 6), (1, 1)])
def test_start_position(pits, seeds):
    b = Board(pits=pits, seeds=seeds)
    assert b.row(SOUTH) == [seeds] * pits and b.row(NORTH) == [seeds] * pits
    assert b.store(SOUTH) == 0 and b.store(NORTH) == 0
    assert sum(b.cells) == 2 * pits * seeds == b.total
    assert b.to_move == SOUTH
    assert list(b.legal_moves()) == list(range(1, pits + 1))


def test_opposite_pit_is_p_plus_1_minus_k():
    b = Board()
    for k in range(1, 7):
        assert b.opposite(b.pit_index(SOUTH, k)) == b.pit_index(NORTH, 7 - k)
        assert b.opposite(b.pit_index(NORTH, k)) == b.pit_index(SOUTH, 7 - k)


# ----- a move ----------------------------------------------------------------------


def test_empty_pit_and_out_of_range_are_illegal_and_change_nothing():
    b = make([0, 4, 4, 4, 4, 4], [4] * 6)
    before = snapshot(b)
    for bad in (1, 0, 7, -1, "3", None):
        with pytest.raises(KalahaError):
            b.push(bad)
        assert snapshot(b) == before
    assert 1 not in list(b.legal_moves())


def test_errors_are_value_errors():
    assert issubclass(IllegalMoveError, ValueError)
    assert issubclass(NotationError, ValueError)


def test_sowing_goes_counter_clockwise_and_skips_the_opponents_store():
    # South's pit 6 with 8 seeds: own store, North 1..6, (skip North's store), South 1.
    b = make([1, 1, 1, 1, 1, 8], [1] * 6, s_store=9, n_store=20)
    b.push(6)
    assert b.store(SOUTH) == 10
    assert b.row(NORTH) == [2] * 6
    assert b.store(NORTH) == 20
    assert b.row(SOUTH) == [2, 1, 1, 1, 1, 0]
    assert b.to_move == NORTH


def test_north_sows_towards_its_own_store_and_skips_souths():
    b = make([1] * 6, [1, 0, 0, 0, 0, 8], s_store=13, n_store=20, side="N")
    b.push(6)
    assert b.store(NORTH) == 21 and b.store(SOUTH) == 13
    assert b.row(SOUTH) == [2] * 6
    assert b.row(NORTH) == [2, 0, 0, 0, 0, 0]


def test_origin_pit_is_refilled_by_a_lap():
    b = make([0, 0, 0, 0, 0, 15], [1, 1, 1, 1, 1, 1], side="S")
    b.push(6)
    # 15 seeds: store, N1..N6, S1..S6 (S6 again), store, N1
    assert b.row(SOUTH) == [1, 1, 1, 1, 1, 1]
    assert b.row(NORTH) == [3, 2, 2, 2, 2, 2]
    assert sum(b.cells) == b.total


# ----- where the last seed lands ---------------------------------------------------


def test_standard_opening_pit_3_is_an_extra_turn():
    b = Board()
    b.push(3)
    assert b.last_extra and b.to_move == SOUTH
    assert b.cells == [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0]


@pytest.mark.parametrize("pits", [4, 5, 6])
def test_pit_k_with_p_plus_1_minus_k_seeds_ends_in_the_store(pits):
    for side in (SOUTH, NORTH):
        for k in range(1, pits + 1):
            own = [1] * pits
            own[k - 1] = pits + 1 - k
            other = [2] * pits
            south, north = (own, other) if side == SOUTH else (other, own)
            b = make(south, north, side="SN"[side], seeds=6)
            b.push(k)
            assert b.last_index == b.store_index(side)
            assert b.last_extra and b.to_move == side


def test_extra_turns_chain_without_limit():
    b = make([6, 5, 4, 3, 2, 1], [4] * 6)
    for pit in (6, 5, 4, 3, 2, 1):
        b.push(pit)
        assert b.to_move == SOUTH or b.over
    assert notation.record(b) == "6-5-4-3-2-1" or b.over


def test_capture_takes_last_seed_and_opposite_pit():
    # South pit 1 has 2 seeds -> last in pit 3 (empty); opposite is North pit 4 with 7.
    b = make([2, 1, 0, 1, 1, 1], [1, 1, 1, 7, 1, 1], s_store=10)
    b.push(1)
    assert b.last_capture == 8
    assert b.store(SOUTH) == 18
    assert b.seeds_in(SOUTH, 3) == 0 and b.seeds_in(NORTH, 4) == 0
    assert b.to_move == NORTH


def test_thirteen_seed_lap_captures_in_the_origin_pit():
    # RULES: a 13-seed sowing from pit k ends in pit k itself, which counts as empty.
    b = make([0, 13, 1, 1, 1, 1], [1, 1, 1, 1, 5, 1], s_store=10)
    b.push(2)
    assert b.last_index == b.pit_index(SOUTH, 2)
    # Opposite of South 2 is North 5 (5 + 1 from the lap = 6); plus the last seed = 7.
    assert b.last_capture == 7
    assert b.seeds_in(SOUTH, 2) == 0 and b.seeds_in(NORTH, 5) == 0
    assert b.store(SOUTH) == 10 + 1 + 7
    assert b.to_move == NORTH


def test_twenty_six_seeds_do_not_capture_in_the_origin():
    b = make([0, 0, 26, 1, 1, 1], [1] * 6, seeds=6)
    b.push(3)
    # Two full laps: the origin got two seeds, so it was not empty before the last.
    assert b.seeds_in(SOUTH, 3) == 2 and b.last_capture == 0


def test_no_capture_in_the_opponents_row():
    # South pit 6 with 3 seeds: store, North 1, North 2 (empty) -> nothing happens.
    b = make([1, 1, 1, 1, 1, 3], [1, 0, 5, 5, 5, 5])
    b.push(6)
    assert b.last_capture == 0 and b.seeds_in(NORTH, 2) == 1
    assert b.to_move == NORTH


@pytest.mark.parametrize("empty_capture", [False, True])
def test_capture_with_empty_opposite_pit(empty_capture):
    # South pit 1 with 1 seed -> pit 2 (empty); opposite North pit 5 is empty.
    b = make([1, 0, 1, 1, 1, 1], [1, 1, 1, 1, 0, 1], s_store=10, empty_capture=empty_capture)
    b.push(1)
    assert b.to_move == NORTH
    if empty_capture:
        assert b.last_capture == 1 and b.seeds_in(SOUTH, 2) == 0 and b.store(SOUTH) == 11
    else:
        assert b.last_capture == 0 and b.seeds_in(SOUTH, 2) == 1 and b.store(SOUTH) == 10


def test_last_seed_in_a_pit_with_seeds_passes_the_turn():
    b = Board()
    b.push(1)  # 4 seeds from pit 1 end in pit 5, which held seeds
    assert b.last_capture == 0 and not b.last_extra and b.to_move == NORTH


# ----- end of the game ------------------------------------------------------------


def test_game_ends_in_the_middle_of_an_extra_turn_chain():
    b = make([0, 0, 0, 0, 0, 1], [3, 3, 3, 3, 3, 3], s_store=20)
    b.push(6)
    assert b.over and b.to_move is None
    assert b.last_extra  # it was an extra turn, but the row is empty
    assert b.store(SOUTH) == 21 and b.store(NORTH) == 48 - 21
    assert b.outcome().result() == "north"
    with pytest.raises(IllegalMoveError):
        b.push(1)


def test_game_ends_when_the_opponents_row_empties():
    # South's capture takes North's last seeds: North's row is empty -> game over.
    b = make([1, 0, 4, 4, 4, 4], [0, 0, 0, 0, 3, 0], s_store=10, side="S")
    b.push(1)
    assert b.over
    # Default: South's leftovers go to South's store.
    assert b.store(SOUTH) == 10 + 4 + 16
    assert b.row(SOUTH) == [0] * 6 and b.row(NORTH) == [0] * 6


def test_alga_rule_the_emptied_side_takes_the_rest():
    b = make([0, 0, 0, 0, 0, 1], [3, 3, 3, 3, 3, 3], s_store=20, alga=True)
    b.push(6)
    assert b.over and b.store(SOUTH) == 48 - b.store(NORTH)
    assert b.store(SOUTH) == 21 + 18
    assert b.outcome().result() == "south"


def test_alga_when_the_mover_empties_the_opponents_row():
    b = make([1, 0, 4, 4, 4, 4], [0, 0, 0, 0, 3, 0], s_store=10, alga=True)
    b.push(1)
    # North's row is empty, so North takes South's 16 leftover seeds.
    assert b.over and b.store(SOUTH) == 14 and b.store(NORTH) == 48 - 14


def test_equal_stores_are_a_draw():
    b = make([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0], s_store=23, n_store=23)
    b.push(6)
    assert b.outcome().result() == "draw" and b.outcome().winner is None


def test_more_than_half_has_already_won():
    b = make([1] * 6, [1] * 6, s_store=25)
    assert b.decided() == SOUTH
    assert Board().decided() is None


def test_resign():
    b = Board()
    b.push(1)
    b.resign(NORTH)
    assert b.to_move is None and b.outcome().result() == "south"
    assert b.outcome().termination == "resign"
    with pytest.raises(IllegalMoveError):
        b.push(1)
    b.unresign()
    assert b.to_move == NORTH and b.outcome() is None


# ----- swap ----------------------------------------------------------------------


def test_swap_is_offered_only_as_norths_first_turn():
    b = Board(swap=True)
    assert SWAP not in list(b.legal_moves())
    notation.push_record(b, "3-6")
    assert SWAP in list(b.legal_moves())
    before = list(b.cells)
    b.push(SWAP)
    assert b.cells == before and b.swapped and b.to_move == NORTH
    assert SWAP not in list(b.legal_moves())
    b.push(1)
    assert notation.record(b) == "3-6 T 1"
    assert b.pop() == 1 and b.pop() == SWAP and not b.swapped


def test_swap_not_allowed_without_the_rule_or_later():
    b = notation.from_record("3-6")
    with pytest.raises(IllegalMoveError, match="swap rule"):
        b.push(SWAP)
    b = notation.from_record("3-6 1", swap=True)
    with pytest.raises(IllegalMoveError, match="first turn"):
        b.push(SWAP)
    with pytest.raises(IllegalMoveError):
        notation.from_record("T", swap=True)


# ----- notation ----------------------------------------------------------------------


def test_record_errors_name_the_turn_and_leave_the_board():
    b = notation.from_record("3-6")
    before = snapshot(b)
    for bad, words in [
        ("1 9", "pit 9 is out of range"),
        ("1 0", "pit 0 is out of range"),
        ("1 x", "character 3, 'x' (U+0078), is not allowed"),
        ("1 2-", "not a pit number"),
        ("1-2", "did not end in the store"),
        ("T", "swap rule"),
    ]:
        with pytest.raises(KalahaError) as info:
            notation.push_record(b, bad)
        assert words in str(info.value)
        assert snapshot(b) == before
    # North's pit 2 then holds 5 seeds and ends in North's store: the turn goes on.
    with pytest.raises(IllegalMoveError, match=r"turn 1 \(2\): pit 2 ended in the store"):
        notation.push_record(b, "2 1")


def test_game_over_record_rejects_more_moves():
    b = make([0, 0, 0, 0, 0, 1], [3] * 6, s_store=20)
    with pytest.raises(IllegalMoveError, match="game is over"):
        notation.push_record(b, "6 1")
    assert not b.over and b.ply == 0


@pytest.mark.parametrize(
    "text",
    [
        "",
        "4,4,4,4,4,4:0/4,4,4,4,4:0 S",
        "4,4,4,4,4,4:0/4,4,4,4,4,4:0 X",
        "4,4,4,4,4,4:0/4,4,4,4,4,4:1 S",
        "4,4,4,4,4,4/4,4,4,4,4,4 S",
        "a,4,4,4,4,4:0/4,4,4,4,4,4:0 S",
        "0,0,0,0,0,0:24/4,4,4,4,4,4:0 S",
        "4,4,4,4,4,4:0/4,4,4,4,4,4:0 -",
    ],
)
def test_bad_positions_are_rejected(text):
    b = Board()
    before = snapshot(b)
    with pytest.raises(NotationError):
        notation.set_position(b, text)
    assert snapshot(b) == before


def test_position_round_trip():
    b = notation.from_record("3-6 2-1 4")
    text = notation.position(b)
    c = notation.from_position(text)
    assert notation.position(c) == text and c.cells == b.cells and c.to_move == b.to_move


def test_last_turn_start_for_undo():
    b = notation.from_record("3-6 2-1 4")
    assert b.last_turn_start() == 4  # South's "4"
    assert b.last_turn_start(NORTH) == 2  # North's "2-1" began at ply 2
    assert b.last_turn_start(SOUTH) == 4
    s = notation.from_record("3-6 T 1", swap=True)
    assert s.last_turn_start() == 3 and s.last_turn_start(SOUTH) == 0
    assert Board().last_turn_start() is None
