"""The cheap routes of grade resolution give what the general route gives.

:func:`agreement._dedup_checked` skips ``drop_duplicates`` when
:func:`agreement._no_repeated_key` proves no (question, passage, assessor)
repeats, and :func:`agreement._single_assessor` then takes the columns as they
are; :func:`rankings_by_assessor` stops early when nobody is named. Each test
compares with the general route (the check forced to say "cannot tell"), on
text, object and categorical ids, repeats, missing values and several assessors.
"""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from tests.core._by_assessor_fixture import judgments as three_assessors
from tests.core._by_assessor_fixture import runs
from workbench.core.io import load_judgments
from workbench.core.measures import agreement, by_assessor
from workbench.core.measures.agreement import (
    agreement_table,
    disagreements,
    dissent_record,
    resolve_grades,
)
from workbench.core.measures.by_assessor import rankings_by_assessor
from workbench.core.model.problems import InputError
from workbench.core.model.schema import (
    ASSESSOR,
    GRADE,
    GROUP,
    JUDGMENT_COLUMNS,
    PID,
    QID,
    ROLE,
    EvalSettings,
)

KEY = [QID, PID, ASSESSOR]
POLICIES = ["median", "majority", "max", "min", "assessor"]


def _frame(rows, **columns) -> pd.DataFrame:
    """Judgments from (question, passage, grade[, assessor]) tuples, in pandas'
    default text dtype; ``columns`` replace whole columns."""
    data = []
    for i, row in enumerate(rows):
        q, p, g, *rest = row
        data.append((q, p, g, rest[0] if rest else "", "", "", "", i + 2))
    df = pd.DataFrame(data, columns=JUDGMENT_COLUMNS)
    for c, values in columns.items():
        df[c] = values
    return df


def _trec_like(n_questions=30, per_question=40, seed=3) -> pd.DataFrame:
    """A qrels file's judgments: one unnamed assessor, each question's rows
    together, a passage judged for several questions."""
    rng = random.Random(seed)
    rows = []
    for q in range(n_questions):
        for p in rng.sample(range(per_question * 3), per_question):
            rows.append((f"{300 + q}", f"DOC-{p:05d}", rng.randint(0, 3)))
    return _frame(rows, **{ROLE: rng.choices(["", "gold"], k=len(rows))})


def _as_ids(df: pd.DataFrame, dtype) -> pd.DataFrame:
    out = df.copy()
    for c in (QID, PID):
        out[c] = out[c].astype(dtype)
    return out


@pytest.fixture
def general(monkeypatch):
    """Run a function on the general route: the check never proves anything."""

    def run(fn, *args, **kw):
        with monkeypatch.context() as m:
            m.setattr(agreement, "_no_repeated_key", lambda judgments: False)
            return fn(*args, **kw)

    return run


def _same_everywhere(df: pd.DataFrame, general) -> None:
    """Every function built on the de-duplication agrees with the general route."""
    assert_frame_equal(agreement._dedup(df), general(agreement._dedup, df), check_exact=True)
    named = sorted({a for a in df[ASSESSOR].tolist() if isinstance(a, str) and a})
    for policy in POLICIES:
        adjudicator = (named or [None])[0] if policy == "assessor" else None
        fast = resolve_grades(df, policy, adjudicator=adjudicator)
        slow = general(resolve_grades, df, policy, adjudicator=adjudicator)
        assert_frame_equal(fast, slow, check_exact=True)
        assert fast.attrs == slow.attrs
    assert_frame_equal(disagreements(df), general(disagreements, df), check_exact=True)
    resolved = resolve_grades(df)
    assert_frame_equal(
        dissent_record(df, resolved), general(dissent_record, df, resolved), check_exact=True
    )
    assert agreement_table(df).to_dict() == general(agreement_table, df).to_dict()


# -- the check proves, and only proves, what holds ------------------------------


@pytest.mark.parametrize("dtype", ["str", object, "category", "string"])
def test_a_qrels_file_takes_the_cheap_route_with_the_general_result(dtype, general):
    df = _as_ids(_trec_like(), dtype)
    assert agreement._no_repeated_key(df)
    _same_everywhere(df, general)


def test_text_and_categorical_ids_resolve_to_the_same_grades():
    text = _trec_like()
    as_text = resolve_grades(text)
    for dtype in (object, "category", "string"):
        other = resolve_grades(_as_ids(text, dtype))
        assert other[QID].dtype == _as_ids(text, dtype)[QID].dtype  # the ids keep their dtype
        for c in (QID, PID):
            other[c] = other[c].astype(str)
        assert_frame_equal(other, as_text, check_exact=True)


