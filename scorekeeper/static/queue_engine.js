// The offline queue's engine (queue.js): a tap applied to the hand as this phone holds it, as much of the game as
// one hand needs. Whose turn, what may be bid, the hook and the tally are static/bidstate.js, the server's rules to
// the letter (tests/test_bidstate_parity.py); it is loaded with the hand screens once a tap waits. Its steps are the
// engine's (rules.actions, rules.step), tap after tap: tests/test_queue_engine_parity.py.
(function () {
  "use strict";
  function copy(x) { return JSON.parse(JSON.stringify(x)); }
  function bidState(state, seat) {
    return BidState.bidState({cards: state.hand.cards, dealer: state.hand.dealer, bids: state.hand.bids,
                              out: state.hand.out, hook: state.hook, hook_from: state.hook_from,
                              all_at_once: state.all_at_once, seat: seat === undefined ? null : seat});
  }
  // Once every bid is in, a dealer's blind bid that the hook forbids becomes one more (one fewer at the cards), as
  // rules.actions.bid moves it (rules.dealer_blind_bid, 003); the forbidden bid is BidState's, the dealer's turn.
  function moveDealerBlind(state) {
    var hand = state.hand, dealer = hand.dealer, own = hand.bids[dealer];
    if ((hand.blind || []).indexOf(dealer) < 0) return;
    var others = hand.bids.slice();
    others[dealer] = null;
    var turn = BidState.bidState({cards: hand.cards, dealer: dealer, bids: others, out: hand.out, hook: state.hook,
                                  hook_from: state.hook_from, all_at_once: state.all_at_once, seat: dealer});
    if (turn.forbidden === own) hand.bids[dealer] = own < hand.cards ? own + 1 : own - 1;
  }
  function afterBids(state) {
    return state.trump_after_bids && !state.hand.trump ? "trump" : "tricks";
  }
  // The state after the tap: a copy (the state given is never changed).
  function apply(state, tap) {
    state = copy(state);
    // After the tricks or a correction the server's pages land on the sheet (a correction leaves the hand at hand).
    state.to_sheet = tap.action === "tricks" || tap.action === "correct";
    if (tap.action === "deal") {
      var next = state.next;
      state.recorded = null;
      state.hand = {cards: tap.cards || next.cards, dealer: next.dealer, out: next.out, trump: next.trump ||
                    (state.trump_after_bids ? null : tap.trump), bids: state.players.map(function () { return null; }),
                    blind: []};
      state.step = "bids";
    } else if (tap.action === "bid") {
      state.hand.bids[tap.seat] = tap.bid;
      var blind = state.hand.blind = state.hand.blind || [];
      if (tap.blind && blind.indexOf(tap.seat) < 0) blind.push(tap.seat);
      blind.sort(function (a, b) { return a - b; });
      if (bidState(state).complete) {
        moveDealerBlind(state);
        state.step = afterBids(state);
      }
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
      // The next deal of the plan, as the server sent it (rules/actions/whole_hands.py: deals_ahead); none when it depends
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
  window.QueueEngine = {apply: apply, bidState: bidState, copy: copy};
})();
