"""Where a file of the CIRCUITPY drive lies in its FAT volume, read from the volume's own bytes,
so that machine code can read the file from the memory-mapped flash without the file system.

The RP2040 maps the MacroPad's flash from 0x10000000 and the drive starts 1 MiB in: a byte at
volume offset N is at 0x10100000 + N (read through our firmware's viper code; its figures are in
docs/performance.md, "An endgame-table probe as machine code"). Only a file of the root directory in
one piece (consecutive clusters) is located: anything else is read through the file as before.
One function, its state in locals: every name a module keeps is interned on the device for good.
"""

from kalaha.compat import const

_ENTRY = const(32)  # a directory entry's bytes
_FAT12_CLUSTERS = const(4085)  # fewer clusters than this: FAT12 (Microsoft's rule)
_MOST_BYTES = const(16 << 20)  # the RP2040's flash window: no drive is bigger


def locate(read, name):
    """(the volume offset of the file's first byte, its size) when the root directory's file
    `name` (11 bytes, the 8.3 name as stored: b"ENDGAME KDB") lies in one piece, else None
    (absent, empty, fragmented). read(offset, buf) fills buf with the volume's bytes from offset.
    Raises ValueError for a volume that is not FAT12 or FAT16."""
    b = bytearray(_ENTRY)
    read(0, b)  # the boot sector's BIOS parameter block (little-endian)
    bps = b[11] | b[12] << 8
    spc = b[13]
    fats = b[16]
    roots = b[17] | b[18] << 8
    sectors = b[19] | b[20] << 8
    spf = b[22] | b[23] << 8
    if b[0] not in (0xEB, 0xE9) or bps not in (512, 1024, 2048, 4096):
        raise ValueError("not a FAT volume")
    if not spc or spc & (spc - 1) or not spf or not roots or not fats:
        raise ValueError("not a FAT12 or FAT16 volume")  # (FAT32: no fixed root, spf 0)
    if not sectors:
        read(32, b)
        sectors = b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
        read(0, b)
    cluster_bytes = bps * spc
    fat_at = (b[14] | b[15] << 8) * bps
    root_at = fat_at + fats * spf * bps
    data_at = root_at + (roots * _ENTRY + bps - 1) // bps * bps
    clusters = (sectors * bps - data_at) // cluster_bytes
    fat12 = clusters < _FAT12_CLUSTERS
    # Every read stays inside the volume (on the device: inside the flash's mapped 16 MiB), and
    # the FAT covers every cluster: a damaged boot sector is refused, never followed.
    need = (clusters + 2) * 3 // 2 if fat12 else (clusters + 2) * 2  # (the FAT's bytes)
    if sectors * bps > _MOST_BYTES or clusters < 1 or spf * bps < need:
        raise ValueError("not a FAT12 or FAT16 volume this size")
    found = False
    for k in range(roots):
        read(root_at + k * _ENTRY, b)
        if b[0] == 0:  # (the directory's end)
            break
        # Skip deleted entries, long-name parts (attributes 0x0F), volume labels and folders.
        if b[0] != 0xE5 and b[11] & 0x18 == 0 and b[11] != 0x0F and b[:11] == name:
            found = True
            break
    if not found:
        return None
    first = b[26] | b[27] << 8
    size = b[28] | b[29] << 8 | b[30] << 16 | b[31] << 24
    if size == 0 or not 2 <= first < clusters + 2:
        return None
    cluster = first
    following = 0
    for _ in range((size + cluster_bytes - 1) // cluster_bytes):
        # The FAT's entry for this cluster: the next, or at least 0xFF8 (0xFFF8) at the end.
        if fat12:
            read(fat_at + cluster + cluster // 2, b)
            following = b[0] | b[1] << 8
            following = following >> 4 if cluster & 1 else following & 0xFFF
        else:
            read(fat_at + 2 * cluster, b)
            following = b[0] | b[1] << 8
        if following != cluster + 1:
            break
        cluster = following
    # In one piece: every cluster but the last followed by the next, and the last the chain's end.
    if cluster - first != (size - 1) // cluster_bytes or following < (0xFF8 if fat12 else 0xFFF8):
        return None
    return data_at + (first - 2) * cluster_bytes, size
