"""The table: set up a game, record each hand on a phone, show the sheet, fix mistakes."""

import copy
import re
import secrets
from collections import OrderedDict

from flask import (Blueprint, abort, flash, make_response, redirect, render_template, request,
                   session, url_for)

from .. import rules, store
from ..forms import (MAX_PLAYERS, BidForm, RevisionForm, TableForm, TrumpForm, bids_form, csrf_failed, csrf_token,
                     dealer_choices, edit_hand_form, form_problems, option_field_name, parse_payouts, setup_form,
                     tricks_form)
from ..rules import RecordError
from ..rules.presets import PRESETS, preset_rules

bp = Blueprint("table", __name__)


@bp.app_context_processor
def registries():
    """Give templates the engine's registries, for names and one-line explanations."""
    return {"rules_registry": rules}

EDIT_COOKIE_AGE = 60 * 60 * 24 * 365
STALE = "This game changed on another phone — here is the current state."
READ_ONLY = "This is a read-only link: only the scorekeeper's phone can change the game."


# ---- helpers -------------------------------------------------------------------------------

def cookie_name(game_id):
    return f"edit_{game_id}"


def load_game(game_id):
    """Return the stored game and its loaded record, or 404."""
    game = store.get_game(store.get_db(), game_id)
    if game is None:
        abort(404)
    return game, rules.load(game["record"])


def can_edit(game):
    return store.may_edit(game, request.cookies.get(cookie_name(game["id"])))


def require_edit(game):
    if not can_edit(game):
        abort(403, READ_ONLY)


# The record's fields as the setup form names them.
FIELD_LABELS = {"rules.deals.max": "N (largest hand)", "rules.deals.sizes": "Hand sizes",
                "rules.deals.hands": "Hands", "rules.deals.decks": "Decks", "rules.deals": "Deal",
                "rules.stake": "Stake", "rules.payouts": "Sliding scale", "rules.options": "System options"}


def explain(error, players):
    """Turn a RecordError's path into words a player reads: 'Hand 4, Cy's bid: ...'."""
    if error.path in FIELD_LABELS:
        return f"{FIELD_LABELS[error.path]}: {error.message}"
    path = re.sub(r"^players\[(\d+)\]", lambda m: f"player {int(m.group(1)) + 1}", error.path or "")
    path = re.sub(r"hands\[(\d+)\]", lambda m: f"hand {int(m.group(1)) + 1}", path)
    names = {"bids": "bid", "tricks": "tricks", "blind": "blind bid"}
    path = re.sub(r"\.(bids|tricks|blind)\[(\d+)\]",
                  lambda m: f", {players[int(m.group(2))]}'s {names[m.group(1)]}"
                  if int(m.group(2)) < len(players) else m.group(0), path)
    text = f"{path.replace('.', ', ')}: {error.message}" if path else error.message
    return text[0].upper() + text[1:]


def checked(form, game):
    """Validate a write form: refuse a bad token (400); False with a message on a stale revision."""
    if not form.validate():
        if csrf_failed(form):
            abort(400, "This form's security token is missing or has expired. "
                       "Go back, reload the page and try again; nothing was recorded.")
        flash(form_problems(form), "error")
        return False
    if form.revision.data != str(game["revision"]):
        flash(STALE, "error")
        return False
    return True


def save(game, kind, payload, record):
    """Store the new record with its event; flash why when refused."""
    try:
        store.append_event(store.get_db(), game["id"], kind, payload, record, game["revision"])
    except RecordError as error:
        flash(explain(error, record["players"]), "error")
        return False
    except store.StaleRevision:
        flash(STALE, "error")
        return False
    return True


def current_hand(game):
    """Return the in-progress hand (tricks missing), or None."""
    return game.hands[-1] if game.hands and not game.hands[-1].complete else None


def asked_after_bids(game):
    return rules.TRUMP_METHODS.find(game.rules.trump).asked_after_bids


