"""The coach at the end of a game: where the player left the perfect line, from the endgame table.

Run on the result screen of a game against the computer (kalaha.flow.app), in slices.
"""

from kalaha.rules.board import SWAP, Board
from kalaha.search.endgame import RootDecision


class Coach:
    """Replays a finished game and values `side`'s sowings where the table covers them.

    One unit of work a step (a sowing replayed, or one probe of a root decision): the app runs
    it in slices on the result screen, so a long endgame never makes one long frame. Like
    kalaha.search.ai.Search: step() until it returns True, then read count, slip_turn, cost and seen.
    """

    def __init__(self, table, board, side):
        self.table = table
        self.side = side
        self.game = board  # read ply by ply (no list of its moves: the result screen's heap)
        # The game replayed on a new board, with room for its plies only (the result's heap).
        self.board = Board(history=board.ply, **board.rules())
        self.ply = 0
        self.turn = 0  # the turn of the ply being valued, as the move list counts them
        self.root = None  # the decision at the current ply, while it is being valued
        self.count = self.slip_turn = self.cost = self.seen = 0
        self.done = board.ply == 0

    def step(self, _budget=1):
        """One unit of work; True once the whole game is replayed. Raises what a probe raises."""
        if self.done:
            return True
        b = self.board
        game = self.game
        k = self.ply
        move = game.moves_at(k)
        if self.root is None:
            if game.starts_turn(k):
                self.turn += 1
            if b.to_move == self.side and move != SWAP and self.table.applies(b):
                self.root = RootDecision(self.table, b)
                self.seen += 1
                return False
        else:
            if not self.root.step():
                return False
            loss = self.root.margin - self.root.values[move]
            self.root = None
            if loss > 0:
                self.count += 1
                self.slip_turn = self.turn
                self.cost = loss
        b.push(move)
        self.ply += 1
        self.done = self.ply >= game.ply
        return self.done

    def words(self, thinker):
        """This frame's share of the work (`thinker`'s slices, kalaha.search.thinking): its verdict
        once finished (and the coach let go), else None."""
        try:
            if not thinker.slices(self):
                return None
        except (OSError, ValueError):  # the table failed: no words, and play on without it
            thinker.drop_coach()
            thinker.drop_table()
            return ""
        thinker.drop_coach()
        if self.count:
            # plain words (docs/playing.md): "Turn 25 lost 8 seeds", "Turn 3 lost 1 seed"
            n = self.cost
            return "Turn %d lost %d seed%s" % (self.slip_turn, n, "s"[: n - 1])
        return "Best play to the end" if self.seen else ""


def mistakes(table, board, side):
    """Where `side` left the perfect line in the part of the game the table covers.

    Returns (count, turn, cost, seen): how many of its sowings lost margin, the number of the
    turn of the last one (as the move list counts them), the seeds it cost, and how many of
    its sowings the table covered.
    """
    coach = Coach(table, board, side)
    while not coach.step():
        pass
    return coach.count, coach.slip_turn, coach.cost, coach.seen
