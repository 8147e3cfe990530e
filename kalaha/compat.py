"""Small shims so the same code runs under CircuitPython and CPython.

Never imports hardware modules; only `micropython` when it exists (for const).
"""

try:
    from micropython import const
except ImportError:  # CPython: const() is the identity

    def const(value):
        return value


class micropython:
    """`@micropython.viper` where the compiler does not make it machine code: the function runs
    as plain Python (CPython, whose Blinka stand-in raises; the bytecode twin has none). Viper
    code is compiled by the name alone, so this object never matters there."""

    @staticmethod
    def viper(function):
        return function


def ptr8(buffer):
    """Viper's pointer casts, outside viper: the buffer itself (viper code compiles its own)."""
    return buffer


ptr32 = ptr8


def forget(module):
    """Let a module go (its entry in sys.modules and its name in its package), so the heap gets
    its code back once nothing else holds it: the screens' own modules, start-up code. A frozen
    twin registered under the module's name (hw/startup.py) stays: its code is in flash."""
    import sys

    loaded = sys.modules.get(module)
    if loaded is not None and loaded.__name__ != module:
        return
    sys.modules.pop(module, None)
    package, _dot, name = module.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and name in parent.__dict__:
        delattr(parent, name)


__all__ = ["const", "forget", "micropython", "ptr8", "ptr32"]
