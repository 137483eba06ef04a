"""A calibration round: the same items for every assessor, spread over question
types and grades (or rank bands), from a seed; grades kept apart from the study's
judgments; the agreement on the round and the items the assessors split on; the
project file; the pool workbooks."""

from __future__ import annotations

import math

import openpyxl
import pandas as pd
import pytest

from workbench.core.io import load_judgments, load_run
from workbench.core.io.project import load_project, save_project
from workbench.core.model import schema as s
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol.calibration import (
    build_round,
    choose_items,
    practice_grade_edit,
    round_agreement,
    round_edit,
    round_seed,
    rounds,
)
from workbench.core.protocol.pool import (
    assessor_progress,
    next_item,
    pool_effect,
    pool_judged,
    pool_progress,
    pools_from_project,
    write_pool_workbook,
)
from workbench.core.study import Study, study_from_project, study_to_project

JUDGMENTS = "질문ID,문단ID,등급,평가자\nq1,p1,3,A\nq1,p2,0,A\nq1,p3,2,B\nq2,p5,1,A\n"
RUNS = (
    "시스템,질문ID,문단ID,순위,점수,본문\n"
    "S1,q1,p1,1,9.5,첫째 문단\nS1,q1,p2,2,8.5,\nS1,q1,p3,3,7.5,\nS1,q1,p4,4,6.5,넷째 문단\n"
    "S1,q2,p5,1,9.1,\nS1,q2,p6,2,8.1,\nS1,q2,p7,3,7.1,\n"
    "S2,q1,p4,1,0.91,\nS2,q1,p8,2,0.81,\nS2,q1,p1,3,0.71,\n"
    "S2,q2,p9,1,0.92,\nS2,q2,p5,2,0.82,\n"
)
EVERY_ITEM = {
    ("q1", p) for p in ("p1", "p2", "p3", "p4", "p8")
} | {("q2", p) for p in ("p5", "p6", "p7", "p9")}


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


def _ranking(rows: list[tuple[str, str, int]]) -> pd.DataFrame:
    return pd.DataFrame(
        {
            s.SYSTEM: ["X"] * len(rows),
            s.QID: [q for q, _p, _r in rows],
            s.PID: [p for _q, p, _r in rows],
            "position": [r for _q, _p, r in rows],
        }
    )


# two types; in each: a grade-3 item, a grade-0 item and unjudged items at ranks 2, 5, 20
RANKING = _ranking(
    [
        ("a1", "g3", 1), ("a1", "g0", 4), ("a1", "top", 2), ("a1", "mid", 5), ("a1", "deep", 20),
        ("a2", "top2", 3), ("a2", "mid2", 7), ("a2", "deep2", 30),
        ("b1", "g3", 6), ("b1", "g0", 1), ("b1", "top", 2), ("b1", "mid", 9), ("b1", "deep", 11),
    ]
)  # fmt: skip
TYPES = {"a1": "교리", "a2": "교리", "b1": "생활"}
GRADES = {("a1", "g3"): 3, ("a1", "g0"): 0, ("b1", "g3"): 3, ("b1", "g0"): 0}
# (type, level) of every item by hand: levels grade 3, grade 0, top 3, 4–10, deeper
LEVEL = {
    ("a1", "g3"): "3", ("a1", "g0"): "0", ("a1", "top"): "top", ("a1", "mid"): "mid",
    ("a1", "deep"): "deep", ("a2", "top2"): "top", ("a2", "mid2"): "mid",
    ("a2", "deep2"): "deep", ("b1", "g3"): "3", ("b1", "g0"): "0", ("b1", "top"): "top",
    ("b1", "mid"): "mid", ("b1", "deep"): "deep",
}  # fmt: skip


def _strata(items) -> list[tuple[str, str]]:
    return sorted((TYPES[q], LEVEL[(q, p)]) for q, p in items)


# -- choosing the items -------------------------------------------------------------------------
def test_two_items_are_one_of_each_question_type():
    for seed in range(20):
        chosen = choose_items(RANKING, TYPES, GRADES, 2, seed)
        assert sorted(TYPES[q] for q, _p in chosen) == ["교리", "생활"]


