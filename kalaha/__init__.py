"""Pocket Kalaha: the rules engine, AI and app flow of the MacroPad handheld.

Pure logic, integers only; never imports hardware modules (those live in hw/).
"""

from kalaha.board import (
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
