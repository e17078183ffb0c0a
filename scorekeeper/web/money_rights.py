"""Who may handle whose money (issue 41, RULES.md "Whose games count"): the one rule every money path asks (the
money page's forms, the settle-up pages of a game and of an evening, their EPC codes, and anything that records
a payment or gives an IBAN).

A payment between payer and payee is recorded or undone by the payer, the payee or the owner; a payee's IBAN is
given by the payee or the owner (ask with payer = payee), and shown on a line payer to payee to the payer, the
payee and the owner. Who "the payer" is comes from the device's identity (web/members.py), never from a game's
edit or seat cookie: anyone may start a game with anyone's names."""

from scorekeeper import store


def may_handle_money(identity, payer, payee):
    """True when `identity` (web.members.identity()) may handle the money between `payer` and `payee` (names or
    player keys): the owner, or the member who is one of the two."""
    if identity.kind == "owner":
        return True
    if identity.kind != "member" or not identity.key:
        return False
    key_of = store.keyer(store.get_db())  # a spelling the owner merged into the member is theirs
    return identity.key in {key_of(payer or ""), key_of(payee or "")}
