"""The real code.py import chain in the MicroPython VM, with stand-ins for CircuitPython's modules.

The build's files (code.py, hw/, kalaha/) run unchanged; board, keypad, rotaryio, displayio,
terminalio, neopixel, adafruit_display_text, digitalio, audiopwmio, synthio and supervisor are
small stand-ins (tests/vm_standins) behind which a scripted player presses keys.
"""

from mpvm import run_vm

from tools.manifest import device_files

PRELUDE = """
import sys
sys.path.insert(0, "/tests/vm_standins")
import vmdriver
# Menu: Play computer; level medium -> strong -> expert -> easy (three clicks); Start game.
script = [(5, "click", 0), (10, "click", 0), (15, "click", 0), (20, "click", 0)]
script += [(25, "turn", 2), (30, "click", 0)]
# Then keep pressing the keys of our pits (6..11): empty pits just buzz, legal ones sow.
f = 60
for round in range(400):
    for key in (11, 10, 9, 8, 7, 6):
        script.append((f, "key", key))
        f += 12
vmdriver.SCRIPT[:] = script
vmdriver.MAX_FRAMES[0] = f + 500
exec(open("/code.py").read(), {"__name__": "__main__"})
"""


def test_code_py_plays_a_game_to_the_result_screen_in_micropython(tmp_path):
    puts = device_files() + ["tests/vm_standins"]
    status, out, err = run_vm(PRELUDE, tmp_path, puts=puts, timeout=600)
    assert status == 0, err + out
    lines = out.strip().splitlines()
    assert lines[0].startswith("RESULT after")
    text = "\n".join(lines[1:])
    assert "You win!" in text or "Computer wins" in text or "Draw" in text
    assert "> again" in text  # the result screen's menu


def test_stand_ins_do_not_leak_into_the_device_build():
    assert not any(path.startswith("tests/") for path in device_files())
