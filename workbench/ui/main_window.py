"""The main window: a page sidebar, the pages, menus, a busy indicator, projects.

Pages are plain widgets registered with :meth:`MainWindow.add_page`, imported
at the top of this module (a page that cannot be built breaks a test instead
of vanishing). A page may offer ``view_state() -> dict`` and
``restore_view_state(dict)``; the project file keeps what they return, so
reopening a project shows the same view. Every file load goes through a worker
(:class:`TaskRunner`), so the window never freezes. What is loaded and the
user's work live in one :class:`~workbench.core.study.Study` held by the
:class:`AppState`; the window only asks it to change.

Recovery: work without a project file is autosaved to :func:`recovery_path`.
A clean close (the work saved as a project, discarded, or there was none)
removes that file and stamps :func:`clean_exit_path`; at the next start,
:meth:`MainWindow.offer_recovery` offers a recovery file newer than that stamp
(the app closed without saving: a crash, a killed process, a power cut) and
restores it through the same path as Open project.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QEvent, QSize, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QDragEnterEvent, QDropEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QWidget,
)

from workbench.core.export.templates import write_templates
from workbench.core.io.atomic import atomic_write_text
from workbench.core.io.options import ReadOptions, load
from workbench.core.io.project import (
    Project,
    ProjectSource,
    SourceStatus,
    check_sources,
    file_sha256,
    load_project,
    save_project,
)
from workbench.core.model.choices import ONE_ASSESSOR
from workbench.core.model.korean import Word
from workbench.core.model.problems import InputError
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol.answers import auto_names
from workbench.core.study import Study, read_options, study_from_project, study_to_project
from workbench.paths import demo_dir, dialog_start_dir, resources_dir
from workbench.ui import dialogs, fonts, i18n
from workbench.ui.errors import show_error
from workbench.ui.settings import Settings
from workbench.ui.state import AppState
from workbench.ui.views.about import AboutDialog
from workbench.ui.views.agreement import AgreementPage
from workbench.ui.views.answers import AnswerPage
from workbench.ui.views.compare import ComparePage
from workbench.ui.views.export_page import ExportPage
from workbench.ui.views.import_dialog import ImportDialog
from workbench.ui.views.judging import JudgingPage
from workbench.ui.views.overview import OverviewPage
from workbench.ui.views.review import ReviewPage
from workbench.ui.views.start_page import StartPage, icon
from workbench.ui.views.systems_page import SystemsPage
from workbench.ui.views.who_judges import AssessorButton, ask_name
from workbench.ui.workers import TaskHandle, TaskRunner

log = logging.getLogger(__name__)

#: files and settings are saved this long after they change
AUTOSAVE_DELAY_MS = 1000
#: the user's work (grades, resolutions, notes) is saved at once after each edit,
#: but not more often than this: a killed process loses at most the last edit
WORK_SAVE_GAP_MS = 250
PROJECT_FILTER_SUFFIX = "*.wbproj"
DATA_SUFFIXES = (
    ".xlsx",
    ".xlsm",
    ".xls",
    ".ods",
    ".csv",
    ".tsv",
    ".txt",
    ".json",
    ".qrels",
    ".run",
    ".trec",
)

#: the pages after Start, in sidebar order: (key, class, icon)
PAGES = (
    ("overview", OverviewPage, "overview"),
    ("questions", ReviewPage, "questions"),
    ("judging", JudgingPage, "judging"),
    ("compare", ComparePage, "compare"),
    ("systems", SystemsPage, "systems"),
    ("agreement", AgreementPage, "agreement"),
    ("answers", AnswerPage, "answers"),
    ("export", ExportPage, "export"),
)


def _call(fn, *args):
    """Slot adapter: call ``fn(*args)`` whatever the signal sends (e.g. ``checked``).

    Used instead of lambdas with default arguments, which PySide fills from the
    signal's arguments."""

    def call(*_signal_args) -> None:
        fn(*args)

    return call


