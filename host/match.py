"""Matches between computer players, for the strength ladder (`python -m kalaha match`).

Host-only (never copied to the device); never imports hardware.
"""

import random
from math import isqrt

from host.analysis import best_turn, device_player
from kalaha.rules import notation
from kalaha.rules.board import NORTH, SOUTH, Board, KalahaError
from kalaha.search.ai import LEVEL_NAMES, LEVELS, Search


def make_player(spec, table=None):
    """'easy'..'expert', 'depth=N' or 'nodes=N' -> a function(board, seed) -> (pits, depth, nodes).

    A level plays the device's whole turn (host.analysis.device_turn: the device's own thinker,
    kept for the match as the device keeps it between games) with `table` (kalaha.search.endgame) as
    the device would have it; depth=N and nodes=N are plain searches, the table at their leaves.
    """
    if spec in LEVEL_NAMES:
        options = {"level": spec}
        player = device_player(table)
    else:
        key, _, value = spec.partition("=")
        digits = value and len(value) <= 7 and all(ch in "0123456789" for ch in value)
        limit = 40 if key == "depth" else 5000000
        if key not in ("depth", "nodes") or not digits or not 1 <= int(value) <= limit:
            raise KalahaError(
                "player %r: use a level (%s), depth=1..40 or nodes=1..5000000"
                % (spec[:30], ", ".join(LEVEL_NAMES))
            )
        options = {"depth": int(value)} if key == "depth" else {"nodes": int(value)}
        player = Search()  # (the device's transposition table size)

    def play(board, seed):
        pits, _score, depth, nodes = best_turn(board, player, seed=seed, table=table, **options)
        return pits, depth, nodes

    play.spec = spec
    return play


def openings(rules, count, plies, seed):
    """`count` distinct starting records: `plies` random sowings from the start, more where
    those give too few different positions (two sowings give 30-odd; levels without noise
    play a repeated opening as the same game again, so a match would count it many times).

    On a board so small that the openings end the game (1 pit, 1 seed), fewer sowings are
    tried, down to none: the start position itself (repeated if it is the only one).
    """
    rng = random.Random(seed)
    out = []
    seen = set()  # (None once repeats are allowed)
    grow = True  # more sowings may still find new positions
    tries = 0
    ended = 0
    while len(out) < count:
        tries += 1
        if tries > 50 * count:
            # Mostly finished games: fewer sowings; mostly repeats: more, up to 10.
            if ended * 2 > tries and plies > 0:
                plies -= 1
                grow = False
            elif grow and plies < 10:
                plies += 1
            else:
                seen = None  # nothing new to find
            tries = ended = 0
        board = Board(**rules)
        for _ in range(plies):
            if board.to_move is None:
                break
            board.push(rng.choice(list(board.legal_moves())))
        if board.to_move is None:
            ended += 1
            continue
        record = notation.record(board)
        if seen is None:
            out.append(record)
        elif record not in seen:
            seen.add(record)
            out.append(record)
    return out


# A search this big values an opening within about 1.4 seeds of one of 300,000 nodes (on 200
# openings of the 6-pit game), in a twentieth of a second here.
EVEN_NODES = 20000


def even_openings(rules, count, plies, seed, nodes=EVEN_NODES):
    """The `count` most even of three times as many openings (openings()), in the order drawn:
    those a search of `nodes` values nearest a draw.

    Random sowings often hand one side a lead (4 seeds or more in two openings of three, 6-pit
    game), and from such an opening each player tends to win with the favoured side, whatever
    its strength; a person starts from the even start position (docs/decisions.md).
    """
    drawn = openings(rules, 3 * count, plies, seed)
    search = Search()
    lean = []
    for record in drawn:
        board = notation.from_record(record, **rules)
        if len(list(board.legal_moves())) == 1:
            lean.append((True, 0))  # one legal sowing: no choice to judge, left for last
            continue
        search.start(board, nodes=nodes)
        while not search.step(1 << 20):
            pass
        lean.append((False, abs(search.score)))  # (a found win or loss: less even than any other)
    kept = sorted(range(len(drawn)), key=lambda i: lean[i])[:count]
    return [drawn[i] for i in sorted(kept)]


def play_game(south, north, rules, record, seed):
    board = Board(**rules)
    notation.push_record(board, record)
    stats = {SOUTH: [0, 0, 0], NORTH: [0, 0, 0]}  # turns, depth sum, nodes sum
    while board.to_move is not None:
        side = board.to_move
        player = south if side == SOUTH else north
        pits, depth, nodes = player(board, seed + board.ply)
        for pit in pits:
            board.push(pit)
        stats[side][0] += 1
        stats[side][1] += depth
        stats[side][2] += nodes
    return board.outcome(), stats


