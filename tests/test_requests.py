"""Every request ends or says why not; front ends explain themselves (issue 11's cases, one by one)."""

import io
import os
import subprocess
import sys

import pytest
from drivers import need_simulator
from vm import ROOT

from host.cli import play_main
from kalaha import Board
from kalaha.rules import notation


def run(*args, timeout=120):
    proc = subprocess.run(
        [sys.executable, "-m", "kalaha", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )
    return proc.returncode, proc.stdout, proc.stderr


def one_clean_error(status, err, *words):
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kalaha: error: "), err
    assert "Traceback" not in err
    for w in words:
        assert w in lines[0], lines[0]


@pytest.mark.parametrize("text", ["3\u00b2", "\u00b9", "\u2460", "\u1369", "\uff15", "\u0663", "3\u00a06"])
@pytest.mark.parametrize(
    "command", [["replay"], ["move"], ["solve", "--pits", "3", "--seeds", "2", "--record"]]
)
def test_non_ascii_records_are_refused_by_name_and_position(text, command):
    status, _out, err = run(*command, text)
    bad = [ch for ch in text if ch not in "0123456789-T "][0]
    one_clean_error(status, err, "U+%04X" % ord(bad), "character %d" % (text.index(bad) + 1))


def test_a_5000_digit_pit_and_a_long_record_are_refused_quickly():
    one_clean_error(*run("replay", "1" * 5000)[::2], "at most 4000")
    one_clean_error(*run("replay", "3 " + "9" * 3000)[::2], "out of range")


@pytest.mark.parametrize(
    "args,words",
    [
        (["perft", "99999999999999999999"], "perft depth"),
        (["perft", "11"], "0..10"),
        (["perft", "\u0663"], "perft depth"),
        (["move", "--depth", "1000000"], "--depth must be 1..40"),
        (["move", "--nodes", "100000000000"], "--nodes"),
        (["move", "--nodes", "0"], "--nodes"),
        (["solve", "--nodes", "1000"], "solve gave up after"),
        (["solve", "--seconds", "1"], "solve gave up after"),
        (["solve", "--seconds", "0"], "--seconds"),
        (["match", "easy", "depth=\u00b2"], "depth=1..40"),
        (["match", "easy", "nodes=99999999999"], "nodes=1..5000000"),
        (["match", "easy", "easy", "--games", "1000000"], "--games"),
        (["replay", "--pits", "\u0663"], "--pits"),
    ],
)
def test_requests_that_would_never_end_or_crash_get_one_line(args, words):
    one_clean_error(*run(*args)[::2], words)


def test_solve_takes_any_board_its_limit_is_the_work():
    # 36 and 33 seeds in play (the old limit was a count of 30): answered, and consistent with
    # a one-step lookahead over the same solver (the value is the best child's for the mover).
    status, out, err = run("solve", "--pits", "3", "--seeds", "6")
    assert status == 0, err
    board = Board(pits=3, seeds=6)
    children = []
    for pit in board.legal_moves():
        child = notation.from_record("", pits=3, seeds=6)
        child.push(pit)
        status, value, err = run("solve", "--pits", "3", "--seeds", "6", "--record", notation.record(child))
        assert status == 0, err
        children.append(int(value))
    assert int(out) == max(children)
    assert (int(out) + 36) % 2 == 0  # the stores share 36 seeds: the margin is even


def test_solve_answers_when_the_game_has_come_down_to_30_seeds():
    board = Board()
    for _ in range(200):
        if sum(board.row(0)) + sum(board.row(1)) <= 30 or board.to_move is None:
            break
        board.push(list(board.legal_moves())[0])
    status, out, err = run("solve", "--record", notation.record(board), timeout=600)
    assert status == 0, err
    assert out.strip().lstrip("-").isdigit()


def test_a_match_on_a_one_by_one_board_ends():
    status, out, err = run("match", "easy", "easy", "--games", "2", "--pits", "1", "--seeds", "1", timeout=60)
    assert status == 0, err
    assert "2 games" in out or "games" in out


def test_help_lists_the_terminal_game():
    status, out, _err = run("--help")
    assert status == 0 and "play" in out and "terminal" in out


def play(answers, *args):
    feed = iter(answers)
    out = io.StringIO()
    status = play_main(list(args), inp=lambda prompt: next(feed), out=out)
    return status, out.getvalue()


def test_the_terminal_game_takes_the_turn_its_hint_suggests():
    # South's best opening is a whole turn with an extra turn in it, e.g. 3-6.
    status, text = play(["h", "3-6", "q"], "--level", "easy")
    hint = text.split("hint: ")[1].split()[0]
    status, text = play([hint, "q"], "--level", "easy")
    assert status == 0 and "not possible" not in text
    assert "computer (north) plays" in text  # the whole turn was played, the computer answered


def test_the_terminal_game_explains_pit_0_and_says_who_resigned():
    status, text = play(["0", "r"], "--level", "easy")
    assert "pit 0 is out of range 1..6" in text and "swap" not in text
    assert text.count("Game over") == 1 and "south resigned: north wins" in text


def test_the_terminal_game_labels_pits_and_stores():
    _status, text = play(["q"], "--level", "easy")
    assert "S1" in text and "N6" in text and "(stores)" in text and "North" in text and "South" in text


def code_py(*args, env=None):
    proc = subprocess.run(
        [sys.executable, "code.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env
    )
    return proc.returncode, proc.stdout, proc.stderr


def test_headless_script_that_is_not_utf8_is_one_line(tmp_path):
    need_simulator()
    script = tmp_path / "s.txt"
    script.write_bytes(b"key 3\n\xff\xfe\n")
    status, _out, err = code_py("--headless", "--script", str(script))
    assert status == 2 and err.strip() == "kalaha: script %s is not UTF-8 text (byte 7)" % script


def test_headless_script_with_a_superscript_number_is_one_line(tmp_path):
    need_simulator()
    script = tmp_path / "s.txt"
    script.write_text("key \u00b2\n")
    status, _out, err = code_py("--headless", "--script", str(script))
    assert status == 2 and "is not a whole number" in err and "Traceback" not in err


def test_data_that_is_a_folder_is_one_line(tmp_path):
    need_simulator()
    script = tmp_path / "s.txt"
    script.write_text("wait 100\n")
    status, _out, err = code_py("--headless", "--script", str(script), "--data", str(tmp_path))
    assert status == 2 and "is a folder" in err and len(err.strip().splitlines()) == 1


def test_play_without_a_display_says_so_instead_of_an_invisible_window():
    need_simulator()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    status, _out, err = code_py(env=env)
    assert status == 2 and "no display" in err and "--headless" in err and "kalaha play" in err
