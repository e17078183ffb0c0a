"""Time what a follower's phone asks for, against a bare "hello" route in the same process.

The read-only link /games/<id> of the 7-player, 25-hand game (tests/games/seven_players_25_hands.json)
has a target of at most 2 x hello; the revision poll followers send every few seconds at most 1.5 x.
Run: .venv/bin/python bench/bench_read.py
"""

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, rules, store  # noqa: E402

GAME = ROOT / "tests" / "games" / "seven_players_25_hands.json"
REQUESTS = 300
REPEATS = 7


def best_times(client, urls):
    """Return each url's best mean seconds per GET over REPEATS runs, the urls taking turns."""
    for url in urls:
        for _ in range(20):
            assert client.get(url).status_code == 200, url
    best = dict.fromkeys(urls, float("inf"))
    for _ in range(REPEATS):
        for url in urls:
            start = time.perf_counter()
            for _ in range(REQUESTS):
                client.get(url)
            best[url] = min(best[url], (time.perf_counter() - start) / REQUESTS)
    return [best[url] for url in urls]


def rows():
    """Return (what, ms, ratio to hello, target) for the read-only game page and the revision poll."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.db"), "SECRET_KEY": "bench"})
        app.add_url_rule("/hello", "hello", lambda: "hello")
        record = rules.dump(rules.load(GAME.read_text()))
        with app.app_context():
            game_id, _key = store.create_game(store.get_db(), record)
        client = app.test_client()  # no edit cookie: the read-only link
        hello, page, poll = best_times(client, ["/hello", f"/games/{game_id}", f"/games/{game_id}/revision"])
        store.close(app)
    return [("hello route", hello, 1.0, None),
            ("read-only /games/<id>, 7 x 25", page, page / hello, 2.0),
            ("revision poll", poll, poll / hello, 1.5)]


def main():
    failed = False
    for what, seconds, ratio, target in rows():
        verdict = "" if target is None else f"target <= {target:g}: {'ok' if ratio <= target else 'MISSED'}"
        failed |= target is not None and ratio > target
        print(f"{what:<34} {seconds * 1e3:8.3f} ms  {ratio:6.2f} x hello  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    main()
