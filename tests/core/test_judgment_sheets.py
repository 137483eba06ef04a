"""A judgments workbook with several sheets of judgments (one per assessor, or
batches with an assessor column) is read whole."""

from __future__ import annotations

import openpyxl
import pytest

from workbench.core.io import load_judgments
from workbench.core.io.common import FileErrors
from workbench.core.model import schema as S
from workbench.core.model.problems import count_levels


def _book(path, sheets: dict[str, list[list]]):
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


HEAD = ["질문ID", "문단ID", "등급"]


def test_each_sheet_without_an_assessor_column_is_its_assessor(tmp_path):
    path = _book(
        tmp_path / "평가.xlsx",
        {
            "김평가": [HEAD, ["Q1", "D1", 3], ["Q1", "D2", 1]],
            "이평가": [HEAD, ["Q1", "D1", 2], ["Q1", "D2", 1]],
            "질문": [["질문ID", "질문"], ["Q1", "무엇인가?"]],
        },
    )
    js = load_judgments(path)
    got = js.judgments.sort_values([S.ASSESSOR, S.PID])[[S.ASSESSOR, S.PID, S.GRADE]]
    assert got.values.tolist() == [
        ["김평가", "D1", 3], ["김평가", "D2", 1], ["이평가", "D1", 2], ["이평가", "D2", 1],
    ]  # fmt: skip
    assert js.questions[S.QID].tolist() == ["Q1"]
    (told,) = [p for p in js.problems if p.code == "several_judgment_sheets"]
    assert "'김평가' (김평가); '이평가' (이평가)" in told.message_en
    assert "시트 2개를 모두 읽었습니다" in told.message_ko
    # a normal event: told as info, never counted as a warning
    assert told.is_info and not told.is_warning
    assert count_levels(js.problems) == (0, 0, 1)
    assert js.sources[0].sheet == "김평가, 이평가"


def test_batches_with_an_assessor_column_keep_their_names_and_meet_in_one_frame(tmp_path):
    head = [*HEAD, "평가자"]
    path = _book(
        tmp_path / "평가.xlsx",
        {
            "1-20번": [head, ["Q1", "D1", 3, "A"], ["Q1", "D1", 2, "B"]],
            "21-40번": [head, ["Q21", "D9", 0, "A"], ["Q21", "D9", 0, "B"]],
        },
    )
    js = load_judgments(path)
    assert sorted(set(js.judgments[S.ASSESSOR])) == ["A", "B"]
    assert len(js.judgments) == 4


def test_the_same_assessor_grading_an_item_twice_across_sheets(tmp_path):
    head = [*HEAD, "평가자"]
    same = {
        "평가": [head, ["Q1", "D1", 3, "A"]],
        "평가 사본": [head, ["Q1", "D1", 3, "A"]],
    }
    js = load_judgments(_book(tmp_path / "same.xlsx", same))
    assert len(js.judgments) == 1
    (dup,) = [p for p in js.problems if p.code == "duplicate_judgment"]
    assert "sheet '평가' 2, sheet '평가 사본' 2" in dup.message_en

    differ = {"평가": [head, ["Q1", "D1", 3, "A"]], "평가 사본": [head, ["Q1", "D1", 1, "A"]]}
    with pytest.raises(FileErrors) as caught:
        load_judgments(_book(tmp_path / "differ.xlsx", differ))
    (conflict,) = [p for p in caught.value.problems if p.code == "duplicate_conflict"]
    assert conflict.sheet == "평가 사본" and conflict.row == 2


def test_the_sheets_chosen_are_the_sheets_read(tmp_path):
    path = _book(
        tmp_path / "평가.xlsx",
        {"김평가": [HEAD, ["Q1", "D1", 3]], "이평가": [HEAD, ["Q1", "D1", 2]]},
    )
    one = load_judgments(path, sheets={"judgments": "이평가"})
    assert one.judgments[S.GRADE].tolist() == [2]
    assert "several_judgment_sheets" not in [p.code for p in one.problems]
    both = load_judgments(path, sheets={"judgments": ["이평가", "김평가"]})
    assert sorted(both.judgments[S.ASSESSOR]) == ["김평가", "이평가"]


def test_a_resolutions_sheet_is_not_read_as_one_more_assessor(tmp_path):
    path = _book(
        tmp_path / "평가.xlsx",
        {
            "평가": [[*HEAD, "평가자"], ["Q1", "D1", 3, "A"], ["Q1", "D1", 1, "B"]],
            "조정": [[*HEAD, "결정한 사람", "이유"], ["Q1", "D1", 2, "C", "논의"]],
        },
    )
    js = load_judgments(path)
    assert sorted(set(js.judgments[S.ASSESSOR])) == ["A", "B"]
    assert "several_judgment_sheets" not in [p.code for p in js.problems]


@pytest.mark.parametrize("header", ["점수", "점수(0-3)", "score"])
def test_a_lone_score_column_of_judgments_is_the_grade(tmp_path, header):
    """Question id, passage id and 점수 look like a run's columns, but a file read
    as judgments calls its grades 점수 (the CSV's file name says nothing)."""
    path = tmp_path / "결과물.csv"
    path.write_text(f"질문ID,문단ID,{header}\nQ1,D1,3\nQ1,D2,0\n", encoding="utf-8")
    js = load_judgments(path)
    assert js.judgments[[S.PID, S.GRADE]].values.tolist() == [["D1", 3], ["D2", 0]]


def test_a_run_chosen_as_judgments_keeps_its_score(tmp_path):
    path = tmp_path / "run.csv"
    path.write_text("질문ID,순위,문단ID,점수\nQ1,1,D1,0.9\n", encoding="utf-8")
    with pytest.raises(FileErrors) as caught:
        load_judgments(path)
    assert [p.code for p in caught.value.problems] == ["missing_grade"]


def test_the_sheets_read_are_kept_in_the_project_and_read_again(tmp_path):
    from workbench.core.io.project import load_project, save_project
    from workbench.core.study import Study, read_options, study_from_project, study_to_project

    path = _book(
        tmp_path / "평가.xlsx",
        {"김평가": [HEAD, ["Q1", "D1", 3]], "이평가": [HEAD, ["Q1", "D1", 2]]},
    )
    options = read_options({"mappings": {}, "sheets": {"judgments": ["김평가", "이평가"]}})
    js = load_judgments(path, sheets=options.sheets)
    study = Study()
    study.set_judgments(js, options)
    project = load_project(save_project(tmp_path / "p.wbproj", study_to_project(study)))
    assert not project.problems
    (source,) = project.sources
    assert source.sheets == {"judgments": ["김평가", "이평가"]}
    again = load_judgments(path, sheets=source.sheets)
    study = study_from_project(project, [(source, again)])
    assert sorted(set(study.judgment_set.judgments[S.ASSESSOR])) == ["김평가", "이평가"]
