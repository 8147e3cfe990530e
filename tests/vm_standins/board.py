"""Stand-in for the MacroPad's board module: pin names and the display."""


class _Pin:
    def __init__(self, name):
        self.name = name


class _Display:
    def __init__(self):
        self.auto_refresh = True
        self.root_group = None
        self.rotation = 0
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


KEY1, KEY2, KEY3, KEY4, KEY5, KEY6 = [_Pin("KEY%d" % i) for i in range(1, 7)]
KEY7, KEY8, KEY9, KEY10, KEY11, KEY12 = [_Pin("KEY%d" % i) for i in range(7, 13)]
ENCODER_SWITCH = _Pin("ENCODER_SWITCH")
ENCODER_A = _Pin("ENCODER_A")
ENCODER_B = _Pin("ENCODER_B")
NEOPIXEL = _Pin("NEOPIXEL")
SPEAKER = _Pin("SPEAKER")
SPEAKER_ENABLE = _Pin("SPEAKER_ENABLE")
DISPLAY = _Display()
