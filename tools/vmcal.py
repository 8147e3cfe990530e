"""Timing in the MicroPython VM, scaled to the RP2040 by the published calibration loop.

Runs under MicroPython (tools/mpvm.mjs) and CPython; used by vm_bench.py and vm_frames.py.
Never copied to the device.
"""

try:
    from time import ticks_diff, ticks_ms, ticks_us

    try:
        import js  # the WebAssembly VM's host: its clock has microseconds

        def ticks_us():  # noqa: F811 (time.ticks_us has only millisecond steps in this VM)
            return int(js.performance.now() * 1000)

    except ImportError:
        pass
except ImportError:  # CPython
    import time

    def ticks_us():
        return time.perf_counter_ns() // 1000

    def ticks_ms():
        return time.perf_counter_ns() // 1000000

    def ticks_diff(a, b):
        return a - b


# This loop with p[0] = 1,000,000 takes 9,577 ms in CircuitPython 9.1.4 on an RP2040 at 125 MHz
# (published benchmark).
DEVICE_CALIBRATION_MS = 9577


def add_test(p):
    for i in range(p[0]):  # noqa: B007 (the published benchmark loop, as written)
        C = p[1] + p[2]  # noqa: F841


def calibrate(runs=3):
    """Milliseconds the calibration loop takes here: the fastest of `runs`, after a warm-up.

    The warm-up matters: the WebAssembly engine optimises the interpreter only after it has
    run a while, and a cold first run took twice as long (measured 2026-11-29: 573-757 ms
    cold, 317-370 ms warm), which made every device estimate twice too optimistic. Take the
    fastest run, and time the benchmark warm too (or take its fastest run as well).
    """
    add_test([300000, 12345678, 56781234])
    best = 0
    for _ in range(runs):
        t = ticks_ms()
        add_test([1000000, 12345678, 56781234])
        ms = ticks_diff(ticks_ms(), t)
        best = ms if not best or ms < best else best
    return best


def device_ms(ms, calibration_ms):
    """Milliseconds here -> estimated milliseconds on the RP2040."""
    return ms * DEVICE_CALIBRATION_MS // max(calibration_ms, 1)


# Files the VM needs for these tools (tools/mpvm.mjs --put).
VM_FILES = ("kalaha", "tools/__init__.py", "tools/vmcal.py")


def play_out(app, max_frames=20000):
    """Play the game on `app`'s screen to its end, 20 ms a frame: whenever a person is to move
    (and nothing animates or thinks), press the key of their highest legal pit. Returns frames.

    The sounds are drained every frame, as the device's loop does.
    """
    now = app.now
    frames = 0
    game = app.screen
    while app.screen == game and frames < max_frames:
        now += 20
        frames += 1
        b = app.board
        if b.to_move is not None and b.to_move != app.computer and app.anim_path is None and not app.thinking:
            pit = 0
            for m in b.legal_moves():
                pit = m
            app.key_down(5 + pit)
            app.tick(now)
            app.key_up(5 + pit)
        app.tick(now)
        app.sounds.clear()
    return frames
