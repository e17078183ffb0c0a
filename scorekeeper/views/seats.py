"""Every player may bid from their own phone: seat links, the seat's own page, and the reveal.

A seat link holds a seat key (as strong as the edit key): it lets that phone enter its own bid only,
in its turn, or with bids all at once before the reveal; then the bid stays sealed, the others see
only who has bid, until the scorekeeper reveals the bids or the last one is in. Writes go through
the same path as the actions API (`taps.perform`), so a seat's tap is applied once.
"""

import secrets

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for

from scorekeeper import rules, store, taps
from scorekeeper.taps.body import Refused
from scorekeeper.web.forms import RevisionForm, csrf_failed
from scorekeeper.text.display import trump_symbols
from ..rules.game import numbers
from ..rules.bids import sealed
from ..text.words import _, lazy_gettext, word
from scorekeeper.web.edit_keys import require_edit
from scorekeeper.web.keys import SEAT
from scorekeeper.web.navigation import load_game
from scorekeeper.web.refusals import EXPIRED
from scorekeeper.web.template_globals import seat_links

bp = Blueprint("seats", __name__)

NOT_YOURS = lazy_gettext("This phone holds no seat link for this game (or the scorekeeper withdrew it).")


def _checked(form):
    if not form.validate():
        abort(400, EXPIRED)


@bp.route("/games/<game_id>/seats", methods=["GET", "POST"])
def offer(game_id):
    """Offer a seat link per player, after a confirmation; show their QR codes (the scorekeeper only)."""
    game, loaded = load_game(game_id)
    require_edit(game)
    form = RevisionForm(revision=game["revision"])
    if request.method == "POST":
        _checked(form)
        left = set(rules.table_state(game["record"])["left"])
        store.make_seat_keys(store.get_db(), game_id, [s for s in range(len(loaded.players)) if s not in left])
        return redirect(url_for("seats.offer", game_id=game_id))
    return render_template("seats/seats.html", game=game, loaded=loaded, form=form, links=seat_links(game))


@bp.post("/games/<game_id>/seats/withdraw")
def withdraw(game_id):
    """Withdraw every seat link: those phones write nothing from now on."""
    game, _loaded = load_game(game_id)
    require_edit(game)
    _checked(RevisionForm())
    store.withdraw_seat_keys(store.get_db(), game_id)
    flash(_("The seat links are withdrawn: those phones can no longer bid."), "info")
    return redirect(url_for("seats.offer", game_id=game_id))


@bp.get("/games/<game_id>/seat/<key>")
def take_seat(game_id, key):
    """Open a seat link: this phone bids for that seat from now on."""
    load_game(game_id)
    if store.seat_of_key(store.get_db(), game_id, key) is None:
        abort(403, _("That seat link is wrong or was withdrawn; ask the scorekeeper for a new one."))
    response = make_response(redirect(url_for("seats.mine", game_id=game_id)))
    return SEAT.give(response, key, game_id)


def _my_seat(game_id):
    return store.seat_of_key(store.get_db(), game_id, SEAT.held(game_id))


@bp.route("/games/<game_id>/mine", methods=["GET", "POST"])
def mine(game_id):
    """The seat's own phone: the hand as the table sees it, and this player's bid when it is their turn."""
    game, loaded = load_game(game_id)
    seat = _my_seat(game_id)
    if seat is None:
        abort(403, NOT_YOURS)
    form = RevisionForm(revision=game["revision"])
    if request.method == "POST":
        if not form.validate():
            flash(
                _("This page was open too long; reload it and bid again.")
                if csrf_failed(form)
                else _("Please tap a bid."),
                "error",
            )
            return redirect(url_for("seats.mine", game_id=game_id))
        _bid_from_seat(game_id, seat, form)
        return redirect(url_for("seats.mine", game_id=game_id))
    return render_template(
        "seats/mine.html",
        **_seat_view(game, loaded, seat),
        form=form,
        tap_id=secrets.token_urlsafe(12),
        follow_tag=store.follow_tag(store.get_game_head(store.get_db(), game_id)),
        follow_next=url_for("seats.mine_next", game_id=game_id),
    )


