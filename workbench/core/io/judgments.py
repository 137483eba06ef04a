"""Judgments (qrels): workbook, CSV, TREC qrels or JSON → :class:`JudgmentSet`.

A judgments workbook has a judgments sheet (question id, passage id, grade;
optional assessor, evidence role, evidence group, note) and optionally a
questions sheet and a passages sheet, found by their names (Korean or
English) or their columns, or chosen by the user. A judgments sheet that
carries the question text, type or passage text itself fills the questions
or passages frame when the workbook has no such sheet.

A workbook the app wrote (:func:`workbench.core.export.write_judgments_workbook`)
may also hold ``조정``/``resolutions`` — grades resolved by hand (질문ID,
문단ID, 등급, 조정자, 사유, 평가시각), read into ``JudgmentSet.resolutions`` —
and ``이견``/``dissent``, which is derived from the rest and ignored. Neither
is ever taken for the judgments, questions or passages sheet.

A ``매뉴얼``/``manual`` sheet (the evaluation manual, see
:mod:`workbench.core.protocol.manual`) is read into ``JudgmentSet.manual``; its
problems are warnings, so a damaged manual never keeps the grades out.

A pool workbook (:mod:`workbench.core.protocol.pool`, for an assessor judging in
Excel) has a ``풀 안내``/``pool guide`` sheet: there a row whose grade is still
blank is a passage not judged yet — it is left out (one warning counts
them), not an error.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np
import pandas as pd

from workbench.core.io import fast_trec, trec_scan
from workbench.core.io.book import (
    Book,
    Sheet,
    open_book,
    release,
    sheet_list,
    visible_sheets,
    warn_hidden_skipped,
)
from workbench.core.io.common import CancelCheck, Collector, Progress, Steps
from workbench.core.io.ids import (
    display_text,
    display_texts,
    factorize_ids,
    is_blank,
    normalize_ids,
    str_array,
)
from workbench.core.io.mapping import (
    ColumnMapping,
    as_judgments_mapping,
    normalize_header,
    sheet_name_kind,
)
from workbench.core.io.reading import detect_kind, formula_cells
from workbench.core.io.recover import GradeConversion, conversion_table, leave_out_rows
from workbench.core.io.runs import _peek
from workbench.core.io.text_formats import own_trec_choices
from workbench.core.io.validate import (
    column,
    grades_checked,
    ids_checked,
    non_empty_rows,
    report_missing,
    report_trec_scale,
    roles_checked,
    short_ids,
    texts,
    to_numbers,
    yesno,
)
from workbench.core.model import schema as S
from workbench.core.model.evidence_text import find_spans
from workbench.core.model.korean import josa
from workbench.core.model.memory import give_back_memory, pausing_gc
from workbench.core.model.problems import InputError, error, excerpt
from workbench.core.model.schema import JudgmentSet, SourceFile

#: Passes over the judgments sheet's rows while it is checked (for progress only).
_SHEET_PASSES = 12

REQUIRED = {
    "judgments": [S.QID, S.PID, S.GRADE],
    "questions": [S.QID],
    "passages": [S.PID],
}
_WHAT = {
    "judgments": ("judgments", "평가"),
    "questions": ("questions", "질문"),
    "passages": ("passages", "문단"),
}


def _str_frame(data: dict, columns: list[str]) -> pd.DataFrame:
    """A frame whose object columns become the ``str`` dtype (text arrays by slices)."""
    data = {
        c: str_array(v) if isinstance(v, np.ndarray) and v.dtype == object else v
        for c, v in data.items()
    }
    df = pd.DataFrame(data, columns=columns)
    for c in columns:
        if df[c].dtype == object:
            df[c] = df[c].astype("str")
    return df


def empty_judgments() -> pd.DataFrame:
    return _judgment_frame(
        {c: np.empty(0, dtype=object) for c in S.JUDGMENT_COLUMNS}
        | {S.GRADE: np.empty(0, np.int64), S.ROW: np.empty(0, np.int64)}
    )


def _judgment_frame(data: dict) -> pd.DataFrame:
    df = _str_frame(data, S.JUDGMENT_COLUMNS)
    df[S.GRADE] = df[S.GRADE].astype(np.int64)
    df[S.ROW] = df[S.ROW].astype(np.int64)
    return df


#: sheet names of the hand resolutions and of the derived dissent record
_RESOLUTION_SHEETS = ("조정", "resolutions")
_DISSENT_SHEETS = ("이견", "dissent")
#: the guide sheet that marks a pool workbook (blank grades: not judged yet)
POOL_GUIDE_SHEETS = ("풀 안내", "pool guide")
#: headers of the resolution sheet's own columns (Korean and English exports)
_RESOLUTION_HEADERS = {
    "by": ("조정자", "resolved_by", "resolver", "by"),
    "reason": ("사유", "reason"),
    "time": ("평가시각", "judged_at", "time", "resolved_at"),
}


def special_sheet(name: str) -> str | None:
    """``"resolutions"``, ``"dissent"``, ``"manual"`` or ``"pool_guide"`` for those
    sheets (never a judgments, questions or passages sheet)."""
    norm = normalize_header(name)
    if norm in {normalize_header(n) for n in _RESOLUTION_SHEETS}:
        return "resolutions"
    if norm in {normalize_header(n) for n in _DISSENT_SHEETS}:
        return "dissent"
    # the manual sheet's reader only for a workbook's sheets: a TREC file has none
    from workbench.core.io.manual_sheet import is_manual_sheet

    if is_manual_sheet(name):
        return "manual"
    if norm in {normalize_header(n) for n in POOL_GUIDE_SHEETS}:
        return "pool_guide"
    return None


# -- sheet choice -----------------------------------------------------------------
def choose_sheets(book: Book, chosen: dict[str, str] | None, col: Collector) -> dict[str, Sheet]:
    """The judgments, questions and passages sheets: the user's choice, else by content/name."""
    out: dict[str, Sheet] = {}
    for role, name in (chosen or {}).items():
        if isinstance(name, list | tuple):  # several judgments sheets: the first here
            name = name[0] if name else None
        if role not in REQUIRED or not name:
            continue
        sheet = book.sheet(name)
        if sheet is None:
            found = ", ".join(s.name for s in book.sheets)
            col.error(
                "sheet_not_found",
                f"The workbook has no sheet named '{name}'; its sheets are: {found}. Choose "
                "another sheet.",
                f"통합 문서에 '{name}' 시트가 없습니다. 있는 시트: {found}. 다른 시트를 고르세요.",
                sheet=name,
            )
            continue
        out[role] = sheet
    used = {s.name for s in out.values()}
    visible = visible_sheets(book)  # hidden sheets only when named above
    # resolutions and dissent are read (or ignored) on their own, never as a role
    used |= {s.name for s in book.sheets if special_sheet(s.name)}
    for role in REQUIRED:
        if role in out:
            continue
        candidates = [s for s in visible if s.name not in used and s.table is not None]
        pick = next((s for s in candidates if s.kind == role), None)
        if pick is None:
            pick = next((s for s in candidates if sheet_name_kind(s.name) == role), None)
        if pick is not None:
            out[role] = pick
            used.add(pick.name)
    if "judgments" not in out:
        nonempty = [s for s in visible if s.table is not None and s.name not in used]
        named = [
            s
            for s in visible
            if sheet_name_kind(s.name) == "judgments" and not special_sheet(s.name)
        ]
        if len(nonempty) == 1:
            out["judgments"] = nonempty[0]  # the only sheet: check its columns below
        elif named:
            out["judgments"] = named[0]  # named like judgments but empty
        else:
            found, found_ko = sheet_list(book, "en"), sheet_list(book, "ko")
            col.error(
                "no_judgments_sheet",
                "No judgments sheet was found (a sheet with question id, passage id and grade "
                f"columns, or named e.g. '평가' or 'judgments'). Sheets: {found}. Rename the "
                "sheet or pick it in the import preview.",
                "평가 시트를 찾지 못했습니다(질문ID, 문단ID, 등급 열이 있거나 '평가', "
                f"'judgments' 같은 이름의 시트). 있는 시트: {found_ko}. 시트 이름을 바꾸거나 "
                "불러오기 미리보기에서 시트를 고르세요.",
            )
    warn_hidden_skipped(book, list(out.values()), col)
    return out


