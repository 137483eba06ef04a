"""The Excel report: one workbook a pastor can open, read and pass on.

:func:`write_report` turns a :class:`~workbench.core.model.results.Results` (plus
optional questions, passages, significance tests, assessor agreement and the
user's notes) into an ``.xlsx`` with these sheets, in this order, named and
headed in the UI language:

====================  ==============  ==========================================
key                   Korean          contents
====================  ==============  ==========================================
``summary``           요약            systems × measures (means, n), counts,
                                      warnings, measure legend, native charts
``diagnosis``         진단            the seeds' rules applied per system: the
                                      sentence, its numbers and questions; what
                                      could not be checked; the thresholds; the
                                      K advice (:mod:`workbench.core.protocol.diagnosis`)
``per_question``      질문별          question × system × measure, text, type,
                                      note and flag
``by_type``           유형별          means per question type, with n
``low_scoring``       낮은 점수       worst N questions per system by the
                                      primary measure, their top-K passages
                                      (grade, text, source; the 근거 문장 in
                                      bold colour) and missed evidence
``missed``            놓친 근거       missed evidence by role per system and
                                      type; the lowest nDCG@K cases per type
``significance``      유의성          only when ``comparisons`` is given
``agreement``         평가자 일치도   only with ≥ 2 assessors
``abstention``        답변 보류       abstention rates; unanswerable questions
``manual``            평가 매뉴얼     the evaluation manual: each grade's label,
                                      definition and examples, θ, principles
``systems``           시스템 정보     every system's card (retriever, models,
                                      chunking, K, stage) and the warning when
                                      chunk settings differ
``stages``            단계            only with a pipeline of ≥ 2 tagged stages:
                                      the stage measures side by side and what
                                      the later stage dropped
``answers``           답변 평가       only with answers: rating means per system
                                      and type (bootstrap CI), paired tests,
                                      the raters' agreement, the rubric, every
                                      answer's scores and every rater's rating
``citations``         인용 점검       only with answers: the automatic citation
                                      checks per system, per answer, per
                                      cited passage (grade, rank)
``decisions``         결정 기록       every decision behind the numbers, one
                                      row each: grades resolved by hand (with
                                      the assessors' grades), given in the app
                                      or on a judging pool, confirmed
                                      conversions, rows left out, answer
                                      ratings, notes and flags — who, when,
                                      why, and the file, sheet and row
                                      (:mod:`workbench.core.protocol.decisions`)
``settings``          설정            every choice that changes a number, the
                                      test and seed, versions, input checksums,
                                      the judging pools and what they did, and
                                      how many decisions of each kind there are
====================  ==============  ==========================================

Conventions:

- Numbers are written as the raw floats of ``Results`` (format ``0.000``);
  a NaN is an empty cell.
- Text that came from input (ids, questions, passages, notes, system names)
  is always stored as a string cell, never a formula: a question ``=1+1``
  stays the literal text ``=1+1`` (openpyxl would otherwise store it as a
  formula) — formula injection is impossible. Control characters Excel
  cannot store are removed and text is cut at Excel's 32,767 characters.
- The workbook's default font is a Korean-capable font, so every cell
  (styled or not) shows Hangul; grade cells carry diffir's colours *and*
  the grade's label text (colour is never the only cue).
- Scores get one colour scale (0 red → 0.5 yellow → 1 green) per sheet as
  conditional formatting ranges, not per-cell fills, which keeps writing
  2,000 questions × 4 systems close to the speed of ``DataFrame.to_excel``.
- The file is built in memory and saved through :func:`~workbench.core.io.atomic.atomic_write`:
  a cancel or crash leaves no file, and a workbook open in Excel raises
  :class:`~workbench.core.io.atomic.LockedFileError`.
"""

from __future__ import annotations

import math
import os
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pandas as pd
from openpyxl import Workbook
from openpyxl.cell.text import InlineFont
from openpyxl.chart import BarChart, LineChart, Reference
from openpyxl.chart.data_source import AxDataSource, StrRef
from openpyxl.formatting.rule import ColorScaleRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.worksheet.worksheet import Worksheet

from workbench import __version__
from workbench.core.io.atomic import atomic_write, check_writable, save_workbook
from workbench.core.io.cells import cell_text, put
from workbench.core.io.workbook_style import FONT_NAME, FONT_SIZE
from workbench.core.measures.agreement import kappa_band
from workbench.core.measures.agreement import kappa_band as band
from workbench.core.measures.metrics import parse_measure
from workbench.core.model import grades as g
from workbench.core.model import schema as s
from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.evidence_text import evidence_map, find_spans, split_by_spans
from workbench.core.model.problems import level_word, levels_text
from workbench.core.model.results import Results
from workbench.core.model.schema import SourceFile
from workbench.core.protocol.answer_results import rubric_rows
from workbench.core.protocol.answers import RATE_COLUMNS, flag_label
from workbench.core.protocol.decisions import (
    FLAG,
    Decision,
    count_by_kind,
    kind_label,
    note_decisions,
    read_choice_decisions,
)
from workbench.core.protocol.diagnosis import (
    THRESHOLDS,
    DiagnosisSettings,
    diagnose,
    lowest_cases,
    rule,
)
from workbench.core.protocol.diagnosis import missed_by_role as _missed_by_role
from workbench.core.protocol.manual import manual_rows
from workbench.core.protocol.stages import stage_losses, stage_measures, stage_plans
from workbench.core.protocol.system_cards import (
    CARD_FIELDS,
    FIELD_LABELS,
    STAGE_LABELS,
    SystemCard,
    comparability_warnings,
)

__all__ = [
    "SHEET_KEYS",
    "SHEET_NAMES",
    "FONT_NAME",
    "write_report",
    "build_report",
    "primary_measure",
    "sheet_name",
]


#: every sheet the report can hold, in workbook order
SHEET_KEYS: tuple[str, ...] = (
    "summary",
    "diagnosis",
    "per_question",
    "by_type",
    "low_scoring",
    "missed",
    "significance",
    "agreement",
    "abstention",
    "manual",
    "systems",
    "stages",
    "answers",
    "citations",
    "decisions",
    "settings",
)

SHEET_NAMES: dict[str, dict[str, str]] = {
    "ko": {
        "summary": "요약",
        "diagnosis": "진단",
        "per_question": "질문별",
        "by_type": "유형별",
        "low_scoring": "낮은 점수",
        "missed": "놓친 근거",
        "significance": "유의성",
        "agreement": "평가자 일치도",
        "abstention": "답변 보류",
        "manual": "평가 매뉴얼",
        "systems": "시스템 정보",
        "stages": "단계",
        "answers": "답변 평가",
        "citations": "인용 점검",
        "decisions": "결정 기록",
        "settings": "설정",
    },
    "en": {
        "summary": "Summary",
        "diagnosis": "Diagnosis",
        "per_question": "Per question",
        "by_type": "By type",
        "low_scoring": "Low-scoring",
        "missed": "Missed evidence",
        "significance": "Significance",
        "agreement": "Agreement",
        "abstention": "Abstention",
        "manual": "Manual",
        "systems": "System cards",
        "stages": "Stages",
        "answers": "Answers",
        "citations": "Citations",
        "decisions": "Decisions",
        "settings": "Settings",
    },
}

#: passage text shown on the Low-scoring sheet
SNIPPET_CHARS = 400
#: height of one line of wrapped text, in points (Hangul needs more than Latin)
LINE_HEIGHT_PT = 15.0
#: a difference is marked significant when the (adjusted) p-value is below this
ALPHA = 0.05
#: rows sampled per column when fitting column widths (the rest look alike)
WIDTH_SAMPLE_ROWS = 400

SCORE_FORMAT = "0.000"
P_FORMAT = "0.0000"
RATE_FORMAT = "0.0%"
INT_FORMAT = "0"

# -- words -------------------------------------------------------------------

