"""Hostile round 2, the writers: user text goes into every workbook through one
cell writer (no live formula, no crash on control characters, the cell limit
kept), project files that are damaged open with a message naming the field and
save again, citation parsing and agreement stay linear, and a killed write's
temporaries are gone after the next write into the folder."""

from __future__ import annotations

import os
import sys

import openpyxl
import pytest

from workbench.cli import EXIT_OK, main
from workbench.core.io.cells import EXCEL_MAX_TEXT, cell_text, looks_like_formula, put

FORMULA = "=cmd|' /C calc'!A0"

QRELS = "q1 0 p1 1\nq1 0 p2 0\nq2 0 p5 2\n"
RUN = (
    "q1 Q0 p1 1 9.5 S1\nq1 Q0 p2 2 8.5 S1\nq1 Q0 p3 3 7.5 S1\n"
    "q2 Q0 p5 1 9.1 S1\nq2 Q0 p6 2 8.1 S1\n"
)


def _every_cell(path):
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is not None:
                    yield ws.title, cell


# -- the one cell writer ------------------------------------------------------------------
def test_cell_text_removes_what_a_workbook_cannot_hold_and_keeps_the_rest():
    assert cell_text("a\x00b\x1bc\x7fd\te\nf") == "abc\x7fd\te\nf"
    assert cell_text("x\ud800y\uffffz") == "xyz"
    assert cell_text(None) == ""
    assert cell_text(12) == "12"


def test_cell_text_cuts_at_the_excel_limit_counting_utf16_units():
    assert len(cell_text("a" * EXCEL_MAX_TEXT)) == EXCEL_MAX_TEXT
    cut = cell_text("a" * (EXCEL_MAX_TEXT + 10))
    assert len(cut) == EXCEL_MAX_TEXT and cut.endswith("…")
    # a character outside the BMP is two UTF-16 units: 20,000 of them are 40,000 units
    wide = cell_text("😀" * 20000)
    assert wide.endswith("…")
    assert sum(2 if ord(c) > 0xFFFF else 1 for c in wide) <= EXCEL_MAX_TEXT


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"])
def test_a_formula_like_text_is_a_quoted_text_cell(tmp_path, text):
    assert looks_like_formula(text)
    wb = openpyxl.Workbook()
    put(wb.active["A1"], text)
    wb.save(tmp_path / "x.xlsx")
    cell = openpyxl.load_workbook(tmp_path / "x.xlsx").active["A1"]
    assert cell.data_type == "s"
    # XML reads a CR back as a line feed; the text is otherwise as written
    assert cell.value == text.replace("\r", "\n")
    assert cell.quotePrefix


