"""What serves the app: the server and its processes, the addresses, how responses travel (compression,
ETags) and the slots for heavy requests.

May import: scorekeeper.store, scorekeeper.text, scorekeeper.rules, scorekeeper.cache. Never the views, the web
parts or printing."""