_T: dict[str, tuple[str, str]] = {
    # shared headers
    "system": ("시스템", "System"),
    "n": ("n", "n"),
    "question_id": ("질문ID", "Question ID"),
    "question": ("질문", "Question"),
    "type": ("유형", "Type"),
    "missing": ("결과 없음", "Missing from run"),
    "note": ("메모", "Note"),
    "flag": ("표시", "Flagged"),
    "yes": ("예", "yes"),
    "no_type": ("(유형 없음)", "(no type)"),
    # summary
    "counts": ("질문 수", "Question counts"),
    "answerable": ("평가한 질문(근거 있음)", "Evaluated questions (with evidence)"),
    "unanswerable": (
        "답변 불가 질문(근거 없음, 평균에서 제외)",
        "Unanswerable questions (no evidence, left out of means)",
    ),
    "missing_count": (
        "실행 결과에 없는 질문(0점 처리)",
        "Questions missing from the run (scored 0)",
    ),
    "run_only_count": (
        "판정에 없는 질문(평가 안 함)",
        "Questions not in the judgments (not evaluated)",
    ),
    "settings_line": ("설정", "Settings"),
    "warnings": ("경고", "Warnings"),
    "messages": ("오류·경고·정보", "Errors, warnings and info"),
    "no_messages": ("없음", "None"),
    "legend": ("지표 설명", "Measures"),
    "measure": ("지표", "Measure"),
    "measure_name": ("이름", "Name"),
    "explanation": ("설명", "Explanation"),
    "chart_data": ("차트 자료", "Chart data"),
    "bar_title": ("시스템별 지표 평균", "Mean of each measure per system"),
    "line_title": ("K에 따른 재현율(Recall@K)", "Recall@K over K"),
    "mean": ("평균", "Mean"),
    "best_note": (
        "굵은 글씨: 그 지표에서 가장 좋은 시스템. 색: 0(빨강) → 0.5(노랑) → 1(초록).",
        "Bold: the best system on that measure. Colour: 0 (red) → 0.5 (yellow) → 1 (green).",
    ),
    # low scoring
    "kind": ("구분", "Kind"),
    "retrieved": ("검색 결과", "Retrieved"),
    "missed": ("놓친 근거", "Missed evidence"),
    "nothing": ("결과 없음", "Nothing returned"),
    "rank": ("순위", "Rank"),
    "passage_id": ("문단ID", "Passage ID"),
    "document_id": ("문서ID", "Document ID"),
    "grade": ("등급", "Grade"),
    "grade_label": ("등급 뜻", "Grade meaning"),
    "text": ("본문", "Text"),
    "volume": ("권", "Volume"),
    "lecture": ("강연", "Lecture"),
    "page": ("페이지", "Page"),
    "score": ("점수", "Score"),
    "role": ("근거 역할", "Evidence role"),
    # significance
    "baseline": ("기준 시스템", "Baseline"),
    "mean_diff": ("평균 차이", "Mean difference"),
    "ci_low": ("95% 신뢰구간 하한", "95% CI low"),
    "ci_high": ("95% 신뢰구간 상한", "95% CI high"),
    "p_value": ("p값", "p-value"),
    "p_adjusted": ("보정 p값(Holm)", "Adjusted p (Holm)"),
    "test": ("검정", "Test"),
    "wins": ("이김", "Wins"),
    "ties": ("비김", "Ties"),
    "losses": ("짐", "Losses"),
    "significant": ("유의함(p<0.05)", "Significant (p<0.05)"),
    "sig_note": (
        "차이 = 시스템 − 기준 시스템. 두 시스템이 모두 평가한 질문만 비교합니다. 여러 쌍을 비교하므로 p값은 Holm 방식으로 보정했습니다.",
        "Difference = system − baseline, over questions both evaluate. p-values are Holm-adjusted across pairs.",
    ),
    # agreement
    "assessor_a": ("평가자 A", "Assessor A"),
    "assessor_b": ("평가자 B", "Assessor B"),
    "exact": ("완전 일치율", "Exact agreement"),
    "kappa": ("코헨 카파", "Cohen's kappa"),
    "kappa_quadratic": ("가중 카파(이차)", "Weighted kappa (quadratic)"),
    "band": ("해석", "Reading"),
    "assessors": ("평가자", "Assessors"),
    "items": ("두 명 이상 평가한 항목 수", "Items graded by two or more"),
    "alpha": ("크리펜도르프 알파(순서형)", "Krippendorff's alpha (ordinal)"),
    "disagreements": ("등급이 다른 항목 수", "Items with differing grades"),
    # abstention
    "n_unanswerable": ("답변 불가 질문 수", "Unanswerable questions"),
    "appropriate_abstentions": ("적절한 보류 수", "Appropriate abstentions"),
    "appropriate_abstention_rate": ("적절한 보류율", "Appropriate abstention rate"),
    "n_answerable": ("답변 가능 질문 수", "Answerable questions"),
    "false_abstentions": ("잘못된 보류 수", "False abstentions"),
    "false_abstention_rate": ("잘못된 보류율", "False abstention rate"),
    "unanswerable_list": ("답변 불가 질문 목록", "Unanswerable questions"),
    "abstention_note": (
        "시스템이 아무것도 돌려주지 않으면(또는 점수 하한 이상인 결과가 없으면) 답변을 보류한 것으로 봅니다.",
        "A system abstains when it returns nothing (or nothing at or above the score floor).",
    ),
    # settings
    "item": ("항목", "Item"),
    "key": ("키", "Key"),
    "value": ("값", "Value"),
    "meaning": ("뜻", "Meaning"),
    "sig_test": ("유의성 검정", "Significance test"),
    "seed": ("난수 시드", "Random seed"),
    "app_version": ("프로그램 버전", "App version"),
    "written_at": ("작성 시각", "Written at"),
    "measures_used": ("지표", "Measures"),
    "primary": ("낮은 점수 기준 지표", "Primary measure (Low-scoring)"),
    "low_n": ("시스템별 낮은 점수 질문 수", "Low-scoring questions per system"),
    "inputs": ("입력 파일", "Input files"),
    "file": ("파일", "File"),
    "sheet": ("시트", "Sheet"),
    "sha256": ("SHA-256", "SHA-256"),
    "none": ("없음", "none"),
    # diagnosis
    "stage": ("단계", "Stage"),
    "rule": ("규칙", "Rule"),
    "sentence": ("진단", "Diagnosis"),
    "n_questions": ("질문 수", "Questions"),
    "question_ids": ("질문ID", "Question IDs"),
    "numbers": ("근거 숫자", "Numbers"),
    "types_named": ("해당 유형", "Types named"),
    "not_checked": ("확인하지 못한 규칙", "Rules not checked"),
    "reason": ("이유", "Reason"),
    "thresholds": ("진단 기준값", "Diagnosis thresholds"),
    "threshold": ("기준", "Threshold"),
    "default": ("기본값", "Default"),
    "k_advice": ("K 조언: 몇 개를 넘길지", "K advice: how many passages to pass on"),
    "depth": ("결과 깊이", "Run depth"),
    "ladder": ("K 단계별 Recall", "Recall per step of the K list"),
    "advised_k": ("권하는 K", "Advised K"),
    "growing": ("아직 늘어남", "Still growing"),
    "per_q": ("질문당 문단", "Passages per question"),
    "total": ("전체 문단", "Passages in all"),
    "saved": ("덜 쓰는 문단(질문당)", "Saved per question"),
    "diag_note": (
        "규칙은 연구 문서의 판단 기준을 그대로 옮긴 것입니다. 기준값은 앱의 개요 ▸ 진단에서 바꿀 수 있습니다.",
        "The rules apply the study articles' reading of the measures. Change the thresholds "
        "on Overview ▸ Diagnosis.",
    ),
    # missed evidence
    "core": ("핵심 누락", "Core missed"),
    "supporting": ("보조 누락", "Supporting missed"),
    "alternative": ("대체 누락", "Alternative missed"),
    "other": ("역할 없음 누락", "No-role missed"),
    "q_core": ("핵심 근거를 놓친 질문 수", "Questions missing core"),
    "lowest": ("유형별 낮은 점수 사례", "Lowest cases per type"),
    "missed_note": (
        "상위 {k}개에 없는 관련 근거(등급 ≥ θ)를 역할별로 셉니다. 같은 근거 그룹의 대체 근거가 상위 {k}개에 있으면 핵심 근거는 놓친 것으로 보지 않습니다.",
        "Relevant evidence (grade ≥ θ) not in the top {k}, by role. A core passage whose "
        "evidence group has an alternative in the top {k} is not counted as missed.",
    ),
    "no_roles": (
        "판정에 근거 역할(핵심/보조/대체)이 없어 모두 '역할 없음'으로 셉니다.",
        "The judgments have no evidence roles (core/supporting/alternative): every passage "
        "counts as no role.",
    ),
    # system cards
    "card_from": ("입력한 곳", "Entered in"),
    "from_file": ("실행 결과 파일", "run workbook"),
    "from_app": ("앱", "the app"),
    "no_card": ("(정보 없음)", "(no card)"),
    "comparability": ("비교할 때 주의", "Comparability"),
    "cards_ok": (
        "청크 크기·겹침·단위가 적힌 시스템끼리는 서로 같습니다.",
        "Where chunk size, overlap and unit are given, the systems agree.",
    ),
    # stages
    "pipeline": ("파이프라인", "Pipeline"),
    "stage_measure": ("이 단계를 보는 지표", "Stage measure"),
    "stage_losses": (
        "앞 단계에서 찾았지만 다음 단계에서 빠진 관련 근거",
        "Relevant evidence the next stage dropped",
    ),
    "kind_lost": ("빠짐", "dropped"),
    "kind_gained": ("새로 들어옴", "brought in"),
    "from_pos": ("앞 단계 순위", "Earlier position"),
    "to_pos": ("다음 단계 순위", "Later position"),
    "evidence_sentence": ("근거 문장", "Evidence sentence"),
    # manual
    "manual_label": ("이름", "Label"),
    "manual_definition": ("정의", "Definition"),
    "manual_example_id": ("예시 문단ID", "Example passage id"),
    "manual_example_text": ("예시 본문", "Example text"),
    "manual_theta": ("관련 기준 θ", "Relevance threshold θ"),
    "manual_principles": ("운영 원칙", "Principles"),
    # pools
    "pools": ("판정 풀", "Judging pools"),
    "pool_assessor": ("평가자", "Assessor"),
    "pool_depth": ("깊이(상위 몇 개)", "Depth (top K)"),
    "pool_seed": ("순서 시드", "Order seed"),
    "pool_questions": ("질문 수", "Questions"),
    "pool_systems": ("시스템", "Systems"),
    "pool_created": ("만든 때", "Made"),
    "pool_items": ("풀 문단 수", "Passages in pool"),
    "pool_graded": ("판정함", "Graded"),
    "pool_cannot": ("판정 불가", "Cannot judge"),
    "pool_later": ("나중에", "Later"),
    "pool_waiting": ("남음", "Still waiting"),
    "pool_judged_before": ("풀 판정 전", "Before the pools"),
    "pool_judged_after": ("지금", "Now"),
    "pool_order_note": (
        "판정 순서: 질문을 섞고, 질문마다 문단을 섞습니다(시드로 고정). 시스템 이름·순위·점수는 "
        "평가자에게 보이지 않습니다.",
        "Judging order: questions shuffled, then each question's passages shuffled (fixed by the "
        "seed). Assessors see no system name, rank or score.",
    ),
    "pool_agreement": ("판정 풀 문단의 평가자 일치도", "Agreement on the pooled passages"),
    "pool_no_overlap": (
        "아직 두 평가자가 같은 풀 문단을 판정하지 않았습니다.",
        "No two assessors have graded the same pooled passage yet.",
    ),
    "read_choices": (
        "확인을 받고 바꿔 읽은 값과 뺀 행",
        "Values read as you confirmed, and rows left out",
    ),
    "first_row": ("첫 행", "First row"),
    "what": ("내용", "What"),
    # decisions
    "target": ("문단ID · 답변", "Passage ID · answer"),
    "decided": ("정한 값", "Decided"),
    "assessor_grades": ("평가자들의 등급", "Assessors' grades"),
    "by": ("누가", "Who"),
    "when": ("언제", "When"),
    "why": ("이유 · 메모", "Why · note"),
    "row": ("행", "Row"),
    "back_to_policy": (
        "조정 취소: 통합 방식대로",
        "resolution taken back: the policy decides",
    ),
    "no_decisions": (
        "기록된 결정이 없습니다: 손으로 정한 등급, 앱이나 판정 풀에서 준 등급, 확인한 변환, "
        "제외한 행, 답변 평가, 메모, 표시가 하나도 없습니다.",
        "No decisions recorded: no grade decided by hand or given in the app or on a judging "
        "pool, no confirmed conversion, no row left out, no answer rating, note or flag.",
    ),
    "decisions_note": (
        "점수를 바꾼 모든 결정(등급, 변환, 제외한 행, 답변 평가)과 질문의 메모·표시입니다. "
        "'평가자들의 등급'은 손으로 정한 항목에 평가자들이 준 등급입니다.",
        "Every decision that changed a number (grades, conversions, rows left out, answer "
        "ratings) and the questions' notes and flags. 'Assessors' grades': the grades the "
        "assessors gave an item decided by hand.",
    ),
    "decisions_settings": ("결정 기록", "Decisions"),
}

#: warnings that record a choice the user made while loading a file: they change
#: what is counted, so the Settings sheet lists them with the other choices
READ_CHOICE_CODES = ("grade_converted", "rows_left_out")

_SETTING_LABELS: dict[str, tuple[str, str]] = {
    "ks": ("K (상위 몇 개까지 볼지)", "Cutoffs K"),
    "threshold": ("관련 기준 θ (등급 ≥ θ면 관련)", "Relevance threshold θ (grade ≥ θ is relevant)"),
    "gain": ("nDCG 이득", "nDCG gain"),
    "order": ("순위 정렬 방식", "Ordering"),
    "dedup": ("중복 제거", "De-duplication"),
    "window": ("인접 범위 ±w", "Adjacent window ±w"),
    "unit": ("평가 단위", "Evaluation unit"),
    "score_floor": ("점수 하한(답변 보류 판단)", "Score floor (abstention)"),
    "resolution": ("평가자 등급 통합 방식", "Assessor grade resolution"),
    "adjudicator": ("최종 판정자", "Adjudicator"),
    "trec_compat": ("trec_eval와 같은 방식", "trec_eval conventions"),
    "depth": ("평가 깊이 (목록 앞 N개만)", "Depth (first N places of each list, trec_eval -M)"),
    "measures": ("보고할 지표 (직접 지정)", "Measures asked for"),
}

_SETTING_VALUES: dict[tuple[str, str], tuple[str, str]] = {
    ("gain", "exponential"): (
        "2^등급 − 1 (지수, 글 예시와 같음)",
        "2^grade − 1 (exponential, as in the seeds)",
    ),
    ("gain", "linear"): (
        "등급 그대로 (선형, trec_eval ndcg_cut과 같음)",
        "grade (linear, = trec_eval ndcg_cut)",
    ),
    ("order", "rank"): (
        "순위 열 순서 (같은 순위는 점수 높은 순, 그다음 문단ID 순)",
        "rank column (ties: score descending, then passage id)",
    ),
    ("order", "score"): (
        "점수 높은 순, 그다음 문단ID 순",
        "score descending, then passage id ascending",
    ),
    ("order", "trec"): (
        "trec_eval 방식: 점수 높은 순, 그다음 문단ID 역순 (순위 열 무시)",
        "trec_eval: score descending, then passage id descending (rank column ignored)",
    ),
    ("dedup", "none"): (
        "없음: 같은 문단이 한 목록에 두 번 나오면 첫 번째만 셉니다",
        "none: a passage listed twice in one ranking counts only at its first place",
    ),
    ("dedup", "document"): ("문서당 한 문단", "one passage per document"),
    ("dedup", "adjacent"): (
        "이미 나온 문단과 인접한(±w) 문단 제외",
        "drop chunks within ±w of a kept chunk",
    ),
    ("unit", "passage"): ("문단", "passage"),
    ("unit", "document"): (
        "문서 (문서 등급 = 가장 높은 문단 등급)",
        "document (its best passage's grade)",
    ),
    ("resolution", "median"): ("중앙값 (짝수면 낮은 쪽)", "median (lower middle on ties)"),
    ("resolution", "majority"): ("다수결", "majority"),
    ("resolution", "max"): ("가장 높은 등급", "highest grade"),
    ("resolution", "min"): ("가장 낮은 등급", "lowest grade"),
    ("resolution", "assessor"): ("지정한 최종 판정자의 등급", "the adjudicator's grade"),
    ("trec_compat", "True"): (
        "예: 관련 근거가 없는 질문도 평균에 넣고(0점), TREC qrels의 음수 등급은 Judged@K에서 "
        "미판정으로 봄; 결과가 없는 질문은 0점(trec_eval -c와 같음)",
        "yes: questions without relevant evidence stay in the means (scoring 0); a negative "
        "grade in TREC qrels is unjudged for Judged@K; a question missing from a run scores 0 "
        "(as trec_eval -c)",
    ),
    ("trec_compat", "False"): (
        "아니오: 관련 근거가 없는 질문은 평균에서 빼고 따로 보고함(연구 글의 방식)",
        "no: questions without relevant evidence are left out of the means and reported "
        "apart (as the seeds ask)",
    ),
}

_PROGRESS_TEXT: dict[str, tuple[str, str]] = {
    "summary": ("요약 시트 작성 중", "Writing the summary"),
    "per_question": ("질문별 시트 작성 중", "Writing per-question scores"),
    "by_type": ("유형별 시트 작성 중", "Writing scores by type"),
    "low_scoring": ("낮은 점수 시트 작성 중", "Writing low-scoring questions"),
    "significance": ("유의성 시트 작성 중", "Writing significance tests"),
    "agreement": ("평가자 일치도 시트 작성 중", "Writing assessor agreement"),
    "abstention": ("답변 보류 시트 작성 중", "Writing abstention"),
    "manual": ("평가 매뉴얼 시트 작성 중", "Writing the evaluation manual"),
    "answers": ("답변 평가 시트 작성 중", "Writing the answer ratings"),
    "citations": ("인용 점검 시트 작성 중", "Writing the citation checks"),
    "decisions": ("결정 기록 시트 작성 중", "Writing the decisions"),
    "settings": ("설정 시트 작성 중", "Writing settings"),
    "diagnosis": ("진단 시트 작성 중", "Writing the diagnosis"),
    "missed": ("놓친 근거 시트 작성 중", "Writing missed evidence"),
    "systems": ("시스템 정보 시트 작성 중", "Writing the system cards"),
    "stages": ("단계 시트 작성 중", "Writing the stages"),
    "save": ("파일 저장 중", "Saving the file"),
    "done": ("완료", "Done"),
}

# share of the total work per step, for the progress bar
_WEIGHTS = {k: 0.02 for k in SHEET_KEYS} | {
    "diagnosis": 0.05,  # evaluates the rules and the Recall@K curves
    "per_question": 0.37,
    "low_scoring": 0.07,
    "save": 0.3,
}  # the sheets add up to just under 0.7, where the save starts


def sheet_name(key: str, lang: str = "ko") -> str:
    """The sheet name of ``key`` (one of :data:`SHEET_KEYS`) in ``lang``."""
    return SHEET_NAMES[_lang(lang)][key]


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "ko"


# -- measures ----------------------------------------------------------------


def _measure_info(name: str, lang: str) -> tuple[str, str, bool, str | None, int | None]:
    """(display name, explanation, higher is better, family, cutoff) of a measure.

    Falls back to the bare name when :mod:`workbench.core.measures.metrics` does not
    know it (or is unavailable).
    """
    try:
        m = parse_measure(name)
    except ValueError:  # a name the registry does not know: show the name alone
        family, _, k = str(name).partition("@")
        return str(name), "", True, family, int(k) if k.isdigit() else None
    return m.display_name(lang), m.explanation(lang), m.higher_is_better, m.family, m.cutoff


