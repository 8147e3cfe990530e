"""Background music: the tunes of a small text file (TUNES_FILE), read a few bytes at a time and
stepped by the clock. Pure logic: a front end presses the frequency step() hands back.

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
_TOKENS = const(8)  # words read at most a frame: a tune far down the file starts over frames
_LATE_MS = const(200)  # a note this late starts now: the tune does not hurry to catch up


def open_music(path=TUNES_FILE):
    """A Music of the tunes file at `path`; one that stays silent (and says so) without it."""
    try:
        return Music(open(path, "rb"))
    except OSError:
        return Music(None)


def hz(note):
    """The frequency of `note` (octave * 12 + semitone from C; C4 is 48) in whole Hz."""
    shift = 8 - note // 12
    return (_OCTAVE8[note % 12] + (1 << shift >> 1)) >> shift


class Music:
    """The tune chosen in the settings, looped; step() says when to press or release a note.

    `file`: the tunes file opened in binary (anything with readinto and seek), or None when it
    could not be opened: the music stays silent and the game says so once.
    """

    def __init__(self, file):
        self.file = file
        self.buf = bytearray(32)
        self.n = 0  # bytes in buf
        self.i = 0  # the next byte's index in buf
        self.pos = 0  # the file's offset of buf[0]
        self.tune = 0  # the tune chosen (1..TUNES), 0: none
        self.found = 0  # tunes passed while looking for it; it is found when this is the tune
        self.start = 0  # the file's offset of the tune's first note (where it loops)
        self.played = 0  # notes since the tune (re)started: none in a whole pass is damage
        self.unit = 0  # the tune's ms per unit
        self.units = 1  # the last note's length in units
        self.sounding = False
        self.off_at = 0  # the note sounding is released then ...
        self.next_at = 0  # ... and the next starts then
        self.problem = "" if file is not None else "no music file"
        self.told = False  # the problem was said

    def step(self, app, now):
        """The frequency (Hz) to press now, 0 to release the note sounding, -1 for no change.
        The tune is app.settings["music"] (0: off), none while the device sleeps."""
        tune = app.settings["music"] if app.power < 2 else 0
        if tune != self.tune:
            self.tune = tune
            self.found = 0
            self._seek(0)
            self.next_at = now
            return self._silence()
        if self.problem:
            if not self.told and tune:
                self.told = True
                app.say(self.problem, 3000)
            return self._silence()
        if not tune:
            return -1
        if self.sounding and now >= self.off_at:
            self.sounding = False
            return 0
        if now < self.next_at:
            return -1
        try:
            return self._next_note(now)
        except (ValueError, OSError):
            self.problem = "music file damaged"
            return self._silence()

    def close(self):
        if self.file is not None:
            self.file.close()

    def _silence(self):
        if self.sounding:
            self.sounding = False
            return 0
        return -1

    def _next_note(self, now):
        for _ in range(_TOKENS):
            note = self._word()
            if self.found < self.tune:
                if note == -2:
                    self.found += 1
                    self.start = self.pos + self.i
                    self.played = 0
                    self.next_at = now  # (its first note starts when it is found)
                    self.unit = self.units
                elif note == -1:
                    raise ValueError("no tune %d" % self.tune)
                continue
            if note < 0:  # the tune's end (the next tune or the file's end): again from its start
                if not self.played:
                    raise ValueError("empty tune")
                self._seek(self.start)
                self.played = 0
                continue
            self.played += 1
            start = self.next_at if now - self.next_at < _LATE_MS else now
            ms = self.units * self.unit
            self.next_at = start + ms
            if not note:
                return -1  # a rest
            self.off_at = self.next_at - (ms >> 3)  # a short silence between notes
            self.sounding = True
            return hz(note)
        return -1  # (more words next frame)

    # ----- reading the file ---------------------------------------------------------------------

    def _seek(self, offset):
        if self.file is not None:
            self.file.seek(offset)
        self.pos = offset
        self.n = self.i = 0

    def _byte(self):
        """The next byte, -1 at the file's end."""
        if self.i >= self.n:
            self.pos += self.n
            self.i = 0
            self.n = self.file.readinto(self.buf) or 0
            if not self.n:
                return -1
        self.i += 1
        return self.buf[self.i - 1]

    def _word(self):
        """The next word: a note (octave * 12 + semitone), 0 a rest (its length in self.units),
        -2 a tune's start (its unit in self.units), -1 the file's end; a word that is none of
        these raises ValueError."""
        b = self._byte()
        while b == 35 or 0 <= b <= 32:  # (a comment to its line's end, or white space)
            if b == 35:
                while b >= 0 and b != 10:
                    b = self._byte()
            b = self._byte()
        if b < 0:
            return -1
        if b == 116:  # "tune MS"
            for c in b"une":
                if self._byte() != c:
                    raise ValueError("word")
            if self._byte() != 32:
                raise ValueError("tune")
            self.units = self._number(self._byte(), 40, 2000)  # (the unit, when it is the tune's)
            return -2
        if b == 82:  # "R": a rest
            note = 0
            b = self._byte()
        elif 65 <= b <= 71:  # "A".."G", a sharp or flat, the octave 1..7
            note = _SEMITONE[b - 65]
            b = self._byte()
            if b == 35 or b == 98:
                note += 1 if b == 35 else -1
                b = self._byte()
            if not 49 <= b <= 55:
                raise ValueError("octave")
            note += 12 * (b - 48)
            b = self._byte()
        else:
            raise ValueError("word")
        self.units = 1
        if b == 58:  # ":N"
            self.units = self._number(self._byte(), 1, 16)
        elif b > 32:
            raise ValueError("word")
        return note

    def _number(self, b, low, high):
        """The digits from byte `b` on, up to white space or the file's end, within low..high."""
        v = 0
        digits = 0
        while 48 <= b <= 57:
            v = v * 10 + b - 48
            digits += 1
            b = self._byte()
        if not digits or b > 32 or not low <= v <= high:
            raise ValueError("number")
        return v
