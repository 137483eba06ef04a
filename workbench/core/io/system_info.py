"""The ``시스템 정보`` (system info) sheet of a run workbook → system cards.

One row per system: 시스템, 검색 방식, 임베딩 모델, 재순위 모델, 청크 크기, 겹침,
단위, LLM에 넘기는 K, 단계 (후보 검색 / 재순위 / 최종 컨텍스트), 파이프라인, 메모
(:mod:`workbench.core.protocol.system_cards`). The sheet is found by its name
(``시스템 정보``, ``system info`` …) or chosen in the import preview; it is
never read as a run. Headers are matched to the card fields through their own
Korean and English synonyms (a confirmed mapping from the preview is used as
given), and every cell is checked like the other readers': a system the file
does not hold, a repeated system, a chunk size that is not a whole number or
a stage that is none of the three are warnings naming the sheet, row and
column — the card keeps the rest. Only a missing 시스템 column is an error.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from workbench.core.io.book import Book, Sheet, visible_sheets
from workbench.core.io.common import Collector
from workbench.core.io.ids import display_texts, normalize_ids
from workbench.core.io.info_sheet_names import (
    _LOOKUP,
    info_header_index,
    is_info_sheet_name,
)
from workbench.core.io.mapping import ColumnMapping, normalize_header
from workbench.core.io.validate import non_empty_rows
from workbench.core.model import schema as S
from workbench.core.model.card_fields import (
    CARD_FIELDS,
    FIELD_LABELS,
    NUMBER_FIELDS,
    parse_stage,
    whole_number,
)
from workbench.core.model.korean import josa
from workbench.core.model.problems import shown_list

__all__ = [
    "INFO_COLUMNS",
    "INFO_ROLES",
    "detect_info_mapping",
    "find_info_sheet",
    "info_header_index",
    "info_role",
    "is_info_mapping",
    "is_info_sheet",
    "is_info_sheet_name",
    "read_system_info",
]

#: prefix of the card roles, so they never clash with the run columns' roles
_PREFIX = "info:"


#: role of a card field in a column mapping
def info_role(field: str) -> str:
    return f"{_PREFIX}{field}"


#: roles of the sheet's columns, in the order a mapping dropdown lists them
INFO_ROLES: tuple[str, ...] = (S.SYSTEM, *(info_role(f) for f in CARD_FIELDS))
#: columns of ``RunSet.system_info``
INFO_COLUMNS: list[str] = [S.SYSTEM, *CARD_FIELDS, S.ROW]

_SYNONYMS: dict[str, tuple[str, ...]] = {
    S.SYSTEM: ("시스템", "시스템명", "시스템 이름", "system", "system name", "name", "run", "tag"),
    "retriever": (
        "검색 방식",
        "검색방법",
        "검색기",
        "검색 모델",
        "retriever",
        "retrieval",
        "retrieval method",
        "method",
    ),
    "embedding": ("임베딩 모델", "임베딩", "embedding", "embedding model", "encoder"),
    "reranker": (
        "재순위 모델",
        "재순위",
        "리랭커",
        "리랭킹 모델",
        "reranker",
        "rerank model",
        "reranking model",
    ),
    "chunk_size": ("청크 크기", "청크 길이", "청크크기", "chunk size", "chunk length"),
    "overlap": ("겹침", "청크 겹침", "중첩", "오버랩", "overlap", "chunk overlap"),
    "unit": (
        "단위",
        "검색 단위",
        "문단 단위",
        "평가 단위",
        "unit",
        "passage unit",
        "retrieval unit",
    ),
    "context_k": (
        "LLM에 넘기는 K",
        "LLM K",
        "넘기는 K",
        "컨텍스트 K",
        "context k",
        "k to llm",
        "k passed to llm",
        "k passed to the llm",
        "llm k",
    ),
    "stage": ("단계", "파이프라인 단계", "stage", "pipeline stage"),
    "pipeline": ("파이프라인", "pipeline", "pipeline name"),
    "note": ("메모", "비고", "note", "notes", "comment"),
}
for _field, _names in _SYNONYMS.items():
    for _name in _names:
        _LOOKUP.setdefault(normalize_header(_name), _field)






def is_info_mapping(mapping: ColumnMapping) -> bool:
    """A mapping that gives some column a card role (the user chose the sheet as
    system info in the import preview)."""
    return any(r and r.startswith(_PREFIX) for r in mapping.roles.values())


def detect_info_mapping(headers: list[str]) -> ColumnMapping:
    """Header → role by the sheet's own synonyms; the first column of a role wins."""
    roles: dict[str, str | None] = {}
    taken: set[str] = set()
    for header in headers:
        field = _LOOKUP.get(normalize_header(header))
        role = None
        if field is not None:
            role = S.SYSTEM if field == S.SYSTEM else info_role(field)
            if role in taken:
                role = None
            else:
                taken.add(role)
        roles[header] = role
    return ColumnMapping(roles)


def is_info_sheet(sheet: Sheet) -> bool:
    """The 시스템 정보 sheet: mapped as such (chosen in the import preview), or
    named so and not laid out like a run."""
    if is_info_mapping(sheet.mapping):
        return True
    return is_info_sheet_name(sheet.name) and sheet.kind not in ("run", "run_wide")


def find_info_sheet(book: Book, names: list[str] | None = None) -> Sheet | None:
    """The system info sheet among the sheets the user chose (``names``), or,
    without a choice, among the visible sheets; None when there is none."""
    pool = [s for s in book.sheets if s.name in names] if names else visible_sheets(book)
    return next((s for s in pool if is_info_sheet(s)), None)


