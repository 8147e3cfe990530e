"""Host-only AI commands for `python -m kalaha`: move, solve, match, ladder, bench.

Runs on CPython only; never copied to the device, never imports hardware.
"""

import json
import os
import sys
import time

from host.analysis import device_player, device_turn, search_turn, solve
from kalaha.rules import notation
from kalaha.rules.board import Board
from kalaha.search.ai import LEVEL_NAMES, Search

BENCH_POSITIONS = (
    ("opening", ""),
    ("middle", "6 2-1 3-6-5 2 6-2 6"),
    ("endgame", "6 2-1 3-6-5 2 6-2 6 5-6-2 5 3-6-2 6-3"),
)
BENCH_BUDGETS = (2000, 10000)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


MAX_DEPTH = 40  # sowings
MAX_NODES = 5000000  # about 15 s of searching here
MAX_GAMES = 10000
SOLVE_SECONDS = 120  # solve's default limit: 36 seeds in play take seconds, the 48 of a new game far longer


def endgame_table(path, board):
    """The endgame table for `board`'s rules (the file make device builds, or `path`), or None."""
    from kalaha.search.endgame import open_table

    table, _why = open_table(path or table_path())
    if table is None or not table.rules_match(board):
        return None
    try:
        return table.verify_all()
    except ValueError:
        return None


def table_path():
    """The endgame table the device build made (build/CIRCUITPY/endgame.kdb), or its cache."""
    for name in (os.path.join("CIRCUITPY", "endgame.kdb"), "endgame-6x14.kdb"):
        path = os.path.join(ROOT, "build", name)
        if os.path.exists(path):
            return path
    return os.path.join(ROOT, "build", "endgame-6x14.kdb")