def more_judgment_sheets(
    book: Book, chosen_option: dict | None, chosen: dict[str, Sheet], col: Collector
) -> list[Sheet]:
    """The judgments sheets read beside ``chosen["judgments"]``: those the user
    listed after it, else every other visible sheet that holds judgments (its
    columns say so), such as one sheet per assessor. Not the questions, passages,
    resolutions, dissent, manual or pool-guide sheets."""
    if "judgments" not in chosen:
        return []
    listed = (chosen_option or {}).get("judgments")
    if listed:
        names = list(listed[1:]) if isinstance(listed, list | tuple) else []
        out = []
        for name in names:
            sheet = book.sheet(name)
            if sheet is None:
                col.error(
                    "sheet_not_found",
                    f"The workbook has no sheet named '{name}'; choose another sheet.",
                    f"통합 문서에 '{name}' 시트가 없습니다. 다른 시트를 고르세요.",
                    sheet=name,
                )
            elif sheet not in out and sheet is not chosen["judgments"]:
                out.append(sheet)
        return out
    used = {s.name for s in chosen.values()}
    return [
        s
        for s in visible_sheets(book)
        if s.name not in used
        and s.table is not None
        and s.kind == "judgments"
        and not special_sheet(s.name)
    ]


def _judgments_of_sheets(
    col: Collector, sheets: list[Sheet], frames: list[pd.DataFrame]
) -> pd.DataFrame:
    """The judgments of several sheets as one frame. A sheet whose rows name no
    assessor is one assessor's, named after the sheet (as several files are
    named after their files); the same assessor grading an item in two sheets
    is a warning (same grade: the first sheet's row is kept) or an error."""
    named = []
    for sheet, df in zip(sheets, frames):
        df = df.copy()
        blank = df[S.ASSESSOR].astype(str).str.strip() == ""
        df.loc[blank, S.ASSESSOR] = sheet.name
        df["_sheet"] = sheet.name
        named.append(df)
    both = pd.concat(named, ignore_index=True)
    key = [S.QID, S.PID, S.ASSESSOR]
    dup = both.duplicated(key, keep=False).to_numpy()
    if dup.any():
        for (q, p, a), group in both[dup].groupby(key, sort=False):
            where = [f"'{s}' {r}" for s, r in zip(group["_sheet"], group[S.ROW])]
            where_en = ", ".join(f"sheet {w}" for w in where)
            where_ko = ", ".join(f"{w}행" for w in where)
            where_at = {"sheet": str(group["_sheet"].iloc[1]), "row": int(group[S.ROW].iloc[1])}
            item_en = f"Question '{q}', passage '{p}' is judged by assessor '{a}' in two sheets"
            item_ko = f"질문 '{q}', 문단 '{p}'에 대한 평가자 '{a}'의"
            if group[S.GRADE].nunique() > 1:
                col.error(
                    "duplicate_conflict",
                    f"{item_en} with different grades ({where_en}). Keep one row and delete the "
                    "other.",
                    f"{item_ko} 판정이 두 시트에 서로 다른 등급으로 있습니다({where_ko}). 한 행만 "
                    "남기고 나머지를 지우세요.",
                    **where_at,
                )
            else:
                col.warning(
                    "duplicate_judgment",
                    f"{item_en} with the same grade ({where_en}); the first is used.",
                    f"{item_ko} 같은 판정이 두 시트에 있습니다({where_ko}). 첫 번째 것을 사용합니다.",
                    **where_at,
                )
        both = both[~both.duplicated(key, keep="first").to_numpy()]
    counts = both.groupby("_sheet", sort=False)[S.ASSESSOR].agg(lambda a: sorted(set(a)))
    shown_en = "; ".join(f"'{s}' ({', '.join(names)})" for s, names in counts.items())
    shown_ko = "; ".join(f"'{s}'({', '.join(names)})" for s, names in counts.items())
    col.info(
        "several_judgment_sheets",
        f"{len(sheets)} sheets hold judgments and were all read, with their assessors: "
        f"{shown_en}. A sheet without an assessor column is the assessor named after it. In the "
        "import preview a sheet can be left out (its use: Do not use).",
        f"판정이 든 시트 {len(sheets)}개를 모두 읽었습니다. 시트별 평가자: {shown_ko}. 평가자 "
        "열이 없는 시트는 시트 이름을 평가자로 봅니다. 불러오기 미리보기에서 시트의 용도를 "
        "'사용하지 않음'으로 바꾸면 그 시트를 뺄 수 있습니다.",
        sheet=sheets[0].name,
    )
    return both.drop(columns="_sheet").reset_index(drop=True)


