"""Every string on every screen fits its line (tests/fits.py reads each back as it is drawn):
every menu, setup and settings line with every value, the help, the statistics at their
largest, the replay list full, and whole sessions of games with the longest names and numbers."""

import random

from fits import TextCheck
from monkey import Session, check, finished_games

from host.reading import app_lines as lines
from kalaha.flow.app import App
from kalaha.saved.journal import HISTORY, N_STATS
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store

# Words a player does not know (issue 33): none of them on any screen.
JARGON = ("2P", "(cpu)", "cpu", "endgame table", "Table", "Alga rule:")
# ... and words no one taught (issue 47): the coach's, the About page's, damaged data's.
JARGON += ("Slip", "Endgame:", "bytecode", "machine code", "wrong size", "unknown data", ": reset")


def jargon(texts):
    return sorted(
        t for t in texts for word in JARGON if word in t and not t.lstrip().startswith("Alga rule: o")
    )


def cycle_every_line(app, frames, limit=40):
    """Each line of the menu shown, pushed until its value comes round again (the settings,
    the setups): every value of every line drawn with its note."""
    seen = set()
    for _ in range(limit):
        chosen = next((ln for ln in lines(app) if ln.startswith("> ")), None)
        if chosen is None or chosen in seen or chosen.startswith("> Back") or chosen.startswith("> Start"):
            break
        seen.add(chosen)
        if not chosen.startswith("> Reset"):
            for _ in range(6):
                app.click()
                frames()
        app.turn(1)
        frames()


def test_every_menu_line_value_page_and_list_fits():
    store = Store(MemoryFlash(finished_games(1)))
    for _ in range(HISTORY):  # the replay list full: finished games of every kind
        again = Store(MemoryFlash(finished_games(len(store.history))))
        for i in range(len(again.history)):
            store.history.append(again.history[i])
    while len(store.history) > HISTORY:
        store.history.drop_oldest()
    for i in range(N_STATS):
        store.stats[i] = 65535  # (every counter at its largest)
    app = App(store=store, welcome=False)
    now = [0]

    def frames(n=1):
        for _ in range(n):
            now[0] += 20
            app.tick(now[0])

    def choose(label):
        for _ in range(HISTORY + 10):
            if any(ln.startswith("> " + label) for ln in lines(app)):
                app.click()
                frames()
                return
            app.turn(1)
            frames()
        raise AssertionError("no %r in %r" % (label, lines(app)))

    with TextCheck() as texts:
        frames()
        for label in ("Settings", "3-4 players", "Play computer"):
            choose(label)
            cycle_every_line(app, frames)
            choose("Back")
        from kalaha.picture.howto import PAGES as HELP_PAGES

        for label, turns in (("Statistics", 40), ("Replay", 25), ("How to play", len(HELP_PAGES))):
            choose(label)
            for _ in range(turns):
                app.turn(1)
                frames()
            app.click()  # (the replay list: its last game; a push back from the others)
            frames()
            if label == "Replay":
                app.click()
                frames()
                choose("Back")
        # every kind of finished game replayed, turn by turn to its end
        for row in range(4):
            choose("Replay")
            app.turn(row)
            frames()
            app.click()
            frames()
            for _ in range(200):
                app.turn(1)
                frames()
            app.click()
            frames()
            choose("Back")
        assert texts.seen and not jargon(texts.seen), jargon(texts.seen)
        assert not texts.take()


def test_whole_sessions_with_the_longest_names_and_numbers_fit():
    # Four players (Violet, Orange: the longest names) of six pits with a move time; two players
    # with a chess clock, the swap and 6 x 6 seeds; the computer at every level.
    with TextCheck() as texts:
        for n, goal in enumerate(("ring", "two", "computer", "ring", "two", "computer")):
            s = Session(700 + n, None, events=150, goal=goal)
            st = s.app.settings
            st.update(seeds=6, pits=6, swap=True, clock=4, ring_players=4, ring_pits=6, ring_limit=2)
            st.update(ring_computers=random.Random(n).choice((0, 6, 10)), ring_level=n % 3)
            s.run(check)
            cuts = texts.take()
            assert not cuts, (s.seed, cuts)
        assert not jargon(texts.seen), jargon(texts.seen)


def test_the_check_notes_a_word_cut_off():
    app = App(welcome=False)
    app.tick(0)
    with TextCheck() as texts:
        app.say("a message far too long for its line")
        app.render()
        assert texts.take()
        app.say("fits")
        app.render()
        assert not texts.take()


class _Root:
    """The endgame table's decision as kalaha.search.hint reads it: the best pit, the margin after it."""

    def __init__(self, pit, margin):
        self.best_pit = pit
        self.margin = margin


class _Thinker:
    """What kalaha.search.hint.found asks of the thinker when the table's decision is made."""

    def __init__(self, root):
        self.root = root
        self.hinting = True
        self.hint_pit = 0  # (not the opening book's)

    def root_made(self):
        return True


def test_the_hints_words_fit_the_board_for_every_pit_and_margin():
    from drivers import Driver, start_vs_computer

    from kalaha.search import hint

    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    with TextCheck() as texts:
        # The check sees a digit fall off the panel's second line (the words before issue 47).
        a.say("your pit 6 loses by 18")
        a.render()
        assert texts.take()
        said = set()
        for pit in range(1, 7):
            for margin in range(-48, 49):
                _pit, words = hint.found(_Thinker(_Root(pit, margin)), a.game.board)
                said.add(words)
                a.say(words)
                a.render()
        assert not texts.take()
    assert "best: S6. lose by 18" in said and "best: S1. a draw" in said and "best: S3. win by 48" in said


def test_the_check_sees_a_title_too_long_for_its_line():
    from kalaha.picture.draw import title_line
    from kalaha.picture.frame import Frame

    frame = Frame()
    with TextCheck() as texts:
        title_line(frame, "Store and capture 2/12")
        assert texts.take()
        title_line(frame, "Store & capture 2/12")
        assert not texts.take()
