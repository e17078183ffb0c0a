"""What serves the app: the server and its processes, the addresses a phone can open, and the slots for heavy
requests. How the responses travel (gzip, ETags, the followers' shortcut) is scorekeeper.responses.

May import: scorekeeper.store, scorekeeper.text, scorekeeper.rules, scorekeeper.cache. Never the views, the web
parts or printing."""
