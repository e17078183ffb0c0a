"""The table changes: someone arrives, leaves, sits out or in, and the plan of hands still to come."""

import copy

from ..game import table
from ..game.plan import PLAN_CHANGES, changed_deals, undealable
from ..game.record import RecordError, load
from ..scoring.scored import score
from ..game.steps import as_game, current_hand
from ..said import Number, said
from .outcome import changed, done


def _table_payload(action, seat=None, name=None, position=None, cards=None):
    return {"action": action, "seat": seat, "name": name, "position": position, "cards": cards}


def _seat_name(game, seat):
    return game.players[seat] if isinstance(seat, int) and 0 <= seat < len(game.players) else "?"


def arrive(game, name, start="zero", total=None):
    """Seat a late arrival in the last seat, starting at zero, the last place's total or `total`."""
    game = as_game(game)
    scored = score(game)
    left = table.table_state(game.record)["left"]
    if total is not None:
        try:
            total = float(total)
        except (TypeError, ValueError):
            raise RecordError("table", said("Enter the starting total as a number.")) from None
    totals = table.standing_totals(game.record, scored["totals"])  # a newcomer still waiting counts at their start
    start_total = changed(table.starting_total, totals, left, start, total, scored["lowest_wins"])
    record = changed(table.add_player, game.record, name, start_total)
    name = record["players"][-1]  # as it is kept (rules.game.names)
    trouble = undealable(load(record))
    if trouble:  # the plan was made for fewer players: say so at once, the Table tab offers the choice
        message = said(
            "%(name)s joins with %(total)s. The deck cannot deal the plan's hands of %(size)s: choose on the "
            "Table tab.",
            name=name,
            total=Number(start_total),
            size=max(trouble["sizes"]),
        )
    else:
        message = said("%(name)s joins with %(total)s.", name=name, total=Number(start_total))
    return done(record, message, "table", _table_payload("arrive", name=name))


def leave(game, seat):
    """Take a player out of every further hand."""
    game = as_game(game)
    record = changed(table.leave, game.record, seat)
    return done(
        record,
        said("%(name)s has left: out of every further hand.", name=_seat_name(game, seat)),
        "table",
        _table_payload("leave", seat=seat),
    )


def sit_out(game, seat):
    """Let a player sit out the next hand."""
    game = as_game(game)
    record = changed(table.sit_out, game.record, seat)
    return done(
        record,
        said("%(name)s sits out the next hand.", name=_seat_name(game, seat)),
        "table",
        _table_payload("sit_out", seat=seat),
    )


def sit_in(game, seat):
    """Let a player who was to sit out play the next hand after all."""
    game = as_game(game)
    record = changed(table.sit_out, game.record, seat, False)
    return done(
        record,
        said("%(name)s plays the next hand.", name=_seat_name(game, seat)),
        "table",
        _table_payload("sit_in", seat=seat),
    )


def change_plan(game, change, position=None, cards=None):
    """Insert, resize or skip a hand still to come (`position` counts from 1), or cut the game short."""
    game = as_game(game)
    if current_hand(game) is not None and change != "cut":  # ending after the hand in play keeps that hand
        raise RecordError(
            "table", said("A hand is being played: finish it (or undo the deal) before changing the plan.")
        )
    if change in ("insert", "resize") and cards is None:
        raise RecordError("table", said("Enter the number of cards."))
    index = position - 1 if position is not None else None
    deals = changed(changed_deals, game, change, index, cards)
    record = copy.deepcopy(game.record)
    record.setdefault("rules", {})["deals"] = deals
    return done(
        record, said("The plan of hands is changed."), "plan", _table_payload(change, position=position, cards=cards)
    )


def table_change(game, action, seat=None, name=None, start="zero", total=None, position=None, cards=None):
    """Make the change the Table screen asks for: arrive, leave, sit_out, sit_in, or a plan change."""
    found = BY_ACTION.get(action)
    if found is None:
        raise RecordError("table", said("Choose what changes at the table."))
    function, takes = found
    fields = {
        "change": action,
        "seat": seat,
        "name": name,
        "start": start,
        "total": total,
        "position": position,
        "cards": cards,
    }
    outcome = function(game, *(fields[field] for field in takes))
    kind, _payload = outcome.entry
    return outcome._replace(entry=(kind, _table_payload(action, seat, name, position, cards)))


# Each change the Table screen asks for: the action that makes it, and which of the screen's fields it takes.
BY_ACTION = {
    "arrive": (arrive, ("name", "start", "total")),
    "leave": (leave, ("seat",)),
    "sit_out": (sit_out, ("seat",)),
    "sit_in": (sit_in, ("seat",)),
} | {change: (change_plan, ("change", "position", "cards")) for change in PLAN_CHANGES}
TABLE_CHANGES = tuple(BY_ACTION)
