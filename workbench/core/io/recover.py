"""A file with a few bad cells is not thrown away: the user may confirm how to read
them, or leave the rows out — never without being asked.

Grades: the 0–3 check takes numbers and the plain digits ``0``–``3``. A grade
typed another way — ``"3점"``, ``"3.0"``, ``" 2 "``, full-width ``"３"``, or a
word of the team's own scale (``"상"``, ``"높음"``) — is an error, unless the
user confirmed a :class:`GradeConversion` for that value. The readers then read
it as the confirmed grade and say so in one warning per conversion (which value,
how many rows, the first rows). :func:`propose_grade_conversions` suggests the
grade of the values whose number is plain to see, and of the scale's own labels
as the app shows them (``"3 직접 근거"``, ``"직접 근거"``, ``"direct evidence"``:
a grade copied from the app's tables or report); other words get no suggestion
(the user defines what 상, 중 and 하 mean on their scale).

Rows: rows the user chose to leave out (``skip_rows``: sheet → Excel row numbers,
``""`` for the one table of a text file) are taken out of the sheet before it is
checked, with one warning per sheet listing them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.core.io.common import Collector
from workbench.core.io.ids import display_text
from workbench.core.model.grades import LABELS

GRADE_MIN, GRADE_MAX = 0, 3
#: rows named in a message ("rows 57, 88, 120 …")
ROWS_SHOWN = 10

#: what a proposal recognises once full-width forms are folded (NFKC) and spaces
#: dropped: a whole number, a decimal point with zeros, a unit (점, 등급, 급)
_NUMBER_LIKE = re.compile(r"([0-9]+)(?:\.0+)?(?:점|등급|급)?")


@dataclass(frozen=True)
class GradeConversion:
    """Read the grade cell ``value`` (its text, trimmed) as ``grade``."""

    value: str
    grade: int


@dataclass
class FailedGrade:
    """A grade value the check did not take, with where it was found.

    ``value`` is the cell's text trimmed (the key a conversion uses); ``shown`` is
    the first cell as it was written (spaces included); ``rows`` the first
    :data:`ROWS_SHOWN` Excel rows, ``count`` all of them.
    """

    value: str
    shown: str
    sheet: str | None
    count: int = 0
    rows: list[int] = field(default_factory=list)

    @property
    def proposal(self) -> int | None:
        return proposed_grade(self.value)


def grade_key(value: Any) -> str:
    """The text a conversion matches: the cell as shown, Unicode NFC, trimmed."""
    return unicodedata.normalize("NFC", display_text(value)).strip()


def proposed_grade(value: str) -> int | None:
    """The grade ``value`` plainly means, or None (a word, a fraction, off the scale).

    ``"3점"`` → 3, ``"3.0"`` → 3, ``" 2 "`` → 2, ``"３"`` → 3, ``"2 등급"`` → 2;
    the scale's labels: ``"3 직접 근거"``, ``"직접 근거"``, ``"Direct evidence"`` → 3;
    ``"상"``, ``"2.5"``, ``"4"``, ``"2 직접 근거"`` (number and label disagree) → None.
    """
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", str(value))).casefold()
    match = _NUMBER_LIKE.fullmatch(text)
    if match is None:
        return _LABELLED.get(text)
    grade = int(match.group(1))
    return grade if GRADE_MIN <= grade <= GRADE_MAX else None


def _labelled_grades() -> dict[str, int]:
    """The scale's labels (Korean and English), alone and after their number
    ("3직접근거", "3.directevidence", "3-직접근거", "3(직접근거)"), as
    :func:`proposed_grade` folds text: NFKC, no spaces, case-folded."""
    out: dict[str, int] = {}
    for words in LABELS.values():
        for grade, word in words.items():
            folded = re.sub(r"\s+", "", word).casefold()
            out[folded] = grade
            for joint in ("", ".", "-", ":", "·"):
                out[f"{grade}{joint}{folded}"] = grade
            out[f"{grade}({folded})"] = grade
    return out


_LABELLED = _labelled_grades()


def propose_grade_conversions(
    failed: Iterable[FailedGrade | str],
) -> list[GradeConversion]:
    """One proposal per distinct value that plainly means a grade 0–3, in the
    order given (values from :class:`FailedGrade` records or plain text)."""
    out: list[GradeConversion] = []
    seen: set[str] = set()
    for item in failed:
        value = item.value if isinstance(item, FailedGrade) else grade_key(item)
        if value in seen:
            continue
        seen.add(value)
        grade = proposed_grade(value)
        if grade is not None and value:
            out.append(GradeConversion(value, grade))
    return out


def conversion_table(
    conversions: Mapping[str, int] | Iterable[GradeConversion] | None,
) -> dict[str, int]:
    """``value → grade`` from a mapping (a project file) or :class:`GradeConversion`
    records; values are keyed like :func:`grade_key`; blank values are dropped
    (a blank grade is never read as a number)."""
    if not conversions:
        return {}
    pairs = (
        conversions.items()
        if isinstance(conversions, Mapping)
        else ((c.value, c.grade) for c in conversions)
    )
    out: dict[str, int] = {}
    for value, grade in pairs:
        key = grade_key(value)
        if key:
            out[key] = int(grade)
    return out


def rows_text(rows: Iterable[int], count: int | None = None) -> str:
    """``"57, 88, 120 …"``: the first rows, with an ellipsis when there are more."""
    rows = list(rows)
    total = len(rows) if count is None else count
    shown = ", ".join(str(r) for r in rows[:ROWS_SHOWN])
    return shown + (" …" if total > min(len(rows), ROWS_SHOWN) else "")


def skip_table(skip_rows: Mapping[str | None, Iterable[int]] | None) -> dict[str, list[int]]:
    """``sheet → sorted Excel rows`` (``""`` for a text file; None keys become ``""``)."""
    out: dict[str, list[int]] = {}
    for sheet, rows in (skip_rows or {}).items():
        wanted = sorted({int(r) for r in rows})
        if wanted:
            out[str(sheet or "")] = wanted
    return out


def leave_out_rows(book: Any, skip_rows: Mapping[str | None, Iterable[int]] | None, col: Collector):
    """Take the rows the user chose to leave out out of ``book``'s tables (in memory;
    the file is not touched), with one warning per sheet naming them."""
    table_of = skip_table(skip_rows)
    malformed_left_out = _malformed_rows(book, table_of.get("", []), col)
    if not table_of:
        return
    text_file = book.kind != "excel"
    for key, wanted in table_of.items():
        if text_file:
            sheet = book.sheets[0] if book.sheets else None
        else:
            sheet = book.sheet(key)
        if sheet is None or sheet.table is None:
            continue  # the sheet is gone (the file changed): nothing to leave out
        table = sheet.table
        hit = np.isin(table.rows, np.asarray(wanted, dtype=np.int64))
        extra = malformed_left_out if text_file else []
        if not hit.any() and not extra:
            continue
        kept = ~hit
        table.columns = {h: values[kept] for h, values in table.columns.items()}
        gone = sorted(set(table.rows[hit].tolist()) | set(extra))
        table.rows = table.rows[kept]
        n = len(gone)
        shown = rows_text(gone)
        col.warning(
            "rows_left_out",
            f"{n} row(s) were left out as you chose: rows {shown}. Their values are not used; "
            "correct them in the file and load it again to use them.",
            f"고르신 대로 {n}개 행을 빼고 읽었습니다: {shown}행. 이 행의 값은 쓰지 않습니다. "
            "쓰려면 파일에서 고친 뒤 다시 불러오세요.",
            sheet=sheet.name,
            row=int(gone[0]),
        )


def _malformed_rows(book: Any, wanted: list[int], col: Collector) -> list[int]:
    """Report the CSV lines that break the one-record-per-line rule (``book.malformed``):
    an error naming each, unless the user chose to leave it out (``wanted``, the
    text file's rows to leave out); returns the lines left out, to be listed."""
    skipped = set(wanted)
    left_out: list[int] = []
    for row in getattr(book, "malformed", None) or []:
        if row.line in skipped:
            left_out.append(row.line)
            continue
        en, ko = row.message()
        col.error("csv_row_malformed", en, ko, row=row.line)
    return left_out
