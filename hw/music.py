"""The MacroPad's background music: kalaha.music's notes pressed on the beeps' synthesizer, softer
and rounder than the beeps. Imported by hw/macropad.py only while music is on, let go when off.
"""

from array import array

import synthio

from kalaha.music import open_music

AMPLITUDE = 0.3  # under the beeps (1.0): they must still be heard
# One cycle of a triangle wave: rounder than the beeps' square, and 32 samples (64 bytes).
TRIANGLE = array("h", [(i if i < 16 else 32 - i) * 3840 - 30720 for i in range(32)])


class Voice:
    """Two notes taking turns (a released note may still sound its release when the next is
    pressed), one open file read a few bytes at a time: no allocation per note."""

    def __init__(self, synth):
        self.synth = synth
        envelope = synthio.Envelope(attack_time=0.02, decay_time=0.1, release_time=0.08, sustain_level=0.7)
        self.notes = tuple(
            synthio.Note(440, waveform=TRIANGLE, envelope=envelope, amplitude=AMPLITUDE) for _ in range(2)
        )
        self.which = 0
        self.player = open_music()

    def frame(self, app, now):
        hz = self.player.step(app, now)
        if hz >= 0:
            self.synth.release(self.notes[self.which])
            if hz:
                self.which ^= 1
                note = self.notes[self.which]
                note.frequency = hz
                self.synth.press(note)

    def close(self):
        self.synth.release(self.notes)
        self.player.close()
