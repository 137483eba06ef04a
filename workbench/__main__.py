"""``python -m workbench`` → the command line (the desktop app is its default)."""

import sys

from workbench.cli import main

sys.exit(main())
