"""The clean-file fast path (core/io/fast_trec.py) and the general path agree.

Every file of the malformed corpus, a set of TREC files with every kind of
oddity, and random clean TREC runs and qrels (hypothesis) are loaded both
ways (``fast=True`` / ``fast=False``): the RunSet / JudgmentSet frames must be
equal and the problems identical (code, place, both texts). The fast path is
tried with each of its readers (the ``reader`` fixture): the C scanner
(core/trec_scan.py, where it is built) and the numpy reader it hands over to.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_io_malformed import CASES

from workbench.core.io import fast_trec, load_judgments, load_run, trec_scan
from workbench.core.model import schema as S
from workbench.core.model.problems import InputError


@pytest.fixture(params=["scanner", "numpy"])
def reader(request, monkeypatch):
    """The fast path's reader: the C scanner, or the numpy reader alone."""
    if request.param == "scanner":
        if not trec_scan.available():
            pytest.skip("the C scanner was not built here (no C compiler at install)")
    else:
        monkeypatch.setattr(trec_scan, "scan_file", lambda path, kinds: None)
    return request.param


def _outcome(load, path: Path, fast: bool):
    try:
        result = load(path, fast=fast)
    except InputError as exc:
        return None, _problems(exc.problems)
    return result, _problems(result.problems)


def _problems(problems) -> list[tuple]:
    return [(p.code, p.severity, p.file, p.sheet, p.row, p.column, p.message_en, p.message_ko)
            for p in problems]  # fmt: skip


def assert_same(load, path: Path) -> None:
    fast, fast_problems = _outcome(load, path, True)
    slow, slow_problems = _outcome(load, path, False)
    assert fast_problems == slow_problems
    assert (fast is None) == (slow is None)
    if fast is None:
        return
    if load is load_run:
        pd.testing.assert_frame_equal(fast.runs, slow.runs, check_exact=True)
        assert fast.systems == slow.systems
    else:
        pd.testing.assert_frame_equal(fast.judgments, slow.judgments, check_exact=True)
        for a, b in ((fast.questions, slow.questions), (fast.passages, slow.passages)):
            assert (a is None) == (b is None)
        assert (fast.unjudged is None) == (slow.unjudged is None)
        if fast.unjudged is not None:
            pd.testing.assert_frame_equal(fast.unjudged, slow.unjudged)
    assert fast.sources == slow.sources


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_malformed_corpus_same_both_ways(tmp_path, case, reader):
    path = case.build(tmp_path)
    assert_same(load_judgments if case.loader == "j" else load_run, path)


RUN = "q1 Q0 d1 1 3.5 bm25\nq1 Q0 d2 2 2.5 bm25\nq2 Q0 d3 1 1.0 bm25\nq2 Q0 d1 2 0.5 bm25\n"
QRELS = "q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 2\n"

TREC_RUNS = {
    "clean": RUN,
    "no_final_newline": RUN.rstrip("\n"),
    "trailing_blank_lines": RUN + "\n\n  \n",
    "crlf": RUN.replace("\n", "\r\n"),
    "lone_cr": RUN.replace("\n", "\r"),
    "tabs_and_runs_of_spaces": RUN.replace(" ", "\t  "),
    "leading_blank_line": "\n" + RUN,
    "blank_line_inside": RUN.replace("bm25\nq2", "bm25\n\nq2", 1),
    "comment_line": "# a run\n" + RUN,
    "hash_inside_an_id": RUN.replace("d3", "doc#3_7"),
    "ranks_from_zero": RUN.replace(" 1 3.5", " 0 3.5").replace(" 1 1.0", " 0 1.0"),
    "rank_tie": RUN.replace(" 2 2.5", " 1 2.5"),
    "rank_gap": RUN.replace(" 2 2.5", " 7 2.5"),
    "huge_rank": "q1 Q0 d1 1 3.5 bm25\nq1 Q0 d2 100000000 2.5 bm25\n",
    "repeated_passage": RUN + "q1 Q0 d1 3 0.1 bm25\n",
    "two_tags": RUN.replace("2.5 bm25", "2.5 dense"),
    "rank_fraction": RUN.replace(" 2 2.5", " 2.5 2.5"),
    "rank_negative": RUN.replace(" 2 2.5", " -2 2.5"),
    "score_text": RUN.replace("2.5", "high"),
    "score_nan": RUN.replace("2.5", "nan"),
    "score_inf": RUN.replace("2.5", "inf"),
    "score_exponent": RUN.replace("2.5", "2.5e-3"),
    "extra_fields": RUN.replace("bm25\nq2", "bm25 more junk\nq2", 1),
    "too_few_fields": RUN.replace(" 0.5 bm25", " 0.5"),
    "korean_ids": RUN.replace("q1", "질문1").replace("d2", "말씀-2"),
    "bom": "\ufeff" + RUN,
    "zero_width_in_id": RUN.replace("d2", "d\u200b2"),
    "vertical_tab": RUN.replace(" Q0 d2", "\x0bQ0 d2"),
    "numeric_ids": RUN.replace("q1", "007").replace("q2", "12.0"),
    "long_ids": RUN.replace("d1", "d" * 40).replace("q2", "q" * 30),
}


