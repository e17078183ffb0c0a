"""Every counted message in every language, as a player reads it (issue 44): rendered from the compiled catalogue
for 0, 1, 2, 5, 21 and 1,000,000, the number is there, and French and Spanish say "de" only for a million.

French and Spanish have three plural forms: one, "many" (only for whole millions: "1 000 000 de joueurs") and
other. A catalogue that swaps the last two prints "il reste 2 de joueurs"; this test reads what the .mo prints.
"""

import re

import pytest
from babel.support import Translations

from tests.language_helpers import LANGUAGES, PLACEHOLDER, ROOT, TRANSLATIONS, messages, pot

COUNTS = (0, 1, 2, 5, 21, 1_000_000)
MILLION = 1_000_000
# The value every other placeholder gets: a number no count above contains.
OTHER = 7
# Where the count is not %(num)d (ngettext's) or %(count)s ({% trans count=... %}): the count is of a list shown
# whole ("tables 2, 3"; "Winners: Ann and Bob"; "Ann and Bob go on as well"), of the cards that list's tables print
# again ("Print the new cards"), or of a noun after a number said elsewhere ("3 games").
NOT_SHOWN = {
    "%(done)s of %(tables)s tables finished, waiting on table %(waiting)s",
    "Round %(round)d is still being played: table %(tables)s.",
    "Winner: %(names)s",
    "game",
    "win",
    # a correction's change and the reprints after it (issue 43): the players or tables named
    "%(names)s goes on as well.",
    "%(names)s goes on instead of %(instead)s.",
    "%(names)s no longer goes on.",
    "Print the card of table %(tables)s again: the old one is void.",
    "Print the new card",
    "Table %(tables)s of round %(round)d has started: its draw stands.",
    "Table %(tables)s was seated again: its printed card is void.",
}
# After the number, French and Spanish say "de" for a million: "1 000 000 de joueurs", "1 000 000 d’annonces".
MILLION_DE = ("fr", "es")


def counted(singular, plural):
    """The placeholder that holds the count, or None where the message shows no count."""
    names = set(PLACEHOLDER.findall(singular + plural))
    if "num" in names:
        return "num"
    if "count" in names:
        return "count"
    assert singular in NOT_SHOWN, f"{singular!r}: which placeholder is the count? (add it to NOT_SHOWN if none)"
    return None


def compiled(code):
    return Translations.load(str(TRANSLATIONS), [code])


def rendered(translations, message, n):
    """The message as the app prints it for n: the compiled catalogue's form, its values put in."""
    singular, plural = message.id
    key = counted(singular, plural)
    text = translations.ungettext(singular, plural, n)
    values = {name: OTHER for name in PLACEHOLDER.findall(singular + plural)}
    if key:
        values[key] = n
    return text % values


def with_de(form, key):
    """The form with "de" (or French "d’") after the count: what a million says where 2 says the other form."""
    count = rf"(%\({key}\)[sd](?:</b>)?) "
    return {re.sub(count, r"\1 de ", form, count=1), re.sub(count, r"\1 d’", form, count=1)}


def readings(code):
    """Return what a player would frown at, message by message."""
    translations, found = compiled(code), []
    for message in messages(pot()):
        if not isinstance(message.id, tuple):
            continue
        singular, plural = message.id
        key = counted(singular, plural)
        for n in COUNTS:
            text = rendered(translations, message, n)
            if not text.strip() or "%(" in text or "  " in text:
                found.append(f"{singular!r} for {n}: {text!r} (empty, a value left, or a double space)")
            if key and n != 1 and str(n) not in text:
                found.append(f"{singular!r} for {n}: {text!r} does not say {n}")
        if code in MILLION_DE:
            # A million's form is the other form with "de" after the number, or the same where the number is not
            # before its noun ("sur 21", "2 de trop"): never "de" for 2 and none for a million.
            other, million = (
                translations.ungettext(singular, plural, 2),
                translations.ungettext(singular, plural, MILLION),
            )
            if million != other and (not key or million not in with_de(other, key)):
                found.append(
                    f"{singular!r}: for 2 {rendered(translations, message, 2)!r}, for a million "
                    f"{rendered(translations, message, MILLION)!r} (the million's form is the other one "
                    'with "de" after the number)'
                )
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_counted_message_reads_right_for_every_count(code):
    found = readings(code)
    assert not found, f"{len(found)} counted {code} messages a player would stop at:\n" + "\n".join(found)


def test_the_reading_catches_swapped_forms():
    """The fault of the December reading: French "many" and "other" swapped print "il reste 2 de joueurs"."""
    translations = compiled("fr")
    message = next(
        m for m in messages(pot()) if isinstance(m.id, tuple) and m.id[0].startswith("%(num)d player is left")
    )
    right = rendered(translations, message, 2)
    assert "2 joueurs" in right and "2 de joueurs" not in right
    assert "1000000 de joueurs" in rendered(translations, message, MILLION)


# A `{% trans %}` block with `{% pluralize %}` counts by the first variable its tag names, unless the pluralize
# names one: `{% trans tables=..., count=... %}` counted by the text "1, 3": every language but English stopped the
# director's page with a 500 once a table was seated again (issue 43).
TRANS_BLOCK = re.compile(r"{%-?\s*trans\s+(\w+)\s*=[^%]*%}(.*?){%-?\s*endtrans\s*-?%}", re.S)
UNNAMED_PLURALIZE = re.compile(r"{%-?\s*pluralize\s*-?%}")


def test_every_counted_block_in_a_template_counts_by_its_count():
    wrong = []
    for folder in ("templates", "sheets"):
        for path in sorted((ROOT / folder).rglob("*.html")):
            for block in TRANS_BLOCK.finditer(path.read_text(encoding="utf-8")):
                first, body = block.groups()
                if first != "count" and UNNAMED_PLURALIZE.search(body):
                    wrong.append(f"{path.relative_to(ROOT)}: {block.group(0)[:90]}… (write {{% pluralize count %}})")
    assert not wrong, "counted by a variable that is no count:\n" + "\n".join(wrong)
