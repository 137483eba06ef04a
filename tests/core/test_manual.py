"""The evaluation manual: the seed table as the default, the 매뉴얼 sheet read and
written (judgments workbook, exported judgments), the project file, the grade
words it gives the chips, and the report."""

from __future__ import annotations

import openpyxl
import pytest

from workbench.core.export import judgments_task, report_request
from workbench.core.io import load_judgments, load_run
from workbench.core.io.project import load_project, save_project
from workbench.core.model import grades
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol.manual import (
    Example,
    GradeRule,
    Manual,
    default_manual,
    manual_from_dict,
    write_manual_sheet,
)
from workbench.core.report import build_report
from workbench.core.study import Study, study_from_project, study_to_project

SEED_TABLE = {
    3: "질문에 직접 답하는 원문 문단이며 권·강연·페이지 출처가 명확함",
    2: "답을 강하게 뒷받침하지만 일부 해석·연결이 더 필요함",
    1: "주제는 관련되나 질문의 직접 근거로는 부족함",
    0: "관련이 없거나 오해를 낳을 수 있음",
}


def _manual() -> Manual:
    return Manual(
        (
            GradeRule(0, "무관", "관련 없음", ()),
            GradeRule(1, "주제만", "주제만 같음", (Example(text="비슷한 말만 나오는 문단"),)),
            GradeRule(2, "뒷받침", "해석이 조금 필요", (Example("D2", "뒷받침 예시"),)),
            GradeRule(3, "직접", "=직접 답함", (Example("D1"), Example("D9"))),
        ),
        2,
        "등급 2 이상만 관련으로 본다.",
        ("두 사람이 따로 판정한다.", "이견은 기록한다."),
    )


def test_the_default_is_the_seed_table_with_its_rule_and_principles():
    m = default_manual("ko")
    assert {r.grade: r.definition for r in m.grades} == SEED_TABLE
    assert [r.label for r in m.grades] == [grades.LABELS["ko"][g] for g in grades.GRADES]
    assert m.threshold == 1
    assert m.threshold_rule.startswith("‘관련’은 단순 키워드 일치가 아니라")
    assert "등급 0~3의 정의와 실제 판정 예시를 평가 매뉴얼에 고정한다." in m.principles
    assert any("최소 2인의 평가자가 독립 판정" in p for p in m.principles)
    en = default_manual("en")
    assert (
        en.rule(3).label == "direct evidence"
        and "answers the question directly" in en.rule(3).definition
    )


