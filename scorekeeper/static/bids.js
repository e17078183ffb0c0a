// All bids at once: the sum against the cards is shown live.
countsForm("form.bidsall", function (form, sum, cards) {
  var cooperative = form.dataset.cooperative === "1";
  var tally = document.getElementById("bid-tally");
  var words = sum > cards ? "over by " + (sum - cards) : sum < cards ? "under by " + (cards - sum) : "even";
  if (cooperative) {
    words = sum === cards ? "exactly " + cards + " ✓" : (sum < cards ? (cards - sum) + " more needed"
                                                                      : (sum - cards) + " too many");
  }
  tally.innerHTML = "Bid <b id=\"bid-sum\">" + sum + "</b> of " + cards + " · <b>" + words + "</b>";
  tally.classList.toggle("bad", cooperative && sum !== cards);
});
