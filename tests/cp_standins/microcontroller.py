"""Stand-in for microcontroller: nvm backed by a file (cpdriver.NVM_PATH), 4 KB like the RP2040's.

Reading a slice gives new bytes and writing a slice changes just those bytes, as on the device,
so the heap sees what the device's does; the file keeps the data from one run to the next.
"""

import cpdriver

SIZE = 4096


class _Nvm:
    def __len__(self):
        return SIZE

    def _file(self):
        try:
            return open(cpdriver.NVM_PATH[0], "r+b")
        except OSError:
            with open(cpdriver.NVM_PATH[0], "wb") as f:
                f.write(b"\xff" * SIZE)
            return open(cpdriver.NVM_PATH[0], "r+b")

    def __getitem__(self, index):
        with self._file() as f:
            if isinstance(index, slice):
                start = index.start or 0
                stop = SIZE if index.stop is None else index.stop
                f.seek(start)
                return f.read(stop - start)
            f.seek(index)
            return f.read(1)[0]

    def __setitem__(self, index, values):
        with self._file() as f:
            if isinstance(index, slice):
                f.seek(index.start or 0)
                f.write(values)
            else:
                f.seek(index)
                f.write(bytes((values,)))


class _Cpu:
    frequency = 125000000
    temperature = 25


nvm = _Nvm()
cpu = _Cpu()
