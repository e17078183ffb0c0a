"""The money between regulars (issues 27 and 40): each player's balance, who owes whom pair by pair, payments
recorded (typed, or one tap on a line of the plan) and undone, settling everything in the fewest payments, a
payee's IBAN and the EPC QR code of a euro payment.

Who may do what (docs/security.md) is one rule, web/money_rights.py, asked with this device's identity
(web/members.py: the owner, a member, or nobody): a payment is recorded or undone by its payer, its payee or the
owner; an IBAN is given by its payee or the owner, and shown to those who owe the payee and the owner. Holding a
game's edit or seat link gives no money rights: anyone may start a game with anyone's names."""

from datetime import date

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from scorekeeper import store
from scorekeeper.web import money_actions, money_lines
from scorekeeper.web.forms import BaseForm, IbanForm, PaymentForm, csrf_failed, form_problems
from scorekeeper.web.members import identity
from scorekeeper.web.money_rights import may_handle_money
from scorekeeper.web.refusals import EXPIRED
from scorekeeper.web.setup_form import CURRENCIES, LANGUAGE_CURRENCY
from ..rules.money import amounts, sepa
from ..rules.game import names
from ..text import words
from ..rules.game.names import name_key
from ..text.words import _

bp = Blueprint("money", __name__)
LOG_PER_PAGE = 25  # payments recorded, a page at a time


_roster, _by_name = money_actions.roster, money_actions.by_name


def _currencies(books):
    """The currencies a payment may be in: the setup's, and those of the books that have money."""
    return sorted(set(CURRENCIES) | {book["currency"] for book in books if amounts.is_currency(book["currency"])})


def payment_form(roster, books):
    form = PaymentForm()
    players = [("", _("— choose —"))] + _by_name(roster)
    form.payer.choices = form.payee.choices = players
    form.currency.choices = [(code, code) for code in _currencies(books)]
    if request.method != "POST":
        kept = [book["currency"] for book in books if amounts.is_currency(book["currency"])]
        form.currency.data = kept[0] if kept else LANGUAGE_CURRENCY.get(words.locale(), "EUR")
        form.paid_on.data = date.today().isoformat()
    return form


def iban_form(roster):
    """The IBAN form, offering the players whose IBAN this device may give: everyone to the owner, a member their
    own."""
    form = IbanForm()
    who = identity()
    form.name.choices = [("", _("— choose —"))] + [
        (key, name) for key, name in _by_name(roster) if may_handle_money(who, key, key)
    ]
    return form


def _page(name):
    """A page number from the query string (?page=2): 1 when missing or not a number."""
    number = request.args.get(name, "1")
    return int(number) if number.isdigit() and len(number) < 7 else 1


@bp.get("/money")
def money():
    """Show each player's balance first, then the fewest payments that settle everything (each with its Paid
    button), who owes whom a page at a time, and the payments recorded a page at a time."""
    db, who = store.get_db(), identity()
    books, roster = money_lines.books(db, who, _page("page")), _roster(db)
    log_pages = money_lines.pages(store.count_payments(db), LOG_PER_PAGE)
    log_page = min(_page("payments"), log_pages)
    log = [
        dict(
            row,
            payer_name=names.without_controls(row["payer_name"]),
            payee_name=names.without_controls(row["payee_name"]),
            mine=may_handle_money(who, row["payer"], row["payee"]),
        )
        for row in store.payment_log(db, LOG_PER_PAGE, (log_page - 1) * LOG_PER_PAGE)
    ]
    return render_template(
        "money/money.html",
        books=books,
        log=log,
        log_page=log_page,
        log_pages=log_pages,
        payment_form=payment_form(roster, books),
        iban_form=iban_form(roster),
        sits=who.kind == "member",
        owner=who.kind == "owner",
        who=who,
        today=date.today().isoformat(),
    )


def _checked(form):
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        flash(form_problems(form), "error")
        return False
    return True


