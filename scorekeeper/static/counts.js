// A form of counts (bids or tricks), one per player, each with + and - buttons.
// countsForm(form or selector, onChange) wires the buttons and calls onChange(form, sum, cards) on every change.
// A form with data-draft ("game/hand/step") keeps what the thumb counted for this tab until it is saved: the same
// screen drawn again (the connection returns and the phone's screen becomes the server's page, or the queue draws
// it afresh) shows those counts, not the defaults. Its rows are tr[data-seat] (and data-bid on the tricks screen):
// counts made against other bids are not put back. Once saved they are gone (an undo opens the screen as new).
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
  function changed() {
    CountDraft.keep(form, inputs);
    update();
  }
  form.querySelectorAll("button.step").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = button.closest("tr").querySelector("input.count");
      input.value = Math.max(0, Math.min(cards, value(input) + parseInt(button.dataset.step, 10)));
      changed();
    });
  });
  inputs.forEach(function (input) { input.addEventListener("input", changed); });
  form.addEventListener("submit", function () { CountDraft.drop(form); });
  // Counts put back are not the defaults: the note that says what the screen is filled with says so.
  var note = form.querySelector("[data-restored]");
  if (CountDraft.restore(form, inputs) && note) note.textContent = note.dataset.restored;
  update();
}

var CountDraft = (function () {
  var PREFIX = "counts ";
  // The hand as the rows show it: counts are put back only on the same players with the same bids.
  function rows(form) {
    return Array.prototype.map.call(form.querySelectorAll("tr[data-seat]"), function (row) {
      return row.dataset.seat + "=" + (row.dataset.bid || "");
    }).join(" ");
  }
  function seat(input) { return input.closest("tr").dataset.seat; }
  function drop(form) {
    if (!form.dataset.draft) return;
    try {
      // The game's drafts: one of an earlier hand or step left unsaved is done with too.
      var game = PREFIX + form.dataset.draft.split("/")[0] + "/";
      for (var i = sessionStorage.length - 1; i >= 0; i--) {
        var key = sessionStorage.key(i);
        if (key.indexOf(game) === 0) sessionStorage.removeItem(key);
      }
    } catch (error) { /* nothing kept */ }
  }
  function keep(form, inputs) {
    if (!form.dataset.draft) return;
    var counts = {};
    inputs.forEach(function (input) { counts[seat(input)] = input.value; });
    drop(form);
    try {
      sessionStorage.setItem(PREFIX + form.dataset.draft, JSON.stringify({rows: rows(form), counts: counts}));
    } catch (error) { /* the counts stay on this screen only */ }
  }
  function restore(form, inputs) {  // true when counts were put back
    if (!form.dataset.draft) return false;
    var kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(PREFIX + form.dataset.draft) || "null"); } catch (error) { return false; }
    if (!kept || kept.rows !== rows(form)) return false;
    inputs.forEach(function (input) {
      if (Object.prototype.hasOwnProperty.call(kept.counts, seat(input))) input.value = kept.counts[seat(input)];
    });
    return true;
  }
  return {keep: keep, restore: restore, drop: drop};
})();