def step(game):
    """Return the screen the table is on: deal, bids, trump, tricks or over."""
    hand = current_hand(game)
    if hand is None:
        return "deal" if rules.next_hand(game) else "over"
    if rules.next_bidder(hand.dealer, hand.bids, hand.out) is not None:
        return "bids"
    if hand.trump is None and asked_after_bids(game):
        return "trump"
    return "tricks"


def go_on(game_id):
    return redirect(url_for("table.play", game_id=game_id))


def moved_on(game_id):
    """Send a screen the table has left to the current one; a write from it is stale."""
    if request.method == "POST":
        flash(STALE, "error")
    return go_on(game_id)


def open_step(game_id, name):
    """Return (game, loaded) for the editor on this step of the hand; elsewhere, go where the table is."""
    game, loaded = load_game(game_id)
    require_edit(game)
    if step(loaded) != name:
        abort(moved_on(game_id))
    return game, loaded


# ---- home and setup --------------------------------------------------------------------------

@bp.get("/")
def home():
    """List the games in progress and the finished ones."""
    games = store.list_games(store.get_db())
    return render_template("home.html", playing=[g for g in games if g["status"] == "playing"],
                           finished=[g for g in games if g["status"] == "finished"])


def _players(form):
    return [getattr(form, f"player_{s}").data.strip() for s in range(MAX_PLAYERS)
            if (getattr(form, f"player_{s}").data or "").strip()]


def _set_players(form, names):
    for seat in range(MAX_PLAYERS):
        getattr(form, f"player_{seat}").data = names[seat] if seat < len(names) else ""


def _apply_preset(form, preset_id, players):
    """Fill the rule fields from a preset."""
    chosen = preset_rules(preset_id, len(players) or 4)
    deals = chosen.get("deals", {})
    form.scoring.data = chosen.get("scoring", "exact")
    form.modifiers.data = list(chosen.get("modifiers", []))
    form.hook.data = chosen.get("hook", True)
    form.bidding.data = chosen.get("bidding", "sequential")
    form.trump.data = chosen.get("trump", "turned")
    form.stake.data = chosen.get("stake", 0)
    form.settlement.data = chosen.get("settlement", "none")
    form.pattern.data = deals.get("pattern", "down-up")
    form.max_cards.data = deals.get("max")
    form.decks.data = str(deals["decks"]) if "decks" in deals else "auto"
    form.full_deal.data = deals.get("full_deal", False)
    form.hands.data = deals.get("hands")
    form.sizes.data = ""
    form.payouts.data = " ".join(f"{p:g}" for p in chosen.get("payouts", []))


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
    if form.settlement.data == "prospect" and (form.payouts.data or "").strip():
        try:
            chosen["payouts"] = parse_payouts(form.payouts.data)
        except ValueError as error:
            raise ValueError(f"Sliding scale: {error}; enter what each losing place pays from second place on, "
                             "e.g. 1 2 3.") from None
    return chosen


