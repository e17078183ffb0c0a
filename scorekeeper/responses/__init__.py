"""How responses travel: gzip, content-hashed static URLs, ETags answered with 304 (delivery.py), and a
follower's poll and page answered before Flask by WSGI middleware (follow_poll.py).

May import: scorekeeper.web (the request's language, the security headers), serving, text, store, rules, cache.
Never printing, a tap or a view."""
