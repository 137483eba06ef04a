"""The Excel report: sheets, numbers, charts, formatting, safety, cancel and locks."""

from __future__ import annotations

import io
import math
import re
import zipfile
from datetime import datetime

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils.cell import range_boundaries
from python_calamine import CalamineWorkbook
from test_report_fixtures import make_inputs, make_results

from workbench.core.io import atomic
from workbench.core.io.atomic import LockedFileError, SaveError, excel_lock_file
from workbench.core.measures.evaluate import evaluate
from workbench.core.model import schema as s
from workbench.core.model.cancel import Cancelled
from workbench.core.model.schema import EvalSettings, SourceFile
from workbench.core.protocol.manual import default_manual
from workbench.core.report import (
    FONT_NAME,
    SHEET_KEYS,
    SHEET_NAMES,
    ReportRequest,
    _display_width,
    build_report,
    primary_measure,
    write_report,
)

TOL = 1e-9

COMPARISONS = pd.DataFrame(
    [
        {
            "metric": "nDCG@10",
            "baseline": "BM25",
            "system": "Vector",
            "n": 10,
            "mean_diff": 0.0123456789,
            "ci_low": -0.05,
            "ci_high": 0.07,
            "p_value": 0.0312,
            "p_adjusted": 0.0624,
            "test": "randomization",
            "wins": 6,
            "ties": 1,
            "losses": 3,
        },
        {
            "metric": "MRR",
            "baseline": "BM25",
            "system": "Vector",
            "n": 10,
            "mean_diff": -0.2,
            "ci_low": -0.3,
            "ci_high": -0.1,
            "p_value": 0.001,
            "p_adjusted": 0.002,
            "test": "randomization",
            "wins": 1,
            "ties": 0,
            "losses": 9,
        },
    ]
)
AGREEMENT = {
    "assessors": ["가", "나"],
    "items": 40,
    "pairs": [
        {"a": "가", "b": "나", "n": 40, "exact": 0.75, "kappa": 0.61, "kappa_quadratic": 0.8}
    ],
    "alpha_ordinal": 0.77,
    "disagreements": 10,
}
SOURCES = [
    SourceFile("data/judgments.xlsx", "a" * 64, sheet="평가"),
    SourceFile("data/runs.xlsx", "0123456789abcdef" * 4),
]


@pytest.fixture(scope="module")
def synthetic():
    return make_results()


@pytest.fixture(scope="module")
def full_report(tmp_path_factory, synthetic):
    results, questions, passages = synthetic
    path = tmp_path_factory.mktemp("rep") / "report.xlsx"
    notes = {"q001": {"note": "다시 볼 것", "flagged": True}}
    write_report(path, results, ReportRequest(questions=questions, passages=passages, comparisons=COMPARISONS, agreement=AGREEMENT, notes=notes, sources=SOURCES, low_n=3, test="randomization", seed=42, manual=default_manual("ko")))
    return path, results, questions, passages


def rows_of(ws):
    return [list(r) for r in ws.iter_rows(values_only=True)]


def header_index(header, name):
    return header.index(name)


def close(a, b):
    if b is None or (isinstance(b, float) and math.isnan(b)):
        return a is None or a == ""
    return a is not None and a != "" and abs(float(a) - float(b)) <= TOL


# -- sheets, headers, numbers -----------------------------------------------


def test_sheets_in_order_korean(full_report):
    path = full_report[0]
    wb = load_workbook(path)
    # every sheet but the stages (no system is tagged with a pipeline stage), the
    # answer sheets, which need answers (tests/core/test_answers.py), the
    # unjudged ranges, which need the study (tests/core/test_report_unjudged.py), and
    # the calibration rounds, which need a round (tests/core/test_calibration.py)
    left_out = ("stages", "answers", "citations", "unjudged", "calibration")
    assert wb.sheetnames == [SHEET_NAMES["ko"][k] for k in SHEET_KEYS if k not in left_out]
    assert wb.sheetnames[0] == "요약" and wb.sheetnames[-1] == "설정"
    assert CalamineWorkbook.from_path(str(path)).sheet_names == wb.sheetnames