@pytest.mark.parametrize("name", sorted(TREC_RUNS))
def test_trec_runs_same_both_ways(tmp_path, name, reader):
    path = tmp_path / f"{name}.run"
    path.write_bytes(TREC_RUNS[name].encode("utf-8"))
    assert_same(load_run, path)


TREC_QRELS = {
    "clean": QRELS,
    "negative_and_high_grades": QRELS + "q2 0 d9 -1\nq2 0 d8 4\n",
    "three_fields": "q1 d1 1\nq1 d2 0\n",
    "grade_text": QRELS.replace(" 2\n", " two\n"),
    "grade_fraction": QRELS.replace(" 2\n", " 1.5\n"),
    "same_judgment_twice": QRELS + "q1 0 d1 1\n",
    "conflicting_judgments": QRELS + "q1 0 d1 3\n",
    "comment": "# qrels\n" + QRELS,
    "crlf": QRELS.replace("\n", "\r\n"),
    "bom_in_id": QRELS.replace("q2", "\ufeffq2"),
}


@pytest.mark.parametrize("name", sorted(TREC_QRELS))
def test_trec_qrels_same_both_ways(tmp_path, name, reader):
    path = tmp_path / f"{name}.qrels"
    path.write_bytes(TREC_QRELS[name].encode("utf-8"))
    assert_same(load_judgments, path)


def _count_fast_reads(monkeypatch) -> list:
    calls: list = []
    real = fast_trec.parse_file
    monkeypatch.setattr(fast_trec, "parse_file", lambda *a: calls.append(1) or real(*a))
    return calls


def test_clean_files_take_the_fast_path(tmp_path, monkeypatch, reader):
    run = tmp_path / "r.run"
    run.write_text(RUN)
    qrels = tmp_path / "q.qrels"
    qrels.write_text(QRELS)
    calls = _count_fast_reads(monkeypatch)
    rs = load_run(run)
    js = load_judgments(qrels)
    assert len(calls) == 2 and len(rs.runs) == 4 and len(js.judgments) == 3
    assert fast_trec.parse_file(run, "sxsffs")[1] is not None  # read by the fast path
    assert isinstance(rs.runs[S.PID].dtype, pd.CategoricalDtype)
    assert list(rs.runs[S.PID].cat.categories) == ["d1", "d2", "d3"]  # text order


