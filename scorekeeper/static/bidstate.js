// The bid state of one hand, worked out exactly as rules.state_of_bids does on the server (scorekeeper/rules/
// bidding.py): whose turn, who may bid or change, what the seat may bid, the hook's forbidden bid and why, the
// tally; and who names trump after the bids (rules.trump_namer). Pure: no page, no storage; queue.js and
// offline_hand.js use it in the browser, tests/test_bidstate_parity.py under node.
// The words come from the server (page.messages); this file keeps none of its own.
(function (root) {
  "use strict";

  function order(dealer, bids, out) {
    var n = bids.length, seats = [];
    for (var i = 1; i <= n; i++) {
      var seat = (dealer + i) % n;
      if (out.indexOf(seat) < 0) seats.push(seat);
    }
    return seats;
  }

  function mayBid(seats, bids, seat) {
    if (bids[seat] === null) return true;
    var next = seats[seats.indexOf(seat) + 1];
    return next === undefined || bids[next] === null;
  }

  function forbiddenFor(hand, seat, hook) {
    // rules.bids.bidding.hooked_bid, the server's one check of the hook: it bites only on the dealer, once every other
    // player dealt in has bid, and only in range.
    if (!hook || seat !== hand.dealer) return null;
    var others = 0, done = true;
    hand.bids.forEach(function (bid, s) {
      if (s === hand.dealer) return;
      if (bid === null) { if (hand.out.indexOf(s) < 0) done = false; } else others += bid;
    });
    var forbidden = hand.cards - others;
    return done && forbidden >= 0 && forbidden <= hand.cards ? forbidden : null;
  }

  // hand: {cards, dealer, bids, out, hook, hook_from, all_at_once, seat, blind, tricks}, the names the server
  // sends (rules.bid_inputs). Returns the same object as BidState.as_dict().
  function bidState(hand) {
    var cards = hand.cards, bids = hand.bids, out = hand.out || [];
    hand = {cards: cards, dealer: hand.dealer, bids: bids, out: out, hook: hand.hook, hook_from: hand.hook_from || 1,
            all_at_once: !!hand.all_at_once, seat: hand.seat === undefined ? null : hand.seat, blind: !!hand.blind,
            tricks: hand.tricks || null};
    var seats = order(hand.dealer, bids, out);
    var hook = !!hand.hook && !hand.all_at_once && cards >= hand.hook_from;  // rules.bids.bidding.hook_bites
    var turn = null, open;
    if (hand.all_at_once) {
      open = seats.filter(function (s) { return bids[s] === null; });
    } else {
      for (var i = 0; i < seats.length && turn === null; i++) if (bids[seats[i]] === null) turn = seats[i];
      open = seats.filter(function (s) { return mayBid(seats, bids, s); });
    }
    var seat = hand.seat, blind = hand.blind;
    if (open.indexOf(seat) < 0) { seat = turn; blind = false; }
    var allowed = [], forbidden = null;
    if (seat !== null) {
      var struck = blind ? null : forbiddenFor(hand, seat, hook);
      for (var b = 0; b <= cards; b++) if (b !== struck) allowed.push(b);
      forbidden = struck;
    }
    var soFar = bids.reduce(function (sum, bid) { return sum + (bid === null ? 0 : bid); }, 0);
    var by = soFar - cards;
    var complete = seats.every(function (s) { return bids[s] !== null; });
    var tricks = hand.tricks;
    return {
      cards: cards, dealer: hand.dealer, order: seats, bids: bids.slice(), turn: turn, may_bid: open, seat: seat,
      allowed: allowed, forbidden: forbidden,
      reason: forbidden === null ? null : {id: "hook", values: {bid: forbidden, cards: cards}},
      so_far: soFar, by: by, standing: {id: by > 0 ? "over" : by < 0 ? "under" : "even", values: by ? {by: Math.abs(by)} : {}},
      needed: bids.map(function (bid, s) {
        return bid === null ? null : Math.max(bid - ((tricks && tricks[s]) || 0), 0);
      }),
      complete: complete, announcement: complete ? (by > 0 ? "over" : by < 0 ? "under" : "even") : null,
      hook: hook, all_at_once: hand.all_at_once, blind: blind && seat !== null
    };
  }

  // A message in words: the server's sentence for its id, with the values filled in.
  function say(messages, reason) {
    if (!reason) return "";
    return messages[reason.id].replace(/\{(\w+)\}/g, function (_, name) { return String(reason.values[name]); });
  }

  // Who names trump after the bids: the highest bidder, the first in bidding order on a tie (rules.trump_namer).
  function trumpNamer(hand) {
    var best = null;
    order(hand.dealer, hand.bids, hand.out || []).forEach(function (seat) {
      if (hand.bids[seat] !== null && (best === null || hand.bids[seat] > hand.bids[best])) best = seat;
    });
    return best;
  }

  var api = {bidState: bidState, say: say, trumpNamer: trumpNamer};
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.BidState = api;
})(this);
