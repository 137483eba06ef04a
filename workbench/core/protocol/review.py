"""Per-question view data for the Question review page (no Qt).

:class:`ReviewIndex` is built once per :class:`~workbench.core.model.results.Results`
(plus the judgments, questions and passages it came from). It precomputes
``(system, question) → row positions`` dictionaries, so moving to the next
question only slices a few numpy arrays: the page then builds at most
4 × K cards.

Conventions
-----------
- *position* is the 1-based place in a system's ranking after ordering,
  de-duplication and unit mapping (``Results.ranking.position``); *rank* is
  the rank as written in the run file.
- A passage is *relevant* iff its resolved grade ≥ θ (``settings.threshold``).
- *Relative position* of a card against the other shown systems: the card's
  position ``p`` is compared with the best (smallest) position ``o`` of the
  same passage in the other systems' **full** rankings (not only their top
  K): ``p < o`` → ``"higher"``, ``p > o`` → ``"lower"``, ``p == o`` →
  ``"same"``, absent from every other system → ``"absent"``, and ``"none"``
  when no other system is shown.
- *Missed evidence* of a system: relevant passages of the question that are
  not in its top K, best grade first (then passage id); each carries its
  position in the full ranking when it was retrieved further down.
- *Triage* for a metric and a failure threshold t: a system *fails* a
  question iff its score < t. A question is ``"all_fail"`` when every
  system fails, ``"some_fail"`` when at least one but not all fail, and
  ``"none_fail"`` otherwise. Systems without a score for the question
  (NaN) are left out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import pandas as pd

from workbench.core.io.ids import known_text_order
from workbench.core.model import schema as s
from workbench.core.model.evidence_text import evidence_map, find_spans
from workbench.core.model.results import Results
from workbench.core.model.study_view import StudyView

Relation = Literal["higher", "lower", "same", "absent", "none"]
Triage = Literal["all_fail", "some_fail", "none_fail"]

ALL_FAIL: Triage = "all_fail"
SOME_FAIL: Triage = "some_fail"
NONE_FAIL: Triage = "none_fail"


# -- value objects ------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """Where a passage comes from: 권 (volume), 강연 (lecture), 페이지, 날짜."""

    volume: str = ""
    lecture: str = ""
    page: str = ""
    date: str = ""

    def __bool__(self) -> bool:
        return bool(self.volume or self.lecture or self.page or self.date)

    def format(self, lang: str = "ko") -> str:
        """``"12권 · 강연 제목 · 34쪽"`` / ``"Vol. 12 · lecture · p. 34"``."""
        parts: list[str] = []
        if self.volume:
            if lang == "ko":
                parts.append(self.volume if self.volume.endswith("권") else f"{self.volume}권")
            else:
                parts.append(f"Vol. {self.volume}")
        if self.lecture:
            parts.append(self.lecture)
        if self.page:
            if lang == "ko":
                parts.append(self.page if self.page.endswith("쪽") else f"{self.page}쪽")
            else:
                parts.append(f"p. {self.page}")
        if self.date:
            parts.append(self.date)
        return " · ".join(parts)


@dataclass
class EvidenceRow:
    """One judged passage of a question (gold evidence, or missed evidence)."""

    passage_id: str
    grade: float  # resolved grade; NaN never happens for gold rows
    #: grade ≥ θ, as the evaluation decided (``Results.qrels.relevant``)
    relevant: bool = False
    role: str = ""
    group: str = ""
    #: assessor name ("" for an unnamed assessor) → that assessor's grade
    assessor_grades: dict[str, int] = field(default_factory=dict)
    source: Source = field(default_factory=Source)
    text: str = ""
    #: for missed evidence: position in the system's full ranking, None = not retrieved
    position: int | None = None
    #: for missed evidence: retrieved, but removed by the de-duplication policy
    skipped: bool = False
    #: the 근거 문장 of the judgments for this (question, passage)
    sentences: tuple[str, ...] = ()
    #: where those sentences are in ``text``: ``[start, end)`` character spans
    highlights: tuple[tuple[int, int], ...] = ()


@dataclass
class OtherPosition:
    system: str
    position: int | None  # None: absent from that system's ranking


@dataclass
class Card:
    """One retrieved passage in a system's column."""

    system: str
    position: int
    passage_id: str
    grade: float  # NaN = unjudged
    score: float
    rank: float
    text: str
    source: Source
    relation: Relation
    others: list[OtherPosition]
    #: the 근거 문장 of the judgments for this passage and question
    sentences: tuple[str, ...] = ()
    #: where those sentences are in ``text``: ``[start, end)`` character spans
    highlights: tuple[tuple[int, int], ...] = ()

    @property
    def judged(self) -> bool:
        return not math.isnan(self.grade)


