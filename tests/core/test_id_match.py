"""Ids written another way are pointed out, never matched (core/id_match)."""

from __future__ import annotations

from workbench.core.io import load_judgments, load_run
from workbench.core.model.id_match import look_alike_hint, look_alike_pairs
from workbench.core.model.schema import EvalSettings
from workbench.core.study import study_from_files


def test_pairs_meet_under_the_first_looser_spelling_that_matches():
    assert look_alike_pairs(["Q1", "Q2"], ["q 1", "Q-2"]) == (
        [("q 1", "Q1"), ("Q-2", "Q2")],
        "spelling",
    )
    assert look_alike_pairs(["1", "2", "10"], ["001", "002", "010"]) == (
        [("001", "1"), ("002", "2"), ("010", "10")],
        "leading_zeros",
    )
    assert look_alike_pairs(["Q007"], ["7"]) == ([("7", "Q007")], "letters")
    # only one-to-one: two run ids that could both be "1" are not offered
    assert look_alike_pairs(["1"], ["01", "001"]) == ([], "")
    assert look_alike_pairs(["A"], ["B"]) == ([], "")
    assert look_alike_pairs([], ["1"]) == ([], "")
    # a number inside an id keeps its zeros' meaning: 10 is not 1
    assert look_alike_pairs(["1"], ["10"]) == ([], "")


def test_the_hint_quotes_a_few_pairs_and_says_why():
    en, ko = look_alike_hint([str(n) for n in range(1, 6)], [f"{n:03d}" for n in range(1, 6)])
    assert "001 ↔ 1, 002 ↔ 2, 003 ↔ 3 … (+2)" in en and "leading zeros" in en
    assert "001 ↔ 1" in ko and "앞의 0" in ko
    assert look_alike_hint(["Q1"], ["X9"]) == ("", "")


def test_a_run_with_zero_padded_ids_is_pointed_at_the_judgments_ids(tmp_path):
    """Judgments typed in Excel (question 1, 2, 3: the zeros gone), a system's
    export with 001, 002, 003: nothing matches, every score is 0, and the
    warning says which ids look alike and why — at import and after evaluation."""
    import openpyxl

    from workbench.core.io.check import check_file

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["질문ID", "문단ID", "등급"])
    for q in (1, 2, 3):
        sheet.append([q, f"D{q}", 3])
    judgments_path = tmp_path / "판정.xlsx"
    book.save(judgments_path)
    run_path = tmp_path / "결과.csv"
    run_path.write_text(
        "질문ID,순위,문단ID\n" + "".join(f"{q:03d},1,D{q}\n" for q in (1, 2, 3)), encoding="utf-8"
    )
    js, rs = load_judgments(judgments_path), load_run(run_path)
    results = study_from_files(js, [rs], EvalSettings(ks=(1,))).evaluate()
    (warned,) = [w for w in results.warnings if w.code == "run_only_questions"]
    assert "001 ↔ 1, 002 ↔ 2, 003 ↔ 3" in warned.message_en
    assert "leading zeros" in warned.message_en and "앞의 0" in warned.message_ko

    check = check_file(run_path, "runs", qrels=js.judgments)
    (at_import,) = [p for p in check.problems if p.code == "run_only_questions"]
    assert "001 ↔ 1" in at_import.message_en


def test_passage_ids_written_another_way_are_pointed_out_with_the_judged_share(tmp_path):
    """Judgments name passages D001-01 …, the run d001_01 …: the run is all
    unjudged, and the low-coverage warning says why."""
    judgments = tmp_path / "판정.csv"
    judgments.write_text(
        "질문ID,문단ID,등급\n"
        + "".join(f"Q{q},D{q:03d}-0{p},{3 - p}\n" for q in (1, 2) for p in (1, 2)),
        encoding="utf-8",
    )
    run = tmp_path / "결과.csv"
    run.write_text(
        "질문ID,순위,문단ID\n"
        + "".join(f"Q{q},{p},d{q:03d}_0{p}\n" for q in (1, 2) for p in (1, 2)),
        encoding="utf-8",
    )
    results = study_from_files(
        load_judgments(judgments), [load_run(run)], EvalSettings(ks=(2,))
    ).evaluate()
    (warned,) = [w for w in results.warnings if w.code == "low_judged_coverage"]
    assert "passage ids look like the judgments'" in warned.message_en
    assert "d001_01 ↔ D001-01" in warned.message_en and "capitals" in warned.message_en
    assert "문단 ID가 판정 파일의 ID를" in warned.message_ko


def test_a_run_that_is_simply_unjudged_gets_no_hint(tmp_path):
    judgments = tmp_path / "판정.csv"
    judgments.write_text("질문ID,문단ID,등급\nQ1,D1,3\n", encoding="utf-8")
    run = tmp_path / "결과.csv"
    run.write_text("질문ID,순위,문단ID\nQ1,1,X7\nQ1,2,X8\nQ1,3,X9\n", encoding="utf-8")
    results = study_from_files(
        load_judgments(judgments), [load_run(run)], EvalSettings(ks=(3,))
    ).evaluate()
    (warned,) = [w for w in results.warnings if w.code == "low_judged_coverage"]
    assert "look like" not in warned.message_en


def test_passages_are_not_paired_on_their_numbers_alone():
    assert look_alike_hint(["D12"], ["P12"], what="passage") == ("", "")
    assert look_alike_hint(["Q12"], ["12"], what="question")[0]
