"""Members and the games the club recognises (issue 41): the owner gives each regular a member link (a QR code,
Copy and Share, as a seat link is given), which makes a phone that member's; `/me` says who this phone is; the
owner's "to accept" list takes a stranger's game into the club's record, or leaves it out.

Who is who: web/members.py (`identity`); what counts: store/club.py (one predicate)."""

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from wtforms import StringField, validators

from scorekeeper import store
from scorekeeper.web.forms import BaseForm, csrf_failed
from scorekeeper.web.members import forget_member_key, give_member_key, identity
from scorekeeper.web.owner import owner_required
from scorekeeper.web.refusals import EXPIRED
from ..rules.game import names
from ..rules.game.names import name_key
from ..text.words import _, lazy_gettext

bp = Blueprint("members", __name__)


class MemberForm(BaseForm):
    name = StringField(lazy_gettext("Player's name"), [validators.InputRequired()])


def _checked(form):
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        return False
    return True


def _link(link_key):
    return url_for("members.take", key=link_key, _external=True)


@bp.route("/owner/members", methods=["GET", "POST"])
@owner_required
def members():
    """Give a regular a member link (or a new one), and show every member's link with its QR code."""
    db = store.get_db()
    form = MemberForm(request.form if request.method == "POST" else None)
    if request.method == "POST":
        if not _checked(form):
            flash(_("%(field)s: %(problem)s.", field=form.name.label.text, problem=_("is empty")), "error")
            return redirect(url_for("members.members"))
        typed = (form.name.data or "").strip()
        problem = names.problem(typed) if typed else _("is empty")
        if problem:
            flash(_("%(field)s: %(problem)s.", field=form.name.label.text, problem=problem), "error")
            return redirect(url_for("members.members"))
        name = names.player_name(typed)
        store.add_member(db, name)
        flash(_("%(name)s's member link is ready: hand it to %(name)s only.", name=name), "info")
        return redirect(url_for("members.members", _anchor=f"member-{name_key(name)}"))
    roster = [row["name"] for row in store.list_players(db)]
    listed = [dict(row, link=_link(row["link_key"])) for row in store.list_members(db)]
    return render_template(
        "members/members.html",
        form=form,
        members=listed,
        roster=roster,
        changes=store.iban_changes(db),
        waiting=store.count_to_accept(db),
    )


@bp.post("/owner/members/<key>/remove")
@owner_required
def remove(key):
    """Take a member's link back: the phone that holds it is nobody's from now on."""
    if _checked(BaseForm()):
        store.remove_member(store.get_db(), key)
        flash(_("The member link is taken back."), "info")
    return redirect(url_for("members.members"))


@bp.get("/member/<key>")
def take(key):
    """Make this phone the member's whose link this is."""
    member = store.member_by_link(store.get_db(), key)
    if member is None:
        abort(404, _("This member link is not valid (the owner may have given a new one): ask the owner for yours."))
    flash(_("This phone is %(name)s's now.", name=member["name"]), "info")
    return give_member_key(redirect(url_for("members.me")), key)


@bp.route("/me", methods=["GET", "POST"])
def me():
    """Say who this phone is: the owner, a member, or nobody yet; a member's phone may forget its link."""
    form = BaseForm(request.form if request.method == "POST" else None)
    if request.method == "POST":
        if _checked(form):
            flash(_("This phone has forgotten its member link."), "info")
            return forget_member_key(redirect(url_for("members.me")))
        return redirect(url_for("members.me"))
    return render_template("members/me.html", who=identity(), form=form)


@bp.get("/owner/games")
@owner_required
def to_accept():
    """List the games started from devices the club does not know: accept them into the club's record, or
    leave them out."""
    db = store.get_db()
    return render_template(
        "members/to_accept.html",
        games=store.games_to_accept(db),
        left_out=store.games_to_accept(db, left_out=True),
        form=BaseForm(),
    )


@bp.post("/owner/games/<game_id>/<choice>")
@owner_required
def decide(game_id, choice):
    """Accept a game into the club's record, or leave it out (it stays its table's)."""
    if choice not in ("accept", "leave-out"):
        abort(404)
    if _checked(BaseForm()):
        db = store.get_db()
        value = store.RECOGNISED if choice == "accept" else store.LEFT_OUT
        if not store.set_recognised(db, game_id, value):
            abort(404)
        flash(
            _("The game counts for the club now.")
            if choice == "accept"
            else _("The game is left out of the club's record; its table keeps it."),
            "info",
        )
    return redirect(url_for("members.to_accept"))
