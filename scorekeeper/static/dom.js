// The DOM helpers the offline scripts share (the queue's parts, offline_hand.js, tap_conflict.js), written once.
// Loaded with the queue (offline.js), before any of them.
(function () {
  "use strict";
  // el("b", {class: "x", text: "words"}, child...): an element with its attributes, its text and its children.
  function el(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]);
    });
    for (var i = 2; i < arguments.length; i++) if (arguments[i]) node.appendChild(arguments[i]);
    return node;
  }
  function button(words, cls, onTap, label) {
    var b = el("button", {type: "button", class: cls, text: words});
    if (label) b.setAttribute("aria-label", label);
    b.addEventListener("click", onTap);
    return b;
  }
  // The controls in `box` that may be used, made still until the returned handle's release().
  function still(box) {
    var controls = Array.prototype.filter.call(box.querySelectorAll("button, input, select, textarea"),
                                               function (control) { return !control.disabled; });
    controls.forEach(function (control) { control.disabled = true; });
    return {release: function () { controls.forEach(function (control) { control.disabled = false; }); }};
  }
  window.Dom = {el: el, button: button, still: still};
})();
