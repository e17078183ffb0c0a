"""The table: one blueprint for setting up a game, recording each hand, the sheet, the table changes and
the corrections, the history; a module for each."""

from flask import Blueprint

bp = Blueprint("table", __name__)

from . import changes, corrections, hand, history, remove, setup, sheet  # noqa: E402,F401  (each registers its routes on bp)
