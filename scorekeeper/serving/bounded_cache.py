"""A least-recently-used cache bounded in bytes: rendered pages and PDFs, never more than a set size."""

import threading
from collections import OrderedDict


class BoundedCache:
    """Keep values (str or bytes) by key, dropping the least recently used beyond max_bytes in all."""

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self.size = 0
        self._items = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key, value):
        cost = len(value)
        if cost > self.max_bytes:
            return  # one huge value would evict everything for nothing
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= len(old)
            self._items[key] = value
            self.size += cost
            while self.size > self.max_bytes:
                _key, dropped = self._items.popitem(last=False)
                self.size -= len(dropped)

    def clear(self):
        with self._lock:
            self._items.clear()
            self.size = 0

    def __len__(self):
        return len(self._items)
