// Pocket Kalaha in a web page: the handheld's own Python (kalaha/, host/web.py) in MicroPython's
// WebAssembly port, ticked every 20 ms; this file only draws what it hands back and passes on the
// mouse, touch and keyboard. No game logic here: host/web.py is the front end.

import { loadMicroPython } from "./micropython.mjs";

const FRAME_MS = 20; // host/web.py FRAME_MS
const KEYBOARD = "123qweasdzxc"; // the simulator's keys for the 12 keys, row by row (their captions)
// ... read by position (KeyboardEvent.code), so AZERTY, QWERTZ and other layouts have all twelve
const KEY_CODES = ["Digit1", "Digit2", "Digit3", "KeyQ", "KeyW", "KeyE", "KeyA", "KeyS", "KeyD", "KeyZ", "KeyX", "KeyC"];
const captions = KEYBOARD.split(""); // ... captioned as this keyboard's layout names them (layoutCaptions)
const STORAGE_LOCK = "pocket-kalaha-storage"; // the Web Lock of the tab that keeps the saved data
const STORAGE = "pocket-kalaha-nvm"; // the 4 KB nvm image, base64
const DEVICE_W = 536, DEVICE_H = 738; // the simulator's window (host/desktop.py WIDTH, HEIGHT)
const OLED_X = 16, OLED_Y = 16, OLED_W = 384; // where the OLED is drawn in the device (3 x 128)
const FIT_TOP = 8; // the device's top margin (index.html #fit)
const LIT = [150, 220, 255]; // a lit OLED pixel, as the simulator draws it
const OLED_OPACITY = [1, 0.3, 0]; // awake, dimmed, off (the device dims its panel's contrast)
const KNOB_STEP_DEG = 30; // a knob's click every 30 degrees of a drag round it
const WHEEL_STEP = 40; // pixels of wheel a click of the knob
const params = new URLSearchParams(location.search);
const recording = params.has("record"); // the browser test's log of inputs and pictures

const $ = (id) => document.getElementById(id);
const canvas = $("oled"), knob = $("knob"), status = $("status");
const oled = canvas.getContext("2d");
const image = oled.createImageData(128, 64);
const keys = [];
let web = null; // host.web.Web, through MicroPython's proxy
let t0 = 0, shown = -1, knobAngle = 0;
// [now, what, arg]: "t" a tick (arg: the picture's number), "s" its sound, "d"/"u" a key down/up,
// "r" a turn, "c" a push, "e" the endgame table given to the app
const log = [];

// ----- the device's picture -----------------------------------------------------------------

function fit() {
  // The device whole in the window, the notes and the help's summary line under it (no scroll).
  const help = $("help"), summary = help.querySelector("summary");
  const below = $("notes").offsetHeight + summary.offsetHeight + parseFloat(getComputedStyle(help).paddingBottom);
  const room = Math.min((innerWidth - 16) / DEVICE_W, (innerHeight - FIT_TOP - below) / DEVICE_H);
  const scale = Math.max(0.3, Math.min(1.25, room));
  $("device").style.setProperty("--scale", scale);
  $("fit").style.width = DEVICE_W * scale + "px";
  $("fit").style.height = DEVICE_H * scale + "px";
  // The OLED's 128 x 64 pixels each a whole number of screen pixels (even strokes): its size in
  // the device's drawing the nearest whole multiple of 128 screen pixels, centred in its bezel.
  const dpr = devicePixelRatio || 1;
  const times = Math.max(1, Math.floor((OLED_W * scale * dpr) / 128)); // (never past its bezel)
  const w = (128 * times) / (scale * dpr), h = w / 2;
  canvas.style.width = w + "px";
  canvas.style.height = h + "px";
  canvas.style.left = OLED_X + (OLED_W - w) / 2 + "px";
  canvas.style.top = OLED_Y + (OLED_W / 2 - h) / 2 + "px";
}

