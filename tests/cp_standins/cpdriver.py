"""Drives the stand-ins: a scripted player behind the keys and the encoder (the VM's tests only).

The game's own frames (hw.macropad.frames) run unchanged, one a call of vm_step from outside
(tools/mpvm.mjs), so the VM collects its heap between frames; each frame starts with its first
keypad read, and then this driver takes the script's next step. Steps read the display as a
player does: ("choose", "Replay") turns the encoder until the menu's cursor is on "Replay".
Lines printed start with "CPDRIVER"; a failed step prints why and exits with status 3. The heap
is measured after the collection between every two frames (what the device's gc.collect() would
leave): more in use than the heap given (HEAP) fails the run as a MemoryError would on the device.
"""

import gc
import sys

FRAME_MS = 20
SPLIT = 128 * 1024 * 1024  # the VM's gc.mem_free() counts this much heap it could still add
NVM_PATH = ["nvm.bin"]
FRAMES = [None]  # the game's frames (hw.macropad.frames()), stepped by vm_step (_own makes them)
HEAP = [0]  # the game's heap: more in use after a collection fails it
OWN = [0]  # what the stand-ins, this driver and its script hold (the firmware's own on the device)
EVERY = [1]  # the heap is collected and checked after every EVERY-th frame (and when a step asks)
SCRIPT = []  # steps, see run_step
MAX_FRAMES = [200000]
display = [None]
encoder = [0]
notes = [0]
bad_colours = [0]
pixel_bytes = [b""]

_queue = []  # (key_number, pressed) for keypad
_state = {
    "clock": 0,
    "frame_start": 0,
    "ended": False,
    "frame": 0,
    "new_frame": True,
    "step": 0,
    "count": 0,
    "since": 0,
}
_low = [1 << 30, ""]  # lowest free heap after gc.collect(), and where


def ticks_ms():
    # Every reading costs a millisecond of work, so a frame's thinking slices see time pass.
    # The first reading after a frame's end (frame_end) starts the next frame, at least FRAME_MS
    # after the last one began: the game's loop takes its frame's start there.
    s = _state
    if s["ended"]:
        s["ended"] = False
        start = s["frame_start"] + FRAME_MS
        s["clock"] = start if start > s["clock"] else s["clock"] + 1
        s["frame_start"] = s["clock"]
        return s["clock"]
    s["clock"] += 1
    return s["clock"]


def frame_end():
    """The game's frame is over (its report asks whether a terminal is connected, every frame)."""
    _state["ended"] = True


def next_event(event):
    if _state["new_frame"]:
        _state["new_frame"] = False
        _on_frame()
    if not _queue:
        _state["new_frame"] = True
        return False
    number, pressed = _queue.pop(0)
    event.key_number = number
    event.pressed = pressed
    event.released = not pressed
    return True


_read = [None, -1, []]  # the display last read, its version then, and its lines


def lines():
    """The display's text, one entry per page with text, top to bottom (the frame the game sent
    through the display's bus, read glyph by glyph; a line drawn inverted reads the same). Read
    again only once the game has sent a page since (reading it takes milliseconds in the VM)."""
    d = display[0]
    if d is None:
        return []
    if _read[0] is d and _read[1] == d.version:
        return _read[2]
    _read[0] = d
    _read[1] = d.version
    _read[2] = _read_lines(d)
    return _read[2]


def _read_lines(d):
    font = _font()
    out = []
    frame = d.frame
    for page in range(8):
        codes = bytearray()
        for k in range(21):
            at = page * 128 + 1 + 6 * k
            cell = bytes(b & 0x7F for b in frame[at : at + 5])
            code = _glyph(font, cell)
            if code < 0:
                code = _glyph(font, bytes(~b & 0x7F for b in cell))
            codes.append(code if code >= 0 else 32)
        text = codes.decode().strip()
        lit = 0
        for x in range(128):
            if frame[page * 128 + x] & 0x81 == 0x81:
                lit += 1
        if lit > 64:
            text = "> " + text  # an inverted line: a menu's chosen row
        if text:
            out.append(text)
    return out


_FONT = [None]


def _font():
    """The game's own font (kalaha.picture.glyphs, 6 bytes a character from 32 on) as the panel's pages
    are read, its top bit cleared; made once and counted as the driver's (OWN)."""
    if _FONT[0] is None:
        from kalaha.picture.glyphs import TEXT  # (the game's: the driver keeps no table of its own)

        before = gc.mem_alloc()
        _FONT[0] = bytes(b & 0x7F for b in TEXT)
        OWN[0] += gc.mem_alloc() - before
    return _FONT[0]


