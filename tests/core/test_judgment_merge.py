"""One judgments file per assessor: merged with and without an assessor column,
overlaps reported like duplicates, and the command line's repeated --qrels."""

from __future__ import annotations

import json

import pytest

from workbench.cli import EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, main
from workbench.core.io import (
    assessor_from_file_name,
    load_judgments,
    merge_judgment_sets,
    name_assessor,
)
from workbench.core.measures.agreement import agreement_table
from workbench.core.model import schema as s
from workbench.core.model.problems import InputError
from workbench.core.study import Study


def _write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def named(tmp_path):
    """Two files with an assessor column."""
    a = _write(
        tmp_path / "a.csv", "질문ID,문단ID,등급,평가자\nq1,p1,3,김\nq1,p2,0,김\nq2,p3,2,김\n"
    )
    b = _write(
        tmp_path / "b.csv", "질문ID,문단ID,등급,평가자\nq1,p1,2,이\nq1,p2,0,이\nq2,p4,1,이\n"
    )
    return a, b


@pytest.fixture
def unnamed(tmp_path):
    """Two files without one, named for their assessors (평가자A.xlsx, 평가자B.xlsx)."""
    a = _write(
        tmp_path / "평가자A.csv",
        "질문ID,문단ID,등급\nq1,p1,3\nq1,p2,0\nq2,p3,2\n",
    )
    b = _write(
        tmp_path / "평가자B.csv",
        "질문ID,문단ID,등급\nq1,p1,3\nq1,p2,1\nq2,p3,2\n",
    )
    return a, b


def test_two_files_with_an_assessor_column_keep_every_assessors_grades(named):
    merged = merge_judgment_sets([load_judgments(p) for p in named])
    assert merged.assessors == ["김", "이"]
    assert len(merged.judgments) == 6
    assert [src.name for src in merged.sources] == ["a.csv", "b.csv"]
    pair = agreement_table(merged.judgments).pairs[0]
    assert (pair.n, pair.exact) == (2, 0.5)  # q1/p1 3 vs 2, q1/p2 0 vs 0


def test_two_files_without_one_take_the_assessor_from_the_file_name(unnamed):
    sets = [name_assessor(load_judgments(p), assessor_from_file_name(p)) for p in unnamed]
    merged = merge_judgment_sets(sets)
    assert merged.assessors == ["평가자A", "평가자B"]
    rows = merged.judgments[[s.QID, s.PID, s.GRADE, s.ASSESSOR]].values.tolist()
    assert ["q1", "p2", 1, "평가자B"] in rows and ["q1", "p2", 0, "평가자A"] in rows
    summary = agreement_table(merged.judgments)
    assert summary.pairs[0].n == 3 and summary.disagreements == 1
    # the given sets are not changed
    assert set(load_judgments(unnamed[0]).judgments[s.ASSESSOR]) == {""}


def test_the_study_merges_files_and_keeps_each_ones_options(unnamed):
    study = Study()
    study.set_judgments(load_judgments(unnamed[0]), {"assessor": "평가자A"})
    study.add_judgments(load_judgments(unnamed[1]), {"assessor": "평가자B", "sheets": None})
    assert study.assessors == ["평가자A", "평가자B"]
    assert [src.options.assessor for src in study.judgment_sources] == ["평가자A", "평가자B"]
    assert len(study.judgments_in_force()) == 6
    first = study.judgment_sources[0].id
    assert study.remove_judgment_source(first)
    assert study.assessors == ["평가자B"]
    assert study.remove_judgment_source(study.judgment_sources[0].id)
    assert study.judgment_set is None


def test_one_assessor_grading_an_item_differently_in_two_files_is_an_error_naming_both(unnamed):
    a, b = unnamed
    study = Study()
    study.set_judgments(load_judgments(a), {"assessor": "평가자A"})
    # the second file said to be the same person's: q1/p2 is 0 in one file, 1 in the other
    with pytest.raises(InputError) as caught:
        study.add_judgments(load_judgments(b), {"assessor": "평가자A"})
    errors = caught.value.errors
    assert len(errors) == 1
    message = errors[0].message("en")
    assert "평가자A.csv row 3: 0" in message and "평가자B.csv row 3: 1" in message
    assert errors[0].file == "평가자B.csv" and errors[0].row == 3
    assert "평가자A.csv 3행: 0" in errors[0].message("ko")
    # nothing was merged
    assert len(study.judgment_sources) == 1 and len(study.judgments_in_force()) == 3


