"""Start the desktop app: Qt application, logging, language, font, main window."""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

# PySide6 first: pyqtgraph binds to the first Qt binding already imported
import PySide6  # noqa: F401
from PySide6.QtCore import QStandardPaths, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from workbench import __version__
from workbench.core.io.atomic import sweep_stale_temporaries
from workbench.paths import resources_dir
from workbench.ui import errors, fonts, i18n
from workbench.ui.settings import APPLICATION, ORGANIZATION, Settings

log = logging.getLogger("workbench")


def needs_offscreen() -> bool:
    """No display to draw on (a server, CI): render offscreen."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return False
    if sys.platform.startswith("linux"):
        return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return False


def create_application(argv: list[str] | None = None, offscreen: bool = False) -> QApplication:
    """The QApplication (created once), named so settings and app data find their folder."""
    if offscreen or needs_offscreen():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance()
    if app is None:
        app = QApplication(argv if argv is not None else [sys.argv[0]])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    # the display name follows the UI language (i18n.install_language sets it)
    app.setApplicationVersion(__version__)
    icon_path = resources_dir() / "icons" / "app.png"
    if icon_path.exists():
        app.setWindowIcon(QIcon(str(icon_path)))
    return app


def app_data_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    path = Path(base or Path.home() / ".workbench")
    path.mkdir(parents=True, exist_ok=True)
    return path


def setup_logging() -> Path | None:
    """Log to ``workbench.log`` in the user's app-data folder (rotated, 1 MB × 3)."""
    try:
        path = app_data_dir() / "workbench.log"
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    if not any(getattr(h, "baseFilename", None) == handler.baseFilename for h in root.handlers):
        root.addHandler(handler)
    else:
        handler.close()
    root.setLevel(logging.INFO)
    errors.set_log_file(path)
    return path


def choose_language(requested: str | None, settings: Settings) -> str:
    """``--lang`` wins, then the saved choice, then the system locale."""
    if requested in i18n.LANGUAGES:
        return requested  # type: ignore[return-value]
    return settings.language or i18n.system_language()


def prepare(args=None, offscreen: bool = False) -> tuple[QApplication, Settings]:
    """Everything before the first window: app, logging, hook, language, font."""
    app = create_application(offscreen=offscreen)
    setup_logging()
    errors.install_excepthook()
    settings = Settings()
    i18n.install_language(choose_language(getattr(args, "lang", None), settings))
    fonts.apply_font(settings.font_size, app)
    log.info("workbench %s started", __version__)
    return app, settings


def run_app(args) -> int:
    """The desktop app (``workbench`` with no command). Returns the exit code."""
    app, settings = prepare(args)
    from workbench.ui.main_window import MainWindow

    window = MainWindow(settings=settings)
    window.ask_before_closing = True
    window.show()
    # the leftovers of writes killed last time, in the folders the user works in
    QTimer.singleShot(0, lambda: sweep_work_folders(settings))
    if getattr(args, "startup_probe", False):
        # packaging/build.py times a cold start: quit as soon as the window is up
        window.ask_before_closing = False
        QTimer.singleShot(0, app.quit)
        return app.exec()
    schedule_start(window, args)
    return app.exec()


def work_folders(settings: Settings) -> list[Path]:
    """The folders the workbench wrote into: its data folder (the recovery file),
    the last project's, the last used one and those of the recent files."""
    from workbench.ui.project_actions import recovery_path

    candidates = [recovery_path().parent, settings.last_directory, settings.last_project]
    candidates += list(settings.recent_files)
    folders: list[Path] = []
    for item in candidates:
        if not item:
            continue
        path = Path(item)
        folder = path if path.is_dir() else path.parent
        if folder not in folders:
            folders.append(folder)
    return folders


def sweep_work_folders(settings: Settings) -> list[Path]:
    """Remove the workbench's own stale temporary files (only those: see
    :func:`workbench.core.io.atomic.sweep_stale_temporaries`) from :func:`work_folders`."""
    removed: list[Path] = []
    for folder in work_folders(settings):
        removed.extend(sweep_stale_temporaries(folder))
    if removed:
        log.info("removed %d leftover temporary files", len(removed))
    return removed


def schedule_start(window, args) -> str:
    """What the window does once the event loop runs: ``"demo"`` (``--demo``),
    ``"files"`` (files on the command line), else ``"recovery"`` — offer the
    work of a session that closed without saving (nothing is asked when there
    is none)."""
    files = [str(Path(f)) for f in (getattr(args, "files", None) or [])]
    if getattr(args, "demo", False):
        QTimer.singleShot(0, window.open_demo)
        return "demo"
    if files:
        QTimer.singleShot(0, lambda: window.open_paths(files))
        return "files"
    QTimer.singleShot(0, window.offer_recovery)
    return "recovery"
