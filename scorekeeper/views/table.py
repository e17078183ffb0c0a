"""The table: set up a game, record each hand on a phone, show the sheet, fix mistakes."""

import re
import secrets
import threading

from flask import (Blueprint, abort, flash, make_response, redirect, render_template, request,
                   session, url_for)
from markupsafe import escape

from .. import delivery, rules, store
from ..bounded_cache import BoundedCache
from ..forms import (MAX_PLAYERS, BidForm, RevisionForm, TableForm, TrumpForm, apply_preset, bids_form, csrf_failed,
                     csrf_token, dealer_choices, edit_hand_form, form_problems, option_field_name, parse_payouts,
                     preset_fields, presets_for_page, setup_form, tricks_form)
from ..pdf import before_arrival, newcomer_starts
from ..rules import RecordError, actions
from ..rules.actions import current_hand
from ..rules.presets import PRESETS
from .common import (STALE, can_edit, checked, explain, form_refusal, give_edit_key, load_game, moved_on,
                     open_step, penalty_from, perform, refused, require_edit, save, screen)

bp = Blueprint("table", __name__)


# ---- home and setup --------------------------------------------------------------------------

HOME_PAGE_SIZE = 20


@bp.get("/")
def home():
    """List the games in progress, then the finished ones, a page of each at a time."""
    db = store.get_db()
    pages = {status: max(request.args.get(status, 1, type=int), 1) for status in ("playing", "finished")}
    lists = {}
    for status, page in pages.items():
        more = store.count_games(db, status) > page * HOME_PAGE_SIZE
        lists[status] = {"games": store.game_list(db, status, HOME_PAGE_SIZE, (page - 1) * HOME_PAGE_SIZE),
                         "page": page,
                         "newer": url_for("table.home", **(pages | {status: page - 1})) if page > 1 else None,
                         "older": url_for("table.home", **(pages | {status: page + 1})) if more else None}
    return render_template("home.html", playing=lists["playing"], finished=lists["finished"])


def _players(form):
    return [getattr(form, f"player_{s}").data.strip() for s in range(MAX_PLAYERS)
            if (getattr(form, f"player_{s}").data or "").strip()]


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
    return (f"N (largest hand) is {largest}, not {asked}: {count} players get at most {largest} cards each "
            f"from {decks} deck{'s' if decks > 1 else ''}.")


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
    """Return the record's rules from the setup form."""
    system = rules.SYSTEMS.find(form.scoring.data)
    deals = {"pattern": form.pattern.data}
    if form.max_cards.data:
        deals["max"] = form.max_cards.data
    if form.decks.data != "auto":
        deals["decks"] = int(form.decks.data)
    if form.pattern.data == "custom":
        deals["sizes"] = [int(s) for s in re.findall(r"\d+", form.sizes.data or "")]
    if form.hands.data:
        deals["hands"] = form.hands.data
    if form.full_deal.data:
        deals["full_deal"] = True
    first = form.first_dealer.data
    chosen = {"scoring": system.id,
              "options": {o.id: getattr(form, option_field_name(system, o)).data for o in system.options},
              "modifiers": list(form.modifiers.data or []), "hook": bool(form.hook.data),
              "bidding": form.bidding.data, "trump": form.trump.data, "deals": deals,
              "stake": float(form.stake.data or 0), "settlement": form.settlement.data,
              "first_dealer": secrets.randbelow(len(players)) if first == "cut" else int(first)}
    if not chosen["options"]:
        del chosen["options"]
    if rules.SETTLEMENTS.find(form.settlement.data).takes_payouts and (form.payouts.data or "").strip():
        try:
            chosen["payouts"] = parse_payouts(form.payouts.data)
        except ValueError as error:
            raise ValueError(f"Sliding scale: {error}; enter what each losing place pays from second place on, "
                             "e.g. 1 2 3.") from None
    return chosen


