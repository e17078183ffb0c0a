"""What the JSON export keeps beside each game's record (RULES.md, "The game record"): its date, evening, id, edit
key (only when asked), history, and `"abandoned": true` for an abandoned game, which counts nowhere and stays
abandoned through an import (rules/counting.py). One list, for the export and the import alike."""

META_KEYS = ("date", "evening", "id", "edit_key", "history", "abandoned")