function makeKeys() {
  // 3 x 4 keys where the simulator draws them (KEYS_X 89, KEYS_Y 236, 110 px keys 14 px apart).
  for (let k = 0; k < 12; k++) {
    const el = document.createElement("button"); // (focusable; Enter or Space presses it)
    el.type = "button";
    el.className = "key";
    el.setAttribute("aria-label", "key " + captions[k]);
    el.style.left = 89 + (k % 3) * 124 - 5 + "px";
    el.style.top = 236 + Math.floor(k / 3) * 124 - 5 + "px";
    el.innerHTML = '<div class="cap"></div><span class="pit"></span><span class="hint"></span>';
    el.querySelector(".hint").textContent = captions[k];
    el.dataset.key = k;
    el.addEventListener("mousedown", (e) => e.preventDefault()); // (a click does not take the keyboard's focus)
    // A pointer that slides off its key lets it go unsown (a touch too: pointerdown releases its capture).
    el.addEventListener("pointerleave", (e) => {
      if (pointerKeys.get(e.pointerId) === k) cancel(k);
    });
    $("keys").appendChild(el);
    keys.push(el);
  }
}

function layoutCaptions() {
  // The keys' captions as this keyboard's layout prints them (AZERTY's "a" where QWERTY has "q"),
  // where the browser tells it (navigator.keyboard); else QWERTY's.
  if (!navigator.keyboard || !navigator.keyboard.getLayoutMap) return;
  navigator.keyboard
    .getLayoutMap()
    .then((map) => {
      KEY_CODES.forEach((code, k) => {
        captions[k] = map.get(code) || captions[k];
        keys[k].querySelector(".hint").textContent = captions[k];
      });
      shown = -1; // (the keys' names drawn again with the next frame)
    })
    .catch(() => {});
}

function glow(hex) {
  // A NeoPixel's colour as a screen shows it: host/desktop.py led_glow (lifted along a square root).
  const c = parseInt(hex, 16), r = c >> 16, g = (c >> 8) & 255, b = c & 255;
  const top = Math.max(r, g, b);
  if (!top) return "rgb(0, 0, 0)";
  const lifted = Math.floor(Math.sqrt(top * 255));
  return `rgb(${Math.floor((r * lifted) / top)}, ${Math.floor((g * lifted) / top)}, ${Math.floor((b * lifted) / top)})`;
}

function drawOled(frameHex, turned) {
  // The 1 KB frame pixel for pixel: byte page * 128 + x, bit y & 7; turned round for North.
  const px = image.data;
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < 128; x++) {
      const byte = parseInt(frameHex.substr((page * 128 + x) * 2, 2), 16);
      for (let bit = 0; bit < 8; bit++) {
        const y = page * 8 + bit;
        const i = turned ? ((63 - y) * 128 + 127 - x) * 4 : (y * 128 + x) * 4;
        const on = (byte >> bit) & 1;
        px[i] = on ? LIT[0] : 0;
        px[i + 1] = on ? LIT[1] : 0;
        px[i + 2] = on ? LIT[2] : 0;
        px[i + 3] = 255;
      }
    }
  }
  oled.putImageData(image, 0, 0);
}

function draw() {
  const turned = web.flip();
  const frameHex = web.frame();
  drawOled(frameHex, turned);
  canvas.style.opacity = OLED_OPACITY[web.power()];
  const colours = web.pixels(), labels = web.labels().split(",");
  for (let k = 0; k < 12; k++) {
    keys[k].style.background = glow(colours.substr(k * 6, 6));
    keys[k].dataset.colour = colours.substr(k * 6, 6);
    keys[k].querySelector(".pit").textContent = labels[k];
    keys[k].setAttribute("aria-label", "key " + captions[k] + (labels[k] ? ", " + labels[k] : ""));
  }
  $("turned").hidden = !turned;
  if (frameHex !== twinFrame) {
    twinFrame = frameHex;
    drawTwin(JSON.parse(web.twin()));
  }
}

// ----- the display as text: a screen reader's twin of it (host/web.py Web.twin) ------------------

