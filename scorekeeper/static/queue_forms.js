// The offline queue's form capture (queue.js): a form of the server's own hand pages (the deal, the pad, the bids
// all at once, the tricks, trump, a correction) read as the actions API's tap it stands for, so that offline (or
// while taps wait) it is queued instead of posted.
(function () {
  "use strict";
  function penalty(value) {
    var penalized = value("penalty_seat");
    if (!penalized) return null;
    var points = parseFloat(value("penalty_points"));
    return [{seat: parseInt(penalized, 10), reason: value("penalty_reason"), points: isNaN(points) ? null : points}];
  }
  // The tap a form's submit stands for, or null (a form the queue does not take).
  function tapFrom(form, submitter, page) {
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
      var reveal = {action: "reveal", bids: bids};
      var blinds = page.bid_state.order.filter(function (s) {
        var box = form.elements["blind_" + s];
        return box && box.checked;
      });
      if (blinds.length) reveal.blinds = blinds;  // as the server's form reads them (views/table/hand.py)
      return reveal;
    }
    if (form.classList.contains("tricks")) {
      var took = page.players.map(function (unused, s) {
        var v = value("took_" + s);
        return v === null || v === "" || page.hand.out.indexOf(s) >= 0 ? null : parseInt(v, 10);
      });
      var tricks = {action: "tricks", tricks: took}, penalties = penalty(value);
      if (penalties) tricks.penalties = penalties;
      return tricks;
    }
    if (form.classList.contains("edit")) return correction(form, value, page);
    if (pressed.name === "trump" && page.step === "trump") return {action: "trump", trump: pressed.value};
    return null;
  }
  function correction(form, value, page) {
    // A past hand recorded again (templates/table/edit.html): the actions API's correct.
    var count = function (name) { var v = value(name); return v === null || v === "" ? null : parseInt(v, 10); };
    var tap = {action: "correct", number: +location.pathname.match(/\/hands\/(\d+)\/edit$/)[1],
               bids: page.players.map(function (unused, s) { return count("bid_" + s); }),
               tricks: page.players.map(function (unused, s) { return count("took_" + s); }),
               drop_penalties: Array.prototype.filter.call(form.querySelectorAll("input[name^=drop_penalty_]"),
                 function (box) { return box.checked; }).map(function (box) { return +box.name.split("_").pop(); })};
    if (value("trump")) tap.trump = value("trump");
    var penalties = penalty(value);
    if (penalties) tap.penalties = penalties;
    return tap;
  }
  window.QueueForms = {tapFrom: tapFrom};
})();
