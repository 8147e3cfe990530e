"""`python -m kalaha ...`: the host command line (see kalaha.cli)."""

import sys

from kalaha.cli import main

sys.exit(main())
