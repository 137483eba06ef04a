"""The About dialog names the version and every bundled component's licence."""

from workbench import __version__
from workbench.licences import runtime_distributions
from workbench.ui.views.about import AboutDialog, licences_text


def test_licences_list_every_runtime_component_and_qt_under_lgpl():
    text = licences_text()
    assert "PySide6" in text and "LGPL-3.0" in text
    for dist in runtime_distributions():
        assert f"{dist.metadata['Name']} " in text and dist.version in text
    # GPL-3.0: a test-only dependency now, never shipped
    assert "krippendorff" not in text


def test_about_dialog_shows_version_and_licences(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert __version__ in dialog.versions.text()
    assert "LGPL" in dialog.licences.toPlainText()
    assert dialog.windowTitle()
