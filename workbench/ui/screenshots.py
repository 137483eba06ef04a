"""Render every main screen on the demo data to PNG (``workbench screenshots DIR``).

Runs offscreen when there is no display. The demo is loaded through the same
worker path as in the app; we wait for the signals with a local event loop.
Also the ``--smoke-test``: demo → metrics (→ report when the writer exists).
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QWidget

log = logging.getLogger(__name__)

#: the smallest common laptop screen the app must fit (1280×800)
WINDOW_SIZE = (1280, 800)
DIALOG_SIZE = (1200, 780)


def wait_until(predicate: Callable[[], bool], timeout_ms: int = 60000) -> bool:
    """Run the event loop until ``predicate()`` holds or the time is up."""
    if predicate():
        return True
    loop = QEventLoop()
    poll = QTimer()
    poll.setInterval(20)
    poll.timeout.connect(lambda: loop.quit() if predicate() else None)
    deadline = QTimer()
    deadline.setSingleShot(True)
    deadline.timeout.connect(loop.quit)
    poll.start()
    deadline.start(timeout_ms)
    loop.exec()
    poll.stop()
    deadline.stop()
    return predicate()


def settle(ms: int = 150) -> None:
    """Let layouts, deferred updates and chart repaints happen."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def _grab(widget: QWidget, path: Path) -> Path:
    settle()
    pixmap = widget.grab()
    if not pixmap.save(str(path), "PNG"):
        raise OSError(f"could not write {path}")
    return path


def _setup(lang: str, isolated: bool, font_size: str = "normal"):
    from workbench.ui import app as app_module
    from workbench.ui import fonts, i18n
    from workbench.ui.settings import Settings, use_settings_dir

    qapp = app_module.create_application(offscreen=app_module.needs_offscreen())
    if isolated:
        # a fresh settings folder: no recent files or window size of the user's own
        use_settings_dir(tempfile.mkdtemp(prefix="workbench-shots-"))
    i18n.install_language(lang)
    fonts.apply_font(font_size, qapp)
    settings = Settings()
    if isolated:
        settings.font_size = font_size  # the View menu shows the size in force
    return qapp, settings


def _load_demo(window) -> bool:
    state = window.state
    done = {"loaded": False}
    window.sources_loaded.connect(lambda: done.__setitem__("loaded", True))
    window.open_demo()
    if not wait_until(lambda: done["loaded"], 120000):
        return False
    return wait_until(lambda: state.results is not None and not window.busy.busy, 120000)


def _judge_a_little(window) -> None:
    """A judging pool for the demo's first assessor with three passages judged,
    so the Judging page (and the pools' effect) show something."""
    from workbench.core.protocol.pool import add_pool_edit, build_pool

    state = window.state
    assessor = state.study.assessors[0] if state.study.assessors else "평가자A"
    pool = build_pool(state.study, assessor, results=state.results)
    state.push(add_pool_edit(state.study, pool))
    page = window.page("judging")
    for grade in (3, 0, 2):
        page.grade(grade)
    wait_until(lambda: state.results is not None and not window.busy.busy, 60000)


def _answer_shots(window, name: Callable[[str], Path]) -> list[Path]:
    """The Answers page: a rating under way, the results, retrieval vs answers,
    the raters, and blind mode."""
    page = window.page("answers")
    wait_until(lambda: page.report is not None and page.index is not None, 60000)
    settle(300)
    out = [_grab(window, name("answers"))]
    page.tabs.setCurrentIndex(1)
    wait_until(lambda: len(page.report.comparisons) > 0 or len(page.report.systems) < 2, 60000)
    settle(300)
    out.append(_grab(window, name("answers-results")))
    page.results.inner.setCurrentIndex(2)
    settle(300)
    out.append(_grab(window, name("answers-retrieval")))
    page.results.inner.setCurrentIndex(0)
    page.tabs.setCurrentIndex(2)
    settle(300)
    out.append(_grab(window, name("answers-raters")))
    page.tabs.setCurrentIndex(0)
    page.set_blind(True)
    settle(300)
    out.append(_grab(window, name("answers-blind")))
    page.set_blind(False)
    return out


