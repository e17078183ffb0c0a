// The tricks screen: + and - adjust a count; the last player's count follows from the others.
(function () {
  var form = document.querySelector("form.tricks");
  if (!form) return;
  var cards = parseInt(form.dataset.cards, 10);
  var last = parseInt(form.dataset.last, 10);
  function value(input) { var n = parseInt(input.value, 10); return isNaN(n) ? 0 : n; }
  function update() {
    if (last < 0) return;
    var sum = 0;
    form.querySelectorAll("input.count").forEach(function (input) { sum += value(input); });
    var out = document.getElementById("took-" + last);
    out.textContent = cards - sum;
    out.classList.toggle("bad", cards - sum < 0);
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
