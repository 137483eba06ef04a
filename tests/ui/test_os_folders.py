"""The app's own folders per OS: where settings are kept, where file dialogs start."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from workbench.paths import demo_dir, documents_dir, settings_file
from workbench.ui.main_window import MainWindow
from workbench.ui.settings import APPLICATION, ORGANIZATION, Settings

_PROBE = """
import json, sys
from PySide6.QtCore import QSettings
from workbench.ui.settings import Settings
qt = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1], sys.argv[2])
print(json.dumps({"qt": qt.fileName(), "ours": Settings().file_name()}))
"""


def test_settings_stay_where_qt_kept_them_before(tmp_path):
    # a fresh process: the tests' own settings folder must not apply
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_CONFIG_HOME=str(tmp_path / "설정 폴더"))
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, ORGANIZATION, APPLICATION],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    files = json.loads(out)
    expected = settings_file(ORGANIZATION, APPLICATION, sys.platform, env, tmp_path / "home")
    # Qt writes forward slashes on Windows too
    same = {os.path.normcase(os.path.normpath(f)) for f in (files["qt"], files["ours"], expected)}
    assert len(same) == 1, files


def test_file_dialogs_start_in_the_last_folder_but_never_among_the_programs_files(
    qtbot, tmp_path
):
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    study = tmp_path / "연구 자료"
    study.mkdir()
    window.settings.last_directory = str(study)
    assert window._start_dir() == str(study)
    # opening the demo remembers its folder, inside the program
    window.settings.last_directory = str(demo_dir())
    assert window._start_dir() == documents_dir()
    window.settings.last_directory = ""
    assert window._start_dir() == documents_dir()