def _empty_sheet(col: Collector, sheet: Sheet, what: tuple[str, str]) -> None:
    col.error(
        "empty_sheet",
        f"The {what[0]} sheet '{sheet.name}' is empty: it has no header row and no data. Enter "
        "the data under a header row, or choose another sheet.",
        f"{what[1]} 시트 {josa(sheet.name, '이', quoted=True)} 비어 있습니다(머리글 행과 데이터가 없음). 머리글 "
        "아래에 데이터를 입력하거나 다른 시트를 고르세요.",
        sheet=sheet.name,
    )


def _no_data(col: Collector, sheet: Sheet, what: tuple[str, str]) -> None:
    col.error(
        "no_data",
        f"The {what[0]} sheet '{sheet.name}' has a header row but no data rows. Enter data "
        f"below row {sheet.table.header_row}.",
        f"{what[1]} 시트 '{sheet.name}'에 머리글만 있고 데이터가 없습니다. "
        f"{sheet.table.header_row}행 아래에 데이터를 입력하세요.",
        sheet=sheet.name,
    )


def _usable(col: Collector, sheet: Sheet, role: str) -> bool:
    what = _WHAT[role]
    if sheet.table is None:
        _empty_sheet(col, sheet, what)
        return False
    missing = sheet.mapping.missing(REQUIRED[role])
    if missing:
        report_missing(col, sheet.table, sheet.mapping, missing, *what)
        return False
    return True


# -- the three frames -------------------------------------------------------------
def _grade_formulas(path: Path, kind: str, sheet: Sheet) -> dict[int, tuple[str, str]]:
    """The formulas in the grade column of a pool workbook's sheet (see
    :func:`~workbench.core.io.reading.formula_cells`)."""
    grade = sheet.mapping.header_for(S.GRADE) if sheet.table is not None else None
    if kind != "excel" or grade is None:
        return {}
    return formula_cells(path, sheet.name, sheet.table.header_row, grade)


def _report_formulas(
    col: Collector,
    sheet: Sheet,
    rows: np.ndarray,
    waiting: np.ndarray,
    formulas: Mapping[int, tuple[str, str]],
) -> None:
    """A warning for each grade cell of a pool workbook holding a formula: with
    no computed value in the file (as a program that does not compute formulas
    saves it) the passage stays waiting; with one, that value is the grade."""
    blank = {int(r) for r in waiting}
    for row in (int(r) for r in rows):
        if row not in formulas:
            continue
        cell, formula = formulas[row]
        quoted = excerpt(formula)
        if row in blank:
            en = (
                f"Row {row}: the grade cell {cell} holds a formula ({quoted}) with no computed "
                "value, so no grade can be read; the passage stays waiting in the pool. Type "
                "the grade as a number."
            )
            ko = (
                f"{row}행: 등급 칸 {cell}에 계산된 값이 없는 수식({quoted})이 있어 등급을 읽을 수 "
                "없습니다. 이 문단은 풀에서 계속 판정을 기다립니다. 등급을 숫자로 입력하세요."
            )
        else:
            en = (
                f"Row {row}: the grade cell {cell} holds a formula ({quoted}); the value it "
                "computed was read as the grade. Type the grade as a number to be sure."
            )
            ko = (
                f"{row}행: 등급 칸 {cell}에 수식({quoted})이 있어 그 계산 결과를 등급으로 "
                "읽었습니다. 확실하게 하려면 등급을 숫자로 입력하세요."
            )
        col.warning(
            "pool_grade_formula",
            en,
            ko,
            sheet=sheet.name,
            row=row,
            column=sheet.mapping.header_for(S.GRADE),
        )


