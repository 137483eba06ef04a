"""A workbench session that grades passages until it is killed (for test_crash_safety).

Run as a script: ``python _grading_child.py DATA_FOLDER SETTINGS_FOLDER``. In the
real main window (offscreen) it opens the judgments and runs of DATA_FOLDER as a
person does (File ▸ Open, the preview's Load button), prints ``recovery PATH``
once the scores are there, then on the Review page clicks one unjudged passage
after another and types a grade for it, printing ``graded N QUESTION PASSAGE
GRADE`` after each, until it is killed.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from _gestures import FilePicks, go_to, open_study_files, press, type_key  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

TIMEOUT = 60000
GRADE_KEYS = [Qt.Key.Key_0, Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3]


class _Bot:
    """The two waits the gestures ask of pytest-qt's ``qtbot``, in a process of its own."""

    def waitUntil(self, condition, timeout=5000):  # noqa: N802 (qtbot's name)
        deadline = time.monotonic() + timeout / 1000
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} ms for {condition}")
            QTest.qWait(10)

    @contextmanager
    def waitSignal(self, signal, timeout=5000):  # noqa: N802 (qtbot's name)
        blocker = SimpleNamespace(args=None)

        def caught(*args):
            blocker.args = list(args)

        signal.connect(caught)
        try:
            yield blocker
            self.waitUntil(lambda: blocker.args is not None, timeout)
        finally:
            signal.disconnect(caught)


def _an_unjudged_card(page):
    """(column, card index) of an unjudged passage of the question shown, or None."""
    for col in page.columns:
        if col.isVisible():
            for i, item in enumerate(col.shown_cards()):
                if not item.judged:
                    return col, i
    return None


def main() -> None:
    data, settings_dir = Path(sys.argv[1]), Path(sys.argv[2])
    app = QApplication([])
    app.setApplicationName("workbench-grading-child")
    from workbench.ui.main_window import MainWindow
    from workbench.ui.project_actions import recovery_path
    from workbench.ui.settings import Settings, use_settings_dir

    use_settings_dir(settings_dir)
    settings = Settings()
    settings.assessor_name = "평가자"  # the name was given once, in an earlier session
    window = MainWindow(settings=settings)
    window.show()
    bot = _Bot()
    picks = FilePicks(pytest.MonkeyPatch())
    open_study_files(bot, window, picks, data / "judgments.xlsx", data / "runs.xlsx", TIMEOUT)
    print(f"recovery {recovery_path()}", flush=True)
    page = go_to(bot, window, "questions")
    bot.waitUntil(lambda: page.current_qid is not None, TIMEOUT)
    n = 0
    while True:
        found = _an_unjudged_card(page)
        if found is None:  # every passage of this question is judged: the next one
            shown = page.current_qid
            type_key(window, page.table, Qt.Key.Key_Down)
            bot.waitUntil(lambda: page.current_qid != shown, TIMEOUT)  # noqa: B023
            continue
        col, i = found
        press(col, col.card_rect(i).center())
        _system, passage = page.selected
        n += 1
        grade = n % 4
        with bot.waitSignal(page.index_ready, TIMEOUT):
            type_key(window, page.cards_area, GRADE_KEYS[grade])
        print(f"graded {n} {page.current_qid} {passage} {grade}", flush=True)
        QTest.qWait(300)


if __name__ == "__main__":
    main()
