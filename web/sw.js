// Pocket Kalaha offline: this build's files kept in the browser's cache at the first visit and
// served from there after (the page starts without a network). tools/web.py writes the build's
// hash and its files in place of the two names below; a new build is a new cache, the old one
// deleted once the new one is in use. Scoped to the build's folder (where this file is).
const VERSION = "BUILD_HASH";
const FILES = BUILD_FILES;
const CACHE = "pocket-kalaha-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
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

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((kept) => kept || fetch(event.request)),
  );
});