def judgments_from_sheet(
    col: Collector,
    sheet: Sheet,
    any_grade: bool = False,
    conversions: Mapping[str, int] | None = None,
    unjudged: list | None = None,
    blank_grade_waits: bool = False,
    formulas: Mapping[int, tuple[str, str]] | None = None,
) -> pd.DataFrame | None:
    """The judgments frame of a sheet, with every row-level problem collected.

    ``any_grade``: TREC qrels — any whole-number grade (see ``grades_checked``);
    the (question, passage) pairs graded below 0 are appended to ``unjudged``
    as one frame. ``conversions``: grade values the user confirmed.
    ``blank_grade_waits``: a pool workbook — a row without a grade is a passage
    not judged yet, left out with one warning counting them. ``formulas``:
    Excel row → (cell, formula) of its grade cells holding a formula, each
    named in a warning so that no row is left out without a word.
    """
    table, mapping = sheet.table, sheet.mapping
    if not _usable(col, sheet, "judgments"):
        return None
    keep = non_empty_rows(table, mapping)
    if blank_grade_waits and keep.any():
        waiting = keep & is_blank(table.columns[mapping.header_for(S.GRADE)])
        _report_formulas(col, sheet, table.rows[keep], table.rows[waiting], formulas or {})
        if waiting.any():
            n_waiting = int(waiting.sum())
            keep = keep & ~waiting
            col.warning(
                "pool_not_judged",
                f"{n_waiting:,} passages of this pool workbook have no grade yet; they stay "
                "waiting in the pool.",
                f"이 판정 풀 통합 문서에서 문단 {n_waiting:,}개에 아직 등급이 없습니다. 이 문단들은 "
                "풀에서 계속 판정을 기다립니다.",
                sheet=sheet.name,
            )
            if not keep.any():
                return empty_judgments()
    if not keep.any() and blank_grade_waits:
        return empty_judgments()  # a pool with nothing left to judge
    if not keep.any():
        _no_data(col, sheet, _WHAT["judgments"])
        return None
    rows = table.rows[keep]
    n = int(keep.sum())
    qid = ids_checked(col, table, mapping, S.QID, keep, rows)
    pid = ids_checked(col, table, mapping, S.PID, keep, rows)
    negative: list = []
    grade = grades_checked(
        col,
        table,
        mapping,
        keep,
        rows,
        any_integer=any_grade,
        conversions=conversions,
        negative=negative,
    )
    if unjudged is not None and negative and negative[0].any():
        unjudged.append(pd.DataFrame({S.QID: qid[negative[0]], S.PID: pid[negative[0]]}))
    df = _judgment_frame(
        {
            S.QID: qid,
            S.PID: pid,
            S.GRADE: grade,
            S.ASSESSOR: short_ids(table, mapping, S.ASSESSOR, keep, n),
            S.ROLE: roles_checked(col, table, mapping, keep, rows, n),
            S.GROUP: short_ids(table, mapping, S.GROUP, keep, n),
            S.NOTE: texts(table, mapping, S.NOTE, keep, n),
            S.ROW: rows,
        }
    )
    return _check_duplicates(col, sheet, df)


def _check_duplicates(
    col: Collector, sheet: Sheet, df: pd.DataFrame, id_codes: dict | None = None
) -> pd.DataFrame:
    """Same (question, passage, assessor) twice: same grade → warning, keep the first;
    different grades → error naming both rows.

    ``id_codes``: integer codes of the question and passage ids, when the reader
    has them (the TREC fast path, whose ids are never blank and whose rows have
    one assessor): the ids are then not hashed a second time."""
    key = [S.QID, S.PID, S.ASSESSOR]
    codes = {}
    if id_codes is not None:
        n = len(df)
        codes = {S.QID: id_codes[S.QID], S.PID: id_codes[S.PID]}
        codes[S.ASSESSOR] = np.zeros(n, dtype=np.int64)
        codes[S.QID + "_blank"] = codes[S.PID + "_blank"] = np.zeros(n, dtype=bool)
    else:
        # integer codes hashed slice by slice: one df.duplicated over three text
        # columns of a big qrels file would hold the GIL for long
        for c in key:
            codes[c], uniques = factorize_ids(df[c].to_numpy(dtype=object))
            if c != S.ASSESSOR:
                codes[c + "_blank"] = (uniques == "")[codes[c]] if len(uniques) else codes[c] < 0
    dup = (
        pd.DataFrame({c: codes[c] for c in key}).duplicated(keep=False).to_numpy()
        & ~codes[S.QID + "_blank"]
        & ~codes[S.PID + "_blank"]
    )
    if not dup.any():
        return df
    header_g = sheet.mapping.header_for(S.GRADE)
    dup = pd.Series(dup, index=df.index)
    for (q, p, a), group in df[dup].groupby(key, sort=False):
        rows = group[S.ROW].tolist()
        grades = group[S.GRADE].tolist()
        who_en = f" by assessor '{a}'" if a else ""
        who_ko = f" 평가자 '{a}'의" if a else ""
        rows_txt = ", ".join(str(r) for r in rows)
        if len(set(grades)) > 1:
            shown = ", ".join(f"row {r}: {g}" for r, g in zip(rows, grades))
            shown_ko = ", ".join(f"{r}행: {g}" for r, g in zip(rows, grades))
            col.error(
                "duplicate_conflict",
                f"Question '{q}', passage '{p}' is judged twice{who_en} with different grades "
                f"({shown}). Keep one row and delete the other.",
                f"질문 '{q}', 문단 '{p}'에 대한{who_ko} 판정이 서로 다른 등급으로 두 번 "
                f"있습니다({shown_ko}). 한 행만 남기고 나머지를 지우세요.",
                sheet=sheet.name,
                row=int(rows[1]),
                column=header_g,
            )
        else:
            col.warning(
                "duplicate_judgment",
                f"Question '{q}', passage '{p}' is judged twice{who_en} with the same grade "
                f"(rows {rows_txt}); the first row is used.",
                f"질문 '{q}', 문단 '{p}'에 대한{who_ko} 같은 판정이 두 번 있습니다"
                f"({rows_txt}행). 첫 번째 행을 사용합니다.",
                sheet=sheet.name,
                row=int(rows[1]),
            )
    first = ~pd.DataFrame({c: codes[c] for c in key}).duplicated(keep="first").to_numpy()
    return df[first].reset_index(drop=True)