def _refused(field, problem):
    flash(_("%(field)s: %(problem)s.", field=field.label.text, problem=problem), "error")
    return redirect(_back())


def _back():
    """Where a form goes back to: /money, or the evening page it was posted from (its `back` field)."""
    back = request.form.get("back", "")
    return back if back.startswith("/evenings/") and "//" not in back and "\\" not in back else url_for("money.money")


@bp.post("/money/payments")
def record_payment():
    """Record a payment between two players (from, to, amount, currency, date); it takes from their balances."""
    db = store.get_db()
    roster = _roster(db)
    form = payment_form(roster, [])  # the choices matter only on the page: the checks below are the engine's
    if not _checked(form):
        return redirect(_back())
    try:
        payer, payee, cents, paid_on = money_actions.checked_payment(
            roster, form.payer.data, form.payee.data, form.amount.data, form.currency.data, form.paid_on.data or ""
        )
    except money_actions.Refused as refused:
        return _refused(getattr(form, refused.field), words.word(refused.message))
    if not money_actions.may_handle(payer, payee):
        abort(
            403,
            _(
                "Only %(payer)s, %(payee)s or the owner may record a payment between them (from their member link).",
                payer=roster[payer],
                payee=roster[payee],
            ),
        )
    store.record_payment(db, roster[payer], roster[payee], cents, form.currency.data, paid_on)
    flash(
        _(
            "%(payer)s paid %(payee)s %(amount)s: the payment is recorded.",
            payer=roster[payer],
            payee=roster[payee],
            amount=words.money(cents / 100, form.currency.data),
        ),
        "info",
    )
    return redirect(_back())


@bp.post("/money/payments/<int:payment_id>/undo")
def undo_payment(payment_id):
    """Undo a payment recorded by mistake: it stays in the log, marked undone."""
    db = store.get_db()
    if not _checked(BaseForm()):
        return redirect(url_for("money.money"))
    found = store.get_payment(db, payment_id)
    if found is None:
        abort(404)
    if not money_actions.may_handle(name_key(found["payer_name"]), name_key(found["payee_name"])):
        abort(
            403,
            _(
                "Only %(payer)s, %(payee)s or the owner may record a payment between them (from their member link).",
                payer=found["payer_name"],
                payee=found["payee_name"],
            ),
        )
    if store.undo_payment(db, payment_id):
        flash(_("The payment is undone; the log keeps it."), "info")
    return redirect(url_for("money.money"))


@bp.post("/money/ibans")
def set_iban():
    """Keep a payee's IBAN with the account holder's name (and the BIC where the scheme needs one), checked, for
    the EPC code of a euro payment to them."""
    db = store.get_db()
    roster = _roster(db)
    form = iban_form(roster)
    if not _checked(form):
        return redirect(url_for("money.money"))
    try:
        key = money_actions.player(roster, form.name.data, "name")
    except money_actions.Refused as refused:
        return _refused(form.name, words.word(refused.message))
    if not money_actions.may_handle(key, key):  # the payee's own member link, or the owner
        abort(403, _("Only %(name)s (from their member link) or the owner may give %(name)s's IBAN.", name=roster[key]))
    try:
        holder = sepa.checked_holder(form.holder.data)
    except sepa.IbanError as error:
        return _refused(form.holder, error)
    try:
        iban = sepa.checked_iban(form.iban.data)
    except sepa.IbanError as error:
        return _refused(form.iban, error)
    try:
        bic = sepa.checked_bic(form.bic.data, iban)
    except sepa.IbanError as error:
        return _refused(form.bic, error)
    who = identity()
    store.set_iban(db, roster[key], iban, holder, bic, by="" if who.kind == "owner" else who.name)
    flash(
        _("%(name)s's IBAN is kept: euro payments to them show a code a banking app scans.", name=roster[key]), "info"
    )
    return redirect(url_for("money.money"))
