"""Background music: the tune chosen, read a line a frame from a small text file (TUNES_FILE)
into a bytearray, the file then closed; stepped by the clock. Pure: a front end presses the Hz.

The file: `tune MS` starts a tune (MS: its unit in ms); then notes `C5`, `F#4`, `Bb4` or `R`
(a rest), each optionally `:N` units long (1-16, else 1); `#` at a word's start comments out
the rest of its line. Imported only while music is on: with it off the game pays no heap for it.
"""

from kalaha.compat import const

TUNES_FILE = "kalaha/tunes.txt"  # on the drive, beside the game's code
TUNES = const(5)
# Octave 8's twelve notes in Hz (C8 4186 ... B8 7902): a lower octave halves them, rounded.
_OCTAVE8 = (4186, 4435, 4699, 4978, 5274, 5588, 5920, 6272, 6645, 7040, 7459, 7902)
_SEMITONE = (9, 11, 0, 2, 4, 5, 7)  # the letters A..G from C
_NOTES = const(128)  # a tune's notes at most (two bytes each: its note, its units)
_LINE = const(160)  # a line's bytes at most
_LATE_MS = const(200)  # a note this late starts now: the tune does not hurry to catch up


def open_music(path=TUNES_FILE):
    """A Music of the tunes file at `path` (opened while a tune is read, else closed)."""
    return Music(path)


def hz(note):
    """The frequency of `note` (octave * 12 + semitone from C; C4 is 48) in whole Hz."""
    shift = 8 - note // 12
    return (_OCTAVE8[note % 12] + (1 << shift >> 1)) >> shift


def _number(word, low, high):
    if not word.isdigit() or not low <= int(word) <= high:
        raise ValueError("number")
    return int(word)


class Music:
    """The tune chosen in the settings, looped; step() says when to press or release a note.

    `file`: the tunes file's path (opened to read a tune, then closed), an open binary file
    (sought to its start instead), or None: the music stays silent and the game says so once.
    """

    def __init__(self, file):
        self.file = file
        self.notes = bytearray(2 * _NOTES)  # the tune's (note or 0 for a rest, units), in order
        self.count = 0  # notes read
        self.reading = None  # the file while the tune is read from it
        self.found = 0  # tunes passed while reading, up to the one chosen
        self.unit = 0  # the tune's ms per unit
        self.tune = 0  # the tune chosen (1..TUNES), 0: none
        self.at = -1  # the next note's index, -1 while the tune is read
        self.next_at = 0  # the next note starts then
        self.off_at = -1  # the note sounding is released then, -1: none sounds
        self.problem = "" if file is not None else "no music file"
        self.told = False  # the problem was said

    def step(self, app, now):
        """The frequency (Hz) to press now, 0 to release the note sounding, -1 for no change.
        The tune is app.settings["music"] (0: off), none while the device sleeps."""
        tune = app.settings["music"] if app.power < 2 else 0
        if tune != self.tune:
            self.tune = tune
            self._stop_reading()
            self.found = self.count = 0
            self.at = -1
            return self._silence()
        if not tune:
            return -1
        if self.problem:
            if not self.told:
                self.told = True
                app.say(self.problem, 3000)
            return self._silence()
        if self.off_at >= 0 and now >= self.off_at:
            self.off_at = -1
            return 0
        if self.at < 0:
            try:
                self._read_line()
            except (ValueError, OSError):
                self._stop_reading()
                self.problem = self.problem or "music file damaged"
            self.next_at = now
            return -1
        if now < self.next_at:
            return -1
        i = self.at
        self.at = (i + 2) % (2 * self.count)
        start = self.next_at if now - self.next_at < _LATE_MS else now
        ms = self.notes[i + 1] * self.unit
        self.next_at = start + ms
        if not self.notes[i]:
            return -1  # a rest
        self.off_at = self.next_at - (ms >> 3)  # a short silence between notes
        return hz(self.notes[i])

    def close(self):
        self._stop_reading()

    def _silence(self):
        if self.off_at >= 0:
            self.off_at = -1
            return 0
        return -1

    def _stop_reading(self):
        f = self.reading
        self.reading = None
        if f is not None and f is not self.file:
            f.close()

    def _read_line(self):
        """One line of the file: the tunes before the one chosen passed, its notes kept. At its
        end (the next tune's start or the file's) it plays from its first note."""
        f = self.reading
        if f is None:
            f = self.file
            if f.__class__ is str:
                try:
                    f = open(f, "rb")
                except OSError:
                    self.problem = "no music file"
                    raise
            else:
                f.seek(0)
            self.reading = f
        line = f.readline(_LINE)
        if len(line) == _LINE:
            raise ValueError("line")
        words = line.split()
        i = 0
        while i < len(words) and self.at < 0:
            word = words[i]
            i += 1
            if word[0] == 35:  # "#": a comment to the line's end
                break
            if word == b"tune":
                self.found += 1
                if self.found > self.tune:
                    self._ready()
                elif i < len(words):
                    self.unit = _number(words[i], 40, 2000)
                    i += 1
                else:
                    raise ValueError("tune")
            elif self.found == self.tune:
                self._note(word)
            else:
                self._note(word)  # (another tune's: checked, not kept)
                self.count = 0
        if not line:  # the file's end
            if self.found < self.tune:
                raise ValueError("no tune")
            self._ready()

    def _ready(self):
        if not self.count:
            raise ValueError("empty tune")
        self._stop_reading()
        self.at = 0

    def _note(self, word):
        """Keep `word`: `R` or a note (`C5`, `F#4`, `Bb4`), `:N` units long."""
        units = 1
        colon = word.find(b":")
        if colon >= 0:
            units = _number(word[colon + 1 :], 1, 16)
            word = word[:colon]
        n = len(word)
        if word == b"R":
            note = 0
        elif n in (2, 3) and 65 <= word[0] <= 71 and 49 <= word[-1] <= 55:
            note = _SEMITONE[word[0] - 65] + 12 * (word[-1] - 48)
            if n == 3:  # "#" sharp, "b" flat
                if word[1] != 35 and word[1] != 98:
                    raise ValueError("note")
                note += 1 if word[1] == 35 else -1
        else:
            raise ValueError("note")
        if self.count == _NOTES:
            raise ValueError("tune too long")
        self.notes[2 * self.count] = note
        self.notes[2 * self.count + 1] = units
        self.count += 1
