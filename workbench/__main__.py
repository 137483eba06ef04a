"""``python -m workbench`` → the command line (the desktop app is its default)."""

from workbench.cli import entry

entry()
