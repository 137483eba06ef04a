"""A person's gestures for UI tests: a button is pressed only when a person could
press it (shown and enabled), with a real mouse click; a key is typed into the
widget that has it. A disabled button fails the test, as it stops the user."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialogButtonBox,
    QMessageBox,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

from workbench.ui import dialogs


def _indicator_centre(button: QCheckBox | QRadioButton) -> QPoint:
    option = QStyleOptionButton()
    button.initStyleOption(option)
    element = (
        QStyle.SubElement.SE_CheckBoxIndicator
        if isinstance(button, QCheckBox)
        else QStyle.SubElement.SE_RadioButtonIndicator
    )
    return button.style().subElementRect(element, option, button).center()


def press(widget: QWidget, pos: QPoint | None = None) -> None:
    """Click ``widget`` as a person does; it must be visible and enabled."""
    assert widget.isVisible(), f"{widget.objectName() or widget!r} is not visible"
    assert widget.isEnabled(), f"{widget.objectName() or widget!r} is disabled"
    if pos is None and isinstance(widget, QCheckBox | QRadioButton):
        # a check box takes clicks on its box and its text only, not on the empty
        # width a layout gave it: click the box, where a person clicks
        pos = _indicator_centre(widget)
    if pos is None:
        QTest.mouseClick(widget, Qt.MouseButton.LeftButton)
    else:
        QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


def type_into(widget: QWidget, text: str) -> None:
    """Select what ``widget`` holds and type ``text`` over it."""
    assert widget.isVisible() and widget.isEnabled(), widget.objectName()
    widget.setFocus()
    QTest.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    # Korean arrives from the input method as committed text, not as key presses
    # (QTest can press only keys with an ASCII name)
    for run in re.findall(r"[\x00-\x7f]+|[^\x00-\x7f]+", text):
        if run.isascii():
            QTest.keyClicks(widget, run)
        else:
            event = QInputMethodEvent()
            event.setCommitString(run)
            QApplication.sendEvent(widget, event)


# -- on the main window ------------------------------------------------------------------
def shortcut(window: QWidget, key, modifiers=Qt.KeyboardModifier.ControlModifier) -> None:
    """A menu's keyboard shortcut, typed where the focus is in the window."""
    type_key(window, window.focusWidget() or window, key, modifiers)


