"""Build, deploy and measure the device files: `python -m tools.build device|deploy|memory`.

Host-only (make device / make deploy / make memory); never copied to the device.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

from tools import circuitpython
from tools.manifest import (
    DEVICE_DATA,
    DEVICE_LIBRARIES,
    MACHINE_CODE,
    ROOT,
    SUPPORTED_CIRCUITPYTHON,
    device_files,
)

BUILD = os.path.join(ROOT, "build")
DRIVE = os.path.join(BUILD, "CIRCUITPY")
WHEELS = os.path.join(BUILD, "wheels")
OWN_LIST = "kalaha-files.txt"  # written on the drive: the files deploy put there


class BuildError(Exception):
    """Something a maker must fix: one clear line, exit status 2."""


def fetch_wheels():
    """Download the pinned device libraries' wheels once (PyPI), into build/wheels."""
    os.makedirs(WHEELS, exist_ok=True)
    wanted = [name for name in DEVICE_LIBRARIES if not glob.glob(os.path.join(WHEELS, name + "-*.whl"))]
    if wanted:
        req = os.path.join(ROOT, "requirements-device.txt")
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", WHEELS, "-r", req]
        if subprocess.run(cmd).returncode:
            raise BuildError("could not download the device libraries (see requirements-device.txt)")
    wheels = {}
    for name in DEVICE_LIBRARIES:
        found = sorted(glob.glob(os.path.join(WHEELS, name + "-*.whl")))
        if not found:
            raise BuildError("no wheel for %s in %s" % (name, WHEELS))
        wheels[name] = found[-1]
    return wheels


BUILD_INFO = os.path.join(BUILD, "CIRCUITPY.txt")  # what the last build was made for (not on the drive)
BOARD_ID = "adafruit_macropad_rp2040"


def expected_files(drive=DRIVE):
    """Every file of the built drive image, relative to its root, sorted."""
    out = []
    for base, _dirs, names in os.walk(drive):
        for name in names:
            out.append(os.path.relpath(os.path.join(base, name), drive).replace(os.sep, "/"))
    return sorted(out)


