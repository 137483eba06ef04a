"""Id hygiene and cell display text.

Ids are text everywhere in the workbench. A cell typed as ``007`` in a text
column stays ``"007"``; a number cell Excel stores as ``12.0`` is the id
``"12"``; spaces around an id are trimmed and Hangul written by macOS in
decomposed form (NFD) is composed (NFC), so the same id typed on two machines
compares equal. Invisible characters — a byte-order mark (U+FEFF), zero-width
space/non-joiner/joiner (U+200B–U+200D), word joiner (U+2060), soft hyphen
(U+00AD) and the bidirectional marks — are removed wherever they sit in an
id, so ``"\ufeffQ001"`` is the question ``"Q001"``.

Whole columns are cleaned value by value, not cell by cell: the column is
factorized (in C), each distinct value is cleaned once, and the cleaned values
are spread back by code — ids repeat a lot, and no Python code runs per cell.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import math
import unicodedata
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
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
    "sorted_codes",
    "id_categorical",
    "known_text_order",
    "known_matches",
    "vouch_text_order",
    "remember_matches",
    "INVISIBLE",
]

#: characters nobody can see that copy-paste, Excel and web pages leave in ids
INVISIBLE = (
    "\ufeff"  # byte-order mark / zero-width no-break space
    "\u200b\u200c\u200d"  # zero-width space, non-joiner, joiner
    "\u2060"  # word joiner
    "\u00ad"  # soft hyphen
    "\u200e\u200f\u061c"  # left-to-right, right-to-left, Arabic letter marks
    "\u202a\u202b\u202c\u202d\u202e"  # bidi embeddings and overrides
    "\u2066\u2067\u2068\u2069"  # bidi isolates
)
_DROP_INVISIBLE = {ord(ch): None for ch in INVISIBLE}


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
    return _clean_id(display_text(value))[0]


def _clean_id(text: str) -> tuple[str, bool]:
    """The canonical id text and whether invisible characters were removed."""
    if not text:
        return "", False
    text = text.strip()
    if text.isascii():
        return text, False
    cleaned = text.translate(_DROP_INVISIBLE)
    removed = len(cleaned) != len(text)
    if not unicodedata.is_normalized("NFC", cleaned):
        cleaned = unicodedata.normalize("NFC", cleaned)
    return cleaned.strip(), removed


def _distinct(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Codes and distinct values of an object column, without merging ``True`` with ``1``.

    ``pd.factorize`` compares objects with ``==``, under which ``True == 1 ==
    1.0``; those cells would share one code although they read differently
    (``TRUE`` / ``1``). Booleans get codes of their own.
    """
    n = len(values)
    if n == 0:
        return np.zeros(0, np.int64), np.zeros(0, dtype=object)
    kind = pd.api.types.infer_dtype(values, skipna=False)
    if kind == "string":
        return factorize_ids(values)  # hashed by slices: the GIL is handed over between them
    if kind == "floating":
        floats = np.empty(n, dtype=np.float64)
        for sl in slices(n):
            floats[sl] = values[sl].astype(np.float64)
        codes, uniques = pd.factorize(floats, use_na_sentinel=False)
        return codes.astype(np.int64, copy=False), uniques.astype(object)
    if kind in ("integer", "mixed-integer-float", "empty"):
        codes, uniques = pd.factorize(values, use_na_sentinel=False)
        return codes.astype(np.int64, copy=False), np.asarray(uniques, dtype=object)
    is_bool = np.equal(np.fromiter(map(type, values), dtype=object, count=n), bool)
    if not is_bool.any():
        codes, uniques = pd.factorize(values, use_na_sentinel=False)
        return codes.astype(np.int64, copy=False), np.asarray(uniques, dtype=object)
    rest = np.flatnonzero(~is_bool)
    r_codes, r_uniques = pd.factorize(values[rest], use_na_sentinel=False)
    codes = np.empty(n, dtype=np.int64)
    codes[rest] = r_codes
    bools = np.flatnonzero(is_bool)
    truth = values[bools].astype(bool)
    codes[bools] = len(r_uniques) + truth.astype(np.int64)
    uniques = np.concatenate(
        [np.asarray(r_uniques, dtype=object), np.array([False, True], dtype=object)]
    )
    return codes, uniques


