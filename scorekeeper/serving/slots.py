"""Bound how many heavy requests run at once (PDF rendering, whole exports): the rest of the site stays quick.

A request that finds every slot taken waits only briefly, then raises Busy, which the app answers
with 503 and Retry-After (web/error_pages.py): the client tries again in a few seconds.
"""

import threading


class Busy(RuntimeError):
    """Every slot is taken: the caller should answer "busy, try again" at once."""


class Slots:
    """At most `count` holders at a time; `with slots.held():` waits up to `wait` seconds, else raises Busy."""

    def __init__(self, count, wait, busy_message):
        self.semaphore = threading.BoundedSemaphore(count)
        self.wait = wait
        self.busy_message = busy_message

    def acquire(self, timeout=None):
        return self.semaphore.acquire(timeout=self.wait if timeout is None else timeout)

    def release(self):
        self.semaphore.release()

    def held(self):
        return _Held(self)

    def streamed(self, chunks):
        """Return a response body that holds a slot until the server closes it (sent, or the client gone)."""
        return _Stream(self, chunks)


class _Held:
    def __init__(self, slots):
        self.slots = slots

    def __enter__(self):
        if not self.slots.acquire():
            raise Busy(self.slots.busy_message)

    def __exit__(self, *exc):
        self.slots.release()


class _Stream:
    """A response body sent while holding a slot: taken when made (or Busy), given back once sent or closed."""

    def __init__(self, slots, chunks):
        self.slots = None
        if not slots.acquire():
            raise Busy(slots.busy_message)
        self.slots, self.chunks = slots, chunks

    def __iter__(self):
        try:
            yield from self.chunks
        finally:
            self.close()  # sent whole: free the slot before the server gets round to closing

    def __del__(self):
        self.close()  # a caller that never closed it (a test client reading only the status)

    def close(self):
        slots, self.slots = self.slots, None
        if slots is not None:
            try:
                getattr(self.chunks, "close", lambda: None)()
            finally:
                slots.release()
