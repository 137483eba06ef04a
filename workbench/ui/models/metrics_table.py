"""The systems × measures table of the Overview page.

Rows are systems, columns ``n`` then the measures of :class:`Results` in its
display order. Cells keep the raw float in ``UserRole`` (sorting, export) and
show 3 decimals; the best value of each measure is bold. Header tooltips give
each measure's plain-language explanation from the measure registry
(:mod:`workbench.core.measures.metrics`), in the UI language.

Significance marks are set by the comparison code through
:meth:`SystemsMetricsModel.set_marks`; the column chooser
(:class:`MetricColumnChooser`) hides measure families, cutoffs or single
columns from a header context menu and remembers the choice for the session.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pandas as pd
from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHeaderView, QMenu, QTableView

from workbench.core.model.number_text import range_text
from workbench.core.model.results import Results
from workbench.ui.models.frame_model import FrameModel, format_value

SYSTEM_COLUMN = "system"
N_COLUMN = "n"

_Index = QModelIndex | QPersistentModelIndex


def ui_language() -> str:
    """``"ko"`` or ``"en"``: the UI language in force (see :mod:`workbench.ui.i18n`)."""
    from workbench.ui import i18n

    return i18n.current_language()


# -- measure facts (from the registry, with a fallback for unknown names) ------
_NAME_RE = re.compile(r"^(.*?)@(\d+)$")


def _parse(name: str):
    try:
        from workbench.core.measures.metrics import parse_measure

        return parse_measure(name)
    except (ImportError, ValueError):
        return None


def measure_cutoff(name: str) -> int | None:
    """K of an ``@K`` measure, None for a measure without a cutoff."""
    m = _parse(name)
    if m is not None:
        return m.cutoff
    match = _NAME_RE.match(name)
    return int(match.group(2)) if match else None


def measure_family(name: str) -> str:
    """The column chooser's group of a measure.

    P, Recall, Hit, nDCG, Judged (any cutoff), ``MRR@`` and ``MAP@`` (with a
    cutoff); MRR, MAP, R-Prec and unknown names without a cutoff are ``other``.
    """
    m = _parse(name)
    if m is not None:
        family, cutoff = m.family, m.cutoff
    else:
        match = _NAME_RE.match(name)
        family, cutoff = (match.group(1), int(match.group(2))) if match else (name, None)
    if family in ("MRR", "MAP"):
        return f"{family}@" if cutoff is not None else "other"
    if cutoff is None and family != "nDCG":
        return "other"
    return family


def measure_tooltip(name: str, lang: str) -> str:
    """``"nDCG@10 — 정규화 누적 이득@10\\n<explanation>"`` from the registry."""
    m = _parse(name)
    if m is None:
        return name
    return f"{name} — {m.display_name(lang)}\n{m.explanation(lang)}"


def higher_is_better(name: str) -> bool:
    m = _parse(name)
    return True if m is None else bool(m.higher_is_better)


class SystemsMetricsModel(FrameModel):
    """Systems × measures. Column 0 is the system, column 1 ``n``."""

    def __init__(self, parent: QObject | None = None, lang: str | None = None) -> None:
        super().__init__(None, parent, decimals=3)
        self.lang = lang or ui_language()
        self.measures: list[str] = []
        self._marks: dict[tuple[str, str], str] = {}
        self._mark_tips: dict[tuple[str, str], str] = {}
        #: (system, measure) → (all holes not relevant, all at the top grade, holes)
        self._bounds: dict[tuple[str, str], tuple[float, float, int]] = {}
        self._systems: list[str] = []
        #: system → where it comes from (file, sheet, folder), shown on its name
        self._system_tips: dict[str, str] = {}
        self.formatters = {N_COLUMN: lambda v: str(int(v))}
        self._retitle()

    # -- content ----------------------------------------------------------------
    def set_results(self, results: Results | None) -> None:
        """Show ``results`` (None clears the table). Marks are dropped: they
        belong to the numbers they were computed from."""
        self._marks.clear()
        self._mark_tips.clear()
        self._bounds.clear()
        if results is None:
            self.measures = []
            self._systems = []
            self.bold_max, self.bold_min = set(), set()
            self._retitle()
            self.set_frame(pd.DataFrame())
            return
        self.measures = [m for m in results.measures if m in results.aggregates.columns]
        agg = results.aggregates
        systems = [s for s in results.systems if s in agg.index] or [str(s) for s in agg.index]
        self._systems = systems
        frame = agg.loc[systems, [N_COLUMN, *self.measures]].copy()
        frame.insert(0, SYSTEM_COLUMN, [str(s) for s in systems])
        frame = frame.reset_index(drop=True)
        self.bold_max = {m for m in self.measures if higher_is_better(m)}
        self.bold_min = {m for m in self.measures if not higher_is_better(m)}
        self._retitle()
        self.set_frame(frame)

    @property
    def systems(self) -> list[str]:
        return list(self._systems)

    def set_system_tooltips(self, tips: Mapping[str, str]) -> None:
        """Tooltips of the system column: system name → text (file, sheet, folder)."""
        self._system_tips = dict(tips)
        if self.rowCount():
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, 0), [Qt.ItemDataRole.ToolTipRole]
            )

    def set_language(self, lang: str) -> None:
        """Retitle headers and tooltips for ``lang`` ("ko"/"en")."""
        self.lang = lang
        self._retitle()
        if self.columns:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.columns) - 1)

    def _retitle(self) -> None:
        self.headers = {SYSTEM_COLUMN: self.tr("System"), N_COLUMN: self.tr("n")}
        self.header_tooltips = {
            SYSTEM_COLUMN: self.tr("The retrieval system (sheet name, system column or run tag)."),
            N_COLUMN: self.tr(
                "Number of answerable questions in the means; a question missing "
                "from the run counts as 0."
            ),
        }
        for m in self.measures:
            self.headers[m] = m
            self.header_tooltips[m] = measure_tooltip(m, self.lang)

    # -- significance marks ---------------------------------------------------------
    def set_marks(
        self,
        marks: Mapping[tuple[str, str], str],
        tooltips: Mapping[tuple[str, str], str] | None = None,
    ) -> None:
        """Append a mark (e.g. ``▲``/``▼`` against a baseline) to cells.

        ``marks``: (system, measure) → mark text; ``tooltips``: optional
        (system, measure) → explanation (e.g. the p-value), else a default
        explanation for ▲ and ▼. An empty mapping removes every mark.
        """
        self._marks = {k: v for k, v in marks.items() if v}
        self._mark_tips = dict(tooltips or {})
        if self.rowCount() and self.columnCount():
            self.dataChanged.emit(
                self.index(0, 0),
                self.index(self.rowCount() - 1, self.columnCount() - 1),
                [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole],
            )

    # -- what the unjudged passages could do ---------------------------------------------
    def set_bounds(self, bounds: pd.DataFrame | None) -> None:
        """Each value with every unjudged passage not relevant and at the top grade
        (rows of :func:`~workbench.core.measures.unjudged_bounds.unjudged_bounds`),
        said in the value's tooltip; None forgets them."""
        self._bounds = {}
        if bounds is not None:
            for rec in bounds.to_dict("records"):
                low, high = float(rec["as_not_relevant"]), float(rec["as_top_grade"])
                if pd.notna(low) and pd.notna(high) and int(rec["holes"]) > 0:
                    key = (str(rec["system"]), str(rec["measure"]))
                    self._bounds[key] = (low, high, int(rec["holes"]))
        if self.rowCount():
            self.dataChanged.emit(
                self.index(0, 0),
                self.index(self.rowCount() - 1, self.columnCount() - 1),
                [Qt.ItemDataRole.ToolTipRole],
            )

    def bounds_text(self, system: str, measure: str) -> str:
        """"0.62 – 0.75 depending on N unjudged passages", or "" when none can move it."""
        found = self._bounds.get((system, measure))
        if found is None:
            return ""
        low, high, holes = found
        if abs(high - low) < 1e-12:
            return ""  # no grading of them moves this value
        ends = sorted((low, high))
        return self.tr(
            "{range} depending on {n} unjudged passages (every one not relevant, or every "
            "one at the top grade)."
        ).format(range=range_text(format_value(ends[0], 3), format_value(ends[1], 3)), n=holes)

    def mark(self, system: str, measure: str) -> str:
        return self._marks.get((system, measure), "")

    def _mark_explanation(self, key: tuple[str, str], mark: str) -> str:
        if key in self._mark_tips:
            return self._mark_tips[key]
        if "▲" in mark:
            return self.tr("▲ significantly better than the baseline.")
        if "▼" in mark:
            return self.tr("▼ significantly worse than the baseline.")
        return self.tr("Mark: %1").replace("%1", mark)

    # -- Qt ---------------------------------------------------------------------
    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        name = self.columns[col]
        if role == Qt.ItemDataRole.DisplayRole and name in self.measures:
            text = self.text(row, col)
            mark = self.mark(self._systems[row], name)
            return f"{text} {mark}" if mark else text
        if role == Qt.ItemDataRole.ToolTipRole and name == SYSTEM_COLUMN:
            tip = self._system_tips.get(self._systems[row]) if row < len(self._systems) else None
            if tip:
                return tip
        if role == Qt.ItemDataRole.ToolTipRole and name in self.measures:
            value = self.raw(row, col)
            system = self._systems[row]
            tip = f"{system} · {name} = {format_value(value, 6)}"
            if self.is_bold(row, col):
                tip += "\n" + self.tr("Best value in this column.")
            mark = self.mark(system, name)
            if mark:
                tip += "\n" + self._mark_explanation((system, name), mark)
            bounds = self.bounds_text(system, name)
            if bounds:
                tip += "\n" + bounds
            return tip
        return super().data(index, role)


