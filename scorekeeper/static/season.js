// A season's table follows the games (issue 27): the page asks now and then whether the results changed,
// and reloads when a game has finished or been corrected (the club's TV at the bar needs no hand).
(function () {
  var table = document.getElementById("season");
  if (!table || !window.fetch) return;
  var seen = table.getAttribute("data-revision");
  setInterval(function () {
    if (document.hidden) return;
    fetch(table.getAttribute("data-url"), {credentials: "same-origin", cache: "no-store"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && JSON.stringify(answer.revision) !== seen) location.reload();
      })
      .catch(function () {});
  }, 15000);
})();
