"""Projects in the app: save → reopen restores sources, settings, notes and the page;
a changed source file is announced; autosave writes without asking; the work of a
session that closed without saving is offered back at the next start."""

from __future__ import annotations

import json
import shutil

import pytest
from _gestures import FilePicks, open_study_files, save_new_project
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from workbench.core.io.project import FORMAT
from workbench.core.model.schema import EvalSettings
from workbench.ui import dialogs
from workbench.ui.main_window import MainWindow
from workbench.ui.project_actions import clean_exit_path, recovery_path
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
    """The copies opened as a person opens them: File ▸ Open judgments and runs,
    each chosen in the file dialog and loaded from its preview."""
    with pytest.MonkeyPatch.context() as patch:
        open_study_files(
            qtbot, window, FilePicks(patch), folder / "judgments.xlsx", folder / "runs.xlsx"
        )


def test_save_then_reopen_restores_sources_settings_notes_and_page(qtbot, copied_demo, monkeypatch):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    window.state.set_settings(EvalSettings(ks=(1, 5), threshold=2))
    window.state.set_note("Q001", "다시 볼 것")
    window.state.set_flag("Q001", True)
    window.show_page("start")
    target = copied_demo / "연구.wbproj"
    save_new_project(qtbot, window, FilePicks(monkeypatch), target)
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


def test_a_changed_source_file_asks_what_to_do(qtbot, copied_demo, monkeypatch):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    target = copied_demo / "p.wbproj"
    save_new_project(qtbot, window, FilePicks(monkeypatch), target)
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


def test_a_missing_source_file_can_be_skipped(qtbot, copied_demo, monkeypatch):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    target = copied_demo / "p.wbproj"
    save_new_project(qtbot, window, FilePicks(monkeypatch), target)
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


def test_autosave_writes_the_project_after_a_change(qtbot, copied_demo, monkeypatch):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    target = copied_demo / "auto.wbproj"
    save_new_project(qtbot, window, FilePicks(monkeypatch), target)
    window.state.set_note("Q002", "autosaved")
    window.state.work_changed.emit()
    qtbot.waitUntil(lambda: "autosaved" in target.read_text(encoding="utf-8"), timeout=10000)


def test_work_without_a_project_goes_to_the_recovery_file(qtbot, copied_demo):
    window = _window(qtbot)
    _load_copies(qtbot, window, copied_demo)
    written = window.autosave()
    assert written == recovery_path()
    assert json.loads(written.read_text(encoding="utf-8"))["format"] == FORMAT


# -- recovery after a session that closed without saving ----------------------------------


class Answers:
    """Stands in for QMessageBox.exec: clicks the button with the queued text
    (by the box's object name) and records what each box said."""

    def __init__(self) -> None:
        self.queue: dict[str, list[str]] = {}
        self.seen: list[tuple[str, str]] = []

    def __call__(self, box: QMessageBox) -> int:
        self.seen.append((box.objectName(), box.text()))
        answer = self.queue.get(box.objectName(), []).pop(0)
        next(b for b in box.buttons() if b.text() == answer).click()
        return 0

    def asked(self, name: str) -> bool:
        return any(n == name for n, _text in self.seen)


@pytest.fixture
def answers(monkeypatch):
    a = Answers()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: a(box))
    return a


def _crashed_session(qtbot, folder) -> MainWindow:
    """Work without a project file, autosaved; the window is then left without
    closing (as after a crash)."""
    window = _window(qtbot)
    _load_copies(qtbot, window, folder)
    window.state.set_settings(EvalSettings(ks=(1, 3), threshold=1))
    window.state.set_note("Q001", "복구될 메모")
    window.state.set_flag("Q001", True)
    assert window.autosave() == recovery_path()
    return window


