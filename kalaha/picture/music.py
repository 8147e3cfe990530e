"""Background music: the tune chosen, read a line a frame from a small text file (TUNES_FILE)
into a bytearray (kalaha.picture.tuneread, let go once read), looped by the clock. Pure logic.

The file: `tune MS` starts a tune (MS: its unit in ms); then notes `C5`, `F#4`, `Bb4` or `R`
(a rest), each optionally `:N` units long (1-16, else 1); `#` at a word's start comments out
the rest of its line. Imported only while music is on: with it off the game pays no heap for it.
"""

from kalaha.compat import const, forget

TUNES_FILE = "kalaha/tunes.txt"  # on the drive, beside the game's code
TUNES = const(5)
# Octave 8's twelve notes in Hz (C8 4186 ... B8 7902): a lower octave halves them, rounded.
_OCTAVE8 = (4186, 4435, 4699, 4978, 5274, 5588, 5920, 6272, 6645, 7040, 7459, 7902)
_LATE_MS = const(200)  # a note this late starts now: the tune does not hurry to catch up


def open_music(path=TUNES_FILE):
    """A Music of the tunes file at `path` (opened while a tune is read, else closed)."""
    return Music(path)


def hz(note):
    """The frequency of `note` (octave * 12 + semitone from C; C4 is 48) in whole Hz."""
    shift = 8 - note // 12
    return (_OCTAVE8[note % 12] + (1 << shift >> 1)) >> shift


class Music:
    """The tune chosen in the settings, looped; step() says when to press or release a note.

    `file`: the tunes file's path (opened to read a tune, then closed), an open binary file
    (sought to its start instead), or None: the music stays silent and the game says so once.
    """

    def __init__(self, file):
        self.file = file
        self.notes = bytearray(256)  # the tune's (note or 0 for a rest, units), 128 at most
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
            self.close()
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
            from kalaha.picture.tuneread import read_line

            try:
                read_line(self)
            except (ValueError, OSError):
                self.close()
                self.problem = self.problem or "music file damaged"
            if self.reading is None:  # (read, or damaged: its reader's code let go)
                forget("kalaha.picture.tuneread")
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
        """The file closed if a tune was being read from it (it is opened again to read one)."""
        f = self.reading
        self.reading = None
        if f is not None and f is not self.file:
            f.close()

    def _silence(self):
        if self.off_at >= 0:
            self.off_at = -1
            return 0
        return -1
