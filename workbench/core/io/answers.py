"""Answers, ratings and rubrics: workbook, CSV or JSON → :class:`~workbench.core.protocol.answers.AnswerFile`.

One file may hold any of three kinds of sheet (each found by its columns or
its name, or chosen by the user in the preview):

- **answers** — 질문ID, 답변 (the text), 인용 (cited passage ids separated by
  ``,`` ``;`` ``、``, or markers such as ``[D012-03]`` inside the answer; both
  are recognised), optional 모델 / 버전, and a 시스템 column — or one sheet per
  system (the sheet name is the system; a lone generic sheet or a CSV file is
  named after the file).
- **ratings** — 질문ID, 시스템, 평가자, one column per rubric criterion (0–3;
  a blank cell is "not rated"), 메모, 평가시각; or the long form 질문ID,
  시스템, 평가자, 기준, 점수, 메모.
- **rubric** (루브릭) — 기준, 수준 (0–3; a row without a level holds the
  criterion's description), 설명, optional 키 and 적용 (답변 가능 / 답변 불가 /
  모두).

JSON: a list of answer objects (``question_id``/``질문ID``, ``system``,
``answer``, ``citations`` as a list or a text, ``model``, ``version``), JSON
lines, or an object ``{system: [answers …]}``.

Columns are mapped to roles through Korean and English synonyms (the
preview lets the user fix them); every problem names the file, sheet, row
and column, in Korean and English, and nothing but the file's own bytes is
read. A rating that is not a whole number 0–3, a blank question id, or two
different ratings of one item by one assessor are errors; a repeated answer
is a warning (the first is kept).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from workbench.core.io.common import CancelCheck, Collector, Progress, Steps
from workbench.core.io.ids import display_text, normalize_id, normalize_ids
from workbench.core.io.jsonload import LineCounter, check_depth, invalid_json
from workbench.core.io.mapping import ColumnMapping, header_role, normalize_header
from workbench.core.io.reading import (
    HEADER_SEARCH_ROWS,
    Table,
    build_table,
    check_line_lengths,
    check_not_blank,
    decode_text,
    detect_kind,
    header_index_for,
    read_csv_sheet,
    read_excel_sheets,
    read_source,
)
from workbench.core.io.recover import proposed_grade, rows_text
from workbench.core.io.validate import ids_checked, non_empty_rows, texts, to_numbers
from workbench.core.model import answer_model as A
from workbench.core.model import schema as S
from workbench.core.model.korean import josa
from workbench.core.model.problems import InputError, error, excerpt, shown_list

# -- roles ----------------------------------------------------------------------------
ANSWER = A.ANSWER_TEXT
CITATIONS = A.CITATIONS
MODEL = A.MODEL
VERSION = A.VERSION
TIME = A.TIME
CRITERION = A.CRITERION
SCORE = A.SCORE
DESCRIPTION = "description"
KEY = "key"
APPLIES_ROLE = "applies"
#: a column holding one criterion's ratings: ``criterion:<key>``
CRITERION_PREFIX = "criterion:"

#: the roles a column of an answers file can have, in dropdown order
ROLE_CHOICES: tuple[str, ...] = (
    S.QID,
    S.SYSTEM,
    ANSWER,
    CITATIONS,
    MODEL,
    VERSION,
    S.ASSESSOR,
    S.NOTE,
    TIME,
    CRITERION,
    SCORE,
    DESCRIPTION,
    KEY,
    APPLIES_ROLE,
)

ROLE_LABELS: dict[str, tuple[str, str]] = {
    S.QID: ("질문ID", "question id"),
    S.SYSTEM: ("시스템", "system"),
    ANSWER: ("답변", "answer"),
    CITATIONS: ("인용", "citations"),
    MODEL: ("모델", "model"),
    VERSION: ("버전", "version"),
    S.ASSESSOR: ("평가자", "assessor"),
    S.NOTE: ("메모", "note"),
    TIME: ("평가시각", "time"),
    CRITERION: ("기준", "criterion"),
    SCORE: ("점수·수준", "score or level"),
    DESCRIPTION: ("설명", "description"),
    KEY: ("키", "key"),
    APPLIES_ROLE: ("적용", "applies to"),
}

_SYNONYMS: dict[str, tuple[str, ...]] = {
    S.SYSTEM: (
        "시스템",
        "시스템명",
        "시스템이름",
        "검색기",
        "검색방식",
        "방법",
        "run",
        "runid",
        "runname",
        "tag",
        "system",
        "systemname",
        "method",
        "retriever",
        "pipeline",
    ),
    ANSWER: (
        "답변",
        "답",
        "응답",
        "답변내용",
        "답변문",
        "생성답변",
        "생성된답변",
        "모델답변",
        "출력",
        "answer",
        "answers",
        "response",
        "generatedanswer",
        "answertext",
        "output",
    ),
    CITATIONS: (
        "인용",
        "인용문단",
        "인용문단id",
        "인용id",
        "출처",
        "출처문단",
        "근거",
        "참고문단",
        "citations",
        "citation",
        "cited",
        "citedpassages",
        "sources",
        "references",
        "refs",
    ),
    MODEL: ("모델", "모델명", "언어모델", "생성모델", "llm", "model", "modelname", "generator"),
    VERSION: ("버전", "모델버전", "판", "version", "ver", "modelversion"),
    TIME: ("평가시각", "평가일시", "시각", "일시", "time", "timestamp", "ratedat", "judgedat"),
    CRITERION: (
        "기준",
        "평가기준",
        "평가항목",
        "항목",
        "기준명",
        "criterion",
        "criteria",
        "aspect",
    ),
    SCORE: ("점수", "평점", "평가점수", "수준", "단계", "level", "rating", "score"),
    DESCRIPTION: (
        "설명",
        "수준설명",
        "기준설명",
        "내용",
        "기술",
        "description",
        "descriptor",
        "definition",
    ),
    KEY: ("키", "기준키", "key", "criterionkey", "id"),
    APPLIES_ROLE: ("적용", "적용대상", "대상", "적용질문", "applies", "appliesto", "scope"),
}
_LOOKUP = {normalize_header(n): role for role, names in _SYNONYMS.items() for n in names}

USES: tuple[str, ...] = ("answers", "ratings", "rubric")
_SHEET_NAMES = {
    "answers": ("답변", "답변들", "응답", "answers", "answer", "responses"),
    "ratings": (
        "답변평가",
        "평가",
        "평점",
        "답변점수",
        "ratings",
        "rating",
        "answerratings",
        "scores",
    ),
    "rubric": ("루브릭", "평가기준", "채점기준", "rubric", "criteria"),
}
_GENERIC = re.compile(
    r"^(sheet|시트|워크시트|data|데이터|답변|answers?|응답|responses?|결과|results?|평가|ratings?)\d*$"
)
#: rows of a sheet shown in the preview
PREVIEW_ROWS = 50

_APPLIES_VALUES = {
    "answerable": ("답변가능", "가능", "답변가능질문", "answerable", "yes", "예"),
    "unanswerable": (
        "답변불가",
        "불가",
        "답변보류",
        "보류",
        "답변불가질문",
        "unanswerable",
        "no",
        "아니오",
    ),
    "all": ("모두", "전체", "모든질문", "all", "both", "any"),
}
_APPLIES_LOOKUP = {normalize_header(v): k for k, vs in _APPLIES_VALUES.items() for v in vs}


def role_label(role: str | None, lang: str = "ko", rubric: A.Rubric | None = None) -> str:
    """A role's display name; ``criterion:citation`` → the criterion's name."""
    if role is None:
        return "(무시)" if lang == "ko" else "(ignore)"
    if role.startswith(CRITERION_PREFIX):
        key = role[len(CRITERION_PREFIX) :]
        rubric = rubric or A.default_rubric(lang)
        name = rubric.name_of(key)
        return f"점수: {name}" if lang == "ko" else f"score: {name}"
    ko, en = ROLE_LABELS.get(role, (role, role))
    return ko if lang == "ko" else en


def _role_of(header: str) -> str | None:
    norm = normalize_header(header)
    role = _LOOKUP.get(norm)
    if role is not None:
        return role
    if header_role(header) in (S.QID, S.ASSESSOR, S.NOTE):
        return header_role(header)
    return None


def sheet_use_by_name(name: str) -> str | None:
    norm = normalize_header(name)
    for use, names in _SHEET_NAMES.items():
        if norm in {normalize_header(n) for n in names}:
            return use
    return None


def _criteria(*rubrics: A.Rubric | None) -> list[A.Criterion]:
    """The criteria a ratings column may name: the rubrics' (first wins), then the defaults."""
    out: list[A.Criterion] = []
    keys: set[str] = set()
    for rubric in (*rubrics, A.default_rubric("ko")):
        for c in rubric.criteria if rubric is not None else ():
            if c.key not in keys:
                out.append(c)
                keys.add(c.key)
    return out


