"""Where bundled resources live: next to the source tree, or inside a frozen bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The top-level ``resources/`` folder (demo data, templates, translations, icons)."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def demo_dir() -> Path:
    return resources_dir() / "demo"


def translations_dir() -> Path:
    return resources_dir() / "translations"
