"""The background music: the tunes file against an independent reading of it, the player that
steps through its notes, a damaged file, the setting through a restart, and the screens."""

import io
import os
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playout import Hands

from host.reading import app_lines as lines
from kalaha.flow.app import App
from kalaha.flow.screens import GAME, GAME_MENU
from kalaha.picture.music import TUNES, TUNES_FILE, Music
from kalaha.saved.journal import R_SETTINGS, SETTING_KEYS
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, TUNES_FILE), "rb") as _f:
    TUNES_DATA = _f.read()
LETTERS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
EQUAL_A4 = 440.0


class Listener:
    """What step() needs of the app: the settings, the power, and what it says."""

    def __init__(self, tune):
        self.settings = {"music": tune}
        self.power = 0
        self.said = []

    def say(self, text, ms=1500):
        self.said.append(text)


def oracle(text):
    """The tunes as the file's header says they are written, read by regular expressions (not
    kalaha.picture.music's reader): a list per tune of (Hz as equal temperament gives it, or 0 for a
    rest; ms)."""
    tunes = []
    for line in text.splitlines():
        line = re.sub(r"(^|\s)#.*", "", line)
        for word in line.split():
            if word == "tune":
                tunes.append([None])  # (its unit follows)
                continue
            if tunes[-1][0] is None:
                tunes[-1][0] = int(word)
                continue
            m = re.fullmatch(r"(R|([A-G])([#b]?)([1-7]))(?::(\d+))?", word)
            assert m, word
            units = int(m.group(5) or 1)
            if m.group(1) == "R":
                freq = 0.0
            else:
                semis = LETTERS[m.group(2)] + {"#": 1, "b": -1, "": 0}[m.group(3)] + 12 * int(m.group(4))
                freq = EQUAL_A4 * 2 ** ((semis - 57) / 12)  # (A4 is 4 * 12 + 9)
            tunes[-1].append((freq, units * tunes[-1][0]))
    return [(t[0], t[1:]) for t in tunes]


def run(player, listener, ms, start=0, frame=20):
    """Frames every `frame` ms: [(time, Hz pressed or 0 released)]."""
    out = []
    for now in range(start, start + ms, frame):
        hz = player.step(listener, now)
        assert hz >= -1
        if hz >= 0:
            out.append((now, hz))
    return out


def test_the_file_holds_five_tunes_each_in_the_public_domain_and_in_a_speakers_range():
    tunes = oracle(TUNES_DATA.decode())
    assert len(tunes) == TUNES == 5
    header = [line for line in TUNES_DATA.decode().splitlines() if line.startswith("tune")]
    for line in header:  # each says what it is and why it is free to use
        assert re.search(r"\d{4}|century", line), line
    for unit, notes in tunes:
        assert 100 <= unit <= 400  # calm: no unit shorter than a tenth of a second
        assert 20 <= len(notes) <= 120  # short
        assert all(f == 0 or 300 <= f <= 1400 for f, _ms in notes)  # the MacroPad's small speaker


def test_the_player_plays_every_tune_as_written_and_loops_it():
    for tune, (_unit, notes) in enumerate(oracle(TUNES_DATA.decode()), 1):
        listener = Listener(tune)
        player = Music(io.BytesIO(TUNES_DATA))
        length = sum(ms for _f, ms in notes)
        events = run(player, listener, 2 * length + 3000, frame=10)
        presses = [(t, hz) for t, hz in events if hz]
        sounding = [(f, ms) for f, ms in notes if f]
        # Twice round, every note's pitch within 0.2% of equal temperament (whole Hz), in order.
        assert len(presses) >= 2 * len(sounding), tune
        for (t, hz), (f, _ms) in zip(presses, sounding + sounding):
            assert abs(hz - f) <= max(1, f * 0.002), (tune, t, hz, f)
        # ... each at its time: a note starts when the last note (and rests) ended, looping on.
        first = presses[0][0]
        at = 0
        starts = []
        for f, ms in notes + notes:
            if f:
                starts.append(first + at)
            at += ms
        for (t, _hz), want in zip(presses, starts):
            assert abs(t - want) <= 10, (tune, t, want)
        # ... and each is released before the next starts (a short silence between notes)
        times = [t for t, _hz in events]
        assert times == sorted(times)
        for (t, hz), (t2, hz2) in zip(events, events[1:]):
            if hz:
                assert hz2 == 0 and t2 > t, (tune, t)
        assert listener.said == [] and player.problem == ""


