"""After the game: the filled sheet as PDF, settling up, and the game rescored under other systems."""

from flask import Blueprint, Response, abort

from .. import pdf, rules, store

bp = Blueprint("settle", __name__)


def load_game(game_id):
    """Return the stored game and its loaded record, or 404."""
    game = store.get_game(store.get_db(), game_id)
    if game is None:
        abort(404)
    return game, rules.load(game["record"])


@bp.get("/games/<game_id>/sheet.pdf")
def sheet_pdf(game_id):
    """Send the game's filled score sheet as PDF; anyone with the link may download it."""
    game, loaded = load_game(game_id)
    try:
        data = pdf.game_sheet_pdf(loaded)
    except pdf.SheetError as error:
        abort(400, f"This game cannot be printed: {error}")
    name = f"oh-hell-{game['created'][:10]}-{game_id[:6]}.pdf"
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})
