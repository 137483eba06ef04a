"""The Qt binding must not corrupt the interpreter.

PySide6 6.12.0 under Python 3.11 released a reference to ``None`` on every
Qt call returning void; after ~25,000 such calls (a few minutes of browsing
questions) CPython aborts with "none_dealloc". pyproject.toml excludes that
build; this test catches any binding that brings the bug back.
"""

import sys

from PySide6.QtWidgets import QLabel


def test_void_qt_calls_keep_the_reference_count_of_none(qtbot):
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(2000):
        label.setText("x")
        label.setVisible(False)
    # immortal None (Python ≥ 3.12) keeps a constant count; 3.11 must not drift down
    assert sys.getrefcount(None) >= before - 50
