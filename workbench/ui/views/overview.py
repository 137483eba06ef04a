"""The Overview page: settings, systems × measures, per-type means, abstention, warnings.

The page only listens to :class:`AppState` (``results_changed``,
``busy_changed``) and hands edited settings back to it; every number comes
from :class:`Results` as computed in the background. Charts are added later
into the ``charts`` section: one tab at a time with :meth:`OverviewPage.add_chart`,
or a whole chart panel (its own tabs) with :meth:`OverviewPage.set_charts_widget`.
"""

from __future__ import annotations

import pandas as pd
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QStyle,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.chart_data import (
    FIRST_EVIDENCE_COLUMNS,
    first_evidence,
    significance_marks,
    significance_tooltips,
)
from workbench.core.model import schema as s
from workbench.core.model.problems import Severity, count_levels
from workbench.core.model.results import Results
from workbench.ui.models.frame_model import FrameModel, make_sort_proxy, percent
from workbench.ui.models.metrics_table import (
    MetricColumnChooser,
    SystemsMetricsModel,
    measure_tooltip,
    ui_language,
)
from workbench.ui.page import Page
from workbench.ui.state import AppState
from workbench.ui.system_labels import system_tooltip
from workbench.ui.tables import ContentFitter, FrozenColumnTable, read_only_rows
from workbench.ui.views.charts import OverviewCharts
from workbench.ui.views.diagnosis import DiagnosisPanel
from workbench.ui.views.explain_panel import ExplainPanel, on_enter
from workbench.ui.views.rename_dialog import RenameSystemDialog, open_rename_dialog
from workbench.ui.views.settings_panel import SettingsPanel
from workbench.ui.when_shown import WhenShown


def compute_unjudged_bounds(study, results: Results, progress=None, cancelled=None):
    """Worker function: ``(results, bounds)`` — each value with every unjudged
    passage not relevant and at the top grade (:meth:`Study.unjudged_bounds`), None
    without judgments; ``results`` let the page tell a stale answer."""
    if study.judgment_set is None:
        return results, None
    return results, study.unjudged_bounds(results)


def _table(name: str) -> QTableView:
    """A systems table: the system column stays in view while the others scroll
    sideways, and columns are refitted to their contents after every change
    of data or font."""
    view = read_only_rows(FrozenColumnTable(frozen=1), name)
    # row heights are fitted once per change by the ContentFitter (_fit): measured
    # by Qt on every geometry update, a 4-system table of ~50 measures cost ~0.1 s
    # of the window's time each time new scores arrived
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    view.horizontalHeader().setHighlightSections(False)
    return view


def _fit(view: QTableView) -> ContentFitter:
    return ContentFitter(view)


def _title(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    font = label.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.15)
    label.setFont(font)
    label.setWordWrap(True)
    return label


