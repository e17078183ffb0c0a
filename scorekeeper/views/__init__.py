"""The web app's blueprints: thin glue from forms to the rules engine to the store.

May import: every layer below it (printing, responses, web, serving, text, store, rules, cache); no view imports
another view.
"""


def register_blueprints(app):
    """Register every blueprint of the app."""
    from . import api, app_wide, sheets, table

    app_wide.init_app(app)

    for blueprint in (table.bp, api.bp, sheets.bp):
        app.register_blueprint(blueprint)
    # After the game (issue 5): settling up, evenings, players, export and import.
    from . import settle

    app.register_blueprint(settle.bp)
    from . import evenings

    app.register_blueprint(evenings.bp)
    from . import transfer

    app.register_blueprint(transfer.bp)
    # Live follow and the app shell (issue 11): the manifest, the service worker, the offline page.
    from . import shell

    app.register_blueprint(shell.bp)
    # House rules (issue 12): which system, the formula preview, the house-rules card.
    from . import house

    app.register_blueprint(house.bp)
    # Tournaments: events of several tables, each an ordinary game (docs/events.md "On the web").
    from . import events

    app.register_blueprint(events.bp)
    # Issue 11: every player may bid from their own phone (seat links, sealed bids).
    from . import seats

    app.register_blueprint(seats.bp)
    # Serving a room and the open internet: the owner's sign-in.
    from . import owner

    app.register_blueprint(owner.bp)
    # Languages: the gear menu's switch, the browser's words.
    from . import languages

    app.register_blueprint(languages.bp)
    # The regulars (issue 27): ratings, the favourite before a game, the players in the API.
    from . import regulars

    app.register_blueprint(regulars.bp)
    # Seasons (issue 27): a club's table over a span of dates.
    from . import seasons

    app.register_blueprint(seasons.bp)
    # The money between regulars (issue 27): balances across evenings, payments, IBANs and EPC codes.
    from . import money, money_api

    app.register_blueprint(money.bp)
    # Issue 41: members, the games the club recognises, who this phone is.
    from . import members

    app.register_blueprint(members.bp)
    # Issue 42: the club's roster (display names, merged spellings, renames).
    from . import roster

    app.register_blueprint(roster.bp)
    app.register_blueprint(money_api.bp)
