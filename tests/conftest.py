import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (ROOT, os.path.join(ROOT, "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)

# make check and make test run the tests on two workers (pytest-xdist: -n 2 --dist loadgroup, the
# Makefile's JOBS). Each group below is one unit of work: one worker runs its tests in file order,
# as a run in one process does; every other test goes to whichever worker is free. (xdist's own
# `xdist_group` mark does not group on pytest 9.2, pytest-dev/pytest-xdist#1386: hence this table
# and the scheduler below.) An entry is a file or one test of it.
GROUPS = {
    # What the workers share is build/. Every test that writes there, or reads what another test
    # remakes there, is in this group.
    "build": (
        # build/CIRCUITPY made as .mpy and as sources (with the type check's build/stubs), the
        # bundle, and the drive played by the memory check
        "tests/test_build.py",
        # build/CIRCUITPY booted from its image, build/emulator copied from ../shared
        "tests/test_emulator.py",
        # a fresh clone given build/'s endgame table
        "tests/test_mpycross.py",
        # The command line and the simulator read the endgame table from build/CIRCUITPY first
        # (host.cli_ai.table_path), which the drive's builds above delete and copy again.
        "tests/test_cli.py",
        "tests/test_requests.py",
        "tests/test_simulator.py",
        "tests/test_music.py::test_the_simulator_and_the_web_page_play_the_devices_notes",
        "tests/test_seven_pits.py::test_the_command_line_plays_seven_pits",
        "tests/test_web.py::test_the_page_and_the_simulator_play_strongs_turns_as_the_command_line",
    ),
    # Not shared, only made once: numba compiles tools/exact.py's search in each process that
    # uses it (about 5 s), and these files' module fixtures (the web page built, endgame tables
    # of their own) would be made again on the other worker.
    "exact": (
        "tests/test_exact.py",
        "tests/test_puzzles.py",
        "tests/test_puzzle_mode.py::test_a_right_start_with_a_wrong_rest_says_what_it_loses",
    ),
    "web": ("tests/test_web.py",),
    "endgame": ("tests/test_endgame.py",),
    "move_as_device": ("tests/test_move_as_device.py",),
    "ponder": ("tests/test_ponder.py",),
    "samesearch": ("tests/test_samesearch.py",),
}


def group_of(nodeid):
    """The group of the test `nodeid` (as pytest names it: tests/file.py::test[params]), or None;
    the first that names it (a test of test_web.py that reads build/ is in "build")."""
    for group, entries in GROUPS.items():
        if any(names(entry, nodeid) for entry in entries):
            return group
    return None


def names(entry, nodeid):
    """Whether the GROUPS entry (a file, or a test of it) names the test `nodeid`."""
    return nodeid == entry or nodeid.startswith((entry + "::", entry + "["))


def pytest_xdist_make_scheduler(config, log):
    """--dist loadgroup with GROUPS: each group one unit of work, every other test its own (xdist
    hands out the units with the most tests first, then the rest in file order)."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class GroupScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid):
            group = group_of(nodeid)
            return "group " + group if group else super()._split_scope(nodeid)

        def schedule(self):
            if self.collection is None and self.collection_is_completed:
                nodeids = next(iter(self.registered_collections.values()), [])
                say = config.pluginmanager.get_plugin("terminalreporter").write_line
                for entry in unmatched(nodeids):
                    say("tests/conftest.py GROUPS: no test %s (renamed? it is in no group)" % entry)
                made_first(nodeids)
            super().schedule()

    return GroupScheduling(config, log)


def unmatched(nodeids):
    """The GROUPS entries naming one test that none of `nodeids` is, where its file's are there."""
    files = {nodeid.split("::")[0] for nodeid in nodeids}
    return [
        entry
        for entries in GROUPS.values()
        for entry in entries
        if "::" in entry
        and entry.split("::")[0] in files
        and not any(names(entry, nodeid) for nodeid in nodeids)
    ]


def made_first(nodeids):
    """Before the workers start: the endgame table's cache (build/endgame-6x14.kdb, about 20 s in
    a fresh clone). The drive's build (group "build") and the web page's (tests/test_web.py's
    site) each make it when it is missing: made here, they only read it."""
    if any(group_of(nodeid) == "web" for nodeid in nodeids):
        import io

        from tools import build

        build.endgame_table(io.StringIO())  # (nothing to do when it is there and newer than its sources)


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
