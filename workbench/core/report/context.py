"""The writer context every sheet takes: the results, the request's options, the
workbook and its styles, the language, the sheet names, and progress and cancel."""

from __future__ import annotations

from collections.abc import Mapping

from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.evidence_text import evidence_map
from workbench.core.model.results import Results
from workbench.core.protocol.decisions import Decision, note_decisions, read_choice_decisions
from workbench.core.protocol.diagnosis import Diagnosis, DiagnosisSettings, diagnose
from workbench.core.protocol.stages import StagePlan, stage_plans
from workbench.core.report.cells import Sheet, Styles, new_workbook
from workbench.core.report.data import agreement_dict, primary_measure, question_texts
from workbench.core.report.request import ReportRequest
from workbench.core.report.words import lang_code, words


class ReportContext:
    """What a sheet writer needs: ``r`` (the results), the request's options as
    attributes, ``wb``/``st`` (workbook, styles), ``lang``, and :meth:`sheet`,
    :meth:`t`, :meth:`step` and :meth:`check`."""

    def __init__(
        self,
        results: Results,
        request: ReportRequest,
        progress: Progress | None,
        cancelled: CancelCheck | None,
        *,
        names: Mapping[str, str],
        weights: Mapping[str, float],
        progress_text: Mapping[str, str],
    ) -> None:
        self.r = results
        self.lang = lang_code(request.lang)
        #: sheet key → its name in ``lang``; the step's weight and progress text
        self.names = dict(names)
        self.weights = dict(weights)
        self.progress_text = dict(progress_text)
        self.questions = request.questions
        self.passages = request.passages
        self.comparisons = request.comparisons
        self.agreement = agreement_dict(request.agreement)
        self.by_assessor = request.by_assessor
        self.standards = request.standards
        self.unjudged_bounds = request.unjudged_bounds
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
        self.calibration = list(request.calibration or ())
        self.progress = progress
        self.cancelled = cancelled
        self.st = Styles()
        self.wb = new_workbook()
        self._done = 0.0
        self.qtext = question_texts(request.questions)
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
        #: the sheets this workbook holds (set when the report is built)
        self.keys: list[str] = []
        self._diagnosis: Diagnosis | None = None
        self._plans: list[StagePlan] | None = None

    @property
    def diagnosis(self) -> Diagnosis:
        if self._diagnosis is None:
            self._diagnosis = diagnose(self.r, self.diagnosis_settings, cancelled=self.cancelled)
        return self._diagnosis

    @property
    def plans(self) -> list[StagePlan]:
        if self._plans is None:
            self._plans = stage_plans(self.r, self.cards, self.diagnosis_settings)
        return self._plans

    def t(self, key: str) -> str:
        return words(key, self.lang)

    # progress / cancel
    def check(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise Cancelled()

    def step(self, key: str, fraction_within: float = 0.0) -> None:
        self.check()
        if self.progress is not None:
            text = self.progress_text[key]
            share = self.weights.get(key, 0.03) * fraction_within
            self.progress(min(1.0, self._done + share), text)

    def finish_step(self, key: str) -> None:
        self._done += self.weights.get(key, 0.03)

    def sheet(self, key: str) -> Sheet:
        return Sheet(self.wb, self.names[key], self.st, self.lang)