def test_sheets_in_order_english_and_optional_sheets_left_out(tmp_path, synthetic):
    results, questions, passages = synthetic
    path = write_report(tmp_path / "en.xlsx", results, ReportRequest(lang="en", questions=questions))
    names = load_workbook(path).sheetnames
    assert names == [
        "Summary",
        "First evidence",
        "Diagnosis",
        "Per question",
        "By type",
        "Low-scoring",
        "Missed evidence",
        "Abstention",
        "How measures are computed",
        "System cards",
        "Decisions",  # always: it says so when there is no decision
        "Settings",
    ]
    # agreement with a single assessor is no agreement
    one = dict(AGREEMENT, assessors=["가"], pairs=[])
    path2 = write_report(tmp_path / "en2.xlsx", results, ReportRequest(lang="en", agreement=one, comparisons=COMPARISONS))
    assert "Agreement" not in load_workbook(path2).sheetnames
    assert "Significance" in load_workbook(path2).sheetnames


def test_sheet_subset_keeps_canonical_order(tmp_path, synthetic):
    results = synthetic[0]
    path = write_report(tmp_path / "r.xlsx", results, ReportRequest(sheets=["settings", "summary"]))
    assert load_workbook(path).sheetnames == ["요약", "설정"]
    path = write_report(tmp_path / "r2.xlsx", results, ReportRequest(sheets=["Per question"], lang="en"))
    assert load_workbook(path).sheetnames == ["Per question"]
    with pytest.raises(ValueError, match="unknown report sheet"):
        write_report(tmp_path / "r3.xlsx", results, ReportRequest(sheets=["charts"]))


def test_summary_numbers_equal_aggregates(full_report):
    path, results = full_report[0], full_report[1]
    rows = rows_of(load_workbook(path)["요약"])
    header = rows[0]
    assert header[:2] == ["시스템", "n"] and header[2:] == results.measures
    for i, system in enumerate(results.systems):
        row = rows[1 + i]
        assert row[0] == system
        assert row[1] == results.aggregates.loc[system, "n"]
        for j, m in enumerate(results.measures):
            assert close(row[2 + j], results.aggregates.loc[system, m]), (system, m)


def read_per_question(path, sheet="질문별"):
    """Per-question rows read with calamine, keyed by (system, question id)."""
    data = CalamineWorkbook.from_path(str(path)).get_sheet_by_name(sheet).to_python()
    header = data[0]
    out = {}
    for row in data[1:]:
        rec = dict(zip(header, row))
        out[(rec[header[3]], rec[header[0]])] = rec
    return header, out


def test_per_question_numbers_equal_frame_calamine(full_report):
    path, results, questions = full_report[0], full_report[1], full_report[2]
    header, got = read_per_question(path)
    assert header[:5] == ["질문ID", "질문", "유형", "시스템", "결과 없음"]
    assert header[5:-2] == results.measures and header[-2:] == ["메모", "표시"]
    pq = results.per_question
    assert len(got) == len(pq)
    text = dict(zip(questions[s.QID], questions[s.QTEXT]))
    for rec in pq.to_dict("records"):
        row = got[(rec[s.SYSTEM], rec[s.QID])]
        assert row["질문"] == text[rec[s.QID]]
        assert row["유형"] == rec[s.QTYPE]
        assert row["결과 없음"] == ("예" if rec["missing"] else "")
        for m in results.measures:
            assert abs(row[m] - rec[m]) <= TOL
    assert got[("BM25", "q001")]["메모"] == "다시 볼 것"
    assert got[("BM25", "q001")]["표시"] == "예"
    assert got[("BM25", "q002")]["표시"] == ""


