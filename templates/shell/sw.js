// The app shell: styles, scripts and icons (content-hashed URLs, so a kept copy is never stale) and a page that
// says what to do while the connection is gone. Pages and writes always go to the server: a kept copy of a game
// would show a stale score as if it were current.
var SHELL = "shell-v1";
var FILES = {{ (shell + [offline]) | tojson }};
var OFFLINE = {{ offline | tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(FILES); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.keys().then(function (requests) {
      // Files of an older shell go; the ones listed above stay.
      return Promise.all(requests.filter(function (request) {
        var url = new URL(request.url);
        return FILES.indexOf(url.pathname + url.search) < 0;
      }).map(function (request) { return cache.delete(request); }));
    });
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET" && (url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/words/") === 0)) {
    event.respondWith(caches.match(request).then(function (kept) { return kept || fetch(request); }));
  } else if (request.mode === "navigate") {
    // The network always: the page is live. Without it, the kept hand page (a hand form posted without a
    // connection comes back to it, and queue.js queues that tap), or else the offline page.
    event.respondWith(fetch(request).catch(function () {
      return keptHand(url).then(function (page) { return page || caches.match(OFFLINE); });
    }));
  }
});

// The last hand screen and the last sheet of the game the scorekeeper saw, kept by queue.js with their revision:
// the sheet reloaded without a connection opens the kept sheet; a hand screen reloaded (or a form posted, a
// correction too) opens
// the newer of the two (a deal posted from the sheet comes back to that sheet), and the taps still waiting in
// IndexedDB are drawn on it again.
function keptHand(url) {
  var hand = url.pathname.match(/^(\/games\/[^\/]+)(\/deal|\/bids|\/trump|\/tricks|\/sheet|\/hands\/\d+\/edit)?$/);
  if (!hand) return Promise.resolve(null);
  return caches.open("hands-v1").then(function (cache) {
    return Promise.all([cache.match(hand[1] + "/offline-sheet"), cache.match(hand[1] + "/offline-hand")]);
  }).then(function (kept) {
    var sheet = kept[0], screen = kept[1];
    if (!sheet || !screen) return sheet || screen;
    if (hand[2] === "/sheet") return sheet;
    return revision(sheet) > revision(screen) ? sheet : screen;
  });
}

function revision(response) { return parseInt(response.headers.get("X-Revision"), 10) || 0; }
