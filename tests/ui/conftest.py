"""Shared setup for the Qt tests: offscreen, settings and app data in a temp dir, English."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from workbench.paths import demo_dir  # noqa: E402


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path_factory, monkeypatch):
    """Every test gets its own settings INI and app-data folder (recovery file, log)."""
    from workbench.ui.settings import use_settings_dir

    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
    use_settings_dir(base / "settings")
    yield base


@pytest.fixture(autouse=True)
def english_ui(qapp):
    """Tests start in English; a test that switches to Korean is switched back."""
    from workbench.ui import i18n

    i18n.install_language("en")
    yield
    i18n.install_language("en")


@pytest.fixture(autouse=True)
def no_modal_file_dialog(monkeypatch):
    """A file dialog left open would wait for a click forever (offscreen, nobody
    clicks): a test that reaches one without standing in for workbench.ui.dialogs
    fails at once instead of hanging the suite."""
    from PySide6.QtWidgets import QFileDialog

    def refuse(self, *args, **kwargs):
        raise AssertionError(
            f"a file dialog ({self.windowTitle()!r}) opened in a test: monkeypatch "
            "workbench.ui.dialogs.get_open_file_name / get_save_file_name"
        )

    monkeypatch.setattr(QFileDialog, "exec", refuse)


#: a question still open this long in a test was answered by nobody
UNANSWERED_MS = 20000


@pytest.fixture(autouse=True)
def no_unanswered_question(monkeypatch):
    """A question box or the name question that nobody answers would wait forever
    offscreen: after :data:`UNANSWERED_MS` it is closed and the test fails, instead
    of hanging the suite. Tests answer by replacing exec, by a timer that clicks
    the box, or (tests/journeys) by clicking its buttons."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QDialog, QMessageBox

    from workbench.ui.views.who_judges import NameDialog

    def guarded(original):
        def exec_(box, *args, **kwargs):
            left_open: list[str] = []

            def give_up() -> None:
                if box.isVisible():
                    left_open.append(box.objectName())
                    box.reject()

            timer = QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(give_up)
            timer.start(UNANSWERED_MS)
            try:
                result = original(box, *args, **kwargs)
            finally:
                timer.stop()
            if left_open:
                raise AssertionError(f"a question ({left_open[0]!r}) was left unanswered")
            return result

        return exec_

    monkeypatch.setattr(QMessageBox, "exec", guarded(QMessageBox.exec))
    monkeypatch.setattr(NameDialog, "exec", guarded(QDialog.exec))


@pytest.fixture
def modals():
    """The app's modal questions answered while they are open (:class:`ModalAnswers`)."""
    from _gestures import ModalAnswers

    answers = ModalAnswers()
    yield answers
    answers.stop()


@pytest.fixture
def demo_files():
    folder = demo_dir()
    return {"judgments": folder / "judgments.xlsx", "runs": folder / "runs.xlsx"}


@pytest.fixture
def demo_copy(tmp_path, demo_files):
    """The demo's judgments and runs copied into a folder of the test's own (a name
    with Hangul and a space), so a project can be saved beside them."""
    import shutil

    folder = tmp_path / "연구 자료"
    folder.mkdir()
    for path in demo_files.values():
        shutil.copy(path, folder / path.name)
    return folder


def pytest_sessionfinish(session, exitstatus):
    """Collect Qt wrappers while the QApplication still exists: shiboken can abort when
    it meets them during interpreter shutdown instead."""
    import gc

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is not None:
        for widget in QApplication.topLevelWidgets():
            widget.close()
            widget.deleteLater()
        app.processEvents()
    gc.collect()