def test_per_question_rows_grouped_by_question(full_report):
    path, results = full_report[0], full_report[1]
    rows = rows_of(load_workbook(path)["질문별"])[1:]
    pairs = [(r[0], r[3]) for r in rows]
    qs = list(dict.fromkeys(q for q, _ in pairs))
    expected = [(q, sys_) for q in qs for sys_ in results.systems]
    assert pairs == expected


def test_by_type_and_abstention_numbers(full_report):
    path, results = full_report[0], full_report[1]
    wb = load_workbook(path)
    rows = rows_of(wb["유형별"])
    assert rows[0][:3] == ["유형", "시스템", "n"]
    bt = results.by_type
    assert len(rows) - 1 == len(bt)
    for row, rec in zip(rows[1:], bt.to_dict("records")):
        assert (row[0], row[1], row[2]) == (rec[s.QTYPE], rec[s.SYSTEM], rec["n"])
        for j, m in enumerate(results.measures):
            assert close(row[3 + j], rec[m])
    ab = rows_of(wb["답변 보류"])
    assert ab[0][0] == "시스템" and "결과 없음 비율(답변 불가 질문)" in ab[0]
    cols = list(results.abstention.columns)
    for i, system in enumerate(results.systems):
        for j, c in enumerate(cols):
            assert close(ab[1 + i][1 + j], results.abstention.loc[system, c])
    flat = [v for r in ab for v in r]
    for q in results.unanswerable:
        assert q in flat


def test_significance_and_agreement_sheets(full_report):
    path = full_report[0]
    wb = load_workbook(path)
    sig = rows_of(wb["유의성"])
    assert sig[0][:3] == ["지표", "기준 시스템", "시스템"]
    assert sig[0][-1] == "유의함(p<0.05)"
    assert sig[1][4] == pytest.approx(0.0123456789, abs=TOL)
    assert sig[1][-1] is None and sig[2][-1] == "예"  # by the adjusted p-value
    assert wb["유의성"]["E2"].number_format == "0.000"
    ag = rows_of(wb["평가자 일치도"])
    assert ag[0][:3] == ["평가자 A", "평가자 B", "n"]
    assert ag[1][:6] == ["가", "나", 40, 0.75, 0.61, 0.8]
    flat = [v for r in ag for v in r]
    assert 0.77 in flat and 10 in flat


# -- low-scoring --------------------------------------------------------------


def test_primary_measure_is_ndcg_at_largest_k(synthetic):
    assert primary_measure(synthetic[0]) == "nDCG@10"


def low_rows(path, sheet="낮은 점수"):
    ws = load_workbook(path)[sheet]
    rows = rows_of(ws)
    return ws, rows[0], rows[1:]


def test_low_scoring_lists_worst_questions_with_passages_and_missed(full_report):
    path, results, questions, passages = full_report
    ws, header, rows = low_rows(path)
    assert header[:6] == ["시스템", "질문ID", "질문", "유형", "nDCG@10", "구분"]
    assert header[6:11] == ["순위", "문단ID", "등급", "등급 뜻", "본문"]
    assert header[11:14] == ["권", "강연", "페이지"]
    pq = results.per_question
    k = max(results.settings.ks)
    texts = dict(zip(passages[s.PID], passages[s.TEXT]))
    page = dict(zip(passages[s.PID], passages[s.PAGE]))
    for system in results.systems:
        sub = pq[pq[s.SYSTEM] == system].sort_values(["nDCG@10", s.QID], kind="stable")
        worst = sub[s.QID].head(3).tolist()
        mine = [r for r in rows if r[0] == system]
        assert list(dict.fromkeys(r[1] for r in mine)) == worst
        for q in worst:
            block = [r for r in mine if r[1] == q]
            score = sub.set_index(s.QID).loc[q, "nDCG@10"]
            assert all(abs(r[4] - score) <= TOL for r in block)
            top = results.ranking[
                (results.ranking[s.SYSTEM] == system)
                & (results.ranking[s.QID] == q)
                & (results.ranking["position"] <= k)
            ].sort_values("position")
            retrieved = [r for r in block if r[5] == "검색 결과"]
            assert [r[7] for r in retrieved] == top[s.PID].tolist()
            assert [r[6] for r in retrieved] == top["position"].tolist()
            for r, grade in zip(retrieved, top[s.GRADE]):
                if np.isnan(grade):
                    assert r[8] == "미평가" and r[9] == "미평가"
                else:
                    assert r[8] == int(grade) and r[9].startswith(str(int(grade)) + " ")
                assert r[10] == texts[r[7]] and r[13] == page[r[7]]
            qr = results.qrels
            relevant = qr[(qr[s.QID] == q) & (qr[s.GRADE] >= results.settings.threshold)]
            expected_missed = set(relevant[s.PID]) - set(top[s.PID])
            missed = [r for r in block if r[5] == "놓친 근거"]
            assert {r[7] for r in missed} == expected_missed
            assert all(r[6] is None for r in missed)


