// The offline queue (queue.js and queue.css), fetched once the page is drawn rather than with it: the hand pages
// and the sheet keep their light first load, and the queue is in place long before a thumb reaches a button.
(function () {
  "use strict";
  var holder = document.getElementById("offline");
  if (!holder || !window.indexedDB) return;
  var style = document.createElement("link"), script = document.createElement("script");
  style.rel = "stylesheet";
  style.href = holder.dataset.styles;
  script.src = holder.dataset.queue;
  // Marked, so that the page queue.js keeps for offline use carries none of them (they would load twice).
  [style, script].forEach(function (tag) { tag.setAttribute("data-lazy", ""); document.head.appendChild(tag); });
})();
