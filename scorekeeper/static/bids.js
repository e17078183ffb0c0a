// All bids at once: the sum against the cards is shown live, on the server's screen and on the one the phone draws
// offline (offline_hand.js calls BidsAll.wire with its form).
var BidsAll = (function () {
  function escapeHtml(text) {
    return String(text).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"}[c]; });
  }
  function update(form, sum, cards) {
    var cooperative = form.dataset.cooperative === "1";
    var tally = form.querySelector("#bid-tally");
    var said = JSON.parse(form.dataset.words);  // the server's words (rules.bids.bidding.MESSAGES)
    var words = said[sum > cards ? "over" : sum < cards ? "under" : "even"].replace("{by}", Math.abs(sum - cards));
    if (cooperative) {
      words = sum === cards ? _("exactly %(cards)s ✓", {cards: cards})
        : sum < cards ? ngettext("%(num)d more needed", "%(num)d more needed", cards - sum)
        : ngettext("%(num)d too many", "%(num)d too many", sum - cards);
    }
    tally.innerHTML = _("Bid %(sum)s of %(cards)s", {sum: "<b id=\"bid-sum\">" + sum + "</b>", cards: cards})
      + " · <b>" + escapeHtml(words) + "</b>";
    tally.classList.toggle("bad", cooperative && sum !== cards);
    if (cooperative) {
      // The server refuses such bids too; the button says why before anyone taps it.
      var wrong = sum !== cards;
      var save = form.querySelector("#save-bids");  // a reveal of secret bids has no sum to hold it to
      if (save) save.disabled = wrong;
      var reason = form.querySelector("#save-reason");
      reason.hidden = !wrong;
      reason.textContent = wrong ? _("Save is off until the bids add up to exactly %(cards)s.", {cards: cards}) : "";
    }
  }
  function wire(form) { countsForm(form, update); }
  wire("form.bidsall");
  return {wire: wire};
})();
