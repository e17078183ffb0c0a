"""The blank sheet for any table: its rules line, its pages, cached by its parameters."""

from functools import lru_cache

from scorekeeper import rules
from scorekeeper.rules.scoring.presets import PRESETS, system_title
from scorekeeper.text.words import _, lazy_gettext, ngettext, word

from .layout import BLANK_MAX_ROW_H, page, page_layout, split_pages
from .params import PAPER_NAMES, blank_params
from .render import html_to_pdf, render_html, speaking

HOOK_REMINDER = lazy_gettext("Hook: the dealer may not bid so that the bids add up to the cards.")


def hand_label(pattern, plan):
    """Describe the deal for the rules line: the pattern's name and its sizes."""
    entry = rules.PATTERNS.find(pattern)
    if entry.takes_sizes:
        return f"{word(entry.name)}: {' '.join(map(str, plan))}"
    n = max(plan)
    return f"{word(entry.name)} ({' '.join(map(str, _squeeze(plan)))}), N = {n}"


def _squeeze(plan):
    """Show a long plan by its ends: 7 6 5 ... 5 6 7."""
    plan = list(plan)
    return plan if len(plan) <= 9 else plan[:3] + ["…"] + plan[-3:]


def hook_words(hook_from):
    """The hook on the rules line: "hook on", or from which hand size it bites ("hook from 4 cards")."""
    return _("hook from %(cards)s cards", cards=hook_from) if hook_from > 1 else _("hook on")


def hook_reminder(hook_from):
    """The foot's reminder of the hook, with the hand size it starts from where it does not bite every hand."""
    if hook_from > 1:
        return _(
            "Hook: the dealer may not bid so that the bids add up to the cards, in hands of %(cards)s cards or more.",
            cards=hook_from,
        )
    return str(HOOK_REMINDER)


def deck_label(decks):
    return ngettext("%(num)d deck", "%(num)d decks", decks)


def scoring_name(system, preset):
    """Name the sheet's scoring as a filled sheet does: the preset's name where the system is still the preset's
    (a Boerenbridge sheet reads "Boerenbridge", not "House formula"), else the system's."""
    chosen = PRESETS.find(preset).rules if preset else {}
    if chosen.get("scoring") == system:
        return system_title(system, chosen.get("options"))
    return rules.SYSTEMS.find(system).name


def blank_context(p):
    """Return the template context of a blank sheet from normalised parameters."""
    rows = [{"cards": cards} for cards in p["plan"]]
    layout = page_layout(
        p["players"], p["names"], p["paper"], p["landscape"], p["hook_helper"], len(rows), 0, BLANK_MAX_ROW_H
    )
    parts = []
    if p["system"]:
        parts.append(_("Scoring: %(system)s", system=scoring_name(p["system"], p["preset"])))
    parts += [
        _("Deal: %(pattern)s", pattern=hand_label(p["pattern"], p["plan"])),
        deck_label(p["decks"]),
        ngettext("%(num)d hand", "%(num)d hands", len(p["plan"])),
    ]
    if p["hook_helper"] or p["hook_from"] > 1:
        parts.append(hook_words(p["hook_from"]))
    pages = []
    chunks = split_pages(rows)
    for _copy in range(p["copies"]):
        for index, chunk in enumerate(chunks):
            pages.append(page(layout, chunk, index, len(chunks), filled=None))
    return dict(
        layout=layout,
        pages=pages,
        rules_line=" · ".join(parts) if p["rules_line"] else "",
        hook_reminder=hook_reminder(p["hook_from"]) if p["hook_helper"] else "",
        title=_("Oh Hell"),
        paper=PAPER_NAMES[p["paper"]],
        landscape=p["landscape"],
        foot=[],
    )


def render_blank_sheet(**params):
    """Return a blank sheet as PDF bytes, uncached."""
    return html_to_pdf(render_html("blank.html", **blank_context(blank_params(**params))))


@lru_cache(maxsize=64)
def _cached_blank(key):
    """The sheet of frozen parameters, the language among them (a Dutch sheet is never an English one)."""
    params = dict(key)
    params.pop("language")
    return html_to_pdf(render_html("blank.html", **blank_context(params)))


def _freeze(params, language):
    return tuple(sorted(params.items())) + (("language", language),)


def blank_sheet_pdf(
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
    language=None,
    hook_from=1,
    preset=None,
):
    """Return a blank score sheet as PDF bytes (cached) in language (a code; None: the reader's);
    raise SheetError for bad parameters."""
    with speaking(language) as spoken:
        params = blank_params(
            players,
            names,
            pattern,
            max_cards,
            sizes,
            decks,
            paper,
            landscape,
            hook_helper,
            copies,
            rules_line,
            system,
            hook_from,
            preset,
        )
        return _cached_blank(_freeze(params, spoken))
