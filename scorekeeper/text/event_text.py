"""A scored event as text for the terminal: `python -m scorekeeper event EVENT.json`."""

from scorekeeper.text.words import money as say_money, ordinal, percent
from scorekeeper.text.event_results import how_out, order_explained, reached


def _number(value):
    return "-" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _columns(rows, left=1):
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(w) if i < left else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
        for row in rows
    ]


def _table_lines(number, table):
    state = (
        "finished"
        if table["finished"]
        else f"hand {table['hands_played']} of {table.get('planned_hands', '?')}"
        if table["started"]
        else "not started"
    )
    game = f", game {table['game']}" if table["game"] is not None else ""
    lines = [f"  Table {number} ({state}{game})"]
    rows = []
    for seat, name in enumerate(table["seats"]):
        if table["totals"] is None:
            rows.append([f"    {name}", "", "", ""])
        else:
            rows.append(
                [
                    f"    {name}",
                    _number(table["totals"][seat]),
                    ordinal(table["places"][seat]),
                    f"{_number(table['points'][seat])} pts",
                ]
            )
    return lines + _columns(rows)


def format_event(scored):
    """Return the scored event as text: each round's tables, who went on, the tie-breaks, the standings,
    the next round's draw and the champion."""
    title = scored["name"] or "Event"
    lines = [
        f"{title}: {scored['format_name']} ({scored['format']}), {len(scored['players'])} players, "
        f"seed {scored['seed']}"
    ]
    for rnd in scored["rounds"]:
        kind = "final" if rnd["final"] else f"{len(rnd['tables'])} tables"
        lines += ["", f"Round {rnd['number']} ({kind}){'' if rnd['complete'] else ', being played'}"]
        for number, table in enumerate(rnd["tables"], start=1):
            lines += _table_lines(number, table)
        if rnd["advanced"]:
            lines.append(f"  Go on: {', '.join(rnd['advanced'])}")
        if rnd["eliminated"]:
            lines.append(f"  Out: {', '.join(rnd['eliminated'])}")
        if rnd["withdrawn"]:
            lines.append(f"  Withdrawn: {', '.join(rnd['withdrawn'])}")
        lines += [f"  Tie: {tie['text']}" for tie in rnd["ties"]]
    if any(table["finished"] for rnd in scored["rounds"] for table in rnd["tables"]):
        rows = [["", "player", "points", "total", "bids made"]]
        rows += [
            [str(place), row["player"], _number(row["points"]), _number(row["total"]), str(row["bids_made"])]
            for place, row in enumerate(scored["standings"], start=1)
        ]
        lines += [
            "",
            "Standings (placement points, finished tables)",
            *("  " + line for line in _columns(rows, left=2)),
        ]
    upcoming = scored["next"]
    if upcoming:
        kind = "the final" if upcoming["final"] else f"{len(upcoming['tables'])} tables"
        lines += ["", f"Next: round {upcoming['number']} ({kind}), drawn from the seed"]
        lines += [
            f"  Table {number}: {', '.join(table['seats'])}" for number, table in enumerate(upcoming["tables"], start=1)
        ]
    apart = [entry["player"] for entry in scored["withdrawn"] if not entry.get("entrant")]
    if apart:
        lines += ["", f"Withdrawn before play (not entrants): {', '.join(apart)}"]
    if scored.get("results"):
        rows = [["", "player", "round reached", ""]]
        rows += [
            [str(row["place"]), row["player"], reached(scored, row), how_out(scored, row)] for row in scored["results"]
        ]
        lines += [
            "",
            "Final results (by the round reached)",
            f"  {order_explained(scored)}",
            *("  " + line for line in _columns(rows, left=4)),
        ]
    if scored.get("notes"):
        lines += ["", "Notes", *(f"  {note['text']}" for note in scored["notes"])]
    if scored["champion"]:
        lines += ["", f"Champion: {scored['champion']}"]
    if scored.get("money"):
        lines += ["", *_money_lines(scored["money"])]
    return "\n".join(lines)


def _money_lines(money):
    """The event's money: the pot, the charity's share, the payouts and who has paid."""
    currency = money["currency"]
    lines = [
        "Money",
        f"  Pot: {say_money(money['pot'], currency)} ({money['entrants']} x {say_money(money['entry_fee'], currency)})",
    ]
    if money["charity"]:
        charity = money["charity"]
        lines.append(
            f"  To {charity['cause'] or 'charity'}: {say_money(charity['amount'], currency)} "
            f"({percent(charity['percent'])} of the pot)"
        )
    rows = [
        [f"  {ordinal(prize['place'])}", prize["player"] or "-", say_money(prize["amount"], currency)]
        for prize in money["prizes"]
    ]
    lines += _columns(rows, left=2) if rows else ["  No prizes."]
    lines.append(
        f"  Entry fee paid: {len(money['paid'])} of {money['entrants']}"
        + (f"; not paid yet: {', '.join(money['unpaid'])}" if money["unpaid"] else "")
    )
    return lines
