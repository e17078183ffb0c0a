// The offline queue's storage (queue.js): the taps waiting on this phone, in order, and the confirmed state under
// them (the game as the server last confirmed it), per game, in IndexedDB. Kept across reloads and restarts.
(function () {
  "use strict";
  var ready = null;
  function database() {
    if (!ready) {
      ready = new Promise(function (resolve, reject) {
        var open = indexedDB.open("scorekeeper-taps", 1);
        open.onupgradeneeded = function () {
          open.result.createObjectStore("taps", {keyPath: "seq", autoIncrement: true});
          open.result.createObjectStore("bases", {keyPath: "game"});
        };
        open.onsuccess = function () { resolve(open.result); };
        open.onerror = function () { reject(open.error); };
      });
    }
    return ready;
  }
  // One transaction on one store: work(store) may return a request, whose result is the promise's.
  function run(name, mode, work) {
    return database().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(name, mode), result;
        var request = work(tx.objectStore(name));
        if (request) request.onsuccess = function () { result = request.result; };
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  window.TapStore = {
    // The game's waiting taps, oldest first: {seq, game, tap: {id, action, ...}, made_on, refused, conflict}.
    taps: function (game) {
      return run("taps", "readonly", function (s) { return s.getAll(); }).then(function (all) {
        return (all || []).filter(function (t) { return t.game === game; });
      });
    },
    add: function (entry) { return run("taps", "readwrite", function (s) { return s.add(entry); }); },  // its seq
    put: function (entry) { return run("taps", "readwrite", function (s) { s.put(entry); }); },
    remove: function (entry) { return run("taps", "readwrite", function (s) { s.delete(entry.seq); }); },
    base: function (game) { return run("bases", "readonly", function (s) { return s.get(game); }); },
    keepBase: function (base) { return run("bases", "readwrite", function (s) { s.put(base); }); }
  };
})();