def primary_measure(results: Results) -> str:
    """The measure that ranks questions on the Low-scoring sheet: nDCG at the
    largest K when computed, else the first nDCG, else the first measure."""
    ndcg = [
        (c, m)
        for m in results.measures
        for (_, _, _, f, c) in [_measure_info(m, "en")]
        if f == "nDCG"
    ]
    with_k = [(c, m) for c, m in ndcg if c is not None]
    if with_k:
        return max(with_k, key=lambda cm: cm[0])[1]
    if ndcg:
        return ndcg[0][1]
    if not results.measures:
        raise ValueError("the results hold no measures")
    return results.measures[0]


# -- cell helpers ------------------------------------------------------------


def _is_nan(value: Any) -> bool:
    try:
        return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))
    except TypeError:
        return False


def _cell_value(value: Any) -> Any:
    """A value openpyxl can store: NaN/NA → None, numpy scalars → Python."""
    if value is None or value is pd.NA:
        return None
    if isinstance(value, str):
        return cell_text(value)
    if isinstance(value, bool):
        return value
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        try:
            value = value.item()
        except (ValueError, AttributeError):
            pass
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, (int, datetime)):
        return value
    if isinstance(value, pd.Timestamp):
        return value.to_pydatetime()
    return cell_text(str(value))


def _put(ws: Worksheet, row: int, col: int, value: Any, fmt: str | None = None):
    """Write one cell. Strings are always string cells (never formulas/errors)."""
    cell = ws.cell(row=row, column=col)
    v = put(cell, _cell_value(value))
    if fmt is not None and v is not None and not isinstance(v, str):
        cell.number_format = fmt
    return cell


def _display_width(text: str) -> int:
    """Approximate Excel column width of ``text``: wide (Hangul, CJK) chars count 2."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _width_of(value: Any, fmt: str | None) -> int:
    if value is None:
        return 0
    if isinstance(value, float):
        if fmt == SCORE_FORMAT:
            return 6
        if fmt == P_FORMAT:
            return 7
        if fmt == RATE_FORMAT:
            return 7
        return min(len(repr(value)), 12)
    text = str(value)
    # a wrapped multi-line cell is as wide as its longest line
    return max((_display_width(line) for line in text.split("\n")), default=0)


class _Styles:
    """Style objects made once per workbook."""

    def __init__(self) -> None:
        self.bold = Font(name=FONT_NAME, sz=FONT_SIZE, b=True, charset=129, family=3)
        self.title = Font(name=FONT_NAME, sz=FONT_SIZE + 3, b=True, charset=129, family=3)
        self.italic = Font(
            name=FONT_NAME, sz=FONT_SIZE, i=True, charset=129, family=3, color="FF555555"
        )
        self.header_fill = PatternFill("solid", fgColor="FFE8EEF4")
        self.header_border = Border(bottom=Side(style="thin", color="FF7F8C99"))
        self.block_border = Border(top=Side(style="medium", color="FF7F8C99"))
        self.wrap = Alignment(wrap_text=True, vertical="top")
        self.header_align = Alignment(wrap_text=True, vertical="center")
        self.top = Alignment(vertical="top")
        self.center = Alignment(horizontal="center", vertical="top")
        #: the 근거 문장 inside passage text: bold, in a dark blue that prints well
        self.evidence_font = InlineFont(rFont=FONT_NAME, b=True, color="FF1F4E9E", sz=FONT_SIZE)
        self.grade_fills = {
            key: PatternFill("solid", fgColor="FF" + colour.lstrip("#").upper())
            for key, colour in [*((k, g.colour(k)) for k in g.GRADES), (None, g.UNJUDGED_COLOUR)]
        }
        self.grade_fonts = {
            key: Font(
                name=FONT_NAME,
                sz=FONT_SIZE,
                charset=129,
                family=3,
                color="FF" + g.text_colour(g.colour(key)).lstrip("#").upper(),
            )
            for key in [*g.GRADES, None]
        }


def _new_workbook() -> Workbook:
    """A workbook whose default font (style 0, used by every unstyled cell) is
    Korean-capable. Without ``scheme`` Excel uses the name as given rather than
    the theme's Latin font."""
    wb = Workbook()
    base = Font(name=FONT_NAME, sz=FONT_SIZE, charset=129, family=3)
    # style 0 and the "Normal" named style point at font 0; replacing that one
    # font re-fonts every cell without touching them one by one
    wb._fonts = IndexedList([base])
    wb._named_styles["Normal"].font = base
    return wb


#: width of an A4 landscape page in Excel column-width units (about one digit each)
_PAGE_WIDTH_UNITS = 140


def _print_setup(ws) -> None:
    """Print (and PDF) layout a colleague can read: A4 landscape, the header rows
    repeated on every page, and the sheet fitted to the page width when that
    keeps the text at half size or more — wider sheets run over several pages
    rather than shrink into unreadable print."""
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.print_options.gridLines = False
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.5
    if ws.freeze_panes:
        header_rows = ws[ws.freeze_panes].row - 1
        if header_rows >= 1:
            ws.print_title_rows = f"1:{header_rows}"
    total = sum(
        (ws.column_dimensions[letter].width or 9.0)
        for letter in (get_column_letter(i) for i in range(1, (ws.max_column or 1) + 1))
    )
    if total <= 2 * _PAGE_WIDTH_UNITS:
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0


class _Sheet:
    """A worksheet plus what is needed to fit its columns at the end."""

    def __init__(self, wb: Workbook, title: str, styles: _Styles, lang: str) -> None:
        self.ws = wb.create_sheet(title)
        self.st = styles
        self.lang = lang
        self.widths: dict[int, int] = {}
        self.max_width: dict[int, int] = {}
        self.wrapped: set[int] = set()  # columns whose text wraps (rows get their height)
        self.row = 1  # next free row

    def t(self, key: str) -> str:
        pair = _T[key]
        return pair[0] if self.lang == "ko" else pair[1]

    def note_width(self, col: int, width: int) -> None:
        if width > self.widths.get(col, 0):
            self.widths[col] = width

    def header(self, row: int, headers: Sequence[str], col: int = 1) -> None:
        for j, text in enumerate(headers):
            c = _put(self.ws, row, col + j, text)
            c.font = self.st.bold
            c.fill = self.st.header_fill
            c.border = self.st.header_border
            c.alignment = self.st.header_align
            # long headers wrap onto more lines rather than widen the column
            self.note_width(col + j, min(_width_of(text, None), 14))

    def title(self, row: int, text: str, col: int = 1) -> None:
        c = _put(self.ws, row, col, text)
        c.font = self.st.bold

    def table(
        self,
        top: int,
        headers: Sequence[str],
        rows: Iterable[Sequence[Any]],
        formats: Sequence[str | None] | None = None,
        col: int = 1,
        check: Callable[[int], None] | None = None,
    ) -> int:
        """Header at ``top``, rows below; returns the last row written."""
        self.header(top, headers, col)
        fmts = list(formats or [None] * len(headers))
        ws = self.ws
        r = top
        sampled = 0
        for r_i, values in enumerate(rows):
            r = top + 1 + r_i
            for j, v in enumerate(values):
                _put(ws, r, col + j, v, fmts[j] if j < len(fmts) else None)
            if sampled < WIDTH_SAMPLE_ROWS:
                sampled += 1
                for j, v in enumerate(values):
                    self.note_width(col + j, _width_of(v, fmts[j] if j < len(fmts) else None))
            if check is not None and r_i % 500 == 499:
                check(r_i + 1)
        return r

    def wrap_column(self, col: int, first: int, last: int, max_width: int) -> None:
        ws = self.ws
        for r in range(first, last + 1):
            cell = ws.cell(row=r, column=col)
            if cell.value is not None:
                cell.alignment = self.st.wrap
        self.max_width[col] = max_width
        self.wrapped.add(col)

    def fit_columns(self, default_max: int = 50) -> None:
        for col, width in self.widths.items():
            cap = self.max_width.get(col, default_max)
            self.ws.column_dimensions[get_column_letter(col)].width = max(6, min(width + 2, cap))
        if self.wrapped:
            self.fit_row_heights()

    def fit_row_heights(self) -> None:
        """Give rows with wrapped text the height of their longest cell.

        Excel sizes such rows itself, but LibreOffice (and so a PDF made from
        the report) keeps the default height and lets the lines run over the
        next rows."""
        ws = self.ws
        widths = {
            col: (ws.column_dimensions[get_column_letter(col)].width or 9.0) for col in self.wrapped
        }
        for row in range(2, ws.max_row + 1):
            lines = 1
            for col, width in widths.items():
                value = ws.cell(row=row, column=col).value
                if isinstance(value, str) and value:
                    usable = max(width - 1.5, 4.0)
                    lines = max(
                        lines,
                        sum(
                            max(1, math.ceil(_display_width(part) / usable))
                            for part in value.split("\n")
                        ),
                    )
            if lines > 1:
                ws.row_dimensions[row].height = min(lines, 12) * LINE_HEIGHT_PT


# -- the report --------------------------------------------------------------


