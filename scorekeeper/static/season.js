// A season's table follows the games (issue 27): the page asks now and then whether the results changed,
// and reloads when a game has finished or been corrected (the club's TV at the bar needs no hand).
// On the big screen a table longer than the screen shows a page of rows at a time, turning every 12 seconds.
(function () {
  var table = document.getElementById("season");
  if (!table || !window.fetch) return;
  // Compared as JSON.stringify writes it: the page's attribute is written with spaces after its commas.
  var seen = JSON.stringify(JSON.parse(table.getAttribute("data-revision")));
  setInterval(function () {
    if (document.hidden) return;
    fetch(table.getAttribute("data-url"), {credentials: "same-origin", cache: "no-store"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && JSON.stringify(answer.revision) !== seen) location.reload();
      })
      .catch(function () {});
  }, 15000);

  var label = document.getElementById("season-page");
  var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr"));
  if (!label || !rows.length) return;
  var room = window.innerHeight - rows[0].getBoundingClientRect().top - 8;
  var perPage = Math.max(1, Math.floor(room / rows[0].getBoundingClientRect().height));
  var pages = Math.ceil(rows.length / perPage), page = 0;
  if (pages < 2) return;
  function show() {
    rows.forEach(function (row, i) { row.classList.toggle("off-page", Math.floor(i / perPage) !== page); });
    label.textContent = label.getAttribute("data-words").replace("%(page)s", page + 1).replace("%(pages)s", pages);
    label.hidden = false;
    page = (page + 1) % pages;
  }
  show();
  setInterval(show, 12000);
})();
