"""Does the conclusion depend on who judged — and how was each number computed? A
session as a team works it: two assessors' sheets and two systems' results through
the dialogs, the Agreement page saying that one assessor's grades alone make the
other system win (with the numbers, checked by hand) and who grades more
generously, a calibration round judged by both with the keys, a score explained
from the Overview, the guide opened from the page's "?", the report, save, quit,
reopen."""

from __future__ import annotations

import math

import pytest
from _gestures import (
    choose_in_combo,
    go_to,
    load_through_preview,
    name_dialog_answer,
    press,
    type_into,
    type_key,
)
from _own_files import STANDARD_A, STANDARD_B, two_standards, two_systems
from openpyxl import load_workbook
from PySide6.QtCore import QPoint, Qt
from test_session import (
    TIMEOUT,
    export_report,
    new_window,
    reopen,
    save_and_quit,
    settled,
)

from workbench.core.io.project import load_project
from workbench.core.measures.explain import number
from workbench.core.protocol.calibration import round_agreement, rounds
from workbench.ui.errors import open_error_boxes

ME = "목회자"
#: my grades and 이평가's of the round's six passages (they differ on two)
MINE = (Qt.Key.Key_3, Qt.Key.Key_2, Qt.Key.Key_0, Qt.Key.Key_1, Qt.Key.Key_0, Qt.Key.Key_2)
THEIRS = (Qt.Key.Key_3, Qt.Key.Key_2, Qt.Key.Key_1, Qt.Key.Key_1, Qt.Key.Key_3, Qt.Key.Key_2)


def _ndcg_at_10(gains_in_order: list[float], all_gains: list[float]) -> float:
    def dcg(gains):
        return sum(g / math.log2(i + 2) for i, g in enumerate(gains[:10]))

    return dcg(gains_in_order) / dcg(sorted(all_gains, reverse=True))


def _gain(grade: int) -> float:
    return 2.0**grade - 1  # the seeds' exponential gain


@pytest.fixture
def files(tmp_path):
    folder = tmp_path / "두 평가자"
    folder.mkdir()
    return {
        "judgments": two_standards(folder / "판정.xlsx"),
        "runs": two_systems(folder / "검색 결과.xlsx"),
        "folder": folder,
    }


