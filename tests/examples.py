"""How many examples a property test tries: the profile decides (tests/conftest.py: `quick` at the desk, `ci` in
`make test`, `thorough` for a night), never the test. A property whose every example is cheap (the engine alone)
takes the profile's count as it is; one whose every example costs a request or a walk takes a share of it, named
here once, so that the same share runs more examples at night and fewer at the desk."""

from hypothesis import settings

# Set by tests/conftest.py before any test module is imported.
PROFILE = settings.default.max_examples


def share(fraction):
    return max(3, round(PROFILE * fraction))


# Each example is one or a few requests to the app (a form posted, an API call, a page read back).
REQUESTS = share(0.4)
# Each example is a whole walk: a fresh instance or database, a live server's stateful run, a schemathesis case
# over HTTP, a game played through every step.
WALKS = share(0.15)
