"""An independent, deliberately plain implementation of the 2-4 player rules (issue 24), for
checking kalaha.rules.ring: seats as dicts, the sowing walked along an explicit list of places.

Written from the rule text, not from kalaha/rules/ring.py: a place is ("pit", seat, k) or
("store", seat); the ring lists every seat's pits 1..P, then its store, seat after seat.
"""


class OracleRing:
    def __init__(self, seats, pits, seeds, capture_from="next"):
        self.n = seats
        self.p = pits
        self.capture_from = capture_from
        self.rows = [[seeds] * pits for _ in range(seats)]
        self.stores = [0] * seats
        self.mover = 0
        self.over = False

    def copy(self):
        other = OracleRing(self.n, self.p, 1, self.capture_from)
        other.rows = [list(r) for r in self.rows]
        other.stores = list(self.stores)
        other.mover = self.mover
        other.over = self.over
        return other

    def places(self):
        ring = []
        for seat in range(self.n):
            for k in range(1, self.p + 1):
                ring.append(("pit", seat, k))
            ring.append(("store", seat))
        return ring

    def moves(self):
        if self.over:
            return []
        return [k for k in range(1, self.p + 1) if self.rows[self.mover][k - 1] > 0]

    def victims(self, seat):
        others = [s for s in range(self.n) if s != seat]
        if self.capture_from == "all":
            return others
        if self.capture_from == "opposite" and self.n == 4:
            return [(seat + 2) % 4]
        return [(seat + 1) % self.n]

    def play(self, k):
        g = self.copy()
        me = g.mover
        assert not g.over and g.rows[me][k - 1] > 0
        ring = g.places()
        at = ring.index(("pit", me, k))
        hand = g.rows[me][k - 1]
        g.rows[me][k - 1] = 0
        place = None
        while hand > 0:
            at = (at + 1) % len(ring)
            place = ring[at]
            if place[0] == "store" and place[1] != me:
                continue
            if place[0] == "store":
                g.stores[me] += 1
            else:
                g.rows[place[1]][place[2] - 1] += 1
            hand -= 1
        again = place == ("store", me)
        if place[0] == "pit" and place[1] == me and g.rows[me][place[2] - 1] == 1:
            across = g.p + 1 - place[2]
            loot = sum(g.rows[v][across - 1] for v in g.victims(me))
            if loot > 0:
                for v in g.victims(me):
                    g.rows[v][across - 1] = 0
                g.rows[me][place[2] - 1] = 0
                g.stores[me] += loot + 1
        if any(sum(row) == 0 for row in g.rows):
            for seat in range(g.n):
                g.stores[seat] += sum(g.rows[seat])
                g.rows[seat] = [0] * g.p
            g.over = True
            return g
        if not again:
            g.mover = (me + 1) % g.n
        return g

    def places_at_end(self):
        best = sorted(self.stores, reverse=True)
        return [best.index(s) + 1 for s in self.stores]
