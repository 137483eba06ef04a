"""Blank Excel templates: Korean headers, dropdowns, example rows that load cleanly."""

from __future__ import annotations

import openpyxl

from workbench.core.export.templates import JUDGMENTS_TEMPLATE, RUN_TEMPLATE, write_templates
from workbench.core.io import inspect_file, load_judgments, load_run
from workbench.core.model import schema as S
from workbench.core.protocol.manual import default_manual


def test_templates_have_korean_headers_and_a_grade_dropdown(tmp_path):
    paths = write_templates(tmp_path / "new folder")
    assert [p.name for p in paths] == [JUDGMENTS_TEMPLATE, RUN_TEMPLATE]
    wb = openpyxl.load_workbook(paths[0])
    assert wb.sheetnames == ["평가", "질문", "문단", "매뉴얼"]
    assert [c.value for c in wb["평가"][1]] == [
        "질문ID",
        "문단ID",
        "등급",
        "평가자",
        "근거역할",
        "근거그룹",
        "메모",
    ]
    assert [c.value for c in wb["질문"][1]] == ["질문ID", "질문", "질문유형", "답변가능"]
    assert [c.value for c in wb["문단"][1]] == [
        "문단ID",
        "문서ID",
        "청크번호",
        "권",
        "강연",
        "페이지",
        "본문",
    ]
    dvs = {str(dv.sqref): dv for dv in wb["평가"].data_validations.dataValidation}
    grade = next(dv for ref, dv in dvs.items() if ref.startswith("C2"))
    assert grade.type == "list" and grade.formula1 == '"0,1,2,3"'
    run = openpyxl.load_workbook(paths[1])
    assert run.sheetnames == ["BM25"]
    assert [c.value for c in run["BM25"][1]] == ["질문ID", "순위", "문단ID", "점수", "본문"]
    for wb_ in (wb, run):
        for ws in wb_.worksheets:
            if ws.title != "매뉴얼":
                assert ws.max_row == 2  # header + one example row
    # the manual sheet: the seed table, grades 3 → 0, then θ and the principles
    manual = [[c.value for c in row] for row in wb["매뉴얼"].iter_rows()]
    assert manual[0] == ["등급", "이름", "정의", "예시 문단ID", "예시 본문"]
    assert manual[1][:3] == [
        3,
        "직접 근거",
        "질문에 직접 답하는 원문 문단이며 권·강연·페이지 출처가 명확함",
    ]
    assert [row[0] for row in manual[1:5]] == [3, 2, 1, 0]
    assert manual[5][:2] == ["θ", 1]
    assert manual[6][0] == "원칙"


def test_templates_read_back_without_problems(tmp_path):
    judgments, run = write_templates(tmp_path)
    js = load_judgments(judgments)
    assert js.problems == []
    assert js.judgments[S.GRADE].tolist() == [3]
    assert js.judgments[S.ROLE].tolist() == ["core"]
    assert js.questions[S.ANSWERABLE].tolist() == [True]
    assert js.passages[S.CHUNK].tolist() == [1]
    rs = load_run(run)
    assert rs.problems == []
    assert rs.systems == ["BM25"]
    assert js.manual == default_manual("ko")
    kinds = {s.name: s.detected_kind for s in inspect_file(judgments).sheets}
    assert kinds == {"평가": "judgments", "질문": "questions", "문단": "passages", "매뉴얼": "unknown"}


def test_templates_replace_old_files_atomically(tmp_path):
    write_templates(tmp_path)
    (tmp_path / RUN_TEMPLATE).write_bytes(b"old")
    write_templates(tmp_path)
    assert load_run(tmp_path / RUN_TEMPLATE).systems == ["BM25"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([JUDGMENTS_TEMPLATE, RUN_TEMPLATE])
