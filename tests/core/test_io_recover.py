"""Grades typed another way are converted only when confirmed; rows are left out
only when chosen; the whole-file check says what a load would give."""

from __future__ import annotations

import openpyxl
import pandas as pd
import pytest

from workbench.core.io import (
    FailedGrade,
    FileErrors,
    GradeConversion,
    check_file,
    conversion_table,
    load_judgments,
    load_run,
    propose_grade_conversions,
    proposed_grade,
    rows_around,
)
from workbench.core.io.options import load
from workbench.core.io.project import ProjectSource, load_project, save_project
from workbench.core.model import schema as S
from workbench.core.model.schema import EvalSettings
from workbench.core.report import ReportRequest, build_report
from workbench.core.study import Study, read_options, study_from_project, study_to_project


@pytest.mark.parametrize(
    ("value", "grade"),
    [
        ("3점", 3),
        ("3 점", 3),
        ("2등급", 2),
        ("1급", 1),
        ("3.0", 3),
        ("2.00", 2),
        (" 2 ", 2),
        ("３", 3),  # full-width digit
        ("２점", 2),
        ("0", 0),
        ("\u30002\u3000", 2),  # ideographic spaces
        ("상", None),  # a word: the user defines it
        ("높음", None),
        ("2.5", None),
        ("4", None),  # off the 0–3 scale
        ("-1", None),
        ("", None),
        ("3점3", None),
        # the scale's own labels, as the app's tables and report show them
        ("3 직접 근거", 3),
        ("직접 근거", 3),
        ("직접근거", 3),
        (" 관련 없음 ", 0),
        ("2 강한 뒷받침", 2),
        ("1. 주제만 관련", 1),
        ("3 (직접 근거)", 3),
        ("Direct evidence", 3),
        ("0 NOT RELEVANT", 0),
        ("2 직접 근거", None),  # the number and the label disagree
        ("부분 관련", None),  # not a label of the scale
    ],
)
def test_the_grade_a_value_plainly_means(value, grade):
    assert proposed_grade(value) == grade


def test_proposals_one_per_distinct_value_and_none_for_words():
    failed = [
        FailedGrade("3점", "3점", "평가", 4, [57]),
        FailedGrade("상", "상", "평가", 2, [10, 11]),
        FailedGrade("3.0", "3.0", "평가", 1, [80]),
    ]
    assert propose_grade_conversions(failed) == [
        GradeConversion("3점", 3),
        GradeConversion("3.0", 3),
    ]
    assert propose_grade_conversions(["３", " ３ ", "중"]) == [GradeConversion("３", 3)]


def test_a_conversion_table_from_records_or_a_mapping_skips_blank_values():
    assert conversion_table([GradeConversion(" 3점 ", 3), GradeConversion(" ", 0)]) == {"3점": 3}
    assert conversion_table({"상": 3, "하": 1}) == {"상": 3, "하": 1}
    assert conversion_table(None) == {}


