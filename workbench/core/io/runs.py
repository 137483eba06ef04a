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
Every check works on integer codes and is linear in the rows (a gap is
counted, never listed rank by rank).

``RunSet.runs`` holds system, question, passage and text as categoricals
whose categories are in text order; :func:`rename_systems` and
:func:`concat_runs` keep them so (``Series.replace`` and ``pd.concat`` would
not). A clean TREC run is read by :mod:`workbench.core.io.fast_trec`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
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
from workbench.core.io.fast_trec import IdColumn
from workbench.core.io.ids import (
    display_text,
    empty_mask,
    id_categorical,
    is_blank,
    normalize_id,
    normalize_ids,
    sorted_codes,
)
from workbench.core.io.mapping import ROLE_LABELS, ColumnMapping, detect_mapping, normalize_header
from workbench.core.io.positions import first_occurrences
from workbench.core.io.reading import (
    HEADER_SEARCH_ROWS,
    build_table,
    decode_text,
    detect_kind,
    read_csv_sheet,
    sniff_delimiter,
)
from workbench.core.io.recover import leave_out_rows
from workbench.core.io.system_info import find_info_sheet, is_info_sheet, read_system_info
from workbench.core.io.text_formats import own_trec_choices
from workbench.core.io.trec_scan import is_plain_file
from workbench.core.io.validate import (
    column,
    ids_checked,
    non_empty_rows,
    numbers_with_units,
    report_missing,
    report_numbers_with_units,
    short_ids,
    texts,
    to_numbers,
)
from workbench.core.model import schema as S
from workbench.core.model.korean import josa
from workbench.core.model.memory import give_back_memory, pausing_gc, prefer_mapped_memory
from workbench.core.model.problems import InputError, error, shown_list
from workbench.core.model.schema import RunSet, SourceFile

_GENERIC = re.compile(
    r"^(sheet|시트|워크시트|tabelle|feuil|data|데이터|runs?|results?|결과|검색결과)\d*$"
)
_SHEET = "_sheet"  # index of the row's sheet in the list of sheets read
#: Passes over a sheet's rows while it is checked (for progress only).
_SHEET_PASSES = 12
#: Problem messages written per check before the rest are only counted.
_LOOP_CAP = 250


def empty_runs() -> pd.DataFrame:
    empty = IdColumn(np.zeros(0, np.int64), np.zeros(0, dtype=object))
    return _run_frame(
        RunColumns(
            empty, empty, empty, empty, np.empty(0), np.empty(0), np.empty(0, np.int64),
            np.empty(0, np.int64),
        )
    )  # fmt: skip


@dataclass
class RunColumns:
    """A run's columns with every id column as codes into text-ordered uniques."""

    system: IdColumn
    qid: IdColumn
    pid: IdColumn
    text: IdColumn
    rank: np.ndarray  # float64, NaN = none
    score: np.ndarray  # float64, NaN = none
    row: np.ndarray  # int64: Excel row or text line
    sheet: np.ndarray  # int64: index of the row's sheet in the list of sheets read

    def take(self, keep: np.ndarray) -> RunColumns:
        def ids(c: IdColumn) -> IdColumn:
            return IdColumn(c.codes[keep], c.uniques)

        return RunColumns(
            ids(self.system), ids(self.qid), ids(self.pid), ids(self.text), self.rank[keep],
            self.score[keep], self.row[keep], self.sheet[keep],
        )  # fmt: skip


def _coded(values: np.ndarray) -> IdColumn:
    codes, uniques = sorted_codes(values)
    return IdColumn(codes, uniques)


def _columns_of(parts: list[dict]) -> RunColumns:
    """The sheets' object columns, concatenated, as codes (the general path)."""

    def cat(name: str) -> np.ndarray:
        arrays = [np.asarray(p[name]) for p in parts]
        return arrays[0] if len(arrays) == 1 else np.concatenate(arrays)

    def ids(name: str) -> IdColumn:
        values = cat(name)
        return _coded(values.astype(object) if values.dtype != object else values)

    return RunColumns(
        ids(S.SYSTEM),
        ids(S.QID),
        ids(S.PID),
        ids(S.TEXT),
        cat(S.RANK).astype(np.float64),
        cat(S.SCORE).astype(np.float64),
        cat(S.ROW).astype(np.int64),
        cat(_SHEET).astype(np.int64),
    )


