"""The preview: a sheet's first page as PNG, through poppler's pdftoppm."""

import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

from .render import render_slot


def can_preview_png():
    """True when poppler's pdftoppm is installed, so a PNG preview can be made."""
    return shutil.which("pdftoppm") is not None


@lru_cache(maxsize=64)
def _png_of(pdf, dpi):
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        with render_slot():
            subprocess.run(
                [
                    "pdftoppm",
                    "-png",
                    "-r",
                    str(dpi),
                    "-f",
                    "1",
                    "-l",
                    "1",
                    "-singlefile",
                    str(source),
                    str(Path(folder) / "page"),
                ],
                check=True,
                capture_output=True,
                timeout=30,
            )
        return (Path(folder) / "page.png").read_bytes()


def preview_png(pdf, dpi=60):
    """Return the first page of a PDF as PNG bytes (needs pdftoppm; see can_preview_png)."""
    if not can_preview_png():
        raise RuntimeError("pdftoppm is not installed")
    return _png_of(pdf, dpi)
