"""Unexpected errors reach the log with their traceback and the user as a plain message."""

from __future__ import annotations

import logging
import sys

from PySide6.QtWidgets import QMessageBox

from workbench.core.model.problems import InputError, error
from workbench.ui import errors


def _raise_inside_the_app():
    def deep():
        return {}["missing key"]

    try:
        deep()
    except KeyError:
        return sys.exc_info()
    raise AssertionError("unreachable")


def test_excepthook_logs_the_traceback_and_shows_a_friendly_message(qtbot, tmp_path, caplog):
    errors.set_log_file(tmp_path / "workbench.log")
    exc_type, exc, tb = _raise_inside_the_app()
    with caplog.at_level(logging.ERROR, logger="workbench"):
        errors.excepthook(exc_type, exc, tb)
    boxes = errors.open_error_boxes()
    assert len(boxes) == 1
    box = boxes[0]
    text = box.text()
    assert "Traceback" not in text and "KeyError" not in text and "missing key" not in text
    assert "Your files were not changed" in text
    assert str(tmp_path / "workbench.log") in text
    assert "Traceback" in caplog.text and "deep" in caplog.text
    # a second error while the first message is open does not pile up a second box
    errors.excepthook(exc_type, exc, tb)
    assert len(errors.open_error_boxes()) == 1
    box.done(0)
    assert errors.open_error_boxes() == []
    errors.set_log_file(None)


def test_bad_input_shows_its_problem_in_the_language_in_force(qtbot):
    from workbench.ui import i18n

    exc = InputError(
        [
            error(
                "bad",
                "Grade must be 0-3; row 17 has 'high'.",
                "등급은 0–3이어야 합니다. 17행에 'high'가 있습니다.",
                file="a.xlsx",
                row=17,
            )
        ]
    )
    box = errors.show_error(None, exc)
    assert "row 17" in box.text()
    box.done(0)
    i18n.install_language("ko")
    box = errors.show_error(None, exc)
    assert "17행" in box.text() and "등급은" in box.text()
    box.done(0)


def test_a_locked_file_gets_advice_not_an_errno(qtbot):
    exc = PermissionError(13, "Permission denied", "/somewhere/보고서.xlsx")
    text = errors.friendly_message(exc)
    assert "보고서.xlsx" in text and "Close it in Excel" in text
    assert "Errno" not in text


def test_install_excepthook_replaces_sys_excepthook(monkeypatch):
    monkeypatch.setattr(sys, "excepthook", sys.__excepthook__)
    errors.install_excepthook()
    assert sys.excepthook is errors.excepthook
    assert isinstance(QMessageBox, type)