class _Report:
    def __init__(
        self,
        results: Results,
        request: ReportRequest,
        progress: Progress | None,
        cancelled: CancelCheck | None,
    ) -> None:
        self.r = results
        self.lang = _lang(request.lang)
        self.questions = request.questions
        self.passages = request.passages
        self.comparisons = request.comparisons
        self.agreement = _agreement_dict(request.agreement)
        self.notes = dict(request.notes or {})
        self.sources = list(request.sources or ())
        self.low_n = max(0, int(request.low_n))
        self.primary = request.primary or primary_measure(results)
        ks = [int(k) for k in results.settings.ks] or [10]
        self.top_k = int(request.top_k) if request.top_k else max(ks)
        self.test = request.test
        self.seed = request.seed
        self.answers = request.answers
        self.app_version = request.app_version
        self.manual = request.manual
        self.pools = request.pools
        self.progress = progress
        self.cancelled = cancelled
        self.st = _Styles()
        self.wb = _new_workbook()
        self._done = 0.0
        self.qtext = _question_texts(request.questions)
        self.diagnosis_settings = request.diagnosis_settings or DiagnosisSettings()
        self.cards = dict(request.cards or {})
        self.typed_cards = set(request.typed_cards or ())
        self.evidence = evidence_map(request.evidence)
        if request.decisions is not None:
            self.decisions: list[Decision] = list(request.decisions)
        else:
            # without the study: what the request and the results still tell
            self.decisions = [
                *read_choice_decisions(results.warnings, self.lang),
                *note_decisions(self.notes),
            ]
        #: the sheets this workbook holds (set by build)
        self.keys: list[str] = []
        self._diagnosis = None
        self._plans = None

    @property
    def diagnosis(self):
        if self._diagnosis is None:
            self._diagnosis = diagnose(self.r, self.diagnosis_settings, cancelled=self.cancelled)
        return self._diagnosis

    @property
    def plans(self):
        if self._plans is None:

            self._plans = stage_plans(self.r, self.cards, self.diagnosis_settings)
        return self._plans

    def t(self, key: str) -> str:
        pair = _T[key]
        return pair[0] if self.lang == "ko" else pair[1]

    # progress / cancel
    def check(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise Cancelled()

    def step(self, key: str, fraction_within: float = 0.0) -> None:
        self.check()
        if self.progress is not None:
            pair = _PROGRESS_TEXT[key]
            text = pair[0] if self.lang == "ko" else pair[1]
            self.progress(min(1.0, self._done + _WEIGHTS.get(key, 0.03) * fraction_within), text)

    def finish_step(self, key: str) -> None:
        self._done += _WEIGHTS.get(key, 0.03)

    def sheet(self, key: str) -> _Sheet:
        return _Sheet(self.wb, SHEET_NAMES[self.lang][key], self.st, self.lang)

    def wanted(self, sheets: Sequence[str] | None) -> list[str]:
        keys = _resolve_sheets(sheets)
        out = []
        for key in keys:
            if key == "significance" and (self.comparisons is None or len(self.comparisons) == 0):
                continue
            if key == "agreement" and (
                self.agreement is None or len(self.agreement.get("assessors") or []) < 2
            ):
                continue
            if key == "stages" and not self.plans:
                continue
            if key == "manual" and self.manual is None:
                continue
            if key in ("answers", "citations") and self.answers is None:
                continue
            out.append(key)
        return out

    def build(self, sheets: Sequence[str] | None) -> Workbook:
        keys = self.wanted(sheets)
        self.keys = keys
        default = self.wb.active
        for key in keys:
            self.step(key)
            getattr(self, "_sheet_" + key)()
            self.finish_step(key)
        self.wb.remove(default)
        if not self.wb.worksheets:  # nothing asked for: still a valid workbook
            self.wb.create_sheet(SHEET_NAMES[self.lang]["settings"])
        for ws in self.wb.worksheets:
            _print_setup(ws)
        self.wb.active = 0
        return self.wb

    # -- summary --------------------------------------------------------------

    def _sheet_summary(self) -> None:
        r = self.r
        sh = self.sheet("summary")
        ws = sh.ws
        measures = list(r.measures)
        ncol = 2 + len(measures)
        headers = [sh.t("system"), sh.t("n"), *measures]
        agg = r.aggregates
        rows = []
        for system in r.systems:
            row = agg.loc[system] if system in agg.index else None
            n = None if row is None else row.get("n")
            rows.append([system, n, *[None if row is None else row.get(m) for m in measures]])
        last = sh.table(1, headers, rows, [None, INT_FORMAT, *[SCORE_FORMAT] * len(measures)])
        ws.freeze_panes = "B2"
        if measures and r.systems:
            first_col, last_col = get_column_letter(3), get_column_letter(ncol)
            _score_colours(ws, f"{first_col}2:{last_col}{last}")
            # bold marks the best system per measure (ties all bold)
            for j, m in enumerate(measures):
                hib = _measure_info(m, "en")[2]
                vals = [
                    v for v in (_cell_value(x[2 + j]) for x in rows) if isinstance(v, float | int)
                ]
                if len(vals) < 2:
                    continue
                best = max(vals) if hib else min(vals)
                for i, x in enumerate(rows):
                    if _cell_value(x[2 + j]) == best:
                        ws.cell(row=2 + i, column=3 + j).font = sh.st.bold
        row = last + 1
        c = _put(ws, row, 1, sh.t("best_note"))
        c.font = sh.st.italic

        # settings in one line, so a reader of the first sheet knows what the numbers mean
        row += 2
        sh.title(row, sh.t("settings_line"))
        _put(ws, row, 2, _settings_line(r.settings, self.lang))

        # counts; long labels sit right of their number and overflow into the
        # empty cells beside them, so they do not widen the score columns above
        row += 2
        sh.title(row, sh.t("counts"))
        answerable = int(r.per_question[s.QID].nunique()) if len(r.per_question) else 0
        _put(ws, row + 1, 1, answerable, INT_FORMAT)
        _put(ws, row + 1, 2, sh.t("answerable"))
        _put(ws, row + 2, 1, len(r.unanswerable), INT_FORMAT)
        _put(ws, row + 2, 2, sh.t("unanswerable"))
        row += 4
        miss = _count_by_system(r.missing, r.systems)
        only = _count_by_system(r.run_only, r.systems)
        row = sh.table(
            row,
            [sh.t("system"), sh.t("missing_count"), sh.t("run_only_count")],
            [[sys_, miss[sys_], only[sys_]] for sys_ in r.systems],
            [None, INT_FORMAT, INT_FORMAT],
        )

        # errors, warnings and info: shown, never hidden, the three counted apart (a
        # normal event such as "both judgment sheets were read" is no warning)
        row += 2
        sh.title(row, f"{sh.t('messages')} ({levels_text(r.warnings, self.lang)})")
        row += 1
        if not r.warnings:
            _put(ws, row, 1, sh.t("no_messages"))
        for p in r.warnings:
            _put(ws, row, 1, level_word(p.severity, self.lang))
            _put(ws, row, 2, p.message(self.lang))
            row += 1

        # legend
        row += 1
        sh.title(row, sh.t("legend"))
        for m in measures:
            row += 1
            name, explanation = _measure_info(m, self.lang)[:2]
            _put(ws, row, 1, m)
            _put(ws, row, 2, f"{name}: {explanation}" if explanation else name)
            sh.note_width(1, _width_of(m, None))

        # chart data and charts
        row += 2
        self._summary_charts(sh, row)
        sh.fit_columns()

    def _summary_charts(self, sh: _Sheet, row: int) -> None:
        """Two native charts over real cells of this sheet: measure means
        (bar, one series per system) and Recall@K over K (line)."""
        r = self.r
        ws = sh.ws
        systems = list(r.systems)
        if not systems:
            return
        sh.title(row, sh.t("chart_data"))
        chart_measures = _chart_measures(r.measures)
        agg = r.aggregates

        def value(system: str, m: str) -> Any:
            return agg.loc[system, m] if system in agg.index and m in agg.columns else None

        bar_top = row + 1
        anchor_col = get_column_letter(len(systems) + 3)
        if chart_measures:
            last = sh.table(
                bar_top,
                [sh.t("measure"), *systems],
                [[m, *[value(x, m) for x in systems]] for m in chart_measures],
                [None, *[SCORE_FORMAT] * len(systems)],
            )
            bar = BarChart()
            bar.type = "col"
            bar.title = sh.t("bar_title")
            bar.y_axis.title = sh.t("mean")
            bar.y_axis.scaling.min = 0
            bar.y_axis.scaling.max = 1
            data = Reference(ws, min_col=2, max_col=1 + len(systems), min_row=bar_top, max_row=last)
            cats = Reference(ws, min_col=1, min_row=bar_top + 1, max_row=last)
            bar.add_data(data, titles_from_data=True)
            bar.set_categories(cats)
            # measure names are text: a string reference shows them as labels
            for series in bar.series:
                series.cat = AxDataSource(strRef=StrRef(f=series.cat.numRef.f))
            bar.width, bar.height = 18, 9
            _show_axes(bar)
            ws.add_chart(bar, f"{anchor_col}{bar_top}")
            row = last + 2
        else:
            row = bar_top

        recall = _recall_by_k(r.measures)
        if recall:
            line_top = max(row, bar_top + 20 if chart_measures else row)
            last = sh.table(
                line_top,
                ["K", *systems],
                [[k, *[value(x, m) for x in systems]] for k, m in recall],
                [INT_FORMAT, *[SCORE_FORMAT] * len(systems)],
            )
            line = LineChart()
            line.title = sh.t("line_title")
            line.x_axis.title = "K"
            line.y_axis.title = "Recall@K"
            line.y_axis.scaling.min = 0
            line.y_axis.scaling.max = 1
            data = Reference(
                ws, min_col=2, max_col=1 + len(systems), min_row=line_top, max_row=last
            )
            cats = Reference(ws, min_col=1, min_row=line_top + 1, max_row=last)
            line.add_data(data, titles_from_data=True)
            line.set_categories(cats)
            for series in line.series:
                series.marker.symbol = "circle"
                series.smooth = False
            line.width, line.height = 18, 9
            _show_axes(line)
            ws.add_chart(line, f"{anchor_col}{line_top}")

    # -- per question ---------------------------------------------------------

    def _sheet_per_question(self) -> None:
        r = self.r
        sh = self.sheet("per_question")
        ws = sh.ws
        measures = list(r.measures)
        pq = _per_question_ordered(r)
        headers = [
            sh.t("question_id"),
            sh.t("question"),
            sh.t("type"),
            sh.t("system"),
            sh.t("missing"),
            *measures,
            sh.t("note"),
            sh.t("flag"),
        ]
        formats = [None] * 5 + [SCORE_FORMAT] * len(measures) + [None, None]
        total = max(1, len(pq))
        yes = sh.t("yes")

        def rows() -> Iterable[list[Any]]:
            qids = pq[s.QID].tolist()
            types = pq[s.QTYPE].tolist() if s.QTYPE in pq.columns else [""] * len(pq)
            systems = pq[s.SYSTEM].tolist()
            missing = pq["missing"].tolist() if "missing" in pq.columns else [False] * len(pq)
            cols = [pq[m].tolist() if m in pq.columns else [None] * len(pq) for m in measures]
            for i, q in enumerate(qids):
                note = self.notes.get(q) or {}
                yield [
                    q,
                    self.qtext.get(q, ""),
                    types[i],
                    systems[i],
                    yes if bool(missing[i]) else "",
                    *[c[i] for c in cols],
                    note.get("note") or "",
                    yes if note.get("flagged") else "",
                ]

        def check(done: int) -> None:
            self.step("per_question", done / total)

        last = sh.table(1, headers, rows(), formats, check=check)
        ws.freeze_panes = "B2"
        if len(pq):
            ws.auto_filter.ref = f"A1:{get_column_letter(len(headers))}{last}"
            if measures:
                _score_colours(ws, f"F2:{get_column_letter(5 + len(measures))}{last}")
            sh.wrap_column(2, 2, last, 50)
            sh.max_width[len(headers) - 1] = 40
        sh.fit_columns()

    # -- by type --------------------------------------------------------------

    def _sheet_by_type(self) -> None:
        r = self.r
        sh = self.sheet("by_type")
        measures = list(r.measures)
        bt = r.by_type
        # itertuples renames columns that are not identifiers ("nDCG@10"), so go by position
        cols = list(bt.columns)
        data = []
        for values in bt.itertuples(index=False, name=None):
            d = dict(zip(cols, values))
            qtype = d.get(s.QTYPE) or sh.t("no_type")
            data.append([qtype, d.get(s.SYSTEM), d.get("n"), *[d.get(m) for m in measures]])
        last = sh.table(
            1,
            [sh.t("type"), sh.t("system"), sh.t("n"), *measures],
            data,
            [None, None, INT_FORMAT, *[SCORE_FORMAT] * len(measures)],
        )
        sh.ws.freeze_panes = "C2"
        if data and measures:
            _score_colours(sh.ws, f"D2:{get_column_letter(3 + len(measures))}{last}")
        sh.fit_columns()

    # -- low scoring ----------------------------------------------------------

    def _sheet_low_scoring(self) -> None:
        r = self.r
        sh = self.sheet("low_scoring")
        ws = sh.ws
        st = self.st
        lang = self.lang
        primary = self.primary
        k = self.top_k
        doc_unit = r.settings.unit == "document"
        headers = [
            sh.t("system"),
            sh.t("question_id"),
            sh.t("question"),
            sh.t("type"),
            primary,
            sh.t("kind"),
            sh.t("rank"),
            sh.t("document_id") if doc_unit else sh.t("passage_id"),
            sh.t("grade"),
            sh.t("grade_label"),
            sh.t("text"),
            sh.t("volume"),
            sh.t("lecture"),
            sh.t("page"),
            sh.t("score"),
        ]
        formats = [None, None, None, None, SCORE_FORMAT, None, INT_FORMAT, None, INT_FORMAT]
        formats += [None, None, None, None, None, None]
        sh.header(1, headers)
        ws.freeze_panes = "A2"
        lookup = _passage_lookup(self.passages, doc_unit)
        worst = _worst_questions(r, primary, self.low_n)
        ranking = r.ranking
        if len(worst) and len(ranking):
            keys = pd.MultiIndex.from_frame(worst[[s.SYSTEM, s.QID]])
            rk = ranking[ranking["position"] <= k]
            rk = rk[pd.MultiIndex.from_frame(rk[[s.SYSTEM, s.QID]]).isin(keys)]
            rk = rk.sort_values([s.SYSTEM, s.QID, "position"], kind="stable")
            top_lists = {key: grp for key, grp in rk.groupby([s.SYSTEM, s.QID], sort=False)}
        else:
            top_lists = {}
        qrels = r.qrels
        relevant = qrels[qrels["relevant"]] if len(qrels) else qrels
        rel_by_q = (
            {q: grp for q, grp in relevant.groupby(s.QID, sort=False)} if len(relevant) else {}
        )
        types = _question_types(r)

        evidence_col = len(headers) + 1
        if self.evidence:
            sh.header(1, [sh.t("evidence_sentence")], col=evidence_col)
        row = 2
        grade_col, label_col, text_col = 9, 10, 11
        total = max(1, len(worst))
        for i, (system, q, value) in enumerate(
            worst[[s.SYSTEM, s.QID, primary]].itertuples(index=False, name=None)
        ):
            if i % 10 == 0:
                self.step("low_scoring", i / total)
            head = [system, q, self.qtext.get(q, ""), types.get(q, ""), value]
            block_first = row
            top = top_lists.get((system, q))
            shown: set[str] = set()
            lines: list[list[Any]] = []
            grades_of: list[Any] = []
            if top is None or top.empty:
                lines.append(
                    [sh.t("nothing"), None, None, None, None, None, None, None, None, None]
                )
                grades_of.append("skip")
            else:
                for pos, pid, grade, score in top[["position", s.PID, s.GRADE, s.SCORE]].itertuples(
                    index=False, name=None
                ):
                    shown.add(pid)
                    text, vol, lec, page = lookup.get(pid, ("", None, None, None))
                    lines.append(
                        [
                            sh.t("retrieved"),
                            pos,
                            pid,
                            _grade_number(grade),
                            g.chip_text(grade, lang),
                            _snippet(text),
                            vol,
                            lec,
                            page,
                            score,
                        ]
                    )
                    grades_of.append(grade)
            rel = rel_by_q.get(q)
            if rel is not None:
                rel = rel[~rel[s.PID].isin(shown)].sort_values(
                    [s.GRADE, s.PID], ascending=[False, True], kind="stable"
                )
                for pid, grade in rel[[s.PID, s.GRADE]].itertuples(index=False, name=None):
                    text, vol, lec, page = lookup.get(pid, ("", None, None, None))
                    lines.append(
                        [
                            sh.t("missed"),
                            None,
                            pid,
                            _grade_number(grade),
                            g.chip_text(grade, lang),
                            _snippet(text),
                            vol,
                            lec,
                            page,
                            None,
                        ]
                    )
                    grades_of.append(grade)
            for line, grade in zip(lines, grades_of):
                values = head + line
                for j, v in enumerate(values):
                    _put(ws, row, j + 1, v, formats[j] if j < len(formats) else None)
                for j, v in enumerate(values):
                    sh.note_width(j + 1, _width_of(v, formats[j] if j < len(formats) else None))
                if grade != "skip":
                    key = _grade_number(grade)
                    key = None if key is None else min(max(key, 0), 3)
                    for col in (grade_col, label_col):
                        c = ws.cell(row=row, column=col)
                        if col == grade_col and c.value is None:
                            # unjudged: the number cell says so in words too
                            _put(ws, row, col, g.label(None, lang))
                            c = ws.cell(row=row, column=col)
                        c.fill = st.grade_fills[key]
                        c.font = st.grade_fonts[key]
                        if col == grade_col:
                            c.alignment = st.center
                for col in (3, text_col):
                    ws.cell(row=row, column=col).alignment = st.wrap
                sh.wrapped.update((3, text_col))
                if self.evidence and line[2] is not None:
                    self._mark_evidence(ws, row, text_col, q, str(line[2]), evidence_col)
                row += 1
            # a rule above each question's block keeps blocks apart
            for col in range(1, len(headers) + 1):
                c = ws.cell(row=block_first, column=col)
                c.border = st.block_border
        last = row - 1
        if last >= 2:
            _score_colours(ws, f"E2:E{last}")
        sh.max_width[3] = 40
        sh.max_width[text_col] = 70
        if self.evidence:
            sh.max_width[evidence_col] = 50
            sh.wrapped.add(evidence_col)
        sh.fit_columns()

    def _mark_evidence(self, ws, row: int, text_col: int, q: str, pid: str, ev_col: int) -> None:
        """The 근거 문장 of (question, passage) in bold colour inside the passage text
        (rich text), and the sentences themselves in their own column."""
        sentences = self.evidence.get((str(q), pid))
        if not sentences:
            return
        c = _put(ws, row, ev_col, "\n".join(sentences))
        c.alignment = self.st.wrap
        cell = ws.cell(row=row, column=text_col)
        text = cell.value if isinstance(cell.value, str) else ""
        spans = find_spans(text, sentences)
        if not spans:
            return
        from openpyxl.cell.rich_text import CellRichText, TextBlock

        mark = self.st.evidence_font
        cell.value = CellRichText(
            [TextBlock(mark, piece) if hit else piece for piece, hit in split_by_spans(text, spans)]
        )

    # -- diagnosis ------------------------------------------------------------

    def _sheet_diagnosis(self) -> None:
        r = self.r
        sh = self.sheet("diagnosis")
        ws = sh.ws
        lang = self.lang
        diag = self.diagnosis
        rows = []
        for f in diag.findings:
            ids = list(f.question_ids)
            shown = ", ".join(ids[:30]) + (" …" if len(ids) > 30 else "")
            numbers = "; ".join(_finding_number(k, v) for k, v in f.values.items())
            rows.append(
                [
                    f.system,
                    _stage_text(f.stage, lang),
                    rule(f.rule).title(lang),
                    f.sentence(lang),
                    len(ids),
                    shown,
                    numbers,
                    ", ".join(f.named_types),
                ]
            )
        last = sh.table(
            1,
            [
                sh.t("system"),
                sh.t("stage"),
                sh.t("rule"),
                sh.t("sentence"),
                sh.t("n_questions"),
                sh.t("question_ids"),
                sh.t("numbers"),
                sh.t("types_named"),
            ],
            rows,
            [None, None, None, None, INT_FORMAT, None, None, None],
        )
        ws.freeze_panes = "B2"
        sh.wrap_column(4, 2, last, 80)
        sh.wrap_column(6, 2, last, 30)
        sh.wrap_column(7, 2, last, 30)
        row = last + 1
        c = _put(ws, row, 1, sh.t("diag_note"))
        c.font = sh.st.italic

        row += 2
        sh.title(row, f"{sh.t('not_checked')} ({len(diag.not_checked)})")
        row = sh.table(
            row + 1,
            [sh.t("rule"), sh.t("system"), sh.t("reason")],
            [[rule(n.rule).title(lang), n.system or "", n.reason(lang)] for n in diag.not_checked],
        )
        row += 2
        sh.title(row, sh.t("thresholds"))
        defaults = DiagnosisSettings()
        st = diag.settings
        row = sh.table(
            row + 1,
            [sh.t("threshold"), sh.t("key"), sh.t("value"), sh.t("default"), sh.t("meaning")],
            [
                [t.label(lang), t.name, st.text(t.name), defaults.text(t.name), t.help(lang)]
                for t in THRESHOLDS
            ],
        )
        row += 2
        sh.title(row, sh.t("k_advice"))
        advice_rows = []
        for system in r.systems:
            a = diag.k_advice.get(str(system))
            if a is None:
                continue
            steps = " · ".join(f"@{k} {v:.3f}" for k, v in zip(a.ladder, a.recall))
            advice_rows.append(
                [
                    system,
                    a.depth,
                    steps,
                    a.advised_k,
                    sh.t("yes") if a.growing else "",
                    a.advised_k,
                    a.passages_total,
                    a.saved_per_question,
                ]
            )
        sh.table(
            row + 1,
            [
                sh.t("system"),
                sh.t("depth"),
                sh.t("ladder"),
                sh.t("advised_k"),
                sh.t("growing"),
                sh.t("per_q"),
                sh.t("total"),
                sh.t("saved"),
            ],
            advice_rows,
            [None, INT_FORMAT, None, INT_FORMAT, None, INT_FORMAT, INT_FORMAT, INT_FORMAT],
        )
        sh.fit_columns(default_max=60)

    # -- missed evidence ------------------------------------------------------

    def _sheet_missed(self) -> None:
        r = self.r
        sh = self.sheet("missed")
        ws = sh.ws
        k = self.diagnosis_settings.context_k
        missed = _missed_by_role(r, k)
        by_type = missed.by_type
        rows = []
        for rec in by_type.to_dict("records"):
            ids = list(rec["question_ids"])
            rows.append(
                [
                    rec[s.SYSTEM],
                    rec[s.QTYPE] or sh.t("no_type"),
                    rec["questions"],
                    rec["core_missed"],
                    rec["supporting_missed"],
                    rec["alternative_missed"],
                    rec["other_missed"],
                    rec["questions_core_missed"],
                    ", ".join(ids[:30]) + (" …" if len(ids) > 30 else ""),
                ]
            )
        last = sh.table(
            1,
            [
                sh.t("system"),
                sh.t("type"),
                sh.t("n_questions"),
                sh.t("core"),
                sh.t("supporting"),
                sh.t("alternative"),
                sh.t("other"),
                sh.t("q_core"),
                sh.t("question_ids"),
            ],
            rows,
            [None, None, *[INT_FORMAT] * 6, None],
        )
        ws.freeze_panes = "C2"
        sh.wrap_column(9, 2, last, 40)
        row = last + 1
        note = sh.t("missed_note").format(k=k)
        if not missed.has_roles:
            note += " " + sh.t("no_roles")
        c = _put(ws, row, 1, note)
        c.font = sh.st.italic
        row += 2
        sh.title(row, f"{sh.t('lowest')} (nDCG@{k})")
        cases = lowest_cases(r, k, per_type=3)
        per_q = missed.per_question.set_index([s.SYSTEM, s.QID])
        case_rows = []
        for rec in cases.to_dict("records"):
            key = (rec[s.SYSTEM], rec[s.QID])
            m = per_q.loc[key] if key in per_q.index else None
            case_rows.append(
                [
                    rec[s.SYSTEM],
                    rec[s.QTYPE] or sh.t("no_type"),
                    rec[s.QID],
                    self.qtext.get(str(rec[s.QID]), ""),
                    rec[f"nDCG@{k}"],
                    None if m is None else int(m["core_missed"]),
                    None if m is None else int(m["supporting_missed"]),
                ]
            )
        first = row + 2
        last = sh.table(
            row + 1,
            [
                sh.t("system"),
                sh.t("type"),
                sh.t("question_id"),
                sh.t("question"),
                f"nDCG@{k}",
                sh.t("core"),
                sh.t("supporting"),
            ],
            case_rows,
            [None, None, None, None, SCORE_FORMAT, INT_FORMAT, INT_FORMAT],
        )
        if case_rows:
            _score_colours(ws, f"E{first}:E{last}")
        sh.wrap_column(4, first, last, 50)
        sh.fit_columns()

    # -- system cards ---------------------------------------------------------

    def _sheet_systems(self) -> None:
        r = self.r
        sh = self.sheet("systems")
        ws = sh.ws
        lang = self.lang
        i = 0 if lang == "ko" else 1
        rows = []
        for system in r.systems:
            card = self.cards.get(str(system)) or SystemCard()
            values = []
            for name in CARD_FIELDS:
                v = card.value(name)
                if name == "stage" and v:
                    v = STAGE_LABELS[v][i]
                values.append(None if v in ("", None) else v)
            origin = (
                sh.t("from_app")
                if str(system) in self.typed_cards
                else sh.t("from_file")
                if not card.empty
                else sh.t("no_card")
            )
            rows.append([system, *values, origin])
        last = sh.table(
            1,
            [sh.t("system"), *[FIELD_LABELS[n][i] for n in CARD_FIELDS], sh.t("card_from")],
            rows,
            [None, None, None, None, INT_FORMAT, INT_FORMAT, None, INT_FORMAT, None, None, None],
        )
        ws.freeze_panes = "B2"
        sh.wrap_column(1 + len(CARD_FIELDS), 2, last, 40)  # the note
        row = last + 2
        sh.title(row, sh.t("comparability"))
        warnings = comparability_warnings({str(k): v for k, v in self.cards.items()})
        if not warnings:
            _put(ws, row + 1, 1, sh.t("cards_ok"))
        for j, w in enumerate(warnings, start=1):
            _put(ws, row + j, 1, w.text(lang))
        sh.fit_columns()

    # -- stages ---------------------------------------------------------------

    def _sheet_stages(self) -> None:

        r = self.r
        sh = self.sheet("stages")
        ws = sh.ws
        lang = self.lang
        row = 1
        for plan in self.plans:
            sh.title(row, f"{sh.t('pipeline')}: {plan.pipeline or '—'}")
            table = stage_measures(r, plan)
            names = [
                c
                for c in table.columns
                if c not in ("stage", "system", "depth", "n", "stage_measure")
            ]
            first = row + 2
            last = sh.table(
                row + 1,
                [sh.t("stage"), sh.t("system"), "K", sh.t("n"), *names, sh.t("stage_measure")],
                [
                    [
                        _stage_text(rec["stage"], lang),
                        rec["system"],
                        rec["depth"],
                        rec["n"],
                        *[rec[m] for m in names],
                        rec["stage_measure"],
                    ]
                    for rec in table.to_dict("records")
                ],
                [None, None, INT_FORMAT, INT_FORMAT, *[SCORE_FORMAT] * len(names), None],
            )
            _score_colours(ws, f"E{first}:{get_column_letter(4 + len(names))}{last}")
            for j, rec in enumerate(table.to_dict("records")):
                own = names.index(rec["stage_measure"]) if rec["stage_measure"] in names else -1
                if own >= 0:
                    ws.cell(row=first + j, column=5 + own).font = sh.st.bold
            row = last + 2
            for earlier, later in plan.pairs:
                sh.title(
                    row,
                    f"{sh.t('stage_losses')}: {earlier.system} (top {earlier.depth}) → "
                    f"{later.system} (top {later.depth})",
                )
                losses = stage_losses(r, earlier, later)
                lines = []
                for rec in losses.to_dict("records"):
                    lines.append(
                        [
                            rec[s.QID],
                            rec[s.QTYPE],
                            rec[s.PID],
                            _grade_number(rec[s.GRADE]),
                            g.role_label(rec[s.ROLE], lang) if rec[s.ROLE] else "",
                            sh.t("kind_lost") if rec["kind"] == "lost" else sh.t("kind_gained"),
                            None if _is_nan(rec["from_position"]) else int(rec["from_position"]),
                            None if _is_nan(rec["to_position"]) else int(rec["to_position"]),
                        ]
                    )
                row = sh.table(
                    row + 1,
                    [
                        sh.t("question_id"),
                        sh.t("type"),
                        sh.t("passage_id"),
                        sh.t("grade"),
                        sh.t("role"),
                        sh.t("kind"),
                        sh.t("from_pos"),
                        sh.t("to_pos"),
                    ],
                    lines,
                    [None, None, None, INT_FORMAT, None, None, INT_FORMAT, INT_FORMAT],
                )
                row += 2
        sh.fit_columns()

    # -- significance ---------------------------------------------------------

    def _sheet_significance(self) -> None:
        sh = self.sheet("significance")
        cmp_ = self.comparisons
        fields = [
            ("metric", "measure", None),
            ("baseline", "baseline", None),
            ("system", "system", None),
            ("n", "n", INT_FORMAT),
            ("mean_diff", "mean_diff", SCORE_FORMAT),
            ("ci_low", "ci_low", SCORE_FORMAT),
            ("ci_high", "ci_high", SCORE_FORMAT),
            ("p_value", "p_value", P_FORMAT),
            ("p_adjusted", "p_adjusted", P_FORMAT),
            ("test", "test", None),
            ("wins", "wins", INT_FORMAT),
            ("ties", "ties", INT_FORMAT),
            ("losses", "losses", INT_FORMAT),
        ]
        present = [f for f in fields if f[0] in cmp_.columns]
        yes = sh.t("yes")
        rows = []
        for values in cmp_.itertuples(index=False, name=None):
            d = dict(zip(cmp_.columns, values))
            p = d.get("p_adjusted", d.get("p_value"))
            sig = yes if isinstance(p, float | int) and not _is_nan(p) and p < ALPHA else ""
            rows.append([d.get(f[0]) for f in present] + [sig])
        last = sh.table(
            1,
            [sh.t(f[1]) for f in present] + [sh.t("significant")],
            rows,
            [f[2] for f in present] + [None],
        )
        sh.ws.freeze_panes = "A2"
        c = _put(sh.ws, last + 2, 1, sh.t("sig_note"))
        c.font = sh.st.italic
        extra = []
        if self.test:
            extra.append(f"{sh.t('sig_test')}: {self.test}")
        if self.seed is not None:
            extra.append(f"{sh.t('seed')}: {self.seed}")
        if extra:
            _put(sh.ws, last + 3, 1, " · ".join(extra))
        sh.fit_columns()

    # -- agreement ------------------------------------------------------------

    def _sheet_agreement(self) -> None:
        sh = self.sheet("agreement")
        ag = self.agreement or {}
        rows = []
        for p in ag.get("pairs") or []:
            kappa = p.get("kappa")
            band = kappa_band(kappa, self.lang)
            rows.append(
                [
                    p.get("a"),
                    p.get("b"),
                    p.get("n"),
                    p.get("exact"),
                    kappa,
                    p.get("kappa_quadratic"),
                    band,
                ]
            )
        last = sh.table(
            1,
            [
                sh.t("assessor_a"),
                sh.t("assessor_b"),
                sh.t("n"),
                sh.t("exact"),
                sh.t("kappa"),
                sh.t("kappa_quadratic"),
                sh.t("band"),
            ],
            rows,
            [None, None, INT_FORMAT, RATE_FORMAT, SCORE_FORMAT, SCORE_FORMAT, None],
        )
        sh.ws.freeze_panes = "A2"
        row = last + 2
        alpha = ag.get("alpha_ordinal")
        summary = [
            (sh.t("assessors"), ", ".join(str(a) for a in ag.get("assessors") or []), None),
            (sh.t("items"), ag.get("items"), INT_FORMAT),
            (sh.t("alpha"), alpha, SCORE_FORMAT),
            (sh.t("disagreements"), ag.get("disagreements"), INT_FORMAT),
        ]
        for i, (label, value, fmt) in enumerate(summary):
            _put(sh.ws, row + i, 1, label).font = sh.st.bold
            _put(sh.ws, row + i, 2, value, fmt)
            sh.note_width(1, _width_of(label, None))
        if kappa_band is not None:
            _put(sh.ws, row + 2, 3, kappa_band(alpha, self.lang))
        if self.pools is not None:
            self._pool_agreement(sh, row + len(summary) + 1)
        sh.fit_columns()

    # -- abstention -----------------------------------------------------------

    def _sheet_abstention(self) -> None:
        r = self.r
        sh = self.sheet("abstention")
        cols = [
            ("n_unanswerable", INT_FORMAT),
            ("appropriate_abstentions", INT_FORMAT),
            ("appropriate_abstention_rate", RATE_FORMAT),
            ("n_answerable", INT_FORMAT),
            ("false_abstentions", INT_FORMAT),
            ("false_abstention_rate", RATE_FORMAT),
        ]
        ab = r.abstention
        rows = []
        for system in r.systems:
            rec = ab.loc[system] if system in ab.index else None
            rows.append([system, *[None if rec is None else rec.get(c) for c, _ in cols]])
        last = sh.table(
            1,
            [sh.t("system"), *[sh.t(c) for c, _ in cols]],
            rows,
            [None, *[f for _, f in cols]],
        )
        sh.ws.freeze_panes = "B2"
        c = _put(sh.ws, last + 1, 1, sh.t("abstention_note"))
        c.font = sh.st.italic
        row = last + 3
        sh.title(row, f"{sh.t('unanswerable_list')} ({len(r.unanswerable)})")
        types = _question_types(r)
        last = sh.table(
            row + 1,
            [sh.t("question_id"), sh.t("question"), sh.t("type")],
            [[q, self.qtext.get(q, ""), types.get(q, "")] for q in r.unanswerable],
        )
        sh.wrap_column(2, row + 2, last, 50)
        sh.fit_columns()

    # -- manual ---------------------------------------------------------------

    def _sheet_manual(self) -> None:

        sh = self.sheet("manual")
        m = self.manual
        _header, rows = manual_rows(m, self.lang)
        grade_rows = [r for r in rows if isinstance(r[0], int)]
        last = sh.table(
            1,
            [
                sh.t("grade"),
                sh.t("manual_label"),
                sh.t("manual_definition"),
                sh.t("manual_example_id"),
                sh.t("manual_example_text"),
            ],
            grade_rows,
        )
        for r in range(2, last + 1):
            value = sh.ws.cell(row=r, column=1).value
            if isinstance(value, int):
                c = sh.ws.cell(row=r, column=1)
                c.fill = PatternFill("solid", fgColor=g.colour(value).lstrip("#"))
                c.font = Font(name=FONT_NAME, color=g.text_colour(g.colour(value)).lstrip("#"))
        sh.wrap_column(3, 2, last, 60)
        sh.wrap_column(5, 2, last, 50)
        row = last + 2
        _put(sh.ws, row, 1, sh.t("manual_theta")).font = sh.st.bold
        _put(sh.ws, row, 2, m.threshold, INT_FORMAT)
        _put(sh.ws, row, 3, m.threshold_rule).alignment = sh.st.wrap
        row += 2
        if m.principles:
            sh.title(row, sh.t("manual_principles"))
            for i, text in enumerate(m.principles, start=1):
                _put(sh.ws, row + i, 1, i)
                _put(sh.ws, row + i, 3, text).alignment = sh.st.wrap
        sh.ws.freeze_panes = "A2"
        sh.fit_columns()
        sh.ws.column_dimensions["C"].width = 60

    # -- pools ----------------------------------------------------------------

    def _pool_settings(self, sh: _Sheet, row: int) -> int:
        """The judging pools on Settings from ``row``; returns the next free row."""
        effect = self.pools
        pools = getattr(effect, "pools", None) or []
        sh.title(row, sh.t("pools"))
        last = sh.table(
            row + 1,
            [
                sh.t("pool_assessor"),
                sh.t("pool_depth"),
                sh.t("pool_seed"),
                sh.t("pool_questions"),
                sh.t("pool_systems"),
                sh.t("pool_items"),
                sh.t("pool_created"),
            ],
            [
                [
                    p.assessor,
                    p.depth,
                    p.seed,
                    len(p.questions),
                    ", ".join(p.systems),
                    len(p.items),
                    p.created,
                ]
                for p in pools
            ],
            [None, INT_FORMAT, INT_FORMAT, INT_FORMAT, None, INT_FORMAT, None],
        )
        c = _put(sh.ws, last + 1, 1, sh.t("pool_order_note"))
        c.font = sh.st.italic
        row = last + 3
        last = self._pool_progress_table(sh, row)
        row = last + 2
        k = effect.k
        systems = list(effect.judged_after)
        last = sh.table(
            row,
            [
                sh.t("system"),
                f"Judged@{k} · {sh.t('pool_judged_before')}",
                f"Judged@{k} · {sh.t('pool_judged_after')}",
            ],
            [[x, effect.judged_before.get(x), effect.judged_after.get(x)] for x in systems],
            [None, RATE_FORMAT, RATE_FORMAT],
        )
        return last + 2

    def _pool_progress_table(self, sh: _Sheet, row: int) -> int:
        return sh.table(
            row,
            [
                sh.t("pool_assessor"),
                sh.t("pool_items"),
                sh.t("pool_graded"),
                sh.t("pool_cannot"),
                sh.t("pool_later"),
                sh.t("pool_waiting"),
            ],
            [
                [who, p.total, p.graded, p.cannot, p.later, p.waiting]
                for who, p in self.pools.assessors
            ],
            [None, *([INT_FORMAT] * 5)],
        )

    def _pool_agreement(self, sh: _Sheet, row: int) -> None:
        sh.title(row, sh.t("pool_agreement"))
        last = self._pool_progress_table(sh, row + 1)
        row = last + 2
        summary = self.pools.agreement
        if summary is None:
            _put(sh.ws, row, 1, sh.t("pool_no_overlap")).font = sh.st.italic
            return
        rows = []
        for p in summary.pairs:
            if p.n:
                rows.append(
                    [
                        p.a,
                        p.b,
                        p.n,
                        p.exact,
                        p.kappa,
                        p.kappa_quadratic,
                        kappa_band(p.kappa, self.lang),
                    ]
                )
        sh.table(
            row,
            [
                sh.t("assessor_a"),
                sh.t("assessor_b"),
                sh.t("n"),
                sh.t("exact"),
                sh.t("kappa"),
                sh.t("kappa_quadratic"),
                sh.t("band"),
            ],
            [[_cell_value(v) for v in r] for r in rows],
            [None, None, INT_FORMAT, RATE_FORMAT, SCORE_FORMAT, SCORE_FORMAT, None],
        )

    # -- answers --------------------------------------------------------------

    def _sheet_answers(self) -> None:
        """Rating means per system (and type) with CIs, paired tests, the raters'
        agreement, the rubric, every answer's scores, every rater's rating."""

        rep = self.answers
        sh = self.sheet("answers")
        ws = sh.ws
        lang = self.lang
        rubric = rep.rubric

        def crit(key: str) -> str:
            return _at("rating", lang) if key == "rating" else rubric.name_of(key)

        keys = [*rubric.keys, "rating"]
        sh.title(1, _at("means", lang))
        rows = []
        by = rep.by_system
        for system in rep.systems:
            for key in keys:
                hit = by[(by["system"] == system) & (by["criterion"] == key)] if len(by) else by
                if len(hit) and int(hit.iloc[0]["n"]):
                    h = hit.iloc[0]
                    rows.append([system, crit(key), h["mean"], h["ci_low"], h["ci_high"], h["n"]])
        headers = [sh.t("system"), _at("criterion", lang), sh.t("mean"), sh.t("ci_low")]
        headers += [sh.t("ci_high"), sh.t("n")]
        last = sh.table(2, headers, rows, [None, None, RATE2, RATE2, RATE2, INT_FORMAT])
        row = last + 1
        _put(ws, row, 1, _at("means_note", lang)).font = sh.st.italic

        if len(rep.by_type):
            row += 2
            sh.title(row, _at("by_type", lang))
            rows = [
                [
                    r["question_type"] or sh.t("no_type"),
                    r["system"],
                    crit(r["criterion"]),
                    r["mean"],
                    r["ci_low"],
                    r["ci_high"],
                    r["n"],
                ]
                for r in rep.by_type.to_dict("records")
                if int(r["n"])
            ]
            last = sh.table(
                row + 1,
                [sh.t("type"), *headers],
                rows,
                [None, None, None, RATE2, RATE2, RATE2, INT_FORMAT],
            )
            row = last + 1

        if len(rep.comparisons):
            row += 2
            sh.title(row, _at("tests", lang))
            rows = []
            sentence = f"sentence_{lang}"
            for r in rep.comparisons.to_dict("records"):
                rows.append(
                    [
                        r["criterion_name"],
                        r["baseline"],
                        r["system"],
                        r["n"],
                        r["mean_diff"],
                        r["ci_low"],
                        r["ci_high"],
                        r["p_adjusted"],
                        r[sentence],
                    ]
                )
            last = sh.table(
                row + 1,
                [
                    _at("criterion", lang),
                    sh.t("baseline"),
                    sh.t("system"),
                    sh.t("n"),
                    sh.t("mean_diff"),
                    sh.t("ci_low"),
                    sh.t("ci_high"),
                    sh.t("p_adjusted"),
                    _at("sentence", lang),
                ],
                rows,
                [None, None, None, INT_FORMAT, RATE2, RATE2, RATE2, P_FORMAT, None],
            )
            sh.wrap_column(9, row + 2, last, 70)
            row = last + 1

        agreement = [(k, v) for k, v in rep.agreement.items() if len(v.assessors) >= 2]
        if agreement:
            row += 2
            sh.title(row, _at("agreement", lang))
            rows = []
            for key, summary in agreement:
                for pair in summary.pairs:
                    rows.append(
                        [
                            crit(key) if key != "all" else _at("all_criteria", lang),
                            pair.a,
                            pair.b,
                            pair.n,
                            pair.exact,
                            pair.kappa,
                            pair.kappa_quadratic,
                            summary.alpha_ordinal,
                            band(pair.kappa_quadratic, lang),
                            summary.disagreements,
                        ]
                    )
            last = sh.table(
                row + 1,
                [
                    _at("criterion", lang),
                    sh.t("assessor_a"),
                    sh.t("assessor_b"),
                    sh.t("n"),
                    sh.t("exact"),
                    sh.t("kappa"),
                    sh.t("kappa_quadratic"),
                    sh.t("alpha"),
                    sh.t("band"),
                    sh.t("disagreements"),
                ],
                rows,
                [None, None, None, INT_FORMAT, RATE_FORMAT, SCORE_FORMAT, SCORE_FORMAT]
                + [SCORE_FORMAT, None, INT_FORMAT],
            )
            row = last + 1

        row += 2
        sh.title(row, _at("rubric", lang))

        last = sh.table(
            row + 1,
            [_at("criterion", lang), sh.t("key"), _at("applies", lang), _at("level", lang)]
            + [_at("description", lang)],
            rubric_rows(rubric, lang),
            [None, None, None, INT_FORMAT, None],
        )
        sh.wrap_column(5, row + 2, last, 70)
        row = last + 1

        row += 2
        sh.title(row, _at("per_answer", lang))
        rows = []
        for r in rep.answers.to_dict("records"):
            rows.append(
                [
                    r[s.QID],
                    self.qtext.get(r[s.QID], ""),
                    r[s.QTYPE],
                    r["system"],
                    sh.t("yes") if r["answerable"] else "",
                    *[r.get(k) for k in rubric.keys],
                    r.get("rating"),
                ]
            )
        start = row + 1
        last = sh.table(
            start,
            [
                sh.t("question_id"),
                sh.t("question"),
                sh.t("type"),
                sh.t("system"),
                sh.t("answerable"),
                *[c.name for c in rubric.criteria],
                _at("rating", lang),
            ],
            rows,
            [None, None, None, None, None, *[RATE2] * (len(rubric.keys) + 1)],
        )
        sh.wrap_column(2, start + 1, last, 40)
        row = last + 1

        row += 2
        sh.title(row, _at("raters", lang))
        rows = []
        rated = rep.rated
        if len(rated):
            for (q, shown, who), group in rated.groupby([s.QID, "shown", s.ASSESSOR], sort=False):
                by_key = dict(zip(group["criterion"], group["score"]))
                notes = "; ".join(n for n in dict.fromkeys(group[s.NOTE].astype(str)) if n)
                times = sorted(t for t in group["time"].astype(str) if t)
                rows.append(
                    [
                        q,
                        shown,
                        who,
                        *[by_key.get(k) for k in rubric.keys],
                        notes,
                        times[-1] if times else "",
                    ]
                )
        sh.table(
            row + 1,
            [
                sh.t("question_id"),
                sh.t("system"),
                sh.t("assessors"),
                *[c.name for c in rubric.criteria],
                sh.t("note"),
                _at("time", lang),
            ],
            rows,
            [None, None, None, *[INT_FORMAT] * len(rubric.keys), None, None],
        )
        if rep.warnings:
            row = ws.max_row + 2
            sh.title(row, sh.t("warnings"))
            for i, problem in enumerate(rep.warnings, start=1):
                _put(ws, row + i, 1, problem.message(lang))
        ws.freeze_panes = "A3"
        sh.fit_columns()

    def _sheet_citations(self) -> None:
        """The automatic checks: rates per system, flags per answer, and every
        cited passage with its grade and its rank in that system's results."""

        rep = self.answers
        checks = rep.checks
        sh = self.sheet("citations")
        ws = sh.ws
        lang = self.lang
        st = self.st
        sh.title(1, _at("rates", lang))
        rates = checks.systems
        int_rates = {"answers", "answerable", "unanswerable", "citations"}
        rows = []
        for system in rep.systems:
            rec = rates.loc[system] if system in rates.index else None
            rows.append([system, *[None if rec is None else rec[c] for c in RATE_COLUMNS]])
        last = sh.table(
            2,
            [sh.t("system"), *[_at(c, lang) for c in RATE_COLUMNS]],
            rows,
            [None, *[INT_FORMAT if c in int_rates else RATE_FORMAT for c in RATE_COLUMNS]],
        )
        row = last + 1
        _put(ws, row, 1, _at("rates_note", lang)).font = sh.st.italic

        row += 2
        sh.title(row, _at("per_answer_checks", lang))
        rows = []
        for r in checks.answers.to_dict("records"):
            rows.append(
                [
                    r[s.QID],
                    r["system"],
                    sh.t("yes") if r["answerable"] else "",
                    sh.t("yes") if r["abstained"] else "",
                    r["n_citations"],
                    ", ".join(flag_label(f, lang) for f in r["flags"]),
                    r["citation_precision"],
                    r["core_coverage"],
                    r["answer"],
                ]
            )
        start = row + 1
        last = sh.table(
            start,
            [
                sh.t("question_id"),
                sh.t("system"),
                sh.t("answerable"),
                _at("abstained", lang),
                _at("n_citations", lang),
                _at("flags", lang),
                _at("citation_precision", lang),
                _at("core_coverage", lang),
                _at("answer", lang),
            ],
            rows,
            [None, None, None, None, INT_FORMAT, None, RATE_FORMAT, RATE_FORMAT, None],
        )
        sh.wrap_column(9, start + 1, last, 70)
        sh.wrap_column(6, start + 1, last, 30)
        row = last + 1

        row += 2
        sh.title(row, _at("per_citation", lang))
        start = row + 1
        headers = [
            sh.t("question_id"),
            sh.t("system"),
            _at("order", lang),
            sh.t("passage_id"),
            sh.t("grade"),
            sh.t("grade_label"),
            _at("rank_in_run", lang),
            _at("known", lang),
        ]
        sh.header(start, headers)
        r_i = start
        for c in checks.citations.to_dict("records"):
            r_i += 1
            grade = _grade_number(c[s.GRADE])
            rank = c["rank"]
            if not _is_nan(rank):
                rank_value: Any = int(rank)
            elif c["retrieved"] is None:
                rank_value = _at("no_run", lang)
            elif c["retrieved"]:
                rank_value = _at("removed", lang)
            else:
                rank_value = _at("not_retrieved", lang)
            values = [
                c[s.QID],
                c["system"],
                c["order"],
                c[s.PID],
                grade,
                g.chip_text(grade, lang) if c["known"] else _at("unknown", lang),
                rank_value,
                sh.t("yes") if c["known"] else "",
            ]
            for j, v in enumerate(values):
                _put(ws, r_i, 1 + j, v, INT_FORMAT if j in (2, 4) else None)
                if r_i - start <= WIDTH_SAMPLE_ROWS:
                    sh.note_width(1 + j, _width_of(v, None))
            if c["known"]:
                key = grade if grade is not None else None
                for col in (5, 6):
                    cell = ws.cell(row=r_i, column=col)
                    cell.fill = st.grade_fills.get(key, st.grade_fills[None])
                    cell.font = st.grade_fonts.get(key, st.grade_fonts[None])
        ws.freeze_panes = "A3"
        sh.fit_columns()

    # -- decisions ------------------------------------------------------------

    def _sheet_decisions(self) -> None:
        """One row per decision behind the numbers; one row saying so when there is none."""
        sh = self.sheet("decisions")
        if not self.decisions:
            c = _put(sh.ws, 1, 1, sh.t("no_decisions"))
            c.font = sh.st.italic
            sh.note_width(1, 60)
            sh.fit_columns(default_max=120)
            return
        yes = sh.t("yes")

        def shown(d: Decision) -> Any:
            if d.kind == FLAG:
                return yes
            if d.value is None and d.kind == "resolution":
                return sh.t("back_to_policy")
            return d.value

        rows = [
            [
                kind_label(d.kind, self.lang),
                d.question_id,
                d.target,
                shown(d),
                d.others,
                d.by,
                d.time,
                d.reason,
                d.file,
                d.sheet,
                d.row,
            ]
            for d in self.decisions
        ]
        last = sh.table(
            1,
            [
                sh.t("kind"),
                sh.t("question_id"),
                sh.t("target"),
                sh.t("decided"),
                sh.t("assessor_grades"),
                sh.t("by"),
                sh.t("when"),
                sh.t("why"),
                sh.t("file"),
                sh.t("sheet"),
                sh.t("row"),
            ],
            rows,
            [None, None, None, INT_FORMAT, None, None, None, None, None, None, INT_FORMAT],
            check=lambda _done: self.check(),
        )
        sh.ws.freeze_panes = "B2"
        sh.ws.auto_filter.ref = f"A1:{get_column_letter(11)}{last}"
        c = _put(sh.ws, last + 2, 1, sh.t("decisions_note"))
        c.font = sh.st.italic
        sh.wrap_column(4, 2, last, 40)
        sh.wrap_column(8, 2, last, 60)
        sh.fit_columns()

    def _decision_settings(self, sh: _Sheet) -> list[list[Any]]:
        """Settings rows: how many decisions of each kind, pointing to their sheet."""
        counts = count_by_kind(self.decisions)
        title = sh.t("decisions_settings")
        sheet = SHEET_NAMES[self.lang]["decisions"]
        listed = "decisions" in self.keys
        if not counts:
            return [[title, "decisions", 0, sh.t("no_decisions")]]
        rows = []
        for kind, n in counts.items():
            label = kind_label(kind, self.lang)
            if self.lang == "ko":
                line = f"{label} {n}건" + (f" — '{sheet}' 시트 참조" if listed else "")
            else:
                line = f"{label}: {n}" + (f" — see the '{sheet}' sheet" if listed else "")
            rows.append([f"{title}: {label}", f"decisions.{kind}", n, line])
        return rows

    # -- settings -------------------------------------------------------------

    def _sheet_settings(self) -> None:
        r = self.r
        sh = self.sheet("settings")
        lang = self.lang
        rows: list[list[Any]] = []
        for key, value in r.settings.to_dict().items():
            label = _SETTING_LABELS.get(key, (key, key))[0 if lang == "ko" else 1]
            rows.append([label, key, _setting_value(value), _setting_meaning(key, value, lang)])
        none = sh.t("none")
        for t in THRESHOLDS:
            rows.append(
                [
                    f"{sh.t('thresholds')}: {t.label(lang)}",
                    f"diagnosis.{t.name}",
                    self.diagnosis_settings.text(t.name),
                    t.help(lang),
                ]
            )
        rows += [
            [sh.t("sig_test"), "test", self.test if self.test else none, ""],
            [sh.t("seed"), "seed", self.seed if self.seed is not None else none, ""],
            [sh.t("primary"), "primary_measure", self.primary, ""],
            [sh.t("low_n"), "low_n", self.low_n, f"K = {self.top_k}"],
            [sh.t("measures_used"), "measures", ", ".join(r.measures), ""],
            [sh.t("app_version"), "app_version", self.app_version, ""],
            [
                sh.t("written_at"),
                "written_at",
                datetime.now().astimezone().isoformat(timespec="seconds"),
                "",
            ],
        ]
        if self.answers is not None:
            options = self.answers.options
            rows += [
                [
                    _at("phrases", lang),
                    "abstention_phrases",
                    ", ".join(options.abstention_phrases) or none,
                    _at("phrases_meaning", lang),
                ],
                [
                    _at("policy", lang),
                    "answer_policy",
                    options.policy,
                    _setting_meaning("resolution", options.policy, lang),
                ],
                [_at("answer_seed", lang), "answer_seed", self.answers.seed, ""],
            ]
        rows += self._decision_settings(sh)
        last = sh.table(1, [sh.t("item"), sh.t("key"), sh.t("value"), sh.t("meaning")], rows)
        sh.ws.freeze_panes = "A2"
        row = last + 2
        sh.title(row, sh.t("inputs"))
        last_input = sh.table(
            row + 1,
            [sh.t("file"), sh.t("sheet"), sh.t("sha256")],
            [[src.name, src.sheet or "", src.sha256] for src in self.sources],
        )
        end = last
        choices = [w for w in r.warnings if w.code in READ_CHOICE_CODES]
        if choices:
            row = last_input + 2
            sh.title(row, sh.t("read_choices"))
            end = sh.table(
                row + 1,
                [sh.t("file"), sh.t("sheet"), sh.t("first_row"), sh.t("what")],
                [[w.file, w.sheet or "", w.row, w.text(lang)] for w in choices],
            )
        if self.pools is not None:
            self._pool_settings(sh, max(end, last_input) + 2)
        sh.wrap_column(3, 2, last, 70)  # the measure list is long: wrap, don't overflow
        sh.wrap_column(4, 2, end, 60)
        sh.fit_columns(default_max=70)


#: two decimals: rating means and their differences (0–3 scale)
RATE2 = "0.00"

_ANSWER_WORDS: dict[str, tuple[str, str]] = {
    "means": ("시스템별 답변 평가 평균 (0–3)", "Answer ratings per system (0–3)"),
    "means_note": (
        "평균은 평가자들의 점수를 판정 등급과 같은 규칙으로 하나로 모은 점수(사람이 조정한 점수 우선)의 "
        "평균입니다. 신뢰구간은 부트스트랩 95%입니다. '평가 평균'은 답변마다 적용되는 기준 점수의 평균입니다.",
        "Means of the score used per item (several raters' scores combined by the rule of "
        "the passage grades, a hand resolution winning), with 95% bootstrap CIs. 'Mean "
        "rating' is each answer's mean over the criteria that apply to it.",
    ),
    "by_type": ("질문 유형별", "By question type"),
    "tests": ("시스템 비교 (짝지은 검정, Holm 보정)", "Paired tests (Holm-adjusted)"),
    "sentence": ("해석", "In words"),
    "agreement": ("평가자 일치도 (기준별)", "Rater agreement per criterion"),
    "all_criteria": ("모든 기준", "all criteria"),
    "rubric": ("루브릭", "Rubric"),
    "criterion": ("기준", "Criterion"),
    "applies": ("적용", "Applies to"),
    "level": ("수준", "Level"),
    "description": ("설명", "Description"),
    "per_answer": ("답변별 점수", "Scores per answer"),
    "raters": ("평가자별 점수", "Every rater's scores"),
    "rating": ("평가 평균", "Mean rating"),
    "time": ("평가시각", "Rated at"),
    "rates": ("시스템별 인용 점검", "Citation checks per system"),
    "rates_note": (
        "인용 정밀도 = 관련 기준(θ) 이상인 인용 문단 / 인용 문단. 핵심 근거 포함률 = 인용한 핵심 근거 그룹 / "
        "핵심 근거 그룹(대체 근거는 그 그룹을 채움). 검색되지 않은 인용 = 그 시스템의 검색 결과에 없는 인용.",
        "Citation precision = cited passages with grade ≥ θ / cited passages. Core coverage = "
        "core evidence groups cited / core groups (an alternative covers its group). Not "
        "retrieved = cited but not in that system's results for the question.",
    ),
    "answers": ("답변 수", "Answers"),
    "answerable": ("답변 가능 질문", "Answerable"),
    "unanswerable": ("답변 불가 질문", "Unanswerable"),
    "citations": ("인용 수", "Citations"),
    "unknown_rate": ("없는 문단 인용 비율", "Unknown citations"),
    "not_retrieved_rate": ("검색되지 않은 인용 비율", "Not retrieved"),
    "not_relevant_rate": ("관련 없는 인용 비율", "Below θ"),
    "unjudged_rate": ("미평가 인용 비율", "Unjudged"),
    "citation_precision": ("인용 정밀도", "Citation precision"),
    "core_coverage": ("핵심 근거 포함률", "Core coverage"),
    "no_citation_rate": ("인용 없는 답변 비율", "No citation"),
    "appropriate_abstention_rate": ("적절한 보류율", "Appropriate abstention"),
    "false_abstention_rate": ("잘못된 보류율", "False abstention"),
    "per_answer_checks": ("답변별 점검", "Checks per answer"),
    "abstained": ("답변 보류", "Abstained"),
    "n_citations": ("인용 수", "Citations"),
    "flags": ("자동 점검 결과", "Flags"),
    "answer": ("답변", "Answer"),
    "per_citation": ("인용 문단별", "Every cited passage"),
    "order": ("인용 순서", "Order"),
    "rank_in_run": ("그 시스템의 순위", "Rank in its results"),
    "known": ("있는 문단", "Known passage"),
    "unknown": ("없는 문단", "unknown passage"),
    "not_retrieved": ("검색되지 않음", "not retrieved"),
    "removed": ("중복 제거됨", "removed by de-duplication"),
    "no_run": ("검색 결과 없음", "no results of this system"),
    "phrases": ("답변 보류 문구", "Abstention phrases"),
    "phrases_meaning": (
        "답변이 비었거나 이 문구 중 하나를 담으면 답변을 보류한 것으로 봅니다.",
        "An empty answer, or one containing one of these phrases, is an abstention.",
    ),
    "policy": ("답변 평가 점수 통합 방식", "Answer ratings: how raters' scores combine"),
    "answer_seed": ("답변 평가 난수 시드", "Answer ratings: random seed"),
}


def _at(key: str, lang: str) -> str:
    ko, en = _ANSWER_WORDS[key]
    return ko if lang == "ko" else en


# -- helpers used by the sheets ----------------------------------------------


def _finding_number(name: str, value: Any) -> str:
    if name == "share":
        return f"{name} {value:.0%}"
    if isinstance(value, float) and value.is_integer() and name.startswith("questions"):
        return f"{name} {int(value)}"
    return f"{name} {value:.3f}" if isinstance(value, float) else f"{name} {value}"


def _stage_text(stage: str, lang: str) -> str:
    if stage in STAGE_LABELS:
        return STAGE_LABELS[stage][0 if lang == "ko" else 1]
    words = {
        "evidence": ("근거", "evidence"),
        "depth": ("후보 수(K)", "number of candidates (K)"),
        "types": ("질문 유형", "question types"),
        "none": ("—", "—"),
    }
    pair = words.get(stage, (stage, stage))
    return pair[0 if lang == "ko" else 1]


def _resolve_sheets(sheets: Sequence[str] | None) -> list[str]:
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


def _agreement_dict(agreement: Any) -> dict | None:
    if agreement is None:
        return None
    if hasattr(agreement, "to_dict"):
        return agreement.to_dict()
    return dict(agreement)


def _question_texts(questions: pd.DataFrame | None) -> dict[str, str]:
    if questions is None or len(questions) == 0 or s.QTEXT not in questions.columns:
        return {}
    texts = questions[[s.QID, s.QTEXT]].dropna(subset=[s.QID])
    texts = texts.drop_duplicates(s.QID, keep="first")
    return {
        str(q): ("" if _is_nan(t) else str(t)) for q, t in texts.itertuples(index=False, name=None)
    }


def _question_types(r: Results) -> dict[str, str]:
    pq = r.per_question
    if len(pq) == 0 or s.QTYPE not in pq.columns:
        return {}
    first = pq[[s.QID, s.QTYPE]].drop_duplicates(s.QID)
    return {q: ("" if _is_nan(t) else str(t)) for q, t in first.itertuples(index=False, name=None)}


def _per_question_ordered(r: Results) -> pd.DataFrame:
    """Rows grouped by question (first-appearance order), systems in the user's order,
    so the systems' scores for one question sit together."""
    pq = r.per_question
    if len(pq) == 0:
        return pq
    q_order = pd.Series(range(pq[s.QID].nunique()), index=pd.unique(pq[s.QID]))
    s_order = {name: i for i, name in enumerate(r.systems)}
    key_q = pq[s.QID].map(q_order)
    key_s = pq[s.SYSTEM].map(s_order).fillna(len(s_order))
    order = (
        pd.DataFrame({"q": key_q.to_numpy(), "s": key_s.to_numpy()})
        .sort_values(["q", "s"], kind="stable")
        .index
    )
    return pq.iloc[order.to_numpy()]


def _worst_questions(r: Results, primary: str, n: int) -> pd.DataFrame:
    """The ``n`` lowest-scoring questions of each system by ``primary``
    (ties: question id ascending, so the choice is reproducible)."""
    pq = r.per_question
    if n <= 0 or len(pq) == 0 or primary not in pq.columns:
        return pd.DataFrame(columns=[s.SYSTEM, s.QID, primary])
    parts = []
    for system in r.systems:
        sub = pq[pq[s.SYSTEM] == system][[s.SYSTEM, s.QID, primary]]
        sub = sub.sort_values([primary, s.QID], kind="stable", na_position="first")
        parts.append(sub.head(n))
    return (
        pd.concat(parts, ignore_index=True)
        if parts
        else pd.DataFrame(columns=[s.SYSTEM, s.QID, primary])
    )


def _passage_lookup(passages: pd.DataFrame | None, doc_unit: bool) -> dict[str, tuple]:
    """passage id (document id in document unit) → (text, 권, 강연, 페이지)."""
    if passages is None or len(passages) == 0:
        return {}
    key = s.DOCID if doc_unit and s.DOCID in passages.columns else s.PID
    if key not in passages.columns:
        return {}
    cols = [c for c in (s.TEXT, s.VOLUME, s.LECTURE, s.PAGE)]
    frame = passages.drop_duplicates(key, keep="first")
    out = {}
    get = {c: frame[c].tolist() if c in frame.columns else [None] * len(frame) for c in cols}
    for i, pid in enumerate(frame[key].tolist()):
        text = get[s.TEXT][i]
        # in document unit a document has many passages; the first one is only a hint
        text = "" if _is_nan(text) or doc_unit else str(text)
        out[str(pid)] = (text, *[None if _is_nan(get[c][i]) else get[c][i] for c in cols[1:]])
    return out


def _snippet(text: str) -> str:
    text = " ".join(str(text).split()) if text else ""
    return text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1] + "…"


