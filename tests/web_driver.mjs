// The browser for tests/test_web.py: headless Chromium driven by playwright-core, one command a
// line on stdin (JSON), one answer a line on stdout (JSON). The test decides; this only acts.
//   node tests/web_driver.mjs CHROMIUM PROFILE_DIR
// Commands: open {url, phone}, eval {js}, click|tap {selector}, drag {selector, turns, touch},
// wheel {selector, dy}, key {key, hold}, reload, init {js}, goto {url}, aria {selector}, screenshot {path}, tab {index, url} (switch to
// the context's tab `index`, a new one opened at `url` if there is none), offline {on}, viewport {width, height}, close.

import { chromium } from "playwright-core";
import readline from "node:readline";

const [executablePath, profile] = process.argv.slice(2);
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
let context = null, page = null, errors = [];

async function ready() {
  // The page's first frame: window.kalaha.ready is set then (ms from the navigation's start).
  await page.waitForFunction(() => window.kalaha && window.kalaha.ready > 0, null, { timeout: 30000 });
  return page.evaluate(() => window.kalaha.ready);
}

async function centre(selector) {
  const box = await page.locator(selector).boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2, box.width / 2];
}

let cdp = null; // one session for the page: a touch's moves must follow its start in the same one

async function touch(type, x, y) {
  cdp = cdp || (await context.newCDPSession(page));
  await cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }] });
}

const commands = {
  async open({ url, phone }) {
    const options = phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }
      : { viewport: { width: 1000, height: 820 } };
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: FLAGS,
      ...options,
    });
    page = context.pages()[0] || (await context.newPage());
    page.on("pageerror", (e) => errors.push(String(e.message || e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(url);
    return { ready: await ready() };
  },
  async eval({ js }) {
    return page.evaluate(js);
  },
  async click({ selector }) {
    await page.click(selector);
  },
  async tap({ selector }) {
    await page.tap(selector);
  },
  async hold({ selector, ms }) {
    const [x, y] = await centre(selector);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(ms);
    await page.mouse.up();
  },
  async drag({ selector, turns, touch: byTouch }) {
    // Round the knob's centre, 5 degrees a move: 30 a turn (web/kalaha.js), clockwise for turns > 0.
    const [cx, cy, r] = await centre(selector);
    const at = (deg) => [cx + r * 0.8 * Math.cos((deg * Math.PI) / 180), cy + r * 0.8 * Math.sin((deg * Math.PI) / 180)];
    const steps = Math.abs(turns) * 6 + 1, dir = Math.sign(turns);
    let [x, y] = at(-90);
    if (byTouch) await touch("touchStart", x, y);
    else {
      await page.mouse.move(x, y);
      await page.mouse.down();
    }
    for (let i = 1; i <= steps; i++) {
      [x, y] = at(-90 + dir * i * 5);
      if (byTouch) await touch("touchMove", x, y);
      else await page.mouse.move(x, y);
    }
    if (byTouch) await touch("touchEnd", x, y);
    else await page.mouse.up();
  },
  async wheel({ selector, dy }) {
    const [x, y] = await centre(selector);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, dy);
  },
  async key({ key, hold }) {
    if (hold) {
      await page.keyboard.down(key);
      await page.waitForTimeout(hold);
      await page.keyboard.up(key);
    } else await page.keyboard.press(key);
  },
  async tab({ index, url }) {
    const pages = context.pages();
    cdp = null;
    if (index < pages.length) {
      page = pages[index];
      await page.bringToFront();
      return { ready: await ready() };
    }
    page = await context.newPage();
    page.on("pageerror", (e) => errors.push(String(e.message || e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(url);
    return { ready: await ready() };
  },
  async viewport({ width, height }) {
    await page.setViewportSize({ width, height });
  },
  async offline({ on }) {
    await context.setOffline(on);
  },
  async reload() {
    cdp = null;
    await page.reload();
    return { ready: await ready() };
  },
  async init({ js }) {
    // A script run before the page's own at every load from now on (the tests' stand-ins).
    await context.addInitScript(js);
  },
  async goto({ url }) {
    // Another address in this tab, not waiting for the game (a file's page never starts it).
    cdp = null;
    await page.goto(url);
  },
  async aria({ selector }) {
    // The accessibility tree under `selector`, as a screen reader is given it (YAML).
    return page.locator(selector).ariaSnapshot();
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
  },
  async errors() {
    const out = errors;
    errors = [];
    return out;
  },
  async close() {
    if (context) await context.close();
    context = page = cdp = null;
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const { op, ...args } = JSON.parse(line);
  let answer;
  try {
    answer = { ok: (await commands[op](args)) ?? null };
  } catch (e) {
    answer = { error: String(e.stack || e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (op === "close") break;
}
process.exit(0);
