"""Stand-in for microcontroller: 4 KB of nvm with the RP2040's write rule."""


class _Nvm:
    def __init__(self):
        self.data = bytearray(b"\xff" * 4096)
        self.erases = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, values):
        start = index.start
        end = start + len(values)
        for i in range(start, end):
            if self.data[i] != 0xFF:
                self.erases += 1  # (the real port erases and rewrites the sector)
                break
        for i in range(len(values)):
            self.data[start + i] = values[i]


nvm = _Nvm()
