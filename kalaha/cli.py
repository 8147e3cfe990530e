"""Host-only command line: perft, replay, and the AI tools (move, solve, match, bench).

Runs on CPython only (argparse, json); never copied to the device, never imports hardware.
"""

import argparse
import json
import sys

from kalaha.board import SIDE_NAMES, Board, KalahaError
from kalaha.perft import perft


class CliError(Exception):
    """Bad input on the command line: exit status 2, one line on stderr."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise CliError(message)


def _rule_flags(parser):
    parser.add_argument("--pits", type=int, default=6, help="pits per side, 1..6 (default 6)")
    parser.add_argument("--seeds", type=int, default=4, help="seeds per pit, 1..6 (default 4)")
    parser.add_argument(
        "--empty-capture",
        action="store_true",
        help="a last seed in an own empty pit is captured even opposite an empty pit",
    )
    parser.add_argument("--alga", action="store_true", help="the side whose row empties takes all seeds left")
    parser.add_argument(
        "--swap", action="store_true", help="North may answer South's first turn with T (swap sides)"
    )


def _board(args, record=""):
    board = Board(
        pits=args.pits, seeds=args.seeds, empty_capture=args.empty_capture, alga=args.alga, swap=args.swap
    )
    if record:
        board.push_record(record)
    return board


def board_json(board):
    """The position as the JSON object `replay --json` prints."""
    p = board.pits
    c = board.cells
    outcome = board.outcome()
    to_move = board.to_move
    return {
        "pits": c[0:p] + c[p + 1 : 2 * p + 1],
        "stores": [c[p], c[2 * p + 1]],
        "to_move": None if to_move is None else SIDE_NAMES[to_move],
        "over": outcome is not None,
        "result": None if outcome is None else outcome.result(),
        "turns": board.record(),
        "position": board.position(),
    }


def cmd_perft(args, out):
    if args.depth < 0:
        raise CliError("perft depth must be 0 or more")
    board = _board(args)
    for d in range(1, args.depth + 1):
        out.write("%d %d\n" % (d, perft(board, d)))


def cmd_replay(args, out):
    board = _board(args, args.record)
    if args.json:
        out.write(json.dumps(board_json(board)) + "\n")
        return
    out.write(str(board) + "\n")
    outcome = board.outcome()
    if outcome is not None:
        out.write("result: %s %d:%d\n" % (outcome.result(), outcome.south, outcome.north))
    out.write("record: %s\n" % (board.record() or "(start)"))
    out.write("position: %s\n" % board.position())


def build_parser():
    parser = _Parser(prog="python -m kalaha", description="Kalaha engine tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count move sequences per depth")
    p.add_argument("depth", type=int)
    _rule_flags(p)
    p.set_defaults(func=cmd_perft)
    p = sub.add_parser("replay", help="print the position after a game record")
    p.add_argument("record", nargs="?", default="", help="turns separated by spaces, e.g. '3-6 2'")
    p.add_argument("--json", action="store_true")
    _rule_flags(p)
    p.set_defaults(func=cmd_replay)
    try:
        from kalaha.cli_ai import add_ai_commands
    except ImportError:  # the AI tools are optional for the engine alone
        pass
    else:
        add_ai_commands(sub, _rule_flags, _board, CliError)
    return parser


def main(argv=None, out=None):
    out = out or sys.stdout
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["play"]:
        return play_main(argv[1:], out=out)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        args.func(args, out)
    except (CliError, KalahaError) as e:
        sys.stderr.write("kalaha: error: %s\n" % e)
        return 2
    return 0


def _play_parser():
    parser = _Parser(prog="python -m kalaha play", description="Play Kalaha in the terminal.")
    parser.add_argument("--level", default="medium", help="computer level: easy, medium, strong, expert")
    parser.add_argument("--two-players", action="store_true", help="two people at one keyboard")
    parser.add_argument("--computer-starts", action="store_true", help="the computer plays South")
    _rule_flags(parser)
    return parser


def play_main(argv=None, inp=input, out=sys.stdout):
    """A terminal game: you against the computer (or two players). Returns the exit status."""
    from kalaha.ai import LEVEL_NAMES, Search, best_turn

    try:
        args = _play_parser().parse_args(sys.argv[1:] if argv is None else argv)
        if args.level not in LEVEL_NAMES:
            raise CliError("level must be one of " + ", ".join(LEVEL_NAMES))
        board = _board(args)
    except (CliError, KalahaError) as e:
        sys.stderr.write("kalaha: error: %s\n" % e)
        return 2
    computer = None if args.two_players else (0 if args.computer_starts else 1)
    if computer is not None and board.swap:
        out.write("(the swap rule is not offered against the computer)\n")
        board.swap = False
    search = Search()
    out.write(
        "Kalaha: pits are numbered 1..%d from the mover's left. Commands: a pit number, "
        "u (undo), h (hint), r (resign), q (quit).\n" % board.pits
    )
    while board.to_move is not None:
        out.write("\n%s\n" % board)
        side = board.to_move
        if side == computer:
            pits, *_ = best_turn(board, search, level=args.level, seed=board.ply)
            for pit in pits:
                board.push(pit)
            out.write("computer (%s) plays %s\n" % (SIDE_NAMES[side], "-".join(map(str, pits))))
            continue
        try:
            text = inp("%s to move> " % SIDE_NAMES[side]).strip().lower()
        except EOFError:
            out.write("\nbye\n")
            return 0
        if text == "q":
            return 0
        if text == "r":
            board.resign(side)
            break
        if text == "h":
            pits, *_ = best_turn(board, search, level="strong", seed=board.ply)
            out.write("hint: %s\n" % "-".join(map(str, pits)))
            continue
        if text == "u":
            if board.ply == 0:
                out.write("nothing to undo\n")
                continue
            # Against the computer take back its whole reply and your own last turn.
            target = board.last_turn_start(side if computer is not None else None)
            if target is None:
                out.write("nothing to undo\n")
                continue
            while board.ply > target:
                board.pop()
            out.write("undone\n")
            continue
        if not text.isdigit():
            out.write("type a pit number 1..%d, or u, h, r, q\n" % board.pits)
            continue
        try:
            board.push(int(text))
        except KalahaError as e:
            out.write("not possible: %s\n" % e)
            continue
        if board.last_extra and board.to_move == side:
            out.write("extra turn!\n")
        elif board.last_capture:
            out.write("captured %d seeds\n" % board.last_capture)
    outcome = board.outcome()
    out.write(
        "\n%s\ngame over: %s %d:%d\nrecord: %s\n"
        % (board, outcome.result(), outcome.south, outcome.north, board.record())
    )
    return 0