def _run_frame(cols: RunColumns) -> pd.DataFrame:
    """RUN_COLUMNS with the id and text columns as categoricals (categories in text order).

    Millions of rows then cost integer codes, not one Python string per cell;
    ``==``, ``isin``, ``unique``, sorting and ``astype(str)`` behave as on text.
    """
    return pd.DataFrame(
        {
            S.SYSTEM: id_categorical(cols.system.codes, cols.system.uniques),
            S.QID: id_categorical(cols.qid.codes, cols.qid.uniques),
            S.PID: id_categorical(cols.pid.codes, cols.pid.uniques),
            S.RANK: cols.rank,
            S.SCORE: cols.score,
            S.TEXT: id_categorical(cols.text.codes, cols.text.uniques),
            S.ROW: cols.row,
        },
        columns=S.RUN_COLUMNS,
        copy=False,
    )


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
    with_units = numbers_with_units(raw, nums, role)
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
    told = with_units & ~bad
    if told.any():
        at = np.flatnonzero(told)
        report_numbers_with_units(
            col,
            sheet.name,
            header or ROLE_LABELS[role][0],
            rows[at],
            [display_text(raw[i]).strip() for i in at[:5]],
            nums[at[:5]].tolist(),
        )
    nums[bad] = np.nan
    return nums


def _blank_cells(raw: np.ndarray) -> np.ndarray:

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
        found = shown_list(table.headers)
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
    col: Collector, cols: RunColumns, allow_zero: bool, sheet_names: list[str]
) -> RunColumns:
    """Ties and gaps (warnings) then repeated passages (kept once, warning).

    Works on the integer codes of (system, question) and passage, and is
    linear in the rows: a file in ranked order (the usual case) is recognised
    in one vectorised pass and needs no sort; a gap is counted from the
    ranks present, never by listing every missing rank, so one huge rank
    costs nothing. Only the rankings with a problem are looked at one by one.
    """
    n = cols.row.size
    if not n:
        return cols
    group = _ranking_numbers(cols)
    rank = cols.rank
    blank_q = cols.qid.uniques == ""
    has_qid = ~blank_q[cols.qid.codes] if blank_q.any() else np.ones(n, dtype=bool)
    has_rank = ~np.isnan(rank) & has_qid
    if has_rank.all():
        ranked = None  # every row: no copies of the columns
        _ties_and_gaps(col, cols, group, ranked, allow_zero, sheet_names)
    else:
        ranked = np.flatnonzero(has_rank)
        if ranked.size:
            _ties_and_gaps(col, cols, group, ranked, allow_zero, sheet_names)
    del has_rank
    return _repeated_passages(col, cols, group, sheet_names)


def _ranking_numbers(cols: RunColumns) -> np.ndarray:
    """Each row's (system, question) ranking as one number, read-only.

    With one system (a TREC run file) the question codes are those numbers:
    no new array (a 2M-row run's would be 16 MB of fresh pages). Else made in
    place, 4 bytes a row while they fit."""
    n_q = max(cols.qid.uniques.size, 1)
    if cols.system.uniques.size <= 1:
        return cols.qid.codes
    wide = np.int32 if cols.system.uniques.size * n_q < 2**31 else np.int64
    group = cols.system.codes.astype(wide)
    group *= n_q
    group += cols.qid.codes.astype(wide, copy=False)
    return group


def _names(cols: RunColumns, i: int) -> tuple[str, str]:
    return str(cols.system.uniques[cols.system.codes[i]]), str(cols.qid.uniques[cols.qid.codes[i]])