def start_game(record, evening_id=None):
    """Store a new game (in a new evening unless one is named) and hand its edit key to this phone."""
    game_id, edit_key = store.create_game(store.get_db(), record, evening_id)
    return give_edit_key(screen(game_id, rules.load(record)), game_id, edit_key)


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    """Set up a game: players in seat order, a preset or the rules one by one."""
    form = setup_form()
    names = _players(form) if request.method == "POST" else []
    form.first_dealer.choices = dealer_choices(names)
    if request.method == "GET":
        preset = request.args.get("preset") if request.args.get("preset") in PRESETS else "pagat"
        apply_preset(form, preset, 4)
        form.preset.data = preset
        if request.args.get("scoring") in rules.SYSTEMS:
            _fill_options(form, request.args["scoring"],
                          {key[4:]: value for key, value in request.args.items() if key.startswith("opt_")})
        return setup_page(form)
    players = _players(form)
    if "move" in request.form:
        seat = int(request.form["move"]) if request.form["move"].isdigit() and len(request.form["move"]) < 4 else 0
        if 0 < seat < len(players):
            players[seat - 1], players[seat] = players[seat], players[seat - 1]
        _set_players(form, players)
        return setup_page(form)
    if "apply_preset" in request.form and form.preset.data in PRESETS:
        apply_preset(form, form.preset.data, len(players) or 4)
        return setup_page(form)
    if not form.validate():
        flash("This page was open too long; please try again." if csrf_failed(form)
              else form_problems(form), "error")
        return setup_page(form), 400
    if len(players) < 3:
        flash("Enter at least 3 players, in seat order clockwise.", "error")
        return setup_page(form), 400
    if form.first_dealer.data != "cut" and int(form.first_dealer.data) >= len(players):
        form.first_dealer.data = "0"
    note = _settle_n(form, players)
    try:
        record = {"players": players, "rules": _rules_from(form, players), "hands": []}
        response = start_game(record)
    except RecordError as error:
        flash(explain(error, players), "error")
    except ValueError as error:
        flash(str(error), "error")
    else:
        if note:
            flash(note, "info")
        return response
    return setup_page(form), 400


def setup_page(form):
    """Draw the setup page, with every preset's fields for setup.js."""
    return render_template("setup.html", form=form, presets=PRESETS, preset_data=presets_for_page())


# ---- playing a hand ----------------------------------------------------------------------------

@bp.get("/games/<game_id>")
def play(game_id):
    """Show the screen the table is on; a read-only visitor sees the sheet."""
    game, loaded = load_game(game_id)
    if not can_edit(game):
        return sheet(game_id)
    return screen(game_id, loaded)


@bp.route("/games/<game_id>/deal", methods=["GET", "POST"])
def deal(game_id):
    """Start the next hand: the dealer, the cards and the trump."""
    game, loaded = open_step(game_id, "deal")
    upcoming = actions.upcoming(loaded)
    if upcoming is None:
        flash("At least 2 players must be dealt in: let someone back in on the Table screen.", "error")
        return redirect(url_for("table.table_changes", game_id=game_id))
    form = TrumpForm(revision=game["revision"], cards=upcoming["cards"])
    if request.method == "POST":
        outcome = checked(form, game) and save(game, loaded, actions.deal, form.cards.data, form.trump.data)
        return screen(game_id, outcome.game if outcome else None)
    state = rules.table_state(game["record"])
    return render_template("game/deal.html", game=game, loaded=loaded, upcoming=upcoming, form=form,
                           ask_trump=upcoming["trump"] is None and not actions.asks_trump_after_bids(loaded),
                           symbols=rules.SYMBOLS, out=upcoming["out"], left=state["left"],
                           joining={join["seat"]: join["total"] for join in state["joining"]},
                           planned_number=rules.completed_hands(loaded) + 1)