@dataclass
class Gap:
    """Passages removed by de-duplication right after ``after_position``."""

    after_position: int
    passage_ids: list[str]

    @property
    def count(self) -> int:
        return len(self.passage_ids)


@dataclass
class Column:
    system: str
    items: list[Card | Gap]
    missed: list[EvidenceRow]
    metrics: dict[str, float]
    #: the question is absent from this system's run (scored 0)
    missing: bool = False

    @property
    def cards(self) -> list[Card]:
        return [item for item in self.items if isinstance(item, Card)]


@dataclass
class QuestionView:
    question_id: str
    text: str
    question_type: str
    answerable: bool
    gold: list[EvidenceRow]
    columns: list[Column]
    assessors: list[str]


# -- helpers --------------------------------------------------------------------
def _text(value: object) -> str:
    """Cell → display text: NaN/None → "", 12.0 → "12"."""
    if value is None:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if value.is_integer():
            return str(int(value))
    try:
        if pd.isna(value):
            return ""
    except (TypeError, ValueError):
        pass
    text = str(value).strip()
    # an Excel number that reached us as text: "7.0" is volume 7
    if text.endswith(".0") and text[:-2].isdigit():
        return text[:-2]
    return text


def _float(value: object) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return math.nan


def _column(frame: pd.DataFrame | None, name: str) -> list:
    if frame is None or name not in frame.columns:
        return [None] * (0 if frame is None else len(frame))
    return frame[name].tolist()


