"""Hand resolutions written by the export (sheet 조정/resolutions) are read back
and used by the study; the dissent sheet (이견/dissent) is ignored."""

from __future__ import annotations

import openpyxl
import pandas as pd
import pytest

from workbench.core.export import write_judgments_workbook
from workbench.core.io import load_judgments, load_run
from workbench.core.measures.agreement import dissent_record, resolve_grades
from workbench.core.model import schema as S
from workbench.core.model.problems import InputError
from workbench.core.model.schema import EvalSettings, JudgmentSet
from workbench.core.study import Study, study_from_files


def _judgments() -> pd.DataFrame:
    return pd.DataFrame(
        {
            S.QID: ["q1", "q1", "q1", "q1", "q2", "q2"],
            S.PID: ["p1", "p1", "p2", "p2", "p3", "p3"],
            S.GRADE: [0, 2, 1, 1, 0, 0],
            S.ASSESSOR: ["A", "B", "A", "B", "A", "B"],
            S.ROLE: [""] * 6,
            S.GROUP: [""] * 6,
            S.NOTE: [""] * 6,
            S.ROW: [2, 3, 4, 5, 6, 7],
        }
    )


def _resolutions() -> pd.DataFrame:
    # q1/p1: A says 0, B says 2 → the median rule gives 0; resolved by hand to 3
    return pd.DataFrame(
        {
            S.QID: ["q1", "q2"],
            S.PID: ["p1", "p3"],
            S.GRADE: [3, 2],
            "by": ["검토자", "reviewer"],
            "reason": ["핵심 근거가 분명함", ""],
            "time": ["2025-01-02 10:00", "2025-01-03 09:30"],
        }
    )


def _write(tmp_path, lang: str):
    j = _judgments()
    res = _resolutions()
    overrides = res.rename(columns={"by": "resolved_by_name"})
    dissent = dissent_record(j, resolve_grades(j, "median", overrides=overrides))
    path = tmp_path / f"judgments_{lang}.xlsx"
    write_judgments_workbook(path, j, resolutions=res, dissent=dissent, lang=lang)
    return path


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_resolutions_sheet_is_read_back_and_dissent_ignored(tmp_path, lang):
    path = _write(tmp_path, lang)
    names = {"ko": {"조정", "이견"}, "en": {"resolutions", "dissent"}}[lang]
    assert names <= set(openpyxl.load_workbook(path).sheetnames)
    js = load_judgments(path)
    assert js.problems == []  # neither extra sheet causes a warning
    assert len(js.judgments) == 6
    assert js.sources[0].sheet == ("평가" if lang == "ko" else "judgments")
    res = js.resolutions
    assert list(res.columns) == S.RESOLUTION_COLUMNS
    assert res[S.GRADE].dtype.kind == "i"
    expected = _resolutions()
    assert res[S.QID].tolist() == expected[S.QID].tolist()
    assert res[S.PID].tolist() == expected[S.PID].tolist()
    assert res[S.GRADE].tolist() == [3, 2]
    assert res["by"].tolist() == expected["by"].tolist()
    assert res["reason"].tolist() == expected["reason"].tolist()
    assert res["time"].tolist() == expected["time"].tolist()


def test_without_a_resolutions_sheet_the_field_is_none(tmp_path):
    path = tmp_path / "plain.xlsx"
    write_judgments_workbook(path, _judgments())
    assert load_judgments(path).resolutions is None


def _run(tmp_path):
    path = tmp_path / "run.csv"
    path.write_text(
        "질문ID,문단ID,순위\nq1,p1,1\nq1,p2,2\nq2,p3,1\n",
        encoding="utf-8",
    )
    return load_run(path)


def test_the_study_uses_the_resolved_grade_from_the_file(tmp_path):
    js = load_judgments(_write(tmp_path, "ko"))
    results = study_from_files(js, [_run(tmp_path)], EvalSettings(ks=(1,))).evaluate()
    qrels = results.qrels.set_index([S.QID, S.PID])[S.GRADE]
    assert qrels.loc[("q1", "p1")] == 3  # not the median 0
    assert qrels.loc[("q2", "p3")] == 2  # q2 was unanswerable without the resolution
    per_q = results.per_question.set_index(S.QID)
    assert per_q.loc["q1", "P@1"] == 1.0
    assert per_q.loc["q2", "P@1"] == 1.0
    # the same judgments without the sheet: the median rule, q2 unanswerable
    without = JudgmentSet(js.judgments, js.questions, js.passages, js.sources, [])
    plain = study_from_files(without, [_run(tmp_path)], EvalSettings(ks=(1,))).evaluate()
    assert plain.per_question.set_index(S.QID).loc["q1", "P@1"] == 0.0
    assert "q2" in plain.unanswerable


def test_app_resolutions_win_over_the_files(tmp_path):
    js = load_judgments(_write(tmp_path, "ko"))
    study: Study = study_from_files(js, [_run(tmp_path)], EvalSettings(ks=(1,)))
    study.apply(study.resolution_edit("q1", "p1", 0, by="나"))
    results = study.evaluate()
    qrels = results.qrels.set_index([S.QID, S.PID])[S.GRADE]
    assert qrels.loc[("q1", "p1")] == 0  # the app's, last
    assert qrels.loc[("q2", "p3")] == 2  # the file's, untouched
    in_force = study.resolutions_in_force()
    assert in_force["by"].tolist() == ["reviewer", "나"]
    assert in_force["origin"].tolist() == ["file", "app"]


def test_a_bad_grade_in_the_resolutions_sheet_is_an_error(tmp_path):
    path = _write(tmp_path, "ko")
    wb = openpyxl.load_workbook(path)
    wb["조정"]["C3"] = "많음"  # the second resolution's grade
    wb.save(path)
    with pytest.raises(InputError) as info:
        load_judgments(path)
    problems = [p for p in info.value.problems if p.code == "grade_invalid"]
    assert [(p.sheet, p.row) for p in problems] == [("조정", 3)]
