"""Id hygiene: invisible characters are removed from ids and counted once per column."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from workbench.core.io import load_judgments, load_run, normalize_id
from workbench.core.io.ids import INVISIBLE, is_blank, normalize_ids, normalize_ids_counted
from workbench.core.model.schema import EvalSettings
from workbench.core.study import study_from_files


def test_normalize_id_removes_every_invisible_character():
    for ch in INVISIBLE:
        assert normalize_id(f"{ch}Q0{ch}01{ch}") == "Q001", repr(ch)
    assert normalize_id(" \ufeff 말씀\u200d-1 ") == "말씀-1"
    ids, removed = normalize_ids_counted(np.array(["\ufeffQ1", "Q1", 12.0, None, "a\u00adb"], object))
    assert ids.tolist() == ["Q1", "Q1", "12", "", "ab"]
    assert removed.tolist() == [True, False, False, False, True]


def test_true_and_one_stay_apart():
    values = np.array([True, 1, 1.0, "1", False, 0], dtype=object)
    assert normalize_ids(values).tolist() == ["TRUE", "1", "1", "1", "FALSE", "0"]
    assert is_blank(np.array(["", " ", None, float("nan"), "x", 0], dtype=object)).tolist() == [
        True, True, True, True, False, False,
    ]  # fmt: skip


def test_bom_and_zero_width_ids_match_and_warn_once_per_column(tmp_path):
    judgments = tmp_path / "j.csv"
    judgments.write_text(
        "질문ID,문단ID,등급\n"
        "\ufeffQ001,D1,3\n"  # a BOM glued to the id (copy-paste from another file)
        "Q001,D\u200b2,2\n"
        "\ufeffQ002,D3,1\n"
        "Q002,D4,0\n",
        encoding="utf-8",
    )
    run = tmp_path / "r.csv"
    run.write_text(
        "질문ID,문단ID,순위\nQ001,D1,1\nQ001,D2,2\nQ002,D3,1\nQ\u200c002,D4,2\n", encoding="utf-8"
    )
    js = load_judgments(judgments)
    rs = load_run(run)
    warned = [p for p in js.problems if p.code == "id_invisible_removed"]
    assert [(p.column, p.row) for p in warned] == [("질문ID", 2), ("문단ID", 3)]
    assert "2 cell(s) of column '질문ID'" in warned[0].message_en
    assert "rows 2, 4" in warned[0].message_en
    assert "2개 칸" in warned[0].message_ko and "2, 4행" in warned[0].message_ko
    assert sorted(set(js.judgments["question_id"])) == ["Q001", "Q002"]
    (run_warning,) = [p for p in rs.problems if p.code == "id_invisible_removed"]
    assert run_warning.row == 5 and run_warning.column == "질문ID"
    res = study_from_files(js, [rs], EvalSettings(ks=(2,))).evaluate()
    # every judged passage is found: the ids are the same questions
    assert res.metric("r", "Recall@2") == 1.0
    assert res.missing.empty and res.run_only.empty


def _dated_workbook(path, kind: str):
    """A workbook as Excel saves it when ids like 1-1 were typed into a General
    column: Excel stored them as dates."""
    import datetime as dt

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    if kind == "judgments":
        sheet.append(["질문ID", "문단ID", "등급"])
        sheet.append(["Q1", dt.datetime(2026, 1, 1), 3])
        sheet.append(["Q1", "1-2", 1])  # typed with an apostrophe: text
        sheet.append(["Q2", dt.datetime(2026, 2, 1), 2])
    else:
        sheet.append(["질문ID", "순위", "문단ID", "점수"])
        sheet.append([dt.date(2026, 1, 5), 1, "1-1", 2.0])
        sheet.append(["Q2", 1, "2-1", 1.0])
    book.save(path)
    return path


def test_ids_that_excel_turned_into_dates_are_named_with_their_rows(tmp_path):
    js = load_judgments(_dated_workbook(tmp_path / "판정.xlsx", "judgments"))
    (warned,) = [p for p in js.problems if p.code == "id_is_date"]
    assert (warned.column, warned.row) == ("문단ID", 2)
    assert "2 cell(s) of column '문단ID' hold a date" in warned.message_en
    assert "row 2: 2026-01-01, row 4: 2026-02-01" in warned.message_en
    assert "'1-1" in warned.message_en  # how to type them so they stay text
    assert "2행 2026-01-01, 4행 2026-02-01" in warned.message_ko
    assert "텍스트" in warned.message_ko
    # still read (as the dates' text), the text id untouched
    assert sorted(js.judgments["passage_id"]) == ["1-2", "2026-01-01", "2026-02-01"]

    rs = load_run(_dated_workbook(tmp_path / "결과.xlsx", "run"))
    (run_warned,) = [p for p in rs.problems if p.code == "id_is_date"]
    assert (run_warned.column, run_warned.row) == ("질문ID", 2)


def test_text_and_number_ids_raise_no_date_warning(tmp_path):
    judgments = tmp_path / "j.csv"
    judgments.write_text("질문ID,문단ID,등급\n1,2026-01-01,3\n2,1-1,1\n", encoding="utf-8")
    js = load_judgments(judgments)  # the text of a date is an id like any other
    assert not [p for p in js.problems if p.code == "id_is_date"]


# -- id categoricals ----------------------------------------------------------------


def test_id_categorical_equals_pandas_checked_construction():
    """Categories in strictly increasing text order skip pandas' hashing check; the
    categorical is the one pandas' checked constructor makes."""
    from workbench.core.io.ids import id_categorical

    uniques = np.array(["P10", "P2", "p1", "가", "나"], dtype=object)
    codes = np.array([4, 0, 0, 3, 1, 2], dtype=np.int32)
    made = id_categorical(codes, uniques)
    expected = pd.Categorical.from_codes(codes, categories=pd.Index(uniques, dtype=object))
    assert made.equals(expected) and made.dtype == expected.dtype
    assert list(made.categories) == list(uniques)