def start_game(record, evening_id=None):
    """Store a new game (in a new evening unless one is named) and hand its edit key to this phone."""
    game_id, edit_key = store.create_game(store.get_db(), record, evening_id)
    response = redirect(url_for("table.play", game_id=game_id))
    response.set_cookie(cookie_name(game_id), edit_key, max_age=EDIT_COOKIE_AGE, httponly=True,
                        samesite="Lax")
    return response


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    """Set up a game: players in seat order, a preset or the rules one by one."""
    form = setup_form()
    names = _players(form) if request.method == "POST" else []
    form.first_dealer.choices = dealer_choices(names)
    if request.method == "GET":
        preset = request.args.get("preset") if request.args.get("preset") in PRESETS else "pagat"
        _apply_preset(form, preset, [])
        form.preset.data = preset
        return render_template("setup.html", form=form, presets=PRESETS)
    players = _players(form)
    if "move" in request.form:
        seat = int(request.form["move"]) if request.form["move"].isdigit() else 0
        if 0 < seat < len(players):
            players[seat - 1], players[seat] = players[seat], players[seat - 1]
        _set_players(form, players)
        return render_template("setup.html", form=form, presets=PRESETS)
    if "apply_preset" in request.form and form.preset.data in PRESETS:
        _apply_preset(form, form.preset.data, players)
        return render_template("setup.html", form=form, presets=PRESETS)
    if not form.validate():
        flash("This page was open too long; please try again." if csrf_failed(form)
              else form_problems(form), "error")
        return render_template("setup.html", form=form, presets=PRESETS), 400
    if len(players) < 3:
        flash("Enter at least 3 players, in seat order clockwise.", "error")
        return render_template("setup.html", form=form, presets=PRESETS), 400
    if form.first_dealer.data != "cut" and int(form.first_dealer.data) >= len(players):
        form.first_dealer.data = "0"
    try:
        record = {"players": players, "rules": _rules_from(form, players), "hands": []}
        return start_game(record)
    except RecordError as error:
        flash(explain(error, players), "error")
    except ValueError as error:
        flash(str(error), "error")
    return render_template("setup.html", form=form, presets=PRESETS), 400


# ---- playing a hand ----------------------------------------------------------------------------

@bp.get("/games/<game_id>")
def play(game_id):
    """Show the screen the table is on; a read-only visitor sees the sheet."""
    game, loaded = load_game(game_id)
    if not can_edit(game):
        return sheet(game_id)
    return redirect(url_for(f"table.{step(loaded)}", game_id=game_id))


@bp.route("/games/<game_id>/deal", methods=["GET", "POST"])
def deal(game_id):
    """Start the next hand: the dealer, the cards and the trump."""
    game, loaded = open_step(game_id, "deal")
    out = rules.out_for_next_hand(game["record"])
    upcoming = rules.next_hand(loaded, out=out)
    if upcoming is None:
        flash("At least 2 players must be dealt in: let someone back in on the Table screen.", "error")
        return redirect(url_for("table.table_changes", game_id=game_id))
    form = TrumpForm(revision=game["revision"], cards=upcoming["cards"])
    if request.method == "POST":
        if not checked(form, game):
            return go_on(game_id)
        trump = upcoming["trump"] or (None if asked_after_bids(loaded) else form.trump.data)
        hand = {"cards": form.cards.data or upcoming["cards"], "dealer": upcoming["dealer"],
                "bids": [None] * len(loaded.players)}
        if trump:
            hand["trump"] = trump
        record = rules.deal_hand(game["record"], hand)
        save(game, "deal", record["hands"][-1], record)
        return go_on(game_id)
    joining = {join["seat"]: join["total"] for join in rules.table_state(game["record"])["joining"]}
    return render_template("game/deal.html", game=game, loaded=loaded, upcoming=upcoming, form=form,
                           ask_trump=upcoming["trump"] is None and not asked_after_bids(loaded),
                           symbols=rules.SYMBOLS, out=out, joining=joining,
                           left=rules.table_state(game["record"])["left"])


def _all_at_once(loaded):
    """True when every bid of a hand is entered together: simultaneous or cooperative bidding."""
    return loaded.rules.bidding in ("simultaneous", "cooperative")


def _blind_offers(loaded, hand):
    """Return the seats that may still bid blind, in bidding order: only before anyone bids openly."""
    if "blind" not in loaded.rules.modifiers:
        return []
    if any(bid is not None and seat not in hand.blind for seat, bid in enumerate(hand.bids)):
        return []
    # The scored totals already carry the starting totals of anyone joining the hand in progress.
    eligible = rules.blind_eligible(rules.score(loaded)["totals"], loaded.rules.system.lowest_wins)
    order = rules.bidding_order(hand.dealer, len(hand.bids), hand.out)
    return [seat for seat in order if seat in eligible and hand.bids[seat] is None]


