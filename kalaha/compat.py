"""Small shims so the same code runs under CircuitPython and CPython.

Never imports hardware modules; only `micropython` when it exists.
"""

try:
    from micropython import const
except ImportError:  # CPython: const() is the identity

    def const(value):
        return value


def forget(module):
    """Let a module go (its entry in sys.modules and its name in its package), so the heap gets
    its code back once nothing else holds it: the screens' own modules, start-up code."""
    import sys

    sys.modules.pop(module, None)
    package, _dot, name = module.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and name in parent.__dict__:
        delattr(parent, name)


__all__ = ["const", "forget"]
