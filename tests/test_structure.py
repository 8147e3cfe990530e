"""The package's shape: the app's parts in objects of their own that a newcomer finds by name
(its layers and import circles: tests/test_layers.py)."""

import pytest


@pytest.mark.parametrize(
    "module, name",
    [
        ("kalaha.game", "Game"),  # the game in progress: board, clock, last turn, the end
        ("kalaha.game", "Sowing"),  # one sowing shown seed by seed
        ("kalaha.thinking", "Thinker"),  # the computer's thinking in slices
        ("kalaha.view", "View"),  # the drawing
    ],
)
def test_the_apps_parts_are_objects_of_their_own(module, name):
    from kalaha.app import App

    cls = getattr(__import__(module, None, None, (name,)), name)
    app = App()
    assert any(isinstance(value, cls) for value in vars(app).values())
    assert not issubclass(App, cls)
