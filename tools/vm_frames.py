"""Frame-time benchmark of the app inside the MicroPython VM, scaled to the RP2040.

A game against a computer level, driven through the app's events one frame at a time; prints
the worst and median frame. Runs under MicroPython (tools/mpvm.mjs) and CPython. Not for the device.
"""

import sys

from kalaha.app import GAME, App
from kalaha.board import SOUTH
from kalaha.store import SIZE, Store
from tools.vmcal import DEVICE_CALIBRATION_MS, calibrate, ticks_diff, ticks_us


class NullFlash:
    """Flash that costs nothing: the frames measure the app and the store's logic. (On the device a
    save programs one 256-byte page, well under a millisecond; the sector erase of a compaction,
    tens of ms, comes about once in ten games: README, "Saved games and flash wear".)"""

    def read(self):
        return b"\xff" * SIZE

    def write(self, offset, values):
        pass


KINDS = []  # the kind of each frame of the last play()


def play(level, max_frames):
    app = App(store=Store(NullFlash()))
    times = []
    kinds = KINDS
    del kinds[:]
    now = 0

    def frame(action=None, arg=None):
        # What kind of frame: k(ey), a(nimation), t(hinking) or i(dle).
        kinds.append(
            "k"
            if action is not None
            else ("a" if app.anim_path is not None else ("t" if app.thinking else "i"))
        )
        t = ticks_us()
        if action is not None:
            action(arg) if arg is not None else action()
        app.tick(now)
        times.append(ticks_diff(ticks_us(), t))

    app.level = level
    frame(app.click)  # Play computer
    app.cursor = 2
    frame(app.click)  # Start game
    while app.screen == GAME and len(times) < max_frames:
        now += 20
        b = app.board
        if b.to_move == SOUTH and app.anim_path is None and not app.thinking:
            pit = 0
            for m in b.legal_moves():
                pit = m
            key = 5 + pit
            frame(app.key_down, key)
            now += 20
            frame(app.key_up, key)
        else:
            frame()
    return times


def main(level="strong", max_frames=4000, runs=8):
    # ticks_us has only millisecond resolution in the VM: the app is deterministic, so the
    # same game is played `runs` times and each frame's time is averaged over the runs.
    cal = calibrate()
    runs_times = [play(level, max_frames) for _ in range(runs)]
    count = min(len(t) for t in runs_times)
    frames = []
    for i in range(count):
        # Trimmed mean over the runs: drop each frame's slowest and fastest run, so one
        # scheduling hiccup of this shared machine does not pass for a slow frame.
        samples = sorted(t[i] for t in runs_times)
        middle = samples[1:-1] if len(samples) > 2 else samples
        frames.append(sum(middle) // len(middle))
    ordered = sorted(frames)
    worst = ordered[-1]
    median = ordered[len(ordered) // 2]
    slowest = frames.index(worst)
    scale = DEVICE_CALIBRATION_MS * 1000 // max(cal, 1)  # device us per VM ms
    print(
        '{"level": "%s", "frames": %d, "runs": %d, "calibration_ms": %d, "worst_us": %d, "median_us": %d,'
        ' "slowest_frame": %d, "slowest_kind": "%s", "device_worst_ms": %d, "device_median_ms": %d}'
        % (
            level,
            len(frames),
            runs,
            cal,
            worst,
            median,
            slowest,
            KINDS[slowest],
            worst * scale // 1000000,
            median * scale // 1000000,
        )
    )


if __name__ == "__main__" or sys.implementation.name == "micropython":
    main(sys.argv[1] if len(sys.argv) > 1 else "strong")
