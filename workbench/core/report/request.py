"""What a report holds besides the results: :class:`ReportRequest`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from workbench import __version__
from workbench.core.model.schema import SourceFile
from workbench.core.protocol.decisions import Decision
from workbench.core.protocol.diagnosis import DiagnosisSettings
from workbench.core.protocol.system_cards import SystemCard


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
    - ``by_assessor``: the systems ranked by each assessor's grades alone
      (:class:`~workbench.core.measures.by_assessor.ByAssessor`) → a block on the
      Agreement sheet.
    - ``standards``: each assessor's standard, the pairs' confusion matrices and the
      bootstrap intervals of weighted κ and α
      (:class:`~workbench.core.measures.agreement_intervals.Standards`) → a block on the
      Agreement sheet.
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
    - ``calibration``: the agreement on each calibration round
      (:class:`~workbench.core.protocol.calibration.RoundAgreement`, by round) → the
      Calibration sheet (left out without a round).
    - ``answers``: the answer evaluation
      (:class:`~workbench.core.protocol.answer_results.AnswerReport`); the Answers and
      Citations sheets are written only when it is given.
    - ``decisions``: every decision behind the numbers
      (:func:`workbench.core.protocol.decisions.study_decisions`) → the Decisions sheet
      and a count per kind on Settings. None: the confirmed conversions and
      rows left out among the results' warnings, and ``notes``.
    - ``title``: the study's name for the printed pages' footer.
    - ``unjudged_bounds``: each system's means with every unjudged retrieved
      passage not relevant and at the top grade
      (:func:`~workbench.core.measures.unjudged_bounds.unjudged_bounds`, BOUND_COLUMNS)
      → the Unjudged ranges sheet (left out without it).
    """

    lang: str = "ko"
    unjudged_bounds: pd.DataFrame | None = None
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
    calibration: Sequence[Any] = ()
    by_assessor: Any = None
    standards: Any = None
    decisions: Sequence[Decision] | None = None
    #: the study's name, printed in every page's footer (write_report: the file's name)
    title: str = ""