def _grade_number(grade: Any) -> int | None:
    if _is_nan(grade):
        return None
    try:
        return int(round(float(grade)))
    except (TypeError, ValueError):
        return None


def _count_by_system(frame: pd.DataFrame, systems: Sequence[str]) -> dict[str, int]:
    counts = {name: 0 for name in systems}
    if frame is not None and len(frame) and s.SYSTEM in frame.columns:
        for name, c in frame[s.SYSTEM].value_counts().items():
            counts[str(name)] = int(c)
    return counts


def _chart_measures(measures: Sequence[str]) -> list[str]:
    """Measures for the bar chart: those at the largest K and the cutoff-free
    ones, without Judged@K (coverage, not quality) — a readable handful."""
    info = [(m, *_measure_info(m, "en")[3:]) for m in measures]
    cut = [c for _, _, c in info if c is not None]
    top = max(cut) if cut else None
    chosen = [m for m, fam, c in info if fam != "Judged" and (c is None or c == top)]
    return chosen or list(measures)[:12]


def _recall_by_k(measures: Sequence[str]) -> list[tuple[int, str]]:
    out = []
    for m in measures:
        _, _, _, fam, cut = _measure_info(m, "en")
        if fam == "Recall" and cut is not None:
            out.append((cut, m))
    return sorted(out)


