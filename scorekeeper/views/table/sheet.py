"""The score sheet: the phone's page (rendered once per revision), the sheet as PDF, the follower's poll,
the game over."""

import threading

from flask import Response, abort, current_app, make_response, redirect, render_template, request, session, url_for
from markupsafe import escape

from scorekeeper.responses import delivery
from scorekeeper.cache import kept
from scorekeeper import printing, rules, store
from scorekeeper.text.display import trump_symbols
from scorekeeper.web.forms import AboutForm, RevisionForm, csrf_token
from scorekeeper.web.i18n import COOKIE, languages
from ...rules import actions
from ...rules.bids import bidding
from ...text import words
from ...rules.actions import current_hand
from ...rules.game.arrivals import before_arrival, newcomer_starts
from scorekeeper.rules.scoring.ranks import in_rank_order
from scorekeeper.web import regulars
from scorekeeper.web.edit_keys import can_edit, require_edit
from scorekeeper.web.navigation import load_game, screen
from scorekeeper.web.writes import checked
from scorekeeper.responses.follow_poll import REPLAYABLE
from . import bp
from .writes import save


@bp.get("/games/<game_id>")
def play(game_id):
    """Show the screen the table is on; a read-only visitor sees the sheet."""
    head = store.get_game_head(store.get_db(), game_id)
    if head is None:
        abort(404)
    if not can_edit(head):  # a follower: the sheet, which need not load the game when its page is kept
        return _sheet(game_id, head, editor=False)
    found = store.event_of_game(store.get_db(), game_id)
    if found and found["void"]:  # a void card's game (its table seated again): the sheet says where to go
        return _sheet(game_id, head, editor=False)
    return screen(game_id, load_game(game_id)[1])


FOLLOWER = "follower"
CSRF_SLOT = "\x00csrf\x00"
ORIGIN_SLOT = "\x00origin\x00"
_RENDERING = threading.Lock()


def live_hand(loaded):
    """What the scorekeeper announces, for followers: the hand, the dealer, whose turn, the bids and the tally."""
    hand = current_hand(loaded)
    if hand is None:
        return None
    state = rules.bid_state(loaded, hand)
    return {
        "number": len(loaded.hands),
        "cards": hand.cards,
        "dealer": hand.dealer,
        "trump": hand.trump,
        "state": state,
        "order": state.order,
        "bids": hand.bids,
        "turn": state.turn,
        "bidding": not state.complete,
        "forbidden": state.forbidden,
        "so_far": state.so_far,
        "by": state.by,
        "announcement": state.announcement,
        "announced": bidding.announcement_text(hand.cards, hand.bids),
        "namer": rules.trump_namer(hand.dealer, hand.bids, hand.out) if rules.step(loaded) == "trump" else None,
    }


def render_sheet(game_id, editor, csrf):
    """Render the whole sheet page of a game; return (the game as rendered, the page). The page's follow script
    polls with the tag of the game it shows (see follow_tag), read with it."""
    game, loaded = load_game(game_id)
    upcoming = actions.upcoming(loaded)
    scored = rules.score(loaded)
    page = render_template(
        "table/sheet.html",
        game=game,
        loaded=loaded,
        scored=scored,
        editor=editor,
        step=rules.step(loaded),
        upcoming=upcoming,
        live=live_hand(loaded),
        starts=newcomer_starts(loaded),
        before_arrival=before_arrival,
        sheet_totals=rules.standing_totals(game["record"], scored["totals"]),
        ask_trump=bool(upcoming) and upcoming["trump"] is None and not actions.asks_trump_after_bids(loaded),
        plan=loaded.plan(),
        done=rules.completed_hands(loaded),
        symbols=trump_symbols(),
        csrf=csrf,
        undealable=rules.undealable(loaded),
        follow_tag=store.follow_tag(game),
        last_hands=rules.last_hands(loaded, scored),
        about=actions.about_of(game["record"], game["created"]),
    )
    return game, page


def page_key(head, viewer, kind="sheet", detail=()):
    """The kept.Key of a game's page as the head (its generation, revision, status, next game) names it, in the
    reader's language (marked when chosen in the gear menu, which then shows the choice)."""
    language = words.locale() + ("!" if request.cookies.get(COOKIE) in languages() else "")
    return kept.Key(
        current_app.config["DATABASE"],
        head.get("generation") or 0,
        head["id"],
        store.follow_tag(head),
        language,
        viewer,
        kind,
        detail,
    )


@bp.get("/games/<game_id>/sheet")
def sheet(game_id):
    """Show the score sheet: running totals, made and missed, dealer and trump of every hand."""
    game = store.get_game_head(store.get_db(), game_id)
    if game is None:
        abort(404)
    return _sheet(game_id, game, can_edit(game))


