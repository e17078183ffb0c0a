"""The app's languages (Flask-Babel): which one a request speaks, and the switch in the gear menu.

The phone's language (Accept-Language) unless its reader chose one in the gear menu (a cookie); a game's PDF
sheets print in the language chosen for the game at setup, whoever asks (`speaking`). The catalogues are
scorekeeper/translations/<code>/LC_MESSAGES/messages.po; docs/languages.md says how to change them.
"""

import hashlib
import json
import re
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale, support
from babel.messages.extract import extract_from_dir
from babel.plural import to_javascript
from flask import current_app, has_app_context, has_request_context, request, url_for
from flask.json.provider import DefaultJSONProvider
from flask_babel import Babel, force_locale, get_locale, get_translations
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from scorekeeper.rules.said import WORDED, json_default
from scorekeeper.text import words
from scorekeeper.text.display import words_in_templates

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
# Each language in its own words, as the switch lists them. English is the catalogues' source.
LANGUAGES = {"en": "English", "nl": "Nederlands", "de": "Deutsch", "fr": "Français", "es": "Español"}
COOKIE = "lang"


def languages():
    """The languages this app speaks: code → its own name (a test may add a pseudo-locale)."""
    return current_app.config["LANGUAGES"]


def current_language():
    """Return the code of the language this request speaks: "en", "nl"..."""
    return str(get_locale())


def choose_locale():
    if request.path.startswith("/api/"):  # the JSON API's answers stay English: machines and scripts read them
        return "en"
    return reader_language(request.cookies.get(COOKIE), request.headers.get("Accept-Language"), languages())


def reader_language(chosen, accepted, codes):
    """The language a reader gets: the one chosen in the gear menu (the cookie's value), else the best of the
    phone's (the Accept-Language header) among codes, else English. Used before Flask too (responses/follow_poll.py),
    so a page kept for a language is found by every spelling of the header that resolves to it."""
    if chosen in codes:
        return chosen
    return _best_match(accepted or "", tuple(codes))


@lru_cache(maxsize=256)  # a handful of headers a room's phones send; a name is a few bytes
def _best_match(accepted, codes):
    return parse_accept_header(accepted, LanguageAccept).best_match(list(codes), default="en")


def _source():
    # Kept on the request: Flask-Babel's look-up (get_locale) costs 6 µs, and a setup page says some 450 words.
    # A request speaks one language; `speaking` says another through words.saying, which comes before this.
    if has_request_context():
        try:
            return request.words_source
        except AttributeError:
            request.words_source = _looked_up()
            return request.words_source
    return _looked_up()


def _looked_up():
    try:
        locale = get_locale()
    except RuntimeError:  # outside an app context: the CLI, a background task
        return words.ENGLISH, "en"
    if locale is None:  # no request and no app context (Flask-Babel says None): English, as the CLI
        return words.ENGLISH, "en"
    return get_translations(), str(locale)


@contextmanager
def speaking(code):
    """Say everything inside in language code (a game's PDF in the game's language); None: the reader's.

    Outside the app (the CLI's `sheet --language`) the catalogue is read from TRANSLATIONS directly."""
    if not has_app_context():
        with _catalogue(code if code in LANGUAGES else "en"):
            yield
    elif code and code in languages():
        with force_locale(code):
            spoken = _looked_up()
            with words.saying(lambda: spoken):
                yield
    else:
        yield


def _catalogue(code):
    catalogue = _compiled(code) if code != "en" else words.ENGLISH
    return words.saying(lambda: (catalogue, code))


@cache
def _compiled(code):
    """A language's compiled catalogue, read once per process (5 ms a read): the files do not change while it runs."""
    return support.Translations.load(str(TRANSLATIONS), [code])


@cache
def script_messages(static_folder):
    """The messages the browser's scripts say (their _() and ngettext() calls), found once per process."""
    found = extract_from_dir(static_folder, method_map=[("**.js", "javascript")])
    return tuple(message for _file, _line, message, _comments, _context in found)