def _workbook(path, grades: list, title: bool = True):
    """A judgments sheet as typed by hand (a merged title, a blank row, headers
    with trailing spaces); ``grades[i]`` is the grade of data row i (Excel row i + 4)."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "평가"
    if title:
        sheet.append(["판정 결과"])
        sheet.merge_cells("A1:C1")
        sheet.append([])
    sheet.append(["질문ID ", "문단ID", "등급 "])
    for i, grade in enumerate(grades):
        sheet.append([f"Q{i // 3 + 1}", f"P{i}", grade])
    book.save(path)
    return path


FIRST = 4  # the first data row under a title row, a blank row and the header


def test_numbers_and_plain_digits_are_grades_anything_else_is_refused(tmp_path):
    grades = [3, 2.0, "1", "0", "3점", " 2 ", "3.0", "３", "상", True]
    path = _workbook(tmp_path / "j.xlsx", grades)
    with pytest.raises(FileErrors) as caught:
        load_judgments(path)
    refused = {f.value: f for f in caught.value.failed_grades}
    assert set(refused) == {"3점", "2", "3.0", "３", "상", "TRUE"}
    assert refused["2"].shown == " 2 "  # shown as written, matched trimmed
    assert refused["3점"].rows == [FIRST + 4] and refused["3점"].count == 1
    assert caught.value.error_rows == {"평가": [FIRST + r for r in range(4, 10)]}
    messages = [p.message_en for p in caught.value.errors]
    assert any("'3점'" in m and "It looks like 3" in m for m in messages)
    assert not any("'상'" in m and "looks like" in m for m in messages)


def test_confirmed_conversions_are_read_and_each_is_a_warning_naming_its_rows(tmp_path):
    grades = [3, "3점", 1, "3점", "상", 0] + ["3점"] * 12
    path = _workbook(tmp_path / "j.xlsx", grades)
    js = load_judgments(path, conversions={"3점": 3, "상": 2})
    got = js.judgments.set_index(S.ROW)[S.GRADE]
    assert got[FIRST + 1] == 3 and got[FIRST + 3] == 3 and got[FIRST + 4] == 2
    assert got[FIRST] == 3 and got[FIRST + 2] == 1 and got[FIRST + 5] == 0
    converted = [p for p in js.problems if p.code == "grade_converted"]
    assert len(converted) == 2
    unit = next(p for p in converted if "'3점'" in p.message_en)
    assert unit.row == FIRST + 1 and unit.column == "등급"
    assert "in 14 row(s)" in unit.message_en
    # the first ten rows, then an ellipsis
    assert "5, 7, 10, 11, 12, 13, 14, 15, 16, 17 …" in unit.message_en
    word = next(p for p in converted if "'상'" in p.message_en)
    assert "'상'을 확인하신 대로 2로 읽었습니다" in word.message_ko


def test_every_refused_value_is_counted_beyond_the_listed_errors(tmp_path):
    grades = ["3점"] * 450 + ["하"]
    path = _workbook(tmp_path / "j.xlsx", grades, title=False)
    with pytest.raises(FileErrors) as caught:
        load_judgments(path)
    refused = {f.value: f for f in caught.value.failed_grades}
    assert refused["3점"].count == 450 and refused["하"].count == 1
    assert len(caught.value.errors) <= 201  # the list is capped; the count is not
    js = load_judgments(path, conversions={"3점": 3, "하": 1})
    assert js.judgments[S.GRADE].tolist() == [3] * 450 + [1]


def test_rows_left_out_by_choice_are_gone_and_listed(tmp_path):
    path = _workbook(tmp_path / "j.xlsx", [3, "??", 2, "", 1])
    with pytest.raises(FileErrors) as caught:
        load_judgments(path)
    assert caught.value.error_rows == {"평가": [FIRST + 1, FIRST + 3]}
    js = load_judgments(path, skip_rows=caught.value.error_rows)
    assert js.judgments[S.ROW].tolist() == [FIRST, FIRST + 2, FIRST + 4]
    (left_out,) = [p for p in js.problems if p.code == "rows_left_out"]
    assert left_out.sheet == "평가" and left_out.row == FIRST + 1
    assert "2 row(s) were left out" in left_out.message_en and "5, 7" in left_out.message_en
    # a row named that holds nothing wrong is left out all the same (it was chosen)
    js = load_judgments(path, skip_rows={"평가": [FIRST, FIRST + 1, FIRST + 3]})
    assert js.judgments[S.ROW].tolist() == [FIRST + 2, FIRST + 4]


def test_csv_rows_left_out_and_text_digits_taken_as_they_are(tmp_path):
    path = tmp_path / "판정.csv"
    path.write_text("질문ID,문단ID,등급\nQ1,P1,3\nQ1,P2,2점\nQ2,P3,x\nQ2,P4,0\n", encoding="utf-8")
    with pytest.raises(FileErrors) as caught:
        load_judgments(path)
    assert caught.value.error_rows == {"": [3, 4]}
    js = load_judgments(path, conversions={"2점": 2}, skip_rows={"": [4]})
    assert js.judgments[S.GRADE].tolist() == [3, 2, 0]
    assert not [
        p
        for p in load_judgments(path, skip_rows={"": [3, 4]}).problems
        if p.code not in ("rows_left_out",)
    ]


def test_a_run_row_with_a_bad_rank_can_be_left_out(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("질문ID,순위,문단ID\nQ1,1,P1\nQ1,2.5,P2\nQ1,3,P3\n", encoding="utf-8")
    with pytest.raises(FileErrors) as caught:
        load_run(path)
    assert caught.value.error_rows == {"": [3]}
    rs = load_run(path, skip_rows={"": [3]})
    assert rs.runs[S.PID].tolist() == ["P1", "P3"]
    codes = [p.code for p in rs.problems]
    assert "rows_left_out" in codes and "rank_gap" in codes


# -- the whole-file check -------------------------------------------------------------
def test_check_file_reports_every_row_and_what_can_be_recovered(tmp_path):
    grades = [3] * 60 + ["3점"] + [1] * 182  # 243 rows, the unit on Excel row 64
    path = _workbook(tmp_path / "j.xlsx", grades)
    check = check_file(path, "judgments")
    assert not check.ok and check.result is None
    assert [p.row for p in check.errors] == [FIRST + 60]
    assert check.proposals == [GradeConversion("3점", 3)]
    assert check.error_rows == {"평가": [FIRST + 60]} and check.n_error_rows == 1
    fixed = check_file(path, "judgments", conversions={"3점": 3})
    assert fixed.ok and len(fixed.result.judgments) == 243
    assert [p.code for p in fixed.warnings] == ["grade_converted"]


def test_check_file_compares_a_run_with_the_judgments(tmp_path):
    path = tmp_path / "runs.csv"
    lines = ["질문ID,순위,문단ID,시스템"]
    lines += [f"Q1,{r},P{r},A" for r in (1, 2, 3)]
    lines += [f"Q9,{r},P{r},A" for r in (1, 2)]  # Q9 is not in the judgments (rows 5, 6)
    lines += ["Q2,1,P1,B", "Q2,3,P3,B"]  # B misses Q1; a rank gap
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    qrels = pd.DataFrame({S.QID: ["Q1", "Q2", "Q3"], S.PID: ["P1", "P1", "P9"], S.GRADE: [2, 1, 0]})
    check = check_file(path, "runs", qrels=qrels, threshold=1)
    assert check.ok
    by_code: dict[str, list] = {}
    for p in check.warnings:
        by_code.setdefault(p.code, []).append(p)
    (gap,) = by_code["rank_gap"]
    assert gap.row == 7  # the first row of that ranking
    missing = {p.message_en.split("'")[1]: p for p in by_code["missing_questions"]}
    assert set(missing) == {"A", "B"}  # A misses Q2, B misses Q1 (Q3 has no relevant evidence)
    assert "Q2" in missing["A"].message_en and "Q1" in missing["B"].message_en
    (extra,) = by_code["run_only_questions"]
    assert "Q9" in extra.message_en and extra.row == 5
    # the question is answered on the threshold in force
    strict = check_file(path, "runs", qrels=qrels, threshold=2)
    assert {
        p.message_en.split("'")[1] for p in strict.warnings if p.code == "missing_questions"
    } == {"B"}


def test_run_coverage_on_codes_equals_the_plain_pandas_reading():
    """The coverage warnings, computed on codes, name the same questions in the same
    order (first appearance) with the same first rows as a plain pandas reading,
    also when a system's rows are not in row order (two sheets, rows restarting)."""
    import numpy as np

    from workbench.core.io.check import run_coverage_problems
    from workbench.core.model.schema import RunSet

    rng = np.random.default_rng(5)
    n = 400
    runs = pd.DataFrame(
        {
            S.SYSTEM: pd.Categorical(rng.choice(["A", "B", "C"], n)),
            S.QID: pd.Categorical([f"Q{q}" for q in rng.integers(0, 40, n)]),
            S.PID: pd.Categorical([f"P{p}" for p in rng.integers(0, 50, n)]),
            S.RANK: rng.integers(1, 20, n).astype(float),
            S.SCORE: rng.random(n),
            S.ROW: rng.permutation(n) % 150 + 2,
        }
    )
    qrels = pd.DataFrame(
        {
            S.QID: [f"Q{q}" for q in range(0, 60, 2)],
            S.PID: ["P1"] * 30,
            S.GRADE: rng.integers(0, 4, 30),
        }
    )
    run_set = RunSet(runs, [])
    got = run_coverage_problems(run_set, qrels, threshold=2)

    judged = set(qrels[S.QID])
    answerable = set(qrels.loc[qrels[S.GRADE] >= 2, S.QID])
    expected = []
    for system in run_set.systems:
        mine = runs[runs[S.SYSTEM] == system]
        first_row = mine.groupby(mine[S.QID].astype(str), sort=False, observed=True)[S.ROW].min()
        missing = sorted(answerable - set(first_row.index))
        extra = [q for q in first_row.index if q not in judged]
        if missing:
            expected.append(("missing_questions", system, None))
        if extra:
            expected.append(("run_only_questions", system, int(min(first_row[extra]))))
        if extra:  # the questions named in the order they first appear
            shown = f"evaluated: {', '.join(extra[:10])}"
            assert any(shown in p.message_en for p in got if p.code == "run_only_questions")
    assert [(p.code, p.message_en.split("'")[1], p.row) for p in got] == expected


