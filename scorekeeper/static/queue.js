// The scorekeeper's hand keeps going through a dropped connection (issue 11).
// Offline (or while taps are still waiting) a tap is applied on this phone at once from what the page
// carries (#offline's data-table), kept in IndexedDB, and sent in order through the actions API when the
// connection returns. A waiting tap is never shown as saved; a refused one is shown with the reason and
// the rest stay queued. Each tap has its own id, so the server applies it once even if it is sent twice.
// Each tap names the hand it was made on (hand: deal n, the bids, trump or tricks of hand n, a correction of
// hand n): the server applies it to that hand and step only, else answers 409 with the hand as recorded, which is
// said here in words with the choice to keep the recorded hand or correct it (issue 23).
(function () {
  "use strict";
  var holder = document.getElementById("offline");
  if (!holder || !window.indexedDB) return;
  var page = JSON.parse(holder.dataset.table);
  var main = document.querySelector("main");
  var status = document.getElementById("queue-status");
  var GAME = page.game;
  var base = null;      // the game as the server last confirmed it (page data), before the waiting taps
  var taps = [];        // the waiting taps, oldest first: {seq, game, tap: {id, action, ...}, made_on, refused}
  var sending = false;
  var local = false;    // true once this page shows a state of its own (taps not yet confirmed)
  var said = null;      // a word after the last tap on this phone (the server's "Undone."), shown once
  var queuedHere = false;  // a tap was made on this page (the correction page shows its form until then)

  // While this phone shows a state of its own, the live follow (follow.js) must not navigate or patch the page
  // under it: the server's revision moves with every tap sent, and the queue goes to the server's page itself.
  window.Live = window.Live || {};
  Live.holds = function () { return local || taps.length > 0; };

  // ---- IndexedDB: taps (waiting, in order) and bases (the confirmed state under them), per game ------------
  var dbReady = new Promise(function (resolve, reject) {
    var open = indexedDB.open("scorekeeper-taps", 1);
    open.onupgradeneeded = function () {
      open.result.createObjectStore("taps", {keyPath: "seq", autoIncrement: true});
      open.result.createObjectStore("bases", {keyPath: "game"});
    };
    open.onsuccess = function () { resolve(open.result); };
    open.onerror = function () { reject(open.error); };
  });
  function store(name, mode, work) {
    return dbReady.then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(name, mode), result;
        var request = work(tx.objectStore(name));
        if (request) request.onsuccess = function () { result = request.result; };
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  function loadTaps() {
    return store("taps", "readonly", function (s) { return s.getAll(); }).then(function (all) {
      taps = (all || []).filter(function (t) { return t.game === GAME; });
    });
  }
  function saveBase() { return store("bases", "readwrite", function (s) { s.put(base); }); }

  // ---- the engine, as much of it as one hand needs --------------------------------------------------------
  function copy(x) { return JSON.parse(JSON.stringify(x)); }
  // Whose turn, what may be bid, the hook and the tally: static/bidstate.js, the server's rules to the letter.
  // A page the service worker serves has it in the worker's cache, so it is fetched only once this phone works a
  // hand out itself (a tap waits); a page no worker holds yet fetches it at once (see start), for a connection
  // that drops before the worker is in place.
  // offline_hand.js, the hand screens drawn on the phone, and tap_conflict.js, a 409 in words, come with it.
  var engine = null;
  function script(src) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = src;
      tag.setAttribute("data-lazy", "");
      tag.onload = resolve;
      tag.onerror = reject;
      document.head.appendChild(tag);
    });
  }
  function needEngine() {
    if (window.BidState && window.OfflineHand && window.TapConflict) return Promise.resolve();
    if (!engine) {
      engine = Promise.all(page.engine.map(script)).catch(function () {
        engine = null;  // tried again with the next tap or send
        return Promise.reject();
      });
    }
    return engine;
  }
  function bidState(state, seat) {
    return BidState.bidState({cards: state.hand.cards, dealer: state.hand.dealer, bids: state.hand.bids,
                              out: state.hand.out, hook: state.hook, hook_from: state.hook_from,
                              all_at_once: state.all_at_once, seat: seat === undefined ? null : seat});
  }
  function afterBids(state) {
    return state.trump_after_bids && !state.hand.trump ? "trump" : "tricks";
  }
  function apply(state, tap) {
    state = copy(state);
    // After the tricks or a correction the server's pages land on the sheet (a correction leaves the hand at hand).
    state.to_sheet = tap.action === "tricks" || tap.action === "correct";
    if (tap.action === "deal") {
      var next = state.next;
      state.recorded = null;
      state.hand = {cards: tap.cards || next.cards, dealer: next.dealer, out: next.out, trump: next.trump ||
                    (state.trump_after_bids ? null : tap.trump), bids: state.players.map(function () { return null; })};
      state.step = "bids";
    } else if (tap.action === "bid") {
      state.hand.bids[tap.seat] = tap.bid;
      if (bidState(state).complete) state.step = afterBids(state);
    } else if (tap.action === "reveal") {
      Object.keys(tap.bids).forEach(function (s) { state.hand.bids[+s] = tap.bids[s]; });
      // A bid made in secret on a seat's phone is the server's to reveal: until then the hand waits for it.
      state.step = bidState(state).complete ? afterBids(state) : "sealed";
    } else if (tap.action === "trump") {
      state.hand.trump = tap.trump;
      state.step = "tricks";
    } else if (tap.action === "tricks") {
      state.hand.tricks = tap.tricks;
      state.recorded = state.number;
      state.finished += 1;
      state.step = "recorded";
      // The next deal of the plan, as the server sent it (views/offline.py: deals_ahead); none when it depends
      // on how this hand went.
      var coming = (state.ahead || [])[0];
      if (coming) {
        state.next = coming;
        state.ahead = state.ahead.slice(1);
        state.number = coming.number;
        state.hand = null;
        state.step = "deal";
      }
    }
    return state;
  }
  function current() {
    return taps.reduce(function (state, t) { return t.refused ? state : apply(state, t.tap); }, base);
  }

  // ---- taps -------------------------------------------------------------------------------------------------
  function newId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return "tap-" + Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function queue(tap) {
    tap.id = newId();
    // When it was tapped: History keeps this time, not the moment the phone came back (the server bounds it).
    tap.tapped = tap.tapped || new Date().toISOString();
    // What it was made on: the hand this phone is on now (a correction: the hand it corrects).
    tap.hand = tap.action === "correct" ? tap.number : current().number;
    said = tap.action === "correct" ? _("Kept on this phone: %(tap)s.", {tap: describe(tap)}) : null;
    queuedHere = true;
    if (onSheet()) history.replaceState(null, "", page.play);  // the next deal: the hand's screens from here on
    var entry = {game: GAME, tap: tap, made_on: base.revision + taps.filter(function (t) { return !t.refused; }).length};
    return saveBase().then(function () {
      return store("taps", "readwrite", function (s) { return s.add(entry); });
    }).then(function (seq) {
      entry.seq = seq;
      taps.push(entry);
      local = true;
      // Saved tricks open the sheet, as online: the kept one, when it holds the hands the server had under the taps.
      return needEngine().then(function () { return tap.action === "tricks" && sheetKept(); }).then(function (kept) {
        if (kept) location.assign(page.sheet); else { render(); send(); }
      }, showStatus);
    });
  }
  function undo() {
    // The last waiting tap, not sent yet, is taken back on this phone: the server never hears of it.
    var last = taps.filter(function (t) { return !t.refused; }).slice(-1)[0];
    if (last && !sending) drop(last).then(function () { said = page.undone; render(); });
  }
  function drop(entry) {
    return store("taps", "readwrite", function (s) { s.delete(entry.seq); }).then(function () {
      taps = taps.filter(function (t) { return t.seq !== entry.seq; });
    });
  }

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
        return saveBase().then(function () { return drop(entry); }).then(function () {
          if (result.answer.message) sessionStorage.setItem("queue-message", result.answer.message);
        });
      }
      // Refused: kept, shown with the reason; the taps after it stay queued, drawn on the game as it is now.
      if (result.answer.game) fromServer(result.answer);
      entry.refused = result.answer.error || _("refused (%(status)s)", {status: result.status});
      // Made on a hand the server holds otherwise: said in words, with the hand as recorded to choose from.
      entry.conflict = result.status === 409 && result.answer.recorded ?
        {recorded: result.answer.recorded, revision: result.answer.revision} : null;
      return store("taps", "readwrite", function (s) { s.put(entry); });
    }).then(function () {
      sending = false;
      render();
      if (!entry.refused) send();
    }, function () {
      sending = false;  // no connection: try again when it returns
      render();
    });
  }
  function fromServer(answer) {
    var hands = answer.game.hands || [], last = hands[hands.length - 1];
    base = copy(base);
    base.revision = answer.revision;
    if (answer.position) base.number = answer.position.hand;
    if (last && last.tricks === null && answer.step !== "deal") {
      base.hand = {cards: last.cards, dealer: last.dealer, bids: last.bids, out: last.out || [], trump: last.trump || null};
      base.number = last.number;
      base.step = answer.step;
    }
    saveBase();
  }
  function settled() {
    showStatus();
    if (!local || taps.length) return;
    // Everything is confirmed: show the server's own page for where the table is now.
    location.replace(base.to_sheet ? page.sheet : page.play);
  }

  // ---- the screen -------------------------------------------------------------------------------------------
  function el(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]);
    });
    for (var i = 2; i < arguments.length; i++) if (arguments[i]) node.appendChild(arguments[i]);
    return node;
  }
  function waiting() { return taps.filter(function (t) { return !t.refused; }).length; }
  function showStatus() {
    if (!status) return;
    var refused = taps.filter(function (t) { return t.refused; });
    status.textContent = "";
    status.hidden = !taps.length;
    status.classList.toggle("bad", refused.length > 0);
    if (!taps.length) return;
    var n = waiting();
    if (n) status.appendChild(el("b", {id: "queue-count", text: ngettext("%(num)d tap waiting on this phone",
                                                                         "%(num)d taps waiting on this phone", n)}));
    if (n) status.appendChild(document.createTextNode(" — " + (navigator.onLine && sending ? _("sending…")
      : refused.length ? _("not saved yet; they are sent once the refused tap below is discarded.")
      : _("not saved yet; they are sent when the connection returns."))));
    refused.forEach(function (entry) {
      if (entry.conflict && window.TapConflict) { status.appendChild(conflictLine(entry)); return; }
      var line = el("span", {class: "refused", text: " " + _("Not saved: %(tap)s.", {tap: describe(entry.tap)}) + " " +
                                                     entry.refused + " "});
      var discard = el("button", {type: "button", class: "small", text: _("Discard this tap")});
      discard.addEventListener("click", function () { drop(entry).then(function () { render(); send(); }); });
      line.appendChild(discard);
      status.appendChild(line);
    });
  }

  // A 409 with the hand as recorded: said in words, with the choice to keep it or correct it (tap_conflict.js).
  function conflictLine(entry) {
    return TapConflict.line(entry, {players: page.players, el: el, said: _("Not saved: %(tap)s.", {tap: describe(entry.tap)}),
      keep: function () { drop(entry).then(function () { render(); send(); }); },
      correct: function (fixed) {
        // Made on the game as the server answered: a correction is applied only on the revision it was made on.
        fixed.id = newId();
        fixed.tapped = new Date().toISOString();
        entry.tap = fixed;
        entry.made_on = entry.conflict.revision;
        entry.refused = entry.conflict = null;
        store("taps", "readwrite", function (s) { s.put(entry); }).then(function () { render(); send(); });
      }});
  }
  function describe(tap) {
    var names = page.players;
    if (tap.action === "bid") return _("%(name)s bids %(bid)s", {name: names[tap.seat], bid: tap.bid});
    if (tap.action === "deal") return _("the deal");
    if (tap.action === "trump") return _("trump %(suit)s", {suit: page.symbols[tap.trump] || tap.trump});
    if (tap.action === "tricks") return _("the tricks");
    if (tap.action === "correct") return _("the correction of hand %(number)s", {number: tap.number});
    return tap.action;
  }
  function onSheet() { return page.at === "sheet" && /\/sheet$/.test(location.pathname); }
  function sheetWithTaps() {
    // The sheet holds what the server has; what waits on this phone is said above it (OfflineHand.sheet).
    var waiting = [], state = base, played = {};
    var add = function (words) { if (waiting.indexOf(words) < 0) waiting.push(words); };
    taps.forEach(function (t) {
      if (t.refused) return;
      if (t.tap.action === "correct") add(describe(t.tap));
      else if (t.tap.action !== "deal") add(_("hand %(number)s", {number: state.number}));
      var number = state.number, hand = state.hand;
      state = apply(state, t.tap);
      if (t.tap.action === "deal") add(_("hand %(number)s", {number: state.number}));
      var tricks = t.tap.action === "tricks" ? OfflineHand.counted(hand, t.tap.tricks, page) : null;
      if (tricks) played[number] = Object.assign({}, hand, {tricks: tricks});
      else if (state.hand && t.tap.action !== "correct") played[state.number] = state.hand;
    });
    OfflineHand.sheet(played, waiting, page, base, state.recorded);
  }
  function render() {
    showStatus();
    if (!local) return;
    if (onSheet()) { sheetWithTaps(); return; }
    if (page.at === "edit" && !queuedHere) return;
    var state = current();
    main.textContent = "";
    main.appendChild(OfflineHand.screen(state, {page: page, taps: taps, sending: sending, said: said, queue: queue,
                                                render: render, bidState: bidState, undo: undo}));
    var where = document.querySelector(".bar .where");
    if (where) where.textContent = OfflineHand.stepName(state.step);
  }

  // ---- a tap on the server's own page, while offline or while taps wait: queue it instead of posting it ------
  function tapFrom(form, submitter) {
    var value = function (name) { var f = form.elements[name]; return f ? f.value : null; };
    var pressed = submitter && submitter.name ? {name: submitter.name, value: submitter.value} : {};
    if (form.classList.contains("deal")) {
      var cards = parseInt(value("cards"), 10);
      var tap = {action: "deal"};
      if (pressed.name === "trump") tap.trump = pressed.value;
      if (cards && (!page.next || cards !== page.next.cards)) tap.cards = cards;
      return tap;
    }
    if (form.classList.contains("bidpad") && pressed.name === "bid") {
      var bid = {action: "bid", seat: parseInt(value("seat"), 10), bid: parseInt(pressed.value, 10)};
      if (value("blind")) bid.blind = true;
      return bid;
    }
    if (form.classList.contains("bidsall")) {
      var bids = {};
      page.bid_state.order.forEach(function (s) {
        // A bid made in secret stands unless the scorekeeper chose to enter it instead (as the server reads it).
        var secret = form.elements["override_" + s];
        if (!secret || secret.checked) bids[s] = parseInt(value("bid_" + s), 10) || 0;
      });
      return {action: "reveal", bids: bids};
    }
    if (form.classList.contains("tricks")) {
      var took = page.players.map(function (unused, s) {
        var v = value("took_" + s);
        return v === null || v === "" || page.hand.out.indexOf(s) >= 0 ? null : parseInt(v, 10);
      });
      var tricks = {action: "tricks", tricks: took}, penalized = value("penalty_seat");
      if (penalized) {
        var points = parseFloat(value("penalty_points"));
        tricks.penalties = [{seat: parseInt(penalized, 10), reason: value("penalty_reason"),
                             points: isNaN(points) ? null : points}];
      }
      return tricks;
    }
    if (form.classList.contains("edit")) return correction(form, value);
    if (pressed.name === "trump" && page.step === "trump") return {action: "trump", trump: pressed.value};
    return null;
  }
  function correction(form, value) {
    // A past hand recorded again (templates/table/edit.html): the actions API's correct.
    var count = function (name) { var v = value(name); return v === null || v === "" ? null : parseInt(v, 10); };
    var tap = {action: "correct", number: +location.pathname.match(/\/hands\/(\d+)\/edit$/)[1],
               bids: page.players.map(function (unused, s) { return count("bid_" + s); }),
               tricks: page.players.map(function (unused, s) { return count("took_" + s); }),
               drop_penalties: Array.prototype.filter.call(form.querySelectorAll("input[name^=drop_penalty_]"),
                 function (box) { return box.checked; }).map(function (box) { return +box.name.split("_").pop(); })};
    if (value("trump")) tap.trump = value("trump");
    var penalized = value("penalty_seat");
    if (penalized) {
      var points = parseFloat(value("penalty_points"));
      tap.penalties = [{seat: +penalized, reason: value("penalty_reason"), points: isNaN(points) ? null : points}];
    }
    return tap;
  }
  document.addEventListener("submit", function (event) {
    var tap = tapFrom(event.target, event.submitter);
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

  // ---- the page itself, kept so that a reload without a connection still opens the hand (sw.js) ------------
  var IN_FLIGHT = "queue-in-flight";  // a hand form's tap being posted: {game, revision it was made on, tap}
  // The last sheet and the last hand screen, each in its place; the worker picks between them by revision.
  function keepPage() {
    if (!window.caches || !navigator.onLine || holder.hasAttribute("data-kept") || page.at === "edit") return;
    var copy = document.documentElement.cloneNode(true);
    copy.querySelector("#offline").setAttribute("data-kept", "");  // tells the kept page from the server's
    Array.prototype.forEach.call(copy.querySelectorAll("[data-lazy]"), function (tag) { tag.parentNode.removeChild(tag); });
    var html = "<!doctype html>\n" + copy.outerHTML;
    caches.open("hands-v1").then(function (cache) {
      return keep(cache, page.at, html);
    }).catch(function () { /* no room: the hand still works until the page is reloaded */ });
  }
  function keep(cache, at, html) {
    return cache.put(page.play + "/offline-" + at, new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8",
      "X-Revision": String(page.revision), "X-Finished": String(page.finished)}}));
  }
  // A hand page keeps the sheet too, once a hand (the sheet after the last hand is kept when it is seen), so that
  // tricks saved without a connection open the sheet as they do online: the server's, with this page's finished hands.
  function keepSheet() {
    if (!window.caches || !navigator.onLine || page.at !== "hand" || holder.hasAttribute("data-kept")) return;
    caches.open("hands-v1").then(function (cache) {
      return cache.match(page.play + "/offline-sheet").then(function (kept) {
        if (kept && kept.headers.get("X-Finished") === String(page.finished)) return;
        return fetch(page.sheet, {credentials: "same-origin"}).then(function (response) {
          return response.ok ? response.text() : "";
        }).then(function (html) {
          if (html.indexOf('id="offline"') >= 0) return keep(cache, "sheet", html.replace('id="offline"', 'id="offline" data-kept'));
        });
      });
    }).catch(function () { /* no room or no connection: tricks saved offline stay on the hand's screen */ });
  }
  function sheetKept() {
    if (!window.caches) return Promise.resolve(false);
    return caches.open("hands-v1").then(function (cache) { return cache.match(page.play + "/offline-sheet"); })
      .then(function (kept) { return !!kept && kept.headers.get("X-Finished") === String(base.finished); },
            function () { return false; });
  }

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
  loadTaps().then(function () {
    return store("bases", "readonly", function (s) { return s.get(GAME); });
  }).then(function (kept) {
    var mine = Object.assign({}, page);
    if (!taps.length && !lost) { keepPage(); keepSheet(); }
    base = taps.length && kept ? kept : mine;
    if (!taps.length) saveBase();
    local = taps.length > 0;
    if (lost) return queue(lost);
    return (local ? needEngine() : Promise.resolve()).then(function () { render(); send(); }, showStatus);
  });
  window.addEventListener("online", send);
  window.addEventListener("offline", showStatus);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) send(); });
  setInterval(function () { if (taps.length && !sending) send(); }, 5000);
})();
