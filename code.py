"""Pocket Kalaha: the CircuitPython entry point; on a PC it starts the desktop simulator.

CircuitPython (or a MicroPython VM with stand-in modules, in the tests) runs this file as
__main__. On a PC, `python code.py` opens the simulator window (`--headless --script FILE`
runs a script of events). It must stay import-safe: on a PC its name shadows the standard
`code` module.
"""

import sys


def run():
    if sys.implementation.name in ("circuitpython", "micropython"):
        from hw.macropad import main

        main()
    else:
        from host import desktop

        sys.exit(desktop.main())


if __name__ == "__main__":
    run()