def test_the_music_stops_with_its_setting_and_while_the_device_sleeps():
    listener = Listener(1)
    player = Music(io.BytesIO(TUNES_DATA))
    events = run(player, listener, 3000)
    assert events and events[-1][1] != 0 or len(events) > 2
    # asleep: the note sounding is released, and nothing plays until the device wakes
    listener.power = 2
    was = [hz for _t, hz in run(player, listener, 1000, 3000)]
    assert all(hz == 0 for hz in was) and len(was) <= 1
    listener.power = 0
    assert any(hz for _t, hz in run(player, listener, 3000, 4000))
    listener.settings["music"] = 0
    off = run(player, listener, 3000, 7000)
    assert all(hz == 0 for _t, hz in off) and len(off) <= 1
    # another tune: from its own first note
    listener.settings["music"] = 4
    first = [hz for _t, hz in run(player, listener, 3000, 10000) if hz][0]
    assert first == 523  # (Au clair de la lune: C5)


# (a damaged file, the tunes that find its damage)
DAMAGED = (
    (b"tune 200\nC5 D5 H5\n", (1, 2, 5)),  # no such note
    (b"tune 200\nC5 D9\n", (1, 2, 5)),  # no such octave
    (b"tune 200\nC5:0 D5\n", (1, 2, 5)),  # no length
    (b"tune 200\nC5:17\n", (1, 2, 5)),  # too long
    (b"tune 2\nC5\n", (1, 2, 5)),  # a unit too short
    (b"tune200\nC5\n", (1, 2, 5)),  # no space
    (b"tune 200\n", (1, 2, 5)),  # an empty tune
    (
        b"tune 200\nC5 R:4\ntune 200\n# tune 2 is empty\ntune 200 C5\n",
        (2, 5),
    ),  # ... the second one (tune 1 plays)
    (b"", (1, 2, 5)),  # no tunes at all
    (b"C5 D5 E5\n", (1, 2, 5)),  # notes before any tune: none is found
    (b"\x00\xff\xfe tune", (1, 2, 5)),  # not text
)


def test_a_damaged_file_gives_no_crash_and_silence_and_says_so_once():
    for data, tunes in DAMAGED:
        for tune in tunes:
            listener = Listener(tune)
            player = Music(io.BytesIO(data))
            events = run(player, listener, 6000)
            assert player.problem, (data, tune)
            assert listener.said == [player.problem], (data, tune)
            # what sounded before the damage was read is released, and nothing after
            assert all(hz == 0 for _t, hz in events[1:] if _t > events[0][0] + 2000), (data, tune)
    # no file at all
    listener = Listener(3)
    player = Music(None)
    assert run(player, listener, 1000) == [] and listener.said == ["no music file"]
    # a tune damaged after its first notes: read whole before it plays, so none of it sounds
    listener = Listener(1)
    player = Music(io.BytesIO(b"tune 100\nC5 E5 G5 X5\n"))
    assert run(player, listener, 2000) == [] and listener.said == ["music file damaged"]
    # a path: opened to read the tune, then closed; a path with no file is said
    listener = Listener(2)
    player = Music(os.path.join(ROOT, TUNES_FILE))
    assert [hz for _t, hz in run(player, listener, 3000) if hz][:3] == [659, 659, 784]
    assert player.reading is None and listener.said == []
    listener = Listener(2)
    player = Music(os.path.join(ROOT, "no-such-file.txt"))
    assert run(player, listener, 1000) == [] and listener.said == ["no music file"]


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=120), st.integers(1, TUNES))
def test_any_bytes_as_the_tunes_file_never_crash(data, tune):
    listener = Listener(tune)
    player = Music(io.BytesIO(b"tune 100\n" + data))
    for _t, hz in run(player, listener, 3000):
        assert hz == 0 or 16 <= hz <= 8000
    assert len(listener.said) <= 1


# ----- the setting: the screens, the game menu, and a restart ----------------------------------


def restarted(app):
    """The app a power cut and a restart give: a new app from the saved flash."""
    return App(store=Store(MemoryFlash(app.store.flash.read())))


