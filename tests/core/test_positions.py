"""first_occurrences: the first row of each (list, code) pair, as a set per list finds it,
by the C module's one pass and by numpy's sort."""

from __future__ import annotations

import numpy as np
import pytest

from workbench.core.io import positions
from workbench.core.io.positions import first_occurrences, sorted_first_occurrences


def _first_by_sets(lk: np.ndarray, codes: np.ndarray) -> np.ndarray:
    seen: set[tuple[int, int]] = set()
    kept = []
    for key, code in zip(lk.tolist(), codes.tolist()):
        kept.append((key, code) not in seen)
        seen.add((key, code))
    return np.array(kept, dtype=bool)


@pytest.mark.parametrize("find", [first_occurrences, sorted_first_occurrences])
@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64])
@pytest.mark.parametrize("shape", ["equal", "padded", "uneven"])
@pytest.mark.parametrize("seed", range(4))
def test_first_occurrences_equal_a_set_per_list(find, dtype, shape, seed):
    """Lists of one length (no padding), of a few lengths (a padded grid, whose
    padding repeats in every short list) and of very different lengths (one sort
    of keys); codes of every width; lists with and without repeated codes."""
    rng = np.random.default_rng(seed)
    n_lists = int(rng.integers(1, 40))
    if shape == "equal":
        lengths = np.full(n_lists, int(rng.integers(1, 30)))
    elif shape == "padded":
        lengths = rng.integers(1, 30, n_lists)
    else:
        lengths = np.r_[rng.integers(1, 3, n_lists), 500]
    lk = np.repeat(np.arange(lengths.size, dtype=np.int64) * 7, lengths)
    for repeats in (False, True):
        span = 10**6 if not repeats else int(lengths.max())  # repeats: few codes to draw
        width = dtype if span < np.iinfo(dtype).max else np.int64
        codes = np.concatenate([rng.choice(span, size=n, replace=repeats) for n in lengths])
        codes = codes.astype(width)
        expected = _first_by_sets(lk, codes)
        np.testing.assert_array_equal(find(lk, codes), expected)
    assert find(lk[:1], codes[:1]).tolist() == [True]
    assert find(lk[:0], codes[:0]).size == 0


@pytest.mark.skipif(positions._fastids is None, reason="the C module was not built here")
def test_the_one_pass_leaves_odd_codes_to_the_sort():
    """The C module's one pass stamps a table as large as the largest code: a
    negative code, or one far larger than the rows, is left to numpy's sort,
    which gives the same answer; rows of int32 lists with int64 codes too."""
    from workbench.core.io import _fastids

    lk = np.repeat(np.arange(3, dtype=np.int32), 4)
    for codes in (
        np.array([5, 1, 5, 2, 2, 2, 7, 1, 9, 9, 0, 9]),
        np.array([5, -1, 5, 2, 2, 2, 7, -1, 9, 9, 0, 9]),
        np.array([5, 10**12, 5, 2, 2, 2, 7, 10**12, 9, 9, 0, 9]),
    ):
        expected = _first_by_sets(lk, codes)
        np.testing.assert_array_equal(first_occurrences(lk, codes), expected)
        np.testing.assert_array_equal(sorted_first_occurrences(lk, codes), expected)
    assert _fastids.first_in_lists(lk, 4, np.array([1, -1] * 6), 8) is None
    assert _fastids.first_in_lists(lk, 4, np.array([1, 10**12] * 6), 8) is None
    with pytest.raises(ValueError):
        _fastids.first_in_lists(lk, 4, np.arange(5, dtype=np.int64), 8)
