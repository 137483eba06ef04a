"""Exports: the report, the per-question CSV and the extended judgments workbook.

The three ``*_task`` functions (:func:`report_task`, :func:`judgments_task`,
:func:`csv_task`) are what the app's Export page runs in a worker and what the
command line calls: each takes a :class:`~workbench.core.study.Study` (a
snapshot, for a worker) and never writes onto one of its input files.

**Per-question CSV** (:func:`write_per_question_csv`): UTF-8 *with BOM*, so
Excel on Windows opens Hangul correctly by double-click; CRLF line ends; one
row per (question, system), grouped by question. Numbers are written in full
precision (``repr``), so they read back exactly.

*Formula injection* (OWASP "CSV injection"): a spreadsheet evaluates a CSV
cell starting with ``=``, ``+``, ``-``, ``@``, tab or carriage return as a
formula. Every text value that came from input (ids, question text, type,
system name, note) and starts with one of those characters is written with a
leading single quote ``'`` — Excel then shows it as text. This changes such
values by one character in the CSV (an id ``-5`` reads back as ``'-5``);
numbers we computed are never prefixed.

**Judgments workbook** (:func:`write_judgments_workbook`): the judgments as
the app's reader (:mod:`workbench.core.io.judgments`) reads them back —

- sheet ``평가`` (``judgments`` in English): 질문ID, 문단ID, 등급, 평가자,
  근거역할, 근거그룹, 메모, 평가시각 — the file's judgments followed by the
  grades added in the app (their assessor and time); an added grade replaces
  an earlier grade of the *same* assessor for the same item, so the file never
  holds a conflicting duplicate;
- ``질문`` / ``문단`` copied when given;
- ``조정`` (``resolutions``): grades resolved by hand (질문ID, 문단ID, 등급,
  조정자, 사유, 평가시각);
- ``이견`` (``dissent``): every assessor's original grade next to the grade
  used (:func:`workbench.core.measures.agreement.dissent_record`);
- ``매뉴얼`` (``manual``): the evaluation manual in force
  (:mod:`workbench.core.protocol.manual`), which reads back with the judgments.

Every string cell is a string, never a formula (``=1+1`` stays text). Both
files are written atomically (:mod:`workbench.core.io.atomic`).
"""

from __future__ import annotations

import csv
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
from openpyxl.utils import get_column_letter

from workbench.core.io.atomic import atomic_write, save_workbook
from workbench.core.io.outputs import refuse_output_onto_inputs
from workbench.core.measures.agreement import agreement_table, dissent_record
from workbench.core.measures.agreement_intervals import assessor_standards
from workbench.core.measures.stats import DEFAULT_SEED, compare_systems
from workbench.core.model import schema as s
from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.grades import role_label
from workbench.core.model.results import Results
from workbench.core.model.schema import SourceFile
from workbench.core.protocol.answer_results import answer_report
from workbench.core.protocol.calibration import round_agreement, rounds
from workbench.core.protocol.decisions import study_decisions
from workbench.core.protocol.manual import write_manual_sheet
from workbench.core.protocol.pool import pool_effect
from workbench.core.report import ReportRequest, write_report
from workbench.core.report.cells import Styles, cell_value, new_workbook, put, width_of
from workbench.core.report.data import question_texts
from workbench.core.report.registry import SHEET_NAMES
from workbench.core.report.tables import (
    CSV_FORMULA_PREFIXES,
    csv_safe,
    per_question_columns,
    per_question_rows,
    write_csv_table,
)
from workbench.core.study import Study

__all__ = [
    "CSV_FORMULA_PREFIXES",
    "JUDGMENT_HEADERS",
    "csv_safe",
    "csv_task",
    "judgments_task",
    "judgments_workbook",
    "report_request",
    "report_task",
    "run_comparisons",
    "write_judgments_workbook",
    "write_per_question_csv",
]

#: first characters a spreadsheet reads as the start of a formula (OWASP)

#: column → header of the judgments sheet, per language (the reader knows both)
JUDGMENT_HEADERS: dict[str, dict[str, str]] = {
    "ko": {
        s.QID: "질문ID",
        s.PID: "문단ID",
        s.GRADE: "등급",
        s.ASSESSOR: "평가자",
        s.ROLE: "근거역할",
        s.GROUP: "근거그룹",
        s.NOTE: "메모",
        "time": "평가시각",
    },
    "en": {
        s.QID: "question_id",
        s.PID: "passage_id",
        s.GRADE: "grade",
        s.ASSESSOR: "assessor",
        s.ROLE: "role",
        s.GROUP: "group",
        s.NOTE: "note",
        "time": "judged_at",
    },
}

