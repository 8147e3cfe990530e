"""The flow: the app (events in, a frame out), the game and its screens, the menus' actions, the
game's modes (two sides, seven pits, 3-4 players, a puzzle). Imports every layer below.
"""