def test_categories_in_text_order_are_known_as_such_only_by_identity():
    """The evaluation trusts ``known_text_order`` instead of comparing a million ids
    again: only categories id_categorical checked are known, and equal categories
    made elsewhere (or out of order) are not."""
    import gc

    from workbench.core.io.ids import _KNOWN, id_categorical, known_text_order

    checked = id_categorical(np.array([1, 0]), np.array(["a", "b"], dtype=object))
    assert known_text_order(checked.categories)
    frame = pd.DataFrame({"p": checked})
    assert known_text_order(frame.iloc[:1]["p"].cat.categories)  # pandas keeps the Index
    assert not known_text_order(pd.Index(["a", "b"], dtype=object))  # equal, not checked
    unsorted = id_categorical(np.array([1, 0]), np.array(["b", "a"], dtype=object))
    assert not known_text_order(unsorted.categories)
    key = id(checked.categories)
    del checked, frame
    gc.collect()
    assert key not in _KNOWN  # forgotten with the categories


def test_what_a_reader_vouched_for_passes_to_the_categories_made_of_its_uniques():
    """Uniques a reader sorted itself are taken in text order without comparing
    them again, and the passages it looked up go with them to the categories;
    equal uniques nobody vouched for are compared, and know of no lookups."""
    from workbench.core.io import ids

    uniques = np.array(["a", "b", "c"], dtype=object)
    ids.vouch_text_order(uniques)
    ids.remember_matches(uniques, np.array(["c", "z"], dtype=object), np.array([2, -1]))
    made = ids.id_categorical(np.array([2, 0, 1]), uniques)
    assert ids.known_text_order(made.categories)
    looked_up, positions = ids.known_matches(made.categories)
    assert list(looked_up) == ["c", "z"] and positions.tolist() == [2, -1]

    equal = ids.id_categorical(np.array([2, 0, 1]), np.array(["a", "b", "c"], dtype=object))
    assert ids.known_text_order(equal.categories)  # compared, and in order
    assert ids.known_matches(equal.categories) is None
    unsorted = np.array(["b", "a"], dtype=object)
    assert not ids.known_text_order(ids.id_categorical(np.array([0, 1]), unsorted).categories)


def test_evaluation_with_known_and_unknown_text_order_agrees():
    """A run whose passage categoricals are known in text order (the readers') and the
    same run with equal categories pandas made itself give the same results."""
    from workbench.core.io.ids import id_categorical, known_text_order
    from workbench.core.measures.evaluate import evaluate
    from workbench.core.model import schema as S
    from workbench.core.model.schema import EvalSettings

    rng = np.random.default_rng(5)
    pids = np.array(sorted(f"d{i:03d}" for i in range(40)), dtype=object)
    rows = []
    for q in ("q1", "q2", "q3"):
        for rank, p in enumerate(rng.choice(pids, 12, replace=False), 1):
            rows.append(("sys", q, p, rank, float(rng.integers(0, 4))))  # score ties
    run = pd.DataFrame(rows, columns=[S.SYSTEM, S.QID, S.PID, S.RANK, S.SCORE])
    codes = np.searchsorted(pids, run[S.PID].to_numpy(dtype=object))
    used = np.unique(codes)
    remap = np.searchsorted(used, codes)
    known = run.assign(**{S.PID: id_categorical(remap, pids[used])})
    assert known_text_order(known[S.PID].cat.categories)
    # categories out of text order: were they taken for in order, ties would break wrongly
    plain = run.assign(**{S.PID: pd.Categorical(run[S.PID], categories=pids[used][::-1])})
    assert not known_text_order(plain[S.PID].cat.categories)
    qrels = pd.DataFrame(
        {S.QID: ["q1", "q2", "q3", "q1"], S.PID: [pids[0], pids[5], pids[9], "zz"], S.GRADE: [3, 1, 2, 2]}
    )
    settings = EvalSettings(ks=(1, 3, 5, 10), order="trec")
    a, b = evaluate(qrels, known, settings), evaluate(qrels, plain, settings)
    assert a.ranking[S.PID].dtype is known[S.PID].dtype  # the readers' dtype, reused
    pd.testing.assert_frame_equal(a.per_question, b.per_question)
    pd.testing.assert_frame_equal(a.aggregates, b.aggregates)
    pd.testing.assert_frame_equal(a.ranking, b.ranking, check_categorical=False)
    assert list(a.ranking[S.PID].astype(str)) == list(b.ranking[S.PID].astype(str))


def test_id_categorical_still_refuses_repeated_categories_and_codes_out_of_range():
    from workbench.core.io.ids import id_categorical

    with pytest.raises(ValueError, match="unique"):
        id_categorical(np.array([0, 1]), np.array(["a", "a"], dtype=object))
    with pytest.raises(ValueError):
        id_categorical(np.array([0, 2]), np.array(["a", "b"], dtype=object))
    # out of text order (no reader gives this) or not text: pandas' own check, as before
    unsorted = id_categorical(np.array([1, 0]), np.array(["b", "a"], dtype=object))
    assert list(unsorted) == ["a", "b"]
    with pytest.raises(ValueError, match="null"):
        id_categorical(np.array([0, 1]), np.array(["a", np.nan], dtype=object))
