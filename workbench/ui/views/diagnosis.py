"""The Overview's Diagnosis tab: what the numbers say to fix, in plain language.

Three tabs over one background computation (:func:`diagnosis_task`, in
``state.runner``):

- **Findings**: per system, the sentences of :func:`workbench.core.protocol.diagnosis.diagnose`
  (the seeds' rules applied to the measured values), each with a button
  opening the questions behind it in Question review
  (``questions_requested(ids, title)``); then the rules the data could not
  support, with a button adding the K they need to the settings.
- **How many to pass on**: the K advisor — the Recall@K curves with the
  advised K marked, and per system the cost in passages.
- **Missed evidence**: core / supporting / alternative evidence missed at the
  context K, per system and question type, and the lowest nDCG@K cases per type.

The thresholds are shown above the tabs (defaults stated in each tooltip)
and changed through ``state.set_diagnosis_settings`` (undoable).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.chart_data import curve_data
from workbench.core.model import schema as s
from workbench.core.model.number_text import ids_text
from workbench.core.model.results import Results
from workbench.core.protocol.diagnosis import (
    THRESHOLDS,
    Diagnosis,
    DiagnosisSettings,
    MissedEvidence,
    diagnose,
    lowest_cases,
    missed_by_role,
    rule,
)
from workbench.ui import palette
from workbench.ui.i18n import LiveText, current_language
from workbench.ui.models.frame_model import FrameModel, make_sort_proxy
from workbench.ui.state import AppState
from workbench.ui.tables import read_only_rows
from workbench.ui.views.charts import INK, ChartWidget, Hit, _fmt
from workbench.ui.when_shown import WhenShown

# isort: split
import pyqtgraph as pg  # after PySide6 (charts imports it first)

#: the background task of this tab
DIAGNOSIS_TASK = "diagnosis"
#: thresholds are applied this long after the last change of a spin box
APPLY_DELAY_MS = 600


@dataclass
class DiagnosisData:
    """What the tab shows, computed off the GUI thread."""

    results: Results
    settings: DiagnosisSettings
    diagnosis: Diagnosis
    curves: pd.DataFrame
    missed: MissedEvidence
    cases: pd.DataFrame


def diagnosis_task(
    results: Results, settings: DiagnosisSettings, progress=None, cancelled=None
) -> DiagnosisData:
    """Worker: the Recall@K curves, the diagnosis, missed evidence and the lowest cases."""
    curves = curve_data(results, families=("Recall",), cancelled=cancelled)
    diag = diagnose(results, settings, curves=curves, cancelled=cancelled)
    missed = missed_by_role(results, settings.context_k)
    cases = lowest_cases(results, settings.context_k, per_type=3)
    return DiagnosisData(results, settings, diag, curves, missed, cases)


#: background of the stage tag of a finding (light, with dark text)
STAGE_COLOURS = {
    "candidates": "#dceefb",
    "rerank": "#fde7c8",
    "context": "#e6f4d8",
    "evidence": "#f3dcef",
    "depth": "#e8e4f6",
    "types": "#f6f0c8",
    "none": "#e8e8e8",
}


class KAdvisorChart(ChartWidget):
    """Recall@K over K per system, the advised K of each marked with a star."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.curves = pd.DataFrame()
        self.advice: dict = {}
        self.lines: dict[str, pg.PlotDataItem] = {}
        self.ladder_marks: dict[str, pg.ScatterPlotItem] = {}
        self.stars: dict[str, pg.ScatterPlotItem] = {}
        self._samples: dict[str, pg.PlotDataItem] = {}
        self.retranslate()
        self._ready = True

    def set_data(self, curves: pd.DataFrame, advice: dict, systems: list[str]) -> None:
        self.curves = curves
        self.advice = dict(advice)
        self.systems = [str(x) for x in systems]
        self.refresh()

    def refresh(self) -> None:
        self.retranslate()
        keys = list(self.systems)
        self._sync_items(self.lines, keys, lambda _k: self._add(pg.PlotDataItem()))
        self._sync_items(self.ladder_marks, keys, lambda _k: self._add(pg.ScatterPlotItem()))
        self._sync_items(self.stars, keys, lambda _k: self._add(pg.ScatterPlotItem()))
        self._hits = []
        entries = []
        kmax = 1
        recall = self.curves[self.curves["family"] == "Recall"] if len(self.curves) else self.curves
        for system in self.systems:
            sub = recall[recall["system"] == system] if len(recall) else pd.DataFrame()
            k = sub["k"].to_numpy(dtype=float) if len(sub) else np.zeros(0)
            v = sub["value"].to_numpy(dtype=float) if len(sub) else np.zeros(0)
            a = self.advice.get(system)
            if a is not None:  # the curve up to the run depth: beyond it nothing changes
                keep = k <= a.depth
                k, v = k[keep], v[keep]
            if k.size:
                kmax = max(kmax, int(k.max()))
            color = self.color(system)
            symbol = palette.system_symbol(system, self.systems)
            self.lines[system].setData(k, v, pen=pg.mkPen(color, width=2.5), name=system)
            if a is not None:
                self.ladder_marks[system].setData(
                    x=list(a.ladder),
                    y=list(a.recall),
                    symbol=symbol,
                    size=9,
                    brush=pg.mkBrush(color),
                    pen=pg.mkPen(palette.outline(color)),
                )
                y = a.recall_at(a.advised_k)
                self.stars[system].setData(
                    x=[a.advised_k],
                    y=[y],
                    symbol="star",
                    size=22,
                    brush=pg.mkBrush(color),
                    pen=pg.mkPen(INK, width=1.2),
                )
                tip = self.tr(
                    "{system}: advised K = {k} (Recall@{k} = {value}; Recall@{depth} = {full}). "
                    "{per} passages per question, {total} in all."
                ).format(
                    system=system,
                    k=a.advised_k,
                    value=_fmt(y, 3),
                    depth=a.depth,
                    full=_fmt(a.recall_at(a.depth), 3),
                    per=a.advised_k,
                    total=a.passages_total,
                )
                self._hits.append(Hit(a.advised_k, a.advised_k, y, y, tip, [], "", point=True))
            else:
                self.ladder_marks[system].setData(x=[], y=[])
                self.stars[system].setData(x=[], y=[])
            sample = self._samples.setdefault(system, pg.PlotDataItem())
            sample.setData(
                [],
                [],
                pen=pg.mkPen(color, width=2.5),
                symbol=symbol,
                symbolBrush=pg.mkBrush(color),
                symbolPen=pg.mkPen(palette.outline(color)),
                symbolSize=10,
            )
            entries.append((sample, system))
        self.set_legend(entries)
        step = max(1, int(np.ceil(kmax / 10)))
        ladder = {k for a in self.advice.values() for k in a.ladder}
        ticks = sorted(set(range(1, kmax + 1, step)) | {k for k in ladder if k <= kmax})
        self.plot.getAxis("bottom").setTicks([[(k, str(k)) for k in ticks]])
        self._unit_axis()
        self.plot.setXRange(0.5, kmax + 0.5, padding=0)
        self.plot.setYRange(0, 1.05, padding=0)

    def retranslate(self) -> None:
        super().retranslate()
        self.set_title(self.tr("Recall@K: the star marks the advised K"))
        self.set_axis_labels(self.tr("K (passages passed on)"), "Recall@K")


