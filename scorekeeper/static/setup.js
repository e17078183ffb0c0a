// The setup page. Choosing a preset sets every rule field it defines (the "Use" button posts the same
// without JavaScript); N follows the players and decks until the person types one, and an N the
// deck cannot deal is lowered with a note.
(function () {
  var form = document.getElementById("setup");
  var preset = document.getElementById("preset");
  var presets = JSON.parse(preset.dataset.presets);
  var n = document.getElementById("max_cards");
  var shown = form.elements.n_shown;
  var note = document.getElementById("n-note");
  var pattern = document.getElementById("pattern");
  var fixedPatterns = JSON.parse(pattern.dataset.fixed);
  var decks = document.getElementById("decks");
  var fullDeal = form.elements.full_deal;
  var names = document.querySelectorAll(".players input");
  document.getElementById("apply-preset").hidden = true;

  function playerCount() {
    return Array.prototype.filter.call(names, function (input) { return input.value.trim(); }).length;
  }

  function setField(name, value) {
    form.querySelectorAll('[name="' + name + '"]').forEach(function (element) {
      if (element.type === "checkbox") {
        element.checked = Array.isArray(value) ? value.indexOf(element.value) >= 0 : Boolean(value);
      } else if (element.type === "radio") {
        element.checked = element.value === value;
      } else {
        element.value = value === null || value === undefined ? "" : value;
      }
    });
  }

  // An N set by the page (not typed) is remembered in n_shown, so the server can tell the two apart too.
  function setN(value) {
    n.value = value === null || value === undefined ? "" : value;
    shown.value = n.value;
    delete n.dataset.asked;
  }

  function largestFor(count, deckCount) {
    return Math.floor((52 * deckCount - (fullDeal.checked ? 0 : 1)) / count);
  }

  function followN() {
    var count = playerCount();
    var chosen = presets[preset.value];
    var typed = "asked" in n.dataset || n.value !== shown.value;
    if (count >= 2 && chosen && !typed) setN(chosen.n[count]);
    note.hidden = true;
    // A typed N is remembered as typed: lowered while the deck cannot deal it, back up when it can,
    // and still typed when posted, so the server keeps the N the note names.
    var asked = parseInt(typed ? (n.dataset.asked || n.value) : n.value, 10);
    if (count < 2 || isNaN(asked) || fixedPatterns.indexOf(pattern.value) >= 0) return;
    var deckCount = decks.value === "auto" ? (count >= 8 ? 2 : 1) : parseInt(decks.value, 10);
    var largest = largestFor(count, deckCount);
    if (typed) n.value = Math.min(asked, largest);
    if (asked <= largest) return;
    if (!typed) setN(largest);
    var values = {largest: largest, asked: asked, players: count, up_to: Math.min(asked, largestFor(count, 2))};
    note.textContent = ngettext("N (largest hand) is now %(largest)s, not %(asked)s: %(players)s players get at most " +
                                "%(largest)s cards each from %(num)d deck.",
                                "N (largest hand) is now %(largest)s, not %(asked)s: %(players)s players get at most " +
                                "%(largest)s cards each from %(num)d decks.", deckCount, values) +
      (deckCount < 2 ? " " + _("Or choose 2 in Decks for hands of up to %(up_to)s.", values) : "");
    note.hidden = false;
  }

  preset.addEventListener("change", function () {
    var chosen = presets[preset.value];
    if (!chosen) return;
    Object.keys(chosen.fields).forEach(function (name) { setField(name, chosen.fields[name]); });
    setN(chosen.n[playerCount() >= 2 ? playerCount() : 4]);
    followN();
    // A field set here fires no event of its own: say the system changed, so a house formula's preview shows.
    var scoring = document.getElementById("scoring");
    if (scoring) scoring.dispatchEvent(new Event("change"));
  });
  [pattern, decks, fullDeal].forEach(function (element) { element.addEventListener("change", followN); });
  n.addEventListener("change", function () { n.dataset.asked = n.value; followN(); });

  // Eight names or more: say that auto means two decks.
  function notePlayers() {
    var count = playerCount();
    if (count >= 8) document.getElementById("decks-note").textContent = _("%(players)s players: auto deals from two decks (001).", {players: count});
  }
  // The evening's people: a tap seats one in the first empty seat, or unseats them (the later seats move up), as
  // the server does for the button without JavaScript.
  function key(name) { return name.trim().toLowerCase(); }
  document.querySelectorAll(".pick").forEach(function (button) {
    button.addEventListener("click", function (event) {
      event.preventDefault();
      var seated = [].map.call(names, function (input) { return input.value.trim(); }).filter(Boolean);
      var others = seated.filter(function (name) { return key(name) !== key(button.value); });
      if (others.length === seated.length) others.push(button.value);
      names.forEach(function (input, seat) {
        if (input.value === (others[seat] || "")) return;
        input.value = others[seat] || "";
        input.dispatchEvent(new Event("input"));
      });
      document.querySelectorAll(".pick").forEach(function (pick) {
        var on = others.some(function (name) { return key(name) === key(pick.value); });
        pick.classList.toggle("primary", on);
        pick.setAttribute("aria-pressed", on);
      });
    });
  });
  // Typing a name shows the next empty seat and names that seat in the first-dealer list.
  names.forEach(function (input, seat) {
    input.addEventListener("input", function () {
      var next = input.closest("li").nextElementSibling;
      if (next && input.value.trim()) next.classList.remove("spare");
      var option = document.querySelector('#first_dealer option[value="' + seat + '"]');
      if (option) option.textContent = input.value.trim() || _("seat %(number)s", {number: seat + 1});
      notePlayers();
      followN();
    });
  });
})();

// The house formula's live preview (house.js) is fetched only once the formula system is chosen.
(function (src) {
  var scoring = document.getElementById("scoring"), loaded = false;
  // The systems whose formula the table types, as the registry says (the select's data-typed-formula).
  var typed = scoring ? JSON.parse(scoring.dataset.typedFormula || "[]") : [];
  function load() {
    if (loaded || !src || !scoring || typed.indexOf(scoring.value) < 0) return;
    loaded = true;
    var script = document.createElement("script");
    script.src = src;
    document.body.appendChild(script);
  }
  if (scoring) scoring.addEventListener("change", load);
  load();
})(document.currentScript && document.currentScript.dataset.house);
