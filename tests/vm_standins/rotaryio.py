"""Stand-in for rotaryio: the position comes from vmdriver's script."""

import vmdriver


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b):
        pass

    @property
    def position(self):
        return vmdriver.encoder[0]
