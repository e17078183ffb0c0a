"""The owner's sign-in: the owner key (or OWNER_PASSWORD) once, then this browser is the owner."""

from flask import Blueprint, flash, redirect, render_template, request, url_for
from wtforms import HiddenField, PasswordField, validators

from scorekeeper.web import owner
from scorekeeper.web.forms import BaseForm, csrf_failed
from ..text.words import _, lazy_gettext

bp = Blueprint("owner", __name__)

WRONG_KEY = lazy_gettext(
    "That is not the owner key. It is the line `python -m scorekeeper serve` printed when it "
    "first started, kept in the file instance/owner_key on the server (or OWNER_PASSWORD in "
    "instance/config.py)."
)


class SignInForm(BaseForm):
    key = PasswordField(lazy_gettext("Owner key or password"), [validators.DataRequired()])
    next = HiddenField()


def _local(target):
    """Return target when it is a path on this site, else the home page (never a redirect elsewhere)."""
    if target and target.startswith("/") and not target.startswith(("//", "/\\")):
        return target
    return url_for("table.home")


def sign_in_page(form, problem=None, status=200):
    return render_template("owner/sign_in.html", form=form, problem=problem), status


@bp.route("/owner", methods=["GET", "POST"])
def sign_in():
    """Sign in as the instance's owner with the owner key."""
    form = SignInForm()
    if request.method == "GET":
        form.next.data = _local(request.args.get("next"))
        return sign_in_page(form)
    if not form.validate():
        return sign_in_page(
            form,
            _("This page was open too long; please try again.")
            if csrf_failed(form)
            else _("Please enter the owner key."),
            400,
        )
    if not owner.sign_in(form.key.data):
        return sign_in_page(form, WRONG_KEY, 403)
    flash(_("Signed in as the owner of this site."), "info")
    return redirect(_local(form.next.data))


@bp.post("/owner/sign-out")
def sign_out():
    """Forget that this browser is the owner."""
    if BaseForm().validate():  # the CSRF token only
        owner.sign_out()
        flash(_("Signed out: this browser is no longer the owner."), "info")
    return redirect(url_for("table.home"))


@bp.app_errorhandler(owner.NotOwner)
def not_owner(error):
    """Refuse a page only the owner may open, with the way to become the owner."""
    if request.path.startswith("/api/"):
        english = getattr(error.description, "message", error.description)  # the API answers in English
        return {"error": english, "field": None}, 403
    form = SignInForm()
    form.next.data = _local(request.full_path.rstrip("?") if request.method == "GET" else request.path)
    if form.next.data.startswith("/events"):  # the page says who starts a tournament, in a player's words
        return sign_in_page(form, None, 403)
    return sign_in_page(form, error.description, 403)
