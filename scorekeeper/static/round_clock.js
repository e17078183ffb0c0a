// The round's clock: each .round-clock[data-since] (the draw's time, ISO, from the server) shows the time since
// the draw as m:ss (h:mm:ss after an hour), and each .round-countdown[data-ends] (when the round's time is up) the
// time left, then "Time is up", ticking every second without a reload. It reads the elements anew each tick, so a
// live update (follow.js) that redraws the page keeps them ticking.
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
    var counts = document.querySelectorAll(".round-countdown[data-ends]");
    for (i = 0; i < counts.length; i++) {
      var ends = Date.parse(counts[i].getAttribute("data-ends"));
      if (isNaN(ends)) continue;
      var left = Math.ceil((ends - Date.now()) / 1000), over = left < 0;
      var shown = counts[i].querySelector(".left"), running = counts[i].querySelector(".running");
      var up = counts[i].querySelector(".up");
      if (shown && !over && shown.textContent !== say(left)) shown.textContent = say(left);
      if (running) running.hidden = over;
      if (up) up.hidden = !over;
      counts[i].classList.toggle("over", over);
    }
  }
  tick();
  setInterval(tick, 1000);
})();
