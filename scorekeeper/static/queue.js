// The scorekeeper's hand keeps going through a dropped connection (issue 11).
// Offline (or while taps are still waiting) a tap is applied on this phone at once from what the page
// carries (#offline's data-table), kept in IndexedDB, and sent in order through the actions API when the
// connection returns. A waiting tap is never shown as saved; a refused one is shown with the reason and
// the rest stay queued. Each tap has its own id, so the server applies it once even if it is sent twice.
// Each tap names the hand it was made on (hand: deal n, the bids, trump or tricks of hand n, a correction of
// hand n): the server applies it to that hand and step only, else answers 409 with the hand as recorded, which is
// said here in words with the choice to keep the recorded hand or correct it (issue 23).
// This file holds the queue and sends it; its parts, loaded before it (offline.js): dom.js, queue_store.js
// (IndexedDB), queue_engine.js (a tap applied), queue_status.js (the status line), queue_forms.js (a server form
// read as a tap), queue_pages.js (the pages kept for the service worker).
(function () {
  "use strict";
  var holder = document.getElementById("offline");
  if (!holder || !window.indexedDB) return;
  var page = JSON.parse(holder.dataset.table);
  var main = document.querySelector("main");
  var status = document.getElementById("queue-status");
  var GAME = page.game;
  var apply = QueueEngine.apply;
  var base = null;      // the game as the server last confirmed it (page data), before the waiting taps
  var taps = [];        // the waiting taps, oldest first: {seq, game, tap: {id, action, ...}, made_on, refused}
  var sending = false;
  var local = false;    // true once this page shows a state of its own (taps not yet confirmed)
  var said = null;      // a word after the last tap on this phone (the server's "Undone."), shown once
  var queuedHere = false;  // a tap was made on this page (the correction page shows its form until then)
  var started = false;  // the waiting taps are read from IndexedDB

  // While this phone shows a state of its own, the live follow (follow.js) must not navigate or patch the page
  // under it: the server's revision moves with every tap sent, and the queue goes to the server's page itself.
  window.Live = window.Live || {};
  Live.holds = function () { return local || taps.length > 0; };

  // The bid engine (bidstate.js), the hand screens drawn on the phone (offline_hand.js, with the bids-all-at-once
  // tally of counts.js and bids.js), the kept sheet with the phone's hands (offline_sheet.js) and a 409 in words
  // (tap_conflict.js). A page the service worker serves has them in the worker's cache, so they are fetched only
  // once this phone works a hand out itself (a tap waits); a page no worker holds yet fetches them at once (see
  // start), for a connection that drops before the worker is in place.
  var engine = null;
  function script(src) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = src;
      tag.async = false;  // fetched together, run in the page's order: bids.js calls counts.js as it loads
      tag.setAttribute("data-lazy", "");
      tag.onload = resolve;
      tag.onerror = reject;
      document.head.appendChild(tag);
    });
  }
  function needEngine() {
    if (window.BidState && window.BidsAll && window.OfflineHand && window.OfflineSheet && window.TapConflict) {
      return Promise.resolve();
    }
    if (!engine) {
      engine = Promise.all(page.engine.map(script)).catch(function () {
        engine = null;  // tried again with the next tap or send
        return Promise.reject();
      });
    }
    return engine;
  }
  function current() {
    return taps.reduce(function (state, t) { return t.refused ? state : apply(state, t.tap); }, base);
  }
  function live() { return taps.filter(function (t) { return !t.refused; }); }

  // ---- taps -------------------------------------------------------------------------------------------------
  function newId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return "tap-" + Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  // A tap is kept before its screen is drawn again: until then that screen is stale, and a second quick tap on it
  // would name the seat that has just bid (on the same revision), so its controls are still until it is drawn.
  var keeping = null;
  function stalled() {  // not kept, or kept without the engine to draw it: the status line says so
    keeping.release();
    keeping = null;
    showStatus();
  }
  function queue(tap) {
    if (keeping) return Promise.resolve();
    keeping = Dom.still(main);
    tap.id = newId();
    // When it was tapped: History keeps this time, not the moment the phone came back (the server bounds it).
    tap.tapped = tap.tapped || new Date().toISOString();
    // What it was made on: the hand this phone is on now (a correction: the hand it corrects).
    tap.hand = tap.action === "correct" ? tap.number : current().number;
    said = tap.action === "correct" ? _("Kept on this phone: %(tap)s.", {tap: QueueStatus.describe(tap, page)}) : null;
    queuedHere = true;
    if (onSheet()) history.replaceState(null, "", page.play);  // the next deal: the hand's screens from here on
    var entry = {game: GAME, tap: tap, made_on: base.revision + live().length};
    return TapStore.keepBase(base).then(function () { return TapStore.add(entry); }).then(function (seq) {
      entry.seq = seq;
      taps.push(entry);
      local = true;
      // Saved tricks open the sheet, as online: the kept one, when it holds the hands the server had under the taps.
      return needEngine().then(function () {
        return tap.action === "tricks" && QueuePages.sheetKept(page, base);
      }).then(function (kept) {
        keeping = null;
        if (kept) location.assign(page.sheet); else { render(); send(); }
      }, stalled);
    }, stalled);
  }
  function undo() {
    // The last waiting tap, not sent yet, is taken back on this phone: the server never hears of it.
    var last = live().slice(-1)[0];
    if (last && !sending) drop(last).then(function () { said = page.undone; render(); });
  }
  function drop(entry) {
    return TapStore.remove(entry).then(function () {
      taps = taps.filter(function (t) { return t.seq !== entry.seq; });
    });
  }

  // ---- sending, in order, each once ------------------------------------------------------------------------
  function send() {
    if (sending) return;
    if (taps.length && !window.OfflineHand) { needEngine().then(send, showStatus); return; }
    var entry = taps[0];
    if (!entry) { settled(); return; }
    if (entry.refused) { showStatus(); return; }  // the rest wait until the refused tap is dealt with
    sending = true;
    showStatus();
    var body = Object.assign({revision: entry.made_on}, entry.tap);
    // return=minimal: an applied tap answers with its revision and message, not the whole scored game.
    fetch(page.api, {method: "POST", headers: {"Content-Type": "application/json", "Prefer": "return=minimal",
                                               "Authorization": "Bearer " + page.key},
                     body: JSON.stringify(body), cache: "no-store"}).then(function (response) {
      return response.json().then(function (answer) { return {status: response.status, answer: answer}; });
    }).then(function (result) {
      if (result.status === 200) {
        base = apply(base, entry.tap);
        base.revision = result.answer.revision;
        return TapStore.keepBase(base).then(function () { return drop(entry); }).then(function () {
          if (result.answer.message) sessionStorage.setItem("queue-message", result.answer.message);
        });
      }
      // Refused: kept, shown with the reason; the taps after it stay queued, drawn on the game as it is now.
      if (result.answer.game) fromServer(result.answer);
      entry.refused = result.answer.error || _("refused (%(status)s)", {status: result.status});
      // Made on a hand the server holds otherwise: said in words, with the hand as recorded to choose from.
      entry.conflict = result.status === 409 && result.answer.recorded ?
        {recorded: result.answer.recorded, revision: result.answer.revision} : null;
      return TapStore.put(entry);
    }).then(function () {
      sending = false;
      render();
      if (!entry.refused) send();
    }, function () {
      // No connection: nothing changed, so the screen stays as it is being tapped (a new one would lose that);
      // the next try comes when the phone is back, or in a few seconds.
      sending = false;
      showStatus();
    });
  }
  function fromServer(answer) {
    var hands = answer.game.hands || [], last = hands[hands.length - 1];
    base = QueueEngine.copy(base);
    base.revision = answer.revision;
    if (answer.position) base.number = answer.position.hand;
    if (last && last.tricks === null && answer.step !== "deal") {
      base.hand = {cards: last.cards, dealer: last.dealer, bids: last.bids, out: last.out || [], trump: last.trump || null};
      base.number = last.number;
      base.step = answer.step;
    }
    TapStore.keepBase(base);
  }
  function settled() {
    showStatus();
    if (!local || taps.length) return;
    // Everything is confirmed: show the server's own page for where the table is now.
    location.replace(base.to_sheet ? page.sheet : page.play);
  }

  // ---- the screen -------------------------------------------------------------------------------------------
  function showStatus() {
    QueueStatus.show(status, {page: page, taps: taps, sending: sending,
      discard: function (entry) { drop(entry).then(function () { render(); send(); }); },
      correct: function (entry, fixed) {
        // Made on the game as the server answered: a correction is applied only on the revision it was made on.
        fixed.id = newId();
        fixed.tapped = new Date().toISOString();
        entry.tap = fixed;
        entry.made_on = entry.conflict.revision;
        entry.refused = entry.conflict = null;
        TapStore.put(entry).then(function () { render(); send(); });
      }});
  }
  function onSheet() { return page.at === "sheet" && /\/sheet$/.test(location.pathname); }
  function render() {
    showStatus();
    if (!local) return;
    if (onSheet()) { OfflineSheet.withTaps(base, live(), page); return; }
    if (page.at === "edit" && !queuedHere) return;
    var state = current();
    main.textContent = "";
    main.appendChild(OfflineHand.screen(state, {page: page, taps: taps, sending: sending, said: said, queue: queue,
                                                render: render, bidState: QueueEngine.bidState, undo: undo}));
    var where = document.querySelector(".bar .where");
    if (where) where.textContent = OfflineHand.stepName(state.step);
  }

  // ---- a tap on the server's own page, while offline or while taps wait: queue it instead of posting it ------
  var IN_FLIGHT = "queue-in-flight";  // a hand form's tap being posted: {game, revision it was made on, tap}
  document.addEventListener("submit", function (event) {
    var tap = QueueForms.tapFrom(event.target, event.submitter, page);
    if (!tap) return;
    tap.tapped = new Date().toISOString();
    if (navigator.onLine && !taps.length) {
      // The page posts as usual; if the connection is gone after all, the service worker answers with the kept
      // page, which queues this tap (see start).
      sessionStorage.setItem(IN_FLIGHT, JSON.stringify({game: GAME, revision: page.revision, tap: tap}));
      return;
    }
    event.preventDefault();
    queue(tap);
  }, true);

  // ---- start: the confirmed state is the newest of the page's and the one kept under waiting taps ----------
  // A form posted from the server's page comes back either as the server's next page (it arrived) or, from the
  // service worker without a connection, as the kept page: then its tap waits here like any other.
  var posted = JSON.parse(sessionStorage.getItem(IN_FLIGHT) || "null");
  sessionStorage.removeItem(IN_FLIGHT);
  // Only a tap made on the kept page itself: an older page's marker is never queued again.
  var lost = posted && posted.game === GAME && posted.revision === page.revision &&
             holder.hasAttribute("data-kept") ? posted.tap : null;
  if (lost) history.replaceState(null, "", page.play);  // a reload opens the hand, never posts again
  if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) needEngine().catch(function () {});
  TapStore.taps(GAME).then(function (found) {
    taps = found;
    return TapStore.base(GAME);
  }).then(function (kept) {
    if (!taps.length && !lost) { QueuePages.keepPage(page, holder); QueuePages.keepSheet(page, holder); }
    base = taps.length && kept ? kept : Object.assign({}, page);
    if (!taps.length) TapStore.keepBase(base);
    local = taps.length > 0;
    started = true;
    if (lost) return queue(lost);
    return (local ? needEngine() : Promise.resolve()).then(function () { render(); send(); liveAgain(); },
                                                           showStatus);
  });
  function liveAgain() { if (started) QueuePages.giveWay(page, holder, function () { return !taps.length; }); }
  window.addEventListener("online", function () { send(); liveAgain(); });
  window.addEventListener("offline", showStatus);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) send(); });
  setInterval(function () { if (taps.length && !sending) send(); else liveAgain(); }, 5000);
})();
