"""Drives the stand-ins: the scripted player behind the fake keys and encoder (VM tests only).

Every supervisor.ticks_ms() call is one main-loop frame; the script queues key events then.
"""

import sys

labels = []  # every Label made, to read the display
key_events = []  # (key_number, pressed) waiting for keypad.Keys
encoder = [0]
frame = [0]
SCRIPT = []  # (frame, action, arg): "key" N (press, release later), "click", "turn" N
MAX_FRAMES = [60000]


def display_text():
    return [lab.text for lab in labels]


def on_frame():
    n = frame[0]
    frame[0] = n + 1
    while SCRIPT and SCRIPT[0][0] <= n:
        _at, action, arg = SCRIPT.pop(0)
        if action == "key":
            key_events.append((arg, True))
            key_events.append((arg, False))
        elif action == "click":
            key_events.append((12, True))
            key_events.append((12, False))
        elif action == "turn":
            encoder[0] += arg
    text = " ".join(display_text())
    if "wins" in text or "Draw" in text:
        print("RESULT after %d frames" % n)
        for line in display_text():
            print("|" + line)
        raise SystemExit(0)
    if n >= MAX_FRAMES[0]:
        print("no result after %d frames" % n)
        for line in display_text():
            print("|" + line)
        sys.exit(3)
