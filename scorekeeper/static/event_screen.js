// The big screen: show one slide at a time (the tables, four at a time, then the standings), a new one every
// 8 seconds. The choice lives in a <style> outside <main>, so the live update (follow.js) can patch <main>.
(function () {
  "use strict";
  var style = document.getElementById("screen-show"), shown = 0;
  function show() {
    var count = document.querySelectorAll("main .slide").length;
    if (!count) return;
    shown = shown % count;
    style.textContent = "main .slide { display: none; } main .slide[data-slide=\"" + shown + "\"] { display: block; }";
  }
  show();
  setInterval(function () { shown += 1; show(); }, 8000);
  document.addEventListener("live:updated", show);
})();
