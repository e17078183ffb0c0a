// Before the page paints: the colours chosen on this phone (none chosen: the phone's own setting).
(function () {
  try {
    var chosen = localStorage.getItem("theme");
    if (chosen === "dark" || chosen === "light") document.documentElement.dataset.theme = chosen;
  } catch (e) { /* storage off: follow the phone */ }
})();