@bp.route("/games/<game_id>/bids", methods=["GET", "POST"])
def bids(game_id):
    """Record the bids in order; the dealer's forbidden bid is struck out."""
    game, loaded = load_game(game_id)
    require_edit(game)
    hand = current_hand(loaded)
    if hand is None:
        return moved_on(game_id, loaded)
    if actions.bids_all_at_once(loaded):
        return bids_together(game, loaded, hand)
    form = BidForm(revision=game["revision"])
    if request.method == "POST":
        if not checked(form, game):
            return redirect(url_for("table.bids", game_id=game_id))
        seat = form.seat.data
        outcome = save(game, loaded, actions.bid, seat, form.bid.data, blind=form.blind.data)
        if outcome:
            return screen(game_id, outcome.game)
        # Back to the same player (blind again if asked); the screen falls back to whoever bids next.
        return redirect(url_for("table.bids", game_id=game_id, seat=seat, blind=1 if form.blind.data else None))
    order = rules.bidding_order(hand.dealer, len(hand.bids), hand.out)
    offers = actions.blind_offers(loaded)
    seat = request.args.get("seat", type=int)
    blind = request.args.get("blind") == "1" and seat in offers
    if seat is None or seat not in order or not rules.may_bid(hand.dealer, hand.bids, seat, hand.out):
        seat = rules.next_bidder(hand.dealer, hand.bids, hand.out)
    if seat is None:
        return screen(game_id, loaded)
    allowed = rules.allowed_bids(hand.cards, seat, hand.dealer, hand.bids, loaded.rules.hook_applies, hand.out)
    forbidden = None if blind else next((b for b in range(hand.cards + 1) if b not in allowed), None)
    return render_template("game/bids.html", game=game, loaded=loaded, hand=hand, form=form, seat=seat,
                           order=order, forbidden=forbidden, blind=blind, offers=offers,
                           hook_reason=rules.hook_reason(hand.cards, forbidden) if forbidden is not None else "",
                           so_far=rules.bid_so_far(hand.bids), by=rules.over_under_by(hand.cards, hand.bids),
                           may_bid={s: rules.may_bid(hand.dealer, hand.bids, s, hand.out) for s in order}, symbols=rules.SYMBOLS,
                           **hand_numbers(loaded))


def bids_together(game, loaded, hand):
    """Record every bid of the hand at once: simultaneous (no hook) or cooperative (they sum to the cards)."""
    order = rules.bidding_order(hand.dealer, len(hand.bids), hand.out)
    form = bids_form(order)(revision=game["revision"],
                            **{f"bid_{s}": hand.bids[s] or 0 for s in order})
    page = dict(game=game, loaded=loaded, hand=hand, form=form, order=order, offers=actions.blind_offers(loaded),
                cooperative=loaded.rules.style.bids_must_sum_to_cards, symbols=rules.SYMBOLS,
                **hand_numbers(loaded))
    if request.method == "POST":
        problem = form_refusal(form, game)
        if problem is None:
            chosen = {s: getattr(form, f"bid_{s}").data for s in order}
            blind = [s for s in order if getattr(form, f"blind_{s}").data]
            outcome, problem = perform(game, loaded, actions.bids_at_once, chosen, blind)
            if outcome:
                return screen(game["id"], outcome.game)
        return refused("game/bids_all.html", problem, page)
    return render_template("game/bids_all.html", **page)


def hand_numbers(game):
    """Return the hand in progress as the plan counts it and as the deals count it (cooperative re-deals)."""
    return {"number": rules.completed_hands(game) + 1, "deal": len(game.hands)}


@bp.route("/games/<game_id>/trump", methods=["GET", "POST"])
def trump(game_id):
    """Let the highest bidder name trump after the bids."""
    game, loaded = open_step(game_id, "trump")
    hand = current_hand(loaded)
    form = TrumpForm(revision=game["revision"])
    if request.method == "POST":
        outcome = checked(form, game) and save(game, loaded, actions.name_trump, form.trump.data)
        return screen(game_id, outcome.game if outcome else None)
    namer = rules.trump_namer(hand.dealer, hand.bids, hand.out)
    return render_template("game/trump.html", game=game, loaded=loaded, hand=hand, form=form,
                           namer=loaded.players[namer], symbols=rules.SYMBOLS,
                           announcement=rules.announcement(hand.cards, hand.bids),
                           by=rules.over_under_by(hand.cards, hand.bids), **hand_numbers(loaded))


