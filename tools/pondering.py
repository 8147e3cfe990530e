"""How much of the computer's reply pondering makes on the person's time, at stock speed.

Host-only (`python -m tools.pondering`). Games against Expert (or --level), the person played by
another level's whole turns (host.analysis.device_turn), who thinks --think seconds before each
turn. The device is modelled frame by frame as host/deviceclock.py models it for the simulator
and the page: a frame every 20 ms, whose search slices (kalaha.search.thinking.Thinker.slices, the
device's SLICE_NODES) run while the device's clock, a node costing NODE_MS, says the frame has
room. While the person thinks, the thinker ponders (kalaha.search.ponder: the prediction, then the
reply) in every frame; when they have sowed their turn the computer's turn begins as on the
device (Thinker.start_move: the foreseen search goes on, any other begins afresh) and its frames
run until it has decided. Prints, per think time: the computer's turns, those foreseen, the
share of the replies' nodes made while the person thought, and the computer's thinking after the
person's last sowing (device time: its frames), on average and at the longest. The person's
sowing animation and the computer's pause are not counted (the device ponders then too).
"""

import argparse
import sys

from host.analysis import device_player, device_turn
from host.deviceclock import NODE_MS
from host.match import even_openings
from kalaha.rules import notation
from kalaha.search.endgame import EndgameTable
from kalaha.search.thinking import SLICE_NODES, Thinker

FRAME_MS = 20  # a frame every 20 ms, as the simulator and the page step the app


class Clock:
    """The device's clock for one thinker: the frame's start plus NODE_MS a node searched since."""

    def __init__(self):
        self.thinker = None
        self.start = 0
        self.mark = 0
        self.searched = None

    def begin(self, now):
        self.start = now
        s = self.thinker.search
        self.mark = s.nodes
        self.searched = s

    def __call__(self):
        s = self.thinker.search
        nodes = s.nodes - self.mark if s is self.searched and s.nodes >= self.mark else s.nodes
        return self.start + nodes * NODE_MS


def frame(th, clock, now):
    clock.begin(now)
    th.frame_start = now


def play(level, person, think_ms, table, openings, seed=3):
    """[(foreseen, pondered nodes, the reply's nodes, thinking ms after the person sowed)]."""
    out = []
    clock = Clock()
    th = Thinker(table, clock, SLICE_NODES)
    clock.thinker = th
    while not th.endgame_checked and th.endgame is not None:
        th.check_table()
    person_player = device_player(table)
    now = 0
    version = 0
    for k, record in enumerate(openings):
        for computer in (0, 1):
            board = notation.from_record(record)
            while board.to_move is not None:
                if board.to_move != computer:
                    # The person thinks: the computer ponders in every frame meanwhile.
                    version += 1
                    end = now + think_ms
                    while now < end:
                        frame(th, clock, now)
                        th.ponder_turn(board, level, seed, version)
                        if th.ponderer is not None:
                            th.ponderer.slices()
                        now += FRAME_MS
                    pits = device_turn(person_player, board, person, seed + k)[0]
                    for pit in pits:
                        board.push(pit)
                    continue
                # The computer's turn, frame by frame, each sowing as the app asks for it.
                side = board.to_move
                started = now
                first = True
                pondered = 0
                while board.to_move == side:
                    frame(th, clock, now)
                    th.start_move(board, level, seed, now)
                    if first:
                        pondered = th.pondered
                        first = False
                    pit = 0
                    while not pit:
                        frame(th, clock, now)
                        pit = th.move(board, level, seed, now)
                        now += FRAME_MS
                    th.pit = 0
                    th.thinking = False
                    board.push(pit)
                out.append((pondered > 0, pondered, th.turn_nodes, now - started))
                th.cancel()
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.pondering", description=__doc__.split("\n")[0])
    parser.add_argument("--table", default="build/endgame-6x14.kdb")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--person", default="strong", help="the level whose turns the person plays")
    parser.add_argument("--think", default="5,10,20", help="the person's seconds a turn, comma-separated")
    parser.add_argument(
        "--openings", type=int, default=3, help="even openings, each played with both colours"
    )
    args = parser.parse_args(argv)
    table = EndgameTable(args.table).verify_all() if args.table != "-" else None
    openings = even_openings({}, args.openings, 2, 7)
    out = sys.stdout
    out.write(
        "%s against a person playing %s's turns, %d games; the device modelled at %.2f ms a node,\n"
        "slices of %d nodes (host/deviceclock.py):\n"
        % (args.level, args.person, 2 * len(openings), NODE_MS, SLICE_NODES)
    )
    out.write(
        "| the person thinks | turns searched | foreseen | reply nodes made while they thought "
        "| thinking after their sowing: average, longest |\n"
    )
    out.write("|---|---|---|---|---|\n")
    for seconds in (int(x) for x in args.think.split(",")):
        turns = [t for t in play(args.level, args.person, seconds * 1000, table, openings) if t[2]]
        foreseen = [t for t in turns if t[0]]
        made = sum(t[1] for t in turns)
        total = sum(t[2] for t in turns)
        ms = [t[3] for t in turns]
        out.write(
            "| %d s | %d | %d | %d%% (%d%% of the foreseen ones') | %d ms, %d ms |\n"
            % (
                seconds,
                len(turns),
                len(foreseen),
                100 * made // max(total, 1),
                100 * made // max(sum(t[2] for t in foreseen), 1),
                sum(ms) // max(len(ms), 1),
                max(ms or [0]),
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
