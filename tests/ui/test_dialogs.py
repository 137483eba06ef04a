"""File dialogs: the right folder first, Qt's translated dialog on Linux, wide enough."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtWidgets import QFileDialog, QLabel

from workbench.paths import demo_dir, documents_dir
from workbench.ui import dialogs, i18n
from workbench.ui.settings import Settings


def test_the_first_dialog_starts_in_the_documents_folder_then_the_last_one(tmp_path):
    settings = Settings()
    settings.last_directory = str(demo_dir())  # the demo was opened: the program's folder
    assert dialogs.start_folder() == documents_dir()
    dialogs.remember(str(tmp_path / "report.xlsx"))
    assert Settings().last_directory == str(tmp_path)
    assert dialogs.start_folder() == str(tmp_path)
    # a suggested name alone lands in that folder
    assert dialogs._start("평가보고서.xlsx") == str(tmp_path / "평가보고서.xlsx")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's own dialog on Linux only")
def test_on_linux_the_dialog_is_qt_s_own_translated_and_wide(qtbot, tmp_path):
    i18n.install_language("ko")
    dialog = dialogs._dialog(None, "평가 파일 열기", str(tmp_path), "엑셀 (*.xlsx)")
    qtbot.addWidget(dialog)
    assert dialog.testOption(QFileDialog.Option.DontUseNativeDialog)
    # as wide as about 110 characters, within the screen
    screen = dialog.screen().availableGeometry().width()
    assert dialog.width() >= min(860, screen)
    dialog.show()
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Look in:" not in texts and "Files of type:" not in texts
    assert "찾는 위치(&L):" in texts and "파일 형식(&T):" in texts
    assert dialog.directory().absolutePath() == str(tmp_path)
    dialog.reject()
