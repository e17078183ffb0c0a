"""Record each hand on the scorekeeper's phone: the deal, the bids, the trump, the tricks."""

from flask import flash, redirect, render_template, request, url_for

from ... import rules
from scorekeeper.web.forms import BidForm, TrumpForm, bids_form, tricks_form
from ...rules import actions
from ...rules.bids import bidding
from ...rules.game import numbers
from ...rules.actions import current_hand
from scorekeeper.text.display import bid_messages, trump_symbols
from ...text.words import _
from scorekeeper.web.edit_keys import require_edit
from scorekeeper.web.navigation import load_game, moved_on, open_step, screen
from scorekeeper.web.writes import checked, form_refusal, penalty_from, refused
from . import bp
from .writes import penalties, save, tap


@bp.route("/games/<game_id>/deal", methods=["GET", "POST"])
def deal(game_id):
    """Start the next hand: the dealer, the cards and the trump."""
    game, loaded = open_step(game_id, "deal")
    upcoming = actions.upcoming(loaded)
    if upcoming is None:
        flash(_("At least 2 players must be dealt in: let someone back in on the Table screen."), "error")
        return redirect(url_for("table.table_changes", game_id=game_id))
    form = TrumpForm(revision=game["revision"], cards=upcoming["cards"])
    if request.method == "POST":
        answer = checked(form, game) and save(
            game, loaded, "deal", cards=form.cards.data, trump=form.trump.data or None
        )
        return screen(game_id, step=answer["step"] if answer else None)
    state = rules.table_state(game["record"])
    return render_template(
        "table/deal.html",
        game=game,
        loaded=loaded,
        upcoming=upcoming,
        form=form,
        ask_trump=upcoming["trump"] is None and not actions.asks_trump_after_bids(loaded),
        symbols=trump_symbols(),
        out=upcoming["out"],
        left=state["left"],
        joining={join["seat"]: join["total"] for join in state["joining"]},
        planned_number=rules.completed_hands(loaded) + 1,
    )


@bp.route("/games/<game_id>/bids", methods=["GET", "POST"])
def bids(game_id):
    """Record the bids in order; the dealer's forbidden bid is struck out."""
    game, loaded = load_game(game_id)
    require_edit(game)
    hand = current_hand(loaded)
    if hand is None:
        return moved_on(game_id, loaded)
    if actions.bids_all_at_once(loaded):
        if rules.step(loaded) != "bids":  # revealed already (from another phone): where the table is now
            return moved_on(game_id, loaded)
        return bids_together(game, loaded, hand)
    form = BidForm(revision=game["revision"])
    if request.method == "POST":
        if not checked(form, game):
            return redirect(url_for("table.bids", game_id=game_id))
        seat = form.seat.data
        answer = save(game, loaded, "bid", seat=seat, bid=form.bid.data, blind=form.blind.data)
        if answer:
            return screen(game_id, step=answer["step"])
        # Back to the same player (blind again if asked); the screen falls back to whoever bids next.
        return redirect(url_for("table.bids", game_id=game_id, seat=seat, blind=1 if form.blind.data else None))
    offers = actions.blind_offers(loaded)
    asked = numbers.whole_or(request.args.get("seat", ""), None)
    state = rules.bid_state(loaded, hand, asked, blind=request.args.get("blind") == "1" and asked in offers)
    if state.seat is None:
        return screen(game_id, loaded)
    return render_template(
        "table/bids.html",
        game=game,
        loaded=loaded,
        hand=hand,
        form=form,
        state=state,
        offers=offers,
        symbols=trump_symbols(),
        **hand_numbers(loaded),
    )


def bids_together(game, loaded, hand):
    """Record every bid of the hand at once: simultaneous (no hook) or cooperative (they sum to the cards)."""
    order = rules.bid_state(loaded, hand).order
    form = bids_form(order)(revision=game["revision"], **{f"bid_{s}": hand.bids[s] or 0 for s in order})
    page = dict(
        game=game,
        loaded=loaded,
        hand=hand,
        form=form,
        order=order,
        offers=actions.blind_offers(loaded),
        cooperative=loaded.rules.style.bids_must_sum_to_cards,
        symbols=trump_symbols(),
        words=bid_messages(("over", "under", "even")),
        **hand_numbers(loaded),
    )
    if request.method == "POST":
        problem = form_refusal(form, game)
        if problem is None:
            chosen = {s: getattr(form, f"bid_{s}").data for s in order}
            blind = [s for s in order if getattr(form, f"blind_{s}").data]
            answer, problem = tap(
                game, loaded, "reveal", bids={str(s): bid for s, bid in chosen.items()}, blinds=blind or None
            )
            if answer:
                return screen(game["id"], step=answer["step"])
        return refused("table/bids_all.html", problem, page)
    return render_template("table/bids_all.html", **page)


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
        answer = checked(form, game) and save(game, loaded, "trump", trump=form.trump.data)
        return screen(game_id, step=answer["step"] if answer else None)
    namer = rules.trump_namer(hand.dealer, hand.bids, hand.out)
    return render_template(
        "table/trump.html",
        game=game,
        loaded=loaded,
        hand=hand,
        form=form,
        namer=loaded.players[namer],
        symbols=trump_symbols(),
        announcement=rules.announcement(hand.cards, hand.bids),
        announced=bidding.announcement_text(hand.cards, hand.bids),
        **hand_numbers(loaded),
    )


@bp.route("/games/<game_id>/tricks", methods=["GET", "POST"])
def tricks(game_id):
    """Record the tricks, pre-filled with the bids; the dealer's count follows from the others."""
    game, loaded = open_step(game_id, "tricks")
    hand = current_hand(loaded)
    n = len(loaded.players)
    form = tricks_form(loaded.players, loaded.rules.system.id)(
        revision=game["revision"], **{f"took_{s}": hand.bids[s] for s in range(n)}
    )
    page = dict(
        game=game,
        loaded=loaded,
        hand=hand,
        form=form,
        order=rules.bidding_order(hand.dealer, n, hand.out),
        cancel=loaded.rules.tricks_may_fall_short,
        announcement=rules.announcement(hand.cards, hand.bids),
        announced=bidding.announcement_text(hand.cards, hand.bids),
        symbols=trump_symbols(),
        **hand_numbers(loaded),
    )
    if request.method == "POST":
        problem = form_refusal(form, game)
        if problem is None:
            took = [getattr(form, f"took_{s}").data for s in range(n)]
            answer, problem = tap(game, loaded, "tricks", tricks=took, penalties=penalties(penalty_from(form)))
            if answer:  # the last hand recorded opens the results; any other, the sheet
                after = "table.over" if answer["step"] == "over" else "table.sheet"
                return redirect(url_for(after, game_id=game_id))
        return refused("table/tricks.html", problem, page)
    return render_template("table/tricks.html", **page)


# Rendered sheet pages by (game id, revision, editor): a revision never changes once written,
# so the page is rendered once; the CSRF token and the host of the share links differ per
# visitor and are put in afterwards. Bounded in bytes; the Host header is never part of a key.