def test_the_import_previews_own_choices_keep_the_fast_path(tmp_path, monkeypatch):
    """The preview hands back the TREC format's own sheet and mapping: the file is
    still read by the fast path (a 2M-line run: ~1 s, not ~7 s), with the same
    result; a changed mapping or another sheet name takes the general path."""
    from workbench.core.io.mapping import ColumnMapping
    from workbench.core.io.text_formats import TREC_QRELS_ROLES, TREC_RUN_ROLES

    run = tmp_path / "r.run"
    run.write_text(RUN)
    qrels = tmp_path / "q.qrels"
    qrels.write_text(QRELS)
    calls = _count_fast_reads(monkeypatch)
    own_run = {"r": ColumnMapping(dict(TREC_RUN_ROLES))}
    rs = load_run(run, mappings=own_run, sheets=["r"])
    own_qrels = {"q": ColumnMapping(dict(TREC_QRELS_ROLES))}
    js = load_judgments(qrels, mappings=own_qrels, sheets={"judgments": "q"})
    assert len(calls) == 2
    pd.testing.assert_frame_equal(rs.runs, load_run(run, fast=False).runs, check_exact=True)
    pd.testing.assert_frame_equal(
        js.judgments, load_judgments(qrels, fast=False).judgments, check_exact=True
    )
    calls.clear()
    swapped = dict(TREC_RUN_ROLES, rank=S.SCORE, score=S.RANK)
    load_run(run, mappings={"r": ColumnMapping(swapped)}, sheets=["r"])
    with pytest.raises(InputError):  # the general path says the sheet is not there
        load_run(run, mappings=own_run, sheets=["other"])
    assert calls == []


def test_small_blocks_and_widening_fields(tmp_path, monkeypatch, reader):
    """Ids longer than the guessed width, in a later block, are read whole."""
    lines = [f"q{i // 7} Q0 p{i} {i % 7 + 1} {1 - (i % 7) / 10:.2f} t\n" for i in range(200)]
    lines[150] = "q21 Q0 " + "x" * 75 + " 3 0.80 t\n"  # far longer than any id before it
    path = tmp_path / "r.run"
    path.write_text("".join(lines))
    monkeypatch.setattr(fast_trec, "BLOCK_BYTES", 97)
    monkeypatch.setattr(fast_trec, "BLOCK_ROWS", 5)
    monkeypatch.setattr(trec_scan, "CHUNK_BYTES", 97)
    assert_same(load_run, path)
    rs = load_run(path)
    assert ("x" * 75) in set(rs.runs[S.PID].astype(str))


def test_a_hash_collision_falls_back_to_the_general_path(tmp_path, monkeypatch):
    """The numpy reader's hashes; the scanner compares every id with its entry."""
    monkeypatch.setattr(trec_scan, "scan_file", lambda path, kinds: None)
    path = tmp_path / "r.run"
    path.write_text(RUN)
    monkeypatch.setattr(fast_trec, "_hash_words", lambda column: np.zeros(column.size, np.uint64))
    assert fast_trec.parse(RUN.encode(), "sxsffs") is None
    assert_same(load_run, path)


_ID = st.text(alphabet="abcXYZ019-_.#", min_size=1, max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(
        st.tuples(
            st.sampled_from(["q1", "q2", "10", "Q-3"]),
            _ID,
            st.integers(min_value=0, max_value=12),
            st.floats(min_value=-5, max_value=5, allow_nan=False).map(lambda x: round(x, 3)),
            st.sampled_from(["bm25", "dense"]),
        ),
        min_size=1,
        max_size=40,
    ),
    block=st.sampled_from([64, 4 << 20]),
)
def test_random_clean_runs_same_both_ways(tmp_path_factory, rows, block, reader):
    old = fast_trec.BLOCK_BYTES, trec_scan.CHUNK_BYTES
    fast_trec.BLOCK_BYTES = trec_scan.CHUNK_BYTES = block
    try:
        path = tmp_path_factory.mktemp("r") / "random.run"
        path.write_text("".join(f"{q} Q0 {p} {r} {s!r} {t}\n" for q, p, r, s, t in rows))
        assert_same(load_run, path)
    finally:
        fast_trec.BLOCK_BYTES, trec_scan.CHUNK_BYTES = old


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(
        st.tuples(st.sampled_from(["1", "2", "q3"]), _ID, st.integers(min_value=-2, max_value=5)),
        min_size=1,
        max_size=30,
    )
)
def test_random_clean_qrels_same_both_ways(tmp_path_factory, rows, reader):
    path = tmp_path_factory.mktemp("q") / "random.qrels"
    path.write_text("".join(f"{q} 0 {p} {g}\n" for q, p, g in rows))
    assert_same(load_judgments, path)


