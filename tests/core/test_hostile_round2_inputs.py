"""The hostile corpus, round 2 (inputs): damaged CSV rows never swallow the rows
after them, every text input and argument is bounded, the qrels the app writes
read back, and runs come compressed or piped as researchers keep them.

Each case asserts the exit code, the message, the inputs unchanged (SHA-256
before and after), no temporary left and, where the file loads, the numbers
of the clean file.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import json
import lzma
import os
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.core.io import load_judgments, load_run
from workbench.core.io.atomic import is_workbench_temporary
from workbench.core.io.check import check_file
from workbench.core.io.reading import MAX_LINE_BYTES

ROOT = Path(__file__).resolve().parents[2]

CLEAN_RUN = "question_id,rank,passage_id,score\nQ1,1,A,9\nQ1,2,X,8\nQ2,1,E,9\nQ2,2,Y,8.5\nQ2,3,D,8\n"
#: the issue's seven lines: row 4 has extra fields and an unclosed quote
BROKEN_RUN = (
    "question_id,rank,passage_id,score\nQ1,1,A,9\nQ1,2,X,8\n"
    'Q1,3,C,7,"x,y",z,"\nQ2,1,E,9\nQ2,2,Y,8.5\nQ2,3,D,8\n'
)
QRELS = "question_id,passage_id,grade\nQ1,A,1\nQ1,C,1\nQ2,E,1\nQ2,D,1\n"
TREC_RUN = "1 Q0 A 1 9 sys\n1 Q0 X 2 8 sys\n2 Q0 E 1 9 sys\n2 Q0 D 2 8 sys\n"
TREC_QRELS = "1 0 A 1\n1 0 C 1\n2 0 E 1\n2 0 D 1\n"


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if is_workbench_temporary(p.name)]


def cli(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def eval_json(tmp_path: Path, run: Path, qrels: Path, capsys) -> dict:
    code, out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels), "--json", "-"], capsys)
    assert code == 0, err
    return json.loads(out)


# -- 1. CSV structure ----------------------------------------------------------------------
def test_unclosed_quote_with_extra_fields_names_the_row_and_loses_nothing(tmp_path, capsys):
    run = tmp_path / "run.csv"
    run.write_text(BROKEN_RUN, encoding="utf-8")
    qrels = tmp_path / "qrels.csv"
    qrels.write_text(QRELS, encoding="utf-8")
    before = sha(run), sha(qrels)
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels)], capsys)
    assert code == 3
    assert "Row 4" in err and "quotation mark" in err
    assert (sha(run), sha(qrels)) == before
    assert temporaries(tmp_path) == []


def test_a_malformed_row_left_out_in_the_preview_is_listed_and_the_rest_read(tmp_path):
    broken = tmp_path / "run.csv"
    broken.write_text(BROKEN_RUN, encoding="utf-8")
    check = check_file(broken, "runs")
    assert not check.ok and check.error_rows == {"": [4]}  # offered to be left out
    runs = load_run(broken, skip_rows={"": [4]}).runs
    # every row after the damaged one is read: Q2 has its three results
    assert sorted(runs[runs["question_id"] == "Q2"]["passage_id"]) == ["D", "E", "Y"]
    assert len(runs) == 5
    left_out = [p for p in load_run(broken, skip_rows={"": [4]}).problems if p.code == "rows_left_out"]
    assert left_out and "4" in left_out[0].message("en")


def test_left_out_row_gives_the_numbers_of_the_file_without_it(tmp_path):
    broken, clean = tmp_path / "run.csv", tmp_path / "clean" / "run.csv"
    clean.parent.mkdir()
    broken.write_text(BROKEN_RUN, encoding="utf-8")
    clean.write_text(CLEAN_RUN, encoding="utf-8")
    a = load_run(broken, skip_rows={"": [4]}).runs.reset_index(drop=True)
    b = load_run(clean).runs.reset_index(drop=True)
    assert a[["question_id", "passage_id", "rank"]].astype(str).equals(
        b[["question_id", "passage_id", "rank"]].astype(str)
    )


@pytest.mark.parametrize(
    "line, reason",
    [
        ("Q1,3,C,7,extra", "fields"),  # more fields than the header, no quotes
        ('Q1,3,"C', "quotation mark"),  # a quoted field running over the line end
    ],
)
def test_each_structural_fault_is_an_error_naming_its_row(tmp_path, line, reason):
    path = tmp_path / "judg.csv"
    path.write_text(f"question_id,passage_id,grade\nQ1,A,1\n{line}\nQ2,E,1\n", encoding="utf-8")
    check = check_file(path, "judgments")
    assert not check.ok
    messages = [p.message("en") for p in check.errors]
    assert any("Row 3" in m and reason in m for m in messages), messages
    kept = load_judgments(path, skip_rows={"": [3]}).judgments
    assert sorted(kept["question_id"]) == ["Q1", "Q2"]


def test_well_formed_quotes_and_trailing_empty_fields_still_load(tmp_path):
    path = tmp_path / "judg.csv"
    path.write_text(
        'question_id,passage_id,grade\nQ1,"A,1",1\nQ1,"B ""x""",2,,\nQ2,E,1\n', encoding="utf-8"
    )
    j = load_judgments(path).judgments
    assert sorted(j["passage_id"]) == ["A,1", 'B "x"', "E"]


