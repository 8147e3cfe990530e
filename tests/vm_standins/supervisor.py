"""Stand-in for CircuitPython's supervisor: integer ticks, 20 ms per main-loop frame."""

import vmdriver


def ticks_ms():
    vmdriver.on_frame()
    return vmdriver.frame[0] * 20
