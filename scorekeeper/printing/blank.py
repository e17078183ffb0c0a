"""The blank sheet for any table: its rules line, its pages, cached by its parameters."""

from functools import lru_cache

from scorekeeper import rules

from .layout import BLANK_MAX_ROW_H, page, page_layout, split_pages
from .params import PAPER_NAMES, blank_params
from .render import html_to_pdf, render_html

HOOK_REMINDER = "Hook: the dealer may not bid so that the bids add up to the cards."


def hand_label(pattern, plan):
    """Describe the deal for the rules line: the pattern's name and its sizes."""
    entry = rules.PATTERNS.find(pattern)
    if entry.takes_sizes:
        return f"{entry.name}: {' '.join(map(str, plan))}"
    n = max(plan)
    return f"{entry.name} ({' '.join(map(str, _squeeze(plan)))}), N = {n}"


def _squeeze(plan):
    """Show a long plan by its ends: 7 6 5 ... 5 6 7."""
    plan = list(plan)
    return plan if len(plan) <= 9 else plan[:3] + ["…"] + plan[-3:]


def deck_label(decks):
    return rules.counted(decks, "deck")


def blank_context(p):
    """Return the template context of a blank sheet from normalised parameters."""
    rows = [{"cards": cards} for cards in p["plan"]]
    layout = page_layout(p["players"], p["names"], p["paper"], p["landscape"], p["hook_helper"], len(rows), 0,
                         BLANK_MAX_ROW_H)
    parts = []
    if p["system"]:
        parts.append(f"Scoring: {rules.SYSTEMS.find(p['system']).name}")
    parts += [f"Deal: {hand_label(p['pattern'], p['plan'])}", deck_label(p["decks"]),
              rules.counted(len(p["plan"]), "hand")]
    if p["hook_helper"]:
        parts.append("hook on")
    pages = []
    chunks = split_pages(rows)
    for _copy in range(p["copies"]):
        for index, chunk in enumerate(chunks):
            pages.append(page(layout, chunk, index, len(chunks), filled=None))
    return dict(layout=layout, pages=pages, rules_line=" · ".join(parts) if p["rules_line"] else "",
                hook_reminder=HOOK_REMINDER if p["hook_helper"] else "", title="Oh Hell",
                paper=PAPER_NAMES[p["paper"]], landscape=p["landscape"], foot=[])


def render_blank_sheet(**params):
    """Return a blank sheet as PDF bytes, uncached."""
    return html_to_pdf(render_html("blank.html", **blank_context(blank_params(**params))))


@lru_cache(maxsize=64)
def _cached_blank(key):
    return html_to_pdf(render_html("blank.html", **blank_context(dict(key))))


def _freeze(params):
    return tuple(sorted(params.items()))


def blank_sheet_pdf(players=None, names=None, pattern="down-up", max_cards=None, sizes=None, decks=None,
                    paper="a4", landscape=False, hook_helper=False, copies=1, rules_line=True, system=None):
    """Return a blank score sheet as PDF bytes (cached); raise SheetError for bad parameters."""
    params = blank_params(players, names, pattern, max_cards, sizes, decks, paper, landscape,
                          hook_helper, copies, rules_line, system)
    return _cached_blank(_freeze(params))