def add_ai_commands(sub, rule_flags, make_board, cli_error, whole_number, player_flags, make_ring):
    """The AI's commands, given the command line's own helpers (host.cli: no import back)."""

    def board_at(args):
        """The board after --record, or at --position (any seed total: it is counted)."""
        if args.position is None:
            return make_board(args, args.record)
        if args.record:
            raise cli_error("give a record or --position, not both")
        board = make_board(args, "")
        notation.set_position(board, args.position, any_total=True)
        return board

    def position_flags(p):
        p.add_argument(
            "--position", help="a position as `replay --json` prints it, e.g. '0,0,1,0,2,1:20/...'"
        )
        p.add_argument("--table", help="the endgame table (default: the one make device built)")

    p = sub.add_parser("move", help="the computer's whole turn after a record (or at a position)")
    p.add_argument("record", nargs="?", default="")
    position_flags(p)
    group = p.add_mutually_exclusive_group()
    group.add_argument("--level", choices=LEVEL_NAMES)
    group.add_argument(
        "--depth", type=whole_number(1, MAX_DEPTH, "--depth"), help="1..%d sowings" % MAX_DEPTH
    )
    group.add_argument("--nodes", type=whole_number(1, MAX_NODES, "--nodes"), help="1..%d" % MAX_NODES)
    p.add_argument("--seed", type=whole_number(0, 1 << 30, "--seed"), default=1)
    p.add_argument("--json", action="store_true")
    rule_flags(p)
    player_flags(p)

    def cmd_move(args, out):
        if args.players is not None:
            ring_move(args, out)
            return
        board = board_at(args)
        if board.to_move is None:
            raise cli_error("the game is over: no move to make")
        exact = False
        if args.depth or args.nodes:
            # A plain search, not a level's. A deep search from an early position would run for
            # hours: it stops at the node cap.
            options = {"depth": args.depth, "nodes": MAX_NODES} if args.depth else {"nodes": args.nodes}
            pits, score, depth, nodes = search_turn(board, seed=args.seed, **options)
        else:
            # The device's whole turn: its own thinker, with the table it would have (none if
            # the build made none), so the answer is what the device plays (host.analysis).
            table = endgame_table(args.table, board)
            player = device_player(table)
            pits, score, depth, nodes, exact = device_turn(player, board, args.level or "strong", args.seed)
            if table is not None:
                table.close()
        turn = "-".join(map(str, pits))
        if args.json:
            result = {"turn": turn, "score": score, "depth": depth, "nodes": nodes}
            if exact:
                result["exact"] = True  # the table's perfect turn: score is its final margin
            out.write(json.dumps(result) + "\n")
        else:
            out.write(turn + "\n")

    p.set_defaults(func=cmd_move)

    def ring_move(args, out):
        """move --players N: the computer's whole turn in a game round the ring (kalaha.search.ring_ai)."""
        from kalaha.search.ring_ai import best_turn as ring_turn

        if args.position is not None or args.depth:
            raise cli_error("with --players: a record and --level or --nodes (no --position, --depth)")
        ring = make_ring(args, args.record)
        if ring.over:
            raise cli_error("the game is over: no move to make")
        pits, value, depth, nodes = ring_turn(ring, args.level or "strong", seed=args.seed, nodes=args.nodes)
        turn = "-".join(map(str, pits))
        if args.json:
            out.write(
                json.dumps(
                    {"turn": turn, "seat": ring.to_move, "score": value, "depth": depth, "nodes": nodes}
                )
                + "\n"
            )
        else:
            out.write(turn + "\n")

    p = sub.add_parser(
        "solve", help="exact perfect-play margin (South minus North): the endgame table, or a search"
    )
    p.add_argument("--record", default="")
    p.add_argument(
        "--seconds",
        type=whole_number(1, 86400, "--seconds"),
        default=SOLVE_SECONDS,
        help="give up after this long (default %d)" % SOLVE_SECONDS,
    )
    p.add_argument(
        "--nodes", type=whole_number(1, 1 << 40, "--nodes"), help="give up after this many positions"
    )
    position_flags(p)
    rule_flags(p)

    def cmd_solve(args, out):
        board = board_at(args)
        if board.to_move is None:
            o = board.outcome()
            out.write("%d\n" % (o.south - o.north))
            return
        table = endgame_table(args.table, board)
        margin = table.margin(board.cells, board.to_move) if table is not None else None
        if margin is not None:
            # Instant: the table holds this position. Its margin is the mover's from here on.
            now = board.cells[board.store_index(0)] - board.cells[board.store_index(1)]
            out.write("%d\n" % (now + (margin if board.to_move == 0 else -margin)))
            return
        started = time.monotonic()
        searched = [0]

        def give_up(search):
            searched[0] = search.nodes
            if args.nodes is not None and search.nodes >= args.nodes:
                return True
            return time.monotonic() - started >= args.seconds

        margin = solve(board, table=table, give_up=give_up)
        if margin is None:
            raise cli_error(
                "solve gave up after %d s and %d positions without an exact answer: allow more with "
                "--seconds or --nodes, or play into the game first with --record"
                % (time.monotonic() - started, searched[0])
            )
        out.write("%d\n" % margin)

    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("match", help="a tournament between two levels (or depth=N / nodes=N)")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--games", type=whole_number(1, MAX_GAMES, "--games"), default=10)
    p.add_argument("--seed", type=whole_number(0, 1 << 30, "--seed"), default=1)
    p.add_argument("--json", action="store_true")
    rule_flags(p)

    def cmd_match(args, out):
        from host.match import play_match

        board = make_board(args)
        r = play_match(args.a, args.b, args.games, board.rules(), seed=args.seed)
        if args.json:
            out.write(json.dumps(r) + "\n")
            return
        score = (r["score_permille"] + 5) // 10  # per cent, rounded
        out.write(
            "%s vs %s: %d games, %d wins, %d draws, %d losses (score %d%%)\n"
            % (r["a"], r["b"], r["games"], r["wins"], r["draws"], r["losses"], score)
        )
        for who in ("a", "b"):
            depth = r[who + "_avg_depth_tenths"]
            out.write(
                "  %s: average depth %d.%d, average nodes %d per move\n"
                % (r[who], depth // 10, depth % 10, r[who + "_avg_nodes"])
            )

    p.set_defaults(func=cmd_match)

    p = sub.add_parser("ladder", help="each level against the one below it: how far apart they play")
    p.add_argument("--games", type=whole_number(2, MAX_GAMES, "--games"), default=200)
    p.add_argument("--seed", type=whole_number(0, 1 << 30, "--seed"), default=1)
    p.add_argument("--table", help="the endgame table (default: the one make device built)")

    def cmd_ladder(args, out):
        from host.match import ladder, two_sigma_permille

        table = endgame_table(args.table, Board())
        out.write(
            "Each level against the one below, %d games a pair (the most even third of random "
            "openings, each played from both sides): the upper level's score, a draw half a win, "
            "+- twice its standard error.\n" % args.games
        )
        if table is None:
            out.write("(no endgame table: build it with make device, or give --table)\n")
        out.write("| level | against | without the endgame table | with it (as the device plays) |\n")
        out.write("|---|---|---|---|\n")

        def cell(r):
            p = r["score_permille"]
            return "%d.%d%% +- %d%% (%d-%d-%d)" % (
                p // 10,
                p % 10,
                (two_sigma_permille(p, r["games"]) + 5) // 10,
                r["wins"],
                r["draws"],
                r["losses"],
            )

        for upper, lower, plain, tabled in ladder(args.games, table, args.seed):
            if tabled is not None:
                with_table = cell(tabled)
            else:
                with_table = "the same: neither uses it" if table is not None else "-"
            out.write("| %s | %s | %s | %s |\n" % (upper, lower, cell(plain), with_table))

    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("bench", help="search speed on fixed positions (and estimated device time)")
    p.add_argument(
        "--device",
        action="store_true",
        help="also run in CircuitPython's interpreter and estimate RP2040 times (wall clock and valgrind)",
    )
    p.set_defaults(func=lambda args, out: bench(out, args.device))


def naive_negamax(board, depth, counter):
    """The simplest correct search, for comparison: copy the board per node, no ordering."""
    counter[0] += 1
    if board.to_move is None or depth == 0:
        diff = board.store(0) - board.store(1)
        return diff if board.turn == 0 else -diff
    best = -(10**9)
    for move in list(board.legal_moves()):
        child = board.copy()
        child.push(move)
        v = naive_negamax(child, depth - 1, counter)
        if child.to_move is None:
            v = child.store(0) - child.store(1)
            v = v if board.turn == 0 else -v
        elif child.turn != board.turn:
            v = -v
        best = max(best, v)
    return best


def bench(out, device=False):
    out.write("CPython %s\n" % sys.version.split()[0])
    search = Search()
    for name, record in BENCH_POSITIONS:
        board = notation.from_record(record)
        for budget in BENCH_BUDGETS:
            search.clear_table()
            t = time.perf_counter_ns()
            search.start(board, depth=60, nodes=budget)
            while not search.step(256):
                pass
            per_second = search.nodes * 1000000000 // max(1, time.perf_counter_ns() - t)
            out.write(
                "%-8s budget %6d: %6d nodes, depth %2d, best pit %d, %8d nodes/s\n"
                % (name, budget, search.nodes, search.depth_done, search.best_pit, per_second)
            )
        counter = [0]
        t = time.perf_counter_ns()
        naive_negamax(board, 6, counter)
        per_second = counter[0] * 1000000000 // max(1, time.perf_counter_ns() - t)
        out.write(
            "%-8s naive copy-per-node search, depth 6: %6d nodes, %8d nodes/s\n"
            % (name, counter[0], per_second)
        )
    if device:
        from tools import devicetime, micropython

        try:
            devicetime.report(out)
        except micropython.Missing as e:
            out.write("device estimates skipped: %s\n" % e)
