// Followers: ask for the game's revision every few seconds and reload when it has changed.
(function () {
  var script = document.currentScript;
  var url = script.dataset.url, seen = script.dataset.revision, every = 4000;
  function check() {
    if (document.hidden) return;
    fetch(url, {cache: "no-store"}).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (game) {
      if (game && String(game.revision) !== seen) location.reload();
    }).catch(function () { /* offline for a moment: try again next time */ });
  }
  setInterval(check, every);
  document.addEventListener("visibilitychange", check);
})();
