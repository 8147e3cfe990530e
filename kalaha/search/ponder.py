"""Pondering: while the player chooses, the computer predicts their turn and searches its reply
to it, so a turn it foresaw is answered sooner, with the move it would have found anyway.

Imported for the first game against a level that ponders (kalaha.search.thinking).
"""

from kalaha.compat import const

# The player's turn is predicted at Strong's budget; a sharper prediction would spend the time
# the reply needs.
PREDICT_LEVEL = "strong"
_IDLE = const(0)
_PREDICT = const(1)  # the search predicts the player's turn (board: where they move)
_REPLY = const(2)  # the search is the computer's, on the position the prediction leads to


class Ponder:
    """The pondering of one kalaha.search.thinking.Thinker, with its search: the prediction, then the
    reply, each begun as the thinker begins a turn's search (Thinker.start_search)."""

    def __init__(self, thinker):
        self.thinker = thinker
        self.state = _IDLE
        self.board = None  # where the player moves (_PREDICT), the position foreseen (_REPLY)
        self.start = 0  # the ply the player's turn begins at
        self.game = None  # the game pondered for: (level, seed, endgame table)
        self.version = -1  # ... and its version (kalaha.flow.game.Game.version)

    def turn(self, board, level, seed, version):
        """The player is to move on `board` (the game's `version`) against `level` (one that
        ponders: kalaha.search.thinking.PONDER_LEVELS): predict their turn (the search's best line for
        them), then search the computer's reply to it exactly as the thinker's start_move would
        begin it. A new version begins anew, unless the player's sowing follows the predicted
        line (an extra turn on the way)."""
        if version == self.version:
            return
        self.version = version
        if self.state == _REPLY and self._on_line(board):
            return
        self.state = _IDLE
        self.board = None
        th = self.thinker
        table = th.endgame
        if table is not None and (not th.endgame_checked or table.applies(board)):
            return  # (not before the table is checked; where it applies the reply is quick)
        self.board = board.copy()
        self.start = board.ply
        self.game = (level, seed, table)
        self.state = _PREDICT
        th.start_search(self.board, PREDICT_LEVEL, seed)

    def _on_line(self, board):
        """True when `board` is on the way to the position foreseen: the player's turn so far
        is its beginning (they sowed the predicted pits, and an extra turn goes on)."""
        end = self.board
        if not self.start <= board.ply < end.ply or board.to_move != end.mover_of(end.ply - 1):
            return False
        for ply in range(self.start, board.ply):
            if board.moves_at(ply) != end.moves_at(ply):
                return False
        return True

    def predicted(self):
        """The player's turn foreseen (its pits), once the reply is searched, else ()."""
        if self.state != _REPLY:
            return ()
        b = self.board
        return tuple(b.moves_at(ply) for ply in range(self.start, b.ply))

    def busy(self):
        """True while there is work to do."""
        return self.state != _IDLE and not self.thinker.search.done

    def slices(self):
        """This frame's share: the prediction, then the computer's search."""
        th = self.thinker
        s = th.search
        if self.state == _REPLY:
            th.slices(s)
            return
        if self.state != _PREDICT or not th.slices(s):
            return
        # The prediction is made: follow its line through the player's extra turns.
        b = self.board
        side = b.to_move
        ply = b.ply
        pit = s.best_pit
        while pit and b.is_legal(pit):
            b.push(pit)
            if b.to_move != side:
                break
            pit = s.continuation(b)
        level, seed, table = self.game
        if b.ply == ply or b.to_move is None or (table is not None and table.applies(b)):
            self.state = _IDLE  # (no line; the game ends; or the table's decision is quick)
        elif b.to_move == side:
            th.start_search(b, PREDICT_LEVEL, seed)  # (the line ends in an extra turn: the rest)
        else:
            self.state = _REPLY
            th.start_search(b, level, seed)

    def hit(self, board, level, seed):
        """The nodes made on the player's time when the reply searched is `board`'s turn, a new
        one, begun as the thinker's start_move would (its search goes on), else 0."""
        b = self.board
        th = self.thinker
        foreseen = (
            self.state == _REPLY
            and self.game == (level, seed, th.endgame)
            and b.ply == board.ply
            and b.to_move == board.to_move
            and b.cells == board.cells
        )
        self.stop()
        return th.search.nodes if foreseen else 0

    def stop(self):
        """Stop (the search is the thinker's again); a new turn() begins anew."""
        self.state = _IDLE
        self.board = None
        self.version = -1