_QUESTION_HEADERS = {
    "ko": {
        s.QID: "질문ID",
        s.QTEXT: "질문",
        s.QTYPE: "질문유형",
        s.ANSWERABLE: "답변가능",
        s.NOTE: "메모",
    },
    "en": {
        s.QID: "question_id",
        s.QTEXT: "question_text",
        s.QTYPE: "question_type",
        s.ANSWERABLE: "answerable",
        s.NOTE: "note",
    },
}

_PASSAGE_HEADERS = {
    "ko": {
        s.PID: "문단ID",
        s.DOCID: "문서ID",
        s.TEXT: "본문",
        s.VOLUME: "권",
        s.LECTURE: "강연",
        s.PAGE: "페이지",
        s.DATE: "날짜",
        s.CHUNK: "청크번호",
    },
    "en": {
        s.PID: "passage_id",
        s.DOCID: "document_id",
        s.TEXT: "text",
        s.VOLUME: "volume",
        s.LECTURE: "lecture",
        s.PAGE: "page",
        s.DATE: "date",
        s.CHUNK: "chunk",
    },
}

_SHEETS = {
    "ko": {
        "judgments": "평가",
        "questions": "질문",
        "passages": "문단",
        "resolutions": "조정",
        "dissent": "이견",
    },
    "en": {
        "judgments": "judgments",
        "questions": "questions",
        "passages": "passages",
        "resolutions": "resolutions",
        "dissent": "dissent",
    },
}

_RESOLUTION_HEADERS = {
    "ko": {"by": "조정자", "reason": "사유", "time": "평가시각"},
    "en": {"by": "resolved_by", "reason": "reason", "time": "judged_at"},
}

_DISSENT_HEADERS = {
    "ko": {
        "resolved_grade": "사용한 등급",
        "resolved_by": "결정 방식",
        "policy": "통합 방식",
        "resolved_by_name": "조정자",
        "reason": "사유",
        "time": "평가시각",
        "grade:": "등급:",
    },
    "en": {
        "resolved_grade": "resolved_grade",
        "resolved_by": "resolved_by",
        "policy": "policy",
        "resolved_by_name": "resolver",
        "reason": "reason",
        "time": "judged_at",
        "grade:": "grade:",
    },
}

_YES = {"ko": ("예", "아니오"), "en": ("yes", "no")}


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "ko"


# -- CSV ---------------------------------------------------------------------


def write_per_question_csv(
    path: str | os.PathLike[str],
    results: Results,
    questions: pd.DataFrame | None = None,
    notes: Mapping[str, Mapping[str, Any]] | None = None,
    *,
    lang: str = "ko",
    in_place: bool = False,
) -> Path:
    """Write one row per (question, system) with every measure, as UTF-8 CSV
    with BOM; returns the path. Atomic, unless ``in_place``: ``path`` is then
    already the temporary file of an atomic write (one temporary per write,
    so a killed write leaves one).

    Columns: question id, question text, type, system, missing (1 = absent
    from the run, scored 0; else 0), the measures (canonical names, full
    precision), note, flagged (1/0). Headers in Korean (``lang="ko"``) or
    snake_case English. Input text is protected against formula injection
    (see :func:`csv_safe`).
    """
    lang = _lang(lang)
    columns = per_question_columns(list(results.measures))
    rows = per_question_rows(results, question_texts(questions), dict(notes or {}))

    def write(tmp: Path) -> None:
        # utf-8-sig writes the BOM Excel needs to recognise UTF-8
        with open(tmp, "w", encoding="utf-8-sig", newline="") as handle:
            out = csv.writer(handle, lineterminator="\r\n")
            write_csv_table(out, columns, rows, lang)

    if in_place:
        write(Path(path))
        return Path(path)
    return atomic_write(path, write)


# -- judgments workbook --------------------------------------------------------


