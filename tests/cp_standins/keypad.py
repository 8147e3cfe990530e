"""Stand-in for keypad: key events come from cpdriver's script, one frame at a time.

The real Keys keeps an event queue (64 events by default; the game asks for 32) and its scan state.
"""

import cpdriver


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp


class _Queue:
    def __init__(self, max_events):
        self._buffer = bytearray(max_events * 8)  # (measured on the device: Keys of 13 keys, 864 bytes)

    def get_into(self, event):
        return cpdriver.next_event(event)

    def clear(self):
        pass

    def __len__(self):
        return 0


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64):
        self.key_count = len(pins)
        self._state = bytearray(len(pins) * 2)
        self.events = _Queue(max_events)

    def deinit(self):
        pass
