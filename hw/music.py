"""The MacroPad's background music: kalaha.picture.music's notes pressed on the beeps' synthesizer, one
reused note, softer and rounder than the beeps. Imported by hw/macropad.py only while music is on.
"""

from array import array

import synthio

from kalaha.picture.music import TUNES_FILE, Music

AMPLITUDE = 0.3  # under the beeps (1.0): they must still be heard


class Voice(Music):
    """The tune read into a bytearray (kalaha.picture.music), its notes pressed on one Note: nothing
    allocated per note, and a frame without a note's start or end only compares the clock."""

    def __init__(self, synth):
        super().__init__(TUNES_FILE)
        self.synth = synth
        # One cycle of a triangle wave: rounder than the beeps' square (32 samples, 64 bytes).
        wave = array("h", [(i if i < 16 else 32 - i) * 3840 - 30720 for i in range(32)])
        envelope = synthio.Envelope(attack_time=0.02, decay_time=0.1, release_time=0.08, sustain_level=0.7)
        self.note = synthio.Note(440, waveform=wave, envelope=envelope, amplitude=AMPLITUDE)

    def frame(self, app, now):
        hz = self.step(app, now)
        if hz >= 0:
            self.synth.release(self.note)
            if hz:
                self.note.frequency = hz
                self.synth.press(self.note)

    def close(self):
        self.synth.release(self.note)
        super().close()
