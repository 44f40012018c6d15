// The service worker of the scorekeeper: the pages, scripts and styles
// are kept on the phone so the scorekeeper opens with no network. Pages
// are asked from the network first (a new version shows at once) and
// taken from the phone when there is none. The API is never cached
// here: the scorekeeper keeps its own last state and its outbox.
const CACHE = "towers-shell-v7";
// The scorekeeper's words in every language, so that switching the
// language on the lawn works without a signal too.
const LANGUAGES = ["en", "de", "nl"];
const AREAS = ["common", "home", "kubb", "refusals"];
const FLUENT = ["builtins", "bundle", "index", "memoizer", "resolver", "resource", "scope", "types"];
const SHELL = ["/", "/kubb", "/style.css", "/api.js", "/i18n.js", "/kubb.js", "/tournament-call.js", "/kubb-rules.js", "/kubb-settings.js", "/offline.js", "/qr.js", "/index.js", "/favicon.svg", "/manifest.webmanifest",
  ...FLUENT.map((module) => `/vendor/fluent-bundle/${module}.js`),
  ...LANGUAGES.flatMap((language) => AREAS.map((area) => `/locales/${language}/${area}.ftl`))];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(fetch(event.request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
      }
      return response;
    })
    // A page asked for with its ?id= is the same page on the phone.
    .catch(() => caches.match(url.pathname).then((hit) => hit || Response.error())));
});
