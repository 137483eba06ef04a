"""What the judging pools did, on the Agreement page: passages judged and still
waiting per assessor, Judged@K per system before the pools' grades and now,
and the agreement over the pooled passages once two assessors overlap
(:func:`workbench.core.protocol.pool.pool_effect`, computed in a worker).

This box names systems, so it is never on the Judging page.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.agreement import kappa_band
from workbench.core.model.number_text import range_text
from workbench.core.protocol.pool import PoolEffect, pool_effect
from workbench.ui.i18n import current_language
from workbench.ui.workers import TaskRunner


def _lang() -> str:
    return "ko" if current_language() == "ko" else "en"


def _percent(value: float | None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{100 * value:.1f}%"


def _span(values: list[float]) -> str:
    """``"87.9% – 94.2%"``: the lowest and highest of the systems' values."""
    if not values:
        return "–"
    low, high = min(values), max(values)
    if abs(high - low) < 0.0005:
        return _percent(low)
    return range_text(_percent(low), _percent(high))


def _table(columns: int) -> QTableWidget:
    table = QTableWidget(0, columns)
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
    return table


class PoolEffectBox(QGroupBox):
    """The judging pools' effect; hidden while the study has no pool."""

    #: a new computation is shown (tests wait for it)
    updated = Signal()

    def __init__(self, state, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("poolEffect")
        self.state = state
        self.runner = TaskRunner(self)
        self.effect: PoolEffect | None = None
        lay = QVBoxLayout(self)
        head = QHBoxLayout()
        self.summary = QLabel()
        self.summary.setObjectName("poolEffectSummary")
        self.summary.setWordWrap(True)
        self.details_button = QToolButton()
        self.details_button.setObjectName("poolEffectDetails")
        self.details_button.setCheckable(True)
        self.details_button.toggled.connect(self._on_details)
        head.addWidget(self.summary, 1)
        head.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignTop)
        lay.addLayout(head)
        # the tables only on request: the page's own tables need the room
        self.details = QWidget()
        row = QHBoxLayout(self.details)
        row.setContentsMargins(0, 0, 0, 0)
        self.assessor_table = _table(6)
        self.assessor_table.setObjectName("poolAssessors")
        self.judged_table = _table(3)
        self.judged_table.setObjectName("poolJudged")
        row.addWidget(self.assessor_table, 3)
        row.addWidget(self.judged_table, 2)
        lay.addWidget(self.details)
        self.details.hide()
        self.retranslate()
        state.results_changed.connect(lambda _r: self.refresh())
        # after the edit's own re-evaluation has started (an edit announces itself first)
        state.work_changed.connect(lambda: QTimer.singleShot(0, self._refresh_unless_evaluating))
        self.refresh()

    def _refresh_unless_evaluating(self) -> None:
        """A grade re-evaluates the study: its new results refresh the box then;
        a "later" or "cannot judge" mark changes no score and refreshes it now."""
        if not self.state.runner.is_running("evaluate"):
            self.refresh()

    def refresh(self) -> None:
        study, results = self.state.study, self.state.results
        if not study.pools or results is None:
            self.runner.cancel("pool-effect")
            self.effect = None
            self.setVisible(False)
            return
        handle = self.runner.start("pool-effect", pool_effect, study.snapshot(), results)
        handle.finished.connect(self._on_effect)

    def _on_effect(self, effect: PoolEffect | None) -> None:
        self.effect = effect
        self._show()
        self.updated.emit()

    def _on_details(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.details_button.setText(self.tr("Hide details") if shown else self.tr("Details"))

    def retranslate(self) -> None:
        self.setTitle(self.tr("What the judging pools did"))
        self._on_details(self.details_button.isChecked())
        self.assessor_table.setHorizontalHeaderLabels(
            [
                self.tr("Assessor"),
                self.tr("Pooled"),
                self.tr("Graded"),
                self.tr("Cannot judge"),
                self.tr("Later"),
                self.tr("Still waiting"),
            ]
        )
        self._show()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _show(self) -> None:
        effect = self.effect
        self.setVisible(effect is not None)
        if effect is None:
            return
        k = effect.k
        self.judged_table.setHorizontalHeaderLabels(
            [
                self.tr("System"),
                self.tr("Judged@{k} before").format(k=k),
                self.tr("Judged@{k} now").format(k=k),
            ]
        )
        self.assessor_table.setRowCount(len(effect.assessors))
        for r, (who, p) in enumerate(effect.assessors):
            for c, value in enumerate((who, p.total, p.graded, p.cannot, p.later, p.waiting)):
                item = QTableWidgetItem(str(value))
                if c:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.assessor_table.setItem(r, c, item)
        systems = list(effect.judged_after)
        self.judged_table.setRowCount(len(systems))
        for r, system in enumerate(systems):
            values = (
                system,
                _percent(effect.judged_before.get(system)),
                _percent(effect.judged_after.get(system)),
            )
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                if c:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.judged_table.setItem(r, c, item)
        graded = sum(p.graded for _w, p in effect.assessors)
        waiting = sum(p.waiting for _w, p in effect.assessors)
        before = [v for v in effect.judged_before.values() if not math.isnan(v)]
        after = [v for v in effect.judged_after.values() if not math.isnan(v)]
        text = self.tr(
            "{n} passages in judging pools: {graded} graded, {waiting} still waiting. "
            "Judged@{k} (the share of a system's top {k} that has a grade): {before} before "
            "the pools, {after} now."
        ).format(
            n=effect.pooled_items,
            graded=graded,
            waiting=waiting,
            k=k,
            before=_span(before),
            after=_span(after),
        )
        summary = effect.agreement
        if summary is None:
            text += " " + self.tr("No two assessors have graded the same pooled passage yet.")
        else:
            lang = _lang()
            pairs = [
                self.tr("{a} and {b}: κ = {kappa} ({band}) over {n} passages").format(
                    a=p.a,
                    b=p.b,
                    kappa="–" if math.isnan(p.kappa) else f"{p.kappa:.2f}",
                    band=kappa_band(p.kappa, lang),
                    n=p.n,
                )
                for p in summary.pairs
                if p.n
            ]
            text += " " + self.tr("Agreement on the pooled passages: {pairs}.").format(
                pairs="; ".join(pairs)
            )
        self.summary.setText(text)
