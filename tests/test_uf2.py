"""One file to install (tools/uf2.py): the firmware's blocks and the drive's FAT image in one UF2."""

import os

import pytest

from tools import uf2
from tools.manifest import ROOT


def firmware_blocks(n=3, start=uf2.FLASH_BASE):
    return [(start + 256 * i, bytes((i,)) * 256) for i in range(n)]


def test_blocks_round_trip_and_carry_the_rp2040_family():
    blocks = firmware_blocks()
    data = uf2.write_blocks(blocks)
    assert len(data) == 512 * len(blocks)
    assert uf2.read_blocks(data) == blocks
    # every block numbered in order, the total in each, the RP2040's family id
    import struct

    for number in range(len(blocks)):
        fields = struct.unpack_from("<8I", data, 512 * number)
        assert fields[5] == number and fields[6] == len(blocks) and fields[7] == uf2.RP2040_FAMILY


@pytest.mark.parametrize(
    "data, words",
    [
        (b"", "not a UF2"),
        (b"x" * 511, "not a UF2"),
        (b"\x00" * 512, "magic"),
    ],
)
def test_a_file_that_is_not_a_uf2_is_refused_with_a_reason(data, words):
    with pytest.raises(uf2.Uf2Error, match=words):
        uf2.read_blocks(data)


def test_a_uf2_for_another_chip_is_refused():
    data = bytearray(uf2.write_blocks(firmware_blocks(1)))
    data[28:32] = (0x12345678).to_bytes(4, "little")  # the family id
    with pytest.raises(uf2.Uf2Error, match="another chip"):
        uf2.read_blocks(bytes(data))


def test_the_drive_image_is_a_fat_with_the_files_at_the_drives_place(tmp_path):
    pytest.importorskip("pyfatfs")
    from pyfatfs.PyFatFS import PyFatFS

    folder = tmp_path / "drive"
    (folder / "kalaha").mkdir(parents=True)
    (folder / "code.py").write_bytes(b"print('hi')\n")
    (folder / "kalaha" / "board.mpy").write_bytes(bytes(range(256)) * 9)
    firmware = tmp_path / "fw.uf2"
    firmware.write_bytes(uf2.write_blocks(firmware_blocks()))
    out = tmp_path / "out.uf2"
    blocks = uf2.build(str(firmware), str(folder), str(out))
    assert uf2.read_blocks(out.read_bytes()) == blocks
    assert blocks[:3] == firmware_blocks()
    drive = blocks[3:]
    assert drive[0][0] == uf2.FLASH_BASE + uf2.DRIVE_OFFSET
    assert all(b[0] - a[0] == 256 for a, b in zip(drive, drive[1:]))  # contiguous from the start
    image = b"".join(p for _a, p in drive).ljust(uf2.DRIVE_SIZE, b"\x00")
    assert image[0x2B:0x36] == b"CIRCUITPY  "  # the volume label the computer shows
    path = tmp_path / "back.img"
    path.write_bytes(image)
    fs = PyFatFS(str(path), encoding="ascii")
    try:
        assert fs.readbytes("/code.py") == b"print('hi')\n"
        assert fs.readbytes("/kalaha/board.mpy") == bytes(range(256)) * 9
    finally:
        fs.close()


def test_a_firmware_that_writes_into_the_drive_is_refused(tmp_path):
    firmware = tmp_path / "fw.uf2"
    firmware.write_bytes(uf2.write_blocks(firmware_blocks(1, uf2.FLASH_BASE + uf2.DRIVE_OFFSET)))
    with pytest.raises(uf2.Uf2Error, match="drive"):
        uf2.build(str(firmware), str(tmp_path), str(tmp_path / "out.uf2"))


def test_the_command_line_says_where_the_file_went_or_why_not(tmp_path, capsys):
    assert uf2.main([str(tmp_path / "missing.uf2")]) == 2
    assert "no firmware at" in capsys.readouterr().err
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(b"nope")
    assert uf2.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kalaha: ") and len(err.strip().splitlines()) == 1
    assert not os.path.exists(tmp_path / "out.uf2")


def test_our_firmware_is_the_one_its_readme_names_and_leaves_the_drive_alone():
    # (firmware/README.md gives its sha256; the file is an RP2040 UF2 that ends below the drive)
    import hashlib
    import re

    with open(uf2.OWN_FIRMWARE, "rb") as f:
        data = f.read()
    with open(os.path.join(os.path.dirname(uf2.OWN_FIRMWARE), "README.md")) as f:
        named = re.search(r"sha256 \| `([0-9a-f]{64})`", f.read()).group(1)
    assert hashlib.sha256(data).hexdigest() == named
    blocks = uf2.read_blocks(data)
    assert blocks and max(addr for addr, _payload in blocks) < uf2.FLASH_BASE + uf2.DRIVE_OFFSET


def test_the_modules_frozen_into_our_firmware_are_todays_sources():
    # Our firmware carries the modules of firmware/build.sh's FROZEN_SOURCES frozen (the search's
    # loop as machine code, the music's three as bytecode), and the game takes those first: a
    # changed source needs the firmware rebuilt (make firmware), or the device would run
    # yesterday's code. firmware/README.md names each source's sha256, and the firmware holds
    # each frozen module's name.
    import hashlib
    import re

    frozen = uf2.frozen_sources()
    with open(os.path.join(os.path.dirname(uf2.OWN_FIRMWARE), "README.md")) as f:
        readme = f.read()
    with open(uf2.OWN_FIRMWARE, "rb") as f:
        payload = b"".join(p for _addr, p in uf2.read_blocks(f.read()))
    rows = re.findall(r"^\| frozen \| `([^`]+)` as `([^`]+)`, sha256 `([0-9a-f]{64})`", readme, re.M)
    assert [(source, name) for source, name, _sha in rows] == frozen, "firmware/README.md's frozen rows"
    assert ("kalaha/searchcore.py", "kalaha_searchcore") in frozen
    for source, name, named in rows:
        with open(os.path.join(ROOT, source), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == named, (
                "%s changed: rebuild our firmware (make firmware)" % source
            )
        assert name.encode() in payload, "our firmware holds no frozen %s: rebuild it" % name


def test_without_a_firmware_ours_is_taken_for_a_drive_built_for_it(tmp_path, monkeypatch, capsys):
    from tools import build

    monkeypatch.setattr(build, "built_for", lambda: "10")
    assert uf2.main([]) == 2
    assert "our firmware is CircuitPython 9" in capsys.readouterr().err
    monkeypatch.setattr(build, "built_for", lambda: "source")  # (no mpy-cross made .mpy)
    assert uf2.main([]) == 2
    err = capsys.readouterr().err
    assert "holds .py sources (no mpy-cross)" in err and "MPY_CROSS=" in err and len(err.splitlines()) == 1
    made = []
    monkeypatch.setattr(build, "built_for", lambda: "9")
    monkeypatch.setattr(uf2, "build", lambda firmware, drive, out: made.append(firmware) or [])
    assert uf2.main([]) == 0
    assert made == [uf2.OWN_FIRMWARE]