def _dealer_blind(raw, hand, loaded, players):
    """When the bids are complete and the dealer's blind bid is hooked, move it as the engine says."""
    bids = raw["bids"]
    dealer = hand.dealer
    if (dealer not in (raw.get("blind") or []) or not loaded.rules.hook_applies
            or any(bids[s] is None for s in rules.bidding_order(dealer, len(bids), hand.out))):
        return
    moved = rules.dealer_blind_bid(hand.cards, dealer, bids, bids[dealer], True)
    if moved != bids[dealer]:
        flash(f"{players[dealer]} bid {bids[dealer]} blind, but the hook forbids it: "
              f"{players[dealer]}'s bid becomes {moved}.", "info")
        bids[dealer] = moved


@bp.route("/games/<game_id>/bids", methods=["GET", "POST"])
def bids(game_id):
    """Record the bids in order; the dealer's forbidden bid is struck out."""
    game, loaded = load_game(game_id)
    require_edit(game)
    hand = current_hand(loaded)
    if hand is None:
        return moved_on(game_id)
    if _all_at_once(loaded):
        return bids_together(game, loaded, hand)
    form = BidForm(revision=game["revision"])
    order = rules.bidding_order(hand.dealer, len(hand.bids), hand.out)
    if request.method == "POST":
        if not checked(form, game):
            return redirect(url_for("table.bids", game_id=game_id))
        seat, bid = form.seat.data, form.bid.data
        if seat not in order or not rules.may_bid(hand.dealer, hand.bids, seat, hand.out):
            flash("That bid can no longer be changed: the next player has bid.", "error")
            return redirect(url_for("table.bids", game_id=game_id))
        # The dealer's own bid never counts towards the hook, so a changed bid needs no special case.
        allowed = rules.allowed_bids(hand.cards, seat, hand.dealer, hand.bids, loaded.rules.hook_applies, hand.out)
        record = copy.deepcopy(game["record"])
        raw = record["hands"][-1]
        blind = bool(form.blind.data) and seat in _blind_offers(loaded, hand)
        if form.blind.data and not blind:
            flash(f"{loaded.players[seat]} may not bid blind now: only 20 or more behind the leader, "
                  "before anyone bids.", "error")
            return redirect(url_for("table.bids", game_id=game_id))
        if blind:
            raw["blind"] = sorted(set(raw.get("blind") or []) | {seat})
            if bid > hand.cards:
                flash(f"A bid is 0 to {hand.cards}.", "error")
                return redirect(url_for("table.bids", game_id=game_id, seat=seat, blind=1))
        elif bid not in allowed:
            forbidden = rules.forbidden_bid(hand.cards, hand.dealer, hand.bids, loaded.rules.hook_applies)
            flash(rules.hook_reason(hand.cards, forbidden) if bid == forbidden
                  else f"A bid is 0 to {hand.cards}.", "error")
            return redirect(url_for("table.bids", game_id=game_id, seat=seat))
        raw["bids"][seat] = bid
        _dealer_blind(raw, hand, loaded, loaded.players)
        payload = {"hand": len(record["hands"]) - 1, "seat": seat, "bid": raw["bids"][seat], "blind": blind}
        if save(game, "bid", payload, record):
            return go_on(game_id)
        return redirect(url_for("table.bids", game_id=game_id, seat=seat))
    offers = _blind_offers(loaded, hand)
    seat = request.args.get("seat", type=int)
    blind = request.args.get("blind") == "1" and seat in offers
    if seat is None or seat not in order or not rules.may_bid(hand.dealer, hand.bids, seat, hand.out):
        seat = rules.next_bidder(hand.dealer, hand.bids, hand.out)
    if seat is None:
        return go_on(game_id)
    allowed = rules.allowed_bids(hand.cards, seat, hand.dealer, hand.bids, loaded.rules.hook_applies, hand.out)
    forbidden = None if blind else next((b for b in range(hand.cards + 1) if b not in allowed), None)
    return render_template("game/bids.html", game=game, loaded=loaded, hand=hand, form=form, seat=seat,
                           order=order, forbidden=forbidden, blind=blind, offers=offers,
                           hook_reason=rules.hook_reason(hand.cards, forbidden) if forbidden is not None else "",
                           so_far=rules.bid_so_far(hand.bids), by=rules.over_under_by(hand.cards, hand.bids),
                           may_bid={s: rules.may_bid(hand.dealer, hand.bids, s, hand.out) for s in order}, symbols=rules.SYMBOLS,
                           number=len(loaded.hands))


