"""Fill the setup form in the browser as a scorekeeper does: the names, the first dealer, then the rules."""

import re

from playwright.sync_api import TimeoutError

FOUR = ["Ann", "Bob", "Cy", "Di"]


def fill_players(page, names=FOUR, first_dealer="0"):
    """Type the names in seat order; pick the first dealer's seat (None leaves the choice as it is)."""
    for seat, name in enumerate(names):
        page.get_by_label(f"player {seat + 1}", exact=True).fill(name)
    if first_dealer is not None:
        page.get_by_label("First dealer").select_option(first_dealer)


def fill_rules(
    page,
    pattern="up",
    max_cards="3",
    sizes="",
    hook=True,
    bidding=None,
    trump=None,
    scoring=None,
    settlement=None,
    stake=None,
):
    """Open the Rules and set those given; the others keep the preset's values."""
    page.locator("details summary", has_text="Rules").click()
    page.get_by_label("Pattern").select_option(pattern)
    page.get_by_label("N (largest hand").fill(max_cards)
    if sizes:
        page.get_by_label("Custom hand sizes").fill(sizes)
    if not hook:
        page.get_by_role("checkbox", name="Hook:").uncheck()
    if bidding:
        page.locator(f"input[name=bidding][value={bidding}]").check()
    if trump:
        page.get_by_label("Trump", exact=True).select_option(trump)
    if scoring:
        page.get_by_label("System", exact=True).select_option(scoring)
    if settlement:
        page.get_by_label("Settlement").select_option(settlement)
    if stake is not None:
        page.get_by_label("Stake per point").fill(stake)


def start(page):
    """Tap Start: the game opens on its first deal (or the test fails with what the setup page said instead)."""
    page.get_by_role("button", name="Start the game").first.click()
    try:
        page.wait_for_url(re.compile(r"/deal$"))
    except TimeoutError as error:
        said = page.locator(".flash:visible, .error:visible, [role=alert]:visible").all_inner_texts()
        # A field the browser itself refuses stops the form before it is sent: name it and the browser's words.
        refused = page.evaluate("""Array.from(document.querySelectorAll('#setup :invalid'))
            .map(field => `${field.name}: ${field.validationMessage}`)""")
        raise AssertionError(
            f"the game did not start: still on {page.url}, the page says {said}, the browser refuses {refused}"
        ) from error


def set_up(page, base, names=FOUR, first_dealer="0", **rules):
    """Set up a game from /games/new (Ann, Bob, Cy and Di, Ann dealing first, up to 3 cards) and start it."""
    page.goto(base + "/games/new")
    fill_players(page, names, first_dealer)
    fill_rules(page, **rules)
    start(page)