def detect_mapping(
    headers: list[str],
    sheet_name: str = "",
    rubric: A.Rubric | None = None,
    file_rubric: A.Rubric | None = None,
) -> tuple[ColumnMapping, str | None]:
    """Map headers to roles and judge the sheet's use (answers / ratings / rubric /
    None). Rating columns are named by the criteria of ``file_rubric`` (the
    file's own 루브릭 sheet), ``rubric`` (the study's), then the defaults."""
    criteria = _criteria(file_rubric, rubric)
    roles: dict[str, str | None] = {}
    taken: set[str] = set()
    for h in headers:
        role = None
        for c in criteria:
            if A.criterion_matches(h, c):
                role = CRITERION_PREFIX + c.key
                break
        if role is None:
            role = _role_of(h)
        if role is not None and role in taken:
            role = None  # the first column with a role keeps it
        if role is not None:
            taken.add(role)
        roles[h] = role
    have = {r for r in roles.values() if r}
    by_name = sheet_use_by_name(sheet_name) if sheet_name else None
    wide = any(r.startswith(CRITERION_PREFIX) for r in have)
    use: str | None = None
    if S.QID in have and ANSWER in have:
        use = "answers"
    elif S.QID in have and (wide or {CRITERION, SCORE} <= have):
        use = "ratings"
    elif S.QID not in have and CRITERION in have and DESCRIPTION in have:
        use = "rubric"
    elif by_name:
        use = by_name
    mapping = ColumnMapping(roles)
    if use == "rubric":
        # 기준 and 설명 are the rubric's own columns; no criterion column here
        for h, r in list(mapping.items()):
            if r and r.startswith(CRITERION_PREFIX):
                mapping[h] = CRITERION if not mapping.has(CRITERION) else None
    return mapping, use


def looks_like_answers(sheets: Sequence[Any]) -> bool:
    """Whether a file the judgments and runs preview inspected holds answers or
    ratings instead (a file dropped on the window goes to the right preview):
    no sheet has both a question and a passage id column — judgments and runs
    always do — and some sheet reads as answers or ratings. ``sheets``: the
    preview's sheets (``name``, ``headers``, ``mapping``)."""
    if any(sp.mapping.has(S.QID) and sp.mapping.has(S.PID) for sp in sheets):
        return False
    uses = {detect_mapping(list(sp.headers), sp.name)[1] for sp in sheets}
    return bool(uses & {"answers", "ratings"})


