"""The settings' and statistics' bigger code: their lines, what each setting means, their
actions. In the heap only while one of them is shown (kalaha.flow.screens.RESIDENT).
"""

from kalaha.flow.screens import CONFIRM, MENU, SETTINGS
from kalaha.saved.choices import SETTING_CHOICES
from kalaha.saved.clock import CONTROLS
from kalaha.saved.journal import (
    N_STATS,
    SETTING_KEYS,
    STAT_AGREED,
    STAT_RESIGNS,
    STAT_RING,
    STAT_TWO_PLAYER,
)
from kalaha.search.ai import LEVEL_NAMES

# The settings screen's lines: kalaha.saved.store's SETTING_KEYS in their order, the music (saved
# after them: kalaha.saved.store.LATER_KEYS) after the sound; and each one's label.
SHOWN_KEYS = SETTING_KEYS[:7] + ("music",) + SETTING_KEYS[7:]
SETTING_LABELS = (
    "Seeds",
    "Pits",
    "Empty capture",
    "Alga rule",
    "Swap rule",
    "Hints",
    "Sound",
    "Music",
    "Brightness",
    "Animation",
    "Chess clock",
)
SPEED_NAMES = ("fast", "normal", "slow")
# The tunes' short names (kalaha/tunes.txt names each after its number), on the Music line.
# (one string: short strings are names the device keeps for good, tests/test_build.py)
TUNE_NAMES = "off,Twinkle,Lullaby,Greensleeves,Moonlight,Ode to Joy"
# What each setting means, on the settings screen's bottom line (at most 21 characters); a
# pair: what it means off, and on.
SETTING_NOTES = (
    "seeds in each pit",
    ("pits on each side", "7: knob picks the pit"),  # (seven: more pits than keys)
    ("lone seed stays", "lone seed is stored"),
    ("end: rows to owners", "empty row takes all"),
    "North may swap sides",
    ("keys show no hints", "keys show good moves"),
    "beeps and tones",
    ("5 calm tunes, looped", "game menu: Music off"),
    "keys and display",
    "speed of sowing",
    None,  # (the chess clock: its time, below)
    "sets all counts to 0",
    "",
)


def setting_note(app):
    """The bottom line for the settings' chosen line: what it means (as it is set now)."""
    cursor = app.cursor
    if cursor >= len(SETTING_NOTES):
        return ""
    note = SETTING_NOTES[cursor]
    if note is None:
        _name, base, increment = CONTROLS[app.settings["clock"]]
        if not base:
            return "2 players: no clock"
        return "%d min, +%d s a move" % (base // 60000, increment // 1000)
    if isinstance(note, tuple):
        key = SHOWN_KEYS[cursor]
        value = app.settings[key]
        return note[1 if (value == 7 if key == "pits" else value) else 0]  # (on: seven pits, or set)
    return note


def settings_items(app):
    items = []
    for key, label in zip(SHOWN_KEYS, SETTING_LABELS):
        v = app.settings[key]
        if key == "music":
            v = TUNE_NAMES.split(",")[v]
        elif key == "speed":
            v = SPEED_NAMES[v]
        elif key == "clock":
            v = CONTROLS[v][0]
        elif v is True:
            v = "on"
        elif v is False:
            v = "off"
        items.append(("%s: %s" % (label, v), "next_setting"))
    items.append(("Reset statistics", "reset_stats"))
    items.append(("Back", MENU))
    return items


STATS_MOST = 9999  # (a count shown in a level's row: four digits at most)


def stats_rows(app):
    """Statistics, a line each (at most 20 characters: a scroll mark); the levels' rows under
    their own header, kept on top while they are scrolled (STATS.keep; not over the rows after)."""
    st = app.store.stats
    rows = ["%-6s%4s%5s%5s" % ("level", "won", "drew", "lost")]
    for i in range(len(LEVEL_NAMES)):
        won, drew, lost = (min(st[3 * i + k], STATS_MOST) for k in range(3))
        rows.append("%-6s%4d%5d%5d" % (LEVEL_NAMES[i], won, drew, lost))
    games = sum(st[: 3 * len(LEVEL_NAMES)])
    if games:
        won = sum(st[0 : 3 * len(LEVEL_NAMES) : 3])
        text = "won %d%% of %d game%s" % (100 * won // games, games, "s"[: games - 1])
        rows.append(text if len(text) <= 20 else text[: text.rindex(" ")])  # (a word, not a letter)
    rows.append("win streak: %d" % st[N_STATS - 2])  # (kalaha.saved.store's _STREAK)
    rows.append("best streak: %d" % st[N_STATS - 1])
    # the puzzles' progress (kalaha.saved.store: the streak, the best, then a bit a puzzle solved;
    # clearing the statistics keeps it)
    p = app.store.puzzles
    solved = 0
    for i in range(7, len(p)):
        v = p[i]
        while v:
            solved += v & 1
            v >>= 1
    rows.append("puzzles solved %d" % solved)
    rows.append("  streak %d" % (p[3] | p[4] << 8))
    rows.append("  best streak %d" % (p[5] | p[6] << 8))
    t = STAT_TWO_PLAYER
    rows.append("2 players:")
    rows.append("  South won %5d" % st[t])
    rows.append("  North won %5d" % st[t + 1])
    rows.append("  drawn     %5d" % st[t + 2])
    for players in (3, 4):
        at = STAT_RING + 2 * (players - 3)
        rows.append("%d players: %d" % (players, st[at]))
        rows.append("  a person won %d" % st[at + 1])
    rows.append("resigned %d" % st[STAT_RESIGNS])
    rows.append("draws agreed %d" % st[STAT_AGREED])
    rows.append("(clear: Settings)")
    return rows


# ----- these screens' actions (App.act finds them here while one of them is shown) ----


def reset_stats(app):
    CONFIRM.ask(app, "Clear statistics?", "No, keep them", "Yes, clear them", "clear_stats", SETTINGS)


def clear_stats(app):
    app.store.reset_stats()
    app.say("Statistics cleared")


def next_setting(app):
    key = SHOWN_KEYS[app.cursor]
    choices = SETTING_CHOICES[key]
    i = choices.index(app.settings[key]) if app.settings[key] in choices else -1
    app.settings[key] = choices[(i + 1) % len(choices)]
    if key == "music" and app.settings[key]:
        app.settings["tune"] = app.settings[key]  # (the game menu's Music on plays it again)
    app.store.save_settings(app.settings)
