"""The app's record screens: statistics, replay of finished games, the current game's moves.

A base class of kalaha.app.App (it uses the App's state); pure logic, never imports hardware.
"""

from kalaha.ai import LEVEL_NAMES
from kalaha.board import SWAP, Board
from kalaha.compat import const
from kalaha.store import STAT_AGREED, STAT_RESIGNS, STAT_TWO_PLAYER, TWO_PLAYERS

# The app's screens (kalaha.app imports them from here).
MENU = const(0)
SETUP = const(1)
SETTINGS = const(2)
GAME = const(3)
GAME_MENU = const(4)
RESULT = const(5)
STATS = const(6)
REPLAY_LIST = const(7)
REPLAY = const(8)
MOVES = const(9)

REPLAY_UNITS = ("turn", "sowing", "seed")


class Screens:
    """Statistics, replay and move-list behaviour for App (self is the App)."""

    def _stats_items(self):
        st = self.store.stats
        items = []
        for i in range(len(LEVEL_NAMES)):
            items.append("%-6s %d/%d/%d" % (LEVEL_NAMES[i], st[3 * i], st[3 * i + 1], st[3 * i + 2]))
        t = STAT_TWO_PLAYER
        items.append("2P S%d N%d D%d" % (st[t], st[t + 1], st[t + 2]))
        items.append("resign %d agreed %d" % (st[STAT_RESIGNS], st[STAT_AGREED]))
        items.append("Reset stats")
        items.append("Back")
        return items

    def _stats_click(self):
        item = self._stats_items()[self.cursor]
        if item == "Back":
            self._go(MENU)
        elif item == "Reset stats" and self._confirmed("reset", 3):
            self.store.reset_stats()
            self._say("statistics cleared")

    def _replay_items(self):
        items = []
        history = self.store.history
        for n in range(len(history)):
            g = history[len(history) - 1 - n]
            if g.mode == TWO_PLAYERS:
                word = ("S won", "N won", "draw")[g.result] + " 2P"
            else:
                human = 1 - g.mode
                word = (
                    ("draw" if g.result == 2 else ("won" if g.result == human else "lost"))
                    + " "
                    + (LEVEL_NAMES[g.level])
                )
            items.append("%d %s" % (n + 1, word))
        items.append("Back")
        return items

    def _replay_list_click(self):
        history = self.store.history
        if self.cursor >= len(history):
            self._go(MENU)
            return
        g = history[len(history) - 1 - self.cursor]
        self.replay_game = g
        self.replay_board = Board(**g.rules)
        self.replay_cells = list(self.replay_board.cells)
        self.replay_seeds = -1
        self.replay_unit = 0
        self.screen = REPLAY

    def _replay_step(self, delta):
        """Step the replay by `delta` units (turn, sowing or seed), forwards or back."""
        b = self.replay_board
        moves = self.replay_game.moves
        unit = self.replay_unit
        for _ in range(abs(delta)):
            if delta > 0:
                if b.ply >= len(moves) and self.replay_seeds < 0:
                    break
                if unit == 2 and moves[b.ply] != SWAP:
                    path = b.sow_path(moves[b.ply])
                    self.replay_seeds = 1 if self.replay_seeds < 0 else self.replay_seeds + 1
                    if self.replay_seeds >= len(path):
                        b.push(moves[b.ply])
                        self.replay_seeds = -1
                    continue
                if self.replay_seeds >= 0 or unit == 1 or moves[b.ply] == SWAP:
                    b.push(moves[b.ply])
                    self.replay_seeds = -1
                    continue
                side = b.to_move
                b.push(moves[b.ply])
                while b.ply < len(moves) and b.to_move == side and moves[b.ply] != SWAP:
                    b.push(moves[b.ply])
            else:
                if self.replay_seeds >= 0:
                    self.replay_seeds = self.replay_seeds - 1 if unit == 2 and self.replay_seeds > 1 else -1
                    continue
                if b.ply == 0:
                    break
                if unit == 0:
                    target = b.last_turn_start()
                    while b.ply > target:
                        b.pop()
                else:
                    b.pop()
                    if unit == 2 and moves[b.ply] != SWAP:
                        last = len(b.sow_path(moves[b.ply])) - 1
                        self.replay_seeds = last if last > 0 else -1
        # The cells shown: the position, plus the first seeds of a sowing under way.
        cells = self.replay_cells
        for i in range(len(cells)):
            cells[i] = b.cells[i]
        if self.replay_seeds >= 0 and b.ply < len(moves):
            m = moves[b.ply]
            cells[b.pit_index(b.turn, m)] = 0
            for i in b.sow_path(m)[: self.replay_seeds]:
                cells[i] += 1
        self.version += 1

    def _move_lines(self):
        b = self.board
        if b is None:
            return []
        out = []
        n = 0
        for turn in b.turns():
            n += 1
            out.append("%d %s" % (n, "-".join("T" if m == SWAP else str(m) for m in turn)))
        return out or ["(no moves yet)"]