def test_grade_cells_are_coloured_with_words(full_report):
    path = full_report[0]
    ws, header, rows = low_rows(path)
    colours = {0: "D54541", 1: "CAAB39", 2: "52B262", 3: "58AADC", None: "888888"}
    labels = {0: "관련 없음", 1: "주제만 관련", 2: "강한 뒷받침", 3: "직접 근거"}
    seen = set()
    for i, row in enumerate(rows, start=2):
        if row[5] == "결과 없음":
            continue
        grade = None if row[8] == "미평가" else row[8]
        for col in (9, 10):
            cell = ws.cell(row=i, column=col)
            assert cell.fill.fgColor.rgb.endswith(colours[grade]), (i, col, grade)
        if grade is not None:
            assert labels[grade] in row[9]
        seen.add(grade)
    assert None in seen and len(seen) >= 3  # the fixture has unjudged and several grades


def test_low_scoring_question_without_ranking_says_nothing_returned(tmp_path, synthetic):
    results = synthetic[0]
    # the last system is missing q002 in its run (scored 0, so among the worst)
    path = write_report(tmp_path / "r.xlsx", results, ReportRequest(low_n=50, sheets=["low_scoring"]))
    _, _, rows = low_rows(path)
    missing = [r for r in rows if r[0] == "Vector" and r[1] == "q002"]
    assert missing and missing[0][5] == "결과 없음"


# -- charts ---------------------------------------------------------------------


def ref_values(wb, ref):
    sheet, rng = ref.rsplit("!", 1)
    ws = wb[sheet.strip("'")]
    min_col, min_row, max_col, max_row = range_boundaries(rng.replace("$", ""))
    return [
        ws.cell(row=r, column=c).value
        for r in range(min_row, max_row + 1)
        for c in range(min_col, max_col + 1)
    ]


@pytest.mark.parametrize("reload", [False, True])
def test_charts_reference_the_right_cells(full_report, reload):
    path, results = full_report[0], full_report[1]
    wb = load_workbook(path) if reload else build_report(results)
    ws = wb["요약"]
    kinds = sorted(type(c).__name__ for c in ws._charts)
    assert kinds == ["BarChart", "LineChart"]
    bar = next(c for c in ws._charts if type(c).__name__ == "BarChart")
    line = next(c for c in ws._charts if type(c).__name__ == "LineChart")
    assert len(bar.series) == len(results.systems) == len(line.series)
    for chart in (bar, line):
        for system, series in zip(results.systems, chart.series):
            assert ref_values(wb, series.tx.strRef.f) == [system]
            cats = ref_values(wb, (series.cat.numRef or series.cat.strRef).f)
            vals = ref_values(wb, series.val.numRef.f)
            assert len(cats) == len(vals) > 0
            for cat, val in zip(cats, vals):
                measure = f"Recall@{cat}" if chart is line else cat
                assert measure in results.measures
                assert abs(val - results.aggregates.loc[system, measure]) <= TOL
    line_cats = ref_values(wb, line.series[0].cat.numRef.f)
    assert line_cats == sorted(results.settings.ks)
    bar_cats = ref_values(wb, bar.series[0].cat.strRef.f)
    assert "nDCG@10" in bar_cats and "Judged@10" not in bar_cats


