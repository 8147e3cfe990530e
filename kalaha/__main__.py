"""`python -m kalaha ...`: the host's command line (host/cli.py), under the name the docs use.
Never copied to the device (tools/manifest.py); no device module imports host."""

from host.cli import main

raise SystemExit(main())
