"""The filled sheet of a game: its rows, rules line and foot, cached on a digest of the record."""

import hashlib
import json

from scorekeeper import rules
from scorekeeper.cache import kept
from scorekeeper.text.display import ADJUSTMENTS, trump_symbols
from scorekeeper.rules.game.arrivals import before_arrival, newcomer_starts
from scorekeeper.rules.game.plan import completed_hands
from scorekeeper.rules.scoring.presets import system_title
from scorekeeper.rules.money.settlement import POT
from scorekeeper.text import words
from scorekeeper.text.words import _, lazy_gettext, money, number, separated, word

from .blank import deck_label, hand_label, hook_words
from .layout import page, page_layout, split_pages
from .params import PAPER_NAMES, checked_paper
from .render import html_to_pdf, render_html, speaking
from scorekeeper.text import sentences


def _number(value):
    if value is None:
        return ""
    if isinstance(value, float):
        return number(value)  # the locale's decimal sign: 2,5 in Dutch
    return str(value)


def _total_cell(value):
    """A running total: negative values are circled, as on the sheet in 000."""
    text = _number(value)
    return {"text": text, "cls": "neg"} if value is not None and value < 0 else text


def _short(name, limit):
    return name if len(name) <= limit else name[: limit - 1] + "…"


MARKS = {kind: shown["mark"] for kind, shown in ADJUSTMENTS.items()}


def _game_rows(game, scored):
    names = game.players
    rows = []
    starts = newcomer_starts(game)
    symbols = trump_symbols()  # the same marks as the sheet on the phone
    for index, hand in enumerate(scored["hands"]):
        trump = hand["trump"]
        row = {
            "cards": hand["cards"],
            "dealer": _short(names[hand["dealer"]], 9),
            "trump": {"text": symbols[trump], "cls": f"suit {trump}"} if trump else "",
        }
        for seat in range(len(names)):
            if seat in hand["out"]:
                # Not dealt in: no bid or tricks, the running total carries on.
                row[f"bid{seat}"] = _("out")
                waiting = before_arrival(starts, index, seat)
                if waiting is not None:
                    # A late arrival's first entry is the total they start with.
                    row[f"score{seat}"] = "" if waiting == "" else _total_cell(waiting)
                elif hand["totals"] is not None:
                    row[f"score{seat}"] = _total_cell(hand["totals"][seat])
                continue
            bid = hand["bids"][seat]
            blind = "ᴮ" if seat in hand["blind"] else ""
            if hand["made"] is not None and hand["made"][seat]:
                row[f"bid{seat}"] = {"text": f"{bid}{blind}✓", "cls": "made"}
            else:
                row[f"bid{seat}"] = "" if bid is None else f"{bid}{blind}"
            if hand["tricks"] is not None:
                # A penalty or bonus is marked by the tricks with a footnote sign; the foot says what it was.
                kinds = {p["kind"] for p in hand["penalties"] if p["seat"] == seat}
                row[f"took{seat}"] = str(hand["tricks"][seat]) + "".join(
                    mark for kind, mark in MARKS.items() if kind in kinds
                )
                row[f"score{seat}"] = _total_cell(hand["totals"][seat])
        rows.append(row)
    done = completed_hands(game) + (1 if game.hands and not game.hands[-1].complete else 0)
    rows += [{"cards": cards} for cards in game.plan()[done:]]
    return rows


def _currency(game):
    return game.record.get("rules", {}).get("currency") or ""


def _game_rules_line(game, scored):
    r = game.rules
    system = system_title(scored["system"], scored["options"])
    parts = [
        _("Scoring: %(system)s (lowest wins)", system=system)
        if scored["lowest_wins"]
        else _("Scoring: %(system)s", system=system)
    ]
    plan = game.plan()
    parts.append(_("Deal: %(pattern)s", pattern=hand_label(r.pattern, plan)))
    parts.append(deck_label(r.decks))
    parts.append(hook_words(r.hook_from) if r.hook_applies else _("no hook"))
    parts += [word(rules.MODIFIERS.find(m).name) for m in r.modifiers]
    if rules.SETTLEMENTS.find(r.settlement).moves_money:
        parts.append(
            _(
                "settle: %(method)s, stake %(stake)s",
                method=rules.SETTLEMENTS.find(r.settlement).name,
                stake=money(r.stake, _currency(game)),
            )
        )
    return " · ".join(parts)


HEADINGS = {rules.PENALTY: lazy_gettext("Penalties"), rules.BONUS: lazy_gettext("Bonuses")}


def _payment_text(payment, currency):
    """Say a payment in the game's currency: 'Bob pays Ann € 2,50'."""
    amount = money(payment["amount"], currency)
    if payment["from"] == POT:
        return _("The pot pays %(payee)s %(amount)s", payee=payment["to"], amount=amount)
    if payment["to"] == POT:
        return _("%(payer)s pays the pot %(amount)s", payer=payment["from"], amount=amount)
    return _("%(payer)s pays %(payee)s %(amount)s", payer=payment["from"], payee=payment["to"], amount=amount)


