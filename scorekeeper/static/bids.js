// All bids at once: the sum against the cards is shown live.
function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"}[c]; });
}
countsForm("form.bidsall", function (form, sum, cards) {
  var cooperative = form.dataset.cooperative === "1";
  var tally = document.getElementById("bid-tally");
  var said = JSON.parse(form.dataset.words);  // the server's words (rules.bidding.MESSAGES)
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
    document.getElementById("save-bids").disabled = wrong;
    var reason = document.getElementById("save-reason");
    reason.hidden = !wrong;
    reason.textContent = wrong ? _("Save is off until the bids add up to exactly %(cards)s.", {cards: cards}) : "";
  }
});
