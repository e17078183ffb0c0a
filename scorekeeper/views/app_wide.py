"""Register on the app what every page shares: the error pages, the security headers, the bidi filter, the
template globals and filters.

No view imports another view for these: they are registered here, once. Each lives in the web layer by its job:
scorekeeper/web/error_pages.py, scorekeeper/web/security_headers.py, scorekeeper/web/template_globals.py.
"""

from flask_limiter import RateLimitExceeded
from werkzeug.exceptions import SecurityError

from scorekeeper import printing, rules
from scorekeeper.text.display import without_bidi
from scorekeeper.web import error_pages, template_globals
from scorekeeper.web.security_headers import security_headers


def init_app(app):
    """Register the error pages, the headers, the bidi filter, the template globals and the filters."""
    for code in (400, 403, 404, 405):
        app.register_error_handler(code, error_pages.error_page)
    app.register_error_handler(413, error_pages.too_large)
    app.register_error_handler(SecurityError, error_pages.untrusted_host)
    app.register_error_handler(RateLimitExceeded, error_pages.too_many)
    app.register_error_handler(printing.Busy, error_pages.busy)
    app.register_error_handler(rules.RecordError, error_pages.damaged_record)
    app.register_error_handler(500, error_pages.server_error)
    app.after_request(security_headers)
    app.context_processor(template_globals.registries)
    app.jinja_env.finalize = without_bidi
    for name, function in template_globals.FILTERS.items():
        app.add_template_filter(function, name)
    for name, function in template_globals.GLOBALS.items():
        app.add_template_global(function, name)