def _mapping_of(sheet: Sheet) -> ColumnMapping:
    if is_info_mapping(sheet.mapping):
        return sheet.mapping  # confirmed in the preview
    headers = sheet.table.headers if sheet.table is not None else []
    return detect_info_mapping(headers)


def read_system_info(col: Collector, sheet: Sheet, systems: list[str]) -> pd.DataFrame:
    """The cards of the sheet (:data:`INFO_COLUMNS`, one row per system of the file).

    ``systems``: the systems the file holds (a row naming another is a warning
    and left out).
    """
    empty = pd.DataFrame({c: pd.Series(dtype=object) for c in INFO_COLUMNS})
    table = sheet.table
    if table is None:
        col.warning(
            "system_info_empty",
            f"The system info sheet '{sheet.name}' is empty; no system cards were read.",
            f"시스템 정보 시트 {josa(sheet.name, '이', quoted=True)} 비어 있어 시스템 정보를 "
            "읽지 않았습니다.",
            sheet=sheet.name,
        )
        return empty
    mapping = _mapping_of(sheet)
    if not mapping.has(S.SYSTEM):
        found = shown_list(table.headers)
        col.error(
            "system_info_no_system",
            f"The system info sheet '{sheet.name}' needs a 시스템 (system) column naming each "
            f"system as in the run sheets; found headers: {found}. Add the column, or choose "
            "“Do not use” for this sheet in the import preview.",
            f"시스템 정보 시트 '{sheet.name}'에 시스템 이름을 적은 '시스템' 열이 필요합니다. 찾은 "
            f"머리글: {found}. 열을 추가하거나, 불러오기 미리보기에서 이 시트를 '사용 안 함'으로 "
            "두세요.",
            sheet=sheet.name,
            row=table.header_row,
        )
        return empty
    keep = non_empty_rows(table, mapping)
    rows = table.rows[keep]
    names = normalize_ids(table.columns[mapping.header_for(S.SYSTEM)][keep])
    data: dict[str, list] = {c: [] for c in INFO_COLUMNS}
    cells: dict[str, np.ndarray | None] = {}
    for field in CARD_FIELDS:
        header = mapping.header_for(info_role(field))
        cells[field] = display_texts(table.columns[header][keep]) if header is not None else None
    known = set(systems)
    seen: dict[str, int] = {}
    for i, (name, row) in enumerate(zip(names, rows)):
        row = int(row)
        if not name:
            col.warning(
                "system_info_blank_system",
                f"Row {row} of the system info sheet names no system; it is left out.",
                f"시스템 정보 시트의 {row}행에 시스템 이름이 없어 뺐습니다.",
                sheet=sheet.name,
                row=row,
                column=mapping.header_for(S.SYSTEM),
            )
            continue
        if name not in known:
            shown = ", ".join(systems) or "(none)"
            col.warning(
                "system_info_unknown_system",
                f"Row {row} of the system info sheet describes '{name}', which is not a system "
                f"of this file ({shown}); it is left out. Write the name as the run sheet or "
                "system column writes it.",
                f"시스템 정보 시트 {row}행의 {josa(name, '은', quoted=True)} 이 파일의 시스템"
                f"({shown})이 아니어서 뺐습니다. 실행 결과 시트(또는 시스템 열)에 적힌 이름 그대로 "
                "적으세요.",
                sheet=sheet.name,
                row=row,
                column=mapping.header_for(S.SYSTEM),
            )
            continue
        if name in seen:
            col.warning(
                "system_info_repeated",
                f"'{name}' is described again in row {row} of the system info sheet (first in "
                f"row {seen[name]}); the first row is used.",
                f"시스템 정보 시트 {row}행에 {josa(name, '이', quoted=True)} 다시 나옵니다"
                f"(처음은 {seen[name]}행). 첫 번째 행을 씁니다.",
                sheet=sheet.name,
                row=row,
                column=mapping.header_for(S.SYSTEM),
            )
            continue
        seen[name] = row
        data[S.SYSTEM].append(name)
        data[S.ROW].append(row)
        for field in CARD_FIELDS:
            values = cells[field]
            text = values[i].strip() if values is not None else ""
            data[field].append(_cell(col, sheet, mapping, field, text, row))
    frame = pd.DataFrame(data, columns=INFO_COLUMNS)
    return frame.astype({S.ROW: np.int64}) if len(frame) else empty


def _cell(col: Collector, sheet: Sheet, mapping: ColumnMapping, field: str, text: str, row: int):
    """One checked card value: a whole number, a stage key or text ('' / None when blank)."""


    label_ko, label_en = FIELD_LABELS[field]
    header = mapping.header_for(info_role(field))
    if field in NUMBER_FIELDS:
        if not text:
            return None
        number = whole_number(text)
        low = 1 if field == "context_k" else 0
        if number is None or number < low:
            col.warning(
                f"system_info_{field}",
                f"{label_en} in row {row} is '{text}', not a whole number of {low} or more; it "
                "is left empty.",
                f"{row}행의 {label_ko} 값 {josa(text, '이', quoted=True)} {low} 이상의 정수가 "
                "아니어서 비워 둡니다.",
                sheet=sheet.name,
                row=row,
                column=header,
            )
            return None
        return number
    if field == "stage":
        stage = parse_stage(text)
        if stage is None:
            col.warning(
                "system_info_stage",
                f"The stage in row {row} is '{text}'; expected 후보 검색 (candidate search), "
                "재순위 (reranking) or 최종 컨텍스트 (final context). It is left empty.",
                f"{row}행의 단계 {josa(text, '은', quoted=True)} 후보 검색, 재순위, 최종 컨텍스트 "
                "가운데 하나가 아니어서 비워 둡니다.",
                sheet=sheet.name,
                row=row,
                column=header,
            )
            return ""
        return stage
    return " ".join(text.split())[:300]
