"""Qt's own strings that Qt's Korean catalog (``qtbase_ko``) lacks.

``qtbase_ko`` translates "Look in:" and "Files of type:", but Qt 6's file
dialog asks for "&Look in:" and "Files of &type:" (with their shortcut keys),
so those two labels stayed English. They are listed here, in Qt's own context,
so lupdate puts them into our catalog (``resources/translations``), which Qt
asks as well: nothing here needs to run.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def qt_file_dialog_labels() -> list[str]:
    """The file dialog's labels in the UI language (for tests)."""
    return [
        QCoreApplication.translate("QFileDialog", "&Look in:"),
        QCoreApplication.translate("QFileDialog", "Files of &type:"),
    ]
