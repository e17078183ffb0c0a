"""The money between regulars as JSON and CSV (issue 42): each person's balance, who owes whom (paged), the fewest
payments that settle everything, the payments recorded (paged), recording and undoing one; and the ledger as CSV.

Who may: web/money_actions.py (`may_read` for the reads, `may_handle` for a payment): the owner key for now.
Amounts are whole cents (hundredths of the currency's unit) beside the amount as a decimal string. No answer holds
an IBAN (docs/security.md)."""

import csv
import io
import re
from decimal import Decimal

from flask import Blueprint, Response, request

from scorekeeper import store
from scorekeeper.rules.game import names
from scorekeeper.store.exports import neutralise
from scorekeeper.web import money_actions, money_lines
from scorekeeper.web.api_answers import ApiError, json_body, refuse
from scorekeeper.text.words import word

bp = Blueprint("money_api", __name__)
PER_PAGE = 50  # pairs and payments a page holds unless ?per_page says fewer
MOST_PER_PAGE = 200
AMOUNT = re.compile(r"[0-9]{1,15}(\.[0-9]{1,12})?")  # no exponent, no sign, no thousand digits


bp.register_error_handler(ApiError, refuse)


def _reader():
    if not money_actions.may_read():
        raise ApiError(
            403,
            "only the owner and the members may read the money between regulars through the API "
            "(a member link's phone, or the owner key as Authorization: Bearer <key>)",
        )


def _number(name, default, most=None):
    value = request.args.get(name, str(default))
    if not value.isdigit() or len(value) > 6 or int(value) < 1:
        raise ApiError(400, f"{name} must be a whole number from 1", name)
    return min(int(value), most) if most else int(value)


def _amount(cents):
    whole, part = divmod(cents, 100)
    return f"{whole}.{part:02d}"


def _books():
    db = store.get_db()
    roster = money_actions.roster(db)
    for currency, book in store.money_books(db).items():

        def name(key, book=book):
            return names.without_controls(roster.get(key) or book["names"].get(key) or key)

        yield currency, book, name


def _balances(book, name):
    rows = sorted(book["balances"].items(), key=lambda row: (row[1] < 0, -abs(row[1]), name(row[0]).casefold()))
    return [{"player": name(key), "key": key, "cents": cents, "amount": _amount(cents)} for key, cents in rows]


def _plan(book, name):
    return [
        {"from": name(payer), "to": name(payee), "cents": cents, "amount": _amount(cents)}
        for payer, payee, cents in book["plan"]
    ]


@bp.get("/api/money")
@bp.get("/api/money/balances")
def balances():
    """Return each person's balance per currency (more than 0: owed; less: owes) and the days they come from."""
    _reader()
    return {
        "books": [
            {"currency": currency, "since": book["since"], "until": book["until"], "balances": _balances(book, name)}
            for currency, book, name in _books()
        ]
    }


@bp.get("/api/money/plan")
def plan():
    """Return the fewest payments that settle every balance, per currency."""
    _reader()
    return {"books": [{"currency": currency, "plan": _plan(book, name)} for currency, book, name in _books()]}


@bp.get("/api/money/pairs")
def pairs():
    """Return who owes whom pair by pair, the largest first, a page at a time (?page, ?per_page), per currency."""
    _reader()
    page, per_page = _number("page", 1), _number("per_page", PER_PAGE, MOST_PER_PAGE)
    found = []
    for currency, book, name in _books():
        rows = book["pairs"][(page - 1) * per_page : page * per_page]
        found.append(
            {
                "currency": currency,
                "total": len(book["pairs"]),
                "pages": money_lines.pages(len(book["pairs"]), per_page),
                "pairs": [
                    {"from": name(debtor), "to": name(creditor), "cents": cents, "amount": _amount(cents)}
                    for debtor, creditor, cents in rows
                ],
            }
        )
    return {"page": page, "per_page": per_page, "books": found}


def _payment(row):
    return {
        "id": row["id"],
        "from": names.without_controls(row["payer_name"]),
        "to": names.without_controls(row["payee_name"]),
        "cents": row["cents"],
        "amount": _amount(row["cents"]),
        "currency": row["currency"],
        "paid_on": row["paid_on"],
        "recorded": row["created"],
        "undone": row["undone"],
    }


