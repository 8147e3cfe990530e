"""Reading a tune of the background music's file (kalaha.picture.music): a line at a time into its
bytearray. Imported only while a tune is read, then let go (its code is not kept in the heap).
"""

from kalaha.compat import const

_SEMITONE = (9, 11, 0, 2, 4, 5, 7)  # the letters A..G from C
_NOTES = const(128)  # a tune's notes at most (Music.notes: two bytes each)
_LINE = const(160)  # a line's bytes at most


def read_line(music):
    """One line of the file into `music` (kalaha.picture.music.Music): the tunes before the one chosen
    checked and passed, its notes kept; at its end (the next tune's start or the file's) the file
    is closed and music.at is its first note. A damaged line raises ValueError."""
    f = music.reading
    if f is None:
        f = music.file
        if f.__class__ is str:
            try:
                f = open(f, "rb")
            except OSError:
                music.problem = "no music file"
                raise
        else:
            f.seek(0)
        music.reading = f
    line = f.readline(_LINE)
    if len(line) == _LINE:
        raise ValueError("line")
    words = line.split()
    i = 0
    while i < len(words) and music.at < 0:
        word = words[i]
        i += 1
        if word[0] == 35:  # "#": a comment to the line's end
            break
        if word == b"tune":
            music.found += 1
            if music.found > music.tune:
                _ready(music)
            elif i < len(words):
                music.unit = _number(words[i], 40, 2000)
                i += 1
            else:
                raise ValueError("tune")
        else:
            _note(music, word)
            if music.found != music.tune:
                music.count = 0  # (another tune's note: checked, not kept)
    if not line:  # the file's end
        if music.found < music.tune:
            raise ValueError("no tune")
        _ready(music)


def _ready(music):
    if not music.count:
        raise ValueError("empty tune")
    music.close()
    music.at = 0


def _number(word, low, high):
    if not word.isdigit() or not low <= int(word) <= high:
        raise ValueError("number")
    return int(word)


def _note(music, word):
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
    if music.count == _NOTES:
        raise ValueError("tune too long")
    music.notes[2 * music.count] = note
    music.notes[2 * music.count + 1] = units
    music.count += 1
