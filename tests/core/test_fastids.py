"""The C lookup of ids (core/io/_fastids_positions.c ``positions``) against pandas, and the
evaluation with and without it."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.core.measures import evaluate as evaluate_module

_fastids = evaluate_module._fastids
pytestmark = pytest.mark.skipif(
    _fastids is None, reason="the C module was not built here (no C compiler at install)"
)


def pandas_positions(haystack: list, needles: list) -> np.ndarray:
    return pd.Index(haystack, dtype=object).get_indexer(needles).astype(np.int64)


_TEXT = st.text(alphabet=st.sampled_from("ab가나\x00é😀 1"), max_size=6)


@settings(max_examples=200, deadline=None)
@given(
    haystack=st.lists(_TEXT, unique=True, max_size=60),
    needles=st.lists(_TEXT, max_size=60),
)
def test_positions_equal_pandas(haystack, needles):
    got = _fastids.positions(haystack, needles)
    assert got is not None
    np.testing.assert_array_equal(np.frombuffer(got, np.int64), pandas_positions(haystack, needles))


def test_a_value_that_is_not_text_is_left_to_pandas():
    assert _fastids.positions(["a", "b"], ["a", float("nan")]) is None
    assert _fastids.positions(["a", 1], ["a"]) is None
    assert _fastids.positions(["a"], ["\ud800"]) is None  # a lone surrogate has no UTF-8
    with pytest.raises(TypeError):
        _fastids.positions(("a",), ["a"])


def test_a_large_lookup_equals_pandas():
    rng = np.random.default_rng(3)
    haystack = [f"FR94{d:08d}" for d in rng.choice(10**7, 200_000, replace=False)]
    needles = [haystack[i] for i in rng.integers(0, len(haystack), 30_000)]
    needles += [f"missing-{i}" for i in range(5_000)]
    got = np.frombuffer(_fastids.positions(haystack, needles), np.int64)
    np.testing.assert_array_equal(got, pandas_positions(haystack, needles))


def test_the_evaluation_is_the_same_without_the_c_lookup(monkeypatch):
    from workbench.core.io import load_judgments, load_run
    from workbench.core.model.schema import EvalSettings
    from workbench.core.study import study_from_files
    from workbench.paths import demo_dir

    study = study_from_files(
        load_judgments(demo_dir() / "judgments.xlsx"),
        [load_run(demo_dir() / "runs.xlsx")],
        EvalSettings(ks=(1, 3, 5, 10)),
    )
    calls = []
    real = _fastids.positions
    monkeypatch.setattr(_fastids, "positions", lambda *a: calls.append(1) or real(*a))
    with_c = study.evaluate()
    assert calls, "the evaluation did not use the C lookup"
    calls.clear()
    monkeypatch.setattr(evaluate_module, "_fastids", None)
    without = study.evaluate()
    assert calls == [] and without is not with_c
    pd.testing.assert_frame_equal(with_c.per_question, without.per_question)
    pd.testing.assert_frame_equal(with_c.ranking, without.ranking)
