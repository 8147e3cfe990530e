"""Stand-in for CircuitPython's supervisor: the driver's clock in integer milliseconds."""

import cpdriver


class _Runtime:
    serial_bytes_available = 0

    @property
    def serial_connected(self):
        # The game's report asks this once a frame, at its end: the driver's clock then starts
        # the next frame (cpdriver.ticks_ms).
        cpdriver.frame_end()
        return True


runtime = _Runtime()


def ticks_ms():
    return cpdriver.ticks_ms()