# -- 2. bounds -----------------------------------------------------------------------------
def test_a_line_past_the_limit_is_refused_with_a_message(tmp_path, capsys):
    run = tmp_path / "run.csv"
    run.write_bytes(b"question_id,rank,passage_id,score\nQ1,1," + b"A" * (MAX_LINE_BYTES + 5) + b",9\n")
    qrels = tmp_path / "qrels.csv"
    qrels.write_text(QRELS, encoding="utf-8")
    before = sha(run)
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels)], capsys)
    assert code == 3 and "line of" in err and f"{MAX_LINE_BYTES:,}" in err
    assert sha(run) == before and temporaries(tmp_path) == []


@pytest.mark.parametrize("name", ["run.csv", "run.tsv", "run.txt"])
def test_a_plain_run_with_one_line_past_the_limit_is_refused_too(tmp_path, capsys, name):
    """Plain CSV, TSV and TREC runs are read by the C scanner; a line past the limit
    sends the file to the general reader, which refuses it with its message."""
    plain = {
        "run.csv": ("question_id,rank,passage_id,score\n", "Q1,{r},{p},9\n"),
        "run.tsv": ("question_id\trank\tpassage_id\tscore\n", "Q1\t{r}\t{p}\t9\n"),
        "run.txt": ("", "Q1 Q0 {p} {r} 9 bm25\n"),
    }
    header, line = plain[name]
    body = "".join(line.format(r=r, p=f"P{r}") for r in range(1, 2000))
    long_line = line.format(r=2000, p="A" * (MAX_LINE_BYTES + 5))
    run = tmp_path / name
    run.write_text(header + body + long_line, encoding="utf-8")
    qrels = tmp_path / "qrels.csv"
    qrels.write_text(QRELS, encoding="utf-8")
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels)], capsys)
    assert code == 3 and "line of" in err and f"{MAX_LINE_BYTES:,}" in err


def test_a_file_past_the_size_limit_is_refused_before_it_is_read(tmp_path, capsys, monkeypatch):
    from workbench.core.io import reading

    monkeypatch.setattr(reading, "MAX_INPUT_BYTES", 100)
    run = tmp_path / "run.csv"
    run.write_text(CLEAN_RUN * 3, encoding="utf-8")
    qrels = tmp_path / "qrels.csv"
    qrels.write_text(QRELS, encoding="utf-8")
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels)], capsys)
    assert code == 3 and "larger than" in err


@pytest.mark.parametrize("name", ["run.csv", "run.txt", "run.gz"])
def test_a_sparse_20_gb_run_is_refused_at_once_without_a_memory_error(tmp_path, capsys, name):
    import time

    run = tmp_path / name
    with open(run, "wb") as fh:
        fh.truncate(20 * 2**30)  # no disk used; reading it whole was a MemoryError
    qrels = tmp_path / "qrels.csv"
    qrels.write_text(QRELS, encoding="utf-8")
    started = time.monotonic()
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels)], capsys)
    assert code == 3 and "larger than" in err and "MemoryError" not in err
    assert time.monotonic() - started < 5
    assert run.stat().st_size == 20 * 2**30 and temporaries(tmp_path) == []


