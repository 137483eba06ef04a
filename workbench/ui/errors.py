"""Friendly error messages: the user reads what happened and what to do; the log
keeps the traceback.

:func:`install_excepthook` replaces ``sys.excepthook`` so that an unexpected
error anywhere in the app is written to the log file and shown as a short,
plain message with the log's location — never as a traceback.
"""

from __future__ import annotations

import logging
import sys
import traceback
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from workbench.core.model.cancel import Cancelled
from workbench.core.model.korean import Word
from workbench.ui.i18n import current_language

log = logging.getLogger("workbench")

_log_file: Path | None = None
_open_boxes: list[QMessageBox] = []


def set_log_file(path: Path | None) -> None:
    global _log_file
    _log_file = path


def log_file() -> Path | None:
    return _log_file


def friendly_message(exc: BaseException) -> str:
    """What to tell a user about ``exc``, in the language in force; no traceback."""
    lang = current_language()
    problems = getattr(exc, "problems", None)
    if problems:
        return exc.summary(lang)  # type: ignore[attr-defined]
    if isinstance(exc, Cancelled):
        return QCoreApplication.translate(
            "Errors", "The operation was cancelled. Nothing was changed."
        )
    if isinstance(exc, PermissionError):
        name = Path(exc.filename).name if exc.filename else ""
        return QCoreApplication.translate(
            "Errors",
            "The file {name} could not be opened because it is in use or protected. Close it in Excel (or any other program) and try again.",
        ).format(name=Word(name))
    if isinstance(exc, FileNotFoundError):
        name = str(exc.filename or "")
        return QCoreApplication.translate(
            "Errors", "The file {name} was not found. It may have been moved or deleted."
        ).format(name=Word(name))
    if isinstance(exc, MemoryError):
        return QCoreApplication.translate(
            "Errors", "The computer ran out of memory. Close other programs or use a smaller file."
        )
    if isinstance(exc, OSError):
        return QCoreApplication.translate(
            "Errors", "A file could not be read or written: {reason}"
        ).format(reason=exc.strerror or type(exc).__name__)
    where = str(_log_file) if _log_file else QCoreApplication.translate("Errors", "the log file")
    return QCoreApplication.translate(
        "Errors",
        "Something went wrong inside the workbench. Your files were not changed. The details were written to {log}; please send that file to whoever maintains the workbench.",
    ).format(log=where)


def show_error(parent: QWidget | None, exc: BaseException, title: str | None = None) -> QMessageBox:
    """Show ``exc`` as a friendly, non-blocking message box (returned for tests)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title or QCoreApplication.translate("Errors", "Workbench"))
    box.setText(friendly_message(exc))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setWindowModality(Qt.WindowModality.ApplicationModal)
    _open_boxes.append(box)
    box.finished.connect(lambda *_: _open_boxes.remove(box) if box in _open_boxes else None)
    box.show()
    return box


def open_error_boxes() -> list[QMessageBox]:
    return list(_open_boxes)


def excepthook(exc_type, exc, tb) -> None:
    """Log the traceback; show a friendly message (at most one at a time)."""
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    log.error("Unexpected error:\n%s", "".join(traceback.format_exception(exc_type, exc, tb)))
    if QApplication.instance() is None:
        sys.stderr.write(friendly_message(exc) + "\n")
        return
    if _open_boxes:  # an error storm (e.g. in a paint event) must not pile up dialogs
        return
    try:
        show_error(QApplication.activeWindow(), exc)
    except Exception:  # showing the error must never raise a second one
        log.exception("could not show the error message")


def install_excepthook() -> None:
    sys.excepthook = excepthook