def resolutions_from_sheet(
    col: Collector, sheet: Sheet, conversions: Mapping[str, int] | None = None
) -> pd.DataFrame:
    """The hand resolutions of a ``조정``/``resolutions`` sheet (RESOLUTION_COLUMNS).

    Ids and grades are checked like the judgments sheet's (0–3; a bad cell
    is an error: a resolution silently dropped would change the numbers).
    ``by``, ``reason`` and ``time`` are text, ``""`` when absent.
    """
    empty = pd.DataFrame(
        {c: pd.Series(dtype="str") for c in S.RESOLUTION_COLUMNS}
        | {S.GRADE: pd.Series(dtype=np.int64)}
    )[S.RESOLUTION_COLUMNS]
    table, mapping = sheet.table, sheet.mapping
    if table is None:
        return empty
    missing = mapping.missing([S.QID, S.PID, S.GRADE])
    if missing:
        report_missing(col, table, mapping, missing, "resolutions", "조정")
        return empty
    keep = non_empty_rows(table, mapping)
    if not keep.any():
        return empty
    rows = table.rows[keep]
    n = int(keep.sum())
    data = {
        S.QID: ids_checked(col, table, mapping, S.QID, keep, rows),
        S.PID: ids_checked(col, table, mapping, S.PID, keep, rows),
        S.GRADE: grades_checked(col, table, mapping, keep, rows, conversions=conversions),
    }
    by_header = {normalize_header(h): h for h in table.headers}
    for name, headers in _RESOLUTION_HEADERS.items():
        header = next(
            (by_header[normalize_header(h)] for h in headers if normalize_header(h) in by_header),
            None,
        )
        if header is None:
            data[name] = np.full(n, "", dtype=object)
        else:
            cells = display_texts(table.columns[header][keep])
            data[name] = np.array([v.strip() for v in cells], dtype=object)
    df = _str_frame(data, S.RESOLUTION_COLUMNS)
    df[S.GRADE] = df[S.GRADE].astype(np.int64)
    return df


def _question_frame(data: dict) -> pd.DataFrame:
    df = _str_frame(data, S.QUESTION_COLUMNS)
    df[S.ANSWERABLE] = pd.array(data[S.ANSWERABLE], dtype="boolean")
    return df


def _answerable(col: Collector, sheet: Sheet, keep: np.ndarray, rows: np.ndarray, n: int):
    raw = column(sheet.table, sheet.mapping, S.ANSWERABLE, keep)
    if raw is None:
        return [None] * n
    header = sheet.mapping.header_for(S.ANSWERABLE)
    out: list = []
    for v, r in zip(raw, rows):
        b = yesno(v)
        if isinstance(b, float):  # NaN: not understood
            shown = display_text(v)
            col.warning(
                "answerable_invalid",
                f"'{shown}' in row {r} is not a yes/no value (예/아니오, O/X, Y/N, 가능/불가); "
                "the question is treated as not stated.",
                f"{r}행의 {josa(shown, '은', quoted=True)} 예/아니오 값(예/아니오, O/X, Y/N, 가능/불가)이 아닙니다. "
                "답변 가능 여부를 모르는 것으로 처리합니다.",
                sheet=sheet.name,
                row=int(r),
                column=header,
            )
            b = None
        out.append(b)
    return out


def questions_from_sheet(col: Collector, sheet: Sheet) -> pd.DataFrame | None:
    table, mapping = sheet.table, sheet.mapping
    if not _usable(col, sheet, "questions"):
        return None
    keep = non_empty_rows(table, mapping)
    rows = table.rows[keep]
    n = int(keep.sum())
    qid = ids_checked(col, table, mapping, S.QID, keep, rows)
    df = _question_frame(
        {
            S.QID: qid,
            S.QTEXT: texts(table, mapping, S.QTEXT, keep, n),
            S.QTYPE: short_ids(table, mapping, S.QTYPE, keep, n),
            S.ANSWERABLE: _answerable(col, sheet, keep, rows, n),
            S.NOTE: texts(table, mapping, S.NOTE, keep, n),
        }
    )
    return _first_of_each(col, sheet, df, rows, S.QID, "question", "질문")


def _first_of_each(col, sheet, df, rows, key, what_en, what_ko) -> pd.DataFrame:
    dup = df.duplicated(key, keep="first").to_numpy() & (df[key] != "").to_numpy()
    for i in np.flatnonzero(dup)[:200]:
        r = int(rows[i])
        col.warning(
            f"duplicate_{what_en}",
            f"The {what_en} id '{df[key].iat[i]}' in row {r} appears earlier in the sheet; the "
            "first row is used.",
            f"{r}행의 {what_ko} ID {josa(df[key].iat[i], '이', quoted=True)} 앞에서 이미 나왔습니다. 첫 번째 행을 "
            "사용합니다.",
            sheet=sheet.name,
            row=r,
            column=sheet.mapping.header_for(key),
        )
    return df[~dup & (df[key] != "").to_numpy()].reset_index(drop=True)


