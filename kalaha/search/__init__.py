"""The search: the computer's levels, its inner loop, the endgame table, 3-4 players' search,
the thinking in a frame's slices (the move, the hint, pondering, the coach). Imports the rules.
"""
