// The setup page: offer the names entered before as each player's name is typed.
document.querySelectorAll('.players input[name^="player_"]').forEach(function (field) {
  field.setAttribute("list", "roster");
});