def test_chart_xml_is_in_the_file(full_report):
    with zipfile.ZipFile(full_report[0]) as z:
        charts = [n for n in z.namelist() if n.startswith("xl/charts/chart")]
        assert len(charts) == 2
        xml = "".join(z.read(n).decode() for n in charts)
    assert re.search(r"<(c:)?barChart>", xml) and re.search(r"<(c:)?lineChart>", xml)
    assert "'요약'!$B$" in xml


# -- formatting -----------------------------------------------------------------


def test_every_cell_uses_the_korean_font(full_report):
    wb = load_workbook(full_report[0])
    count = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is not None:
                    assert cell.font.name == FONT_NAME, (ws.title, cell.coordinate)
                    count += 1
    assert count > 1000


def test_freeze_number_format_and_colour_scale(full_report):
    wb = load_workbook(full_report[0])
    for ws in wb.worksheets:
        assert ws.freeze_panes is not None and ws.freeze_panes.endswith("2"), ws.title
    pq = wb["질문별"]
    assert pq["F2"].number_format == "0.000"
    assert pq["A2"].number_format == "General"
    ranges = [str(cf.sqref) for cf in pq.conditional_formatting]
    assert any(r.startswith("F2:") for r in ranges)
    rules = [rule for cf in pq.conditional_formatting for rule in cf.rules]
    assert rules and rules[0].type == "colorScale"
    summary = wb["요약"]
    assert any(str(cf.sqref).startswith("C2:") for cf in summary.conditional_formatting)
    assert wb["요약"]["A1"].font.b


def test_column_widths_fit_hangul(full_report):
    assert _display_width("가나다") == 6 and _display_width("abc") == 3
    wb = load_workbook(full_report[0])
    pq = wb["질문별"]
    # question texts are ~20 Hangul chars: wide, but capped
    assert 30 <= pq.column_dimensions["B"].width <= 50
    assert pq.column_dimensions["F"].width < 12
    low = wb["낮은 점수"]
    assert low["K2"].alignment.wrap_text  # passage text wraps
    assert low.column_dimensions["K"].width <= 70


# -- settings ---------------------------------------------------------------------


def test_settings_sheet_names_every_setting_and_checksum(full_report):
    path = full_report[0]
    rows = rows_of(load_workbook(path)["설정"])
    assert rows[0] == ["항목", "키", "값", "뜻"]
    by_key = {r[1]: r for r in rows if r[1]}
    for key in EvalSettings().to_dict():
        assert key in by_key, key
    assert by_key["ks"][2] == "1, 3, 5, 10"
    assert by_key["threshold"][2] == 1
    assert by_key["test"][2] == "randomization" and by_key["seed"][2] == 42
    assert by_key["app_version"][2]
    written = datetime.fromisoformat(by_key["written_at"][2])
    assert written.tzinfo is not None
    flat = [v for r in rows for v in r]
    for src in SOURCES:
        i = flat.index(src.name)
        assert flat[i + 2] == src.sha256
    assert "평가" in flat  # the sheet read


# -- safety ------------------------------------------------------------------------


def injected(tmp_path, lang="ko"):
    results, questions, passages = make_results(n_questions=6)
    questions = questions.copy()
    passages = passages.copy()
    questions.loc[0, s.QTEXT] = "=1+1"
    questions.loc[1, s.QTEXT] = "#N/A"
    first_ranked = results.ranking.iloc[0][s.PID]
    passages.loc[passages[s.PID] == first_ranked, s.TEXT] = "@SUM(A1)"
    notes = {"q001": {"note": "+cmd|' /C calc'!A0", "flagged": False}}
    path = write_report(tmp_path / "inj.xlsx", results, ReportRequest(lang=lang, questions=questions, passages=passages, notes=notes, low_n=20))
    return path, results


