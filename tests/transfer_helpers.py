"""A club's games file posted to the import page as the owner's browser does, and the games the store then holds."""

import io

from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from scorekeeper import store
from tests.html_forms import form_data


def count_games(app):
    with app.app_context():
        return len(store.list_games(store.get_db()))


def upload(client, content, filename="games.json", token=True):
    """Post a file to the import page as a browser does, with the page's CSRF token."""
    _action, fields = form_data(client.get("/import").get_data(as_text=True))
    data = {k: v for k, v in fields if token or k != "csrf_token"}
    data["file"] = FileStorage(io.BytesIO(content if isinstance(content, bytes) else content.encode()), filename)
    # Encoded in memory: the test client would spool a large body to a temporary file it never closes.
    boundary, body = encode_multipart(data)
    return client.post("/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")