@bp.route("/games/<game_id>/tricks", methods=["GET", "POST"])
def tricks(game_id):
    """Record the tricks, pre-filled with the bids; the dealer's count follows from the others."""
    game, loaded = open_step(game_id, "tricks")
    hand = current_hand(loaded)
    n = len(loaded.players)
    form = tricks_form(loaded.players)(revision=game["revision"],
                                       **{f"took_{s}": hand.bids[s] for s in range(n)})
    page = dict(game=game, loaded=loaded, hand=hand, form=form, order=rules.bidding_order(hand.dealer, n, hand.out),
                cancel=loaded.rules.tricks_may_fall_short, announcement=rules.announcement(hand.cards, hand.bids),
                by=rules.over_under_by(hand.cards, hand.bids), symbols=rules.SYMBOLS, **hand_numbers(loaded))
    if request.method == "POST":
        problem = form_refusal(form, game)
        if problem is None:
            took = [getattr(form, f"took_{s}").data for s in range(n)]
            outcome, problem = perform(game, loaded, actions.record_tricks, took, penalty_from(form))
            if outcome:
                return redirect(url_for("table.sheet", game_id=game_id))
        return refused("game/tricks.html", problem, page)
    return render_template("game/tricks.html", **page)


# Rendered sheet pages by (game id, revision, editor): a revision never changes once written,
# so the page is rendered once; the CSRF token and the host of the share links differ per
# visitor and are put in afterwards. Bounded in bytes; the Host header is never part of a key.
_SHEETS = BoundedCache(32 * 1024 * 1024)
CSRF_SLOT = "\x00csrf\x00"
ORIGIN_SLOT = "\x00origin\x00"
_RENDERING = threading.Lock()


def live_hand(loaded):
    """What the scorekeeper announces, for followers: the hand, the dealer, whose turn, the bids and the tally."""
    hand = current_hand(loaded)
    if hand is None:
        return None
    turn = None if loaded.rules.style.all_at_once else rules.next_bidder(hand.dealer, hand.bids, hand.out)
    bidding = any(bid is None for seat, bid in enumerate(hand.bids) if seat not in hand.out)
    forbidden = (rules.forbidden_bid(hand.cards, hand.dealer, hand.bids, loaded.rules.hook_applies)
                 if turn == hand.dealer else None)
    return {"number": len(loaded.hands), "cards": hand.cards, "dealer": hand.dealer, "trump": hand.trump,
            "order": rules.bidding_order(hand.dealer, len(hand.bids), hand.out), "bids": hand.bids,
            "turn": turn, "bidding": bidding, "forbidden": forbidden, "so_far": rules.bid_so_far(hand.bids),
            "by": rules.over_under_by(hand.cards, hand.bids), "announcement": rules.announcement(hand.cards, hand.bids),
            "namer": rules.trump_namer(hand.dealer, hand.bids, hand.out) if rules.step(loaded) == "trump" else None}


def render_sheet(game_id, editor, csrf):
    """Render the whole sheet page of a game."""
    game, loaded = load_game(game_id)
    upcoming = actions.upcoming(loaded)
    scored = rules.score(loaded)
    page = render_template("game/sheet.html", game=game, loaded=loaded, scored=scored,
                           editor=editor, step=rules.step(loaded), upcoming=upcoming, live=live_hand(loaded),
                           starts=newcomer_starts(loaded), before_arrival=before_arrival,
                           sheet_totals=rules.standing_totals(game["record"], scored["totals"]),
                           ask_trump=bool(upcoming) and upcoming["trump"] is None
                           and not actions.asks_trump_after_bids(loaded),
                           plan=loaded.plan(), done=rules.completed_hands(loaded), symbols=rules.SYMBOLS, csrf=csrf)
    return game["revision"], page


