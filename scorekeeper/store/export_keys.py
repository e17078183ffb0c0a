"""What the JSON export keeps beside each game's record (RULES.md, "The game record"): its date, evening (with the
evening's date and note where the organiser set them: the day a game counts on follows its evening's date), id,
edit key (only when asked), history, `"abandoned": true` for an abandoned game, which counts nowhere and stays
abandoned through an import (rules/club/counting.py), and `"recognised": false` for a game out of the club's record
(waiting in the owner's list, or left out: store/club.py); since version 2 (decision 0039) also when it was last
written (`updated`), the rating order's mark of when it first finished (`finished`: the day it counts on and its
place in the ratings follow it) and the game its table moved on to (`next_game`). One list, for the export and the
import alike."""

META_KEYS = (
    "date",
    "evening",
    "evening_date",
    "evening_note",
    "id",
    "edit_key",
    "history",
    "abandoned",
    "recognised",
    "updated",
    "finished",
    "next_game",
)
