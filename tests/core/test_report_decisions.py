"""The report is the record: every decision behind the numbers is on its Decisions
sheet with who, when and why, and the Settings sheet counts them."""

from __future__ import annotations

import openpyxl
import pytest
from _answer_fixture import add_answers

from workbench.core.export import report_task
from workbench.core.io import load_judgments, load_run
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol import answers as A
from workbench.core.protocol.pool import add_pool_edit, build_pool, write_pool_workbook
from workbench.core.report import SHEET_KEYS, SHEET_NAMES, ReportRequest, write_report
from workbench.core.study import Study

T_RESOLVED = "2026-03-01T10:00:00+09:00"
T_GRADED = "2026-03-02T11:00:00+09:00"
T_POOL = "2026-03-03T12:00:00+09:00"
T_RATED = "2026-03-04T13:00:00+09:00"
T_RATING_RESOLVED = "2026-03-05T14:00:00+09:00"

RESOLVED_WHY = "둘의 중간: 본문이 질문을 일부만 다룸"
NOTE = "=1+1 다시 볼 것"  # a note that looks like a formula stays text

HEADER_KO = (
    "구분",
    "질문ID",
    "문단ID · 답변",
    "정한 값",
    "평가자들의 등급",
    "누가",
    "언제",
    "이유 · 메모",
    "파일",
    "시트",
    "행",
)