def test_input_text_is_never_a_formula(tmp_path):
    path, _ = injected(tmp_path)
    wb = load_workbook(path)
    found = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value in ("=1+1", "@SUM(A1)", "#N/A", "+cmd|' /C calc'!A0"):
                    assert cell.data_type == "s", (ws.title, cell.coordinate)
                    found[cell.value] = found.get(cell.value, 0) + 1
    assert set(found) == {"=1+1", "@SUM(A1)", "#N/A", "+cmd|' /C calc'!A0"}
    with zipfile.ZipFile(path) as z:
        sheets = [n for n in z.namelist() if re.match(r"xl/worksheets/sheet\d+\.xml", n)]
        xml = "".join(z.read(n).decode() for n in sheets)
    assert "<f>" not in xml and "<f " not in xml  # no formula anywhere
    assert "<t>=1+1</t>" in xml and "<t>@SUM(A1)</t>" in xml
    data = CalamineWorkbook.from_path(str(path)).get_sheet_by_name("질문별").to_python()
    assert "=1+1" in [r[1] for r in data]


def test_control_characters_are_dropped_not_fatal(tmp_path):
    results, questions, _ = make_results(n_questions=6)
    questions = questions.copy()
    questions.loc[0, s.QTEXT] = "벨\x07소리\x00"
    path = write_report(tmp_path / "c.xlsx", results, ReportRequest(questions=questions))
    _, got = read_per_question(path)
    assert got[("BM25", "q001")]["질문"] == "벨소리"


def test_nan_score_is_an_empty_cell(tmp_path):
    results, _, _ = make_results(n_questions=6)
    results.aggregates = results.aggregates.copy()
    results.aggregates.loc["BM25", "MAP"] = float("nan")
    path = write_report(tmp_path / "n.xlsx", results, ReportRequest(sheets=["summary"]))
    rows = rows_of(load_workbook(path)["요약"])
    assert rows[1][2 + results.measures.index("MAP")] is None


# -- cancel, crash, lock -------------------------------------------------------------


def test_cancel_mid_write_leaves_nothing(tmp_path, synthetic):
    results = synthetic[0]
    calls = []

    def cancelled():
        calls.append(1)
        return len(calls) > 3

    with pytest.raises(Cancelled):
        write_report(tmp_path / "r.xlsx", results, cancelled=cancelled)
    assert list(tmp_path.iterdir()) == []


def test_cancel_while_saving_leaves_nothing(tmp_path, synthetic):
    results = synthetic[0]
    state = {"saving": False}

    def progress(fraction, text):
        state["saving"] = text == "파일 저장 중"

    def cancelled():
        return state["saving"]

    with pytest.raises(Cancelled):
        write_report(tmp_path / "r.xlsx", results, progress=progress, cancelled=cancelled)
    assert list(tmp_path.iterdir()) == []


def test_crash_during_save_keeps_old_report_and_no_temp(tmp_path, synthetic, monkeypatch):
    results = synthetic[0]
    target = tmp_path / "r.xlsx"
    target.write_bytes(b"previous report")
    from openpyxl.writer.excel import ExcelWriter

    def broken_save(self):
        self._archive.writestr("half.xml", b"half")
        raise OSError("disk full")

    monkeypatch.setattr(ExcelWriter, "write_data", broken_save)
    # the OS error reaches the user as a message naming the report (exit 3, a dialog)
    with pytest.raises(SaveError, match="disk full") as info:
        write_report(target, results)
    assert str(target) in info.value.message("en") and isinstance(info.value.__cause__, OSError)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.xlsx"]
    assert target.read_bytes() == b"previous report"


def test_report_open_in_excel_gives_clear_message(tmp_path, synthetic):
    results = synthetic[0]
    target = tmp_path / "보고서.xlsx"
    excel_lock_file(target).write_text("owner")
    with pytest.raises(LockedFileError) as info:
        write_report(target, results)
    assert "보고서.xlsx" in info.value.message("ko") and "열려" in info.value.message("ko")
    assert "open in Excel" in info.value.message("en")