def recovery_path() -> Path:
    """Where work without a project file is autosaved."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "recovery.wbproj"


def clean_exit_path() -> Path:
    """Stamped (written anew) on every clean close; its time is the last clean exit."""
    return recovery_path().with_name("clean-exit.stamp")


def pending_recovery() -> Path | None:
    """The recovery file when it is newer than the last clean exit (the
    session that wrote it did not close cleanly), else None."""
    path = recovery_path()
    try:
        written = path.stat().st_mtime
    except OSError:
        return None
    try:
        clean = clean_exit_path().stat().st_mtime
    except OSError:
        return path  # never closed cleanly since the file was written
    return path if written > clean else None


def remove_recovery() -> None:
    """Delete the recovery file (its work was saved as a project or discarded)."""
    try:
        recovery_path().unlink(missing_ok=True)
    except OSError:
        log.warning("could not remove the recovery file", exc_info=True)


def mark_clean_exit() -> None:
    """Stamp the clean exit: a recovery file older than this is not offered."""
    try:
        # the app's data folder does not exist before the first save
        clean_exit_path().parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(clean_exit_path(), datetime.now().astimezone().isoformat())
    except (OSError, InputError):
        log.warning("could not stamp the clean exit", exc_info=True)


def _load_task(kind: str, path: str, options: dict, progress=None, cancelled=None):
    """Load one source (worker thread): judgments, runs or answers with the saved options
    (mappings, sheets, the grade conversions confirmed and the rows left out)."""
    return load(kind, path, ReadOptions.from_dict(options), progress, cancelled)


def is_demo_file(path: str | Path) -> bool:
    """The file is one of the bundled demo files."""
    try:
        return Path(path).resolve().parent == demo_dir().resolve()
    except OSError:
        return False


def clean_settings(settings: EvalSettings) -> EvalSettings:
    """The settings a clean study starts with: the user's choices, without an
    adjudicator (a name from the files just closed)."""
    if settings.resolution == ONE_ASSESSOR:
        return replace(settings, resolution=EvalSettings().resolution, adjudicator=None)
    return replace(settings, adjudicator=None)


class BusyIndicator(QWidget):
    """Status-bar progress: the task in view, a progress bar and Cancel."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(200)
        self.bar.setTextVisible(False)
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("busyCancel")
        self.cancel_button.clicked.connect(self.cancel_all)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)
        self._tasks: dict[int, tuple[str, TaskHandle | None, float | None]] = {}
        self._evaluating = ""
        state.busy_changed.connect(self._on_state_busy)
        self.retranslate()
        self._update()

    def retranslate(self) -> None:
        self.cancel_button.setText(self.tr("Cancel"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    @property
    def busy(self) -> bool:
        return bool(self._tasks or self._evaluating)

    def track(self, handle: TaskHandle, text: str) -> None:
        key = id(handle)
        self._tasks[key] = (text, handle, None)

        def on_progress(fraction: float, _text: str) -> None:
            if key in self._tasks:
                self._tasks[key] = (text, handle, fraction)
                self._update()

        def done(*_: object) -> None:
            self._tasks.pop(key, None)
            self._update()

        handle.progress.connect(on_progress)
        handle.finished.connect(done)
        handle.failed.connect(done)
        handle.cancelled.connect(done)
        self._update()

    def _on_state_busy(self, busy: bool, text: str) -> None:
        self._evaluating = (text or self.tr("Computing scores…")) if busy else ""
        self._update()

    def cancel_all(self) -> None:
        for _text, handle, _fraction in list(self._tasks.values()):
            if handle is not None:
                handle.cancel()
        if self._evaluating:
            # the state keeps its previous results; the next change recomputes
            self.state.runner.cancel("evaluate")
            self._evaluating = ""
        self._update()

    def _update(self) -> None:
        if self._tasks:
            text, _handle, fraction = list(self._tasks.values())[-1]
        elif self._evaluating:
            text, fraction = self._evaluating, None
        else:
            self.setVisible(False)
            return
        self.setVisible(True)
        self.label.setText(text)
        if fraction is None:
            self.bar.setRange(0, 0)
        else:
            self.bar.setRange(0, 100)
            self.bar.setValue(int(fraction * 100))


class MainWindow(QMainWindow):
    #: a project was opened (or restored) completely; for tests and screenshots
    project_opened = Signal()
    #: the demo (or a project's sources) finished loading
    sources_loaded = Signal()
    #: an import dialog was opened (for tests: the dialog)
    import_dialog_opened = Signal(object)

    def __init__(self, state: AppState | None = None, settings: Settings | None = None) -> None:
        super().__init__()
        self.state = state or AppState(self)
        self.settings = settings or Settings()
        self.runner = TaskRunner(self)
        self.project_path: Path | None = None
        self._pages: dict[str, tuple[QWidget, Callable[[], str] | None, QListWidgetItem]] = {}
        #: (path, kind, options, batch): files of one open share a ``batch`` — the
        #: first judgments file of a batch replaces those loaded unless ``add``
        self._import_queue: list[tuple[str, str, dict | None, dict]] = []
        self.import_dialog: ImportDialog | None = None
        self._restoring = False
        self._pending_view: dict | None = None
        #: ask to save work without a project file before closing (the desktop
        #: app sets this; tests, screenshots and the smoke test close silently)
        self.ask_before_closing = False
        #: this window wrote (or restored) the recovery file, so it may remove it;
        #: a recovery file of another session is left alone
        self._recovery_owned = False
        self.setObjectName("MainWindow")
        self.setAcceptDrops(True)
        app_icon = resources_dir() / "icons" / "app.png"
        if app_icon.exists():
            self.setWindowIcon(QIcon(str(app_icon)))

        # grades, decisions, pools and ratings carry the name kept in the settings,
        # asked once (in this window) before the first of them
        self.state.assessor_source = lambda: self.settings.assessor_name
        self.state.assessor_store = self._store_assessor
        self.state.assessor_prompt = lambda: ask_name(self, first_time=True)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self._last_autosave = 0.0
        self.state.work_changed.connect(self._save_work_soon)
        for signal in (
            self.state.settings_changed,
            self.state.data_changed,
            self.state.answers_changed,
        ):
            signal.connect(self._schedule_autosave)
        self.state.failed.connect(lambda exc: show_error(self, exc))

        self._build()
        self._build_menus()
        self.retranslate()
        self.resize(1280, 820)
        geometry = self.settings.window_geometry()
        if geometry:
            self.restoreGeometry(geometry)
        self._restore_splitters()

    def _store_assessor(self, name: str) -> None:
        self.settings.assessor_name = name

    def _named_splitters(self) -> list[QSplitter]:
        """The pages' splitters whose division the user's next session finds again."""
        return [s for s in self.findChildren(QSplitter) if s.objectName().endswith("_split")]

    def _restore_splitters(self) -> None:
        for splitter in self._named_splitters():
            state = self.settings.splitter_state(splitter.objectName())
            if state:
                splitter.restoreState(state)  # a damaged state is ignored by Qt

    # -- layout -------------------------------------------------------------------
    def _build(self) -> None:
        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setIconSize(QSize(28, 28))
        self.sidebar.setSpacing(2)
        self.sidebar.setFixedWidth(190)
        self.sidebar.setStyleSheet(
            "#sidebar { border: none; background: palette(alternate-base); padding-top: 8px; }"
            "#sidebar::item { padding: 8px 6px; }"
        )
        self.stack = QStackedWidget()
        layout.addWidget(self.sidebar)
        layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.sidebar.currentRowChanged.connect(self._on_sidebar_row)

        self.start_page = StartPage(self.state)
        self.start_page.open_judgments_requested.connect(self.open_judgments)
        self.start_page.add_runs_requested.connect(self.add_runs)
        self.start_page.open_project_requested.connect(self.open_project)
        self.start_page.demo_requested.connect(self.open_demo)
        self.start_page.save_templates_requested.connect(self.save_templates)
        self.start_page.recent_requested.connect(self.open_recent)
        self.start_page.overview_requested.connect(lambda: self.show_page("overview"))
        self.add_page("start", self.start_page, lambda: self.tr("Start"), "start")
        self.start_page.set_recent_files(self.settings.recent_files)

        for key, page_class, icon_name in PAGES:
            self.add_page(key, page_class(self.state), None, icon_name)

        # a chart or table click on one page opens those questions in the review page
        for key in list(self._pages):
            signal = getattr(self._pages[key][0], "questions_requested", None)
            if signal is not None:
                signal.connect(self.show_questions)

        # the Compare page's results mark the Overview table (▲/▼) and go into the report
        self.page("compare").compared.connect(self._on_compared)
        self._overview_page = self.page("overview")

        # the Export page saves the charts of the Overview and Compare pages
        self.page("export").set_chart_sources(self.chart_sources)
        # a filled pool workbook is one more assessor's judgments file
        self.page("judging").import_requested.connect(lambda path: self.add_judgment_files([path]))

        self.busy = BusyIndicator(self.state)
        self.statusBar().addPermanentWidget(self.busy)
        # who is judging: one visible place, changed there
        self.assessor_button = AssessorButton(self.state)
        self.statusBar().addPermanentWidget(self.assessor_button)

    def _on_compared(self, frame) -> None:
        self.state.comparisons = frame
        self._overview_page.set_comparisons(frame)

    def chart_sources(self) -> list[tuple[str, QWidget]]:
        """Every chart worth saving now, as ``(translated name, chart widget)``:
        the Overview's chart tabs (named by their tab), then the Compare page's
        scatter and difference histogram once a comparison row is chosen there."""
        out: list[tuple[str, QWidget]] = []
        overview = self.page("overview")
        panel = getattr(overview, "overview_charts", None)
        charts = getattr(panel, "charts", None)
        if callable(charts):
            tabs = getattr(panel, "tabs", None)
            for chart in charts():
                index = tabs.indexOf(chart) if tabs is not None else -1
                name = tabs.tabText(index) if index >= 0 else ""
                out.append((name or getattr(chart, "_title_text", "") or "chart", chart))
        compare = self.page("compare")
        scatter = getattr(compare, "scatter", None)
        diff_hist = getattr(compare, "diff_hist", None)
        # the Compare charts show the first comparison row (system vs baseline) once
        # there is one; the page draws them when looked at, or when they are saved
        # (ChartWidget.draw_if_stale asks the page through its data)
        rows = getattr(compare, "comparisons", None)
        if scatter is not None and rows is not None and len(rows):
            out.append((self.tr("Compare per question"), scatter))
            if diff_hist is not None:
                out.append((self.tr("Compare differences"), diff_hist))
        return out

    def _known_title(self, key: str) -> str | None:
        titles = {
            "start": self.tr("Start"),
            "overview": self.tr("Overview"),
            "questions": self.tr("Questions"),
            "judging": self.tr("Judging"),
            "compare": self.tr("Compare"),
            "systems": self.tr("Systems and stages"),
            "agreement": self.tr("Agreement"),
            "answers": self.tr("Answers"),
            "export": self.tr("Export"),
        }
        return titles.get(key)

    def add_page(
        self,
        key: str,
        widget: QWidget,
        title: str | Callable[[], str] | None = None,
        icon_name: str | None = None,
    ) -> None:
        """Add (or replace) a page. ``title`` may be a callable, re-read on language change;
        the standard keys (overview, questions, compare, agreement, export) are translated
        here whatever title is given."""
        if key in self._pages:
            old, _title, item = self._pages[key]
            index = self.stack.indexOf(old)
            self.stack.removeWidget(old)
            old.deleteLater()
            self.stack.insertWidget(index, widget)
        else:
            item = QListWidgetItem(icon(icon_name or key), "")
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setSizeHint(QSize(170, 46))
            self.sidebar.addItem(item)
            self.stack.addWidget(widget)
        title_fn: Callable[[], str] | None
        if callable(title):
            title_fn = title
        elif title is None:
            title_fn = None
        else:
            title_fn = lambda text=title: text  # noqa: E731
        self._pages[key] = (widget, title_fn, item)
        item.setText(self._page_title(key))
        if self.sidebar.currentRow() < 0:
            self.sidebar.setCurrentRow(0)

    def _page_title(self, key: str) -> str:
        widget, title_fn, _item = self._pages[key]
        known = self._known_title(key)
        if known:
            return known
        if title_fn is not None:
            return title_fn()
        page_title = getattr(widget, "page_title", None)
        return page_title() if callable(page_title) else key

    def page(self, key: str) -> QWidget | None:
        entry = self._pages.get(key)
        return entry[0] if entry else None

    def page_keys(self) -> list[str]:
        return [
            self.sidebar.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.sidebar.count())
        ]

    def show_page(self, key: str) -> bool:
        entry = self._pages.get(key)
        if entry is None:
            return False
        self.sidebar.setCurrentItem(entry[2])
        return True

    def show_questions(self, question_ids: list, title: str = "") -> None:
        """Open these questions in the Question review page (when it is there);
        ``title`` says where they were chosen (its banner shows it)."""
        review = self.page("questions")
        show = getattr(review, "show_questions", None)
        if callable(show):
            show([str(q) for q in question_ids], title=title)
            self.show_page("questions")

    def current_page_key(self) -> str:
        item = self.sidebar.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else "start"

    def _on_sidebar_row(self, row: int) -> None:
        item = self.sidebar.item(row)
        if item is None:
            return
        widget = self._pages[item.data(Qt.ItemDataRole.UserRole)][0]
        self.stack.setCurrentWidget(widget)
        self._schedule_autosave()

    # -- menus ---------------------------------------------------------------------------
    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.view_menu = bar.addMenu("")
        self.help_menu = bar.addMenu("")
        a = self.actions_by_key = {}

        def action(key: str, slot, shortcut=None) -> QAction:
            act = QAction(self)
            act.setObjectName(f"action:{key}")
            if shortcut is not None:
                act.setShortcut(shortcut)
            act.triggered.connect(_call(slot))
            a[key] = act
            return act

        fm = self.file_menu
        fm.addAction(action("new_project", self.new_project, QKeySequence("Ctrl+N")))
        fm.addAction(action("close_project", self.close_project, QKeySequence("Ctrl+W")))
        fm.addSeparator()
        fm.addAction(action("open_judgments", self.open_judgments, QKeySequence.StandardKey.Open))
        fm.addAction(action("add_judgments", self.add_judgments))
        fm.addAction(action("add_runs", self.add_runs, QKeySequence("Ctrl+R")))
        fm.addAction(action("open_answers", self.open_answers))
        fm.addSeparator()
        fm.addAction(action("open_project", self.open_project, QKeySequence("Ctrl+Shift+O")))
        fm.addAction(action("save_project", self.save_project, QKeySequence.StandardKey.Save))
        fm.addAction(
            action("save_project_as", self.save_project_as, QKeySequence.StandardKey.SaveAs)
        )
        fm.addSeparator()
        fm.addAction(action("save_templates", self.save_templates))
        self.recent_menu = fm.addMenu("")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        fm.addSeparator()
        fm.addAction(action("demo", self.open_demo))
        fm.addSeparator()
        fm.addAction(action("quit", self.close, QKeySequence.StandardKey.Quit))

        self.language_menu = self.view_menu.addMenu("")
        group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        # each language is named in itself, so it can be found in either UI language
        for lang, name in (("ko", "한국어"), ("en", "English")):
            act = QAction(name, self, checkable=True)
            act.setObjectName(f"action:lang_{lang}")
            act.setData(lang)
            act.triggered.connect(_call(self.set_language, lang))
            group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[lang] = act
        self.font_menu = self.view_menu.addMenu("")
        font_group = QActionGroup(self)
        self.font_actions: dict[str, QAction] = {}
        for size in ("normal", "large", "very_large"):
            act = QAction(self, checkable=True)
            act.setObjectName(f"action:font_{size}")
            act.triggered.connect(_call(self.set_font_size, size))
            font_group.addAction(act)
            self.font_menu.addAction(act)
            self.font_actions[size] = act
        self.font_actions[self.settings.font_size].setChecked(True)

        self.help_menu.addAction(action("about", self.show_about))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.state.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self._update_title()
        self.file_menu.setTitle(self.tr("&File"))
        self.view_menu.setTitle(self.tr("&View"))
        self.help_menu.setTitle(self.tr("&Help"))
        a = self.actions_by_key
        a["new_project"].setText(self.tr("New project"))
        a["close_project"].setText(self.tr("Close project"))
        a["open_judgments"].setText(self.tr("Open judgments…"))
        a["add_judgments"].setText(self.tr("Add another assessor's judgments…"))
        a["add_runs"].setText(self.tr("Add system results…"))
        a["open_answers"].setText(self.tr("Open answers or ratings…"))
        a["open_project"].setText(self.tr("Open project…"))
        a["save_project"].setText(self.tr("Save project"))
        a["save_project_as"].setText(self.tr("Save project as…"))
        a["save_templates"].setText(self.tr("Save blank templates…"))
        a["demo"].setText(self.tr("Try the demo"))
        a["quit"].setText(self.tr("Quit"))
        a["about"].setText(self.tr("About the workbench"))
        self.recent_menu.setTitle(self.tr("Recent files"))
        self.language_menu.setTitle(self.tr("Language"))
        self.font_menu.setTitle(self.tr("Font size"))
        self.font_actions["normal"].setText(self.tr("Normal"))
        self.font_actions["large"].setText(self.tr("Large"))
        self.font_actions["very_large"].setText(self.tr("Very large"))
        current = i18n.current_language()
        if current in self.language_actions:
            self.language_actions[current].setChecked(True)
        for key in self._pages:
            self._pages[key][2].setText(self._page_title(key))

    def _update_title(self) -> None:
        title = self.tr("Retrieval Evaluation Workbench")
        if self.project_path is not None:
            title = f"{self.project_path.name} — {title}"
        self.setWindowTitle(title)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files
        for path in recent:
            act = self.recent_menu.addAction(Path(path).name)
            act.setToolTip(path)
            act.triggered.connect(_call(self.open_recent, path))
        if not recent:
            empty = self.recent_menu.addAction(self.tr("(none yet)"))
            empty.setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction(self.tr("Clear the list"))
            clear.triggered.connect(self._clear_recent)

    def _clear_recent(self) -> None:
        self.settings.clear_recent_files()
        self.start_page.set_recent_files([])

    def _remember_recent(self, path: str | Path) -> None:
        recent = self.settings.add_recent_file(path)
        self.settings.last_directory = str(Path(path).resolve().parent)
        self.start_page.set_recent_files(recent)

    # -- language and font ------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch the UI language now (every widget re-translates itself) and keep it."""
        self.settings.language = lang  # type: ignore[assignment]
        i18n.install_language(lang)
        if lang in self.language_actions:
            self.language_actions[lang].setChecked(True)

    def set_font_size(self, size: str) -> None:
        self.settings.font_size = size  # type: ignore[assignment]
        fonts.apply_font(size)
        self.font_actions[size].setChecked(True)

    def show_about(self) -> None:
        dialog = AboutDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    # -- opening files ---------------------------------------------------------------------------
    def _data_filter(self) -> str:
        return ";;".join(
            [
                self.tr(
                    "Data files (*.xlsx *.xlsm *.xls *.ods *.csv *.tsv *.txt *.json *.qrels *.run *.trec)"
                ),
                self.tr("All files (*)"),
            ]
        )

    def _start_dir(self) -> str:
        return dialog_start_dir(self.settings.last_directory)

    def open_judgments(self) -> None:
        """Open one judgments file, or several at once (one per assessor); they
        replace the judgments loaded."""
        paths, _ = dialogs.get_open_file_names(
            self, self.tr("Open judgments files"), self._start_dir(), self._data_filter()
        )
        if not paths:
            return
        if self.state.study.run_sources and not self.demo_only():
            # judgments and runs of two studies must not mix without a word
            choice = self.ask_new_study_or_replace(Path(paths[0]).name)
            if choice == "cancel":
                return
            if choice == "new" and not self.close_project():
                return
        self.import_files(paths, "judgments")

    def ask_new_study_or_replace(self, file_name: str) -> str:
        """Judgments opened while a study with system results is open: ``"new"`` (a
        new study with these judgments), ``"replace"`` (the judgments of this study;
        its system results stay, and the preview says whether the new judgments
        judge them) or ``"cancel"``."""
        systems = self.state.study.systems
        shown = ", ".join(systems[:4]) + (" …" if len(systems) > 4 else "")
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "newStudyOrReplace",
            self.tr("Start a new study?"),
            self.tr("A study with system results ({systems}) is open. What is {file} for?").format(
                systems=shown, file=Word(file_name)
            ),
            [
                ("new", self.tr("Start a new study with it"), role.AcceptRole),
                ("replace", self.tr("Replace this study's judgments"), role.DestructiveRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            self.tr(
                "A new study closes this one (its work is kept in its project file, or you "
                "are asked to save it). Replacing keeps the system results and scores them "
                "with the new judgments; the preview says before loading whether the new "
                "judgments judge the same questions."
            ),
            escape="cancel",
        )
        return clicked or "cancel"

    def add_judgments(self) -> None:
        """Add judgments files of other assessors to those loaded."""
        paths, _ = dialogs.get_open_file_names(
            self,
            self.tr("Add another assessor's judgments"),
            self._start_dir(),
            self._data_filter(),
        )
        if paths:
            self.add_judgment_files(paths)

    def add_judgment_files(self, paths: list[str]) -> None:
        """Queue judgments files that join the judgments loaded (one per assessor)."""
        add = self.state.study.judgment_set is not None
        self.import_files(paths, "judgments", add=add)

    def add_runs(self) -> None:
        paths, _ = dialogs.get_open_file_names(
            self, self.tr("Add system results"), self._start_dir(), self._data_filter()
        )
        if paths:
            self.import_files(paths, "runs")

    def open_answers(self, path: str | None = None) -> None:
        """What the systems answered, or ratings of the answers: the Answers page's
        preview (of ``path``, e.g. a dropped file; else a file chosen in a dialog)."""
        page = self.page("answers")
        self.show_page("answers")
        page.open_answers(path or None)

    def open_recent(self, path: str) -> None:
        if not Path(path).exists():
            QMessageBox.warning(
                self,
                self.tr("File not found"),
                self.tr("{path} no longer exists. It was removed from the recent files.").format(
                    path=Word(path)
                ),
            )
            self.settings.remove_recent_file(path)
            self.start_page.set_recent_files(self.settings.recent_files)
            return
        self.open_paths([path])

    def open_paths(self, paths: list[str]) -> None:
        """Open files from the command line, a drop or the recent list."""
        projects = [p for p in paths if p.lower().endswith(".wbproj")]
        data = [p for p in paths if not p.lower().endswith(".wbproj")]
        if projects:
            self.open_project(projects[0])
        if data:
            self.import_files(data, "auto")

    def import_files(self, paths: list[str], kind: str = "auto", add: bool = False) -> None:
        """Queue files for the import dialog, one after another. The first
        judgments file among them replaces the judgments loaded (``add``: joins
        them); the others join it (one file per assessor)."""
        batch = {"size": len(paths), "add": add, "replaced": False}
        for path in paths:
            self._import_queue.append((str(path), kind, None, batch))
        if self.import_dialog is None:
            self._next_import()

    def _next_import(self) -> None:
        if self.import_dialog is not None:
            # deleted only now: questions asked while its Load is applied (names,
            # a new study) run event loops in which a dialog deleted on close would
            # vanish before it said it had finished, and the next file never opened
            self.import_dialog.deleteLater()
            self.import_dialog = None
        if not self._import_queue:
            return
        path, kind, options, batch = self._import_queue.pop(0)
        # a run file is checked against the judgments it will be scored with: not
        # the demo's, when opening one's own file closes the demo
        closing_demo = self.demo_only() and not is_demo_file(path)
        joins = bool(batch["add"] or batch["replaced"]) and not closing_demo
        # a file that joins others must not contradict them (checked in the worker)
        verify = self.state.study.snapshot().merged_with if joins else None
        dialog = ImportDialog(
            path,
            kind,
            runner=self.runner,
            settings=self.settings,
            parent=self,
            initial_options=options,
            study=None if closing_demo else self.state.study.snapshot(),
            several=joins or batch["size"] > 1,
            verify=verify,
        )
        dialog.setProperty("joins", joins)
        dialog.batch = batch
        self.import_dialog = dialog
        dialog.accepted.connect(lambda d=dialog: self._apply_import(d))
        dialog.answers_found.connect(self.open_answers)
        dialog.finished.connect(lambda _r: QTimer.singleShot(0, self._next_import))
        dialog.open()
        self.import_dialog_opened.emit(dialog)

    def _apply_import(self, dialog: ImportDialog) -> None:
        result = dialog.result_set
        if result is None:
            return
        path = str(dialog.path.resolve())
        keep_work = False
        # another assessor's file joins the judgments loaded: nothing is replaced
        joins = bool(dialog.property("joins"))
        if self.demo_only() and not is_demo_file(path):
            # one's own files never join the demo: a clean study, asked once
            if not self.ask_close_demo():
                self._import_queue.clear()  # the rest of the files opened with it too
                return
            self.start_clean_study()
        elif dialog.kind == "judgments" and self.state.judgment_set is not None and not joins:
            choice = self.ask_replace_judgments(dialog.path.name)
            if choice == "cancel":
                return
            keep_work = choice == "keep"
        self._remember_recent(path)
        options = read_options(dialog.options)
        if dialog.kind == "judgments":
            batch = getattr(dialog, "batch", {})
            if joins and self.state.study.judgment_set is not None:
                try:
                    self.state.add_judgments(result, options)
                except InputError as exc:
                    show_error(self, exc)
                    return
            else:
                self.state.set_judgments(result, options, keep_work=keep_work)
                batch["replaced"] = True
        else:
            answer = self.ask_same_names(result.systems, dialog.path.stem)
            if answer is None:
                return
            names, replaced = answer
            self.state.add_runs(result, options, names=names, replace=replaced)
        if self.state.has_data and self.current_page_key() == "start":
            self.show_page("overview")

    # -- drag and drop -------------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt override)
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt override)
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.open_paths(paths)

    # -- loading sources in the background (demo, projects) ------------------------------------------------
    def _load_sources(
        self,
        items: list[tuple[str, str, dict]],
        on_done: Callable[[list[tuple[str, str, dict, object]]], None],
    ) -> None:
        """Load ``(kind, path, options)`` items in workers; ``on_done`` gets them in order
        with their results (None for a file that failed; its problem was shown)."""
        results: dict[int, object] = {}
        remaining = {"n": len(items)}

        def settle(index: int, value: object) -> None:
            results[index] = value
            remaining["n"] -= 1
            if remaining["n"] == 0:
                on_done([(*items[i], results.get(i)) for i in range(len(items))])

        if not items:
            on_done([])
            return
        for index, (kind, path, options) in enumerate(items):
            handle = self.runner.start(f"source:{index}:{path}", _load_task, kind, path, options)
            self.busy.track(handle, self.tr("Reading {name}…").format(name=Path(path).name))
            handle.finished.connect(lambda value, i=index: settle(i, value))

            def failed(exc, i=index):
                show_error(self, exc)
                settle(i, None)

            handle.failed.connect(failed)
            handle.cancelled.connect(lambda i=index: settle(i, None))

    def open_demo(self) -> None:
        """Load the bundled demo (judgments + runs) and show the Overview."""
        folder = demo_dir()
        items = [
            ("judgments", str(folder / "judgments.xlsx"), {}),
            ("runs", str(folder / "runs.xlsx"), {}),
        ]
        # what the demo systems answered and two raters' ratings (optional parts)
        for name in ("answers.xlsx", "ratings.xlsx"):
            if (folder / name).exists():
                items.append(("answers", str(folder / name), {}))
        missing = [p for _k, p, _o in items if not Path(p).exists()]
        if missing:
            QMessageBox.warning(
                self,
                self.tr("Demo not found"),
                self.tr("The demo files are missing from this installation: {files}").format(
                    files=", ".join(missing)
                ),
            )
            return
        self.project_path = None
        self._update_title()
        self._load_sources(items, self._apply_demo)

    def _apply_demo(self, loaded) -> None:
        if any(result is None for *_rest, result in loaded):
            return
        study = Study(clean_settings(self.state.settings))
        for kind, _path, options, result in loaded:
            if kind == "judgments":
                study.set_judgments(result, read_options(options))
            elif kind == "answers":
                names, refs = auto_names(study, result)
                study.answers.add_source(result, read_options(options), names, refs)
            else:
                study.add_runs(result, read_options(options))
        self.state.set_study(study)
        self.show_page("overview")
        self.sources_loaded.emit()

    # -- templates ---------------------------------------------------------------------------
    def save_templates(self) -> None:
        directory = dialogs.get_existing_directory(
            self, self.tr("Choose a folder for the blank templates"), self._start_dir()
        )
        if directory:
            self.write_templates(directory)

    def write_templates(self, directory: str) -> TaskHandle | None:
        def task(folder, progress=None, cancelled=None):
            return write_templates(folder)

        handle = self.runner.start("templates", task, directory)
        self.busy.track(handle, self.tr("Writing the templates…"))
        handle.finished.connect(
            lambda paths: QMessageBox.information(
                self,
                self.tr("Templates saved"),
                self.tr("These files were written:\n{files}").format(
                    files="\n".join(Path(p).name for p in paths)
                ),
            )
        )
        handle.failed.connect(lambda exc: show_error(self, exc))
        return handle

    # -- projects --------------------------------------------------------------------------------------------------
    def current_project(self) -> Project:
        """The project as it stands: the study (sources, settings, work) and the view."""
        view: dict = {"page": self.current_page_key(), "pages": {}}
        for key, (widget, _t, _i) in self._pages.items():
            getter = getattr(widget, "view_state", None)
            if callable(getter):
                view["pages"][key] = getter()
        return study_to_project(self.state.study, view)

    def save_project(self) -> bool:
        if self.project_path is None:
            return self.save_project_as()
        return self.save_project_to(self.project_path)

    def save_project_as(self) -> bool:
        start = str(self.project_path or Path(self._start_dir()) / self.tr("evaluation.wbproj"))
        path, _ = dialogs.get_save_file_name(
            self,
            self.tr("Save project"),
            start,
            self.tr("Workbench project ({pattern})").format(pattern=PROJECT_FILTER_SUFFIX),
        )
        if not path:
            return False
        return self.save_project_to(path)

    def save_project_to(self, path: str | Path) -> bool:
        try:
            written = save_project(path, self.current_project())
        except InputError as exc:
            show_error(self, exc)
            return False
        self.project_path = written
        self.settings.last_project = str(written)
        self._remember_recent(written)
        self._update_title()
        self.statusBar().showMessage(self.tr("Project saved."), 4000)
        return True

    def _schedule_autosave(self) -> None:
        # not restarted by later changes: steady work is saved every second,
        # not only after the user pauses
        if not self._restoring and not self._autosave_timer.isActive():
            self._autosave_timer.start()

    def _save_work_soon(self) -> None:
        """After an edit: save now, or as soon as :data:`WORK_SAVE_GAP_MS` has passed
        since the last save (a burst of edits is one write, the last one included)."""
        if self._restoring:
            return
        waited_ms = (time.monotonic() - self._last_autosave) * 1000
        if waited_ms >= WORK_SAVE_GAP_MS:
            self.autosave()
        else:
            remaining = int(WORK_SAVE_GAP_MS - waited_ms) + 1
            if (
                not self._autosave_timer.isActive()
                or self._autosave_timer.remainingTime() > remaining
            ):
                self._autosave_timer.start(remaining)

    def autosave(self) -> Path | None:
        """Save now to the project file, or to the recovery file when there is none."""
        self._autosave_timer.stop()
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        if self._restoring:
            return None
        self._last_autosave = time.monotonic()
        if self.project_path is None and self.state.study.is_empty:
            return None
        target = self.project_path or recovery_path()
        try:
            written = save_project(target, self.current_project())
            if self.project_path is None:
                self._recovery_owned = True
            return written
        except InputError as exc:
            log.warning("autosave failed: %s", exc)
            self.statusBar().showMessage(self.tr("Autosave failed; save the project elsewhere."))
            return None

    def open_project(self, path: str | Path | None = None, recovered: bool = False) -> None:
        """Open a project file (a dialog when ``path`` is None). ``recovered``: the
        recovery file, restored as unsaved work (no project path, not a recent file)."""
        if path is None:
            path, _ = dialogs.get_open_file_name(
                self,
                self.tr("Open project"),
                self._start_dir(),
                self.tr("Workbench project ({pattern})").format(pattern=PROJECT_FILTER_SUFFIX),
            )
            if not path:
                return
        try:
            project = load_project(path)
        except InputError as exc:
            show_error(self, exc)
            return
        if self.demo_only() and not recovered and not self.ask_close_demo():
            return

        def check(progress=None, cancelled=None):
            return check_sources(project)

        handle = self.runner.start("check-sources", check)
        self.busy.track(handle, self.tr("Checking the project's files…"))
        handle.finished.connect(
            lambda statuses: self._continue_open(Path(path), project, statuses, recovered)
        )
        handle.failed.connect(lambda exc: show_error(self, exc))

    def _continue_open(
        self, path: Path, project: Project, statuses: list[SourceStatus], recovered: bool = False
    ) -> None:
        items = []
        sources: list[ProjectSource] = []
        for status in statuses:
            source = status.source
            if not status.ok:
                source = self.ask_about_source(status)
                if source is False:
                    return  # the user cancelled opening the project
                if source is None:
                    continue  # skipped
            sources.append(source)
            options = {
                "mappings": source.mappings,
                "sheets": source.sheets,
                "conversions": source.conversions,
                "skip_rows": source.skip_rows,
            }
            items.append((source.kind, source.path, options))

        def apply(loaded) -> None:
            pairs = [(src, result) for src, (*_item, result) in zip(sources, loaded)]
            self._apply_project(path, project, pairs, recovered)

        self._load_sources(items, apply)

    def ask_about_source(self, status: SourceStatus):
        """Ask what to do with a missing or changed source file.

        Returns the (possibly relocated) source, None to skip it, or False to
        cancel opening the project.
        """
        source = status.source
        box = QMessageBox(self)
        box.setObjectName("sourceProblem")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("A file of the project needs attention"))
        if status.state == "missing":
            box.setText(
                self.tr(
                    "The file {name} was not found at\n{path}\n\n"
                    "It may have been moved or renamed. Locate it to continue."
                ).format(name=Word(source.name), path=source.path)
            )
        else:
            box.setText(
                self.tr(
                    "The file {name} has changed since the project was saved.\n\n"
                    "Load it anyway to use its current contents (scores may change), "
                    "or locate the original file."
                ).format(name=Word(source.name))
            )
        locate = box.addButton(self.tr("Locate…"), QMessageBox.ButtonRole.ActionRole)
        if status.state == "changed":
            anyway = box.addButton(self.tr("Load anyway"), QMessageBox.ButtonRole.AcceptRole)
        else:
            anyway = box.addButton(
                self.tr("Skip this file"), QMessageBox.ButtonRole.DestructiveRole
            )
        cancel = box.addButton(self.tr("Cancel"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(locate)
        box.exec()
        clicked = box.clickedButton()
        if clicked is cancel or clicked is None:
            return False
        if clicked is anyway:
            if status.state == "missing":
                return None
            return source
        new_path, _ = dialogs.get_open_file_name(
            self,
            self.tr("Locate {name}").format(name=source.name),
            str(Path(source.path).parent),
            self._data_filter(),
        )
        if not new_path:
            return False
        # every other field as it was (the assessor named for the file among them)
        return replace(source, path=str(Path(new_path).resolve()), sha256=file_sha256(new_path))

    def _apply_project(self, path: Path, project: Project, loaded, recovered: bool = False) -> None:
        """``loaded``: (ProjectSource, JudgmentSet | RunSet | None) in the project's order."""
        self._restoring = True
        try:
            self.state.set_study(study_from_project(project, loaded))
            if recovered:
                # still unsaved work: autosave keeps writing the recovery file
                self.project_path = None
                self._recovery_owned = True
            else:
                self.project_path = Path(path).resolve()
                self.settings.last_project = str(self.project_path)
                self._remember_recent(self.project_path)
            self._update_title()
            view = project.view or {}
            pages = view.get("pages") if isinstance(view.get("pages"), dict) else {}
            for key, page_state in pages.items():
                restore = getattr(self.page(key), "restore_view_state", None)
                if callable(restore) and isinstance(page_state, dict):
                    try:
                        restore(page_state)
                    except (TypeError, ValueError, KeyError, AttributeError):
                        # a damaged view only loses the view, never the project
                        log.warning("the saved view of %s could not be restored", key)
            page = view.get("page") if isinstance(view.get("page"), str) else None
            if not (page and self.show_page(page)):
                self.show_page("overview" if self.state.has_data else "start")
        finally:
            self._restoring = False
            self._autosave_timer.stop()
        if project.problems:
            show_error(self, InputError(project.problems))
        if recovered:
            self.statusBar().showMessage(
                self.tr("The work from last time is back. Save it as a project to keep it."), 10000
            )
        self.project_opened.emit()

    def ask(
        self,
        name: str,
        title: str,
        text: str,
        choices: list[tuple[str, str, QMessageBox.ButtonRole]],
        info: str = "",
        escape: str | None = None,
    ) -> str | None:
        """A question with buttons: ``choices`` are (key, label, role), the first one
        the default; returns the key clicked (None: the box was closed). ``name``
        is the box's object name (tests answer by it)."""
        box = QMessageBox(self)
        box.setObjectName(name)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(title)
        box.setText(text)
        if info:
            box.setInformativeText(info)
        buttons = {box.addButton(label, role): key for key, label, role in choices}
        box.setDefaultButton(next(iter(buttons)))
        if escape is not None:
            box.setEscapeButton(next(b for b, key in buttons.items() if key == escape))
        box.exec()
        return buttons.get(box.clickedButton())

    # -- recovery ------------------------------------------------------------------------------------
    def offer_recovery(self) -> bool:
        """At startup: when the last session closed without saving (a recovery file
        newer than the last clean exit), ask whether to restore its work. Restore
        opens it like a project (missing or changed files are asked about);
        Discard deletes it; closing the question keeps it for the next start.
        True when restoring started."""
        path = pending_recovery()
        if path is None:
            return False
        info = ""
        try:
            when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            info = self.tr("Saved automatically at {time}.").format(time=when)
        except OSError:
            pass
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "recoveryQuestion",
            self.tr("Restore unsaved work?"),
            self.tr(
                "The workbench closed without saving last time. "
                "Restore the work (files, settings, grades, notes)?"
            ),
            [
                ("restore", self.tr("Restore"), role.AcceptRole),
                ("discard", self.tr("Discard"), role.DestructiveRole),
            ],
            info,
        )
        if clicked == "restore":
            self.open_project(path, recovered=True)
            return True
        if clicked == "discard":
            remove_recovery()
        return False

    def demo_only(self) -> bool:
        """Every file loaded is a demo file (whatever was done with them)."""
        files = self.state.study.sources()
        return bool(files) and all(is_demo_file(f.path) for f in files)

    def ask_close_demo(self) -> bool:
        """Opening one's own files while the demo is loaded: close the demo first?
        True when the user agrees (the demo's files, and any grades or notes given
        on them, are then closed); the demo and one's own files never mix."""
        info = self.tr(
            "The demo's files and systems are closed, so your files start a study of "
            "their own (no demo systems, no renamed duplicates, no comparison with the "
            "demo's systems)."
        )
        if self.state.study.has_work:
            info += " " + self.tr("The grades and notes given in the demo are not kept.")
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "closeDemo",
            self.tr("Close the demo?"),
            self.tr("Close the demo and open your file?"),
            [
                ("close", self.tr("Close the demo and open"), role.AcceptRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            info,
            escape="cancel",
        )
        return clicked == "close"

    def ask_replace_judgments(self, file_name: str) -> str:
        """A new judgments file while judgments are loaded: ``"keep"`` (replace, keep
        the grades, resolutions and notes given in the app), ``"drop"`` (replace and
        drop them) or ``"cancel"``. Asked only when there is such work."""
        grades, resolutions, notes = self.state.study.judgment_work()
        if not (grades or resolutions or notes):
            return "drop"
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "replaceJudgments",
            self.tr("Replace the judgments?"),
            self.tr("Replace the judgments with {file}?").format(file=file_name),
            [
                ("keep", self.tr("Replace, keep my work"), role.AcceptRole),
                ("drop", self.tr("Replace and drop my work"), role.DestructiveRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            self.tr(
                "On the current judgments you gave {grades} grades, resolved {resolutions} "
                "items by hand and wrote {notes} notes or flags. Keep them (for a corrected "
                "copy of the same file), or drop them (for other judgments)?"
            ).format(grades=grades, resolutions=resolutions, notes=notes),
            escape="cancel",
        )
        return clicked or "cancel"

    # -- the study's lifecycle -------------------------------------------------------------
    def close_project(self) -> bool:
        """Close the study (its work kept: autosaved into its project file, or saved
        or discarded as the user answers) and show the Start page with nothing
        loaded. False when the user cancelled."""
        if not self._leave_study():
            return False
        self.start_clean_study()
        self.show_page("start")
        self.statusBar().showMessage(self.tr("The project was closed."), 4000)
        return True

    def new_project(self) -> bool:
        """A new, empty study; then the judgments are chosen, its first step."""
        if not self.close_project():
            return False
        self.open_judgments()
        return True

    def _leave_study(self) -> bool:
        """The study on screen may go: its work is saved (a project keeps it, the user
        saves it) or given up on purpose. False when the user cancelled."""
        if self._autosave_timer.isActive() and self.project_path is not None:
            self.autosave()
        if not self.has_unsaved_work():
            return True
        choice = self.ask_save_before_closing()
        if choice == "cancel":
            return False
        if choice == "save":
            return self.save_project()
        if self._recovery_owned:
            remove_recovery()  # discarded on purpose: not offered at the next start
            self._recovery_owned = False
        return True

    def ask_same_names(
        self, systems: list[str], file_stem: str
    ) -> tuple[dict[str, str], list[str]] | None:
        """New system results whose names the study has: replace those systems, keep
        both (the new ones named ``NAME (2)``) or rename the new ones. Returns
        ``(names, replaced)`` — the names chosen for the file's systems and the
        study's systems to take out first — or None (cancelled)."""
        taken = set(self.state.study.systems)
        same = [name for name in systems if name in taken]
        if not same:
            return {}, []
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "sameSystemNames",
            self.tr("Systems with the same names"),
            self.tr("The study already has systems named {names}.").format(
                names=", ".join(same)
            ),
            [
                ("replace", self.tr("Replace them"), role.DestructiveRole),
                ("both", self.tr("Keep both"), role.AcceptRole),
                ("rename", self.tr("Rename the new ones…"), role.ActionRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            self.tr(
                "Replace: the systems loaded before are taken out and these take their place. "
                "Keep both: the new ones are named like “{example} (2)”. Rename: you name "
                "the new ones."
            ).format(example=same[0]),
            escape="cancel",
        )
        if clicked in (None, "cancel"):
            return None
        if clicked == "replace":
            return {}, same
        if clicked == "both":
            return {}, []
        names: dict[str, str] = {}
        for name in same:
            new = self.ask_system_name(name, f"{name} ({file_stem})", taken)
            if new is None:
                return None
            names[name] = new
            taken.add(new)
        return names, []

    def ask_system_name(self, name: str, suggestion: str, taken: set[str]) -> str | None:
        """A new name for the file's system ``name`` (None: cancelled); a taken name
        is asked again."""
        text = suggestion
        while True:
            dialog = QInputDialog(self)
            dialog.setObjectName("systemNameDialog")
            dialog.setWindowTitle(self.tr("Name the new system"))
            dialog.setLabelText(
                self.tr("A new name for “{name}” of the new file:").format(name=name)
            )
            dialog.setTextValue(text)
            dialog.setOkButtonText(self.tr("OK"))
            dialog.setCancelButtonText(self.tr("Cancel"))
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            text = " ".join(dialog.textValue().split())
            dialog.deleteLater()
            if not accepted:
                return None
            if text and text not in taken:
                return text
            QMessageBox.information(
                self,
                self.tr("Name the new system"),
                self.tr("“{name}” is taken or empty; choose another name.").format(name=text),
            )

    def start_clean_study(self) -> None:
        """An empty study (the user's settings kept), no project file: every page
        starts afresh."""
        self.project_path = None
        self._update_title()
        self.state.set_study(Study(clean_settings(self.state.settings)))

    def _only_demo(self) -> bool:
        """Only the bundled demo is loaded and nothing was added to it."""
        files = self.state.study.sources()
        demo = demo_dir().resolve()
        if not files or not all(Path(f.path).resolve().parent == demo for f in files):
            return False
        return not self.state.study.has_work

    def has_unsaved_work(self) -> bool:
        """Files are loaded but no project file keeps them (the demo alone does not count)."""
        if self.project_path is not None:
            return False
        if self.state.study.is_empty:
            return False
        return not self._only_demo()

    def ask_save_before_closing(self) -> str:
        """``"save"``, ``"discard"`` or ``"cancel"``."""
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "saveBeforeClosing",
            self.tr("Save the work?"),
            self.tr(
                "Save the work as a project before closing? Without a project file, the files "
                "you opened, the settings, grades and notes are not kept."
            ),
            [
                ("save", self.tr("Save project…"), role.AcceptRole),
                ("discard", self.tr("Close without saving"), role.DestructiveRole),
                ("cancel", self.tr("Cancel"), role.RejectRole),
            ],
            escape="cancel",
        )
        return clicked or "cancel"

    # -- closing ---------------------------------------------------------------------------------------
    def closeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if self._autosave_timer.isActive():
            self.autosave()
        unsaved = self.has_unsaved_work()
        if unsaved and self.ask_before_closing:
            choice = self.ask_save_before_closing()
            if choice == "cancel" or (choice == "save" and not self.save_project()):
                event.ignore()
                return
            unsaved = False  # saved as a project, or discarded on purpose
        if not unsaved and self._recovery_owned:
            remove_recovery()
        # a recovery file this window kept (closing without asking) is older than
        # the stamp, so it is not offered at the next start; another session's
        # (a question left unanswered) stays newer and is offered again
        if self._recovery_owned or pending_recovery() is None:
            mark_clean_exit()
        self.settings.set_window_geometry(bytes(self.saveGeometry()))
        for splitter in self._named_splitters():
            self.settings.set_splitter_state(splitter.objectName(), bytes(splitter.saveState()))
        self.settings.sync()
        super().closeEvent(event)
