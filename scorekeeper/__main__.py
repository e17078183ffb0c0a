from scorekeeper.cli import main

raise SystemExit(main())
