"""Evaluation settings of the Overview page: K list, θ, gain, ordering, de-dup, unit.

Every change waits :data:`DEBOUNCE_MS` for the user to stop typing/clicking,
then hands a new :class:`EvalSettings` to :meth:`AppState.set_settings`, which
recomputes in the background. The panel never computes anything itself.
"""

from __future__ import annotations

import dataclasses
import html

from PySide6.QtCore import QEvent, QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from workbench.core.model import grades
from workbench.core.model.choices import DEDUPS, GAINS, ORDERS, UNITS, Choices
from workbench.core.model.schema import EvalSettings
from workbench.ui.layouts import FlowLayout, fixed_row
from workbench.ui.models.metrics_table import ui_language
from workbench.ui.state import AppState

DEBOUNCE_MS = 300
MAX_K = 1000


def parse_ks(text: str) -> tuple[int, ...] | None:
    """``"1, 3, 5, 10"`` → ``(1, 3, 5, 10)`` (sorted, unique); None when invalid.

    Commas, spaces or semicolons separate; each K must be 1–1000.
    """
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p.strip()]
    if not parts:
        return None
    ks: set[int] = set()
    for p in parts:
        p = p.strip()
        if not p.isdigit():
            return None
        k = int(p)
        if not 1 <= k <= MAX_K:
            return None
        ks.add(k)
    return tuple(sorted(ks))


def format_ks(ks: tuple[int, ...]) -> str:
    return ", ".join(str(k) for k in ks)