# -- column chooser ---------------------------------------------------------------
class _SessionChoice:
    """What the user hid, kept for the session (every table shares it)."""

    hidden_families: set[str] = set()
    hidden_ks: set[int] = set()
    hidden_measures: set[str] = set()


FAMILY_ORDER = ["P", "Recall", "Hit", "MRR@", "MAP@", "nDCG", "Judged"]


class MetricColumnChooser(QObject):
    """Header context menu of a systems × measures view: show/hide columns.

    A measure column is visible iff its family, its K and the column itself
    are all switched on. The choice survives new results and is shared for
    the session (class-level state), so it holds after every recompute.
    """

    def __init__(self, view: QTableView, model: SystemsMetricsModel) -> None:
        super().__init__(view)
        self.view = view
        self.model = model
        self.choice = _SessionChoice
        header = view.horizontalHeader()
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._show_menu)
        model.modelReset.connect(self.apply)

    # -- state --------------------------------------------------------------------
    def is_visible(self, measure: str) -> bool:
        if measure in self.choice.hidden_measures:
            return False
        if measure_family(measure) in self.choice.hidden_families:
            return False
        k = measure_cutoff(measure)
        return not (k is not None and k in self.choice.hidden_ks)

    def set_family_visible(self, family: str, visible: bool) -> None:
        (self.choice.hidden_families.discard if visible else self.choice.hidden_families.add)(
            family
        )
        self.apply()

    def set_k_visible(self, k: int, visible: bool) -> None:
        (self.choice.hidden_ks.discard if visible else self.choice.hidden_ks.add)(k)
        self.apply()

    def set_measure_visible(self, measure: str, visible: bool) -> None:
        (self.choice.hidden_measures.discard if visible else self.choice.hidden_measures.add)(
            measure
        )
        # switching one column on also switches on what would keep it hidden
        if visible:
            self.choice.hidden_families.discard(measure_family(measure))
            k = measure_cutoff(measure)
            if k is not None:
                self.choice.hidden_ks.discard(k)
        self.apply()

    def show_all(self) -> None:
        self.choice.hidden_families.clear()
        self.choice.hidden_ks.clear()
        self.choice.hidden_measures.clear()
        self.apply()

    def apply(self) -> None:
        """Hide/show the view's columns according to the session choice."""
        for col, name in enumerate(self.model.columns):
            if name in self.model.measures:
                self.view.setColumnHidden(self._view_column(col), not self.is_visible(name))

    def _view_column(self, source_col: int) -> int:
        # a sort proxy keeps column numbers; map anyway in case of a column filter
        model = self.view.model()
        if model is self.model or model is None:
            return source_col
        mapped = model.mapFromSource(self.model.index(0, source_col))
        return mapped.column() if mapped.isValid() else source_col

    # -- menu ---------------------------------------------------------------------
    def families(self) -> list[str]:
        present = list(dict.fromkeys(measure_family(m) for m in self.model.measures))
        known = [f for f in FAMILY_ORDER if f in present]
        return (
            known
            + [f for f in present if f not in known and f != "other"]
            + (["other"] if "other" in present else [])
        )

    def cutoffs(self) -> list[int]:
        return sorted({k for m in self.model.measures if (k := measure_cutoff(m)) is not None})

    def family_label(self, family: str) -> str:
        if family == "other":
            return self.tr("Others (MRR, MAP, R-Prec)")
        return family

    def build_menu(self, parent=None) -> QMenu:
        menu = QMenu(parent or self.view)
        menu.setToolTipsVisible(True)
        fam_menu = menu.addMenu(self.tr("Measure families"))
        for fam in self.families():
            act = QAction(self.family_label(fam), fam_menu)
            act.setCheckable(True)
            act.setChecked(fam not in self.choice.hidden_families)
            act.toggled.connect(lambda on, f=fam: self.set_family_visible(f, on))
            fam_menu.addAction(act)
        k_menu = menu.addMenu(self.tr("Cutoffs K"))
        for k in self.cutoffs():
            act = QAction(f"@{k}", k_menu)
            act.setCheckable(True)
            act.setChecked(k not in self.choice.hidden_ks)
            act.toggled.connect(lambda on, kk=k: self.set_k_visible(kk, on))
            k_menu.addAction(act)
        col_menu = menu.addMenu(self.tr("Columns"))
        for m in self.model.measures:
            act = QAction(m, col_menu)
            act.setCheckable(True)
            act.setChecked(self.is_visible(m))
            act.setToolTip(measure_tooltip(m, self.model.lang))
            act.toggled.connect(lambda on, mm=m: self.set_measure_visible(mm, on))
            col_menu.addAction(act)
        menu.addSeparator()
        show_all = menu.addAction(self.tr("Show all columns"))
        show_all.triggered.connect(self.show_all)
        return menu

    def _show_menu(self, pos) -> None:
        header: QHeaderView = self.view.horizontalHeader()
        menu = self.build_menu(header)
        menu.exec(header.mapToGlobal(pos))
        menu.deleteLater()
