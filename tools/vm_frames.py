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


def play(level, max_frames, ticks=None):
    store = Store(NullFlash())
    # A device's nvm is formatted once, at the first start: do that before the frames count
    # (a compaction comes about once in eight games; README, "Saved games and flash wear").
    store.compact()
    app = App(store=store, ticks=ticks)
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
    # One slice per frame (no ticks function), so the app is deterministic: the same game is
    # played `runs` times and each frame's time is averaged over the runs.
    cal = calibrate()
    runs_times = [play(level, max_frames) for _ in range(runs)]
    cal = min(cal, calibrate())  # before and after: the faster counts (see vm_bench)
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
    # The worst frame of each kind: k(ey), a(nimation), t(hinking), i(dle).
    by_kind = {}
    for i in range(count):
        k = KINDS[i]
        by_kind[k] = max(by_kind.get(k, 0), frames[i])
    print(
        '{"device_worst_ms_by_kind": {%s}}'
        % ", ".join('"%s": %d' % (k, by_kind[k] * scale // 1000000) for k in sorted(by_kind))
    )
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

    # As on the device: the app reads a millisecond clock and thinks for most of each frame
    # (kalaha.app.THINK_FRAME_MS). Here that clock runs at the estimated device speed.
    def device_ticks():
        return ticks_us() * DEVICE_CALIBRATION_MS // max(cal, 1) // 1000

    times = play(level, max_frames, device_ticks)
    thinking = sorted(times[i] for i in range(len(times)) if KINDS[i] == "t")
    count = len(thinking)
    # One run, so no trimmed mean: the 99th percentile shows the frames without this shared
    # machine's (or the VM's deferred garbage collection's) hiccups, the worst shows them.
    print(
        '{"with_device_clock": true, "thinking_frames": %d, "device_worst_thinking_ms": %d,'
        ' "device_p99_thinking_ms": %d, "device_median_thinking_ms": %d}'
        % (
            count,
            thinking[-1] * scale // 1000000 if count else 0,
            thinking[count * 99 // 100] * scale // 1000000 if count else 0,
            thinking[count // 2] * scale // 1000000 if count else 0,
        )
    )


if __name__ == "__main__" or sys.implementation.name == "micropython":
    main(sys.argv[1] if len(sys.argv) > 1 else "strong")