@bp.get("/games/<game_id>/sheet")
def sheet(game_id):
    """Show the score sheet: running totals, made and missed, dealer and trump of every hand."""
    game = store.get_game_head(store.get_db(), game_id)
    if game is None:
        abort(404)
    editor = can_edit(game)
    token = csrf_token() if editor else ""
    if session.get("_flashes"):
        return render_sheet(game_id, editor, token)[1]
    origin = str(escape(url_for("table.home", _external=True)))
    page = _SHEETS.get((game_id, game["revision"], editor))
    if page is None:
        # After a change every follower asks at once: one renders, the others wait and take its page.
        with _RENDERING:
            page = _SHEETS.get((game_id, game["revision"], editor))
            if page is None:
                revision, page = render_sheet(game_id, editor, CSRF_SLOT)
                page = page.replace(origin, ORIGIN_SLOT)
                _SHEETS.put((game_id, revision, editor), page)
    page = page.replace(ORIGIN_SLOT, origin)
    if not editor:  # the same bytes for every follower
        return delivery.page_once_gzipped(("sheet", game_id, game["revision"], origin), page)
    return page.replace(CSRF_SLOT, token)


@bp.get("/games/<game_id>/revision")
def revision(game_id):
    """Return the game's revision, for followers to notice a change without scoring the game."""
    game = store.get_game_head(store.get_db(), game_id)
    if game is None:
        return {"error": f"no game {game_id!r}", "field": "id"}, 404
    # The revision is the ETag: an unchanged game answers 304 with no body, the cheapest answer there is.
    tag = str(game["revision"])
    if delivery.not_modified(tag):
        response = make_response("", 304)
    else:
        response = make_response({"id": game_id, "revision": game["revision"], "status": game["status"]})
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/over")
def over(game_id):
    """Show the winner, the ranks and who pays whom."""
    game, loaded = load_game(game_id)
    scored = rules.score(loaded)
    by_rank = sorted(range(len(loaded.players)), key=lambda s: scored["ranks"][s])
    return render_template("game/over.html", game=game, loaded=loaded, scored=scored, by_rank=by_rank,
                           editor=can_edit(game), form=RevisionForm(revision=game["revision"]))


# ---- the table changes -------------------------------------------------------------------------

@bp.route("/games/<game_id>/table", methods=["GET", "POST"])
def table_changes(game_id):
    """Change the table: someone arrives late, leaves or sits out; change the plan of hands."""
    game, loaded = load_game(game_id)
    require_edit(game)
    form = TableForm(revision=game["revision"])
    panel = request.args.get("open")
    problem = None
    if request.method == "POST":
        panel = "plan" if form.action.data in rules.PLAN_CHANGES else "arrive" if form.action.data == "arrive" else None
        problem = form_refusal(form, game)
        if problem is None:
            outcome, problem = perform(game, loaded, actions.table_change, form.action.data, seat=form.seat.data,
                                       name=form.name.data, start=form.start.data, total=form.total.data,
                                       position=form.position.data, cards=form.cards.data)
            if outcome:
                return redirect(url_for("table.table_changes", game_id=game_id, open=panel))
        if problem == STALE or panel is None:
            # A seat's buttons hold nothing typed: say why on the current state.
            flash(problem, "error")
            return redirect(url_for("table.table_changes", game_id=game_id, open=panel))
    page = _table_page(game, loaded, form, panel, problem)
    return (page, 400) if problem else page


