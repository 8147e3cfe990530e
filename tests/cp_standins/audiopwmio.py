"""Stand-in for audiopwmio: the real one keeps two DMA buffers while playing (about 1 KB here)."""


class PWMAudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self._buffers = None
        self.playing = False

    def play(self, sample, *, loop=False):
        self._buffers = bytearray(1024)
        self.sample = sample
        self.playing = True

    def stop(self):
        self._buffers = None
        self.playing = False

    def deinit(self):
        self.stop()
