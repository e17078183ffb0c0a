"""Counted nouns: "1 hand", "2 hands". Every plural the app shows goes through here, one call site each, so
the languages work (Babel's ngettext) replaces these two functions and nothing else."""

# Nouns whose plural is not the singular plus "s".
IRREGULAR = {"copy": "copies"}


def noun(number, singular, plural=None):
    """Return the noun for the number: noun(1, "table") is "table", noun(2, "table") "tables"."""
    return singular if number == 1 else plural or IRREGULAR.get(singular, singular + "s")


def counted(number, singular, plural=None):
    """Return the number with its noun: counted(1, "hand") is "1 hand", counted(3, "hand") "3 hands"."""
    return f"{number} {noun(number, singular, plural)}"