# -- reading sheets ---------------------------------------------------------------------
@dataclass
class _Sheet:
    name: str
    table: Table | None
    hidden: bool = False


@dataclass
class AnswerSheetPreview:
    """One sheet as detected: ``rows`` are the first data rows as display text."""

    name: str
    headers: list[str]
    rows: list[list[str]]
    n_rows: int
    header_row: int
    use: str | None
    mapping: ColumnMapping
    hidden: bool = False


@dataclass
class AnswerFilePreview:
    path: str
    kind: str  # excel | csv | json
    sheets: list[AnswerSheetPreview] = field(default_factory=list)
    problems: list = field(default_factory=list)
    sha256: str = ""

    def sheet(self, name: str) -> AnswerSheetPreview | None:
        return next((sp for sp in self.sheets if sp.name == name), None)


def _not_answers(path: Path, kind: str) -> InputError:
    return InputError(
        [
            error(
                "not_an_answers_file",
                "This is a TREC file (judgments or a run), not a file of answers. An answers file "
                "is a workbook, CSV or JSON file with the columns 질문ID, 답변 and 인용.",
                "TREC 파일(판정이나 검색 결과)이지 답변 파일이 아닙니다. 답변 파일은 질문ID, 답변, "
                "인용 열이 있는 통합 문서, CSV 또는 JSON 파일입니다.",
                file=path.name,
            )
        ]
    )


def _json_table(text: str, path: Path, col: Collector) -> Table:
    """A JSON file of answers as one table: one row per answer object, one column
    per key (a ``system`` column from an ``{system: [...]}`` object); lists are
    joined with ``, ``. Row numbers are the lines the objects start on."""
    import json

    check_depth(text, file=path.name)
    items: list[tuple[Any, int]] = []
    try:
        if path.suffix.lower() == ".jsonl":
            for n, line in enumerate(text.splitlines(), start=1):
                if line.strip():
                    items.append((json.loads(line), n))
        else:
            decoder = json.JSONDecoder()
            start = len(text) - len(text.lstrip())
            lines = LineCounter(text)
            data, end = decoder.raw_decode(text, start)
            if text[end:].strip():
                raise json.JSONDecodeError("Extra data", text, end)
            if isinstance(data, list):
                # positions of the top-level items, for their line numbers
                i = start + 1
                for item in data:
                    while i < len(text) and text[i] in " \t\r\n,":
                        i += 1
                    items.append((item, lines.line_of(i)))
                    _obj, i = decoder.raw_decode(text, i)
            elif isinstance(data, dict) and all(isinstance(v, list) for v in data.values()):
                first = lines.line_of(start)
                for system, values in data.items():
                    for item in values:
                        if isinstance(item, dict):
                            item = {"system": system, **item}
                        items.append((item, first))
            else:
                items.append((data, lines.line_of(start)))
    except json.JSONDecodeError as exc:
        raise invalid_json(exc, path.name) from None
    headers: list[str] = []
    rows: list[dict] = []
    numbers: list[int] = []
    for item, line in items:
        if not isinstance(item, dict):
            col.error(
                "json_item",
                f"The item on line {line} is not an object with a question id and an answer.",
                f"{line}번째 줄의 항목이 질문ID와 답변을 가진 객체가 아닙니다.",
                row=line,
            )
            continue
        row = {}
        for k, v in item.items():
            k = str(k)
            if k not in headers:
                # "질문ID" in one object and "question_id" in the next are one column
                role = _role_of(k)
                same = next((h for h in headers if role is not None and _role_of(h) == role), None)
                if same is not None:
                    k = same
                else:
                    headers.append(k)
            if isinstance(v, list):
                v = ", ".join("" if x is None else str(x) for x in v)
            elif isinstance(v, dict):
                v = ""
            row[k] = v
        rows.append(row)
        numbers.append(line)
    columns = {h: np.array([r.get(h, "") for r in rows], dtype=object) for h in headers}
    return Table(path.stem, headers, 0, columns, np.asarray(numbers, dtype=np.int64), len(rows))


def _header_index(rows: list[list[Any]], rubric: A.Rubric | None) -> int | None:
    """The row (among the first ones) naming most roles of an answers file; the
    first non-empty row when none names any."""
    criteria = _criteria(rubric)
    best, best_score, first = None, 0, None
    for i, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
        cells = [display_text(c).strip() for c in row]
        if not any(cells):
            continue
        if first is None:
            first = i
        score = sum(
            1
            for c in cells
            if c and (_role_of(c) is not None or any(A.criterion_matches(c, k) for k in criteria))
        )
        if score > best_score:
            best, best_score = i, score
    return best if best is not None else first


def _open(
    path: Path,
    col: Collector,
    steps: Steps,
    nrows: int | None = None,
    mappings: dict | None = None,
    rubric: A.Rubric | None = None,
) -> tuple[str, str, list[_Sheet]]:
    """``(kind, sha256, sheets)`` of an answers file. The header row of each
    sheet is the confirmed mapping's, else the row naming most answer roles."""
    reading = f"{path.name} 읽는 중 · Reading {path.name}"
    steps(0.0, reading)
    data, sha = read_source(path)
    kind = detect_kind(path, data)
    if path.suffix.lower() in (".json", ".jsonl"):
        kind = "json"
    if kind in ("trec_qrels", "trec_run"):
        raise _not_answers(path, kind)
    if kind == "json":
        text, _enc = decode_text(data, path)
        check_not_blank(text, path)
        col.text_file = True
        return "json", sha, [_Sheet(path.stem, _json_table(text, path, col))]
    if kind == "excel":
        raws = read_excel_sheets(path, data, nrows=nrows)
    else:
        check_line_lengths(data, path)
        text, _enc = decode_text(data, path)
        check_not_blank(text, path)
        col.text_file = True
        # an answer spans lines in its quoted cell: records are not one per line here
        raws = [read_csv_sheet(path, text, nrows=nrows, one_record_per_line=False)]
    steps(0.2, reading)
    sheets = []
    for raw in raws:
        given = (mappings or {}).get(raw.name)
        if isinstance(given, dict):
            given = ColumnMapping.from_dict(given)
        if given is not None and len(given):
            start = header_index_for(raw.rows, list(given))
        else:
            start = _header_index(raw.rows, rubric)
        table = build_table(raw, start) if start is not None else None
        sheets.append(_Sheet(raw.name, table, raw.hidden))
        steps.check()
    return kind, sha, sheets


