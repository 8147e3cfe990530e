"""Host-only command line: `python -m kalaha puzzle N` (the puzzle set, kalaha/puzzles.txt).

Runs on CPython only (argparse, json); never copied to the device, never imports hardware.
"""

import json
import os
import sys

from kalaha.flow import puzzles
from kalaha.rules import notation
from kalaha.rules.board import NORTH, SOUTH, Board, KalahaError
from kalaha.rules.notation import parse_turn

PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "kalaha", "puzzles.txt")
HELP = (
    "Type South's whole turn: pits 1-6 from the left, its extra turns joined by '-' (3-6); "
    "s shows the answer, q quits."
)


def position(puzzle):
    """The puzzle's board as the command line's --position string (South to move)."""
    c = puzzle.cells
    return "%s:%d/%s:%d S" % (
        ",".join(str(x) for x in c[0:6]),
        c[6],
        ",".join(str(x) for x in c[7:13]),
        c[13],
    )


def turn_text(turn):
    """[3, 6] -> '3-6'."""
    return "-".join(str(p) for p in turn)


def goal(margin):
    """What a puzzle asks of South: 'win by 4', 'hold the draw'."""
    if margin > 0:
        return "win by %d" % margin
    if margin < 0:
        return "lose by no more than %d" % -margin
    return "hold the draw"


def outcome_text(margin):
    """South's final margin in words: 'a win by 4', 'a draw', 'a loss by 2'."""
    if margin > 0:
        return "a win by %d" % margin
    if margin < 0:
        return "a loss by %d" % -margin
    return "a draw"


def board_of(puzzle):
    board = Board()
    notation.set_position(board, position(puzzle))
    return board


def as_json(puzzle, count):
    return {
        "number": puzzle.number,
        "count": count,
        "position": position(puzzle),
        "turn": turn_text(puzzle.turns[0]),
        "margin": puzzle.margin,
        "theme": puzzles.THEMES[puzzle.theme],
    }


def play_turn(board, turn):
    """Sow the whole turn `turn` (a list of pits) for South on `board`. Returns None when it is a
    whole turn (the board after it), else why not (the board left as it was)."""
    start = board.ply
    why = None
    for k, pit in enumerate(turn):
        if board.to_move != SOUTH:
            why = "the turn ended after pit %d, so %s is one pit too many" % (turn[k - 1], pit)
            break
        try:
            board.push(pit)
        except KalahaError as e:
            why = str(e)
            break
    else:
        if board.to_move == SOUTH:
            then = next(m for m in board.legal_moves() if m)
            why = "pit %d ended in your store: the turn goes on (give its next sowing too, e.g. %s-%d)" % (
                turn[-1],
                turn_text(turn),
                then,
            )
    if why is not None:
        while board.ply > start:
            board.pop()
    return why


def _table(board):
    """The endgame table the device build made, checked, or None (kalaha.cli_ai)."""
    try:
        from kalaha.cli_ai import endgame_table
    except ImportError:
        return None
    return endgame_table(None, board)


def north_reply(board, table):
    """North's best whole turn on `board` from the endgame table, and South's final margin after
    it with perfect play: (pits, margin), or None where the table does not cover the board."""
    from kalaha.search.endgame import best_root_move

    if table is None or board.to_move != NORTH or not table.applies(board):
        return None
    start = board.ply
    pits = []
    while board.to_move == NORTH:
        found = best_root_move(table, board)
        if found is None:
            break
        pits.append(found[0])
        board.push(found[0])
    margin = board.store(SOUTH) - board.store(NORTH)
    if board.to_move is not None:
        rest = table.margin(board.cells, board.to_move)
        margin += rest if board.to_move == SOUTH else -rest
    while board.ply > start:
        board.pop()
    return pits, margin


def why_wrong(puzzle, board, turn):
    """Why South's whole turn `turn` (just sown on `board`) is not the answer: lines of text."""
    lines = []
    table = _table(board)
    reply = north_reply(board, table)
    k, value = puzzle.lost(turn)
    if reply is not None:
        pits, margin = reply
        lines.append(
            "North's best reply: %s; with best play then, South gets %s."
            % (turn_text(pits) if pits else "none (the game is over)", outcome_text(margin))
        )
    elif board.to_move is None:
        margin = board.store(SOUTH) - board.store(NORTH)
        lines.append("That ends the game with %s." % outcome_text(margin))
    if k:
        start = ("Pit %s is" if k == 1 else "Pits %s are") % turn_text(turn[:k])
        lines.append("%s the right start, but pit %d after it is not." % (start, turn[k]))
    if value is not None:
        sown = turn_text(turn[: k + 1]) if k else "pit %d" % turn[0]
        lines.append(
            "After %s the best South can get is %s; the answer gets %s."
            % (sown, outcome_text(value), outcome_text(puzzle.margin))
        )
    return lines


def cmd_puzzle(args, out, cli_error, draw):
    path = args.file or PATH
    try:
        count = puzzles.count(path)
        text = args.number
        ascii_digits = text and len(text) <= 6 and all(ch in "0123456789" for ch in text)
        if not ascii_digits or not 1 <= int(text) <= count:
            raise cli_error("a puzzle number is a whole number 1..%d, not %r" % (count, text[:20]))
        puzzle = puzzles.read(int(text), path)
    except OSError:
        raise cli_error("no puzzle file %s (make puzzles makes it)" % path) from None
    except ValueError:
        raise cli_error("the puzzle file %s is damaged (make puzzles makes it again)" % path) from None
    if args.json:
        out.write(json.dumps(as_json(puzzle, count)) + "\n")
        return
    board = board_of(puzzle)
    out.write("Puzzle %d of %d\n%s\n" % (puzzle.number, count, draw(board)))
    out.write("South to move: %s.\n%s\n" % (goal(puzzle.margin), HELP))
    stdin = sys.stdin
    while True:
        out.write("south> ")
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\nno answer: the puzzle is still open\n")
            return
        answer = line.strip()
        if answer.lower() == "q":
            return
        if answer.lower() == "s":
            out.write(
                "The answer: %s (%s): with best play South gets %s.\n"
                % (
                    turn_text(puzzle.turns[0]),
                    puzzles.THEMES[puzzle.theme],
                    outcome_text(puzzle.margin),
                )
            )
            return
        try:
            turn = parse_turn(answer, board.pits, "turn")
        except KalahaError as e:
            out.write("not a turn: %s\n" % e)
            continue
        why = play_turn(board, turn)
        if why is not None:
            out.write("not possible: %s\n" % why)
            continue
        if turn in puzzle.turns:
            out.write(
                "Right! %s: %s. With best play South gets %s.\n"
                % (answer, puzzles.THEMES[puzzle.theme], outcome_text(puzzle.margin))
            )
            return
        out.write("Wrong: %s.\n" % answer)
        for text_line in why_wrong(puzzle, board, turn):
            out.write(text_line + "\n")
        while board.ply:
            board.pop()
        out.write("Try again.\n%s\n" % draw(board))


def add_puzzle_command(sub, cli_error, draw):
    """The `puzzle` command, given the command line's own error and board drawing (kalaha.cli)."""
    p = sub.add_parser("puzzle", help="a puzzle: find the one best turn (python -m kalaha puzzle 1)")
    p.add_argument("number", help="the puzzle's number, 1..the count (--json says it)")
    p.add_argument("--json", action="store_true", help="print the puzzle as one JSON object")
    p.add_argument("--file", help="another puzzle file (default: kalaha/puzzles.txt)")
    p.set_defaults(func=lambda args, out: cmd_puzzle(args, out, cli_error, draw))
