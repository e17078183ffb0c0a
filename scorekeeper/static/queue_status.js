// The offline queue's status line (queue.js): how many taps wait on this phone and why, each refused tap with its
// reason and a button to discard it, and a tap made on a hand another phone recorded otherwise, said in words with
// the choice to keep the recorded hand or correct it (tap_conflict.js).
(function () {
  "use strict";
  var el = Dom.el;
  // A tap in words: "Bob bids 1", "the tricks".
  function describe(tap, page) {
    var names = page.players;
    if (tap.action === "bid") return _("%(name)s bids %(bid)s", {name: names[tap.seat], bid: tap.bid});
    if (tap.action === "deal") return _("the deal");
    if (tap.action === "trump") return _("trump %(suit)s", {suit: page.symbols[tap.trump] || tap.trump});
    if (tap.action === "tricks") return _("the tricks");
    if (tap.action === "correct") return _("the correction of hand %(number)s", {number: tap.number});
    return tap.action;
  }
  function notSaved(entry, page) { return _("Not saved: %(tap)s.", {tap: describe(entry.tap, page)}); }
  // q: {page, taps, sending, discard(entry), correct(entry, fixed)} from queue.js.
  function show(status, q) {
    if (!status) return;
    var taps = q.taps, refused = taps.filter(function (t) { return t.refused; });
    status.textContent = "";
    status.hidden = !taps.length;
    status.classList.toggle("bad", refused.length > 0);
    if (!taps.length) return;
    var n = taps.length - refused.length;
    if (n) status.appendChild(el("b", {id: "queue-count", text: ngettext("%(num)d tap waiting on this phone",
                                                                         "%(num)d taps waiting on this phone", n)}));
    if (n) status.appendChild(document.createTextNode(" — " + (navigator.onLine && q.sending ? _("sending…")
      : refused.length ? _("not saved yet; they are sent once the refused tap below is discarded.")
      : _("not saved yet; they are sent when the connection returns."))));
    refused.forEach(function (entry) {
      if (entry.conflict && window.TapConflict) { status.appendChild(conflictLine(entry, q)); return; }
      var line = el("span", {class: "refused", text: " " + notSaved(entry, q.page) + " " + entry.refused + " "});
      var discard = el("button", {type: "button", class: "small", text: _("Discard this tap")});
      discard.addEventListener("click", function () { q.discard(entry); });
      line.appendChild(discard);
      status.appendChild(line);
    });
  }
  // A 409 with the hand as recorded: said in words, with the choice to keep it or correct it.
  function conflictLine(entry, q) {
    return TapConflict.line(entry, {players: q.page.players, el: el, said: notSaved(entry, q.page),
      keep: function () { q.discard(entry); },
      correct: function (fixed) { q.correct(entry, fixed); }});
  }
  window.QueueStatus = {show: show, describe: describe};
})();
