"""The rules: a board of two sides (4-7 pits), 3-4 seats round one ring, records and
positions as text, move counts. Imports nothing of the game's but kalaha.compat.
"""
