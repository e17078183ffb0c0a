"""The web app's blueprints: thin glue from forms to the rules engine to the store."""


def register_blueprints(app):
    """Register every blueprint of the app."""
    from . import api, sheets, table

    for blueprint in (table.bp, api.bp, sheets.bp):
        app.register_blueprint(blueprint)
    # After the game (issue 5): settling up, evenings, players, export and import.
    from . import settle
    app.register_blueprint(settle.bp)
    from . import evenings
    app.register_blueprint(evenings.bp)
    from . import transfer
    app.register_blueprint(transfer.bp)
