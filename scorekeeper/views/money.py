"""The money between regulars (issue 27): the running balances across evenings, payments recorded and undone,
settling everything in the fewest payments, a payee's IBAN and the EPC QR code of a euro payment.

Who may do what (docs/security.md): a browser that sits at a table (it holds the scorekeeper's key or a seat
link of a game) may record and undo payments of the players of its tables and give their IBANs, and sees the
IBAN (and the EPC code) of a payee it has played with; the owner may record and undo any payment. A follower,
the public pages and the API never see an IBAN."""

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from stdnum import iban as iban_checks
from stdnum.exceptions import ValidationError

from scorekeeper.web import money_lines
from scorekeeper import store
from scorekeeper.web.forms import IbanForm, PaymentForm, csrf_failed, form_problems
from scorekeeper.web.owner import is_owner
from ..rules import limits
from ..rules.ratings import player_key
from ..rules.words import _
from scorekeeper.web.refusals import EXPIRED

bp = Blueprint("money", __name__)


def viewer_players():
    """The players (keys) of the tables this browser sits at (web/money_lines.py decides)."""
    return money_lines.viewer_players(store.get_db(), request.cookies)


def _may_handle(*names):
    return is_owner() or bool({player_key(name) for name in names} & viewer_players())


@bp.get("/money")
def money():
    """Show who owes whom across evenings, the fewest payments that settle it, and the payments recorded."""
    db, players = store.get_db(), viewer_players()
    return render_template("money/money.html", books=money_lines.books(db, players), log=store.payment_log(db),
                           payment_form=PaymentForm(), iban_form=IbanForm(), sits=bool(players), owner=is_owner())


def _checked(form):
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        flash(form_problems(form), "error")
        return False
    return True


@bp.post("/money/payments")
def record_payment():
    """Record a payment between two regulars (from, to, amount, date); it takes from their balance."""
    form = PaymentForm()
    if _checked(form):
        payer, payee = form.payer.data.strip(), form.payee.data.strip()
        try:
            paid_on = limits.checked_date(form.paid_on.data.strip(), "paid_on")
        except limits.LimitError as error:
            flash(_("%(field)s: %(problem)s.", field=form.paid_on.label.text, problem=error.message), "error")
            return redirect(url_for("money.money"))
        if player_key(payer) == player_key(payee) or not payer or not payee:
            flash(_("A payment goes from one player to another."), "error")
        elif not _may_handle(payer, payee):
            abort(403, _("Only the players of a table with %(payer)s or %(payee)s may record their payments.",
                         payer=payer, payee=payee))
        else:
            cents = int(form.amount.data * 100)
            store.record_payment(store.get_db(), payer, payee, cents, (form.currency.data or "").upper(), paid_on)
            flash(_("The payment is recorded."), "info")
    return redirect(url_for("money.money"))


@bp.post("/money/payments/<int:payment_id>/undo")
def undo_payment(payment_id):
    """Undo a payment recorded by mistake: it stays in the log, marked undone."""
    db = store.get_db()
    if not _checked(_csrf_only()):
        return redirect(url_for("money.money"))
    found = next((row for row in store.payment_log(db, 10_000) if row["id"] == payment_id), None)
    if found is None:
        abort(404)
    if not _may_handle(found["payer_name"], found["payee_name"]):
        abort(403, _("Only the players of a table with %(payer)s or %(payee)s may record their payments.",
                     payer=found["payer_name"], payee=found["payee_name"]))
    if store.undo_payment(db, payment_id):
        flash(_("The payment is undone; the log keeps it."), "info")
    return redirect(url_for("money.money"))


def _csrf_only():
    form = IbanForm()
    form.name.validators = form.iban.validators = []  # only the token is checked
    return form


@bp.post("/money/ibans")
def set_iban():
    """Keep a payee's IBAN, checked with its checksum, for the EPC code of a euro payment to them."""
    form = IbanForm()
    if _checked(form):
        name = form.name.data.strip()
        if player_key(name) not in viewer_players():  # the owner too: an IBAN is for the payee's own tables
            abort(403, _("Only the players of a table with %(name)s may give their IBAN.", name=name))
        try:
            checked = iban_checks.validate(form.iban.data)
        except ValidationError:
            flash(_("IBAN: %(iban)s is not a valid IBAN; check it letter by letter.", iban=form.iban.data.strip()),
                  "error")
        else:
            store.set_iban(store.get_db(), name, checked)
            flash(_("%(name)s's IBAN is kept: euro payments to them show a code a banking app scans.", name=name),
                  "info")
    return redirect(url_for("money.money"))
