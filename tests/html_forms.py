"""Submit a page's form as a browser would: its defaults, the fields given, the button pressed."""

import re
from html import unescape

from werkzeug.datastructures import MultiDict

# The app's own markup, read by what a form sends: the form, input, select and option tags, outside the scripts and
# comments (a regular expression, not html.parser: the tests read about a thousand pages, the setup page 36 KB).
# Attribute values are escaped by Jinja and WTForms, so no quoted value holds a ">".
_HIDDEN = re.compile(r"<script\b.*?</script\s*>|<!--.*?-->", re.S | re.I)
_TAG = re.compile(r"<(form|input|select|/select|option)\b([^>]*)>", re.I)
_ATTRIBUTE = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")


def _attributes(text):
    return {
        name.lower(): unescape(double or single or bare or "")
        for name, double, single, bare in _ATTRIBUTE.findall(text)
    }


def _forms(html):
    forms, select = [], None
    for tag, text in _TAG.findall(_HIDDEN.sub("", html)):
        tag = tag.lower()
        a = _attributes(text)
        if tag == "form":
            forms.append({"action": a.get("action"), "fields": [], "selects": {}})
        if not forms:
            continue
        form = forms[-1]
        if tag == "input" and a.get("name") and "disabled" not in a:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    form["fields"].append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button"):
                form["fields"].append((a["name"], a.get("value", "")))
        elif tag == "select" and a.get("name"):
            select = a["name"]
            form["selects"][select] = None
        elif tag == "/select":
            select = None
        elif tag == "option" and select and (form["selects"][select] is None or "selected" in a):
            form["selects"][select] = a.get("value", "")
    return forms


def form_data(html, index=0, action=None):
    """Return (action, list of (name, value)) for a form of the page."""
    forms = _forms(html)
    forms = forms if action is None else [f for f in forms if f["action"] == action]
    form = forms[index]
    fields = form["fields"] + [(k, v) for k, v in form["selects"].items() if v is not None]
    return form["action"], fields


def submit(client, url, fields=None, index=0, action=None, unset=()):
    """GET url, then POST its form with the given fields replacing the defaults."""
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    form_action, defaults = form_data(page.get_data(as_text=True), index, action)
    fields = dict(fields or {})
    data = [(k, v) for k, v in defaults if k not in fields and k not in unset]
    for key, value in fields.items():
        for item in value if isinstance(value, list) else [value]:
            data.append((key, str(item)))
    return client.post(form_action or url, data=MultiDict(data))


def csrf_of(client):
    """The form token of the client's session, from the lightest page with a form (the owner's sign-in)."""
    page = client.get("/owner").get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)[1]
