"""Printable score sheets from the web: the "Print blank sheets" page, the PDF and its preview."""

from urllib.parse import urlencode

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from wtforms import BooleanField, Form, HiddenField, SelectField, StringField
from wtforms.validators import Length, NumberRange, Optional

try:
    from wtforms import SelectChoice
except ImportError:  # WTForms before 3.3 takes (value, label) pairs

    def SelectChoice(value, label):  # noqa: N802
        return (value, label)


from scorekeeper import printing, rules
from scorekeeper.web.form_fields import WholeField
from scorekeeper.web.i18n import LANGUAGES, languages, speaking
from scorekeeper.rules.game import limits
from scorekeeper.text import words
from scorekeeper.rules.scoring.presets import PRESETS
from scorekeeper.text.words import _, lazy_gettext, word

bp = Blueprint("sheets", __name__, url_prefix="/sheets")

FALSE_VALUES = ("false", "", "0", "no", "off")
# The query parameters of a blank sheet, as the command line names them (issue 4).
PARAMS = (
    "players",
    "names",
    "pattern",
    "max",
    "sizes",
    "decks",
    "system",
    "paper",
    "landscape",
    "hook",
    "hook_from",
    "copies",
    "language",
    "preset",
)


class BlankSheetForm(Form):
    """What a blank sheet is made of; the same names as the command line's options."""

    class Meta:
        def get_translations(self, form):  # WTForms' own messages ("Number must be...") in the page's language
            from wtforms.i18n import get_translations

            return get_translations([words.locale(), "en"])

    players = WholeField(lazy_gettext("Players"), default=4, validators=[NumberRange(2, printing.MAX_PLAYERS)])
    names = StringField(
        lazy_gettext("Names (optional, comma-separated)"), validators=[Optional(), Length(max=limits.MAX_TYPED_LIST)]
    )
    pattern = SelectField(
        lazy_gettext("Deal pattern"),
        default="down-up",
        validate_choice=False,
        choices=[SelectChoice(p.id, words.lazy(p.name)) for p in rules.PATTERNS],
    )
    max = WholeField(
        lazy_gettext("Largest hand N (empty: what the decks allow)"), validators=[Optional(), NumberRange(1, 104)]
    )
    sizes = StringField(
        lazy_gettext("Hand sizes (custom pattern only)"), validators=[Optional(), Length(max=limits.MAX_TYPED_LIST)]
    )
    decks = WholeField(lazy_gettext("Decks (empty: 2 from 8 players on)"), validators=[Optional(), NumberRange(1, 4)])
    system = SelectField(
        lazy_gettext("Scoring system for the rules line"),
        default="",
        validate_choice=False,
        choices=[SelectChoice("", lazy_gettext("(not printed)"))]
        + [SelectChoice(s.id, words.lazy(s.name)) for s in rules.SYSTEMS],
    )
    paper = SelectField(
        lazy_gettext("Paper"),
        default="a4",
        validate_choice=False,
        choices=[SelectChoice("a4", "A4"), SelectChoice("letter", lazy_gettext("Letter"))],
    )
    landscape = BooleanField(lazy_gettext("Landscape"), false_values=FALSE_VALUES)
    hook = BooleanField(lazy_gettext("Hook helper column (bids so far)"), false_values=FALSE_VALUES)
    hook_from = WholeField(lazy_gettext("Hook from N cards"), validators=[Optional(), NumberRange(1, 104)])
    copies = WholeField(lazy_gettext("Copies"), default=1, validators=[NumberRange(1, printing.MAX_COPIES)])
    # The sheet's language: the page's unless another is chosen (each language in its own words).
    language = SelectField(
        lazy_gettext("Language of the sheet"),
        validate_choice=False,
        choices=[SelectChoice(code, name) for code, name in LANGUAGES.items()],
    )
    # The house rules the sheet was made from (a preset's link): its rules line names them, not "House formula".
    preset = HiddenField()


def _form():
    """Return the form on the query string (defaults when there is none); the sheet speaks the page's language
    unless another is chosen."""
    form = BlankSheetForm(request.args if any(key in request.args for key in PARAMS) else None)
    form.language.choices = [SelectChoice(code, name) for code, name in languages().items()]
    if form.language.data not in languages():
        form.language.data = words.locale()
    return form


