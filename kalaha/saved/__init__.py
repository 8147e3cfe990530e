"""Saved data: the nvm journal (settings, statistics, finished games, the game in progress),
the settings' choices, the chess clock. Imports the rules; never the search.
"""
