// A tap that waited on this phone was made on a hand another phone recorded otherwise: the server refused it (409)
// and sent the hand as it holds it (issue 23). Said here in words, what the other phone recorded and what this
// phone had, with the choice to keep the recorded hand or correct it; nothing is dropped without a tap. Loaded with
// the offline engine (queue.js, web/offline_page.py).
(function () {
  "use strict";
  function counts(players, values, seats) {
    return seats.map(function (s) { return players[s] + " " + values[s]; }).join(", ");
  }
  function text(tap, held, players, reason) {
    var seats = players.map(function (unused, s) { return s; })
      .filter(function (s) { return (held.out || []).indexOf(s) < 0; });
    var number = held.number;
    if (tap.action === "tricks" && held.tricks) {
      var differ = seats.filter(function (s) { return tap.tricks[s] !== null && tap.tricks[s] !== held.tricks[s]; });
      if (!differ.length) return _("Hand %(number)s was recorded on another phone as your phone had it: %(recorded)s.",
                                   {number: number, recorded: counts(players, held.tricks, seats)});
      return _("Hand %(number)s was recorded on another phone: %(recorded)s. Your phone had %(mine)s.",
               {number: number, recorded: counts(players, held.tricks, seats), mine: counts(players, tap.tricks, differ)});
    }
    if (tap.action === "bid") {
      var bids = held.bids.map(function (b) { return b === null ? "·" : b; });
      var mine = players[tap.seat] + " " + tap.bid;
      if (held.tricks) return _("Hand %(number)s was recorded on another phone with the bids %(recorded)s. Your " +
                                "phone had %(mine)s.", {number: number, recorded: counts(players, bids, seats), mine: mine});
      return _("The bids of hand %(number)s on another phone: %(recorded)s. Your phone had %(mine)s.",
               {number: number, recorded: counts(players, bids, seats), mine: mine});
    }
    if (tap.action === "deal") return _("Hand %(number)s was dealt on another phone.", {number: number});
    return _("Hand %(number)s changed on another phone.", {number: number}) + " " + (reason || "");
  }
  function correction(tap, held) {
    // The hand as recorded with what this phone had, as a correction of that hand (a finished hand only).
    if (!held.tricks || (tap.action !== "tricks" && tap.action !== "bid")) return null;
    var bids = held.bids.slice(), tricks = held.tricks.slice();
    if (tap.action === "bid") bids[tap.seat] = tap.bid;
    else tap.tricks.forEach(function (t, s) { if (t !== null) tricks[s] = t; });
    var fixed = {action: "correct", number: held.number, hand: held.number, bids: bids, tricks: tricks};
    if (held.trump) fixed.trump = held.trump;
    if (tap.penalties) fixed.penalties = tap.penalties;
    return fixed;
  }
  // q: {players, el, said (the "Not saved" words), keep(), correct(tap)} from queue.js.
  function line(entry, q) {
    var held = entry.conflict.recorded;
    var shown = q.el("span", {class: "refused conflict",
                              text: " " + q.said + " " + text(entry.tap, held, q.players, entry.refused) + " "});
    var keep = q.el("button", {type: "button", class: "small", text: _("Keep the recorded hand")});
    keep.addEventListener("click", q.keep);
    shown.appendChild(keep);
    var fixed = correction(entry.tap, held);
    if (fixed) {
      var correct = q.el("button", {type: "button", class: "small",
                                    text: _("Correct hand %(number)s as my phone had it", {number: fixed.number})});
      correct.addEventListener("click", function () { q.correct(fixed); });
      shown.appendChild(document.createTextNode(" "));
      shown.appendChild(correct);
    }
    return shown;
  }
  window.TapConflict = {text: text, correction: correction, line: line};
})();
