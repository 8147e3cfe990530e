// The scenario tools/emulate.py gives the emulated MacroPad (../shared/emulator/cpemu.mjs):
// boot code.py, then do the steps of the JSON file named by KALAHA_STEPS, one after another:
//   {"wait": MS}                 let MS of emulated time pass
//   {"click": 1}                 press the encoder's switch (GP0)
//   {"key": K}                   press key K (0..11; GPIO K+1)
//   {"turn": N}                  turn the encoder N detents (negative: back)
//   {"shot": NAME}               save the OLED as PREFIX_NAME.fb.json
//   {"serial": RE, "ms": MS}     wait (at most MS emulated) until the serial output matches RE
//   {"play": [K...], "every": MS, "until": RE, "ms": MS, "turn_every": N}
//                                press the keys in turn, one every MS, until the serial output
//                                (from the step's start) matches RE, at most "ms" emulated; with
//                                turn_every, the knob is turned a detent (back and forth) after
//                                every N presses
// Prints "[kalaha] step N done" lines; a step that times out prints "[kalaha] timeout" and exits 1.
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

export default async function (c) {
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
    else if ('serial' in s) {
      if (!(await waitSerial(c, new RegExp(s.serial), 0, s.ms || 20000))) {
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
  if (/Traceback/.test(c.out)) { console.log('[kalaha] traceback on the serial console'); process.exit(1); }
}