def _ties_and_gaps(col, cols: RunColumns, group, ranked, allow_zero, sheet_names) -> None:
    """``ranked``: the rows with a rank (None: all of them)."""
    if ranked is None:
        g, r = group, cols.rank
        ranked = _AllRows(group.size)
    else:
        g, r = group[ranked], cols.rank[ranked]
    rows = cols.row
    same = g[1:] == g[:-1]
    run_starts = np.flatnonzero(np.r_[True, ~same])
    # in ranked order already: each ranking in one stretch of rows, ranks rising
    sorted_stretches = bool(np.all(~same | (r[1:] > r[:-1]))) and run_starts.size == _n_distinct(g)
    if sorted_stretches:
        run_ends = np.r_[run_starts[1:], g.size] - 1
        lo, hi = r[run_starts], r[run_ends]
        count = run_ends - run_starts + 1
        flagged_runs = np.flatnonzero(
            (lo != np.where(allow_zero & (lo == 0), 0.0, 1.0)) | (hi - lo + 1 != count)
        )
        col.dropped_warnings += max(flagged_runs.size - _LOOP_CAP, 0)
        for k in flagged_runs[:_LOOP_CAP]:
            idx = ranked[run_starts[k] : run_ends[k] + 1]
            _gap_warning(col, cols, idx, cols.rank[idx], allow_zero, sheet_names)
        return
    keys = pd.DataFrame({"g": g, "r": r})
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
            system, qid = _names(cols, i)
            shown_rows = ", ".join(str(x) for x in rows[idx])
            col.warning(
                "rank_tie",
                f"System '{system}', question '{qid}': rank {int(cols.rank[i])} is given "
                f"to {len(idx)} passages (rows {shown_rows}); they are ordered by score, then "
                "passage id.",
                f"시스템 '{system}', 질문 '{qid}': 순위 {josa(int(cols.rank[i]), '이')} 문단 "
                f"{len(idx)}개에 매겨져 있습니다({shown_rows}행). 점수, 그다음 문단ID 순으로 "
                "정렬합니다.",
                sheet=sheet_names[cols.sheet[i]],
                row=int(rows[idx[1]]),
            )
    stats = keys.groupby("g", sort=False)["r"].agg(["min", "max", "nunique"])
    base = np.where(allow_zero & (stats["min"] == 0), 0.0, 1.0)
    gap = (stats["min"] != base) | (stats["max"] - stats["min"] + 1 != stats["nunique"])
    flagged = stats.index.to_numpy()[gap.to_numpy()]
    col.dropped_warnings += max(len(flagged) - _LOOP_CAP, 0)
    if len(flagged):
        shown = flagged[:_LOOP_CAP]
        pick = np.flatnonzero(np.isin(g, shown))
        members = pd.Series(ranked[pick]).groupby(g[pick], sort=False).indices
        for key in shown:
            idx = ranked[pick[members[key]]]
            _gap_warning(col, cols, idx, np.unique(cols.rank[idx]), allow_zero, sheet_names)


def _in_stretches(group: np.ndarray) -> bool:
    """Every value of ``group`` sits in one stretch of consecutive rows."""
    starts = 1 + int(np.count_nonzero(group[1:] != group[:-1]))
    return starts == _n_distinct(group)


