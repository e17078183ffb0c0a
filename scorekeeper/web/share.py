"""QR codes for the links the scorekeeper hands round the table, as inline SVG (no image request, no script)."""

from functools import lru_cache

from markupsafe import Markup


@lru_cache(maxsize=256)
def qr_svg(text, label):
    """Return a QR code of text as inline SVG, dark on white whatever the page's colours, named label."""
    import segno  # only the scorekeeper's sheet needs it

    label = label.unescape() if isinstance(label, Markup) else str(label)  # a template's _() is escaped already

    svg = segno.make(text, micro=False).svg_inline(scale=4, dark="#000", light="#fff", border=4, title=label)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{Markup.escape(label)}" ', 1))


def init_app(app):
    """Offer qr_svg(text, label) to the templates."""
    app.jinja_env.globals["qr_svg"] = qr_svg