# -- CSV: pandas' C parser against the csv module ------------------------------------
def assert_same_csv(load, path: Path, monkeypatch) -> None:
    from workbench.core.io import reading

    # the general reader, where the two splitters are (a plain run would go to the C scanner)
    fast = _outcome(load, path, False)
    with monkeypatch.context() as m:
        m.setattr(reading, "csv_columns", lambda text, delim: None)
        slow = _outcome(load, path, False)
    assert fast[1] == slow[1]
    assert (fast[0] is None) == (slow[0] is None)
    if fast[0] is not None:
        frame = "runs" if load is load_run else "judgments"
        pd.testing.assert_frame_equal(getattr(fast[0], frame), getattr(slow[0], frame))


CSV_RUNS = {
    "clean": "시스템,질문ID,문단ID,순위,점수\nBM25,Q1,D1,1,0.9\nBM25,Q1,D2,2,0.5\nDense,Q1,D2,1,0.7\n",
    "ragged_and_blank": "질문ID,문단ID,순위,점수\nQ1,D1,1\n\nQ1,D2,2,0.5,extra\n , , , \nQ2,D3,1,0.1\n",
    "title_rows_above": "검색 결과,,,,,,,\n\n질문ID,문단ID,순위\nQ1,D1,1\nQ1,D2,2\n",
    "crlf": "질문ID;문단ID;순위\r\nQ1;D1;1\r\nQ1;D1;2\r\n",
    "sep_hint": "sep=;\n질문ID;문단ID;순위\nQ1;D1,2;1\n",
    "quoted": '질문ID,문단ID,순위\nQ1,"D1, part 2",1\nQ1,"multi\nline",2\n',
    "lone_cr": "질문ID,문단ID,순위\rQ1,D1,1\rQ1,D2,2\r",
    "spaces_and_bom_ids": "질문ID,문단ID,순위\n Q1 ,\ufeffD1,1\nQ1,D1,2\n",
    "bad_rank": "질문ID,문단ID,순위\nQ1,D1,first\nQ1,D2,0\n",
    "tabs": "질문ID\t문단ID\t순위\nQ1\tD1\t1\nQ1\tD2\t3\n",
}


@pytest.mark.parametrize("name", sorted(CSV_RUNS))
def test_csv_runs_same_both_ways(tmp_path, monkeypatch, name):
    path = tmp_path / f"{name}.csv"
    path.write_text(CSV_RUNS[name], encoding="utf-8")
    assert_same_csv(load_run, path, monkeypatch)


def test_cp949_csv_judgments_same_both_ways(tmp_path, monkeypatch):
    path = tmp_path / "j.csv"
    path.write_bytes("질문ID,문단ID,등급\n질문1,말씀-1,2\n질문1,말씀-2,높음\n".encode("cp949"))
    assert_same_csv(load_judgments, path, monkeypatch)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.lists(
        st.sampled_from(["Q1", "D2", "3", ",", "\n", "\r\n", " ", "x,y", "\t", "\ufeff"]),
        max_size=40,
    ).map("".join)
)
def test_random_csv_same_both_ways(tmp_path_factory, monkeypatch, body):
    path = tmp_path_factory.mktemp("c") / "r.csv"
    path.write_text("질문ID,문단ID,순위\n" + body, encoding="utf-8")
    assert_same_csv(load_run, path, monkeypatch)


def test_csv_columns_is_taken_for_a_plain_file_and_refused_for_quotes():
    from workbench.core.io.fast_csv import csv_columns

    cols = csv_columns("a,b\n1,2,3\n\n", ",")
    assert [c.tolist() for c in cols] == [["a", "1", ""], ["b", "2", ""], ["", "3", ""]]
    assert csv_columns('a,b\n"1",2\n', ",") is None
    assert csv_columns("a,b\r1,2\r", ",") is None


# -- plain CSV / TSV runs: the C scanner reads them too -------------------------------------

