"""The web app's parts below the views: forms, the setup form, the request's language, the owner, rate limits,
a tap applied once (the actions API and the seat phones), QR codes for links; a form's write, the screen it
leads to, the edit key, refusals in words; the error pages, the security headers, the template globals.

May import: scorekeeper.serving, scorekeeper.text, scorekeeper.store, scorekeeper.rules. Never printing or a view."""
