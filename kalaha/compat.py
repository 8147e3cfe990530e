"""Small shims so the same code runs under CircuitPython and CPython.

Never imports hardware modules; only `micropython` when it exists.
"""

try:
    from micropython import const
except ImportError:  # CPython: const() is the identity

    def const(value):
        return value


__all__ = ["const"]
