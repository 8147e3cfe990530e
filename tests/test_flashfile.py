"""hw.flashfile finds a drive file's bytes in its FAT volume: on images made by mkfs.fat and
mtools (FAT12, as mkimg.sh and CircuitPython make the drive) and by pyfatfs (FAT16, our one-file
UF2's), with mtools' own cluster map (mshowfat) as the oracle for which files lie in one piece."""

import os
import random
import re
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hw.flashfile import locate

MKFS = shutil.which("mkfs.fat") or ("/usr/sbin/mkfs.fat" if os.path.exists("/usr/sbin/mkfs.fat") else None)
MTOOLS = shutil.which("mcopy") and shutil.which("mshowfat") and shutil.which("mdel")
needs_tools = pytest.mark.skipif(not (MKFS and MTOOLS), reason="needs dosfstools and mtools")
ENV = dict(os.environ, MTOOLS_SKIP_CHECK="1")
NAME = b"ENDGAME KDB"


def reader(image):
    def read(offset, buf):
        buf[:] = image[offset : offset + len(buf)]

    return read


def fat12(path, kib=7168, cluster_sectors=4):
    """An empty volume as mkimg.sh makes the emulator's drive."""
    subprocess.run(
        [MKFS, "-C", "-S", "512", "-s", str(cluster_sectors), "-n", "CIRCUITPY", str(path), str(kib)],
        check=True,
        capture_output=True,
    )


def mtools(*args):
    subprocess.run(list(args), check=True, capture_output=True, env=ENV)


def runs(path, name):
    """mshowfat's cluster runs of ::/name: [(first, last), ...]."""
    out = subprocess.run(
        ["mshowfat", "-i", str(path), "::/" + name], check=True, capture_output=True, env=ENV
    )
    return [(int(a), int(b or a)) for a, b in re.findall(r"<(\d+)(?:-(\d+))?>", out.stdout.decode())]


def check(path, files):
    """Every file of `files` ({drive name: bytes}) is located exactly when mtools says it is in one
    piece, and then the volume's bytes there are the file's."""
    with open(path, "rb") as f:
        image = f.read()
    read = reader(image)
    located = 0
    for name, data in files.items():
        base, ext = name.upper().split(".")
        short = (base.ljust(8) + ext.ljust(3)).encode()
        where = locate(read, short)
        if len(runs(path, name)) == 1:
            assert where is not None, name
            offset, size = where
            assert size == len(data)
            assert image[offset : offset + size] == data
            located += 1
        else:
            assert where is None, name
    return located


@needs_tools
def test_a_file_in_one_piece_is_found_where_its_bytes_are_and_a_fragmented_one_is_not(tmp_path):
    img = tmp_path / "drive.img"
    fat12(img)
    rng = random.Random(4)
    a, b, table = (bytes(rng.randrange(256) for _ in range(n)) for n in (5000, 9000, 20000))
    for name, data in (("a.bin", a), ("b.bin", b)):
        (tmp_path / name).write_bytes(data)
        mtools("mcopy", "-i", str(img), str(tmp_path / name), "::/" + name)
    mtools("mdel", "-i", str(img), "::/a.bin")  # (a hole the next file starts in)
    (tmp_path / "endgame.kdb").write_bytes(table)
    mtools("mcopy", "-i", str(img), str(tmp_path / "endgame.kdb"), "::/endgame.kdb")
    assert len(runs(img, "endgame.kdb")) == 2  # (the set-up fragmented it)
    assert check(img, {"endgame.kdb": table, "b.bin": b}) == 1
    # Copied again onto the emptied drive it lies in one piece, and is found.
    mtools("mdel", "-i", str(img), "::/endgame.kdb", "::/b.bin")
    mtools("mcopy", "-i", str(img), str(tmp_path / "endgame.kdb"), "::/endgame.kdb")
    assert runs(img, "endgame.kdb") == [(2, 11)]  # (20,000 bytes: ten clusters of 2 KB)
    assert check(img, {"endgame.kdb": table}) == 1


@needs_tools
@settings(max_examples=15, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(("copy", "delete")), st.integers(0, 3), st.integers(1, 30000)), max_size=8
    ),
    st.sampled_from((1, 4, 8)),
)
def test_random_drives_agree_with_mtools(tmp_path_factory, steps, cluster_sectors):
    tmp = tmp_path_factory.mktemp("drive")
    img = tmp / "drive.img"
    fat12(img, kib=1024, cluster_sectors=cluster_sectors)
    rng = random.Random(len(steps))
    files = {}
    for what, k, size in steps:
        name = "f%d.bin" % k
        if what == "delete":
            if name in files:
                mtools("mdel", "-i", str(img), "::/" + name)
                del files[name]
            continue
        data = bytes(rng.randrange(256) for _ in range(size))
        (tmp / name).write_bytes(data)
        mtools("mcopy", "-o", "-i", str(img), str(tmp / name), "::/" + name)
        files[name] = data
    check(img, files)


