"""Many pages on a few layouts, fast: WeasyPrint lays out each layout once (a template page), and each page's own
words and QR codes are written straight into the PDF over it (issue 24: a round of 166 tables' cards in seconds,
not the 23 s of a WeasyPrint layout per card).

A page is (template, marks): the template's index among the template pages, and its marks, each a `Text` or a
`Qr` placed in mm from the page's top left. Every page draws its template's content stream, shared, not
copied. The words are set in DejaVu Sans, embedded whole (parsed and compressed once a process), with a
ToUnicode map so the text can be read back and copied. `covers(text)` says whether a text can be set without
shaping or a fallback font (Latin, Greek, Cyrillic and common signs); the caller renders any other text the
WeasyPrint way.
"""

import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from scorekeeper.text.display import without_bidi

DEBIAN_FONTS = Path("/usr/share/fonts/truetype/dejavu")  # Debian's fonts-dejavu-core, the sheets' face
FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts")
FACES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
PT_PER_MM = 72 / 25.4
# Scripts set glyph by glyph, one advance each: below Hebrew (Latin, Greek, Cyrillic, Armenian), Latin and
# Greek extended, and the signs (punctuation, currency, arrows, ✓, ≠). Anything else needs Pango.
SIMPLE = ((0x20, 0x58F), (0x1D00, 0x1FFF), (0x2000, 0x2BFF))


@dataclass(frozen=True)
class Text:
    """One line of text: its box's left, top and width (mm), font size and line height (mm), bold, alignment."""

    x: float
    top: float
    width: float
    size: float
    text: str
    bold: bool = False
    align: str = "left"
    line: float = 0.0  # the line height; 0: 1.2 × size


@dataclass(frozen=True)
class Qr:
    """A QR code of `data`, its quiet zone included, in a square of `size` mm at left `x`, top `top`."""

    x: float
    top: float
    size: float
    data: str


@lru_cache(maxsize=2)
def _face_path(bold):
    """Where the face's file is: Debian's folder, else the first found under the usual font folders."""
    if (DEBIAN_FONTS / FACES[bold]).is_file():
        return DEBIAN_FONTS / FACES[bold]
    for folder in FONT_FOLDERS:
        found = sorted(Path(folder).rglob(FACES[bold])) if Path(folder).is_dir() else []
        if found:
            return found[0]
    return None


class Face:
    """A TrueType face's metrics: each character's glyph and advance (in em), ascent and descent."""

    def __init__(self, path):
        from fontTools.ttLib import TTFont  # WeasyPrint's own dependency: only printing needs it

        with TTFont(str(path), lazy=True) as font:
            units = font["head"].unitsPerEm
            metrics = font["hmtx"].metrics
            self.glyph, self.advance = {}, {}
            for code, name in font.getBestCmap().items():
                self.glyph[code] = font.getGlyphID(name)
                self.advance[code] = metrics[name][0] / units
            self.ascent, self.descent = font["hhea"].ascent / units, -font["hhea"].descent / units
            head = font["head"]
            self.bbox = [round(v * 1000 / units) for v in (head.xMin, head.yMin, head.xMax, head.yMax)]
        self.path = path
        self.widths = {self.glyph[code]: round(self.advance[code] * 1000) for code in self.glyph}
        self.data = zlib.compress(Path(path).read_bytes(), 6)

    def width(self, text, size):
        return sum(self.advance.get(ord(char), 0.6) for char in text) * size


@lru_cache(maxsize=2)
def face(bold=False):
    """The regular or bold face, loaded once a process; None when DejaVu Sans is not installed."""
    path = _face_path(bold)
    return Face(path) if path else None


def covers(*texts):
    """Whether every text can be set here: both faces installed, every character simple and in the font."""
    faces = [face(False), face(True)]
    if None in faces:
        return False
    for text in texts:
        for char in str(text):
            code = ord(char)
            if not any(low <= code <= high for low, high in SIMPLE) or unicodedata.combining(char):
                return False
            if code not in faces[0].glyph or code not in faces[1].glyph:
                return False
    return True


def clean(text):
    """Text as one printed line: bidirectional controls dropped, any line break or tab a space."""
    return " ".join(str(without_bidi(str(text))).split())


def fitted(text, width, size, bold=False, smallest=0.0):
    """The font size at which text fits on one line of `width` mm: `size`, or smaller down to `smallest`."""
    wide = face(bold).width(text, size)
    return size if wide <= width else max(smallest, size * width / wide)


