// A new event: pick a player from the club's roster (the datalist "roster") and add them as a line of the list.
(function () {
  var add = document.getElementById("roster-add");
  var pick = document.getElementById("roster-pick");
  if (!add || !pick) {
    return;
  }
  var list = document.getElementById(add.getAttribute("data-for"));
  add.parentNode.hidden = false;

  function addPicked() {
    var name = pick.value.trim();
    if (!name || !list) {
      return;
    }
    var text = list.value.replace(/\s+$/, "");
    list.value = (text ? text + "\n" : "") + name + "\n";
    pick.value = "";
    pick.focus();
  }

  add.addEventListener("click", addPicked);
  pick.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      event.preventDefault();
      addPicked();
    }
  });
})();
