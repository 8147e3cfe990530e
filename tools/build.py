"""Build, deploy and measure the device files: `python -m tools.build device|deploy|memory`.

Host-only (make device / make deploy / make memory); never copied to the device.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import zipfile

from tools.manifest import DEVICE_LIBRARIES, ROOT, SUPPORTED_CIRCUITPYTHON, device_files

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


def expected_files():
    """Every file of the drive image, relative to its root, sorted."""
    out = list(device_files())
    for files in DEVICE_LIBRARIES.values():
        out += ["lib/" + f for f in files]
    return sorted(out)


def build_device(out):
    """Make build/CIRCUITPY: exactly the files that go on the drive."""
    wheels = fetch_wheels()
    if os.path.isdir(DRIVE):
        shutil.rmtree(DRIVE)
    for rel in device_files():
        dst = os.path.join(DRIVE, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), dst)
    for name, files in DEVICE_LIBRARIES.items():
        with zipfile.ZipFile(wheels[name]) as wheel:
            for rel in files:
                dst = os.path.join(DRIVE, "lib", rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                with open(dst, "wb") as f:
                    f.write(wheel.read(rel))
    out.write(
        "built %s: %d files for CircuitPython %s\n"
        % (
            os.path.relpath(DRIVE, ROOT),
            len(expected_files()),
            " or ".join(v + ".x" for v in SUPPORTED_CIRCUITPYTHON),
        )
    )
    return DRIVE


def read_version(drive):
    """The CircuitPython version from the drive's boot_out.txt, or raise BuildError."""
    path = os.path.join(drive, "boot_out.txt")
    if not os.path.isfile(path):
        raise BuildError("%s is not a CircuitPython drive (no boot_out.txt); nothing copied" % drive)
    with open(path, errors="replace") as f:
        first = f.readline()
    # e.g. "Adafruit CircuitPython 9.1.4 on 2024-09-17; Adafruit Macropad RP2040 with rp2040"
    words = first.split()
    if "CircuitPython" not in words or words.index("CircuitPython") + 1 >= len(words):
        raise BuildError("%s: boot_out.txt does not name a CircuitPython version" % drive)
    return words[words.index("CircuitPython") + 1].rstrip(";")


def deploy(drive, dry_run, out):
    """Copy the build to a mounted CIRCUITPY drive. Never deletes anything."""
    drive = os.path.abspath(drive)
    if not os.path.isdir(drive):
        raise BuildError("%s is not a folder" % drive)
    version = read_version(drive)
    out.write("CircuitPython %s found on %s\n" % (version, drive))
    if version.split(".")[0] not in SUPPORTED_CIRCUITPYTHON:
        out.write(
            "warning: CircuitPython %s is not supported (use %s); copying anyway\n"
            % (version, " or ".join(v + ".x" for v in SUPPORTED_CIRCUITPYTHON))
        )
    if not os.path.isdir(DRIVE):
        raise BuildError("no build: run `make device` first")
    files = expected_files()
    for rel in files:
        out.write("%s %s\n" % ("would copy" if dry_run else "copy", rel))
        if not dry_run:
            dst = os.path.join(drive, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(os.path.join(DRIVE, rel), dst)
    if not dry_run:
        with open(os.path.join(drive, OWN_LIST), "w") as f:
            f.write("\n".join(files) + "\n")
    out.write("%s %d files; nothing deleted\n" % ("dry run:" if dry_run else "copied", len(files)))


def main(argv=None, out=None):
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m tools.build")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("device", help="make build/CIRCUITPY")
    p = sub.add_parser("deploy", help="copy the build to a mounted CIRCUITPY drive")
    p.add_argument("drive")
    p.add_argument("--dry-run", action="store_true")
    sub.add_parser("memory", help="bytecode size per module and the app's heap in the VM")
    args = parser.parse_args(argv)
    try:
        if args.command == "device":
            build_device(out)
        elif args.command == "deploy":
            deploy(args.drive, args.dry_run, out)
        else:
            from tools.memory import report

            report(out)
    except BuildError as e:
        sys.stderr.write("kalaha: %s\n" % e)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
