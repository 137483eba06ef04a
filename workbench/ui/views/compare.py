"""The Compare page: is one system really better than another?

Pick a baseline, the metrics and the test; every other system is compared
with the baseline by :func:`workbench.core.measures.stats.compare_systems` in the
app's task runner (task ``compare``). The table shows, per system and
metric, the mean difference Δ (system − baseline), its 95% bootstrap CI, the
p-value, the Holm-adjusted p-value and wins/ties/losses; the model keeps raw
floats (sorting works) and formats only for display. Below it: one plain
sentence per row (:func:`~workbench.core.measures.stats.describe_comparison`, in the
UI language), and for the selected row the per-question scatter (baseline
vs system) and the histogram of the differences.

``questions_requested(list, str)``: double-click (or Enter on) a row, or the
"Questions it loses" button → the questions where the system scores lower
than the baseline, biggest loss first; "All questions" → every question of
the pair; a click on a scatter point or histogram bar → its questions.

Each comparison also says whether grading the unjudged passages could still
reverse it (:func:`workbench.core.measures.decisive.decide`, computed in the
same worker): the "If unjudged are graded" column shows the range of Δ over
every grading, and a sentence under each plain sentence says whether the
conclusion is decided.
"""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStyle,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures import chart_data as cd
from workbench.core.measures import stats
from workbench.core.measures.decisive import DECISION_COLUMNS, baseline_pairs, decide
from workbench.core.model.choices import SIGNIFICANCE_TESTS
from workbench.core.model.korean import Word
from workbench.core.model.number_text import range_text
from workbench.core.model.results import Results
from workbench.ui import palette
from workbench.ui.i18n import LiveText
from workbench.ui.i18n import current_language as ui_language
from workbench.ui.page import Page
from workbench.ui.system_labels import system_tooltip
from workbench.ui.views.charts import DifferenceHistogramChart, ScatterChart
from workbench.ui.views.explain_panel import ExplainPanel
from workbench.ui.when_shown import WhenShown

_Index = QModelIndex | QPersistentModelIndex
#: wait this long after the last change of a choice before recomputing
DEBOUNCE_MS = 250
ALPHA = 0.05


def significance_marks(comparisons: pd.DataFrame | None, alpha: float = ALPHA) -> dict:
    """``(system, metric) → "▲"/"▼"`` for the Overview table (see :mod:`workbench.core.measures.chart_data`)."""
    return cd.significance_marks(comparisons, alpha=alpha)


