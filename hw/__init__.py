"""The MacroPad's hardware: the only package that imports board, keypad, neopixel and friends.

macropad (its frame loop), startup, screen, layout, music; the simulator and the web
page's front end are host code (host/).
"""
