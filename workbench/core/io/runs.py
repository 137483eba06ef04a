"""Runs (ranked lists): workbook, CSV or TREC run → :class:`RunSet`.

Layouts: one sheet per system (the sheet name is the system), or a system
column (시스템/모델/run/tag); question id, passage id, rank and/or score,
optional passage text. The hand-typed "wide" layout — one row per question,
columns ``1, 2, 3…`` (``rank1…``, ``1위…``, ``top1…``) holding passage ids —
becomes long rows whose rank is the column's number. TREC runs name the
system by their tag; otherwise a file with one generic sheet ("Sheet1") is
named after the file.

Checks: ranks must be positive whole numbers (TREC files may start at 0),
scores numbers; a passage repeated in one ranking is kept once (its first,
best-ranked occurrence, with a warning); rank ties and gaps are warnings.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np
import pandas as pd

from workbench.core import schema as S
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
    empty_mask,
    factorize_ids,
    normalize_ids,
    str_array,
)
from workbench.core.io.mapping import normalize_header
from workbench.core.io.recover import leave_out_rows
from workbench.core.io.validate import (
    column,
    ids_checked,
    non_empty_rows,
    report_missing,
    short_ids,
    texts,
    to_numbers,
)
from workbench.core.korean import josa
from workbench.core.problems import InputError, error
from workbench.core.schema import RunSet, SourceFile

_GENERIC = re.compile(
    r"^(sheet|시트|워크시트|tabelle|feuil|data|데이터|runs?|results?|결과|검색결과)\d*$"
)
_SHEET = "_sheet"  # index of the row's sheet in the list of sheets read
#: Passes over a sheet's rows while it is checked (for progress only).
_SHEET_PASSES = 12
#: Problem messages written per check before the rest are only counted.
_LOOP_CAP = 250


def empty_runs() -> pd.DataFrame:
    return _run_frame(
        {
            S.SYSTEM: [],
            S.QID: [],
            S.PID: [],
            S.RANK: np.empty(0),
            S.SCORE: np.empty(0),
            S.TEXT: [],
            S.ROW: np.empty(0, np.int64),
        }
    )


def _run_frame(data: dict) -> pd.DataFrame:
    data = dict(data)
    for c in (S.SYSTEM, S.QID, S.PID, S.TEXT):
        data[c] = str_array(data[c])
    df = pd.DataFrame(data, columns=[*S.RUN_COLUMNS, *([_SHEET] if _SHEET in data else [])])
    df[S.RANK] = df[S.RANK].astype(np.float64)
    df[S.SCORE] = df[S.SCORE].astype(np.float64)
    df[S.ROW] = df[S.ROW].astype(np.int64)
    return df


def _numbers_checked(
    col: Collector,
    sheet: Sheet,
    role: str,
    keep: np.ndarray,
    rows: np.ndarray,
    *,
    required: bool,
    allow_zero: bool = False,
) -> np.ndarray:
    """Rank (positive whole numbers) or score (any number) column as float64."""
    raw = column(sheet.table, sheet.mapping, role, keep)
    nums = to_numbers(raw)
    header = sheet.mapping.header_for(role)
    nan = np.isnan(nums)
    if role == S.RANK:
        bad = nan.copy()
        ok = ~nan
        low = 0 if allow_zero else 1
        bad[ok] = ~np.isfinite(nums[ok]) | (nums[ok] != np.floor(nums[ok])) | (nums[ok] < low)
    else:
        bad = nan & (required | ~_blank_cells(raw))
    for i in np.flatnonzero(bad)[:500]:
        r = int(rows[i])
        shown = display_text(raw[i]).strip()
        if role == S.RANK:
            what = f"'{shown}'" if shown else "blank"
            what_ko = f"'{shown}'" if shown else "비어 있음"
            col.error(
                "rank_invalid",
                f"{header} must be a positive whole number (1, 2, 3 …); row {r} is {what}. Enter "
                "the passage's position in the ranking.",
                f"{josa(header, '은')} 1 이상의 정수(1, 2, 3 …)여야 합니다. {r}행의 값: {what_ko}. "
                "검색 결과에서 그 문단의 순위를 입력하세요.",
                sheet=sheet.name,
                row=r,
                column=header,
            )
        else:
            what = f"'{shown}'" if shown else "blank"
            what_ko = f"'{shown}'" if shown else "비어 있음"
            col.error(
                "score_invalid",
                f"{header} must be a number; row {r} is {what}. Enter the retrieval score, or "
                "delete the cell if the system gives none (then a rank column is needed).",
                f"{josa(header, '은')} 숫자여야 합니다. {r}행의 값: {what_ko}. 검색 점수를 입력하거나, "
                "점수가 없으면 칸을 비우세요(이 경우 순위 열이 필요합니다).",
                sheet=sheet.name,
                row=r,
                column=header,
            )
    nums[bad] = np.nan
    return nums


def _blank_cells(raw: np.ndarray) -> np.ndarray:
    from workbench.core.io.ids import is_blank

    return is_blank(raw)


def _systems(sheet: Sheet, keep, n: int, default: str) -> np.ndarray:
    if sheet.mapping.has(S.SYSTEM):
        names = short_ids(sheet.table, sheet.mapping, S.SYSTEM, keep, n)
        names[empty_mask(names)] = default
        return names
    return np.full(n, default, dtype=object)


def _long_sheet(col: Collector, sheet: Sheet, index: int, default: str, allow_zero: bool):
    table, mapping = sheet.table, sheet.mapping
    missing = mapping.missing([S.QID, S.PID])
    has_rank, has_score = mapping.has(S.RANK), mapping.has(S.SCORE)
    if missing:
        report_missing(col, table, mapping, missing, "run", "실행 결과")
    if not has_rank and not has_score:
        found = ", ".join(table.headers)
        col.error(
            "no_rank_or_score",
            f"The run sheet '{sheet.name}' needs a rank (순위) or score (점수) column; found "
            f"headers: {found}. Add a 순위 column numbering the passages 1, 2, 3 … for each "
            "question, or choose the column in the import preview.",
            f"실행 결과 시트 '{sheet.name}'에 순위 또는 점수 열이 필요합니다. 찾은 머리글: {found}. "
            "질문마다 문단에 1, 2, 3 … 순위를 매긴 '순위' 열을 추가하거나 불러오기 미리보기에서 "
            "열을 지정하세요.",
            sheet=sheet.name,
            row=table.header_row,
        )
        return None
    if missing:
        return None
    keep = non_empty_rows(table, mapping)
    if not keep.any():
        return None
    rows = table.rows[keep]
    n = int(keep.sum())
    qid = ids_checked(col, table, mapping, S.QID, keep, rows)
    pid = ids_checked(col, table, mapping, S.PID, keep, rows)
    rank = (
        _numbers_checked(col, sheet, S.RANK, keep, rows, required=True, allow_zero=allow_zero)
        if has_rank
        else np.full(n, np.nan)
    )
    score = (
        _numbers_checked(col, sheet, S.SCORE, keep, rows, required=not has_rank)
        if has_score
        else np.full(n, np.nan)
    )
    return {
        S.SYSTEM: _systems(sheet, keep, n, default),
        S.QID: qid,
        S.PID: pid,
        S.RANK: rank,
        S.SCORE: score,
        S.TEXT: texts(table, mapping, S.TEXT, keep, n),
        S.ROW: rows,
        _SHEET: np.full(n, index, dtype=np.int64),
    }


def _wide_sheet(col: Collector, sheet: Sheet, index: int, default: str):
    """One row per question, a column per rank → long rows (rank = the column's number)."""
    table, mapping = sheet.table, sheet.mapping
    if not mapping.has(S.QID):
        report_missing(col, table, mapping, [S.QID], "run", "실행 결과")
        return None
    keep = non_empty_rows(table, mapping)
    if not keep.any():
        return None
    rows = table.rows[keep]
    n = int(keep.sum())
    qid = ids_checked(col, table, mapping, S.QID, keep, rows)
    systems = _systems(sheet, keep, n, default)
    parts = []
    for header, position in sorted(mapping.wide_columns.items(), key=lambda kv: kv[1]):
        pid = normalize_ids(table.columns[header][keep])
        filled = pid != ""
        parts.append((filled, pid, position))
    idx = [np.flatnonzero(f) for f, _, _ in parts]
    order_rows = np.concatenate([rows[i] for i in idx]) if idx else np.empty(0, np.int64)
    data = {
        S.SYSTEM: np.concatenate([systems[i] for i in idx]) if idx else [],
        S.QID: np.concatenate([qid[i] for i in idx]) if idx else [],
        S.PID: np.concatenate([p[i] for i, (_, p, _) in zip(idx, parts)]) if idx else [],
        S.RANK: np.concatenate([np.full(len(i), float(pos)) for i, (_, _, pos) in zip(idx, parts)])
        if idx
        else np.empty(0),
        S.SCORE: np.full(len(order_rows), np.nan),
        S.TEXT: np.full(len(order_rows), "", dtype=object),
        S.ROW: order_rows,
        _SHEET: np.full(len(order_rows), index, dtype=np.int64),
    }
    return data


def _check_rankings(
    col: Collector, df: pd.DataFrame, allow_zero: bool, sheet_names: list[str]
) -> pd.DataFrame:
    """Ties and gaps (warnings) then repeated passages (kept once, warning).

    Works on integer codes of (system, question) and passage, so a run of a
    million lines is checked without sorting strings; only the rankings with
    a problem are looked at one by one.
    """
    n = len(df)
    if not n:
        return df
    systems = df[S.SYSTEM].to_numpy(dtype=object)
    qids = df[S.QID].to_numpy(dtype=object)
    pids = df[S.PID].to_numpy(dtype=object)
    # hashing 500k strings in one call would hold the GIL >100 ms: by slices
    sys_codes, _ = factorize_ids(systems)
    q_codes, q_uniques = factorize_ids(qids)
    group = sys_codes * max(len(q_uniques), 1) + q_codes
    p_codes, _ = factorize_ids(pids)
    rank = df[S.RANK].to_numpy(dtype=np.float64)
    rows = df[S.ROW].to_numpy()
    sheet_of = df[_SHEET].to_numpy()
    has_qid = (q_uniques != "")[q_codes] if len(q_uniques) else np.zeros(n, dtype=bool)
    ranked = np.flatnonzero(~np.isnan(rank) & has_qid)
    if ranked.size:
        keys = pd.DataFrame({"g": group[ranked], "r": rank[ranked]})
        tie = keys.duplicated(keep=False).to_numpy()
        if tie.any():
            tied = pd.Series(ranked[tie]).groupby(
                [keys["g"].to_numpy()[tie], keys["r"].to_numpy()[tie]], sort=False
            )
            col.dropped_warnings += max(tied.ngroups - _LOOP_CAP, 0)
            for n_group, (_, members) in enumerate(tied):
                if n_group >= _LOOP_CAP:
                    break
                idx = members.to_numpy()
                i = idx[0]
                shown_rows = ", ".join(str(r) for r in rows[idx])
                col.warning(
                    "rank_tie",
                    f"System '{systems[i]}', question '{qids[i]}': rank {int(rank[i])} is given "
                    f"to {len(idx)} passages (rows {shown_rows}); they are ordered by score, then "
                    "passage id.",
                    f"시스템 '{systems[i]}', 질문 '{qids[i]}': 순위 {josa(int(rank[i]), '이')} 문단 "
                    f"{len(idx)}개에 매겨져 있습니다({shown_rows}행). 점수, 그다음 문단ID 순으로 "
                    "정렬합니다.",
                    sheet=sheet_names[sheet_of[i]],
                    row=int(rows[idx[1]]),
                )
        stats = keys.groupby("g", sort=False)["r"].agg(["min", "max", "nunique"])
        base = np.where(allow_zero & (stats["min"] == 0), 0.0, 1.0)
        gap = (stats["min"] != base) | (stats["max"] - stats["min"] + 1 != stats["nunique"])
        flagged = stats[gap.to_numpy()]
        col.dropped_warnings += max(len(flagged) - _LOOP_CAP, 0)
        if len(flagged):
            members = pd.Series(ranked).groupby(group[ranked], sort=False).indices
            for g, stat in flagged.head(_LOOP_CAP).iterrows():
                idx = ranked[members[g]]
                i = idx[0]
                have = set(rank[idx].astype(int).tolist())
                start = 0 if (allow_zero and stat["min"] == 0) else 1
                top = int(stat["max"])
                absent = [r for r in range(start, top + 1) if r not in have]
                shown = ", ".join(str(r) for r in absent[:10]) + (" …" if len(absent) > 10 else "")
                col.warning(
                    "rank_gap",
                    f"System '{systems[i]}', question '{qids[i]}': rank(s) {shown} are missing "
                    f"(ranks run {start}–{top}); the passages are evaluated in the order given.",
                    f"시스템 '{systems[i]}', 질문 '{qids[i]}': 순위 {josa(shown, '이')} 빠져 있습니다"
                    f"(순위 범위 {start}–{top}). 주어진 순서대로 평가합니다.",
                    sheet=sheet_names[sheet_of[i]],
                    row=int(rows[idx].min()),
                )
    # the first occurrence in ranking order (rank, then score desc, then file order)
    # is the one a reader of the list sees
    score = df[S.SCORE].to_numpy(dtype=np.float64)
    order = np.lexsort(
        (rows, -np.nan_to_num(score, nan=-np.inf), np.nan_to_num(rank, nan=np.inf), group)
    )
    dup_sorted = pd.DataFrame({"g": group[order], "p": p_codes[order]}).duplicated().to_numpy()
    dup_idx = order[dup_sorted]
    dup_idx = dup_idx[pids[dup_idx] != ""]
    if dup_idx.size:
        combined = group * (int(p_codes.max()) + 1) + p_codes
        firsts = order[~dup_sorted]
        first_row = pd.Series(rows[firsts], index=combined[firsts])
        col.dropped_warnings += max(dup_idx.size - _LOOP_CAP, 0)
        shown_idx = dup_idx[:_LOOP_CAP]
        for i in shown_idx:
            first = int(first_row.loc[combined[i]])
            col.warning(
                "duplicate_passage",
                f"System '{systems[i]}', question '{qids[i]}': passage '{pids[i]}' appears again "
                f"in row {rows[i]} (first in row {first}); only the first is kept.",
                f"시스템 '{systems[i]}', 질문 '{qids[i]}': 문단 {josa(pids[i], '이', quoted=True)} {rows[i]}행에 "
                f"다시 나옵니다(처음은 {first}행). 첫 번째 것만 사용합니다.",
                sheet=sheet_names[sheet_of[i]],
                row=int(rows[i]),
            )
        keep = np.ones(n, dtype=bool)
        keep[dup_idx] = False
        df = df[keep]
    return df.reset_index(drop=True)


def _choose_run_sheets(book: Book, names: list[str] | None, col: Collector) -> list[Sheet]:
    if names:
        out = []
        for name in names:
            sheet = book.sheet(name)
            if sheet is None:
                found = ", ".join(s.name for s in book.sheets)
                col.error(
                    "sheet_not_found",
                    f"The workbook has no sheet named '{name}'; its sheets are: {found}.",
                    f"통합 문서에 '{name}' 시트가 없습니다. 있는 시트: {found}.",
                    sheet=name,
                )
            else:
                out.append(sheet)
        return out
    # hidden sheets only when named: a hidden old run must not become an extra system
    visible = visible_sheets(book)
    runs = [s for s in visible if s.table is not None and s.kind in ("run", "run_wide")]
    nonempty = [s for s in visible if s.table is not None]
    warn_hidden_skipped(book, [], col)
    if runs:
        for s in nonempty:
            if s not in runs:
                col.warning(
                    "sheet_skipped",
                    f"Sheet '{s.name}' is not read: it has no question id / passage id / rank "
                    "columns of a run.",
                    f"'{s.name}' 시트는 읽지 않았습니다. 실행 결과의 질문ID/문단ID/순위 열이 "
                    "없습니다.",
                    sheet=s.name,
                )
        return runs
    if len(nonempty) == 1:
        return nonempty  # check its columns and say what is missing
    found, found_ko = sheet_list(book, "en"), sheet_list(book, "ko")
    col.error(
        "no_run_sheet",
        "No run sheet was found (a sheet with question id, passage id and rank or score "
        f"columns, or one row per question with columns 1, 2, 3 …). Sheets: {found}.",
        "실행 결과 시트를 찾지 못했습니다(질문ID, 문단ID, 순위 또는 점수 열이 있는 시트, 또는 "
        f"질문마다 한 행에 1, 2, 3 … 열이 있는 시트). 있는 시트: {found_ko}.",
    )
    return []


def load_run(
    path: str | Path,
    mappings: dict | None = None,
    sheets: list[str] | None = None,
    system: str | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    *,
    skip_rows: Mapping[str | None, Iterable[int]] | None = None,
) -> RunSet:
    """Read one or more systems' ranked lists from an Excel/CSV/TREC run file.

    ``mappings``: sheet name → confirmed :class:`ColumnMapping`; ``sheets``:
    the sheets to read (default: every sheet that looks like a run);
    ``system``: the name of the file's only system (ignored, with a warning,
    when the file holds several). Rank is NaN when the file has none, score
    NaN when absent. ``skip_rows``: sheet → Excel rows the user chose to leave
    out (listed in the warnings). Errors raise :class:`InputError`
    (:class:`~workbench.core.io.common.FileErrors`, with the rows that have
    errors); warnings go to ``RunSet.problems``.
    """
    path = Path(path)
    steps = Steps(progress, cancelled)
    col = Collector(path.name)
    book = open_book(path, col, steps, mappings)
    leave_out_rows(book, skip_rows, col)
    if book.kind in ("trec_qrels", "json"):
        raise InputError(
            [
                error(
                    "judgments_not_run",
                    "This file holds judgments (qrels), not a run. Load it as judgments, and "
                    "choose the system's result file as the run.",
                    "평가(정답) 파일이지 실행 결과(run) 파일이 아닙니다. 평가 파일로 불러오고, "
                    "실행 결과로는 시스템의 검색 결과 파일을 고르세요.",
                    file=path.name,
                )
            ]
        )
    chosen = _choose_run_sheets(book, sheets, col)
    allow_zero = book.kind == "trec_run"  # trec_eval ignores ranks; many runs start at 0
    parts = []
    for i, sheet in enumerate(chosen):
        start = 0.1 + 0.65 * i / max(len(chosen), 1)
        end = 0.1 + 0.65 * (i + 1) / max(len(chosen), 1)
        text = f"시트 {sheet.name} 확인 중 · Checking sheet {sheet.name}"
        if sheet.table is None:
            steps(start, text)
            col.error(
                "empty_sheet",
                f"The run sheet '{sheet.name}' is empty. Enter the ranked passages under a "
                "header row (질문ID, 순위, 문단ID, 점수), or choose another sheet.",
                f"실행 결과 시트 {josa(sheet.name, '이', quoted=True)} 비어 있습니다. 머리글 행(질문ID, 순위, "
                "문단ID, 점수) 아래에 검색 결과를 입력하거나 다른 시트를 고르세요.",
                sheet=sheet.name,
            )
            continue
        default = _default_system(book, sheet, len(chosen))
        wide = sheet.kind == "run_wide" or (
            sheet.mapping.wide_columns and not sheet.mapping.has(S.PID)
        )
        # about a dozen passes over the rows: ids, numbers, names, text columns
        with steps.span(start, end, _SHEET_PASSES * sheet.table.n_rows, text):
            data = (
                _wide_sheet(col, sheet, i, default)
                if wide
                else _long_sheet(col, sheet, i, default, allow_zero)
            )
            if data is not None:
                parts.append(_run_frame(data))
        if data is None:
            if not col.has_errors:
                col.error(
                    "no_data",
                    f"The run sheet '{sheet.name}' has a header row but no data rows. Enter "
                    f"data below row {sheet.table.header_row}.",
                    f"실행 결과 시트 '{sheet.name}'에 머리글만 있고 데이터가 없습니다. "
                    f"{sheet.table.header_row}행 아래에 데이터를 입력하세요.",
                    sheet=sheet.name,
                )
    release(book)
    col.raise_if_errors()
    df = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    # three id columns hashed slice by slice, plus their uniques
    with steps.span(0.75, 0.98, 4 * len(df), "순위 확인 중 · Checking rankings"):
        df = _check_rankings(col, df, allow_zero, [s.name for s in chosen])
    if system:
        names = df[S.SYSTEM].unique()
        if len(names) == 1:
            df[S.SYSTEM] = system
        else:
            col.warning(
                "system_name_ignored",
                f"The file holds {len(names)} systems, so the name '{system}' was not applied; "
                "their names come from the file.",
                f"파일에 시스템이 {len(names)}개 있어 이름 {josa(system, '을', quoted=True)} 적용하지 않았습니다. "
                "시스템 이름은 파일에 적힌 것을 씁니다.",
            )
    steps(1.0, "완료 · Done")
    system_sheets = {}
    if book.kind == "excel":
        # each system's first sheet (one sheet per system, or a system column on one sheet)
        first = df.drop_duplicates(S.SYSTEM)[[S.SYSTEM, _SHEET]]
        system_sheets = {str(n): chosen[int(i)].name for n, i in first.itertuples(index=False)}
    df = df.drop(columns=[_SHEET]).reset_index(drop=True)
    sheet_name = chosen[0].name if len(chosen) == 1 else None
    return RunSet(
        df,
        [SourceFile(str(path), book.sha256, sheet_name)],
        col.warnings_list(),
        system_sheets,
    )


def _default_system(book: Book, sheet: Sheet, n_sheets: int) -> str:
    """The sheet name, or the file name for a lone generic sheet ("Sheet1") or a text file.

    A file name is composed (NFC) like every id: macOS hands it over decomposed.
    """
    if book.kind != "excel":
        return unicodedata.normalize("NFC", book.path.stem)
    if n_sheets == 1 and (_GENERIC.match(normalize_header(sheet.name)) or not sheet.name.strip()):
        return unicodedata.normalize("NFC", book.path.stem)
    return sheet.name
