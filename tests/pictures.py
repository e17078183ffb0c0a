"""Screenshots for people: taken only when asked, `SHOTS=1 pytest ...` (or `make test SHOTS=1`), into
test-artifacts/. No test reads them, and a full-page picture costs Chromium a frame drawn and a PNG encoded,
some 0.1 to 0.3 s of CPU each, over a hundred a run. A test that reads its screenshot (a QR code, a chart's
pixels) takes it with `screenshot` below: that one is part of the test."""

import os
import time
from pathlib import Path

from playwright.sync_api import Error

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
WANTED = os.environ.get("SHOTS", "") not in ("", "0")
# A phone's device pixels per CSS pixel: a phone's two for pictures people look at; one where nobody looks, which
# draws a quarter of the pixels (about a seventh less of Chromium's CPU over a browser test). Layout is the same.
SCALE = 2 if WANTED else 1


def picture(target, path, **options):
    """Save a screenshot of target (a Page or a Locator) at path when SHOTS=1; else do nothing."""
    if WANTED:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        screenshot(target, path=str(path), **options)


def screenshot(target, **options):
    """target.screenshot(**options), taken again (twice at most) when Chromium's headless shell answers "Unable to
    capture screenshot" because it has no frame ready (once in a full run on a loaded machine, right after a page
    was drawn): a picture a test reads a QR code from is then not a failure."""
    for attempt in range(3):
        try:
            return target.screenshot(**options)
        except Error as error:
            if "Unable to capture screenshot" not in str(error) or attempt == 2:
                raise
            time.sleep(0.3)
