// The round's clock: each .round-clock[data-since] (the draw's time, ISO, from the server) shows the time since
// the draw as m:ss (h:mm:ss after an hour), ticking every second without a reload. It reads the element anew
// each tick, so a live update (follow.js) that redraws the page keeps it ticking.
(function () {
  "use strict";
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function say(seconds) {
    var hours = Math.floor(seconds / 3600), minutes = Math.floor(seconds % 3600 / 60), rest = seconds % 60;
    return hours ? hours + ":" + two(minutes) + ":" + two(rest) : minutes + ":" + two(rest);
  }
  function tick() {
    var clocks = document.querySelectorAll(".round-clock[data-since]"), i;
    for (i = 0; i < clocks.length; i++) {
      var since = Date.parse(clocks[i].getAttribute("data-since"));
      if (isNaN(since)) continue;
      var text = say(Math.max(0, Math.floor((Date.now() - since) / 1000)));
      if (clocks[i].textContent !== text) clocks[i].textContent = text;
    }
  }
  tick();
  setInterval(tick, 1000);
})();
