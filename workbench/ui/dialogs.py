"""File dialogs: in the UI language, wide enough, starting in the right folder.

Every file dialog of the app goes through these functions (same arguments and
results as :class:`QFileDialog`'s static functions, so a test replaces one of
them with a stand-in):

- the folder: :func:`start_folder` — the folder used last, else the user's
  documents folder (never the program's own folder, see
  :func:`workbench.paths.dialog_start_dir`); the folder of what the user
  chose is remembered for the next dialog;
- on Linux, Qt's own dialog (``DontUseNativeDialog``): the desktop's dialog
  follows the desktop's language, not the app's, while Qt's is translated by
  the ``qtbase_ko`` catalog installed with the UI language
  (:mod:`workbench.ui.i18n`). It is sized from the font so its columns are not
  cut at a large font. Windows and macOS keep their native dialogs, which
  speak the system's language.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QHeaderView, QTreeView, QWidget

from workbench.paths import dialog_start_dir


def _settings():
    from workbench.ui.settings import Settings

    return Settings()


def start_folder() -> str:
    """Where the next dialog opens: the last folder used, else the documents folder."""
    return dialog_start_dir(_settings().last_directory)


def remember(path: str) -> None:
    """Remember the folder of a chosen file (or the chosen folder itself)."""
    if not path:
        return
    folder = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
    if folder:
        _settings().last_directory = folder


def uses_qt_dialog(platform: str = sys.platform) -> bool:
    """True where Qt's own (translated) dialog is used instead of the desktop's."""
    return platform.startswith("linux")


def _start(directory: str) -> str:
    """``directory`` as given, a bare file name inside :func:`start_folder`, or
    :func:`start_folder` when empty."""
    if not directory:
        return start_folder()
    if not os.path.dirname(directory):  # a suggested name without a folder
        return os.path.join(start_folder(), directory)
    return directory


def _dialog(parent: QWidget | None, caption: str, directory: str, file_filter: str) -> QFileDialog:
    dialog = QFileDialog(parent, caption, _start(directory), file_filter)
    if uses_qt_dialog():
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        fm = dialog.fontMetrics()
        width, height = fm.averageCharWidth() * 110, fm.lineSpacing() * 28
        screen = (parent.screen() if parent is not None else dialog.screen()).availableGeometry()
        dialog.resize(min(max(width, 860), screen.width()), min(max(height, 520), screen.height()))
        # the detail view: the name column takes the room, the others their contents
        for view in dialog.findChildren(QTreeView):
            header = view.header()
            header.setStretchLastSection(False)
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            for column in range(1, header.count()):
                header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return dialog


def get_open_file_name(
    parent: QWidget | None, caption: str, directory: str = "", file_filter: str = ""
) -> tuple[str, str]:
    dialog = _dialog(parent, caption, directory, file_filter)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    if not dialog.exec():
        return "", ""
    path = dialog.selectedFiles()[0] if dialog.selectedFiles() else ""
    remember(path)
    return path, dialog.selectedNameFilter()


def get_open_file_names(
    parent: QWidget | None, caption: str, directory: str = "", file_filter: str = ""
) -> tuple[list[str], str]:
    dialog = _dialog(parent, caption, directory, file_filter)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    if not dialog.exec():
        return [], ""
    paths = list(dialog.selectedFiles())
    if paths:
        remember(paths[0])
    return paths, dialog.selectedNameFilter()


def get_save_file_name(
    parent: QWidget | None, caption: str, directory: str = "", file_filter: str = ""
) -> tuple[str, str]:
    dialog = _dialog(parent, caption, directory, file_filter)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    if directory and not os.path.isdir(directory):
        dialog.selectFile(Path(_start(directory)).name)
    if not dialog.exec():
        return "", ""
    path = dialog.selectedFiles()[0] if dialog.selectedFiles() else ""
    remember(path)
    return path, dialog.selectedNameFilter()


def get_existing_directory(parent: QWidget | None, caption: str, directory: str = "") -> str:
    dialog = _dialog(parent, caption, directory, "")
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    if not dialog.exec():
        return ""
    folder = dialog.selectedFiles()[0] if dialog.selectedFiles() else ""
    remember(folder)
    return folder