def test_pool_with_a_formula_as_assessor_writes_no_formula_in_any_sheet(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    out = tmp_path / "pool.xlsx"
    q, r = str(tmp_path / "q.txt"), str(tmp_path / "r.txt")
    code = main(["pool", "--qrels", q, "--run", r, "--assessor", FORMULA, "--out", str(out)])
    assert code == EXIT_OK
    cells = list(_every_cell(out))
    assert cells
    assert all(c.data_type != "f" for _, c in cells)
    shown = [(title, c) for title, c in cells if c.value == FORMULA]
    # the assessor column of every row and the guide sheet's assessor line
    assert {title for title, _ in shown} == {"judgments", "pool guide"}
    assert all(c.data_type == "s" and c.quotePrefix for _, c in shown)


def test_a_returned_pool_with_a_formula_in_a_grade_cell_names_that_row(tmp_path):
    import hashlib

    from workbench.core.io import load_judgments
    from workbench.core.model import schema as S

    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    out = tmp_path / "pool.xlsx"
    q, r = str(tmp_path / "q.txt"), str(tmp_path / "r.txt")
    assert main(["pool", "--qrels", q, "--run", r, "--assessor", "A", "--out", str(out)]) == 0
    wb = openpyxl.load_workbook(out)
    ws = wb["judgments"]
    grade = [c.value for c in ws[1]].index("grade") + 1
    letter = openpyxl.utils.get_column_letter(grade)
    ws.cell(row=2, column=grade, value="=1+1")  # openpyxl stores no computed value
    ws.cell(row=3, column=grade, value=2)
    formula_item = (ws.cell(row=2, column=1).value, ws.cell(row=2, column=3).value)
    typed_item = (ws.cell(row=3, column=1).value, ws.cell(row=3, column=3).value)
    wb.save(out)
    before = hashlib.sha256(out.read_bytes()).hexdigest()

    js = load_judgments(out)
    read = list(zip(js.judgments[S.QID], js.judgments[S.PID], js.judgments[S.GRADE]))
    assert read == [(*typed_item, 2)]
    (named,) = [p for p in js.problems if p.code == "pool_grade_formula"]
    assert named.sheet == "judgments" and named.row == 2
    assert f"{letter}2" in named.message_en and "=1+1" in named.message_en
    assert f"{letter}2" in named.message_ko
    assert formula_item not in {(qid, pid) for qid, pid, _ in read}
    assert hashlib.sha256(out.read_bytes()).hexdigest() == before


CONTROL_QRELS = "q\x011 0 p\x1b1 1\nq\x011 0 p2 0\nq2 0 p5 2\n"
CONTROL_RUN = (
    "q\x011 Q0 p\x1b1 1 9.5 S\x071\nq\x011 Q0 p2 2 8.5 S\x071\n"
    "q2 Q0 p5 1 9.1 S\x071\nq2 Q0 p6 2 8.1 S\x071\n"
)


def _control_files(tmp_path):
    q, r = tmp_path / "q.txt", tmp_path / "r.txt"
    q.write_text(CONTROL_QRELS)
    r.write_text(CONTROL_RUN)
    return str(q), str(r)


def test_control_characters_in_ids_do_not_stop_the_pool(tmp_path):
    q, r = _control_files(tmp_path)
    out = tmp_path / "pool.xlsx"
    assert main(["pool", "--qrels", q, "--run", r, "--assessor", "A\x02B", "--out", str(out)]) == 0
    values = {c.value for _, c in _every_cell(out)}
    # the control characters are gone, the ids are there
    assert {"q1", "p1", "AB"} <= values


def test_control_characters_in_ids_do_not_stop_the_report_or_the_judgments(tmp_path):
    q, r = _control_files(tmp_path)
    report = tmp_path / "report.xlsx"
    assert main(["eval", "--qrels", q, "--run", r, "--k", "2", "--report", str(report)]) == 0
    assert "q1" in {c.value for _, c in _every_cell(report)}
    book = tmp_path / "judgments.xlsx"
    assert main(["judgments", "--qrels", q, "--out", str(book)]) == 0
    assert {"q1", "p1"} <= {c.value for _, c in _every_cell(book)}


# -- linear time ------------------------------------------------------------------------------
def test_an_answer_of_300k_brackets_is_read_in_linear_time(tmp_path):
    """20,000 '[' took 8 s and 300,000 over two minutes (every unclosed bracket
    was tried against the rest of the cell); a generous bound, not a timing."""
    import csv
    import subprocess
    import sys

    path = tmp_path / "answers.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["question_id", "system", "answer"])
        w.writerow(["q1", "S1", "[" * 300_000])
        w.writerow(["q2", "S1", "(" * 300_000 + " [p1]"])
    script = (
        "import sys\n"
        "from workbench.core.protocol.answers import parse_citations\n"
        "from workbench.core.io.answers import load_answer_file\n"
        "from workbench.core.io.mapping import normalize_header\n"
        # the first bracket runs to the ')': the whole header is a remark, its words kept
        "assert normalize_header('[' * 300000 + 'Grade (0-3)') == 'grade03'\n"
        "f = load_answer_file(sys.argv[1])\n"
        "texts = sorted(f.answers['answer'].astype(str), key=len)\n"
        "print(len(texts[0]), len(texts[1]), parse_citations(texts[0]), parse_citations(texts[1]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=10
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["300000", "300005", "()", "('p1',)"]


def test_a_header_keeps_its_remark_rules():
    from workbench.core.io.mapping import normalize_header

    assert normalize_header("등급 (0-3)") == "등급"
    assert normalize_header("(grade)") == "grade"
    assert normalize_header("a (b) c [d") == "ac[d"


def test_sheets_read_as_assessors_give_no_pairs_they_do_not_share(tmp_path):
    """One sheet per question, each taken as an assessor: 200 assessors who share
    no item give no pairs (19,900 empty pairs made the report take minutes)."""
    import pandas as pd

    from workbench.core.measures import agreement as ag
    from workbench.core.model import schema as s

    rows = [
        {s.QID: f"q{i}", s.PID: f"p{j}", s.GRADE: j % 4, s.ASSESSOR: f"sheet{i:03d}"}
        for i in range(200)
        for j in range(5)
    ]
    # two of them also judged one passage of another question
    rows += [
        {s.QID: "q0", s.PID: "p1", s.GRADE: 1, s.ASSESSOR: "sheet007"},
        {s.QID: "q0", s.PID: "p2", s.GRADE: 0, s.ASSESSOR: "sheet150"},
    ]
    summary = ag.agreement_table(pd.DataFrame(rows))
    assert len(summary.assessors) == 200
    assert [(p.a, p.b, p.n) for p in summary.pairs] == [
        ("sheet000", "sheet007", 1),
        ("sheet000", "sheet150", 1),
    ]
    assert summary.pairs[0].exact == 1.0 and summary.pairs[1].exact == 0.0
    assert summary.items == 2


def test_a_few_assessors_still_show_every_pair(tmp_path):
    import pandas as pd

    from workbench.core.measures import agreement as ag
    from workbench.core.model import schema as s

    rows = [
        {s.QID: "q1", s.PID: "p1", s.GRADE: 1, s.ASSESSOR: "A"},
        {s.QID: "q1", s.PID: "p1", s.GRADE: 1, s.ASSESSOR: "B"},
        {s.QID: "q2", s.PID: "p2", s.GRADE: 2, s.ASSESSOR: "C"},
    ]
    pairs = ag.agreement_table(pd.DataFrame(rows)).pairs
    assert [(p.a, p.b, p.n) for p in pairs] == [("A", "B", 1), ("A", "C", 0), ("B", "C", 0)]


# -- a full disk ---------------------------------------------------------------------------------
@pytest.mark.skipif(sys.platform == "win32", reason="needs RLIMIT_FSIZE")
@pytest.mark.parametrize("limit", [5_000, 20_000])
def test_a_report_on_a_full_disk_gives_the_message_and_no_traceback(tmp_path, limit):
    """A file-size limit makes the save fail part-way as a full disk does; the
    zip archive openpyxl leaves open printed "Exception ignored … OSError"
    after the message when Python closed it at exit."""
    import resource
    import signal
    import subprocess

    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    out = tmp_path / "out"
    out.mkdir()

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench.cli",
            "eval",
            "--qrels",
            str(tmp_path / "q.txt"),
            "--run",
            str(tmp_path / "r.txt"),
            "--report",
            str(out / "report.xlsx"),
        ],
        preexec_fn=small_files,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "WORKBENCH_LANG": "en"},
    )
    assert done.returncode == 3
    assert "Cannot save" in done.stderr and "report.xlsx" in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert list(out.iterdir()) == []


