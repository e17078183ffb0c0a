"""Set up a game: the home page, the setup form with its presets, play again, and the edit link."""

import secrets

from flask import abort, flash, redirect, render_template, request, url_for

from ... import rules, store
from scorekeeper.web.members import trusted_device
from scorekeeper.web.forms import RevisionForm, csrf_failed, form_problems
from scorekeeper.web.setup_form import (
    MAX_PLAYERS,
    apply_preset,
    dealer_choices,
    option_field_name,
    preset_fields,
    presets_for_page,
    rules_from_setup,
    setup_form,
)
from ...rules import RecordError, actions
from ...rules.game import numbers
from ...rules.scoring.presets import PRESETS, default_preset
from ...text.words import _, locale, ngettext, word
from scorekeeper.web import evening_tables
from scorekeeper.web.edit_keys import give_edit_key, require_edit
from scorekeeper.web.navigation import load_game, screen
from scorekeeper.web import stakes
from scorekeeper.web.refusals import explain
from scorekeeper.web.writes import checked
from . import bp


HOME_PAGE_SIZE = 20
MAX_PAGE = 1_000_000  # a page number beyond it is the first page


@bp.get("/")
def home():
    """List the games in progress, then the finished ones, a page of each at a time."""
    db = store.get_db()
    pages = {
        status: numbers.whole_or(request.args.get(status, ""), 1, 1, MAX_PAGE)
        for status in ("playing", "finished", "abandoned")
    }
    # The abandoned games' page is in a link only once it is turned (the list is folded away).
    kept = {status: page for status, page in pages.items() if status != "abandoned" or page > 1}
    lists = {}
    for status, page in pages.items():
        more = store.count_games(db, status) > page * HOME_PAGE_SIZE
        lists[status] = {
            "games": store.game_list(db, status, HOME_PAGE_SIZE, (page - 1) * HOME_PAGE_SIZE),
            "page": page,
            "newer": url_for("table.home", **(kept | {status: page - 1})) if page > 1 else None,
            "older": url_for("table.home", **(kept | {status: page + 1})) if more else None,
        }
    return render_template(
        "table/home.html", playing=lists["playing"], finished=lists["finished"], abandoned=lists["abandoned"]
    )


def _players(form):
    return [
        getattr(form, f"player_{s}").data.strip()
        for s in range(MAX_PLAYERS)
        if (getattr(form, f"player_{s}").data or "").strip()
    ]


def _set_players(form, names):
    for seat in range(MAX_PLAYERS):
        getattr(form, f"player_{seat}").data = names[seat] if seat < len(names) else ""


def _settle_n(form, players):
    """Let an untyped N follow the players and decks; lower an impossible N. Return a note saying so, or None."""
    count = len(players)
    typed = str(form.max_cards.data or "") != (form.n_shown.data or "")
    if not typed and form.preset.data in PRESETS:
        form.max_cards.data = preset_fields(form.preset.data, count)["max_cards"]
    if not form.max_cards.data or not rules.PATTERNS.find(form.pattern.data).takes_max:
        return None
    decks = rules.decks_for(count) if form.decks.data == "auto" else int(form.decks.data)
    largest = rules.largest_hand(count, decks, bool(form.full_deal.data))
    if form.max_cards.data <= largest:
        return None
    asked, form.max_cards.data = form.max_cards.data, largest
    two_decks = rules.largest_hand(count, 2, bool(form.full_deal.data))
    note = ngettext(
        "N (largest hand) is %(largest)d, not %(asked)d: %(count)d players get at most %(largest)d "
        "cards each from %(num)d deck.",
        "N (largest hand) is %(largest)d, not %(asked)d: %(count)d players get at most %(largest)d "
        "cards each from %(num)d decks.",
        decks,
        largest=largest,
        asked=asked,
        count=count,
    )
    if decks < 2:
        note += " " + _("Or choose 2 in Decks for hands of up to %(most)d.", most=min(asked, two_decks))
    return note


def _fill_options(form, scoring, given):
    """Set the system and its option fields (a preset's formula, or `scoring` and `opt_*` in the address)."""
    system, aliased = rules.SYSTEMS.lookup(scoring)
    form.scoring.data = system.id
    given = {**aliased, **given}
    for option in system.options:
        try:
            value = option.coerce(given[option.id]) if option.id in given else option.default
        except ValueError:
            value = option.default
        getattr(form, option_field_name(system, option)).data = value


def _rules_from(form, players):
    """Return the record's rules from the setup form, the first dealer cut for when asked."""
    first = form.first_dealer.data
    return rules_from_setup(form) | {"first_dealer": secrets.randbelow(len(players)) if first == "cut" else int(first)}


