"""House rules: which system do we play, the live preview of a house formula, and the house-rules card."""

import re
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, jsonify, render_template, request, url_for

from .. import printing, rules, store
from scorekeeper.web.setup_form import rules_from_setup, setup_form
from ..rules.scoring import card, which
from ..rules.game import limits, numbers
from ..rules.scoring.formula import FormulaError, as_text, house_rule
from ..rules.scoring.presets import PRESETS, default_preset, preset_rules
from ..rules.game.record import Rules
from ..text import words
from ..text.words import _

bp = Blueprint("house", __name__)

EXAMPLE_ROWS = 4
PREVIEW_BIDS = range(0, 4)


# ---- which system do we play? ----------------------------------------------------------------


def _remembered(args):
    """Return the examples typed on the which page, and a message per row that could not be read."""
    examples, problems = [], []
    for row in range(1, EXAMPLE_ROWS + 1):
        values = [(args.get(f"{name}{row}") or "").strip() for name in ("bid", "took", "cards", "points")]
        if not any(values):
            continue
        bid, took, cards, points = values
        text = f"{bid}/{took}" + (f"@{cards}" if cards else "") + f"={points}"
        try:
            examples.append(which.parse_example(text, None))
        except ValueError as error:
            problems.append(_("Hand %(number)s: %(problem)s", number=row, problem=error))
    return examples, problems


def start_link(match=None, options=None, preset=None):
    """Return the setup page's address that preselects a system and its options (or a preset)."""
    if preset:
        return url_for("table.new_game", preset=preset)
    query = {"scoring": match}
    query.update(
        {
            f"opt_{key}": str(value).lower() if isinstance(value, bool) else value
            for key, value in (options or {}).items()
        }
    )
    return url_for("table.new_game") + "?" + urlencode(query)


@bp.get("/house/which")
def which_page():
    """Find the systems that score the hands a table remembers, and start a game with one."""
    examples, problems = _remembered(request.args)
    players = max(2, min(numbers.whole_or(request.args.get("players", ""), which.DEFAULT_PLAYERS), 12))
    matches, guessed = [], None
    if examples and not problems:
        matches = which.which(examples, players)
        guessed = None if matches else which.guess(examples)
    found = [
        {"name": m.name, "system": m.system, "options": m.options, "link": start_link(m.system, m.options, m.preset)}
        for m in matches
    ]
    guess = guessed and {"text": as_text(guessed), "link": start_link("formula", guessed)}
    return render_template(
        "house/which.html",
        rows=range(1, EXAMPLE_ROWS + 1),
        args=request.args,
        players=players,
        examples=examples,
        problems=problems,
        found=found,
        guess=guess,
        asked=bool(examples or problems),
    )


# ---- the live preview of a formula on the setup page ---------------------------------------


@bp.get("/house/preview")
def preview():
    """Score a few bids under the typed formula: JSON rows, or the mistake with the field it is in."""
    made, over, under = (request.args.get(name, "") for name in ("made", "over", "under"))
    cards = max(1, min(numbers.whole_or(request.args.get("cards", ""), 10) or 10, 26))
    players = max(2, min(numbers.whole_or(request.args.get("players", ""), 4) or 4, 12))
    try:
        rule = house_rule(made, over, under)
        rows = []
        for bid in PREVIEW_BIDS:
            row = {"bid": bid, "made": rule.points(bid, bid, cards, players, 1)}
            row["over"] = rule.points(bid, bid + 1, cards, players, 1) if bid < cards else None
            row["under"] = rule.points(bid, bid - 1, cards, players, 1) if bid > 0 else None
            rows.append(row)
    except FormulaError as error:
        return jsonify({"error": words.word(error), "field": error.part}), 400
    return jsonify({"cards": cards, "rows": rows})


# ---- the house-rules card --------------------------------------------------------------------


def _game(game_id):
    stored = store.get_game(store.get_db(), game_id)
    if stored is None:
        abort(404)
    return stored, rules.load(stored["record"])


def _setup_rules(args):
    """Return (rules record, players) from the setup form's fields sent as a query, or a preset."""
    names = [
        args[key].strip()
        for key in sorted(args, key=lambda k: numbers.whole_or(k[7:], 99))
        if re.fullmatch(r"player_\d+", key) and args[key].strip()
    ]
    count = len(names) if len(names) >= 2 else numbers.whole_or(args.get("players", ""), 4, 2, limits.MAX_PLAYERS)
    if "scoring" not in args:
        preset = args.get("preset") if args.get("preset") in PRESETS else default_preset(words.locale())
        return preset_rules(preset, count), names or count
    form = setup_form(formdata=args)
    if "pattern" not in args:  # a bare link, not the setup form (which leaves out an unchecked hook): the default
        form.hook.data = Rules.hook
    return rules_from_setup(form), names or count


def _setup_card():
    preset = request.args.get("preset")
    name = PRESETS.find(preset).name if "scoring" not in request.args and preset in PRESETS else None
    try:
        chosen, players = _setup_rules(request.args)
        if isinstance(players, list):
            game = rules.load({"players": players, "rules": chosen, "hands": []})
        else:
            game = card.sample_game(chosen, players)
    except (rules.RecordError, ValueError) as error:
        return None, words.word(error)
    return card.house_card(game, name, sample=not isinstance(players, list)), None


@bp.get("/house/card")
def setup_card():
    """Show the house-rules card of the rules being set up."""
    shown, problem = _setup_card()
    if problem:
        return render_template("house/card.html", card=None, problem=problem, pdf_link=None), 400
    return render_template(
        "house/card.html",
        card=shown,
        problem=None,
        pdf_link=url_for("house.setup_card_pdf") + "?" + urlencode(list(request.args.items(multi=True))),
    )


@bp.get("/house/card.pdf")
def setup_card_pdf():
    """Print the house-rules card of the rules being set up."""
    shown, problem = _setup_card()
    if problem:
        return Response(_("These rules cannot be printed: %(problem)s", problem=problem), 400, mimetype="text/plain")
    return _pdf(shown, "house-rules.pdf")


@bp.get("/games/<game_id>/card")
def game_card(game_id):
    """Show the house-rules card of a game."""
    stored, game = _game(game_id)
    return render_template(
        "house/card.html",
        card=card.house_card(game),
        problem=None,
        game_id=stored["id"],
        pdf_link=url_for("house.game_card_pdf", game_id=stored["id"]),
    )


@bp.get("/games/<game_id>/card.pdf")
def game_card_pdf(game_id):
    """Print the house-rules card of a game."""
    stored, game = _game(game_id)
    return _pdf(card.house_card(game), words.file_name(_("House rules"), stored["id"][:6]))


def _pdf(shown, filename):
    return Response(
        printing.house_card_pdf(shown),
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{filename}"'},
    )
