"""Screenshots for people: taken only when asked, `SHOTS=1 pytest ...` (or `make test SHOTS=1`), into
test-artifacts/. No test reads them, and a full-page picture costs Chromium a frame drawn and a PNG encoded,
some 0.1 to 0.3 s of CPU each, over a hundred a run. A test that reads its screenshot (a QR code, a chart's
pixels) calls Playwright's screenshot() itself: that one is part of the test."""

import os
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
WANTED = os.environ.get("SHOTS", "") not in ("", "0")


def picture(target, path, **options):
    """Save a screenshot of target (a Page or a Locator) at path when SHOTS=1; else do nothing."""
    if WANTED:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path), **options)
