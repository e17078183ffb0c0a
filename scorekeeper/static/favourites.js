// Before a game (issue 27): once two names are typed, one line says who the ratings make the favourite.
// The server words the line in the page's language; without JavaScript the line is simply not shown.
(function () {
  var line = document.getElementById("favourites");
  if (!line || !window.fetch) return;
  var inputs = document.querySelectorAll(".players input");
  var asked = "", timer = null;
  function ask() {
    var names = Array.prototype.map.call(inputs, function (input) { return input.value.trim(); })
      .filter(function (name) { return name; });
    var query = names.map(function (name) { return "name=" + encodeURIComponent(name); }).join("&");
    if (query === asked) return;
    asked = query;
    if (names.length < 2) { line.hidden = true; return; }
    fetch(line.getAttribute("data-url") + "?" + query, {credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (!answer || query !== asked) return;
        line.textContent = answer.line;
        line.hidden = !answer.line;
      })
      .catch(function () { line.hidden = true; });
  }
  Array.prototype.forEach.call(inputs, function (input) {
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(ask, 300); });
  });
  ask();
})();