def test_music_is_off_by_default_and_its_setting_survives_a_restart():
    a = App(store=Store(MemoryFlash()), welcome=False)
    assert a.settings["music"] == 0
    hands = Hands(a)
    hands.choose("Settings")
    for _ in range(8):
        a.turn(1)
        hands.frames()
        if "> Music: off" in lines(a):
            break
    assert "> Music: off" in lines(a) and lines(a)[-1].strip() == "5 calm tunes, looped", lines(a)
    hands.choose("Music")
    # read back from the frame: the line and what it means on the bottom line
    assert "> Music: Twinkle" in lines(a) and lines(a)[-1].strip() == "game menu: Music off"
    hands.choose("Music")
    hands.choose("Music")
    assert "> Music: Greensleeves" in lines(a)
    b = restarted(a)
    assert b.settings["music"] == 3 and b.settings["tune"] == 3 and b.store.message == ""
    # round to off: off after a restart too, and the tune the game menu turns on is kept
    for _ in range(3):
        hands.choose("Music")
    assert "> Music: off" in lines(a) and lines(a)[-1].strip() == "5 calm tunes, looped"
    b = restarted(a)
    assert b.settings["music"] == 0 and b.settings["tune"] == 5


def test_the_tunes_have_the_names_the_tunes_file_gives_them():
    # Settings' Music line names the tune (issue 47: "Music: 1..5" said nothing), as tunes.txt
    # names each after its number; every name fits the line (tests/test_fits.py cycles them).
    from kalaha.flow.records import TUNE_NAMES as NAMES

    TUNE_NAMES = NAMES.split(",")

    with open(os.path.join(ROOT, TUNES_FILE)) as f:
        named = re.findall(r"^tune \d+ +# (\d): ([^:]+):", f.read(), re.M)
    assert [(str(i), name) for i, name in enumerate(TUNE_NAMES[1:], 1)] == named
    # (a menu row: kalaha.picture.draw.LIST_CHARS)
    assert all(len("Music: " + name) <= 20 for name in TUNE_NAMES)


def test_the_game_menu_switches_the_music_on_and_off_through_a_restart():
    a = App(store=Store(MemoryFlash()), welcome=False, settings={"tune": 2})
    hands = Hands(a)
    hands.choose("Two players")
    assert a.screen == GAME
    a.click()
    assert a.screen == GAME_MENU
    hands.choose("Music on")
    assert a.settings["music"] == 2 and a.screen == GAME_MENU
    assert any("Music off" in line for line in lines(a)), lines(a)
    b = restarted(a)
    assert b.settings["music"] == 2
    hands.choose("Music off")
    assert a.settings["music"] == 0 and any("Music on" in line for line in lines(a))
    b = restarted(a)
    assert b.settings["music"] == 0 and b.settings["tune"] == 2
    # the game itself is untouched
    assert b.store.current is not None and b.store.current.moves == []


def test_the_rings_game_menu_has_the_switch_too():
    a = App(store=Store(MemoryFlash()), welcome=False)
    hands = Hands(a)
    hands.choose("3-4 players")
    hands.choose("Start")
    a.click()
    hands.choose("Music on")
    assert a.settings["music"] == 1 and any("Music off" in line for line in lines(a))


def test_the_help_names_the_switch():
    from kalaha.picture.howto import PAGES

    music = [p for p in PAGES if p.startswith("Music\n")]
    assert len(music) == 1 and "Music off" in music[0] and "game" in music[0] and "Settings" in music[0]


def test_an_old_save_starts_with_the_music_off_and_a_damaged_music_byte_is_refused():
    a = App(store=Store(MemoryFlash()), welcome=False, settings={"music": 4, "tune": 4})
    a.store.save_settings(a.settings)  # (the first save writes a snapshot, the next a record)
    a.settings["music"] = a.settings["tune"] = 5
    a.store.save_settings(a.settings)
    assert restarted(a).settings["music"] == 5
    image = bytearray(a.store.flash.read())
    # the settings record of a save from before the music: its last two bytes cut off
    from kalaha.saved.journal import HEADER, put_crc

    at = _last_record(image, R_SETTINGS)
    n = image[at + 1] | image[at + 2] << 8
    old = bytearray(image)
    old[at + 1] = n - 2
    old[at + 3 + n - 2 : at + 3 + n + 4] = b"\xff" * 6
    put_crc(old, at, at + 3 + n - 2)
    b = App(store=Store(MemoryFlash(bytes(old))))
    assert b.settings["music"] == 0 and b.settings["tune"] == 1 and b.store.message == ""
    assert b.settings["level"] == a.settings["level"]  # (the choices before it are kept)
    # a music byte out of its range: the record is damage (the snapshot before it stays)
    bad = bytearray(image)
    bad[at + 3 + n - 2] = 9
    put_crc(bad, at, at + 3 + n)
    c = App(store=Store(MemoryFlash(bytes(bad))))
    assert c.settings["music"] == 4 and c.store.message == "Part lost: rest kept"
    assert HEADER == 3 and len(SETTING_KEYS) == 10


