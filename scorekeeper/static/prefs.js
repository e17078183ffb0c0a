// Display settings on this phone, remembered in localStorage: colours (the phone's, light or dark); keeping the
// screen awake while a game is open (taken again when the page comes back); speaking the announcement.
(function () {
  "use strict";
  var root = document.documentElement, script = document.currentScript;
  var panel = document.getElementById("prefs"), status = document.getElementById("pref-status");
  function get(key, fallback) { try { return localStorage.getItem(key) || fallback; } catch (e) { return fallback; } }
  function put(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* not remembered */ } }
  function say(text) { if (status) status.textContent = text; }

  if ("serviceWorker" in navigator && script && script.dataset.sw) {
    navigator.serviceWorker.register(script.dataset.sw).catch(function () { /* the app works without it */ });
  }
  // A panel's script (its summary's data-script) is fetched when the panel is first opened: the first load stays small.
  document.querySelectorAll("details > summary[data-script]").forEach(function (summary) {
    var details = summary.parentElement;
    details.addEventListener("toggle", function load() {
      details.removeEventListener("toggle", load);
      var tag = document.createElement("script");
      tag.src = summary.dataset.script;
      document.body.appendChild(tag);
    });
  });
  if (!panel) return;
  panel.hidden = false;  // every setting needs this script

  var theme = document.getElementById("pref-theme");
  theme.value = get("theme", "auto");
  theme.addEventListener("change", function () {
    put("theme", theme.value);
    if (theme.value === "auto") delete root.dataset.theme; else root.dataset.theme = theme.value;
  });

  var awake = document.getElementById("pref-awake"), lock = null;
  function keepAwake() {
    if (!awake || !awake.checked || document.hidden || lock) return;
    if (!navigator.wakeLock) { say(_("This browser cannot keep the screen on.")); return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      say(_("The screen stays on."));
      sentinel.addEventListener("release", function () { if (lock === sentinel) lock = null; });
    }).catch(function (error) { say(_("The screen could not be kept on (%(reason)s).", {reason: error.name})); });
  }
  if (awake) {
    awake.checked = get("awake", "on") === "on";
    awake.addEventListener("change", function () {
      put("awake", awake.checked ? "on" : "off");
      if (awake.checked) keepAwake();
      else { if (lock) lock.release(); lock = null; say(_("The screen may sleep.")); }
    });
    // The browser drops the lock whenever the page is hidden; take it again when the page is back.
    document.addEventListener("visibilitychange", keepAwake);
    keepAwake();
  }

  var speak = document.getElementById("pref-speak"), spokenKey = "spoken:" + location.pathname;
  function announce() {
    if (!speak || !speak.checked || !window.speechSynthesis) return;
    var text = Array.prototype.map.call(document.querySelectorAll("[data-speak]"), function (element) {
      return element.textContent.trim();
    }).join(" ");
    if (!text || text === sessionStorage.getItem(spokenKey)) return;
    sessionStorage.setItem(spokenKey, text);
    root.dataset.spoken = text;
    // In the page's language, with its voice; "OVER by 1" said, not shouted.
    var utterance = new SpeechSynthesisUtterance(text.toLocaleLowerCase(root.lang || undefined));
    utterance.lang = root.lang;
    window.speechSynthesis.speak(utterance);
  }
  if (speak) {
    speak.checked = get("speak", "off") === "on";
    speak.addEventListener("change", function () {
      put("speak", speak.checked ? "on" : "off");
      sessionStorage.removeItem(spokenKey);
      announce();
    });
    document.addEventListener("live:updated", announce);
    announce();
  }
})();