def inspect_answers(path: str | Path, rubric: A.Rubric | None = None) -> AnswerFilePreview:
    """Sheets, header rows, the detected roles and the use of each sheet, and
    the first rows, for the import preview. ``rubric``: the study's rubric in
    force, so its criteria are recognised as rating columns."""
    path = Path(path)
    col = Collector(path.name)
    kind, sha, sheets = _open(
        path, col, Steps(), nrows=HEADER_SEARCH_ROWS + PREVIEW_ROWS + 10, rubric=rubric
    )
    out = AnswerFilePreview(str(path), kind, sha256=sha)
    file_rubric = None
    for sh in sheets:
        if sh.table is not None:
            mapping, use = detect_mapping(sh.table.headers, sh.name, rubric)
            if use == "rubric":
                file_rubric = _rubric_from(Collector(path.name), sh, mapping) or file_rubric
    for sh in sheets:
        table = sh.table
        if table is None:
            out.sheets.append(
                AnswerSheetPreview(sh.name, [], [], 0, 0, None, ColumnMapping(), sh.hidden)
            )
            continue
        mapping, use = detect_mapping(table.headers, sh.name, rubric, file_rubric)
        if sh.hidden:
            use = None  # a hidden sheet is read only when the user picks it
        n = min(PREVIEW_ROWS, table.n_rows)
        cols = [table.columns[h][:n] for h in table.headers]
        rows = [[display_text(c[i]) for c in cols] for i in range(n)]
        out.sheets.append(
            AnswerSheetPreview(
                sh.name,
                list(table.headers),
                rows,
                int(table.total_rows),
                int(table.header_row),
                use,
                mapping,
                sh.hidden,
            )
        )
    if not any(sp.use for sp in out.sheets):
        col.error(
            "no_answers_sheet",
            "No sheet of answers, ratings or a rubric was found. An answers sheet has the "
            "columns 질문ID and 답변; a ratings sheet 질문ID, 시스템, 평가자 and one column per "
            "criterion. Rename the headers or choose the columns in the preview.",
            "답변, 평가 또는 루브릭 시트를 찾지 못했습니다. 답변 시트에는 질문ID와 답변 열이, 평가 "
            "시트에는 질문ID, 시스템, 평가자와 기준마다 한 열이 있어야 합니다. 머리글을 바꾸거나 "
            "미리보기에서 열을 지정하세요.",
        )
    out.problems = col.problems()
    return out


# -- the three kinds of sheet ----------------------------------------------------------------
def _header(mapping: ColumnMapping, role: str) -> str | None:
    return mapping.header_for(role)


def _missing(col: Collector, sh: _Sheet, mapping: ColumnMapping, role: str, what: tuple) -> None:
    table = sh.table
    found = shown_list(table.headers) if table is not None and table.headers else "(none)"
    ko_name, en_name = ROLE_LABELS[role]
    col.error(
        f"missing_{role}",
        f"Expected a {en_name} ({ko_name}) column in the {what[0]} sheet; found headers: {found}. "
        f"Rename the header to '{ko_name}' or choose the column in the import preview.",
        f"{what[1]} 시트에 {ko_name} 열이 필요합니다. 찾은 머리글: {found}. 머리글을 "
        f"{josa(ko_name, '으로', quoted=True)} 바꾸거나 불러오기 미리보기에서 열을 지정하세요.",
        sheet=sh.name,
        row=table.header_row if table is not None else None,
    )


def _default_system(kind: str, path: Path, sheet: str, n_sheets: int) -> str:
    if kind != "excel":
        return unicodedata.normalize("NFC", path.stem)
    if n_sheets == 1 and (_GENERIC.match(normalize_header(sheet)) or not sheet.strip()):
        return unicodedata.normalize("NFC", path.stem)
    if _GENERIC.match(normalize_header(sheet)):
        return unicodedata.normalize("NFC", path.stem)
    return normalize_id(sheet) or sheet  # "BM25 " is the system "BM25", as in a run workbook