class ReviewIndex:
    """Per-question lookups over one evaluation, built once per Results.

    ``judgments``: the raw judgments (one row per assessor), including grades
    added in the app, for each assessor's grade; ``questions`` / ``passages``:
    the optional sheets of the judgments workbook; ``runs``: the combined run
    frame, used only for passage text that the passages sheet lacks.
    """

    def __init__(
        self,
        results: Results,
        questions: pd.DataFrame | None = None,
        passages: pd.DataFrame | None = None,
        judgments: pd.DataFrame | None = None,
        runs: pd.DataFrame | None = None,
        evidence: pd.DataFrame | None = None,
    ) -> None:
        self.results = results
        #: (question, passage) → evidence sentences (the 근거 문장 column)
        self._evidence = evidence_map(evidence)
        self.systems = list(results.systems)
        self.measures = list(results.measures)

        ranking = results.ranking
        self._r_position = ranking["position"].to_numpy()
        self._r_pid = _RowTexts(ranking[s.PID])
        self._r_grade = ranking[s.GRADE].to_numpy(dtype=float)
        self._r_score = ranking[s.SCORE].to_numpy(dtype=float) if s.SCORE in ranking else None
        self._r_rank = ranking[s.RANK].to_numpy(dtype=float) if s.RANK in ranking else None
        self._ranking_rows: dict[tuple[str, str], np.ndarray] = {}
        if len(ranking):
            groups = ranking.groupby([s.SYSTEM, s.QID], sort=False).indices
            for key, rows in groups.items():
                # rows in position order (the frame is normally sorted already)
                order = np.argsort(self._r_position[rows], kind="stable")
                self._ranking_rows[(str(key[0]), str(key[1]))] = rows[order]

        self._skipped: dict[tuple[str, str], list[tuple[int, str]]] = {}
        skipped = results.skipped
        if skipped is not None and len(skipped):
            for sysname, qid, pid, after in zip(
                skipped[s.SYSTEM].tolist(),
                skipped[s.QID].tolist(),
                skipped[s.PID].tolist(),
                skipped["after_position"].tolist(),
            ):
                self._skipped.setdefault((str(sysname), str(qid)), []).append(
                    (int(after), str(pid))
                )

        qrels = results.qrels
        self._q_pid = qrels[s.PID].astype(str).tolist()
        self._q_grade = qrels[s.GRADE].to_numpy(dtype=float)
        self._q_relevant = qrels["relevant"].to_numpy(dtype=bool)
        self._q_role = [_text(v) for v in _column(qrels, s.ROLE)]
        self._q_group = [_text(v) for v in _column(qrels, s.GROUP)]
        self._qrels_rows: dict[str, np.ndarray] = {}
        if len(qrels):
            self._qrels_rows = {
                str(k): v for k, v in qrels.groupby(s.QID, sort=False).indices.items()
            }

        # raw judgments: question → passage → assessor → grade (first row counts)
        self._judged: dict[str, dict[str, dict[str, int]]] = {}
        names: set[str] = set()
        if judgments is not None and len(judgments):
            assessors = (
                judgments[s.ASSESSOR].fillna("").astype(str).tolist()
                if s.ASSESSOR in judgments
                else [""] * len(judgments)
            )
            for qid, pid, grade, who in zip(
                judgments[s.QID].astype(str).tolist(),
                judgments[s.PID].astype(str).tolist(),
                judgments[s.GRADE].tolist(),
                assessors,
            ):
                g = _float(grade)
                if math.isnan(g):
                    continue
                names.add(who)
                per_passage = self._judged.setdefault(qid, {}).setdefault(pid, {})
                per_passage.setdefault(who, int(g))
        self.assessors = sorted(names)

        # per-question metrics: (system, question) → row number
        pq = results.per_question
        self._pq_rows: dict[tuple[str, str], int] = {
            (str(a), str(b)): i
            for i, (a, b) in enumerate(zip(pq[s.SYSTEM].tolist(), pq[s.QID].tolist()))
        }
        self._pq_values = {m: pq[m].to_numpy(dtype=float) for m in self.measures if m in pq}
        self._pq_missing = (
            pq["missing"].fillna(False).to_numpy(dtype=bool) if "missing" in pq else None
        )
        self._pq_type = pq[s.QTYPE].tolist() if s.QTYPE in pq else [None] * len(pq)

        # passages: id → row number, and run text as a fallback
        self._passages = passages
        self._p_row: dict[str, int] = {}
        if passages is not None and len(passages):
            self._p_row = {
                str(pid): i for i, pid in reversed(list(enumerate(passages[s.PID].tolist())))
            }
            self._p_text = [_text(v) for v in _column(passages, s.TEXT)]
            self._p_source = [
                Source(_text(v), _text(lc), _text(pg), _text(d))
                for v, lc, pg, d in zip(
                    _column(passages, s.VOLUME),
                    _column(passages, s.LECTURE),
                    _column(passages, s.PAGE),
                    _column(passages, s.DATE),
                )
            ]
        self._run_text: dict[str, str] = {}
        if runs is not None and len(runs) and s.TEXT in runs:
            texts = runs[[s.PID, s.TEXT]]
            texts = texts[_non_blank(texts[s.TEXT])]
            texts = texts.drop_duplicates(s.PID)
            self._run_text = dict(
                zip(texts[s.PID].astype(str).tolist(), texts[s.TEXT].astype(str).tolist())
            )

        # questions sheet
        self._questions: dict[str, tuple[str, str]] = {}
        order: list[str] = []
        if questions is not None and len(questions):
            for qid, text, qtype in zip(
                questions[s.QID].astype(str).tolist(),
                _column(questions, s.QTEXT),
                _column(questions, s.QTYPE),
            ):
                if qid not in self._questions:
                    self._questions[qid] = (_text(text), _text(qtype))
                    order.append(qid)
        evaluated = dict.fromkeys(str(q) for q in pq[s.QID].tolist())
        evaluated.update(dict.fromkeys(str(q) for q in results.unanswerable))
        self.unanswerable = {str(q) for q in results.unanswerable}
        #: the questions the page lists: evaluated ones, in questions-sheet order first
        self.question_ids: list[str] = [q for q in order if q in evaluated] + [
            q for q in evaluated if q not in self._questions
        ]
        self._types_from_pq: dict[str, str] = {}
        for (_, qid), i in self._pq_rows.items():
            if qid not in self._types_from_pq:
                self._types_from_pq[qid] = _text(self._pq_type[i])

    # -- lookups -------------------------------------------------------------
    def question_text(self, question_id: str) -> str:
        return self._questions.get(question_id, ("", ""))[0]

    def question_type(self, question_id: str) -> str:
        typed = self._questions.get(question_id, ("", ""))[1]
        return typed or self._types_from_pq.get(question_id, "")

    def is_answerable(self, question_id: str) -> bool:
        """Answerable = has relevant evidence (R > 0), the rule the means use."""
        return question_id not in self.unanswerable

    def passage_text(self, passage_id: str) -> str:
        row = self._p_row.get(passage_id)
        if row is not None and self._p_text[row]:
            return self._p_text[row]
        return self._run_text.get(passage_id, "")

    def passage_source(self, passage_id: str) -> Source:
        row = self._p_row.get(passage_id)
        return self._p_source[row] if row is not None else Source()

    def metrics(self, system: str, question_id: str) -> dict[str, float]:
        row = self._pq_rows.get((system, question_id))
        if row is None:
            return {}
        return {m: float(v[row]) for m, v in self._pq_values.items()}

    def is_missing(self, system: str, question_id: str) -> bool:
        row = self._pq_rows.get((system, question_id))
        if row is not None and self._pq_missing is not None:
            return bool(self._pq_missing[row])
        return (system, question_id) not in self._ranking_rows

    def positions(self, system: str, question_id: str) -> dict[str, int]:
        """passage id → position in the system's full ranking for the question."""
        rows = self._ranking_rows.get((system, question_id))
        if rows is None:
            return {}
        return dict(zip(self._r_pid[rows].tolist(), self._r_position[rows].tolist()))

    def grade_of(self, question_id: str, passage_id: str) -> float:
        """Resolved grade of a passage for a question; NaN when unjudged."""
        rows = self._qrels_rows.get(question_id)
        if rows is None:
            return math.nan
        for i in rows:
            if self._q_pid[i] == passage_id:
                return float(self._q_grade[i])
        return math.nan

    def assessor_grades(self, question_id: str, passage_id: str) -> dict[str, int]:
        return dict(self._judged.get(question_id, {}).get(passage_id, {}))

    def sentences(self, question_id: str, passage_id: str) -> tuple[str, ...]:
        """The evidence sentences (근거 문장) written for this passage and question."""
        return self._evidence.get((question_id, passage_id), ())

    def highlights(
        self, question_id: str, passage_id: str, text: str
    ) -> tuple[tuple[int, int], ...]:
        """Where the evidence sentences of (question, passage) are in ``text``."""
        found = self._evidence.get((question_id, passage_id))
        return tuple(find_spans(text, found)) if found and text else ()

    # -- view data ------------------------------------------------------------
    def gold(self, question_id: str) -> list[EvidenceRow]:
        """Every judged passage of the question, best grade first (then id)."""
        rows = self._qrels_rows.get(question_id)
        if rows is None:
            return []
        out = [
            EvidenceRow(
                passage_id=self._q_pid[i],
                grade=float(self._q_grade[i]),
                relevant=bool(self._q_relevant[i]),
                role=self._q_role[i],
                group=self._q_group[i],
                assessor_grades=self.assessor_grades(question_id, self._q_pid[i]),
                source=self.passage_source(self._q_pid[i]),
                text=self.passage_text(self._q_pid[i]),
                sentences=self.sentences(question_id, self._q_pid[i]),
                highlights=self.highlights(
                    question_id, self._q_pid[i], self.passage_text(self._q_pid[i])
                ),
            )
            for i in rows
        ]
        out.sort(key=lambda e: (-e.grade, e.passage_id))
        return out

    def gaps(self, system: str, question_id: str, k: int) -> list[Gap]:
        """De-dup gaps that fall inside the top K (after position 0 … K−1)."""
        by_after: dict[int, list[str]] = {}
        for after, pid in self._skipped.get((system, question_id), []):
            if after < k:
                by_after.setdefault(after, []).append(pid)
        return [Gap(a, pids) for a, pids in sorted(by_after.items())]

    def missed(
        self, system: str, question_id: str, k: int, gold: list[EvidenceRow] | None = None
    ) -> list[EvidenceRow]:
        """Relevant evidence (grade ≥ θ) not in the system's top K."""
        where = self.positions(system, question_id)
        removed = {pid for _, pid in self._skipped.get((system, question_id), [])}
        if gold is None:
            gold = self.gold(question_id)
        return [
            EvidenceRow(
                passage_id=e.passage_id,
                grade=e.grade,
                relevant=e.relevant,
                role=e.role,
                group=e.group,
                assessor_grades=e.assessor_grades,
                source=e.source,
                text=e.text,
                position=where.get(e.passage_id),
                skipped=e.passage_id in removed,
                sentences=e.sentences,
                highlights=e.highlights,
            )
            for e in gold
            if e.relevant and where.get(e.passage_id, k + 1) > k
        ]

    def column(
        self,
        system: str,
        question_id: str,
        k: int,
        others: Sequence[str] = (),
        gold: list[EvidenceRow] | None = None,
    ) -> Column:
        """The top K of one system as cards, with de-dup gaps and missed evidence."""
        other_positions = [(o, self.positions(o, question_id)) for o in others if o != system]
        rows = self._ranking_rows.get((system, question_id))
        items: list[Card | Gap] = []
        gaps = {g.after_position: g for g in self.gaps(system, question_id, k)}
        if 0 in gaps:
            items.append(gaps[0])
        if rows is not None:
            for i in rows[:k]:
                position = int(self._r_position[i])
                if position > k:
                    break
                pid = self._r_pid[i]
                text = self.passage_text(pid)
                items.append(
                    Card(
                        system=system,
                        position=position,
                        passage_id=pid,
                        grade=float(self._r_grade[i]),
                        score=float(self._r_score[i]) if self._r_score is not None else math.nan,
                        rank=float(self._r_rank[i]) if self._r_rank is not None else math.nan,
                        text=text,
                        source=self.passage_source(pid),
                        relation=relation(position, [pos.get(pid) for _, pos in other_positions])
                        if other_positions
                        else "none",
                        others=[OtherPosition(o, pos.get(pid)) for o, pos in other_positions],
                        sentences=self.sentences(question_id, pid),
                        highlights=self.highlights(question_id, pid, text),
                    )
                )
                if position in gaps:
                    items.append(gaps[position])
        return Column(
            system=system,
            items=items,
            missed=self.missed(system, question_id, k, gold),
            metrics=self.metrics(system, question_id),
            missing=self.is_missing(system, question_id),
        )

    def view(self, question_id: str, systems: Sequence[str], k: int) -> QuestionView:
        """Everything the detail pane shows for one question."""
        gold = self.gold(question_id)
        return QuestionView(
            question_id=question_id,
            text=self.question_text(question_id),
            question_type=self.question_type(question_id),
            answerable=self.is_answerable(question_id),
            gold=gold,
            columns=[self.column(sys, question_id, k, systems, gold) for sys in systems],
            assessors=self.assessors,
        )

    # -- list -----------------------------------------------------------------
    def question_table(self, measure: str, systems: Sequence[str] | None = None) -> pd.DataFrame:
        """One row per listed question: id, text, type, answerable, one score
        column per system (NaN for unanswerable questions) and ``mean``."""
        systems = list(systems) if systems is not None else self.systems
        values = self._pq_values.get(measure)
        data: dict[str, list] = {
            s.QID: self.question_ids,
            s.QTEXT: [self.question_text(q) for q in self.question_ids],
            s.QTYPE: [self.question_type(q) for q in self.question_ids],
            s.ANSWERABLE: [self.is_answerable(q) for q in self.question_ids],
        }
        for sysname in systems:
            col = []
            for q in self.question_ids:
                row = self._pq_rows.get((sysname, q))
                col.append(math.nan if row is None or values is None else float(values[row]))
            data[sysname] = col
        frame = pd.DataFrame(data)
        if systems:
            frame["mean"] = frame[list(systems)].mean(axis=1, skipna=True)
        else:
            frame["mean"] = math.nan
        return frame


