"""Column checks shared by the readers, vectorised over whole columns.

Each check works on a whole column with pandas/numpy and loops only over the
rows that have a problem, writing one :class:`Problem` per bad cell with the
Excel row number and the header as the user wrote it.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from workbench.core.io.common import Collector, slices
from workbench.core.io.ids import (
    display_text,
    display_texts,
    empty_mask,
    is_blank,
    normalize_ids,
    normalize_ids_counted,
)
from workbench.core.io.mapping import ROLE_LABELS, ColumnMapping, closest_header
from workbench.core.io.mapping import normalize_header as normalize_header_value
from workbench.core.io.reading import Table
from workbench.core.io.recover import (
    ROWS_SHOWN,
    FailedGrade,
    grade_key,
    proposed_grade,
    rows_text,
)
from workbench.core.model import schema as S
from workbench.core.model.korean import josa
from workbench.core.model.problems import excerpt, shown_list

GRADE_MIN = 0
GRADE_MAX = 3


def label(role: str, lang: str) -> str:
    ko, en = ROLE_LABELS.get(role, (role, role))
    return ko if lang == "ko" else f"{en} ({ko})"


def report_missing(
    col: Collector,
    table: Table,
    mapping: ColumnMapping,
    roles: list[str],
    what_en: str,
    what_ko: str,
) -> None:
    """One error per missing role: the headers found and the closest one."""
    found = shown_list(table.headers) if table.headers else "(none)"
    found_ko = shown_list(table.headers) if table.headers else "(없음)"
    mapped = [h for h, r in mapping.items() if r]
    for role in roles:
        near = closest_header(role, table.headers, exclude=mapped)
        ko_name = ROLE_LABELS.get(role, (role, role))[0]
        hint_en = f" — did you mean '{excerpt(near)}'?" if near else ""
        hint_ko = f" '{excerpt(near)}' 열을 말씀하신 건가요?" if near else ""
        col.error(
            f"missing_{role}",
            f"Expected a {label(role, 'en')} column in the {what_en} sheet; found headers: "
            f"{found}{hint_en} Rename the header to '{ko_name}' or choose the column in the "
            "import preview.",
            f"{what_ko} 시트에 {ko_name} 열이 필요합니다. 찾은 머리글: {found_ko}.{hint_ko} "
            f"머리글을 {josa(ko_name, '으로', quoted=True)} 바꾸거나 불러오기 미리보기에서 열을 지정하세요.",
            sheet=table.sheet,
            row=table.header_row,
            column=near,
        )


def column(table: Table, mapping: ColumnMapping, role: str, keep: np.ndarray) -> np.ndarray | None:
    header = mapping.header_for(role)
    if header is None or header not in table.columns:
        return None
    return table.columns[header][keep]


def non_empty_rows(table: Table, mapping: ColumnMapping) -> np.ndarray:
    """Rows with something in at least one mapped column (blank rows are skipped silently).

    Columns after the first are only looked at in the rows still blank, so
    the cost is about one pass over one column.
    """
    keep = np.zeros(table.n_rows, dtype=bool)
    for header, role in mapping.items():
        if role and header in table.columns:
            todo = np.flatnonzero(~keep)
            if not todo.size:
                break
            keep[todo] = ~is_blank(table.columns[header][todo])
    return keep


def ids_checked(
    col: Collector,
    table: Table,
    mapping: ColumnMapping,
    role: str,
    keep: np.ndarray,
    rows: np.ndarray,
) -> np.ndarray:
    """Normalised ids of ``role``; an error for each blank one.

    Invisible characters removed from the ids (see :mod:`workbench.core.io.ids`)
    are counted in one warning for the column.
    """
    raw = column(table, mapping, role, keep)
    values, invisible = normalize_ids_counted(raw)
    header = mapping.header_for(role)
    if invisible.any():
        report_invisible(col, table.sheet, header or ROLE_LABELS[role][0], rows[invisible])
    dates = date_cells(raw)
    if dates is not None and dates.any():
        report_date_ids(
            col, table.sheet, header or ROLE_LABELS[role][0], rows[dates], values[dates]
        )
    blank = empty_mask(values)
    if blank.any():
        ko = ROLE_LABELS[role][0]
        for r in rows[blank][:500]:
            if report_excel_error(col, table, header, int(r), label(role, "en"), ko):
                continue
            col.error(
                f"blank_{role}",
                f"The {label(role, 'en')} in row {r} is blank. Fill it in or delete the row.",
                f"{r}행의 {josa(ko, '이')} 비어 있습니다. 값을 채우거나 행을 지우세요.",
                sheet=table.sheet,
                row=int(r),
                column=header,
            )
    return values


#: rows quoted in the invisible-characters warning
_ROWS_QUOTED = 5


def report_invisible(col: Collector, sheet: str | None, header: str, rows: np.ndarray) -> None:
    """One warning for a column whose ids held invisible characters (removed)."""
    n = int(rows.size)
    shown = ", ".join(str(int(r)) for r in rows[:_ROWS_QUOTED]) + (" …" if n > _ROWS_QUOTED else "")
    col.warning(
        "id_invisible_removed",
        f"{n} cell(s) of column '{header}' held invisible characters (a byte-order mark, "
        f"zero-width space, soft hyphen or direction mark) in or around the id; they were "
        f"removed, so for example '\ufeffQ001' is the same id as 'Q001' (rows {shown}).",
        f"'{header}' 열의 {n}개 칸에 눈에 보이지 않는 문자(BOM, 폭 없는 공백, 소프트 하이픈, "
        f"방향 표시 문자)가 ID 안이나 앞뒤에 들어 있어 지웠습니다. 예를 들어 BOM이 붙은 "
        f"'Q001'도 'Q001'과 같은 ID로 봅니다({shown}행).",
        sheet=sheet,
        row=int(rows[0]),
        column=header,
    )


#: what infer_dtype says of a column that holds no date, time or duration cell
_NO_DATES = {"string", "integer", "floating", "mixed-integer-float", "boolean", "empty", "decimal"}
_DATE_TYPES = (_dt.datetime, _dt.date, _dt.time, _dt.timedelta, pd.Timestamp, pd.Timedelta)


def date_cells(values: np.ndarray | None) -> np.ndarray | None:
    """Which cells hold a date, time or duration; None when none can (one C pass
    over a column of text or numbers, the usual case)."""
    if values is None or len(values) == 0:
        return None
    if pd.api.types.infer_dtype(values, skipna=True) in _NO_DATES:
        return None
    kinds = np.fromiter(map(type, values), dtype=object, count=len(values))
    found = np.zeros(len(values), dtype=bool)
    for kind in _DATE_TYPES:
        found |= kinds == kind
    return found


def report_date_ids(
    col: Collector, sheet: str | None, header: str, rows: np.ndarray, shown_as: np.ndarray
) -> None:
    """One warning for an id column where Excel stored dates: an id typed as
    ``1-1`` or ``3/12`` becomes a date, which matches no id typed elsewhere."""
    n = int(rows.size)
    pairs = list(zip(rows[:_ROWS_QUOTED].tolist(), shown_as[:_ROWS_QUOTED].tolist()))
    more = " …" if n > _ROWS_QUOTED else ""
    quoted_en = ", ".join(f"row {r}: {v}" for r, v in pairs) + more
    quoted_ko = ", ".join(f"{r}행 {v}" for r, v in pairs) + more
    col.warning(
        "id_is_date",
        f"{n} cell(s) of column '{header}' hold a date or time, not an id as typed "
        f"({quoted_en}). Excel turns an id such as 1-1 or 3/12 into a date as it is typed; these "
        "cells are read as the date's text and will not match the same ids in other files. In "
        "Excel, format the column as Text and type those ids again (or type an apostrophe "
        "first: '1-1).",
        f"'{header}' 열의 {n}개 칸에 입력한 ID가 아니라 날짜나 시각이 들어 있습니다({quoted_ko}). "
        "Excel은 1-1이나 3/12 같은 ID를 입력하는 순간 날짜로 바꿉니다. 이 칸은 날짜의 글자로 "
        "읽으므로 다른 파일의 같은 ID와 맞지 않습니다. Excel에서 열 서식을 '텍스트'로 바꾸고 그 "
        "ID를 다시 입력하세요(또는 '1-1처럼 앞에 작은따옴표를 붙여 입력).",
        sheet=sheet,
        row=int(rows[0]),
        column=header,
    )


def texts(table: Table, mapping: ColumnMapping, role: str, keep: np.ndarray, n: int) -> np.ndarray:
    """A free-text column (``""`` when the column is absent)."""
    values = column(table, mapping, role, keep)
    if values is None:
        return np.full(n, "", dtype=object)
    return display_texts(values)


def short_ids(table: Table, mapping: ColumnMapping, role: str, keep: np.ndarray, n: int):
    values = column(table, mapping, role, keep)
    if values is None:
        return np.full(n, "", dtype=object)
    return normalize_ids(values)


_NO_BOOLS = {"string", "floating", "integer", "mixed-integer-float", "decimal", "empty"}


def to_numbers(values: np.ndarray) -> np.ndarray:
    """Cells as float64; blank and non-numeric cells (and TRUE/FALSE) are NaN.

    A clean column converts in one C pass; otherwise ``pd.to_numeric`` does the
    column and only the cells it could not read are looked at again
    (``" 1,000 "`` → 1000). Long columns go by slices (``float()`` of 500k
    text cells in one call would hold the GIL ~100 ms).
    """
    arr = np.asarray(values, dtype=object)
    if arr.shape[0] <= 1 or arr.ndim != 1:
        return _to_numbers(arr)
    out = np.empty(arr.shape[0], dtype=np.float64)
    for sl in slices(arr.shape[0]):
        out[sl] = _to_numbers(arr[sl])
    return out


def _to_numbers(arr: np.ndarray) -> np.ndarray:
    kind = pd.api.types.infer_dtype(arr, skipna=False)
    if kind in _NO_BOOLS:
        try:
            return arr.astype(np.float64)  # float() per cell, in C
        except (ValueError, TypeError):
            pass
    out = pd.to_numeric(pd.Series(arr, dtype=object), errors="coerce").to_numpy(
        dtype=np.float64, na_value=np.nan, copy=True
    )
    if kind not in _NO_BOOLS:
        is_bool = np.fromiter((type(v) is bool for v in arr), dtype=bool, count=arr.shape[0])
        out[is_bool] = np.nan
    else:
        is_bool = np.zeros(arr.shape[0], dtype=bool)
    for i in np.flatnonzero(np.isnan(out) & ~is_bool):
        v = arr[i]
        if isinstance(v, str) and v.strip():
            try:
                out[i] = float(v.strip().replace(",", ""))
            except ValueError:
                pass
    return out


#: a rank typed with its unit or ordinal ("3위", "3등", "3번째", "#3", "3rd"), once
#: full-width forms are folded (NFKC) and spaces dropped
_RANK_WITH_UNIT = re.compile(r"(?:#|no\.?|제)?([0-9][0-9,]*)(?:위|등|번째|번|st|nd|rd|th)?", re.I)
#: a score typed with a unit: "12.5점", "85%" (a percentage is read as its fraction)
_SCORE_WITH_UNIT = re.compile(r"([+-]?(?:[0-9][0-9,]*(?:\.[0-9]*)?|\.[0-9]+))(점|%)?")


def numbers_with_units(values: np.ndarray | None, nums: np.ndarray, role: str) -> np.ndarray:
    """Which cells :func:`to_numbers` could not read are a rank or score written
    with its unit or in full-width digits (``"3위"``, ``"３"``, ``"85%"``); their
    numbers are written into ``nums`` (a percentage as its fraction, so 85% and
    0.85 order alike). Returns the mask of those cells (to be told in a warning)."""
    read = np.zeros(nums.shape[0], dtype=bool)
    failed = np.flatnonzero(np.isnan(nums))
    if values is None or not failed.size:
        return read
    pattern = _RANK_WITH_UNIT if role == S.RANK else _SCORE_WITH_UNIT
    # each distinct text once: a column of "1위" … "100위" has a hundred
    codes, uniques = pd.factorize(values[failed].astype(object))
    found = np.full(len(uniques), np.nan)
    for j, v in enumerate(uniques):
        if isinstance(v, str) and v.strip():
            found[j] = _number_with_unit(pattern, v)
    got = codes >= 0
    got[got] = ~np.isnan(found[codes[got]])
    nums[failed[got]] = found[codes[got]]
    read[failed[got]] = True
    return read


def _number_with_unit(pattern: re.Pattern, value: str) -> float:
    m = pattern.fullmatch(re.sub(r"\s+", "", unicodedata.normalize("NFKC", value)))
    if m is None:
        return math.nan
    try:
        number = float(m.group(1).replace(",", ""))
    except ValueError:
        return math.nan
    return number / 100 if m.lastindex == 2 and m.group(2) == "%" else number


def report_numbers_with_units(
    col: Collector, sheet: str | None, header: str, rows: np.ndarray, typed: list, read_as: list
) -> None:
    """One info for a rank or score column whose numbers carried a unit (read as expected)."""
    n = int(rows.size)
    shown = list(zip(rows[:_ROWS_QUOTED].tolist(), typed[:_ROWS_QUOTED], read_as[:_ROWS_QUOTED]))
    more = " …" if n > _ROWS_QUOTED else ""
    en = ", ".join(f"row {r}: '{v}' → {x:g}" for r, v, x in shown) + more
    ko = ", ".join(f"{r}행 '{v}' → {x:g}" for r, v, x in shown) + more
    col.info(
        "numbers_with_units",
        f"{n} cell(s) of column '{header}' were read as numbers without their unit ({en}).",
        f"'{header}' 열의 {n}개 칸은 단위를 떼고 숫자로 읽었습니다({ko}).",
        sheet=sheet,
        row=int(rows[0]),
        column=header,
    )


def grades_checked(
    col: Collector,
    table: Table,
    mapping: ColumnMapping,
    keep: np.ndarray,
    rows: np.ndarray,
    *,
    any_integer: bool = False,
    conversions: Mapping[str, int] | None = None,
    negative: list | None = None,
) -> np.ndarray:
    """Grades as int64; an error for each blank, non-integer or out-of-scale grade.

    The scale is 0–3 (the users' scale in Excel/CSV): a number cell, or text of
    plain digits (``"2"``, as CSV files and text-formatted cells hold it). Text
    typed any other way (``"3점"``, ``"3.0"``, ``" 2 "``, ``"３"``, a word) is an
    error unless ``conversions`` (value → grade, see
    :mod:`workbench.core.io.recover`) names it: then it is read as that grade,
    with one warning per value saying how many rows and which. Every value not
    taken is recorded on ``col.failed_grades`` (all rows counted), so a caller
    can propose conversions. With ``any_integer`` (TREC qrels, whose collections
    use e.g. −1 or 4) every whole number is accepted: a negative grade becomes 0
    (not relevant; trec_eval also gives it no gain) with one warning counting
    them; grades above 3 are kept — nDCG gains ``2**g − 1`` use them — with one
    warning saying so. The mask of the negative grades is appended to
    ``negative`` when given (trec_eval counts such a passage as unjudged).
    """
    raw = column(table, mapping, S.GRADE, keep)
    header = mapping.header_for(S.GRADE)
    nums = to_numbers(raw)
    ok = ~np.isnan(nums)
    ok[ok] &= np.isfinite(nums[ok]) & (nums[ok] == np.floor(nums[ok]))
    if not any_integer:
        ok[ok] &= (nums[ok] >= GRADE_MIN) & (nums[ok] <= GRADE_MAX)
        ok &= _plain_grade_cells(raw, ok)
    out = np.zeros(len(nums), dtype=np.int64)
    out[ok] = nums[ok].astype(np.int64)
    bad = np.flatnonzero(~ok)
    if bad.size and not any_integer:
        bad = _converted(col, table.sheet, header, raw, rows, bad, out, conversions or {})
    for i in bad[:500]:
        if report_excel_error(col, table, header, int(rows[i]), "grade", "등급"):
            continue
        report_bad_grade(col, table.sheet, int(rows[i]), header, raw[i], any_integer)
    if any_integer:
        report_trec_scale(col, table.sheet, header, out, ok, rows)
        below = ok & (out < 0)
        if negative is not None:
            negative.append(below)
        out[below] = 0
    return out


_PLAIN_DIGITS = re.compile(r"[0-9]+")


def _plain_grade_cells(raw: np.ndarray, ok: np.ndarray) -> np.ndarray:
    """False for text cells among ``ok`` that are not plain ASCII digits (``" 2 "``,
    ``"3.0"``, ``"３"``): Python's ``float()`` reads them, but the user typed them
    another way, and such a value is only taken once the user confirms it.

    Looks once at each distinct value of a slice (a grade column has a handful).
    """
    out = np.ones(len(raw), dtype=bool)
    for sl in slices(len(raw)):
        part = raw[sl]
        if pd.api.types.infer_dtype(part, skipna=True) in ("integer", "floating", "empty"):
            continue  # number cells only
        codes, uniques = pd.factorize(pd.Series(part, dtype=object), use_na_sentinel=True)
        odd = np.fromiter(
            (isinstance(u, str) and not _PLAIN_DIGITS.fullmatch(u) for u in uniques),
            dtype=bool,
            count=len(uniques),
        )
        if odd.any():
            out[sl] = ~np.where(codes >= 0, odd[np.maximum(codes, 0)], False)
    return out | ~ok


def _converted(
    col: Collector,
    sheet: str | None,
    header: str | None,
    raw: np.ndarray,
    rows: np.ndarray,
    bad: np.ndarray,
    out: np.ndarray,
    conversions: Mapping[str, int],
) -> np.ndarray:
    """Apply the user's conversions to the refused cells ``bad`` (their grades go
    into ``out``), tell once per conversion (an info: the user confirmed it), record
    the values still refused on ``col.failed_grades``; returns the cells still refused."""
    codes, uniques = pd.factorize(pd.Series(raw[bad], dtype=object), use_na_sentinel=False)
    keys = [grade_key(u) for u in uniques]
    still = np.ones(bad.size, dtype=bool)
    by_key: dict[str, list[int]] = {}
    for code, key in enumerate(keys):
        by_key.setdefault(key, []).append(code)
    name = header or "등급"
    for key, key_codes in by_key.items():
        members = np.flatnonzero(np.isin(codes, key_codes))
        cells = bad[members]
        if key and key in conversions:
            grade = int(conversions[key])
            out[cells] = grade
            still[members] = False
            found = rows[cells]
            shown = rows_text(found.tolist())
            typed = display_text(raw[cells[0]])
            col.info(
                "grade_converted",
                f"{name}: '{typed}' was read as {grade}, as you confirmed, in {cells.size} "
                f"row(s): {shown}.",
                f"{name}: {josa(typed, '을', quoted=True)} 확인하신 대로 "
                f"{josa(str(grade), '으로')} 읽었습니다({cells.size}개 행: {shown}행).",
                sheet=sheet,
                row=int(found[0]),
                column=header,
            )
        elif key:
            first = cells[0]
            record = col.failed_grades.get((sheet, key))
            if record is None:
                record = FailedGrade(key, display_text(raw[first]), sheet)
                col.failed_grades[(sheet, key)] = record
            record.count += int(cells.size)
            room = ROWS_SHOWN - len(record.rows)
            if room > 0:
                record.rows.extend(int(r) for r in rows[cells[:room]])
    return bad[still]


def report_trec_scale(
    col: Collector,
    sheet: str | None,
    header: str | None,
    grades: np.ndarray,
    ok: np.ndarray,
    rows: np.ndarray,
) -> None:
    """One warning for negative grades (→ 0), one for grades above 3 (kept)."""
    negative = np.flatnonzero(ok & (grades < 0))
    if negative.size:
        values = ", ".join(str(v) for v in sorted(set(grades[negative].tolist()))[:5])
        first = int(rows[negative[0]])
        col.warning(
            "qrels_negative_grades",
            f"{negative.size} judgment(s) have a negative grade ({values}; first on line "
            f"{first}); they are treated as 0 (not relevant).",
            f"판정 {negative.size}개의 등급이 음수입니다({values}, 처음은 {first}번째 줄). "
            "0(관련 없음)으로 처리합니다.",
            sheet=sheet,
            row=first,
            column=header,
        )
    high = np.flatnonzero(ok & (grades > GRADE_MAX))
    if high.size:
        top = int(grades[high].max())
        first = int(rows[high[0]])
        col.warning(
            "qrels_high_grades",
            f"{high.size} judgment(s) have a grade above {GRADE_MAX} (up to {top}; first on "
            f"line {first}). They are kept as they are: nDCG gains use them (2^g − 1), and "
            f"they count as relevant at any threshold up to their grade. (For information; "
            "nothing to fix.)",
            f"판정 {high.size}개의 등급이 {GRADE_MAX}보다 큽니다(최대 {top}, 처음은 {first}번째 "
            "줄). 그대로 사용합니다: nDCG 이득(2^g − 1)에 반영되고, 그 등급 이하의 기준에서는 "
            "관련 있음으로 셉니다. (안내입니다. 고칠 것은 없습니다.)",
            sheet=sheet,
            row=first,
            column=header,
        )


def report_excel_error(
    col: Collector, table: Table, header: str | None, row: int, what_en: str, what_ko: str
) -> bool:
    """An error for a cell holding an Excel error (``#N/A``, ``#DIV/0!`` …), which
    the reader hands over as a blank; False when the cell holds none."""
    text = table.excel_error(header, row)
    if text is None:
        return False
    col.error(
        "excel_error_cell",
        f"Row {row}: the cell holds the Excel error {text}, not a {what_en}. A formula failed "
        "there (a lookup that found nothing, a division by zero, a deleted reference); fix it "
        "in Excel, or replace it with the value, and save again.",
        f"{row}행: 셀에 {what_ko} 대신 Excel 오류 {josa(text, '이')} 들어 있습니다. 그 자리의 "
        "수식이 실패했습니다(찾는 값이 없음, 0으로 나눔, 지워진 참조 등). Excel에서 수식을 "
        "고치거나 값으로 바꾼 뒤 다시 저장하세요.",
        sheet=table.sheet,
        row=row,
        column=header,
    )
    return True


def report_bad_grade(
    col: Collector,
    sheet: str | None,
    row: int,
    header: str | None,
    value: Any,
    any_integer: bool = False,
):
    name = header or "등급"
    shown = display_text(value).strip()
    if any_integer:  # TREC qrels: any whole number is a grade
        what = f"'{shown}'" if shown else "blank"
        what_ko = f"'{shown}'" if shown else "비어 있음"
        col.error(
            "grade_invalid",
            f"The grade on line {row} must be a whole number (e.g. 0, 1, 2); it is {what}.",
            f"{row}번째 줄의 등급은 정수(예: 0, 1, 2)여야 합니다. 값: {what_ko}.",
            sheet=sheet,
            row=row,
            column=header,
        )
        return
    if not shown:
        col.error(
            "grade_blank",
            f"{name} must be a whole number from {GRADE_MIN} to {GRADE_MAX}; row {row} is blank. "
            "Enter a grade or delete the row.",
            f"{josa(name, '은')} {GRADE_MIN}~{GRADE_MAX} 사이의 정수여야 합니다. {row}행이 비어 "
            "있습니다. 등급을 입력하거나 행을 지우세요.",
            sheet=sheet,
            row=row,
            column=header,
        )
        return
    looks = proposed_grade(shown)
    # the app's words: the command line adds its own option for the same value
    # (cli.py, from FileErrors.failed_grades), never shown in the app
    hint_en = f" (It looks like {looks}: check the conversion in the import preview.)"
    hint_ko = f" ({josa(str(looks), '으로')} 보입니다. 미리보기에서 변환을 확인하세요.)"
    col.error(
        "grade_invalid",
        f"{name} must be a whole number from {GRADE_MIN} to {GRADE_MAX}; row {row} has "
        f"'{excerpt(display_text(value))}'. Replace it with 0, 1, 2 or 3."
        + (hint_en if looks is not None else ""),
        f"{josa(name, '은')} {GRADE_MIN}~{GRADE_MAX} 사이의 정수여야 합니다. {row}행의 값은 "
        f"'{excerpt(display_text(value))}'입니다. 0, 1, 2, 3 중 하나로 고치세요."
        + (hint_ko if looks is not None else ""),
        sheet=sheet,
        row=row,
        column=header,
    )


# -- evidence roles and yes/no -------------------------------------------------
_ROLE_VALUES = {
    "core": ("핵심", "핵심근거", "주근거", "필수", "core", "c", "main", "primary"),
    "supporting": ("보조", "보조근거", "부가", "supporting", "support", "s", "secondary"),
    "alternative": ("대체", "대체근거", "대안", "alternative", "alt", "a"),
}
ROLE_LOOKUP = {normalize_header_value(v): k for k, vs in _ROLE_VALUES.items() for v in vs}

_YES = ("예", "네", "o", "○", "y", "yes", "true", "1", "가능", "있음", "t", "참")
_NO = ("아니오", "아니요", "x", "×", "n", "no", "false", "0", "불가", "불가능", "없음", "f", "거짓")
YESNO_LOOKUP = {
    **{normalize_header_value(v): True for v in _YES},
    **{normalize_header_value(v): False for v in _NO},
}


def roles_checked(
    col: Collector, table: Table, mapping: ColumnMapping, keep: np.ndarray, rows: np.ndarray, n: int
) -> np.ndarray:
    raw = column(table, mapping, S.ROLE, keep)
    if raw is None:
        return np.full(n, "", dtype=object)
    header = mapping.header_for(S.ROLE)
    text = normalize_ids(raw)
    codes, uniques = pd.factorize(text)
    mapped = []
    for u in uniques:
        key = normalize_header_value(u)
        mapped.append("" if not key else ROLE_LOOKUP.get(key))
    out = (
        np.array(["" if m is None else m for m in mapped], dtype=object)[codes]
        if len(uniques)
        else np.full(n, "", dtype=object)
    )
    bad_codes = {i for i, m in enumerate(mapped) if m is None}
    if bad_codes:
        for i in np.flatnonzero(np.isin(codes, list(bad_codes)))[:500]:
            r = int(rows[i])
            col.error(
                "role_invalid",
                f"The evidence role in row {r} is '{text[i]}'; use core, supporting or "
                "alternative (핵심, 보조, 대체), or leave it blank.",
                f"{r}행의 근거역할 {josa(text[i], '을', quoted=True)} 알 수 없습니다. 핵심, 보조, 대체 중 하나를 "
                "쓰거나 비워 두세요.",
                sheet=table.sheet,
                row=r,
                column=header,
            )
    return out


def yesno(value: Any) -> bool | None | float:
    """True/False for a yes/no cell, None for blank, NaN when not understood."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and not (isinstance(value, float) and math.isnan(value)):
        if value in (0, 1):
            return bool(value)
        return math.nan
    key = normalize_header_value(display_text(value))
    if not key:
        return None
    return YESNO_LOOKUP.get(key, math.nan)
