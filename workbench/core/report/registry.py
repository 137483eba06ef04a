"""The report's sheets, in workbook order: one entry per sheet (key, Korean and
English name, the function that writes it, its share of the progress bar, its
progress text, and when it applies). :data:`SHEET_KEYS`, :data:`SHEET_NAMES`,
the progress weights and the Export page's checkboxes all come from here, so a
new sheet is one module under :mod:`workbench.core.report.sheets` and one entry."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from workbench.core.report.cells import print_setup
from workbench.core.report.context import ReportContext
from workbench.core.report.sheets import (
    abstention,
    agreement,
    answers,
    by_type,
    calibration,
    citations,
    decisions,
    diagnosis,
    first_evidence,
    how_computed,
    low_scoring,
    manual,
    missed,
    per_question,
    settings,
    significance,
    stages,
    summary,
    systems,
    unjudged,
)
from workbench.core.report.words import PROGRESS_TEXT


def _always(_ctx: ReportContext) -> bool:
    return True


@dataclass(frozen=True)
class SheetSpec:
    """One sheet of the report."""

    key: str
    ko: str
    en: str
    write: Callable[[ReportContext], None]
    #: share of the whole work (the save takes the last 0.3)
    weight: float
    progress_ko: str
    progress_en: str
    #: whether the sheet has anything to show for this request (else it is left out)
    applies: Callable[[ReportContext], bool] = _always
    #: printed on one page (the summary a reader takes in at a glance)
    one_page: bool = False

    def name(self, lang: str) -> str:
        return self.en if lang == "en" else self.ko

    def progress_text(self, lang: str) -> str:
        return self.progress_en if lang == "en" else self.progress_ko


def _has_comparisons(ctx: ReportContext) -> bool:
    return ctx.comparisons is not None and len(ctx.comparisons) > 0


def _has_assessors(ctx: ReportContext) -> bool:
    return ctx.agreement is not None and len(ctx.agreement.get("assessors") or []) >= 2


def _has_calibration(ctx: ReportContext) -> bool:
    return bool(ctx.calibration)


def _has_stages(ctx: ReportContext) -> bool:
    return bool(ctx.plans)


def _has_manual(ctx: ReportContext) -> bool:
    return ctx.manual is not None


def _has_answers(ctx: ReportContext) -> bool:
    return ctx.answers is not None


def _has_unjudged_bounds(ctx: ReportContext) -> bool:
    return ctx.unjudged_bounds is not None and len(ctx.unjudged_bounds) > 0


# the sheets add up to just under 0.7, where the save starts
SHEETS: tuple[SheetSpec, ...] = (
    SheetSpec("summary", "요약", "Summary", summary.write, 0.02,
              "요약 시트 작성 중", "Writing the summary", one_page=True),
    SheetSpec("first_evidence", "첫 근거", "First evidence", first_evidence.write, 0.01,
              "첫 근거 시트 작성 중", "Writing where the first evidence is"),
    # evaluates the rules and the Recall@K curves
    SheetSpec("diagnosis", "진단", "Diagnosis", diagnosis.write, 0.05,
              "진단 시트 작성 중", "Writing the diagnosis"),
    SheetSpec("per_question", "질문별", "Per question", per_question.write, 0.37,
              "질문별 시트 작성 중", "Writing per-question scores"),
    SheetSpec("by_type", "유형별", "By type", by_type.write, 0.02,
              "유형별 시트 작성 중", "Writing scores by type"),
    SheetSpec("low_scoring", "낮은 점수", "Low-scoring", low_scoring.write, 0.07,
              "낮은 점수 시트 작성 중", "Writing low-scoring questions"),
    SheetSpec("missed", "놓친 근거", "Missed evidence", missed.write, 0.02,
              "놓친 근거 시트 작성 중", "Writing missed evidence"),
    SheetSpec("significance", "유의성", "Significance", significance.write, 0.02,
              "유의성 시트 작성 중", "Writing significance tests", _has_comparisons),
    SheetSpec("unjudged", "미평가 범위", "Unjudged ranges", unjudged.write, 0.01,
              "미평가 범위 시트 작성 중", "Writing the unjudged ranges", _has_unjudged_bounds),
    SheetSpec("agreement", "평가자 일치도", "Agreement", agreement.write, 0.02,
              "평가자 일치도 시트 작성 중", "Writing assessor agreement", _has_assessors),
    SheetSpec("calibration", "보정 라운드", "Calibration", calibration.write, 0.01,
              "보정 라운드 시트 작성 중", "Writing the calibration rounds", _has_calibration),
    SheetSpec("abstention", "답변 보류", "Abstention", abstention.write, 0.02,
              "답변 보류 시트 작성 중", "Writing abstention"),
    SheetSpec("how_computed", "계산 방법", "How measures are computed", how_computed.write,
              0.01, "계산 방법 시트 작성 중", "Writing how the measures are computed"),
    SheetSpec("manual", "평가 매뉴얼", "Manual", manual.write, 0.02,
              "평가 매뉴얼 시트 작성 중", "Writing the evaluation manual", _has_manual),
    SheetSpec("systems", "시스템 정보", "System cards", systems.write, 0.02,
              "시스템 정보 시트 작성 중", "Writing the system cards"),
    SheetSpec("stages", "단계", "Stages", stages.write, 0.02,
              "단계 시트 작성 중", "Writing the stages", _has_stages),
    SheetSpec("answers", "답변 평가", "Answers", answers.write, 0.02,
              "답변 평가 시트 작성 중", "Writing the answer ratings", _has_answers),
    SheetSpec("citations", "인용 점검", "Citations", citations.write, 0.02,
              "인용 점검 시트 작성 중", "Writing the citation checks", _has_answers),
    SheetSpec("decisions", "결정 기록", "Decisions", decisions.write, 0.02,
              "결정 기록 시트 작성 중", "Writing the decisions"),
    SheetSpec("settings", "설정", "Settings", settings.write, 0.02,
              "설정 시트 작성 중", "Writing settings"),
)  # fmt: skip

BY_KEY: dict[str, SheetSpec] = {spec.key: spec for spec in SHEETS}

#: every sheet the report can hold, in workbook order
SHEET_KEYS: tuple[str, ...] = tuple(spec.key for spec in SHEETS)

#: language → sheet key → sheet name
SHEET_NAMES: dict[str, dict[str, str]] = {
    lang: {spec.key: spec.name(lang) for spec in SHEETS} for lang in ("ko", "en")
}

#: share of the total work per step, for the progress bar
WEIGHTS: dict[str, float] = {spec.key: spec.weight for spec in SHEETS} | {"save": 0.3}


def set_up_printing(ctx: ReportContext, title: str) -> None:
    """Every written sheet's print layout (:func:`~.cells.print_setup`), one rule
    for all; the summary on one page."""
    by_name = {ctx.names[key]: BY_KEY[key] for key in ctx.keys}
    for ws in ctx.wb.worksheets:
        spec = by_name.get(ws.title)
        print_setup(ws, title, one_page=spec is not None and spec.one_page)


def progress_texts(lang: str) -> dict[str, str]:
    """Step key → what the progress bar says while it runs, in ``lang``."""
    i = 0 if lang == "ko" else 1
    return {spec.key: spec.progress_text(lang) for spec in SHEETS} | {
        key: pair[i] for key, pair in PROGRESS_TEXT.items()
    }


def resolve_sheets(sheets: Sequence[str] | None) -> list[str]:
    """The keys of ``sheets`` (keys or sheet names in either language), in workbook order."""
    if sheets is None:
        return list(SHEET_KEYS)
    by_name = {name: key for names in SHEET_NAMES.values() for key, name in names.items()}
    chosen = set()
    for item in sheets:
        key = item if item in SHEET_KEYS else by_name.get(item)
        if key is None:
            raise ValueError(f"unknown report sheet {item!r}; choose from {', '.join(SHEET_KEYS)}")
        chosen.add(key)
    return [k for k in SHEET_KEYS if k in chosen]