def test_the_same_grade_in_two_files_is_a_warning_and_counted_once(tmp_path, unnamed):
    a, _b = unnamed
    again = _write(tmp_path / "다시.csv", "질문ID,문단ID,등급\nq1,p1,3\nq9,p9,1\n")
    merged = merge_judgment_sets([name_assessor(load_judgments(p), "평가자A") for p in (a, again)])
    assert len(merged.judgments) == 4
    warnings = [p for p in merged.problems if p.code == "duplicate_judgment_files"]
    assert len(warnings) == 1 and "평가자A.csv" in warnings[0].message_en
    assert warnings[0].file == "다시.csv" and warnings[0].row == 2


def test_many_overlaps_are_listed_up_to_a_bound_and_counted(tmp_path):
    rows = "".join(f"q{i},p{i},1\n" for i in range(250))
    other = "".join(f"q{i},p{i},2\n" for i in range(250))
    a = _write(tmp_path / "x.csv", "질문ID,문단ID,등급\n" + rows)
    b = _write(tmp_path / "y.csv", "질문ID,문단ID,등급\n" + other)
    with pytest.raises(InputError) as caught:
        merge_judgment_sets([load_judgments(a), load_judgments(b)])
    codes = [p.code for p in caught.value.errors]
    assert codes.count("duplicate_conflict_files") == 150
    assert "100 more" in caught.value.errors[-1].message_en


@pytest.mark.parametrize(
    ("name", "assessor"),
    [
        ("평가자A.xlsx", "평가자A"),
        ("평가_김목사.xlsx", "김목사"),
        ("judgments-kim.csv", "kim"),
        ("판정풀_평가자C_작성.xlsx", "평가자C"),
        ("평가.xlsx", "평가"),
    ],
)
def test_the_assessor_a_file_name_suggests(name, assessor):
    assert assessor_from_file_name(name) == assessor


def test_questions_and_passages_of_the_files_are_joined(tmp_path):
    a = _write(tmp_path / "a.csv", "질문ID,질문,문단ID,본문,등급\nq1,첫 질문,p1,가,1\n")
    b = _write(
        tmp_path / "b.csv", "질문ID,질문,문단ID,본문,등급\nq1,다른 글,p1,나,2\nq2,둘째,p2,다,0\n"
    )
    merged = merge_judgment_sets(
        [name_assessor(load_judgments(a), "A"), name_assessor(load_judgments(b), "B")]
    )
    assert merged.questions[s.QTEXT].tolist() == ["첫 질문", "둘째"]
    assert merged.passages[s.TEXT].tolist() == ["가", "다"]


# -- the command line -------------------------------------------------------------------------
@pytest.fixture
def run_file(tmp_path):
    return _write(tmp_path / "run.csv", "질문ID,문단ID,순위\nq1,p1,1\nq1,p2,2\nq2,p3,1\n")


def test_agreement_and_eval_take_several_qrels_files(unnamed, run_file, capsys, tmp_path):
    a, b = unnamed
    out = tmp_path / "ag.json"
    assert main(["agreement", "--qrels", str(a), "--qrels", str(b), "--json", str(out)]) == EXIT_OK
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["assessors"] == ["평가자A", "평가자B"]
    assert data["pairs"][0]["n"] == 3 and data["disagreements"] == 1
    capsys.readouterr()
    # several files after one --qrels, too
    code = main(
        ["eval", "--qrels", str(a), str(b), "--run", str(run_file), "--k", "1", "--json", "-"]
    )
    assert code == EXIT_OK
    result = json.loads(capsys.readouterr().out)
    # median of 0 and 1 is 0 (lower middle): q1/p2 is not relevant; q1 → p1 (3) relevant at 1
    assert result["systems"]["run"]["metrics"]["P@1"] == pytest.approx(1.0)


