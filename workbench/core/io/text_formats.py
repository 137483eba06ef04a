"""TREC qrels/run files and the seed blog's JSON ground truth, as tables.

They are turned into the same :class:`~workbench.core.io.reading.Table`
(plus a fixed :class:`ColumnMapping`) a spreadsheet gives, so one set of
checks serves every format. Row numbers are line numbers.

- TREC qrels: ``qid iter docid grade`` (or ``qid docid grade``).
- TREC run: ``qid Q0 docid rank score tag`` — the tag names the system.
- JSON: ``{"question": …, "relevantDocuments": ["A", "C"]}`` or with objects
  ``{"documentId": …, "relevance": 3}``; a list of those, a JSON-lines file,
  or an object holding such a list. The question id is the ``id`` /
  ``questionId`` field when present, else the question text; a document
  given as a plain string has grade 1.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from workbench.core.io.common import Collector, slices
from workbench.core.io.jsonload import (
    DuplicateKey,
    KeyRepeats,
    LineCounter,
    check_depth,
    decode,
    invalid_json,
    report_duplicates,
)
from workbench.core.io.mapping import ColumnMapping
from workbench.core.io.reading import Table
from workbench.core.model import schema as S
from workbench.core.model.korean import josa
from workbench.core.model.problems import excerpt

QRELS_HEADERS = ["query_id", "iteration", "doc_id", "relevance"]
#: fields per line the C parser keeps (a longer line is counted again exactly)
_FIELDS_READ = 8
RUN_HEADERS = ["query_id", "Q0", "doc_id", "rank", "score", "tag"]


def _lines(text: str) -> tuple[list[list[str]], list[int]]:
    fields, numbers = [], []
    for n, line in enumerate(text.splitlines(), start=1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        fields.append(s.split())
        numbers.append(n)
    return fields, numbers


#: the fixed columns of a TREC run and a TREC qrels file (their "headers" → roles)
TREC_RUN_ROLES = {
    "query_id": S.QID,
    "Q0": None,
    "doc_id": S.PID,
    "rank": S.RANK,
    "score": S.SCORE,
    "tag": S.SYSTEM,
}
TREC_QRELS_ROLES = {"query_id": S.QID, "iteration": None, "doc_id": S.PID, "relevance": S.GRADE}


def own_trec_choices(path: Path, kind: str, mappings: dict | None, sheets) -> bool:
    """No choices, or only those a TREC file of ``kind`` gives itself: its one
    sheet (named after the file) with the format's fixed mapping. The import
    preview hands the choices back unchanged, and a reader may then take its
    fast path as if none were given."""
    if not mappings and not sheets:
        return True
    sheet = path.stem
    roles = TREC_RUN_ROLES if kind == "trec_run" else TREC_QRELS_ROLES
    if mappings is not None and (set(mappings) != {sheet} or dict(mappings[sheet].roles) != roles):
        return False
    if sheets is None:
        return True
    named = list(sheets.values()) if isinstance(sheets, dict) else list(sheets)
    uses = set(sheets) if isinstance(sheets, dict) else set()
    return named == [sheet] and uses <= {"judgments"}


def trec_table(text: str, kind: str, path: Path, col: Collector) -> tuple[Table, ColumnMapping]:
    """A TREC qrels or run file as a table; malformed lines are errors."""
    sheet = path.stem
    if kind == "trec_run":
        headers, width = RUN_HEADERS, {6}
        expect_en = "6 fields: question-id Q0 passage-id rank score tag"
        expect_ko = "6개 항목(질문ID Q0 문단ID 순위 점수 태그)"
        roles = TREC_RUN_ROLES
    else:
        headers, width = QRELS_HEADERS, {3, 4}
        expect_en = "4 fields: question-id iteration passage-id grade (or 3 without iteration)"
        expect_ko = "4개 항목(질문ID 반복 문단ID 등급, 또는 반복 없이 3개)"
        roles = TREC_QRELS_ROLES

    def bad_line(n: int, k: int) -> None:
        extra_en = extra_ko = ""
        if kind == "trec_run" and k > 6:
            extra_en = " Delete what follows the tag (the 6th field)."
            extra_ko = " 태그(6번째 항목) 뒤의 내용을 지우세요."
        col.error(
            "trec_fields",
            f"Line {n} has {k} fields; expected {expect_en}.{extra_en}",
            f"{n}번째 줄의 항목 수가 {k}개입니다. {josa(expect_ko, '이어야')} 합니다.{extra_ko}",
            row=n,
        )

    if "#" not in text:
        fast = _fast_fields(text, len(headers), width)
        if fast is not None:
            columns, rows_arr, bad = fast
            for n, k in bad[:500]:
                bad_line(n, k)
            table = Table(sheet, list(headers), 0, columns, rows_arr, len(rows_arr))
            return table, ColumnMapping(dict(roles))
    fields, numbers = _lines(text)
    good: list[list[str]] = []
    rows: list[int] = []
    for f, n in zip(fields, numbers):
        if len(f) not in width:
            bad_line(n, len(f))
            continue
        if len(f) == 3:
            f = [f[0], "0", f[1], f[2]]
        good.append(f)
        rows.append(n)
    cols = list(zip(*good)) if good else [()] * len(headers)
    columns = {h: np.array(c, dtype=object) for h, c in zip(headers, cols)}
    table = Table(sheet, list(headers), 0, columns, np.asarray(rows, dtype=np.int64), len(rows))
    return table, ColumnMapping(dict(roles))


def _fast_fields(text: str, n_headers: int, width: set[int]):
    """Split a whole TREC file with pandas' C parser; line i of the file is row i - 1.

    Returns ``(columns, line_numbers, bad)`` with ``bad`` the (line, field count)
    of malformed lines, or None when the C parser cannot be used.
    """
    import pandas as pd

    try:
        with warnings.catch_warnings():
            # index_col=False drops extra fields with a warning; they are counted again
            warnings.simplefilter("ignore", pd.errors.ParserWarning)
            df = _read_fields(text)
    except Exception:
        return None
    return _fields_of(df, text, n_headers, width)


def _read_fields(text: str):
    import csv
    import io

    import pandas as pd

    return pd.read_csv(
        io.StringIO(text),
        sep=r"\s+",
        header=None,
        names=list(range(_FIELDS_READ)),
        index_col=False,  # a first line with extra fields must not become an index
        dtype=str,
        skip_blank_lines=False,  # keeps row i on line i + 1
        quoting=csv.QUOTE_NONE,
        keep_default_na=False,
        engine="c",
    )


def _fields_of(df, text: str, n_headers: int, width: set[int]):
    if df.empty:
        return None
    # fields per line, a column and a slice at a time (one comparison over the
    # whole 8-column frame holds the GIL ~50 ms at 500k lines)
    counts = np.zeros(len(df), dtype=np.int64)
    for j in df.columns:
        values = df[j].to_numpy(dtype=object)
        for sl in slices(len(values)):
            counts[sl] += values[sl] != ""
    lines = np.arange(1, len(df) + 1, dtype=np.int64)
    full = np.flatnonzero(counts >= _FIELDS_READ)
    if full.size:
        # the parser keeps at most _FIELDS_READ fields: count those lines exactly
        text_lines = text.split("\n")
        if text_lines and text_lines[-1] == "":
            text_lines.pop()
        if len(text_lines) != len(df):
            return None  # lines split otherwise (a lone CR): the line-by-line path
        counts[full] = [len(text_lines[i].split()) for i in full]
    ok = np.isin(counts, list(width))
    bad = [(int(n), int(k)) for n, k in zip(lines[~ok & (counts > 0)], counts[~ok & (counts > 0)])]
    if n_headers == 4 and 3 in width:
        three = ok & (counts == 3)
        if three.any():  # qid docid grade → qid 0 docid grade
            df.loc[three, [3, 2, 1]] = df.loc[three, [2, 1, 0]].to_numpy()
            df.loc[three, 1] = "0"
    cols = {}
    headers = RUN_HEADERS if n_headers == 6 else QRELS_HEADERS
    for j, h in enumerate(headers):
        cols[h] = df[j].to_numpy(dtype=object)[ok]
    return cols, lines[ok], bad


# -- JSON -------------------------------------------------------------------------
_ID_KEYS = ("id", "questionId", "question_id", "qid", "queryId", "query_id")
_Q_KEYS = ("question", "query", "questionText", "question_text")
_DOCS_KEYS = (
    "relevantDocuments",
    "relevant_documents",
    "relevantDocs",
    "relevant_docs",
    "relevantPassages",
    "relevant_passages",
    "documents",
)
_DOC_ID_KEYS = ("documentId", "document_id", "docId", "doc_id", "passageId", "passage_id", "id")
_REL_KEYS = ("relevance", "grade", "rel", "label", "score")


def _duplicate_warning(col: Collector) -> DuplicateKey:
    def warn(key: str, line: int, kept: Any) -> None:
        shown = excerpt(json.dumps(kept, ensure_ascii=False), 60)
        key = excerpt(key)
        col.warning(
            "json_duplicate_key",
            f'Line {line} repeats the key "{key}" in one object; only its last value ({shown}) '
            "is used. Delete the key you do not mean.",
            f'{line}번째 줄에서 한 객체 안에 키 "{key}"가 다시 나옵니다. 마지막 값({shown})만 '
            "씁니다. 뜻하지 않은 키를 지우세요.",
            row=line,
        )

    return warn


def _items_with_lines(text: str, path: Path, col: Collector) -> list[tuple[Any, int]]:
    """Top-level items and the line each starts on (JSON array, object or JSON lines).

    Linear in the file: the nesting depth is checked before parsing
    (:func:`~workbench.core.io.jsonload.check_depth`), and line numbers come from
    one :class:`~workbench.core.io.jsonload.LineCounter` pass. Objects repeating a
    key get a warning naming the key, the line and the value kept.
    """
    check_depth(text, file=path.name)
    pairs = KeyRepeats()
    dec = json.JSONDecoder(object_pairs_hook=pairs)
    lines = LineCounter(text)
    warn = _duplicate_warning(col)
    try:
        if path.suffix.lower() == ".jsonl":
            out = []
            for n, line in enumerate(text.splitlines(), start=1):
                if line.strip():
                    try:
                        obj, end, repeats = decode(dec, pairs, line, len(line) - len(line.lstrip()))
                        if line[end:].strip():
                            raise json.JSONDecodeError("Extra data", line, end)
                    except json.JSONDecodeError as exc:
                        # numbered as a line of the file, not of the one-line document
                        doc = "\n" * (n - 1) + line
                        raise json.JSONDecodeError(exc.msg, doc, n - 1 + exc.pos) from None
                    for key, kept in repeats:
                        warn(key, n, kept)
                    out.append((obj, n))
            return out
        start = len(text) - len(text.lstrip())
        if text[start : start + 1] == "[":
            out, i = [], start + 1
            ws = re.compile(r"[\s,]*")
            while True:
                i = ws.match(text, i).end()
                if i >= len(text):
                    raise json.JSONDecodeError("unterminated list", text, i)
                if text[i] == "]":
                    break
                obj, end, repeats = decode(dec, pairs, text, i)
                if repeats:
                    report_duplicates(text, i, end, repeats, lines, warn)
                out.append((obj, lines.line_of(i)))
                i = end
            return out
        data, end, repeats = decode(dec, pairs, text, start)
        if text[end:].strip():
            raise json.JSONDecodeError("Extra data", text, end)
        if repeats:
            report_duplicates(text, start, end, repeats, lines, warn)
    except json.JSONDecodeError as exc:
        raise invalid_json(exc, path.name) from None
    if isinstance(data, dict):
        if any(k in data for k in _Q_KEYS):
            return [(data, 1)]
        for value in data.values():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                return [(v, i + 1) for i, v in enumerate(value)]
    return [(data, 1)]


def _first(d: dict, keys: tuple[str, ...]) -> Any:
    for k in keys:
        if k in d and d[k] is not None:
            return d[k]
    return None


def json_table(text: str, path: Path, col: Collector) -> tuple[Table, ColumnMapping]:
    """The JSON ground truth as a judgments table (question id, text, passage, grade)."""
    qids, qtexts, pids, grades, rows = [], [], [], [], []
    for item, line in _items_with_lines(text, path, col):
        if not isinstance(item, dict):
            col.error(
                "json_item",
                f'The item on line {line} is not an object with "question" and '
                '"relevantDocuments".',
                f'{line}번째 줄의 항목이 "question"과 "relevantDocuments"를 가진 객체가 아닙니다.',
                row=line,
            )
            continue
        question = _first(item, _Q_KEYS)
        qid = _first(item, _ID_KEYS)
        docs = _first(item, _DOCS_KEYS)
        if question is None and qid is None:
            col.error(
                "json_no_question",
                f'The item on line {line} has no "question" (or "id") field.',
                f'{line}번째 줄의 항목에 "question"(또는 "id") 항목이 없습니다.',
                row=line,
            )
            continue
        if docs is None:
            col.error(
                "json_no_documents",
                f'The item on line {line} has no "relevantDocuments" list.',
                f'{line}번째 줄의 항목에 "relevantDocuments" 목록이 없습니다.',
                row=line,
            )
            continue
        if not isinstance(docs, list):
            docs = [docs]
        qid = qid if qid is not None else question
        for doc in docs:
            if isinstance(doc, dict):
                pid = _first(doc, _DOC_ID_KEYS)
                grade = _first(doc, _REL_KEYS)
                grade = 1 if grade is None else grade
            else:
                pid, grade = doc, 1
            qids.append(qid)
            qtexts.append("" if question is None else question)
            pids.append("" if pid is None else pid)
            grades.append(grade)
            rows.append(line)
    headers = ["id", "question", "documentId", "relevance"]
    columns = {h: np.array(v, dtype=object) for h, v in zip(headers, (qids, qtexts, pids, grades))}
    table = Table(path.stem, headers, 0, columns, np.asarray(rows, dtype=np.int64), len(rows))
    mapping = ColumnMapping(
        {"id": S.QID, "question": S.QTEXT, "documentId": S.PID, "relevance": S.GRADE}
    )
    return table, mapping
