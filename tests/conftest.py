import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (ROOT, os.path.join(ROOT, "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)

# The CircuitPython stand-ins run only inside CircuitPython's interpreter: never import them
# here (--doctest-modules would, and their fake board and friends would load).
collect_ignore = ["cp_standins"]
