"""The browser walks' own hands: a phone-sized context, a bid or a tap as a player makes it, axe-core run on a
page, and what the director's page and a ticking clock show."""

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.pictures import SCALE

# The phone of the browser walks: 360 x 640 CSS pixels, touch, a mobile viewport. A walk adds its own options
# (a locale, permissions) on top; its device pixels are SCALE's (tests/pictures.py).
PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True, "device_scale_factor": SCALE}


def phone_context(browser, **options):
    """A new phone-sized browser context (PHONE, with the caller's options on top) whose waits give up after 15 s."""
    context = browser.new_context(**{**PHONE, **options})
    context.set_default_timeout(15_000)
    return context


def fits(page):
    """True when the screen needs no scrolling at 360 x 640."""
    return page.evaluate(
        "document.scrollingElement.scrollHeight <= window.innerHeight "
        "&& document.scrollingElement.scrollWidth <= window.innerWidth"
    )


def bid(page, number):
    page.locator("form.bidpad").get_by_role("button", name=str(number), exact=True).click()


AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page, rules=None):
    """Run axe-core (installed from npm into tests/axe by make test) in the page; return the WCAG A/AA violations
    (of `rules` alone, when given).

    The page keeps its Content-Security-Policy: axe is run through the browser's devtools, which the policy does not
    reach, rather than added as a script the page would refuse."""
    page.evaluate(AXE.read_text() + "\n;true")
    only = (
        {"type": "rule", "values": list(rules)}
        if rules
        else {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}
    )
    return page.evaluate(
        """only => axe.run(document, {runOnly: only, resultTypes: ['violations']}).then(r =>
        r.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))""",
        only,
    )


def seat_late_arrival(page, name, total):
    """From the sheet: seat a late arrival with a starting total typed in, on the Table tab."""
    page.locator("#table-tab").click()
    page.locator("summary", has_text="Someone arrives late").click()
    page.get_by_label("Name").fill(name)
    page.get_by_label("a number").check()
    page.locator("input[name=total]").fill(str(total))
    page.get_by_role("button", name="Seat the newcomer").click()
    expect(page.locator(".flash")).to_contain_text(f"{name} joins with {total}.", use_inner_text=True)


def tables_of(page):
    """The round's tables from the director's page: (game id, edit key) from each scorekeeper link, in any
    language the page speaks."""
    links = page.locator(".event-table a[href*='/claim/']")
    return [
        re.search(r"/games/([^/]+)/claim/([^/?]+)", links.nth(i).get_attribute("href")).groups()
        for i in range(links.count())
    ]


def ticks(page, selector):
    """The text of a ticking element, and that it changes within a few seconds (the script runs)."""
    before = page.locator(selector).inner_text()
    expect(page.locator(selector)).not_to_have_text(before, timeout=5000)
