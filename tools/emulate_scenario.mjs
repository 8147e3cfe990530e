// The scenario tools/emulate.py gives the emulated MacroPad (../shared/emulator/cpemu.mjs):
// boot code.py, then do the steps of the JSON file named by KALAHA_STEPS, one after another:
//   {"wait": MS}                 let MS of emulated time pass
//   {"click": 1}                 press the encoder's switch (GP0)
//   {"key": K}                   press key K (0..11; GPIO K+1)
//   {"turn": N}                  turn the encoder N detents (negative: back)
//   {"shot": NAME}               save the OLED as PREFIX_NAME.fb.json
//   {"serial": RE, "ms": MS}     wait (at most MS emulated) until the serial output matches RE
//                                (with "new": true, only the output from the step's start on)
//   {"mark": NAME}               print "[kalaha] mark NAME after t N": N, the time of the game's last
//                                serial report so far ("kalaha: t N ms")
//   {"play": [K...], "every": MS, "until": RE, "ms": MS, "turn_every": N}
//                                press the keys in turn, one every MS, until the serial output
//                                (from the step's start) matches RE, at most "ms" emulated; with
//                                turn_every, the knob is turned a detent (back and forth) after
//                                every N presses
// Prints "[kalaha] step N done" lines; a step that times out prints "[kalaha] timeout" and exits 1.
// The audio DMA is watched (watchAudio): at the end, "[kalaha] audio: ..." says how many sample
// buffers the speaker's PWM was sent and how many of them went out before the firmware refilled.
import fs from 'node:fs';

const KEY_MS = 60;

async function turn(c, n) {
  // One detent clockwise: (A,B) = (0,1), (0,0), (1,0), (1,1); counter-clockwise the reverse.
  const cw = [[0, 1], [0, 0], [1, 0], [1, 1]];
  const seq = n > 0 ? cw : [[1, 0], [0, 0], [0, 1], [1, 1]];
  for (let i = 0; i < Math.abs(n); i++) {
    for (const [a, b] of seq) { c.setPin(17, a); c.setPin(18, b); await c.sleepEmu(3); }
  }
  await c.sleepEmu(KEY_MS);
}

async function waitSerial(c, re, from, ms) {
  const until = c.emuMs() + ms;
  while (c.emuMs() < until) {
    if (re.test(c.out.slice(from))) return true;
    await c.sleepEmu(50);
  }
  return re.test(c.out.slice(from));
}

const PWM_BASE = 0x40050000; // the RP2040's PWM registers: audiopwmio's DMA writes its CC there
const READ_ADDR = new Set([0x000, 0x014, 0x028, 0x03c]); // a DMA channel's READ_ADDR and aliases

function watchAudio(c) {
  // audiopwmio plays through two DMA channels chained to each other, one buffer each: when one
  // ends the other starts, and the firmware refills the ended one (synthio renders its next
  // samples) and sets its READ_ADDR again. A channel started by the chain before that is a
  // buffer sent stale: a gap in the sound. Counted, with the longest refill after a buffer ended.
  // The computer's thinking, from its serial lines "thought N ms" (the player's wait, sent as it
  // ends): a stale buffer within one is a gap while the computer thinks.
  const st = { buffers: 0, stale: 0, staleAt: [], longest: 0, thinking: [], thinkingStale: 0, seen: 0 };
  const thought = () => {
    const re = /thought (\d+) ms\r?\n/g;
    re.lastIndex = st.seen;
    for (let m; (m = re.exec(c.out)); st.seen = re.lastIndex) st.thinking.push([c.emuMs() - Number(m[1]) - 25, c.emuMs()]);
  };
  const channels = c.mcu.dma.channels;
  for (const ch of channels) {
    ch._fresh = true;
    ch._endedAt = -1;
    const write = ch.writeUint32.bind(ch);
    ch.writeUint32 = (offset, value) => {
      write(offset, value);
      if (READ_ADDR.has(offset)) {
        ch._fresh = true;
        if (ch._endedAt >= 0) st.longest = Math.max(st.longest, c.emuMs() - ch._endedAt);
        ch._endedAt = -1;
      }
    };
    const start = ch.start.bind(ch);
    ch.start = () => {
      const busy = ch.active;
      if ((ch.writeAddr & 0xfffff000) === PWM_BASE && !busy) {
        st.buffers += 1;
        if (c.out.length > st.seen) thought();
        if (!ch._fresh) {
          st.stale += 1;
          st.staleAt.push(Math.round(c.emuMs()));
        }
        ch._fresh = false;
        // the channel chained to this one has just ended its buffer
        for (const other of channels) if (other !== ch && other.chainTo === ch.index && other._endedAt < 0) other._endedAt = c.emuMs();
      }
      start();
    };
  }
  return st;
}

export default async function (c) {
  const audio = watchAudio(c);
  const steps = JSON.parse(fs.readFileSync(process.env.KALAHA_STEPS, 'utf8'));
  await c.waitFor(/code\.py/, { timeoutWallS: 900 });
  c.log('[kalaha] code.py started');
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    if ('wait' in s) await c.sleepEmu(s.wait);
    else if ('click' in s) await c.press(0, KEY_MS);
    else if ('key' in s) await c.press(s.key + 1, KEY_MS);
    else if ('turn' in s) await turn(c, s.turn);
    else if ('shot' in s) c.snapshot(s.shot);
    else if ('mark' in s) {
      const reports = [...c.out.matchAll(/kalaha: t (\d+) ms/g)];
      console.log(`[kalaha] mark ${s.mark} after t ${reports.length ? reports[reports.length - 1][1] : -1}`);
    }
    else if ('serial' in s) {
      if (!(await waitSerial(c, new RegExp(s.serial), s.new ? c.mark() : 0, s.ms || 20000))) {
        console.log(`[kalaha] timeout in step ${i}: no ${s.serial}`); process.exit(1);
      }
    } else if ('play' in s) {
      const from = c.mark();
      const re = new RegExp(s.until);
      const until = c.emuMs() + (s.ms || 600000);
      let k = 0;
      while (!re.test(c.out.slice(from))) {
        if (c.emuMs() > until) { console.log(`[kalaha] timeout in step ${i}: no ${s.until}`); process.exit(1); }
        await c.press(s.play[k % s.play.length] + 1, KEY_MS);
        k += 1;
        if (s.turn_every && k % s.turn_every === 0) await turn(c, k % (2 * s.turn_every) ? 1 : -1);
        await c.sleepEmu(Math.max(0, s.every - 2 * KEY_MS));
      }
    }
    c.log(`[kalaha] step ${i} done`);
  }
  const during = audio.staleAt.filter((t) => audio.thinking.some(([a, b]) => a <= t && t <= b));
  const thinkingMs = audio.thinking.reduce((sum, [a, b]) => sum + b - a, 0);
  console.log(`[kalaha] audio: ${audio.buffers} buffers, ${audio.stale} stale (at ${audio.staleAt.slice(0, 20).join(' ')} ms), longest refill ${audio.longest.toFixed(1)} ms; while the computer thought (${Math.round(thinkingMs)} ms): ${during.length} stale${during.length ? ' (at ' + during.slice(0, 20).join(' ') + ' ms)' : ''}`);
  if (/Traceback/.test(c.out)) { console.log('[kalaha] traceback on the serial console'); process.exit(1); }
}