let twinFrame = "", twinSaid = { title: null, chosen: -1, row: "", words: "" };

function drawTwin(t) {
  // Its lines and a menu's rows as lists (the chosen row aria-current); the live region says
  // what changed: a new screen's title and chosen row, another row chosen, or the words.
  $("twin-heading").textContent = "The display" + (t.title ? ": " + t.title : "");
  $("twin-lines").replaceChildren(...t.lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
  const menu = $("twin-menu");
  menu.hidden = !t.items.length;
  menu.setAttribute("aria-label", (t.title || "menu") + ", " + t.items.length + " rows");
  menu.replaceChildren(
    ...t.items.map((label, i) => {
      const li = document.createElement("li");
      li.textContent = label;
      if (i === t.chosen) li.setAttribute("aria-current", "true");
      return li;
    }),
  );
  const row = t.items.length ? t.items[t.chosen] : "";
  let say = "";
  if (t.title !== twinSaid.title) {
    const then = row || t.words;
    say = t.title && then ? t.title + (/[.?!:]$/.test(t.title) ? " " : ". ") + then : t.title || then;
  }
  else if (row && (t.chosen !== twinSaid.chosen || row !== twinSaid.row)) say = row;
  else if (!row && t.words !== twinSaid.words) say = t.words;
  twinSaid = { title: t.title, chosen: t.chosen, row, words: t.words };
  if (say) $("twin-say").textContent = say;
}

// ----- time: a frame every 20 ms ------------------------------------------------------------

const frameTimes = []; // [start, ms the frame took, thinking] (the browser test reads them)
let next = 0;

function now() {
  return Math.round(performance.now() - t0); // whole ms since the app started, never going back
}

let stopped = false; // a Python error stopped the game (stop)

function stop(e) {
  // The game's Python failed: say so on the display and below it, and tick no more.
  stopped = true;
  checking = false;
  silence();
  const text = String((e && e.message) || e);
  const last = text.trim().split("\n").pop();
  status.hidden = false;
  status.textContent = "The game stopped: " + last + " (reload to start again)";
  note("error", "The game stopped with an error: " + text);
  console.warn(e);
}

function frame() {
  if (stopped) return;
  if (document.hidden) {
    setTimeout(frame, 250); // (no frames while nobody looks: the app's clock stands still)
    return;
  }
  try {
    tickOnce();
  } catch (e) {
    stop(e);
    return;
  }
  next += FRAME_MS;
  const wait = next - performance.now();
  if (wait < -FRAME_MS) next = performance.now(); // (a frame ran late: no catching up)
  setTimeout(frame, Math.max(0, wait));
}

function tickOnce() {
  const started = performance.now();
  const t = now();
  const picture = web.tick(t);
  if (recording) log.push([t, "t", picture]);
  if (picture !== shown) {
    shown = picture;
    draw();
  }
  const sound = web.sound();
  if (sound) {
    if (recording) log.push([t, "s", sound]);
    beep(sound);
  }
  const note = web.music();
  if (note) play(Number(note));
  const saved = web.saved();
  if (saved) save(saved);
  if (recording) {
    // (the computer's search ran in this frame: thinking, not yet decided, no table check beside it)
    const thinker = web.app.thinker;
    frameTimes.push([started, performance.now() - started, thinker.thinking && !thinker.pit && !checking]);
  }
  if (checking) checkTable(started);
}

// ----- the endgame table: fetched after the first frame, checked in the frames' spare time -----

const TABLE_CHECK_MS = 12; // a frame checks the table until it has lasted this long
let mp = null, checking = false;

function tableNote(text) {
  $("endgame-note").innerHTML = "<b>Endgame table:</b> " + text;
}

async function loadTable(name) {
  const without = "the computer is not perfect in the endgame and the hint is a short search.";
  if (!name) {
    tableNote("this copy of the page was built without the handheld's table: " + without);
    return;
  }
  let data;
  try {
    data = await unpacked(name);
  } catch (e) {
    tableNote("it could not be fetched (" + e.message + "): " + without);
    return;
  }
  mp.FS.writeFile("/endgame.kdb", data);
  const why = web.open_table("/endgame.kdb");
  if (why) tableNote("it could not be used (" + why + "): the computer plays without it.");
  else checking = true;
}

function checkTable(started) {
  // Pieces of the table's check while this frame has time; the app gets it once all is checked.
  while (performance.now() - started < TABLE_CHECK_MS) {
    const got = web.check_table(16);
    if (!got) continue;
    checking = false;
    if (recording) log.push([now(), "e", null]);
    if (got === "ready") {
      tableNote(
        "the handheld's 4.8 MB table is loaded (it came after the page started): with 14 seeds or " +
          "fewer left in the pits (6 pits), Strong and Expert play perfectly and the hint is exact.",
      );
    } else tableNote("it was damaged (" + got + "): the computer plays without it.");
    return;
  }
}

// A hidden page's timers slow to one a second: the app would see its time jump, and the computer
// would think a second a slice. So its clock stops while the page is hidden and goes on after.
let hiddenAt = 0;
// A hidden page is silent too: its note would sound on with no frame to end it.
document.addEventListener("visibilitychange", () => {
  if (document.hidden) {
    hiddenAt = performance.now();
    silence();
    if (audio && audio.state === "running") audio.suspend();
  } else if (hiddenAt) {
    if (audio && audio.state === "suspended" && !stopped) audio.resume();
    t0 += performance.now() - hiddenAt;
    next = performance.now();
    hiddenAt = 0;
  }
});

// ----- sound: the newest beep of a frame, as the device's speaker plays it ----------------

let audio = null, tone = null;

function oscillator(type, hz, volume) {
  // A tone of `type` at `hz`, started, through its own gain (the beeps' and the music's).
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.type = type;
  tone.frequency.value = hz;
  gain.gain.value = volume;
  tone.connect(gain).connect(audio.destination);
  tone.start();
  return { tone, gain };
}

function beep(text) {
  const [hz, ms] = text.split(" ").map(Number);
  if (!audio || audio.state !== "running" || document.hidden) return; // (a page may not sound before a first touch)
  if (tone) tone.stop();
  tone = oscillator("square", hz, 0.04).tone;
  tone.stop(audio.currentTime + ms / 1000);
  window.kalaha.beeps++;
}

// ----- the background music: host/web.py hands each note's start and end (kalaha.picture.music) ---------

let voice = null;

function play(hz) {
  // A soft triangle under the beeps, as the device's; its end a short fade, not a click.
  if (voice) {
    voice.gain.gain.setTargetAtTime(0, audio.currentTime, 0.02);
    voice.tone.stop(audio.currentTime + 0.1);
    voice = null;
  }
  if (!hz || !audio || audio.state !== "running" || document.hidden) return;
  voice = oscillator("triangle", hz, 0.03);
  window.kalaha.notes++;
}

function silence() {
  // The note and the beep stopped (a hidden page, a stopped game); the music goes on with its next note.
  if (tone) tone.stop();
  tone = null;
  play(0);
}

function wakeAudio() {
  // Browsers start sound only from a person's gesture: the first press, turn or key.
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended" && !document.hidden) audio.resume();
  } catch (e) {
    audio = null; // no WebAudio: a silent device
  }
}