def _glyph(font, cell):
    """The character whose five columns are `cell`, or -1; the first of equal ones."""
    at = font.find(cell)
    while at >= 0:
        if at % 6 == 0:
            return 32 + at // 6
        at = font.find(cell, at + 1)
    return -1


def total():
    """The VM's heap now, used and free."""
    return gc.mem_alloc() + gc.mem_free() - SPLIT


def in_use():
    """The game's heap in use: the VM's but what the stand-ins, the driver and its script hold."""
    return gc.mem_alloc() - OWN[0]


def free():
    """The game's heap (HEAP; without one, the VM's) less what it has in use."""
    return (HEAP[0] or total()) - in_use()


_wanted = []  # what to note after the next collection between frames: ("mem", label) ...


def vm_step():
    """One frame of the game, then a function to call after the heap's collection between frames
    (tools/mpvm.mjs); False once the script has ended."""
    if _state.get("over"):
        return False
    if not OWN[0]:
        return _own  # (before the game's first step: what the stand-ins and the script hold)
    next(FRAMES[0])
    return _collected if _wanted or _state["frame"] % EVERY[0] == 0 else True


def _own():
    """What is held before the game starts is the driver's, but the names' pools the app fills on
    the device (reserve_names); then the game's first import: its frames."""
    OWN[0] = gc.mem_alloc() - DEVICE_NAME_POOLS
    from hw.macropad import frames

    FRAMES[0] = frames()
    return True


def _collected():
    """After a collection between frames: the heap checked, the measurements asked for noted."""
    if HEAP[0] and in_use() > HEAP[0]:
        _fail("out of memory: %d bytes in use, more than the heap's %d" % (in_use(), HEAP[0]))
    _low_mark("step %d" % _state["step"])
    while _wanted:
        what = _wanted.pop(0)
        if what[0] == "mem":
            print("CPDRIVER MEM %s free %d alloc %d" % (what[1], free(), in_use()))
            _low_mark(what[1])
        elif what[0] == "low":
            _low_mark(what[1])
        else:
            _end()
            return False
    return True


def _fail(why):
    print("CPDRIVER FAIL step %d: %s (frame %d)" % (_state["step"], why, _state["frame"]))
    for text in lines():
        print("CPDRIVER |" + text)
    sys.exit(3)


def _press(key):
    _queue.append((key, True))
    _queue.append((key, False))
    _unsettle()


def _turn(detents):
    encoder[0] += detents
    _unsettle()


def _unsettle():
    # Input: the display is settled only three frames after it (the device shows a frame's
    # events one frame later: they are drawn at the end of that frame's tick).
    _last_lines[1] = 0


def _on_frame():
    s = _state
    s["frame"] += 1
    if s["frame"] > MAX_FRAMES[0]:
        _fail("no end after %d frames" % MAX_FRAMES[0])
    while s["step"] < len(SCRIPT):
        if not _run_step(SCRIPT[s["step"]]):
            return
        s["step"] += 1
        s["count"] = 0
        s["since"] = s["clock"]
        while _loops and s["step"] == _loops[-1][0] + _loops[-1][1]:  # a repeated block's end
            loop = _loops[-1]
            loop[2] -= 1
            if loop[2]:
                s["step"] = loop[0]
                break
            _loops.pop()
    _finish()


_loops = []  # the repeated blocks being run: [first step, steps, rounds left]
_labels = {}  # how often each numbered "mem" label was printed


def _measure(where):
    _wanted.append(("low", where))


def _low_mark(where):
    left = free()
    if left < _low[0]:
        _low[0] = left
        _low[1] = where


def _shown(text):
    for line in lines():
        if text in line:
            return True
    return False


_last_lines = [None, 0]  # the display's text last frame, and for how many frames it has not changed


def _settled():
    """True when the display has shown the same text for six frames: a new screen is sent
    only once it is drawn whole, which can take two or three frames here (every clock reading
    costs a millisecond), and until then the old one stays: act on what is really there."""
    now = lines()
    if now == _last_lines[0]:
        _last_lines[1] += 1
    else:
        _last_lines[0] = now
        _last_lines[1] = 0
    return _last_lines[1] >= 6


