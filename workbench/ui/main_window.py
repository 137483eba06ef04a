"""The main window: a page sidebar, the pages, menus, a busy indicator, projects.

Pages are :class:`~workbench.ui.page.Page` widgets registered with
:meth:`MainWindow.add_page`, imported at the top of this module (a page that
cannot be built breaks a test instead of vanishing); the window relies on the
page contract only (its questions, view state, charts to save). Every file load
goes through a worker (:class:`TaskRunner`), so the window never freezes. What
is loaded and the user's work live in one :class:`~workbench.core.study.Study`
held by the :class:`AppState`; the window only asks it to change. Projects,
autosave and recovery are in :mod:`workbench.ui.project_actions`; the questions
about the study's lifecycle in :mod:`workbench.ui.questions`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QDragEnterEvent, QDropEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
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
from workbench.core.model.korean import Word
from workbench.core.model.problems import InputError
from workbench.core.study import Study, read_options
from workbench.paths import demo_dir, dialog_start_dir, resources_dir
from workbench.ui import dialogs, fonts, i18n
from workbench.ui.errors import show_error
from workbench.ui.page import Page
from workbench.ui.project_actions import (
    AUTOSAVE_DELAY_MS,
    ProjectActions,
    clean_settings,
    is_demo_file,
    mark_clean_exit,
    pending_recovery,
    remove_recovery,
)
from workbench.ui.questions import LifecycleQuestions
from workbench.ui.settings import Settings
from workbench.ui.state import AppState
from workbench.ui.views.about import AboutDialog
from workbench.ui.views.agreement import AgreementPage
from workbench.ui.views.answers import AnswerPage
from workbench.ui.views.compare import ComparePage
from workbench.ui.views.export_page import ExportPage
from workbench.ui.views.guide import GuideWindow, PageHelpButtons
from workbench.ui.views.import_dialog import ImportDialog
from workbench.ui.views.judging import JudgingPage
from workbench.ui.views.overview import OverviewPage
from workbench.ui.views.review import ReviewPage
from workbench.ui.views.start_page import StartPage, icon
from workbench.ui.views.systems_page import SystemsPage
from workbench.ui.views.who_judges import AssessorButton, ask_name
from workbench.ui.workers import TaskHandle, TaskRunner

log = logging.getLogger(__name__)

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


class MainWindow(ProjectActions, LifecycleQuestions, QMainWindow):
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
        self._pages: dict[str, tuple[Page, Callable[[], str] | None, QListWidgetItem]] = {}
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
            # room at the right end of each row for its "?" (PageHelpButtons)
            "#sidebar::item { padding: 8px 22px 8px 6px; }"
        )
        self.stack = QStackedWidget()
        layout.addWidget(self.sidebar)
        layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.sidebar.currentRowChanged.connect(self._on_sidebar_row)
        self.guide_window: GuideWindow | None = None
        self.page_help = PageHelpButtons(self.sidebar)
        self.page_help.requested.connect(self.show_guide)

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
        for page, _title, _item in self._pages.values():
            page.questions_requested.connect(self.show_questions)

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
        """Every chart worth saving now, as ``(translated name, chart widget)``, page
        by page in the sidebar's order: the Overview's chart tabs, then the Compare
        page's scatter and difference histogram once a comparison row is chosen."""
        return [chart for page, _t, _i in self._pages.values() for chart in page.charts_to_save()]

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
        widget: Page,
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
            self.page_help.add(key, item)
        title_fn: Callable[[], str] | None
        if callable(title):
            title_fn = title
        elif title is None:
            title_fn = None
        else:
            title_fn = lambda text=title: text  # noqa: E731
        self._pages[key] = (widget, title_fn, item)
        self._name_in_sidebar(key)
        if self.sidebar.currentRow() < 0:
            self.sidebar.setCurrentRow(0)

    def _name_in_sidebar(self, key: str) -> None:
        """The page's name on its sidebar row, and in the row's tooltip: at the
        largest font a long name ("Systems and stages") is cut short there."""
        item = self._pages[key][2]
        title = self._page_title(key)
        item.setText(title)
        item.setToolTip(title)

    def _page_title(self, key: str) -> str:
        widget, title_fn, _item = self._pages[key]
        known = self._known_title(key)
        if known:
            return known
        if title_fn is not None:
            return title_fn()
        return widget.page_title() or key

    def page(self, key: str) -> Page | None:
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
        if isinstance(review, ReviewPage):
            review.show_questions([str(q) for q in question_ids], title=title)
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

        self.help_menu.addAction(action("guide", self.show_guide, QKeySequence(Qt.Key.Key_F1)))
        self.help_menu.addSeparator()
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
        a["guide"].setText(self.tr("User guide"))
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
            self._name_in_sidebar(key)
        self.page_help.retranslate()

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

    def show_guide(self, chapter: str | None = None) -> GuideWindow:
        """Open the guide (a window beside this one, not blocking it) at ``chapter``,
        else at the chapter of the page shown."""
        if self.guide_window is None:
            self.guide_window = GuideWindow(self)
        window = self.guide_window
        window.show()
        window.raise_()
        window.activateWindow()
        window.show_chapter(chapter or self.current_page_key())
        return window

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
        # the demo's, when opening one's own file closes the demo. Grades added to
        # the study (a filled pool workbook, another assessor's file) join it, the
        # demo too: they grade its passages, and closing it would lose the pool
        closing_demo = self.demo_only() and not is_demo_file(path) and not batch["add"]
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
        if self.demo_only() and not is_demo_file(path) and not joins:
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
            batch = dialog.batch
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

    def demo_only(self) -> bool:
        """Every file loaded is a demo file (whatever was done with them)."""
        files = self.state.study.sources()
        return bool(files) and all(is_demo_file(f.path) for f in files)

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
        # the pages' computations in flight stop at their next check: nobody will
        # see them, and they would hold a core a while longer
        for runner in self.findChildren(TaskRunner):
            runner.cancel_all()
        super().closeEvent(event)
