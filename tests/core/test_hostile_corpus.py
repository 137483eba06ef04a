"""The hostile corpus: every damaged or hostile input, generated here, run through
``workbench eval`` / ``agreement``, with the exit code, the message, the inputs
unchanged (SHA-256 before and after) and no temporary file left behind.

Workbooks that once made the Excel reader allocate gigabytes or panic run in
a subprocess with a memory cap (Linux), so a regression kills that process
and fails the test instead of taking the test run down.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import _hostile_files as H
import pytest

from workbench.cli import main
from workbench.core.io import atomic
from workbench.core.io.atomic import is_workbench_temporary

MEMORY_CAP = 4 << 30  # a subprocess that tries to allocate past this fails


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if is_workbench_temporary(p.name)]


def write_run(folder: Path, name: str = "bm25.run") -> Path:
    path = folder / name
    path.write_text("Q1 Q0 P1 1 2.0 BM25\nQ1 Q0 P2 2 1.0 BM25\nQ2 Q0 P3 1 1.5 BM25\n")
    return path


def write_qrels(folder: Path, name: str = "qrels.xlsx") -> Path:
    return H.write_xlsx(folder / name, [("평가", H.table_rows(H.JUDGMENT_ROWS))])


def run_cli(
    args: list[str], cwd: Path, timeout: float = 120, memory: int = MEMORY_CAP
) -> subprocess.CompletedProcess:
    """``python -m workbench ARGS`` in a child process, memory capped on Linux."""

    def cap_memory() -> None:  # pragma: no cover - runs in the child
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = {**os.environ, "WORKBENCH_LANG": "en", "RUST_BACKTRACE": "0"}
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        preexec_fn=cap_memory if sys.platform.startswith("linux") else None,
    )


def in_process(args: list[str], capsys) -> tuple[int, str, str]:
    code = main([*args, "--lang", "en"])
    out = capsys.readouterr()
    return code, out.out, out.err


# -- workbooks that made the reader abort or panic ---------------------------------------
EXCEL_CASES = {
    "zip_bomb_3_5_gb": (
        lambda d: H.zip_bomb(d / "bomb.xlsx", unpacked_mb=3500),
        ["would unpack to 3.7 GB", "more than the 1.0 GB"],
    ),
    "zip_bomb_ratio": (
        lambda d: H.zip_bomb(d / "ratio.xlsx", unpacked_mb=200),
        ["times its packed size", "zip bomb"],
    ),
    "value_in_xfd1048576": (
        lambda d: H.far_cell_workbook(d / "far.xlsx"),
        ["column XFD", "A1:XFD1048576", "at most 200 columns", "Ctrl+End"],
    ),
    "only_value_in_xfd1048576": (
        lambda d: H.far_cell_workbook(d / "far_only.xlsx", with_table=False),
        ["column XFD", "at most 200 columns"],
    ),
    "shared_strings_count_lies": (
        lambda d: H.lying_shared_strings_workbook(d / "sst.xlsx"),
        ["declares 2,000,000,000 shared texts", "it holds 3"],
    ),
    "xls_dimensions_lie": (
        lambda d: H.lying_dimensions_xls(d / "dims.xls"),
        ["sheet '평가'", "at most 200 columns"],
    ),
    "xls_dimensions_inverted": (
        lambda d: H.lying_dimensions_xls(d / "inverted.xls", inverted=True),
        ["damaged", "DIMENSIONS"],
    ),
    "reader_panics_on_a_date": (
        lambda d: H.impossible_date_workbook(d / "date.xlsx"),
        ["The Excel reader could not read this workbook", "date far outside the calendar"],
    ),
}


@pytest.mark.parametrize("case", sorted(EXCEL_CASES))
def test_hostile_workbook_is_refused_with_a_message(tmp_path, case):
    make, needles = EXCEL_CASES[case]
    qrels = make(tmp_path)
    run = write_run(tmp_path)
    before = {p: sha(p) for p in (qrels, run)}
    size = qrels.stat().st_size
    assert size < 4_000_000  # small files, each once enough to exhaust memory
    t0 = time.perf_counter()
    proc = run_cli(
        ["eval", "--qrels", qrels.name, "--run", run.name, "--report", "out.xlsx"], tmp_path
    )
    assert proc.returncode == 3, (proc.returncode, proc.stderr[-2000:])
    for needle in needles:
        assert needle in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and "Unexpected error" not in proc.stderr
    assert time.perf_counter() - t0 < 60
    assert {p: sha(p) for p in before} == before
    assert not (tmp_path / "out.xlsx").exists() and temporaries(tmp_path) == []


def test_hostile_workbooks_fail_in_process_too(tmp_path):
    """The process survives every one of them (the app loads files in-process)."""
    from workbench.core.io import inspect_file, load_judgments, load_run
    from workbench.core.model.problems import InputError

    for case, (make, _needles) in sorted(EXCEL_CASES.items()):
        if case.startswith("zip_bomb_3"):
            continue  # the same check as the ratio bomb, and 3.6 MB to write
        path = make(tmp_path)
        for reader in (inspect_file, load_judgments, load_run):
            with pytest.raises(InputError):
                reader(path)


# -- JSON ---------------------------------------------------------------------------------
def test_deeply_nested_json_is_refused_before_parsing(tmp_path, capsys):
    qrels = tmp_path / "truth.json"
    qrels.write_text(H.deep_json(200_000))
    run = write_run(tmp_path)
    before = sha(qrels)
    code, _, err = in_process(["eval", "--qrels", str(qrels), "--run", str(run)], capsys)
    assert code == 3
    assert "200,000 levels deep" in err and "at most 100 levels" in err
    assert sha(qrels) == before


def test_duplicate_json_keys_are_reported_with_key_line_and_kept_value(tmp_path, capsys):
    qrels = tmp_path / "truth.json"
    qrels.write_text(
        "[\n"
        '  {"id": "Q1", "question": "참사랑",\n'
        '   "relevantDocuments": [{"documentId": "P1", "relevance": 1, "relevance": 3}]},\n'
        '  {"id": "Q2", "relevantDocuments": ["P3"]}\n'
        "]\n",
        encoding="utf-8",
    )
    run = write_run(tmp_path)
    code, _, err = in_process(["eval", "--qrels", str(qrels), "--run", str(run)], capsys)
    assert code == 0
    assert 'Line 3 repeats the key "relevance"' in err and "last value (3)" in err


# -- output onto input --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("flag", "onto"),
    [("--report", "run"), ("--json", "qrels"), ("--report", "qrels"), ("--json", "run")],
)
def test_output_onto_an_input_is_refused(tmp_path, capsys, flag, onto):
    qrels = write_qrels(tmp_path)
    run = H.write_xlsx(
        tmp_path / "run.xlsx",
        [("BM25", H.table_rows([["질문ID", "순위", "문단ID"], ["Q1", 1, "P1"], ["Q2", 1, "P3"]]))],
    )
    before = {p: sha(p) for p in (qrels, run)}
    target = run if onto == "run" else qrels
    code, _, err = in_process(
        ["eval", "--qrels", str(qrels), "--run", str(run), flag, str(target)], capsys
    )
    assert code == 3
    assert "is the same file as the input" in err and err.count(target.name) >= 2
    assert {p: sha(p) for p in before} == before
    assert temporaries(tmp_path) == []


def test_agreement_json_onto_qrels_is_refused(tmp_path, capsys):
    qrels = write_qrels(tmp_path)
    before = sha(qrels)
    code, _, err = in_process(["agreement", "--qrels", str(qrels), "--json", str(qrels)], capsys)
    assert code == 3 and "same file as the input" in err
    assert sha(qrels) == before


# -- every OS error of a save -------------------------------------------------------------
def _fail_with(code: int):
    def raiser(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    return raiser


@pytest.mark.parametrize(
    ("case", "needle"),
    [
        ("folder", "that is a folder, not a file name"),
        ("missing_folder", "does not exist"),
        ("read_only", "read-only"),
        ("disk_full", "the disk is full"),
        ("name_too_long", "too long"),
        ("permission", "cannot be written to"),
    ],
)
def test_each_os_write_error_exits_3_naming_the_users_path(
    tmp_path, capsys, monkeypatch, case, needle
):
    qrels = write_qrels(tmp_path)
    run = write_run(tmp_path)
    before = {p: sha(p) for p in (qrels, run)}
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    report = out_dir / "보고서 최종.xlsx"
    if case == "folder":
        report.mkdir()
    elif case == "missing_folder":
        report = tmp_path / "없는 폴더" / "보고서.xlsx"
    elif case == "name_too_long":
        report = out_dir / ("가" * 100 + ".xlsx")  # 305 bytes: too long for one name
    elif case == "read_only":
        monkeypatch.setattr(atomic.os, "replace", _fail_with(errno.EROFS))
    elif case == "disk_full":
        monkeypatch.setattr(atomic.os, "fsync", _fail_with(errno.ENOSPC))
    elif case == "permission":
        real_open = open

        def no_create(path, mode="r", *args, **kwargs):
            if "x" in mode:
                raise PermissionError(errno.EACCES, "Permission denied")
            return real_open(path, mode, *args, **kwargs)

        monkeypatch.setattr(atomic, "open", no_create, raising=False)
    code, _, err = in_process(
        ["eval", "--qrels", str(qrels), "--run", str(run), "--report", str(report)], capsys
    )
    assert code == 3, err
    assert needle in err
    shown = report.name if case == "permission" else str(report)
    assert shown in err and ".~wb-" not in err
    assert "Unexpected error" not in err
    assert {p: sha(p) for p in before} == before
    assert temporaries(tmp_path) == []


# -- hidden sheets and Excel error cells --------------------------------------------------
def test_hidden_old_judgments_sheet_is_not_what_gets_evaluated(tmp_path, capsys):
    old = H.table_rows([["질문ID", "문단ID", "등급"], ["Q9", "P9", 3]])
    qrels = H.write_xlsx(
        tmp_path / "qrels.xlsx",
        [("평가_old", old), ("평가", H.table_rows(H.JUDGMENT_ROWS))],
        hidden={"평가_old": "hidden"},
    )
    run = write_run(tmp_path)
    before = sha(qrels)
    out = tmp_path / "r.json"
    code, _, err = in_process(
        ["eval", "--qrels", str(qrels), "--run", str(run), "--json", str(out)], capsys
    )
    assert code == 0, err
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["systems"]["BM25"]["n"] == 2  # Q1 and Q2 of the visible sheet, not Q9
    assert "Hidden sheets were not read: '평가_old'" in err
    assert sha(qrels) == before and temporaries(tmp_path) == []


def test_hidden_run_sheet_does_not_become_a_system(tmp_path, capsys):
    qrels = write_qrels(tmp_path)
    rows = H.table_rows([["질문ID", "순위", "문단ID"], ["Q1", 1, "P1"], ["Q2", 1, "P3"]])
    run = H.write_xlsx(
        tmp_path / "runs.xlsx",
        [("BM25", rows), ("옛날 시스템", rows)],
        hidden={"옛날 시스템": "veryHidden"},
    )
    out = tmp_path / "r.json"
    code, _, err = in_process(
        ["eval", "--qrels", str(qrels), "--run", str(run), "--json", str(out)], capsys
    )
    assert code == 0, err
    assert list(json.loads(out.read_text(encoding="utf-8"))["systems"]) == ["BM25"]
    assert "'옛날 시스템'" in err


def test_a_hidden_sheet_named_by_the_user_is_read(tmp_path):
    from workbench.core.io import inspect_file, load_judgments

    old = H.table_rows([["질문ID", "문단ID", "등급"], ["Q9", "P9", 3]])
    path = H.write_xlsx(
        tmp_path / "qrels.xlsx",
        [("평가_old", old), ("평가", H.table_rows(H.JUDGMENT_ROWS))],
        hidden={"평가_old": "veryHidden"},
    )
    preview = inspect_file(path)
    assert [(s.name, s.hidden) for s in preview.sheets] == [("평가_old", True), ("평가", False)]
    assert preview.hidden == ["평가_old"]
    js = load_judgments(path, sheets={"judgments": "평가_old"})
    assert list(js.judgments["question_id"]) == ["Q9"]
    assert not any(p.code == "hidden_sheet_skipped" for p in js.problems)


def test_excel_error_cells_are_named_not_called_blank(tmp_path, capsys):
    qrels = H.error_cells_workbook(tmp_path / "qrels.xlsx")
    run = write_run(tmp_path)
    before = sha(qrels)
    code, _, err = in_process(["eval", "--qrels", str(qrels), "--run", str(run)], capsys)
    assert code == 3
    assert "row 3" in err and "the cell holds the Excel error #N/A, not a grade" in err
    assert "the cell holds the Excel error #REF!, not a passage id" in err
    assert "is blank" not in err
    assert sha(qrels) == before


# -- huge ranks ---------------------------------------------------------------------------
def test_a_two_line_run_with_rank_100_million_loads_quickly(tmp_path):
    qrels = tmp_path / "q.qrels"
    qrels.write_text("Q1 0 P1 1\n")
    run = tmp_path / "huge.run"
    run.write_text("Q1 Q0 P1 1 1.0 sys\nQ1 Q0 P2 100000000 0.5 sys\n")
    before = sha(run)
    t0 = time.perf_counter()
    # 1.5 GB: the workbench needs a few hundred MB; listing 10^8 missing ranks needs far more
    proc = run_cli(
        ["eval", "--qrels", qrels.name, "--run", run.name], tmp_path, timeout=60, memory=1536 << 20
    )
    assert time.perf_counter() - t0 < 10
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "gap" in proc.stderr.lower()
    assert sha(run) == before