// ----- saved data: the nvm image in the browser's storage ---------------------------------

function hexToBase64(hex) {
  let text = "";
  for (let i = 0; i < hex.length; i += 2) text += String.fromCharCode(parseInt(hex.substr(i, 2), 16));
  return btoa(text);
}

function storedImage() {
  // The saved image as hex for host/web.py: "" for none; "?" for storage that is no base64 (the
  // store then says the save is damaged and starts afresh, as the device does).
  let text = null;
  try {
    text = localStorage.getItem(STORAGE);
  } catch (e) {
    storageFailed = true;
    note("storage", "This browser keeps no saved data for this page (" + e.name + "): the game goes on, but a reload starts afresh.");
    return "";
  }
  if (!text) return "";
  try {
    const raw = atob(text);
    let hex = "";
    for (let i = 0; i < raw.length; i++) hex += raw.charCodeAt(i).toString(16).padStart(2, "0");
    return hex;
  } catch (e) {
    return "?";
  }
}

let storageFailed = false;
// This tab keeps the saved data (it holds the Web Lock STORAGE_LOCK while open); another tab of
// the page plays on without saving, or two tabs would overwrite each other's games.
let owner = true;

function claimStorage() {
  // True when this tab got the saved data's lock (or the browser has no Web Locks: it keeps it).
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks
      .request(STORAGE_LOCK, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock ? new Promise(() => {}) : null; // (held while the tab is open)
      })
      .catch(() => resolve(true));
  });
}

