import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (ROOT, os.path.join(ROOT, "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)

# A build that fetches CircuitPython's mpy-cross (tools/mpycross.py: no ../shared tools here)
# never reaches Adafruit's site from the tests: it finds nothing there, as offline.
os.environ.setdefault("KALAHA_MPY_CROSS_URL", "file:///nonexistent/kalaha-tests/")

# The CircuitPython stand-ins run only inside CircuitPython's interpreter: never import them
# here (--doctest-modules would, and their fake board and friends would load).
collect_ignore = ["cp_standins"]


def _package_attribute(name, module):
    package, _dot, short = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is None:
        return
    if module is None:
        if short in parent.__dict__:
            delattr(parent, short)
    else:
        setattr(parent, short, module)


@pytest.fixture(autouse=True)
def package_as_collected():
    """The app lets modules go as the device does (kalaha.compat.forget), and imports them again:
    fresh copies, with classes of their own. Each test starts from the package's modules as
    they were before it, so no test meets another's copy of a class (a Board, an error)."""
    before = {name: m for name, m in sys.modules.items() if name.startswith("kalaha")}
    yield
    for name in [n for n in sys.modules if n.startswith("kalaha") and n not in before]:
        _package_attribute(name, None)
        del sys.modules[name]
    for name, module in before.items():
        if sys.modules.get(name) is not module:
            sys.modules[name] = module
            _package_attribute(name, module)


@pytest.fixture(autouse=True)
def levels_as_our_firmware():
    """Every test starts and ends with the host's levels, our firmware's (the web page's front
    end and `--firmware stock` switch them: kalaha.ai.play_as)."""
    import kalaha.ai

    kalaha.ai.play_as(kalaha.ai.MACHINE_CODE)
    yield
    kalaha.ai.play_as(kalaha.ai.MACHINE_CODE)
