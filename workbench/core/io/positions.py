"""Where each (list, id) pair first occurs in ranked lists: the de-duplication the
readers and the evaluation share.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

try:  # the optional C module (see _fastids_positions.c); numpy does the same without it
    from workbench.core.io import _fastids
except ImportError:  # pragma: no cover - built without a C compiler
    _fastids = None

_WIDTHS = (np.dtype(np.int32), np.dtype(np.int64))


def first_occurrences(lk: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """True for the first row of each (list, code) pair; rows grouped by list, in ranked order.

    With the C module, one pass that stamps each code with the last list it
    was seen in (a 2M-row run: ~4 ms instead of ~17 ms of sorting, done twice:
    by the reader and by the evaluation); else :func:`sorted_first_occurrences`.
    """
    if _fastids is not None and lk.size > 1 and lk.dtype in _WIDTHS and codes.dtype in _WIDTHS:
        lists, values = np.ascontiguousarray(lk), np.ascontiguousarray(codes)
        found = _fastids.first_in_lists(lists, lists.itemsize, values, values.itemsize)
        if found is not None:  # None: a negative or very large code
            return np.frombuffer(found, dtype=bool)
    return sorted_first_occurrences(lk, codes)


def sorted_first_occurrences(lk: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """:func:`first_occurrences` by sorting, in numpy.

    Each list's codes are sorted on their own (a 2-D row-wise sort over the
    lists, padded to the longest list) to see whether any code repeats at
    all — usually none does. Sorting short rows is several times faster than
    one sort, or one hash table, over millions of keys. Only lists that hold
    a repeat are then resolved row by row.
    """
    n = lk.size
    kept = np.ones(n, dtype=bool)
    if n < 2:
        return kept
    starts = np.r_[0, np.flatnonzero(lk[1:] != lk[:-1]) + 1]
    lengths = np.diff(np.r_[starts, n])
    width = int(lengths.max())
    n_lists = starts.size
    # 4-byte codes sort faster; codes already of that width are used as they are
    # (np.sort below copies them), not copied and scanned for their maximum first
    if codes.dtype == np.int32:
        small = codes
    else:
        small = codes.astype(np.int32) if codes.max(initial=0) < 2**31 - 1 else codes
    if n_lists * width == n:  # every list has the same length: no padding
        grid = small.reshape(n_lists, width)
    elif n_lists * width <= 4 * n:
        grid = np.full((n_lists, width), -1, dtype=small.dtype)
        row_list = np.repeat(np.arange(n_lists), lengths)
        grid[row_list, np.arange(n) - starts[row_list]] = small
    else:  # very uneven lists: one sort of (list, code) keys
        keys = np.sort(lk * (int(codes.max()) + 1) + codes)
        if not (keys[1:] == keys[:-1]).any():
            return kept
        grid = None
    if grid is not None:
        grid = np.sort(grid, axis=1)
        repeat = grid[:, 1:] == grid[:, :-1]
        if not repeat.any():  # the usual case, decided before the padding is told apart
            return kept
        repeat &= grid[:, 1:] >= 0
        bad_lists = np.flatnonzero(repeat.any(axis=1))
        if bad_lists.size == 0:
            return kept
        rows = np.concatenate([np.arange(starts[i], starts[i] + lengths[i]) for i in bad_lists])
    else:
        rows = np.arange(n)
    pair = pd.MultiIndex.from_arrays([lk[rows], codes[rows]])
    kept[rows] = ~pair.duplicated(keep="first")
    return kept