def _time_text(value: Any) -> str:
    if value is None or value is pd.NA:
        return ""
    if isinstance(value, float) and math.isnan(value):
        return ""
    if isinstance(value, pd.Timestamp):
        return value.isoformat()
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def _time_column(frame: pd.DataFrame) -> pd.Series:
    for name in ("time", "graded_at", "judged_at", "timestamp"):
        if name in frame.columns:
            return frame[name].map(_time_text)
    return pd.Series([""] * len(frame), index=frame.index, dtype=object)


def _judgment_rows(judgments: pd.DataFrame, added: pd.DataFrame | None) -> pd.DataFrame:
    """The file's judgments, then the added grades; an added grade replaces an
    earlier grade of the same assessor for the same (question, passage)."""
    cols = [s.QID, s.PID, s.GRADE, s.ASSESSOR, s.ROLE, s.GROUP, s.NOTE]
    base = judgments.reindex(columns=cols).copy()
    base["time"] = _time_column(judgments)
    parts = [base]
    if added is not None and len(added):
        extra = added.reindex(columns=cols).copy()
        extra["time"] = _time_column(added)
        parts.append(extra)
    allrows = pd.concat(parts, ignore_index=True)
    for c in (s.QID, s.PID, s.ASSESSOR, s.ROLE, s.GROUP, s.NOTE):
        allrows[c] = allrows[c].astype(object).where(allrows[c].notna(), "").astype(str)
    if len(parts) > 1:
        allrows = allrows.drop_duplicates([s.QID, s.PID, s.ASSESSOR], keep="last")
    return allrows.reset_index(drop=True)


def _grade_value(value: Any) -> Any:
    v = cell_value(value)
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


class _Book:
    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.wb = new_workbook()
        self.st = Styles()
        self._first = self.wb.active

    def sheet(self, title: str, headers: Sequence[str], rows: Sequence[Sequence[Any]]):
        ws = self.wb.create_sheet(title)
        widths = [0] * len(headers)
        for j, text in enumerate(headers):
            c = put(ws, 1, j + 1, text)
            c.font = self.st.bold
            c.fill = self.st.header_fill
            c.border = self.st.header_border
            widths[j] = width_of(text, None)
        for i, values in enumerate(rows):
            for j, v in enumerate(values):
                put(ws, i + 2, j + 1, v)
                if i < 400:
                    widths[j] = max(widths[j], width_of(cell_value(v), None))
        ws.freeze_panes = "A2"
        for j, w in enumerate(widths):
            ws.column_dimensions[get_column_letter(j + 1)].width = max(6, min(w + 2, 60))
        return ws

    def finish(self):
        self.wb.remove(self._first)
        self.wb.active = 0
        return self.wb


def write_judgments_workbook(
    path: str | os.PathLike[str],
    judgments: pd.DataFrame,
    added: pd.DataFrame | None = None,
    resolutions: pd.DataFrame | None = None,
    dissent: pd.DataFrame | None = None,
    lang: str = "ko",
    *,
    questions: pd.DataFrame | None = None,
    passages: pd.DataFrame | None = None,
    manual: Any = None,
) -> Path:
    """Write :func:`judgments_workbook` to ``path`` atomically; returns the path."""
    wb = judgments_workbook(
        judgments,
        added,
        resolutions,
        dissent,
        lang,
        questions=questions,
        passages=passages,
        manual=manual,
    )
    return atomic_write(path, lambda tmp: save_workbook(wb, tmp))


