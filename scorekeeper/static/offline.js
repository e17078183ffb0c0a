// The offline queue (queue.js, its parts and queue.css), fetched once the page is drawn rather than with it: the hand
// pages and the sheet keep their light first load, and the queue is in place long before a thumb reaches a button.
(function () {
  "use strict";
  var holder = document.getElementById("offline");
  if (!holder || !window.indexedDB) return;
  var style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = holder.dataset.styles;
  var scripts = holder.dataset.parts.split(" ").filter(Boolean).concat([holder.dataset.queue]).map(function (src) {
    var script = document.createElement("script");
    script.src = src;
    script.async = false;  // run in order: queue.js last, on its parts
    return script;
  });
  // Marked, so that the page queue.js keeps for offline use carries none of them (they would load twice).
  [style].concat(scripts).forEach(function (tag) { tag.setAttribute("data-lazy", ""); document.head.appendChild(tag); });
})();