def _table_page(game, loaded, form, panel, problem):
    """Draw the Table screen; a refused change comes back in its open panel with what was typed."""
    state = rules.table_state(game["record"])
    scored = rules.score(loaded)
    totals = rules.standing_totals(game["record"], scored["totals"])
    return render_template("game/table.html", game=game, loaded=loaded, form=form, state=state, panel=panel,
                           problem=problem, joining={j["seat"]: j["total"] for j in state["joining"]},
                           plan=loaded.plan(), done=rules.completed_hands(loaded),
                           in_progress=current_hand(loaded) is not None, totals=totals,
                           lowest=rules.starting_total(totals, state["left"], "lowest",
                                                       lowest_wins=scored["lowest_wins"]),
                           upcoming=actions.upcoming(loaded))


# ---- mistakes ----------------------------------------------------------------------------------

@bp.post("/games/<game_id>/undo")
def undo(game_id):
    """Undo the last action; the undone action stays in the history."""
    game, _loaded = load_game(game_id)
    require_edit(game)
    form = RevisionForm()
    if checked(form, game):
        try:
            store.undo(store.get_db(), game_id, game["revision"])
            flash("Undone.", "info")
        except store.NothingToUndo:
            flash("Nothing to undo yet.", "error")
        except store.StaleRevision:
            flash(STALE, "error")
    return screen(game_id)


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id, number):
    """Correct a recorded hand; everything after it is rescored and the old version kept."""
    game, loaded = load_game(game_id)
    require_edit(game)
    if not 1 <= number <= len(loaded.hands) or not loaded.hands[number - 1].complete:
        abort(404)
    raw = game["record"]["hands"][number - 1]
    n = len(loaded.players)
    values = {f"bid_{s}": raw["bids"][s] for s in range(n)} | {f"took_{s}": raw["tricks"][s] for s in range(n)}
    form = edit_hand_form(loaded.players, raw)(revision=game["revision"], trump=raw.get("trump") or "", **values)
    page = dict(game=game, loaded=loaded, form=form, number=number, raw=raw, penalties=raw.get("penalties") or [],
                out=raw.get("out") or [], order=rules.bidding_order(raw["dealer"], n, raw.get("out") or []))
    if request.method == "POST":
        problem = form_refusal(form, game)
        if problem is None:
            bids = [getattr(form, f"bid_{s}").data for s in range(n)]
            took = [getattr(form, f"took_{s}").data for s in range(n)]
            dropped = [i for i in range(len(page["penalties"])) if getattr(form, f"drop_penalty_{i}").data]
            outcome, problem = perform(game, loaded, actions.correct_hand, number, bids, took,
                                       trump=form.trump.data or None, drop_penalties=dropped,
                                       added_penalty=penalty_from(form))
            if outcome:
                return redirect(url_for("table.sheet", game_id=game_id))
        return refused("game/edit.html", problem, page)
    return render_template("game/edit.html", **page)


@bp.get("/games/<game_id>/history")
def history(game_id):
    """List every action recorded for the game, undone ones and earlier versions included."""
    from ..history import describe

    game, loaded = load_game(game_id)
    lowest_wins = loaded.rules.system.lowest_wins
    log = [dict(event, text=describe(event, loaded.players, lowest_wins))
           for event in store.events(store.get_db(), game_id)]
    return render_template("game/history.html", game=game, loaded=loaded, log=log)


@bp.post("/games/<game_id>/again")
def again(game_id):
    """Start a new game at the same table with the first dealer passed left."""
    game, loaded = load_game(game_id)
    require_edit(game)
    if not checked(RevisionForm(), game):
        return redirect(url_for("table.over", game_id=game_id))
    return start_game(actions.again(loaded).record, store.evening_of(store.get_db(), game_id))


@bp.get("/games/<game_id>/claim/<key>")
def claim(game_id, key):
    """Take over the scorekeeping with the edit link."""
    game, loaded = load_game(game_id)
    if not store.may_edit(game, key):
        abort(403, "That edit link is wrong; ask the scorekeeper for a new one.")
    return give_edit_key(screen(game_id, loaded), game_id, key)