def start_game(record, evening_id=None, after=None):
    """Store a new game (in a new evening unless one is named) and hand its edit key to this phone; `after`: the
    game whose table moves on to it (its followers and seat links follow, as after "New game, same table")."""
    db = store.get_db()
    if after:
        game_id, edit_key = store.create_next_game(db, after, record, evening_id, recognised=trusted_device())
    else:
        game_id, edit_key = store.create_game(db, record, evening_id, recognised=trusted_device())
    return give_edit_key(screen(game_id, rules.load(record)), game_id, edit_key)


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    """Set up a game: players in seat order, a preset or the rules one by one."""
    form = setup_form()
    names = _players(form) if request.method == "POST" else []
    form.first_dealer.choices = dealer_choices(names)
    if request.method == "GET":
        asked = request.args.get("preset")
        preset = asked if asked in PRESETS else default_preset(locale())
        apply_preset(form, preset, 4)
        form.preset.data = preset
        if request.args.get("scoring") in rules.SYSTEMS:
            _fill_options(
                form,
                request.args["scoring"],
                {key[4:]: value for key, value in request.args.items() if key.startswith("opt_")},
            )
        evening_tables.fill_for_evening(store.get_db(), form, request.args)
        form.first_dealer.choices = dealer_choices(_players(form))
        return setup_page(form)
    players = _players(form)
    if "move" in request.form:
        seat = numbers.whole_or(request.form["move"], 0)
        if 0 < seat < len(players):
            players[seat - 1], players[seat] = players[seat], players[seat - 1]
        _set_players(form, players)
        return setup_page(form)
    if "pick" in request.form:  # one of the evening's people tapped: seated in the first empty seat, or unseated
        _set_players(form, evening_tables.picked(players, request.form["pick"]))
        form.first_dealer.choices = dealer_choices(_players(form))
        return setup_page(form)
    if "apply_preset" in request.form and form.preset.data in PRESETS:
        apply_preset(form, form.preset.data, len(players) or 4)
        return setup_page(form)
    if not form.validate():
        flash(
            _("This page was open too long; please try again.") if csrf_failed(form) else form_problems(form), "error"
        )
        return setup_page(form), 400
    if len(players) < 3:
        flash(_("Enter at least 3 players, in seat order clockwise."), "error")
        return setup_page(form), 400
    if form.first_dealer.data != "cut" and int(form.first_dealer.data) >= len(players):
        form.first_dealer.data = "0"
    try:
        players = rules.player_names(players, key_of=store.keyer(store.get_db()))  # "jose" merged into José
    except RecordError as error:  # shown back without the control characters, never written raw into the page
        shown = [rules.game.names.without_controls(name) for name in players]
        _set_players(form, shown)
        form.first_dealer.choices = dealer_choices(shown)
        flash(explain(error, shown), "error")
        return setup_page(form), 400
    note = _settle_n(form, players)
    evening_id = evening_tables.joined_evening(store.get_db(), form)
    try:
        record = {"players": players, "language": form.language.data, "rules": _rules_from(form, players), "hands": []}
        stakes.check_record(record)  # the instance's stake ceiling
        response = start_game(record, evening_id, evening_tables.moving_on(store.get_db(), form))
    except RecordError as error:
        flash(explain(error, players), "error")
    except ValueError as error:
        flash(word(error), "error")
    else:
        if note:
            flash(note, "info")
        if form.first_dealer.data == "cut":  # say how the dealer was picked: nobody saw a card cut
            flash(
                _(
                    "The app drew the first dealer at random, as cutting the deck would: %(name)s deals first.",
                    name=players[record["rules"]["first_dealer"]],
                ),
                "info",
            )
        return response
    return setup_page(form), 400


def setup_page(form):
    """Draw the setup page, with every preset's fields for setup.js, and the evening the game joins with its people."""
    db, evening = store.get_db(), None
    if form.evening.data:
        evening = store.named_evenings(db, [form.evening.data]).get(form.evening.data)
    if evening:
        seated = {rules.name_key(name) for name in _players(form)}
        evening = dict(
            evening, people=[(name, rules.name_key(name) in seated) for name in store.evening_people(db, evening["id"])]
        )
    else:
        form.evening.data = ""
    return render_template(
        "table/setup.html", form=form, presets=PRESETS, preset_data=presets_for_page(), evening=evening
    )


@bp.post("/games/<game_id>/again")
def again(game_id):
    """Start a new game at the same table with the first dealer passed left."""
    game, loaded = load_game(game_id)
    require_edit(game)
    if not checked(RevisionForm(), game):
        return redirect(url_for("table.over", game_id=game_id))
    db = store.get_db()
    if store.event_of_game(db, game_id):  # the event draws its tables' next games
        flash(_("This table plays an event: the director seats the next round."), "error")
        return redirect(url_for("table.over", game_id=game_id))
    record = actions.again(loaded).record
    try:
        stakes.check_record(record)  # the ceiling may have been lowered since this game was set up
        # A new game: an imported game's unknown keys beyond a new game's allowance stop here, with the reason.
        next_id, edit_key = store.create_next_game(
            db, game_id, record, store.evening_of(db, game_id), recognised=trusted_device()
        )
    except RecordError as error:
        flash(explain(error, loaded.players), "error")
        return redirect(url_for("table.over", game_id=game_id))
    return give_edit_key(screen(next_id, rules.load(record)), next_id, edit_key)


@bp.get("/games/<game_id>/claim/<key>")
def claim(game_id, key):
    """Take over the scorekeeping with the edit link."""
    game, loaded = load_game(game_id)
    if not store.may_edit(game, key):
        abort(403, _("That edit link is wrong; ask the scorekeeper for a new one."))
    found = store.event_of_game(store.get_db(), game_id)
    if found and found["void"]:  # a void card: its page says where the table plays now
        return give_edit_key(redirect(url_for("table.play", game_id=game_id)), game_id, key)
    return give_edit_key(screen(game_id, loaded), game_id, key)