class DiagnosisPanel(QWidget):
    """The Diagnosis tab of the Overview (see the module doc)."""

    #: (question ids, where they were chosen: a LiveText that follows a language switch)
    questions_requested = Signal(list, object)
    #: the tab shows a new diagnosis (tests and screenshots wait for it)
    updated = Signal()
    # task answers arrive through a signal (see OverviewCharts for why)
    _answer = Signal(object)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # redrawn when looked at: hidden, new scores cost the window nothing
        self._when_shown = WhenShown(self)
        self.setObjectName("diagnosis_panel")
        self.state = state
        self.results: Results | None = None
        self.data: DiagnosisData | None = None
        #: (finding, sentence label, questions button) of every finding shown
        self.finding_rows: list[tuple[object, QLabel, QPushButton]] = []
        #: (K values, button) of the "add K" buttons shown
        self.add_k_buttons: list[tuple[tuple[int, ...], QPushButton]] = []
        self._missed_ids: list[tuple[str, ...]] = []
        self._build()
        self._answer.connect(self._on_data)
        state.results_changed.connect(self.set_results)
        state.work_changed.connect(self._on_work_changed)
        self.retranslate()
        self.set_results(state.results)

    # -- construction ---------------------------------------------------------------
    def _build(self) -> None:
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        head = QHBoxLayout()
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.intro.setObjectName("diagnosis_intro")
        head.addWidget(self.intro, 1)
        self.thresholds_button = QToolButton()
        self.thresholds_button.setObjectName("thresholds_button")
        self.thresholds_button.setCheckable(True)
        self.thresholds_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.thresholds_button.toggled.connect(self._show_thresholds)
        head.addWidget(self.thresholds_button, 0, Qt.AlignmentFlag.AlignTop)
        box.addLayout(head)

        # thresholds: a grid of spin boxes, hidden until asked for
        self.thresholds_box = QFrame()
        self.thresholds_box.setObjectName("thresholds_box")
        self.thresholds_box.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(self.thresholds_box)
        self.spins: dict[str, QSpinBox | QDoubleSpinBox] = {}
        self.spin_labels: dict[str, QLabel] = {}
        columns = 3
        for i, t in enumerate(THRESHOLDS):
            if t.kind in ("k", "count"):
                spin: QSpinBox | QDoubleSpinBox = QSpinBox()
                spin.setRange(int(t.low), int(min(t.high, 100_000)))
            else:
                spin = QDoubleSpinBox()
                spin.setDecimals(2)
                spin.setSingleStep(0.05 if t.kind != "share" else 0.05)
                spin.setRange(t.low, t.high)
            spin.setObjectName(f"threshold:{t.name}")
            spin.valueChanged.connect(self._threshold_changed)
            label = QLabel()
            label.setBuddy(spin)
            self.spins[t.name] = spin
            self.spin_labels[t.name] = label
            grid.addWidget(label, i // columns, 2 * (i % columns))
            grid.addWidget(spin, i // columns, 2 * (i % columns) + 1)
        self.defaults_button = QPushButton()
        self.defaults_button.setObjectName("thresholds_defaults")
        self.defaults_button.clicked.connect(self._restore_defaults)
        grid.addWidget(self.defaults_button, len(THRESHOLDS) // columns + 1, 0, 1, 2)
        self.thresholds_box.hide()
        box.addWidget(self.thresholds_box)
        self._apply_timer = QTimer(self)
        self._apply_timer.setSingleShot(True)
        self._apply_timer.setInterval(APPLY_DELAY_MS)
        self._apply_timer.timeout.connect(self.apply_thresholds)
        self._filling_spins = False

        self.status = QLabel()
        self.status.setObjectName("diagnosis_status")
        self.status.setWordWrap(True)
        box.addWidget(self.status)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("diagnosis_tabs")
        self.tabs.setDocumentMode(True)
        box.addWidget(self.tabs, 1)

        # findings
        self.findings_scroll = QScrollArea()
        self.findings_scroll.setObjectName("findings")
        self.findings_scroll.setWidgetResizable(True)
        self.findings_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.findings_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.findings_widget = QWidget()
        self.findings_box = QVBoxLayout(self.findings_widget)
        self.findings_box.addStretch(1)
        self.findings_scroll.setWidget(self.findings_widget)
        self.tabs.addTab(self.findings_scroll, "")

        # K advisor
        k_page = QWidget()
        kbox = QVBoxLayout(k_page)
        kbox.setContentsMargins(0, 0, 0, 0)
        self.k_hint = QLabel()
        self.k_hint.setWordWrap(True)
        kbox.addWidget(self.k_hint)
        self.k_chart = KAdvisorChart(k_page)
        self.k_chart.system_tooltip = self.state.system_tooltip
        kbox.addWidget(self.k_chart, 3)
        self.k_model = FrameModel(None, self, decimals=3)
        self.k_view = self._table("k_advice_table")
        self.k_view.setModel(make_sort_proxy(self.k_model, self))
        kbox.addWidget(self.k_view, 1)
        self.tabs.addTab(k_page, "")

        # missed evidence
        m_page = QWidget()
        mbox = QVBoxLayout(m_page)
        mbox.setContentsMargins(0, 0, 0, 0)
        self.missed_hint = QLabel()
        self.missed_hint.setWordWrap(True)
        mbox.addWidget(self.missed_hint)
        self.missed_model = FrameModel(None, self)
        self.missed_view = self._table("missed_table")
        self.missed_proxy = make_sort_proxy(self.missed_model, self)
        self.missed_view.setModel(self.missed_proxy)
        self.missed_view.doubleClicked.connect(self._open_missed_row)
        mbox.addWidget(self.missed_view, 1)
        self.cases_label = QLabel()
        self.cases_label.setWordWrap(True)
        mbox.addWidget(self.cases_label)
        self.cases_model = FrameModel(None, self)
        self.cases_view = self._table("cases_table")
        self.cases_proxy = make_sort_proxy(self.cases_model, self)
        self.cases_view.setModel(self.cases_proxy)
        self.cases_view.doubleClicked.connect(self._open_case_row)
        mbox.addWidget(self.cases_view, 1)
        self.tabs.addTab(m_page, "")

    @staticmethod
    def _table(name: str) -> QTableView:
        view = read_only_rows(QTableView(), name)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        return view

    # -- results and thresholds ------------------------------------------------------------
    def set_results(self, results: Results | None) -> None:
        self.results = results
        if results is None:
            self.state.runner.cancel(DIAGNOSIS_TASK)
            self.data = None
            self._fill()
            return
        # the numbers are read when the tab is looked at (after every grade, new
        # scores arrive; a hidden tab would spend the interpreter on them)
        self._when_shown.run(self._start)

    def _start(self) -> None:
        if self.results is None:
            return
        self.status.setText(self.tr("Reading the numbers…"))
        handle = self.state.runner.start(
            DIAGNOSIS_TASK, diagnosis_task, self.results, self.state.study.diagnosis_settings
        )
        handle.finished.connect(self._answer)

    def _on_data(self, data: DiagnosisData) -> None:
        if data.results is not self.results or data.settings != self.state.study.diagnosis_settings:
            return  # an answer for older results or thresholds
        self.data = data
        self._when_shown.run(self._fill_and_announce)

    def _fill_and_announce(self) -> None:
        self._fill()
        self.updated.emit()

    def _on_work_changed(self) -> None:
        st = self.state.study.diagnosis_settings
        if not self._apply_timer.isActive():
            self._show_settings(st)
        if self.data is not None and self.data.settings != st:
            self._start()

    def _show_settings(self, st: DiagnosisSettings) -> None:
        self._filling_spins = True
        for name, spin in self.spins.items():
            value = getattr(st, name)
            if spin.value() != value:
                spin.setValue(value)
        self._filling_spins = False

    def _threshold_changed(self, *_: object) -> None:
        if not self._filling_spins:
            self._apply_timer.start()

    def current_thresholds(self) -> DiagnosisSettings:
        """The thresholds as the spin boxes show them."""
        values = {}
        for name, spin in self.spins.items():
            v = spin.value()
            values[name] = int(v) if isinstance(spin, QSpinBox) else round(float(v), 4)
        return replace(DiagnosisSettings(), **values)

    def apply_thresholds(self) -> None:
        """Hand the thresholds shown to the state (undoable); the tab follows."""
        self._apply_timer.stop()
        self.state.set_diagnosis_settings(self.current_thresholds())

    def _restore_defaults(self) -> None:
        self._apply_timer.stop()
        self._show_settings(DiagnosisSettings())
        self.state.set_diagnosis_settings(DiagnosisSettings())

    def _show_thresholds(self, on: bool) -> None:
        self.thresholds_box.setVisible(on)
        self._retitle_thresholds_button()

    def _retitle_thresholds_button(self) -> None:
        on = self.thresholds_button.isChecked()
        self.thresholds_button.setText(self.tr("Hide thresholds") if on else self.tr("Thresholds…"))

    # -- filling ----------------------------------------------------------------------------
    def _fill(self) -> None:
        self._fill_findings()
        self._fill_k()
        self._fill_missed()
        data = self.data
        if data is None:
            self.status.setText(
                self.tr("Open judgments and runs to see what the numbers say.")
                if self.results is None
                else self.tr("Reading the numbers…")
            )
        else:
            n = len(data.diagnosis.findings)
            self.status.setText(
                self.tr("{n} findings for {systems} systems.").format(
                    n=n, systems=len(data.diagnosis.systems)
                )
            )

    def _clear_findings(self) -> None:
        while self.findings_box.count() > 1:  # keep the final stretch
            item = self.findings_box.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.deleteLater()
        self.finding_rows = []
        self.add_k_buttons = []

    def _fill_findings(self) -> None:
        self._clear_findings()
        data = self.data
        if data is None:
            return
        lang = current_language()
        at = 0
        for system in data.diagnosis.systems:
            title = QLabel(system)
            title.setObjectName(f"system_title:{system}")
            font = title.font()
            font.setBold(True)
            font.setPointSizeF(font.pointSizeF() * 1.15)
            title.setFont(font)
            title.setToolTip(self.state.system_tooltip(system))
            self.findings_box.insertWidget(at, title)
            at += 1
            for f in data.diagnosis.for_system(system):
                self.findings_box.insertWidget(at, self._finding_row(f, lang))
                at += 1
        notes = data.diagnosis.not_checked
        if notes:
            head = QLabel(self.tr("Not checked ({n})").format(n=len(notes)))
            font = head.font()
            font.setBold(True)
            head.setFont(font)
            self.findings_box.insertWidget(at, head)
            at += 1
            shown_ks: set[tuple[int, ...]] = set()
            for note in notes:
                label = QLabel(note.reason(lang))
                label.setWordWrap(True)
                label.setObjectName("not_checked")
                label.setStyleSheet("color: palette(placeholder-text);")
                self.findings_box.insertWidget(at, label)
                at += 1
                if note.add_ks and note.add_ks not in shown_ks:
                    shown_ks.add(note.add_ks)
                    button = QPushButton(
                        self.tr("Add K = {k} to the settings").format(
                            k=", ".join(str(k) for k in note.add_ks)
                        )
                    )
                    button.setObjectName("add_k")
                    button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
                    button.clicked.connect(lambda _c=False, ks=note.add_ks: self.add_ks(ks))
                    self.add_k_buttons.append((note.add_ks, button))
                    self.findings_box.insertWidget(at, button)
                    at += 1

    def _finding_row(self, f, lang: str) -> QWidget:
        row = QFrame()
        row.setObjectName(f"finding:{f.system}:{f.rule}")
        row.setFrameShape(QFrame.Shape.StyledPanel)
        box = QVBoxLayout(row)
        top = QHBoxLayout()
        tag = QLabel(rule(f.rule).title(lang))
        tag.setObjectName("stage_tag")
        tag.setStyleSheet(
            f"background: {STAGE_COLOURS.get(f.stage, '#e8e8e8')}; color: #222;"
            "border-radius: 4px; padding: 1px 6px;"
        )
        tag.setToolTip(
            self.tr("What the rule applies: {source}").format(source=rule(f.rule).source)
        )
        top.addWidget(tag)
        top.addStretch(1)
        box.addLayout(top)
        # what to do on a line of its own: the finding reads first, then the advice
        # (the last arrow: the finding's own values may read "Recall@5 0.54 → Recall@10 0.81")
        finding, arrow, advice = f.sentence(lang).rpartition(" → ")
        sentence = QLabel(f"{finding}\n→ {advice}" if arrow else advice)
        sentence.setWordWrap(True)
        sentence.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        sentence.setObjectName("finding_sentence")
        box.addWidget(sentence)
        n = len(f.question_ids)
        button = QPushButton(
            self.tr("Open the {n} questions in Question review").format(n=n)
            if n
            else self.tr("No single questions behind this")
        )
        button.setObjectName("finding_questions")
        button.setEnabled(bool(n))
        button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        system, rule_id = f.system, f.rule
        title = LiveText(
            lambda: f"{self.tr('Diagnosis')} · {system} · {rule(rule_id).title(current_language())}"
        )
        button.clicked.connect(
            lambda _c=False, ids=list(f.question_ids), t=title: self.questions_requested.emit(
                ids, t
            )
        )
        box.addWidget(button)
        self.finding_rows.append((f, sentence, button))
        return row

    def add_ks(self, ks: tuple[int, ...]) -> None:
        """Add these K to the evaluation settings (the scores are computed again)."""
        settings = self.state.settings
        merged = tuple(sorted({*settings.ks, *ks}))
        if merged != tuple(settings.ks):
            self.state.set_settings(replace(settings, ks=merged))

    def _fill_k(self) -> None:
        data = self.data
        if data is None:
            self.k_chart.set_data(pd.DataFrame(), {}, [])
            self.k_model.set_frame(pd.DataFrame())
            return
        advice = data.diagnosis.k_advice
        systems = list(data.diagnosis.systems)
        self.k_chart.set_data(data.curves, advice, systems)
        rows = []
        for system in systems:
            a = advice.get(system)
            if a is None:
                continue
            rows.append(
                {
                    "system": system,
                    "depth": a.depth,
                    "ladder": " · ".join(f"@{k} {v:.2f}" for k, v in zip(a.ladder, a.recall)),
                    "advised_k": a.advised_k,
                    "recall": a.recall_at(a.advised_k),
                    "recall_depth": a.recall_at(a.depth),
                    "growing": a.growing,
                    "per_question": a.advised_k,
                    "total": a.passages_total,
                    "saved": a.saved_total,
                }
            )
        self.k_model.set_frame(pd.DataFrame(rows))
        self._k_headers()
        self.k_view.resizeColumnsToContents()
        self.k_view.resizeRowsToContents()

    def _k_headers(self) -> None:
        self.k_model.set_headers(
            {
                "system": self.tr("System"),
                "depth": self.tr("Results per\nquestion"),
                "ladder": self.tr("Recall at each K\nof the settings"),
                "advised_k": self.tr("Advised K"),
                "recall": self.tr("Recall at\nthe advised K"),
                "recall_depth": self.tr("Recall at\nthe depth"),
                "growing": self.tr("Still\ngrowing"),
                "per_question": self.tr("Passages per\nquestion"),
                "total": self.tr("Passages\nin all"),
                "saved": self.tr("Passages saved\nin all"),
            },
            {
                "growing": self.tr(
                    "Recall still rises by ε or more at the last step: more candidates may "
                    "find more evidence."
                ),
                "saved": self.tr("Passages not passed on at the advised K, over every question."),
            },
        )

    def _fill_missed(self) -> None:
        data = self.data
        if data is None:
            self.missed_model.set_frame(pd.DataFrame())
            self.cases_model.set_frame(pd.DataFrame())
            return
        k = data.settings.context_k
        frame = data.missed.by_type.copy()
        frame[s.QTYPE] = [t or self.tr("(no type)") for t in frame[s.QTYPE]]
        frame["question_ids"] = [
            ids_text(ids, shown=12) for ids in frame["question_ids"]
        ]
        self._missed_ids = list(data.missed.by_type["question_ids"])
        self.missed_model.set_frame(frame.reset_index(drop=True))
        self.missed_model.set_headers(
            {
                s.SYSTEM: self.tr("System"),
                s.QTYPE: self.tr("Question type"),
                "questions": self.tr("Questions"),
                "core_missed": self.tr("Core\nmissed"),
                "supporting_missed": self.tr("Supporting\nmissed"),
                "alternative_missed": self.tr("Alternative\nmissed"),
                "other_missed": self.tr("Without role\nmissed"),
                "questions_core_missed": self.tr("Questions\nmissing core"),
                "question_ids": self.tr("Questions missing core\n(double-click to open)"),
            }
        )
        self.missed_view.resizeColumnsToContents()
        self.missed_hint.setText(
            self.tr(
                "Relevant evidence not in the top {k}, by its role in the judgments. A core "
                "passage whose evidence group has an alternative in the top {k} counts as "
                "found. Double-click a row to open its questions that miss core evidence."
            ).format(k=k)
            + (
                ""
                if data.missed.has_roles
                else " "
                + self.tr(
                    "The judgments have no evidence roles, so everything counts as without role."
                )
            )
        )
        cases = data.cases.copy()
        name = f"nDCG@{k}"
        per_q = data.missed.per_question
        core = dict(
            zip(zip(per_q[s.SYSTEM].astype(str), per_q[s.QID].astype(str)), per_q["core_missed"])
        )
        cases["core_missed"] = [
            int(core.get((str(a), str(b)), 0)) for a, b in zip(cases[s.SYSTEM], cases[s.QID])
        ]
        cases[s.QTYPE] = [t or self.tr("(no type)") for t in cases[s.QTYPE]]
        texts = self._question_texts()
        cases.insert(3, "text", [texts.get(str(q), "") for q in cases[s.QID]])
        self.cases_model.set_frame(cases.reset_index(drop=True))
        self.cases_model.set_headers(
            {
                s.SYSTEM: self.tr("System"),
                s.QTYPE: self.tr("Question type"),
                s.QID: self.tr("Question"),
                "text": self.tr("Question text"),
                name: name,
                "core_missed": self.tr("Core\nmissed"),
            }
        )
        self.cases_label.setText(
            self.tr(
                "The lowest {measure} cases of each question type (double-click to open):"
            ).format(measure=name)
        )
        self.cases_view.resizeColumnsToContents()

    def _question_texts(self) -> dict[str, str]:
        js = self.state.judgment_set
        questions = js.questions if js is not None else None
        if questions is None or s.QTEXT not in questions.columns:
            return {}
        return dict(zip(questions[s.QID].astype(str), questions[s.QTEXT].astype(str)))

    def _open_missed_row(self, index) -> None:
        if self.data is None:
            return
        row = self.missed_proxy.mapToSource(index).row()
        ids = list(self._missed_ids[row]) if 0 <= row < len(self._missed_ids) else []
        if ids:
            rec = self.data.missed.by_type.iloc[row]
            system, qtype = str(rec[s.SYSTEM]), str(rec[s.QTYPE])
            title = LiveText(
                lambda: self.tr("Missed core evidence · {system} · {type}").format(
                    system=system, type=qtype or self.tr("(no type)")
                )
            )
            self.questions_requested.emit(ids, title)

    def _open_case_row(self, index) -> None:
        if self.data is None:
            return
        row = self.cases_proxy.mapToSource(index).row()
        cases = self.data.cases
        if 0 <= row < len(cases):
            qid = str(cases.iloc[row][s.QID])
            self.questions_requested.emit([qid], qid)

    # -- language -----------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self._fill()
        super().changeEvent(event)

    def retranslate(self) -> None:
        lang = current_language()
        self.intro.setText(
            self.tr(
                "What the numbers suggest to fix, read with the rules of the study's articles "
                "(candidate search by Recall@K, reranking by MRR and nDCG@K, the final context "
                "by Precision@K). Each sentence names its numbers and thresholds; open its "
                "questions to see the cases."
            )
        )
        self._retitle_thresholds_button()
        self.defaults_button.setText(self.tr("Back to the defaults"))
        defaults = DiagnosisSettings()
        for t in THRESHOLDS:
            self.spin_labels[t.name].setText(t.label(lang))
            tip = self.tr("{help} Default: {default}.").format(
                help=t.help(lang), default=defaults.text(t.name)
            )
            self.spins[t.name].setToolTip(tip)
            self.spin_labels[t.name].setToolTip(tip)
        self.tabs.setTabText(0, self.tr("Findings"))
        self.tabs.setTabText(1, self.tr("How many to pass on (K)"))
        self.tabs.setTabText(2, self.tr("Missed evidence"))
        self.k_hint.setText(
            self.tr(
                "For each system, the smallest K of the settings after which Recall grows by "
                "less than ε per step (up to the results it returned): passing more passages "
                "to the model costs tokens and time for little more evidence."
            )
        )
        if self.data is not None:
            self._k_headers()
        self._show_settings(self.state.study.diagnosis_settings)