def type_key(window: QWidget, widget, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key typed into ``widget`` of the active window (a page's keys are shortcuts,
    which work in the active window only, as for a person)."""
    window.activateWindow()
    # a shortcut of the window's menu works in the active window only
    for _ in range(250):
        if window.isActiveWindow():
            break
        QTest.qWait(20)
    assert window.isActiveWindow(), "the window is not active"
    QTest.keyClick(widget, key, modifiers)


def go_to(qtbot, window: QWidget, key: str):
    """Click the page's entry in the sidebar."""
    bar = window.sidebar
    row = window.page_keys().index(key)
    rect = bar.visualItemRect(bar.item(row))
    press(bar.viewport(), rect.center())
    qtbot.waitUntil(lambda: window.current_page_key() == key, timeout=5000)
    return window.page(key)


def load_through_preview(
    qtbot, window: QWidget, key, modifiers=Qt.KeyboardModifier.ControlModifier, timeout=60000
):
    """Open a file with a File-menu shortcut (the file queued in :class:`FilePicks`)
    and wait for its preview's check; the caller presses Load (or first confirms a
    conversion the preview offers)."""
    qtbot.waitUntil(lambda: window.import_dialog is None, timeout=10000)
    with qtbot.waitSignal(window.import_dialog_opened, timeout=10000) as opened:
        shortcut(window, key, modifiers)
    dialog = opened.args[0]
    qtbot.waitUntil(lambda: dialog.preview is not None, timeout=timeout)
    qtbot.waitUntil(lambda: dialog._check_fresh() and dialog._check_handle is None, timeout=timeout)
    return dialog


def open_study_files(qtbot, window: QWidget, picks, judgments, runs, timeout=60000) -> None:
    """File ▸ Open judgments (Ctrl+O), then File ▸ Open runs (Ctrl+R), each chosen in
    the (stand-in) file dialog and loaded with its preview's Load button; returns
    when the scores are computed."""
    for path, key in ((judgments, Qt.Key.Key_O), (runs, Qt.Key.Key_R)):
        picks.open.append(str(path))
        dialog = load_through_preview(qtbot, window, key, timeout=timeout)
        with qtbot.waitSignal(window.state.data_changed, timeout=timeout):
            press(dialog.load_button)
    qtbot.waitUntil(
        lambda: window.state.results is not None and not window.busy.busy, timeout=timeout
    )


def save_new_project(qtbot, window: QWidget, picks, path) -> None:
    """File ▸ Save project (Ctrl+S) of a study saved nowhere yet: the name chosen in
    the (stand-in) Save dialog; returns once the window keeps the project there."""
    assert window.project_path is None, "saved before: Ctrl+S would ask for no name"
    picks.save.append(str(path))
    shortcut(window, Qt.Key.Key_S)
    qtbot.waitUntil(lambda: window.project_path is not None, timeout=10000)
    assert Path(window.project_path) == Path(path) and Path(path).exists()


def choose_in_combo(combo, index: int) -> None:
    """Pick entry ``index`` of a combo box as a person does: focus it and move there
    with the arrow keys."""
    assert combo.isVisible() and combo.isEnabled(), combo.objectName()
    combo.setFocus()
    for _ in range(combo.count()):
        if combo.currentIndex() == index:
            return
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        QTest.keyClick(combo, key)
    assert combo.currentIndex() == index, (combo.currentIndex(), index)


def name_dialog_answer(name: str) -> Callable[[QWidget], None]:
    """The answer to "Who is judging?": ``name`` typed, then OK."""

    def act(dialog) -> None:
        type_into(dialog.edit, name)
        press(dialog.ok_button)

    return act


def check_only(view, keys) -> None:
    """In a list of check boxes, only the entries whose key (UserRole) is in ``keys``
    checked, as with the keyboard: each entry reached with the arrow keys, Space
    ticking or unticking it."""
    assert view.isVisible() and view.isEnabled(), view.objectName()
    wanted = {str(k) for k in keys}
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Home)
    for row in range(view.count()):
        item = view.item(row)
        checked = item.checkState() == Qt.CheckState.Checked
        if checked != (str(item.data(Qt.ItemDataRole.UserRole)) in wanted):
            QTest.keyClick(view, Qt.Key.Key_Space)
        QTest.keyClick(view, Qt.Key.Key_Down)
    ticked = {
        str(view.item(r).data(Qt.ItemDataRole.UserRole))
        for r in range(view.count())
        if view.item(r).checkState() == Qt.CheckState.Checked
    }
    assert ticked == wanted, (ticked, wanted)


def fill_new_pool(dialog, assessor: str, depth: int, seed: int | None, questions) -> None:
    """The Judging page's New pool dialog filled in and accepted: the assessor's name
    typed, how deep, the seed (None: the one the name gives), the questions ticked."""
    type_into(dialog.assessor_combo.lineEdit(), assessor)
    type_into(dialog.depth_spin, str(depth))
    if seed is not None:
        type_into(dialog.seed_spin, str(seed))
    check_only(dialog.question_list, questions)
    press(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))


class FilePicks:
    """The OS file dialogs, replaced at their boundary: each returns the next path
    queued for it, as if the person had chosen it."""

    def __init__(self, monkeypatch) -> None:
        self.open: list[str] = []
        self.save: list[str] = []
        monkeypatch.setattr(dialogs, "get_open_file_names", self._open_many)
        monkeypatch.setattr(dialogs, "get_open_file_name", self._open_one)
        monkeypatch.setattr(dialogs, "get_save_file_name", self._save)

    def _open_many(self, *_a, **_k):
        return [self.open.pop(0)], ""

    def _open_one(self, *_a, **_k):
        return self.open.pop(0), ""

    def _save(self, *_a, **_k):
        return self.save.pop(0), ""


# -- the app's own dialogs -------------------------------------------------------------
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




def click_button(text: str) -> Callable[[QWidget], None]:
    """The action that clicks the message box's button labelled ``text``."""
    def act(box: QWidget) -> None:
        buttons = [b for b in box.buttons() if b.text() == text]
        assert buttons, f"no button {text!r} in {[b.text() for b in box.buttons()]}"
        press(buttons[0])

    return act