@pytest.mark.parametrize("dtype", ["str", object, "category"])
def test_a_repeated_item_is_found_on_codes_as_on_text(dtype, general):
    # q1/d2 twice (the second grade differs: the first in file order counts)
    rows = [("q1", "d1", 1), ("q1", "d2", 2), ("q1", "d3", 0), ("q1", "d2", 3), ("q2", "d1", 1)]
    df = _as_ids(_frame(rows), dtype)
    assert not agreement._no_repeated_key(df)
    out = resolve_grades(df)
    assert out[GRADE].tolist() == [1, 2, 0, 1]
    assert out[PID].astype(str).tolist() == ["d1", "d2", "d3", "d1"]
    _same_everywhere(df, general)


def test_equal_text_in_different_objects_is_a_repeat():
    # the reader may give one id as two str objects: sameness is by value
    df = _frame([("q1", "d" + "1", 1), ("q1", "".join(["d", "1"]), 2)])
    assert not agreement._no_repeated_key(df)
    assert resolve_grades(df)[GRADE].tolist() == [1]


def test_a_question_in_two_runs_is_left_to_drop_duplicates(general):
    # q1's rows are apart: the check cannot tell, with or without a repeat
    apart = _frame([("q1", "d1", 1), ("q2", "d1", 2), ("q1", "d2", 3)])
    repeated = _frame([("q1", "d1", 1), ("q2", "d1", 2), ("q1", "d1", 3)])
    for df in (apart, repeated):
        assert not agreement._no_repeated_key(df)
        _same_everywhere(df, general)
    assert resolve_grades(repeated)[GRADE].tolist() == [1, 2]


@pytest.mark.parametrize("missing", [None, np.nan, pd.NA])
@pytest.mark.parametrize("column", [QID, PID, ASSESSOR])
def test_missing_values_take_the_general_route(missing, column, general):
    # None and NaN are one value to drop_duplicates but not to Python's ==
    df = _frame([("q1", "d1", 1), ("q1", "d2", 2), ("q1", "d3", 0)])
    df[column] = df[column].astype(object)
    df.loc[[0, 1], column] = missing
    df.loc[1, column] = np.nan if missing is None else None
    assert not agreement._no_repeated_key(df)
    _same_everywhere(df, general)


def test_a_categorical_with_missing_ids_is_checked_on_codes(general):
    df = _as_ids(_frame([("q1", "d1", 1), ("q1", "d2", 2), ("q1", "d3", 0)]), "category")
    df.loc[[0, 2], PID] = np.nan  # both missing: the same passage to drop_duplicates
    assert not agreement._no_repeated_key(df)
    _same_everywhere(df, general)


def test_several_assessors_take_the_general_route_one_named_does_not(general):
    several = three_assessors(True)
    assert not agreement._no_repeated_key(several)
    _same_everywhere(several, general)
    one = several[several[ASSESSOR] == "B"].reset_index(drop=True)
    assert agreement._no_repeated_key(one)
    out = resolve_grades(one)
    assert out["resolved_by"].tolist() == ["single"] * 3
    _same_everywhere(one, general)


def test_several_assessors_on_different_items_are_still_several(general):
    # no item is graded twice, yet there are two assessors to choose from
    df = _frame([("q1", "d1", 1, "A"), ("q1", "d2", 2, "B"), ("q2", "d1", 0, "A")])
    assert not agreement._no_repeated_key(df)
    _same_everywhere(df, general)
    with pytest.raises(InputError):
        resolve_grades(df, "assessor", adjudicator="nobody")


def test_small_and_odd_frames(general):
    empty = _frame([])
    one_row = _frame([("q1", "d1", 2)])
    numbers = _frame([("q1", "d1", 2), ("q1", "d2", 1)], **{PID: [1, 2]})
    shuffled_index = _trec_like(5, 4).sample(frac=1.0, random_state=1).sort_values(QID)
    for df in (empty, one_row, numbers, shuffled_index):
        _same_everywhere(df, general)
    assert not agreement._no_repeated_key(numbers)  # ids that are not text: cannot tell