def test_ten_items_cover_every_type_and_level_once():
    # 2 types × 5 levels: each stratum once, whatever the seed
    every = sorted((t, lv) for t in ("교리", "생활") for lv in ("0", "3", "deep", "mid", "top"))
    for seed in range(20):
        chosen = choose_items(RANKING, TYPES, GRADES, 10, seed)
        assert len(chosen) == 10 and len(set(chosen)) == 10
        assert _strata(chosen) == every


def test_a_stratum_gives_each_question_before_any_questions_second():
    # the 교리 type's "top" stratum holds a1/top and a2/top2: with 12 items both
    # are taken before the 13th (the one item left over is a 교리 item of a level with two)
    for seed in range(10):
        chosen = choose_items(RANKING, TYPES, GRADES, 12, seed)
        assert {("a1", "top"), ("a2", "top2")} <= set(chosen)


def test_without_grades_the_rank_bands_spread_the_round():
    chosen = choose_items(RANKING, TYPES, {}, 6, 3)
    # 2 types × 3 bands; the former grade-3/0 items count by their best rank now
    bands = sorted(
        (TYPES[q], "top" if r <= 3 else "mid" if r <= 10 else "deep")
        for q, p in chosen
        for r in [int(RANKING[(RANKING.question_id == q) & (RANKING.passage_id == p)].position.min())]
    )
    assert bands == sorted((t, b) for t in ("교리", "생활") for b in ("top", "mid", "deep"))


def test_the_choice_and_order_follow_the_seed_only():
    first = choose_items(RANKING, TYPES, GRADES, 7, 11)
    assert choose_items(RANKING, TYPES, GRADES, 7, 11) == first
    assert any(choose_items(RANKING, TYPES, GRADES, 7, seed) != first for seed in range(12, 20))
    # judging order: a question's items together
    questions = [q for q, _p in first]
    assert questions == sorted(questions, key=questions.index)
    with pytest.raises(ValueError):
        choose_items(RANKING, TYPES, GRADES, 0, 1)
    assert choose_items(RANKING.iloc[0:0], TYPES, GRADES, 3, 1) == []


def test_more_items_asked_than_retrieved_gives_every_item():
    assert sorted(choose_items(RANKING, TYPES, GRADES, 99, 5)) == sorted(LEVEL)


# -- the round's pools ------------------------------------------------------------------------------
def _round(study: Study, names=("A", "B", "C"), n=4, seed=None):
    edit = round_edit(study, build_round(study, names, n, seed=seed, time="t0"))
    study.apply(edit)
    return edit.pools


def test_every_assessor_gets_the_same_items_in_the_same_order(study):
    pools = _round(study, n=5)
    assert [p.assessor for p in pools] == ["A", "B", "C"]
    assert len(pools[0].items) == 5
    assert pools[0].items == pools[1].items == pools[2].items
    assert set(pools[0].items) <= EVERY_ITEM
    # items A already graded are in A's round too (everyone grades the same)
    whole = _round(study, n=99)
    assert set(whole[0].items) == EVERY_ITEM
    assert {p.calibration_round for p in pools} == {1}
    assert {p.calibration_round for p in whole} == {2}
    assert pools[0].seed == round_seed(1) and whole[0].seed == round_seed(2)
    assert [r.number for r in rounds(study)] == [1, 2]


def test_a_round_needs_two_assessors_and_a_passage(study):
    with pytest.raises(ValueError):
        build_round(study, ["A", " A ", ""], 3)
    with pytest.raises(ValueError):
        build_round(study, ["A", "B"], 0)


