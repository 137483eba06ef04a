"""CSV text split into columns by pandas' C parser, when that gives what :mod:`csv` gives.

The general CSV reader (:func:`workbench.core.io.reading.read_csv_sheet`)
walks the records with :mod:`csv` — a Python loop per record — and keeps a
list per row. For a file without quotation marks every record is one line,
and pandas' C engine (``dtype=object``, no NA conversion, blank lines kept)
splits it into the same cells, padded to the widest line as the table is
anyway; the columns go straight into the table.

Files with quotes (a record may then span lines, and quoting rules differ),
lone carriage returns, NUL characters, or any disagreement in the number of
records take the :mod:`csv` path. Tests compare the two on random text.
"""

from __future__ import annotations

import csv
import io
import itertools

import numpy as np


def csv_columns(text: str, delimiter: str) -> list[np.ndarray] | None:
    """One object array of ``str`` cells per column (line i of ``text`` is row i), or None."""
    import pandas as pd

    if not text or '"' in text or "\x00" in text:
        return None
    if text.count("\r") != text.count("\r\n"):
        return None  # a lone CR ends a record for csv; keep its line numbers right
    lines = text.split("\n")
    n_records = len(lines) - (1 if lines[-1] == "" else 0)
    if n_records == 0:
        return None
    counts = np.fromiter(
        map(str.count, lines, itertools.repeat(delimiter)), dtype=np.int64, count=len(lines)
    )
    width = int(counts.max()) + 1
    del lines, counts
    try:
        frame = pd.read_csv(
            io.StringIO(text),
            sep=delimiter,
            header=None,
            names=list(range(width)),
            index_col=False,
            dtype=object,
            na_filter=False,
            skip_blank_lines=False,
            quoting=csv.QUOTE_NONE,
            engine="c",
        )
    except Exception:  # the C parser disagrees with the text: the csv path decides
        return None
    if len(frame) != n_records:
        return None
    # own, writable arrays: the reader frees their cells slice by slice when done
    return [frame[j].to_numpy(dtype=object, copy=True) for j in range(width)]
