"""A person's gestures for UI tests: a button is pressed only when a person could
press it (shown and enabled), with a real mouse click; a key is typed into the
widget that has it. A disabled button fails the test, as it stops the user."""

from __future__ import annotations

import re

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)


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
