// The Copy buttons: copy the text of the field they name. Without JavaScript the text stays selectable.
document.querySelectorAll("[data-copy]").forEach(function (button) {
  var source = document.getElementById(button.dataset.copy);
  button.hidden = false;
  function done() { button.textContent = "Copied"; }
  function fallback() {
    // Plain http on a home network has no clipboard API: select the text and copy the old way.
    source.select();
    try { document.execCommand("copy"); done(); } catch (e) { button.textContent = "Select the text and copy it"; }
  }
  button.addEventListener("click", function () {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(source.value).then(done, fallback);
    } else {
      fallback();
    }
  });
});