def _passage_frame(data: dict) -> pd.DataFrame:
    df = _str_frame(data, S.PASSAGE_COLUMNS)
    df[S.CHUNK] = pd.array(data[S.CHUNK], dtype="Int64")
    return df


def _chunks(col: Collector, sheet: Sheet, keep: np.ndarray, rows: np.ndarray, n: int):
    raw = column(sheet.table, sheet.mapping, S.CHUNK, keep)
    if raw is None:
        return [None] * n
    nums = to_numbers(raw)
    ok = ~np.isnan(nums)
    ok[ok] &= nums[ok] == np.floor(nums[ok])
    header = sheet.mapping.header_for(S.CHUNK)
    for i in np.flatnonzero(~ok)[:200]:
        shown = display_text(raw[i]).strip()
        if not shown:
            continue
        r = int(rows[i])
        col.warning(
            "chunk_invalid",
            f"The chunk index in row {r} is '{shown}', not a whole number; it is left empty "
            "(adjacent-chunk de-duplication will skip this passage).",
            f"{r}행의 청크번호 {josa(shown, '이', quoted=True)} 정수가 아닙니다. 비워 둔 것으로 처리합니다(인접 "
            "청크 중복 제거에서 이 문단은 제외됩니다).",
            sheet=sheet.name,
            row=r,
            column=header,
        )
    return [int(v) if o else None for v, o in zip(nums, ok)]


def passages_from_sheet(col: Collector, sheet: Sheet) -> pd.DataFrame | None:
    table, mapping = sheet.table, sheet.mapping
    if not _usable(col, sheet, "passages"):
        return None
    keep = non_empty_rows(table, mapping)
    rows = table.rows[keep]
    n = int(keep.sum())
    pid = ids_checked(col, table, mapping, S.PID, keep, rows)
    df = _passage_frame(
        {
            S.PID: pid,
            S.DOCID: short_ids(table, mapping, S.DOCID, keep, n),
            S.TEXT: texts(table, mapping, S.TEXT, keep, n),
            S.VOLUME: short_ids(table, mapping, S.VOLUME, keep, n),
            S.LECTURE: texts(table, mapping, S.LECTURE, keep, n),
            S.PAGE: short_ids(table, mapping, S.PAGE, keep, n),
            S.DATE: short_ids(table, mapping, S.DATE, keep, n),
            S.CHUNK: _chunks(col, sheet, keep, rows, n),
        }
    )
    return _first_of_each(col, sheet, df, rows, S.PID, "passage", "문단")


def _extras_from_judgments(sheet: Sheet, judgments: pd.DataFrame):
    """Questions/passages frames from text columns on the judgments sheet itself."""
    table, mapping = sheet.table, sheet.mapping
    keep = non_empty_rows(table, mapping)
    rows = table.rows[keep]
    n = int(keep.sum())

    qid = normalize_ids(column(table, mapping, S.QID, keep))
    pid = normalize_ids(column(table, mapping, S.PID, keep))
    questions = passages = None
    qcols = mapping.mapped_roles & {S.QTEXT, S.QTYPE, S.ANSWERABLE}
    if qcols and S.QID in mapping.mapped_roles:
        scratch = Collector("")
        q = _question_frame(
            {
                S.QID: qid,
                S.QTEXT: texts(table, mapping, S.QTEXT, keep, n),
                S.QTYPE: short_ids(table, mapping, S.QTYPE, keep, n),
                S.ANSWERABLE: _answerable(scratch, sheet, keep, rows, n),
                S.NOTE: np.full(n, "", dtype=object),
            }
        )
        questions = q[q[S.QID] != ""].drop_duplicates(S.QID).reset_index(drop=True)
    if S.TEXT in mapping.mapped_roles or S.DOCID in mapping.mapped_roles:
        empty = np.full(n, "", dtype=object)
        p = _passage_frame(
            {
                S.PID: pid,
                S.DOCID: short_ids(table, mapping, S.DOCID, keep, n),
                S.TEXT: texts(table, mapping, S.TEXT, keep, n),
                S.VOLUME: empty,
                S.LECTURE: empty,
                S.PAGE: empty,
                S.DATE: empty,
                S.CHUNK: [None] * n,
            }
        )
        passages = p[p[S.PID] != ""].drop_duplicates(S.PID).reset_index(drop=True)
    return questions, passages


#: evidence sentences not found in their passage, listed before the rest are counted
_EVIDENCE_LISTED = 20


def evidence_from_sheet(sheet: Sheet) -> pd.DataFrame | None:
    """The ``근거 문장`` column of the judgments sheet (EVIDENCE_COLUMNS): one row
    per judgment row with a sentence; None when the sheet has no such column."""
    table, mapping = sheet.table, sheet.mapping
    if table is None or not mapping.has(S.EVIDENCE):
        return None

    keep = non_empty_rows(table, mapping)
    rows = table.rows[keep]
    n = int(keep.sum())
    sentence = np.array([" ".join(t.split()) for t in texts(table, mapping, S.EVIDENCE, keep, n)])
    has = sentence != ""
    qid = normalize_ids(column(table, mapping, S.QID, keep))
    pid = normalize_ids(column(table, mapping, S.PID, keep))
    frame = pd.DataFrame(
        {
            S.QID: qid[has],
            S.PID: pid[has],
            S.EVIDENCE: sentence[has],
            S.ASSESSOR: short_ids(table, mapping, S.ASSESSOR, keep, n)[has],
            S.ROW: rows[has].astype(np.int64),
        },
        columns=S.EVIDENCE_COLUMNS,
    )
    return frame[(frame[S.QID] != "") & (frame[S.PID] != "")].reset_index(drop=True)


