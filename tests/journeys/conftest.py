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
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# the UI tests' helpers (gestures, hand-typed files) are shared with the journeys
_UI = Path(__file__).resolve().parent.parent / "ui"
sys.path.insert(0, str(_UI))

import pytest  # noqa: E402
from _gestures import FilePicks  # noqa: E402
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget  # noqa: E402

# the UI tests' set-up, as it is: settings in a temp folder, English, no OS file dialog
_spec = importlib.util.spec_from_file_location("ui_conftest", _UI / "conftest.py")
_ui_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_ui_conftest)
isolated_settings = _ui_conftest.isolated_settings
english_ui = _ui_conftest.english_ui
no_modal_file_dialog = _ui_conftest.no_modal_file_dialog


class ModalAnswers:
    """Answers the app's modal questions as a person would, while they are open.

    ``expect(name, action)`` queues an answer for the next modal widget whose object
    name is ``name``; ``action(widget)`` clicks or types in it. A modal nobody
    expected is recorded in :attr:`unexpected` and closed, so a test never hangs
    and fails on it instead. Message boxes shown as errors are kept in
    :attr:`messages` (title and text), so a journey can say none appeared.
    """

    def __init__(self) -> None:
        self.queue: list[tuple[str, Callable[[QWidget], None]]] = []
        self.unexpected: list[str] = []
        self.messages: list[tuple[str, str, str]] = []
        self._busy = False
        self.timer = QTimer()
        self.timer.setInterval(30)
        self.timer.timeout.connect(self._poll)
        self.timer.start()

    def expect(self, name: str, action: Callable[[QWidget], None]) -> None:
        self.queue.append((name, action))

    def _poll(self) -> None:
        if self._busy:
            return
        modal = QApplication.activeModalWidget()
        if modal is None or not modal.isVisible():
            return
        if modal.property("_answered"):
            return
        self._busy = True
        try:
            name = modal.objectName()
            if isinstance(modal, QMessageBox):
                self.messages.append((name, modal.windowTitle(), modal.text()))
            if self.queue and self.queue[0][0] == name:
                _name, action = self.queue.pop(0)
                modal.setProperty("_answered", True)
                action(modal)
            elif modal.objectName() not in ("ImportDialog", "AnswerImportDialog"):
                # the previews are handled by the test itself (they are window-modal,
                # shown with open(), and the test waits for them)
                self.unexpected.append(f"{name}: {getattr(modal, 'text', lambda: '')()}")
                modal.setProperty("_answered", True)
                modal.reject() if hasattr(modal, "reject") else modal.close()
        finally:
            self._busy = False

    def stop(self) -> None:
        self.timer.stop()


@pytest.fixture
def modals():
    answers = ModalAnswers()
    yield answers
    answers.stop()


def click_button(text: str) -> Callable[[QWidget], None]:
    """The action that clicks the message box's button labelled ``text``."""
    from _gestures import press

    def act(box: QWidget) -> None:
        buttons = [b for b in box.buttons() if b.text() == text]
        assert buttons, f"no button {text!r} in {[b.text() for b in box.buttons()]}"
        press(buttons[0])

    return act


@pytest.fixture
def picks(monkeypatch):
    return FilePicks(monkeypatch)
