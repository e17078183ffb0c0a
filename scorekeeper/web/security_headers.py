"""The headers every answer carries: the content security policy, and on https the Secure cookies and HSTS."""

from flask import current_app, request

# Scripts and styles come from our own static files only; inline style attributes stay allowed
# (the charts' SVG and a few layout tweaks), inline script never.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; frame-src 'self' blob:; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}

# Sent only on answers that came over https through the trusted proxy: a browser then refuses plain http
# to this name for a year (no includeSubDomains: the domain's other sites are not ours to decide).
STRICT_TRANSPORT_SECURITY = "max-age=31536000"


def security_headers(response):
    """Add the headers every answer carries."""
    for header, value in SECURITY_HEADERS.items():
        response.headers.setdefault(header, value)
    if request.is_secure:  # behind the TLS proxy: every cookie, edit keys included, only over https
        cookies = response.headers.getlist("Set-Cookie")
        response.headers.setlist("Set-Cookie", [c if "; Secure" in c else c + "; Secure" for c in cookies])
        if current_app.config.get("PROXY"):
            response.headers.setdefault("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
    return response
