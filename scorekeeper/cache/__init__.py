"""The one cache: what any layer keeps between requests (loaded games, pages and their gzip, followers' answers,
PDFs, the money's book), bounded in bytes and keyed by the database's generation (kept.py).

May import: the standard library only. Every layer above the engine may import it; the engine keeps nothing."""