def test_a_huge_k_is_a_usage_message(tmp_path, capsys):
    run, qrels = tmp_path / "r.run", tmp_path / "q.qrels"
    run.write_text(TREC_RUN)
    qrels.write_text(TREC_QRELS)
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels), "--k", "1000000000"], capsys)
    assert code == 2 and "10,000" in err
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels), "--k", "9" * 400], capsys)
    assert code == 2 and "10,000" in err


def test_an_output_path_past_the_system_limit_is_a_usage_message(tmp_path, capsys):
    run, qrels = tmp_path / "r.run", tmp_path / "q.qrels"
    run.write_text(TREC_RUN)
    qrels.write_text(TREC_QRELS)
    long_path = str(tmp_path / ("a" * 4500 + ".json"))
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels), "--json", long_path], capsys)
    assert code == 2 and "shorter path" in err and "OSError" not in err
    assert temporaries(tmp_path) == []


# -- 3. outputs read back --------------------------------------------------------------------
def test_judgments_with_spaces_in_ids_are_refused_as_trec_qrels(tmp_path, capsys):
    src = tmp_path / "judg.csv"
    src.write_text("question_id,passage_id,grade\nQ 1,A,1\nQ2,E F,1\nQ2,D,1\n", encoding="utf-8")
    before = sha(src)
    out = tmp_path / "x.txt"
    code, _o, err = cli(["judgments", "--qrels", str(src), "--out", str(out)], capsys)
    assert code == 3 and "'Q 1'" in err and "'E F'" in err
    assert not out.exists() and sha(src) == before and temporaries(tmp_path) == []


def test_judgments_written_as_trec_qrels_read_back_the_same(tmp_path, capsys):
    src = tmp_path / "judg.csv"
    src.write_text("question_id,passage_id,grade\nQ1,A,1\nQ2,E,2\nQ2,D,0\n", encoding="utf-8")
    out = tmp_path / "x.txt"
    code, _o, err = cli(["judgments", "--qrels", str(src), "--out", str(out)], capsys)
    assert code == 0, err
    back = load_judgments(out).judgments
    assert sorted(zip(back["question_id"], back["passage_id"], back["grade"].astype(int))) == [
        ("Q1", "A", 1),
        ("Q2", "D", 0),
        ("Q2", "E", 2),
    ]


# -- 8. compressed and piped runs --------------------------------------------------------------
@pytest.mark.parametrize("packer, suffix", [(gzip, ".gz"), (bz2, ".bz2"), (lzma, ".xz")])
def test_compressed_run_and_qrels_give_the_plain_files_json(tmp_path, capsys, packer, suffix):
    run, qrels = tmp_path / "run", tmp_path / "qrels"
    run.write_text(TREC_RUN)
    qrels.write_text(TREC_QRELS)
    packed_run = tmp_path / f"run{suffix}"
    packed_qrels = tmp_path / f"qrels{suffix}"
    packed_run.write_bytes(packer.compress(run.read_bytes()))
    packed_qrels.write_bytes(packer.compress(qrels.read_bytes()))
    before = sha(packed_run)
    plain = eval_json(tmp_path, run, qrels, capsys)
    packed = eval_json(tmp_path, packed_run, packed_qrels, capsys)
    assert packed == plain
    assert sha(packed_run) == before and temporaries(tmp_path) == []


def test_a_compressed_file_unpacking_past_the_limit_is_refused(tmp_path, capsys, monkeypatch):
    from workbench.core.io import reading

    monkeypatch.setattr(reading, "MAX_INPUT_BYTES", 1000)
    run = tmp_path / "run.gz"
    run.write_bytes(gzip.compress(TREC_RUN.encode() * 100))  # 4 kB unpacked from ~100 bytes
    qrels = tmp_path / "q.qrels"
    qrels.write_text(TREC_QRELS)
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels)], capsys)
    assert code == 3 and "unpacked file" in err