def _last_record(image, kind):
    """The offset of the journal's last record of `kind`."""
    at = 3
    last = -1
    while image[at] != 0xFF:
        if image[at] == kind:
            last = at
        at += 3 + (image[at + 1] | image[at + 2] << 8) + 4
    assert last >= 0
    return last


# ----- the front ends: the same notes ------------------------------------------------------------


def test_the_simulator_and_the_web_page_play_the_devices_notes(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from host.desktop import Simulator
    from host.web import Web

    sim = Simulator(True)
    web = Web()
    listener = Listener(2)
    player = Music(io.BytesIO(TUNES_DATA))
    sim.app.settings["music"] = web.app.settings["music"] = 2
    notes = []
    for frame in range(1, 400):
        now = frame * 20
        sim.step()
        web.tick(now)
        hz = web.music()
        if hz:
            notes.append((now, int(hz)))
        want = player.step(listener, now)
        assert (sim.speaker.played[-1] if sim.speaker.played else None) == (
            (now, want) if want >= 0 else (sim.speaker.played[-1] if sim.speaker.played else None)
        )
    assert [n for n in notes if n[1]] and notes == sim.speaker.played
    assert sim.speaker.mixer is True  # (the dummy driver: a mixer that plays nowhere)
    sim.app.settings["music"] = web.app.settings["music"] = 0
    sim.step()
    web.tick(400 * 20)
    web.music()
    assert sim.speaker.player is None and web.player is None


# ----- the MacroPad: the drive's modules, imported while the music plays -------------------------

SOUND_SCRIPT = """
import sys
from hw.macropad import Sound


class App:
    power = 0

    def __init__(self):
        self.settings = {"sound": 1, "music": 0, "tune": 2}
        self.sounds = []
        self.said = []

    def say(self, text, ms=1500):
        self.said.append(text)


def music_modules():
    return sorted(k for k in sys.modules if "music" in k or "tuneread" in k)


app = App()
sound = Sound()
before = music_modules()
pressed = []
seen = set()
for now in range(0, 8000, 20):
    if now == 1000:
        app.settings["music"] = 2
    if now == 6000:
        app.settings["music"] = 0
    sound.play(app, now)
    seen.update(music_modules())
    notes = sound.synth.pressed
    hz = int(notes[0].frequency) if notes else 0
    if not pressed or pressed[-1][1] != hz:
        pressed.append((now, hz))
print("before", before)
print("seen", sorted(seen))
print("after", music_modules())
print("notes", [hz for _t, hz in pressed if hz][:4], pressed[-1][1], app.said)
"""


@pytest.mark.device  # (MicroPython's VM)
def test_the_macropad_imports_the_music_while_it_plays_and_lets_it_go(tmp_path):
    # In MicroPython's VM with the hardware's stand-ins: the drive's music modules are imported
    # when the music is switched on and let go when it is switched off; tune 2's notes play.
    from vm import run_vm

    from tools import micropython

    # (hw.macropad's imports need neopixel's name only; run where kalaha/tunes.txt is, as
    # code.py runs at the drive's root)
    (tmp_path / "neopixel.py").write_text("NeoPixel = None\n")
    status, text, err = run_vm(
        SOUND_SCRIPT,
        path=(ROOT, "/standins", "/lib"),
        copy=micropython.checkout("kalaha", "hw")
        + [(micropython.STANDINS, "/standins"), (str(tmp_path / "neopixel.py"), "/lib/neopixel.py")],
    )
    assert status == 0, text + err
    out = dict(line.split(" ", 1) for line in text.strip().splitlines())
    taken = ["hw.music", "kalaha.picture.music", "kalaha.picture.tuneread"]
    assert out["before"] == out["after"] == "[]"
    assert out["seen"] == str(taken)
    # tune 2's first three notes (E5 E5 G5), released when switched off
    assert out["notes"] == "[659, 659, 784, 659] 0 []"


def test_forget_lets_a_module_go(monkeypatch):
    import sys
    import types

    import kalaha
    from kalaha.compat import forget

    own = types.ModuleType("kalaha.x_own")
    monkeypatch.setitem(sys.modules, "kalaha.x_own", own)
    kalaha.x_own = own  # (forget takes it away)
    forget("kalaha.x_own")
    assert "kalaha.x_own" not in sys.modules and not hasattr(kalaha, "x_own")
