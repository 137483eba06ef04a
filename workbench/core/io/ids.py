"""Id hygiene and cell display text.

Ids are text everywhere in the workbench. A cell typed as ``007`` in a text
column stays ``"007"``; a number cell Excel stores as ``12.0`` is the id
``"12"``; spaces around an id are trimmed and Hangul written by macOS in
decomposed form (NFD) is composed (NFC), so the same id typed on two machines
compares equal.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import math
import unicodedata
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from workbench.core.io import common
from workbench.core.io.common import slices

__all__ = [
    "normalize_id",
    "normalize_ids",
    "display_text",
    "display_texts",
    "is_blank",
    "empty_mask",
    "factorize_ids",
]


def _number_text(value: float) -> str:
    if math.isnan(value) or math.isinf(value):
        return ""
    if value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    # repr gives the shortest text that round-trips: 2.5 → "2.5", not "2.5000000001"
    return repr(value)


def display_text(value: Any) -> str:
    """A cell value as the user sees it: ``12.0`` → ``"12"``, a date → ``"2020-01-02"``."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        return _number_text(float(value))
    if isinstance(value, _dt.datetime):
        if value.time() == _dt.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, _dt.date | _dt.time):
        return value.isoformat()
    if isinstance(value, _dt.timedelta):
        return str(value)
    if value is pd.NA or value is pd.NaT:
        return ""
    return str(value)


def normalize_id(value: Any) -> str:
    """The canonical text of an id cell.

    Trimmed, Unicode NFC, whole-number floats without the ``.0``; ``None``
    and blank cells give ``""``. Idempotent: ``normalize_id(normalize_id(x))
    == normalize_id(x)``.
    """
    text = display_text(value)
    if not text:
        return ""
    text = text.strip()
    if not text.isascii() and not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text).strip()
    return text


def _map_unique(values: Sequence[Any] | np.ndarray, func) -> np.ndarray:
    """Apply ``func`` once per distinct value (ids repeat a lot in judgments and runs)."""
    arr = np.asarray(values, dtype=object) if not isinstance(values, np.ndarray) else values
    if arr.size == 0:
        return np.empty(0, dtype=object)
    codes, uniques = pd.factorize(arr, use_na_sentinel=False)
    mapped = np.array([func(u) for u in uniques], dtype=object)
    return mapped[codes]


def normalize_ids(values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """:func:`normalize_id` over a whole column (object array of ``str``).

    Text cells take a fast path (strip; NFC only for non-ASCII text that is
    not NFC yet); other cells go through :func:`normalize_id`.
    """
    out = np.empty(len(values), dtype=object)
    # by slices: assigning one 500k-item list to an array holds the GIL ~40 ms
    for sl in slices(len(values)):
        out[sl] = [_strip_nfc(v) if type(v) is str else normalize_id(v) for v in values[sl]]
    return out


def _strip_nfc(text: str) -> str:
    text = text.strip()
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text).strip()


def _clean_text(value: Any) -> str:
    text = display_text(value)
    if text and not text.isascii() and not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    return text


def display_texts(values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """Free-text cells (passage text, notes) as NFC text, ``""`` for blanks."""
    nfc = unicodedata.normalize
    out = np.empty(len(values), dtype=object)
    # most cells are already text: one C call each, the rest go through display_text
    for sl in slices(len(values)):
        out[sl] = [nfc("NFC", v) if type(v) is str else _clean_text(v) for v in values[sl]]
    return out


def empty_mask(values: np.ndarray) -> np.ndarray:
    """``values == ""`` for an object array of ``str``, by slices (see common.slices)."""
    out = np.empty(len(values), dtype=bool)
    for sl in slices(len(values)):
        out[sl] = values[sl] == ""
    return out


def factorize_ids(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``pd.factorize`` (codes in first-appearance order, uniques) over slices.

    Hashing half a million strings in one ``pd.factorize`` call holds the GIL
    for over 100 ms. Instead each slice's strings are hashed to 64-bit
    numbers (``pd.util.hash_array``), the numbers are factorized (pandas'
    integer hash table runs without the GIL), and every value is compared with
    the first value of its code, so a hash collision can never merge two
    ids — it falls back to numbering slice by slice in a dict. The result
    equals ``pd.factorize(values, use_na_sentinel=False)``.
    """
    values = np.asarray(values, dtype=object)
    n = len(values)
    if n <= 2 * common.CHUNK_ROWS:
        codes, uniques = pd.factorize(values, use_na_sentinel=False)
        return codes.astype(np.int64, copy=False), np.asarray(uniques, dtype=object)
    try:
        hashes = np.empty(n, dtype=np.uint64)
        for sl in slices(n):
            hashes[sl] = pd.util.hash_array(values[sl], categorize=False)
    except TypeError:  # not text: number the values in a dict
        return _factorize_by_dict(values)
    codes, _ = pd.factorize(hashes)
    codes = codes.astype(np.int64, copy=False)
    # codes appear in increasing order: the first position of each is where
    # the running maximum steps up
    top = np.maximum.accumulate(codes)
    firsts = np.flatnonzero(np.concatenate(([True], top[1:] > top[:-1])))
    uniques = values[firsts]
    for sl in slices(n):
        if not (values[sl] == uniques[codes[sl]]).all():
            return _factorize_by_dict(values)  # a hash collision (about 1 in 10^8)
    return codes, uniques


def _factorize_by_dict(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = len(values)
    codes = np.empty(n, dtype=np.int64)
    seen: dict = {}
    for sl in slices(n):
        local, uniq = pd.factorize(values[sl], use_na_sentinel=False)
        # number the slice's new values after the ones seen before (C-level
        # loops over at most one slice each)
        start = len(seen)
        new = list(itertools.filterfalse(seen.__contains__, uniq))
        seen.update(zip(new, range(start, start + len(new))))
        glob = np.fromiter(map(seen.__getitem__, uniq), dtype=np.int64, count=len(uniq))
        codes[sl] = glob[local]
    keys = list(seen)
    uniques = np.empty(len(keys), dtype=object)
    for sl in slices(len(keys)):
        uniques[sl] = keys[sl]
    return codes, uniques


def is_blank(values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """Boolean mask of empty cells (``""``, whitespace only, ``None``, NaN)."""
    return np.fromiter(
        (
            v is None
            or (type(v) is str and (not v or v.isspace()))
            or (type(v) is float and v != v)  # NaN
            for v in values
        ),
        dtype=bool,
        count=len(values),
    )


def str_array(values: np.ndarray) -> pd.api.extensions.ExtensionArray:
    """An object array of text as a pandas ``str`` array, converted by slices.

    ``pd.DataFrame`` would infer and convert a 500k-row text column in one
    call holding the GIL ~40 ms; a slice at a time keeps each call short.
    """
    values = np.asarray(values, dtype=object)
    parts = [pd.array(values[sl], dtype="str") for sl in slices(len(values))]
    if len(parts) == 1:
        return parts[0]
    return type(parts[0])._concat_same_type(parts)