@bp.get("/games/<game_id>/mine/next")
def mine_next(game_id):
    """Follow the table to its next game: this phone takes the same player's seat there, if offered."""
    db = store.get_db()
    head = store.get_game_head(db, game_id)
    if head is None:
        abort(404)
    if not head["next_game"]:
        return redirect(url_for("seats.mine", game_id=game_id))
    seat = _my_seat(game_id)
    next_id = head["next_game"]
    _game, loaded = load_game(game_id)
    _next, following = load_game(next_id)
    name = loaded.players[seat] if seat is not None and seat < len(loaded.players) else None
    keys = store.seat_keys(db, next_id)
    key = keys.get(following.players.index(name)) if name in following.players else None
    if key is None:  # no seat link for this player there: follow the next game read-only
        return redirect(url_for("table.play", game_id=next_id))
    return take_seat(next_id, key)


def _bid_from_seat(game_id, seat, form):
    """Send the tapped bid through the actions path; flash what the table should know."""
    try:
        body = {
            "id": request.form.get("tap", ""),
            "revision": numbers.whole_or(form.revision.data or "", 0),
            "hand": numbers.whole_or(request.form.get("hand", ""), 0),
            "action": "bid",
            "seat": seat,
            "bid": numbers.parse_whole(request.form.get("bid", ""), 0),
        }
    except numbers.NumberError:
        flash(_("Please tap a bid."), "error")
        return
    try:
        status, answer = taps.perform(game_id, body, seat)
    except Refused as refused:
        flash(word(refused.message), "error")
        return
    if status != 200:
        flash(answer["error"], "error")
    elif answer.get("message"):
        flash(answer["message"], "info")


def _seat_view(game, loaded, seat):
    """What the seat's page shows: the hand, who has bid, and whether (and what) this seat may bid now."""
    hand = rules.actions.current_hand(loaded)
    view = {
        "game": game,
        "loaded": loaded,
        "seat": seat,
        "hand": hand,
        "step": rules.step(loaded),
        "symbols": trump_symbols(),
        "number": len(loaded.hands),
        "upcoming": rules.actions.upcoming(loaded) if hand is None else None,
    }
    if hand is None:
        return view | {"may_bid": False}
    together = rules.actions.bids_all_at_once(loaded)
    hidden = sealed.sealed_seats(loaded)
    state = rules.bid_state(loaded, hand, seat)
    bidding_open = view["step"] == "bids"
    # In turn, a seat's phone bids only in its turn (changes go through the scorekeeper); all at once, until revealed.
    may_bid = bidding_open and state.seat == seat and (together or state.turn == seat)
    mine_sealed = None
    if seat in hidden:
        mine_sealed = store.sealed_bids(store.get_db(), game["id"], len(loaded.hands) - 1).get(seat, (None,))[0]
    return view | {
        "together": together,
        "sealed": hidden,
        "state": state,
        "may_bid": may_bid,
        "mine_sealed": mine_sealed,
        "bidding_open": bidding_open,
    }


@bp.post("/games/<game_id>/reveal")
def reveal(game_id):
    """Reveal the sealed bids together; the scorekeeper's entries fill (or change) the others."""
    game, loaded = load_game(game_id)
    require_edit(game)
    form = RevisionForm()
    _checked(form)
    hand = rules.actions.current_hand(loaded)
    entered = {}
    if hand is not None:
        hidden = set(sealed.sealed_seats(loaded))
        for seat in rules.bidding_order(hand.dealer, len(hand.bids), hand.out):
            value = request.form.get(f"bid_{seat}", "")
            if (seat not in hidden or request.form.get(f"override_{seat}")) and value.strip():
                try:
                    entered[str(seat)] = numbers.parse_whole(value, 0)
                except numbers.NumberError as error:
                    flash(
                        _("%(name)s's bid: %(error)s. Nothing was revealed.", name=loaded.players[seat], error=error),
                        "error",
                    )
                    return redirect(url_for("table.play", game_id=game_id))
    body = {
        "id": request.form.get("tap") or secrets.token_urlsafe(12),
        "revision": numbers.whole_or(form.revision.data or "", 0),
        "hand": numbers.whole_or(request.form.get("hand", ""), 0),
        "action": "reveal",
        "bids": entered,
    }
    try:
        status, answer = taps.perform(game_id, body)
    except Refused as refused:
        status, answer = refused.status, {"error": word(refused.message)}
    if status != 200:
        flash(answer["error"], "error")
    return redirect(url_for("table.play", game_id=game_id))
