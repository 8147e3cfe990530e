// Pocket Kalaha offline: this build's files kept in the browser's cache at the first visit and
// served from there after (the page starts without a network). tools/web.py writes the build's
// hash and its files' sha256 in place of the two names below; a new build is a new cache, the old
// one deleted once the new one is in use. Scoped to the build's folder (where this file is).
const VERSION = "BUILD_HASH";
const FILES = BUILD_FILES; // name ("./" the page) -> its sha256, hex
const CACHE = "pocket-kalaha-" + VERSION;
const SCOPE = new URL("./", self.location).href;
let repaired = []; // the files whose kept copy was damaged, fetched again (the page asks: "repaired")

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(Object.keys(FILES)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("pocket-kalaha-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function sound(reply, want) {
  // True when the kept reply's bytes are the build's (a damaged or unreadable copy is not).
  try {
    const bytes = await reply.arrayBuffer();
    const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("") === want;
  } catch (e) {
    return false;
  }
}

async function answer(request) {
  // The kept copy when it is whole; else (none, damaged) the network's, kept anew and said.
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.search = "";
  const name = url.href === SCOPE ? "./" : url.href.slice(SCOPE.length);
  const want = FILES[name];
  const kept = await cache.match(url.href);
  if (kept && (!want || (await sound(kept.clone(), want)))) return kept;
  let fresh;
  try {
    fresh = await fetch(request);
  } catch (e) {
    if (!kept) throw e;
    return new Response("", { status: 503, statusText: "offline copy damaged, no network" });
  }
  if (kept && want && fresh.ok) {
    await cache.put(url.href, fresh.clone());
    repaired.push(name);
    const pages = await self.clients.matchAll({ type: "window" });
    for (const page of pages) page.postMessage({ repaired });
    if (pages.length) repaired = []; // (said; else the next page to start asks for it)
  }
  return fresh;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || !event.request.url.startsWith(SCOPE)) return;
  event.respondWith(answer(event.request));
});

self.addEventListener("message", (event) => {
  if (event.data === "repaired") {
    event.source.postMessage({ repaired }); // (said once, to the page that started after the repair)
    repaired = [];
  }
});