def bids_together(game, loaded, hand):
    """Record every bid of the hand at once: simultaneous (no hook) or cooperative (they sum to the cards)."""
    order = rules.bidding_order(hand.dealer, len(hand.bids), hand.out)
    offers = _blind_offers(loaded, hand)
    form = bids_form(order)(revision=game["revision"],
                            **{f"bid_{s}": hand.bids[s] or 0 for s in order})
    cooperative = loaded.rules.bidding == "cooperative"
    if request.method == "POST":
        if not checked(form, game):
            return redirect(url_for("table.bids", game_id=game["id"]))
        record = copy.deepcopy(game["record"])
        raw = record["hands"][-1]
        chosen = {s: getattr(form, f"bid_{s}").data for s in order}
        too_many = [loaded.players[s] for s, b in chosen.items() if b > hand.cards]
        if too_many:
            flash(f"A bid is 0 to {hand.cards}: check {', '.join(too_many)}.", "error")
            return redirect(url_for("table.bids", game_id=game["id"]))
        if cooperative and sum(chosen.values()) != hand.cards:
            total = sum(chosen.values())
            flash(f"Cooperative bids must add up to exactly {hand.cards}; these add up to {total} "
                  f"({'over' if total > hand.cards else 'under'} by {abs(total - hand.cards)}).", "error")
            return redirect(url_for("table.bids", game_id=game["id"]))
        for s, b in chosen.items():
            raw["bids"][s] = b
        blind = [s for s in offers if getattr(form, f"blind_{s}").data]
        if blind:
            raw["blind"] = sorted(set(raw.get("blind") or []) | set(blind))
        if save(game, "bids", {"hand": len(record["hands"]) - 1, "bids": raw["bids"], "blind": blind}, record):
            return go_on(game["id"])
        return redirect(url_for("table.bids", game_id=game["id"]))
    return render_template("game/bids_all.html", game=game, loaded=loaded, hand=hand, form=form, order=order,
                           offers=offers, cooperative=cooperative, symbols=rules.SYMBOLS,
                           number=len(loaded.hands))


@bp.route("/games/<game_id>/trump", methods=["GET", "POST"])
def trump(game_id):
    """Let the highest bidder name trump after the bids."""
    game, loaded = open_step(game_id, "trump")
    hand = current_hand(loaded)
    form = TrumpForm(revision=game["revision"])
    if request.method == "POST":
        if not checked(form, game):
            return go_on(game_id)
        record = copy.deepcopy(game["record"])
        record["hands"][-1]["trump"] = form.trump.data
        save(game, "trump", {"hand": len(record["hands"]) - 1, "trump": form.trump.data}, record)
        return go_on(game_id)
    namer = rules.trump_namer(hand.dealer, hand.bids, hand.out)
    return render_template("game/trump.html", game=game, loaded=loaded, hand=hand, form=form,
                           namer=loaded.players[namer], symbols=rules.SYMBOLS,
                           announcement=rules.announcement(hand.cards, hand.bids),
                           by=rules.over_under_by(hand.cards, hand.bids), number=len(loaded.hands))


