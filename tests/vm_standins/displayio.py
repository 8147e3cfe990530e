"""Stand-in for displayio: just groups."""


class Group:
    def __init__(self):
        self.items = []

    def append(self, item):
        self.items.append(item)