class _AllRows:
    """Stands for ``np.arange(n)`` where rows are picked from it, without allocating it."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __getitem__(self, key):
        if isinstance(key, slice):
            return np.arange(*key.indices(self.n))
        key = np.asarray(key)
        return np.flatnonzero(key) if key.dtype == bool else key.astype(np.int64)


def _n_distinct(values: np.ndarray) -> int:
    top = int(values.max(initial=0))
    if top < 4 * values.size + 1024:
        return int(np.count_nonzero(np.bincount(values, minlength=1)))
    return int(pd.unique(values).size)


#: missing stretches of ranks quoted in a rank_gap warning
_GAPS_SHOWN = 5


def _gap_warning(col, cols: RunColumns, idx, present: np.ndarray, allow_zero, sheet_names) -> None:
    """One warning for a ranking whose ranks skip: counted and summarised, never enumerated.

    ``present``: the ranking's distinct ranks in increasing order.
    """
    i = idx[0]
    system, qid = _names(cols, i)
    start = 0 if (allow_zero and present[0] == 0) else 1
    top = int(present[-1])
    # stretches of missing ranks: before the first rank present, and between neighbours
    lows = np.r_[start, present[:-1] + 1].astype(np.int64)
    highs = (present - 1).astype(np.int64)
    open_ = highs >= lows
    lows, highs = lows[open_], highs[open_]
    missing = int((highs - lows + 1).sum())
    parts = [f"{a:,}" if a == b else f"{a:,}–{b:,}" for a, b in zip(lows[:_GAPS_SHOWN], highs)]
    shown = ", ".join(parts) + (" …" if lows.size > _GAPS_SHOWN else "")
    col.warning(
        "rank_gap",
        f"System '{system}', question '{qid}': rank(s) {shown} are missing ({missing:,} "
        f"rank(s); ranks run {start}–{top:,}). Positions are counted 1, 2, 3 … in the order "
        "the evaluation uses (by rank, or by score), so the gap itself changes no number.",
        f"시스템 '{system}', 질문 '{qid}': 순위 {josa(shown, '이')} 빠져 있습니다({missing:,}개, "
        f"순위 범위 {start}–{top:,}). 평가에서 쓰는 정렬(순위 또는 점수) 순서대로 1, 2, 3 … 으로 "
        "다시 세므로 빠진 순위 자체는 값을 바꾸지 않습니다.",
        sheet=sheet_names[cols.sheet[i]],
        row=int(cols.row[idx].min()),
    )


def _repeated_passages(col, cols: RunColumns, group, sheet_names) -> RunColumns:
    """A passage repeated in one ranking: its first place (rank, score desc, file order) is kept."""
    n = cols.row.size
    p_codes = cols.pid.codes
    n_p = max(cols.pid.uniques.size, 1)
    if _in_stretches(group):
        # each ranking in one stretch of rows: sorting each one's codes is
        # cheaper than one hash table over all rows
        if first_occurrences(group, p_codes).all():
            return cols
    elif int(group.max()) < (2**62) // n_p:
        pair = group.astype(np.int64) * n_p + p_codes
        if not pd.Series(pair).duplicated().any():
            return cols  # the usual case: nothing repeats, no sort needed
    elif not pd.DataFrame({"g": group, "p": p_codes}).duplicated().any():
        return cols
    rank, score, rows = cols.rank, cols.score, cols.row
    order = np.lexsort(
        (rows, -np.nan_to_num(score, nan=-np.inf), np.nan_to_num(rank, nan=np.inf), group)
    )
    dup_sorted = pd.DataFrame({"g": group[order], "p": p_codes[order]}).duplicated().to_numpy()
    dup_idx = order[dup_sorted]
    blank_p = cols.pid.uniques == ""
    if blank_p.any():
        dup_idx = dup_idx[~blank_p[p_codes[dup_idx]]]
    if not dup_idx.size:
        return cols
    firsts = order[~dup_sorted]
    first_row = pd.Series(
        rows[firsts], index=pd.MultiIndex.from_arrays([group[firsts], p_codes[firsts]])
    )
    col.dropped_warnings += max(dup_idx.size - _LOOP_CAP, 0)
    for i in dup_idx[:_LOOP_CAP]:
        first = int(first_row.loc[(group[i], p_codes[i])])
        system, qid = _names(cols, i)
        pid = str(cols.pid.uniques[p_codes[i]])
        col.warning(
            "duplicate_passage",
            f"System '{system}', question '{qid}': passage '{pid}' appears again "
            f"in row {rows[i]} (first in row {first}); only the first is kept.",
            f"시스템 '{system}', 질문 '{qid}': 문단 {josa(pid, '이', quoted=True)} {rows[i]}행에 "
            f"다시 나옵니다(처음은 {first}행). 첫 번째 것만 사용합니다.",
            sheet=sheet_names[cols.sheet[i]],
            row=int(rows[i]),
        )
    keep = np.ones(n, dtype=bool)
    keep[dup_idx] = False
    return cols.take(keep)


def _choose_run_sheets(book: Book, names: list[str] | None, col: Collector) -> list[Sheet]:
    if names:
        out = []
        for name in names:
            sheet = book.sheet(name)
            if sheet is not None and is_info_sheet(sheet):
                continue  # the system info sheet is never a run
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
    visible = [s for s in visible_sheets(book) if not is_info_sheet(s)]
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


@pausing_gc
def load_run(
    path: str | Path,
    mappings: dict | None = None,
    sheets: list[str] | None = None,
    system: str | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    *,
    skip_rows: Mapping[str | None, Iterable[int]] | None = None,
    fast: bool = True,
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

    The id and text columns are categoricals (categories in text order). A
    clean TREC run is parsed by :mod:`workbench.core.io.fast_trec` straight
    into codes; anything unusual in it (and every other format) takes the
    general path, which gives the same RunSet and the same problems.
    ``fast=False`` forces the general path (tests compare the two).
    """
    path = Path(path)
    steps = Steps(progress, cancelled)
    col = Collector(path.name)
    # rows left out are taken out of the general reader's tables
    if fast and not skip_rows and own_trec_choices(path, "trec_run", mappings, sheets):
        quick = _fast_trec_run(path, col, steps, system)
        if quick is not None:
            return quick
        col = Collector(path.name)
    if fast and not skip_rows:
        quick = _fast_csv_run(path, col, steps, system, mappings, sheets)
        if quick is not None:
            return quick
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
                parts.append(data)
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
    info_sheet = find_info_sheet(book, sheets)
    system_info = None
    if info_sheet is not None and book.kind == "excel":
        in_file = list(dict.fromkeys(str(x) for p in parts for x in pd.unique(p[S.SYSTEM])))
        system_info = read_system_info(col, info_sheet, in_file)
    release(book)
    col.raise_if_errors()
    with steps.span(0.75, 0.85, 4 * sum(len(p[S.ROW]) for p in parts), _CHECKING):
        cols = _columns_of(parts)
        del parts
    sheet_name = chosen[0].name if len(chosen) == 1 else None
    run_set = _finish(
        col, steps, cols, allow_zero, [s.name for s in chosen], system,
        SourceFile(str(path), book.sha256, sheet_name), start=0.85,
        workbook=book.kind == "excel",
    )  # fmt: skip
    if system_info is not None:
        if system and len(run_set.systems) == 1 and len(system_info):
            system_info = system_info.assign(**{S.SYSTEM: system})  # the name given for it
        run_set.system_info = system_info
    return run_set


