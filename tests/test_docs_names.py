"""The reference docs name only what is: every file, folder, module, constant and function they put in `code`
exists, the numbers they state are the code's, their lists of migrations and fixtures are complete, and their
links lead somewhere.

History and reasoning live in docs/decisions/ (records of their day: they may name what has since gone)."""

import ast
import functools
import importlib
import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from scorekeeper import create_app, store

ROOT = Path(__file__).resolve().parent.parent
# RULES.md is the rule book's copy: the seed documents it cites are not in this repository.
REFERENCE = sorted(path for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")] if path.name != "RULES.md")
# Where a doc's relative path may start: the repository, the package, the templates, the static files.
LEFT_BY_RUNS = {"node_modules", "__pycache__", "test-artifacts"}
BASES = [ROOT, ROOT / "scorekeeper", ROOT / "templates", ROOT / "scorekeeper" / "static", ROOT / "tests"]
EXTENSIONS = (".py", ".html", ".js", ".css", ".md", ".json", ".txt", ".toml", ".svg", ".po", ".pot", ".cfg")
NOT_OURS = (
    "test-artifacts/",
    "instance/",
    "node_modules",
    ".venv",
    "http",
    "/api/",
    "seeds/",
    "<",
    "*",
    "~",
    "EXPORT",
    "GAME",
    "EVENT",
    "SHEET",
    "/tmp",
    "/etc",
    "/usr",
    "/var",
    ".local",
)
MODULES = {path.stem for path in (ROOT / "scorekeeper").rglob("*.py")} | {
    path.name for path in (ROOT / "scorekeeper").rglob("*") if path.is_dir()
}


def code_spans(path):
    text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
    return set(re.findall(r"`([^`\n]+)`", text))


def is_path(span):
    """A file or folder of ours: not a URL (`/sw.js`), an extension (`.po`), a placeholder (`views/NAME.py`)."""
    return (
        " " not in span
        and not span.startswith(("/", ".", "_"))
        and not re.search(r"[A-Z]{4}", span)
        and span not in {"config.py", "settlement.pot"}
        and not any(mark in span for mark in NOT_OURS)
        and (span.endswith(EXTENSIONS) or (span.endswith("/") and "/" in span[:-1]))
    )


@functools.cache
def project_names():
    """The name of every file and folder of the project: not the environment's (.venv, node_modules) nor what a
    run leaves (caches, artifacts), which other test workers change while this walks."""
    names = set()
    for _folder, folders, files in os.walk(ROOT):
        folders[:] = [name for name in folders if not name.startswith(".") and name not in LEFT_BY_RUNS]
        names.update(folders, files)
    return names


def exists(span):
    span = span.split(":")[0].split("#")[0]
    if "/" not in span:
        return span in project_names()
    return any((base / span).exists() for base in BASES)


def named_constant(span):
    """`module.CONSTANT` (a module of the package, a constant in capitals): the module must hold it."""
    match = re.fullmatch(r"([a-z_]+(?:\.[a-z_]+)*)\.([A-Z][A-Z0-9_]+)", span)
    return match.groups() if match else None


def resolve(module, name):
    candidates = [f"scorekeeper.{module}"] + [
        ".".join(("scorekeeper", *path.relative_to(ROOT / "scorekeeper").with_suffix("").parts))
        for path in (ROOT / "scorekeeper").rglob(f"{module.split('.')[-1]}.py")
    ]
    for candidate in candidates:
        try:
            if hasattr(importlib.import_module(candidate), name):
                return True
        except ImportError:
            continue
    return False


@pytest.mark.parametrize("doc", REFERENCE, ids=lambda path: path.name)
def test_every_path_a_doc_names_exists(doc):
    missing = sorted(span for span in code_spans(doc) if is_path(span) and not exists(span))
    assert not missing, f"{doc.name} names files that do not exist: {missing}"


@pytest.mark.parametrize("doc", REFERENCE, ids=lambda path: path.name)
def test_every_constant_a_doc_names_is_where_it_says(doc):
    wrong = []
    for span in code_spans(doc):
        named = named_constant(span)
        if named and named[0].split(".")[0] in MODULES | {"pdf"} and not resolve(*named):
            wrong.append(span)
    assert not wrong, f"{doc.name} names constants that are not there: {sorted(wrong)}"


# Names that are also record keys or table names (`rules.currency`, `games.next_game`): a call is checked, not these.
KEYS_TOO = {"rules", "games", "evenings", "results", "store"}


@pytest.mark.parametrize("doc", REFERENCE, ids=lambda path: path.name)
def test_every_function_a_doc_names_is_where_it_says(doc):
    """`module.function` or `module.function(...)`: the module of the package holds it."""
    wrong = []
    for span in code_spans(doc):
        match = re.fullmatch(r"([a-z_]+(?:\.[a-z_]+)*)\.([a-z_][a-z0-9_]*)(\(.*\))?", span)
        if (
            match
            and not is_path(span)
            and match[1].split(".")[0] in MODULES
            and (match[3] or match[1].split(".")[0] not in KEYS_TOO)
            and not resolve(match[1], match[2])
        ):
            wrong.append(span)
    assert not wrong, f"{doc.name} names functions that are not there: {sorted(wrong)}"


# ---- numbers and lists a doc states that the code defines -------------------------------------------

MB = 1024 * 1024


def _code(path, name):
    """A constant (or an object's attribute, `name` with dots) of a module of the package."""
    value = importlib.import_module(f"scorekeeper.{path}")
    for part in name.split("."):
        value = getattr(value, part)
    return value


# (doc, the phrase with {} where the number stands, the number in the code). A number is written as the docs
# write it: 2,000 and 1,000,000 with commas.
NUMBERS = [
    (
        "README.md",
        "scores any of {} documented systems",  # and the table's own formula
        lambda app: sum(not system.typed_formula for system in _code("rules", "SYSTEMS")),
    ),
    (
        "engineering.md",
        "bounded in\nbytes (`cache.kept.MAX_BYTES`, {} MB)",
        lambda app: _code("cache.kept", "MAX_BYTES") // MB,
    ),
    ("engineering.md", "a third waits {} s", lambda app: _code("printing.render", "RENDER_SLOTS.wait")),
    ("engineering.md", "`MAX_CONTENT_LENGTH` ({} MB", lambda app: app.config["MAX_CONTENT_LENGTH"] // MB),
    ("engineering.md", "`FOLLOW_POLL_MS` (app config, {} ms)", lambda app: app.config["FOLLOW_POLL_MS"]),
    ("deploy.md", "`FOLLOW_POLL_MS` (in `instance/config.py`, default {})", lambda app: app.config["FOLLOW_POLL_MS"]),
    ("deploy.md", "asks every {} ms", lambda app: app.config["FOLLOW_POLL_MS"]),
    ("capacity.md", "`If-None-Match` every {} ms", lambda app: app.config["FOLLOW_POLL_MS"]),
    ("capacity.md", "[--threads {}]", lambda app: _code("serving.server", "THREADS")),
    ("capacity.md", "[--connections {}]", lambda app: str(_code("serving.server", "CONNECTIONS"))),
    ("deploy.md", "at most {} players", lambda app: _code("rules.game.limits", "MAX_PLAYERS")),
    ("deploy.md", "{} hands,", lambda app: _code("rules.game.limits", "MAX_HANDS")),
    ("deploy.md", "names of {} characters", lambda app: _code("rules.game.limits", "MAX_NAME")),
    ("deploy.md", "{} MB of JSON", lambda app: _code("rules.game.limits", "MAX_RECORD_BYTES") // 1_000_000),
    ("deploy.md", "{} levels of nesting", lambda app: _code("rules.game.limits", "MAX_DEPTH")),
    ("deploy.md", "payout 0 to {}", lambda app: _code("rules.game.limits", "MAX_MONEY")),
    ("deploy.md", "starting totals ±{}", lambda app: _code("rules.game.limits", "MAX_POINTS")),
    ("deploy.md", "system options ±{}", lambda app: _code("rules.game.limits", "MAX_OPTION")),
    ("deploy.md", "at most {} rows in all copies", lambda app: _code("printing.params", "MAX_SHEET_ROWS")),
    ("deploy.md", "Uploads are limited to {} MB", lambda app: app.config["MAX_CONTENT_LENGTH"] // MB),
    ("deploy.md", "`Retry-After: {}`", lambda app: _code("web.error_pages", "BUSY_RETRY_SECONDS")),
    ("deploy.md", "busy timeout {} s", lambda app: _code("store.db", "BUSY_SECONDS")),
    ("deploy.md", "[--threads {}]", lambda app: _code("serving.server", "THREADS")),
    ("deploy.md", "[--connections {}]", lambda app: str(_code("serving.server", "CONNECTIONS"))),  # as typed
    ("deploy.md", "| `--threads` | {} |", lambda app: _code("serving.server", "THREADS")),
    ("deploy.md", "| `--connections` | {} |", lambda app: _code("serving.server", "CONNECTIONS")),
    ("cli.md", "sheets take 2 to {} players", lambda app: _code("printing.params", "MAX_PLAYERS")),
    ("cli.md", "names of at most {} characters", lambda app: _code("printing.params", "MAX_NAME")),
    ("cli.md", "1 to {} copies", lambda app: _code("printing.params", "MAX_COPIES")),
    ("cli.md", "at most {} rows in all", lambda app: _code("printing.params", "MAX_SHEET_ROWS")),
    ("playing.md", "a page of {} at a time", lambda app: _code("views.evenings", "EVENINGS_PAGE_SIZE")),
    ("playing.md", "at most {} characters on one line", lambda app: _code("rules.game.limits", "MAX_NOTE")),
    ("playing.md", "and {} hands on a page", lambda app: _code("printing.params", "MAX_ROWS")),
    ("rule-decisions.md", "exact up to {} people", lambda app: _code("rules.money.payments", "EXACT_PAYMENT_LIMIT")),
    ("rule-decisions.md", "at most {} hands per page", lambda app: _code("printing.params", "MAX_ROWS")),
    ("rule-decisions.md", "Blank sheets take 2 to {} players", lambda app: _code("printing.params", "MAX_PLAYERS")),
    ("rule-decisions.md", "names of at most {} characters", lambda app: _code("printing.params", "MAX_NAME")),
    ("rule-decisions.md", "1 to {} copies", lambda app: _code("printing.params", "MAX_COPIES")),
    ("rule-decisions.md", "at most {} mm a row", lambda app: int(_code("printing.layout", "BLANK_MAX_ROW_H"))),
    ("rule-decisions.md", "rows of at most {} mm", lambda app: int(_code("printing.layout", "MAX_ROW_H"))),
    ("rule-decisions.md", "the fewest decks, up to {}", lambda app: _code("rules.game.plan", "MAX_DECKS")),
    ("rule-decisions.md", "most {} characters, one line", lambda app: _code("rules.game.limits", "MAX_NOTE")),
    ("writes.md", "its busy timeout ({} s)", lambda app: _code("store.db", "BUSY_SECONDS")),
    ("deploy.md", "| a game's history | {} entries |", lambda app: _code("store.log", "MAX_HISTORY")),
    ("deploy.md", "| penalties on one hand | {} |", lambda app: _code("rules.game.limits", "MAX_PENALTIES")),
    (
        "deploy.md",
        "| {} characters | `rules.game.limits.MAX_TYPED_LIST` |",
        lambda app: _code("rules.game.limits", "MAX_TYPED_LIST"),
    ),
    ("deploy.md", "| {} bytes of JSON in all", lambda app: _code("rules.game.limits", "MAX_UNKNOWN_BYTES")),
    (
        "deploy.md",
        "the reason's first line, cut to {} characters",
        lambda app: _code("rules.game.limits", "MAX_REASON"),
    ),
    ("deploy.md", "History shows it {} entries a page", lambda app: _code("views.table.history", "HISTORY_PAGE_SIZE")),
    (
        "deploy-security.md",
        "`STAKE_CEILING` in `instance/config.py` (default {})",
        lambda app: app.config["STAKE_CEILING"],
    ),
    ("deploy-security.md", '`BROWSER_WRITE_BUDGET = "{}"`', lambda app: app.config["BROWSER_WRITE_BUDGET"]),
    ("deploy-security.md", '`ADDRESS_WRITE_BUDGET = "{}"`', lambda app: app.config["ADDRESS_WRITE_BUDGET"]),
    ("deploy-security.md", '`FREE_SPACE_FLOOR = "{}"`', lambda app: app.config["FREE_SPACE_FLOOR"]),
    (
        "deploy-security.md",
        "plus {}\n  (`web.write_budgets.WRITE_OVERHEAD`",
        lambda app: _code("web.write_budgets", "WRITE_OVERHEAD"),
    ),
    ("capacity.md", "the tap p99 is at most {} ms", lambda app: round(room_targets()["tap p99"] * 1000)),
    ("capacity.md", "within {} s at the median", lambda app: round(room_targets()["seen median"])),
    ("capacity.md", "and {} s at worst, in the room in play", lambda app: round(room_targets()["seen worst"])),
    ("capacity.md", "The first {} s, while every phone opens", lambda app: bench_room_constant("OPENING_SECONDS")),
    ("testing.md", "`quick` ({} examples, the default)", lambda app: settings.get_profile("quick").max_examples),
    ("testing.md", "`ci` ({})", lambda app: settings.get_profile("ci").max_examples),
    ("testing.md", "`thorough` ({})", lambda app: settings.get_profile("thorough").max_examples),
]


def bench_room_constant(name):
    """A constant of bench/bench_room.py, read from its text (the benchmark is a script, not a module)."""
    text = (ROOT / "bench" / "bench_room.py").read_text()
    return ast.literal_eval(re.search(rf"^{name} = (.+?)(?:  #.*)?$", text, re.M)[1])


def room_targets():
    return bench_room_constant("TARGETS")


@pytest.fixture(scope="module")
def app_as_configured(tmp_path_factory, migrated_database):
    """The app with its own defaults (the `app` fixture's followers poll faster, for the tests)."""
    folder = tmp_path_factory.mktemp("docs")
    shutil.copyfile(migrated_database, folder / "docs.db")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCOREKEEPER_INSTANCE", str(folder))
        app = create_app({"DATABASE": str(folder / "docs.db"), "SECRET_KEY": "docs"})
    yield app
    store.close(app)


def written(number):
    return f"{number:,}" if isinstance(number, int) else str(number)


@pytest.mark.parametrize("doc, phrase, number", NUMBERS, ids=[f"{doc}: {phrase}" for doc, phrase, _ in NUMBERS])
def test_a_number_a_doc_states_is_the_codes(app_as_configured, doc, phrase, number):
    path = ROOT / doc if doc == "README.md" else ROOT / "docs" / doc
    text = " ".join(path.read_text().split())  # a phrase may be wrapped over two lines
    with app_as_configured.app_context():
        expected = " ".join(phrase.format(written(number(app_as_configured))).split())
    assert expected in text, f"{doc} should say {expected!r} (the code's number): it says otherwise or not at all"


@pytest.mark.parametrize("doc", REFERENCE, ids=lambda path: path.name)
def test_a_number_beside_a_constant_is_the_constants(doc):
    """`module.CONSTANT` (N ...): N is the constant's value."""
    wrong = []
    for name, number in re.findall(r"`([a-z_.]+\.[A-Z][A-Z0-9_]+)` \((\d[\d,]*(?:\.\d+)?)", doc.read_text()):
        module, constant = name.rsplit(".", 1)
        value = _code(module, constant)
        if written(value) != number:
            wrong.append(f"{name} is {written(value)}, not {number}")
    assert not wrong, f"{doc.name}: {wrong}"


def test_storage_lists_every_schema_step_and_backfill():
    steps = {
        name
        for module in ("migrations", "backfills")
        for name in vars(importlib.import_module(f"scorekeeper.store.{module}"))
        if re.fullmatch(r"[mb]\d{3}_\w+", name)
    }
    listed = set(re.findall(r"^\| `([mb]\d{3}_\w+)` \|", (ROOT / "docs" / "storage.md").read_text(), re.M))
    assert listed == steps, f"storage.md's steps and backfills: missing {steps - listed}, gone {listed - steps}"


def test_storage_lists_every_database_fixture_with_its_commit():
    fixtures = ROOT / "tests" / "fixtures" / "databases"
    versions = dict(re.findall(r'^\s+"(v\d+_\w+)": "([^"]+)"', (fixtures / "make.py").read_text(), re.M))
    storage = (ROOT / "docs" / "storage.md").read_text()
    listed = dict(re.findall(r"^\| `(v\d+_\w+)\.sqlite` \| `([^`]+)` \|", storage, re.M))
    assert listed == versions
    assert set(versions) == {path.stem for path in fixtures.glob("*.sqlite")}


def test_every_decision_record_is_listed_and_says_context_decision_consequences():
    decisions = ROOT / "docs" / "decisions"
    index = (decisions / "README.md").read_text()
    records = sorted(decisions.glob("[0-9][0-9][0-9][0-9]-*.md"))
    assert [path.name[:4] for path in records] == [f"{number:04d}" for number in range(1, len(records) + 1)]
    for path in records:
        assert f"]({path.name})" in index, f"decisions/README.md does not list {path.name}"
        text = path.read_text()
        assert all(f"\n## {part}\n" in text for part in ("Context", "Decision", "Consequences")), path.name


@pytest.mark.parametrize(
    "doc", [*REFERENCE, *sorted((ROOT / "docs" / "decisions").glob("*.md"))], ids=lambda path: path.name
)
def test_every_link_between_the_docs_leads_somewhere(doc):
    """A relative link names a file that exists, and its #anchor a heading of that file."""
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", doc.read_text()):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (doc.parent / path).resolve() if path else doc
        if not linked.exists():
            broken.append(target)
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(target)
    assert not broken, f"{doc.name} links to what is not there: {broken}"


def anchors(path):
    """GitHub's anchors of a Markdown file's headings."""
    headings = re.findall(r"^#+ (.+)$", re.sub(r"```.*?```", "", path.read_text(), flags=re.S), re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}
