"""Stand-in for synthio: the real Synthesizer keeps its sample buffers on the heap (about 2 KB)."""

import cpdriver


class Envelope:
    def __init__(
        self, *, attack_time=0.1, decay_time=0.05, release_time=0.2, attack_level=1.0, sustain_level=0.8
    ):
        self.release_time = release_time


class Note:
    def __init__(self, frequency, *, panning=0, waveform=None, envelope=None, amplitude=1):
        self.frequency = frequency


class Synthesizer:
    def __init__(self, *, sample_rate=11025, channel_count=1, waveform=None, envelope=None):
        self.sample_rate = sample_rate
        self._buffers = bytearray(2048)
        self.pressed = []

    def press(self, notes=()):
        if isinstance(notes, Note):
            notes = (notes,)
        for n in notes:
            if n not in self.pressed:
                self.pressed.append(n)
        cpdriver.notes[0] += 1

    def release(self, notes=()):
        if isinstance(notes, Note):
            notes = (notes,)
        for n in notes:
            if n in self.pressed:
                self.pressed.remove(n)

    def release_all(self):
        self.pressed.clear()