def wrapped(text, width, size, bold=False, anywhere=False):
    """Break text into lines of at most `width` mm: at spaces, or between any two characters (`anywhere`:
    a link); a word longer than the line is broken where it must be."""
    advance = face(bold).advance
    room = width / size  # in em
    pieces = list(text) if anywhere else text.split(" ")
    space = 0.0 if anywhere else advance.get(32, 0.3)
    lines, line, wide = [], "", 0.0
    for piece in pieces:
        piece_wide = sum(advance.get(ord(char), 0.6) for char in piece)
        joined_wide = piece_wide if not line else wide + space + piece_wide
        if joined_wide <= room:
            line, wide = (piece if not line else line + ("" if anywhere else " ") + piece), joined_wide
            continue
        if line:
            lines.append(line)
        line, wide = "", 0.0
        for char in piece:  # a word longer than the line: broken between characters
            char_wide = advance.get(ord(char), 0.6)
            if line and wide + char_wide > room:
                lines.append(line)
                line, wide = "", 0.0
            line, wide = line + char, wide + char_wide
    return lines + [line] if line or not lines else lines


def _glyphs(text, font):
    return "".join(f"{font.glyph.get(ord(char), 0):04x}" for char in text)


def _text_ops(mark, page_h, used):
    font = face(mark.bold)
    text = clean(mark.text)
    line = mark.line or 1.2 * mark.size
    baseline = mark.top + (line - (font.ascent + font.descent) * mark.size) / 2 + font.ascent * mark.size
    wide = font.width(text, mark.size)
    x = mark.x + {"left": 0, "center": (mark.width - wide) / 2, "right": mark.width - wide}[mark.align]
    used[mark.bold].update(font.glyph.get(ord(char), 0) for char in text)
    name = "SkB" if mark.bold else "SkR"
    return (
        f"BT /{name} {mark.size * PT_PER_MM:.3f} Tf 1 0 0 1 {x * PT_PER_MM:.3f} "
        f"{page_h - baseline * PT_PER_MM:.3f} Tm <{_glyphs(text, font)}> Tj ET"
    )