def _score_colours(ws: Worksheet, ref: str) -> None:
    """0 red → 0.5 yellow → 1 green over fixed bounds, so one colour means one
    score on every column and sheet."""
    rule = ColorScaleRule(
        start_type="num",
        start_value=0,
        start_color="FFF8696B",
        mid_type="num",
        mid_value=0.5,
        mid_color="FFFFEB84",
        end_type="num",
        end_value=1,
        end_color="FF63BE7B",
    )
    ws.conditional_formatting.add(ref, rule)


def _show_axes(chart: Any) -> None:
    # openpyxl ≥ 3.1 hides axes unless told otherwise
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    # one decimal on the score axis; the cells keep three
    chart.y_axis.number_format = "0.0"
    chart.y_axis.majorUnit = 0.2


def _setting_value(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return str(value)
    return value


def _setting_meaning(key: str, value: Any, lang: str) -> str:
    i = 0 if lang == "ko" else 1
    if key == "score_floor" and value is None:
        return (
            "없음: 결과가 하나도 없을 때만 보류로 봅니다",
            "none: abstains only when nothing is returned",
        )[i]
    if key == "adjudicator" and value is None:
        return ("없음", "none")[i]
    if key == "depth" and value is None:
        return ("없음: 목록 전체를 평가", "none: the whole list is evaluated")[i]
    if key == "measures" and value is None:
        return ("없음: K 목록에서 정한 기본 지표", "none: the default set for the cutoffs K")[i]
    pair = _SETTING_VALUES.get((key, str(value)))
    return pair[i] if pair else ""


def _settings_line(settings: s.EvalSettings, lang: str) -> str:
    d = settings.to_dict()
    i = 0 if lang == "ko" else 1
    parts = [
        f"K = {', '.join(str(k) for k in d['ks'])}",
        f"θ = {d['threshold']}",
        f"{_SETTING_LABELS['gain'][i]}: {_setting_meaning('gain', d['gain'], lang) or d['gain']}",
        f"{_SETTING_LABELS['order'][i]}: {_setting_meaning('order', d['order'], lang) or d['order']}",
        f"{_SETTING_LABELS['dedup'][i]}: {_setting_meaning('dedup', d['dedup'], lang) or d['dedup']}",
        f"{_SETTING_LABELS['unit'][i]}: {_setting_meaning('unit', d['unit'], lang) or d['unit']}",
    ]
    if d.get("trec_compat"):
        parts.append(_SETTING_LABELS["trec_compat"][i])
    if d.get("depth") is not None:
        parts.append(f"{_SETTING_LABELS['depth'][i]}: {d['depth']}")
    return " · ".join(parts)


# -- public API --------------------------------------------------------------


@dataclass(frozen=True)
class ReportRequest:
    """What a report holds besides the results: every option of :func:`write_report`.

    - ``lang``: ``"ko"`` or ``"en"`` — sheet names, headers and labels.
    - ``questions`` (QUESTION_COLUMNS) adds question text; ``passages``
      (PASSAGE_COLUMNS) adds passage text and 권/강연/페이지 to Low-scoring.
    - ``comparisons``: the significance table (metric, baseline, system, n,
      mean_diff, ci_low, ci_high, p_value, p_adjusted, test, wins, ties,
      losses); the Significance sheet is written only when it has rows.
    - ``agreement``: ``{"assessors", "items", "pairs": [{"a", "b", "n",
      "exact", "kappa", "kappa_quadratic"}], "alpha_ordinal",
      "disagreements"}`` (or an object with ``to_dict()``); the Agreement
      sheet is written only with ≥ 2 assessors.
    - ``notes``: question id → ``{"note": str, "flagged": bool}``.
    - ``sources``: input files; their names and SHA-256 go on Settings.
    - ``low_n``: worst questions per system on Low-scoring, ranked by
      ``primary`` (default :func:`primary_measure`: nDCG at the largest K),
      each with its top ``top_k`` passages (default: the largest K) and the
      relevant evidence (grade ≥ θ) not among them.
    - ``sheets``: keys of :data:`SHEET_KEYS` (or sheet names) to include;
      order is always the canonical one (None: every sheet).
    - ``test``/``seed``: the significance test and its seed, for Settings.
    - ``diagnosis_settings``: the thresholds of the Diagnosis sheet (default:
      :class:`~workbench.core.protocol.diagnosis.DiagnosisSettings`).
    - ``cards``: system name → its card (System cards sheet, and the stages of
      a pipeline); ``typed_cards``: the systems whose card was typed in the app.
    - ``evidence``: the judgments' 근거 문장 (EVIDENCE_COLUMNS), highlighted in
      the passage text on Low-scoring.
    - ``manual``: the evaluation manual (:class:`workbench.core.protocol.manual.Manual`)
      → the Manual sheet (left out without one).
    - ``pools``: what the judging pools did
      (:class:`workbench.core.protocol.pool.PoolEffect`) → Settings and Agreement.
    - ``answers``: the answer evaluation
      (:class:`~workbench.core.protocol.answer_results.AnswerReport`); the Answers and
      Citations sheets are written only when it is given.
    - ``decisions``: every decision behind the numbers
      (:func:`workbench.core.protocol.decisions.study_decisions`) → the Decisions sheet
      and a count per kind on Settings. None: the confirmed conversions and
      rows left out among the results' warnings, and ``notes``.
    """

    lang: str = "ko"
    questions: pd.DataFrame | None = None
    passages: pd.DataFrame | None = None
    comparisons: pd.DataFrame | None = None
    agreement: Mapping[str, Any] | Any | None = None
    notes: Mapping[str, Mapping[str, Any]] | None = None
    sources: Sequence[SourceFile] = ()
    low_n: int = 10
    sheets: Sequence[str] | None = None
    primary: str | None = None
    top_k: int | None = None
    test: str | None = None
    seed: int | None = None
    answers: Any | None = None
    app_version: str = __version__
    diagnosis_settings: DiagnosisSettings | None = None
    cards: Mapping[str, SystemCard] | None = None
    typed_cards: Sequence[str] = ()
    evidence: pd.DataFrame | None = None
    manual: Any = None
    pools: Any = None
    decisions: Sequence[Decision] | None = None


def build_report(
    results: Results,
    request: ReportRequest | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Workbook:
    """The report as an in-memory openpyxl ``Workbook`` (see :func:`write_report`)."""
    request = request or ReportRequest()
    report = _Report(results, request, progress=progress, cancelled=cancelled)
    return report.build(request.sheets)


def write_report(
    path: str | os.PathLike[str],
    results: Results,
    request: ReportRequest | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Path:
    """Write the Excel report of ``results`` to ``path`` (atomically) and return it.

    ``request`` says what else goes in (:class:`ReportRequest`).
    ``progress(fraction, text)`` is called as sheets are written;
    ``cancelled()`` is polled and raises
    :class:`~workbench.core.model.cancel.Cancelled` — no file is left behind.

    Raises :class:`~workbench.core.io.atomic.LockedFileError` when the file is
    open in Excel or the folder is not writable, and
    :class:`~workbench.core.io.atomic.SaveError` for any other reason it cannot
    be saved (before any work where that can be seen:
    :func:`~workbench.core.io.atomic.check_writable`).
    """
    request = request or ReportRequest()
    lang = _lang(request.lang)
    target = Path(path)
    # fail fast, before minutes of work: Excel holds the file, a folder is in the way …
    check_writable(target)
    wb = build_report(results, request, progress=progress, cancelled=cancelled)
    if cancelled is not None and cancelled():
        raise Cancelled()
    if progress is not None:
        progress(0.7, _PROGRESS_TEXT["save"][0 if lang == "ko" else 1])

    def save(tmp: Path) -> None:
        save_workbook(wb, tmp)
        if cancelled is not None and cancelled():
            raise Cancelled()

    out = atomic_write(target, save)
    if progress is not None:
        progress(1.0, _PROGRESS_TEXT["done"][0 if lang == "ko" else 1])
    return out
