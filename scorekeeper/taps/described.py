"""What is generated from the registry of actions (registry.py): the OpenAPI's `Action` schema (put in the served
document at start-up, views/api.py), the actions table of docs/api.md and the roles table of docs/security.md.

`python -m scorekeeper.taps.described` writes the docs' tables again; tests/test_action_registry.py fails while a
table differs from the registry.
"""

import copy
import json
from pathlib import Path

from . import registry
from .roles import OWN_SEAT, SCOREKEEPER

DOCS = Path(__file__).resolve().parents[2] / "docs"
BEGIN = "<!-- generated from scorekeeper/taps/registry.py ({name}): python -m scorekeeper.taps.described -->"
END = "<!-- end of the generated {name} -->"


def uses(field):
    """The actions that use a field, each with its Use."""
    return [(action, use) for action in registry.ACTIONS for use in action.fields if use.field == field]


def action_schema():
    """The OpenAPI's `Action`: every key a tap may hold, its type and bounds, and what it means to each action."""
    properties = {}
    for name, field in registry.FIELDS.items():
        schema = copy.deepcopy(field.schema)
        if name == "action":
            schema = {"enum": list(registry.BY_NAME)}
        parts = [f"{action.name}: {use.says}" for action, use in uses(name)]
        said = (". " if any(";" in part for part in parts) else "; ").join(parts)
        if said:
            schema["description"] = said
        properties[name] = schema
    return {
        "type": "object",
        "required": list(registry.ENVELOPE),
        "additionalProperties": False,
        "description": "Keys not listed are refused (422). Integers may be sent as whole floats (1.0 is read as "
        "1), as JSON Schema counts them; true and false are not numbers. Each action's own keys "
        "and which are required: docs/api.md.",
        "properties": properties,
    }


def openapi(text):
    """The API's description (the document kept beside views/api.py) with the registry's `Action` in it."""
    document = json.loads(text)
    document["components"]["schemas"]["Action"] = action_schema()
    return json.dumps(document, indent=1, ensure_ascii=False)


def actions_table():
    """docs/api.md's table of the actions: each one's step, who may send it, its fields and a worked example."""
    steps = {None: "any step of the hand the table is on", "recorded": "a finished hand"}
    rows = [
        "| action | what it does | made on | who may send it | fields (required in bold) | example |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for action in registry.ACTIONS:
        fields = ", ".join(f"**`{use.field}`**" if use.required else f"`{use.field}`" for use in action.fields)
        example = json.dumps({"action": action.name, **action.example.body}, ensure_ascii=False)
        rows.append(
            f"| `{action.name}` | {action.summary} | {steps.get(action.step, action.step)} | "
            f"{', '.join(ROLE_WORDS[role] for role in ROLE_WORDS if role in action.roles)} | {fields or '(none)'} | `{example}` |"
        )
    return "\n".join(rows)


def roles_table():
    """docs/security.md's table: which key may send which action (the actions with the same roles on one row)."""
    grouped = {}
    for action in registry.ACTIONS:
        grouped.setdefault(action.roles, []).append(action.name)
    rows = [
        "| action | scorekeeper (edit key) | own seat (seat key) | another seat's key | follower | another game's key "
        "| instance owner | no key |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for roles, names in grouped.items():
        named = ", ".join(names)
        own = f"its own seat's {named} only, in its turn" if OWN_SEAT in roles else "no (403)"
        rows.append(
            f"| {named} | {'yes' if SCOREKEEPER in roles else 'no (403)'} | {own} | "
            + " | ".join(["no (403)"] * 4)
            + " | no (401 API, 403 forms) |"
        )
    return "\n".join(rows)


ROLE_WORDS = {SCOREKEEPER: "the scorekeeper (edit key)", OWN_SEAT: "its own seat (seat key)"}
TABLES = {"api.md": ("actions table", actions_table), "security.md": ("roles table", roles_table)}


def generated(text, name, table):
    """The text with the part between the markers named `name` replaced by `table`."""
    begin, end = BEGIN.format(name=name), END.format(name=name)
    head, _begin, rest = text.partition(begin + "\n")
    _old, _end, tail = rest.partition(end)
    if not _begin or not _end:
        raise ValueError(f"the markers of the {name} are missing")
    return f"{head}{begin}\n{table}\n{end}{tail}"


if __name__ == "__main__":
    for file, (name, table) in TABLES.items():
        path = DOCS / file
        path.write_text(generated(path.read_text(encoding="utf-8"), name, table()), encoding="utf-8")