def _penalty(form, lowest_wins):
    """Return the penalty entered on the form, or None."""
    if form.penalty_seat.data in ("", None):
        return None
    points = form.penalty_points.data
    reason = form.penalty_reason.data
    return {"seat": int(form.penalty_seat.data), "reason": reason,
            "points": float(points) if points is not None else rules.penalty_points(reason, lowest_wins)}


def _dealt_again(record, hand, took):
    """Say so when a cooperative hand was missed: it is dealt again at the same size."""
    missed = [record["players"][s] for s, (b, t) in enumerate(zip(hand.bids, took)) if b is not None and b != t]
    if not missed:
        return
    upcoming = rules.next_hand(rules.load(record), out=rules.out_for_next_hand(record))
    again = (f" The hand is dealt again: {record['players'][upcoming['dealer']]} deals {upcoming['cards']}."
             if upcoming else "")
    flash(f"Missed by {', '.join(missed)}.{again}", "info")


@bp.route("/games/<game_id>/tricks", methods=["GET", "POST"])
def tricks(game_id):
    """Record the tricks, pre-filled with the bids; the dealer's count follows from the others."""
    game, loaded = open_step(game_id, "tricks")
    hand = current_hand(loaded)
    n = len(loaded.players)
    cancel = "identical_cards_cancel" in loaded.rules.modifiers
    form = tricks_form(loaded.players)(revision=game["revision"],
                                       **{f"took_{s}": hand.bids[s] for s in range(n)})
    if request.method == "POST":
        if not checked(form, game):
            return go_on(game_id)
        took = [getattr(form, f"took_{s}").data for s in range(n)]
        took = [None if s in hand.out else hand.bids[s] if t is None else t for s, t in enumerate(took)]
        if not cancel:
            # The last player in bidding order takes what is left.
            took[hand.dealer] = hand.cards - sum(t for s, t in enumerate(took) if s != hand.dealer and t is not None)
        if took[hand.dealer] < 0:
            flash(f"The tricks add up to more than the {hand.cards} cards: "
                  f"{hand.cards - took[hand.dealer]} without {loaded.players[hand.dealer]}.", "error")
            return redirect(url_for("table.tricks", game_id=game_id))
        record = copy.deepcopy(game["record"])
        raw = record["hands"][-1]
        raw["tricks"] = took
        penalty = _penalty(form, loaded.rules.system.lowest_wins)
        if penalty:
            raw.setdefault("penalties", []).append(penalty)
        if save(game, "tricks", {"hand": len(record["hands"]) - 1, "tricks": took, "penalty": penalty}, record):
            if loaded.rules.bidding == "cooperative":
                _dealt_again(record, hand, took)
            return redirect(url_for("table.sheet", game_id=game_id))
        return redirect(url_for("table.tricks", game_id=game_id))
    order = rules.bidding_order(hand.dealer, n, hand.out)
    return render_template("game/tricks.html", game=game, loaded=loaded, hand=hand, form=form, order=order,
                           cancel=cancel, announcement=rules.announcement(hand.cards, hand.bids),
                           by=rules.over_under_by(hand.cards, hand.bids), symbols=rules.SYMBOLS,
                           number=len(loaded.hands))


# Rendered sheet pages by (game id, revision, editor, host): a revision never changes once written,
# so the page is rendered once; only the CSRF token differs per visitor and is put in afterwards.
_SHEETS = OrderedDict()
SHEET_CACHE_SIZE = 256
CSRF_SLOT = "\x00csrf\x00"