def _overview_tabs(window, name) -> list[Path]:
    """Each chart of the Overview, then its per-type and abstention tabs."""
    page = window.page("overview")
    out: list[Path] = []
    charts = getattr(page, "overview_charts", None)
    if charts is not None:
        page.details.setCurrentWidget(page.charts_section)
        for i in range(charts.tabs.count()):
            charts.tabs.setCurrentIndex(i)
            page.page_scroll.ensureWidgetVisible(page.details)
            settle(250)
            out.append(_grab(window, name(f"overview-chart{i + 1}")))
        charts.tabs.setCurrentIndex(0)
    for tab, label in (
        (page.type_page, "overview-by-type"),
        (page.abstention_page, "overview-abstention"),
    ):
        page.details.setCurrentWidget(tab)
        settle(200)
        out.append(_grab(window, name(label)))
    # the Diagnosis tab: findings, the K advisor, missed evidence
    panel = page.diagnosis_panel
    page.details.setCurrentWidget(panel)
    wait_until(lambda: panel.data is not None, 60000)
    page.page_scroll.ensureWidgetVisible(page.details)
    for i, label in enumerate(("diagnosis", "diagnosis-k", "diagnosis-missed")):
        panel.tabs.setCurrentIndex(i)
        settle(300)
        out.append(_grab(window, name(label)))
    panel.tabs.setCurrentIndex(0)
    page.details.setCurrentIndex(0)
    page.page_scroll.verticalScrollBar().setValue(0)
    return out


def _guide_shot(window, path: Path) -> Path:
    """Help ▸ User guide, open at the measures and their worked examples."""
    guide = window.show_guide("measures")
    guide.resize(*DIALOG_SIZE)
    settle()
    guide.show_chapter("measures")  # the text reflowed to the new width
    shot = _grab(guide, path)
    guide.close()
    return shot


def render_all(
    directory: str | Path, lang: str = "ko", isolated: bool = True, font_size: str = "normal"
) -> list[Path]:
    """Render the start page, the import preview, and every registered page.

    Files are named ``NN-page-LANG.png``. Returns the paths written.
    """
    from workbench.paths import demo_dir
    from workbench.ui.main_window import MainWindow
    from workbench.ui.views.import_dialog import ImportDialog

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    qapp, settings = _setup(lang, isolated, font_size)
    written: list[Path] = []
    window = MainWindow(settings=settings)
    window.resize(*WINDOW_SIZE)
    window.show()
    counter = iter(range(1, 100))

    def name(page: str) -> Path:
        return out / f"{next(counter):02d}-{page}-{lang}.png"

    window.show_page("start")
    written.append(_grab(window, name("start")))

    dialog = ImportDialog(
        demo_dir() / "judgments.xlsx", "judgments", runner=window.runner, parent=window
    )
    dialog.resize(*DIALOG_SIZE)
    ready = {"done": False}
    # the whole-file check follows the preview: shot once its counts are in
    dialog.checked.connect(lambda: ready.__setitem__("done", True))
    dialog.show()
    wait_until(lambda: ready["done"], 60000)
    written.append(_grab(dialog, name("import")))
    dialog.reject()

    if not _load_demo(window):
        log.warning("the demo did not load; only the first screens were rendered")
        window.close()
        return written
    _judge_a_little(window)
    for key in window.page_keys():
        if key == "start":
            continue
        window.show_page(key)
        settle(300)
        if key == "answers":
            written.extend(_answer_shots(window, name))
            continue
        written.append(_grab(window, name(key)))
        if key == "overview":
            written += _overview_tabs(window, name)
    if window.width() > WINDOW_SIZE[0] or window.height() > WINDOW_SIZE[1]:
        log.warning(
            "the window grew to %d×%d (asked %d×%d): a page does not fit",
            window.width(),
            window.height(),
            *WINDOW_SIZE,
        )
    manual = window.page("judging").manual_dialog()
    manual.resize(*DIALOG_SIZE)
    manual.show()
    written.append(_grab(manual, name("manual-editor")))
    manual.reject()
    written.append(_guide_shot(window, name("guide")))
    window.show_page("start")
    written.append(_grab(window, name("start-loaded")))
    window._autosave_timer.stop()
    window.close()
    qapp.processEvents()
    return written
