"""A game in progress: the board, who plays which side, the chess clock, the last turn's record,
every sowing saved as it is made; and one sowing shown seed by seed.

Pure logic: the app (kalaha.flow.app) feeds it the player's and the computer's moves and draws it.
"""

import kalaha.flow.sides as sides
from kalaha.compat import const
from kalaha.picture.view import SIDE_TITLES
from kalaha.rules.board import DRAW, END_EMPTY, NORTH, SOUTH

END_WORDS = ("", "", " (agreed)", " on time")  # (a resignation says who resigned: Game.end)
_RESIGNED = const(1)  # (kalaha.rules.board.END_RESIGN)
_SAVE_S = const(5)  # a running clock is saved every 5 s: a power cut gives back no more
HANDOVER_MS = const(900)  # two players: the sowing's end shown to its player before the device turns
PASSED_HOLD_MS = const(700)  # ... then no input this long: the last player's keys are not the next's
CLOCK_TICK = const(2)  # (Game.clock_tick: the last seconds tick)


class Game:
    """The game being played, saved move by move in `store` (kalaha.saved.store.Store).

    One object for the app's life: each game begins in it (kalaha.flow.menus.begin_game).
    """

    def __init__(self, store):
        self.store = store
        self.board = None  # kalaha.rules.board.Board, None before the first game
        self.computer = None  # the side the computer plays, None for two players
        self.clock = None  # kalaha.saved.clock.ChessClock in timed two-player games
        self.version = 0  # bumped on every change of the board, so what is worked out for one stays true
        # Two players: the side the device faces. It turns to the next player only after the
        # sowing has been shown to the one who made it (HANDOVER_MS), so cause comes before effect.
        self.facing = SOUTH
        self.handover_at = 0  # when the device turns (0: not turning)
        self.draw_offer = -1  # the side offering a draw (two players), -1 for none
        self.end_reason = END_EMPTY  # why it ends when the board alone does not say (resign, time)
        self.end_result = DRAW
        self.result_text = ""  # "You win!", "North wins on time"
        # What kind of game it is, as hooks the flow asks (kalaha.flow.sides: two sides, a key a pit;
        # kalaha.flow.seven, seven pits a side; kalaha.flow.ringplay, 3-4 seats; a
        # kalaha.flow.puzzles.Puzzle).
        # Chosen when a game begins (kalaha.flow.menus.begin_game, kalaha.flow.ringplay.show_game,
        # kalaha.flow.puzzles.play); the main menu gives it back to kalaha.flow.sides (App.go).
        self.mode = sides
        self.last_second = -1  # the running clock's last whole second (its tick in the last ten)
        self.forget_last_turn()

    def forget_last_turn(self):
        self.last_turn = ""  # the last turn's sowings, "6-2" ("T": the swap)
        self.last_mover = -1  # ... made by this side (-1: none yet)
        self.last_from = -1  # the cell its last sowing began from, and ended in (until the next move)
        self.last_end = -1

    # ----- who is who ---------------------------------------------------------------------

    @property
    def viewer(self):
        """The side holding the device: its pits are the bottom keys."""
        if self.computer is not None:
            return 1 - self.computer
        return self.facing  # two players: it turns after each handover (hand_over)

    def human_to_move(self):
        b = self.board
        if b is None or b.to_move is None or b.to_move == self.computer:
            return False
        is_computer = getattr(self.mode, "is_computer", None)
        return is_computer is None or not is_computer(b.to_move)

    def side_name(self, side):
        """Who plays `side`: "You" and "Computer" against the computer, else the side's name."""
        if self.computer is None:
            return self.mode.names[side]
        return "Computer" if side == self.computer else "You"

    def face_mover(self):
        """Face the side to move at once (a new game, undo, a resumed game)."""
        self.handover_at = 0
        b = self.board
        if b is not None and b.to_move is not None:
            self.facing = b.to_move

    def hand_over(self):
        """Two players: turn to the side to move; True if the device turned."""
        self.handover_at = 0
        b = self.board
        if b.to_move is not None and self.facing != b.to_move:
            self.facing = b.to_move
            return True
        return False

    # ----- moves ----------------------------------------------------------------------------

    def sow(self, pit, now):
        """Play `pit` for the side to move, note it as (part of) the last turn, and save it."""
        b = self.board
        side = b.to_move
        # A new turn unless the same side sowed last (an extra turn's next sowing).
        if b.ply and b.mover_of(b.ply - 1) == side and self.last_turn and b.moves_at(b.ply - 1) != 0:
            self.last_turn += "-%d" % pit
        else:
            self.last_turn = "%d" % pit
        self.last_mover = side
        self.last_from = b.pit_index(side, pit)
        b.push(pit)
        self.last_end = b.last_index
        self.version += 1
        self.save_move(pit, now)

    def save_move(self, move, now):
        """Save every sowing as it happens: a power cut loses at most the one being made."""
        if not getattr(self.mode, "saves", True):
            return  # (a puzzle's turn is no game's: its try is saved, kalaha.flow.puzzles)
        b = self.board
        c = self.clock
        clocks = None
        if c is not None:
            c.switch(b.to_move if b.to_move is not None else -1, now)
            clocks = (max(0, c.left(SOUTH, now)), max(0, c.left(NORTH, now)))
        self.store.move(move, clocks)

    # ----- the clock and the end ------------------------------------------------------------

    def clock_tick(self, now):
        """The side whose time ran out; else CLOCK_TICK once a second in the running clock's
        last ten seconds (the device ticks); else -1."""
        c = self.clock
        b = self.board
        if c is None or c.running < 0 or b is None or b.to_move is None:
            return -1
        side = c.flagged(now)
        if side >= 0:
            return side
        left = c.left(c.running, now)
        second = left // 1000
        if second == self.last_second:
            return -1
        self.last_second = second
        from kalaha.saved.clock import WARN_MS, save  # (a clocked game has it loaded: App.go)

        if second % _SAVE_S == 0:
            save(self, now)  # (a power cut gives back no more of this turn's time)
        return CLOCK_TICK if left < WARN_MS else -1

    def end(self, now):
        """The game has ended: its result worked out, its words, saved. The winner, or None."""
        o = self.board.outcome()
        end = self.end_reason
        result = o.code if o is not None and end == END_EMPTY else self.end_result
        self.end_result = result
        self.end_reason = END_EMPTY
        if self.clock is not None:
            self.clock.stop(now)
        words = getattr(self.mode, "result_words", None)
        if words is not None:
            self.result_text = words(self.board)  # (a ring's places: kalaha.rules.ring)
            self.store.end_game(result, end)
            return None
        winner = None if result == DRAW else result
        if winner is None:
            text = "Draw"
        elif self.computer is None:
            text = "%s wins" % SIDE_TITLES[winner]
        else:
            text = "You win!" if winner != self.computer else "Computer wins"
        if end == _RESIGNED:
            text = "%s resigned" % ("You" if self.computer is not None else SIDE_TITLES[1 - winner])
        self.result_text = text + END_WORDS[end]
        self.store.end_game(result, end)
        return winner


class Sowing:
    """One sowing shown seed by seed: the cells as shown, and the path of its seeds."""

    def __init__(self):
        self.path = None  # the cells its seeds fall in, in order; None when no sowing shows
        self.pos = 0  # seeds fallen so far
        self.next = 0  # when the next one falls
        self.cells = None  # the cells as shown
        self.side = SOUTH  # who sows

    def start(self, board, pit, now, ms):
        """Show `pit` sown on `board` (before it is pushed): the pit emptied for one step first,
        so the frame that sows and saves is not also the first seed's."""
        side = board.to_move
        self.cells = list(board.cells)
        self.cells[board.pit_index(side, pit)] = 0
        self.path = board.sow_path(pit)
        self.side = side
        self.pos = 0
        self.next = now + ms

    def step(self, ms):
        """Drop the next seed; False once all have fallen."""
        path = self.path
        if self.pos >= len(path):
            return False
        self.cells[path[self.pos]] += 1
        self.pos += 1
        self.next += ms
        return True