PLAIN_CSV_RUN = "시스템,질문ID,순위,문단ID,점수\nbm25,q1,1,d1,3.5\nbm25,q1,2,d2,2.5\nbm25,q2,1,d3,1\nbm25,q2,2,d1,0.5\n"
PLAIN_CSV_RUNS = {
    "clean": PLAIN_CSV_RUN,
    "english_headers": PLAIN_CSV_RUN.replace("시스템,질문ID,순위,문단ID,점수", "system,qid,rank,docid,score"),
    "no_system_column": "질문ID,순위,문단ID,점수\nq1,1,d1,3.5\nq1,2,d2,2.5\n",
    "no_rank_column": "질문ID,문단ID,점수\nq1,d1,3.5\nq1,d2,2.5\n",
    "no_score_column": "질문ID,순위,문단ID\nq1,1,d1\nq1,2,d2\n",
    "columns_in_another_order": "문단ID,점수,질문ID,순위\nd1,3.5,q1,1\nd2,2.5,q1,2\n",
    "an_unmapped_column": "질문ID,순위,문단ID,점수,메모\nq1,1,d1,3.5,x\nq1,2,d2,2.5,y\n",
    "a_text_column": "질문ID,순위,문단ID,점수,본문\nq1,1,d1,3.5,말씀\nq1,2,d2,2.5,본문\n",
    "tabs": PLAIN_CSV_RUN.replace(",", "\t"),
    "crlf": PLAIN_CSV_RUN.replace("\n", "\r\n"),
    "no_final_newline": PLAIN_CSV_RUN.rstrip("\n"),
    "trailing_blank_lines": PLAIN_CSV_RUN + "\n\n",
    "blank_line_inside": PLAIN_CSV_RUN.replace("2.5\n", "2.5\n\n", 1),
    "bom": "\ufeff" + PLAIN_CSV_RUN,
    "title_above_header": "2차 실험 결과\n" + PLAIN_CSV_RUN,
    "quoted_field": PLAIN_CSV_RUN.replace("d2", '"d2"'),
    "quoted_comma": PLAIN_CSV_RUN.replace("d2", '"d,2"'),
    "empty_cell": PLAIN_CSV_RUN.replace(",2.5", ","),
    "space_padded_id": PLAIN_CSV_RUN.replace(",d2,", ", d2 ,"),
    "korean_id": PLAIN_CSV_RUN.replace("q1", "질문1"),
    "numeric_looking_ids": PLAIN_CSV_RUN.replace("q1", "007").replace("d3", "1.0"),
    "rank_zero": PLAIN_CSV_RUN.replace("bm25,q1,1,", "bm25,q1,0,"),
    "rank_fraction": PLAIN_CSV_RUN.replace(",2,d2,", ",2.5,d2,"),
    "rank_tie": PLAIN_CSV_RUN.replace(",2,d2,", ",1,d2,"),
    "score_with_unit": PLAIN_CSV_RUN.replace("3.5", "3.5점"),
    "score_nan": PLAIN_CSV_RUN.replace("2.5", "nan"),
    "extra_field": PLAIN_CSV_RUN.replace("2.5\n", "2.5,extra\n", 1),
    "missing_field": PLAIN_CSV_RUN.replace(",0.5\n", "\n"),
    "repeated_passage": PLAIN_CSV_RUN + "bm25,q1,3,d1,0.1\n",
    "two_systems": PLAIN_CSV_RUN + "dense,q1,1,d2,9\ndense,q1,2,d1,8\n",
    "hash_first": PLAIN_CSV_RUN + "#bm25,q3,1,d1,1\n",
    "semicolons": PLAIN_CSV_RUN.replace(",", ";"),
    "excel_sep_line": "sep=,\n" + PLAIN_CSV_RUN,
}


@pytest.mark.parametrize("name", sorted(PLAIN_CSV_RUNS))
def test_plain_csv_runs_same_both_ways(tmp_path, name):
    path = tmp_path / f"{name}.csv"
    path.write_bytes(PLAIN_CSV_RUNS[name].encode("utf-8"))
    assert_same(load_run, path)


