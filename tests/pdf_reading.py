"""Read PDFs back as a user would: poppler's pdftotext, pdfinfo and pdftoppm (no stubs)."""

import re
import subprocess
from pathlib import Path


def _pdf_path(data, tmp_path, name="sheet.pdf"):
    path = Path(tmp_path) / name
    path.write_bytes(data)
    return path


def text(data, tmp_path):
    """Return the PDF's text laid out as on the page (`pdftotext -layout`); pages split by \\f."""
    path = _pdf_path(data, tmp_path)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout


def info(data, tmp_path):
    """Return `pdfinfo` as a dict, with the page size in points as page_w and page_h."""
    path = _pdf_path(data, tmp_path)
    out = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    fields = {key.strip(): value.strip() for key, value in fields.items()}
    size = re.match(r"([\d.]+) x ([\d.]+) pts", fields["Page size"])
    fields["page_w"], fields["page_h"] = float(size[1]), float(size[2])
    fields["pages"] = int(fields["Pages"])
    return fields


def hand_column(page_text):
    """Return the hand sizes read down the left of a sheet page: the leading number of each row line."""
    sizes = []
    for line in page_text.splitlines():
        match = re.match(r"\s{0,3}(\d{1,3})(\s|$)", line)
        if match:
            sizes.append(int(match[1]))
    return sizes


def words(data, tmp_path, page=1):
    """Return every word on a page with its box in points: [(word, x0, y0, x1, y1)]."""
    path = _pdf_path(data, tmp_path)
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    return [(w, float(a), float(b), float(c), float(d)) for a, b, c, d, w in re.findall(pattern, out)]


def gray_page(data, tmp_path, dpi=144, page=1):
    """Render a page in gray (`pdftoppm -gray`); return (width, height, pixels, dpi)."""
    path = _pdf_path(data, tmp_path)
    stem = Path(tmp_path) / "page"
    subprocess.run(
        ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(path), str(stem)],
        check=True,
        capture_output=True,
    )
    raw = (Path(tmp_path) / "page.pgm").read_bytes()
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
    width, height = int(header[1]), int(header[2])
    return width, height, raw[header.end() :], dpi


def ink_left_of(page, box, gap=(1.2, 4.5)):
    """Count the inked pixels in a band just left of a word's box (in points): where a circle would be."""
    width, _height, pixels, dpi = page
    scale = dpi / 72
    _word, x0, y0, _x1, y1 = box
    middle = (y0 + y1) / 2
    count = 0
    for y in range(int((middle - 2) * scale), int((middle + 2) * scale)):
        for x in range(int((x0 - gap[1]) * scale), int((x0 - gap[0]) * scale)):
            if pixels[y * width + x] < 170:
                count += 1
    return count