def _sheet(game_id, game, editor):
    token = csrf_token() if editor else ""
    if session.get("_flashes"):
        return render_sheet(game_id, editor, token)[1]
    origin = str(escape(url_for("table.home", _external=True)))
    if not editor:  # the same bytes for every follower: once gzipped, the page is not even put together again
        answer, made = delivery.page_once_gzipped(
            page_key(game, FOLLOWER, "gzip", (origin,)), lambda: _kept_sheet(game_id, game, FOLLOWER, origin)
        )
        # Any follower asking the same way may be given it again before Flask (follow_poll.py), under the key of
        # the game as the page shows it: a page rendered after a change is never kept under the older tag.
        request.environ[REPLAYABLE] = made
        return answer
    # The editor's Share panel lists the seat links, and an event's table says whether it is locked: both change
    # without a new revision.
    seats = tuple(sorted(store.seat_keys(store.get_db(), game_id).items()))
    found = store.event_of_game(store.get_db(), game_id)
    lock = (found["locked"], found["asked"], found["open"]) if found else ()
    return _kept_sheet(game_id, game, ("editor", seats, lock), origin)[0].replace(CSRF_SLOT, token)


def _kept_sheet(game_id, head, viewer, origin):
    """The sheet page of the game in the reader's language for a viewer, rendered once and kept with slots for
    the CSRF token; return (the page, the kept.Key of the game it shows)."""
    key = page_key(head, viewer)
    page = kept.get(key)
    if page is None:
        # After a change every follower asks at once: one renders, the others wait and take its page.
        with _RENDERING:
            page = kept.get(key)
            folder = current_app.config.get(kept.SHARED_FOLDER) if viewer == FOLLOWER else None
            if page is None and folder:  # another process of `serve --workers N` may have rendered it
                page = kept.shared(folder, key)
                if page is not None:
                    kept.put(key, page)
            if page is None:
                game, page = render_sheet(game_id, viewer != FOLLOWER, CSRF_SLOT)
                page = page.replace(origin, ORIGIN_SLOT)
                key = page_key(game, viewer)  # the game as rendered: newer than the head when it moved meanwhile
                kept.put(key, page)
                if folder:
                    kept.share(folder, key, page)
    return page.replace(ORIGIN_SLOT, origin), key


@bp.get("/games/<game_id>/sheet.pdf")
def sheet_pdf(game_id):
    """Send the game's filled score sheet as PDF; anyone with the link may download it."""
    game, loaded = load_game(game_id)
    try:
        data = printing.game_sheet_pdf(loaded, created=game["created"])
    except printing.SheetError as error:
        abort(400, words._("This game cannot be printed: %(error)s", error=error))
    name = printing.sheet_file_name(loaded, created=game["created"])
    return Response(data, mimetype="application/pdf", headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/games/<game_id>/revision")
def revision(game_id):
    """Return the game's revision, for followers to notice a change without scoring the game."""
    game = store.get_game_head(store.get_db(), game_id)
    if game is None:
        return {"error": f"no game {game_id!r}", "field": "id"}, 404
    # The revision is the ETag: an unchanged game answers 304 with no body, the cheapest answer there is.
    tag = store.follow_tag(game)
    if delivery.not_modified(tag):
        response = make_response("", 304)
    else:
        answer = {"id": game_id, "revision": game["revision"], "status": game["status"], "tag": tag}
        if game["next_game"]:  # the table moved on: its followers go to the next game
            answer["next"] = url_for("table.play", game_id=game["next_game"])
        response = make_response(answer)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/over")
def over(game_id):
    """Show the winner, the ranks and who pays whom."""
    game, loaded = load_game(game_id)
    scored = rules.score(loaded)
    by_rank = in_rank_order(scored["ranks"])
    changes = regulars.seat_changes(store.get_db(), game_id, scored["players"])
    return render_template(
        "table/over.html",
        game=game,
        loaded=loaded,
        scored=scored,
        by_rank=by_rank,
        changes=changes,
        editor=can_edit(game),
        form=RevisionForm(revision=game["revision"]),
        follow_tag=store.follow_tag(store.get_game_head(store.get_db(), game_id)),
    )


@bp.post("/games/<game_id>/about")
def about(game_id):
    """Set the game's date and note (the scorekeeper, from the sheet): its tap `about` (scorekeeper/taps/about.py)."""
    game, loaded = load_game(game_id)
    require_edit(game)
    form = AboutForm()
    if checked(form, game):
        save(game, loaded, "about", date=form.date.data or "", note=form.note.data or "")
    return redirect(url_for("table.sheet", game_id=game_id))