def judgments_workbook(
    judgments: pd.DataFrame,
    added: pd.DataFrame | None = None,
    resolutions: pd.DataFrame | None = None,
    dissent: pd.DataFrame | None = None,
    lang: str = "ko",
    *,
    questions: pd.DataFrame | None = None,
    passages: pd.DataFrame | None = None,
    manual: Any = None,
) -> Any:
    """The judgments extended with the app's work, as an openpyxl workbook.

    - ``judgments``: JUDGMENT_COLUMNS (as read; one row per assessor's grade).
    - ``added``: grades made in the app (JUDGMENT_COLUMNS + ``time``, optional
      ``reason``) — appended with their assessor and time.
    - ``resolutions``: hand-resolved grades (question_id, passage_id, grade,
      optional ``by``/``resolved_by_name``, ``reason``, ``time``) → sheet 조정.
    - ``dissent``: :func:`workbench.core.measures.agreement.dissent_record` → sheet 이견.
    - ``questions`` / ``passages``: copied to 질문 / 문단 when given.
    - ``manual``: the evaluation manual → sheet 매뉴얼 when given.

    Evidence roles are written as 핵심/보조/대체 (Korean) or core/supporting/
    alternative; both read back. Sheet layout: see the module docstring.
    """
    lang = _lang(lang)
    names = _SHEETS[lang]
    jh = JUDGMENT_HEADERS[lang]
    book = _Book(lang)
    rows = _judgment_rows(judgments, added)
    cols = [s.QID, s.PID, s.GRADE, s.ASSESSOR, s.ROLE, s.GROUP, s.NOTE, "time"]
    records = []
    for values in rows[cols].itertuples(index=False, name=None):
        rec = dict(zip(cols, values))
        rec[s.GRADE] = _grade_value(rec[s.GRADE])
        rec[s.ROLE] = role_label(rec[s.ROLE], lang) if rec[s.ROLE] else ""
        records.append([rec[c] for c in cols])
    book.sheet(names["judgments"], [jh[c] for c in cols], records)

    if questions is not None:
        qh = _QUESTION_HEADERS[lang]
        qcols = [c for c in qh if c in questions.columns]
        yes, no = _YES[lang]
        qrows = []
        for values in questions[qcols].itertuples(index=False, name=None):
            rec = dict(zip(qcols, values))
            if s.ANSWERABLE in rec:
                v = rec[s.ANSWERABLE]
                rec[s.ANSWERABLE] = "" if v is None or v is pd.NA else (yes if bool(v) else no)
            qrows.append([rec[c] for c in qcols])
        book.sheet(names["questions"], [qh[c] for c in qcols], qrows)

    if passages is not None:
        ph = _PASSAGE_HEADERS[lang]
        pcols = [c for c in ph if c in passages.columns]
        book.sheet(
            names["passages"],
            [ph[c] for c in pcols],
            list(passages[pcols].itertuples(index=False, name=None)),
        )

    if resolutions is not None and len(resolutions):
        rh = _RESOLUTION_HEADERS[lang]
        by_col = next((c for c in ("by", "resolved_by_name") if c in resolutions.columns), None)
        rrows = []
        times = _time_column(resolutions).tolist()
        for i, values in enumerate(
            resolutions.reindex(columns=[s.QID, s.PID, s.GRADE]).itertuples(index=False, name=None)
        ):
            q, p, grade = values
            by = resolutions[by_col].iloc[i] if by_col else ""
            reason = resolutions["reason"].iloc[i] if "reason" in resolutions.columns else ""
            rrows.append([q, p, _grade_value(grade), by, reason, times[i]])
        book.sheet(
            names["resolutions"],
            [jh[s.QID], jh[s.PID], jh[s.GRADE], rh["by"], rh["reason"], rh["time"]],
            rrows,
        )

    if dissent is not None and len(dissent):
        dh = _DISSENT_HEADERS[lang]
        headers = []
        for c in dissent.columns:
            if c in (s.QID, s.PID):
                headers.append(jh[c])
            elif str(c).startswith("grade:"):
                headers.append(dh["grade:"] + str(c)[len("grade:") :])
            else:
                headers.append(dh.get(c, str(c)))
        drows = [
            [_grade_value(v) for v in values]
            for values in dissent.itertuples(index=False, name=None)
        ]
        book.sheet(names["dissent"], headers, drows)

    if manual is not None:

        write_manual_sheet(book.wb, manual, lang)

    return book.finish()


# -- tasks: what the Export page runs in a worker and the command line calls ---------

#: the Export page's significance test when the Compare page computed none
COMPARE_TEST = "randomization"
#: progress text while the significance tests run before a report
STEP_COMPARE = "compare"
#: share of the progress bar the significance tests take before the report
COMPARE_SHARE = 0.4


def _check(cancelled: CancelCheck | None) -> None:
    if cancelled is not None and cancelled():
        raise Cancelled()


def refuse_inputs(target: Path, sources: Sequence[SourceFile]) -> None:
    """An export never replaces an input file (inputs are never modified);
    :func:`workbench.core.io.outputs.refuse_output_onto_inputs` decides."""
    refuse_output_onto_inputs(target, [src.path for src in sources if src.path])