def _judgments(path):
    """Two assessors disagree on q1/p1 (3 and 1); row 4 types '3점'; row 5 has a
    grade nobody can read ('??'), which the user chose to leave out."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "평가"
    ws.append(["질문ID", "문단ID", "등급", "평가자"])
    for row in (
        ("q1", "p1", 3, "가"),
        ("q1", "p1", 1, "나"),
        ("q1", "p2", "3점", "가"),
        ("q2", "p3", "??", "가"),
        ("q2", "p4", 2, "가"),
    ):
        ws.append(list(row))
    wb.save(path)
    return path


def _runs(path):
    path.write_text(
        "시스템,질문ID,문단ID,순위\nS1,q1,p1,1\nS1,q1,p2,2\nS1,q1,p5,3\nS1,q2,p4,1\nS1,q2,p6,2\n",
        encoding="utf-8",
    )
    return path


def _answers(path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "S1"
    ws.append(["질문ID", "답변", "인용"])
    ws.append(["q1", "먼저 주는 마음입니다 [p1].", ""])
    wb.save(path)
    return path


def _loaded(tmp_path) -> Study:
    options = {"conversions": {"3점": 3}, "skip_rows": {"평가": [5]}}
    path = _judgments(tmp_path / "j.xlsx")
    js = load_judgments(path, conversions=options["conversions"], skip_rows=options["skip_rows"])
    study = Study(EvalSettings(ks=(1, 2)))
    study.set_judgments(js, options)
    study.add_runs(load_run(_runs(tmp_path / "run.csv")))
    return study


@pytest.fixture()
def decided(tmp_path):
    """A study with one decision of every kind; returns it and the pool workbook's
    sheet and row where 나 graded q2/p4."""
    study = _loaded(tmp_path)
    study.apply(study.resolution_edit("q1", "p1", 2, by="다", reason=RESOLVED_WHY, time=T_RESOLVED))
    study.apply(study.grade_edit("q2", "p6", 1, assessor="가", reason="주제만 관련", time=T_GRADED))
    # 나's pool: S1's top 2 less what 나 graded (q1/p1) — q1/p2 graded on the Judging page,
    # q2/p4 in the pool workbook, q2/p6 left waiting
    pool = build_pool(study, "나", depth=2, time=T_POOL)
    assert set(pool.items) == {("q1", "p2"), ("q2", "p4"), ("q2", "p6")}
    study.apply(add_pool_edit(study, pool))
    study.apply(study.grade_edit("q1", "p2", 3, assessor="나", time=T_POOL))
    book_path = write_pool_workbook(tmp_path / "pool.xlsx", study, pool)
    book = openpyxl.load_workbook(book_path)
    ws = book.worksheets[0]
    header = [c.value for c in ws[1]]
    q_col, p_col = header.index("질문ID") + 1, header.index("문단ID") + 1
    grade_col, note_col = header.index("등급") + 1, header.index("메모") + 1
    row = next(
        r
        for r in range(2, ws.max_row + 1)
        if (ws.cell(r, q_col).value, ws.cell(r, p_col).value) == ("q2", "p4")
    )
    ws.cell(row, grade_col, value=0)
    ws.cell(row, note_col, value="질문과 무관")
    book.save(book_path)
    study.add_judgments(load_judgments(book_path))
    study.apply(study.note_edit("q1", note=NOTE))
    study.apply(study.note_edit("q2", flagged=True))
    add_answers(study, _answers(tmp_path / "answers.xlsx"))
    study.apply(
        A.rating_edit(study, "q1", "S1", "citation", 2, "라", note="한 곳 빠짐", time=T_RATED)
    )
    study.apply(A.rating_edit(study, "q1", "S1", "citation", 0, "마", time=T_RATED))
    study.apply(
        A.rating_resolution_edit(
            study,
            "q1",
            "S1",
            "citation",
            1,
            by="다",
            reason="둘 다 일리 있음",
            time=T_RATING_RESOLVED,
        )
    )
    return study, ws.title, row


def _rows(ws):
    return [tuple(r) for r in ws.iter_rows(values_only=True)]


def _settings_lines(ws) -> dict[str, tuple]:
    """Settings rows of the decisions: key → (item, key, value, meaning)."""
    return {
        r[1]: r[:4] for r in _rows(ws) if isinstance(r[1], str) and r[1].startswith("decisions")
    }


def test_every_decision_is_on_the_decisions_sheet_with_who_when_and_why(tmp_path, decided):
    study, pool_sheet, pool_row = decided
    results = study.evaluate()
    path = report_task(tmp_path / "보고서.xlsx", study, results, lang="ko")
    wb = openpyxl.load_workbook(path)
    # right before the settings
    assert wb.sheetnames[-2:] == ["결정 기록", "설정"]
    rows = _rows(wb["결정 기록"])
    assert rows[0] == HEADER_KO
    body = [r for r in rows[1:] if r[0] is not None and r[1:] != (None,) * 10]
    conversion = next(r for r in body if r[0] == "확인한 변환")
    assert conversion[:3] == ("확인한 변환", None, None) and conversion[3] == "'3점' → 3"
    assert conversion[8:] == ("j.xlsx", "평가", 4)
    assert "3점" in conversion[7]  # the loader's sentence: what was read as what, in which rows
    assert [r for r in body if r[0] != "확인한 변환"] == [
        ("손으로 정한 등급", "q1", "p1", 2, "가 3 · 나 1", "다", T_RESOLVED, RESOLVED_WHY)
        + (None,) * 3,
        ("앱에서 준 등급", "q2", "p6", 1, None, "가", T_GRADED, "주제만 관련") + (None,) * 3,
        ("판정 풀에서 받은 등급", "q1", "p2", 3, None, "나", T_POOL) + (None,) * 4,
        (
            "판정 풀에서 받은 등급",
            "q2",
            "p4",
            0,
            None,
            "나",
            None,
            "질문과 무관",
            "pool.xlsx",
            pool_sheet,
            pool_row,
        ),
        ("제외한 행", *(None,) * 7, "j.xlsx", "평가", 5),
        ("답변 평가", "q1", "S1 · 출처 표기 정확도", 2, None, "라", T_RATED, "한 곳 빠짐")
        + (None,) * 3,
        ("답변 평가", "q1", "S1 · 출처 표기 정확도", 0, None, "마", T_RATED) + (None,) * 4,
        (
            "손으로 정한 답변 점수",
            "q1",
            "S1 · 출처 표기 정확도",
            1,
            "라 2 · 마 0",
            "다",
            T_RATING_RESOLVED,
            "둘 다 일리 있음",
        )
        + (None,) * 3,
        ("메모", "q1", None, NOTE) + (None,) * 7,
        ("표시", "q2", None, "예") + (None,) * 7,
    ]
    # the note stays text, never a formula
    note_cell = next(c for c in wb["결정 기록"]["D"] if c.value == NOTE)
    assert note_cell.data_type == "s"
    lines = _settings_lines(wb["설정"])
    assert lines["decisions.resolution"][2:] == (1, "손으로 정한 등급 1건 — '결정 기록' 시트 참조")
    assert lines["decisions.pool_grade"][2:] == (
        2,
        "판정 풀에서 받은 등급 2건 — '결정 기록' 시트 참조",
    )
    expected = {
        "resolution": 1,
        "app_grade": 1,
        "pool_grade": 2,
        "conversion": 1,
        "skipped_row": 1,
        "rating": 2,
        "rating_resolution": 1,
        "note": 1,
        "flag": 1,
    }
    assert {k.removeprefix("decisions."): r[2] for k, r in lines.items()} == expected


def test_the_english_report_names_the_decisions_in_english(tmp_path, decided):
    study, _sheet, _row = decided
    path = report_task(tmp_path / "report.xlsx", study, study.evaluate(), lang="en")
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[-2:] == ["Decisions", "Settings"]
    rows = _rows(wb["Decisions"])
    assert rows[0][:4] == ("Kind", "Question ID", "Passage ID · answer", "Decided")
    hand = next(r for r in rows if r[0] == "Grade decided by hand")
    assert hand[1:8] == ("q1", "p1", 2, "가 3 · 나 1", "다", T_RESOLVED, RESOLVED_WHY)
    flag = next(r for r in rows if r[0] == "Flag")
    assert flag[1] == "q2" and flag[3] == "yes"
    lines = _settings_lines(wb["Settings"])
    assert (
        lines["decisions.app_grade"][3] == "Grade given in the app: 1 — see the 'Decisions' sheet"
    )


def test_a_files_resolution_names_its_file_and_taking_it_back_is_recorded(tmp_path):
    import pandas as pd

    from workbench.core.export import write_judgments_workbook
    from workbench.core.model import schema as s

    judgments = pd.DataFrame(
        {
            s.QID: ["q1", "q1", "q2"],
            s.PID: ["p1", "p1", "p4"],
            s.GRADE: [0, 2, 1],
            s.ASSESSOR: ["A", "B", "A"],
            s.ROLE: [""] * 3,
            s.GROUP: [""] * 3,
            s.NOTE: [""] * 3,
            s.ROW: [2, 3, 4],
        }
    )
    resolutions = pd.DataFrame(
        {
            s.QID: ["q1"],
            s.PID: ["p1"],
            s.GRADE: [3],
            "by": ["검토자"],
            "reason": ["핵심 근거가 분명함"],
            "time": ["2025-01-02 10:00"],
        }
    )
    path = write_judgments_workbook(
        tmp_path / "평가 파일.xlsx", judgments, resolutions=resolutions, lang="ko"
    )
    study = Study(EvalSettings(ks=(1, 2)))
    study.set_judgments(load_judgments(path))
    study.add_runs(load_run(_runs(tmp_path / "run.csv")))
    out = report_task(tmp_path / "a.xlsx", study, study.evaluate(), lang="ko")
    rows = [
        r for r in _rows(openpyxl.load_workbook(out)["결정 기록"]) if r[0] == "손으로 정한 등급"
    ]
    assert rows == [
        (
            "손으로 정한 등급",
            "q1",
            "p1",
            3,
            "A 0 · B 2",
            "검토자",
            "2025-01-02 10:00",
            "핵심 근거가 분명함",
            "평가 파일.xlsx",
            None,
            None,
        )
    ]
    study.apply(
        study.resolution_edit("q1", "p1", None, by="다", reason="근거가 약함", time=T_GRADED)
    )
    out = report_task(tmp_path / "b.xlsx", study, study.evaluate(), lang="ko")
    rows = [
        r for r in _rows(openpyxl.load_workbook(out)["결정 기록"]) if r[0] == "손으로 정한 등급"
    ]
    assert rows == [
        ("손으로 정한 등급", "q1", "p1", "조정 취소: 통합 방식대로", "A 0 · B 2", "다", T_GRADED)
        + ("근거가 약함", None, None, None)
    ]


def test_a_study_without_decisions_says_so_in_one_row(tmp_path):
    path = tmp_path / "j.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "평가"
    ws.append(["질문ID", "문단ID", "등급"])
    ws.append(["q1", "p1", 3])
    ws.append(["q2", "p4", 1])
    wb.save(path)
    study = Study(EvalSettings(ks=(1, 2)))
    study.set_judgments(load_judgments(path))
    study.add_runs(load_run(_runs(tmp_path / "run.csv")))
    out = report_task(tmp_path / "보고서.xlsx", study, study.evaluate(), lang="ko")
    book = openpyxl.load_workbook(out)
    rows = _rows(book["결정 기록"])
    assert len(rows) == 1 and rows[0][0].startswith("기록된 결정이 없습니다")
    lines = _settings_lines(book["설정"])
    assert list(lines) == ["decisions"] and lines["decisions"][2] == 0


def test_without_a_study_the_report_still_records_the_notes(tmp_path):
    from test_report_fixtures import make_results

    results, _questions, _passages = make_results()
    notes = {"q001": {"note": "@SUM(A1) 확인", "flagged": True}}
    path = write_report(tmp_path / "r.xlsx", results, ReportRequest(lang="en", notes=notes))
    rows = _rows(openpyxl.load_workbook(path)["Decisions"])
    assert ("Note", "q001", None, "@SUM(A1) 확인") in [r[:4] for r in rows]
    assert ("Flag", "q001", None, "yes") in [r[:4] for r in rows]


def test_the_decisions_sheet_can_be_left_out_and_settings_then_only_counts(tmp_path, decided):
    study, _sheet, _row = decided
    keys = [k for k in SHEET_KEYS if k != "decisions"]
    path = report_task(tmp_path / "r.xlsx", study, study.evaluate(), lang="ko", sheets=keys)
    wb = openpyxl.load_workbook(path)
    assert SHEET_NAMES["ko"]["decisions"] not in wb.sheetnames
    assert _settings_lines(wb["설정"])["decisions.resolution"][3] == "손으로 정한 등급 1건"
