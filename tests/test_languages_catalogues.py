"""The catalogues (issue 19, item 5): every message the code marks is in messages.pot, every one has a translation
in Dutch, German, French and Spanish that keeps its values and markup, and each .mo is its .po compiled.

Each test names what to fix: `make messages` brings the catalogues up to date with the code (docs/languages.md).
"""

import io
import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo

from tests.language_helpers import (
    ENTITY,
    LANGUAGES,
    NOT_WORDS,
    PLACEHOLDER,
    TAG,
    TRANSLATIONS,
    code_messages,
    forms,
    messages,
    po,
    pot,
    shown,
)

# Translations that may read as the English does (a msgid of two words or more; one word is always allowed:
# "OK", "Pot" in Dutch, "Total" in French). Add a msgid here when a language really says it the same way.
# The names the rule sources give their systems and presets stay as they are in every language.
NAMES = {"Al Okenuff's", "Get Fred", "Double whammy", "Ruth's Waterfalls (Regular)", "Oy Vey"}
SAME_AS_ENGLISH = {"nl": NAMES, "de": NAMES, "fr": NAMES, "es": NAMES}
WORD = re.compile(r"[^\W\d_]{2,}")


def untranslated(template, catalogue, code):
    """Return the msgids of template that catalogue leaves without a translation (a missing or empty form, fuzzy)."""
    missing = []
    for entry in messages(template):
        message = catalogue.get(entry.id, context=entry.context)
        if message is None or message.fuzzy or not all(form.strip() for form in forms(message)):
            missing.append(shown(entry.id))
        elif isinstance(entry.id, tuple) and len(forms(message)) < catalogue.num_plurals:
            missing.append(shown(entry.id) + f" (has {len(forms(message))} of {catalogue.num_plurals} plural forms)")
    return missing


def lost_values(catalogue):
    """Return "msgid -> translation: what it lost or added" for every translation whose values or markup differ."""
    problems = []
    for message in messages(catalogue):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        values = set().union(*(PLACEHOLDER.findall(text) for text in ids))
        tags = sorted(TAG.findall(ids[-1]))
        for form in forms(message):
            if not form:
                continue  # untranslated: the test of completeness says so
            found = set(PLACEHOLDER.findall(form))
            # A counted message's singular form may say "one" in words instead of %(num)d.
            allowed_missing = {"num"} if isinstance(message.id, tuple) else set()
            if found - values or values - found - allowed_missing or sorted(TAG.findall(form)) != tags:
                problems.append(f"{shown(message.id)!r} -> {form!r}")
    return problems


def words_of(text):
    return WORD.findall(ENTITY.sub(" ", NOT_WORDS.sub(" ", text)))


def left_in_english(catalogue, code, english):
    """Return the translations that are an English msgid of two words or more, word for word."""
    return [
        f"{shown(message.id)!r} -> {form!r}"
        for message in messages(catalogue)
        for form in forms(message)
        if form in english and len(words_of(form)) > 1 and form not in SAME_AS_ENGLISH[code]
    ]


def compiled(catalogue):
    """Return what a .mo of catalogue holds: {msgid: translation} and its plural rule."""

    def frozen(text):
        return tuple(text) if isinstance(text, (list, tuple)) else text

    return ({frozen(message.id): frozen(message.string) for message in catalogue if message.id}, catalogue.plural_forms)


def test_the_template_holds_every_message_the_code_marks_and_no_other():
    in_code, in_pot = code_messages(), {message.id for message in messages(pot())}
    not_extracted = sorted(
        f"{shown(message)!r} ({where})" for message, where in in_code.items() if message not in in_pot
    )
    assert not not_extracted, "marked in the code but not in messages.pot (run `make messages`):\n" + "\n".join(
        not_extracted
    )
    gone = sorted(shown(message) for message in in_pot - set(in_code))
    assert not gone, "in messages.pot but no longer in the code (run `make messages`):\n" + "\n".join(gone)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalogue_says_its_language_and_is_not_fuzzy(code):
    catalogue = po(code)
    # pybabel compile skips a fuzzy catalogue (one whose header is gone is fuzzy), and without its header the
    # language's plural rule is lost.
    assert not catalogue.fuzzy, f"{code}/LC_MESSAGES/messages.po is fuzzy (its header lost?): it would not compile"
    assert str(catalogue.locale) == code
    assert catalogue.plural_forms == Catalog(locale=code).plural_forms


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_has_a_translation(code):
    missing = untranslated(pot(), po(code), code)
    assert not missing, (
        f"{len(missing)} messages without a {code} translation "
        f"(scorekeeper/translations/{code}/LC_MESSAGES/messages.po):\n" + "\n".join(missing)
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_translation_keeps_its_values_and_markup(code):
    problems = lost_values(po(code))
    assert not problems, f"{code} translations that lost or added a %(value)s or a tag:\n" + "\n".join(problems)


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_translation_is_left_in_english(code):
    english = {
        text for message in messages(pot()) for text in (message.id if isinstance(message.id, tuple) else (message.id,))
    }
    problems = left_in_english(po(code), code, english)
    assert not problems, (
        f"{code} translations that are the English word for word (translate them, or list them "
        "in SAME_AS_ENGLISH when the language says it the same way):\n" + "\n".join(problems)
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_compiled_catalogue_is_its_po_compiled(code):
    source = po(code)
    fresh = io.BytesIO()
    write_mo(fresh, source)
    fresh.seek(0)
    with (TRANSLATIONS / code / "LC_MESSAGES" / "messages.mo").open("rb") as file:
        shipped = read_mo(file)
    assert compiled(shipped) == compiled(read_mo(fresh)), (
        f"scorekeeper/translations/{code}/LC_MESSAGES/messages.mo is not its .po compiled: run `make messages`"
    )