def _answers_from(
    col: Collector, sh: _Sheet, mapping: ColumnMapping, default_system: str
) -> pd.DataFrame | None:
    table = sh.table
    what = ("answers", "답변")
    if table is None:
        col.error(
            "empty_sheet",
            f"The answers sheet '{sh.name}' is empty. Enter the answers under a header row "
            "(질문ID, 답변, 인용), or choose another sheet.",
            f"답변 시트 {josa(sh.name, '이', quoted=True)} 비어 있습니다. 머리글 행(질문ID, 답변, 인용) "
            "아래에 답변을 입력하거나 다른 시트를 고르세요.",
            sheet=sh.name,
        )
        return None
    ok = True
    for role in (S.QID, ANSWER):
        if not mapping.has(role):
            _missing(col, sh, mapping, role, what)
            ok = False
    if not ok:
        return None
    keep = non_empty_rows(table, mapping)
    if not keep.any():
        return A.empty_answers()
    rows = table.rows[keep]
    n = int(keep.sum())
    qid = ids_checked(col, table, mapping, S.QID, keep, rows)
    if mapping.has(S.SYSTEM):
        system = normalize_ids(table.columns[_header(mapping, S.SYSTEM)][keep])
        system = np.array([v or default_system for v in system], dtype=object)
    else:
        system = np.full(n, default_system, dtype=object)
    answer = texts(table, mapping, ANSWER, keep, n)
    cells = texts(table, mapping, CITATIONS, keep, n)
    frame = pd.DataFrame(
        {
            S.SYSTEM: system,
            S.QID: qid,
            ANSWER: [str(a).strip() for a in answer],
            CITATIONS: [A.parse_citations(a, c) for a, c in zip(answer, cells)],
            MODEL: [str(v).strip() for v in texts(table, mapping, MODEL, keep, n)],
            VERSION: [str(v).strip() for v in texts(table, mapping, VERSION, keep, n)],
            A.SHEET: sh.name if not col.text_file else "",
            S.ROW: rows.astype(np.int64),
        },
        columns=A.ANSWER_COLUMNS,
    )
    frame = frame[frame[S.QID] != ""]
    dup = frame.duplicated([S.SYSTEM, S.QID], keep="first")
    for rec in frame[dup].head(200).to_dict("records"):
        first = frame[(frame[S.SYSTEM] == rec[S.SYSTEM]) & (frame[S.QID] == rec[S.QID])].iloc[0]
        col.warning(
            "duplicate_answer",
            f"System '{rec[S.SYSTEM]}' answers question '{rec[S.QID]}' again in row {rec[S.ROW]} "
            f"(first in row {first[S.ROW]}); only the first answer is used.",
            f"시스템 '{rec[S.SYSTEM]}'의 질문 '{rec[S.QID]}' 답변이 {rec[S.ROW]}행에 다시 "
            f"나옵니다(처음은 {first[S.ROW]}행). 첫 번째 답변만 사용합니다.",
            sheet=sh.name,
            row=int(rec[S.ROW]),
        )
    return frame[~dup].reset_index(drop=True)


def _score(
    col: Collector,
    sh: _Sheet,
    value: Any,
    row: int,
    header: str | None,
    read_as: dict[tuple[str, str, int], list[int]],
) -> int | None:
    """A rating cell: a whole number 0–3 (blank: None). A cell that plainly means
    one ("3점", "３", "2.0") is read as it and noted in ``read_as`` (column, text,
    level → rows: one warning each, see :func:`_read_as_warnings`); anything
    else is an error naming the row."""
    shown = display_text(value).strip()
    if not shown:
        return None
    nums = to_numbers(np.array([value], dtype=object))
    v = float(nums[0])
    if v == v and v.is_integer() and int(v) in A.LEVELS:
        return int(v)
    level = proposed_grade(shown)
    if level is not None and level in A.LEVELS:
        read_as.setdefault((header or "", shown, level), []).append(int(row))
        return level
    name = header or "점수"
    col.error(
        "rating_invalid",
        f"{name} must be a whole number from 0 to 3; row {row} has '{excerpt(shown)}'. Replace "
        "it with 0, 1, 2 or 3, or leave the cell blank when the answer was not rated.",
        f"{josa(name, '은')} 0~3 사이의 정수여야 합니다. {row}행의 값은 '{excerpt(shown)}'입니다. "
        "0, 1, 2, 3 중 하나로 고치거나, 평가하지 않았다면 칸을 비워 두세요.",
        sheet=sh.name if not col.text_file else None,
        row=int(row),
        column=header,
    )
    return None


def _read_as_warnings(
    col: Collector, sh: _Sheet, read_as: dict[tuple[str, str, int], list[int]]
) -> None:
    """One info per rating text read as a level: the user sees what was done."""
    for (header, shown, level), rows in read_as.items():
        where = rows_text(rows)
        col.info(
            "rating_read_as",
            f"'{shown}' in column '{header}' was read as {level} (rows {where}).",
            f"'{header}' 열의 {josa(shown, '은', quoted=True)} {level}점으로 읽었습니다"
            f"({where}행).",
            sheet=sh.name if not col.text_file else None,
            row=rows[0],
            column=header or None,
        )


def _criterion_key(text: str, rubric: A.Rubric | None) -> str:
    for c in _criteria(rubric):
        if A.criterion_matches(text, c):
            return c.key
    return unicodedata.normalize("NFC", text).strip()


