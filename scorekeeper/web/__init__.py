"""The web app's parts below the views: forms, the setup form, the request's language, the owner, rate limits,
QR codes for links; a form's write, the screen it leads to, the edit key, refusals in words; the error pages,
the security headers, the template globals. A tap applied once is scorekeeper.taps, beside this package.

May import: scorekeeper.serving, scorekeeper.text, scorekeeper.store, scorekeeper.rules, scorekeeper.cache. Never
printing, a tap or a view."""