def _hint(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setStyleSheet("color: palette(placeholder-text);")
    return label


def _wrapping_list(name: str) -> QListWidget:
    """A list whose long lines wrap to the width instead of scrolling sideways."""
    widget = QListWidget()
    widget.setObjectName(name)
    widget.setWordWrap(True)
    widget.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    widget.setResizeMode(QListWidget.ResizeMode.Adjust)
    return widget


class BusyOverlay(QWidget):
    """A translucent cover with a moving bar over the page while scores are recomputed."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("busy_overlay")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.label = QLabel(self)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.label.setFont(font)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 0)  # indeterminate: the evaluation reports no fraction here
        self.bar.setTextVisible(False)
        box = QVBoxLayout(self)
        box.addStretch(1)
        box.addWidget(self.label)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.bar, 2)
        row.addStretch(1)
        box.addLayout(row)
        box.addStretch(1)
        parent.installEventFilter(self)
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parentWidget().rect())
        return False

    def show_busy(self, text: str) -> None:
        # the window colour, translucent: works in light and dark palettes
        c = self.palette().color(QPalette.ColorRole.Window)
        self.setStyleSheet(
            f"#busy_overlay {{ background-color: rgba({c.red()}, {c.green()}, {c.blue()}, 180); }}"
        )
        self.label.setText(text)
        self.setGeometry(self.parentWidget().rect())
        self.raise_()
        self.show()


class OverviewPage(Page):
    """Settings + scores of every system. Hosted by the main window.

    ``questions_requested(question_ids, title)``: the user clicked a chart
    element; the host opens those questions in the Question review page.
    """

    # the worker's answer arrives through a signal (signal-to-signal: connecting a
    # task handle to a Python callable crashes PySide6 when the handle is deleted)
    _bounds_answer = Signal(object)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: (results, their unjudged bounds) once computed; the results drawn
        self._bounds: tuple[Results, object] | None = None
        self._drawn_results: Results | None = None
        # drawn when looked at: hidden, new scores cost the window nothing
        self._when_shown = WhenShown(self)
        self.setObjectName("overview_page")
        self.state = state
        self.results: Results | None = None
        self.lang = ui_language()

        # -- settings: every one in view (they wrap into more rows at large fonts) ---
        self.settings_panel = SettingsPanel(state, self)
        self._fitted = False
        self._build_empty()
        metrics_section = self._build_metrics()
        self._build_charts_section()
        self._build_details()
        warnings_section = self._build_warnings()
        self._build_layout(metrics_section, warnings_section)

        # the charts panel (scores with CIs, curves over K, ranks, coverage)
        self.overview_charts = OverviewCharts(state, self)
        self.overview_charts.questions_requested.connect(self.questions_requested)
        self.set_charts_widget(self.overview_charts)

        self._bounds_answer.connect(self._on_bounds)
        state.results_changed.connect(self.set_results)
        state.busy_changed.connect(self.set_busy)
        state.data_changed.connect(self._fill_system_tips)
        state.work_changed.connect(self._fill_system_tips)  # a system card typed in the app
        state.study_reset.connect(self.reset_view)
        self.retranslate()
        self.set_results(state.results)
        self._fill_system_tips()

    def _build_empty(self) -> None:
        """What the page shows before anything is loaded."""
        self.empty_page = QWidget()
        self.empty_page.setObjectName("empty_state")
        self.empty_title = QLabel()
        self.empty_title.setObjectName("empty_title")
        self.empty_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_title.setWordWrap(True)
        font = self.empty_title.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.empty_title.setFont(font)
        self.empty_hint = QLabel()
        self.empty_hint.setObjectName("empty_hint")
        self.empty_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_hint.setWordWrap(True)
        empty_box = QVBoxLayout(self.empty_page)
        empty_box.addStretch(1)
        empty_box.addWidget(self.empty_title)
        empty_box.addWidget(self.empty_hint)
        empty_box.addStretch(2)

    def _build_metrics(self) -> QWidget:
        """Systems × measures: the scores table, its hints and the ▲/▼ legend."""
        self.metrics_model = SystemsMetricsModel(self, lang=self.lang)
        self.metrics_proxy = make_sort_proxy(self.metrics_model, self)
        self.metrics_view = _table("metrics_table")
        self.metrics_view.setModel(self.metrics_proxy)
        self.metrics_fitter = _fit(self.metrics_view)
        # a system is renamed from its row: double-click, or the context menu
        self.metrics_view.doubleClicked.connect(self._on_metrics_double_clicked)
        self.metrics_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.metrics_view.customContextMenuRequested.connect(self._metrics_menu)
        #: the last rename dialog opened from this page (None: none yet)
        self.rename_dialog: RenameSystemDialog | None = None
        self.column_chooser = MetricColumnChooser(self.metrics_view, self.metrics_model)
        self.metrics_title = _title("metrics_title")
        self.metrics_hint = _hint("metrics_hint")
        self.metrics_section = metrics_section = QWidget()
        box = QVBoxLayout(metrics_section)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.metrics_title)
        box.addWidget(self.metrics_hint)
        box.addWidget(self.metrics_view)
        # "how was this computed?" for the chosen cell: this button, Enter, or the menu
        self.explain_button = QPushButton()
        self.explain_button.setObjectName("explain_button")
        self.explain_button.setEnabled(False)
        self.explain_button.clicked.connect(self.explain_current)
        self.metrics_view.selectionModel().currentChanged.connect(self._update_explain_button)
        on_enter(self.metrics_view, self.explain_current)
        # the panel that shows a score worked through (made when first asked)
        self.explain_panel: ExplainPanel | None = None
        explain_row = QHBoxLayout()
        explain_row.addWidget(self.explain_button)
        explain_row.addStretch(1)
        box.addLayout(explain_row)
        # ▲/▼ marks against the Compare page's baseline, explained right under the table
        self.marks_legend = _hint("marks_legend")
        self.marks_legend.hide()
        box.addWidget(self.marks_legend)
        self.comparisons: pd.DataFrame | None = None
        self._scores_drawn = False
        return metrics_section

    def _build_charts_section(self) -> None:
        """The charts' place, filled in later through add_chart() / set_charts_widget()."""
        self.charts_section = QWidget()
        self.charts_section.setObjectName("charts")
        self._charts_box = QVBoxLayout(self.charts_section)
        self._charts_box.setContentsMargins(0, 0, 0, 0)
        self.charts = QTabWidget()
        self.charts.setObjectName("chart_tabs")
        self.charts.setDocumentMode(True)
        self.charts.hide()
        self._charts_box.addWidget(self.charts)
        self.charts_widget: QWidget | None = None

    def _build_details(self) -> None:
        """The tabs below the scores: per question type, unanswerable questions and
        abstention, and the diagnosis (the charts tab joins them later)."""
        self.type_measure_label = QLabel()
        self.type_measure = QComboBox()
        self.type_measure.setObjectName("type_measure")
        self.type_measure.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.type_measure.currentIndexChanged.connect(self._fill_by_type)
        self.type_model = FrameModel(None, self)
        self.type_view = _table("type_table")
        self.type_view.setModel(make_sort_proxy(self.type_model, self))
        self.type_fitter = _fit(self.type_view)
        self.type_hint = _hint("type_hint")
        type_page = QWidget()
        tbox = QVBoxLayout(type_page)
        row = QHBoxLayout()
        row.addWidget(self.type_measure_label)
        row.addWidget(self.type_measure)
        row.addStretch(1)
        tbox.addLayout(row)
        tbox.addWidget(self.type_hint)
        tbox.addWidget(self.type_view, 1)

        # -- unanswerable questions and abstention --------------------------------------
        self.abstention_model = FrameModel(
            None,
            self,
            formatters={
                "n_unanswerable": _int_text,
                "appropriate_abstentions": _int_text,
                "n_answerable": _int_text,
                "false_abstentions": _int_text,
                "appropriate_abstention_rate": percent,
                "false_abstention_rate": percent,
            },
        )
        self.abstention_view = _table("abstention_table")
        self.abstention_view.setModel(make_sort_proxy(self.abstention_model, self))
        self.abstention_fitter = _fit(self.abstention_view)
        self.abstention_hint = _hint("abstention_hint")
        self.unanswerable_label = QLabel()
        self.unanswerable_label.setWordWrap(True)
        self.unanswerable_list = _wrapping_list("unanswerable_list")
        abst_left = QWidget()
        abox = QVBoxLayout(abst_left)
        abox.setContentsMargins(0, 0, 0, 0)
        abox.addWidget(self.abstention_hint)
        abox.addWidget(self.abstention_view, 1)
        abst_right = QWidget()
        rbox = QVBoxLayout(abst_right)
        rbox.setContentsMargins(0, 0, 0, 0)
        rbox.addWidget(self.unanswerable_label)
        rbox.addWidget(self.unanswerable_list, 1)
        # marked answerable, yet no relevant passage found: a list to judge further
        self.without_evidence_label = QLabel()
        self.without_evidence_label.setObjectName("without_evidence_label")
        self.without_evidence_label.setWordWrap(True)
        self.without_evidence_list = _wrapping_list("without_evidence_list")
        rbox.addWidget(self.without_evidence_label)
        rbox.addWidget(self.without_evidence_list, 1)
        abst_split = QSplitter(Qt.Orientation.Horizontal)
        abst_split.setObjectName("abstention_split")  # its sizes are kept between sessions
        abst_split.addWidget(abst_left)
        abst_split.addWidget(abst_right)
        abst_split.setStretchFactor(0, 2)
        abst_split.setStretchFactor(1, 1)

        # -- where the first evidence is (the MRR article's table beside the mean) -------
        self.first_evidence_model = FrameModel(
            None,
            self,
            formatters={"n": _int_text, **{key: percent for key in FIRST_EVIDENCE_COLUMNS}},
        )
        self.first_evidence_view = _table("first_evidence_table")
        self.first_evidence_view.setModel(make_sort_proxy(self.first_evidence_model, self))
        self.first_evidence_fitter = _fit(self.first_evidence_view)
        self.first_evidence_hint = _hint("first_evidence_hint")
        self.first_evidence_page = QWidget()
        fbox = QVBoxLayout(self.first_evidence_page)
        fbox.addWidget(self.first_evidence_hint)
        fbox.addWidget(self.first_evidence_view, 1)

        # charts, per-type means and abstention share one tab widget, so each
        # gets the full height (the page stays readable at large font sizes);
        # the charts tab is added when the first chart arrives
        self.type_page = type_page
        self.abstention_page = abst_split
        self.details = QTabWidget()
        self.details.setObjectName("details")
        self.details.addTab(type_page, "")
        self.details.addTab(self.first_evidence_page, "")
        self.details.addTab(abst_split, "")
        # what the numbers say to fix (the seeds' rules), with links to the questions
        self.diagnosis_panel = DiagnosisPanel(self.state, self)
        self.diagnosis_panel.questions_requested.connect(self.questions_requested)
        self.details.addTab(self.diagnosis_panel, "")

    def _build_warnings(self) -> QWidget:
        """The warnings: always on the page, never filtered."""
        self.warnings_title = _title("warnings_title")
        self.warnings_list = _wrapping_list("warnings_list")
        self.warnings_list.setAlternatingRowColors(True)
        warnings_section = QWidget()
        wbox = QVBoxLayout(warnings_section)
        wbox.setContentsMargins(0, 0, 0, 0)
        wbox.addWidget(self.warnings_title)
        wbox.addWidget(self.warnings_list, 1)
        return warnings_section

    def _build_layout(self, metrics_section: QWidget, warnings_section: QWidget) -> None:
        """The sections in one scrolling page, the empty page in a stack beside it."""
        # the page scrolls as a whole, like a document: each section keeps the
        # height it needs at any font size (settings, the scores table with
        # every system, the tabs with readable charts, the warnings), instead
        # of splitters squeezing them into tiny inner scroll areas
        self.content = QWidget()
        self.content.setObjectName("content")
        cbox = QVBoxLayout(self.content)
        cbox.setContentsMargins(0, 0, 0, 0)
        cbox.addWidget(metrics_section)
        cbox.addWidget(self.details, 1)
        cbox.addWidget(warnings_section)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty_page)
        self.stack.addWidget(self.content)
        self.busy = BusyOverlay(self.stack)

        self.body = QWidget()
        self.body.setObjectName("overview_body")
        body_box = QVBoxLayout(self.body)
        body_box.addWidget(self.settings_panel)
        body_box.addWidget(self.stack, 1)
        self.page_scroll = QScrollArea()
        self.page_scroll.setObjectName("page_scroll")
        self.page_scroll.setWidgetResizable(True)
        self.page_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.page_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.page_scroll.setWidget(self.body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.page_scroll)

    # -- public -----------------------------------------------------------------------
    def add_chart(self, widget: QWidget, title: str) -> int:
        """Add a chart tab (the charts section appears with its first tab)."""
        index = self.charts.addTab(widget, title)
        self.charts.show()
        self._show_charts_tab()
        return index

    def set_charts_widget(self, widget: QWidget) -> None:
        """Put a whole chart panel (e.g. one with its own tabs) into the charts section."""
        if self.charts_widget is not None:
            self._charts_box.removeWidget(self.charts_widget)
            self.charts_widget.setParent(None)
        self.charts_widget = widget
        self._charts_box.addWidget(widget, 1)
        self._show_charts_tab()

    def _show_charts_tab(self) -> None:
        if self.details.indexOf(self.charts_section) < 0:
            self.details.insertTab(0, self.charts_section, self.tr("Charts"))
            self.details.setCurrentIndex(0)

    @property
    def has_charts(self) -> bool:
        return self.details.indexOf(self.charts_section) >= 0

    @property
    def is_empty(self) -> bool:
        return self.stack.currentWidget() is self.empty_page

    def set_busy(self, busy: bool, text: str = "") -> None:
        if busy:
            self.busy.show_busy(text or self.tr("Computing scores…"))
        else:
            self.busy.hide()

    def set_results(self, results: Results | None) -> None:
        """New scores: kept at once, drawn when the page is looked at (every grade
        given elsewhere brings new scores)."""
        self.results = results
        self.comparisons = None  # new numbers: old marks no longer apply
        self._bounds = None
        self._when_shown.run(self._show_results)
        if self.explain_panel is not None:  # an open panel shows the new numbers at once
            self.explain_panel.follow(results)
        if results is None or self.state.study.judgment_set is None:
            self.state.runner.cancel("unjudged_bounds")
            return
        # what the unjudged passages could do to each value, for its tooltip: two
        # more evaluations, so in the background
        handle = self.state.runner.start(
            "unjudged_bounds", compute_unjudged_bounds, self.state.study.snapshot(), results
        )
        handle.finished.connect(self._bounds_answer)

    def _on_bounds(self, answer: tuple) -> None:
        if answer[0] is not self.results:
            return  # stale: newer results arrived meanwhile
        self._bounds = answer
        self._apply_bounds()

    def _apply_bounds(self) -> None:
        if self._bounds is not None and self._bounds[0] is self._drawn_results:
            self.metrics_model.set_bounds(self._bounds[1])

    def _show_results(self) -> None:
        results = self.results
        first = results is not None and not self._scores_drawn
        self._scores_drawn = self._scores_drawn or results is not None
        self.metrics_model.set_results(results)
        self._drawn_results = results
        self._apply_bounds()
        self._update_explain_button()
        self.marks_legend.hide()
        if results is None:
            self.stack.setCurrentWidget(self.empty_page)
            self.type_model.set_frame(pd.DataFrame())
            self.abstention_model.set_frame(pd.DataFrame())
            self.first_evidence_model.set_frame(pd.DataFrame())
            self.unanswerable_list.clear()
            self._fill_warnings()
            self._update_counts()
            return
        self.stack.setCurrentWidget(self.content)
        self._fill_type_measures()
        self._fill_by_type()
        self._fill_abstention()
        self._fill_first_evidence()
        self._fill_warnings()
        self._update_counts()
        self.refit()
        if first and self.isVisible():
            # once more after the content page has been laid out (header heights are real)
            QTimer.singleShot(0, self, self.refit)
        if self.comparisons is not None:  # they arrived while the page was hidden
            self._show_marks()

    # -- systems: where they come from, renaming --------------------------------------
    def _fill_system_tips(self) -> None:
        infos = self.state.study.system_infos()
        self.metrics_model.set_system_tooltips(
            {
                i.name: system_tooltip(
                    i, infos, rename_hint=True, card=self.state.study.card_of(i.name)
                )
                for i in infos
            }
        )

    def system_at(self, index) -> str | None:
        """The system of a row of the systems table (a view index), or None."""
        if not index.isValid():
            return None
        row = self.metrics_proxy.mapToSource(index).row()
        systems = self.metrics_model.systems
        return systems[row] if 0 <= row < len(systems) else None

    def rename_system(self, name: str) -> RenameSystemDialog | None:
        """Ask for a new name of system ``name`` (the rename dialog, window-modal)."""
        self.rename_dialog = open_rename_dialog(self.state, name, self)
        return self.rename_dialog

    def _on_metrics_double_clicked(self, index) -> None:
        name = self.system_at(index)
        if name is not None:
            self.rename_system(name)

    def _metrics_menu(self, pos) -> None:
        index = self.metrics_view.indexAt(pos)
        name = self.system_at(index)
        if name is None:
            return
        menu = QMenu(self.metrics_view)
        measure = self.measure_at(index)
        if measure is not None:
            explain = menu.addAction(
                self.tr("How was this computed?"), lambda: self.explain_score(name, measure)
            )
            explain.setObjectName("explain_action")
        menu.addAction(
            self.tr("Rename {name}…").format(name=name), lambda: self.rename_system(name)
        )
        menu.exec(self.metrics_view.viewport().mapToGlobal(pos))
        menu.deleteLater()

    # -- how was this computed? ------------------------------------------------------
    def measure_at(self, index) -> str | None:
        """The measure of a cell of the systems table (a view index), or None."""
        if not index.isValid():
            return None
        col = self.metrics_proxy.mapToSource(index).column()
        columns = self.metrics_model.columns
        name = columns[col] if 0 <= col < len(columns) else None
        return name if name in self.metrics_model.measures else None

    def _update_explain_button(self, *_: object) -> None:
        index = self.metrics_view.currentIndex()
        self.explain_button.setEnabled(
            self.results is not None
            and self.system_at(index) is not None
            and self.measure_at(index) is not None
        )

    def explain_current(self) -> None:
        """Explain the chosen cell's mean (the button and Enter)."""
        index = self.metrics_view.currentIndex()
        system, measure = self.system_at(index), self.measure_at(index)
        if system is not None and measure is not None:
            self.explain_score(system, measure)

    def explain_score(self, system: str, measure: str) -> ExplainPanel | None:
        """Open the panel on ``system``'s mean of ``measure``, with its questions."""
        if self.results is None:
            return None
        if self.explain_panel is None:
            self.explain_panel = ExplainPanel(self)
        js = self.state.study.judgment_set
        self.explain_panel.show_mean(
            self.results, system, measure, js.unjudged if js is not None else None
        )
        return self.explain_panel

    def charts_to_save(self) -> list[tuple[str, QWidget]]:
        """The chart tabs, each named by its tab."""
        panel = self.overview_charts
        out: list[tuple[str, QWidget]] = []
        for chart in panel.charts():
            index = panel.tabs.indexOf(chart)
            name = panel.tabs.tabText(index) if index >= 0 else ""
            out.append((name or chart._title_text or "chart", chart))
        return out

    def reset_view(self) -> None:
        """A new study or judgments file: no marks, no selection, rows in the order
        the systems were added, the first details tab."""
        self.set_comparisons(None)
        self.metrics_view.clearSelection()
        self.metrics_view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.metrics_proxy.sort(-1)
        self.details.setCurrentIndex(0)
        self._fill_system_tips()

    def set_comparisons(self, comparisons: pd.DataFrame | None) -> None:
        """Mark significant differences against the baseline (▲ better, ▼ worse)."""
        self.comparisons = comparisons if comparisons is not None and len(comparisons) else None
        if self._when_shown.pending:
            return  # drawn with the scores it belongs to, when the page is shown
        self._show_marks()

    def _show_marks(self) -> None:
        self.metrics_model.set_marks(
            significance_marks(self.comparisons),
            significance_tooltips(self.comparisons, self.lang),
        )
        self._fill_marks_legend()

    def _fill_marks_legend(self) -> None:
        frame = self.comparisons
        if frame is None:
            self.marks_legend.hide()
            return
        tests = {
            "randomization": self.tr("paired randomization test"),
            "t": self.tr("paired t-test"),
            "wilcoxon": self.tr("Wilcoxon signed-rank test"),
        }
        first = frame.iloc[0]
        self.marks_legend.setText(
            self.tr(
                "▲ / ▼: significantly better / worse than {baseline} on that measure "
                "({test}, p < 0.05 after Holm correction). Choose the baseline and the "
                "measures on the Compare page; hover over a mark for the details."
            ).format(baseline=first["baseline"], test=tests.get(first["test"], first["test"]))
        )
        self.marks_legend.show()

    def refit(self) -> None:
        """Columns to their contents (numbers and ids never elided), then the heights."""
        for fitter in (
            self.metrics_fitter,
            self.type_fitter,
            self.abstention_fitter,
            self.first_evidence_fitter,
        ):
            fitter.fit()
        self._fit_heights()

    def _fit_heights(self) -> None:
        """Section heights from the font, not fixed pixels: the scores table shows
        every system (up to 8, then it scrolls), the tabs hold a chart readable
        at the font in use, the warnings list shows up to 4 lines."""
        view = self.metrics_view
        rows = min(self.metrics_model.rowCount(), 8)
        height = sum(view.rowHeight(r) for r in range(rows))
        height += view.horizontalHeader().sizeHint().height()
        height += view.horizontalScrollBar().sizeHint().height() + 2 * view.frameWidth() + 2
        view.setFixedHeight(height)
        line = self.fontMetrics().lineSpacing()
        # a chart needs its title, legend, a plot, axes and a note: about 28 lines of
        # text (the page scrolls when the window is shorter)
        self.details.setMinimumHeight(line * 28)
        shown = min(max(self.warnings_list.count(), 1), 4)
        row_h = self.warnings_list.sizeHintForRow(0) if self.warnings_list.count() else line + 8
        self.warnings_list.setFixedHeight(
            shown * max(row_h, line + 4) + 2 * self.warnings_list.frameWidth() + 4
        )

    # -- sections ---------------------------------------------------------------------
    def _fill_type_measures(self) -> None:
        previous = self.type_measure.currentData()
        measures = self.results.measures if self.results is not None else []
        self.type_measure.blockSignals(True)
        self.type_measure.clear()
        for m in measures:
            self.type_measure.addItem(m, m)
            self.type_measure.setItemData(
                self.type_measure.count() - 1,
                measure_tooltip(m, self.lang),
                Qt.ItemDataRole.ToolTipRole,
            )
        # keep the user's choice across recomputes; else a headline measure
        i = self.type_measure.findData(previous) if previous else -1
        if i < 0:
            i = _headline_index(measures)
        self.type_measure.setCurrentIndex(i)
        self.type_measure.blockSignals(False)

    def by_type_frame(self, measure: str) -> tuple[pd.DataFrame, dict[str, str], dict[str, str]]:
        """System × question type for ``measure``: the frame, header texts, header tips.

        Columns: ``system``, one ``type:i`` per question type (first-seen order),
        ``all`` (the overall mean). ``n`` goes into the header when every system
        has the same n for the type (the usual case), else into the tooltip.
        """
        res = self.results
        headers = {"system": self.tr("System"), "all": self.tr("All questions")}
        tips: dict[str, str] = {}
        if res is None or res.by_type is None or measure not in res.by_type.columns:
            return pd.DataFrame(), headers, tips
        bt = res.by_type
        systems = [sys for sys in res.systems if sys in set(bt[s.SYSTEM])]
        types = list(dict.fromkeys(bt[s.QTYPE].tolist()))
        frame = pd.DataFrame({"system": systems})
        for i, qtype in enumerate(types):
            sub = bt[bt[s.QTYPE] == qtype].set_index(s.SYSTEM)
            key = f"type:{i}"
            frame[key] = [
                float(sub.loc[x, measure]) if x in sub.index else float("nan") for x in systems
            ]
            ns = sorted({int(n) for n in sub["n"].tolist()})
            name = str(qtype) if str(qtype) else self.tr("(no type)")
            n_text = str(ns[0]) if len(ns) == 1 else f"{ns[0]}–{ns[-1]}"
            headers[key] = f"{name}\n(n = {n_text})"
            tips[key] = (
                self.tr("%1: mean over %2 answerable questions of this type.")
                .replace("%1", measure)
                .replace("%2", n_text)
            )
        agg = res.aggregates
        frame["all"] = [
            float(agg.loc[x, measure]) if x in agg.index else float("nan") for x in systems
        ]
        if len(agg):
            n_all = sorted({int(agg.loc[x, "n"]) for x in systems if x in agg.index})
            if n_all:
                headers["all"] = f"{headers['all']}\n(n = {n_all[0]})"
        return frame, headers, tips

    def _fill_by_type(self, *_: object) -> None:
        measure = self.type_measure.currentData()
        frame, headers, tips = self.by_type_frame(measure) if measure else (pd.DataFrame(), {}, {})
        self.type_model.headers = headers
        self.type_model.header_tooltips = tips
        self.type_model.bold_max = {c for c in frame.columns if c != "system"}
        self.type_model.set_frame(frame)  # refitted by type_fitter (on the reset)

    def _fill_abstention(self) -> None:
        res = self.results
        ab = res.abstention if res is not None else None
        if ab is None or ab.empty:
            self.abstention_model.set_frame(pd.DataFrame())
        else:
            frame = ab.copy()
            frame.insert(0, "system", [str(x) for x in frame.index])
            self.abstention_model.set_frame(frame.reset_index(drop=True))
        # refitted by abstention_fitter on the reset (and by refit() with new scores)
        self.unanswerable_list.clear()
        texts = self._question_texts()
        for qid in res.unanswerable if res is not None else []:
            text = texts.get(str(qid), "")
            item = QListWidgetItem(f"{qid} — {text}" if text else str(qid))
            item.setData(Qt.ItemDataRole.UserRole, str(qid))
            item.setToolTip(text or str(qid))
            self.unanswerable_list.addItem(item)
        self.without_evidence_list.clear()
        for qid in res.answerable_without_evidence if res is not None else []:
            text = texts.get(str(qid), "")
            item = QListWidgetItem(f"{qid} — {text}" if text else str(qid))
            item.setData(Qt.ItemDataRole.UserRole, str(qid))
            item.setToolTip(text or str(qid))
            self.without_evidence_list.addItem(item)
        shown = self.without_evidence_list.count() > 0
        self.without_evidence_label.setVisible(shown)
        self.without_evidence_list.setVisible(shown)

    def _fill_first_evidence(self) -> None:
        """Per system, the shares of answerable questions by where their first relevant
        passage is (computed in core: chart_data.first_evidence)."""
        table = first_evidence(self.results)
        self.first_evidence_model.set_frame(table[["system", "n", *FIRST_EVIDENCE_COLUMNS]])

    def _question_texts(self) -> dict[str, str]:
        js = self.state.judgment_set
        questions = js.questions if js is not None else None
        if questions is None or s.QTEXT not in questions.columns:
            return {}
        return {
            str(q): str(t)
            for q, t in zip(questions[s.QID].tolist(), questions[s.QTEXT].tolist())
            if isinstance(t, str) and t
        }

    def _fill_warnings(self) -> None:
        """Errors, warnings and info, each with its own icon (a normal event such as
        "both judgment sheets were read" is info, not a warning); the item's
        UserRole holds the level ("error", "warning", "info")."""
        self.warnings_list.clear()
        res = self.results
        icons = {
            Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
            Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
            Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
        }
        for problem in res.warnings if res is not None else []:
            icon = self.style().standardIcon(icons[problem.severity])
            item = QListWidgetItem(icon, problem.message(self.lang))
            item.setData(Qt.ItemDataRole.UserRole, problem.severity.value)
            item.setToolTip(problem.message(self.lang))
            self.warnings_list.addItem(item)

    def _update_counts(self) -> None:
        res = self.results
        errors, warnings, infos = count_levels(res.warnings if res is not None else [])
        self.warnings_title.setText(
            self.tr("Errors %1 · Warnings %2 · Info %3")
            .replace("%1", str(errors))
            .replace("%2", str(warnings))
            .replace("%3", str(infos))
            if errors or warnings or infos
            else self.tr("No errors, warnings or info")
        )
        n_un = self.unanswerable_list.count()
        self.unanswerable_label.setText(
            self.tr(
                "Unanswerable questions (%1): no relevant evidence in the judgments, "
                "so they are left out of every mean above."
            ).replace("%1", str(n_un))
        )
        self.details.setTabText(
            self.details.indexOf(self.abstention_page),
            self.tr("Unanswerable questions and abstention (%1)").replace("%1", str(n_un)),
        )
        n_without = self.without_evidence_list.count()
        trec = self.results is not None and self.results.settings.trec_compat
        self.without_evidence_label.setText(
            (
                self.tr(
                    "Questions whose evidence nobody has found yet (%1): marked answerable in "
                    "the questions sheet, but no passage is graded relevant. With trec_eval's "
                    "conventions they stay in the means, every system scoring 0 on them. "
                    "Judge more passages for them."
                )
                if trec
                else self.tr(
                    "Questions whose evidence nobody has found yet (%1): marked answerable in "
                    "the questions sheet, but no passage is graded relevant. They are counted "
                    "among the unanswerable questions above and left out of every mean, so no "
                    "system is penalised for missing their evidence. Judge more passages for them."
                )
            ).replace("%1", str(n_without))
        )

    # -- layout -----------------------------------------------------------------------
    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            self.refit()

    # -- language ---------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            QTimer.singleShot(0, self, self.refit)  # the new headers and texts have new widths
        elif event.type() == QEvent.Type.FontChange:
            QTimer.singleShot(0, self, self.refit)
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.lang = ui_language()
        self.metrics_model.set_language(self.lang)
        self.empty_title.setText(self.tr("Open judgments and runs to see scores"))
        self.empty_hint.setText(
            self.tr(
                "Open a judgments workbook (questions, passages and grades) and one or more "
                "run workbooks (the ranked results of each system) from the File menu, or "
                "drag the files onto this window. To look around first, open the demo data."
            )
        )
        self.metrics_title.setText(self.tr("Scores per system"))
        self.explain_button.setText(self.tr("How was this computed?"))
        self.explain_button.setToolTip(
            self.tr(
                "The chosen value worked through: the mean over the questions, and each "
                "question's formula with its numbers (also Enter, or right-click a value)."
            )
        )
        self.metrics_hint.setText(
            self.tr(
                "Means over answerable questions; a question missing from a run counts as 0. "
                "The best value of each column is bold. Click a header to sort; right-click "
                "a header to choose columns; hover over a header for what it measures."
            )
            + " "
            + self.tr("Double-click a system's name to rename it; hover over it for its file.")
        )
        self._fill_marks_legend()
        if self.comparisons is not None:
            self.metrics_model.set_marks(
                significance_marks(self.comparisons),
                significance_tooltips(self.comparisons, self.lang),
            )
        self.type_measure_label.setText(self.tr("Measure:"))
        self.type_hint.setText(
            self.tr("The chosen measure per question type; n is the number of questions.")
        )
        self.details.setTabText(self.details.indexOf(self.type_page), self.tr("By question type"))
        self.details.setTabText(self.details.indexOf(self.diagnosis_panel), self.tr("Diagnosis"))
        if self.has_charts:
            self.details.setTabText(self.details.indexOf(self.charts_section), self.tr("Charts"))
        self.details.setTabText(
            self.details.indexOf(self.first_evidence_page), self.tr("First evidence")
        )
        self.first_evidence_hint.setText(
            self.tr(
                "Where each system puts the first relevant passage of a question: the share "
                "of answerable questions with it at rank 1, within the top 3 (rank 1 "
                "included), later in the results, or nowhere in them (top 3 + later + not "
                "found = 100%). The MRR mean alone does not show this spread."
            )
        )
        self.first_evidence_model.set_headers(
            {
                "system": self.tr("System"),
                "n": self.tr("Answerable\nquestions"),
                "rank_1": self.tr("At rank 1"),
                "top_3": self.tr("In the top 3"),
                "later": self.tr("Later"),
                "not_found": self.tr("Not found"),
            },
            {
                "later": self.tr("First relevant passage at rank 4 or below, to the end of the results."),
                "not_found": self.tr(
                    "No relevant passage anywhere in the results (or no results for the question)."
                ),
            },
        )
        self.abstention_hint.setText(
            self.tr(
                "A system abstains when it returns nothing for a question (or nothing above "
                "the score floor). Abstaining on an unanswerable question is appropriate; "
                "abstaining on an answerable one is a false abstention."
            )
        )
        self.abstention_model.set_headers(
            {
                "system": self.tr("System"),
                "n_unanswerable": self.tr("Unanswerable\nquestions"),
                "appropriate_abstentions": self.tr("Empty results,\nunanswerable"),
                "appropriate_abstention_rate": self.tr("Share empty,\nunanswerable"),
                "n_answerable": self.tr("Answerable\nquestions"),
                "false_abstentions": self.tr("Empty results,\nanswerable"),
                "false_abstention_rate": self.tr("Share empty,\nanswerable"),
            },
            {
                "appropriate_abstention_rate": self.tr(
                    "Share of unanswerable questions on which the system returned nothing "
                    "(higher is better)."
                ),
                "false_abstention_rate": self.tr(
                    "Share of answerable questions on which the system returned nothing "
                    "(lower is better)."
                ),
            },
        )
        if self.results is not None:
            # texts that embed the language: measure tooltips, per-type headers, warnings
            self._fill_type_measures()
            self._fill_by_type()
            self._fill_warnings()
        self._update_counts()
        if self.busy.isVisible():
            self.busy.label.setText(self.tr("Computing scores…"))


def _headline_index(measures: list[str]) -> int:
    """nDCG@10 (else nDCG@5, else the first nDCG, else the first measure)."""
    for wanted in ("nDCG@10", "nDCG@5"):
        if wanted in measures:
            return measures.index(wanted)
    return next((j for j, m in enumerate(measures) if m.startswith("nDCG")), 0)


def _int_text(value) -> str:
    return str(int(value))