def _ratings_from(
    col: Collector,
    sh: _Sheet,
    mapping: ColumnMapping,
    rubric: A.Rubric | None,
    default_system: str | None,
) -> pd.DataFrame | None:
    table = sh.table
    what = ("ratings", "평가")
    if table is None:
        return A.empty_ratings()
    if not mapping.has(S.QID):
        _missing(col, sh, mapping, S.QID, what)
        return None
    wide = {
        h: r[len(CRITERION_PREFIX) :]
        for h, r in mapping.items()
        if r and r.startswith(CRITERION_PREFIX)
    }
    long = mapping.has(CRITERION) and mapping.has(SCORE)
    if not wide and not long:
        names = ", ".join(c.name for c in (rubric or A.default_rubric("ko")).criteria)
        found = shown_list(table.headers)
        col.error(
            "ratings_no_criterion",
            f"The ratings sheet '{sh.name}' has no column for a rubric criterion ({names}), nor "
            f"기준 and 점수 columns. Found headers: {found}. Name each criterion's column as in "
            "the rubric, or choose it in the import preview.",
            f"평가 시트 '{sh.name}'에 루브릭 기준({names})의 열도, 기준과 점수 열도 없습니다. 찾은 "
            f"머리글: {found}. 각 기준의 열 이름을 루브릭과 같게 쓰거나 미리보기에서 지정하세요.",
            sheet=sh.name,
            row=table.header_row,
        )
        return None
    if not mapping.has(S.SYSTEM) and default_system is None:
        _missing(col, sh, mapping, S.SYSTEM, what)
        return None
    keep = non_empty_rows(table, mapping)
    if not keep.any():
        return A.empty_ratings()
    rows = table.rows[keep]
    n = int(keep.sum())
    qid = ids_checked(col, table, mapping, S.QID, keep, rows)
    if mapping.has(S.SYSTEM):
        system = normalize_ids(table.columns[_header(mapping, S.SYSTEM)][keep])
        for i in np.flatnonzero(system == "")[:200]:
            col.error(
                "blank_system",
                f"The system in row {rows[i]} is blank. Fill in the system whose answer was rated.",
                f"{rows[i]}행의 시스템이 비어 있습니다. 평가한 답변의 시스템을 채우세요.",
                sheet=sh.name if not col.text_file else None,
                row=int(rows[i]),
                column=_header(mapping, S.SYSTEM),
            )
    else:
        system = np.full(n, default_system, dtype=object)
    assessor = (
        normalize_ids(table.columns[_header(mapping, S.ASSESSOR)][keep])
        if mapping.has(S.ASSESSOR)
        else np.full(n, "", dtype=object)
    )
    notes = texts(table, mapping, S.NOTE, keep, n)
    times = texts(table, mapping, TIME, keep, n)
    records: list[dict] = []

    def add(i: int, criterion: str, score: int | None) -> None:
        if score is None or not qid[i]:
            return
        records.append(
            {
                S.QID: qid[i],
                S.SYSTEM: system[i],
                S.ASSESSOR: assessor[i],
                CRITERION: criterion,
                SCORE: score,
                S.NOTE: str(notes[i]).strip(),
                TIME: str(times[i]).strip(),
                S.ROW: int(rows[i]),
            }
        )

    read_as: dict[tuple[str, str, int], list[int]] = {}
    if wide:
        for header, key in wide.items():
            values = table.columns[header][keep]
            for i in range(n):
                add(i, key, _score(col, sh, values[i], int(rows[i]), header, read_as))
    if long:
        crit_header, score_header = _header(mapping, CRITERION), _header(mapping, SCORE)
        crit = texts(table, mapping, CRITERION, keep, n)
        values = table.columns[score_header][keep]
        unknown: set[str] = set()
        for i in range(n):
            name = str(crit[i]).strip()
            score = _score(col, sh, values[i], int(rows[i]), score_header, read_as)
            if not name:
                col.error(
                    "blank_criterion",
                    f"The criterion in row {rows[i]} is blank. Write the rubric criterion the "
                    "score is for.",
                    f"{rows[i]}행의 기준이 비어 있습니다. 점수가 어느 루브릭 기준의 것인지 쓰세요.",
                    sheet=sh.name if not col.text_file else None,
                    row=int(rows[i]),
                    column=crit_header,
                )
                continue
            if display_text(values[i]).strip() == "":
                col.error(
                    "rating_blank",
                    f"The score in row {rows[i]} is blank. Enter 0, 1, 2 or 3, or delete the row.",
                    f"{rows[i]}행의 점수가 비어 있습니다. 0, 1, 2, 3 중 하나를 쓰거나 행을 지우세요.",
                    sheet=sh.name if not col.text_file else None,
                    row=int(rows[i]),
                    column=score_header,
                )
                continue
            key = _criterion_key(name, rubric)
            if key == name and not any(c.key == key for c in _criteria(rubric)):
                unknown.add(name)
            add(i, key, score)
        for name in sorted(unknown)[:20]:
            col.warning(
                "rating_unknown_criterion",
                f"The criterion '{name}' is not in the rubric; its scores are kept, and count "
                "once the rubric has a criterion of that name.",
                f"기준 {josa(name, '은', quoted=True)} 루브릭에 없습니다. 점수는 보관하며, 루브릭에 "
                "같은 이름의 기준을 추가하면 반영됩니다.",
                sheet=sh.name if not col.text_file else None,
            )
    _read_as_warnings(col, sh, read_as)
    frame = pd.DataFrame(records, columns=A.RATING_COLUMNS)
    return _rating_duplicates(col, sh, frame)


def _rating_duplicates(col: Collector, sh: _Sheet, frame: pd.DataFrame) -> pd.DataFrame:
    if not len(frame):
        return A.empty_ratings()
    dup = frame.duplicated(A.RATING_KEY, keep=False)
    if dup.any():
        for key, group in frame[dup].groupby(A.RATING_KEY, sort=False):
            q, system, who, criterion = key
            rows = group[S.ROW].tolist()
            scores = group[SCORE].tolist()
            who_en = f" by '{who}'" if who else ""
            who_ko = f" 평가자 '{who}'의" if who else ""
            if len(set(scores)) > 1:
                shown = ", ".join(f"row {r}: {v}" for r, v in zip(rows, scores))
                shown_ko = ", ".join(f"{r}행: {v}" for r, v in zip(rows, scores))
                col.error(
                    "rating_conflict",
                    f"The answer of '{system}' to question '{q}' is rated twice{who_en} on "
                    f"'{criterion}' with different scores ({shown}). Keep one and delete the other.",
                    f"'{system}'의 질문 '{q}' 답변에 대한{who_ko} '{criterion}' 점수가 서로 다르게 "
                    f"두 번 있습니다({shown_ko}). 하나만 남기고 지우세요.",
                    sheet=sh.name if not col.text_file else None,
                    row=int(rows[1]),
                )
            else:
                col.warning(
                    "rating_duplicate",
                    f"The answer of '{system}' to question '{q}' is rated twice{who_en} on "
                    f"'{criterion}' with the same score (rows {', '.join(map(str, rows))}); the "
                    "first is used.",
                    f"'{system}'의 질문 '{q}' 답변에 대한{who_ko} '{criterion}' 점수가 같은 값으로 "
                    f"두 번 있습니다({', '.join(map(str, rows))}행). 첫 번째를 사용합니다.",
                    sheet=sh.name if not col.text_file else None,
                    row=int(rows[1]),
                )
    return frame.drop_duplicates(A.RATING_KEY, keep="first").reset_index(drop=True)


