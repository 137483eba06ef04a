"""The study: one owner of the judgments in force, the resolutions in force,
the grades used, the system names and the user's edits."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from workbench.core.export import judgments_task, write_judgments_workbook
from workbench.core.io import load_judgments, load_run
from workbench.core.measures.agreement import (
    POLICIES,
    agreement_data,
    dissent_record,
    resolve_grades,
)
from workbench.core.model import schema as S
from workbench.core.model.schema import EvalSettings, JudgmentSet, RunSet, SourceFile
from workbench.core.study import (
    FROM_APP,
    FROM_FILE,
    GradeEdit,
    NoteEdit,
    QuestionNote,
    RenameRefused,
    Study,
    SystemRef,
    study_from_files,
)


def _judgments() -> pd.DataFrame:
    # q1/p1: A 0, B 2 (median 0); q1/p2: A 1, B 1; q2/p3: A 0, B 0; q3/p4: A 3 only
    return pd.DataFrame(
        {
            S.QID: ["q1", "q1", "q1", "q1", "q2", "q2", "q3"],
            S.PID: ["p1", "p1", "p2", "p2", "p3", "p3", "p4"],
            S.GRADE: [0, 2, 1, 1, 0, 0, 3],
            S.ASSESSOR: ["A", "B", "A", "B", "A", "B", "A"],
            S.ROLE: [""] * 7,
            S.GROUP: [""] * 7,
            S.NOTE: ["", "", "", "", "", "보류", ""],
            S.ROW: [2, 3, 4, 5, 6, 7, 8],
        }
    )


def _file_resolutions() -> pd.DataFrame:
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


@pytest.fixture()
def judgments_file(tmp_path):
    """A workbook the app wrote: 평가 with two assessors, 조정 and 이견."""
    j = _judgments()
    res = _file_resolutions()
    dissent = dissent_record(
        j, resolve_grades(j, "median", overrides=res.rename(columns={"by": "resolved_by_name"}))
    )
    path = tmp_path / "평가 파일.xlsx"
    write_judgments_workbook(path, j, resolutions=res, dissent=dissent, lang="ko")
    return path


def _runs(name: str = "BM25", path: str = "run.csv", rows=None) -> RunSet:
    rows = rows or [("q1", "p1", 1), ("q1", "p2", 2), ("q2", "p3", 1), ("q3", "p9", 1)]
    frame = pd.DataFrame(
        {
            S.SYSTEM: [name] * len(rows),
            S.QID: [r[0] for r in rows],
            S.PID: [r[1] for r in rows],
            S.RANK: [float(r[2]) for r in rows],
            S.SCORE: [float("nan")] * len(rows),
            S.TEXT: [""] * len(rows),
            S.ROW: list(range(2, 2 + len(rows))),
        }
    )
    return RunSet(frame, [SourceFile(path, "", None)], [])


def _study(judgments_file) -> Study:
    return study_from_files(load_judgments(judgments_file), [_runs()], EvalSettings(ks=(1, 2)))


# -- judgments and resolutions in force --------------------------------------------------
def test_a_grade_given_in_the_app_replaces_the_same_assessors_grade(judgments_file):
    study = _study(judgments_file)
    study.apply(study.grade_edit("q1", "p1", 2, assessor="A", time="t1"))
    study.apply(study.grade_edit("q3", "p9", 1, assessor="C", time="t2"))
    force = study.judgments_in_force()
    a_q1p1 = force[(force[S.QID] == "q1") & (force[S.PID] == "p1") & (force[S.ASSESSOR] == "A")]
    assert a_q1p1[S.GRADE].tolist() == [2]
    assert len(force) == len(_judgments()) + 1  # one replaced, one new
    assert study.assessors == ["A", "B", "C"]


def test_resolutions_in_force_are_the_files_then_the_apps(judgments_file):
    study = _study(judgments_file)
    res = study.resolutions_in_force()
    assert res[[S.QID, S.PID, S.GRADE, "origin"]].values.tolist() == [
        ["q1", "p1", 3, FROM_FILE],
        ["q2", "p3", 2, FROM_FILE],
    ]
    study.apply(study.resolution_edit("q2", "p3", 1, by="나", reason="재검토", time="t"))
    res = study.resolutions_in_force()
    q2 = res[res[S.QID] == "q2"].iloc[0]
    assert (q2[S.GRADE], q2["by"], q2["reason"], q2["origin"]) == (1, "나", "재검토", FROM_APP)
    assert len(res) == 2


def test_taking_back_the_files_resolution_returns_the_item_to_the_policy(judgments_file):
    study = _study(judgments_file)
    edit = study.resolution_edit("q1", "p1", None)
    study.apply(edit)
    assert study.resolution_of("q1", "p1") is None
    assert study.grades_used()[("q1", "p1")] == 0  # the median of 0 and 2
    study.revert(edit)
    assert study.resolution_of("q1", "p1")["grade"] == 3
    assert study.grades_used()[("q1", "p1")] == 3


def test_the_scores_use_the_grade_in_force(judgments_file):
    study = _study(judgments_file)
    results = study.evaluate()
    assert results.per_question.set_index(S.QID).loc["q1", "P@1"] == 1.0  # resolved to 3
    study.apply(study.resolution_edit("q1", "p1", 0))
    results = study.evaluate()
    assert results.per_question.set_index(S.QID).loc["q1", "P@1"] == 0.0


# -- the Agreement page's grade used ----------------------------------------------------
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("hand", ["none", "file", "file_and_app"])
def test_agreement_grade_used_is_the_grade_the_scores_use(judgments_file, policy, hand):
    js = load_judgments(judgments_file)
    if hand == "none":
        js = JudgmentSet(js.judgments, js.questions, js.passages, js.sources, [])
    study = study_from_files(js, [_runs()], EvalSettings(resolution=policy, adjudicator="B"))
    if hand == "file_and_app":
        study.apply(study.resolution_edit("q1", "p2", 0, by="나"))
        study.apply(study.resolution_edit("q2", "p3", None))  # the file's taken back
        study.apply(study.grade_edit("q3", "p4", 1, assessor="B"))
    data = agreement_data(
        study.judgments_in_force(),
        study.resolutions_in_force(),
        study.settings.resolution,
        study.settings.adjudicator,
    )
    used = study.grades_used()
    evaluated = study.evaluate().qrels
    scored = dict(zip(zip(evaluated[S.QID], evaluated[S.PID]), evaluated[S.GRADE]))
    assert used == scored
    for item, grade in used.items():
        assert data.grade_used(item) == grade, item
    # after one more resolution the page's data follows without a recompute
    study.apply(study.resolution_edit("q1", "p1", 1))
    data = data.with_resolutions(study.resolutions_in_force())
    assert data.grade_used(("q1", "p1")) == study.grades_used()[("q1", "p1")] == 1


# -- the round trip through the exported workbook ----------------------------------------
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_exported_judgments_read_back_to_the_same_grades_and_resolutions(
    judgments_file, tmp_path, lang
):
    study = _study(judgments_file)
    study.apply(study.grade_edit("q3", "p9", 2, assessor="앱 평가자", time="2026-12-01T10:00"))
    study.apply(study.resolution_edit("q1", "p2", 0, by="나", reason="문맥 없음", time="t9"))
    out = judgments_task(tmp_path / f"내보낸 평가_{lang}.xlsx", study, lang=lang)
    again = study_from_files(load_judgments(out), [_runs()], study.settings)

    def grades(st: Study) -> list:
        f = st.judgments_in_force()
        return sorted(
            zip(f[S.QID], f[S.PID], f[S.ASSESSOR], f[S.GRADE].astype(int), f[S.NOTE].fillna(""))
        )

    def resolutions(st: Study) -> list:
        r = st.resolutions_in_force()
        return sorted(zip(r[S.QID], r[S.PID], r[S.GRADE], r["by"], r["reason"], r["time"]))

    assert grades(again) == grades(study)
    assert resolutions(again) == resolutions(study)
    assert len(resolutions(study)) == 3  # two from the file, one from the app
    assert again.grades_used() == study.grades_used()
    cols = [S.QID, S.PID, "grade:A", "grade:B", "resolved_grade", "resolved_by"]
    before = dissent_record(study.judgments_in_force(), study.qrels())[cols]
    after = dissent_record(again.judgments_in_force(), again.qrels())[cols]
    pd.testing.assert_frame_equal(
        before.sort_values([S.QID, S.PID]).reset_index(drop=True),
        after.sort_values([S.QID, S.PID]).reset_index(drop=True),
    )


# -- systems -----------------------------------------------------------------------------
def test_two_systems_named_alike_are_kept_apart_with_a_warning(judgments_file):
    study = study_from_files(
        load_judgments(judgments_file), [_runs(path="a.csv"), _runs(path="b.csv")]
    )
    assert study.systems == ["BM25", "BM25 (2)"]
    renamed = [p for p in study.warnings() if p.code == "system.renamed"]
    assert len(renamed) == 1 and renamed[0].file == "b.csv"
    assert "'BM25 (2)'로 부릅니다" in renamed[0].message_ko
    runs = study.runs()
    assert sorted(runs[S.SYSTEM].unique()) == ["BM25", "BM25 (2)"]
    results = study.evaluate()
    assert results.systems == ["BM25", "BM25 (2)"]
    assert any(p.code == "system.renamed" for p in results.warnings)
    # the clash gone, the name is the file's again and the warning with it
    assert study.remove_system("BM25")
    assert study.systems == ["BM25"]
    assert not [p for p in study.warnings() if p.code == "system.renamed"]


def test_renaming_a_system_is_an_edit_that_can_be_taken_back(judgments_file):
    study = study_from_files(
        load_judgments(judgments_file), [_runs(path="a.csv"), _runs(path="b.csv")]
    )
    edit = study.rename_edit("BM25 (2)", "BM25 + reranker")
    study.apply(edit)
    assert study.systems == ["BM25", "BM25 + reranker"]
    assert study.chosen_names == {SystemRef(2, "BM25"): "BM25 + reranker"}
    assert not [p for p in study.warnings() if p.code == "system.renamed"]
    with pytest.raises(RenameRefused) as taken:
        study.rename_edit("BM25 + reranker", "BM25")
    assert (taken.value.reason, taken.value.name) == ("taken", "BM25")
    with pytest.raises(RenameRefused) as empty:
        study.rename_edit("BM25", "  ")
    assert empty.value.reason == "empty"
    with pytest.raises(RenameRefused) as unknown:
        study.rename_edit("Vector", "V")
    assert (unknown.value.reason, unknown.value.name) == ("unknown", "Vector")
    study.revert(edit)
    assert study.systems == ["BM25", "BM25 (2)"]


def test_a_system_renamed_to_its_files_name_keeps_no_choice(judgments_file):
    study = study_from_files(load_judgments(judgments_file), [_runs()])
    study.apply(study.rename_edit("BM25", "첫 시스템"))
    study.apply(study.rename_edit("첫 시스템", "BM25"))
    assert study.chosen_names == {}
    assert study.systems == ["BM25"]


def test_a_run_files_sheet_is_known_per_system(tmp_path, judgments_file):
    import openpyxl

    path = tmp_path / "runs.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "BM25"
    for sheet_name in ("BM25", "Vector"):
        ws = wb[sheet_name] if sheet_name in wb.sheetnames else wb.create_sheet(sheet_name)
        ws.append(["질문ID", "순위", "문단ID"])
        ws.append(["q1", 1, "p1"])
    wb.save(path)
    study = study_from_files(load_judgments(judgments_file), [load_run(path)])
    infos = {i.name: (i.file, i.sheet) for i in study.system_infos()}
    assert infos == {"BM25": ("runs.xlsx", "BM25"), "Vector": ("runs.xlsx", "Vector")}


# -- edits --------------------------------------------------------------------------------
def test_grade_edits_replace_and_revert(judgments_file):
    study = _study(judgments_file)
    first = study.grade_edit("q3", "p9", 1, assessor="나", time="t1")
    study.apply(first)
    second = study.grade_edit("q3", "p9", 3, assessor="나", time="t2", resolve=True)
    assert isinstance(second, GradeEdit) and len(second.replaced_grades) == 1
    study.apply(second)
    assert study.added_grades[S.GRADE].tolist() == [3]
    assert study.resolution_of("q3", "p9")["grade"] == 3
    study.revert(second)
    assert study.added_grades[S.GRADE].tolist() == [1]
    assert study.resolution_of("q3", "p9") is None
    study.revert(first)
    assert len(study.added_grades) == 0


def test_note_edits_merge_and_empty_notes_vanish(judgments_file):
    study = _study(judgments_file)
    a = study.note_edit("q1", note="다시")
    study.apply(a)
    b = study.note_edit("q1", note="다시 볼 것")
    study.apply(b)
    merged = a.merged_with(b)
    assert merged == NoteEdit("q1", QuestionNote(), QuestionNote("다시 볼 것", False))
    flag = study.note_edit("q1", flagged=True)
    study.apply(flag)
    assert study.note_of("q1") == QuestionNote("다시 볼 것", True)
    study.revert(flag)
    study.revert(merged)
    assert study.notes == {}


def test_a_snapshot_does_not_change_with_the_study(judgments_file):
    study = _study(judgments_file)
    snap = study.snapshot()
    study.apply(study.grade_edit("q3", "p9", 2, assessor="나"))
    study.apply(study.note_edit("q1", note="메모"))
    study.apply(study.rename_edit("BM25", "새 이름"))
    assert len(snap.added_grades) == 0 and snap.notes == {} and snap.systems == ["BM25"]
    assert len(study.added_grades) == 1 and study.systems == ["새 이름"]


# -- the project file ----------------------------------------------------------------------
def test_the_study_round_trips_through_the_project_file(judgments_file, tmp_path):
    from workbench.core.io.project import load_project, save_project
    from workbench.core.study import study_from_project, study_to_project

    run_a, run_b = tmp_path / "a.csv", tmp_path / "b.csv"
    for path in (run_a, run_b):
        path.write_text("질문ID,문단ID,순위\nq1,p1,1\nq1,p2,2\n", encoding="utf-8")
    settings = EvalSettings(ks=(1, 3), threshold=2, resolution="max")
    study = study_from_files(load_judgments(judgments_file), [], settings)
    study.judgment_options = {"mappings": {}, "sheets": {"judgments": "평가"}}
    study.add_runs(load_run(run_a), {"mappings": {}, "sheets": None})
    study.add_runs(load_run(run_b))
    study.apply(study.rename_edit("a", "하이브리드"))
    study.apply(study.grade_edit("q3", "p9", 2, assessor="나", reason="직접 인용", time="t1"))
    study.apply(study.resolution_edit("q1", "p2", 3, by="나", time="t2"))
    study.apply(study.note_edit("q1", note="다시 보기", flagged=True))

    saved = save_project(tmp_path / "연구.wbproj", study_to_project(study, {"page": "overview"}))
    project = load_project(saved)
    assert project.problems == []
    loaded = [
        (src, load_judgments(src.path) if src.kind == "judgments" else load_run(src.path))
        for src in project.sources
    ]
    again = study_from_project(project, loaded)
    assert again.systems == ["하이브리드", "b"]
    assert again.settings == settings
    assert again.notes == study.notes
    assert again.grades_used() == study.grades_used()
    assert again.added_grades[[S.QID, S.PID, S.GRADE, S.ASSESSOR, "reason"]].values.tolist() == [
        ["q3", "p9", 2, "나", "직접 인용"]
    ]
    assert again.resolutions_in_force()["by"].tolist() == ["검토자", "reviewer", "나"]
    assert again.judgment_options.sheets == {"judgments": "평가"}
    assert project.view == {"page": "overview"}


def test_a_damaged_setting_falls_back_to_its_default_with_a_warning():
    from workbench.core.study import settings_from_project

    settings, problems = settings_from_project(
        {"ks": [1, "five"], "threshold": 2, "gain": "cubic", "future_option": 1}
    )
    assert settings == EvalSettings(threshold=2)
    assert sorted(re.search(r"setting '([^']+)'", p.message_en).group(1) for p in problems) == ["gain", "ks"]
    assert (
        "'gain'은 값이 'cubic'이어서"
        in next(p for p in problems if "gain" in p.message_en).message_ko
    )


def test_question_counts_of_a_run_set_are_the_distinct_questions_of_each_system():
    """The start page's counts (from the categoricals' codes, where each list
    begins) equal selecting each system's rows and counting their distinct
    question ids, with missing ids, interleaved lists and plain text columns."""
    import numpy as np

    rng = np.random.default_rng(0)
    for _ in range(200):
        n = int(rng.integers(0, 40))
        systems = rng.choice(["A", "B", "C", None], size=n).tolist()
        questions = rng.choice(["q1", "q2", "q3", "q10", None], size=n).tolist()
        frame = pd.DataFrame(
            {S.SYSTEM: pd.Categorical(systems), S.QID: pd.Categorical(questions)}
        )
        expected = {
            str(name): int(frame.loc[frame[S.SYSTEM] == name, S.QID].nunique())
            for name in pd.unique(frame[S.SYSTEM].dropna())
        }
        assert RunSet(frame, []).question_counts() == expected
        assert RunSet(frame.astype(object), []).question_counts() == expected
