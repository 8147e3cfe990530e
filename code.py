"""Pocket Kalaha: the CircuitPython entry point; on a PC it starts the game on the host.

CircuitPython runs this file as __main__ at boot. On a PC, `python code.py` runs the host
front end. It must stay import-safe: on a PC its name shadows the standard `code` module.
"""

import sys


def run():
    if sys.implementation.name == "circuitpython":
        from hw.macropad import main
    else:
        from kalaha.cli import play_main as main
    main()


if __name__ == "__main__":
    run()