def test_round_grades_are_kept_on_the_pool_and_change_no_score(study):
    before = study.evaluate()
    judgments_before = study.judgments_in_force().copy()
    pools = _round(study, n=4)
    for pool in pools:
        for item in pool.items:
            study.apply(practice_grade_edit(study, pool.id, item, 3, "직접 근거", "t1"))
    after = study.evaluate()
    pd.testing.assert_frame_equal(after.per_question, before.per_question)
    pd.testing.assert_frame_equal(study.judgments_in_force(), judgments_before)
    assert study.assessors == ["A", "B"]  # C graded only in the round
    assert pool_effect(study, after) is None  # the round is not the study's judging
    assert assessor_progress(study) == []
    pool = study.pools.pool(pools[2].id)
    assert pool_judged(study, pool) == set(pool.items)
    assert next_item(pool, pool_judged(study, pool)) is None
    assert pool_progress(pool, pool_judged(study, pool)).graded == 4


def test_a_practice_grade_is_undone_and_checked(study):
    pool = _round(study, n=3)[0]
    edit = practice_grade_edit(study, pool.id, pool.items[0], 2, " 주제만 ")
    study.apply(edit)
    assert study.pools.pool(pool.id).calibration_grades[pool.items[0]].note == "주제만"
    study.revert(edit)
    assert study.pools.pool(pool.id).calibration_grades == {}
    with pytest.raises(ValueError):
        practice_grade_edit(study, pool.id, pool.items[0], 4)
    with pytest.raises(ValueError):
        practice_grade_edit(study, pool.id, ("q9", "p9"), 1)


# -- agreement on the round -----------------------------------------------------------------------------
def _grade(study, pools, grades_by_assessor, notes=None):
    for pool in pools:
        for item, g in zip(pool.items, grades_by_assessor[pool.assessor]):
            note = (notes or {}).get((pool.assessor, item), "")
            study.apply(practice_grade_edit(study, pool.id, item, g, note))


def test_agreement_on_the_round_by_hand(study):
    pools = _round(study, names=("A", "B"), n=4, seed=1)
    items = pools[0].items
    _grade(
        study,
        pools,
        {"A": [3, 2, 0, 1], "B": [3, 0, 0, 2]},
        {("A", items[1]): "직접 말함", ("B", items[1]): "주제가 다름"},
    )
    agreement = round_agreement(rounds(study)[0])
    # confusion (A rows, B cols): (3,3) (2,0) (0,0) (1,2); p_o = 2/4
    # A's margins over 0..3: 1 1 1 1, B's: 2 0 1 1 → p_e = (2+0+1+1)/16 = 0.25
    # κ = (0.5 − 0.25) / 0.75 = 1/3
    (pair,) = agreement.pair_readings("ko")
    assert (pair["a"], pair["b"], pair["n"]) == ("A", "B", 4)
    assert pair["exact"] == pytest.approx(0.5)
    assert pair["kappa"] == pytest.approx(1 / 3)
    assert pair["kappa_reading"] == "약함"  # 0.21–0.40: fair
    # weighted: observed Σ w·O = 4 + 1 = 5; expected Σ w·E with E = row·col / 4:
    # rows 1 each, cols (2,0,1,1): Σ_i Σ_j (i−j)² col_j / 4 = (2·(0+1+4+9) + 1·(4+1+0+1)
    #   + 1·(9+4+1+0)) / 4 = (28 + 6 + 14) / 4 = 12 → κ_w = 1 − 5/12
    assert pair["kappa_quadratic"] == pytest.approx(7 / 12)
    assert pair["kappa_quadratic_reading"] == "보통"
    assert not math.isnan(agreement.alpha)
    assert agreement.alpha_reading("en") in {
        "too low to rely on (below 0.667)",
        "good enough for tentative conclusions only (0.667–0.800)",
        "reliable enough to draw conclusions (≥ 0.800)",
    }
    splits = agreement.splits
    assert list(zip(splits[s.QID], splits[s.PID])) == [items[1], items[3]]  # gap 2, then 1
    assert list(splits["gap"]) == [2, 1]
    assert splits.iloc[0]["note:A"] == "직접 말함" and splits.iloc[0]["note:B"] == "주제가 다름"
    assert int(splits.iloc[0]["grade:A"]) == 2 and int(splits.iloc[0]["grade:B"]) == 0


