"""Judging pools: the union of the systems' top passages less what this assessor
graded, a seeded order stable across runs, item states and resuming, what the
pool did to Judged@K, the project file, and the workbook for Excel."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import openpyxl
import pytest

from workbench.core.io import load_judgments, load_run
from workbench.core.io.project import load_project, save_project
from workbench.core.model import schema as s
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol.pool import (
    CANNOT,
    LATER,
    Pool,
    PoolWork,
    add_pool_edit,
    assessor_progress,
    build_pool,
    default_seed,
    judged_by,
    judging_order,
    mark_edit,
    next_item,
    pool_effect,
    pool_items,
    pool_progress,
    pools_from_project,
    remove_pool_edit,
    write_pool_workbook,
)
from workbench.core.study import Study, study_from_project, study_to_project

JUDGMENTS = "질문ID,문단ID,등급,평가자\nq1,p1,3,A\nq1,p2,0,A\nq1,p3,2,B\nq2,p5,1,A\n"
# S1 ranks q1: p1 p2 p3 p4, q2: p5 p6 p7; S2 ranks q1: p4 p8 p1, q2: p9 p5
RUNS = (
    "시스템,질문ID,문단ID,순위,점수,본문\n"
    "S1,q1,p1,1,9.5,첫째 문단\nS1,q1,p2,2,8.5,\nS1,q1,p3,3,7.5,\nS1,q1,p4,4,6.5,넷째 문단\n"
    "S1,q2,p5,1,9.1,\nS1,q2,p6,2,8.1,\nS1,q2,p7,3,7.1,\n"
    "S2,q1,p4,1,0.91,\nS2,q1,p8,2,0.81,\nS2,q1,p1,3,0.71,\n"
    "S2,q2,p9,1,0.92,\nS2,q2,p5,2,0.82,\n"
)


@pytest.fixture
def study(tmp_path) -> Study:
    j = tmp_path / "judgments.csv"
    r = tmp_path / "runs.csv"
    j.write_text(JUDGMENTS, encoding="utf-8")
    r.write_text(RUNS, encoding="utf-8")
    st = Study(EvalSettings(ks=(1, 2)))
    st.set_judgments(load_judgments(j))
    st.add_runs(load_run(r))
    return st


UNION_2 = {
    ("q1", "p1"),
    ("q1", "p2"),
    ("q1", "p4"),
    ("q1", "p8"),
    ("q2", "p5"),
    ("q2", "p6"),
    ("q2", "p9"),
}


# -- construction ------------------------------------------------------------------------
def test_the_pool_is_the_union_of_the_top_passages_less_this_assessors_grades(study):
    pool_a = build_pool(study, "A")
    assert pool_a.depth == 2  # the largest K
    assert set(pool_a.items) == UNION_2 - {("q1", "p1"), ("q1", "p2"), ("q2", "p5")}
    # B graded q1/p3 only, which no system ranks in its top 2: every passage is B's to judge
    assert set(build_pool(study, "B").items) == UNION_2
    assert set(build_pool(study, "C").items) == UNION_2
    assert len(build_pool(study, "C").items) == len(UNION_2)  # each passage once


def test_depth_questions_and_systems_choose_what_is_pooled(study):
    deeper = build_pool(study, "C", depth=3)
    assert set(deeper.items) == UNION_2 | {("q1", "p3"), ("q2", "p7")}
    assert set(build_pool(study, "A", depth=2, systems=["S2"], questions=["q1"]).items) == {
        ("q1", "p4"),
        ("q1", "p8"),
    }
    assert set(build_pool(study, "C", depth=1, systems=["S1"]).items) == {
        ("q1", "p1"),
        ("q2", "p5"),
    }
    with pytest.raises(ValueError):
        build_pool(study, "C", depth=0)
    with pytest.raises(ValueError):
        build_pool(study, "C", systems=["S9"])
    with pytest.raises(ValueError):
        build_pool(study, "  ")


def test_a_grade_given_in_the_app_leaves_the_assessors_next_pool(study):
    study.apply(study.grade_edit("q1", "p4", 2, assessor="C"))
    assert ("q1", "p4") not in build_pool(study, "C").items
    assert ("q1", "p4") in build_pool(study, "D").items


def test_pool_items_from_a_ranking_frame():
    import pandas as pd

    ranking = pd.DataFrame(
        {
            s.SYSTEM: ["X", "X", "Y", "Y"],
            s.QID: ["q", "q", "q", "q"],
            "position": [1, 2, 1, 2],
            s.PID: ["a", "b", "b", "c"],
        }
    )
    assert pool_items(ranking, None, None, 1) == {("q", "a"), ("q", "b")}
    assert pool_items(ranking, None, None, 2, {("q", "b")}) == {("q", "a"), ("q", "c")}


# -- the judging order ---------------------------------------------------------------------
ITEMS = [(f"q{q}", f"p{q}{p}") for q in range(1, 6) for p in range(1, 5)]


def test_the_order_groups_questions_and_shuffles_them_and_their_passages():
    order = judging_order(ITEMS, 42)
    assert sorted(order) == sorted(ITEMS)
    questions = [q for q, _p in order]
    # one question at a time
    assert [q for i, q in enumerate(questions) if i == 0 or q != questions[i - 1]] == list(
        dict.fromkeys(questions)
    )
    assert order != sorted(ITEMS)  # shuffled (20 items: the sorted order is one of 20!·…)
    assert judging_order(list(reversed(ITEMS)), 42) == order  # the input order does not count
    assert judging_order(ITEMS, 43) != order


_ORDER_SCRIPT = (
    "import json; from workbench.core.protocol.pool import judging_order;"
    "items=[(f'q{q}', f'p{q}{p}') for q in range(1, 6) for p in range(1, 5)];"
    "print(json.dumps(judging_order(set(items), 20261129)))"
)


def test_the_seeded_order_is_the_same_in_every_run_of_the_program():
    """Another process with another string-hash seed gives the same order."""
    import json
    import os

    orders = []
    for hash_seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run(
            [sys.executable, "-c", _ORDER_SCRIPT],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        orders.append([tuple(x) for x in json.loads(out.stdout)])
    assert orders[0] == orders[1] == judging_order(ITEMS, 20261129)


def test_the_default_seed_is_the_first_eight_hex_digits_of_the_names_sha256():
    expected = int(hashlib.sha256("평가자A".encode()).hexdigest()[:8], 16)
    assert default_seed("평가자A") == expected
    # NFD (as macOS may type it) is the same name
    import unicodedata

    assert default_seed(unicodedata.normalize("NFD", "평가자A")) == expected
    assert default_seed("평가자A") != default_seed("평가자B")


# -- states, progress and resuming ---------------------------------------------------------------
def _added(study: Study, assessor: str, **kw) -> Pool:
    edit = add_pool_edit(study, build_pool(study, assessor, **kw))
    study.apply(edit)
    return study.pools.pool(edit.pool.id)


def test_later_items_come_back_after_the_others_and_cannot_judge_ones_never(study):
    pool = _added(study, "A")
    i0, i1, i2, i3 = pool.items
    judged = judged_by(study, "A")
    assert next_item(pool, judged) == i0
    for item in (i0, i1):
        study.apply(mark_edit(study, pool.id, item, LATER))
    pool = study.pools.pool(pool.id)
    assert next_item(pool, judged) == i2
    study.apply(study.grade_edit(*i2, 1, assessor="A"))
    cannot = mark_edit(study, pool.id, i3, CANNOT, "본문이 잘림")
    study.apply(cannot)
    pool, judged = study.pools.pool(pool.id), judged_by(study, "A")
    assert next_item(pool, judged) == i0  # the one put off longest ago
    p = pool_progress(pool, judged)
    assert (p.total, p.graded, p.later, p.cannot, p.done, p.waiting) == (4, 1, 2, 1, 2, 2)
    study.apply(mark_edit(study, pool.id, i0, LATER))  # put off again: i1 is older now
    pool = study.pools.pool(pool.id)
    assert next_item(pool, judged) == i1
    # taking back the "cannot judge" makes i3 the first waiting item again
    study.revert(cannot)
    assert next_item(study.pools.pool(pool.id), judged) == i3
    assert study.pools.pool(pool.id).mark(i3) is None


def test_progress_per_question_and_per_assessor(study):
    pool = _added(study, "A")
    q1 = [i for i in pool.items if i[0] == "q1"]
    study.apply(study.grade_edit(*q1[0], 0, assessor="A"))
    judged = judged_by(study, "A")
    assert pool_progress(pool, judged, "q1").total == 2
    assert pool_progress(pool, judged, "q1").graded == 1
    assert pool_progress(pool, judged, "q2").graded == 0
    _added(study, "C")
    rows = dict(assessor_progress(study))
    assert rows["A"].total == 4 and rows["A"].graded == 1
    assert rows["C"].total == 7 and rows["C"].graded == 0


def test_adding_and_removing_pools_are_edits(study):
    add = add_pool_edit(study, build_pool(study, "A"))
    study.apply(add)
    add2 = add_pool_edit(study, build_pool(study, "C"))
    assert add2.pool.id == add.pool.id + 1
    study.apply(add2)
    remove = remove_pool_edit(study, add.pool.id)
    study.apply(remove)
    assert [p.assessor for p in study.pools.pools] == ["C"]
    study.revert(remove)
    assert [p.assessor for p in study.pools.pools] == ["A", "C"]
    study.revert(add2)
    study.revert(add)
    assert not study.pools


# -- what the pool did -----------------------------------------------------------------------------
def test_judged_at_k_before_and_after_by_hand(study):
    pool = _added(study, "A")
    assert ("q1", "p4") in pool.items
    study.apply(study.grade_edit("q1", "p4", 1, assessor="A"))
    results = study.evaluate()
    effect = pool_effect(study, results)
    # judged before: q1 p1 p2 p3, q2 p5. S1 top 2: q1 p1 p2 (2/2), q2 p5 p6 (1/2)
    # S2 top 2: q1 p4 p8 (0/2 → 1/2 with A's new grade), q2 p9 p5 (1/2)
    assert effect.k == 2
    assert effect.judged_before == pytest.approx({"S1": 0.75, "S2": 0.25})
    assert effect.judged_after == pytest.approx({"S1": 0.75, "S2": 0.5})
    # "after" is the evaluation's own Judged@K
    assert effect.judged_after == pytest.approx(results.aggregates["Judged@2"].to_dict())
    assert dict(effect.assessors)["A"].graded == 1
    assert effect.agreement is None  # nobody else graded a pooled passage


def test_agreement_over_the_pool_once_two_assessors_overlap(study):
    _added(study, "A")
    _added(study, "C")
    for who, grade in (("A", 1), ("C", 2)):
        study.apply(study.grade_edit("q1", "p4", grade, assessor=who))
    study.apply(study.grade_edit("q2", "p9", 0, assessor="A"))
    study.apply(study.grade_edit("q2", "p9", 0, assessor="C"))
    effect = pool_effect(study, study.evaluate())
    pairs = {(p.a, p.b): p for p in effect.agreement.pairs}
    assert pairs[("A", "C")].n == 2
    assert pairs[("A", "C")].exact == pytest.approx(0.5)
    assert effect.pooled_items == 7


def test_a_study_without_pools_has_no_pool_effect(study):
    assert pool_effect(study, study.evaluate()) is None


# -- the project file --------------------------------------------------------------------------
def test_pools_and_marks_round_trip_through_the_project_file(study, tmp_path):
    pool = _added(study, "A", seed=7)
    study.apply(mark_edit(study, pool.id, pool.items[0], LATER, time="t1"))
    study.apply(mark_edit(study, pool.id, pool.items[1], CANNOT, "글이 깨짐", time="t2"))
    study.apply(study.grade_edit(*pool.items[2], 3, assessor="A"))
    saved = save_project(tmp_path / "p.wbproj", study_to_project(study))
    project = load_project(saved)
    loaded = [
        (src, load_judgments(src.path) if src.kind == "judgments" else load_run(src.path))
        for src in project.sources
    ]
    again = study_from_project(project, loaded)
    assert project.problems == []
    back = again.pools.pool(pool.id)
    mine = study.pools.pool(pool.id)
    assert back == mine and back.marks == mine.marks
    assert next_item(back, judged_by(again, "A")) == next_item(mine, judged_by(study, "A"))
    assert again.pools.next_id == study.pools.next_id


def test_a_damaged_pool_is_left_out_with_a_warning_and_the_rest_kept():
    good = {
        "id": 1,
        "assessor": "A",
        "depth": 2,
        "seed": 3,
        "questions": ["q1"],
        "systems": ["S1"],
        "items": [["q1", "p1"], ["q1", "p2"]],
        "marks": [["q1", "p1", {"state": "later", "seq": 1}], ["q9", "p9", {"state": "later"}]],
    }
    bad = dict(good, id=2, depth="deep")
    work, problems = pools_from_project({"pools": [good, bad, "x"], "next_id": 1}, "p.wbproj")
    assert [p.id for p in work.pools] == [1]
    assert work.next_id == 2
    assert list(work.pools[0].marks) == [("q1", "p1")]  # the mark of a passage not in the pool goes
    assert {p.code for p in problems} == {"project_pool_damaged"}
    assert any("pools[1]" in p.message_en for p in problems)
    assert any("pools[0].marks[1]" in p.message_en for p in problems)
    assert pools_from_project(None) == (PoolWork(), [])


# -- the pool workbook ---------------------------------------------------------------------------
def test_the_pool_workbook_round_trip_gives_the_assessors_grades(study, tmp_path):
    pool = _added(study, "A")
    target = tmp_path / "판정풀_A.xlsx"
    write_pool_workbook(target, study, pool, lang="ko")
    wb = openpyxl.load_workbook(target)
    assert wb.sheetnames == ["평가", "매뉴얼", "풀 안내"]
    assert wb.security.lockStructure
    ws = wb["평가"]
    header = [c.value for c in ws[1]]
    assert header == ["질문ID", "질문", "문단ID", "출처", "본문", "등급", "메모", "평가자"]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=2)]
    assert [(r[0], r[2]) for r in rows] == list(pool.items)  # in judging order
    assert {r[7] for r in rows} == {"A"}
    texts = {r[2]: r[4] for r in rows}
    assert texts.get("p4") == "넷째 문단"  # the runs' text where no passages sheet has it
    # protected: only the grade and note cells can be typed in
    assert ws.protection.sheet and wb["매뉴얼"].protection.sheet and wb["풀 안내"].protection.sheet
    for r in range(2, len(rows) + 2):
        for c in range(1, 9):
            locked = ws.cell(row=r, column=c).protection.locked
            assert locked == (header[c - 1] not in ("등급", "메모")), (r, c)
    dv = ws.data_validations.dataValidation
    assert len(dv) == 1 and dv[0].type == "list" and dv[0].formula1 == '"0,1,2,3"'
    assert str(dv[0].sqref) == f"F2:F{len(rows) + 1}"

    # no system name, rank or score anywhere in the workbook (the guide only says so)
    def texts(sheets):
        return "\n".join(
            str(c.value) for sheet in sheets for row in sheet.iter_rows() for c in row if c.value
        )

    for word in ("S1", "S2", "9.5", "0.91"):
        assert word not in texts(wb.worksheets), word
    for word in ("순위", "점수", "시스템"):
        assert word not in texts([ws, wb["매뉴얼"]]), word

    # the assessor fills two grades (and a note) with Excel; the workbook is read back
    ws.cell(row=2, column=6, value=2)
    ws.cell(row=3, column=6, value=0)
    ws.cell(row=3, column=7, value="주제가 다름")
    filled = tmp_path / "판정풀_A_작성.xlsx"
    wb.save(filled)
    js = load_judgments(filled)
    got = js.judgments[[s.QID, s.PID, s.GRADE, s.ASSESSOR, s.NOTE]].values.tolist()
    assert got == [
        [pool.items[0][0], pool.items[0][1], 2, "A", ""],
        [pool.items[1][0], pool.items[1][1], 0, "A", "주제가 다름"],
    ]
    waiting = [p for p in js.problems if p.code == "pool_not_judged"]
    assert len(waiting) == 1 and "2" in waiting[0].message_en
    assert js.manual == study.manual_in_force("ko")
    # joined to the study, the grades are the assessor's: two passages of the pool are judged
    study.add_judgments(js)
    assert pool_progress(pool, judged_by(study, "A")).graded == 2
    assert next_item(pool, judged_by(study, "A")) == pool.items[2]


def test_the_english_pool_workbook_reads_back_too(study, tmp_path):
    pool = _added(study, "C", depth=1)
    target = write_pool_workbook(tmp_path / "pool.xlsx", study, pool, lang="en")
    wb = openpyxl.load_workbook(target)
    assert wb.sheetnames == ["judgments", "manual", "pool guide"]
    ws = wb["judgments"]
    for r in range(2, ws.max_row + 1):
        ws.cell(row=r, column=6, value=1)
    wb.save(target)
    js = load_judgments(target)
    assert sorted(zip(js.judgments[s.QID], js.judgments[s.PID])) == sorted(pool.items)
    assert set(js.judgments[s.ASSESSOR]) == {"C"}
    assert not [p for p in js.problems if p.code == "pool_not_judged"]


def test_the_pool_workbook_never_replaces_an_input(study):
    from workbench.core.model.problems import InputError

    pool = _added(study, "A")
    with pytest.raises(InputError):
        write_pool_workbook(study.judgment_set.sources[0].path, study, pool)