def test_check_file_of_the_wrong_kind_is_a_result_not_an_exception(tmp_path):
    path = tmp_path / "run.trec"
    path.write_text("Q1 Q0 P1 1 2.5 bm25\nQ1 Q0 P2 2 1.5 bm25\n", encoding="utf-8")
    check = check_file(path, "judgments")
    assert not check.ok and check.errors[0].code == "run_not_judgments"
    gone = check_file(tmp_path / "missing.xlsx", "judgments")
    assert not gone.ok and [p.code for p in gone.errors] == ["file_not_found"]


def test_rows_around_reads_a_row_far_below_the_first_ones(tmp_path):
    path = _workbook(tmp_path / "j.xlsx", list(range(4)) * 100)
    view = rows_around(path, "평가", 300)
    assert 300 in view.row_numbers and len(view.rows) == 50
    assert view.rows[view.row_numbers.index(300)][1] == f"P{300 - FIRST}"
    assert view.excel_row(0) == view.row_numbers[0]
    last = rows_around(path, "평가", 10_000)
    assert last.row_numbers[-1] == FIRST + 399


# -- the choices travel with the file ------------------------------------------------------
def test_conversions_and_rows_left_out_are_kept_in_the_project(tmp_path):
    path = _workbook(tmp_path / "j.xlsx", [3, "3점", "??", 1])
    options = read_options(
        {"mappings": {}, "sheets": None, "conversions": {"3점": 3}, "skip_rows": {"평가": [6]}}
    )
    js = load("judgments", path, options)
    study = Study()
    study.set_judgments(js, options)
    target = save_project(tmp_path / "p.wbproj", study_to_project(study))
    project = load_project(target)
    (source,) = project.sources
    assert source.conversions == {"3점": 3} and source.skip_rows == {"평가": [6]}
    again = study_from_project(project, [(source, js)])
    assert dict(again.judgment_options.conversions) == {"3점": 3}
    assert again.judgment_options.to_dict()["skip_rows"] == {"평가": [6]}