def test_no_agreement_until_two_assessors_graded(study):
    pools = _round(study, names=("A", "B"), n=3)
    assert round_agreement(rounds(study)[0]).summary is None
    _grade(study, pools[:1], {"A": [1, 1, 1]})
    agreement = round_agreement(rounds(study)[0])
    assert agreement.summary is None and agreement.pair_readings() == []
    assert len(agreement.splits) == 0


# -- the project file and the workbooks ---------------------------------------------------------------
def test_the_round_and_its_grades_come_back_from_the_project_file(study, tmp_path):
    pools = _round(study, names=("A", "B"), n=4, seed=5)
    _grade(study, pools, {"A": [3, 2, 1, 0], "B": [3, 1, 1, 0]}, {("B", pools[1].items[1]): "왜"})
    saved = save_project(tmp_path / "p.wbproj", study_to_project(study))
    project = load_project(saved)
    assert project.problems == []
    loaded = [
        (src, load_judgments(src.path) if src.kind == "judgments" else load_run(src.path))
        for src in project.sources
    ]
    again = study_from_project(project, loaded)
    (back,) = rounds(again)
    (mine,) = rounds(study)
    assert back.pools == mine.pools
    assert [p.calibration_grades for p in back.pools] == [p.calibration_grades for p in mine.pools]
    a, b = round_agreement(back), round_agreement(mine)
    assert a.pair_readings() == b.pair_readings()
    pd.testing.assert_frame_equal(a.splits, b.splits)


def test_an_old_pool_record_reads_as_an_ordinary_pool_without_a_problem():
    old = {
        "next_id": 2,
        "pools": [
            {
                "id": 1, "assessor": "A", "depth": 2, "seed": 3, "questions": ["q1"],
                "systems": ["S1"], "items": [["q1", "p1"]], "created": "", "marks": [],
            }
        ],
    }  # fmt: skip
    work, problems = pools_from_project(old)
    assert problems == []
    assert not work.pools[0].is_calibration
    # and an ordinary pool writes the same record back
    assert work.pools[0].to_dict() == old["pools"][0]


def test_a_damaged_practice_grade_is_left_out_with_a_warning():
    record = {
        "id": 1, "assessor": "A", "depth": 2, "seed": 3, "questions": ["q1"],
        "systems": ["S1"], "items": [["q1", "p1"], ["q1", "p2"]], "calibration_round": 1,
        "calibration_grades": [
            ["q1", "p1", {"grade": 2, "note": "n", "time": ""}],
            ["q1", "p2", {"grade": 7}],
            ["q9", "p9", {"grade": 1}],
        ],
    }  # fmt: skip
    work, problems = pools_from_project({"pools": [record]})
    pool = work.pools[0]
    assert pool.calibration_round == 1
    assert list(pool.calibration_grades) == [("q1", "p1")]
    assert len(problems) == 2
    assert all("calibration_grades" in p.message_en for p in problems)


def test_the_round_workbooks_hold_the_same_items_and_say_it_is_practice(study, tmp_path):
    pools = _round(study, names=("A", "B"), n=5)
    rows = []
    for pool in pools:
        path = write_pool_workbook(tmp_path / f"{pool.assessor}.xlsx", study, pool)
        wb = openpyxl.load_workbook(path)
        ws = wb["평가"]
        rows.append([(r[0], r[2]) for r in ws.iter_rows(min_row=2, values_only=True)])
        assert "보정 라운드 1" in wb["풀 안내"]["A1"].value
    assert rows[0] == rows[1] == list(pools[0].items)


# -- the report ------------------------------------------------------------------------------------------
def _report(study, tmp_path, lang="ko"):
    from workbench.core.export import report_request
    from workbench.core.report import write_report

    results = study.evaluate()
    path = write_report(tmp_path / f"r_{lang}.xlsx", results, report_request(study, lang=lang))
    return openpyxl.load_workbook(path)


def _values(ws) -> list[list]:
    return [list(r) for r in ws.iter_rows(values_only=True)]


