"""Stand-in for keypad: events come from vmdriver's script."""

import vmdriver


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class _Queue:
    def get_into(self, event):
        if not vmdriver.key_events:
            return False
        number, pressed = vmdriver.key_events.pop(0)
        event.key_number = number
        event.pressed = pressed
        event.released = not pressed
        return True


class Keys:
    def __init__(self, pins, value_when_pressed=False, pull=True):
        self.pins = pins
        self.events = _Queue()
