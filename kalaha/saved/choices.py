"""What each setting may be: the settings screen steps through these, and a loaded setting not
among them is damage (it gives the default). In the heap with those two (kalaha.flow.screens.RESIDENT).
"""

# Each setting's values in the settings screen's order (kalaha.saved.store.SETTING_KEYS, CHOICE_KEYS).
SETTING_CHOICES = {
    "seeds": (3, 4, 5, 6),
    "pits": (4, 5, 6, 7),  # (7: two players, or one and the computer: kalaha.flow.seven)
    "empty_capture": (False, True),
    "alga": (False, True),
    "swap": (False, True),
    "hints": (False, True),
    "sound": (True, False),
    "brightness": (1, 2, 3, 4),
    "speed": (1, 0, 2),
    "clock": (0, 1, 2, 3, 4),  # (kalaha.saved.clock.CONTROLS)
    "level": (0, 1, 2, 3),
    "starts": (0, 1, 2),
    "ring_players": (3, 4),
    "ring_computers": tuple(range(15)),  # (all four seats the computer's: never)
    "ring_level": (0, 1, 2, 3),
    "ring_pits": (3, 4, 6),
    "ring_seeds": (3, 4, 5, 6),
    "ring_capture": (0, 1, 2),
    "ring_limit": (0, 1, 2),
    "music": (0, 1, 2, 3, 4, 5),  # (kalaha.picture.music.TUNES)
    "tune": (1, 2, 3, 4, 5),
}