class SettingsPanel(QWidget):
    """Edits the :class:`EvalSettings` of an :class:`AppState`.

    ``settings_edited(EvalSettings)`` is emitted when the debounced settings
    are handed to the state.
    """

    settings_edited = Signal(object)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self._updating = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.apply_now)

        self.box = QGroupBox(self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.box)
        outer.addStretch(1)  # extra height goes below the box, not into gaps inside it

        # -- widgets ---------------------------------------------------------------
        self.ks_edit = QLineEdit(self)
        self.ks_edit.setObjectName("ks_edit")
        self.ks_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"[0-9 ,;]*"), self.ks_edit)
        )
        self.ks_error = QLabel(self)
        self.ks_error.setObjectName("ks_error")
        self.ks_error.setStyleSheet("color: #b3261e;")
        self.ks_error.setWordWrap(True)
        self.ks_error.hide()

        self.threshold_spin = QSpinBox(self)
        self.threshold_spin.setObjectName("threshold_spin")
        self.threshold_spin.setRange(1, 3)
        self.threshold_label = QLabel(self)
        self.threshold_label.setWordWrap(True)
        self.threshold_label.setTextFormat(Qt.TextFormat.RichText)

        self.gain_combo = self._combo("gain_combo", GAINS)
        self.order_combo = self._combo("order_combo", ORDERS)
        self.dedup_combo = self._combo("dedup_combo", DEDUPS)
        self.window_spin = QSpinBox(self)
        self.window_spin.setObjectName("window_spin")
        self.window_spin.setRange(1, 20)
        self.unit_combo = self._combo("unit_combo", UNITS)
        self.floor_check = QCheckBox(self)
        self.floor_check.setObjectName("floor_check")
        self.floor_spin = QDoubleSpinBox(self)
        self.floor_spin.setObjectName("floor_spin")
        self.floor_spin.setDecimals(3)
        self.floor_spin.setRange(-1e9, 1e9)
        self.floor_spin.setSingleStep(0.05)
        self.trec_compat_check = QCheckBox(self)
        self.trec_compat_check.setObjectName("trec_compat_check")
        self.order_rule = QLabel(self)
        self.order_rule.setObjectName("order_rule")
        self.order_rule.setWordWrap(True)
        self.order_rule.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

        # -- layout: settings flow in rows and wrap to the width --------------------
        # (a larger font makes more rows; every setting stays in view, none scrolls)
        self.ks_row_label = QLabel(self)
        self.threshold_row_label = QLabel(self)
        self.gain_row_label = QLabel(self)
        self.order_row_label = QLabel(self)
        self.dedup_row_label = QLabel(self)
        self.unit_row_label = QLabel(self)
        self.floor_row_label = QLabel(self)
        self.window_label = QLabel(self)
        self.threshold_label.setWordWrap(False)
        self.ks_edit.setMinimumWidth(
            self.ks_edit.fontMetrics().horizontalAdvance("1, 3, 5, 10, 20") + 16
        )

        self.flow = FlowLayout()
        self.flow.setContentsMargins(0, 0, 0, 0)
        self.setting_rows: dict[str, QWidget] = {}
        for key, parts in (
            ("ks", (self.ks_row_label, self.ks_edit)),
            ("threshold", (self.threshold_row_label, self.threshold_spin, self.threshold_label)),
            ("gain", (self.gain_row_label, self.gain_combo)),
            ("order", (self.order_row_label, self.order_combo)),
            (
                "dedup",
                (self.dedup_row_label, self.dedup_combo, self.window_label, self.window_spin),
            ),
            ("unit", (self.unit_row_label, self.unit_combo)),
            ("floor", (self.floor_row_label, self.floor_check, self.floor_spin)),
            ("trec_compat", (self.trec_compat_check,)),
        ):
            self.add_setting_row(key, *parts)

        box = QVBoxLayout(self.box)
        box.addLayout(self.flow)
        box.addWidget(self.ks_error)
        box.addWidget(self.order_rule)

        # -- signals -------------------------------------------------------------------
        self.ks_edit.textEdited.connect(self._changed)
        self.threshold_spin.valueChanged.connect(self._changed)
        for combo in (self.gain_combo, self.order_combo, self.dedup_combo, self.unit_combo):
            combo.currentIndexChanged.connect(self._changed)
        self.window_spin.valueChanged.connect(self._changed)
        self.floor_check.toggled.connect(self._changed)
        self.floor_spin.valueChanged.connect(self._changed)
        self.trec_compat_check.toggled.connect(self._changed)
        state.settings_changed.connect(self.show_settings)

        self.retranslate()
        self.show_settings(state.settings)

    def add_setting_row(self, key: str, *widgets: QWidget) -> QWidget:
        """One setting (its label and fields side by side) as an item of the flow."""
        row = fixed_row(*widgets)
        row.setObjectName(f"setting:{key}")
        self.setting_rows[key] = row
        self.flow.addWidget(row)
        return row

    def _combo(self, name: str, choices: Choices) -> QComboBox:
        combo = QComboBox(self)
        combo.setObjectName(name)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for key in choices.keys:
            combo.addItem(key, key)
        return combo

    @staticmethod
    def _label_items(combo: QComboBox, choices: Choices) -> None:
        """The registry's labels in the UI language (the combo holds the keys as data)."""
        lang = ui_language()
        for i in range(combo.count()):
            combo.setItemText(i, choices.label(combo.itemData(i), lang))

    # -- texts ------------------------------------------------------------------------
    def grade_label(self, grade: int) -> str:
        """The grade's words from the shared scale (:mod:`workbench.core.model.grades`)."""
        return grades.LABELS[ui_language()][grade]

    def grade_scale_text(self) -> str:
        lang = ui_language()
        return "\n".join(
            f"{g} {grades.LABELS[lang][g]}: {grades.DEFINITIONS[lang][g]}" for g in grades.GRADES
        )

    def order_rule_text(self, order: str) -> str:
        """The ordering rule in force, in words (also shown in reports)."""
        return self.tr("Ranking order:") + " " + ORDERS.explanation(order, ui_language())

    def retranslate(self) -> None:
        self.box.setTitle(self.tr("Evaluation settings"))
        self.ks_row_label.setText(self.tr("Cutoffs K:"))
        self.ks_edit.setPlaceholderText(self.tr("e.g. 1, 3, 5, 10"))
        self.ks_edit.setToolTip(
            self.tr(
                "How many top results each measure looks at. Type whole numbers "
                "separated by commas, e.g. 1, 3, 5, 10."
            )
        )
        self.ks_error.setText(
            self.tr("Type whole numbers from 1 to 1000 separated by commas, e.g. 1, 3, 5, 10.")
        )
        self.threshold_row_label.setText(self.tr("Relevant from grade:"))
        self.threshold_spin.setToolTip(
            self.tr("A passage counts as relevant when its grade is at least this value.")
            + "\n\n"
            + self.grade_scale_text()
        )
        self.threshold_label.setToolTip(self.threshold_spin.toolTip())
        self.gain_row_label.setText(self.tr("nDCG gain:"))
        self._label_items(self.gain_combo, GAINS)
        self.gain_combo.setToolTip(
            self.tr(
                "How much a higher grade is worth in nDCG. Exponential (as in the study's "
                "articles) makes grade 3 worth 7 and grade 1 worth 1; linear (as trec_eval) "
                "makes grade 3 worth 3."
            )
        )
        self.order_row_label.setText(self.tr("Ranking order:"))
        self._label_items(self.order_combo, ORDERS)
        self.order_combo.setToolTip(
            self.tr("How the results of each system are put in order before scoring.")
        )
        self.dedup_row_label.setText(self.tr("Duplicates:"))
        self._label_items(self.dedup_combo, DEDUPS)
        self.dedup_combo.setToolTip(
            self.tr(
                "Keeps near-duplicate chunks from filling the top of a list. 'Drop "
                "neighbouring chunks' removes chunks within ± the window of a chunk "
                "already kept from the same document."
            )
        )
        self.window_label.setText(self.tr("± chunks:"))
        self.window_spin.setToolTip(
            self.tr("How many chunks before and after a kept chunk count as neighbours.")
        )
        self.unit_row_label.setText(self.tr("Evaluate:"))
        self._label_items(self.unit_combo, UNITS)
        self.unit_combo.setToolTip(
            self.tr(
                "Passages: each passage is judged on its own. Documents: a document's "
                "grade is the best grade of its passages (needs the passages sheet)."
            )
        )
        self.floor_row_label.setText(self.tr("Abstention floor:"))
        self.floor_check.setText(self.tr("Score at least"))
        self.floor_check.setToolTip(
            self.tr(
                "A system abstains on a question when it returns nothing. With a floor, "
                "it also abstains when no result scores at least this value."
            )
        )
        self.floor_spin.setToolTip(self.floor_check.toolTip())
        self.trec_compat_check.setText(self.tr("Same as trec_eval"))
        self.trec_compat_check.setToolTip(
            self.tr(
                "Questions without relevant evidence stay in the means (scoring 0), and a "
                "negative grade in TREC qrels counts as unjudged, as trec_eval does. Off: "
                "such questions are left out of the means and shown apart."
            )
        )
        self._update_texts()

    def _update_texts(self) -> None:
        g = self.threshold_spin.value()
        text = (
            self.tr("%1 %2 or higher counts as relevant")
            .replace("%1", str(g))
            .replace("%2", self.grade_label(g))
        )
        # the grade's colour as in the review page, next to its words (never alone)
        chips = "".join(
            f'<span style="color:{grades.COLOURS[x]}">■</span>' for x in grades.GRADES if x >= g
        )
        self.threshold_label.setText(f"{chips} {html.escape(text)}")
        self.order_rule.setText(self.order_rule_text(self.order_combo.currentData()))
        self.window_spin.setEnabled(self.dedup_combo.currentData() == "adjacent")
        self.window_label.setEnabled(self.window_spin.isEnabled())
        self.floor_spin.setEnabled(self.floor_check.isChecked())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- settings <-> widgets -----------------------------------------------------------
    def show_settings(self, settings: EvalSettings) -> None:
        """Show ``settings`` without treating it as a user edit."""
        if self._updating:
            return
        self._updating = True
        try:
            if parse_ks(self.ks_edit.text()) != tuple(sorted(set(settings.ks))):
                self.ks_edit.setText(format_ks(settings.ks))
            self.threshold_spin.setValue(int(settings.threshold))
            self._select(self.gain_combo, settings.gain)
            self._select(self.order_combo, settings.order)
            self._select(self.dedup_combo, settings.dedup)
            self.window_spin.setValue(int(settings.window))
            self._select(self.unit_combo, settings.unit)
            self.floor_check.setChecked(settings.score_floor is not None)
            if settings.score_floor is not None:
                self.floor_spin.setValue(float(settings.score_floor))
            self.trec_compat_check.setChecked(bool(settings.trec_compat))
        finally:
            self._updating = False
        self._set_ks_valid(True)
        self._update_texts()

    @staticmethod
    def _select(combo: QComboBox, key: str) -> None:
        i = combo.findData(key)
        if i >= 0:
            combo.setCurrentIndex(i)

    def current_settings(self) -> EvalSettings | None:
        """The settings the widgets describe (None while the K list is invalid).

        Choices this panel does not edit (assessor resolution) are kept.
        """
        ks = parse_ks(self.ks_edit.text())
        if ks is None:
            return None
        return dataclasses.replace(
            self.state.settings,
            ks=ks,
            threshold=self.threshold_spin.value(),
            gain=self.gain_combo.currentData(),
            order=self.order_combo.currentData(),
            dedup=self.dedup_combo.currentData(),
            window=self.window_spin.value(),
            unit=self.unit_combo.currentData(),
            score_floor=self.floor_spin.value() if self.floor_check.isChecked() else None,
            trec_compat=self.trec_compat_check.isChecked(),
        )

    def _set_ks_valid(self, valid: bool) -> None:
        self.ks_error.setVisible(not valid)
        self.ks_edit.setStyleSheet("" if valid else "border: 2px solid #b3261e;")

    def _changed(self, *_: object) -> None:
        if self._updating:
            return
        self._update_texts()
        self._set_ks_valid(parse_ks(self.ks_edit.text()) is not None)
        self._timer.start()  # restart: the last change within DEBOUNCE_MS wins

    def apply_now(self) -> None:
        """Hand the edited settings to the state (the debounce timer calls this)."""
        self._timer.stop()
        settings = self.current_settings()
        if settings is None:
            return
        self._updating = True
        try:
            self.state.set_settings(settings)
        finally:
            self._updating = False
        self.settings_edited.emit(settings)
