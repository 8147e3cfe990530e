"""Host-only command line: perft, replay, and the AI tools (move, solve, match, bench).

Runs on CPython only (argparse, json); never copied to the device, never imports hardware.
"""

import argparse
import json
import os
import sys

from kalaha.rules import notation
from kalaha.rules.board import SIDE_NAMES, Board, KalahaError
from kalaha.rules.perft import perft


class CliError(Exception):
    """Bad input on the command line: exit status 2, one line on stderr."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise CliError(message)


MAX_PERFT = 10  # perft 10 from the opening takes about a minute here; every request must end


def whole_number(low, high, what):
    """An argparse type: an ASCII whole number in low..high (int() would take '\u0663' or 10**5000)."""

    def convert(text):
        body = text[1:] if text[:1] == "-" else text
        if not body or len(body) > 12 or any(ch not in "0123456789" for ch in body):
            raise CliError("%s must be a whole number %d..%d, not %r" % (what, low, high, text[:20]))
        value = int(text)
        if not low <= value <= high:
            raise CliError("%s must be %d..%d, not %d" % (what, low, high, value))
        return value

    return convert


def _rule_flags(parser):
    parser.add_argument(
        "--pits", type=whole_number(1, 7, "--pits"), default=6, help="pits per side, 1..7 (default 6)"
    )
    parser.add_argument(
        "--seeds", type=whole_number(1, 6, "--seeds"), default=4, help="seeds per pit, 1..6 (default 4)"
    )
    parser.add_argument(
        "--empty-capture",
        action="store_true",
        help="a last seed in an own empty pit is captured even opposite an empty pit",
    )
    parser.add_argument("--alga", action="store_true", help="the side whose row empties takes all seeds left")
    parser.add_argument(
        "--swap", action="store_true", help="North may answer South's first turn with T (swap sides)"
    )


def _player_flags(parser):
    """Games of 2-4 players round one ring (kalaha.rules.ring): without --players, the classic game."""
    parser.add_argument(
        "--players",
        type=whole_number(2, 4, "--players"),
        help="2..4 players round one ring (Qdan's rules); seats 0..N-1 move in turn",
    )
    parser.add_argument(
        "--capture-from",
        choices=("next", "opposite", "all"),
        default="next",
        help="with --players: whose pit a capture takes from (default next)",
    )


def _ring(args, record=""):
    """The --players game after `record`."""
    from kalaha.rules.ring import CAPTURE_NAMES, RingBoard, RingError

    if args.empty_capture or args.alga or args.swap:
        raise CliError("--empty-capture, --alga and --swap are two-player rules, not for --players")
    if len(record) > 4000:
        raise CliError("a record is at most 4000 characters")
    try:
        board = RingBoard(args.players, args.pits, args.seeds, CAPTURE_NAMES.index(args.capture_from))
        board.push_record(record)
    except RingError as e:  # (the module's own class: the device's screens import it afresh)
        raise CliError(str(e)) from None
    return board


def _board(args, record=""):
    board = Board(
        pits=args.pits, seeds=args.seeds, empty_capture=args.empty_capture, alga=args.alga, swap=args.swap
    )
    if record:
        notation.push_record(board, record)
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
        "turns": notation.record(board),
        "position": notation.position(board),
    }


def cmd_perft(args, out):
    board = _board(args)
    for d in range(1, args.depth + 1):
        out.write("%d %d\n" % (d, perft(board, d)))


def cmd_replay(args, out):
    if args.players is not None:
        ring = _ring(args, args.record)
        if args.json:
            out.write(json.dumps(ring.as_json()) + "\n")
            return
        for seat in range(ring.seats):
            out.write("seat %d: pits %s, store %d\n" % (seat, ring.row(seat), ring.stores()[seat]))
        if ring.over:
            out.write("over: places %s\n" % ring.ranks())
        else:
            out.write("seat %d to move\n" % ring.to_move)
        out.write("record: %s\n" % (ring.record() or "(start)"))
        return
    board = _board(args, args.record)
    if args.json:
        out.write(json.dumps(board_json(board)) + "\n")
        return
    out.write(notation.board_text(board) + "\n")
    outcome = board.outcome()
    if outcome is not None:
        out.write("result: %s %d:%d\n" % (outcome.result(), outcome.south, outcome.north))
    out.write("record: %s\n" % (notation.record(board) or "(start)"))
    out.write("position: %s\n" % notation.position(board))


def build_parser():
    parser = _Parser(
        prog="python -m kalaha",
        description="Kalaha engine tools. `python -m kalaha play` starts a game in the terminal "
        "(`python -m kalaha play --help` for its options).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("play", help="play in the terminal (against the computer or two players)")
    p = sub.add_parser("perft", help="count move sequences per depth")
    p.add_argument("depth", type=whole_number(0, MAX_PERFT, "perft depth"), help="0..%d" % MAX_PERFT)
    _rule_flags(p)
    p.set_defaults(func=cmd_perft)
    p = sub.add_parser("replay", help="print the position after a game record")
    p.add_argument("record", nargs="?", default="", help="turns separated by spaces, e.g. '3-6 2'")
    p.add_argument("--json", action="store_true")
    _rule_flags(p)
    _player_flags(p)
    p.set_defaults(func=cmd_replay)
    try:
        from host.cli_ai import add_ai_commands
    except ImportError:  # the AI tools are optional for the engine alone
        pass
    else:
        add_ai_commands(sub, _rule_flags, _board, CliError, whole_number, _player_flags, _ring)
    from host.cli_puzzle import add_puzzle_command

    add_puzzle_command(sub, CliError, draw)
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
        out.flush()
    except (CliError, KalahaError) as e:
        sys.stderr.write("kalaha: error: %s\n" % e)
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("kalaha: stopped (Ctrl-C)\n")
        return 130
    except BrokenPipeError:
        # The reader stopped (`... | head`): no traceback, and none at exit either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0


def _play_parser():
    parser = _Parser(prog="python -m kalaha play", description="Play Kalaha in the terminal.")
    parser.add_argument("--level", default="medium", help="computer level: easy, medium, strong, expert")
    parser.add_argument("--two-players", action="store_true", help="two people at one keyboard")
    parser.add_argument("--computer-starts", action="store_true", help="the computer plays South")
    _rule_flags(parser)
    return parser


def draw(board):
    """The board for the terminal: pit numbers beside each row, the stores at the ends.

    North's row is on top, right to left, as seen by South across the table.
    """
    p = board.pits
    c = board.cells
    north = " ".join("%3d" % c[p + 1 + k] for k in range(p - 1, -1, -1))
    south = " ".join("%3d" % c[k] for k in range(p))
    pad = " " * 10
    return "\n".join(
        [
            pad + " ".join(" N%d" % (k + 1) for k in range(p - 1, -1, -1)),
            pad + north,
            "North %3d%s%3d South   (stores)" % (c[2 * p + 1], " " * (4 * p + 1), c[p]),
            pad + south,
            pad + " ".join(" S%d" % (k + 1) for k in range(p)),
        ]
    )


def play_main(argv=None, inp=input, out=sys.stdout):
    """A terminal game: you against the computer (or two players). Returns the exit status."""
    from host.analysis import best_turn, device_player
    from host.cli_ai import endgame_table
    from kalaha.rules.board import SWAP
    from kalaha.rules.notation import parse_turn
    from kalaha.search.ai import LEVEL_NAMES

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
    player = device_player(endgame_table(None, board))  # the device's, with the table it would have
    out.write(
        "Kalaha: pits are numbered 1..%d from the mover's left. Type a pit (4) or a whole turn with "
        "its extra turns (3-6)%s; u undo, h hint, r resign, q quit.\n"
        % (board.pits, ", T to swap sides" if board.swap else "")
    )
    resigned = None
    while board.to_move is not None:
        out.write("\n%s\n" % draw(board))
        side = board.to_move
        if side == computer:
            pits, *_ = best_turn(board, player, level=args.level, seed=board.ply)
            for pit in pits:
                board.push(pit)
            out.write("computer (%s) plays %s\n" % (SIDE_NAMES[side], "-".join(map(str, pits))))
            continue
        try:
            text = inp("%s to move> " % SIDE_NAMES[side]).strip()
        except EOFError:
            out.write("\nbye\n")
            return 0
        command = text.lower()
        if command == "q":
            return 0
        if command == "r":
            board.resign(side)
            resigned = side
            break
        if command == "h":
            pits, *_ = best_turn(board, player, level="strong", seed=board.ply)
            out.write("hint: %s\n" % "-".join(map(str, pits)))
            continue
        if command == "u":
            # Against the computer take back its whole reply and your own last turn.
            target = board.last_turn_start(side if computer is not None else None) if board.ply else None
            if target is None:
                out.write("nothing to undo\n")
                continue
            while board.ply > target:
                board.pop()
            out.write("undone\n")
            continue
        try:
            turn = parse_turn(text, board.pits, "turn")
            _play_turn(board, side, turn)
        except KalahaError as e:
            out.write(
                "not possible: %s (type a pit 1..%d, a turn like 3-6, or u, h, r, q)\n" % (e, board.pits)
            )
            continue
        if turn[-1] != SWAP and board.last_extra and board.to_move == side:
            out.write("extra turn!\n")
        elif board.last_capture:
            out.write("captured %d seeds\n" % board.last_capture)
    outcome = board.outcome()
    out.write("\n%s\n" % draw(board))
    winner = "a draw" if outcome.winner is None else "%s wins" % SIDE_NAMES[outcome.winner]
    if resigned is not None:
        how = "%s resigned: %s (stores %d:%d)" % (SIDE_NAMES[resigned], winner, outcome.south, outcome.north)
    else:
        how = "%s, %d:%d" % (winner, outcome.south, outcome.north)
    out.write("Game over: %s.\nrecord: %s\n" % (how, notation.record(board)))
    return 0


def _play_turn(board, side, turn):
    """Sow every pit of `turn` for `side`, or none of them (raises KalahaError, board unchanged)."""
    start = board.ply
    try:
        for k, move in enumerate(turn):
            if board.to_move != side:
                raise KalahaError("the turn ended after pit %d" % turn[k - 1])
            board.push(move)
    except KalahaError:
        while board.ply > start:
            board.pop()
        raise