def test_damaged_conversions_in_a_project_are_left_out_with_a_warning(tmp_path):
    import json

    target = save_project(
        tmp_path / "p.wbproj",
        study_to_project(Study()),
    )
    data = json.loads(target.read_text(encoding="utf-8"))
    source = ProjectSource("judgments", str(tmp_path / "j.xlsx"))
    data["sources"] = [
        {
            "kind": "judgments",
            "path": "j.xlsx",
            "absolute": source.path,
            "conversions": {"3점": 7},
            "skip_rows": {"평가": [0, "x"]},
        }
    ]
    target.write_text(json.dumps(data), encoding="utf-8")
    project = load_project(target)
    assert project.sources[0].conversions == {} and project.sources[0].skip_rows == {}
    damaged = " ".join(p.message_en for p in project.problems)
    assert "conversions" in damaged and "skip_rows" in damaged


def test_the_report_settings_sheet_lists_conversions_and_rows_left_out(tmp_path):
    from workbench.core.study import study_from_files

    path = _workbook(tmp_path / "j.xlsx", [3, "3점", "??", 1, 2, 0])
    js = load_judgments(path, conversions={"3점": 3}, skip_rows={"평가": [FIRST + 2]})
    run = tmp_path / "run.csv"
    run.write_text(
        "질문ID,순위,문단ID\n"
        + "".join(f"Q{q},{r},P{p}\n" for q, r, p in ((1, 1, 0), (1, 2, 1), (2, 1, 3), (2, 2, 4))),
        encoding="utf-8",
    )
    study = study_from_files(js, [load_run(run)], EvalSettings(ks=(1, 2)))
    results = study.evaluate()
    wb = build_report(results, ReportRequest(lang="en", sources=tuple(study.sources())))
    ws = wb["Settings"]
    cells = [[c.value for c in row] for row in ws.iter_rows()]
    title = next(
        i
        for i, row in enumerate(cells)
        if row[0] == "Values read as you confirmed, and rows left out"
    )
    listed = [row for row in cells[title + 2 :] if row[0]]
    assert [(row[0], row[1], row[2]) for row in listed] == [
        ("j.xlsx", "평가", FIRST + 2),
        ("j.xlsx", "평가", FIRST + 1),
    ]
    assert "left out" in listed[0][3] and "'3점' was read as 3" in listed[1][3]


def test_a_grade_that_looks_like_one_points_to_the_preview_not_to_the_command_line(tmp_path):
    from workbench.core.io import load_judgments
    from workbench.core.model.problems import InputError

    path = tmp_path / "qrels.csv"
    path.write_text("qid,docid,grade\nq1,A,3점\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_judgments(path)
    (bad,) = [p for p in info.value.problems if p.code == "grade_invalid"]
    # the message is the app's too: what to do there, no option of the command line
    assert "미리보기에서 변환을 확인하세요" in bad.message_ko
    assert "check the conversion in the import preview" in bad.message_en
    for text in (bad.message_ko, bad.message_en):
        assert "--" not in text and "명령줄" not in text and "command line" not in text
