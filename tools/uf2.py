"""One file to install: a CircuitPython UF2 for the MacroPad with the game's drive inside it.

Host-only (`make uf2 [FIRMWARE=...]`; without a firmware, ours: firmware/README.md). Writes
build/pocket-kalaha-cpN.uf2: the firmware's blocks,
then a CIRCUITPY FAT image of build/CIRCUITPY (made with pyfatfs, from the package index) at the
drive's place in the MacroPad's flash (1 MiB in, 7 MiB long). Dropped on RPI-RP2 it replaces
both CircuitPython and everything on the drive.
"""

import argparse
import os
import struct
import sys
import tempfile

from tools.manifest import ROOT

# Our firmware: CircuitPython 9.2.9 for the MacroPad with its machine-code emitter on.
OWN_FIRMWARE = os.path.join(ROOT, "firmware", "circuitpython-9.2.9-macropad-native.uf2")
OWN_FIRMWARE_VERSION = "9"


def frozen_sources():
    """The game's modules frozen into our firmware, as firmware/build.sh lists them
    (FROZEN_SOURCES): [(source from the project's root, frozen module name)]."""
    import re

    with open(os.path.join(ROOT, "firmware", "build.sh")) as f:
        listed = re.search(r'^FROZEN_SOURCES="([^"]*)"', f.read(), re.M)
    if listed is None:
        raise ValueError("firmware/build.sh has no FROZEN_SOURCES")
    return [tuple(pair.split(":")) for pair in listed.group(1).split()]


# The UF2 format (Microsoft's uf2 specification): 512-byte blocks of 256 bytes of payload each.
MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x00002000
RP2040_FAMILY = 0xE48BFF56
PAYLOAD = 256
FLASH_BASE = 0x10000000
DRIVE_OFFSET = 0x100000  # CIRCUITPY on the 8 MiB MacroPad: 1 MiB into the flash
DRIVE_SIZE = 7 * 1024 * 1024
ERASE = 4096  # flash sector: the drive's image is written up to a whole one past its last data


class Uf2Error(ValueError):
    """A file that is not a UF2 for the RP2040, or a drive that does not fit."""


def read_blocks(data):
    """[(flash address, payload bytes)] of a UF2 file's blocks for the RP2040."""
    if len(data) % 512 or not data:
        raise Uf2Error("not a UF2 file (its size is not a whole number of 512-byte blocks)")
    out = []
    for at in range(0, len(data), 512):
        s0, s1, flags, addr, size, _no, _n, family = struct.unpack_from("<8I", data, at)
        (end,) = struct.unpack_from("<I", data, at + 508)
        if s0 != MAGIC_START0 or s1 != MAGIC_START1 or end != MAGIC_END:
            raise Uf2Error("not a UF2 file (block %d has no UF2 magic numbers)" % (at // 512))
        if flags & FLAG_FAMILY and family != RP2040_FAMILY:
            raise Uf2Error("a UF2 for another chip (family 0x%08x), not the RP2040" % family)
        if size > 476:
            raise Uf2Error("block %d says it holds %d bytes" % (at // 512, size))
        out.append((addr, bytes(data[at + 32 : at + 32 + size])))
    return out


def write_blocks(blocks):
    """A UF2 file of [(flash address, payload)] blocks, numbered in order."""
    out = bytearray()
    total = len(blocks)
    for number, (addr, payload) in enumerate(blocks):
        head = struct.pack(
            "<8I", MAGIC_START0, MAGIC_START1, FLAG_FAMILY, addr, len(payload), number, total, RP2040_FAMILY
        )
        out += head + payload + bytes(476 - len(payload)) + struct.pack("<I", MAGIC_END)
    return bytes(out)


def drive_image(folder, path):
    """A FAT image of `folder`, DRIVE_SIZE bytes, labelled CIRCUITPY, at `path`."""
    from pyfatfs.PyFat import PyFat
    from pyfatfs.PyFatFS import PyFatFS

    with open(path, "wb") as f:
        f.truncate(DRIVE_SIZE)
    fat = PyFat()
    fat.mkfs(path, PyFat.FAT_TYPE_FAT16, size=DRIVE_SIZE, label="CIRCUITPY")
    fat.close()
    fs = PyFatFS(path, encoding="ascii")
    try:
        for base, dirs, files in os.walk(folder):
            rel = os.path.relpath(base, folder).replace(os.sep, "/")
            prefix = "/" if rel == "." else "/" + rel + "/"
            for name in sorted(dirs):
                fs.makedir(prefix + name)
            for name in sorted(files):
                with open(os.path.join(base, name), "rb") as src, fs.openbin(prefix + name, "w") as dst:
                    dst.write(src.read())
    finally:
        fs.close()


def drive_blocks(image):
    """The drive image's blocks at its place in the flash, up to the erase sector after its last
    data (beyond that the FAT marks every cluster free: what is left there is never read)."""
    last = len(image.rstrip(b"\x00"))
    end = min(len(image), (last + ERASE - 1) // ERASE * ERASE)
    return [(FLASH_BASE + DRIVE_OFFSET + at, image[at : at + PAYLOAD]) for at in range(0, end, PAYLOAD)]


def build(firmware, drive, out):
    """Write `out`: `firmware` (a UF2 file's path) and the drive folder `drive`. Returns its blocks."""
    with open(firmware, "rb") as f:
        blocks = read_blocks(f.read())
    if any(addr >= FLASH_BASE + DRIVE_OFFSET for addr, _payload in blocks):
        raise Uf2Error("that firmware UF2 already writes into the drive's flash (1 MiB on)")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "drive.img")
        drive_image(drive, path)
        with open(path, "rb") as f:
            image = f.read()
    blocks += drive_blocks(image)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "wb") as f:
        f.write(write_blocks(blocks))
    return blocks


def main(argv=None):
    from tools.build import DRIVE, built_for

    parser = argparse.ArgumentParser(prog="python -m tools.uf2", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "firmware", nargs="?", help="CircuitPython's UF2 for the Adafruit MacroPad RP2040 (default: ours)"
    )
    args = parser.parse_args(argv)
    version = built_for()
    if args.firmware is None:
        args.firmware = OWN_FIRMWARE
        if version == "source":
            sys.stderr.write(
                "kalaha: build/CIRCUITPY holds .py sources (no mpy-cross): our firmware's drive takes "
                ".mpy for CircuitPython %s; run `make uf2` (it fetches Adafruit's mpy-cross) or set "
                "MPY_CROSS=CircuitPython %s's mpy-cross\n" % (OWN_FIRMWARE_VERSION, OWN_FIRMWARE_VERSION)
            )
            return 2
        if version != OWN_FIRMWARE_VERSION:
            sys.stderr.write(
                "kalaha: our firmware is CircuitPython %s: build the drive for it (make device CP=%s)\n"
                % (OWN_FIRMWARE_VERSION, OWN_FIRMWARE_VERSION)
            )
            return 2
    if not os.path.isfile(args.firmware):
        sys.stderr.write(
            "kalaha: no firmware at %s (download CircuitPython's UF2 for the MacroPad)\n" % args.firmware
        )
        return 2
    out = os.path.join(ROOT, "build", "pocket-kalaha-cp%s.uf2" % version)
    try:
        blocks = build(args.firmware, DRIVE, out)
    except (Uf2Error, OSError) as e:
        sys.stderr.write("kalaha: %s\n" % e)
        return 2
    size = len(blocks) // 2
    print("wrote %s (%d blocks, %d KB): drop it on RPI-RP2" % (os.path.relpath(out), len(blocks), size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