def test_a_plain_csv_run_is_read_by_the_c_scanner(tmp_path, monkeypatch):
    if not trec_scan.available():
        pytest.skip("the C scanner was not built here (no C compiler at install)")
    scanned = []
    real = trec_scan.scan_delimited_file
    monkeypatch.setattr(
        trec_scan, "scan_delimited_file", lambda *a: scanned.append(a[0]) or real(*a)
    )
    path = tmp_path / "bm25.csv"
    path.write_bytes(PLAIN_CSV_RUNS["clean"].encode("utf-8"))
    rs = load_run(path)
    assert scanned and len(rs.runs) == 4
    assert list(rs.runs[S.PID].cat.categories) == ["d1", "d2", "d3"]  # text order


_CSV_ID = st.text(alphabet="abcXYZ019-_.!~", min_size=1, max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(
        st.tuples(
            st.sampled_from(["bm25", "dense"]),
            st.sampled_from(["q1", "q2", "10", "Q-3"]),
            _CSV_ID,
            st.integers(min_value=1, max_value=5),
            st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(repr),
        ),
        min_size=1,
        max_size=40,
    ),
    delimiter=st.sampled_from([",", "\t"]),
    header=st.sampled_from(
        [["시스템", "질문ID", "순위", "문단ID", "점수"], ["system", "query_id", "rank", "doc_id", "score"]]
    ),
)
def test_random_plain_csv_runs_same_both_ways(tmp_path, rows, delimiter, header):
    text = delimiter.join(header) + "\n"
    text += "".join(delimiter.join([s, q, str(r), p, sc]) + "\n" for s, q, p, r, sc in rows)
    path = tmp_path / "run.csv"
    path.write_bytes(text.encode("utf-8"))
    assert_same(load_run, path)


def test_the_import_previews_own_csv_choices_keep_the_c_scanner(tmp_path, monkeypatch):
    """The preview hands back the mapping the headers give and the file's one sheet:
    the scanner still reads the file; a changed mapping is the general reader's."""
    if not trec_scan.available():
        pytest.skip("the C scanner was not built here (no C compiler at install)")
    from workbench.core.io.mapping import ColumnMapping, detect_mapping

    path = tmp_path / "bm25.csv"
    path.write_bytes(PLAIN_CSV_RUNS["clean"].encode("utf-8"))
    scanned = []
    real = trec_scan.scan_delimited_file
    monkeypatch.setattr(
        trec_scan, "scan_delimited_file", lambda *a: scanned.append(a[0]) or real(*a)
    )
    own, _ = detect_mapping(["시스템", "질문ID", "순위", "문단ID", "점수"], "bm25")
    rs = load_run(path, mappings={"bm25": own}, sheets=["bm25"])
    assert len(scanned) == 1
    pd.testing.assert_frame_equal(rs.runs, load_run(path, fast=False).runs, check_exact=True)
    without_score = ColumnMapping(dict(own.roles, 점수=None))
    changed = load_run(path, mappings={"bm25": without_score}, sheets=["bm25"])
    assert len(scanned) == 1  # not scanned again: the general reader applied the choice
    assert changed.runs[S.SCORE].isna().all() and changed.runs[S.RANK].tolist() == [1, 2, 1, 2]


@pytest.mark.parametrize("slice_rows", [1, 3, 4, 1 << 16])
def test_scanned_ids_become_an_object_array_slice_by_slice(monkeypatch, slice_rows):
    """The scanner's list of ids as an object array, a slice at a time: every id in
    its place and the very same object (no copy of the text), whatever the slices."""
    monkeypatch.setattr(fast_trec, "TEXT_ROWS", slice_rows)
    for n in (0, 1, 2, 3, 4, 5, 11, 12, 13):
        values = [f"FR94-{i:03d}" for i in range(n)] + [""] * (n % 2)
        got = fast_trec._object_array(values)
        assert got.dtype == object and got.shape == (len(values),)
        assert got.tolist() == values
        assert all(a is b for a, b in zip(got.tolist(), values))
