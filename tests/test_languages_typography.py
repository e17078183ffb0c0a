"""Each language's typography over its whole catalogue (issue 44): one quote style, one percent spelling, the ellipsis
…, French no-break spaces and no "(e)" forms, Spanish opening ¿, German imperatives in one form and a capital after a
colon before one. docs/languages.md ("Typography") says the rules; a failure names each message and its fault.
"""

import re

import pytest

from tests.language_helpers import LANGUAGES, TAG, forms, messages, po, shown

NO_BREAK = "\u00a0\u202f"
# A number, or a value that is one (%(percent)d), and the percent sign after it: "%%" in a python-format message.
PERCENT = re.compile(r"(?:\d|%\(\w+\)[sd])([ \u00a0\u202f]?)(?:%%|%(?![(%a-z]))")
# Quotes as quotes: an ASCII ' that is no apostrophe (not between two letters), and every other quote mark.
STRAIGHT_SINGLE = re.compile(r"(?<![^\W\d_])'|'(?![^\W\d_])")
QUOTES = {"nl": ("‘", "’"), "de": ("„", "“"), "fr": ("«", "»"), "es": ("«", "»")}
ALL_QUOTES = set('"“”„‘’«»‹›')
# German: the short imperative where the stem allows it (Duden: the -e is kept after -d, -t, -ig and a consonant
# before -m or -n: öffne, lade, halte, starte, entscheide; and in the -ern verbs: speichere).
GERMAN_LONG_IMPERATIVES = re.compile(
    r"(?<![Ii]ch )\b(?:[Ww]ähle|[Tt]ippe|[Pp]rüfe|[Tt]rage|[Ss]chreibe|[Hh]ole|[Nn]enne|"
    r"[Kk]opiere|[Mm]arkiere|[Ee]xportiere|[Ii]mportiere|[Aa]ktualisiere|[Tt]ausche|"
    r"[Mm]ache|[Ss]etze|[Bb]egrenze|[Tt]eile|[Ff]rage|[Ss]chaue|[Ss]age|[Ss]uche)\b(?! ich)"
)
GERMAN_IMPERATIVES = (
    "gib|wähl|trag|prüf|tipp|nimm|schreib|lass|hol|setz|frag|versuch|öffne|stell|mach|nenn|geh|kopier|"
    "markier|such|exportier|importier|lade|halte|starte|entscheide|tausch|begrenz|vergleich|teil|"
    "aktualisier|speichere|spiel|sag|zeig|schau|bitte"
)
# An imperative after a colon starts a whole sentence: a capital (one said in brackets, a hint, is no sentence).
GERMAN_LOWER_AFTER_COLON = re.compile(rf": (?:{GERMAN_IMPERATIVES})\b")


def text_of(form):
    """The translation as read: its markup's attributes (class="win") are not quotes."""
    return TAG.sub(" ", form)


def quote_faults(code, text):
    """One quote style: the language's own marks (’ is also the apostrophe), no ASCII quotes, the pairs closed."""
    opening, closing = QUOTES[code]
    found = ["a straight ' as a quote"] if STRAIGHT_SINGLE.search(text) else []
    if ALL_QUOTES - {opening, closing, "’"} & set(text):
        found.append(f"quotes other than {opening}…{closing}")
    if code != "nl" and text.count(opening) != text.count(closing):  # Dutch ’ is also the apostrophe
        found.append(f"an unpaired {opening}…{closing}")
    return found


def faults(code, form):
    text = text_of(form)
    found = quote_faults(code, text)
    if "..." in text:
        found.append('"..." for the ellipsis …')
    for match in PERCENT.finditer(text):
        space = match.group(1)
        if code == "nl" and space:
            found.append("a space before % (Dutch writes 50%)")
        if code != "nl" and space != "\u00a0":
            found.append("50 % needs a no-break space U+00A0 before %")
    if code == "fr":
        if re.search(r" [:;!?»]", text) or "« " in text:
            found.append("a breakable space before : ; ! ? » or after « (U+00A0)")
        if re.search(r"[^\W_][:;!?»](?:\s|$)", text) or re.search(r"«[^\W_]", text):
            found.append("no space at all before : ; ! ? » or after «")
        if re.search(r"[^\W\d_]\((?:e|es|s|ne)\)", text):
            found.append('an "(e)" form: turn the sentence so it needs none')
    if code == "es" and text.count("?") > text.count("¿"):
        found.append("a ? without its opening ¿")
    if code == "de":
        if GERMAN_LONG_IMPERATIVES.search(text):
            found.append("a long imperative (wähle, prüfe): the short one is the catalogue's (wähl, prüf)")
        if GERMAN_LOWER_AFTER_COLON.search(text):
            found.append("an imperative after a colon starts a whole sentence: capital (Duden)")
    return found


def typography(code):
    found = []
    for message in messages(po(code)):
        for form in forms(message):
            for fault in dict.fromkeys(faults(code, form)):
                found.append(f"{shown(message.id)!r} -> {form!r}: {fault}")
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalogue_keeps_its_typography(code):
    found = typography(code)
    assert not found, f"{len(found)} {code} messages break the language's typography:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "code, form, fault",
    [
        ("fr", "Présents : %(here)d", "breakable space"),
        ("fr", "Présents: %(here)d", "no space at all"),
        ("fr", "%(name)s inscrit(e)", "(e)"),
        ("fr", "« %(name)s »", "breakable space"),
        ("de", "%(percent)d %% an %(cause)s", "no-break space"),
        ("de", "mehr als 0%%", "no-break space"),
        ("de", "Wähle eine Runde", "long imperative"),
        ("de", "ist leer: gib eine Zahl ein", "capital"),
        ("es", "'%' no está permitido", "straight '"),
        ("es", "Y si…?", "¿"),
        ("nl", "50 %%", "space before %"),
        ("nl", "„≠ n” in de kolom", "quotes other"),
        ("es", "1, 3, 5 ... hasta N", "ellipsis"),
    ],
)
def test_the_rules_catch_what_the_december_reading_found(code, form, fault):
    assert any(fault in found for found in faults(code, form)), (form, faults(code, form))
