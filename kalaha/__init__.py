"""Pocket Kalaha: the rules engine, AI and app flow of the MacroPad handheld.

Pure logic, integers only; never imports hardware modules (those live in hw/).
"""

import sys

# The host's API (`from kalaha import Board`). CircuitPython imports each module where it is
# used, so that a game of 3-4 players can let kalaha.rules.board go (kalaha.flow.app.App.go).
if sys.implementation.name != "circuitpython":
    from kalaha.rules.board import (
        NORTH,
        SIDE_NAMES,
        SOUTH,
        SWAP,
        Board,
        IllegalMoveError,
        KalahaError,
        NotationError,
        Outcome,
    )

__all__ = [
    "Board",
    "IllegalMoveError",
    "KalahaError",
    "NORTH",
    "NotationError",
    "Outcome",
    "SIDE_NAMES",
    "SOUTH",
    "SWAP",
]
