"""A workbench session that grades passages until it is killed (for test_crash_safety).

Run as a script: ``python _grading_child.py DATA_FOLDER SETTINGS_FOLDER``. It opens
the judgments and runs of DATA_FOLDER in the real main window (offscreen), prints
``recovery PATH`` once the scores are there, then gives one grade after another
to passages nobody judged, printing ``graded N`` after each, until it is killed.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402


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
    items = [
        ("judgments", str(data / "judgments.xlsx"), {}),
        ("runs", str(data / "runs.xlsx"), {}),
    ]
    window._load_sources(items, window._apply_demo)
    deadline = time.monotonic() + 60
    while window.state.results is None and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    study = window.state.study
    judged = set(
        zip(study.judgments_in_force()["question_id"], study.judgments_in_force()["passage_id"])
    )
    runs = study.runs()
    unjudged = [
        (q, p) for q, p in zip(runs["question_id"], runs["passage_id"]) if (q, p) not in judged
    ]
    print(f"recovery {recovery_path()}", flush=True)
    for n, (q, p) in enumerate(dict.fromkeys(unjudged), start=1):
        window.state.grade(str(q), str(p), n % 4)
        app.processEvents()
        print(f"graded {n} {q} {p} {n % 4}", flush=True)
        end = time.monotonic() + 0.3
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.01)


if __name__ == "__main__":
    main()
