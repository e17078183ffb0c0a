"""The glossary as a test (issue 25): each catalogue says the table's own words and none it forbids.

The terms are one table in docs/languages.md ("The glossary, checked"); this test reads it, so the doc and the check
cannot part. A failure lists each message and what it should say instead.
"""

import re

import pytest

from tests.language_helpers import LANGUAGES, ROOT
from tests.test_languages_catalogues import forms, messages, po, shown

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


def violations(code):
    rows = [row for row in glossary_rows() if row[0] == code]
    found = []
    for message in messages(po(code)):
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        english = f"{message.context}|{english}" if message.context else english
        for form in forms(message):
            for _language, concept, must, never, why in rows:
                if never and never.search(form):
                    found.append(f"{shown(message.id)!r} -> {form!r} says {never.pattern!r} ({why or 'forbidden'})")
                if concept and must and concept.search(english) and not must.search(form):
                    found.append(f"{shown(message.id)!r} -> {form!r} does not say {must.pattern!r}")
    return found


def test_the_doc_has_a_checked_glossary_for_every_language():
    languages = {row[0] for row in glossary_rows()}
    assert languages == set(LANGUAGES)
    assert all(row[2] or row[3] for row in glossary_rows())


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalogue_keeps_its_glossary(code):
    found = violations(code)
    assert not found, f"{len(found)} messages break the {code} glossary (docs/languages.md):\n" + "\n".join(found)
