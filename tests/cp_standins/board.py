"""Stand-in for the MacroPad's board module: its pin names and the firmware's display.

The real board.DISPLAY is made by the firmware outside the Python heap; the stand-in keeps
a 128x64 1-bit frame (1 KB), so the memory check counts a little more than the device does.
"""

import cpdriver


class _Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class _Bus:
    """The display's FourWire bus: SH1106 page writes land in the display's 1 KB frame."""

    def __init__(self, display):
        self.display = display
        self.page = 0

    def send(self, command, data):
        if 0xB0 <= command <= 0xB7:
            self.page = command - 0xB0
        if data and command == 0x10:
            at = self.page * 128
            self.display.frame[at : at + len(data)] = data
            self.display.version += 1


class _Display:
    width = 128
    height = 64

    def __init__(self):
        self.bus = _Bus(self)
        cpdriver.display[0] = self
        self.auto_refresh = True
        self._root_group = None
        self.rotation = 0
        self.brightness = 1.0
        self.refreshes = 0
        self.frame = bytearray(128 * 64 // 8)
        self.version = 0  # pages sent so far (the driver reads the text again only when it moved)

    @property
    def root_group(self):
        return self._root_group

    @root_group.setter
    def root_group(self, group):
        self._root_group = group
        cpdriver.display[0] = self

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


KEY1, KEY2, KEY3, KEY4, KEY5, KEY6 = [_Pin("KEY%d" % i) for i in range(1, 7)]
KEY7, KEY8, KEY9, KEY10, KEY11, KEY12 = [_Pin("KEY%d" % i) for i in range(7, 13)]
ENCODER_SWITCH = _Pin("ENCODER_SWITCH")
BUTTON = ENCODER_SWITCH
ENCODER_A = _Pin("ENCODER_A")
ENCODER_B = _Pin("ENCODER_B")
NEOPIXEL = _Pin("NEOPIXEL")
SPEAKER = _Pin("SPEAKER")
SPEAKER_ENABLE = _Pin("SPEAKER_ENABLE")
LED = _Pin("LED")
DISPLAY = _Display()
