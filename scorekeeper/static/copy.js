// Copy buttons (data-copy: the id of the field to copy) and Share buttons (data-share: the field with the link,
// handed to the phone's share sheet; hidden where there is none). Clicks are caught on the document, and the
// buttons shown again after a live update (follow.js patches the page).
(function () {
  function reveal() {
    document.querySelectorAll("[data-copy]").forEach(function (b) { b.hidden = false; });
    document.querySelectorAll("[data-share]").forEach(function (b) { b.hidden = !navigator.share; });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy],[data-share]");
    if (!button) return;
    var source = document.getElementById(button.dataset.copy || button.dataset.share);
    if (button.dataset.share) {
      navigator.share({title: document.title, url: source.value}).catch(function () { /* cancelled */ });
      return;
    }
    function done() { button.textContent = _("Copied"); }
    function fallback() {  // plain http on a home network has no clipboard API
      source.select();
      try { document.execCommand("copy"); done(); } catch (e) { button.textContent = _("Select the text and copy it"); }
    }
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(source.value).then(done, fallback);
    else fallback();
  });
  document.addEventListener("live:updated", reveal);
  reveal();
})();