def play_match(spec_a, spec_b, games, rules=None, seed=1, opening_plies=2, table=None, starts=None):
    """A plays B `games` times (both colours from each opening). Returns a summary dict (its
    figures integers: score_permille, a_/b_avg_depth_tenths, a_/b_avg_nodes).

    table: the endgame table, for the levels that play with it on the device.
    starts: the openings' records (default: even_openings for the games, from `seed`)."""
    rules = rules or {}
    a = make_player(spec_a, table)
    b = make_player(spec_b, table)
    result = {"a": spec_a, "b": spec_b, "wins": 0, "draws": 0, "losses": 0, "games": 0}
    per = {"a": [0, 0, 0], "b": [0, 0, 0]}
    if starts is None:
        starts = even_openings(rules, (games + 1) // 2, opening_plies, seed)
    for g in range(games):
        record = starts[g // 2]
        a_side = SOUTH if g % 2 == 0 else NORTH
        south, north = (a, b) if a_side == SOUTH else (b, a)
        outcome, stats = play_game(south, north, rules, record, seed + g * 1000)
        for side, who in ((a_side, "a"), (1 - a_side, "b")):
            for k in range(3):
                per[who][k] += stats[side][k]
        if outcome.winner is None:
            result["draws"] += 1
        elif outcome.winner == a_side:
            result["wins"] += 1
        else:
            result["losses"] += 1
        result["games"] += 1
    # Integers only, like the rest of kalaha/: the score in thousandths (a draw is half a win),
    # the average depth in tenths of a ply.
    result["score_permille"] = (2 * result["wins"] + result["draws"]) * 500 // max(result["games"], 1)
    for who in ("a", "b"):
        turns = max(per[who][0], 1)
        result[who + "_avg_depth_tenths"] = per[who][1] * 10 // turns
        result[who + "_avg_nodes"] = per[who][2] // turns
    return result


def first_turns(rules=None):
    """The records of every complete first turn from the start (each sowing of an extra-turn
    chain): 10 in the 6-pit game, the openings of issue 58's match against the plain search."""
    out = []

    def extend(board, pits):
        for pit in [m for m in board.legal_moves() if m]:
            board.push(pit)
            if board.to_move == board.mover_of(board.ply - 1):
                extend(board, pits + [pit])
            else:
                out.append("-".join(str(p) for p in pits + [pit]))
            board.pop()

    extend(Board(**(rules or {})), [])
    return out


def from_first_turns(a, b, rules=None, seed=1):
    """A (a play function, make_player's) against B from every first turn, each played by both
    colours: (A's points, games), a draw half a point."""
    rules = rules or {}
    points = 0.0
    games = 0
    for g, record in enumerate(first_turns(rules)):
        for a_side in (SOUTH, NORTH):
            south, north = (a, b) if a_side == SOUTH else (b, a)
            outcome, _stats = play_game(south, north, rules, record, seed + g)
            points += 0.5 if outcome.winner is None else (1.0 if outcome.winner == a_side else 0.0)
            games += 1
    return points, games


# The levels' ladder, each against the one below it (issue 23: each should win 70% or more).
RUNGS = (("medium", "easy"), ("strong", "medium"), ("expert", "strong"))


def seeds_in_pits(b):
    """The seeds in both rows: what the endgame table and the quality sets count."""
    return sum(b.row(SOUTH)) + sum(b.row(NORTH))


def positions(count, low, high, seed, levels=LEVEL_NAMES):
    """Positions from games between random `levels` (the device's thinker, no table), `low`..`high`
    seeds in the pits, 2+ moves in: the sets the quality figures and the exact solver's timing use."""
    rng = random.Random(seed)
    out = []
    player = device_player()  # (the device's thinker, no table)
    while len(out) < count:
        b = Board()
        for _ in range(rng.randint(2, 6)):
            if b.to_move is None:
                break
            b.push(rng.choice([m for m in b.legal_moves() if m]))
        pair = (rng.choice(levels), rng.choice(levels))
        while b.to_move is not None and len(out) < count:
            n = seeds_in_pits(b)
            if n < low:
                break
            if n <= high and len([m for m in b.legal_moves() if m]) > 1 and rng.random() < 0.3:
                out.append(b.copy())
            pits, *_ = best_turn(b, player, level=pair[b.to_move], seed=rng.randint(1, 1 << 20))
            for pit in pits:
                b.push(pit)
    return out


def two_sigma_permille(score_permille, games):
    """Twice the standard error of a match score, in thousandths (the score's noise)."""
    p = score_permille
    return 2 * isqrt(p * (1000 - p) // max(games, 1))


def ladder(games, table=None, seed=1):
    """Each level against the one below: [(upper, lower, result, result with the table or None)].

    A result is play_match's; with the table only where the pair plays differently with it."""
    rungs = []
    starts = even_openings({}, (games + 1) // 2, 2, seed)  # (the same for every match)
    for upper, lower in RUNGS:
        plain = play_match(upper, lower, games, seed=seed, starts=starts)
        uses = LEVELS[upper].uses_table or LEVELS[lower].uses_table
        tabled = (
            play_match(upper, lower, games, seed=seed, table=table, starts=starts) if table and uses else None
        )
        rungs.append((upper, lower, plain, tabled))
    return rungs