def _foot(game, scored):
    """Return the lines at the foot: the winner, the payments, penalties."""
    lines = [sentences.standing_text(scored)]
    if sentences.tie_text(scored):
        lines.append(sentences.tie_text(scored))
    if sentences.loser_text(scored):
        lines.append(sentences.loser_text(scored))
    settlement = scored["settlement"]
    method = rules.SETTLEMENTS.find(settlement["method"])
    if method.moves_money:
        currency = _currency(game)
        said = [_payment_text(payment, currency) for payment in settlement["payments"]] or [_("nobody owes anything")]
        if "pot" in settlement:
            said.append(_("left in the pot: %(amount)s", amount=money(settlement["pot"], currency)))
        lines.append(
            _(
                "Settlement (%(method)s, stake %(stake)s): %(payments)s",
                method=method.name,
                stake=money(settlement["stake"], currency),
                payments=separated(said),
            )
        )
    for kind, shown in ADJUSTMENTS.items():
        said = [
            sentences.penalty_text(game.players, hand, p)
            for hand in scored["hands"]
            for p in hand["penalties"]
            if p["kind"] == kind
        ]
        if said:
            lines.append(
                _("%(mark)s %(heading)s: %(items)s", mark=shown["mark"], heading=HEADINGS[kind], items=separated(said))
            )
    return lines


def sheet_title(game, created=None):
    """Return the sheet's title: 'Oh Hell', the game's date the locale's way (else the day it was created), its note."""
    about = rules.actions.about_of(game.record, created)
    return " · ".join(part for part in (_("Oh Hell"), words.day(about["date"]), about["note"]) if part)


def sheet_file_name(game, created=None):
    """Name the game's PDF in its sheet's language: "boerenbridge-2026-11-27.pdf" for a Dutch table."""
    with speaking(game.record.get("language")):
        return words.file_name(_("Oh Hell"), rules.actions.about_of(game.record, created)["date"])


def game_context(game, paper="a4", landscape=None, created=None):
    """Return the template context of a game's filled sheet (landscape by default from 8 players on);
    created: when the game was set up (ISO), for the date of a game that has none of its own."""
    paper = checked_paper(paper)
    scored = rules.score(game)
    rows = _game_rows(game, scored)
    foot = _foot(game, scored)
    players = len(game.players)
    landscape = players > 7 if landscape is None else bool(landscape)
    layout = page_layout(players, game.players, paper, landscape, False, len(rows), len(foot) + 1)
    waiting = {seat: total for seat, (index, total) in newcomer_starts(game).items() if index >= len(game.hands)}
    totals = {f"score{seat}": _total_cell(waiting.get(seat, total)) for seat, total in enumerate(scored["totals"])}
    chunks = split_pages(rows)
    pages = [page(layout, chunk, index, len(chunks), filled=totals) for index, chunk in enumerate(chunks)]
    return dict(
        layout=layout,
        pages=pages,
        rules_line=_game_rules_line(game, scored),
        hook_reminder="",
        title=sheet_title(game, created),
        foot=foot,
        paper=PAPER_NAMES[paper],
        landscape=landscape,
        legend=_("✓ bid made (shaded) · circled: a negative total")
        + (" · " + _("ᴮ blind bid") if any(hand.blind for hand in game.hands) else ""),
    )


def render_game_sheet(game, paper="a4", landscape=None, created=None):
    """Return the filled sheet of a game as PDF bytes, uncached."""
    return html_to_pdf(render_html("game.html", **game_context(game, paper, landscape, created)))


PDF = "pdf"  # the kind of kept value (scorekeeper/cache/kept.py): a filled sheet, named by a digest of its record


def game_sheet_pdf(game, paper="a4", landscape=None, created=None):
    """Return the filled sheet of a game (a rules.Game) as PDF bytes, cached on its record, in the game's
    language (record["language"]; without one, the reader's).

    The key is the whole record and the language, so any change to the game (a bid, a name) makes a new sheet.
    """
    with speaking(game.record.get("language")) as language:
        record = json.dumps(game.record, sort_keys=True, ensure_ascii=False)
        # The digest names the record itself (the key stays small however long the game): true of any database
        # and generation that holds this record.
        key = kept.Key(
            "",
            0,
            hashlib.sha256(record.encode()).hexdigest(),
            "",
            language,
            "",
            PDF,
            (str(paper or "a4").lower(), landscape, str(created or "")[:10]),
        )
        data = kept.get(key)
        if data is None:
            data = kept.put(key, render_game_sheet(game, key.detail[0], landscape, created))
        return data