# -- project files ---------------------------------------------------------------------------
def _project(tmp_path, text: str):
    path = tmp_path / "study.wbproj"
    path.write_text(text, encoding="utf-8")
    return path


def _reopen_and_save(path):
    """load → save → load, which must raise nothing; the second load has no
    problem left."""
    from workbench.core.io.project import load_project, save_project

    project = load_project(path)
    save_project(path, project)
    again = load_project(path)
    assert again.problems == []
    return project, again


def _texts(project):
    return [p.text("en") for p in project.problems]


def test_a_nul_in_a_source_path_is_left_out_with_a_message_naming_it(tmp_path):
    good = tmp_path / "run.txt"
    good.write_text(RUN)
    path = _project(
        tmp_path,
        '{"format": 2, "sources": [{"kind": "runs", "path": "a\\u0000b.txt"},'
        ' {"kind": "runs", "path": "run.txt"}]}',
    )
    project, again = _reopen_and_save(path)
    assert [s.name for s in project.sources] == ["run.txt"]
    assert any("sources[0].path" in t and "NUL" in t for t in _texts(project))
    assert [s.name for s in again.sources] == ["run.txt"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_a_source_that_is_a_link_loop_opens_as_missing_and_saves(tmp_path):
    from workbench.core.io.project import check_sources

    (tmp_path / "loop.txt").symlink_to(tmp_path / "loop.txt")
    path = _project(tmp_path, '{"format": 2, "sources": [{"kind": "runs", "path": "loop.txt"}]}')
    from workbench.core.io.project import load_project, save_project

    project = load_project(path)
    assert any("sources[0].path" in t and "link" in t for t in _texts(project))
    assert [s.state for s in check_sources(project)] == ["missing"]
    save_project(path, project)
    assert [s.name for s in load_project(path).sources] == ["loop.txt"]


def test_a_lone_surrogate_in_a_note_is_repaired_and_the_project_saves_again(tmp_path):
    path = _project(
        tmp_path, '{"format": 2, "notes": {"Q1": {"note": "ab\\ud800c", "flagged": true}}}'
    )
    project, again = _reopen_and_save(path)
    assert any("notes.Q1.note" in t for t in _texts(project))
    assert again.notes["Q1"] == {"note": "ab\ufffdc", "flagged": True}


def test_an_integer_of_5000_digits_is_left_out_with_a_message_naming_it(tmp_path):
    path = _project(
        tmp_path,
        '{"format": 2, "settings": {"window": ' + "9" * 5000 + ', "gain": "linear"}}',
    )
    project, again = _reopen_and_save(path)
    assert any("settings.window" in t for t in _texts(project))
    assert project.settings == {"gain": "linear"}
    assert again.settings == {"gain": "linear"}


@pytest.mark.parametrize(
    "key, value",
    [("order", 5), ("ks", [1, 1_000_000_000]), ("window", 10**12), ("depth", 0)],
)
def test_a_setting_out_of_range_is_left_out_with_a_message_naming_it(tmp_path, key, value):
    import json

    text = json.dumps({"format": 2, "settings": {key: value, "threshold": 2}})
    project, again = _reopen_and_save(_project(tmp_path, text))
    assert any(f"settings.{key}" in t for t in _texts(project))
    assert again.settings == {"threshold": 2}


def test_project_messages_quote_a_short_excerpt_with_escapes_made_visible(tmp_path):
    from workbench.core.io.project import SHOWN_CHARS, load_project
    from workbench.core.model.problems import InputError

    path = _project(tmp_path, '{"format": "' + "x" * 100_000 + '"}')
    with pytest.raises(InputError) as info:
        load_project(path)
    message = info.value.problems[0].text("en")
    assert len(message) < 400 and "x" * SHOWN_CHARS + "…" in message

    escape = '{"format": 2, "notes": {"\\u001b[31mred\\u0000": {"note": 5}}}'
    project = load_project(_project(tmp_path, escape))
    (text,) = _texts(project)
    assert "\x1b" not in text and "\x00" not in text
    assert "\\x1b[31mred\\x00" in text
