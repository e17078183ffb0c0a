"""Writers of one process queue for the database in turn, first come first served, and none is lost."""

import threading
import time

from scorekeeper import store
from scorekeeper.store.db import writer_lock


def wait_until(condition):
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "the writers did not queue"
        time.sleep(0.001)


def test_writers_are_served_in_the_order_they_came(tmp_path):
    lock = writer_lock(tmp_path / "queue.db")
    served = []

    def writer(number):
        with lock:
            served.append(number)

    threads = []
    with lock:  # a write is under way: everyone who comes now waits
        for number in range(12):
            threads.append(threading.Thread(target=writer, args=(number,)))
            threads[-1].start()
            wait_until(lambda waiting=number + 1: len(lock._waiters) == waiting)
    for thread in threads:
        thread.join(timeout=10)
    assert served == list(range(12))


def test_one_lock_per_database_file_however_it_is_named(tmp_path):
    assert writer_lock(tmp_path / "a.db") is writer_lock(str(tmp_path / "." / "a.db"))
    assert writer_lock(tmp_path / "a.db") is not writer_lock(tmp_path / "b.db")


def test_threads_writing_at_once_each_store_every_write(tmp_path):
    path = tmp_path / "busy.db"
    store.migrate(str(path))
    record = {"players": ["Ann", "Bob", "Cy"], "rules": {"scoring": "exact"}, "hands": []}
    setup = store.connect(path)
    games = [store.create_game(setup, record)[0] for _ in range(8)]
    failures = []

    def scorekeeper(game_id):
        db = store.connect(path, create=False)
        try:
            for revision in range(1, 11):  # ten writes, each on the revision the one before made
                with db.atomic():
                    db.execute(
                        "update games set revision = revision + 1 where id = ? and revision = ?", [game_id, revision]
                    )
        except Exception as error:  # noqa: BLE001 - any failure is what this test reports
            failures.append(error)
        finally:
            db.close()

    threads = [threading.Thread(target=scorekeeper, args=(game_id,)) for game_id in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures
    assert [setup.execute("select revision from games where id = ?", [g]).fetchone()[0] for g in games] == [11] * 8
    setup.close()