def _rubric_from(col: Collector, sh: _Sheet, mapping: ColumnMapping) -> A.Rubric | None:
    """The rubric of a 루브릭 sheet (criteria in order of first appearance)."""
    table = sh.table
    if table is None:
        return None
    if not mapping.has(CRITERION):
        _missing(col, sh, mapping, CRITERION, ("rubric", "루브릭"))
        return None
    if not mapping.has(DESCRIPTION):
        _missing(col, sh, mapping, DESCRIPTION, ("rubric", "루브릭"))
        return None
    keep = non_empty_rows(table, mapping)
    rows = table.rows[keep]
    n = int(keep.sum())
    names = texts(table, mapping, CRITERION, keep, n)
    descriptions = texts(table, mapping, DESCRIPTION, keep, n)
    keys = texts(table, mapping, KEY, keep, n)
    applies = texts(table, mapping, APPLIES_ROLE, keep, n)
    levels_raw = (
        table.columns[_header(mapping, SCORE)][keep]
        if mapping.has(SCORE)
        else np.full(n, "", dtype=object)
    )
    order: list[str] = []
    found: dict[str, dict] = {}
    for i in range(n):
        r = int(rows[i])
        name = str(names[i]).strip()
        if not name:
            col.error(
                "rubric_blank_criterion",
                f"Row {r} of the rubric has no criterion name. Write the criterion the row "
                "describes, or delete the row.",
                f"루브릭 {r}행에 기준 이름이 없습니다. 그 행이 설명하는 기준을 쓰거나 행을 지우세요.",
                sheet=sh.name,
                row=r,
                column=_header(mapping, CRITERION),
            )
            continue
        entry = found.get(name)
        if entry is None:
            key = str(keys[i]).strip() or A.default_criterion_key(name) or A._fold(name)
            entry = {"key": key, "name": name, "description": "", "levels": {}, "applies": None}
            found[name] = entry
            order.append(name)
        applied = str(applies[i]).strip()
        if applied:
            value = _APPLIES_LOOKUP.get(normalize_header(applied))
            if value is None:
                col.error(
                    "rubric_applies_invalid",
                    f"Row {r}: '{applied}' is not a kind of question; write 답변 가능 "
                    "(answerable), 답변 불가 (unanswerable) or 모두 (all).",
                    f"{r}행: {josa(applied, '은', quoted=True)} 질문 종류가 아닙니다. 답변 가능, 답변 "
                    "불가, 모두 중 하나를 쓰세요.",
                    sheet=sh.name,
                    row=r,
                    column=_header(mapping, APPLIES_ROLE),
                )
            else:
                entry["applies"] = value
        level_text = display_text(levels_raw[i]).strip()
        text = str(descriptions[i]).strip()
        if not level_text:
            entry["description"] = text
            continue
        v = float(to_numbers(np.array([levels_raw[i]], dtype=object))[0])
        if not (v == v and v.is_integer() and int(v) in A.LEVELS):
            col.error(
                "rubric_level_invalid",
                f"Row {r}: the level must be 0, 1, 2 or 3 (or blank for the criterion's "
                f"description); it is '{level_text}'.",
                f"{r}행: 수준은 0, 1, 2, 3 중 하나여야 합니다(기준 설명 행은 비워 둠). 값: "
                f"'{level_text}'.",
                sheet=sh.name,
                row=r,
                column=_header(mapping, SCORE),
            )
            continue
        entry["levels"][int(v)] = text
    criteria = []
    keys_seen: set[str] = set()
    for name in order:
        e = found[name]
        missing = [g for g in A.LEVELS if g not in e["levels"]]
        if missing:
            col.warning(
                "rubric_level_missing",
                f"The rubric gives no description for level(s) "
                f"{', '.join(map(str, missing))} of '{name}'.",
                f"루브릭의 '{name}' 기준에 수준 {', '.join(map(str, missing))}의 설명이 없습니다.",
                sheet=sh.name,
            )
        key = e["key"]
        while key in keys_seen:
            key += "_"
        keys_seen.add(key)
        applies_to = e["applies"] or ("unanswerable" if key == "abstention" else "answerable")
        criteria.append(
            A.Criterion(
                key,
                name,
                e["description"],
                tuple(e["levels"].get(g, "") for g in A.LEVELS),  # type: ignore[arg-type]
                applies_to,
            )
        )
    return A.Rubric(tuple(criteria)) if criteria else None


