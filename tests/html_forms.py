"""Submit a page's form as a browser would: its defaults, the fields given, the button pressed."""

import re
from html.parser import HTMLParser

from werkzeug.datastructures import MultiDict


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__()
        self.forms, self._select, self._option = [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action"), "fields": [], "selects": {}})
        if not self.forms:
            return
        form = self.forms[-1]
        if tag == "input" and a.get("name") and "disabled" not in a:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    form["fields"].append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button"):
                form["fields"].append((a["name"], a.get("value", "")))
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
            form["selects"][self._select] = None
        elif tag == "option" and self._select:
            if form["selects"][self._select] is None or "selected" in a:
                if "selected" in a or form["selects"][self._select] is None:
                    form["selects"][self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def form_data(html, index=0, action=None):
    """Return (action, list of (name, value)) for a form of the page."""
    parser = _Forms()
    parser.feed(html)
    forms = parser.forms if action is None else [f for f in parser.forms if f["action"] == action]
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
