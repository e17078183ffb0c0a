// All bids at once: the sum against the cards is shown live.
countsForm("form.bidsall", function (form, sum, cards) {
  var cooperative = form.dataset.cooperative === "1";
  var tally = document.getElementById("bid-tally");
  var said = JSON.parse(form.dataset.words);  // the server's words (rules.bidding.MESSAGES)
  var words = said[sum > cards ? "over" : sum < cards ? "under" : "even"].replace("{by}", Math.abs(sum - cards));
  if (cooperative) {
    words = sum === cards ? "exactly " + cards + " ✓" : (sum < cards ? (cards - sum) + " more needed"
                                                                      : (sum - cards) + " too many");
  }
  tally.innerHTML = "Bid <b id=\"bid-sum\">" + sum + "</b> of " + cards + " · <b>" + words + "</b>";
  tally.classList.toggle("bad", cooperative && sum !== cards);
  if (cooperative) {
    // The server refuses such bids too; the button says why before anyone taps it.
    var wrong = sum !== cards;
    document.getElementById("save-bids").disabled = wrong;
    var reason = document.getElementById("save-reason");
    reason.hidden = !wrong;
    reason.textContent = wrong ? "Save is off until the bids add up to exactly " + cards + "." : "";
  }
});
