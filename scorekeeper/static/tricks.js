// The tricks screen: the last player's count follows from the others.
countsForm("form.tricks", function (form, sum, cards) {
  var last = parseInt(form.dataset.last, 10);
  if (last < 0) return;
  var out = document.getElementById("took-" + last);
  out.textContent = cards - sum;
  out.classList.toggle("bad", cards - sum < 0);
});