@pytest.mark.parametrize(("lang", "font"), [("ko", "normal"), ("en", "very_large")])
def test_who_judged_a_calibration_round_and_how_a_score_was_computed(
    qtbot, modals, picks, files, lang, font
):
    window = new_window(qtbot)
    window.language_actions[lang].trigger()
    window.font_actions[font].trigger()

    # the two assessors' sheets, then the two systems' results
    picks.open.append(str(files["judgments"]))
    dialog = load_through_preview(qtbot, window, Qt.Key.Key_O)
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(dialog.load_button)
    assert sorted(window.state.study.assessors) == ["김평가", "이평가"]
    picks.open.append(str(files["runs"]))
    dialog = load_through_preview(qtbot, window, Qt.Key.Key_R)
    with qtbot.waitSignal(window.state.data_changed, timeout=TIMEOUT):
        press(dialog.load_button)
    settled(qtbot, window)

    # the Agreement page: 이평가's grades alone make Vector win, by hand —
    # 이평가 grades p1…p6 as 1 1 1 3 2 1; Vector's top five are p4 p5 p3 p6 p7
    # (p7 unjudged), BM25's p1 p2 p3 p6 p7
    agreement = go_to(qtbot, window, "agreement")
    box = agreement.by_assessor_box
    qtbot.waitUntil(lambda: "Vector" in box.sentence.text(), timeout=TIMEOUT)
    b = [_gain(g) for g in STANDARD_B]
    vector_b = _ndcg_at_10([b[3], b[4], b[2], b[5], 0.0], b)
    bm25_b = _ndcg_at_10([b[0], b[1], b[2], b[5], 0.0], b)
    assert (round(vector_b, 2), round(bm25_b, 2)) == (0.93, 0.24)
    sentence = box.sentence.text()
    assert "이평가" in sentence and "0.93" in sentence and "0.24" in sentence
    # 김평가's grades alone keep BM25 first: every relevant passage in its order
    a = [_gain(g) for g in STANDARD_A]
    assert _ndcg_at_10([a[0], a[1], a[2], a[5], 0.0], a) == pytest.approx(1.0)
    # each one's standard: means 1.0 and 1.5 over the same 6 × 12 items
    standards = agreement.standards_box
    qtbot.waitUntil(lambda: standards.standards is not None, timeout=TIMEOUT)
    assert standards.isVisible()
    means = {a.assessor: a.mean for a in standards.standards.assessors}
    assert means == {"김평가": pytest.approx(1.0), "이평가": pytest.approx(1.5)}
    assert "이평가" in standards.sentences.text()

    # my name, from the status bar
    modals.expect("assessorNameDialog", name_dialog_answer(ME))
    press(window.assessor_button)
    qtbot.waitUntil(lambda: ME in window.assessor_button.text(), timeout=5000)

    # a calibration round for me and 이평가: six passages each, the same ones
    judging = go_to(qtbot, window, "judging")

    def six_for_me_and_lee(d) -> None:
        names = [d.assessor_list.item(i).text() for i in range(d.assessor_list.count())]
        assert ME in names and "이평가" in names
        for row, name in enumerate(names):
            wanted = name in (ME, "이평가")
            item = d.assessor_list.item(row)
            if (item.checkState() == Qt.CheckState.Checked) != wanted:
                rect = d.assessor_list.visualItemRect(item)
                # on the item's check box
                box_at = QPoint(rect.left() + rect.height() // 2, rect.center().y())
                press(d.assessor_list.viewport(), box_at)
        type_into(d.size_spin.lineEdit(), "6")
        press(d.ok_button)

    modals.expect("CalibrationDialog", six_for_me_and_lee)
    with qtbot.waitSignal(window.state.work_changed, timeout=TIMEOUT):
        press(judging.calibration_button)
    (round_,) = rounds(window.state.study)
    assert sorted(round_.assessors) == sorted([ME, "이평가"])
    assert round_.pools[0].items == round_.pools[1].items and len(round_.items) == 6
    scores_before = window.state.results.aggregates.copy()

    # I judge my copy with the keys; then 이평가 judges theirs on this computer
    assert judging.pool().assessor == ME
    for key in MINE:
        with qtbot.waitSignal(window.state.work_changed, timeout=TIMEOUT):
            type_key(window, judging.passage_view, key)
    assert judging.calibration_panel.isVisible() and judging.calibration_panel.waiting.isVisible()
    combo = judging.pool_combo
    theirs = combo.findData(next(p.id for p in round_.pools if p.assessor == "이평가"))
    choose_in_combo(combo, theirs)  # 이평가's copy, with the arrow keys
    qtbot.waitUntil(lambda: judging.pool().assessor == "이평가", timeout=5000)
    for key in THEIRS:
        with qtbot.waitSignal(window.state.work_changed, timeout=TIMEOUT):
            type_key(window, judging.passage_view, key)
    panel = judging.calibration_panel
    qtbot.waitUntil(lambda: panel.pairs.isVisible(), timeout=TIMEOUT)
    assert panel.splits.rowCount() == 2  # they split on two passages
    # practice: no score moved
    settled(qtbot, window)
    assert window.state.results.aggregates.equals(scores_before)

    # the Overview: how was BM25's nDCG@10 computed?
    overview = go_to(qtbot, window, "overview")
    model, proxy, view = overview.metrics_model, overview.metrics_proxy, overview.metrics_view
    index = proxy.mapFromSource(model.index(model.systems.index("BM25"), model.column_of("nDCG@10")))
    view.scrollTo(index)
    press(view.viewport(), view.visualRect(index).center())
    press(overview.explain_button)
    explain = overview.explain_panel
    qtbot.waitUntil(lambda: explain is not None and explain.isVisible(), timeout=5000)
    mean = float(window.state.results.aggregates.loc["BM25", "nDCG@10"])
    assert f"/ 12 = {number(mean)}" in explain.text.toPlainText()
    explain.close()

    # the page's "?" opens the guide at the Overview's chapter
    help_button = window.page_help.button("overview")
    qtbot.waitUntil(help_button.isVisible, timeout=5000)
    press(help_button)
    qtbot.waitUntil(
        lambda: window.guide_window is not None and window.guide_window.isVisible(), timeout=5000
    )
    chapter = window.guide_window.contents.currentItem().text()
    assert chapter == ("전체 결과" if lang == "ko" else "Overview")
    window.guide_window.close()

    # the report, save, quit, reopen
    report = files["folder"] / "보고서.xlsx"
    export_report(qtbot, window, picks, report)
    project = files["folder"] / "연구.wbproj"
    agreed = round_agreement(rounds(window.state.study)[0])
    practice = [p.calibration_grades for p in rounds(window.state.study)[0].pools]
    save_and_quit(qtbot, window, picks, project)

    again = reopen(qtbot, picks, project)
    assert open_error_boxes() == [] and modals.unexpected == []
    assert load_project(project).problems == []
    (back,) = rounds(again.state.study)
    assert [p.calibration_grades for p in back.pools] == practice
    assert round_agreement(back).summary.alpha_ordinal == pytest.approx(agreed.summary.alpha_ordinal)

    # the report: the round, the standards and how each measure is computed
    book = load_workbook(report, read_only=True)
    names = book.sheetnames
    cells = [
        str(c) for ws in book.worksheets for row in ws.iter_rows(values_only=True) for c in row if c
    ]
    book.close()
    if lang == "ko":
        assert {"보정 라운드", "계산 방법"} <= set(names)
        assert "평가자별 기준" in cells
    else:
        assert {"Calibration", "How measures are computed"} <= set(names)
        assert "Each assessor's standard" in cells
    assert any("0.93" in c and "Vector" in c for c in cells)
    again.state.runner.wait()
    again.runner.wait()
