// The scorekeeper's hand keeps going through a dropped connection (issue 11).
// Offline (or while taps are still waiting) a tap is applied on this phone at once from what the page
// carries (#offline's data-table), kept in IndexedDB, and sent in order through the actions API when the
// connection returns. A waiting tap is never shown as saved; a refused one is shown with the reason and
// the rest stay queued. Each tap has its own id, so the server applies it once even if it is sent twice.
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
  var engine = null;
  function needEngine() {
    if (window.BidState) return Promise.resolve();
    if (!engine) {
      engine = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = page.engine;
        script.onload = resolve;
        script.onerror = function () { engine = null; reject(); };  // tried again with the next tap or send
        document.head.appendChild(script);
      });
    }
    return engine;
  }
  function bidState(state, seat) {
    return BidState.bidState({cards: state.hand.cards, dealer: state.hand.dealer, bids: state.hand.bids,
                              out: state.hand.out, hook: state.hook, hook_from: state.hook_from,
                              all_at_once: state.all_at_once, seat: seat === undefined ? null : seat});
  }
  function order(state) { return bidState(state).order; }
  function afterBids(state) {
    return state.trump_after_bids && !state.hand.trump ? "trump" : "tricks";
  }
  function apply(state, tap) {
    state = copy(state);
    if (tap.action === "deal") {
      var next = state.next;
      state.hand = {cards: tap.cards || next.cards, dealer: next.dealer, out: next.out, trump: next.trump ||
                    (state.trump_after_bids ? null : tap.trump), bids: state.players.map(function () { return null; })};
      state.step = "bids";
    } else if (tap.action === "bid") {
      state.hand.bids[tap.seat] = tap.bid;
      if (bidState(state).complete) state.step = afterBids(state);
    } else if (tap.action === "reveal") {
      Object.keys(tap.bids).forEach(function (s) { state.hand.bids[+s] = tap.bids[s]; });
      state.step = afterBids(state);
    } else if (tap.action === "trump") {
      state.hand.trump = tap.trump;
      state.step = "tricks";
    } else if (tap.action === "tricks") {
      state.hand.tricks = tap.tricks;
      state.step = "recorded";
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
    var entry = {game: GAME, tap: tap, made_on: base.revision + taps.filter(function (t) { return !t.refused; }).length};
    return saveBase().then(function () {
      return store("taps", "readwrite", function (s) { return s.add(entry); });
    }).then(function (seq) {
      entry.seq = seq;
      taps.push(entry);
      local = true;
      return needEngine().then(function () { render(); send(); }, showStatus);
    });
  }
  function drop(entry) {
    return store("taps", "readwrite", function (s) { s.delete(entry.seq); }).then(function () {
      taps = taps.filter(function (t) { return t.seq !== entry.seq; });
    });
  }

  function send() {
    if (sending) return;
    if (taps.length && !window.BidState) { needEngine().then(send, showStatus); return; }
    var entry = taps[0];
    if (!entry) { settled(); return; }
    if (entry.refused) { showStatus(); return; }  // the rest wait until the refused tap is dealt with
    sending = true;
    showStatus();
    var body = Object.assign({revision: entry.made_on}, entry.tap);
    fetch(page.api, {method: "POST", headers: {"Content-Type": "application/json",
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
      entry.refused = result.answer.error || ("refused (" + result.status + ")");
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
    location.replace(base.step === "recorded" ? page.sheet : page.play);
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
    if (n) status.appendChild(el("b", {id: "queue-count", text: n + (n === 1 ? " tap" : " taps") + " waiting"}));
    if (n) status.appendChild(document.createTextNode(navigator.onLine && sending ? " — sending…"
      : refused.length ? " — not saved yet; they are sent once the refused tap below is discarded."
      : " — not saved yet; they are sent when the connection returns."));
    refused.forEach(function (entry) {
      var line = el("span", {class: "refused", text: " Not saved: " + describe(entry.tap) + ". " + entry.refused + " "});
      var discard = el("button", {type: "button", class: "small", text: "Discard this tap"});
      discard.addEventListener("click", function () { drop(entry).then(function () { render(); send(); }); });
      line.appendChild(discard);
      status.appendChild(line);
    });
  }
  function describe(tap) {
    var names = page.players;
    if (tap.action === "bid") return names[tap.seat] + " bids " + tap.bid;
    if (tap.action === "deal") return "the deal";
    if (tap.action === "trump") return "trump " + tap.trump;
    if (tap.action === "tricks") return "the tricks";
    return tap.action;
  }
  function handline(state) {
    var hand = state.hand || state.next;
    var p = el("p", {class: "handline"}, el("b", {text: "Hand " + state.number}));
    p.appendChild(document.createTextNode(" · " + hand.cards + " card" + (hand.cards === 1 ? "" : "s") + " · "));
    p.appendChild(el("span", {class: "dealer", text: state.players[hand.dealer]}));
    p.appendChild(document.createTextNode(" deals"));
    if (hand.trump) {
      p.appendChild(document.createTextNode(" · "));
      p.appendChild(el("span", {class: "trump t-" + hand.trump, text: state.symbols[hand.trump]}));
    }
    return p;
  }
  function pending(field) {
    // The taps not yet confirmed mark what they changed as waiting.
    return taps.some(function (t) { return !t.refused && field(t.tap); });
  }
  function bidders(state, turn) {
    var list = el("ol", {class: "bidders"});
    order(state).forEach(function (s) {
      var bid = state.hand.bids[s], unsent = pending(function (t) {
        return (t.action === "bid" && t.seat === s) || (t.action === "reveal" && String(s) in t.bids);
      });
      var li = el("li", {class: (s === turn ? "turn" : "") + (bid !== null ? " done" : "") + (unsent ? " unsent" : "")},
                  el("span", {class: "name", text: state.players[s] + (s === state.hand.dealer ? " (D)" : "")}),
                  el("span", {class: "bid", text: bid === null ? "·" : String(bid)}));
      if (unsent) li.appendChild(el("span", {class: "small muted", text: " not saved yet"}));
      list.appendChild(li);
    });
    return list;
  }
  function tally(state) {
    var bids = bidState(state), by = bids.by;
    return el("p", {class: "tally"}, document.createTextNode("Bid " + bids.so_far + " of " + state.hand.cards + " · "),
              el("b", {class: by ? bids.standing.id : "", text: BidState.say(page.messages, bids.standing)}));
  }
  function button(text, cls, onTap, label) {
    var b = el("button", {type: "button", class: cls, text: text});
    if (label) b.setAttribute("aria-label", label);
    b.addEventListener("click", onTap);
    return b;
  }
  function suits(onTap) {
    var row = el("div", {class: "suits"});
    ["clubs", "diamonds", "hearts", "spades", "none"].forEach(function (suit) {
      row.appendChild(button(suit === "none" ? "No trump" : page.symbols[suit], "suit t-" + suit,
                             function () { onTap(suit); }, suit === "none" ? "no trump" : suit));
    });
    return row;
  }
  function pad(bids, onBid) {
    // The server's own pad (templates/table/_bidpad.html), cloned: the bids up to the cards, the forbidden one
    // struck out, and the reason in the server's words.
    var parts = document.getElementById("offline-pad").content.cloneNode(true);
    var numbers = parts.querySelector(".pad"), struck = Array.prototype.slice.call(parts.querySelector(".struck").children);
    Array.prototype.slice.call(numbers.children).forEach(function (number, b) {
      if (b > bids.cards) numbers.removeChild(number);
      else if (b === bids.forbidden) numbers.replaceChild(struck[b], number);
      else {
        number.type = "button";
        number.addEventListener("click", function () { onBid(b); });
      }
    });
    var shown = [numbers];
    if (bids.reason) {
      var note = parts.querySelector(".hook");
      note.textContent = BidState.say(page.messages, bids.reason);
      shown.push(note);
    }
    return shown;
  }
  function screen(state) {
    var box = el("section", {class: "offline-hand", id: "offline-hand"});
    if (state.step === "deal") {
      box.appendChild(handline(state));
      box.appendChild(el("p", {class: "big center", text: state.players[state.next.dealer] + " deals " + state.next.cards}));
      if (!state.next.trump && !state.trump_after_bids) {
        box.appendChild(el("p", {class: "center thumb", text: "Trump turned up:"}));
        box.appendChild(suits(function (suit) { queue({action: "deal", trump: suit}); }));
      } else {
        box.appendChild(button("Dealt — start bidding", "primary wide thumb", function () { queue({action: "deal"}); }));
      }
    } else if (state.step === "bids" && !state.all_at_once) {
      var bids = bidState(state), seat = bids.seat;
      box.appendChild(handline(state));
      box.appendChild(bidders(state, seat));
      box.appendChild(tally(state));
      box.appendChild(el("p", {class: "who thumb"}, el("b", {text: state.players[seat]}), document.createTextNode(" bids:")));
      pad(bids, function (bid) { queue({action: "bid", seat: seat, bid: bid}); }).forEach(function (part) {
        box.appendChild(part);
      });
    } else if (state.step === "bids") {
      box.appendChild(handline(state));
      var table = el("table", {class: "took thumb"}), inputs = {};
      order(state).forEach(function (s) {
        var input = el("input", {class: "count", inputmode: "numeric", size: "2", value: "0", "aria-label": state.players[s] + " bid"});
        inputs[s] = input;
        table.appendChild(el("tr", {}, el("th", {text: state.players[s]}), el("td", {}, input)));
      });
      box.appendChild(table);
      box.appendChild(button("Save the bids", "primary wide", function () {
        var bids = {};
        Object.keys(inputs).forEach(function (s) { bids[s] = parseInt(inputs[s].value, 10) || 0; });
        queue({action: "reveal", bids: bids});
      }));
    } else if (state.step === "trump") {
      box.appendChild(handline(state));
      box.appendChild(tally(state));
      box.appendChild(el("p", {class: "center thumb", text: "The highest bidder names trump:"}));
      box.appendChild(suits(function (suit) { queue({action: "trump", trump: suit}); }));
    } else if (state.step === "tricks") {
      box.appendChild(handline(state));
      box.appendChild(bidders(state, null));
      var rows = el("table", {class: "took thumb"}), counts = {}, rest = state.tricks_fall_short ? null : state.hand.dealer;
      var restCell = el("output", {class: "count", id: "offline-rest"});
      var update = function () {
        if (rest === null) return;
        var sum = 0;
        Object.keys(counts).forEach(function (s) { sum += parseInt(counts[s].value, 10) || 0; });
        restCell.textContent = String(state.hand.cards - sum);
      };
      order(state).forEach(function (s) {
        var cell;
        if (s === rest) cell = restCell;
        else {
          cell = counts[s] = el("input", {class: "count", inputmode: "numeric", size: "2", value: String(state.hand.bids[s]),
                                          "aria-label": state.players[s] + " took"});
          cell.addEventListener("input", update);
        }
        rows.appendChild(el("tr", {}, el("th", {text: state.players[s]}), el("td", {class: "bidcell", text: String(state.hand.bids[s])}), el("td", {}, cell)));
      });
      update();
      box.appendChild(rows);
      box.appendChild(button("Save tricks", "primary wide", function () {
        var took = state.players.map(function () { return null; });
        Object.keys(counts).forEach(function (s) { took[+s] = parseInt(counts[s].value, 10) || 0; });
        queue({action: "tricks", tricks: took});
      }));
    } else {
      box.appendChild(handline(state));
      box.appendChild(bidders(state, null));
      box.appendChild(el("p", {class: "big center", id: "offline-recorded",
                               text: "Hand " + state.number + " is recorded on this phone."}));
      box.appendChild(el("p", {class: "center", text: "The next hand opens when the connection returns and the taps are saved."}));
    }
    var last = taps.filter(function (t) { return !t.refused; }).slice(-1)[0];
    if (last && !sending) {
      box.appendChild(button("Undo the last tap", "small", function () {
        drop(last).then(function () { render(); });
      }));
    }
    return box;
  }
  function render() {
    showStatus();
    if (!local) return;
    var state = current();
    main.textContent = "";
    main.appendChild(screen(state));
    var where = document.querySelector(".bar .where");
    if (where) where.textContent = state.step === "recorded" ? "Waiting to send" : state.step.charAt(0).toUpperCase() + state.step.slice(1);
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
      page.bid_state.order.forEach(function (s) { bids[s] = parseInt(value("bid_" + s), 10) || 0; });
      return {action: "reveal", bids: bids};
    }
    if (form.classList.contains("tricks")) {
      var took = page.players.map(function (_, s) {
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
    if (pressed.name === "trump" && page.step === "trump") return {action: "trump", trump: pressed.value};
    return null;
  }
  document.addEventListener("submit", function (event) {
    var tap = tapFrom(event.target, event.submitter);
    if (!tap) return;
    if (navigator.onLine && !taps.length) {
      // The page posts as usual; if the connection is gone after all, the service worker answers with the kept
      // page, which queues this tap (see start).
      sessionStorage.setItem(IN_FLIGHT, JSON.stringify({game: GAME, tap: tap}));
      return;
    }
    event.preventDefault();
    queue(tap);
  }, true);

  // ---- the page itself, kept so that a reload without a connection still opens the hand (sw.js) ------------
  var IN_FLIGHT = "queue-in-flight";  // a hand form's tap being posted: {game, tap}
  function keepPage() {
    if (!window.caches || !navigator.onLine) return;
    var copy = document.documentElement.cloneNode(true);
    copy.querySelector("#offline").setAttribute("data-kept", "");  // tells the kept page from the server's
    var html = "<!doctype html>\n" + copy.outerHTML;
    caches.open("hands-v1").then(function (cache) {
      return cache.put(page.play + "/offline-hand", new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8"}}));
    }).catch(function () { /* no room: the hand still works until the page is reloaded */ });
  }

  // ---- start: the confirmed state is the newest of the page's and the one kept under waiting taps ----------
  // A form posted from the server's page comes back either as the server's next page (it arrived) or, from the
  // service worker without a connection, as the kept page: then its tap waits here like any other.
  var posted = JSON.parse(sessionStorage.getItem(IN_FLIGHT) || "null");
  sessionStorage.removeItem(IN_FLIGHT);
  var lost = posted && posted.game === GAME && holder.hasAttribute("data-kept") ? posted.tap : null;
  if (lost) history.replaceState(null, "", page.play);  // a reload opens the hand, never posts again
  if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) needEngine().catch(function () {});
  loadTaps().then(function () {
    return store("bases", "readonly", function (s) { return s.get(GAME); });
  }).then(function (kept) {
    var mine = Object.assign({}, page);
    if (!taps.length && !lost) keepPage();
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
