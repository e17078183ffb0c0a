"""What templates are given besides a view's own values: the engine's registries, names, links from a game's
pages, the home page's evenings and their names, the roster, the running chart, and the filters for money and ordinals."""

from scorekeeper import rules, store
from scorekeeper.rules import presets
from scorekeeper.text import sentences
from scorekeeper.text.words import ordinal
from scorekeeper.text.charts import running_chart
from scorekeeper.text.display import ADJUSTMENTS
from scorekeeper.text.evening_names import evening_name
from scorekeeper.text.money_text import money, net


def registries():
    """Give templates the engine's registries, for names and one-line explanations, and the results' sentences."""
    return {"rules_registry": rules, "sentences": sentences, "system_title": system_title, "penalty_name": penalty_name,
            "adjustment_marks": [(kind, shown["mark"]) for kind, shown in ADJUSTMENTS.items()]}


def penalty_name(reason):
    """Return a penalty's name ('Revoke'), or the reason as recorded when the registry does not know it."""
    try:
        return rules.PENALTIES.find(reason).name
    except (KeyError, ValueError):
        return str(reason)


def system_title(scored):
    """Name a scored game's system: its preset ('Boerenbridge'), else with its options: 'Get Fred, squared (Oy Vey)'."""
    return presets.system_title(scored["system"], scored.get("options"))


def evening_of(game_id):
    """Return the id of a game's evening, for links from the game's pages."""
    return store.evening_of(store.get_db(), game_id)


def recent_evenings(limit=5):
    """Return the evenings played most recently, for the home page."""
    return store.list_evenings(store.get_db(), limit)


def season_evenings(season):
    """Return the evenings a season counts (those of its span, or those it chose), for links from its page."""
    return store.evenings_between(store.get_db(), season["starts"], season["ends"], season.get("evenings") or ())


def player_evenings(name, limit=5):
    """Return the evenings a player sat at a table of, the latest first, for links from their page."""
    return store.player_evenings(store.get_db(), name, limit)


def roster():
    """Return the roster to pick names from (the members first, then everyone who has played here, each by their
    display name; store/roster.py): the datalist of every field a player's name is typed in."""
    return store.roster(store.get_db())


FILTERS = {"money": money, "net": net, "ordinal": ordinal}
GLOBALS = (evening_of, evening_name, recent_evenings, season_evenings, player_evenings, roster, running_chart)
