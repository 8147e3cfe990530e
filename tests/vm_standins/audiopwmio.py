"""Stand-in for audiopwmio."""


class PWMAudioOut:
    def __init__(self, pin):
        pass

    def play(self, sample):
        self.sample = sample