def _subprocess(command: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run(
        ["bash", "-c", command], input=stdin, capture_output=True, env=env, cwd=ROOT, timeout=120
    )


def test_process_substitution_and_gz_give_the_plain_files_json(tmp_path):
    run, qrels = tmp_path / "run", tmp_path / "qrels"
    run.write_text(TREC_RUN)
    qrels.write_text(TREC_QRELS)
    (tmp_path / "run.gz").write_bytes(gzip.compress(run.read_bytes()))
    wb = f"'{sys.executable}' -m workbench eval --qrels '{qrels}' --json - --run"
    plain = _subprocess(f"{wb} '{run}'")
    piped = _subprocess(f"{wb} <(gzip -dc '{tmp_path / 'run.gz'}')")
    packed = _subprocess(f"{wb} '{tmp_path / 'run.gz'}'")
    assert plain.returncode == 0, plain.stderr
    assert piped.returncode == 0, piped.stderr
    assert packed.returncode == 0, packed.stderr
    assert json.loads(piped.stdout) == json.loads(plain.stdout) == json.loads(packed.stdout)


def test_standard_input_as_the_run(tmp_path):
    run, qrels = tmp_path / "run", tmp_path / "qrels"
    run.write_text(TREC_RUN)
    qrels.write_text(TREC_QRELS)
    wb = f"'{sys.executable}' -m workbench eval --qrels '{qrels}' --json - --run"
    plain = _subprocess(f"{wb} '{run}'")
    from_stdin = _subprocess(f"{wb} -", stdin=run.read_bytes())
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout) == json.loads(plain.stdout)


# -- opening a project: its sources checked with bounded work ----------------------------------
def _source_status(path: Path, recorded: str) -> str:
    from workbench.core.io.project import Project, ProjectSource, check_sources

    project = Project(sources=[ProjectSource("runs", str(path), recorded)])
    return check_sources(project)[0].state


def test_a_20_gb_source_is_not_hashed_when_a_project_opens(tmp_path):
    import time

    huge = tmp_path / "run.csv"
    with open(huge, "wb") as fh:
        fh.truncate(20 * 2**30)  # sparse: no disk used, but hashing it took a minute
    started = time.monotonic()
    assert _source_status(huge, "0" * 64) == "changed"
    assert _source_status(huge, "") == "ok"  # no checksum recorded: the reader says why
    assert time.monotonic() - started < 2
    assert huge.stat().st_size == 20 * 2**30 and temporaries(tmp_path) == []


def test_a_normal_source_is_still_checked_byte_for_byte(tmp_path):
    run = tmp_path / "run.csv"
    run.write_text(CLEAN_RUN)
    recorded = load_run(run).sources[0].sha256
    assert _source_status(run, recorded) == "ok"
    run.write_text(CLEAN_RUN.replace("9", "7"))  # the same size, other bytes
    assert run.stat().st_size == len(CLEAN_RUN)
    assert _source_status(run, recorded) == "changed"


@pytest.mark.parametrize("packer, suffix", [(gzip, ".gz"), (bz2, ".bz2"), (lzma, ".xz")])
def test_a_compressed_source_is_checked_as_the_reader_recorded_it(tmp_path, packer, suffix):
    run = tmp_path / f"run{suffix}"
    run.write_bytes(packer.compress(TREC_RUN.encode()))
    recorded = load_run(run).sources[0].sha256
    # the checksum is the stored file's, as sha256sum gives it and the project checks it
    assert recorded == sha(run)
    assert _source_status(run, recorded) == "ok"
    run.write_bytes(packer.compress(TREC_RUN.replace("9", "7").encode()))
    assert _source_status(run, recorded) == "changed"