def _run_step(step):
    """Do one step, or part of it; True when it is done."""
    s = _state
    kind = step[0]
    waited = s["clock"] - s["since"]
    if kind == "wait":
        return waited >= step[1]
    if kind == "key":
        _press(step[1])
        return True
    if kind == "click":
        _press(12)
        return True
    if kind == "turn":
        _turn(step[1])
        return True
    if kind == "choose":
        # Wait for the display to settle, then turn one detent at a time until the cursor is there.
        if not _settled():
            return False
        for line in lines():
            if line.startswith(">") and step[1] in line:
                _press(12)
                return True
        s["count"] += 1
        if s["count"] > 30:
            _fail("no menu item %r" % step[1])
        _turn(1)
        return False
    if kind == "set":
        # ("set", "Level:", "expert"): put the cursor on the item, click until it shows the value.
        if not _settled():
            return False
        s["count"] += 1
        if s["count"] > 30:
            _fail("could not set %r to %r" % (step[1], step[2]))
        for line in lines():
            if line.startswith(">") and step[1] in line:
                if step[2] in line[line.index(step[1]) + len(step[1]) :]:
                    return True
                _press(12)
                return False
        _turn(1)
        return False
    if kind == "expect":
        if _shown(step[1]):
            return True
        if waited > step[2] if len(step) > 2 else waited > 2000:
            _fail("the display never showed %r" % step[1])
        return False
    if kind == "play":
        # ("play", until_text, keys, every_ms): press the keys in turn until the text shows.
        if _shown(step[1]):
            return True
        keys = step[2]
        every = step[3]
        if waited >= (s["count"] + 1) * every and _settled():
            _press(keys[s["count"] % len(keys)])
            s["count"] += 1
        return False
    if kind == "repeat":
        # ("repeat", rounds, steps): the next `steps` steps, `rounds` times (0: skipped). The
        # script's steps are the prelude's constants: a block repeated costs the heap once.
        if step[1]:
            _loops.append([s["step"] + 1, step[2], step[1]])
        else:
            s["step"] += step[2]
        return True
    if kind == "mem":
        # A label with %d is numbered: its first print 1, the next 2 ... ("game %d" in a block)
        label = step[1]
        if "%d" in label:
            _labels[label] = _labels.get(label, 0) + 1
            label = label % _labels[label]
        _wanted.append(("mem", label))
        return True
    if kind == "big":
        _pins.append(bytearray(step[1]))  # one block of that size (the memory check's own test)
        return True
    _fail("unknown step %r" % (step,))
    return True


_pins = []


def _finish():
    if not _state.get("finishing"):
        _state["finishing"] = True
        _measure("end")
        _wanted.append(("end",))


def _end():
    _state["over"] = True
    print("CPDRIVER LOW free %d at %s" % (_low[0], _low[1]))
    print("CPDRIVER BADCOLOURS %d" % bad_colours[0])
    print("CPDRIVER FRAMES %d" % _state["frame"])
    for text in lines():
        print("CPDRIVER |" + text)
    print("CPDRIVER PIXELS " + " ".join("%02x" % b for b in pixel_bytes[0]))
    print("CPDRIVER END")


# The names CircuitPython interns (identifiers, strings of up to 10 characters, each character
# a str iteration yields) are never freed. The MacroPad's firmware has its own modules' names in
# flash; the app's fill pools of 20, 40 ... 640 entries (1,260 in all, 7.7 KB there), and one
# name more would allocate a pool of 1,280 entries in one block. Here the stand-ins' ~250 names
# share those pools, and the app's overflowed them mid-session where the device has room.
DEVICE_NAME_ROOM = 1260
DEVICE_NAME_POOLS = 7744  # bytes of those six pools there (6 bytes an entry): the app's
POOL_STEP = 6000  # bytes: only the 1,280-entry pool grows the heap this much in one name


def reserve_names(room=DEVICE_NAME_ROOM):
    """Intern placeholder names until the 1,280-entry pool is allocated (here, before the app
    starts), then more until `room` entries of it are left: the app's names fill it as they
    fill the device's pools, and a name past the device's room allocates a pool here too.
    Call it after the stand-ins are imported. What it costs, but for the device's pools
    (DEVICE_NAME_POOLS, the app's), is the stand-ins' (tools/memory.py)."""
    gc.collect()
    n = 0
    grew = 0
    while grew < POOL_STEP:
        if n % 32 == 0:
            gc.collect()  # (the names' garbage: no collection inside a step)
        before = gc.mem_alloc()
        hasattr(0, "~%d" % n)  # hasattr interns its name
        grew = gc.mem_alloc() - before
        n += 1
    for i in range(1280 - 1 - room):
        hasattr(0, "~%d" % (n + i))
    gc.collect()
