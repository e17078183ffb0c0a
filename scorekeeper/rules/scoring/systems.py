"""The scoring systems of RULES.md: the registry, SYSTEMS, in the order people read them.

Each system is declared once as data plus one small function, in the module of its family:
systems_exact.py (exact, basic and their variations), systems_golf_binary.py (golf, trick, binary, scratch) and
systems_clubs.py (the clubs' own systems and the house formula). What a system is (System, HandView, Example,
by_result) lives in system_entry.py.
"""

from ..registry import Registry
from ..said import said
from .systems_clubs import CLUBS_AND_HOUSE
from .systems_exact import EXACT_AND_BASIC
from .systems_golf_binary import GOLF_AND_BINARY

SYSTEMS = Registry(said("scoring system"), [*EXACT_AND_BASIC, *GOLF_AND_BINARY, *CLUBS_AND_HOUSE])