def relation(position: int, other_positions: Iterable[int | None]) -> Relation:
    """Where a passage at ``position`` sits against its best place elsewhere.

    ``"higher"`` when this system ranks it above (smaller position than)
    every other system that has it, ``"lower"`` when below the best of them,
    ``"same"`` when equal to the best, ``"absent"`` when no other system has
    it, ``"none"`` when there are no other systems.
    """
    others = list(other_positions)
    if not others:
        return "none"
    present = [p for p in others if p is not None]
    if not present:
        return "absent"
    best = min(present)
    if position < best:
        return "higher"
    if position > best:
        return "lower"
    return "same"


def triage(
    per_question: pd.DataFrame,
    measure: str,
    threshold: float,
    systems: Sequence[str] | None = None,
) -> pd.Series:
    """Classify each question: every system fails / only some fail / none fail.

    A system fails a question iff its ``measure`` score < ``threshold``.
    Returns a Series indexed by question id with values ``"all_fail"``,
    ``"some_fail"`` or ``"none_fail"`` (questions where no system has a
    score are left out). ``systems`` restricts the systems considered.
    """
    if per_question.empty or measure not in per_question:
        return pd.Series(dtype=object, name="triage")
    frame = per_question
    if systems is not None:
        frame = frame[frame[s.SYSTEM].isin(list(systems))]
    scores = frame[[s.QID, measure]].dropna()
    if scores.empty:
        return pd.Series(dtype=object, name="triage")
    fails = (scores[measure] < threshold).groupby(scores[s.QID], sort=False)
    n_fail = fails.sum()
    n = fails.size()
    out = pd.Series(NONE_FAIL, index=n.index, dtype=object, name="triage")
    out[(n_fail > 0) & (n_fail < n)] = SOME_FAIL
    out[n_fail == n] = ALL_FAIL
    out.index = out.index.astype(str)
    return out