def test_the_manual_sheet_of_a_judgments_workbook_reads_back_as_written(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "평가"
    ws.append(["질문ID", "문단ID", "등급"])
    ws.append(["q1", "D1", 3])
    write_manual_sheet(wb, _manual(), "ko")
    path = tmp_path / "판정.xlsx"
    wb.save(path)
    js = load_judgments(path)
    assert js.manual == _manual()
    assert len(js.judgments) == 1 and js.problems == []
    # the "=" definition stays text, and the sheet is never taken for judgments
    assert openpyxl.load_workbook(path)["매뉴얼"]["C2"].value == "=직접 답함"


def test_damaged_manual_rows_are_left_out_with_warnings_naming_row_and_column(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "평가"
    ws.append(["질문ID", "문단ID", "등급"])
    ws.append(["q1", "p1", 1])
    m = wb.create_sheet("매뉴얼")
    m.append(["등급", "이름", "정의", "예시 문단ID", "예시 본문"])
    m.append([3, "직접", "직접 답함", "p1", ""])
    m.append([4, "넘침", "없는 등급", "", ""])
    m.append(["θ", "높음", "관련 기준", "", ""])
    path = tmp_path / "판정.xlsx"
    wb.save(path)
    js = load_judgments(path)
    assert js.manual.rule(3).definition == "직접 답함"
    assert js.manual.rule(3).examples == (Example("p1"),)
    assert js.manual.threshold == 1
    by_code = {p.code: p for p in js.problems}
    assert by_code["manual_grade"].row == 3 and by_code["manual_grade"].column == "등급"
    assert by_code["manual_threshold"].row == 4 and by_code["manual_threshold"].column == "이름"
    assert "0, 1, 2" in by_code["manual_grade_missing"].message_en
    assert len(js.judgments) == 1  # the grades load all the same


def test_a_manual_sheet_with_the_wrong_columns_falls_back_to_the_seed_table(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "평가"
    ws.append(["질문ID", "문단ID", "등급"])
    ws.append(["q1", "p1", 1])
    wb.create_sheet("manual").append(["what", "else"])
    path = tmp_path / "판정.xlsx"
    wb.save(path)
    js = load_judgments(path)
    assert js.manual is None
    assert [p.code for p in js.problems] == ["manual_columns"]


@pytest.fixture
def study(tmp_path) -> Study:
    j = tmp_path / "judgments.csv"
    r = tmp_path / "runs.csv"
    j.write_text("질문ID,문단ID,등급,평가자\nq1,D1,3,A\nq1,D2,1,B\n", encoding="utf-8")
    r.write_text("질문ID,문단ID,순위\nq1,D1,1\nq1,D2,2\n", encoding="utf-8")
    st = Study(EvalSettings(ks=(1, 2)))
    st.set_judgments(load_judgments(j))
    st.add_runs(load_run(r))
    return st


def test_the_manual_edited_in_the_app_round_trips_through_the_project_file(study, tmp_path):
    study.apply(study.manual_edit(_manual()))
    saved = save_project(tmp_path / "m.wbproj", study_to_project(study))
    project = load_project(saved)
    loaded = [
        (src, load_judgments(src.path) if src.kind == "judgments" else load_run(src.path))
        for src in project.sources
    ]
    again = study_from_project(project, loaded)
    assert project.problems == []
    assert again.manual == _manual() == again.manual_in_force()


def test_a_damaged_manual_in_the_project_keeps_what_is_good():
    data = _manual().to_dict()
    data["grades"][1]["grade"] = "one"
    data["grades"][2]["examples"].append({"passage_id": 5})
    data["threshold"] = 9
    manual, problems = manual_from_dict(data, "manual", "p.wbproj")
    assert manual.rule(3) == _manual().rule(3)
    assert manual.rule(1).definition == ""  # left out, then filled in empty
    assert manual.rule(2).examples == _manual().rule(2).examples
    assert manual.threshold == 1
    fields = " ".join(p.message_en for p in problems)
    assert "manual.grades[1]" in fields and "manual.grades[2].examples[1]" in fields
    assert "manual.threshold" in fields
    assert manual_from_dict("nonsense")[0] is None


def test_the_manual_in_force_edit_undo_and_theta_warning(study):
    assert study.manual_in_force("ko") == default_manual("ko")
    assert study.manual_in_force("en") == default_manual("en")
    edit = study.manual_edit(_manual())
    study.apply(edit)
    assert study.manual_in_force("en") == _manual()
    warning = [w for w in study.warnings() if w.code == "manual_threshold_differs"]
    assert len(warning) == 1 and "θ = 1" in warning[0].message_en
    study.revert(edit)
    assert study.manual is None
    assert not [w for w in study.warnings() if w.code == "manual_threshold_differs"]


def test_the_exported_judgments_workbook_carries_the_manual_back(study, tmp_path):
    study.apply(study.manual_edit(_manual()))
    out = judgments_task(tmp_path / "내보낸.xlsx", study, lang="ko")
    back = load_judgments(out)
    assert back.manual == _manual()
    en = judgments_task(tmp_path / "exported.xlsx", study, lang="en")
    assert load_judgments(en).manual == _manual()
    assert "manual" in openpyxl.load_workbook(en).sheetnames


def test_chips_take_the_manuals_words_and_fall_back_to_the_defaults():
    m = _manual()
    assert grades.chip_text(3, "ko", m) == "3 직접"
    assert grades.definition(2, "ko", m) == "해석이 조금 필요"
    assert grades.label(1, "en", m) == "주제만"
    empty = Manual(tuple(GradeRule(g, "", "") for g in grades.GRADES))
    assert grades.chip_text(3, "en", empty) == "3 direct evidence"
    assert grades.definition(0, "en", empty) == grades.DEFINITIONS["en"][0]
    assert grades.chip_text(None, "ko", m) == "미평가"


def test_a_manual_keeping_the_apps_labels_shows_them_in_the_ui_language():
    """A Korean manual with the seed table's labels (a template's, the demo's) in
    the English UI: the chips say "3 direct evidence", not "3 직접 근거"; the
    team's own labels and definitions stay as typed."""
    korean = default_manual("ko")
    assert grades.chip_text(3, "en", korean) == "3 direct evidence"
    assert grades.label(0, "en", korean) == "not relevant"
    assert grades.chip_text(3, "ko", default_manual("en")) == "3 직접 근거"
    assert grades.definition(3, "en", korean) == korean.rule(3).definition
    own = korean.with_rule(GradeRule(2, "거의 답", "해석이 조금 필요"))
    assert grades.chip_text(2, "en", own) == "2 거의 답"
    assert grades.label(1, "en", own) == "on topic only"


def test_the_report_has_the_manual_sheet(study):
    study.apply(study.manual_edit(_manual()))
    results = study.evaluate()
    wb = build_report(results, report_request(study, lang="ko", results=results))
    ws = wb["평가 매뉴얼"]
    rows = [[c.value for c in r] for r in ws.iter_rows(values_only=False)]
    assert rows[0][:5] == ["등급", "이름", "정의", "예시 문단ID", "예시 본문"]
    assert rows[1][:4] == [3, "직접", "=직접 답함", "D1"]
    flat = [v for r in rows for v in r if v is not None]
    assert "등급 2 이상만 관련으로 본다." in flat and "이견은 기록한다." in flat
    assert ws["C2"].data_type == "s"  # text, not a formula