# -- loading ---------------------------------------------------------------------------------
def load_answer_file(
    path: str | Path,
    mappings: dict | None = None,
    sheets: dict[str, str | None] | None = None,
    rubric: A.Rubric | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> A.AnswerFile:
    """Read the answers, ratings and rubric of one file.

    ``mappings``: sheet → confirmed :class:`ColumnMapping` (or its dict);
    ``sheets``: sheet → use (``answers`` / ``ratings`` / ``rubric`` / None: not
    read); without it every visible sheet is used as detected. ``rubric``:
    the study's rubric in force, whose criteria name rating columns (the
    file's own 루브릭 sheet is read first and counts too). Errors raise
    :class:`InputError`; warnings go to ``AnswerFile.problems``.
    """
    path = Path(path)
    steps = Steps(progress, cancelled)
    col = Collector(path.name)
    kind, sha, raw_sheets = _open(path, col, steps, mappings=mappings, rubric=rubric)
    steps(0.4, f"{path.name} 확인 중 · Checking {path.name}")
    given = {}
    for name, m in (mappings or {}).items():
        given[name] = m if isinstance(m, ColumnMapping) else ColumnMapping.from_dict(m)
    by_name = {sh.name: sh for sh in raw_sheets}
    uses: list[tuple[_Sheet, str]] = []
    if sheets:
        for name, use in sheets.items():
            if not use or use not in USES:
                continue
            sh = by_name.get(name)
            if sh is None:
                found = ", ".join(by_name)
                col.error(
                    "sheet_not_found",
                    f"The workbook has no sheet named '{name}'; its sheets are: {found}.",
                    f"통합 문서에 '{name}' 시트가 없습니다. 있는 시트: {found}.",
                    sheet=name,
                )
                continue
            uses.append((sh, use))
    else:
        for sh in raw_sheets:
            if sh.hidden or sh.table is None:
                continue
            _detected, use = detect_mapping(sh.table.headers, sh.name, rubric)
            if use:
                uses.append((sh, use))
        hidden = [sh for sh in raw_sheets if sh.hidden]
        if hidden:
            names = ", ".join(f"'{sh.name}'" for sh in hidden)
            col.warning(
                "hidden_sheet_skipped",
                f"Hidden sheets were not read: {names}. To use one, pick it in the import preview.",
                f"숨겨진 시트는 읽지 않았습니다: {names}. 이 시트를 쓰려면 불러오기 미리보기에서 "
                "고르세요.",
            )
    if not uses and not col.has_errors:
        col.error(
            "no_answers_sheet",
            "No sheet of answers, ratings or a rubric was found. An answers sheet has the "
            "columns 질문ID and 답변; a ratings sheet 질문ID, 시스템, 평가자 and one column per "
            "criterion.",
            "답변, 평가 또는 루브릭 시트를 찾지 못했습니다. 답변 시트에는 질문ID와 답변 열이, 평가 "
            "시트에는 질문ID, 시스템, 평가자와 기준마다 한 열이 있어야 합니다.",
        )

    def mapping_of(sh: _Sheet, file_rubric: A.Rubric | None = None) -> ColumnMapping:
        if sh.name in given:
            return given[sh.name]
        headers = sh.table.headers if sh.table is not None else []
        return detect_mapping(headers, sh.name, rubric, file_rubric)[0]

    # the rubric first: its criteria name the rating columns
    file_rubric = None
    for sh, use in uses:
        if use == "rubric":
            file_rubric = _rubric_from(col, sh, mapping_of(sh)) or file_rubric
    plan = [(sh, mapping_of(sh, file_rubric), use) for sh, use in uses if use != "rubric"]
    criteria_rubric = A.Rubric(tuple(_criteria(file_rubric, rubric)))
    answer_sheets = [p for p in plan if p[2] == "answers"]
    answers, ratings, system_sheets = [], [], {}
    for sh, mapping, use in plan:
        steps.check()
        if use == "answers":
            default = _default_system(kind, path, sh.name, len(answer_sheets))
            frame = _answers_from(col, sh, mapping, default)
            if frame is not None:
                answers.append(frame)
                for name in dict.fromkeys(frame[S.SYSTEM].tolist()):
                    system_sheets.setdefault(str(name), sh.name)
        elif use == "ratings":
            default = None
            generic = _GENERIC.match(normalize_header(sh.name)) or sheet_use_by_name(sh.name)
            if kind == "excel" and not generic:
                default = sh.name  # one ratings sheet per system
            frame = _ratings_from(col, sh, mapping, criteria_rubric, default)
            if frame is not None:
                ratings.append(frame)
    col.raise_if_errors()
    steps(1.0, "완료 · Done")
    answers_frame = (
        pd.concat(answers, ignore_index=True)
        if len(answers) > 1
        else (answers[0] if answers else A.empty_answers())
    )
    ratings_frame = (
        pd.concat(ratings, ignore_index=True)
        if len(ratings) > 1
        else (ratings[0] if ratings else A.empty_ratings())
    )
    if len(answers) > 1:
        dup = answers_frame.duplicated([S.SYSTEM, S.QID], keep="first")
        if dup.any():
            col.warning(
                "duplicate_answer",
                f"{int(dup.sum())} answer(s) appear on two sheets; the first sheet's are used.",
                f"답변 {int(dup.sum())}개가 두 시트에 나옵니다. 앞 시트의 것을 사용합니다.",
            )
            answers_frame = answers_frame[~dup].reset_index(drop=True)
    return A.AnswerFile(
        answers=answers_frame,
        ratings=ratings_frame,
        rubric=file_rubric,
        sources=[S.SourceFile(str(path), sha, None)],
        problems=col.warnings_list(),
        system_sheets=system_sheets,
    )


__all__ = [
    "AnswerFilePreview",
    "AnswerSheetPreview",
    "CRITERION_PREFIX",
    "ROLE_CHOICES",
    "USES",
    "detect_mapping",
    "inspect_answers",
    "load_answer_file",
    "role_label",
    "sheet_use_by_name",
]
