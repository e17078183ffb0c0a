// The Copy buttons copy the text of the field they name (data-copy); the Share buttons hand the field's
// link to the phone's own share sheet (data-share, the Web Share API), and stay hidden where there is none.
// Without JavaScript both stay hidden and the text stays selectable. The clicks are caught on the document
// and the buttons shown again after a live update (follow.js patches the page in place).
(function () {
  function reveal() {
    document.querySelectorAll("[data-copy]").forEach(function (button) { button.hidden = false; });
    document.querySelectorAll("[data-share]").forEach(function (button) { button.hidden = !navigator.share; });
  }

  function copy(button, source) {
    function done() { button.textContent = "Copied"; }
    function fallback() {
      // Plain http on a home network has no clipboard API: select the text and copy the old way.
      source.select();
      try { document.execCommand("copy"); done(); } catch (e) { button.textContent = "Select the text and copy it"; }
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(source.value).then(done, fallback);
    } else {
      fallback();
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy], [data-share]");
    if (!button) return;
    if (button.dataset.copy) {
      copy(button, document.getElementById(button.dataset.copy));
    } else {
      var source = document.getElementById(button.dataset.share);
      // A cancelled share sheet rejects: nothing to say.
      navigator.share({title: button.dataset.title || document.title, url: source.value}).catch(function () {});
    }
  });
  document.addEventListener("live:updated", reveal);
  reveal();
})();
