"""A filled sheet's players' cells as one line of plain text per row (issue 17: the filled PDF took 0.5 x
the time of a naive one-table layout).

WeasyPrint lays out every line box and every text box it is given: a column of 25 cells is 25 line boxes, so
a 7-player sheet was 600 of them. Here the bids, tricks and scores of a row are one line with no spans: each
cell is placed at its column by spaces and hair spaces, counted from the font's own advance widths (DejaVu
Sans, the sheets' font), so it lands within a twentieth of an em of where its column puts it. What a span
used to style is drawn in the grid's one SVG instead (layout.py): a made bid's tinted cell, a negative
total's circle, from the positions returned here.
"""

from functools import lru_cache
from pathlib import Path

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
# Without the font file (another system's fonts), an average advance: cells still land near their columns.
FALLBACK_EM = 0.62
SCORE_PAD = 2.0  # mm between a score and the right edge of its column (sheet.css .col.score)
EDGE = 0.3  # mm: a cell wider than its column starts at its left edge rather than across the rule
HAIR = "\u200a"  # the hair space (a tenth of an em in DejaVu Sans): the fine part of a cell's offset


@lru_cache(maxsize=2)
def _advances(bold):
    """Return the font's advance width of each character, in em."""
    path = FONT_DIR / FONT_FILES[bold]
    try:
        from fontTools.ttLib import TTFont  # WeasyPrint's own dependency

        with TTFont(str(path)) as font:
            per_em = font["head"].unitsPerEm
            metrics = font["hmtx"].metrics
            return {
                chr(code): metrics[glyph][0] / per_em for code, glyph in font.getBestCmap().items() if glyph in metrics
            }
    except (ImportError, OSError):
        return {}


def text_width(text, size, bold=False):
    """Return the width of text in mm at a font size in mm."""
    advances = _advances(bold)
    return sum(advances.get(char, FALLBACK_EM) for char in text) * size


def cell_text(cell):
    """Return (text, css class) of a cell: plain text, or a {"text", "cls"} mapping."""
    return (cell["text"], cell["cls"]) if isinstance(cell, dict) else (str(cell), "")


def row_line(cells, space_size):
    """Return one row as segments (spaces, text, css class, start, width in mm), each cell where its column puts it.

    `cells` lists (x, width, align, cell, kind, size) left to right: align "center" or "right"; kind names the
    column in the segment's class (with the cell's own: made, neg); size is the
    cell's font size in mm; spaces (and hair spaces for the rest) are in the line's own font size, space_size.
    """
    space, hair = text_width(" ", space_size), text_width(HAIR, space_size)
    position, segments = 0.0, []
    for x, width, align, cell, kind, size in cells:
        text, cls = cell_text(cell)
        if not text:
            continue
        wide = text_width(text, size)
        start = max(x + (width - wide) / 2, x + EDGE) if align == "center" else x + width - SCORE_PAD - wide
        gap = max(start - position, space if segments else 0.0)
        spaces = int(gap // space)
        hairs = round((gap - spaces * space) / hair)
        position += spaces * space + hairs * hair + wide
        segments.append((" " * spaces + HAIR * hairs, text, " ".join(filter(None, (kind, cls))), position - wide, wide))
    return segments
