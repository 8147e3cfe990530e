"""The device's clock for the front ends that run the app on a faster machine: the simulator
(host/desktop.py) and the web page (host/web.py). Host-only, never on the device.

The app's thinking (kalaha.search.thinking.Thinker.slices) runs slices while a millisecond clock says
the frame has room. A PC's own clock would let it search as much as the PC can, and differently
from run to run; no clock at all gives one slice a frame, which starves a 3-4 player computer
seat (one sowing a frame). This clock counts the time the stock device would have taken for the
searches' nodes done since the frame began, so a frame does the work a frame of the device does
(its bytecode search: docs/performance.md), the same every run: the same inputs at the same
times draw the same frames, and the levels' node budgets finish before their time caps as on
the device, so the moves are the command line's (`python -m kalaha move`).
"""

import sys

# A two-player search node on stock CircuitPython (bytecode), with its share of a slice's cost,
# in ms: kalaha.search.thinking's slices (SLICE_NODES, THINK_FRAME_MS, SLICE_GUARD_MS) then run 3 slices
# of 16 nodes a frame, 48 nodes: 2,400 nodes a second at a frame every 20 ms, the emulated
# MacroPad's 1,693 nodes a second of thinking with commit 888e376's search times its measured
# speed-up, 1.45 (docs/performance.md, "The search's speed").
NODE_MS = 0.24
# A 3-4 player search's node (a sowing, its position copied: kalaha.search.ring_ai), bytecode too (up to
# 1.5 ms: kalaha.flow.ringplay THINK_NODES): 28 a frame, 1,400 a second, Strong's 2,000 in about
# 1.43 s, as the emulated MacroPad's 1,422 ms a sowing.
RING_NODE_MS = 0.4


class DeviceClock:
    """A `ticks` for kalaha.flow.app.App: `begin(now)` at each frame's start (the value to pass to
    App.tick as frame_start), then each reading is that plus the device's time for the nodes
    searched since (float ms; the thinker's arithmetic takes floats). Drawing costs nothing
    here: frames are drawn whole unless a search ran before the drawing in the same frame."""

    def __init__(self):
        self.app = None  # set once the app is made (App takes the clock when it is made)
        self.start = 0
        self.marks = []  # [(search, its nodes at the frame's start)]

    def searches(self):
        """[(search, ms a node)]: the two-player search (the move, the hint, pondering) and a
        3-4 player game's."""
        out = []
        th = self.app.thinker if self.app is not None else None
        if th is not None and th.search is not None:
            out.append((th.search, NODE_MS))
        ring = sys.modules.get("kalaha.flow.ringplay")
        if ring is not None and getattr(ring.RING, "search", None) is not None:
            out.append((ring.RING.search, RING_NODE_MS))
        return out

    def begin(self, now):
        """A new frame at `now` (ms): the clock reads `now` until a search runs."""
        self.start = now
        self.marks = [(s, s.nodes) for s, _ms in self.searches()]
        return now

    def __call__(self):
        spent = 0.0
        for s, ms in self.searches():
            nodes = s.nodes
            for seen, before in self.marks:
                if seen is s and nodes >= before:
                    nodes -= before  # (a search started afresh this frame counts all its nodes)
                    break
            spent += nodes * ms
        return self.start + spent