def _per_value(values, func) -> np.ndarray:
    """``func`` applied to each distinct value of ``values``, spread back over the cells."""
    arr = values if isinstance(values, np.ndarray) else np.asarray(values, dtype=object)
    if arr.dtype != object:
        arr = arr.astype(object)
    codes, uniques = _distinct(arr)
    mapped = np.empty(len(uniques), dtype=object)
    mapped[:] = [func(u) for u in uniques]
    return mapped[codes]


def normalize_ids(values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """:func:`normalize_id` over a whole column (object array of ``str``)."""
    return normalize_ids_counted(values)[0]


def normalize_ids_counted(values: Sequence[Any] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`normalize_ids` and a mask of the cells that held invisible characters."""
    arr = values if isinstance(values, np.ndarray) else np.asarray(values, dtype=object)
    if arr.dtype != object:
        arr = arr.astype(object)
    codes, uniques = _distinct(arr)
    n_u = len(uniques)
    texts_ = np.empty(n_u, dtype=object)
    removed = np.zeros(n_u, dtype=bool)
    is_text = np.equal(np.fromiter(map(type, uniques), dtype=object, count=n_u), str)
    # ASCII text only needs its spaces trimmed: C-level maps, no Python per value
    plain = np.flatnonzero(is_text)
    if plain.size:
        stripped = list(map(str.strip, uniques[plain]))
        texts_[plain] = stripped
        ascii_ = np.fromiter(map(str.isascii, stripped), dtype=bool, count=plain.size)
        rest = np.r_[plain[~ascii_], np.flatnonzero(~is_text)].astype(np.int64)
    else:
        rest = np.arange(n_u)
    for i in rest:
        texts_[i], removed[i] = _clean_id(display_text(uniques[i]))
    return texts_[codes], removed[codes] if removed.any() else np.zeros(len(arr), dtype=bool)


def _clean_text(value: Any) -> str:
    text = display_text(value)
    if text and not text.isascii() and not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    return text


_NFC = partial(unicodedata.normalize, "NFC")


def display_texts(values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """Free-text cells (passage text, notes) as NFC text, ``""`` for blanks.

    Text cells are composed with ``unicodedata.normalize`` mapped over the
    distinct values in C; other cells go through :func:`display_text`.
    """
    arr = values if isinstance(values, np.ndarray) else np.asarray(values, dtype=object)
    if arr.dtype != object:
        arr = arr.astype(object)
    codes, uniques = _distinct(arr)
    is_text = np.equal(np.fromiter(map(type, uniques), dtype=object, count=len(uniques)), str)
    mapped = np.empty(len(uniques), dtype=object)
    if is_text.all():
        mapped[:] = list(map(_NFC, uniques))
    else:
        mapped[:] = [_NFC(u) if t else _clean_text(u) for u, t in zip(uniques, is_text)]
    return mapped[codes]


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


def _blank_value(v: Any) -> bool:
    return (
        v is None
        or (type(v) is str and (not v or v.isspace()))
        or (type(v) is float and v != v)  # NaN
    )


def is_blank(values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """Boolean mask of empty cells (``""``, whitespace only, ``None``, NaN)."""
    arr = values if isinstance(values, np.ndarray) else np.asarray(values, dtype=object)
    if arr.dtype != object:
        arr = arr.astype(object)
    if len(arr) == 0:
        return np.zeros(0, dtype=bool)
    codes, uniques = _distinct(arr)
    blank = np.fromiter(map(_blank_value, uniques), dtype=bool, count=len(uniques))
    return blank[codes]


def sorted_codes(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Codes of an object column of ``str`` and its distinct values in text order."""
    codes, uniques = factorize_ids(np.asarray(values, dtype=object))
    if uniques.size < 2:
        return codes, uniques
    order = text_order(uniques)
    rank = np.empty(order.size, dtype=np.int64)
    rank[order] = np.arange(order.size)
    return rank[codes], uniques[order]


def text_order(uniques: np.ndarray) -> np.ndarray:
    """``np.argsort`` of ``str`` values in code-point order (stable), converted by slices."""
    n = uniques.size
    width = max(map(len, uniques), default=1) or 1
    keys = np.empty(n, dtype=f"U{width}")
    for sl in slices(n):
        keys[sl] = uniques[sl]
    return np.argsort(keys, kind="stable")


def id_categorical(codes: np.ndarray, uniques: np.ndarray) -> pd.Categorical:
    """Ids as a categorical over ``uniques`` (distinct ``str`` in text order).

    pandas checks that categories are distinct by hashing every one of them
    (~0.07 s for the 1.3 million passage ids of a 2M-line run). Text in
    strictly increasing order is distinct, and one pass of pairwise
    comparisons shows it (~0.03 s), so categories that pass it are handed to
    pandas as checked; uniques a reader vouched for (:func:`vouch_text_order`)
    skip that pass too. Any others take pandas' own check, as before. What is
    known of ``uniques`` is known of the categories made of them.
    """
    # not copied (pandas would copy a million ids, ~9 ms): uniques are made for
    # the categories and nobody changes them after
    categories = pd.Index(np.asarray(uniques, dtype=object), dtype=object, copy=False)
    facts = _facts_of(uniques)
    vouched = facts is not None and facts.text_order
    if vouched or _strictly_increasing(categories.to_numpy()):
        dtype = _checked_categories(categories)
        if dtype is not None:
            _remember(
                dtype.categories,
                _Facts(text_order=True, matched=facts.matched if facts is not None else None),
            )
            return pd.Categorical.from_codes(codes, dtype=dtype)
    return pd.Categorical.from_codes(codes, categories=categories)


@dataclass
class _Facts:
    """What is known of an array of distinct ids or of categories made of them."""

    #: strictly increasing text
    text_order: bool = False
    #: (ids looked up, as an object array; the position of each among these
    #: values as an int array, -1 when absent)
    matched: tuple[np.ndarray, np.ndarray] | None = None


#: facts by identity: an object array of uniques a reader made, or a
#: categories Index, which pandas hands on through a frame's selections,
#: copies and single-frame concatenations
_KNOWN: dict[int, tuple[weakref.ref, _Facts]] = {}


def _remember(values: Any, facts: _Facts) -> None:
    key = id(values)
    _KNOWN[key] = (weakref.ref(values, lambda _gone, key=key: _KNOWN.pop(key, None)), facts)


def _facts_of(values: Any) -> _Facts | None:
    entry = _KNOWN.get(id(values))
    return entry[1] if entry is not None and entry[0]() is values else None


def vouch_text_order(uniques: np.ndarray) -> None:
    """A reader's word that ``uniques`` (an object array of ``str``) is strictly
    increasing: it sorted and de-duplicated them itself (the C scanner's byte
    order is text order for the ASCII it reads)."""
    facts = _facts_of(uniques) or _Facts()
    facts.text_order = True
    _remember(uniques, facts)


def remember_matches(uniques: np.ndarray, looked_up: np.ndarray, positions: np.ndarray) -> None:
    """Record where each of ``looked_up`` (distinct ids) is in ``uniques`` (−1:
    absent), as a reader found it while it still had its hash tables (see
    :func:`known_matches`)."""
    facts = _facts_of(uniques) or _Facts()
    facts.matched = (looked_up, positions)
    _remember(uniques, facts)


def known_text_order(categories: pd.Index) -> bool:
    """True when ``categories`` are known to be distinct text in strictly
    increasing order (so is any subset of them): the evaluation then need not
    compare a million passage ids again. False means only "not known"."""
    facts = _facts_of(categories)
    return facts is not None and facts.text_order


def known_matches(categories: pd.Index) -> tuple[np.ndarray, np.ndarray] | None:
    """(ids, the position of each in ``categories``, −1 when absent), when the
    reader of the categories' file looked them up (the judged passages among a
    run's, found while both files are read ahead: see
    :mod:`workbench.core.io.trec_scan`); None when not known."""
    facts = _facts_of(categories)
    return facts.matched if facts is not None else None


def _strictly_increasing(values: np.ndarray) -> bool:
    if values.size < 2:
        return True
    try:
        return bool((values[1:] > values[:-1]).all())
    except TypeError:  # not all text (a blank id as NaN): pandas checks them
        return False


def _checked_categories(categories: pd.Index) -> pd.CategoricalDtype | None:
    """The dtype of distinct ``categories`` without pandas' hashing check (its
    internal constructor for categories known valid); None on a pandas
    without it."""
    make = getattr(pd.CategoricalDtype, "_from_fastpath", None)
    if make is None:
        return None
    try:
        return make(categories, False)
    except TypeError:  # its signature changed: the public, checked way
        return None


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