def render_sheet(game_id, editor, csrf):
    """Render the whole sheet page of a game."""
    game, loaded = load_game(game_id)
    page = render_template("game/sheet.html", game=game, loaded=loaded, scored=rules.score(loaded),
                           editor=editor, step=step(loaded),
                           upcoming=rules.next_hand(loaded, out=rules.out_for_next_hand(game["record"])),
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
    # The share links name the host the phone used, so the host is part of the key.
    page = _SHEETS.get((game_id, game["revision"], editor, request.host))
    if page is None:
        revision, page = render_sheet(game_id, editor, CSRF_SLOT)
        _SHEETS[(game_id, revision, editor, request.host)] = page
        while len(_SHEETS) > SHEET_CACHE_SIZE:
            _SHEETS.popitem(last=False)
    return page.replace(CSRF_SLOT, token)


@bp.get("/games/<game_id>/revision")
def revision(game_id):
    """Return the game's revision, for followers to notice a change without scoring the game."""
    game = store.get_game_head(store.get_db(), game_id)
    if game is None:
        return {"error": f"no game {game_id!r}", "field": "id"}, 404
    response = make_response({"id": game_id, "revision": game["revision"], "status": game["status"]})
    response.headers["Cache-Control"] = "no-store"
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

def _table_change(record, loaded, form):
    """Return the record after the change the form asks for; ValueError says what to fix."""
    action = form.action.data
    if action == "arrive":
        scored = rules.score(loaded)
        total = float(form.total.data) if form.total.data is not None else None
        start = rules.starting_total(scored["totals"], rules.table_state(record)["left"], form.start.data, total,
                                     scored["lowest_wins"])
        return rules.add_player(record, form.name.data, start), f"{form.name.data.strip()} joins with {start:g}."
    if action in ("leave", "sit_out", "sit_in"):
        seat = form.seat.data
        name = loaded.players[seat] if seat is not None and 0 <= seat < len(loaded.players) else "?"
        if action == "leave":
            return rules.leave(record, seat), f"{name} has left: out of every further hand."
        if action == "sit_out":
            return rules.sit_out(record, seat), f"{name} sits out the next hand."
        return rules.sit_out(record, seat, out=False), f"{name} plays the next hand."
    if action in rules.PLAN_CHANGES:
        return _plan_change(record, loaded, action, form), "The plan of hands is changed."
    raise ValueError("choose what changes at the table")


def _plan_change(record, loaded, change, form):
    """Return the record with the plan of hands changed by the engine."""
    if current_hand(loaded) is not None:
        raise ValueError("a hand is being played: finish it (or undo the deal) before changing the plan")
    position = form.position.data - 1 if form.position.data is not None else None
    if change in ("insert", "resize") and form.cards.data is None:
        raise ValueError("enter the number of cards")
    new = copy.deepcopy(record)
    new.setdefault("rules", {})["deals"] = rules.changed_deals(loaded, change, position, form.cards.data)
    return new


@bp.route("/games/<game_id>/table", methods=["GET", "POST"])
def table_changes(game_id):
    """Change the table: someone arrives late, leaves or sits out; change the plan of hands."""
    game, loaded = load_game(game_id)
    require_edit(game)
    form = TableForm(revision=game["revision"])
    if request.method == "POST":
        if checked(form, game):
            try:
                record, done = _table_change(game["record"], loaded, form)
            except ValueError as error:
                message = str(error)
                flash(message[0].upper() + message[1:] + ("" if message.endswith(".") else "."), "error")
            else:
                kind = "plan" if form.action.data in rules.PLAN_CHANGES else "table"
                if save(game, kind, {"action": form.action.data, "seat": form.seat.data, "name": form.name.data,
                                     "position": form.position.data, "cards": form.cards.data}, record):
                    flash(done, "info")
        panel = "plan" if form.action.data in rules.PLAN_CHANGES else "arrive" if form.action.data == "arrive" else None
        return redirect(url_for("table.table_changes", game_id=game_id, open=panel))
    state = rules.table_state(game["record"])
    plan = loaded.plan()
    done = rules.completed_hands(loaded)
    scored = rules.score(loaded)
    totals = scored["totals"]
    return render_template("game/table.html", game=game, loaded=loaded, form=form, state=state,
                           joining={j["seat"]: j["total"] for j in state["joining"]}, plan=plan, done=done,
                           in_progress=current_hand(loaded) is not None, totals=totals,
                           lowest=rules.starting_total(totals, state["left"], "lowest",
                                                       lowest_wins=scored["lowest_wins"]),
                           upcoming=rules.next_hand(loaded, out=rules.out_for_next_hand(game["record"])))


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
    return go_on(game_id)


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
    if request.method == "POST":
        if not checked(form, game):
            return redirect(url_for("table.edit_hand", game_id=game_id, number=number))
        record = copy.deepcopy(game["record"])
        new = record["hands"][number - 1]
        out = set(raw.get("out") or [])
        new["bids"] = [None if s in out else getattr(form, f"bid_{s}").data for s in range(n)]
        new["tricks"] = [None if s in out else getattr(form, f"took_{s}").data
                         if getattr(form, f"took_{s}").data is not None else raw["tricks"][s] for s in range(n)]
        if form.trump.data:
            new["trump"] = form.trump.data
        else:
            new.pop("trump", None)
        kept = [p for i, p in enumerate(raw.get("penalties") or []) if not getattr(form, f"drop_penalty_{i}").data]
        penalty = _penalty(form, loaded.rules.system.lowest_wins)
        kept += [penalty] if penalty else []
        if kept or "penalties" in new:
            new["penalties"] = kept
        if save(game, "edit", {"hand": number - 1, "before": raw, "after": new}, record):
            flash(f"Hand {number} corrected; the totals after it are rescored.", "info")
            return redirect(url_for("table.sheet", game_id=game_id))
        return redirect(url_for("table.edit_hand", game_id=game_id, number=number))
    return render_template("game/edit.html", game=game, loaded=loaded, form=form, number=number, raw=raw,
                           penalties=raw.get("penalties") or [], out=raw.get("out") or [])


@bp.get("/games/<game_id>/history")
def history(game_id):
    """List every action recorded for the game, undone ones and earlier versions included."""
    game, loaded = load_game(game_id)
    return render_template("game/history.html", game=game, loaded=loaded,
                           log=store.events(store.get_db(), game_id))


@bp.post("/games/<game_id>/again")
def again(game_id):
    """Start a new game at the same table with the first dealer passed left."""
    game, loaded = load_game(game_id)
    require_edit(game)
    if not checked(RevisionForm(), game):
        return redirect(url_for("table.over", game_id=game_id))
    record = copy.deepcopy(game["record"])
    record["hands"] = []
    record.setdefault("rules", {})["first_dealer"] = (loaded.rules.first_dealer + 1) % len(loaded.players)
    return start_game(record, store.evening_of(store.get_db(), game_id))


@bp.get("/games/<game_id>/claim/<key>")
def claim(game_id, key):
    """Take over the scorekeeping with the edit link."""
    game, _loaded = load_game(game_id)
    if not store.may_edit(game, key):
        abort(403, "That edit link is wrong; ask the scorekeeper for a new one.")
    response = make_response(redirect(url_for("table.play", game_id=game_id)))
    response.set_cookie(cookie_name(game_id), key, max_age=EDIT_COOKIE_AGE, httponly=True, samesite="Lax")
    return response


@bp.app_errorhandler(403)
@bp.app_errorhandler(404)
@bp.app_errorhandler(400)
@bp.app_errorhandler(405)
def error_page(error):
    """Explain a refused or unknown page without a stack trace."""
    if request.path.startswith("/api/"):
        return {"error": error.description, "field": None}, error.code
    return render_template("error.html", error=error), error.code


@bp.app_errorhandler(500)
def server_error(error):
    """Say that something failed on our side, and that what was recorded is safe (every write is atomic)."""
    message = ("Something went wrong on our side. Everything recorded before this is safe; "
               "go back to the game and try again.")
    if request.path.startswith("/api/"):
        return {"error": message, "field": None}, 500
    return render_template("error.html", error={"code": 500, "name": "Sorry", "description": message}), 500