@pytest.mark.parametrize("group_dtype", ["str", object])
def test_role_and_group_with_missing_values_become_blank(group_dtype, general):
    df = _trec_like(3, 5)
    df[ROLE] = df[ROLE].where(df.index % 3 != 0)  # NaN on every third row
    df[GROUP] = df[GROUP].astype(group_dtype)
    assert agreement._no_repeated_key(df)
    # str role and group: the columns are taken as they are; else the general route
    assert agreement._as_is_fits(agreement._dedup(df)) is (group_dtype == "str")
    _same_everywhere(df, general)
    out = resolve_grades(df)
    assert out[ROLE].isna().sum() == 0
    assert (out[ROLE].to_numpy(dtype=object)[::3] == "").all()


def test_overrides_and_bad_adjudicator_on_the_cheap_route(general):
    df = _trec_like(4, 5)
    first = df.iloc[0]
    overrides = pd.DataFrame(
        {QID: [first[QID], "999"], PID: [first[PID], "NEW"], GRADE: [3, 1], "reason": ["r", ""]}
    )
    fast = resolve_grades(df, overrides=overrides)
    assert_frame_equal(fast, general(resolve_grades, df, overrides=overrides), check_exact=True)
    assert fast["resolved_by"].iloc[0] == "manual" and fast[PID].iloc[-1] == "NEW"
    # one assessor: any adjudicator goes, as before
    resolve_grades(df, "assessor", adjudicator="nobody")


# -- the judgments are never changed -------------------------------------------


@pytest.mark.parametrize("group_dtype", ["str", object])
@pytest.mark.parametrize("dtype", ["str", object, "category"])
def test_editing_the_resolved_frame_leaves_the_judgments_alone(dtype, group_dtype):
    df = _as_ids(_trec_like(3, 5), dtype)
    df[GROUP] = df[GROUP].astype(group_dtype)  # object: the general route
    before = df.copy(deep=True)
    out = resolve_grades(df)
    assert agreement._no_repeated_key(df)
    for c in (QID, PID, ROLE, GROUP):
        value = out[c].iloc[1] if dtype == "category" and c in (QID, PID) else "EDITED"
        try:
            out.loc[0, c] = value
        except ValueError:  # a read-only object column: pandas refuses, as it always did
            pass
    dedup = agreement._dedup(df)
    dedup.loc[0, ROLE] = "EDITED"
    assert_frame_equal(df, before, check_exact=True)


# -- what the reader gives takes the cheap route ---------------------------------


def test_a_trec_qrels_file_as_read_takes_the_cheap_route(tmp_path, general):
    df = _trec_like(6, 10)
    lines = [f"{q} 0 {p} {g}" for q, p, g in zip(df[QID], df[PID], df[GRADE])]
    path = tmp_path / "small.qrels"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    read = load_judgments(path).judgments
    # a change in the reader that defeats the check would make eval slower, not wrong
    assert agreement._no_repeated_key(read)
    assert agreement._as_is_fits(agreement._dedup(read))
    _same_everywhere(read, general)


# -- rankings by assessor ------------------------------------------------------


def test_nobody_named_gives_no_rankings_without_the_general_work(monkeypatch):
    unnamed = three_assessors(True)
    unnamed = unnamed[unnamed[ASSESSOR] == "A"].assign(**{ASSESSOR: ""})
    fast = rankings_by_assessor(unnamed, runs(), EvalSettings())
    with monkeypatch.context() as m:
        m.setattr(by_assessor, "_nobody_named", lambda judgments: False)
        slow = rankings_by_assessor(unnamed, runs(), EvalSettings())
    assert fast.to_dict() == slow.to_dict() and fast.assessors == []


def test_nobody_named_is_only_said_when_every_assessor_is_blank():
    assert by_assessor._nobody_named(_frame([("q1", "d1", 1), ("q1", "d2", 0)]))
    assert by_assessor._nobody_named(
        _frame([("q1", "d1", 1)], **{ASSESSOR: pd.Series([""], dtype="category")})
    )
    assert not by_assessor._nobody_named(_frame([]))
    assert not by_assessor._nobody_named(_frame([("q1", "d1", 1, ""), ("q1", "d1", 2, "B")]))
    for missing in (None, np.nan, pd.NA):
        df = _frame([("q1", "d1", 1), ("q1", "d2", 0)])
        df[ASSESSOR] = pd.Series(["", missing], dtype=object)
        assert not by_assessor._nobody_named(df)


def test_one_named_assessor_is_still_ranked():
    one = three_assessors(True)
    one = one[one[ASSESSOR] == "B"].reset_index(drop=True)
    out = rankings_by_assessor(one, runs(), EvalSettings())
    assert [r.assessor for r in out.assessors] == ["B"]
