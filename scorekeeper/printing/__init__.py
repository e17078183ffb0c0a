"""Printable score sheets: blank sheets for any table and filled sheets of a game, as PDF.

The layouts live in the top-level `sheets/` folder (Jinja templates and CSS). One module for each part:

- params.py: a blank sheet's parameters checked and normalised (SheetError says what to fix);
- layout.py: the geometry in mm, the columns, and each page's grid drawn as one SVG;
- render.py: Jinja and WeasyPrint (imported lazily, reading only files in `sheets/`; `document` is the one
  WeasyPrint call, `pdf` makes a PDF in a slot), at most two renders at a time in each of two queues, anyone's and
  the director's and the owner's (`keyed`; Busy beyond): every PDF takes a slot, the house-rules card too;
- blank.py: the blank sheet; game.py: the filled sheet of a game; preview.py: a PNG of the first page;
- events.py: an event's printouts; table_cards.py: a round's table cards in fixed geometry; stamp.py: many
  pages stamped on a few templates laid out once (each table's own words and QR codes written into the PDF).

May import: scorekeeper.web (a game's language), serving, text, store, rules, cache. Never a view.
"""

from .blank import blank_context, blank_sheet_pdf, render_blank_sheet
from .game import game_context, game_sheet_pdf, render_game_sheet, sheet_file_name
from .params import MAX_COPIES, MAX_PLAYERS, SheetError, blank_params, preset_params
from .preview import can_preview_png, preview_png
from .render import KEYED_RENDER_SLOTS, RENDER_SLOTS, SHEETS, Busy, house_card_pdf, html_to_pdf, keyed, render_html
from .seasons import season_pdf

__all__ = [
    "KEYED_RENDER_SLOTS",
    "MAX_COPIES",
    "MAX_PLAYERS",
    "RENDER_SLOTS",
    "SHEETS",
    "Busy",
    "SheetError",
    "blank_context",
    "blank_params",
    "blank_sheet_pdf",
    "can_preview_png",
    "game_context",
    "game_sheet_pdf",
    "house_card_pdf",
    "html_to_pdf",
    "keyed",
    "preset_params",
    "preview_png",
    "render_blank_sheet",
    "render_game_sheet",
    "render_html",
    "season_pdf",
    "sheet_file_name",
]
