// The house formula's live preview on the setup page: what bids 0-3 score made, one over, one under.
(function () {
  var box = document.getElementById("formula-preview");
  if (!box) return;
  var scoring = document.getElementById("scoring");
  // The systems whose formula the table types, as the registry says (the select's data-typed-formula).
  var typed = scoring ? JSON.parse(scoring.dataset.typedFormula || "[]") : [];
  if (!typed.length) return;
  var names = ["made", "over", "under"];
  var inputs = names.map(function (name) {
    return document.querySelector('[name="opt__' + typed[0] + '__' + name + '"]');
  });
  if (inputs.indexOf(null) !== -1) return;
  var timer = null;

  function cell(value) { return value === null ? "—" : String(value); }

  function show(data) {
    box.textContent = "";
    if (data.error) {
      var problem = document.createElement("p");
      problem.className = "flash error";
      problem.textContent = data.error;
      box.appendChild(problem);
      return;
    }
    var table = document.createElement("table");
    table.className = "grid preview-table";
    var head = table.insertRow();
    [_("bid"), _("made"), _("one over"), _("one under")].forEach(function (label) {
      var th = document.createElement("th"); th.textContent = label; head.appendChild(th);
    });
    data.rows.forEach(function (row) {
      var tr = table.insertRow();
      [row.bid, row.made, row.over, row.under].forEach(function (value) { tr.insertCell().textContent = cell(value); });
    });
    var caption = table.createCaption();
    caption.textContent = ngettext("House formula, a hand of %(num)d card", "House formula, a hand of %(num)d cards",
                                   Number(data.cards));
    box.appendChild(table);
  }

  function update() {
    var query = new URLSearchParams();
    names.forEach(function (name, i) { query.set(name, inputs[i].value); });
    var size = document.getElementById("max_cards");
    if (size && size.value) query.set("cards", size.value);
    fetch(box.dataset.url + "?" + query.toString(), {headers: {"Accept": "application/json"}})
      .then(function (response) { return response.json(); })
      .then(show)
      .catch(function () { box.textContent = ""; });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  }

  inputs.forEach(function (input) { input.addEventListener("input", later); });
  function typedChosen() { return typed.indexOf(scoring.value) >= 0; }
  scoring.addEventListener("change", function () { if (typedChosen()) update(); });
  if (typedChosen()) update();
})();
