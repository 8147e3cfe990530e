"""Hardware front ends: the only package that imports board, keypad, neopixel and friends.

One module per target: macropad (the device) and desktop (the PC simulator).
"""