function save(hex) {
  if (!owner) {
    window.kalaha.unsaved++;
    return;
  }
  try {
    localStorage.setItem(STORAGE, hexToBase64(hex));
    if (storageFailed) note("storage", "");
    storageFailed = false;
  } catch (e) {
    if (!storageFailed) {
      note("storage", "This browser did not keep the saved data (" + e.name + ": its storage is full or blocked): the game goes on, but a reload starts from what was saved before.");
    }
    storageFailed = true;
  }
}

function note(id, text) {
  // A line under the device about the page itself (saved data, errors): "" takes it away.
  let el = document.querySelector(`#notes [data-note="${id}"]`);
  if (!text) {
    if (el) el.remove();
    fit();
    return;
  }
  if (!el) {
    el = document.createElement("p");
    el.dataset.note = id;
    $("notes").appendChild(el);
  }
  el.textContent = text;
  fit(); // (the device made smaller: the note in sight)
}

// ----- input: keys, knob, keyboard ----------------------------------------------------------

function input(what, arg) {
  if (!web || stopped) return;
  wakeAudio();
  if (recording) log.push([now(), what, arg]);
  try {
    if (what === "d") {
      web.key_down(arg);
      keys[arg].classList.add("held");
    } else if (what === "u" || what === "x") {
      if (what === "u") web.key_up(arg);
      else web.cancel(arg); // let go unsown, as the knob's push cancels a held key on the device
      keys[arg].classList.remove("held");
    } else if (what === "r") {
      web.turn(arg);
      knobAngle += arg * KNOB_STEP_DEG;
      $("mark").style.transform = `rotate(${knobAngle}deg)`;
    } else {
      web.click();
    }
  } catch (e) {
    stop(e);
  }
}

const pointerKeys = new Map(); // pointerId -> the key it holds
const keyboardKeys = new Map(); // KeyboardEvent.code -> the key it holds
const keyHeld = new Array(12).fill(0); // pointers and keyboard keys holding each key

function press(k) {
  if (keyHeld[k]++ === 0) input("d", k);
}

function release(k) {
  if (keyHeld[k] > 0 && --keyHeld[k] === 0) input("u", k);
}

function cancel(k) {
  // A hold the page lost (the window's focus, a context menu, a pointer cancelled or slid off
  // its key): the key let go without sowing, whatever else held it.
  for (const [id, held] of pointerKeys) if (held === k) pointerKeys.delete(id);
  for (const [code, held] of keyboardKeys) if (held === k) keyboardKeys.delete(code);
  if (keyHeld[k] > 0) {
    keyHeld[k] = 0;
    input("x", k);
  }
}

function cancelAll() {
  for (let k = 0; k < 12; k++) cancel(k);
}

