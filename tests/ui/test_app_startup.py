"""Starting the app: settings, language, font, logging; the screenshots and smoke test."""

from __future__ import annotations

from argparse import Namespace

from PySide6.QtWidgets import QApplication

from workbench.ui import app as app_module
from workbench.ui import fonts, i18n
from workbench.ui.settings import MAX_RECENT, Settings


def test_prepare_applies_saved_language_and_font_and_logs_to_app_data(qtbot, isolated_settings):
    settings = Settings()
    settings.language = "ko"
    settings.font_size = "large"
    _app, loaded = app_module.prepare(Namespace(lang=None))
    assert i18n.current_language() == "ko"
    assert QApplication.font().pointSizeF() == fonts.POINT_SIZES["large"]
    log_file = app_module.errors.log_file()
    assert log_file is not None and log_file.exists()
    assert str(isolated_settings) in str(log_file)
    # --lang wins over the saved choice
    app_module.prepare(Namespace(lang="en"))
    assert i18n.current_language() == "en"
    fonts.apply_font("normal")


def test_a_korean_capable_font_is_chosen():
    family = fonts.korean_family()
    assert family is not None
    fonts.apply_font("normal")
    assert QApplication.font().families()[0] == family


def test_settings_recent_files_and_version(tmp_path):
    settings = Settings()
    assert settings.version == 1
    for i in range(MAX_RECENT + 3):
        settings.add_recent_file(tmp_path / f"f{i}.xlsx")
    recent = Settings().recent_files
    assert len(recent) == MAX_RECENT
    assert recent[0].endswith(f"f{MAX_RECENT + 2}.xlsx")
    settings.add_recent_file(tmp_path / "f5.xlsx")
    assert Settings().recent_files[0].endswith("f5.xlsx")
    assert len(Settings().recent_files) == MAX_RECENT


def test_settings_survive_garbage_values():
    settings = Settings()
    settings._q.setValue("ui/font_size", "gigantic")
    settings._q.setValue("files/recent", "{not json")
    settings._q.setValue("ui/language", "fr")
    assert settings.font_size == "normal"
    assert settings.recent_files == []
    assert settings.language is None


def test_render_all_writes_every_page(qtbot, tmp_path):
    from workbench.ui.screenshots import render_all

    written = render_all(tmp_path, "en", isolated=False)
    names = [p.name for p in written]
    assert names[0] == "01-start-en.png" and names[1] == "02-import-en.png"
    assert any("overview" in n for n in names)
    assert all(p.stat().st_size > 10_000 for p in written)