def _check_evidence(col: Collector, sheet: Sheet, evidence: pd.DataFrame, passages) -> None:
    """A sentence that is not in its passage's text cannot be highlighted: say so
    (only for passages whose text the files give)."""

    if passages is None or not len(passages) or S.TEXT not in passages.columns:
        return
    text_of = dict(zip(passages[S.PID].astype(str), passages[S.TEXT].astype(str)))
    header = sheet.mapping.header_for(S.EVIDENCE)
    absent = 0
    for q, p, sentence, row in evidence[[S.QID, S.PID, S.EVIDENCE, S.ROW]].itertuples(
        index=False, name=None
    ):
        text = text_of.get(str(p), "")
        if not text or find_spans(text, [sentence]):
            continue
        absent += 1
        if absent > _EVIDENCE_LISTED:
            continue
        col.warning(
            "evidence_not_in_passage",
            f"The evidence sentence in row {row} (question '{q}', passage '{p}') is not in the "
            "passage's text, so it cannot be highlighted. Copy the sentence from the passage "
            "as it is written.",
            f"{row}행(질문 '{q}', 문단 '{p}')의 근거 문장이 그 문단 본문에 없어 표시할 수 "
            "없습니다. 문단 본문에 적힌 그대로 문장을 옮겨 적으세요.",
            sheet=sheet.name,
            row=int(row),
            column=header,
        )
    if absent > _EVIDENCE_LISTED:
        col.warning(
            "evidence_not_in_passage_more",
            f"{absent - _EVIDENCE_LISTED} more evidence sentences are not in their passage's text.",
            f"그 밖에 근거 문장 {absent - _EVIDENCE_LISTED}개가 문단 본문에 없습니다.",
            sheet=sheet.name,
            column=header,
        )


def _cross_check(col: Collector, js: pd.DataFrame, questions, passages, names) -> None:
    """Judgments naming questions/passages the other sheets don't list (warnings, counted)."""
    for frame, key, what_en, what_ko, sheet in (
        (questions, S.QID, "question", "질문", names.get("questions")),
        (passages, S.PID, "passage", "문단", names.get("passages")),
    ):
        if frame is None or not len(frame):
            continue
        unknown = sorted(set(js[key]) - set(frame[key]) - {""})
        if unknown:
            shown = ", ".join(unknown[:10]) + (" …" if len(unknown) > 10 else "")
            col.warning(
                f"unlisted_{what_en}",
                f"{len(unknown)} {what_en} id(s) in the judgments are not on the {what_en}s "
                f"sheet: {shown}.",
                f"평가 시트의 {what_ko} ID {len(unknown)}개가 {what_ko} 시트에 없습니다: {shown}.",
                sheet=sheet,
            )


