"""Stand-in for rotaryio: the position comes from cpdriver's script."""

import cpdriver


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        pass

    @property
    def position(self):
        return cpdriver.encoder[0]

    def deinit(self):
        pass
