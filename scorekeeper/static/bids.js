// All bids at once: + and - adjust a bid; the sum against the cards is shown live.
(function () {
  var form = document.querySelector("form.bidsall");
  if (!form) return;
  var cards = parseInt(form.dataset.cards, 10);
  var cooperative = form.dataset.cooperative === "1";
  function value(input) { var n = parseInt(input.value, 10); return isNaN(n) ? 0 : n; }
  function update() {
    var sum = 0;
    form.querySelectorAll("input.count").forEach(function (input) { sum += value(input); });
    var tally = document.getElementById("bid-tally");
    var words = sum > cards ? "over by " + (sum - cards) : sum < cards ? "under by " + (cards - sum) : "even";
    if (cooperative) {
      words = sum === cards ? "exactly " + cards + " ✓" : (sum < cards ? (cards - sum) + " more needed"
                                                                        : (sum - cards) + " too many");
    }
    tally.innerHTML = "Bid <b id=\"bid-sum\">" + sum + "</b> of " + cards + " · <b>" + words + "</b>";
    tally.classList.toggle("bad", cooperative && sum !== cards);
  }
  form.querySelectorAll("button.step").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = button.closest("tr").querySelector("input.count");
      input.value = Math.max(0, Math.min(cards, value(input) + parseInt(button.dataset.step, 10)));
      update();
    });
  });
  form.querySelectorAll("input.count").forEach(function (input) { input.addEventListener("input", update); });
  update();
})();