def test_the_report_writes_the_round_its_grades_agreement_and_splits(study, tmp_path):
    pools = _round(study, names=("A", "B"), n=4, seed=1)
    items = pools[0].items
    _grade(
        study,
        pools,
        {"A": [3, 2, 0, 1], "B": [3, 0, 0, 2]},
        {("A", items[1]): "직접 말함", ("B", items[1]): "주제가 다름"},
    )
    wb = _report(study, tmp_path)
    assert "보정 라운드" in wb.sheetnames
    ws = wb["보정 라운드"]
    rows = _values(ws)
    flat = [v for r in rows for v in r if v is not None]
    assert "보정 라운드 1" in flat
    assert "점수에도" in rows[0][0]  # says the grades are not counted
    # the pair: n 4, κ 1/3 read "약함", weighted κ 7/12 read "보통"
    pair = next(r for r in rows if r[:2] == ["A", "B"])
    assert pair[2] == 4 and pair[3] == pytest.approx(0.5)
    assert pair[4] == pytest.approx(1 / 3) and pair[5] == "약함"
    assert pair[6] == pytest.approx(7 / 12) and pair[7] == "보통"
    # every item with each assessor's grade
    head = rows.index(["질문ID", "질문", "문단ID", "A", "B", *[None] * (len(rows[0]) - 5)])
    graded = [r[:5] for r in rows[head + 1 : head + 5]]
    assert graded == [
        [q, None, p, a, b] for (q, p), a, b in zip(items, [3, 2, 0, 1], [3, 0, 0, 2])
    ]
    # the splits, furthest apart first, with the notes
    split_head = next(i for i, r in enumerate(rows) if r[:4] == ["질문ID", "질문", "문단ID", "A 등급"])
    first, second = rows[split_head + 1], rows[split_head + 2]
    assert (first[0], first[2], first[3], first[4], first[5], first[6], first[7]) == (
        items[1][0], items[1][1], 2, "직접 말함", 0, "주제가 다름", 2,
    )  # fmt: skip
    assert (second[2], second[7]) == (items[3][1], 1)
    # printed like the other sheets
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True
    assert ws.page_setup.fitToWidth == 1
    assert ws.oddFooter.center.text == "&P / &N"
    # the Agreement sheet's figures do not hold the round's grades
    agreement = _values(wb["평가자 일치도"]) if "평가자 일치도" in wb.sheetnames else []
    assert not any(r[:2] == ["A", "B"] and r[2] == 4 for r in agreement)


def test_the_english_report_names_the_sheet_and_a_study_without_a_round_has_none(study, tmp_path):
    assert "Calibration" not in _report(study, tmp_path, "en").sheetnames
    assert "보정 라운드" not in _report(study, tmp_path, "ko").sheetnames
    pools = _round(study, names=("A", "B"), n=2)
    _grade(study, pools[:1], {"A": [1, 2]})
    wb = _report(study, tmp_path, "en")
    flat = [v for r in _values(wb["Calibration"]) for v in r if v is not None]
    assert "Calibration round 1" in flat
    assert "No two assessors have graded the same passage of the round yet." in flat


# -- the command line ------------------------------------------------------------------------------------
def _files(tmp_path):
    j, r = tmp_path / "judgments.csv", tmp_path / "runs.csv"
    j.write_text(JUDGMENTS, encoding="utf-8")
    r.write_text(RUNS, encoding="utf-8")
    return ["pool", "--qrels", str(j), "--run", str(r), "--k", "1,2"]


def _sheet_items(path) -> list[tuple]:
    ws = openpyxl.load_workbook(path)["평가"]
    return [(r[0], r[2], r[7]) for r in ws.iter_rows(min_row=2, values_only=True)]