_CHECKING = "순위 확인 중 · Checking rankings"


def _finish(
    col: Collector,
    steps: Steps,
    cols: RunColumns,
    allow_zero: bool,
    sheet_names: list[str],
    system: str | None,
    source: SourceFile,
    start: float,
    workbook: bool = False,
) -> RunSet:
    """Ranking checks, the system name given by the user, the frame: shared by both paths.

    ``workbook``: the rows came from a workbook's sheets, so each system's sheet is
    known (``RunSet.system_sheets``: the sheet of its first row)."""
    with steps.span(start, 0.98, 4 * cols.row.size, _CHECKING):
        cols = _check_rankings(col, cols, allow_zero, sheet_names)
    if system:
        used = np.unique(cols.system.codes)
        if used.size == 1:
            cols.system = IdColumn(np.zeros(cols.row.size, np.int64), np.array([system], object))
        else:
            col.warning(
                "system_name_ignored",
                f"The file holds {used.size} systems, so the name '{system}' was not applied; "
                "their names come from the file.",
                f"파일에 시스템이 {used.size}개 있어 이름 {josa(system, '을', quoted=True)} 적용하지 않았습니다. "
                "시스템 이름은 파일에 적힌 것을 씁니다.",
            )
    system_sheets: dict[str, str] = {}
    if workbook and cols.row.size:
        used, first = np.unique(cols.system.codes, return_index=True)
        system_sheets = {
            str(cols.system.uniques[code]): sheet_names[int(cols.sheet[row])]
            for code, row in zip(used, first)
        }
    frame = _run_frame(cols)
    del cols
    give_back_memory()
    steps(1.0, "완료 · Done")
    return RunSet(frame, [source], col.warnings_list(), system_sheets)


#: a run file from this size on (~5M lines) makes memory map big arrays (see
#: workbench.core.model.memory.prefer_mapped_memory)
BIG_FILE_BYTES = 160 << 20


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _peek(path: Path) -> bytes | None:
    if not is_plain_file(path):
        return None  # a pipe or a device: the general path says so
    try:
        with open(path, "rb") as fh:  # read-only: inputs are never modified
            return fh.read(65536)
    except OSError:
        return None  # the general path says why, with its own message


#: values checked per step by _whole_non_negative: its temporaries stay in the
#: cache and in memory already in use, where whole-column ones would be new
#: pages each (three of 16 MB for a 2M-row run)
_CHECK_ROWS = 1 << 16


def _whole_non_negative(values: np.ndarray) -> bool:
    """Every value a whole number ≥ 0 (no NaN, no infinity)."""
    for at in range(0, values.size, _CHECK_ROWS):
        part = values[at : at + _CHECK_ROWS]
        if not (np.isfinite(part).all() and (part >= 0).all() and (part == np.floor(part)).all()):
            return False
    return True