function keyPointers() {
  $("keys").addEventListener("pointerdown", (e) => {
    const el = e.target.closest(".key");
    if (!el || pointerKeys.has(e.pointerId)) return;
    e.preventDefault();
    if (e.button !== 0) return; // (a right or middle button presses no key)
    // A touch is captured by the element it began on: released, so sliding off the key is seen.
    if (e.target.hasPointerCapture && e.target.hasPointerCapture(e.pointerId)) e.target.releasePointerCapture(e.pointerId);
    const k = Number(el.dataset.key);
    pointerKeys.set(e.pointerId, k);
    press(k);
  });
  addEventListener("pointerup", (e) => {
    if (!pointerKeys.has(e.pointerId)) return;
    release(pointerKeys.get(e.pointerId));
    pointerKeys.delete(e.pointerId);
  });
  addEventListener("pointercancel", (e) => {
    if (pointerKeys.has(e.pointerId)) cancel(pointerKeys.get(e.pointerId));
  });
}

function knobPointers() {
  // Drag round the knob to turn it (a click every KNOB_STEP_DEG); a press that did not turn it pushes it.
  let drag = null;
  const angle = (e) => {
    const r = knob.getBoundingClientRect();
    return (Math.atan2(e.clientY - (r.top + r.height / 2), e.clientX - (r.left + r.width / 2)) * 180) / Math.PI;
  };
  knob.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    knob.setPointerCapture(e.pointerId);
    drag = { id: e.pointerId, last: angle(e), turned: 0, x: e.clientX, y: e.clientY, moved: false };
    knob.classList.add("pushed");
  });
  knob.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 8) drag.moved = true;
    if (!drag.moved) return;
    let delta = angle(e) - drag.last;
    if (delta > 180) delta -= 360;
    if (delta < -180) delta += 360;
    const steps = Math.trunc(delta / KNOB_STEP_DEG);
    if (steps) {
      drag.last += steps * KNOB_STEP_DEG;
      drag.turned += steps;
      input("r", steps); // clockwise turns on, as the encoder's position counts up
    }
  });
  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moved && e.type === "pointerup") input("c");
    drag = null;
    knob.classList.remove("pushed");
  };
  knob.addEventListener("pointerup", end);
  knob.addEventListener("pointercancel", end);
  let wheel = 0;
  knob.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      wheel += e.deltaMode ? e.deltaY * 20 : e.deltaY;
      while (Math.abs(wheel) >= WHEEL_STEP) {
        const step = Math.sign(wheel);
        wheel -= step * WHEEL_STEP;
        input("r", step); // the wheel down turns on, as in the simulator
      }
    },
    { passive: false },
  );
}

function keyboard() {
  // The keys by their place on the keyboard (KeyboardEvent.code), whatever the layout; the
  // arrows turn the knob; Enter or Space push it, or press the key button that has the focus.
  addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const focused = e.target.closest ? e.target.closest(".key") : null;
    const enter = e.code === "Enter" || e.code === "NumpadEnter" || e.code === "Space";
    let k = KEY_CODES.indexOf(e.code);
    if (k < 0 && enter && focused) k = Number(focused.dataset.key);
    if (k >= 0) {
      e.preventDefault();
      if (!e.repeat && !keyboardKeys.has(e.code)) {
        keyboardKeys.set(e.code, k);
        press(k);
      }
    } else if (e.code === "ArrowRight" || e.code === "ArrowDown") {
      e.preventDefault();
      input("r", 1);
    } else if (e.code === "ArrowLeft" || e.code === "ArrowUp") {
      e.preventDefault();
      input("r", -1);
    } else if (enter && !e.repeat && !(e.target.closest && e.target.closest("summary, a"))) {
      e.preventDefault();
      input("c");
    }
  });
  addEventListener("keyup", (e) => {
    if (!keyboardKeys.has(e.code)) return;
    const k = keyboardKeys.get(e.code);
    keyboardKeys.delete(e.code);
    release(k);
  });
  // Keys held when the window loses the focus, or when a context menu opens (a right click
  // while a key is held): their release would never come, or come elsewhere: never sown.
  addEventListener("blur", cancelAll);
}