@bp.route("/api/money/payments", methods=["GET", "POST"])
def payments():
    """Return the payments recorded, newest first, undone ones too, a page at a time (?page, ?per_page); or record
    one (POST)."""
    if request.method == "POST":
        return record_payment()
    _reader()
    db = store.get_db()
    page, per_page = _number("page", 1), _number("per_page", PER_PAGE, MOST_PER_PAGE)
    total = store.count_payments(db)
    return {
        "page": page,
        "per_page": per_page,
        "total": total,
        "pages": money_lines.pages(total, per_page),
        "payments": [_payment(row) for row in store.payment_log(db, per_page, (page - 1) * per_page)],
    }


def record_payment():
    """Record a payment {"from", "to", "amount" (a decimal string or number), "currency", "paid_on"} → 201."""
    db = store.get_db()
    body = json_body("a payment")
    if not isinstance(body, dict):
        raise ApiError(422, 'a payment is a JSON object: {"from", "to", "amount", "currency", "paid_on"}')
    roster = money_actions.roster(db)
    amount = _decimal(body.get("amount"))
    try:
        payer, payee, cents, paid_on = money_actions.checked_payment(
            roster, body.get("from"), body.get("to"), amount, body.get("currency") or "", body.get("paid_on")
        )
    except money_actions.Refused as refused:
        raise ApiError(
            422, word(refused.message), {"payer": "from", "payee": "to"}.get(refused.field, refused.field)
        ) from None
    if not money_actions.may_handle(payer, payee):
        raise ApiError(
            403,
            "only the payer, the payee (from their member link) or the owner (the owner key as "
            "Authorization: Bearer <key>) may record this payment",
        )
    payment_id = store.record_payment(db, roster[payer], roster[payee], cents, body["currency"], paid_on)
    return {"payment": _payment(store.get_payment(db, payment_id))}, 201


def _decimal(typed):
    """The amount a body gives (a JSON number, or a string of digits with a decimal point: "8.20"), or None."""
    if isinstance(typed, bool) or not isinstance(typed, (str, int, float)):
        return None
    text = str(typed).strip()
    return Decimal(text) if AMOUNT.fullmatch(text) else None


@bp.post("/api/money/payments/<int:payment_id>/undo")
def undo_payment(payment_id):
    """Undo a payment (it stays in the log, marked undone); 409 when it was undone already."""
    db = store.get_db()
    found = store.get_payment(db, payment_id) if payment_id < 2**62 else None  # SQLite's integers end there
    if found is None:
        raise ApiError(404, f"no payment {payment_id}", "id")
    if not money_actions.may_handle(found["payer"], found["payee"]):
        raise ApiError(
            403,
            "only the payer, the payee (from their member link) or the owner (the owner key as "
            "Authorization: Bearer <key>) may undo this payment",
        )
    if not store.undo_payment(db, payment_id):
        raise ApiError(409, f"payment {payment_id} was undone already", "id")
    return {"payment": _payment(store.get_payment(db, payment_id))}


LEDGER_COLUMNS = ("day", "kind", "game_or_payment", "from", "to", "amount", "currency", "undone")


@bp.get("/money/ledger.csv")
def ledger_csv():
    """Give the ledger as CSV, in the order the balances take it: each game's money and each payment."""
    _reader()
    db = store.get_db()

    def lines():
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(LEDGER_COLUMNS)
        for number, (_at, day, kind, ref, payer, payee, cents, currency, undone) in enumerate(store.ledger_rows(db)):
            writer.writerow(
                [
                    day,
                    kind,
                    ref,
                    neutralise(names.without_controls(payer)),
                    neutralise(names.without_controls(payee)),
                    _amount(cents),
                    currency,
                    undone or "",
                ]
            )
            if number % 500 == 0:
                yield out.getvalue()
                out.seek(0)
                out.truncate()
        yield out.getvalue()

    return Response(lines(), mimetype="text/csv", headers={"Content-Disposition": 'attachment; filename="ledger.csv"'})