def _fast_trec_run(path: Path, col: Collector, steps: Steps, system: str | None) -> RunSet | None:
    """A clean TREC run read straight into codes; None sends the file down the general path."""
    head = _peek(path)
    if head is None or detect_kind(path, head) != "trec_run":
        return None
    steps(0.0, f"{path.name} 읽는 중 · Reading {path.name}")
    if _file_size(path) >= BIG_FILE_BYTES:
        prefer_mapped_memory()
    sha, table = fast_trec.parse_file(path, trec_scan.RUN_KINDS)
    if table is None:
        return None
    rank, score = table.numbers[3], table.numbers[4]
    # ranks must be whole numbers ≥ 0 and scores numbers: else the general path reports them
    if not _whole_non_negative(rank) or np.isnan(score).any():
        return None
    col.text_file = True
    n = table.lines.size
    cols = RunColumns(
        system=table.ids[5],
        qid=table.ids[0],
        pid=table.ids[trec_scan.PASSAGE_FIELD],
        text=IdColumn(np.zeros(n, np.int64), np.array([""], dtype=object)),
        rank=rank,
        score=score,
        row=table.lines,
        sheet=np.zeros(n, np.int64),
    )
    return _finish(
        col, steps, cols, True, [path.stem], system, SourceFile(str(path), sha, path.stem), 0.3
    )


#: what each column of a plain CSV/TSV run becomes for the C scanner: ids are
#: coded, numbers parsed, unmapped columns skipped. A column with any other role
#: (passage text, say) sends the file to the general reader.
_SCANNED_ROLES = {S.SYSTEM: "s", S.QID: "s", S.PID: "s", S.RANK: "f", S.SCORE: "f", None: "x"}


def _plain_csv_layout(path: Path) -> tuple[str, ColumnMapping, str] | None:
    """The delimiter, the column mapping and the scanner's kinds of a CSV/TSV run
    whose first line is its header, as the general reader would map it; None for
    anything else (a title above the header, quotes, a column the scanner does
    not read, ...)."""
    head = _peek(path)
    if head is None or detect_kind(path, head) != "csv":
        return None
    cut = head.rfind(b"\n")
    if cut < 0:
        return None
    try:
        text, _ = decode_text(head[: cut + 1], path)
    except InputError:
        return None
    delimiter = sniff_delimiter(text, path.suffix.lower())
    first_line = text.split("\n", 1)[0].rstrip("\r")
    if '"' in first_line or first_line.strip().lower().startswith("sep="):
        return None
    raw = read_csv_sheet(path, text, nrows=HEADER_SEARCH_ROWS)
    table = build_table(raw)
    if table is None or table.header_row != 1:
        return None
    if len(table.headers) != first_line.count(delimiter) + 1:
        return None
    mapping, kind = detect_mapping(table.headers, raw.name)
    roles = [mapping.get(h) for h in table.headers]
    if kind != "run" or S.QID not in roles or S.PID not in roles:
        return None
    if any(r not in _SCANNED_ROLES for r in roles):
        return None
    return delimiter, mapping, "".join(_SCANNED_ROLES[r] for r in roles)


def _own_csv_choices(path: Path, mapping: ColumnMapping, mappings: dict | None, sheets) -> bool:
    """No choices, or only those the file gives itself: its one sheet (named after
    the file) with the mapping its headers give. The import preview hands these
    back unchanged; any other choice is the general reader's to apply."""
    sheet = path.stem
    if mappings:
        given = mappings.get(sheet) if set(mappings) == {sheet} else None
        if isinstance(given, dict):  # straight from a project file
            given = ColumnMapping.from_dict(given)
        if given is None or dict(given.roles) != dict(mapping.roles):
            return False
    return not sheets or list(sheets) == [sheet]