@lru_cache(maxsize=16)  # the standings' code is on every card
def _qr_ops(mark, page_h):
    """The code as a 1-bit inline image, a pixel a module, its quiet zone of two modules white."""
    import segno  # only printing and the sheet need it

    # A fixed mask: any of the eight reads alike, and choosing the best costs five times the encoding.
    matrix = segno.make(mark.data, micro=False, mask=0).matrix
    side = len(matrix) + 4
    rows = []
    for cells in [()] * 2 + list(matrix) + [()] * 2:
        bits = "".join("1" if dark else "0" for dark in (0, 0, *cells, 0, 0)) if cells else "0" * side
        bits += "0" * (-len(bits) % 8)
        rows.append(int(bits, 2).to_bytes(len(bits) // 8, "big").hex())
    size = mark.size * PT_PER_MM
    bottom = page_h - (mark.top + mark.size) * PT_PER_MM
    # Decode [1 0]: a 1 (a dark module) is black.
    return (
        f"q {size:.3f} 0 0 {size:.3f} {mark.x * PT_PER_MM:.3f} {bottom:.3f} cm "
        f"BI /W {side} /H {side} /BPC 1 /CS /G /D [1 0] /F /AHx ID\n{''.join(rows)}>\nEI Q"
    )


def _font_objects(pdf, font, used, compress):
    """Add the face to the PDF as a Type0 font (Identity-H, glyph ids as codes): its program, widths and the
    ToUnicode map of the glyphs used. Return the font's reference."""
    import pydyf

    program = pydyf.Stream([font.data], {"Filter": "/FlateDecode", "Length1": font.path.stat().st_size})
    pdf.add_object(program)
    name = "/" + font.path.stem.replace("-", "")
    descriptor = pydyf.Dictionary(
        {
            "Type": "/FontDescriptor",
            "FontName": name,
            "Flags": 32,
            "FontBBox": pydyf.Array(font.bbox),
            "ItalicAngle": 0,
            "Ascent": round(font.ascent * 1000),
            "Descent": -round(font.descent * 1000),
            "CapHeight": 729,
            "StemV": 80,
            "FontFile2": program.reference,
        }
    )
    pdf.add_object(descriptor)
    glyphs = sorted(used)
    widths = pydyf.Array()
    for glyph in glyphs:
        widths.extend([glyph, pydyf.Array([font.widths.get(glyph, 600)])])
    cid = pydyf.Dictionary(
        {
            "Type": "/Font",
            "Subtype": "/CIDFontType2",
            "BaseFont": name,
            "FontDescriptor": descriptor.reference,
            "CIDSystemInfo": pydyf.Dictionary(
                {"Registry": pydyf.String("Adobe"), "Ordering": pydyf.String("Identity"), "Supplement": 0}
            ),
            "W": widths,
            "CIDToGIDMap": "/Identity",
            "DW": 600,
        }
    )
    pdf.add_object(cid)
    unicode_of = {gid: code for code, gid in font.glyph.items()}
    pairs = [
        f"<{glyph:04x}> <{chr(unicode_of[glyph]).encode('utf-16-be').hex()}>" for glyph in glyphs if glyph in unicode_of
    ]
    blocks = [
        f"{len(pairs[at : at + 100])} beginbfchar\n" + "\n".join(pairs[at : at + 100]) + "\nendbfchar"
        for at in range(0, len(pairs), 100)
    ]
    cmap = pydyf.Stream(
        [
            "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
            "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
            "1 begincodespacerange <0000> <ffff> endcodespacerange",
            *blocks,
            "endcmap CMapName currentdict /CMap defineresource pop end end",
        ],
        compress=compress,
    )
    pdf.add_object(cmap)
    font_dict = pydyf.Dictionary(
        {
            "Type": "/Font",
            "Subtype": "/Type0",
            "BaseFont": name,
            "Encoding": "/Identity-H",
            "DescendantFonts": pydyf.Array([cid.reference]),
            "ToUnicode": cmap.reference,
        }
    )
    pdf.add_object(font_dict)
    return font_dict.reference


def _resolved(pdf, value):
    """The object a reference (b"12 0 R") names, or the value itself."""
    if isinstance(value, bytes) and value.endswith(b" R"):
        return pdf.objects[int(value.split()[0])]
    return value


def _stamper(pages):
    """WeasyPrint's finisher: replace the template pages by the pages, each its template's content and its marks."""
    import pydyf

    def finish(_document, pdf):
        kids = pdf.pages["Kids"]
        templates = [pdf.objects[number] for number in kids[::3]]
        compress = any(getattr(pdf.objects[int(t["Contents"].split()[0])], "compress", False) for t in templates)
        used = {False: set(), True: set()}
        streams = []
        for index, marks in pages:
            page_h = float(templates[index]["MediaBox"][3])
            ops = ["q 0 g"]
            for mark in marks:
                ops.append(_qr_ops(mark, page_h) if isinstance(mark, Qr) else _text_ops(mark, page_h, used))
            streams.append((index, pydyf.Stream(["\n".join(ops + ["Q"])], compress=compress)))
        shared = _resolved(pdf, templates[0]["Resources"])
        fonts = pydyf.Dictionary(dict(_resolved(pdf, shared.get("Font")) or {}))
        for bold, key in ((False, "SkR"), (True, "SkB")):
            if used[bold]:
                fonts[key] = _font_objects(pdf, face(bold), used[bold], compress)
        pdf.add_object(fonts)
        resources = pydyf.Dictionary({**shared, "Font": fonts.reference})
        pdf.add_object(resources)
        save, restore = pydyf.Stream(["q"]), pydyf.Stream(["Q"])
        pdf.add_object(save)
        pdf.add_object(restore)
        pdf.pages["Kids"], pdf.pages["Count"] = pydyf.Array(), 0
        for index, stream in streams:
            template = templates[index]
            pdf.add_object(stream)
            page = pydyf.Dictionary(
                {key: template[key] for key in ("Type", "Parent", "MediaBox", "TrimBox", "BleedBox") if key in template}
            )
            page["Resources"] = resources.reference
            page["Contents"] = pydyf.Array([save.reference, template["Contents"], restore.reference, stream.reference])
            pdf.add_page(page)

    return finish


def stamped_pdf(documents, pages):
    """Return the PDF of `pages` [(template index, marks)] over the pages of the WeasyPrint documents (rendered,
    in order: their pages are the templates)."""
    templates = [page for document in documents for page in document.pages]
    return documents[0].copy(templates).write_pdf(finisher=_stamper(pages))
