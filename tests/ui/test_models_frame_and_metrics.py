"""FrameModel and the systems × measures model show exactly the core's numbers."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from _overview_fixtures import make_results
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from workbench.core.measures.metrics import parse_measure
from workbench.ui.models import metrics_table
from workbench.ui.models.frame_model import FrameModel, make_sort_proxy
from workbench.ui.models.metrics_table import (
    MetricColumnChooser,
    SystemsMetricsModel,
    measure_family,
)

DISPLAY = Qt.ItemDataRole.DisplayRole
USER = Qt.ItemDataRole.UserRole


@pytest.fixture(autouse=True)
def _fresh_column_choice():
    choice = metrics_table._SessionChoice
    for hidden in (choice.hidden_families, choice.hidden_ks, choice.hidden_measures):
        hidden.clear()
    yield


@pytest.fixture(scope="module")
def results():
    return make_results()


def _column(model, name):
    col = model.column_of(name)
    assert col >= 0, name
    return col


# -- FrameModel ------------------------------------------------------------------
def test_frame_model_keeps_raw_values_and_formats_text(qapp):
    frame = pd.DataFrame(
        {
            "name": ["a", "b", "c"],
            "x": [0.12345, float("nan"), 2.0],
            "n": [3, 4, 5],
            "ok": [True, False, True],
        }
    )
    model = FrameModel(frame)
    x = _column(model, "x")
    assert model.data(model.index(0, x), DISPLAY) == "0.123"
    assert model.data(model.index(0, x), USER) == pytest.approx(0.12345, abs=1e-15)
    assert model.data(model.index(1, x), DISPLAY) == "—"
    assert model.data(model.index(1, x), USER) is None
    assert model.data(model.index(2, _column(model, "n")), USER) == 5
    assert model.data(model.index(0, _column(model, "ok")), DISPLAY) == "✓"
    assert model.headerData(x, Qt.Orientation.Horizontal, DISPLAY) == "x"


def test_frame_model_reads_nullable_columns(qapp):
    frame = pd.DataFrame(
        {
            "k": pd.array([1, None], dtype="Int64"),
            "b": pd.array([True, None], dtype="boolean"),
            "s": ["x", None],
        }
    )
    model = FrameModel(frame)
    assert model.data(model.index(0, 0), USER) == 1
    assert [model.data(model.index(1, c), USER) for c in range(3)] == [None, None, None]
    assert model.data(model.index(1, 0), DISPLAY) == "—"


def test_sort_proxy_sorts_numbers_not_text(qapp):
    # as text "10.000" < "100.000" < "9.000"; as numbers 9 < 10 < 100
    model = FrameModel(pd.DataFrame({"v": [10.0, 9.0, 100.0]}))
    proxy = make_sort_proxy(model)
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    shown = [proxy.data(proxy.index(r, 0), DISPLAY) for r in range(3)]
    assert shown == ["9.000", "10.000", "100.000"]


def test_frame_model_bold_marks_every_tied_best(qapp):
    model = FrameModel(
        pd.DataFrame({"v": [0.5, 0.9, 0.9], "w": [3.0, 1.0, 2.0]}), bold_max=["v"], bold_min=["w"]
    )
    assert [model.is_bold(r, 0) for r in range(3)] == [False, True, True]
    assert [model.is_bold(r, 1) for r in range(3)] == [False, True, False]
    font = model.data(model.index(1, 0), Qt.ItemDataRole.FontRole)
    assert font is not None and font.bold()
    assert model.data(model.index(0, 0), Qt.ItemDataRole.FontRole) is None


# -- SystemsMetricsModel -----------------------------------------------------------
def test_metrics_model_shows_exactly_the_core_numbers(qapp, results):
    model = SystemsMetricsModel(lang="en")
    model.set_results(results)
    assert model.rowCount() == len(results.systems)
    assert model.columns == ["system", "n", *results.measures]
    for row, system in enumerate(results.systems):
        assert model.data(model.index(row, 0), DISPLAY) == system
        assert model.data(model.index(row, 1), DISPLAY) == str(
            int(results.aggregates.loc[system, "n"])
        )
        for measure in results.measures:
            expected = float(results.aggregates.loc[system, measure])
            idx = model.index(row, _column(model, measure))
            assert math.isclose(model.data(idx, USER), expected, rel_tol=0, abs_tol=1e-12)
            assert model.data(idx, DISPLAY) == f"{expected:.3f}"


def test_metrics_model_bolds_the_best_system_per_measure(qapp, results):
    model = SystemsMetricsModel(lang="en")
    model.set_results(results)
    agg = results.aggregates
    some_not_bold = False
    for measure in results.measures:
        col = _column(model, measure)
        best = agg.loc[results.systems, measure].max()
        for row, system in enumerate(results.systems):
            font = model.data(model.index(row, col), Qt.ItemDataRole.FontRole)
            is_best = agg.loc[system, measure] == best
            assert (font is not None and font.bold()) == is_best, (system, measure)
            some_not_bold |= not is_best
    assert some_not_bold  # the fixture does separate the systems


def test_metrics_table_sorts_by_raw_value(qapp, results):
    model = SystemsMetricsModel(lang="en")
    model.set_results(results)
    proxy = make_sort_proxy(model)
    col = _column(model, "MAP")
    proxy.sort(col, Qt.SortOrder.DescendingOrder)
    shown = [proxy.data(proxy.index(r, 0), DISPLAY) for r in range(proxy.rowCount())]
    expected = results.aggregates["MAP"].sort_values(ascending=False, kind="stable").index.tolist()
    assert shown == expected


def test_header_tooltip_comes_from_the_registry_in_the_ui_language(qapp, results):
    model = SystemsMetricsModel(lang="en")
    model.set_results(results)
    col = _column(model, "nDCG@10")
    measure = parse_measure("nDCG@10")
    assert model.headerData(col, Qt.Orientation.Horizontal, DISPLAY) == "nDCG@10"
    tip = model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert measure.explanation("en") in tip and measure.display_name("en") in tip
    model.set_language("ko")
    tip = model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert measure.explanation("ko") in tip


def test_marks_are_appended_and_explained(qapp, results):
    model = SystemsMetricsModel(lang="en")
    model.set_results(results)
    col = _column(model, "P@3")
    row = results.systems.index("GraphRAG")
    model.set_marks({("GraphRAG", "P@3"): "▲"})
    idx = model.index(row, col)
    value = float(results.aggregates.loc["GraphRAG", "P@3"])
    assert model.data(idx, DISPLAY) == f"{value:.3f} ▲"
    assert model.data(idx, USER) == pytest.approx(value, abs=1e-12)  # sorting unaffected
    assert "significantly better" in model.data(idx, Qt.ItemDataRole.ToolTipRole)
    model.set_marks({("GraphRAG", "P@3"): "▼"}, {("GraphRAG", "P@3"): "p = 0.01 (Holm)"})
    assert "p = 0.01" in model.data(idx, Qt.ItemDataRole.ToolTipRole)
    model.set_marks({})
    assert model.data(idx, DISPLAY) == f"{value:.3f}"


def test_measure_families_for_the_column_chooser():
    assert measure_family("P@5") == "P"
    assert measure_family("MRR@10") == "MRR@"
    assert measure_family("MAP@3") == "MAP@"
    assert measure_family("MRR") == "other"
    assert measure_family("R-Prec") == "other"
    assert measure_family("Judged@5") == "Judged"


def test_column_chooser_hides_and_shows_columns_and_remembers(qtbot, results):
    model = SystemsMetricsModel(lang="en")
    model.set_results(results)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(make_sort_proxy(model, view))
    chooser = MetricColumnChooser(view, model)

    def hidden(name):
        return view.isColumnHidden(_column(model, name))

    assert not any(hidden(m) for m in results.measures)
    chooser.set_family_visible("P", False)
    assert all(hidden(m) for m in results.measures if m.startswith("P@"))
    assert not hidden("Recall@5") and not hidden("R-Prec")
    chooser.set_k_visible(10, False)
    assert hidden("nDCG@10") and hidden("Recall@10") and not hidden("nDCG@5") and not hidden("MRR")
    chooser.set_measure_visible("MRR", False)
    assert hidden("MRR")
    # the choice survives new results (a recompute resets the model)
    model.set_results(make_results())
    assert hidden("P@1") and hidden("nDCG@10") and hidden("MRR") and not hidden("nDCG@5")
    # the menu offers families, cutoffs and columns
    menu = chooser.build_menu()
    titles = [a.text() for a in menu.actions()]
    assert len(titles) >= 3
    chooser.show_all()
    assert not any(hidden(m) for m in results.measures)