def script_words(code):
    """Return the browser's words in language code: the script that defines _() and ngettext() for static/*.js."""
    rule = Locale.parse(code).plural_form
    with force_locale(code):
        translations = get_translations()
        singles, plurals = {}, {}
        # Only the words that differ from the English in the scripts (English itself: none; a page's first
        # load stays small): _() and ngettext() say the script's own words when a message is not here.
        samples = _plural_samples(rule)
        for message in script_messages(current_app.static_folder):
            if isinstance(message, tuple):
                singular, plural = message[:2]
                forms = {tag: translations.ungettext(singular, plural, n) for tag, n in samples.items()}
                if any(forms[tag] != (singular if n == 1 else plural) for tag, n in samples.items()):
                    plurals[singular] = forms
            elif translations.gettext(message) != message:
                singles[message] = translations.gettext(message)
    return (
        "// The words of this app's scripts in one language (i18n.py, docs/languages.md).\n"
        f"var WORDS = {json.dumps(singles, ensure_ascii=False)};\n"
        f"var PLURALS = {json.dumps(plurals, ensure_ascii=False)};\n"
        f"var PLURAL_TAG = {_plural_tag(rule) if plurals else 'null'};\n" + _SCRIPT
    )


def _plural_tag(rule):
    """The locale's plural rule in JavaScript: n -> "one", "other"... Babel's function names CLDR's compact
    exponent operand e (and c) without defining it (French, Spanish: "many" for millions); 0 for a plain count."""
    tag = to_javascript(rule)
    return f"(function () {{ var e = 0, c = 0; return {tag}; }})()" if re.search(r"\b[ec]\b", tag) else tag


def _plural_samples(rule):
    """One number for each plural form of the locale: tag ("one", "other"...) → a number of that form."""
    samples = {}
    for n in (1, 0, 2, 3, 5, 11, 21, 101, 1000000):
        samples.setdefault(rule(n), n)
    return samples


_SCRIPT = r"""function _(message, values) {
  var text = Object.prototype.hasOwnProperty.call(WORDS, message) ? WORDS[message] : message;
  return values ? text.replace(/%\((\w+)\)[sd]/g, function (all, key) { return values[key]; }) : text;
}
function ngettext(singular, plural, num, values) {
  var forms = PLURALS[singular], text = forms ? forms[PLURAL_TAG(num)] || forms.other : (num === 1 ? singular : plural);
  values = Object.assign({num: num}, values || {});
  return text.replace(/%\((\w+)\)[sd]/g, function (all, key) { return values[key]; });
}
"""


def script_url(code=None):
    """The words script's URL for code (the request's language), its hash in it: a new catalogue, a new URL."""
    code = code or str(get_locale())
    return url_for("languages.script", code=code, v=_catalogue_hash(code))


def _catalogue_hash(code):
    compiled = TRANSLATIONS / code / "LC_MESSAGES" / "messages.mo"
    try:
        return hashlib.sha256(compiled.read_bytes()).hexdigest()[:12]
    except OSError:
        return "en"


def _json_default(value):
    return json_default(value) if isinstance(value, WORDED) else DefaultJSONProvider.default(value)


def init_app(app):
    app.config.setdefault("LANGUAGES", dict(LANGUAGES))
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    Babel(app, locale_selector=choose_locale)
    app.json.default = _json_default  # the JSON API writes what the engine said in English, as it reads
    words.use(_source)
    # Templates look their words up where Python does (one look-up per request, see _source), not through
    # Flask-Babel's per-word one.
    app.jinja_env.install_gettext_callables(
        gettext=lambda message: words.catalogue().gettext(message),
        ngettext=lambda singular, plural, n: words.catalogue().ngettext(singular, plural, n),
        pgettext=lambda context, message: words.catalogue().pgettext(context, message),
        npgettext=lambda context, singular, plural, n: words.catalogue().npgettext(context, singular, plural, n),
        newstyle=True,
    )
    words_in_templates(app.jinja_env)
    app.jinja_env.globals.update(languages=languages, current_language=current_language, words_script=script_url)
    app.jinja_env.filters.update(number=words.number, date=words.date, percent=words.percent)  # money: template_globals
