"""The instance owner's browser in the test client: signed in as /owner does, with the app's own key."""

from scorekeeper.web import owner


def owner_client(app):
    """Return a test client whose session proves it is the owner (as after signing in at /owner)."""
    client = app.test_client()
    with app.test_request_context():
        proof = owner._proof(app.config["OWNER_KEY"])
    with client.session_transaction() as session:
        session["owner"] = proof
    return client


OWNER_KEY = "test owner key"
