"""Small shims so the same code runs under CircuitPython and CPython.

Never imports hardware modules; only `micropython` (const) and `binascii` (crc32) where they exist.
"""

try:
    from micropython import const
except ImportError:  # CPython: const() is the identity

    def const(value):
        return value


TICKS_WRAP = const(0x20000000)  # supervisor.ticks_ms() wraps around here (about 6.2 days)

try:
    from binascii import crc32 as _crc32
except ImportError:  # a build without binascii: the same CRC in Python
    _crc32 = None


def forget(module):
    """Let a module go (its entry in sys.modules and its name in its package), so the heap gets
    its code back once nothing else holds it: a module of kalaha by its name there ("search.hint",
    as kalaha.flow.screens.RESIDENT names them), another by its whole ("hw.music")."""
    import sys

    if not (module.startswith("kalaha.") or module.startswith("hw.")):
        module = "kalaha." + module
    package, _dot, name = module.rpartition(".")
    parent = sys.modules.get(package)
    loaded = parent.__dict__.get(name) if parent is not None else None
    if loaded is None:
        return
    sys.modules.pop(loaded.__name__, None)
    delattr(parent, name)


def crc32(data, start, end, value=0):
    """CRC-32 (the zlib/PNG one) of data[start:end]: catches torn writes and any flipped bit.
    `value` continues an earlier CRC (the endgame table checks a block in pieces).

    >>> crc32(b"123456789", 0, 9) == 0xCBF43926
    True
    >>> crc32(b"123456789", 4, 9, crc32(b"123456789", 0, 4)) == 0xCBF43926
    True
    """
    if _crc32 is not None:
        # binascii.crc32 is unsigned on CPython 3 and CircuitPython alike: no mask, whose result
        # would be one more long on the device's heap per call.
        if start == 0 and end == len(data):
            return _crc32(data, value)  # (no view of it to allocate)
        return _crc32(memoryview(data)[start:end], value)
    c = value ^ 0xFFFFFFFF
    for i in range(start, end):
        c ^= data[i]
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


__all__ = ["TICKS_WRAP", "const", "crc32", "forget"]
