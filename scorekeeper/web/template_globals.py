"""What templates are given besides a view's own values, registered on the app once (views/app_wide.py): the
engine's registries, names, links from a game's pages, the home page's evenings, events and their names, the
roster, the running chart, a game's seat links and its event, the flashed messages, what the hand pages carry for
the offline queue (offline_page.py), and the filters for money and ordinals."""

import datetime
import hashlib
import hmac

from flask import current_app, get_flashed_messages, request, url_for

from scorekeeper import rules, store
from scorekeeper.rules.scoring import presets
from scorekeeper.rules.club import ratings
from scorekeeper.rules.bids import sealed
from scorekeeper.text import sentences
from scorekeeper.text.words import date as said_date, ordinal
from scorekeeper.text.charts import running_chart
from scorekeeper.text.display import ADJUSTMENTS, adjustment_word, trump_name, trump_symbols
from scorekeeper.text import event_results
from scorekeeper.text.evening_names import evening_name
from scorekeeper.text.money_text import money, net
from . import offline_page
from .event_lookup import find_player
from .event_room import event_verdict, table_clock
from .forms import csrf_token
from .money_lines import player_money


def registries():
    """Give templates the engine's registries, for names and one-line explanations, and the results' sentences."""
    return {
        "rules_registry": rules,
        "sentences": sentences,
        "system_title": system_title,
        "penalty_name": penalty_name,
        "adjustment_marks": [(kind, shown["mark"]) for kind, shown in ADJUSTMENTS.items()],
    }


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


def day(iso):
    """A day kept as "2026-11-20" as the reader's language writes it ("Nov 20, 2026", "20 nov 2026")."""
    try:
        return said_date(datetime.date.fromisoformat(str(iso)[:10]))
    except ValueError:
        return iso


def event_of_game(game_id):
    """The event a game plays a table of ({event_id, name, round, table}), for a link back from its pages."""
    return store.event_of_game(store.get_db(), game_id)


def recent_events(limit=5):
    """The events created most recently, for the home page."""
    return store.list_events(store.get_db(), limit)


def reveal_tap(game):
    """The Reveal's action id: the same for every copy of the page at this revision (a double tap is applied once),
    and made with the instance's secret, so no seat phone can know it and use it first."""
    made = hmac.new(
        current_app.config["SECRET_KEY"].encode(), f"reveal {game['id']} {game['revision']}".encode(), hashlib.sha256
    )
    return "reveal-" + made.hexdigest()[:32]


def seat_links(game):
    """The game's seat links by seat, for the scorekeeper's Share panel (empty until offered)."""
    keys = store.seat_keys(store.get_db(), game["id"])
    return {seat: url_for("seats.take_seat", game_id=game["id"], key=key, _external=True) for seat, key in keys.items()}


def flashes():
    """The messages flashed to this session, for a page the browser navigates to. A page another tab fetches in the
    background leaves them (Sec-Fetch-Mode other than "navigate"; X-Background from the live refresh and the sheet
    kept for offline use, for plain HTTP where the browser sends no Sec-Fetch-Mode): it would take the answer to a
    form sent from another tab, on the director's laptop the one meant for the director's page showing on the
    projector's screen (docs/decisions/0050)."""
    if request.headers.get("Sec-Fetch-Mode", "navigate") != "navigate" or "X-Background" in request.headers:
        return []
    return get_flashed_messages(with_categories=True)


FILTERS = {"money": money, "net": net, "ordinal": ordinal}
# Each function under its own name; then the values named otherwise.
GLOBALS = {
    function.__name__: function
    for function in (
        evening_of,
        evening_name,
        recent_evenings,
        season_evenings,
        player_evenings,
        roster,
        running_chart,
        day,
        trump_name,
        trump_symbols,
        adjustment_word,
        event_of_game,
        event_verdict,
        table_clock,
        recent_events,
        find_player,
        sealed.sealed_seats,
        reveal_tap,
        seat_links,
        flashes,
        player_money,
        offline_page.offline_table,
        offline_page.penalty_form,
        offline_page.offline_part,
        offline_page.offline_parts,
        offline_page.largest_bid,
    )
} | {
    "follow_tag_of": store.follow_tag,  # templates/table/_follow.html: the tag of a page's game
    "fresh_csrf_token": csrf_token,  # a table's page that carries no form of its own
    "event_results": event_results,  # the words every page of an event says its final results in
    "provisional_games": ratings.PROVISIONAL_GAMES,
}
