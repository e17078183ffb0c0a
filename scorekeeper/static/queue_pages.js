// The offline queue's kept pages (queue.js, read by the service worker, templates/shell/sw.js): the last hand
// screen and the last sheet of the game, each in its place with its revision and the hands it holds, so that a
// reload without a connection still opens the hand, and tricks saved offline open the sheet as they do online.
(function () {
  "use strict";
  var CACHE = "hands-v1";
  function keep(cache, page, at, html) {
    return cache.put(page.play + "/offline-" + at, new Response(html, {headers: {
      "Content-Type": "text/html; charset=utf-8", "X-Revision": String(page.revision),
      "X-Finished": String(page.finished)}}));
  }
  // This page as it stands (the server's, never a kept one, never a correction's form).
  function keepPage(page, holder) {
    if (!window.caches || !navigator.onLine || holder.hasAttribute("data-kept") || page.at === "edit") return;
    var copy = document.documentElement.cloneNode(true);
    copy.querySelector("#offline").setAttribute("data-kept", "");  // tells the kept page from the server's
    Array.prototype.forEach.call(copy.querySelectorAll("[data-lazy]"), function (tag) { tag.parentNode.removeChild(tag); });
    var html = "<!doctype html>\n" + copy.outerHTML;
    caches.open(CACHE).then(function (cache) {
      return keep(cache, page, page.at, html);
    }).catch(function () { /* no room: the hand still works until the page is reloaded */ });
  }
  // A hand page keeps the sheet too, once a hand (the sheet after a hand is kept when it is seen): the server's,
  // holding this page's finished hands.
  function keepSheet(page, holder) {
    if (!window.caches || !navigator.onLine || page.at !== "hand" || holder.hasAttribute("data-kept")) return;
    caches.open(CACHE).then(function (cache) {
      return cache.match(page.play + "/offline-sheet").then(function (kept) {
        if (kept && kept.headers.get("X-Finished") === String(page.finished)) return;
        return fetch(page.sheet, {credentials: "same-origin", headers: {"X-Background": "1"}}).then(function (response) {
          return response.ok ? response.text() : "";
        }).then(function (html) {
          if (html.indexOf('id="offline"') >= 0) {
            return keep(cache, page, "sheet", html.replace('id="offline"', 'id="offline" data-kept'));
          }
        });
      });
    }).catch(function () { /* no room or no connection: tricks saved offline stay on the hand's screen */ });
  }
  // A kept page with nothing waiting on it (the worker answered while the connection was gone, or it dropped for
  // the moment a page was asked for) gives way to the server's page as soon as the server answers again: the
  // table may have moved on without this phone, and no tap of its own would ever bring it back.
  function giveWay(page, holder, idle) {
    if (!idle() || !holder.hasAttribute("data-kept") || !navigator.onLine) return;
    fetch(page.play, {method: "HEAD", cache: "no-store", credentials: "same-origin"}).then(function (response) {
      if (response.ok && idle()) location.reload();
    }, function () { /* still gone: the next try comes with the connection, or in a few seconds */ });
  }
  // Whether the kept sheet holds the hands the server had under the waiting taps (base: that state).
  // Only a page the service worker controls: it is the one that answers the sheet's address without a connection.
  function sheetKept(page, base) {
    if (!window.caches || !(navigator.serviceWorker && navigator.serviceWorker.controller)) return Promise.resolve(false);
    return caches.open(CACHE).then(function (cache) { return cache.match(page.play + "/offline-sheet"); })
      .then(function (kept) { return !!kept && kept.headers.get("X-Finished") === String(base.finished); },
            function () { return false; });
  }
  window.QueuePages = {keepPage: keepPage, keepSheet: keepSheet, sheetKept: sheetKept, giveWay: giveWay};
})();
