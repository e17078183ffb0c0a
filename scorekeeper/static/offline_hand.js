// The hand screens queue.js draws on the phone while taps wait: the same screens the server sends, from the same
// markup: the parts the server draws (the bidders, the tricks' rows, the suits, the pad) come with the page as
// <template>s rendered by the same macros (templates/table/_screens.html, _bidpad.html), and are filled here
// from the hand as this phone holds it. Fetched with bidstate.js only once a tap waits, so the hand pages' first
// load stays light. OfflineHand.screen(state, q) returns the screen; q is the queue: {page, taps, sending, said,
// queue(tap), undo(), bidState(state, seat)}.
(function () {
  "use strict";
  var asked = null;  // the seat whose name was tapped (to change its bid or bid out of turn), until it bids
  var el = Dom.el, button = Dom.button;
  var NAME = "%(name)s";  // a player's name in the templates, filled here
  function template(id) { return document.getElementById(id).content.cloneNode(true); }
  // A part of the server's screens with its %(...)s filled, as text.
  function filled(node, values) {
    var walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT), part;
    while ((part = walker.nextNode())) {
      part.textContent = part.textContent.replace(/%\((\w+)\)s/g, function (all, k) {
        return values && k in values ? String(values[k]) : all;
      });
    }
    return node;
  }
  // A sentence of the server's screens (templates/table/_screens.html: who bids, who names trump, the hints) with
  // its %(name)s and %(bid)s filled, as text.
  var WORDS = ["who", "who-change", "namer", "hint", "made"];
  function word(key, values) {
    return filled(template("offline-words").children[WORDS.indexOf(key)], values);
  }
  // The player's name in the part's labels (and its heading cell, when it has one).
  function named(node, name) {
    Array.prototype.forEach.call(node.querySelectorAll("[aria-label]"), function (n) {
      n.setAttribute("aria-label", n.getAttribute("aria-label").split(NAME).join(name));
    });
    var head = node.querySelector(".name") || node.querySelector("th");
    if (head) head.textContent = name;
    return node;
  }

  // The hand's header (templates/table/_head.html): its cards counted in the server's words, its trump if known.
  function handline(state) {
    var hand = state.hand || state.next;
    var line = filled(template("offline-handline"), {number: state.number, name: state.players[hand.dealer]})
      .querySelector(".handline");
    line.querySelector(".cards").textContent = ngettext("%(count)s card", "%(count)s cards", hand.cards,
                                                        {count: hand.cards});
    var trump = line.querySelector(".trump");
    if (hand.trump) {
      trump.className = "trump t-" + hand.trump;
      trump.textContent = state.symbols[hand.trump];
    } else {
      var before = trump.previousSibling;
      before.textContent = before.textContent.replace(/ · $/, "");
      line.removeChild(trump);
    }
    return line;
  }
  // The large announcement once every bid is in: the server's line (templates/table/_screens.html announce_line),
  // "OVER by 1" in the trump and tricks screens' words (rules/bids/bidding.py ANNOUNCEMENTS, with the page's messages).
  function announce(q, bids) {
    var line = template("offline-announce").querySelector(".announce");
    line.classList.add(bids.announcement);
    line.textContent = BidState.say(q.page.messages, {id: "announce_" + bids.announcement,
                                                      values: {by: Math.abs(bids.by || 0)}});
    return line;
  }
  function unsent(q, seat) {
    return q.taps.some(function (t) {
      return !t.refused && ((t.tap.action === "bid" && t.tap.seat === seat) ||
                            (t.tap.action === "reveal" && String(seat) in t.tap.bids));
    });
  }
  // The bidders (the server's list item, templates/table/_screens.html); a name that may bid (to change a bid, or
  // out of turn) is a button, as it is a link online.
  function bidders(state, q, bids, onAsk) {
    var list = el("ol", {class: "bidders"}), kinds = template("offline-bidder").children;
    bids.order.forEach(function (s) {
      var bid = state.hand.bids[s], waits = unsent(q, s), chip = onAsk && bids.may_bid.indexOf(s) >= 0 && s !== bids.seat;
      var li = kinds[chip ? 1 : 0].cloneNode(true), name = li.querySelector(".name"), shown = li.querySelector(".bid");
      li.className = (s === bids.seat ? "turn" : "") + (bid !== null ? " done" : "") + (waits ? " unsent" : "");
      name.firstChild.textContent = state.players[s] + (s === state.hand.dealer ? " " : "");
      if (s !== state.hand.dealer) name.removeChild(name.querySelector("small"));
      shown.textContent = bid === null ? "·" : String(bid);
      if (waits) shown.parentNode.insertBefore(el("span", {class: "small muted unsent-mark", text: " " + _("not saved yet")}),
                                               shown.nextSibling);
      if (chip) li.querySelector("button").addEventListener("click", function () { onAsk(s); });
      list.appendChild(li);
    });
    return list;
  }
  // The tally of the bids in turn (templates/table/_screens.html turn_tally), its standing in the engine's words.
  function tally(state, q, bids) {
    var line = filled(template("offline-tally"), {bid: bids.so_far, cards: state.hand.cards}).firstElementChild;
    var standing = line.lastElementChild;
    if (bids.by) standing.className = bids.standing.id;
    standing.textContent = BidState.say(q.page.messages, bids.standing);
    return line;
  }
  // The server's suits (templates/table/_suits.html), each a button of this screen.
  function suits(q, onTap) {
    var row = template("offline-suits").querySelector(".suits");
    Array.prototype.forEach.call(row.querySelectorAll("button"), function (suit) {
      suit.type = "button";
      suit.addEventListener("click", function () { onTap(suit.value); });
    });
    return row;
  }
  function pad(q, bids, current, onBid) {
    // The server's own pad (templates/table/_bidpad.html), cloned: the bids up to the cards, the forbidden one
    // struck out, and the reason in the server's words.
    var parts = document.getElementById("offline-pad").content.cloneNode(true);
    var numbers = parts.querySelector(".pad"), struck = Array.prototype.slice.call(parts.querySelector(".struck").children);
    Array.prototype.slice.call(numbers.children).forEach(function (number, b) {
      if (b > bids.cards) numbers.removeChild(number);
      else if (b === bids.forbidden) numbers.replaceChild(struck[b], number);
      else {
        number.type = "button";
        if (b === current) number.classList.add("current");
        number.addEventListener("click", function () { onBid(b); });
      }
    });
    var shown = [numbers];
    if (bids.reason) {
      var note = parts.querySelector(".hook");
      note.textContent = BidState.say(q.page.messages, bids.reason);
      shown.push(note);
    }
    return shown;
  }

  // The deal screen's parts (templates/table/_screens.html): the call, "Trump turned up:", the trump known, the trump
  // named after the bids, and the button; the suit's name is the one its button is read by.
  function dealScreen(state, q, box) {
    if (state.recorded) box.appendChild(recorded(state.recorded));
    var trump = state.next.trump, named = trump && template("offline-suits").querySelector("[value='" + trump + "']");
    var parts = Array.prototype.slice.call(filled(template("offline-deal"), {
      name: state.players[state.next.dealer], cards: state.next.cards,
      trump: named ? named.getAttribute("aria-label") : trump}).children);
    box.appendChild(parts[0]);
    if (!trump && !state.trump_after_bids) {
      box.appendChild(parts[1]);
      box.appendChild(suits(q, function (suit) { q.queue({action: "deal", trump: suit}); }));
    } else {
      box.appendChild(parts[trump ? 2 : 3]);
      parts[4].type = "button";
      parts[4].addEventListener("click", function () { q.queue({action: "deal"}); });
      box.appendChild(parts[4]);
    }
  }
  function bidScreen(state, q, box) {
    var bids = q.bidState(state, asked), seat = bids.seat, before = state.hand.bids[seat];
    if (seat !== asked) asked = null;
    box.appendChild(bidders(state, q, bids, function (s) { asked = s; q.render(); }));
    if (bids.may_bid.length > 1) box.appendChild(word("hint"));
    box.appendChild(tally(state, q, bids));
    var who = word(before !== null ? "who-change" : "who", {name: state.players[seat], bid: before});
    who.classList.add("thumb");
    box.appendChild(who);
    pad(q, bids, before, function (bid) {
      asked = null;
      q.queue({action: "bid", seat: seat, bid: bid});
    }).forEach(function (part) { box.appendChild(part); });
  }
  function value(input) { return parseInt(input.value, 10) || 0; }
  // The name the screen's counts are kept under (counts.js), as the server's page names them: game/hand/step.
  function draft(q, state, step) { return [q.page.game, state.number, step].join("/"); }
  // The bids all at once: the server's screen (templates/table/_screens.html, the rows of bids_all.html), its
  // counts and tally wired by the same bids.js.
  function togetherScreen(state, q, box) {
    var parts = template("offline-together"), cards = state.hand.cards, cooperative = !!state.sum_to_cards;
    var rules = parts.querySelectorAll("p"), form = parts.querySelector("form"), body = form.querySelector("tbody");
    box.appendChild(filled(rules[cooperative ? 0 : 1], {cards: cards}));
    var kinds = Array.prototype.slice.call(body.children), inputs = {}, secret = {};
    body.textContent = "";
    q.bidState(state).order.forEach(function (s) {
      var sealed = (q.page.sealed || []).indexOf(s) >= 0;  // bid in secret: it stands unless entered instead
      var row = named(kinds[sealed ? 1 : 0].cloneNode(true), state.players[s]);
      if (s !== state.hand.dealer) row.querySelector("th").removeChild(row.querySelector("th small"));
      row.setAttribute("data-seat", String(s));
      inputs[s] = row.querySelector("input.count");
      inputs[s].max = String(cards);
      if (sealed) secret[s] = row.querySelector("input[type=checkbox]");
      body.appendChild(row);
    });
    form.dataset.cards = String(cards);
    form.dataset.draft = draft(q, state, "bids");
    form.dataset.cooperative = cooperative ? "1" : "0";
    form.dataset.words = JSON.stringify(q.page.messages);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.querySelector("#save-bids").addEventListener("click", function () {
      var bids = {};
      Object.keys(inputs).forEach(function (s) { if (!secret[s] || secret[s].checked) bids[s] = value(inputs[s]); });
      CountDraft.drop(form);
      q.queue({action: "reveal", bids: bids});
    });
    box.appendChild(form);
    BidsAll.wire(form);
  }
  function trumpScreen(state, q, box) {
    var bids = q.bidState(state);
    box.appendChild(announce(q, bids));
    box.appendChild(word("namer", {name: state.players[BidState.trumpNamer(state.hand)]}));
    box.appendChild(suits(q, function (suit) { q.queue({action: "trump", trump: suit}); }));
  }
  function tricksScreen(state, q, box) {
    var bids = q.bidState(state), cards = state.hand.cards, rest = state.tricks_fall_short ? null : state.hand.dealer;
    box.appendChild(announce(q, bids));
    // The server's table and rows (templates/table/_screens.html): a count with − and +, or the rest, counted by
    // counts.js as online, and kept as a draft under the same name as the server's page keeps it.
    var table = template("offline-took").querySelector("table"), body = table.querySelector("tbody");
    var kinds = Array.prototype.slice.call(body.children), counts = {}, restCell = null;
    body.textContent = "";
    bids.order.forEach(function (s) {
      var row = named(kinds[s === rest ? 1 : 0].cloneNode(true), state.players[s]);
      row.setAttribute("data-seat", String(s));
      row.setAttribute("data-bid", String(state.hand.bids[s]));
      row.querySelector(".bidcell").textContent = String(state.hand.bids[s]);
      if (s === rest) {
        restCell = row.querySelector("output");
        restCell.id = "offline-rest";
      } else {
        counts[s] = row.querySelector("input");
        counts[s].value = String(state.hand.bids[s]);
      }
      body.appendChild(row);
    });
    var form = el("form", {class: "tricks", "data-cards": String(cards), "data-draft": draft(q, state, "tricks")},
                  table, word("made"));
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    box.appendChild(form);
    countsForm(form, function (form, sum) {
      if (restCell === null) return;
      restCell.textContent = String(cards - sum);
      restCell.classList.toggle("bad", cards - sum < 0);
    });
    // The server's penalty part (templates/table/_screens.html), its menus drawn for this game.
    var penalty = template("offline-penalty").querySelector("details");
    var who = penalty.querySelector("[name=penalty_seat]"), why = penalty.querySelector("[name=penalty_reason]");
    var points = penalty.querySelector("[name=penalty_points]"), player = who.options[1];
    who.removeChild(player);
    state.players.forEach(function (name, s) {
      var choice = player.cloneNode(true);
      choice.value = String(s);
      choice.textContent = name;
      who.appendChild(choice);
    });
    box.appendChild(penalty);
    box.appendChild(button(_("Save tricks"), "primary wide thumb", function () {
      var took = state.players.map(function () { return null; });
      Object.keys(counts).forEach(function (s) { took[+s] = value(counts[s]); });
      var tap = {action: "tricks", tricks: took};
      if (who.value) {
        var amount = parseFloat(points.value);
        tap.penalties = [{seat: +who.value, reason: why.value, points: isNaN(amount) ? null : amount}];
      }
      CountDraft.drop(form);
      q.queue(tap);
    }));
  }
  function sealedScreen(state, q, box) {
    var names = q.bidState(state).order.filter(function (s) { return state.hand.bids[s] === null; })
      .map(function (s) { return state.players[s]; });
    box.appendChild(el("p", {class: "big center", id: "offline-sealed",
                             text: _("%(names)s bid in secret on their phone: the bids are revealed when the " +
                                     "connection returns.", {names: names.join(", ")})}));
  }
  function recorded(number) {
    return el("p", {class: "big center", id: "offline-recorded", text: _("Hand %(number)s is recorded on this phone.", {number: number})});
  }
  function recordedScreen(state, q, box) {
    box.appendChild(bidders(state, q, q.bidState(state), null));
    box.appendChild(recorded(state.number));
    box.appendChild(el("p", {class: "center", text: _("The next hand opens when the connection returns and the taps are saved.")}));
  }

  function screen(state, q) {
    var box = el("section", {class: "offline-hand", id: "offline-hand"});
    if (q.said) box.appendChild(el("p", {class: "flash info", role: "alert", text: q.said}));
    box.appendChild(handline(state));
    if (state.step === "deal") dealScreen(state, q, box);
    else if (state.step === "bids" && !state.all_at_once) bidScreen(state, q, box);
    else if (state.step === "bids") togetherScreen(state, q, box);
    else if (state.step === "sealed") sealedScreen(state, q, box);
    else if (state.step === "trump") trumpScreen(state, q, box);
    else if (state.step === "tricks") tricksScreen(state, q, box);
    else recordedScreen(state, q, box);
    var last = q.taps.filter(function (t) { return !t.refused; }).slice(-1)[0];
    if (last && !q.sending) box.appendChild(button(_("Undo the last tap"), "small", q.undo));
    return box;
  }

  // The bar's name of a step, as the server's pages name it.
  function stepName(step) {
    return {deal: _("Deal"), bids: _("Bids"), sealed: _("Sealed"), trump: _("Trump"), tricks: _("Tricks"),
            recorded: _("Waiting to send")}[step] || step;
  }

  window.OfflineHand = {screen: screen, recorded: recorded, stepName: stepName};
})();