def test_our_uf2s_fat16_drive_is_read_as_written(tmp_path):
    from tools.uf2 import drive_image

    folder = tmp_path / "CIRCUITPY"
    folder.mkdir()
    rng = random.Random(9)
    table = bytes(rng.randrange(256) for _ in range(300000))
    (folder / "code.py").write_bytes(b"print('hello')\n")
    (folder / "endgame.kdb").write_bytes(table)
    img = tmp_path / "drive.img"
    drive_image(str(folder), str(img))
    image = img.read_bytes()
    assert image[54:59] == b"FAT16"  # (pyfatfs's boot sector names its kind)
    offset, size = locate(reader(image), NAME)
    assert size == len(table) and image[offset : offset + size] == table
    assert locate(reader(image), b"MISSING KDB") is None


def test_what_is_not_a_fat12_or_fat16_volume_is_refused():
    with pytest.raises(ValueError):
        locate(reader(bytes(4096)), NAME)
    boot = bytearray(4096)
    boot[0] = 0xEB
    boot[11:13] = (512).to_bytes(2, "little")
    boot[13] = 8  # (FAT32: no root directory entries, no 16-bit FAT size)
    boot[16] = 2
    with pytest.raises(ValueError):
        locate(reader(bytes(boot)), NAME)


def test_the_search_reading_the_table_from_memory_searches_as_with_the_file(tmp_path, monkeypatch):
    # kalaha.searchcore reads a probe's byte from the table's address when it has one (on our
    # firmware: the flash, hw.flashfile); here the CPython twin's ptr8 stands a buffer at an
    # address. With a probe counted as a cache hit either way, every search gives the same move,
    # score, depth and nodes, and the file is never read.
    import kalaha.searchcore as core
    from kalaha import Board
    from kalaha.ai import Search
    from kalaha.endgame import HEADER, EndgameTable
    from tools import endgame_db

    path = str(tmp_path / "t10.kdb")
    endgame_db.build(path, 6, 10)
    table = EndgameTable(path).verify_all()
    with open(path, "rb") as f:
        values = f.read()[HEADER:]
    address = 0x10108020
    plain = core.ptr8
    monkeypatch.setattr(core, "ptr8", lambda at: values if at == address else plain(at))
    rng = random.Random(3)
    searched = 0
    for _ in range(12):
        board = Board(seeds=2)
        while board.to_move is not None and sum(board.row(0)) + sum(board.row(1)) > rng.randint(11, 18):
            board.push(rng.choice([m for m in board.legal_moves() if m]))
        if board.to_move is None:
            continue
        results = []
        for at in (0, address):
            table.address = at
            search = Search(cache_slots=128)
            search.start(board, nodes=20000, table=table, probe_nodes=2, hit_nodes=2)
            read = table.probes
            while not search.step(48):
                pass
            results.append(
                (search.best_pit, search.score, search.depth_done, search.nodes, table.probes - read)
            )
        with_file, with_memory = results
        assert with_memory[:4] == with_file[:4]
        assert with_memory[4] == 0
        searched += with_file[4] > 0  # (the file's searches did probe it)
    assert searched >= 6


@needs_tools
def test_a_damaged_boot_sector_is_refused_not_followed(tmp_path):
    # The device reads the flash wherever the boot sector points: sizes past the flash's 16 MiB
    # window, or a FAT too small for the clusters, are refused before any read there.
    img = tmp_path / "drive.img"
    fat12(img, kib=1024)
    image = bytearray(img.read_bytes())
    read_at = []

    def read(offset, buf):
        read_at.append(offset)
        buf[:] = image[offset : offset + len(buf)]

    for field, value in ((19, b"\x00\x00"), (22, b"\x01\x00")):
        damaged = bytearray(image)
        damaged[field : field + 2] = value
        if field == 19:
            damaged[32:36] = (0xFFFFFFFF).to_bytes(4, "little")  # (4 billion sectors)
        image[:] = damaged
        del read_at[:]
        with pytest.raises(ValueError):
            locate(read, NAME)
        assert max(read_at) < 64
