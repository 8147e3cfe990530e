"""4 KB of NOR flash in memory with the RP2040 nvm's write rule: tests, the simulator, and a
device without nvm. Kept apart from kalaha.saved.store so the device's heap never holds it."""

from kalaha.saved.journal import SIZE


class MemoryFlash:
    """4 KB of NOR flash with the RP2040 nvm's write rule, for tests and the simulator.

    A write into bytes that all read 0xFF programs them; any other write erases and rewrites
    the sector. `cut_after` simulates a power cut after that many bytes reached the flash.
    """

    def __init__(self, data=None):
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * SIZE)
        self.erases = 0
        self.writes = 0
        self.cut_after = -1

    def read(self):
        return bytes(self.data)

    def write(self, offset, values):
        self.writes += 1
        end = offset + len(values)
        erased = all(b == 0xFF for b in self.data[offset:end])
        if not erased:
            image = bytearray(self.data)
            image[offset:end] = values
            self.erases += 1
            for i in range(SIZE):
                self.data[i] = 0xFF
            self._program(0, image)
        else:
            self._program(offset, values)

    def _program(self, offset, values):
        for i, v in enumerate(values):
            if self.cut_after == 0:
                raise PowerCut()
            if self.cut_after > 0:
                self.cut_after -= 1
            self.data[offset + i] = v


class PowerCut(Exception):
    """Raised by MemoryFlash when its simulated power cut happens."""