def test_pool_calibration_writes_one_workbook_per_assessor_with_the_same_items(tmp_path, capsys):
    from workbench.cli import main

    out = tmp_path / "round"
    code = main(
        [*_files(tmp_path), "--calibration", "6", "--assessor", "A", "--assessors", "B,김",
         "--out", str(out), "--lang", "ko"]
    )  # fmt: skip
    assert code == 0
    books = {name: out / f"calibration_{name}.xlsx" for name in ("A", "B", "김")}
    assert all(p.exists() for p in books.values())
    items = {name: [(q, p) for q, p, _who in _sheet_items(path)] for name, path in books.items()}
    assert len(items["A"]) == 6 and len(set(items["A"])) == 6
    assert items["A"] == items["B"] == items["김"]
    assert set(items["A"]) <= EVERY_ITEM
    # each workbook names its own assessor
    assert {who for _q, _p, who in _sheet_items(books["김"])} == {"김"}
    printed = capsys.readouterr().out
    assert "보정 라운드, 문단 6개" in printed and "calibration_김.xlsx" in printed
    # the same command gives the same items again (seeded)
    again = tmp_path / "again"
    assert main([*_files(tmp_path), "--calibration", "6", "--assessors", "A,B",
                 "--out", str(again), "--lang", "ko"]) == 0  # fmt: skip
    assert [(q, p) for q, p, _w in _sheet_items(again / "calibration_A.xlsx")] == items["A"]


def test_pool_calibration_refuses_what_it_cannot_do(tmp_path, capsys):
    from workbench.cli import main

    base = _files(tmp_path)
    assert main([*base, "--calibration", "3", "--assessor", "A", "--out", str(tmp_path / "o")]) != 0
    assert "two or more assessors" in capsys.readouterr().err
    assert main([*base, "--calibration", "0", "--assessors", "A,B", "--out", str(tmp_path)]) != 0
    assert main(
        [*base, "--calibration", "3", "--assessors", "A,B", "--out", str(tmp_path / "x.xlsx")]
    ) != 0
    assert "folder" in capsys.readouterr().err
    # an ordinary pool still takes exactly one assessor
    assert main([*base, "--assessors", "A,B", "--out", str(tmp_path / "p.xlsx")]) != 0
    assert main([*base, "--assessor", "A", "--out", str(tmp_path / "p.xlsx")]) == 0


# -- a filled calibration workbook comes back as the pool's grades ------------------------------------
def _fill(path, grades, notes=None, assessor=None):
    wb = openpyxl.load_workbook(path)
    ws = wb["평가"]
    header = [c.value for c in ws[1]]
    for r, g in enumerate(grades, start=2):
        ws.cell(row=r, column=header.index("등급") + 1, value=g)
        if notes and r - 2 in notes:
            ws.cell(row=r, column=header.index("메모") + 1, value=notes[r - 2])
        if assessor is not None:
            ws.cell(row=r, column=header.index("평가자") + 1, value=assessor)
    filled = path.with_name(path.stem + "_filled.xlsx")
    wb.save(filled)
    return filled


def test_a_filled_round_workbook_is_read_into_the_pool_not_the_judgments(study, tmp_path):
    from workbench.core.model.problems import InputError
    from workbench.core.protocol.calibration import read_practice_workbook

    pools = _round(study, names=("A", "B"), n=4)
    before = study.evaluate()
    judgments_before = study.judgments_in_force().copy()
    path = write_pool_workbook(tmp_path / "B.xlsx", study, pools[1])
    filled = _fill(path, [2, None, 0, 3], notes={0: "근거 약함"})
    edit = read_practice_workbook(study, pools[1].id, filled, time="t9")
    assert (edit.read, edit.left_out) == (3, 0)
    study.apply(edit)
    graded = study.pools.pool(pools[1].id).calibration_grades
    items = pools[1].items
    assert {i: g.grade for i, g in graded.items()} == {items[0]: 2, items[2]: 0, items[3]: 3}
    assert graded[items[0]].note == "근거 약함"
    pd.testing.assert_frame_equal(study.evaluate().per_question, before.per_question)
    pd.testing.assert_frame_equal(study.judgments_in_force(), judgments_before)
    study.revert(edit)
    assert study.pools.pool(pools[1].id).calibration_grades == {}
    # A's pool refuses B's workbook, and a workbook without a grade says so
    with pytest.raises(InputError) as wrong:
        read_practice_workbook(study, pools[0].id, filled)
    assert "B" in wrong.value.summary("en") and "A's calibration pool" in wrong.value.summary("en")
    with pytest.raises(InputError) as empty:
        read_practice_workbook(study, pools[1].id, path)
    assert "no grade" in empty.value.summary("en")
