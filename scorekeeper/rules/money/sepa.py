"""Paying in euros by SEPA transfer (RULES.md, "Paying in euros"): a payee's IBAN checked with its checksum and
its country's format (never against a registry of banks, which does not know every bank), refused outside the
SEPA scheme, the BIC where the scheme asks for one (outside the EEA), the account holder's name as the bank knows
it, and the text of the EPC QR code (EPC069-12, version 002, SEPA credit transfer) of a payment.
"""

from stdnum import bic as bic_checks
from stdnum import iban as iban_checks
from stdnum.exceptions import ValidationError

from ..game import names
from ..said import said

# The SEPA scheme's countries by the country code their IBANs start with (EPC409-09, the EPC's list of countries
# in the SEPA schemes' geographical scope, 41 countries as of 2025). Inside the EEA a transfer needs no BIC.
SEPA_EEA = frozenset(
    "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK".split()
)
# Outside the EEA the scheme asks for the payee bank's BIC (Switzerland, the United Kingdom with Gibraltar and
# the Crown Dependencies, the microstates, and the Western Balkans and Moldova since 2024-2025).
SEPA_OUTSIDE_EEA = frozenset("AD AL CH GB GG GI IM JE MC MD ME MK RS SM VA".split())
SEPA = SEPA_EEA | SEPA_OUTSIDE_EEA

HOLDER = 70  # the EPC code's limits: the payee's name, the remittance text, the whole code in bytes
REMITTANCE = 140
CODE_BYTES = 331
MOST_CENTS = 99_999_999_999  # EUR 999,999,999.99, the most a code carries


class IbanError(ValueError):
    """An IBAN, a BIC or an account holder's name a SEPA transfer cannot use; the message says what to fix."""


def checked_iban(text):
    """Return the IBAN compact and upper case ("NL91ABNA0417164300"), checked with its checksum and its country's
    format, in a SEPA country; or raise IbanError saying why."""
    compact = iban_checks.compact(text or "")
    if not compact:
        raise IbanError(said("type the IBAN, like %(example)s", example="NL91 ABNA 0417 1643 00"))
    try:
        compact = iban_checks.validate(compact, check_country=False)  # the checksum and the format, no bank list
    except ValidationError:
        raise IbanError(
            said(
                "%(iban)s is not an IBAN: its check digits or its length do not match; check it letter by letter",
                iban=names.without_controls(iban_checks.format(compact))[:50],
            )
        ) from None  # shown back: no controls
    if compact[:2] not in SEPA:
        raise IbanError(
            said(
                "%(iban)s is an account in a country outside the SEPA scheme (%(country)s): a euro "
                "transfer code cannot pay it",
                iban=iban_checks.format(compact),
                country=compact[:2],
            )
        )
    return compact


def grouped(iban):
    """The IBAN as people read it, in groups of four: "NL91 ABNA 0417 1643 00"."""
    return iban_checks.format(iban)


def needs_bic(iban):
    """True when a transfer to the IBAN needs the payee bank's BIC: a SEPA country outside the EEA."""
    return iban[:2] in SEPA_OUTSIDE_EEA


def checked_bic(text, iban):
    """Return the BIC upper case ("WESTGB2L"), or "" where the scheme needs none and none is given; raise IbanError
    when the IBAN's country needs one and none is given, or the BIC is not one."""
    compact = "".join((text or "").split()).upper()
    if not compact:
        if needs_bic(iban):
            raise IbanError(
                said(
                    "an account in %(country)s is paid with its bank's BIC (8 or 11 letters and digits, "
                    "on the bank statement): type it too",
                    country=iban[:2],
                )
            )
        return ""
    try:
        return bic_checks.validate(compact)
    except ValidationError:
        raise IbanError(
            said(
                "%(bic)s is not a BIC: a BIC has 8 or 11 letters and digits, like %(example)s",
                bic=names.without_controls(compact)[:20],
                example="RABONL2U",
            )
        ) from None


def checked_holder(text):
    """Return the account holder's name as a transfer carries it, or raise IbanError."""
    if not (text or "").strip():
        raise IbanError(said("type the name on the account, as the bank knows it"))
    try:
        holder = names.player_name(text or "", "holder")
    except names.RecordError as error:
        raise IbanError(said("the account holder's name %(problem)s", problem=error.message)) from None
    if len(holder) > HOLDER:
        raise IbanError(said("the account holder's name has at most %(most)d characters", most=HOLDER))
    return holder


def epc_text(holder, iban, bic, cents, remittance):
    """The text of the EPC QR code that pays `cents` euro cents to the IBAN, or None where no code can (the amount
    outside EUR 0.01 to 999,999,999.99, an IBAN outside SEPA, a BIC missing where the scheme needs one).

    Version 002, character set 1 (UTF-8), credit transfer; the amount with two decimals ("EUR8.20"); the
    remittance as unstructured text; no line feed after the last element."""
    if not 1 <= cents <= MOST_CENTS or iban[:2] not in SEPA or (needs_bic(iban) and not bic):
        return None
    remittance = " ".join(str(remittance).split())[:REMITTANCE]
    lines = [
        "BCD",
        "002",
        "1",
        "SCT",
        bic or "",
        " ".join(holder.split())[:HOLDER],
        iban,
        f"EUR{cents // 100}.{cents % 100:02d}",
        "",
        "",
        remittance,
    ]
    text = "\n".join(lines)
    while len(text.encode()) > CODE_BYTES and remittance:  # the whole code fits 331 bytes: the text gives way
        remittance = remittance[:-1]
        lines[-1] = remittance
        text = "\n".join(lines)
    return text