def _sheet_params(form):
    """Return printing.blank_sheet_pdf's arguments from a valid form, or None with the errors on the form."""
    if not form.validate():
        return None
    params = dict(
        players=form.players.data,
        names=form.names.data or None,
        pattern=form.pattern.data,
        max_cards=form.max.data,
        sizes=form.sizes.data or None,
        decks=form.decks.data,
        paper=form.paper.data,
        landscape=form.landscape.data,
        hook_helper=form.hook.data,
        copies=form.copies.data,
        system=form.system.data or None,
        hook_from=form.hook_from.data,
        preset=form.preset.data or None,
    )
    try:
        printing.blank_params(**params)
    except printing.SheetError as error:
        form.form_errors.append(word(error))
        return None
    return dict(params, language=form.language.data)


def _errors(form):
    """Return every error of the form as lines a player can act on."""
    lines = list(form.form_errors)
    for field in form:
        lines += [_("%(field)s: %(error)s", field=field.label.text, error=error) for error in field.errors]
    return lines


def _query(form):
    """Return the form as a query string, for links to the PDF and its preview."""
    pairs = [(name, form[name].data) for name in PARAMS]
    return urlencode(
        [(name, "1" if value is True else value) for name, value in pairs if value not in (None, "", False)]
    )


@bp.get("/")
def page():
    """Show the "Print blank sheets" form with a live preview and a Download button."""
    form = _form()
    params = _sheet_params(form)
    if params is not None and "download" in request.args:
        return redirect(url_for("sheets.blank_pdf") + "?" + _query(form) + "&dl=1")
    return _show(form, params), 200 if params is not None else 400


def _preset_links(form):
    """Return (name, query) for each preset: its pattern, N, hook and scoring for the form's players, in one tap."""
    players = form.players.data if isinstance(form.players.data, int) and 2 <= form.players.data <= 10 else 4
    links = []
    for preset in PRESETS.entries:
        made = printing.preset_params(preset.id, players)
        fields = {
            "players": players,
            "pattern": made["pattern"],
            "max": made["max_cards"],
            "sizes": ",".join(str(size) for size in made["sizes"] or ()),
            "decks": made["decks"],
            "system": made["system"],
            "hook": "1" if made["hook_helper"] else "",
            "hook_from": made["hook_from"] if made["hook_from"] > 1 else "",
            "language": form.language.data,
            "preset": made["preset"],
        }
        links.append((word(preset.name), urlencode([(k, v) for k, v in fields.items() if v not in (None, "")])))
    return links


def _card_link(params):
    """Return the house-rules card of the preset the sheet was made from, for its players; None without one."""
    if not params or not params.get("preset"):
        return None
    return url_for("house.setup_card", preset=params["preset"], players=params["players"])


def _show(form, params):
    return render_template(
        "sheets/print.html",
        form=form,
        errors=_errors(form),
        query=_query(form),
        valid=params is not None,
        png=printing.can_preview_png(),
        presets=_preset_links(form),
        card_link=_card_link(params),
    )


def _filename(params):
    """Name the blank sheet in its own language: "boerenbridge-scoreblad-5.pdf"."""
    with speaking(params.get("language")):
        return words.file_name(_("Oh Hell"), _("Sheet"), params["players"])


@bp.get("/blank.pdf")
def blank_pdf():
    """Send a blank sheet made from the query string; bad parameters get the form with their errors."""
    form = _form()
    params = _sheet_params(form)
    if params is None:
        return _show(form, None), 400
    disposition = "attachment" if request.args.get("dl") else "inline"
    return Response(
        printing.blank_sheet_pdf(**params),
        mimetype="application/pdf",
        headers={"Content-Disposition": f'{disposition}; filename="{_filename(params)}"'},
    )


@bp.get("/preview.png")
def preview_png():
    """Send the first page of the blank sheet as a small PNG, or say in one line what to fix."""
    if not printing.can_preview_png():
        abort(404)
    form = _form()
    params = _sheet_params(form)
    if params is None:
        return Response("; ".join(_errors(form)), status=400, mimetype="text/plain")
    return Response(printing.preview_png(printing.blank_sheet_pdf(**params)), mimetype="image/png")
