"""The About dialog names the version and every bundled component's licence."""

from workbench import __version__
from workbench.ui.views.about import AboutDialog, licences_text


def test_licences_file_lists_qt_under_lgpl():
    text = licences_text()
    assert "PySide6" in text and "LGPL-3.0" in text
    for component in ("pyqtgraph", "pandas", "openpyxl", "python-calamine", "krippendorff"):
        assert component in text


def test_about_dialog_shows_version_and_licences(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert __version__ in dialog.versions.text()
    assert "LGPL" in dialog.licences.toPlainText()
    assert dialog.windowTitle()