def build_index(results: Results, study: StudyView | None = None) -> ReviewIndex:
    """A :class:`ReviewIndex` of ``results`` over the study they came from: the
    judgments in force (each assessor's grade, the app's included), the
    questions and passages sheets, and the runs (for passage text)."""
    if study is None:
        return ReviewIndex(results)
    js = study.judgment_set
    return ReviewIndex(
        results,
        js.questions if js is not None else None,
        js.passages if js is not None else None,
        study.judgments_in_force(),
        study.runs(),
        js.evidence if js is not None else None,
    )


class _RowTexts:
    """An id column's text by row (a missing id stays NaN, as ``astype(str)``
    keeps it), made only for the rows asked for: ``texts[i]`` or
    ``texts[rows]``. A ranking has millions of rows and a big run a million
    distinct passages: text for every row, or ``astype(str)`` over every
    category, would be one call holding the interpreter for a third of a
    second while the window waits, to show a few hundred of them."""

    def __init__(self, column: pd.Series) -> None:
        self._names: np.ndarray | None = None
        if isinstance(column.dtype, pd.CategoricalDtype):
            categories = column.cat.categories
            self._names = (
                categories.to_numpy(dtype=object)
                if known_text_order(categories) or _all_text(categories)
                else np.asarray(categories.astype(str), dtype=object)
            )
            self._codes = column.array.codes  # the categorical's own: no copy
        else:
            self._values = column.astype(str).to_numpy(dtype=object)

    def __getitem__(self, rows):
        if self._names is None:
            return self._values[rows]
        codes = self._codes[rows]
        if np.ndim(codes) == 0:
            return self._names[codes] if codes >= 0 else np.nan
        out = self._names[np.maximum(codes, 0)] if len(self._names) else np.full(len(codes), "", object)
        missing = codes < 0
        if missing.any():
            out[missing] = np.nan
        return out


def _all_text(values: pd.Index) -> bool:
    """Every value a ``str`` (one pass in C, no text made)."""
    return pd.api.types.infer_dtype(values, skipna=False) == "string"


def _non_blank(column: pd.Series) -> np.ndarray:
    """Rows whose text is not blank; a categorical is looked at per category (a TREC
    run's text column is one empty category over millions of rows)."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        cats = column.cat.categories
        keep = (pd.Series(cats.astype(str)).str.strip() != "").to_numpy(dtype=bool)
        codes = column.cat.codes.to_numpy()
        return np.where(codes >= 0, keep[np.maximum(codes, 0)] if keep.size else False, False)
    return (column.fillna("").astype(str).str.strip() != "").to_numpy(dtype=bool)
