"""The Answers page's Results, Raters and Rubric tabs, and its two charts.

- :class:`ResultsPanel`: means per criterion with 95% bootstrap CIs, the
  automatic check rates, paired tests in plain words, a bar chart per
  system (:class:`RatingBarChart`) and retrieval against the answer rating
  (:class:`RetrievalScatterChart`, Spearman's ρ), and the means per question
  type.
- :class:`RatersPanel`: agreement per criterion (kappa, weighted kappa,
  ordinal alpha) and the disagreement queue; keys 0–3 resolve the chosen item
  by hand (undoable), Back to the rule takes the resolution back.
- :class:`RubricPanel`: the criteria and their 0–3 level descriptions, the
  abstention phrases and how several raters' scores combine — each change
  one undoable edit.
"""

from __future__ import annotations

import html
import math

import pandas as pd
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.agreement import kappa_band
from workbench.core.model import schema as s
from workbench.core.model.choices import RATINGS
from workbench.core.model.number_text import ids_text, range_text
from workbench.core.protocol import answers as A
from workbench.core.protocol.answer_results import (
    ALL,
    RATING,
    AnswerReport,
    default_measure,
    retrieval_correlation,
    retrieval_points,
)
from workbench.ui import palette
from workbench.ui.i18n import current_language
from workbench.ui.page import add_shortcuts
from workbench.ui.tables import hold_rows
from workbench.ui.views.charts import ChartWidget, Hit, MetricBarChart, _fmt

RATE_COLUMNS_SHOWN = (
    "citation_precision",
    "core_coverage",
    "unknown_rate",
    "not_retrieved_rate",
    "not_relevant_rate",
    "unjudged_rate",
    "no_citation_rate",
    "appropriate_abstention_rate",
    "false_abstention_rate",
)


def _lang() -> str:
    return current_language()


def _num(value, digits: int = 2) -> str:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return "–"
    return "–" if math.isnan(v) else f"{v:.{digits}f}"


def _pct(value) -> str:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return "–"
    return "–" if math.isnan(v) else f"{v * 100:.0f}%"