def test_permission_error_on_rename_gives_locked_error(tmp_path, synthetic, monkeypatch):
    results = synthetic[0]
    monkeypatch.setattr(atomic, "_REPLACE_DELAY_S", 0.0)

    def refuse(src, dst):
        raise PermissionError(13, "in use")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    with pytest.raises(LockedFileError):
        write_report(tmp_path / "r.xlsx", results, ReportRequest(sheets=["summary"]))
    assert list(tmp_path.iterdir()) == []


def test_progress_rises_to_one(tmp_path, synthetic):
    seen = []
    write_report(tmp_path / "r.xlsx", synthetic[0], ReportRequest(lang="en"), progress=lambda f, t: seen.append((f, t)))
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in fractions)
    assert seen[-1][1] == "Done"


# -- real evaluate() output ------------------------------------------------------------


@pytest.fixture(scope="module")
def real():
    qrels, runs, questions, passages = make_inputs(
        n_questions=15, systems=("BM25", "Hybrid", "Graph")
    )
    results = evaluate(qrels, runs, EvalSettings(), questions=questions, passages=passages)
    return results, questions, passages


def test_report_on_real_evaluate_output(tmp_path, real):
    results, questions, passages = real
    path = write_report(tmp_path / "real.xlsx", results, ReportRequest(lang="en", questions=questions, passages=passages))
    wb = load_workbook(path)
    assert wb.sheetnames[0] == "Summary"
    header, got = read_per_question(path, "Per question")
    assert header[:5] == ["Question ID", "Question", "Type", "System", "Missing from run"]
    for rec in results.per_question.to_dict("records"):
        row = got[(rec[s.SYSTEM], rec[s.QID])]
        for m in results.measures:
            assert abs(row[m] - rec[m]) <= TOL
    rows = rows_of(wb["Summary"])
    for i, system in enumerate(results.systems):
        for j, m in enumerate(results.measures):
            assert close(rows[1 + i][2 + j], results.aggregates.loc[system, m])
    # grades on Low-scoring are the resolved grades of the qrels
    grade_of = {
        (q, p): g
        for q, p, g in results.qrels[[s.QID, s.PID, s.GRADE]].itertuples(index=False, name=None)
    }
    _, lheader, lrows = low_rows(path, "Low-scoring")
    checked = 0
    for r in lrows:
        if r[5] in ("Retrieved", "Missed evidence"):
            g = grade_of.get((r[1], r[7]))
            assert r[8] == ("unjudged" if g is None else int(g))
            checked += 1
    assert checked > 0


def test_report_with_real_comparisons_and_agreement_objects(tmp_path, real):
    from workbench.core.measures import agreement as agreement_mod
    from workbench.core.measures import stats
    results, questions, _ = real
    comparisons = stats.compare_systems(
        results.per_question, ["nDCG@10", "MRR"], n_permutations=200, n_resamples=200, seed=3
    )
    qrels = results.qrels
    judgments = pd.concat(
        [
            qrels.assign(**{s.ASSESSOR: "가"}),
            qrels.assign(**{s.ASSESSOR: "나", s.GRADE: (qrels[s.GRADE] + 1).clip(upper=3)}),
        ],
        ignore_index=True,
    )
    summary = agreement_mod.agreement_table(judgments)
    path = write_report(tmp_path / "r.xlsx", results, ReportRequest(comparisons=comparisons, agreement=summary, test="randomization", seed=3))
    wb = load_workbook(path)
    sig = rows_of(wb["유의성"])
    assert len(sig) >= 1 + len(comparisons)
    for row, rec in zip(sig[1:], comparisons.to_dict("records")):
        assert row[:3] == [rec["metric"], rec["baseline"], rec["system"]]
        assert close(row[4], rec["mean_diff"]) and close(row[8], rec["p_adjusted"])
        assert row[10:13] == [rec["wins"], rec["ties"], rec["losses"]]
    ag = rows_of(wb["평가자 일치도"])
    pair = summary.pairs[0]
    assert ag[1][:3] == [pair.a, pair.b, pair.n]
    assert close(ag[1][4], pair.kappa) and close(ag[1][5], pair.kappa_quadratic)


