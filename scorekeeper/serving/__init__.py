"""What serves the app: the server and its processes, the addresses, how responses travel (compression,
ETags), the pages shared between processes, the bounded cache and the slots for heavy requests.

May import: scorekeeper.store, scorekeeper.text, scorekeeper.rules. Never the views, the web parts or printing."""
