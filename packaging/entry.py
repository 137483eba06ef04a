"""Entry point of the frozen bundle (PyInstaller runs this file)."""

from workbench.cli import entry

if __name__ == "__main__":
    entry()