def _atomic_cancellable(path: Path, write, cancelled: CancelCheck | None) -> Path:
    """``write(tmp)`` then rename to ``path``; a cancel seen before the rename
    removes the temporary file (see :func:`workbench.core.io.atomic.atomic_write`)."""

    def fill(tmp: Path) -> None:
        write(tmp)
        _check(cancelled)

    return atomic_write(path, fill)


def run_comparisons(
    results: Results,
    test: str = COMPARE_TEST,
    seed: int = DEFAULT_SEED,
    baseline: str | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> pd.DataFrame:
    """Every system against ``baseline`` (default: the first) on every measure —
    the table of ``workbench eval --compare``.

    One measure at a time, so a cancel is seen between measures; Holm's
    correction is per measure in :func:`compare_systems`, so the rows equal
    one call over all measures.
    """
    measures = list(results.measures)
    frames = []
    for i, measure in enumerate(measures):
        _check(cancelled)
        frames.append(
            compare_systems(
                results.per_question,
                [measure],
                baseline=baseline or str(results.systems[0]),
                test=test,
                seed=seed,
            )
        )
        if progress is not None:
            progress((i + 1) / max(1, len(measures)), STEP_COMPARE)
    frames = [f for f in frames if len(f)]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def report_request(
    study: Study,
    *,
    lang: str = "ko",
    sheets: Sequence[str] | None = None,
    low_n: int = 10,
    comparisons: pd.DataFrame | None = None,
    test: str | None = None,
    seed: int | None = None,
    results: Results | None = None,
    answers: Any | None = None,
    interval_seed: int | None = None,
) -> ReportRequest:
    """The report's contents from the study: question and passage text, the
    agreement of the judgments in force (the grades given in the app count as
    one more assessor), the notes, every input file, the evaluation manual,
    every decision behind the numbers (:func:`~workbench.core.protocol.decisions.study_decisions`),
    — with ``results`` — what the judging pools did, the diagnosis thresholds,
    the system cards in force, the judgments' evidence sentences and, when the
    study has answers, the answer evaluation (``answers``: an
    :class:`~workbench.core.protocol.answer_results.AnswerReport` already computed, else
    it is computed here)."""

    js = study.judgment_set
    judgments = study.judgments_in_force()
    agreement = by_assessor = standards = None
    if (sheets is None or "agreement" in sheets) and len(study.assessors) >= 2:
        agreement = agreement_table(judgments)
        # the agreement intervals' seed: the one asked for, else the comparisons', else
        # the default (the report states it beside them)
        drawn = next((x for x in (interval_seed, seed) if x is not None), DEFAULT_SEED)
        standards = assessor_standards(judgments, seed=drawn)
        if results is not None and results.systems:
            by_assessor = study.by_assessor(results)
    pools = pool_effect(study, results) if results is not None and study.pools else None
    bounds = None
    if results is not None and results.systems and (sheets is None or "unjudged" in _sheet_keys(sheets)):
        bounds = study.unjudged_bounds(results)
    wants_answers = sheets is None or bool({"answers", "citations"} & set(_sheet_keys(sheets)))
    if answers is None and wants_answers and study.answers.loaded and results is not None:

        answers = answer_report(study, results, lang=lang)
    if not wants_answers:
        answers = None
    return ReportRequest(
        lang=lang,
        unjudged_bounds=bounds,
        questions=js.questions if js is not None else None,
        passages=js.passages if js is not None else None,
        comparisons=comparisons,
        agreement=agreement,
        notes={q: n.to_dict() for q, n in study.notes.items()},
        sources=tuple(study.sources()),
        low_n=int(low_n),
        sheets=None if sheets is None else list(sheets),
        test=test,
        seed=seed,
        diagnosis_settings=study.diagnosis_settings,
        cards=study.cards(),
        typed_cards=tuple(
            info.name for info in study.system_infos() if info.ref in study.system_cards
        ),
        evidence=js.evidence if js is not None else None,
        manual=study.manual_in_force(lang),
        pools=pools,
        calibration=(
            tuple(round_agreement(r) for r in rounds(study))
            if sheets is None or "calibration" in _sheet_keys(sheets)
            else ()
        ),
        by_assessor=by_assessor,
        standards=standards,
        answers=answers,
        decisions=study_decisions(study, lang),
    )


def _sheet_keys(sheets: Sequence[str]) -> list[str]:
    """Sheet keys of a list of keys or sheet names (either language)."""

    by_name = {name: key for names in SHEET_NAMES.values() for key, name in names.items()}
    return [by_name.get(x, x) for x in sheets]


def report_task(
    path: str | os.PathLike[str],
    study: Study,
    results: Results,
    *,
    lang: str = "ko",
    sheets: Sequence[str] | None = None,
    low_n: int = 10,
    comparisons: pd.DataFrame | None = None,
    comparison_test: str | None = None,
    comparison_seed: int | None = None,
    answers: Any | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    interval_seed: int | None = None,
) -> Path:
    """Write the Excel report (worker thread).

    Significance: the given ``comparisons`` (the Compare page's, with its test
    and seed), else :func:`run_comparisons` when the sheet is wanted. Answers:
    the given evaluation, else computed from the study when it has answers.
    ``interval_seed``: the seed of the agreement intervals (default: the
    comparisons' seed, else :data:`DEFAULT_SEED`).
    """
    target = Path(path)
    refuse_inputs(target, study.sources())
    _check(cancelled)
    test = seed = None
    start = 0.0
    wanted = sheets is None or "significance" in sheets
    if wanted and len(results.systems) >= 2:
        if comparisons is None or len(comparisons) == 0:
            sub = None
            if progress is not None:
                sub = lambda f, text: progress(COMPARE_SHARE * f, text)  # noqa: E731
            comparisons = run_comparisons(results, progress=sub, cancelled=cancelled)
            start = COMPARE_SHARE
            test, seed = COMPARE_TEST, DEFAULT_SEED
        else:
            test = comparison_test or (
                str(comparisons["test"].iloc[0]) if "test" in comparisons.columns else None
            )
            seed = comparison_seed if comparison_seed is not None else DEFAULT_SEED
    else:
        comparisons = None
    _check(cancelled)
    request = report_request(
        study,
        lang=lang,
        sheets=sheets,
        low_n=low_n,
        comparisons=comparisons,
        test=test,
        seed=seed,
        results=results,
        answers=answers,
        interval_seed=interval_seed,
    )
    report_progress = None
    if progress is not None:
        report_progress = lambda f, _text: progress(start + (1.0 - start) * f, "")  # noqa: E731
    return write_report(target, results, request, progress=report_progress, cancelled=cancelled)


def judgments_task(
    path: str | os.PathLike[str],
    study: Study,
    *,
    lang: str = "ko",
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Path:
    """Write the judgments in force — the file's and the grades given in the app —
    with every hand resolution in force (file and app: sheet 조정) and the dissent
    record (이견) to a new workbook that reads back to the same grades and
    resolutions (worker thread); the input file is never the target."""
    js = study.judgment_set
    if js is None:
        raise ValueError("the study has no judgments")
    target = Path(path)
    refuse_inputs(target, study.sources())
    if progress is not None:
        progress(0.0, "")
    judgments = study.judgments_in_force()
    resolutions = study.resolutions_in_force()
    dissent = None
    if len(study.assessors) >= 2 or len(resolutions):
        dissent = dissent_record(judgments, study.qrels())
    _check(cancelled)
    if progress is not None:
        progress(0.3, "")

    def write(tmp: Path) -> None:
        # saved straight into the task's own temporary: a second atomic write
        # inside it would leave two temporaries when killed
        wb = judgments_workbook(
            judgments,
            None,
            resolutions if len(resolutions) else None,
            dissent,
            lang,
            questions=js.questions,
            passages=js.passages,
            manual=study.manual_in_force(lang),
        )
        save_workbook(wb, tmp)

    out = _atomic_cancellable(target, write, cancelled)
    if progress is not None:
        progress(1.0, "")
    return out


def csv_task(
    path: str | os.PathLike[str],
    study: Study,
    results: Results,
    *,
    lang: str = "ko",
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Path:
    """Write the per-question CSV (UTF-8 with BOM) (worker thread)."""
    target = Path(path)
    refuse_inputs(target, study.sources())
    if progress is not None:
        progress(0.0, "")
    _check(cancelled)
    js = study.judgment_set
    notes = {q: n.to_dict() for q, n in study.notes.items()}
    out = _atomic_cancellable(
        target,
        lambda tmp: write_per_question_csv(
            tmp, results, js.questions if js is not None else None, notes, lang=lang, in_place=True
        ),
        cancelled,
    )
    if progress is not None:
        progress(1.0, "")
    return out