def test_judgments_command_writes_both_assessors(unnamed, tmp_path):
    a, b = unnamed
    out = tmp_path / "합친 판정.xlsx"
    assert main(["judgments", "--qrels", str(a), "--qrels", str(b), "--out", str(out)]) == EXIT_OK
    back = load_judgments(out)
    assert back.assessors == ["평가자A", "평가자B"] and len(back.judgments) == 6


def test_a_conflict_between_files_on_the_command_line_is_bad_input(tmp_path, capsys):
    a = _write(tmp_path / "a.csv", "질문ID,문단ID,등급,평가자\nq1,p1,3,김\n")
    b = _write(tmp_path / "b.csv", "질문ID,문단ID,등급,평가자\nq1,p1,1,김\n")
    assert (
        main(["agreement", "--qrels", str(a), "--qrels", str(b), "--lang", "en"]) == EXIT_BAD_INPUT
    )
    err = capsys.readouterr().err
    assert "a.csv row 2: 3" in err and "b.csv row 2: 1" in err and "Traceback" not in err


# -- workbench pool -------------------------------------------------------------------------------
def test_the_pool_command_writes_a_workbook_for_one_assessor(unnamed, run_file, tmp_path, capsys):
    import openpyxl

    a, b = unnamed
    out = tmp_path / "풀.xlsx"
    code = main(
        [
            "pool",
            "--qrels",
            str(a),
            "--run",
            str(run_file),
            "--assessor",
            "새 평가자",
            "--depth",
            "2",
            "--questions",
            "q1",
            "--seed",
            "5",
            "--out",
            str(out),
            "--lang",
            "en",
        ]
    )
    assert code == EXIT_OK
    assert "2 passages for 새 평가자 (depth 2, seed 5)" in capsys.readouterr().out
    rows = list(openpyxl.load_workbook(out)["judgments"].iter_rows(min_row=2, values_only=True))
    assert sorted((r[0], r[2]) for r in rows) == [("q1", "p1"), ("q1", "p2")]
    assert {r[7] for r in rows} == {"새 평가자"}
    # the assessor's own grades leave the pool: 평가자A graded everything the run ranks
    code = main(
        [
            "pool",
            "--qrels",
            str(a),
            "--qrels",
            str(b),
            "--run",
            str(run_file),
            "--assessor",
            "평가자A",
            "--out",
            str(tmp_path / "a.xlsx"),
        ]
    )
    assert code == EXIT_OK
    assert load_judgments(tmp_path / "a.xlsx").judgments.empty


@pytest.mark.parametrize(
    "extra",
    [
        ["--depth", "0"],
        ["--systems", "없는시스템"],
        ["--questions", "q404"],
        ["--assessor", " "],
    ],
)
def test_the_pool_command_refuses_usage_errors(unnamed, run_file, tmp_path, extra, capsys):
    a, _b = unnamed
    argv = [
        "pool",
        "--qrels",
        str(a),
        "--run",
        str(run_file),
        "--assessor",
        "C",
        "--out",
        str(tmp_path / "p.xlsx"),
        *extra,
    ]
    assert main(argv) == EXIT_USAGE
    assert not (tmp_path / "p.xlsx").exists()
    assert "Traceback" not in capsys.readouterr().err


def test_the_pool_command_wants_an_xlsx_and_never_writes_onto_an_input(unnamed, run_file, tmp_path):
    a, _b = unnamed
    base = ["pool", "--qrels", str(a), "--run", str(run_file), "--assessor", "C"]
    assert main([*base, "--out", str(tmp_path / "p.csv")]) == EXIT_USAGE
    xlsx_input = tmp_path / "in.xlsx"
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.append(["질문ID", "문단ID", "등급"])
    wb.active.append(["q1", "p1", 1])
    wb.save(xlsx_input)
    assert main(
        [
            "pool",
            "--qrels",
            str(xlsx_input),
            "--run",
            str(run_file),
            "--assessor",
            "C",
            "--out",
            str(xlsx_input),
        ]
    ) in (EXIT_USAGE, EXIT_BAD_INPUT)
    assert load_judgments(xlsx_input).judgments[s.GRADE].tolist() == [1]