def _item(text: str, tip: str = "", align_right: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if tip:
        item.setToolTip(tip)
    if align_right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def _fit(table: QTableWidget, stretch: int | None = None, height: bool = False) -> None:
    """Columns as wide as their contents (``stretch``: the one that takes the rest);
    ``height``: the table as tall as its rows, so a short table leaves no blank box."""
    table.resizeColumnsToContents()
    header = table.horizontalHeader()
    header.setStretchLastSection(False)
    if stretch is not None and 0 <= stretch < table.columnCount():
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    table.resizeRowsToContents()
    if height:
        hold_rows(table, table.rowCount())


def _readonly_table(name: str) -> QTableWidget:
    table = QTableWidget()
    table.setObjectName(name)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setWordWrap(True)
    table.setAlternatingRowColors(True)
    return table


# == charts =====================================================================================
class RatingBarChart(MetricBarChart):
    """Mean rating per criterion and system (0–3), with 95% bootstrap CI whiskers;
    a click lists that system's answers, worst first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.metric_button.hide()
        self.vb.setLimits(yMin=-0.1)

    def refresh(self) -> None:
        super().refresh()
        self.plot.getAxis("left").setTicks([[(v, str(v)) for v in A.LEVELS]])
        self.plot.setYRange(0, 3.15, padding=0)

    def retranslate(self) -> None:
        ChartWidget.retranslate(self)
        self.set_title(self.tr("Answer ratings per system (with 95% confidence interval)"))
        self.set_axis_labels(self.tr("Criterion"), self.tr("Mean rating (0–3)"))


class RetrievalScatterChart(ChartWidget):
    """One point per answer: the retrieval measure of the system's run (x) against
    the answer's rating (y), a colour per system; Spearman's ρ in the legend."""

    #: the user chose another measure or criterion
    choice_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points = pg.ScatterPlotItem()
        self.plot.addItem(self.points)
        self.data = pd.DataFrame(columns=["system", s.QID, "retrieval", "answer"])
        self.correlation: dict = {}
        self.measure = ""
        self.answer_name = ""
        self.measure_label = QLabel(self)
        self.measure_combo = QComboBox(self)
        self.measure_combo.setObjectName("scatterMeasure")
        self.criterion_label = QLabel(self)
        self.criterion_combo = QComboBox(self)
        self.criterion_combo.setObjectName("scatterCriterion")
        self.add_control(self.measure_combo, self.measure_label)
        self.add_control(self.criterion_combo, self.criterion_label)
        self.measure_combo.currentIndexChanged.connect(lambda _i: self.choice_changed.emit())
        self.criterion_combo.currentIndexChanged.connect(lambda _i: self.choice_changed.emit())
        self._samples: dict[str, pg.ScatterPlotItem] = {}
        self.retranslate()
        self._ready = True

    def set_choices(
        self, measures: list[str], criteria: list[tuple[str, str]], measure: str | None
    ) -> None:
        def refill(combo: QComboBox, items, wanted) -> None:
            current = combo.currentData() or wanted
            combo.blockSignals(True)
            combo.clear()
            for text, data in items:
                combo.addItem(text, data)
            at = combo.findData(current)
            combo.setCurrentIndex(at if at >= 0 else 0)
            combo.blockSignals(False)

        refill(self.measure_combo, [(m, m) for m in measures], measure)
        refill(self.criterion_combo, criteria, RATING)

    def chosen(self) -> tuple[str, str]:
        return self.measure_combo.currentData() or "", self.criterion_combo.currentData() or RATING

    def set_data(
        self,
        data: pd.DataFrame,
        correlation: dict,
        systems: list[str],
        measure: str,
        answer_name: str,
    ) -> None:
        self.data = data.reset_index(drop=True)
        self.correlation = correlation
        self.systems = list(systems)
        self.measure, self.answer_name = measure, answer_name
        self.refresh()

    def _sample(self, color: QColor) -> pg.ScatterPlotItem:
        key = color.name()
        if key not in self._samples:
            self._samples[key] = pg.ScatterPlotItem(
                symbol="o", size=10, brush=pg.mkBrush(color), pen=pg.mkPen(palette.outline(color))
            )
        return self._samples[key]

    def refresh(self) -> None:
        self.retranslate()
        self._hits = []
        spots = []
        entries = []
        for system in self.systems:
            sub = self.data[self.data["system"] == system]
            color = self.color(system)
            fill = QColor(color)
            fill.setAlpha(170)
            grouped: dict[tuple[float, float], list[str]] = {}
            for q, x, y in zip(sub[s.QID], sub["retrieval"], sub["answer"]):
                if x is None or y is None or math.isnan(float(x)) or math.isnan(float(y)):
                    continue
                grouped.setdefault((float(x), float(y)), []).append(str(q))
            for (x, y), ids in grouped.items():
                spots.append(
                    {
                        "pos": (x, y),
                        "size": 9 + 4 * math.sqrt(len(ids) - 1),
                        "brush": pg.mkBrush(fill),
                        "pen": pg.mkPen(palette.outline(color)),
                    }
                )
                shown = ids_text(ids, shown=8)
                tip = self.tr(
                    "{system}: {count} answer(s) {ids}\n{measure} = {x}\n{answer} = {y}"
                ).format(
                    system=system,
                    count=len(ids),
                    ids=shown,
                    measure=self.measure,
                    x=_fmt(x, 3),
                    answer=self.answer_name,
                    y=_fmt(y, 2),
                )
                self._hits.append(
                    Hit(x, x, y, y, tip + "\n" + self._click_hint(), ids, f"{system}", point=True)
                )
            corr = self.correlation.get(system)
            rho = "–" if corr is None or math.isnan(corr.rho) else f"{corr.rho:.2f}"
            entries.append(
                (
                    self._sample(color),
                    self.tr("{system} (ρ = {rho})").format(system=system, rho=rho),
                )
            )
        self.points.setData(spots=spots)
        self.set_legend(entries)
        self.plot.getAxis("bottom").setTicks([[(v / 10, f"{v / 10:.1f}") for v in range(0, 11, 2)]])
        self.plot.getAxis("left").setTicks([[(v, str(v)) for v in A.LEVELS]])
        self.plot.setXRange(-0.05, 1.05, padding=0)
        self.plot.setYRange(-0.15, 3.15, padding=0)

    def retranslate(self) -> None:
        super().retranslate()
        self.measure_label.setText(self.tr("Retrieval:"))
        self.criterion_label.setText(self.tr("Answer:"))
        overall = self.correlation.get(ALL)
        if overall is None or math.isnan(overall.rho):
            rho = self.tr("ρ cannot be computed")
        else:
            p = overall.p_value
            p_text = "p < 0.001" if p < 0.001 else f"p = {p:.3f}"
            rho = self.tr("Spearman ρ = {rho} (n = {n}, {p})").format(
                rho=f"{overall.rho:.2f}", n=overall.n, p=p_text
            )
        # the correlation on a line of its own: one line is cut in a narrow window
        question = self.tr("Did better retrieval give better answers? {measure} vs {answer}")
        # the title is rich text: "p < 0.001" must not start a tag
        self.set_title(
            html.escape(
                question.format(measure=self.measure or "…", answer=self.answer_name or "…")
            )
            + "<br>"
            + html.escape(rho)
        )
        self.set_axis_labels(
            self.measure or self.tr("Retrieval measure"),
            self.answer_name or self.tr("Answer rating"),
        )


# == results =================================================================================
class ResultsPanel(QWidget):
    """Means, check rates, paired tests, the charts and the means per type."""

    questions_requested = Signal(list, object)

    def __init__(self, page) -> None:
        super().__init__(page)
        self.page = page
        self.report: AnswerReport | None = None
        self.blind = False
        self.inner = QTabWidget()
        self.inner.setObjectName("answerResultTabs")
        # summary
        summary = QWidget()
        sbox = QVBoxLayout(summary)
        row = QHBoxLayout()
        self.baseline_label = QLabel()
        self.baseline_combo = QComboBox()
        self.baseline_combo.setObjectName("answerBaseline")
        self.baseline_combo.activated.connect(self._baseline_chosen)
        row.addWidget(self.baseline_label)
        row.addWidget(self.baseline_combo)
        row.addStretch(1)
        sbox.addLayout(row)
        self.means_label = QLabel()
        self.means_label.setWordWrap(True)
        self.means = _readonly_table("answerMeans")
        self.checks_label = QLabel()
        self.checks_label.setWordWrap(True)
        self.checks = _readonly_table("answerChecks")
        self.tests_label = QLabel()
        self.sentences = QLabel()
        self.sentences.setObjectName("answerSentences")
        self.sentences.setWordWrap(True)
        self.sentences.setTextFormat(Qt.TextFormat.RichText)
        for w in (
            self.means_label,
            self.means,
            self.checks_label,
            self.checks,
            self.tests_label,
            self.sentences,
        ):
            sbox.addWidget(w)
        sbox.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(summary)
        self.inner.addTab(scroll, "")
        # charts
        self.bar_chart = RatingBarChart()
        self.bar_chart.questions_requested.connect(self.questions_requested)
        self.inner.addTab(self.bar_chart, "")
        self.scatter = RetrievalScatterChart()
        self.scatter.questions_requested.connect(self.questions_requested)
        self.scatter.choice_changed.connect(self._fill_scatter)
        self.inner.addTab(self.scatter, "")
        self.by_type = _readonly_table("answerByType")
        self.inner.addTab(self.by_type, "")
        self.blind_label = QLabel()
        self.blind_label.setWordWrap(True)
        self.blind_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.blind_label.hide()
        box = QVBoxLayout(self)
        box.addWidget(self.inner, 1)
        box.addWidget(self.blind_label, 1)

    def retranslate(self) -> None:
        self.inner.setTabText(0, self.tr("Summary"))
        self.inner.setTabText(1, self.tr("Ratings per system"))
        self.inner.setTabText(2, self.tr("Retrieval vs answers"))
        self.inner.setTabText(3, self.tr("By question type"))
        self.baseline_label.setText(self.tr("Compare every system with:"))
        self.means_label.setText(
            self.tr(
                "Mean rating per criterion (0–3) with its 95% bootstrap confidence interval. "
                "Several raters' scores are combined like passage grades (a hand resolution "
                "wins); 'mean rating' is each answer's mean over its criteria."
            )
        )
        self.checks_label.setText(
            self.tr(
                "Automatic citation checks: citation precision = cited passages at or above θ / "
                "cited passages; core coverage = core evidence groups cited (an alternative "
                "covers its group); the other rates are shares of citations or answers."
            )
        )
        self.tests_label.setText(self.tr("Is the difference real? (paired tests, Holm-corrected)"))
        self.blind_label.setText(
            self.tr("The results are hidden while blind rating is on: they would name the systems.")
        )
        self.show_report(self.report)

    def set_blind(self, on: bool) -> None:
        self.blind = on
        self.inner.setVisible(not on)
        self.blind_label.setVisible(on)
        if on:
            self._clear()
        else:
            self.show_report(self.report)

    def _clear(self) -> None:
        for table in (self.means, self.checks, self.by_type):
            table.clear()
            table.setRowCount(0)
            table.setColumnCount(0)
        self.sentences.setText("")
        self.baseline_combo.clear()
        self.bar_chart.set_data(
            pd.DataFrame(
                columns=["system", "metric", "mean", "ci_low", "ci_high", "n", "question_ids"]
            ),
            [],
        )
        self.scatter.set_data(
            pd.DataFrame(columns=["system", s.QID, "retrieval", "answer"]), {}, [], "", ""
        )

    def _crit_name(self, key: str) -> str:
        if key == RATING:
            return self.tr("Mean rating")
        return self.report.rubric.name_of(key) if self.report is not None else key

    def show_report(self, report: AnswerReport | None) -> None:
        self.report = report
        if report is None or self.blind:
            return
        lang = _lang()
        systems = report.systems
        keys = [*report.rubric.keys, RATING]
        # baseline
        self.baseline_combo.blockSignals(True)
        current = self.baseline_combo.currentData()
        self.baseline_combo.clear()
        for name in systems:
            self.baseline_combo.addItem(name, name)
        base = report.comparisons["baseline"].iloc[0] if len(report.comparisons) else current
        at = self.baseline_combo.findData(base)
        self.baseline_combo.setCurrentIndex(max(at, 0))
        self.baseline_combo.blockSignals(False)
        # means
        by = report.by_system
        self.means.clear()
        self.means.setRowCount(len(systems))
        self.means.setColumnCount(len(keys))
        self.means.setHorizontalHeaderLabels([self._crit_name(k) for k in keys])
        self.means.setVerticalHeaderLabels(systems)
        for r, system in enumerate(systems):
            for c, key in enumerate(keys):
                hit = by[(by["system"] == system) & (by["criterion"] == key)] if len(by) else by
                if not len(hit) or not int(hit.iloc[0]["n"]):
                    self.means.setItem(r, c, _item("–"))
                    continue
                h = hit.iloc[0]
                text = _num(h["mean"])
                if _num(h["ci_low"]) != "–":  # the quick report has no intervals yet
                    text += f" ({range_text(_num(h['ci_low']), _num(h['ci_high']))})"
                tip = self.tr("{n} answers rated").format(n=int(h["n"]))
                self.means.setItem(r, c, _item(text, tip, True))
        _fit(self.means, height=True)
        # checks
        rates = report.checks.systems
        self.checks.clear()
        self.checks.setRowCount(len(systems))
        cols = ["answers", *RATE_COLUMNS_SHOWN]
        self.checks.setColumnCount(len(cols))
        self.checks.setHorizontalHeaderLabels([self._rate_name(c) for c in cols])
        self.checks.setVerticalHeaderLabels(systems)
        for r, system in enumerate(systems):
            rec = rates.loc[system] if system in rates.index else None
            for c, col in enumerate(cols):
                if rec is None:
                    text = "–"
                elif col == "answers":
                    text = str(int(rec[col]))
                else:
                    text = _pct(rec[col])
                self.checks.setItem(r, c, _item(text, self._rate_tip(col), True))
        _fit(self.checks, height=True)
        # sentences
        if len(report.comparisons):
            lines = [html.escape(str(x)) for x in report.comparisons[f"sentence_{lang}"]]
            self.sentences.setText("<ul>" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>")
        elif len(systems) >= 2:
            self.sentences.setText(html.escape(self.tr("Computing the tests…")))
        else:
            self.sentences.setText(html.escape(self.tr("Needs two or more systems to compare.")))
        # chart
        self._fill_bars(report, keys)
        # scatter
        results = self.page.state.results
        measures = list(results.measures) if results is not None else []
        self.scatter.set_choices(
            measures,
            [(self._crit_name(k), k) for k in [RATING, *report.rubric.keys]],
            default_measure(results),
        )
        self._fill_scatter()
        # by type
        bt = report.by_type
        bt = bt[bt["n"].astype(int) > 0] if len(bt) else bt
        self.by_type.clear()
        self.by_type.setColumnCount(6)
        self.by_type.setHorizontalHeaderLabels(
            [
                self.tr("Type"),
                self.tr("System"),
                self.tr("Criterion"),
                self.tr("Mean"),
                self.tr("95% CI"),
                "n",
            ]
        )
        self.by_type.setRowCount(len(bt))
        for r, rec in enumerate(bt.to_dict("records")):
            values = [
                rec["question_type"],
                rec["system"],
                self._crit_name(rec["criterion"]),
                _num(rec["mean"]),
                range_text(_num(rec["ci_low"]), _num(rec["ci_high"])),
                str(int(rec["n"])),
            ]
            for c, v in enumerate(values):
                self.by_type.setItem(r, c, _item(v, align_right=c >= 3))
        _fit(self.by_type, stretch=2)

    def _fill_bars(self, report: AnswerReport, keys: list[str]) -> None:
        rows = []
        answers = report.answers
        for rec in report.by_system.to_dict("records"):
            if not int(rec["n"]):
                continue
            key = rec["criterion"]
            sub = (
                answers[(answers["system"] == rec["system"]) & answers[key].notna()]
                if key in answers
                else answers.iloc[0:0]
            )
            ids = (
                sub.sort_values(key, kind="stable")[s.QID].astype(str).tolist() if len(sub) else []
            )
            rows.append({**rec, "metric": self._crit_name(key), "question_ids": ids})
        frame = pd.DataFrame(
            rows,
            columns=[
                "system",
                "criterion",
                "metric",
                "mean",
                "ci_low",
                "ci_high",
                "n",
                "question_ids",
            ],
        )
        self.bar_chart.set_data(frame, report.systems)

    def _fill_scatter(self) -> None:
        report = self.report
        results = self.page.state.results
        if report is None or self.blind:
            return
        measure, criterion = self.scatter.chosen()
        points = retrieval_points(report, results, measure, criterion)
        corr = retrieval_correlation(points) if len(points) else {}
        systems = [x for x in report.systems if x in set(points["system"])] if len(points) else []
        self.scatter.set_data(points, corr, systems, measure, self._crit_name(criterion))

    def _baseline_chosen(self, _index: int) -> None:
        self.page.set_baseline(self.baseline_combo.currentData())

    def _rate_name(self, key: str) -> str:
        names = {
            "answers": self.tr("Answers"),
            "citation_precision": self.tr("Citation precision"),
            "core_coverage": self.tr("Core coverage"),
            "unknown_rate": self.tr("Unknown citations"),
            "not_retrieved_rate": self.tr("Not retrieved"),
            "not_relevant_rate": self.tr("Below θ"),
            "unjudged_rate": self.tr("Unjudged"),
            "no_citation_rate": self.tr("No citation"),
            "appropriate_abstention_rate": self.tr("Declined, unanswerable"),
            "false_abstention_rate": self.tr("Declined, answerable"),
        }
        return names.get(key, key)

    def _rate_tip(self, key: str) -> str:
        tips = {
            "answers": self.tr("Answers checked (to questions the judgments know)."),
            "citation_precision": self.tr(
                "Mean over answers with citations: cited passages at or above θ / cited passages."
            ),
            "core_coverage": self.tr(
                "Mean over answerable questions: core evidence groups cited / core groups."
            ),
            "unknown_rate": self.tr("Citations of a passage id no file knows / all citations."),
            "not_retrieved_rate": self.tr(
                "Citations of passages this system did not retrieve / known citations."
            ),
            "not_relevant_rate": self.tr("Citations of passages judged below θ / all citations."),
            "unjudged_rate": self.tr("Citations of passages nobody judged / all citations."),
            "no_citation_rate": self.tr(
                "Answers without any citation / answers that do not abstain."
            ),
            "appropriate_abstention_rate": self.tr(
                "Answers that declined / answers to unanswerable questions (not the "
                "retrieval's empty results on the Overview)."
            ),
            "false_abstention_rate": self.tr("Abstentions / answers to answerable questions."),
        }
        return tips.get(key, "")


# == raters ===================================================================================
class RatersPanel(QWidget):
    """Agreement per criterion and the disagreement queue with resolution."""

    def __init__(self, page) -> None:
        super().__init__(page)
        self.page = page
        self.state = page.state
        self.report: AnswerReport | None = None
        self.blind = False
        self._items: list[tuple[str, str, str]] = []
        self.stats_label = QLabel()
        self.stats_label.setWordWrap(True)
        self.stats = _readonly_table("raterAgreement")
        self.unresolved_check = QCheckBox()
        self.unresolved_check.toggled.connect(lambda _on: self._fill_queue())
        self.queue_label = QLabel()
        self.queue = _readonly_table("raterQueue")
        self.queue.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.queue.itemSelectionChanged.connect(self._show_item)
        self.detail = QLabel()
        self.detail.setObjectName("raterDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.reason = QLineEdit()
        self.use_buttons = []
        buttons = QHBoxLayout()
        for g in A.LEVELS:
            b = QPushButton()
            b.setObjectName(f"resolve{g}")
            b.clicked.connect(lambda _c=False, g=g: self.resolve(g))
            buttons.addWidget(b)
            self.use_buttons.append(b)
        self.rule_button = QPushButton()
        self.rule_button.setObjectName("resolveRule")
        self.rule_button.clicked.connect(lambda: self.resolve(None))
        buttons.addWidget(self.rule_button)
        buttons.addStretch(1)
        top = QWidget()
        tbox = QVBoxLayout(top)
        tbox.setContentsMargins(0, 0, 0, 0)
        tbox.addWidget(self.stats_label)
        tbox.addWidget(self.stats)
        bottom = QWidget()
        bbox = QVBoxLayout(bottom)
        bbox.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(self.queue_label, 1)
        head.addWidget(self.unresolved_check)
        bbox.addLayout(head)
        bbox.addWidget(self.queue, 3)
        bbox.addWidget(self.detail)
        form = QFormLayout()
        self.reason_label = QLabel()
        form.addRow(self.reason_label, self.reason)
        bbox.addLayout(form)
        bbox.addLayout(buttons)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        self.blind_label = QLabel()
        self.blind_label.setWordWrap(True)
        self.blind_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.blind_label.hide()
        self.split = split
        box = QVBoxLayout(self)
        box.addWidget(split, 1)
        box.addWidget(self.blind_label, 1)
        add_shortcuts(self, [(str(g), lambda g=g: self.resolve(g)) for g in A.LEVELS])

    def retranslate(self) -> None:
        self.stats_label.setText(
            self.tr(
                "Do the raters agree? Per criterion, for every pair of raters: the answers both "
                "rated, exact agreement, Cohen's kappa, quadratic weighted kappa; Krippendorff's "
                "alpha (ordinal) over everyone."
            )
        )
        self.queue_label.setText(
            self.tr("Answers the raters scored differently, biggest gap first")
        )
        self.unresolved_check.setText(self.tr("Unresolved only"))
        self.reason_label.setText(self.tr("Why (optional):"))
        for g, b in zip(A.LEVELS, self.use_buttons):
            b.setText(self.tr("Use {score}").format(score=g))
            b.setToolTip(self.tr("Resolve with {score} (key {score})").format(score=g))
        self.rule_button.setText(self.tr("Back to the rule"))
        self.blind_label.setText(
            self.tr(
                "The raters' comparison is hidden while blind rating is on: it names the systems."
            )
        )
        self.show_report(self.report)

    def set_blind(self, on: bool) -> None:
        self.blind = on
        self.split.setVisible(not on)
        self.blind_label.setVisible(on)
        if on:
            for table in (self.stats, self.queue):
                table.clear()
                table.setRowCount(0)
                table.setColumnCount(0)
            self.detail.setText("")
        else:
            self.show_report(self.report)

    def show_report(self, report: AnswerReport | None) -> None:
        self.report = report
        if report is None or self.blind:
            return
        lang = _lang()
        rows = []
        for key, summary in report.agreement.items():
            name = self.tr("All criteria") if key == ALL else report.rubric.name_of(key)
            if len(summary.assessors) < 2:
                continue
            for pair in summary.pairs:
                rows.append(
                    [
                        name,
                        f"{pair.a} · {pair.b}",
                        str(pair.n),
                        _pct(pair.exact),
                        _num(pair.kappa, 3),
                        _num(pair.kappa_quadratic, 3),
                        _num(summary.alpha_ordinal, 3),
                        kappa_band(pair.kappa_quadratic, lang),
                        str(summary.disagreements),
                    ]
                )
        headers = [
            self.tr("Criterion"),
            self.tr("Raters"),
            self.tr("Both rated"),
            self.tr("Exact"),
            self.tr("Kappa"),
            self.tr("Weighted kappa"),
            self.tr("Alpha (ordinal)"),
            self.tr("Reading of weighted kappa"),
            self.tr("Disagreements"),
        ]
        self.stats.clear()
        self.stats.setColumnCount(len(headers))
        self.stats.setHorizontalHeaderLabels(headers)
        self.stats.setRowCount(len(rows) or 1)
        if not rows:
            self.stats.setItem(0, 0, _item(self.tr("Needs ratings from two or more raters.")))
        for r, values in enumerate(rows):
            for c, v in enumerate(values):
                self.stats.setItem(r, c, _item(v, align_right=2 <= c <= 6))
        _fit(self.stats, stretch=1)
        self._fill_queue()

    def _manual(self) -> dict[tuple[str, str, str], int]:
        res = self.state.study.answers.resolutions
        if not len(res):
            return {}
        return {
            (str(q), str(k), str(c)): int(v)
            for q, k, c, v in zip(res[s.QID], res[s.SYSTEM], res[A.CRITERION], res[A.SCORE])
            if v is not None and not (isinstance(v, float) and math.isnan(v))
        }

    def _used(self, q: str, key: str, criterion: str) -> float:
        answers = self.report.answers
        hit = answers[(answers["key"] == key) & (answers[s.QID] == q)]
        if not len(hit) or criterion not in hit.columns:
            return math.nan
        return float(hit.iloc[0][criterion])

    def _fill_queue(self) -> None:
        report = self.report
        if report is None or self.blind:
            return
        keep = self.current_item()
        queue = report.disagreements
        raters = list(queue.attrs.get("assessors") or report.assessors)
        manual = self._manual()
        headers = [self.tr("Question"), self.tr("System"), self.tr("Criterion")]
        headers += raters + [self.tr("Gap"), self.tr("Score used")]
        items = []
        for rec in queue.to_dict("records") if len(queue) else []:
            item = (rec[s.QID], rec[s.SYSTEM], rec[A.CRITERION])
            if self.unresolved_check.isChecked() and item in manual:
                continue
            items.append((item, rec))
        self._items = [i for i, _r in items]
        self.queue.blockSignals(True)
        self.queue.clear()
        self.queue.setColumnCount(len(headers))
        self.queue.setHorizontalHeaderLabels(headers)
        self.queue.setRowCount(len(items))
        bold = QFont(self.queue.font())
        bold.setBold(True)
        for r, ((q, key, crit), rec) in enumerate(items):
            cells = [
                _item(q),
                _item(str(rec.get("shown", key))),
                _item(report.rubric.name_of(crit)),
            ]
            for rater in raters:
                v = rec.get(f"score:{rater}")
                text = "–" if v is None or pd.isna(v) else str(int(v))
                note = str(rec.get(f"note:{rater}") or "")
                cells.append(_item(text, note, True))
            cells.append(_item(str(int(rec["gap"])), align_right=True))
            used = manual.get((q, key, crit))
            value = used if used is not None else self._used(q, key, crit)
            cell = _item(
                "–" if value is None or math.isnan(float(value)) else str(int(value)),
                align_right=True,
            )
            if used is not None:
                cell.setFont(bold)
                cell.setForeground(QBrush(QColor("#2f855a")))
                cell.setToolTip(self.tr("Resolved by hand"))
            cells.append(cell)
            for c, cell in enumerate(cells):
                self.queue.setItem(r, c, cell)
        _fit(self.queue, stretch=2)
        self.queue.blockSignals(False)
        row = self._items.index(keep) if keep in self._items else (0 if self._items else -1)
        if row >= 0:
            self.queue.selectRow(row)
        self._show_item()

    def current_item(self) -> tuple[str, str, str] | None:
        rows = self.queue.selectionModel().selectedRows() if self.queue.selectionModel() else []
        if not rows:
            return None
        r = rows[0].row()
        return self._items[r] if 0 <= r < len(self._items) else None

    def select_item(self, item: tuple[str, str, str]) -> bool:
        if item in self._items:
            self.queue.selectRow(self._items.index(item))
            return True
        return False

    def _show_item(self) -> None:
        item = self.current_item()
        report = self.report
        for b in (*self.use_buttons, self.rule_button):
            b.setEnabled(item is not None)
        if item is None or report is None:
            self.detail.setText("")
            return
        q, key, crit = item
        answers = report.checks.answers
        hit = answers[(answers["key"] == key) & (answers[s.QID] == q)]
        text = str(hit.iloc[0][A.ANSWER_TEXT]) if len(hit) else ""
        criterion = report.rubric.criterion(crit)
        levels = []
        if criterion is not None:
            levels = [f"{g} — {level}" for g, level in zip(A.LEVELS, criterion.levels)]
        head = " · ".join((q, report.shown_of(key), report.rubric.name_of(crit)))
        self.detail.setText("\n".join([head, text, "", *levels]))
        self.rule_button.setEnabled(item in self._manual())

    def resolve(self, score: int | None) -> bool:
        """Resolve the chosen item by hand with ``score`` (None: back to the rule)."""
        item = self.current_item()
        if item is None or self.blind:
            return False
        q, key, crit = item
        if score is None and item not in self._manual():
            return False
        self.state.resolve_rating(q, key, crit, score, self.reason.text().strip())
        self.reason.clear()
        return True


# == rubric ====================================================================================
class RubricPanel(QWidget):
    """Edit the criteria, their level descriptions, the abstention phrases and the policy."""

    COLUMNS = ("name", "applies", "description", "0", "1", "2", "3")

    def __init__(self, page) -> None:
        super().__init__(page)
        self.page = page
        self.state = page.state
        self._filling = False
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.table = QTableWidget()
        self.table.setObjectName("rubricTable")
        self.table.setWordWrap(True)
        self.table.itemChanged.connect(self._on_changed)
        self.add_button = QPushButton()
        self.add_button.clicked.connect(self.add_criterion)
        self.remove_button = QPushButton()
        self.remove_button.clicked.connect(self.remove_criterion)
        self.up_button = QPushButton()
        self.up_button.clicked.connect(lambda: self.move(-1))
        self.down_button = QPushButton()
        self.down_button.clicked.connect(lambda: self.move(+1))
        self.default_button = QPushButton()
        self.default_button.clicked.connect(lambda: self.state.set_rubric(None))
        row = QHBoxLayout()
        for b in (self.add_button, self.remove_button, self.up_button, self.down_button):
            row.addWidget(b)
        row.addStretch(1)
        row.addWidget(self.default_button)
        self.phrases = QLineEdit()
        self.phrases.setObjectName("abstentionPhrases")
        self.phrases.editingFinished.connect(self._phrases_done)
        self.policy = QComboBox()
        self.policy.setObjectName("ratingPolicy")
        self.policy.activated.connect(self._policy_chosen)
        form = QFormLayout()
        self.phrases_label = QLabel()
        self.policy_label = QLabel()
        form.addRow(self.phrases_label, self.phrases)
        form.addRow(self.policy_label, self.policy)
        self.phrases_hint = QLabel()
        self.phrases_hint.setWordWrap(True)
        box = QVBoxLayout(self)
        box.addWidget(self.intro)
        box.addWidget(self.table, 1)
        box.addLayout(row)
        box.addLayout(form)
        box.addWidget(self.phrases_hint)

    def retranslate(self) -> None:
        self.intro.setText(
            self.tr(
                "The rubric the answers are rated with: each criterion is scored 0–3 and its "
                "level descriptions are shown while rating. Edit a cell to change it (Ctrl+Z "
                "undoes); renaming a criterion keeps its ratings. It is saved in the project, "
                "written into the report and into the ratings workbook (its rubric sheet)."
            )
        )
        self.add_button.setText(self.tr("Add a criterion"))
        self.remove_button.setText(self.tr("Remove"))
        self.up_button.setText(self.tr("Move up"))
        self.down_button.setText(self.tr("Move down"))
        self.default_button.setText(self.tr("Back to the default"))
        self.default_button.setToolTip(
            self.tr("The rubric of the ratings file when it has one, else the seeds' rubric.")
        )
        self.phrases_label.setText(self.tr("Abstention phrases:"))
        self.phrases.setToolTip(self.tr("Separate the phrases with ';'."))
        self.policy_label.setText(self.tr("Several raters' scores:"))
        self.phrases_hint.setText(
            self.tr(
                "An answer abstains when it is empty or contains one of these phrases (case and "
                "spacing ignored): appropriate on a question without relevant evidence, a false "
                "abstention otherwise."
            )
        )
        self.policy.blockSignals(True)
        current = self.policy.currentData()
        self.policy.clear()
        for choice in RATINGS:
            self.policy.addItem(choice.label(_lang()), choice.key)
        self.policy.setCurrentIndex(max(self.policy.findData(current), 0))
        self.policy.blockSignals(False)
        self.refresh()

    def rubric(self) -> A.Rubric:
        return self.state.study.answers.rubric_in_force(_lang())

    def refresh(self) -> None:
        rubric = self.rubric()
        applies = {
            "answerable": self.tr("answerable"),
            "unanswerable": self.tr("unanswerable"),
            "all": self.tr("all"),
        }
        self._filling = True
        for r in range(self.table.rowCount()):
            old = self.table.cellWidget(r, 1)
            if old is not None:  # gone now, not at the next event loop
                old.setParent(None)
                self.table.removeCellWidget(r, 1)
        self.table.clear()
        headers = [
            self.tr("Criterion"),
            self.tr("Applies to"),
            self.tr("What it asks"),
            *[str(g) for g in A.LEVELS],
        ]
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(rubric.criteria))
        for r, c in enumerate(rubric.criteria):
            values = [c.name, None, c.description, *c.levels]
            for col, v in enumerate(values):
                if col == 1:
                    combo = QComboBox()
                    combo.setObjectName(f"rubricApplies:{c.key}")
                    for key, text in applies.items():
                        combo.addItem(text, key)
                    combo.setCurrentIndex(combo.findData(c.applies))
                    combo.activated.connect(lambda _i, r=r: self._on_changed())
                    self.table.setCellWidget(r, col, combo)
                    continue
                item = QTableWidgetItem(v)
                item.setData(Qt.ItemDataRole.UserRole, c.key)
                self.table.setItem(r, col, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.resizeColumnsToContents()
        for col in range(2, len(headers)):
            self.table.setColumnWidth(col, min(max(self.table.columnWidth(col), 140), 260))
        self.table.resizeRowsToContents()
        phrases = "; ".join(self.state.study.answers.options.abstention_phrases)
        if not self.phrases.hasFocus():
            self.phrases.setText(phrases)
        self.policy.blockSignals(True)
        self.policy.setCurrentIndex(
            max(self.policy.findData(self.state.study.answers.options.policy), 0)
        )
        self.policy.blockSignals(False)
        self._filling = False

    def _from_table(self) -> A.Rubric:
        base = self.rubric()
        out = []
        for r, c in enumerate(base.criteria):

            def text(col: int, r=r) -> str:
                item = self.table.item(r, col)
                return item.text().strip() if item is not None else ""

            combo = self.table.cellWidget(r, 1)
            applies = combo.currentData() if combo is not None else c.applies
            out.append(
                A.Criterion(
                    c.key,
                    text(0) or c.name,
                    text(2),
                    (text(3), text(4), text(5), text(6)),
                    applies,
                )
            )
        return A.Rubric(tuple(out))

    def _on_changed(self, *_args) -> None:
        if self._filling:
            return
        self.state.set_rubric(self._from_table())

    def add_criterion(self) -> None:
        rubric = self.rubric()
        name = self.tr("New criterion")
        key = A.new_criterion_key(name, rubric.keys)
        criterion = A.Criterion(key, name, "", ("", "", "", ""), "answerable")
        self.state.set_rubric(A.Rubric((*rubric.criteria, criterion)))

    def remove_criterion(self) -> None:
        rubric = self.rubric()
        row = self.table.currentRow()
        if 0 <= row < len(rubric.criteria) and len(rubric.criteria) > 1:
            kept = tuple(c for i, c in enumerate(rubric.criteria) if i != row)
            self.state.set_rubric(A.Rubric(kept))

    def move(self, step: int) -> None:
        rubric = self.rubric()
        row = self.table.currentRow()
        other = row + step
        if 0 <= row < len(rubric.criteria) and 0 <= other < len(rubric.criteria):
            items = list(rubric.criteria)
            items[row], items[other] = items[other], items[row]
            self.state.set_rubric(A.Rubric(tuple(items)))
            self.table.selectRow(other)

    def _phrases_done(self) -> None:
        parts = [p.strip() for p in self.phrases.text().replace("；", ";").split(";")]
        self.state.set_answer_options(abstention_phrases=[p for p in parts if p])

    def _policy_chosen(self, _index: int) -> None:
        self.state.set_answer_options(policy=self.policy.currentData())


__all__ = ["RatersPanel", "ResultsPanel", "RubricPanel", "RatingBarChart", "RetrievalScatterChart"]
