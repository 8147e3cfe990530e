"""Stand-in for CircuitPython's supervisor: the driver's clock in integer milliseconds."""

import cpdriver


class _Runtime:
    serial_connected = True
    serial_bytes_available = 0


runtime = _Runtime()


def ticks_ms():
    return cpdriver.ticks_ms()