def run_comparison(
    per_question: pd.DataFrame,
    metrics: list[str],
    baseline: str,
    test: str,
    seed: int = stats.DEFAULT_SEED,
    progress=None,
    cancelled=None,
    results: Results | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Worker function: :func:`stats.compare_systems` with the runner's keywords,
    and with ``results`` whether each comparison is decided (:func:`decide`,
    one row per metric and system against the baseline).

    Returns ``(per_question, frame, decisions)``, so the page can tell a stale answer."""
    if progress is not None:
        progress(0.0, "")
    frame = stats.compare_systems(per_question, metrics, baseline=baseline, test=test, seed=seed)
    decisions = pd.DataFrame(columns=DECISION_COLUMNS)
    if results is not None and len(frame):
        pairs = baseline_pairs(results.systems, baseline)
        decisions = decide(results, pairs, metrics)
    if progress is not None:
        progress(1.0, "")
    return per_question, frame, decisions


def _p_text(p: float) -> str:
    if p is None or math.isnan(p):
        return "—"
    if p < 0.001:
        return "< 0.001"
    return f"{p:.3f}"


def _plain(value: float, decimals: int = 3) -> str:
    """A number with a real minus sign and no "+" (an end of a range)."""
    text = f"{value:.{decimals}f}"
    if float(text) == 0:
        return f"{0:.{decimals}f}"
    return text.replace("-", "−")


def _signed(value: float, decimals: int = 3) -> str:
    if value is None or math.isnan(value):
        return "—"
    text = f"{value:+.{decimals}f}"
    if float(text) == 0:
        return f"{0:.{decimals}f}"
    return text.replace("-", "−")


class ComparisonModel(QAbstractTableModel):
    """Rows of :func:`stats.compare_systems`; raw floats in ``UserRole``."""

    COLUMNS = (
        "system", "metric", "n", "mean_diff", "ci", "p_value", "p_adjusted", "wtl", "unjudged"
    )

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.frame = pd.DataFrame(columns=list(stats.COMPARISON_FIELDS))
        self.sentences: list[str] = []
        self.systems: list[str] = []
        #: per row: (the range of Δ over gradings as text, its low end, what it means)
        self.unjudged: list[tuple[str, float | None, str]] = []
        #: system name → its system card as text (tooltip of the system column)
        self.system_tooltip = None

    def set_frame(
        self,
        frame: pd.DataFrame,
        sentences: list[str],
        systems: list[str],
        unjudged: list[tuple[str, float | None, str]] | None = None,
    ) -> None:
        self.beginResetModel()
        self.frame = frame.reset_index(drop=True)
        self.sentences = list(sentences)
        self.systems = list(systems)
        self.unjudged = list(unjudged or [])
        self.endResetModel()

    def _unjudged(self, r: int) -> tuple[str, float | None, str]:
        return self.unjudged[r] if r < len(self.unjudged) else ("—", None, "")

    def row(self, r: int) -> dict[str, Any]:
        return self.frame.iloc[r].to_dict()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.frame)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal:
            return None
        col = self.COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                "system": self.tr("System"),
                "metric": self.tr("Metric"),
                "n": self.tr("n"),
                "mean_diff": self.tr("Δ vs baseline"),
                "ci": self.tr("95% CI of Δ"),
                "p_value": self.tr("p"),
                "p_adjusted": self.tr("p (Holm)"),
                "wtl": self.tr("Better / same / worse"),
                "unjudged": self.tr("Δ if unjudged are graded"),
            }[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            return {
                "mean_diff": self.tr(
                    "Mean of (system − baseline) over the questions both evaluate."
                ),
                "ci": self.tr(
                    "95% bootstrap confidence interval of Δ. If it excludes 0, the difference is unlikely to be chance."
                ),
                "p_value": self.tr(
                    "Probability of a difference at least this large if the systems were equally good."
                ),
                "p_adjusted": self.tr(
                    "p-value corrected with Holm's method for comparing several systems on the same metric."
                ),
                "wtl": self.tr(
                    "Questions where the system scores higher / the same / lower than the baseline."
                ),
                "unjudged": self.tr(
                    "The lowest and highest Δ any grading of the passages nobody judged could "
                    "give (today they count as not relevant)."
                ),
            }.get(col)
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        rec = self.frame.iloc[index.row()]
        col = self.COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if col in ("system", "metric"):
                return str(rec[col])
            if col == "n":
                return str(int(rec["n"]))
            if col == "mean_diff":
                return _signed(float(rec["mean_diff"]))
            if col == "ci":
                return f"[{_signed(float(rec['ci_low']))}, {_signed(float(rec['ci_high']))}]"
            if col in ("p_value", "p_adjusted"):
                return _p_text(float(rec[col]))
            if col == "wtl":
                return f"{int(rec['wins'])} / {int(rec['ties'])} / {int(rec['losses'])}"
            if col == "unjudged":
                return self._unjudged(index.row())[0]
        if role in (Qt.ItemDataRole.UserRole, Qt.ItemDataRole.EditRole):
            if col in ("system", "metric"):
                return str(rec[col])
            if col == "n":
                return int(rec["n"])
            if col == "ci":
                return float(rec["ci_low"])
            if col == "wtl":
                return int(rec["wins"]) - int(rec["losses"])
            if col == "unjudged":
                return self._unjudged(index.row())[1]
            value = float(rec[col])
            return None if math.isnan(value) else value
        if role == Qt.ItemDataRole.ToolTipRole:
            sentence = self.sentences[index.row()] if index.row() < len(self.sentences) else None
            if col == "system" and self.system_tooltip is not None:
                card = self.system_tooltip(str(rec["system"]))
                return f"{sentence}\n\n{card}" if sentence else card
            if col == "unjudged":
                return self._unjudged(index.row())[2] or None
            return sentence
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in ("system", "metric"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and col == "system":
            return palette.system_color(str(rec["system"]), self.systems).darker(140)
        if role == Qt.ItemDataRole.ForegroundRole and col == "mean_diff":
            p = float(rec["p_adjusted"])
            if not math.isnan(p) and p < ALPHA:
                return QColor("#1a7f37") if float(rec["mean_diff"]) > 0 else QColor("#b00020")
        return None


#: whole rows of measures the list shows at any font size (it scrolls for more)
METRIC_ROWS = 3
#: the charts' least height in lines of text: title, legend, a plot whose
#: axis numbers (0.0 … 1.0) stand apart, and the axis title
CHART_LINES = 12


class ComparePage(Page):
    """System-vs-baseline significance table, sentences, scatter and difference histogram."""

    #: a comparison finished and is shown (the frame)
    compared = Signal(object)
    # The worker's answer arrives through these (signal-to-signal connections):
    # connecting a task handle to a Python callable crashes PySide6 6.12 when
    # the runner deletes the handle.
    _answer = Signal(object)
    _failure = Signal(object)

    def __init__(self, state, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # redrawn when looked at: hidden, new scores cost the window nothing
        self._when_shown = WhenShown(self)
        self.state = state
        self.results: Results | None = None
        self.comparisons = pd.DataFrame(columns=list(stats.COMPARISON_FIELDS))
        #: :func:`decide`'s rows for the comparisons shown (whether each is decided)
        self.decisions = pd.DataFrame(columns=DECISION_COLUMNS)

        self.baseline_label = QLabel(self)
        self.baseline_combo = QComboBox(self)
        self.test_label = QLabel(self)
        self.test_combo = QComboBox(self)
        for test in SIGNIFICANCE_TESTS.keys:
            self.test_combo.addItem("", test)
        self.metrics_label = QLabel(self)
        self.metrics_list = QListWidget(self)
        # checkboxes flow in rows, so many measures fit without scrolling
        self.metrics_list.setFlow(QListWidget.Flow.LeftToRight)
        self.metrics_list.setWrapping(True)
        self.metrics_list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.metrics_list.setSpacing(2)
        self.status = QLabel(self)
        self.status.setWordWrap(True)

        controls = QGridLayout()
        controls.addWidget(self.baseline_label, 0, 0)
        controls.addWidget(self.baseline_combo, 0, 1)
        controls.addWidget(self.test_label, 1, 0)
        controls.addWidget(self.test_combo, 1, 1)
        controls.addWidget(self.metrics_label, 0, 2, Qt.AlignmentFlag.AlignTop)
        controls.addWidget(self.metrics_list, 0, 3, 2, 1)
        controls.addWidget(self.status, 0, 4, 2, 1)
        controls.setColumnStretch(3, 1)
        controls.setColumnStretch(4, 2)

        self.model = ComparisonModel(self)
        self.model.system_tooltip = state.system_tooltip
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        # keep compare_systems' order (metric, then system) until the user sorts
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.proxy.sort(-1)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(False)
        self.table.activated.connect(self._row_activated)
        self.table.doubleClicked.connect(self._row_activated)
        self.table.selectionModel().currentRowChanged.connect(self._row_selected)

        self.losses_button = QPushButton(self)
        self.losses_button.clicked.connect(lambda: self.request_row_questions(losses_only=True))
        self.all_button = QPushButton(self)
        self.all_button.clicked.connect(lambda: self.request_row_questions(losses_only=False))
        # the selected row's system, its mean of the row's measure worked through
        self.explain_button = QPushButton(self)
        self.explain_button.setObjectName("explain_button")
        self.explain_button.setEnabled(False)
        self.explain_button.clicked.connect(self.explain_selected)
        self.explain_panel: ExplainPanel | None = None  # made when first asked
        buttons = QHBoxLayout()
        buttons.addWidget(self.losses_button)
        buttons.addWidget(self.all_button)
        buttons.addWidget(self.explain_button)
        buttons.addStretch(1)

        self.sentences = QTextBrowser(self)
        self.sentences.setOpenLinks(False)

        # charts get their parent at creation (see OverviewCharts: PySide6 6.12)
        charts = QSplitter(Qt.Orientation.Horizontal, self)
        self.charts_split = charts
        charts.setObjectName("compare_charts_split")  # its sizes are kept between sessions
        self.scatter = ScatterChart(charts, with_controls=False)
        self.diff_hist = DifferenceHistogramChart(charts)
        for chart in (self.scatter, self.diff_hist):  # saved from the Export page too
            chart.data_source = self.ensure_drawn
        for chart in (self.scatter, self.diff_hist):
            chart.system_tooltip = state.system_tooltip
        self.scatter.questions_requested.connect(self.questions_requested)
        self.diff_hist.questions_requested.connect(self.questions_requested)

        top = QWidget(self)
        top_box = QVBoxLayout(top)
        top_box.setContentsMargins(0, 0, 0, 0)
        top_box.addWidget(self.table, 3)
        top_box.addLayout(buttons)
        top_box.addWidget(self.sentences, 2)
        self.sentences.setMinimumHeight(80)
        charts.addWidget(self.scatter)
        charts.addWidget(self.diff_hist)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.setObjectName("compare_split")  # its sizes are kept between sessions
        split.addWidget(top)
        split.addWidget(charts)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        self._fit_to_font()

        box = QVBoxLayout(self)
        box.addLayout(controls)
        box.addWidget(split, 1)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.compare_now)
        self._filling = False
        self.baseline_combo.currentIndexChanged.connect(self._choice_changed)
        self.test_combo.currentIndexChanged.connect(self._choice_changed)
        self.metrics_list.itemChanged.connect(self._choice_changed)

        self._answer.connect(self._on_compared)
        self._failure.connect(self._on_failed)
        self.retranslate()
        state.results_changed.connect(self.set_results)
        state.study_reset.connect(self.reset_view)
        if getattr(state, "results", None) is not None:
            self.set_results(state.results)

    # -- choices --------------------------------------------------------------------
    def baseline(self) -> str:
        return self.baseline_combo.currentText()

    def test(self) -> str:
        return str(self.test_combo.currentData())

    def chosen_metrics(self) -> list[str]:
        out = []
        for i in range(self.metrics_list.count()):
            item = self.metrics_list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.text())
        return out

    def set_choices(
        self, baseline: str | None = None, metrics: list[str] | None = None, test: str | None = None
    ) -> None:
        """Set the baseline, metrics and test (as a user would) and recompute."""
        self._filling = True
        if baseline is not None:
            self.baseline_combo.setCurrentText(baseline)
        if test is not None:
            self.test_combo.setCurrentIndex(max(0, self.test_combo.findData(test)))
        if metrics is not None:
            for i in range(self.metrics_list.count()):
                item = self.metrics_list.item(i)
                item.setCheckState(
                    Qt.CheckState.Checked if item.text() in metrics else Qt.CheckState.Unchecked
                )
        self._filling = False
        self.compare_now()

    def _choice_changed(self, *_: object) -> None:
        if not self._filling:
            self._timer.start()

    # -- results ----------------------------------------------------------------------
    def charts_to_save(self) -> list[tuple[str, QWidget]]:
        """The scatter and the difference histogram once there is a comparison row:
        they show the first one (system vs baseline), drawn when looked at or when
        saved (ChartWidget.draw_if_stale asks the page through its data)."""
        if not len(self.comparisons):
            return []
        return [
            (self.tr("Compare per question"), self.scatter),
            (self.tr("Compare differences"), self.diff_hist),
        ]

    def reset_view(self) -> None:
        """A new study or judgments file: the baseline and measures are chosen afresh
        (the first system, the default measures) and the old comparison goes."""
        self._timer.stop()
        self._filling = True
        self.baseline_combo.clear()
        self.metrics_list.clear()
        self._filling = False
        self.state.runner.cancel("compare")
        self.results = None
        self.decisions = pd.DataFrame(columns=DECISION_COLUMNS)
        self._show(pd.DataFrame(columns=list(stats.COMPARISON_FIELDS)))
        self.status.setText("")

    def _system_tips(self) -> None:
        infos = self.state.study.system_infos()
        by_name = {i.name: i for i in infos}
        for i in range(self.baseline_combo.count()):
            info = by_name.get(self.baseline_combo.itemText(i))
            if info is not None:
                card = self.state.study.card_of(info.name)
                self.baseline_combo.setItemData(
                    i, system_tooltip(info, infos, card=card), Qt.ItemDataRole.ToolTipRole
                )

    def set_results(self, results: Results | None) -> None:
        self.results = results
        if self.explain_panel is not None:  # an open panel shows the new numbers at once
            self.explain_panel.follow(results)
        self._filling = True
        keep_base = self.baseline()
        keep_metrics = self.chosen_metrics()
        self.baseline_combo.clear()
        self.metrics_list.clear()
        if results is None:
            self._filling = False
            self.state.runner.cancel("compare")
            self._show(pd.DataFrame(columns=list(stats.COMPARISON_FIELDS)))
            return
        systems = [str(s) for s in results.systems]
        self.baseline_combo.addItems(systems)
        self._system_tips()
        if keep_base in systems:
            self.baseline_combo.setCurrentText(keep_base)
        chosen = [m for m in keep_metrics if m in results.measures] or cd.default_metrics(results)
        for name in results.measures:
            item = QListWidgetItem(name, self.metrics_list)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if name in chosen else Qt.CheckState.Unchecked)
        self._fit_to_font()  # rows of the real items
        self._filling = False
        self.compare_now()

    def compare_now(self) -> None:
        self._timer.stop()
        results = self.results
        metrics = self.chosen_metrics()
        if results is None or len(results.systems) < 2 or not metrics:
            self._show(pd.DataFrame(columns=list(stats.COMPARISON_FIELDS)))
            if results is not None and len(results.systems) < 2:
                self.status.setText(self.tr("Load at least two systems to compare them."))
            elif results is not None:
                self.status.setText(self.tr("Tick at least one metric."))
            return
        self.status.setText(self.tr("Comparing…"))
        handle = self.state.runner.start(
            "compare",
            run_comparison,
            results.per_question,
            metrics,
            self.baseline() or results.systems[0],
            self.test(),
            results=results,
        )
        handle.finished.connect(self._answer)
        handle.failed.connect(self._failure)

    def _on_failed(self, exc: Exception) -> None:
        problems = getattr(exc, "problems", None)
        if problems:
            lang = ui_language()
            text = " ".join(p.message_ko if lang == "ko" else p.message_en for p in problems)
        else:
            text = self.tr("The comparison could not be computed.")
        self.status.setText(text)

    def ensure_drawn(self) -> None:
        """Draw the latest comparison now if it waits for the page to be shown (the
        Export page saves this page's charts without the page being looked at)."""
        self._when_shown.flush()

    def _on_compared(self, answer: tuple) -> None:
        per_question, frame, decisions = answer
        if self.results is None or per_question is not self.results.per_question:
            return  # stale: newer results arrived meanwhile
        self.decisions = decisions
        self.comparisons = frame  # current for every reader; the table when looked at
        self._when_shown.run(lambda: self._show(frame))
        self.compared.emit(frame)

    def _show(self, frame: pd.DataFrame) -> None:
        self.comparisons = frame
        lang = ui_language()
        sentences = [stats.describe_comparison(rec, lang=lang) for rec in frame.to_dict("records")]
        systems = list(self.results.systems) if self.results is not None else []
        self.model.set_frame(frame, sentences, systems, self._unjudged_rows(frame))
        self._fill_sentences()
        if len(frame):
            self.status.setText(self._status_text())
            self.table.selectRow(0)
            self._row_selected()
        else:
            self.scatter.set_data(
                pd.DataFrame(columns=["question_id", "x", "y", "diff"]), "", "", "", []
            )
            self.diff_hist.set_data(pd.DataFrame(), "", "", "", [])
            self.explain_button.setEnabled(False)

    def _status_text(self) -> str:
        names = {
            "randomization": self.tr("paired randomization test"),
            "t": self.tr("paired t-test"),
            "wilcoxon": self.tr("Wilcoxon signed-rank test"),
        }
        test = str(self.comparisons["test"].iloc[0]) if len(self.comparisons) else self.test()
        return self.tr(
            "Each system against {baseline}; {test}, Holm correction per metric, "
            "95% bootstrap CI, seed {seed}. ▲/▼: significant at 0.05 after correction."
        ).format(
            baseline=Word(self.baseline()), test=names.get(test, test), seed=stats.DEFAULT_SEED
        )

    def decision_of(self, rec: dict[str, Any]) -> dict[str, Any] | None:
        """:func:`decide`'s row for one comparison row, None when there is none."""
        d = self.decisions
        if not len(d):
            return None
        hit = d[
            (d["measure"].astype(str) == str(rec["metric"]))
            & (d["system"].astype(str) == str(rec["system"]))
            & (d["baseline"].astype(str) == str(rec["baseline"]))
        ]
        return hit.iloc[0].to_dict() if len(hit) else None

    def decided_sentence(self, rec: dict[str, Any]) -> str:
        """Whether grading the unjudged passages could reverse this comparison, and
        the range of Δ over every grading ("" when it cannot be said)."""
        row = self.decision_of(rec)
        if row is None or row["decided"] is None or pd.isna(row["decided"]):
            return ""
        if bool(row["decided"]):
            verdict = self.tr("No further judging can change this conclusion.")
        else:
            verdict = self.tr(
                "This conclusion may change with the grades of {n} unjudged passages."
            ).format(n=int(row["holes_that_matter"]))
        span = range_text(_plain(float(row["low"])), _plain(float(row["high"])))
        where = self.tr("Over every grading of them, Δ lies in {range}.").format(range=span)
        text = f"{verdict} {where}"
        if row["method"] == "exact_ideal_gain_held":
            text += " " + self.tr("(nDCG: the ideal gain is held at its judged value.)")
        elif row["method"] == "conservative":
            text += " " + self.tr("(MAP: the range may be wider than the truth.)")
        return text

    def _unjudged_rows(self, frame: pd.DataFrame) -> list[tuple[str, float | None, str]]:
        out = []
        for rec in frame.to_dict("records"):
            row = self.decision_of(rec)
            if row is None or row["decided"] is None or pd.isna(row["decided"]):
                out.append(("—", None, ""))
                continue
            low, high = float(row["low"]), float(row["high"])
            out.append((range_text(_plain(low), _plain(high)), low, self.decided_sentence(rec)))
        return out

    def _fill_sentences(self) -> None:
        parts = []
        marks = cd.significance_marks(self.comparisons, alpha=ALPHA)
        for rec, sentence in zip(self.comparisons.to_dict("records"), self.model.sentences):
            mark = marks.get((str(rec["system"]), str(rec["metric"])), "")
            color = "#1a7f37" if mark == "▲" else "#b00020" if mark == "▼" else "#444444"
            decided = self.decided_sentence(rec)
            more = f"<br/><i>{_html(decided)}</i>" if decided else ""
            parts.append(
                f'<p><b style="color:{color}">{mark or "•"}</b> {_html(sentence)}{more}</p>'
            )
        self.sentences.setHtml("".join(parts))

    # -- selected row → scatter and histogram -------------------------------------------
    def current_row(self) -> dict[str, Any] | None:
        index = self.table.currentIndex()
        if not index.isValid():
            rows = self.table.selectionModel().selectedRows()
            if not rows:
                return None
            index = rows[0]
        source = self.proxy.mapToSource(index)
        if not source.isValid() or source.row() >= len(self.model.frame):
            return None
        return self.model.row(source.row())

    def _row_selected(self, *_: object) -> None:
        rec = self.current_row()
        if rec is None or self.results is None:
            return
        pq = self.results.per_question
        metric, base, system = str(rec["metric"]), str(rec["baseline"]), str(rec["system"])
        systems = list(self.results.systems)
        self.scatter.set_data(
            cd.scatter_data(pq, metric, base, system), metric, base, system, systems
        )
        self.diff_hist.set_data(
            cd.difference_histogram(pq, metric, base, system), metric, base, system, systems
        )
        self.losses_button.setEnabled(int(rec["losses"]) > 0)
        self.explain_button.setEnabled(True)

    def explain_selected(self) -> ExplainPanel | None:
        """The selected row's system: its mean of the row's measure, worked through."""
        rec = self.current_row()
        results = self.results
        if rec is None or results is None:
            return None
        system, measure = str(rec["system"]), str(rec["metric"])
        if system not in results.systems or measure not in results.measures:
            return None
        if self.explain_panel is None:
            self.explain_panel = ExplainPanel(self)
        js = self.state.study.judgment_set
        unjudged = js.unjudged if js is not None else None
        self.explain_panel.show_mean(results, system, measure, unjudged)
        return self.explain_panel

    def row_questions(self, rec: dict[str, Any], losses_only: bool = True) -> list[str]:
        pq = self.results.per_question if self.results is not None else None
        if pq is None:
            return []
        metric, base, system = str(rec["metric"]), str(rec["baseline"]), str(rec["system"])
        if losses_only:
            return cd.losing_questions(pq, metric, base, system)
        data = cd.scatter_data(pq, metric, base, system).sort_values(["diff", "question_id"])
        return [str(q) for q in data["question_id"]]

    def request_row_questions(self, losses_only: bool = True) -> None:
        rec = self.current_row()
        if rec is None:
            return
        ids = self.row_questions(rec, losses_only)
        system, baseline, metric = (
            Word(str(rec["system"])),
            Word(str(rec["baseline"])),
            Word(str(rec["metric"])),
        )

        def describe() -> str:
            if losses_only:
                what = self.tr("{system} worse than {baseline} on {metric}")
            else:
                what = self.tr("{system} vs {baseline} on {metric}")
            return self.tr("Compare · {what}").format(
                what=what.format(system=system, baseline=baseline, metric=metric)
            )

        title = LiveText(describe)
        self.questions_requested.emit(ids, title)

    def _row_activated(self, index) -> None:
        self.table.selectRow(index.row())
        self.request_row_questions(losses_only=True)

    # -- language -------------------------------------------------------------------------
    def retranslate(self) -> None:
        self._system_tips()  # the tooltips name files and sheets in the UI language
        self.baseline_label.setText(self.tr("Baseline:"))
        self.baseline_combo.setToolTip(self.tr("Every other system is compared with this one."))
        self.test_label.setText(self.tr("Test:"))
        for i in range(self.test_combo.count()):
            test = self.test_combo.itemData(i)
            self.test_combo.setItemText(i, SIGNIFICANCE_TESTS.label(test, ui_language()))
            self.test_combo.setItemData(
                i, SIGNIFICANCE_TESTS.explanation(test, ui_language()), Qt.ItemDataRole.ToolTipRole
            )
        self.metrics_label.setText(self.tr("Metrics:"))
        self.losses_button.setText(self.tr("Questions it loses"))
        self.losses_button.setToolTip(
            self.tr("Open the questions where the selected system scores lower than the baseline.")
        )
        self.all_button.setText(self.tr("All questions of this pair"))
        self.explain_button.setText(self.tr("How was this computed?"))
        self.explain_button.setToolTip(
            self.tr("The selected system's mean of this measure, worked through question by question.")
        )
        self.table.setToolTip(
            self.tr("Double-click a row to open the questions where the system loses.")
        )
        self.model.headerDataChanged.emit(
            Qt.Orientation.Horizontal, 0, len(ComparisonModel.COLUMNS) - 1
        )
        if len(self.comparisons):
            self._show(self.comparisons)  # sentences in the new language

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "model"):
            self.retranslate()
        elif event.type() == QEvent.Type.FontChange and hasattr(self, "charts_split"):
            QTimer.singleShot(0, self, self._fit_to_font)  # once the children have the font
        super().changeEvent(event)

    def _fit_to_font(self) -> None:
        """Room measured in the font in use: the measure list keeps
        :data:`METRIC_ROWS` whole rows of check boxes (at the largest font a fixed
        130 px showed one and a half), and the charts enough lines of height
        that their axis numbers do not run into each other."""
        box = self.metrics_list
        if box.count():
            row = box.sizeHintForIndex(box.model().index(0, 0)).height()
        else:
            indicator = box.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorHeight, None, box)
            row = max(box.fontMetrics().height(), indicator) + 4
        pitch = row + 2 * box.spacing()
        height = METRIC_ROWS * pitch + box.spacing() + 2 * box.frameWidth()
        box.setMinimumHeight(height)
        box.setMaximumHeight(max(height, 130))
        self.charts_split.setMinimumHeight(max(320, CHART_LINES * self.fontMetrics().lineSpacing()))


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