def test_recovery_is_offered_and_restores_files_settings_and_notes(
    qtbot, copied_demo, answers, monkeypatch
):
    old = _crashed_session(qtbot, copied_demo)
    # the crashed window never closes: take its close out of the picture
    monkeypatch.setattr(old, "closeEvent", lambda event: event.accept())
    again = _window(qtbot)
    answers.queue["recoveryQuestion"] = ["Restore"]
    with qtbot.waitSignal(again.project_opened, timeout=60000):
        assert again.offer_recovery()
    assert "closed without saving" in answers.seen[0][1]
    assert again.state.systems == old.state.systems
    assert again.state.settings.ks == (1, 3) and again.state.settings.threshold == 1
    assert again.state.notes == {"Q001": {"note": "복구될 메모", "flagged": True}}
    # still unsaved work: no project path, not a recent project
    assert again.project_path is None
    assert str(recovery_path()) not in again.settings.recent_files
    assert recovery_path().exists()
    # closing asks to save; "Close without saving" is a clean close: the file goes
    again.ask_before_closing = True
    answers.queue["saveBeforeClosing"] = ["Close without saving"]
    assert again.close()
    assert answers.asked("saveBeforeClosing")
    assert not recovery_path().exists()
    assert not again.offer_recovery()  # nothing to offer any more


def test_restoring_asks_about_a_missing_file_like_open_project(
    qtbot, copied_demo, answers, monkeypatch
):
    old = _crashed_session(qtbot, copied_demo)
    monkeypatch.setattr(old, "closeEvent", lambda event: event.accept())
    (copied_demo / "runs.xlsx").unlink()
    again = _window(qtbot)
    answers.queue["recoveryQuestion"] = ["Restore"]
    answers.queue["sourceProblem"] = ["Skip this file"]
    with qtbot.waitSignal(again.project_opened, timeout=60000):
        again.offer_recovery()
    assert [name for name, _text in answers.seen] == ["recoveryQuestion", "sourceProblem"]
    assert "runs.xlsx" in answers.seen[1][1]
    assert again.state.judgment_set is not None and not again.state.run_sets


def test_discard_removes_the_recovery_file(qtbot, copied_demo, answers, monkeypatch):
    old = _crashed_session(qtbot, copied_demo)
    monkeypatch.setattr(old, "closeEvent", lambda event: event.accept())
    again = _window(qtbot)
    answers.queue["recoveryQuestion"] = ["Discard"]
    assert not again.offer_recovery()
    assert not recovery_path().exists()
    assert not again.state.has_data


def test_after_a_clean_close_nothing_is_offered(qtbot, copied_demo, answers):
    window = _crashed_session(qtbot, copied_demo)
    window.close()  # tests close without asking: the file stays, older than the stamp
    assert recovery_path().exists()
    assert clean_exit_path().exists()
    again = _window(qtbot)
    assert not again.offer_recovery()
    assert answers.seen == []


def test_closing_with_unsaved_work_can_be_cancelled_or_saved(
    qtbot, copied_demo, answers, monkeypatch, tmp_path
):
    window = _crashed_session(qtbot, copied_demo)
    window.ask_before_closing = True
    answers.queue["saveBeforeClosing"] = ["Cancel", "Save project…"]
    assert not window.close()  # cancelled: the window stays
    assert window.isVisible() and recovery_path().exists()
    target = tmp_path / "kept.wbproj"
    monkeypatch.setattr(dialogs, "get_save_file_name", lambda *a, **k: (str(target), ""))
    assert window.close()
    assert target.exists()
    assert not recovery_path().exists()


def test_the_demo_alone_is_closed_without_asking(qtbot, answers):
    window = _window(qtbot)
    with qtbot.waitSignal(window.sources_loaded, timeout=60000):
        window.open_demo()
    window.ask_before_closing = True
    assert not window.has_unsaved_work()
    assert window.close()
    assert answers.seen == []


def test_startup_offers_recovery_only_on_a_plain_start(qtbot, copied_demo, answers, monkeypatch):
    from argparse import Namespace

    from workbench.ui.app import schedule_start

    old = _crashed_session(qtbot, copied_demo)
    monkeypatch.setattr(old, "closeEvent", lambda event: event.accept())
    offered = []
    window = _window(qtbot)
    monkeypatch.setattr(window, "offer_recovery", lambda: offered.append(1))
    monkeypatch.setattr(window, "open_demo", lambda: None)
    monkeypatch.setattr(window, "open_paths", lambda paths: None)
    assert schedule_start(window, Namespace(demo=True, files=[])) == "demo"
    assert schedule_start(window, Namespace(demo=False, files=["a.xlsx"])) == "files"
    qtbot.wait(20)
    assert offered == []
    assert schedule_start(window, Namespace(demo=False, files=[])) == "recovery"
    qtbot.waitUntil(lambda: offered == [1], timeout=5000)
