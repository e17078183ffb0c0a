// A form of counts (bids or tricks), one per player, each with + and - buttons.
// countsForm(form or selector, onChange) wires the buttons and calls onChange(form, sum, cards) on every change.
function countsForm(selector, onChange) {
  var form = typeof selector === "string" ? document.querySelector(selector) : selector;
  if (!form || form.dataset.counted) return;
  form.dataset.counted = "1";  // wired once, even when the script is loaded again for the offline screens
  var cards = parseInt(form.dataset.cards, 10);
  var inputs = form.querySelectorAll("input.count");
  function value(input) { var n = parseInt(input.value, 10); return isNaN(n) ? 0 : n; }
  function update() {
    var sum = 0;
    inputs.forEach(function (input) { sum += value(input); });
    onChange(form, sum, cards);
  }
  form.querySelectorAll("button.step").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = button.closest("tr").querySelector("input.count");
      input.value = Math.max(0, Math.min(cards, value(input) + parseInt(button.dataset.step, 10)));
      update();
    });
  });
  inputs.forEach(function (input) { input.addEventListener("input", update); });
  update();
}
