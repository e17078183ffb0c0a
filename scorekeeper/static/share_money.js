// The money's text for the group chat (issue 27): the phone's share sheet where there is one, else the clipboard.
(function () {
  document.querySelectorAll("button.share").forEach(function (button) {
    button.addEventListener("click", function () {
      var text = button.getAttribute("data-text");
      if (navigator.share) { navigator.share({text: text}).catch(function () {}); return; }
      if (navigator.clipboard) navigator.clipboard.writeText(text).catch(function () {});
    });
  });
})();