@pausing_gc
def load_judgments(
    path: str | Path,
    mappings: dict[str, ColumnMapping] | None = None,
    sheets: dict[str, str] | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    *,
    conversions: Mapping[str, int] | Iterable[GradeConversion] | None = None,
    skip_rows: Mapping[str | None, Iterable[int]] | None = None,
    fast: bool = True,
) -> JudgmentSet:
    """Read judgments from an Excel/CSV/TREC qrels/JSON file.

    ``mappings`` maps a sheet name to a confirmed :class:`ColumnMapping` (it
    replaces detection for that sheet); ``sheets`` names the sheets to use as
    ``{"judgments": …, "questions": …, "passages": …}``. ``conversions``: grade
    values the user confirmed (``"3점"`` → 3, see :mod:`~workbench.core.io.recover`);
    ``skip_rows``: sheet → Excel rows the user chose to leave out. Both are
    listed in the warnings. Every problem found is collected; errors raise
    :class:`~workbench.core.io.common.FileErrors` (an :class:`InputError`, with
    the warnings too, the grade values refused and the rows with errors),
    warnings go to ``JudgmentSet.problems``. ``progress(fraction, text)`` is
    called per step; when ``cancelled()`` turns true :class:`Cancelled` is raised.

    A clean TREC qrels file is parsed straight into columns
    (:mod:`workbench.core.io.fast_trec`); anything unusual takes the general
    path, which gives the same JudgmentSet and problems (``fast=False``
    forces it).
    """
    path = Path(path)
    steps = Steps(progress, cancelled)
    col = Collector(path.name)
    # rows left out are taken out of the general reader's tables
    if fast and not skip_rows and own_trec_choices(path, "trec_qrels", mappings, sheets):
        quick = _fast_trec_qrels(path, col, steps)
        if quick is not None:
            return quick
        col = Collector(path.name)
    book = open_book(path, col, steps, mappings, upto=0.3)
    leave_out_rows(book, skip_rows, col)
    converted = conversion_table(conversions)
    if book.kind == "trec_run":
        raise InputError(
            [
                error(
                    "run_not_judgments",
                    "This is a TREC run file (qid Q0 docid rank score tag), not judgments. Load "
                    "it as a run, and choose the qrels file as judgments.",
                    "TREC 실행 결과(run) 파일이지 평가(정답) 파일이 아닙니다. 실행 결과로 "
                    "불러오고, 평가 파일로는 qrels 파일을 고르세요.",
                    file=path.name,
                )
            ]
        )
    chosen = choose_sheets(book, sheets, col)
    # a pool workbook is one assessor's one sheet; any other workbook may hold
    # several sheets of judgments (one per assessor)
    pool_book = any(special_sheet(s.name) == "pool_guide" for s in book.sheets)
    more = [] if pool_book else more_judgment_sheets(book, sheets, chosen, col)
    judged_sheets = [chosen["judgments"], *more] if "judgments" in chosen else []
    for sheet in judged_sheets:
        if not sheet.fixed and sheet.name not in (mappings or {}):
            sheet.mapping = as_judgments_mapping(sheet.mapping)
    js = None
    # about a dozen passes over the rows (ids, grades, names, frame, duplicates)
    n_rows = sum(s.table.n_rows for s in judged_sheets if s.table is not None)
    unjudged: list = []
    with steps.span(0.3, 0.6, _SHEET_PASSES * n_rows, "평가 시트 확인 중 · Checking judgments"):
        if "judgments" in chosen:
            js = judgments_from_sheet(
                col,
                chosen["judgments"],
                any_grade=book.kind == "trec_qrels",
                blank_grade_waits=pool_book,
                formulas=_grade_formulas(path, book.kind, chosen["judgments"]) if pool_book else None,
                conversions=converted,
                unjudged=unjudged,
            )
        frames = [judgments_from_sheet(col, s, conversions=converted) for s in more]
        if js is not None and more and all(f is not None for f in frames):
            js = _judgments_of_sheets(col, judged_sheets, [js, *frames])
    steps(0.6, "질문 시트 확인 중 · Checking questions")
    questions = questions_from_sheet(col, chosen["questions"]) if "questions" in chosen else None
    steps(0.75, "문단 시트 확인 중 · Checking passages")
    passages = passages_from_sheet(col, chosen["passages"]) if "passages" in chosen else None
    resolution_sheet = next(
        (
            s
            for s in book.sheets
            if special_sheet(s.name) == "resolutions" and s not in chosen.values()
        ),
        None,
    )
    resolutions = (
        resolutions_from_sheet(col, resolution_sheet, converted)
        if resolution_sheet is not None
        else None
    )
    manual_sheet = next(
        (s for s in book.sheets if special_sheet(s.name) == "manual" and s not in chosen.values()),
        None,
    )
    manual = None
    if manual_sheet is not None:
        from workbench.core.io.manual_sheet import manual_from_sheet  # as in special_sheet

        manual = manual_from_sheet(col, manual_sheet)
    col.raise_if_errors()
    if js is None:  # pragma: no cover - an error was collected whenever js is None
        raise InputError(col.problems())
    if (questions is None or passages is None) and "judgments" in chosen:
        q2, p2 = _extras_from_judgments(chosen["judgments"], js)
        questions = questions if questions is not None else q2
        passages = passages if passages is not None else p2
    evidence = evidence_from_sheet(chosen["judgments"])
    if evidence is not None:
        _check_evidence(col, chosen["judgments"], evidence, passages)
    names = {k: v.name for k, v in chosen.items()}
    if not chosen["judgments"].fixed:
        _cross_check(
            col,
            js,
            questions if "questions" in chosen else None,
            passages if "passages" in chosen else None,
            names,
        )
    release(book)  # the frames hold what they need; free the cells slice by slice
    give_back_memory()
    steps(1.0, "완료 · Done")
    source = SourceFile(str(path), book.sha256, ", ".join(s.name for s in judged_sheets))
    return JudgmentSet(
        js,
        questions,
        passages,
        [source],
        col.warnings_list(),
        resolutions=resolutions,
        evidence=evidence,
        manual=manual,
        unjudged=unjudged[0] if unjudged else None,
    )


def _fast_trec_qrels(path: Path, col: Collector, steps: Steps) -> JudgmentSet | None:
    """A clean 4-field TREC qrels file read straight into columns; None → the general path."""

    head = _peek(path)
    if head is None or detect_kind(path, head) != "trec_qrels":
        return None
    steps(0.0, f"{path.name} 읽는 중 · Reading {path.name}")
    sha, table = fast_trec.parse_file(path, trec_scan.QRELS_KINDS)
    if table is None:
        return None
    grades = table.numbers[3]
    if not (np.isfinite(grades).all() and (grades == np.floor(grades)).all()):
        return None  # the general path names each bad grade
    col.text_file = True
    steps(0.3, "평가 시트 확인 중 · Checking judgments")
    qid = table.ids[0].uniques[table.ids[0].codes]
    pid = table.ids[2].uniques[table.ids[2].codes]
    grade = grades.astype(np.int64)
    rows = table.lines
    ok = np.ones(grade.size, dtype=bool)
    report_trec_scale(col, None, "relevance", grade, ok, rows)
    below = grade < 0
    unjudged = pd.DataFrame({S.QID: qid[below], S.PID: pid[below]}) if below.any() else None
    grade[below] = 0
    n = grade.size
    empty = np.full(n, "", dtype=object)
    df = _judgment_frame(
        {
            S.QID: qid,
            S.PID: pid,
            S.GRADE: grade,
            S.ASSESSOR: empty,
            S.ROLE: empty,
            S.GROUP: empty,
            S.NOTE: empty,
            S.ROW: rows,
        }
    )
    roles = {"query_id": S.QID, "iteration": None, "doc_id": S.PID, "relevance": S.GRADE}
    sheet = Sheet(path.stem, None, ColumnMapping(roles), "judgments", fixed=True)
    js = _check_duplicates(col, sheet, df, {S.QID: table.ids[0].codes, S.PID: table.ids[2].codes})
    col.raise_if_errors()
    give_back_memory()
    steps(1.0, "완료 · Done")
    source = SourceFile(str(path), sha, path.stem)
    return JudgmentSet(js, None, None, [source], col.warnings_list(), unjudged=unjudged)