async function unpacked(name) {
  // A gzip file of the build (tools/web.py) unpacked here: static hosting sends it as it is.
  const reply = await fetch(name);
  if (!reply.ok) throw new Error(name + ": HTTP " + reply.status + (reply.statusText ? " (" + reply.statusText + ")" : ""));
  const stream = reply.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// ----- start ------------------------------------------------------------------------------

async function start() {
  fit();
  addEventListener("resize", fit);
  makeKeys();
  layoutCaptions();
  // A click on the help's summary keeps no focus: Enter and Space then push the knob (Tab
  // still reaches it, and Enter folds it then).
  $("help").querySelector("summary").addEventListener("mousedown", (e) => e.preventDefault());
  if ("serviceWorker" in navigator) {
    // Offline after the first visit: web/sw.js keeps this build's files (tools/web.py), checks
    // each kept copy and fetches a damaged one again: it says which (asked here, or told later).
    const repaired = new Set();
    navigator.serviceWorker.addEventListener("message", (e) => {
      for (const name of (e.data && e.data.repaired) || []) repaired.add(name);
      if (repaired.size) {
        note(
          "offline",
          "The offline copy of this page was damaged (" + [...repaired].join(", ") + "): fetched again from the network and kept anew.",
        );
      }
    });
    navigator.serviceWorker.startMessages();
    let kept = !!navigator.serviceWorker.controller; // (a worker of an earlier build serves the page)
    if (kept) navigator.serviceWorker.controller.postMessage("repaired");
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      // A new build's worker took over (not the first visit's first): said, for a reload.
      if (kept) note("update", "A new version of this page is here: reload to play it (the game in progress is saved).");
      kept = true;
    });
  }
  const sources = unpacked("kalaha-py.json.gz").then((bytes) => JSON.parse(new TextDecoder().decode(bytes)));
  const runtime = unpacked("micropython.wasm.gz").then((bytes) =>
    URL.createObjectURL(new Blob([bytes], { type: "application/wasm" })),
  );
  const claimed = claimStorage();
  mp = await loadMicroPython({
    url: await runtime,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  const { files, endgame } = await sources;
  owner = await claimed;
  if (!owner) {
    note(
      "owner",
      "This page is open in another tab, which keeps the saved data: this tab plays from what was " +
        "saved when it opened and saves nothing (close the other tab and reload to save here).",
    );
  }
  const folders = new Set(Object.keys(files).map((path) => path.slice(0, path.lastIndexOf("/"))));
  for (const folder of folders) mp.FS.mkdir("/" + folder);
  for (const [path, text] of Object.entries(files)) mp.FS.writeFile("/" + path, text);
  mp.runPython("import sys\nsys.path.insert(0, '/')");
  const start = storedImage();
  web = mp.pyimport("host.web").Web(start);
  status.hidden = true;
  keyPointers();
  knobPointers();
  keyboard();
  $("device").addEventListener("contextmenu", (e) => e.preventDefault()); // (a long touch holds a key)
  addEventListener("contextmenu", (e) => {
    if (e.pointerType !== "touch") cancelAll(); // (a right click, the menu key: held keys let go unsown)
  });
  t0 = performance.now();
  next = t0;
  window.kalaha.ready = performance.now(); // ms from the page's start to the app's first frame
  window.kalaha.start = start;
  frame();
  await loadTable(endgame);
  if ("serviceWorker" in navigator) {
    // (after the page's own fetches: the offline copy's are then answered by the browser's cache)
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("kalaha: no offline copy:", e));
  }
}

// For the browser test (tests/web_browser.mjs) and the curious: the app, its log and timings.
window.kalaha = {
  log,
  frameTimes,
  get web() {
    return web;
  },
  get mp() {
    return mp;
  },
  get audio() {
    return audio;
  },
  get owner() {
    return owner;
  },
  unsaved: 0, // saved images this tab did not store (another tab keeps the saved data)
  ready: 0,
  beeps: 0, // sounds played through WebAudio
  notes: 0, // the music's notes played through WebAudio
};

start().catch((e) => {
  status.hidden = false;
  status.textContent = "The game could not start: " + (e.message || e);
  console.error(e);
});
