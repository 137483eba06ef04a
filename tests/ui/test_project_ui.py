"""Projects in the app: save → reopen restores sources, settings, notes and the page;
a changed source file is announced; autosave writes without asking."""

from __future__ import annotations

import json
import shutil

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from workbench.core.schema import EvalSettings
from workbench.ui.main_window import MainWindow, recovery_path
from workbench.ui.settings import Settings


def _window(qtbot) -> MainWindow:
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    window.show()
    return window


@pytest.fixture
def copied_demo(tmp_path, demo_files):
    folder = tmp_path / "study"
    folder.mkdir()
    for path in demo_files.values():
        shutil.copy(path, folder / path.name)
    return folder


def _load_copies(qtbot, window: MainWindow, folder) -> None:
    items = [
        ("judgments", str(folder / "judgments.xlsx"), {}),
        ("runs", str(folder / "runs.xlsx"), {}),
    ]
    done = []
    window._load_sources(items, lambda loaded: (window._apply_demo(loaded), done.append(1)))
    qtbot.waitUntil(lambda: bool(done), timeout=60000)
    qtbot.waitUntil(lambda: window.state.results is not None, timeout=60000)


def test_save_then_reopen_restores_sources_settings_notes_and_page(qtbot, copied_demo):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    window.state.set_settings(EvalSettings(ks=(1, 5), threshold=2))
    window.state.notes = {"Q001": {"note": "다시 볼 것", "flagged": True}}
    window.show_page("start")
    target = copied_demo / "연구.wbproj"
    assert window.save_project_to(target)
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert {s["path"] for s in saved["sources"]} == {"judgments.xlsx", "runs.xlsx"}

    again = _window(qtbot)
    with qtbot.waitSignal(again.project_opened, timeout=60000):
        again.open_project(target)
    assert again.state.settings.ks == (1, 5)
    assert again.state.settings.threshold == 2
    assert again.state.notes == {"Q001": {"note": "다시 볼 것", "flagged": True}}
    assert again.state.systems == window.state.systems
    assert len(again.state.judgment_set.judgments) == len(window.state.judgment_set.judgments)
    assert again.current_page_key() == "start"
    assert again.project_path == target.resolve()
    assert again.windowTitle().startswith("연구.wbproj")


def test_a_changed_source_file_asks_what_to_do(qtbot, copied_demo):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    target = copied_demo / "p.wbproj"
    window.save_project_to(target)
    with open(copied_demo / "runs.xlsx", "ab") as handle:  # edited after saving
        handle.write(b"\0")

    seen = {}

    def answer():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen["text"] = box.text()
        seen["buttons"] = [b.text() for b in box.buttons()]
        cancel = next(b for b in box.buttons() if b.text() == "Cancel")
        cancel.click()

    again = _window(qtbot)
    QTimer.singleShot(0, answer)
    again.open_project(target)
    qtbot.waitUntil(lambda: "text" in seen, timeout=30000)
    assert "runs.xlsx" in seen["text"] and "changed" in seen["text"]
    assert {"Locate…", "Load anyway", "Cancel"} <= set(seen["buttons"])
    assert not again.state.has_data  # cancelled: nothing was loaded


def test_a_missing_source_file_can_be_skipped(qtbot, copied_demo):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    target = copied_demo / "p.wbproj"
    window.save_project_to(target)
    (copied_demo / "runs.xlsx").unlink()

    seen = {}

    def answer():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen["text"] = box.text()
        next(b for b in box.buttons() if b.text() == "Skip this file").click()

    again = _window(qtbot)
    QTimer.singleShot(0, answer)
    with qtbot.waitSignal(again.project_opened, timeout=60000):
        again.open_project(target)
    assert "was not found" in seen["text"]
    assert again.state.judgment_set is not None and not again.state.run_sets


def test_autosave_writes_the_project_after_a_change(qtbot, copied_demo):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    target = copied_demo / "auto.wbproj"
    window.save_project_to(target)
    window.state.notes = {"Q002": {"note": "autosaved", "flagged": False}}
    window.state.work_changed.emit()
    qtbot.waitUntil(lambda: "autosaved" in target.read_text(encoding="utf-8"), timeout=10000)


def test_work_without_a_project_goes_to_the_recovery_file(qtbot, copied_demo):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    written = window.autosave()
    assert written == recovery_path()
    assert json.loads(written.read_text(encoding="utf-8"))["format"] == 1
