"""A calibration round on the Judging page: the dialog that starts one and the
panel that shows its agreement (:mod:`workbench.core.protocol.calibration`).

:class:`CalibrationDialog` asks how many passages and which assessors (the
study's, the pools', the person judging now, and names typed in). The Judging
page then makes one calibration pool per assessor, the same passages in the
same order for all.

:class:`CalibrationPanel` shows, for a round, κ and weighted κ per pair and α
with their readings, and the passages the assessors split on — each assessor's
grade and note, the furthest apart first. The Judging page shows it only once
the assessor in view has finished their copy of the round, so nobody sees
another's grades before giving their own. The round's grades are practice: the
panel says they count neither in the scores nor in the Agreement page.
"""

from __future__ import annotations

import math

import pandas as pd
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.core.measures.agreement import grade_column, note_column
from workbench.core.model import schema as s
from workbench.core.model.number_text import percent_text
from workbench.core.protocol.calibration import RoundAgreement
from workbench.core.protocol.pool import PassageTexts
from workbench.ui.i18n import current_language
from workbench.ui.views.who_judges import clean_name

#: how many passages a calibration round holds at first
ROUND_SIZE = 20


def _lang() -> str:
    return "ko" if current_language() == "ko" else "en"


def _number(value: float | None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:.3f}"


