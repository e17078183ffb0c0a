// The kept sheet with the hands played on this phone (queue.js opens it when the sheet is shown while taps wait):
// their rows, marked as not saved, and above the sheet what waits here. Loaded with the offline engine.
(function () {
  "use strict";
  var el = Dom.el;
  // The sheet's rows of the hands played on this phone: bids and tricks as tapped, marked as not saved (the scores
  // and totals are the server's to work out).
  function counted(hand, tricks, page) {
    // As the server records them: a null count is the bid, and the dealer takes what is left.
    var took = tricks.map(function (c, s) { return c === null && s !== hand.dealer ? hand.bids[s] : c; });
    if (took[hand.dealer] === null && !page.tricks_fall_short) {
      took[hand.dealer] = took.reduce(function (left, c, s) { return s === hand.dealer ? left : left - (c || 0); }, hand.cards);
    }
    return took;
  }
  function sheetRows(played, page, base) {
    var body = document.querySelector("table.sheet tbody");
    if (!body) return;
    Array.prototype.forEach.call(body.querySelectorAll("tr.unsent"), function (row) { body.removeChild(row); });
    Object.keys(played).forEach(function (number) {
      var hand = played[number], row = el("tr", {class: "unsent"});
      var head = el("th", {class: "hand", text: String(hand.cards)});
      if (hand.trump) head.appendChild(el("span", {class: "trump t-" + hand.trump, text: page.symbols[hand.trump]}));
      head.appendChild(el("small", {class: "muted", text: " " + _("not saved")}));
      row.appendChild(head);
      page.players.forEach(function (name, s) {
        var bid = hand.bids[s], took = hand.tricks ? hand.tricks[s] : undefined;
        var shown = (hand.out || []).indexOf(s) >= 0 ? _("out") : bid === null ? "·" : took === undefined ? String(bid)
          : bid + "/" + (took === null ? "·" : took);
        row.appendChild(el("td", {class: s === hand.dealer ? "dealer" : ""}, el("span", {class: "bt", text: shown})));
      });
      // The hand already on the sheet (dealt, not finished) is replaced; a hand dealt on this phone is added.
      var there = body.rows[+number - 1];
      if (there && +number === base.number && base.hand) body.replaceChild(row, there); else body.appendChild(row);
    });
  }

  // The sheet (the server's, kept) with the hands played on this phone: their rows, and above it what waits here.
  // The sheet's own buttons (the next deal, Undo last) would act on the server's game, not on the hand here: they go.
  function sheet(played, waiting, page, base, recordedNumber) {
    var main = document.querySelector("main");
    sheetRows(played, page, base);
    var old = document.getElementById("offline-sheet");
    if (old) old.parentNode.removeChild(old);
    ["#next-deal", "#next-hand", "form[action$='/undo']"].forEach(function (selector) {
      var found = document.querySelector(selector);
      var gone = found && found.id === "next-hand" ? found.parentNode : found;
      if (gone) gone.parentNode.removeChild(gone);
    });
    var note = el("div", {id: "offline-sheet", class: "flash info"}, recordedNumber ? OfflineHand.recorded(recordedNumber) : null,
                  el("p", {text: _("Not on the sheet yet: %(hands)s, made on this phone; the taps are sent when the " +
                                   "connection returns.", {hands: waiting.join(", ")})}),
                  el("a", {class: "button primary wide", href: page.play, text: _("Back to the hand")}));
    main.insertBefore(note, main.firstChild);
  }
  // The sheet with the taps waiting on this phone, applied in order to the game the server confirmed (base).
  function withTaps(base, taps, page) {
    var waiting = [], state = base, played = {};
    var add = function (words) { if (waiting.indexOf(words) < 0) waiting.push(words); };
    taps.forEach(function (t) {
      if (t.tap.action === "correct") add(QueueStatus.describe(t.tap, page));
      else if (t.tap.action !== "deal") add(_("hand %(number)s", {number: state.number}));
      var number = state.number, hand = state.hand;
      state = QueueEngine.apply(state, t.tap);
      if (t.tap.action === "deal") add(_("hand %(number)s", {number: state.number}));
      var tricks = t.tap.action === "tricks" ? counted(hand, t.tap.tricks, page) : null;
      if (tricks) played[number] = Object.assign({}, hand, {tricks: tricks});
      else if (state.hand && t.tap.action !== "correct") played[state.number] = state.hand;
    });
    sheet(played, waiting, page, base, state.recorded);
  }
  window.OfflineSheet = {withTaps: withTaps};
})();
