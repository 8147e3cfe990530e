"""The setup of a game against the computer (kalaha.flow.screens.SETUP): its rows, what their values
mean, their actions. In the heap only while it is shown (kalaha.flow.screens.RESIDENT).
"""

from kalaha.flow.menus import new_game_vs_computer, start_vs_computer  # noqa: F401  (Start game's; its Yes)
from kalaha.flow.screens import MENU
from kalaha.search.ai import LEVEL_NAMES

START_NAMES = ("you", "computer", "alternate")  # (the setting "starts")


def setting_note(app):
    """The bottom line for the chosen row (kalaha.flow.screens.Settings): what the Level and Starts
    rows' values mean; "" on the others (the menu's own)."""
    if app.cursor == 1:
        notes = ("new to Kalaha", "a fair game", "looks ahead", "near perfect")
        return "%s: %s" % (app.level, notes[LEVEL_NAMES.index(app.level)])
    if app.cursor == 2:
        return ("you sow first", "the computer first", "turns each game")[app.settings["starts"]]
    return ""


def setup_items(app):
    return (
        ("Start game", "start_vs_computer"),  # (first: the setup opens on it, a push starts)
        ("Level: " + app.level, "next_level"),
        ("Starts: " + START_NAMES[app.settings["starts"]], "next_starter"),
        ("Back", MENU),
    )


def next_level(app):
    i = (LEVEL_NAMES.index(app.level) + 1) % len(LEVEL_NAMES)
    app.level = LEVEL_NAMES[i]
    app.settings["level"] = i
    app.store.save_settings(app.settings)  # (the setup is remembered, as the settings are)


def next_starter(app):
    app.settings["starts"] = (app.settings["starts"] + 1) % len(START_NAMES)
    app.store.save_settings(app.settings)
