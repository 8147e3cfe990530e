"""Stand-in for synthio: counts notes."""


class Note:
    def __init__(self, frequency):
        self.frequency = frequency


class Synthesizer:
    def __init__(self, sample_rate=22050):
        self.pressed = 0

    def press(self, note):
        self.pressed += 1

    def release(self, note):
        pass
