"""The web app's blueprints: thin glue from forms to the rules engine to the store."""


def register_blueprints(app):
    """Register every blueprint of the app."""
    from . import sheets

    blueprints = [sheets.bp]
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
