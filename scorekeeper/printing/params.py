"""The parameters of a sheet, checked and normalised: each refusal a SheetError saying what to fix."""

from scorekeeper import rules
from scorekeeper.rules.scoring.presets import PRESETS, preset_rules
from scorekeeper.text.words import _, lazy_gettext, word

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
MAX_PLAYERS = 10
MAX_COPIES = 20
MAX_ROWS = 25  # hands per page; more go on the next page, under a repeated header
MAX_SIZES = 250  # hand sizes listed for a custom blank sheet
MAX_SHEET_ROWS = 1000  # hands in all copies of a blank sheet: 40 pages
MAX_NAME = 24


class SheetError(ValueError):
    """A sheet that cannot be made from these parameters; the message says what to fix."""


# What a number is, as its refusal names it.
WHAT = {
    "hook_from": lazy_gettext("hook from N cards"),
    "players": lazy_gettext("players"),
    "decks": lazy_gettext("decks"),
    "max": lazy_gettext("max"),
    "copies": lazy_gettext("copies"),
    "size": lazy_gettext("every hand size"),
}


def _whole(value, what, low, high):
    what = str(WHAT[what])
    if isinstance(value, bool):
        raise SheetError(_("%(what)s must be a whole number", what=what))
    try:
        number = int(str(value).strip())
    except ValueError:
        raise SheetError(
            _("%(what)s must be a whole number, not %(given)s", what=what, given=repr(str(value)[:20]))
        ) from None
    if not low <= number <= high:
        raise SheetError(
            _(
                "%(what)s must be between %(low)d and %(high)d, not %(given)d",
                what=what,
                low=low,
                high=high,
                given=number,
            )
        )
    return number


def _names(names, players):
    if names is None:
        return None
    if isinstance(names, str):
        names = names.split(",")
    names = [str(name).strip() for name in names]
    if not any(names):
        return None
    for name in names:
        if len(name) > MAX_NAME:
            raise SheetError(
                _("the name %(name)s… is longer than %(max)d characters", name=repr(name[:MAX_NAME]), max=MAX_NAME)
            )
    if players is not None and len(names) != players:
        raise SheetError(_("%(names)d names given for %(players)d players", names=len(names), players=players))
    return tuple(names)


def _sizes(sizes):
    if sizes is None or sizes == "":
        return None
    if isinstance(sizes, str):
        sizes = [part for part in sizes.replace(" ", ",").split(",") if part]
    if len(sizes) > MAX_SIZES:
        raise SheetError(_("%(count)d hand sizes listed; a sheet has at most %(max)d", count=len(sizes), max=MAX_SIZES))
    return tuple(_whole(size, "size", 1, 104) for size in sizes)


def checked_paper(paper):
    """Return the paper's id (a4 or letter), or raise SheetError."""
    paper = str(paper or "a4").lower()
    if paper not in PAPERS:
        raise SheetError(_("paper must be a4 or letter, not %(given)s", given=repr(paper[:20])))
    return paper


def blank_params(
    players=None,
    names=None,
    pattern="down-up",
    max_cards=None,
    sizes=None,
    decks=None,
    paper="a4",
    landscape=False,
    hook_helper=False,
    copies=1,
    rules_line=True,
    system=None,
    hook_from=1,
    preset=None,
):
    """Return the blank sheet's parameters checked and normalised, or raise SheetError saying why.

    `preset` (an id) names the house rules the sheet was made from: the rules line names its scoring as a filled
    sheet does ("Boerenbridge", not "House formula") while the system is still the preset's."""
    if players is None and names is None:
        raise SheetError(_("say how many players (or give their names)"))
    if players is not None:
        players = _whole(players, "players", 2, MAX_PLAYERS)
    names = _names(names, players)
    if players is None:
        players = _whole(len(names), "players", 2, MAX_PLAYERS)
    try:
        pattern = rules.PATTERNS.find(pattern or "down-up").id
        system = rules.SYSTEMS.find(system).id if system else None
        preset = PRESETS.find(preset).id if preset else None
    except ValueError as error:
        raise SheetError(word(error)) from None
    decks = rules.decks_for(players) if decks in (None, "") else _whole(decks, "decks", 1, 4)
    max_cards = None if max_cards in (None, "") else _whole(max_cards, "max", 1, 104)
    sizes = _sizes(sizes)
    if sizes and not rules.PATTERNS.find(pattern).takes_sizes:
        raise SheetError(_("hand sizes may only be listed with the custom pattern"))
    try:
        plan = rules.hand_sizes(pattern, players, decks, max_cards, sizes)
    except ValueError as error:
        raise SheetError(word(error)) from None
    paper = checked_paper(paper)
    hook_from = 1 if hook_from in (None, "") else _whole(hook_from, "hook_from", 1, 104)
    copies = _whole(copies, "copies", 1, MAX_COPIES)
    if len(plan) * copies > MAX_SHEET_ROWS:
        raise SheetError(
            _(
                "%(copies)d copies of %(hands)d hands make %(rows)d rows; at most %(max)d rows "
                "(%(pages)d pages) are printed at once",
                copies=copies,
                hands=len(plan),
                rows=len(plan) * copies,
                max=MAX_SHEET_ROWS,
                pages=MAX_SHEET_ROWS // MAX_ROWS,
            )
        )
    return dict(
        players=players,
        names=names,
        pattern=pattern,
        max_cards=max_cards,
        sizes=sizes,
        decks=decks,
        plan=tuple(plan),
        paper=paper,
        landscape=bool(landscape),
        hook_helper=bool(hook_helper),
        copies=copies,
        rules_line=bool(rules_line),
        system=system,
        hook_from=hook_from,
        preset=preset,
    )


def preset_params(preset, players=None, names=None):
    """Return blank_params' arguments that a preset sets for the table (its deal, scoring and hook; N by the players
    where the preset says), its id among them so that the sheet names it; raise SheetError for an unknown preset."""
    if players not in (None, ""):
        players = _whole(players, "players", 2, MAX_PLAYERS)
    elif names:
        players = len(_names(names, None))
    try:
        chosen = preset_rules(preset, players)
    except ValueError as error:
        raise SheetError(word(error)) from None
    deals = chosen.get("deals") or {}
    hook = bool(chosen.get("hook"))
    return {
        "pattern": deals.get("pattern"),
        "max_cards": deals.get("max"),
        "sizes": deals.get("sizes"),
        "decks": deals.get("decks"),
        "system": chosen.get("scoring"),
        "hook_helper": hook,
        "hook_from": chosen.get("hook_from", 1) if hook else 1,
        "preset": PRESETS.find(preset).id,
    }