def test_document_unit_low_scoring_uses_document_ids(tmp_path):
    qrels, runs, questions, passages = make_inputs(n_questions=8)
    results = evaluate(
        qrels, runs, EvalSettings(unit="document"), questions=questions, passages=passages
    )
    path = write_report(tmp_path / "d.xlsx", results, ReportRequest(passages=passages, sheets=["low_scoring"], low_n=2))
    _, header, rows = low_rows(path)
    assert header[7] == "문서ID"
    docs = set(passages[s.DOCID])
    listed = [r for r in rows if r[5] == "검색 결과"]
    assert listed and all(r[7] in docs for r in listed)
    assert all(r[11] is not None for r in listed)  # 권 of the document


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(min_size=1, max_size=40))
def test_any_question_text_reads_back_as_the_same_text(text):
    results, questions, _ = make_results(n_questions=3, systems=("A",))
    questions = questions.copy()
    questions.loc[0, s.QTEXT] = text
    wb = build_report(results, ReportRequest(questions=questions, sheets=["per_question"]))
    buf = io.BytesIO()
    wb.save(buf)
    ws = load_workbook(io.BytesIO(buf.getvalue()))["질문별"]
    cell = ws["B2"]
    expected = ILLEGAL_CHARACTERS_RE.sub("", text)
    # openpyxl/Excel drop what XML cannot hold; what is left is the text itself
    if expected.strip():
        assert cell.data_type == "s"
        assert cell.value.replace("\r\n", "\n").replace("\r", "\n") == expected.replace(
            "\r\n", "\n"
        ).replace("\r", "\n")


def test_the_summary_counts_errors_warnings_and_info_apart(tmp_path, synthetic):
    from dataclasses import replace

    from workbench.core.model.problems import info, warning

    results = replace(
        synthetic[0],
        warnings=[
            warning("missing_questions", "System 'X' has no results.", "시스템 'X'에 결과가 없습니다."),
            info(
                "several_judgment_sheets",
                "2 sheets hold judgments and were all read.",
                "판정이 든 시트 2개를 모두 읽었습니다.",
            ),
        ],
    )
    for lang, sheet, title, levels in (
        ("ko", "요약", "오류·경고·정보 (오류 0 · 경고 1 · 정보 1)", ["경고", "정보"]),
        ("en", "Summary", "Errors, warnings and info (0 errors · 1 warning · 1 info)",
         ["warning", "info"]),
    ):  # fmt: skip
        path = write_report(
            tmp_path / f"r-{lang}.xlsx", results, ReportRequest(sheets=["summary"], lang=lang)
        )
        column = [c.value for c in load_workbook(path)[sheet]["A"]]
        at = column.index(title)
        assert column[at + 1 : at + 3] == levels


def test_first_evidence_sheet_holds_the_shares_of_the_core(tmp_path, synthetic):
    from workbench.core.measures.chart_data import first_evidence

    results, questions, _passages = synthetic
    path = write_report(tmp_path / "fe.xlsx", results, ReportRequest(lang="en", questions=questions))
    ws = load_workbook(path)["First evidence"]
    header = [c.value for c in ws[1]]
    assert header[:6] == ["System", "n", "At rank 1", "In the top 3", "Later (rank 4 on)", "Not found"]
    want = first_evidence(results).set_index("system")
    for row in ws.iter_rows(min_row=2, max_row=1 + len(results.systems), values_only=True):
        rec = want.loc[row[0]]
        assert row[1] == rec["n"]
        assert list(row[2:6]) == pytest.approx([rec["rank_1"], rec["top_3"], rec["later"], rec["not_found"]])
        assert row[3] + row[4] + row[5] == pytest.approx(1.0)
