"""The built drive on the real MacroPad firmware, emulated: boot, the menu, a move against Easy."""

import io
import os

import pytest

from tools import build, emulate


def require_emulator():
    try:
        emulate.prepare()
    except emulate.EmulatorMissing as e:
        if os.environ.get("CI"):
            pytest.fail("%s: CI must run the emulator smoke run" % e)
        pytest.skip(str(e))


def blank():
    return [[0] * 128 for _ in range(64)]


def draw(picture, row, column, shape):
    for dy in range(12):
        for dx in range(6):
            picture[row * 13 + dy][1 + 6 * column + dx] = shape[dy][dx]


def shape(seed):
    return [[(seed * 7 + x * 3 + y * 5) % 4 == 0 for x in range(6)] for y in range(12)]


def test_the_picture_check_needs_no_font_but_catches_wrong_text():
    picture = blank()
    for column, ch in enumerate("ab a"):
        if ch != " ":
            draw(picture, 0, column, shape(ord(ch)))
    assert emulate.check_text(picture, ["ab a", "", "", "", ""]) == []
    assert emulate.check_text(picture, ["aa a", "", "", "", ""])  # b drawn where a should be
    assert emulate.check_text(picture, ["ab  ", "", "", "", ""])  # a character where a blank should be
    assert emulate.check_text(picture, ["ab ab", "", "", "", ""])  # a blank where a character should be
    # The board's marks: a line drawn where the app has one is taken out before the text is
    # read; one the app has but the picture lacks, or a line the app does not have, is wrong.
    line = [57, 0, 1, 51, 0, 0, 0, 0]
    for y in range(51):
        picture[y][57] = 1
    assert emulate.check_text(picture, ["ab a", "", "", "", ""], marks=line) == []
    assert emulate.check_text(picture, ["ab a", "", "", "", ""])  # an unexpected line
    assert emulate.check_text(blank(), ["", "", "", "", ""], marks=line)  # a line not drawn
    # A pit's box likewise (kalaha.view.box_lit): key 4's, the middle of the second row.
    from kalaha.view import BOX_PIT, box_lit

    boxed = blank()
    for y in range(13):
        for x in range(18):
            if box_lit(BOX_PIT, x, y):
                boxed[13 + y][18 + x] = 1
    four = bytes([0, 0, 0, 0, BOX_PIT] + [0] * 7)
    assert emulate.check_text(boxed, ["", "", "", "", ""], boxes=four) == []
    assert emulate.check_text(boxed, ["", "", "", "", ""])  # a box the app does not have
    assert emulate.check_text(blank(), ["", "", "", "", ""], boxes=four)  # a box not drawn


def test_smoke_run_on_the_emulated_macropad():
    require_emulator()
    build.build_device(io.StringIO())
    problems, figures, prefix = emulate.smoke()
    assert problems == []
    # The game reported from the device: heap after gc.collect() and frame times. The first
    # report comes while the first start's help is shown (its pages are loaded then, and let go
    # after); from the menu on, through the game, at least 64 KB stay free.
    free = figures["free"]
    assert len(free) >= 3 and min(free[1:]) > 64 * 1024 and free[0] > 62 * 1024, free
    assert figures["slowest"]
    for name in ("menu", "start", "moved"):
        assert os.path.exists("%s_%s.fb.json" % (prefix, name))
