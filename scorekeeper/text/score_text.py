"""A scored game as text for the terminal: `python -m scorekeeper score GAME.json [--compare]`."""

from scorekeeper import rules
from scorekeeper.text import sentences


def _number(value):
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _cell(hand, seat):
    """One player's cell of a hand: bid/took, the score and the running total; * marks a miss."""
    bid = hand["bids"][seat]
    if hand["scores"] is None:
        return "-" if bid is None else f"{bid}/-"
    mark = "" if hand["made"][seat] else "*"
    return f"{bid}/{hand['tricks'][seat]}{mark} {_number(hand['scores'][seat])} = {_number(hand['totals'][seat])}"


def _columns(rows):
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.rjust(w) if i != 2 else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
        for row in rows
    ]


def format_table(scored):
    """Return the scored game as a table for the terminal."""
    names = scored["players"]
    rows = [["#", "cards", "dealer", "trump", *names]]
    for hand in scored["hands"]:
        rows.append(
            [
                str(hand["number"]),
                str(hand["cards"]),
                names[hand["dealer"]],
                hand["trump"] or "?",
                *(_cell(hand, seat) for seat in range(len(names))),
            ]
        )
    rows.append(["", "", "total", "", *(_number(t) for t in scored["totals"])])
    table = _columns(rows)
    rule = "-" * len(table[0])
    lowest = ", lowest total wins" if scored["lowest_wins"] else ""
    lines = [
        f"{rules.SYSTEMS.find(scored['system']).title(scored['options'])} ({scored['system']}){lowest}",
        table[0],
        rule,
        *table[1:-1],
        rule,
        table[-1],
        "",
        "cell: bid/took score = running total; * marks a missed bid",
    ]
    lines.append(sentences.standing_text(scored))
    if sentences.tie_text(scored):
        lines.append(sentences.tie_text(scored))
    if sentences.loser_text(scored):
        lines.append(sentences.loser_text(scored))
    settlement = scored["settlement"]
    if rules.SETTLEMENTS.find(settlement["method"]).moves_money:
        lines.append(f"Settlement ({settlement['method']}, stake {settlement['stake']:g}):")
        lines += [f"  {sentences.payment_text(payment)}" for payment in settlement["payments"]]
        if not settlement["payments"]:
            lines.append("  nobody owes anything")
        if sentences.pot_text(settlement):
            lines.append(f"  {sentences.pot_text(settlement)}")
    return "\n".join(lines)


def format_compare(game):
    """Return the totals of the game under every system, side by side."""
    names = game.players
    width = max(8, *(len(name) for name in names))
    lines = [f"{'system':<26}" + "".join(f" {n:>{width}}" for n in names) + "  winner"]
    for system in rules.SYSTEMS:
        scored = rules.score(game, system=system)
        marker = " (low)" if system.lowest_wins else ""
        lines.append(
            f"{system.id:<26}"
            + "".join(f" {_number(t):>{width}}" for t in scored["totals"])
            + f"  {', '.join(scored['winner'])}{marker}"
        )
    return "\n".join(lines)
