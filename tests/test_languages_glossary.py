"""The glossary as a test (issues 25 and 44): each catalogue says the table's own words and none it forbids, and every
message that names a concept of the tournament, the money, the regulars or the owner says the language's one word for it.

The terms are two tables in docs/languages.md ("The glossary, checked" and "The concepts, checked"); this test reads
them, so the doc and the check cannot part. A failure lists each message and what it should say instead.
"""

import re

import pytest

from tests.language_helpers import LANGUAGES, ROOT, forms, messages, po, shown

DOC = ROOT / "docs" / "languages.md"
CASE_SENSITIVE = "(?-i)"
CODE = re.compile(r"`((?:[^`\\]|\\.)*)`")


def cell(text):
    """A table cell's pattern: the text between backticks (a \\| inside it is a literal bar), or None."""
    found = CODE.search(text)
    if not found:
        return None
    pattern = found.group(1).replace("\\|", "|")
    if pattern.startswith(CASE_SENSITIVE):
        return re.compile(pattern.removeprefix(CASE_SENSITIVE))
    return re.compile(pattern, re.I)


def glossary_rows():
    """Return [(language, english, must, never, why)] from the doc's checked glossary."""
    section = DOC.read_text(encoding="utf-8").split("### The glossary, checked", 1)[1].split("\n#", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [part.strip() for part in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 5 or cells[0] not in LANGUAGES:
            continue
        rows.append((cells[0], cell(cells[1]), cell(cells[2]), cell(cells[3]), cells[4]))
    return rows


def concept_rows():
    """Return [(english, {language: must}, concept)] from the doc's checked concepts: one word per language each."""
    section = DOC.read_text(encoding="utf-8").split("### The concepts, checked", 1)[1].split("\n#", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [part.strip() for part in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 2 + len(LANGUAGES) or not cell(cells[0]):
            continue
        rows.append((cell(cells[0]), dict(zip(LANGUAGES, map(cell, cells[1:-1]))), cells[-1]))
    return rows


def english_of(message):
    english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
    return f"{message.context}|{english}" if message.context else english


def violations(code):
    rows = [row for row in glossary_rows() if row[0] == code]
    rows += [(code, concept, words[code], None, why) for concept, words, why in concept_rows()]
    found = []
    for message in messages(po(code)):
        english = english_of(message)
        for form in forms(message):
            for _language, concept, must, never, why in rows:
                if never and never.search(form):
                    found.append(f"{shown(message.id)!r} -> {form!r} says {never.pattern!r} ({why or 'forbidden'})")
                if concept and must and concept.search(english) and not must.search(form):
                    found.append(
                        f"{shown(message.id)!r} -> {form!r} does not say {must.pattern!r} ({why or 'the glossary'})"
                    )
    return found


def test_the_doc_has_a_checked_glossary_for_every_language():
    languages = {row[0] for row in glossary_rows()}
    assert languages == set(LANGUAGES)
    assert all(row[2] or row[3] for row in glossary_rows())


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalogue_keeps_its_glossary(code):
    found = violations(code)
    assert not found, f"{len(found)} messages break the {code} glossary (docs/languages.md):\n" + "\n".join(found)


def test_every_concept_has_a_word_in_every_language_and_finds_its_messages():
    rows = concept_rows()
    assert len(rows) >= 30
    english = [english_of(message) for message in messages(po("nl"))]
    for concept, words, why in rows:
        assert all(words[code] for code in LANGUAGES), why
        assert any(concept.search(text) for text in english), f"{concept.pattern!r} ({why}) finds no message"