def _compile_or_copy(source, rel, version, compiled, root=DRIVE):
    """Put `source` in `root` as `rel`: .mpy from CircuitPython's mpy-cross when `compiled`."""
    if compiled and rel != "code.py":
        dst = os.path.join(root, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        circuitpython.compile_mpy(source, dst, version, name=rel)
    else:
        dst = os.path.join(root, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(source, dst)


DEVICE_ARCH = "armv6m"  # the RP2040's Cortex-M0+, for mpy-cross -march
# Machine code is made by CircuitPython 10's mpy-cross whatever the firmware's version: 9.2's
# cannot branch further than 2 KB in armv6m code ("native method too big"), and the two load the
# same native .mpy (format 6.3, the same table of runtime functions; run on 9.2.9 emulated).
MACHINE_CODE_VERSION = "10"


def twin_name(rel):
    """The bytecode twin of a machine-code module: kalaha/searchcore.py -> kalaha/searchcore_bc.py."""
    return rel[:-3] + "_bc.py"


def bytecode_twin(text):
    """A viper module's source as plain Python: its `@micropython.viper` lines blanked (the line
    numbers stay), so mpy-cross makes bytecode that any firmware runs."""
    lines = text.splitlines(True)
    return "".join("\n" if line.strip() == "@micropython.viper" else line for line in lines)


def put_module(rel, version, compiled, root=DRIVE, arch=DEVICE_ARCH, out=None):
    """Put the device file `rel` in `root`: compiled or as source. A machine-code module
    (MACHINE_CODE) becomes two modules: machine code for `arch` (compiled only; arch None: none)
    and its bytecode twin, which a firmware without native code imports instead (kalaha.ai)."""
    source = os.path.join(ROOT, rel)
    if rel not in MACHINE_CODE:
        _compile_or_copy(source, rel, version, compiled, root)
        return
    if compiled and arch:
        dst = os.path.join(root, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        try:
            circuitpython.compile_mpy(source, dst, MACHINE_CODE_VERSION, name=rel, arch=arch)
        except (circuitpython.Missing, RuntimeError) as e:
            if out is None:
                raise
            out.write("warning: no machine code for %s (%s): bytecode only\n" % (rel, e))
    with tempfile.TemporaryDirectory() as tmp:
        twin = os.path.join(tmp, os.path.basename(twin_name(rel)))
        with open(source) as f, open(twin, "w") as out:
            out.write(bytecode_twin(f.read()))
        _compile_or_copy(twin, twin_name(rel), version, compiled, root)


def put_code(root, version=circuitpython.DEFAULT_VERSION, compiled=True, arch=DEVICE_ARCH, out=None):
    """Every device file (kalaha/, hw/, code.py) in `root`, as the drive has them: for the build,
    and for runs in CircuitPython's unix port (arch x86: its own machine code; None: bytecode).
    out: where a missing machine code is reported (None: raise)."""
    for rel in device_files():
        put_module(rel, version, compiled, root, arch, out)
    for rel in DEVICE_DATA:
        os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), os.path.join(root, rel))


ENDGAME_SEEDS = 14  # the table's limit: see docs/decisions.md (the endgame table) for why
ENDGAME_CACHE = os.path.join(ROOT, "build", "endgame-6x%d.kdb" % ENDGAME_SEEDS)
ENDGAME_SOURCES = ("tools/endgame_db.py", "kalaha/endgame.py")


def endgame_table(out):
    """The endgame table's file, built once into build/ and kept (rebuilt when its sources are
    newer), or None: building needs numpy (requirements-device.txt), and without it and without
    a cached table there is none (warned on `out`)."""
    newest = max(os.path.getmtime(os.path.join(ROOT, rel)) for rel in ENDGAME_SOURCES)
    if not os.path.exists(ENDGAME_CACHE) or os.path.getmtime(ENDGAME_CACHE) < newest:
        try:
            from tools import endgame_db
        except ImportError as e:
            out.write("warning: no endgame table (%s; pip install -r requirements-device.txt)\n" % e)
            return None
        started = time.time()
        os.makedirs(os.path.dirname(ENDGAME_CACHE), exist_ok=True)  # (a fresh clone has no build/)
        endgame_db.build(ENDGAME_CACHE, 6, ENDGAME_SEEDS)
        out.write("built the endgame table (%d seeds) in %.0f s\n" % (ENDGAME_SEEDS, time.time() - started))
    return ENDGAME_CACHE


def add_endgame_table(out):
    """Put the endgame table on the drive (endgame.kdb); without one the drive has none, and the
    game says so on its help page."""
    table = endgame_table(out)
    if table is not None:
        shutil.copyfile(table, os.path.join(DRIVE, "endgame.kdb"))


def build_device(out, version=circuitpython.DEFAULT_VERSION, source_only=False, need_mpy=False):
    """Make build/CIRCUITPY: exactly the files that go on the drive.

    Everything but code.py is compiled to .mpy by CircuitPython's own mpy-cross for `version`
    (the device then loads bytecode instead of compiling at import, where its heap peaks), the
    search's inner loop twice: machine code for the RP2040 and its bytecode twin (put_module).
    Without MPY_CROSS or the tools folder's, Adafruit's pinned mpy-cross is fetched once into
    build/mpy-cross (tools.mpycross); without any, the drive gets the .py sources (the twin's),
    which also run, with a warning, or with `need_mpy` (make uf2, our firmware) a BuildError.
    """
    if version not in circuitpython.VERSIONS:
        raise BuildError(
            "CircuitPython %s is not supported: use CP=%s" % (version, " or CP=".join(circuitpython.VERSIONS))
        )
    compiled = not source_only
    if compiled:
        try:
            circuitpython.mpy_cross(version, fetch=True, out=out)
        except circuitpython.Missing as e:
            if need_mpy:
                raise BuildError(str(e)) from None
            out.write("warning: %s; the drive gets .py sources (set MPY_CROSS to compile)\n" % e)
            compiled = False
    wheels = fetch_wheels()
    if os.path.isdir(DRIVE):
        shutil.rmtree(DRIVE)
    os.makedirs(DRIVE)
    try:
        put_code(DRIVE, version, compiled, out=out)
        with tempfile.TemporaryDirectory() as tmp:
            for name, files in DEVICE_LIBRARIES.items():
                with zipfile.ZipFile(wheels[name]) as wheel:
                    for rel in files:
                        src = os.path.join(tmp, rel)
                        os.makedirs(os.path.dirname(src), exist_ok=True)
                        with open(src, "wb") as f:
                            f.write(wheel.read(rel))
                        _compile_or_copy(src, "lib/" + rel, version, compiled)
    except RuntimeError as e:
        raise BuildError(str(e)) from None
    add_endgame_table(out)
    kind = ".mpy for CircuitPython %s.x" % version if compiled else ".py sources"
    with open(BUILD_INFO, "w") as f:
        f.write("%s\n" % (version if compiled else "source"))
    out.write("built %s: %d files, %s\n" % (os.path.relpath(DRIVE, ROOT), len(expected_files()), kind))
    return DRIVE


def built_for():
    """The major version the build was compiled for, "source" for .py files, None without a build."""
    try:
        with open(BUILD_INFO) as f:
            return f.read().strip()
    except OSError:
        return None


def read_boot_out(drive):
    """(version, board id) from the drive's boot_out.txt, or raise BuildError."""
    path = os.path.join(drive, "boot_out.txt")
    if not os.path.isfile(path):
        raise BuildError("%s is not a CircuitPython drive (no boot_out.txt); nothing copied" % drive)
    with open(path, errors="replace") as f:
        text = f.read()
    # e.g. "Adafruit CircuitPython 9.1.4 on 2024-09-17; Adafruit Macropad RP2040 with rp2040"
    words = text.split("\n", 1)[0].split()
    if "CircuitPython" not in words or words.index("CircuitPython") + 1 >= len(words):
        raise BuildError("%s: boot_out.txt does not name a CircuitPython version" % drive)
    version = words[words.index("CircuitPython") + 1].rstrip(";")
    board = ""
    for line in text.splitlines():
        if line.startswith("Board ID:"):
            board = line.split(":", 1)[1].strip()
    return version, board


def read_version(drive):
    """The CircuitPython version from the drive's boot_out.txt, or raise BuildError."""
    return read_boot_out(drive)[0]


def _same(a, b):
    with open(a, "rb") as f, open(b, "rb") as g:
        return f.read() == g.read()


def _backup_name(path):
    name = path + ".bak"
    n = 2
    while os.path.exists(name):
        name = "%s.bak%d" % (path, n)
        n += 1
    return name


def deploy(drive, dry_run, out, force=False):
    """Copy the build to a mounted CIRCUITPY drive.

    A file there that deploy did not put there (a maker's own code.py or library) is kept as
    NAME.bak before it is replaced; --force replaces it without a copy. The only files deleted
    are ones an earlier deploy put there that this build no longer has (a stale kalaha/x.py
    would shadow the new x.mpy).
    """
    drive = os.path.abspath(drive)
    if not os.path.isdir(drive):
        raise BuildError("%s is not a folder" % drive)
    version, board = read_boot_out(drive)
    out.write("CircuitPython %s found on %s\n" % (version, drive))
    major = version.split(".")[0]
    if major not in SUPPORTED_CIRCUITPYTHON:
        out.write(
            "warning: CircuitPython %s is not supported (use %s); copying anyway\n"
            % (version, " or ".join(v + ".x" for v in SUPPORTED_CIRCUITPYTHON))
        )
    if board and board != BOARD_ID:
        out.write(
            "warning: this drive is a %s, not a MacroPad (%s): the game needs the MacroPad's keys\n"
            % (board, BOARD_ID)
        )
    if not os.path.isdir(DRIVE):
        raise BuildError("no build: run `make device` first")
    made_for = built_for()
    if made_for not in (None, "source", major) and major in SUPPORTED_CIRCUITPYTHON:
        out.write(
            "warning: the build is for CircuitPython %s.x; run `make device CP=%s` for this drive\n"
            % (made_for, major)
        )
    files = expected_files()
    own_path = os.path.join(drive, OWN_LIST)
    ours = set()
    if os.path.isfile(own_path):
        with open(own_path, errors="replace") as f:
            ours = {line.strip() for line in f if line.strip()}
    verb = "would " if dry_run else ""
    for rel in files:
        dst = os.path.join(drive, rel)
        if os.path.isfile(dst) and rel not in ours and not _same(dst, os.path.join(DRIVE, rel)):
            if force:
                out.write("%sreplace %s (not ours; --force)\n" % (verb, rel))
            else:
                keep = _backup_name(dst)
                out.write("%skeep your %s as %s\n" % (verb, rel, os.path.relpath(keep, drive)))
                if not dry_run:
                    os.replace(dst, keep)
        out.write("%scopy %s\n" % (verb, rel))
        if not dry_run:
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(os.path.join(DRIVE, rel), dst)
    stale = sorted(r for r in ours - set(files) if r != OWN_LIST and os.path.isfile(os.path.join(drive, r)))
    for rel in stale:
        out.write("%sremove %s (an earlier deploy's, not in this build)\n" % (verb, rel))
        if not dry_run:
            os.remove(os.path.join(drive, rel))
    if not dry_run:
        with open(own_path, "w") as f:
            f.write("\n".join(files) + "\n")
    out.write(
        "%s %d files; %d stale files of ours removed; nothing else deleted\n"
        % ("dry run:" if dry_run else "copied", len(files), 0 if dry_run else len(stale))
    )


def main(argv=None, out=None):
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m tools.build")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("device", help="make build/CIRCUITPY")
    p.add_argument(
        "--cp", default=circuitpython.DEFAULT_VERSION, help="CircuitPython major version (9 or 10)"
    )
    p.add_argument("--source", action="store_true", help="ship .py sources instead of .mpy")
    p.add_argument("--mpy", action="store_true", help="fail rather than ship .py sources without mpy-cross")
    p = sub.add_parser("deploy", help="copy the build to a mounted CIRCUITPY drive")
    p.add_argument("drive")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--force", action="store_true", help="replace files that are not ours without a .bak copy")
    sub.add_parser("memory", help="the smallest heap the game needs in CircuitPython, and where it goes")
    args = parser.parse_args(argv)
    try:
        if args.command == "device":
            build_device(out, args.cp, args.source, args.mpy)
        elif args.command == "deploy":
            deploy(args.drive, args.dry_run, out, args.force)
        else:
            from tools.memory import report

            report(out)
    except BuildError as e:
        sys.stderr.write("kalaha: %s\n" % e)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
