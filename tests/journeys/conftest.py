"""Journeys: a person's whole session in one window, driven only by clicks and keys.

Every button is asserted shown and enabled before it is pressed (``_gestures.press``);
the OS file dialogs are replaced at their boundary (``workbench.ui.dialogs``) and
nothing else: the app's own questions and dialogs are answered by clicking their
buttons while they are open (:class:`ModalAnswers`).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# the UI tests' helpers (gestures, hand-typed files) are shared with the journeys
_UI = Path(__file__).resolve().parent.parent / "ui"
sys.path.insert(0, str(_UI))

import pytest  # noqa: E402
from _gestures import FilePicks  # noqa: E402

# the UI tests' set-up, as it is: settings in a temp folder, English, no OS file dialog
_spec = importlib.util.spec_from_file_location("ui_conftest", _UI / "conftest.py")
_ui_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_ui_conftest)
isolated_settings = _ui_conftest.isolated_settings
english_ui = _ui_conftest.english_ui
no_modal_file_dialog = _ui_conftest.no_modal_file_dialog
modals = _ui_conftest.modals


@pytest.fixture
def picks(monkeypatch):
    return FilePicks(monkeypatch)