def _fast_csv_run(
    path: Path,
    col: Collector,
    steps: Steps,
    system: str | None,
    mappings: dict | None = None,
    sheets: list[str] | None = None,
) -> RunSet | None:
    """A plain CSV/TSV run (header on the first line, then one record per line of
    plain ASCII fields) read by the C scanner straight into codes, as a TREC run
    is; None sends the file down the general path, which reads such a file into
    the same RunSet (tests compare the two)."""
    if not trec_scan.available():
        return None
    layout = _plain_csv_layout(path)
    if layout is None:
        return None
    delimiter, mapping, kinds = layout
    if not _own_csv_choices(path, mapping, mappings, sheets):
        return None
    roles = [mapping.get(h) for h in mapping]
    steps(0.0, f"{path.name} 읽는 중 · Reading {path.name}")
    if _file_size(path) >= BIG_FILE_BYTES:
        prefer_mapped_memory()
    scanned = trec_scan.scan_delimited_file(path, kinds, delimiter)
    if scanned is None:
        return None
    table = fast_trec._scanned_table(scanned)
    n = table.lines.size
    nan = np.full(n, np.nan)
    rank = table.numbers[roles.index(S.RANK)] if S.RANK in roles else nan
    score = table.numbers[roles.index(S.SCORE)] if S.SCORE in roles else nan
    # ranks whole numbers ≥ 1 and scores numbers: else the general path reports them
    has_rank = S.RANK in roles
    if has_rank and not (
        np.isfinite(rank).all() and (rank >= 1).all() and (rank == np.floor(rank)).all()
    ):
        return None
    if S.SCORE in roles and np.isnan(score).any():
        return None
    col.text_file = True
    stem = unicodedata.normalize("NFC", path.stem)
    cols = RunColumns(
        system=table.ids[roles.index(S.SYSTEM)]
        if S.SYSTEM in roles
        else IdColumn(np.zeros(n, np.int64), np.array([stem], dtype=object)),
        qid=table.ids[roles.index(S.QID)],
        pid=table.ids[roles.index(S.PID)],
        text=IdColumn(np.zeros(n, np.int64), np.array([""], dtype=object)),
        rank=rank,
        score=score,
        row=table.lines + 1,  # line 1 is the header
        sheet=np.zeros(n, np.int64),
    )
    return _finish(
        col,
        steps,
        cols,
        False,
        [path.stem],
        system,
        SourceFile(str(path), scanned.sha256, path.stem),
        0.3,
    )


def _default_system(book: Book, sheet: Sheet, n_sheets: int) -> str:
    """The sheet name, or the file name for a lone generic sheet ("Sheet1") or a text file.

    A file name is composed (NFC) like every id: macOS hands it over decomposed;
    a sheet name is cleaned like every id (trimmed, NFC).
    """
    if book.kind != "excel":
        return unicodedata.normalize("NFC", book.path.stem)
    if n_sheets == 1 and (_GENERIC.match(normalize_header(sheet.name)) or not sheet.name.strip()):
        return unicodedata.normalize("NFC", book.path.stem)
    # a sheet tab typed "BM25 " names the system "BM25", as a 시스템 cell would
    return normalize_id(sheet.name) or sheet.name


def rename_systems(runs: pd.DataFrame, renames: dict[str, str]) -> pd.DataFrame:
    """``runs`` (a new frame) with systems renamed; categorical ids keep text-ordered categories."""
    out = runs.copy(deep=False)
    column = out[S.SYSTEM]
    if isinstance(column.dtype, pd.CategoricalDtype):
        names = column.cat.categories.to_numpy(dtype=object)
        fresh = np.array([renames.get(n, n) for n in names], dtype=object)
        codes, uniques = sorted_codes(fresh)
        old = column.cat.codes.to_numpy()
        out[S.SYSTEM] = id_categorical(codes[old], uniques)
    else:
        out[S.SYSTEM] = column.replace(renames)
    return out


def concat_runs(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Run frames of several files in one, categorical id columns merged into one categorical.

    (``pd.concat`` turns categoricals with different categories into text
    objects — one Python string per cell.)
    """
    if len(frames) == 1:
        return frames[0]
    data = {}
    for c in S.RUN_COLUMNS:
        parts = [f[c] for f in frames]
        if all(isinstance(p.dtype, pd.CategoricalDtype) for p in parts):
            cats = np.concatenate([p.cat.categories.to_numpy(dtype=object) for p in parts])
            codes_of_cats, uniques = sorted_codes(cats)
            offsets = np.cumsum([0] + [len(p.cat.categories) for p in parts[:-1]])
            codes = np.concatenate(
                [codes_of_cats[o + p.cat.codes.to_numpy()] for o, p in zip(offsets, parts)]
            )
            data[c] = id_categorical(codes, uniques)
        else:
            data[c] = pd.concat(parts, ignore_index=True)
    return pd.DataFrame(data, columns=S.RUN_COLUMNS)
