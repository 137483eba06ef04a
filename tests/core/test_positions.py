"""first_occurrences: the first row of each (list, code) pair, as a set per list finds it."""

from __future__ import annotations

import numpy as np
import pytest

from workbench.core.model.positions import first_occurrences


def _first_by_sets(lk: np.ndarray, codes: np.ndarray) -> np.ndarray:
    seen: set[tuple[int, int]] = set()
    kept = []
    for key, code in zip(lk.tolist(), codes.tolist()):
        kept.append((key, code) not in seen)
        seen.add((key, code))
    return np.array(kept, dtype=bool)


@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64])
@pytest.mark.parametrize("shape", ["equal", "padded", "uneven"])
@pytest.mark.parametrize("seed", range(4))
def test_first_occurrences_equal_a_set_per_list(dtype, shape, seed):
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
        np.testing.assert_array_equal(first_occurrences(lk, codes), expected)
    assert first_occurrences(lk[:1], codes[:1]).tolist() == [True]
    assert first_occurrences(lk[:0], codes[:0]).size == 0
