"""What an action changed: the algebra of a game's history, in pure Python (no Flask, no SQLite).

A history entry keeps the change an action made to the game record, not a copy of it:
{"keys": [top-level keys that differ], "before": {their old values}, "after": {their new values},
 "hands": {"at": i, "before": [old hands], "after": [new hands]}}. `diff` works a change out,
`apply` makes it (or takes it back: that is undo), `replay` checks a whole exported history.
"""

from .record import RecordError, load

ENTRY_FIELDS = ("seq", "revision", "kind", "payload", "change", "undone", "created")

_MISSING = object()


def diff(before, after):
    """Return what changed from record before to record after.

    The hands are the one run that differs, so a bid or a new hand stores one hand, not the game.
    A key missing on one side is missing from that side's values.
    """
    change = {}
    old, new = before.get("hands", _MISSING), after.get("hands", _MISSING)
    spliced = isinstance(old, list) and isinstance(new, list)
    keys = [
        key
        for key in dict.fromkeys([*before, *after])
        if (key != "hands" or not spliced) and before.get(key, _MISSING) != after.get(key, _MISSING)
    ]
    if keys:
        change.update(
            keys=keys,
            before={k: before[k] for k in keys if k in before},
            after={k: after[k] for k in keys if k in after},
        )
    if spliced and old != new:
        start = 0
        # A hand shared by both records (an action copies only what it changes) is equal at once.
        while start < min(len(old), len(new)) and (old[start] is new[start] or old[start] == new[start]):
            start += 1
        end = 0
        while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
            end += 1
        change["hands"] = {"at": start, "before": old[start : len(old) - end], "after": new[start : len(new) - end]}
    return change


def apply(record, change, forward=True):
    """Return record with change applied (forward) or taken back (not forward); record is not changed."""
    side, other = ("after", "before") if forward else ("before", "after")
    record = dict(record)
    for key in change.get("keys", []):
        if key in change[side]:
            record[key] = change[side][key]
        else:
            record.pop(key, None)
    if "hands" in change:
        run = change["hands"]
        hands = list(record["hands"])
        hands[run["at"] : run["at"] + len(run[other])] = run[side]
        record["hands"] = hands
    return record


def replay(history):
    """Return the record a history of events ends with, or raise ValueError saying which event is wrong.

    Every event's change must lead from the record before it to a record rules.load accepts, and
    back again (undo applies a change backwards), numbered 1, 2, 3... as the store writes them.
    """
    record = {}
    for index, event in enumerate(history):
        where = f"history[{index}]"
        if not isinstance(event, dict) or set(event) != set(ENTRY_FIELDS):
            raise ValueError(f"{where}: must be an event with {', '.join(ENTRY_FIELDS)}")
        if (
            event["seq"] != index + 1
            or event["revision"] != index + 1
            or event["undone"] not in (0, 1)
            or not isinstance(event["kind"], str)
            or not isinstance(event["created"], (str, type(None)))
            or not isinstance(event["change"], dict)
        ):
            raise ValueError(f"{where}: is not an event as the store writes it (numbered in order, 1, 2, 3...)")
        try:
            after = apply(record, event["change"])
            undone = apply(after, event["change"], forward=False)
        except Exception:  # a change that does not fit the record: any shape can arrive in a file
            raise ValueError(f"{where}.change: does not apply to the record before it") from None
        if undone != record:
            raise ValueError(f"{where}.change: taken back, it does not give the record before it")
        try:
            load(after)
        except RecordError as error:
            raise ValueError(f"{where}: leads to a record that breaks the rules ({error})") from None
        record = after
    return record
