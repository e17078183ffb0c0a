// Live follow: ask for the game's revision with its ETag (304 while nothing changed); when it moves on,
// fetch this page again and patch only what changed, so scroll, open sections and focus stay as they are.
// Live.follow and Live.morph are meant for reuse by other live screens.
(function () {
  "use strict";
  var Live = window.Live = window.Live || {};

  function sameKind(a, b) {
    return a.nodeType === b.nodeType && a.nodeName === b.nodeName && (a.nodeType !== 1 || a.id === b.id);
  }

  function syncAttributes(old, fresh) {
    // A section the reader opened or closed stays so; everything else follows the server.
    var keep = old.nodeName === "DETAILS" ? "open" : null, i, a;
    for (i = 0; i < fresh.attributes.length; i++) {
      a = fresh.attributes[i];
      if (a.name !== keep && old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    }
    for (i = old.attributes.length - 1; i >= 0; i--) {
      a = old.attributes[i];
      if (a.name !== keep && !fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
    }
  }

  // Make `old` look like `fresh`, touching only the nodes that differ.
  function morph(old, fresh) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
      return;
    }
    syncAttributes(old, fresh);
    var kids = fresh.childNodes, i;
    for (i = 0; i < kids.length; i++) {
      var mine = old.childNodes[i];
      if (!mine) old.appendChild(document.importNode(kids[i], true));
      else if (sameKind(mine, kids[i])) morph(mine, kids[i]);
      else old.replaceChild(document.importNode(kids[i], true), mine);
    }
    while (old.childNodes.length > kids.length) old.removeChild(old.lastChild);
  }
  Live.morph = morph;

  // Poll options.revisionUrl every options.every ms while the page is visible; on a change, patch the
  // options.region element of this page from a fresh copy. options.seen is the revision the page shows.
  // Once this page sends a form (the sheet's deal buttons), its own write changes the revision: never patch over it.
  var sending = false;
  // X-Background: a page fetched, not opened, leaves the messages a form left for the page it opens (flashes()).
  var REFRESH = {cache: "no-store", credentials: "same-origin", headers: {"X-Background": "1"}};
  document.addEventListener("submit", function () { sending = true; });

  Live.follow = function (options) {
    var seen = String(options.seen), timer = null, busy = false;

    function schedule() {
      clearTimeout(timer);
      if (!document.hidden) timer = setTimeout(check, options.every);
    }

    function refresh() {
      return fetch(location.href, REFRESH).then(function (response) {
        if (response.redirected && new URL(response.url).pathname !== location.pathname) {
          location.assign(response.url);  // the table moved to another screen: go there
          return;
        }
        if (!response.ok) return;
        return response.text().then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html");
          var mark = fresh.querySelector("script[data-revision]");
          var region = fresh.querySelector(options.region), mine = document.querySelector(options.region);
          if (!region || !mine) return;
          morph(mine, region);
          if (mark) seen = mark.dataset.revision;
          document.dispatchEvent(new CustomEvent("live:updated", {detail: {revision: seen}}));
        });
      });
    }

    function check() {
      if (busy || sending || document.hidden) return;
      if (Live.holds && Live.holds()) return schedule();  // the phone's own screen (queue.js): not now
      busy = true;
      fetch(options.revisionUrl, {cache: "no-store", headers: {"If-None-Match": '"' + seen + '"'}})
        .then(function (response) { return response.status === 200 ? response.json() : null; })
        .then(function (game) {
          // The table moved on to its next game since this page was drawn: go there (a seat phone to its seat).
          if (game && game.next && seen.indexOf("+next") < 0) { location.assign(options.next || game.next); return; }
          if (game && String(game.tag || game.revision) !== seen) return refresh();  // tag: abandoned too
        })
        .catch(function () { /* offline for a moment: try again next time */ })
        .then(function () { busy = false; schedule(); });
    }

    document.addEventListener("visibilitychange", function () { if (!document.hidden) check(); });
    schedule();
  };

  var script = document.currentScript;
  if (script && script.dataset.url) {
    Live.follow({revisionUrl: script.dataset.url, seen: script.dataset.revision, next: script.dataset.next,
                 every: Number(script.dataset.every) || 700, region: script.dataset.region || "main"});
  }
})();
