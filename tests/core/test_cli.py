"""The command line as researchers and scripts use it: options, JSON shape, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from workbench import __version__
from workbench.cli import EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, main

# The blog example: relevant A C E G; the system returns A B C D E.
QRELS = "q1 0 A 1\nq1 0 C 1\nq1 0 E 1\nq1 0 G 1\nq1 0 B 0\n"
RUN = "".join(f"q1 Q0 {doc} {i} {10 - i} BM25\n" for i, doc in enumerate("ABCDE", start=1))


@pytest.fixture
def trec_files(tmp_path):
    qrels = tmp_path / "qrels.txt"
    run = tmp_path / "run.txt"
    qrels.write_text(QRELS, encoding="utf-8")
    run.write_text(RUN, encoding="utf-8")
    return qrels, run


def test_version_is_printed_by_the_installed_entry_point():
    out = subprocess.run(
        [sys.executable, "-m", "workbench", "--version"], capture_output=True, text=True, check=True
    )
    assert __version__ in out.stdout


def test_eval_json_has_the_spec_shape_and_the_blog_values(trec_files, capsys):
    qrels, run = trec_files
    code = main(["eval", "--qrels", str(qrels), "--run", str(run), "--k", "3,5", "--json", "-"])
    assert code == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"settings", "systems", "per_question", "unanswerable", "warnings"}
    metrics = data["systems"]["BM25"]["metrics"]
    assert data["systems"]["BM25"]["n"] == 1
    assert metrics["P@5"] == pytest.approx(0.6)
    assert metrics["Recall@5"] == pytest.approx(0.75)
    assert metrics["P@3"] == pytest.approx(2 / 3)
    assert metrics["Recall@3"] == pytest.approx(0.5)
    assert metrics["Hit@5"] == 1
    assert metrics["MRR"] == 1
    assert metrics["MAP@5"] == pytest.approx((1 + 2 / 3 + 3 / 5) / 4)
    assert {
        "P@5",
        "Recall@5",
        "Hit@5",
        "MRR@5",
        "MAP@5",
        "nDCG@5",
        "MRR",
        "MAP",
        "R-Prec",
        "Judged@5",
    } <= set(metrics)
    assert data["per_question"][0]["system"] == "BM25"
    assert data["per_question"][0]["question_id"] == "q1"
    assert data["settings"]["ks"] == [3, 5]


def test_eval_writes_json_to_a_file_and_prints_a_table(trec_files, tmp_path, capsys):
    qrels, run = trec_files
    target = tmp_path / "out.json"
    code = main(["eval", "--qrels", str(qrels), "--run", str(run), "--json", str(target)])
    assert code == EXIT_OK
    assert json.loads(target.read_text(encoding="utf-8"))["systems"]["BM25"]["n"] == 1
    out = capsys.readouterr().out
    assert "BM25" in out and "nDCG@10" in out


def test_bad_cutoff_is_a_usage_error(trec_files, capsys):
    qrels, run = trec_files
    assert main(["eval", "--qrels", str(qrels), "--run", str(run), "--k", "a,b"]) == EXIT_USAGE
    assert "--k" in capsys.readouterr().err


def test_unknown_option_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["eval", "--nonsense"])
    assert exc.value.code == EXIT_USAGE


def test_missing_file_is_bad_input_without_traceback(tmp_path, capsys):
    code = main(
        [
            "eval",
            "--qrels",
            str(tmp_path / "nope.xlsx"),
            "--run",
            str(tmp_path / "r.txt"),
            "--lang",
            "en",
        ]
    )
    assert code == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "nope.xlsx" in err and "Traceback" not in err


def test_bad_grade_names_the_row_and_exits_3(tmp_path):
    qrels = tmp_path / "qrels.csv"
    qrels.write_text("qid,docid,grade\nq1,A,3\nq1,B,high\n", encoding="utf-8")
    run = tmp_path / "run.txt"
    run.write_text(RUN, encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench",
            "eval",
            "--qrels",
            str(qrels),
            "--run",
            str(run),
            "--lang",
            "en",
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == EXIT_BAD_INPUT
    assert "qrels.csv" in proc.stderr and "3" in proc.stderr and "high" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_grade_typed_another_way_is_read_only_with_read_grade(tmp_path, capsys):
    qrels = tmp_path / "qrels.csv"
    qrels.write_text("qid,docid,grade\nq1,A,3점\nq1,C,1\nq1,E,상\n", encoding="utf-8")
    run = tmp_path / "run.txt"
    run.write_text(RUN, encoding="utf-8")
    base = ["eval", "--qrels", str(qrels), "--run", str(run), "--k", "5", "--lang", "en"]
    assert main(base) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "line 2" in err or "row 2" in err
    assert "--read-grade '3점=3'" in err
    code = main([*base, "--read-grade", "3점=3", "--read-grade", "상=2", "--json", "-"])
    assert code == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    # A (3), C (1) and E (2) relevant among the top 5: P@5 = 3/5
    assert data["systems"]["BM25"]["metrics"]["P@5"] == pytest.approx(0.6)
    converted = [w for w in data["warnings"] if w["code"] == "grade_converted"]
    assert len(converted) == 2 and {w["row"] for w in converted} == {2, 4}
    assert main([*base, "--read-grade", "3점=7"]) == EXIT_USAGE


def test_eval_prints_a_confirmed_reading_as_info_not_as_a_warning(tmp_path, capsys):
    qrels = tmp_path / "qrels.csv"
    qrels.write_text("qid,docid,grade\nq1,A,3점\nq1,C,1\n", encoding="utf-8")
    run = tmp_path / "run.txt"
    run.write_text(RUN, encoding="utf-8")
    base = ["eval", "--qrels", str(qrels), "--run", str(run), "--read-grade", "3점=3"]
    assert main([*base, "--lang", "en"]) == EXIT_OK
    err = capsys.readouterr().err.splitlines()
    assert [line for line in err if "'3점'" in line] == [
        "info: qrels.csv, row 2, column 'grade': grade: '3점' was read as 3, as you confirmed, "
        "in 1 row(s): 2."
    ]
    assert not [line for line in err if line.startswith("warning:") and "3점" in line]
    errors_warnings_infos = err[-1]
    assert errors_warnings_infos.startswith("(0 errors · ") and errors_warnings_infos.endswith(
        " · 1 info)"
    )
    assert main([*base, "--lang", "ko", "--json", "-"]) == EXIT_OK
    out = capsys.readouterr()
    assert any(line.startswith("정보: qrels.csv") for line in out.err.splitlines())
    # the JSON keeps its "warnings" list; the level tells an info apart
    levels = {w["code"]: w["severity"] for w in json.loads(out.out)["warnings"]}
    assert levels["grade_converted"] == "info"


def test_agreement_and_judgments_print_their_warnings_and_info_on_stderr(tmp_path, capsys):
    qrels = tmp_path / "qrels.csv"
    qrels.write_text(
        "qid,docid,grade,assessor\nq1,A,3점,kim\nq1,A,2,lee\nq1,B,1,kim\nq1,B,1,lee\n"
        "q1,B,1,kim\n",
        encoding="utf-8",
    )
    grade = ["--read-grade", "3점=3", "--lang", "en"]
    told = (
        "info: qrels.csv, row 2, column 'grade': grade: '3점' was read as 3, as you confirmed, "
        "in 1 row(s): 2."
    )
    assert main(["agreement", "--qrels", str(qrels), *grade]) == EXIT_OK
    err = capsys.readouterr().err.splitlines()
    assert told in err
    # kim grades B twice, the same: a warning (the first row is used)
    (twice,) = [line for line in err if line.startswith("warning: ")]
    assert "passage 'B' is judged twice by assessor 'kim'" in twice
    assert err[-1] == "(0 errors · 1 warning · 1 info)"
    out = tmp_path / "qrels.txt"
    assert main(["judgments", "--qrels", str(qrels), "--out", str(out), *grade]) == EXIT_OK
    err = capsys.readouterr().err.splitlines()
    assert told in err and err[-1] == "(0 errors · 1 warning · 1 info)"


def test_compare_adds_comparisons(tmp_path, capsys):
    qrels = tmp_path / "qrels.txt"
    lines = []
    for q in range(1, 9):
        lines += [f"q{q} 0 A 2", f"q{q} 0 B 1"]
    qrels.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = tmp_path / "run.txt"
    rows = []
    for q in range(1, 9):
        rows += [f"q{q} Q0 A 1 2 good", f"q{q} Q0 B 2 1 good"]
        rows += [f"q{q} Q0 X 1 2 poor", f"q{q} Q0 A 2 1 poor"]
    run.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code = main(
        [
            "eval",
            "--qrels",
            str(qrels),
            "--run",
            str(run),
            "--compare",
            "--baseline",
            "poor",
            "--json",
            "-",
        ]
    )
    assert code == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    comparisons = data["comparisons"]
    fields = {
        "metric",
        "baseline",
        "system",
        "n",
        "mean_diff",
        "ci_low",
        "ci_high",
        "p_value",
        "p_adjusted",
        "test",
        "wins",
        "ties",
        "losses",
    }
    assert comparisons and fields <= set(comparisons[0])
    mrr = next(c for c in comparisons if c["metric"] == "MRR")
    assert mrr["baseline"] == "poor" and mrr["system"] == "good"
    assert mrr["mean_diff"] == pytest.approx(0.5) and mrr["wins"] == 8


def test_unknown_baseline_is_a_usage_error(trec_files, capsys):
    qrels, run = trec_files
    code = main(["eval", "--qrels", str(qrels), "--run", str(run), "--compare", "--baseline", "X"])
    assert code == EXIT_USAGE


def test_agreement_json_shape(tmp_path, capsys):
    qrels = tmp_path / "judgments.csv"
    qrels.write_text(
        "질문ID,문단ID,등급,평가자\n"
        "q1,A,3,가\nq1,A,3,나\nq1,B,1,가\nq1,B,2,나\nq2,C,0,가\nq2,C,0,나\n",
        encoding="utf-8",
    )
    assert main(["agreement", "--qrels", str(qrels), "--json", "-"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["assessors"] == ["가", "나"]
    assert data["items"] == 3 and data["disagreements"] == 1
    pair = data["pairs"][0]
    assert {pair["a"], pair["b"]} == {"가", "나"} and pair["n"] == 3
    assert pair["exact"] == pytest.approx(2 / 3)
    assert "alpha_ordinal" in data


def test_template_writes_readable_templates(tmp_path, capsys):
    assert main(["template", str(tmp_path / "t")]) == EXIT_OK
    written = list((tmp_path / "t").glob("*.xlsx"))
    assert len(written) >= 2


def test_two_run_files_with_the_same_system_name_stay_apart(tmp_path, capsys):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text(QRELS, encoding="utf-8")
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(RUN, encoding="utf-8")
    # the same tag, a different ranking: G (relevant) first
    second.write_text("q1 Q0 G 1 9 BM25\nq1 Q0 B 2 8 BM25\n", encoding="utf-8")
    code = main(
        ["eval", "--qrels", str(qrels), "--run", str(first), "--run", str(second), "--json", "-"]
    )
    assert code == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert list(data["systems"]) == ["BM25", "BM25 (2)"]
    assert data["systems"]["BM25"]["metrics"]["P@5"] == pytest.approx(0.6)
    assert data["systems"]["BM25 (2)"]["metrics"]["P@5"] == pytest.approx(0.2)
    assert any(w["code"] == "system.renamed" for w in data["warnings"])


# -- the study on the command line -------------------------------------------------------
def test_two_runs_named_alike_are_renamed_with_the_warning(trec_files, tmp_path, capsys):
    """The same path as the app (Study.add_runs): the second BM25 is 'BM25 (2)'."""
    qrels, run = trec_files
    other = tmp_path / "other.txt"
    other.write_text(RUN.replace(" A 1 ", " C 1 ").replace(" C 3 ", " A 3 "), encoding="utf-8")
    code = main(
        [
            "eval",
            "--qrels",
            str(qrels),
            "--run",
            str(run),
            "--run",
            str(other),
            "--json",
            "-",
            "--lang",
            "en",
        ]
    )
    assert code == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert list(data["systems"]) == ["BM25", "BM25 (2)"]
    renamed = [w for w in data["warnings"] if w["code"] == "system.renamed"]
    assert len(renamed) == 1 and renamed[0]["file"] == "other.txt"
    assert "'BM25 (2)'" in renamed[0]["message_en"]


JUDGMENTS_TWO = "질문ID,문단ID,등급,평가자\nq1,A,0,가\nq1,A,2,나\nq1,B,1,가\nq1,B,1,나\nq2,C,3,가\n"


@pytest.mark.parametrize(
    ("resolution", "expected"),
    [
        ("median", {("q1", "A"): 0, ("q1", "B"): 1, ("q2", "C"): 3}),
        ("max", {("q1", "A"): 2, ("q1", "B"): 1, ("q2", "C"): 3}),
    ],
)
def test_judgments_writes_the_resolved_grades_as_trec_qrels(tmp_path, resolution, expected):
    source = tmp_path / "판정.csv"
    source.write_text(JUDGMENTS_TWO, encoding="utf-8")
    out = tmp_path / "resolved.qrels"
    code = main(
        ["judgments", "--qrels", str(source), "--resolution", resolution, "--out", str(out)]
    )
    assert code == EXIT_OK
    lines = [line.split() for line in out.read_text(encoding="utf-8").splitlines()]
    assert {(q, d): int(g) for q, zero, d, g in lines} == expected
    assert all(zero == "0" for _q, zero, _d, _g in lines)


def test_judgments_workbook_reads_back_to_the_same_grades(tmp_path):
    from workbench.core.io import load_judgments
    from workbench.core.study import study_from_files

    source = tmp_path / "판정.csv"
    source.write_text(JUDGMENTS_TWO, encoding="utf-8")
    out = tmp_path / "resolved.xlsx"
    assert main(["judgments", "--qrels", str(source), "--out", str(out), "--lang", "ko"]) == 0
    before = study_from_files(load_judgments(source), []).grades_used()
    after = study_from_files(load_judgments(out), []).grades_used()
    assert before == after


def test_judgments_refuses_to_overwrite_its_input_and_odd_suffixes(tmp_path, capsys):
    source = tmp_path / "qrels.txt"
    source.write_text(QRELS, encoding="utf-8")
    before = source.read_bytes()
    assert main(["judgments", "--qrels", str(source), "--out", str(source)]) == EXIT_BAD_INPUT
    assert source.read_bytes() == before
    assert main(["judgments", "--qrels", str(source), "--out", str(tmp_path / "x.pdf")]) == (
        EXIT_USAGE
    )


# -- diagnosis --------------------------------------------------------------------------
def test_eval_json_carries_the_diagnosis_in_the_chosen_language(trec_files, capsys):
    qrels, run = trec_files
    # blog example at K 3, 5: MRR 1, Recall@5 0.75 (first_only needs Recall@5 < 0.8 here)
    args = ["eval", "--qrels", str(qrels), "--run", str(run), "--k", "3,5", "--json", "-"]
    assert main([*args, "--lang", "ko", "--diagnosis", "recall_low=0.8"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    diag = data["diagnosis"]
    assert diag["thresholds"]["recall_low"] == 0.8 and diag["thresholds"]["candidate_k"] == 20
    findings = {f["rule"]: f for f in diag["systems"]["BM25"]["findings"]}
    first = findings["first_only"]
    assert first["values"] == {"MRR": 1.0, "Recall@5": 0.75}
    assert first["thresholds"] == {"context_k": 5, "mrr_high": 0.8, "recall_low": 0.8}
    assert first["question_ids"] == ["q1"]
    assert first["sentence"].startswith("BM25는 MRR이 1.00으로 첫 근거는 빨리 찾지만")
    # Recall@20 is not among the K and the run holds 5 per question: those rules are
    # listed as not checked, saying so, with no K to add (it would repeat Recall@5)
    silent = {n["rule"]: n for n in diag["not_checked"]}
    assert silent["order_weak"]["add_k"] == []
    assert "질문당 최대 5개뿐" in silent["order_weak"]["reason"]
    assert diag["systems"]["BM25"]["k_advice"]["ladder"] == [3, 5]


def test_eval_prints_the_diagnosis_after_the_table(trec_files, capsys):
    qrels, run = trec_files
    assert main(["eval", "--qrels", str(qrels), "--run", str(run), "--lang", "en"]) == EXIT_OK
    out = capsys.readouterr().out
    table_at, diagnosis_at = out.index("nDCG@10"), out.index("\nDiagnosis\n")
    assert table_at < diagnosis_at
    assert "- BM25: " in out[diagnosis_at:] and "Not checked:" in out


def test_a_bad_diagnosis_threshold_is_a_usage_error(trec_files, capsys):
    qrels, run = trec_files
    base = ["eval", "--qrels", str(qrels), "--run", str(run)]
    assert main([*base, "--diagnosis", "recall_low=2"]) == EXIT_USAGE
    assert "recall_low" in capsys.readouterr().err
    assert main([*base, "--diagnosis", "nonsense"]) == EXIT_USAGE
    assert "NAME=VALUE" in capsys.readouterr().err

# -- answers -------------------------------------------------------------------------------
def test_eval_with_answers_adds_the_answers_json_and_the_report_sheets(tmp_path, capsys):
    from openpyxl import load_workbook

    from workbench.paths import demo_dir

    demo = demo_dir()
    report = tmp_path / "report.xlsx"
    out = tmp_path / "out.json"
    code = main(
        [
            "eval",
            "--qrels", str(demo / "judgments.xlsx"),
            "--run", str(demo / "runs.xlsx"),
            "--answers", str(demo / "answers.xlsx"),
            "--ratings", str(demo / "ratings.xlsx"),
            "--k", "5,10",
            "--json", str(out),
            "--report", str(report),
            "--lang", "en",
        ]
    )  # fmt: skip
    assert code == EXIT_OK
    printed = capsys.readouterr().out
    # the ratings file brings its 루브릭 sheet: its criteria names are used
    assert "출처 표기 정확도" in printed and "mean rating" in printed
    data = json.loads(out.read_text(encoding="utf-8"))["answers"]
    assert set(data["systems"]) == {"BM25", "Vector", "Hybrid", "GraphRAG"}
    bm25 = data["systems"]["BM25"]
    assert bm25["checks"]["answers"] == 48 and bm25["run"] == "BM25"
    cited = [c for a in data["per_answer"] for c in a["citations"]]
    assert any(c["rank"] is None and not c["known"] for c in cited)  # the made-up citation
    assert all(
        isinstance(c["rank"], int) for c in cited if c["retrieved"] and c["rank"] is not None
    )
    assert data["retrieval_correlation"]["measure"] == "nDCG@5"
    names = load_workbook(report, read_only=True).sheetnames
    assert "Answers" in names and "Citations" in names
    assert names.index("Citations") == names.index("Answers") + 1 < names.index("Settings")


def test_ratings_without_answers_is_a_usage_error(trec_files, tmp_path, capsys):
    qrels, run = trec_files
    ratings = tmp_path / "r.csv"
    ratings.write_text("질문ID,시스템,평가자,출처 표기 정확도\nq1,BM25,가,3\n", encoding="utf-8")
    code = main(["eval", "--qrels", str(qrels), "--run", str(run), "--ratings", str(ratings)])
    assert code == EXIT_USAGE
    assert "--answers" in capsys.readouterr().err


def test_a_bad_answers_file_exits_3_with_the_row(trec_files, tmp_path, capsys):
    qrels, run = trec_files
    answers = tmp_path / "answers.csv"
    answers.write_text("질문ID,답변\nq1,답\n,빈 질문\n", encoding="utf-8")
    code = main(
        [
            "eval",
            "--qrels",
            str(qrels),
            "--run",
            str(run),
            "--answers",
            str(answers),
            "--lang",
            "en",
        ]
    )
    assert code == EXIT_BAD_INPUT
    assert "row 3" in capsys.readouterr().err


def test_the_report_never_replaces_an_answers_file(trec_files, tmp_path, capsys):
    qrels, run = trec_files
    answers = tmp_path / "answers.csv"
    answers.write_text("질문ID,답변\nq1,답\n", encoding="utf-8")
    before = answers.read_bytes()
    code = main(
        [
            "eval",
            "--qrels",
            str(qrels),
            "--run",
            str(run),
            "--answers",
            str(answers),
            "--json",
            str(answers),
        ]
    )
    assert code == EXIT_BAD_INPUT
    assert answers.read_bytes() == before


def test_eval_without_a_report_does_not_load_the_report_writer(trec_files, tmp_path):
    """openpyxl and the report modules cost a plain evaluation ~0.1 s of start-up."""
    qrels, run = trec_files
    probe = (
        "import sys\n"
        "from workbench.cli import main\n"
        f"code = main(['eval', '--qrels', {str(qrels)!r}, '--run', {str(run)!r}, "
        f"'--json', {str(tmp_path / 'out.json')!r}])\n"
        "loaded = [m for m in ('openpyxl', 'workbench.core.report', 'workbench.core.export') "
        "if m in sys.modules]\n"
        "print('LOADED', loaded, code)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "LOADED [] 0" in out.stdout


#: what a plain evaluation of TREC files never uses (project files, pools,
#: the manual, answers, workbooks and CSV files): its start-up imports none of them
NOT_FOR_A_TREC_EVALUATION = (
    "openpyxl",
    "workbench.core.io.answers",
    "workbench.core.io.cells",
    "workbench.core.io.csv_check",
    "workbench.core.io.limits",
    "workbench.core.io.manual_sheet",
    "workbench.core.io.project",
    "workbench.core.measures.decisive",
    "workbench.core.protocol.answers",
    "workbench.core.protocol.manual",
    "workbench.core.protocol.pool",
    "workbench.core.protocol.review",
)


def test_a_trec_evaluation_imports_only_what_it_uses(trec_files, tmp_path):
    """The run file is read in the background while the command imports; every
    module the evaluation does not use takes CPU from that reading (~0.05 s
    of a 2M-line evaluation for the modules above)."""
    qrels, run = trec_files
    out_json = tmp_path / "out.json"
    probe = (
        "import contextlib, io, sys\n"
        "from workbench.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = main(['eval', '--qrels', {str(qrels)!r}, '--run', {str(run)!r}, "
        "'--order', 'trec', '--gain', 'linear', '--k', '1,3,5,10', "
        f"'--json', {str(out_json)!r}])\n"
        "print('CODE', code)\n"
        "print('MODULES', *sorted(sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "CODE 0" in out.stdout, out.stdout + out.stderr
    assert json.loads(out_json.read_text(encoding="utf-8"))["systems"]
    modules = set(next(x for x in out.stdout.splitlines() if x.startswith("MODULES ")).split()[1:])
    assert "workbench.core.study" in modules  # the probe did evaluate
    assert sorted(modules.intersection(NOT_FOR_A_TREC_EVALUATION)) == []


@pytest.mark.parametrize("command", ["eval", "agreement", "judgments", "pool", "template", "screenshots"])
def test_a_commands_help_loads_neither_pandas_nor_the_diagnosis(command):
    """Asking a command for its help, or for nothing (a usage error), answers at
    once: pandas and the diagnosis (~0.35 s) load only when the command runs."""
    probe = (
        "import sys, contextlib, io\n"
        "from workbench.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    try:\n"
        f"        main([{command!r}, '--help'])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "loaded = [m for m in ('pandas', 'workbench.core.protocol.diagnosis', 'workbench.core.study') "
        "if m in sys.modules]\n"
        "print('LOADED', loaded)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "LOADED []" in out.stdout, out.stdout + out.stderr


def test_reading_a_trec_file_ahead_starts_before_pandas_is_loaded():
    """The scanner module (and the package around it) imports neither numpy nor
    pandas, so `workbench eval` starts reading its inputs at once."""
    probe = (
        "import sys\n"
        "from workbench.core.io import trec_scan\n"
        "print('LOADED', [m for m in ('numpy', 'pandas') if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "LOADED []" in out.stdout, out.stdout + out.stderr


def test_eval_reads_its_trec_inputs_ahead_once_each(trec_files, capsys, monkeypatch):
    """`workbench eval` starts reading --run / --qrels while Python is still importing;
    the loaders take those readings (each file scanned once) and give the same result."""
    from workbench.core.io import trec_scan

    if not trec_scan.available():
        pytest.skip("the C scanner was not built here (no C compiler at install)")
    qrels, run = trec_files
    argv = ["eval", "--qrels", str(qrels), f"--run={run}", "--json", "-"]
    scanned = []
    real = trec_scan._scan
    monkeypatch.setattr(
        trec_scan, "_scan", lambda path, kinds, **given: scanned.append(path.name) or real(path, kinds, **given)
    )
    assert main(argv) == EXIT_OK
    ahead = json.loads(capsys.readouterr().out)
    assert sorted(scanned) == ["qrels.txt", "run.txt"] and trec_scan._ahead == {}
    assert main(["eval", "--qrels", str(qrels), "--run", str(run), "--k", "x"]) == EXIT_USAGE
    assert trec_scan._ahead == {}  # a reading nobody took is dropped

    monkeypatch.setattr(trec_scan, "read_ahead_if_trec", lambda path, digest=True: None)
    assert main(argv) == EXIT_OK
    assert json.loads(capsys.readouterr().out) == ahead


def test_agreement_json_has_each_assessors_standard_and_seeded_intervals(tmp_path, capsys):
    qrels = tmp_path / "judgments.csv"
    lines = ["질문ID,문단ID,등급,평가자"]
    # 가 gives 0, 1, 2 in turn; 나 one grade more on every one of 24 passages
    for i in range(24):
        lines += [f"q{i // 6},P{i},{i % 3},가", f"q{i // 6},P{i},{i % 3 + 1},나"]
    qrels.write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = ["agreement", "--qrels", str(qrels), "--json", "-", "--seed", "7", "--replicates", "200"]
    assert main(args) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["bootstrap"]["seed"] == 7 and data["bootstrap"]["replicates"] == 200
    ga, na = data["assessor_standards"]
    assert (ga["assessor"], ga["items"], ga["mean_grade"]) == ("가", 24, pytest.approx(1.0))
    assert ga["grade_counts"] == {"0": 8, "1": 8, "2": 8, "3": 0}
    assert na["grade_shares"]["3"] == pytest.approx(1 / 3)
    pair = data["pairs"][0]
    assert pair["confusion"] == [[0, 8, 0, 0], [0, 0, 8, 0], [0, 0, 0, 8], [0, 0, 0, 0]]
    assert pair["mean_difference"] == pytest.approx(1.0) and pair["notable"] is True
    low, high = pair["kappa_quadratic_ci"]["low"], pair["kappa_quadratic_ci"]["high"]
    assert low <= pair["kappa_quadratic"] <= high
    assert data["alpha_ci"]["replicates"] == 200
    # the words say who is more generous, and with which seed the intervals were drawn
    assert main(["agreement", "--qrels", str(qrels), "--lang", "ko", "--seed", "7"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "나가 더 후하게 판정합니다 (가보다 평균 1.00 높음" in out
    assert "시드 7" in out


def test_agreement_refuses_no_replicates(tmp_path, capsys):
    qrels = tmp_path / "judgments.csv"
    qrels.write_text("질문ID,문단ID,등급,평가자\nq1,A,3,가\nq1,A,2,나\n", encoding="utf-8")
    assert main(["agreement", "--qrels", str(qrels), "--replicates", "0"]) == EXIT_USAGE
    assert "--replicates" in capsys.readouterr().err


def test_eval_resolves_the_grades_before_it_reads_the_runs(trec_files, monkeypatch, capsys):
    """The runs named on the command line are read ahead on a second core, so
    the grades are resolved while that reading goes on, once, and that
    resolution is the one evaluated."""
    import workbench.core.io.options as options
    from workbench.core.study import Study

    qrels, run = trec_files
    steps = []
    load, resolve, evaluate = options.load, Study.qrels, Study.evaluate

    def logged_load(kind, *args, **kwargs):
        steps.append(f"read {kind}")
        return load(kind, *args, **kwargs)

    def logged_qrels(study, *args, **kwargs):
        steps.append("resolve")
        resolved = resolve(study, *args, **kwargs)
        steps.append(id(resolved))
        return resolved

    def logged_evaluate(study, *args, **kwargs):
        steps.append(("evaluate", id(kwargs.get("qrels"))))
        return evaluate(study, *args, **kwargs)

    monkeypatch.setattr(options, "load", logged_load)
    monkeypatch.setattr(Study, "qrels", logged_qrels)
    monkeypatch.setattr(Study, "evaluate", logged_evaluate)
    assert main(["eval", "--qrels", str(qrels), "--run", str(run), "--json", "-"]) == EXIT_OK
    resolved_id = steps[2]
    assert steps == ["read judgments", "resolve", resolved_id, "read runs", ("evaluate", resolved_id)]
    assert json.loads(capsys.readouterr().out)["systems"]["BM25"]["metrics"]["P@5"] == 0.6


def test_the_study_evaluates_grades_resolved_beforehand_as_its_own(trec_files):
    from workbench.core.io.options import load
    from workbench.core.study import Study

    qrels, run = trec_files
    study = Study()
    study.set_judgments(load("judgments", str(qrels)))
    study.add_runs(load("runs", str(run)))
    own = study.evaluate()
    given = study.evaluate(qrels=study.qrels())
    assert given.aggregates.equals(own.aggregates)
    assert given.per_question.equals(own.per_question)


@pytest.mark.parametrize("given", [None, "12"])
def test_the_program_has_openblas_threads_sleep_when_idle(given, tmp_path):
    """The program (cli.entry) tells numpy's OpenBLAS threads to sleep as soon as
    they have no work, before numpy loads, so that they do not spin on the core
    the run being read needs; a value the user set is kept."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_THREAD_TIMEOUT"}
    if given is not None:
        env["OPENBLAS_THREAD_TIMEOUT"] = given
    probe = (
        "import os, sys\n"
        "import workbench.cli as cli\n"
        "def main(argv):\n"
        "    print(os.environ.get('OPENBLAS_THREAD_TIMEOUT'), 'numpy' in sys.modules)\n"
        "    return 0\n"
        "cli.main = main\n"
        "sys.argv = ['workbench', 'eval']\n"
        "cli.entry()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [given or "4", "False"]


@pytest.mark.parametrize("json_target", ["file", "-"])
def test_the_program_ends_with_everything_written_and_its_exit_code(
    trec_files, tmp_path, capsys, json_target
):
    """After a command the process ends without tearing the interpreter down
    (cli.entry): what it printed (block-buffered into a pipe) and wrote must
    all be there, as the command run in this process prints and writes it,
    and the exit code must be the command's."""
    qrels, run = trec_files
    here, there = tmp_path / "here.json", tmp_path / "there.json"

    def args(out):
        target = str(out) if json_target == "file" else "-"
        return ["eval", "--qrels", str(qrels), "--run", str(run), "--k", "3,5", "--json", target]

    assert main(args(here)) == EXIT_OK
    printed = capsys.readouterr().out
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run(
        [sys.executable, "-m", "workbench", *args(there)],
        capture_output=True, text=True, timeout=120, env=buffered,
    )
    assert done.returncode == EXIT_OK, done.stderr
    assert done.stdout == printed
    if json_target == "file":
        assert there.read_text(encoding="utf-8") == here.read_text(encoding="utf-8")
    assert json.loads(done.stdout if json_target == "-" else there.read_text("utf-8"))[
        "systems"
    ]["BM25"]["metrics"]["P@5"] == pytest.approx(0.6)
    missing = subprocess.run(
        [sys.executable, "-m", "workbench", "eval", "--qrels", str(tmp_path / "none.txt"),
         "--run", str(run)],
        capture_output=True, text=True, timeout=120, env=buffered,
    )
    assert missing.returncode == EXIT_BAD_INPUT
    assert "none.txt" in missing.stderr


@pytest.mark.parametrize("spelling", ["--report", "--rep", "--report="])
def test_a_report_names_the_run_files_digest_however_report_is_spelled(
    trec_files, tmp_path, spelling
):
    """workbench eval reads its TREC files ahead without their SHA-256 unless a
    report is asked for (its Settings sheet names each file's digest): in any
    spelling argparse takes, the report has the run file's digest."""
    import hashlib

    from openpyxl import load_workbook

    qrels, run = trec_files
    report = tmp_path / "report.xlsx"
    asked = [spelling + str(report)] if spelling.endswith("=") else [spelling, str(report)]
    code = main(["eval", "--qrels", str(qrels), "--run", str(run), "--k", "3", *asked, "--lang", "en"])
    assert code == EXIT_OK
    sheet = load_workbook(report, read_only=True)["Settings"]
    cells = {str(v) for row in sheet.iter_rows(values_only=True) for v in row if v is not None}
    assert hashlib.sha256(run.read_bytes()).hexdigest() in cells
    assert hashlib.sha256(qrels.read_bytes()).hexdigest() in cells


def test_eval_without_a_report_reads_ahead_without_digests(trec_files, monkeypatch, capsys):
    """Without a report no output names a file's SHA-256: the files read ahead
    are not hashed (an 86 MB run: ~0.07 s of CPU the scan needs), and the
    numbers are the same."""
    from workbench.core.io import trec_scan

    qrels, run = trec_files
    args = ["eval", "--qrels", str(qrels), "--run", str(run), "--k", "3,5", "--json", "-"]
    asked = []
    real = trec_scan.read_ahead_if_trec
    monkeypatch.setattr(
        trec_scan, "read_ahead_if_trec", lambda path, digest=True: asked.append(digest) or real(path, digest)
    )
    assert main(args) == EXIT_OK
    without = capsys.readouterr().out
    assert asked == [False, False]
    monkeypatch.setattr(trec_scan, "read_ahead_if_trec", real)
    assert main(args) == EXIT_OK
    assert capsys.readouterr().out == without