def _table(columns: int, name: str) -> QTableWidget:
    table = QTableWidget(0, columns)
    table.setObjectName(name)
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setWordWrap(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
    return table


class CalibrationDialog(QDialog):
    """How many passages, and who takes part in the calibration round."""

    def __init__(self, assessors: list[str], me: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CalibrationDialog")
        self.setModal(True)
        root = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        root.addWidget(self.intro)
        form = QFormLayout()
        self.size_spin = QSpinBox()
        self.size_spin.setObjectName("calibrationSize")
        self.size_spin.setRange(1, 500)
        self.size_spin.setValue(ROUND_SIZE)
        self.size_caption = QLabel()
        form.addRow(self.size_caption, self.size_spin)
        root.addLayout(form)
        self.assessors_caption = QLabel()
        root.addWidget(self.assessors_caption)
        self.assessor_list = QListWidget()
        self.assessor_list.setObjectName("calibrationAssessors")
        self.assessor_list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        for name in dict.fromkeys([me, *assessors]):
            if name:
                item = QListWidgetItem(name)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked)
                self.assessor_list.addItem(item)
        root.addWidget(self.assessor_list, 1)
        self.others_caption = QLabel()
        self.others_edit = QLineEdit()
        self.others_edit.setObjectName("calibrationOthers")
        root.addWidget(self.others_caption)
        root.addWidget(self.others_edit)
        self.status = QLabel()
        self.status.setObjectName("calibrationDialogStatus")
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #b00020;")
        root.addWidget(self.status)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("calibrationOk")
        self.buttons.accepted.connect(self._accept_if_two)
        self.buttons.rejected.connect(self.reject)
        root.addWidget(self.buttons)
        self.retranslate()
        self.resize(620, 520)

    def assessors(self) -> list[str]:
        """The checked names and those typed in (comma-separated), each once."""
        checked = [
            self.assessor_list.item(i).text()
            for i in range(self.assessor_list.count())
            if self.assessor_list.item(i).checkState() == Qt.CheckState.Checked
        ]
        typed = [clean_name(part) for part in self.others_edit.text().split(",")]
        return list(dict.fromkeys(n for n in [*checked, *typed] if n))

    def round_size(self) -> int:
        return self.size_spin.value()

    def _accept_if_two(self) -> None:
        if len(self.assessors()) < 2:
            self.status.setText(self.tr("A calibration round needs two or more assessors."))
            return
        self.accept()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Start a calibration round"))
        self.intro.setText(
            self.tr(
                "Before the real judging, every assessor grades the same passages, in the same "
                "order, spread over question types and grades. Comparing the grades shows where "
                "the manual is read differently, so it can be revised first. These grades are "
                "practice: they are not counted in the scores."
            )
        )
        self.size_caption.setText(self.tr("Passages in the round:"))
        self.assessors_caption.setText(self.tr("Assessors (one calibration pool each):"))
        self.others_caption.setText(self.tr("Other assessors (names, comma-separated):"))
        self.ok_button.setText(self.tr("Start the round"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))


class CalibrationPanel(QWidget):
    """A round's agreement and the passages its assessors split on."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("calibrationPanel")
        self._agreement: RoundAgreement | None = None
        self._texts: PassageTexts | None = None
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.title.setObjectName("calibrationTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.practice = QLabel()
        self.practice.setObjectName("calibrationPractice")
        self.practice.setWordWrap(True)
        self.practice.setStyleSheet("color: #555555;")
        self.waiting = QLabel()
        self.waiting.setObjectName("calibrationWaiting")
        self.waiting.setWordWrap(True)
        self.pairs = _table(8, "calibrationPairs")
        self.pairs.horizontalHeader().setStretchLastSection(False)
        self.pairs.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.pairs.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        self.alpha = QLabel()
        self.alpha.setObjectName("calibrationAlpha")
        self.alpha.setWordWrap(True)
        self.splits_caption = QLabel()
        self.splits = _table(0, "calibrationSplits")
        for w in (self.title, self.practice, self.waiting, self.pairs, self.alpha):
            root.addWidget(w)
        root.addWidget(self.splits_caption)
        root.addWidget(self.splits, 1)
        self.retranslate()

    def set_round(self, agreement: RoundAgreement | None, texts: PassageTexts | None) -> None:
        self._agreement = agreement
        self._texts = texts
        self._show()

    def retranslate(self) -> None:
        self.practice.setText(
            self.tr(
                "Practice: the round's grades are kept and shown here and in the report, but "
                "they are not counted in the scores nor in the Agreement page's figures."
            )
        )
        self.waiting.setText(
            self.tr("The round's agreement shows once two assessors have graded its passages.")
        )
        self.pairs.setHorizontalHeaderLabels(
            [
                self.tr("Assessor A"),
                self.tr("Assessor B"),
                self.tr("Passages"),
                self.tr("Same grade"),
                self.tr("Kappa"),
                self.tr("Reading"),
                self.tr("Weighted kappa"),
                self.tr("Reading"),
            ]
        )
        self._show()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _show(self) -> None:
        agreement = self._agreement
        if agreement is None:
            return
        lang = _lang()
        self.title.setText(
            self.tr("Calibration round {n}: {graded} of {total} assessors have graded").format(
                n=agreement.round.number,
                graded=len(agreement.round.graded_by()),
                total=len(agreement.round.pools),
            )
        )
        pairs = agreement.pair_readings(lang)
        ready = bool(pairs)
        self.waiting.setVisible(not ready)
        for w in (self.pairs, self.alpha, self.splits_caption, self.splits):
            w.setVisible(ready)
        if not ready:
            return
        self.pairs.setRowCount(len(pairs))
        for r, p in enumerate(pairs):
            values = [
                p["a"],
                p["b"],
                str(p["n"]),
                percent_text(p["exact"]) if not math.isnan(p["exact"]) else "–",
                _number(p["kappa"]),
                p["kappa_reading"],
                _number(p["kappa_quadratic"]),
                p["kappa_quadratic_reading"],
            ]
            for c, value in enumerate(values):
                self.pairs.setItem(r, c, QTableWidgetItem(value))
        self.alpha.setText(
            self.tr("Krippendorff's alpha (ordinal): {alpha} — {reading}").format(
                alpha=_number(agreement.alpha), reading=agreement.alpha_reading(lang)
            )
        )
        self._show_splits(agreement)

    def _show_splits(self, agreement: RoundAgreement) -> None:
        splits = agreement.splits
        names = list(splits.attrs.get("assessors", [])) or agreement.round.graded_by()
        self.splits_caption.setText(
            self.tr("Passages the assessors split on ({n}), furthest apart first:").format(
                n=len(splits)
            )
            if len(splits)
            else self.tr("The assessors gave every passage they both graded the same grade.")
        )
        self.splits.setVisible(bool(len(splits)))
        headers = [self.tr("Question"), self.tr("Passage"), *names, self.tr("Gap")]
        self.splits.setColumnCount(len(headers))
        self.splits.setHorizontalHeaderLabels(headers)
        # the question takes the room left and wraps; grades, notes and the gap show whole
        header = self.splits.horizontalHeader()
        header.setStretchLastSection(False)
        for c in range(len(headers)):
            header.setSectionResizeMode(
                c,
                QHeaderView.ResizeMode.Stretch
                if c == 0
                else QHeaderView.ResizeMode.ResizeToContents,
            )
        self.splits.setRowCount(len(splits))
        for r, rec in enumerate(splits.to_dict("records")):
            q, p = str(rec[s.QID]), str(rec[s.PID])
            question = self._texts.question(q) if self._texts is not None else ""
            cells = [f"{q}  {question}".strip(), p]
            for name in names:
                grade = rec.get(grade_column(name))
                note = rec.get(note_column(name)) or ""
                shown = "–" if grade is None or pd.isna(grade) else str(int(grade))
                cells.append(f"{shown} · {note}" if note else shown)
            cells.append(str(int(rec["gap"])))
            for c, value in enumerate(cells):
                item = QTableWidgetItem(value)
                item.setToolTip(value)
                self.splits.setItem(r, c, item)
        self.splits.resizeRowsToContents()
