"""Entry point of the frozen bundle (PyInstaller runs this file)."""

import sys

from workbench.cli import main

if __name__ == "__main__":
    sys.exit(main())