# -- messages: a short excerpt of a file, names with escapes made visible --------------------------
def test_a_run_pointing_at_the_environment_does_not_print_it(tmp_path, capsys, monkeypatch):
    secret = "R29_SECRET_" + "s" * 40
    # far down the environment: only the head of the file may ever be quoted
    monkeypatch.setenv("ZZZ_PADDING", "p" * 400)
    monkeypatch.setenv("ZZZ_R29_SECRET", secret)
    environ = tmp_path / "environ"
    environ.write_bytes(
        b"\x00".join(f"{k}={v}".encode() for k, v in os.environ.items())
    )
    qrels = tmp_path / "q.qrels"
    qrels.write_text(TREC_QRELS)
    before = sha(environ)
    code, out, err = cli(["eval", "--run", str(environ), "--qrels", str(qrels)], capsys)
    assert code == 3 and "found headers" in err
    assert secret not in err and secret not in out
    assert "\x00" not in err and "\\x00" in err  # what it quotes has the NULs made visible
    assert max(len(line) for line in err.splitlines()) < 700
    assert sha(environ) == before and temporaries(tmp_path) == []


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="no /proc on this system")
def test_proc_self_environ_as_the_run_prints_no_environment(tmp_path):
    qrels = tmp_path / "q.qrels"
    qrels.write_text(TREC_QRELS)
    padding = "p" * 300
    # /proc/self/environ is what the process started with: run a fresh one
    result = _subprocess(
        f"R29_PADDING={padding} '{sys.executable}' -m workbench eval --lang en "
        f"--run /proc/self/environ --qrels '{qrels}'"
    )
    assert result.returncode == 3, result.stderr
    err = result.stderr.decode()
    assert "found headers" in err
    # each header at most a short excerpt: the 300-character value never whole
    assert padding not in err and "\x00" not in err
    assert max(len(line) for line in err.splitlines()) < 700


def test_file_names_with_escape_codes_are_shown_escaped(tmp_path, capsys):
    qrels = tmp_path / "q.qrels"
    qrels.write_text(TREC_QRELS)
    broken = tmp_path / "bad\x1b[31m.csv"
    broken.write_text(BROKEN_RUN)
    before = sha(broken)
    code, _out, err = cli(["eval", "--run", str(broken), "--qrels", str(qrels)], capsys)
    assert code == 3 and "\x1b" not in err
    assert "bad\\x1b[31m.csv, row 4" in err
    assert sha(broken) == before
    missing = tmp_path / "gone\x1b[2J.run"
    code, _out, err = cli(["eval", "--run", str(missing), "--qrels", str(qrels)], capsys)
    assert code == 3 and "\x1b" not in err and "gone\\x1b[2J.run" in err
    assert temporaries(tmp_path) == []


def test_a_long_cell_value_is_quoted_as_a_short_excerpt(tmp_path, capsys):
    qrels = tmp_path / "q.csv"
    qrels.write_text("question_id,passage_id,grade\nQ1,A,\x1b[31m" + "z" * 5000 + "\n")
    run = tmp_path / "run.csv"
    run.write_text(CLEAN_RUN)
    code, _out, err = cli(["eval", "--run", str(run), "--qrels", str(qrels)], capsys)
    assert code == 3 and "row 2 has '\\x1b[31m" in err and "z" * 200 not in err
    assert "\x1b" not in err


def test_the_message_helpers():
    from workbench.core.model.problems import (
        EXCERPT_CHARS,
        error,
        excerpt,
        shown_list,
        shown_name,
    )

    assert excerpt("plain text") == "plain text"
    assert excerpt("a\x1b[31mb\x00\n") == "a\\x1b[31mb\\x00\\n"
    assert excerpt("y" * 500) == "y" * EXCERPT_CHARS + "…"
    assert shown_name("/tmp/x\x1b[31m.csv") == "/tmp/x\\x1b[31m.csv"
    assert shown_list(["a", "b"]) == "a, b"
    listed = shown_list(["h" * 1000] * 50)
    assert len(listed) < 300 and listed.endswith("(+48)")
    # a problem keeps its lines, never a terminal control, and never runs on
    problem = error("x", "line one\nline two \x1b[2J" + "w" * 10_000, "ko", file="f\x1b.csv")
    assert problem.message_en.startswith("line one\nline two \\x1b[2J")
    assert len(problem.message_en) < 2010 and problem.file == "f\\x1b.csv"
