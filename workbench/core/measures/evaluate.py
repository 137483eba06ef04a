"""Evaluation policies (ordering, de-duplication, unit, unanswerable, missing) → Results.

:func:`evaluate` turns resolved judgments and the systems' runs into a
:class:`~workbench.core.model.results.Results`. All systems and questions are
handled at once: ids are integer-coded once (``pd.factorize``), the rows are
sorted once (``np.lexsort``), and the measures come from the vectorised kernel
in :mod:`workbench.core.measures.metrics`. The rules follow SPEC §3; each is stated in
the docstring of :func:`evaluate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd

from workbench.core.io.ids import known_matches, known_text_order
from workbench.core.io.positions import first_occurrences
from workbench.core.measures.metrics import Measure, measures_for, parse_measure, score_lists
from workbench.core.model import schema as s
from workbench.core.model.cancel import CancelCheck, Cancelled, Progress
from workbench.core.model.evidence_groups import evidence_groups
from workbench.core.model.id_match import look_alike_hint
from workbench.core.model.memory import give_back_memory
from workbench.core.model.problems import Problem, warning
from workbench.core.model.results import Results
from workbench.core.model.schema import EvalSettings

try:  # the optional C module (see _fastids_positions.c); pandas does the same lookups without it
    from workbench.core.io import _fastids
except ImportError:
    _fastids = None

__all__ = ["evaluate", "JUDGED_COVERAGE_WARNING"]

#: Below this mean Judged@K (largest K) a system's numbers are flagged as
#: resting on too few judgments (unjudged passages count as not relevant).
JUDGED_COVERAGE_WARNING = 0.8

_LISTED = 10  # ids quoted in a warning before "…"


def _ids(values: Sequence[str]) -> str:
    shown = ", ".join(str(v) for v in list(values)[:_LISTED])
    return shown + (" …" if len(values) > _LISTED else "")


def _text_ids(col: pd.Series) -> pd.Series:
    """Ids as text (readers already deliver text; this guards direct callers)."""
    if col.dtype == object or isinstance(col.dtype, pd.StringDtype):
        return col
    return col.astype(str)


def _places(sorted_keys: np.ndarray) -> np.ndarray:
    """1, 2, 3 … within each run of equal keys (one int64 array, no temporaries of n)."""
    n = sorted_keys.size
    places = np.ones(n, dtype=np.int64)
    if n:
        starts = np.flatnonzero(sorted_keys[1:] != sorted_keys[:-1]) + 1
        # a cumulative sum of ones that drops back to 1 at each new key
        places[starts] = 1 - np.diff(np.r_[0, starts])
        np.cumsum(places, out=places)
    return places


def _segments(sorted_keys: np.ndarray) -> np.ndarray:
    """For rows sorted by key: the index of the first row of each row's run."""
    n = sorted_keys.size
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    starts = np.r_[0, np.flatnonzero(sorted_keys[1:] != sorted_keys[:-1]) + 1]
    return np.repeat(starts, np.diff(np.r_[starts, n]))


def evaluate(
    qrels: pd.DataFrame,
    runs: pd.DataFrame,
    settings: EvalSettings,
    questions: pd.DataFrame | None = None,
    passages: pd.DataFrame | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    measures: Sequence[Measure | str] | None = None,
    unjudged: pd.DataFrame | None = None,
) -> Results:
    """Evaluate every system of ``runs`` against resolved judgments ``qrels``.

    ``qrels``: one row per (question_id, passage_id) with ``grade`` (and
    optionally ``role``, ``group``); duplicates raise ``ValueError``.
    ``runs``: RUN_COLUMNS. ``measures`` defaults to ``settings.measures``,
    else ``measures_for(settings.ks, include_core=<judgments have core roles>)``.
    ``unjudged``: (question_id, passage_id) pairs graded below 0 in TREC qrels
    (``JudgmentSet.unjudged``); used by ``settings.trec_compat`` only.

    Policies (SPEC §3):

    - **ordering** — ``rank``: rank ascending, ties by score descending then
      passage id ascending; a system whose rank column is empty is ordered by
      score (rows without a rank go last). ``score``: score descending then
      passage id ascending. ``trec``: score descending then passage id
      *descending* (trec_eval; the rank column is ignored). Sorts are stable.
    - a passage repeated in one ranking counts once (its first place is kept).
    - **de-dup** — ``document``: one passage per document (passages with no
      known document are their own document); ``adjacent``: a chunk within
      ±``window`` chunk indexes of an already kept chunk of the same document
      is dropped. Every removed passage is listed in ``Results.skipped`` with
      the kept position it follows. Positions are renumbered 1, 2, … after it.
    - **unit** ``document``: passages map to documents through ``passages``;
      a document's grade is its best passage's grade; a ranking keeps the
      first place of each document. (Evidence roles do not carry over, so
      CoreRecall is passage-unit only.)
    - **questions** = judged questions ∪ the questions sheet. R = 0 →
      unanswerable: left out of every mean, counted in the abstention table
      (a system abstains when it returns nothing for the question, or nothing
      with a score ≥ ``score_floor``; a row without a score counts as returned).
    - an answerable question absent from a run scores 0 on every measure
      (``missing=True``); a question only in a run is listed, not evaluated.
    - **depth** ``settings.depth = N`` (trec_eval ``-M N``): only the first N
      places of each ordered list are evaluated (before de-duplication), as if
      the run had been cut there.
    - **trec_compat** (trec_eval's conventions): a judged question without
      relevant evidence stays in the means, scoring 0 on every measure
      (Recall, MAP and R-Prec included, where R = 0 divides); it is still
      listed as unanswerable with the abstention table. Judged@K counts a
      passage graded below 0 in TREC qrels as unjudged (trec_eval ``unj``).
      With a run holding every judged question this equals trec_eval's
      ``all`` line; an answerable question missing from the run scores 0
      here as with ``trec_eval -c``.

    ``Results.ranking`` holds every list (run-only questions too); its id
    columns (system, question_id, passage_id) are pandas categoricals whose
    categories are in text order — millions of rows cost integer codes, and
    ``==``, ``isin``, ``astype(str)``, sorting and groupby behave as on text.

    ``progress(fraction, text)`` is called between stages; ``cancelled()``
    is polled there too and raises :class:`~workbench.core.model.cancel.Cancelled`.
    """


    def step(fraction: float, text: str) -> None:
        if cancelled is not None and cancelled():
            raise Cancelled()
        if progress is not None:
            progress(fraction, text)

    warns: list[Problem] = []
    step(0.0, "Preparing judgments / 판정 준비")
    judged = _read_judgments(qrels, passages, settings, warns)
    ms, roles_present = _measures_asked(settings, measures, judged)
    universe, qtype = _question_universe(questions, judged.frame)

    step(0.1, "Coding ids / 아이디 정리")
    rows, codes = _code_rows(runs, universe, judged)
    if not judged.document_unit:  # (the document unit checked its passages' grades)
        _refuse_duplicates(judged.frame, codes.j_q * np.int64(codes.n_p) + codes.j_p)

    step(0.25, "Ordering rankings / 순위 정렬")
    _order_rows(rows, codes, settings, warns)
    _cut_depth(rows, settings.depth)

    step(0.4, "Removing duplicates / 중복 제거")
    kept, n_repeated = _kept_rows(rows, codes, judged, settings, warns)
    skipped_rows = _number_positions(rows, kept)
    del kept

    step(0.55, "Looking up grades / 등급 찾기")
    grades = _look_up_grades(rows, codes, judged, settings, unjudged)
    core_rows, core_per_question = None, None
    if roles_present:
        qr = judged.frame
        groups = evidence_groups(qr, qr[s.GRADE].to_numpy(dtype=float) >= settings.threshold)
        core_rows = np.where(groups.covers, groups.group, -1)[grades.judgment_of_row]
        core_per_question = groups.core_groups_per_question(codes.j_q, codes.n_u)

    step(0.65, "Computing measures / 지표 계산")
    scores = _score(rows, codes, grades, ms, settings, core_rows, core_per_question)

    step(0.8, "Building tables / 표 만들기")
    tables = _question_tables(codes, scores, ms, qtype)
    abstention = _abstention_table(codes, scores)
    run_only = _run_only(rows, codes)
    ranking = _ranking_frame(rows, codes, grades, settings.threshold)
    skipped = _skipped_frame(skipped_rows, codes)
    missing = _missing_frame(codes, scores)
    # keep the order systems were added in (np.unique sorted by code already)
    unanswerable = [str(q) for q in codes.universe[~scores.answerable]]
    qrels_used = judged.frame.copy()
    qrels_used["relevant"] = qrels_used[s.GRADE].to_numpy() >= settings.threshold
    relevant_count = pd.Series(
        scores.relevant_count.astype(np.int64),
        index=pd.Index(codes.universe, name=s.QID),
        name="R",
    )

    _list_warnings(warns, n_repeated, codes.systems, missing, run_only)
    _question_warnings(warns, codes, scores, unanswerable, settings, questions)
    _coverage_warnings(warns, codes, scores, tables.per_question, ranking, judged.frame)
    if roles_present is False and any(m.family == "CoreRecall" for m in ms):
        warns.append(_CORE_RECALL_UNAVAILABLE)

    give_back_memory()  # the temporaries of a big run are gone; return their heap
    step(1.0, "Done / 완료")
    return Results(
        settings=settings,
        measures=[m.name for m in ms],
        systems=codes.systems,
        per_question=tables.per_question,
        aggregates=tables.aggregates,
        by_type=tables.by_type,
        abstention=abstention,
        unanswerable=unanswerable,
        ranking=ranking,
        skipped=skipped,
        missing=missing,
        run_only=run_only,
        qrels=qrels_used,
        relevant_count=relevant_count,
        warnings=warns,
        answerable_without_evidence=_marked_answerable(questions, unanswerable),
    )


def _marked_answerable(questions: pd.DataFrame | None, without_evidence: list[str]) -> list[str]:
    """The questions of ``without_evidence`` (R = 0) that the questions sheet marks
    answerable (답변가능 = 예), in their order there."""
    if questions is None or s.ANSWERABLE not in questions.columns or not without_evidence:
        return []
    marked = questions[questions[s.ANSWERABLE].fillna(False).astype(bool)]
    ids = set(_text_ids(marked[s.QID]).tolist())
    return [q for q in without_evidence if q in ids]


# == the stages of evaluate(), in the order it runs them ==============================
@dataclass
class _Judgments:
    """The resolved judgments as the evaluation reads them.

    ``frame``: question_id, passage_id, grade (+ role, group when given), ids as
    text, one row per pair (per document in the document unit). ``doc_of`` /
    ``chunk_of``: each passage's document and chunk index, from ``passages``.
    """

    frame: pd.DataFrame
    doc_of: dict[str, str]
    chunk_of: dict[str, float]
    document_unit: bool


def _read_judgments(
    qrels: pd.DataFrame,
    passages: pd.DataFrame | None,
    settings: EvalSettings,
    warns: list[Problem],
) -> _Judgments:
    """Stage *judgments*: check and clean ``qrels``; in the document unit, grade documents."""
    for col in (s.QID, s.PID, s.GRADE):
        if col not in qrels.columns:
            raise ValueError(f"qrels lacks column {col!r}")
    keep_cols = [c for c in (s.QID, s.PID, s.GRADE, s.ROLE, s.GROUP) if c in qrels.columns]
    qr = qrels[keep_cols].reset_index(drop=True).copy()
    qr[s.QID] = _text_ids(qr[s.QID])
    qr[s.PID] = _text_ids(qr[s.PID])
    qr[s.GRADE] = pd.to_numeric(qr[s.GRADE], errors="coerce").astype(float)
    qr = qr[qr[s.GRADE].notna()].reset_index(drop=True)
    if settings.unit == "document":
        # passages are about to become documents: their own grades must be one each
        # (in the passage unit the ids' integer codes are checked once they exist)
        _refuse_duplicates(qr, pd.MultiIndex.from_frame(qr[[s.QID, s.PID]]).codes)

    doc_of: dict[str, str] = {}
    chunk_of: dict[str, float] = {}
    if passages is not None and s.PID in passages.columns and len(passages):
        pp = passages.drop_duplicates(s.PID)
        if s.DOCID in pp.columns:
            docs = pp[s.DOCID].astype(object)
            ok = docs.notna() & (docs.astype(str).str.strip() != "")
            doc_of = dict(zip(_text_ids(pp.loc[ok, s.PID]), docs[ok].astype(str)))
        if s.CHUNK in pp.columns:
            ch = pd.to_numeric(pp[s.CHUNK], errors="coerce").astype(float)
            chunk_of = dict(zip(_text_ids(pp[s.PID]), ch))

    document_unit = settings.unit == "document"
    if document_unit:
        qr[s.PID] = qr[s.PID].map(lambda p: doc_of.get(p, p))
        qr = qr.groupby([s.QID, s.PID], sort=False, as_index=False)[s.GRADE].max()
        if not doc_of:
            warns.append(
                warning(
                    "document_unit_without_documents",
                    "Document unit was chosen but no passage→document table was given; "
                    "every passage counts as its own document.",
                    "문서 단위를 골랐지만 문단→문서 표(passages 시트)가 없어 "
                    "각 문단을 하나의 문서로 봅니다.",
                )
            )
    return _Judgments(qr, doc_of, chunk_of, document_unit)


def _refuse_duplicates(qr: pd.DataFrame, keys) -> None:
    """ValueError naming up to five (question, passage) pairs graded more than once.

    ``keys``: one integer per row of ``qr`` (or a pair of code arrays), equal for
    equal (question, passage) pairs — codes the evaluation makes anyway, so the
    ids (hundreds of thousands of judged passages in a big study) are not hashed
    as text once more."""
    if isinstance(keys, list | tuple):
        keys = np.asarray(keys[0], dtype=np.int64) * (int(np.max(keys[1], initial=0)) + 1) + keys[1]
    keys = np.asarray(keys, dtype=np.int64)
    if keys.size < 2:
        return
    ordered = np.sort(keys)
    repeated = ordered[1:][ordered[1:] == ordered[:-1]]
    if not repeated.size:
        return
    dup = np.isin(keys, repeated)
    pairs = qr.loc[dup, [s.QID, s.PID]].drop_duplicates().head(5)
    shown = ", ".join(f"({a}, {b})" for a, b in pairs.itertuples(index=False))
    raise ValueError(
        f"qrels must hold one resolved grade per (question, passage); duplicated: {shown}"
    )


def _measures_asked(
    settings: EvalSettings, measures: Sequence[Measure | str] | None, judged: _Judgments
) -> tuple[list[Measure], bool]:
    """The measures to compute, and whether the judgments name core evidence."""
    qr = judged.frame
    roles_present = (
        not judged.document_unit
        and s.ROLE in qr.columns
        and bool((s.evidence_roles(qr[s.ROLE]) == "core").any())
    )
    if measures is None and settings.measures:
        measures = settings.measures
    if measures is None:
        return measures_for(settings.ks, include_core=roles_present), roles_present
    return [parse_measure(m) for m in measures], roles_present


def _question_universe(
    questions: pd.DataFrame | None, qr: pd.DataFrame
) -> tuple[np.ndarray, dict[str, str]]:
    """Stage *question universe*: the questions sheet's questions, then the judged
    ones (distinct, in that order), and each question's type."""
    qtype: dict[str, str] = {}
    universe_parts = []
    if questions is not None and s.QID in questions.columns and len(questions):
        qq = questions.copy()
        qq[s.QID] = _text_ids(qq[s.QID])
        universe_parts.append(qq[s.QID])
        if s.QTYPE in qq.columns:
            types = qq[s.QTYPE].astype(object).where(qq[s.QTYPE].notna(), "")
            qtype = dict(zip(qq[s.QID], types.astype(str)))
    universe_parts.append(qr[s.QID])
    universe = pd.unique(pd.concat(universe_parts, ignore_index=True).to_numpy(dtype=object))
    return np.asarray(universe, dtype=object), qtype


@dataclass
class _Rows:
    """The run's rows as integer codes and numbers, in the order the last stage left them.

    Stages replace the arrays rather than keep old ones beside new ones, so the
    memory peak of a 7M-row run stays that of one set of columns.
    """

    system: np.ndarray
    question: np.ndarray
    passage: np.ndarray
    score: np.ndarray
    rank: np.ndarray
    #: system × questions + question, non-decreasing once ordered (until positions exist)
    list_key: np.ndarray | None = None
    #: 1, 2, … within each list, once de-duplicated
    position: np.ndarray | None = None

    @property
    def columns(self) -> tuple[np.ndarray, ...]:
        return (self.system, self.question, self.passage, self.score, self.rank)

    def keep(self, index: np.ndarray) -> None:
        """Only the rows at ``index`` (a boolean mask or row numbers) stay."""
        self.system, self.question, self.passage, self.score, self.rank = (
            x[index] for x in self.columns
        )
        if self.list_key is not None:
            self.list_key = self.list_key[index]
        if self.position is not None:
            self.position = self.position[index]


@dataclass
class _Codes:
    """What the integer codes of :class:`_Rows` and of the judgments stand for.

    Question codes 0 … ``n_u`` − 1 are the ``universe`` (judged or listed
    questions); the run's other questions follow in ``q_uniq``. Passage codes
    0 … ``n_run_p`` − 1 are the run's passages (``p_run``, in text order); the
    judged passages no run returned (``p_extra``) follow. ``j_q`` / ``j_p``:
    the codes of each judgment row.
    """

    systems: list[str]
    universe: np.ndarray
    q_uniq: np.ndarray
    p_run: np.ndarray
    p_extra: np.ndarray
    p_dtype: pd.CategoricalDtype | None
    j_q: np.ndarray
    j_p: np.ndarray
    #: the passages the run's reader looked up, and where (see _passage_positions)
    p_matched: tuple[np.ndarray, np.ndarray] | None = None

    @property
    def n_run_p(self) -> int:
        return len(self.p_run)

    @cached_property
    def p_uniq(self) -> np.ndarray:
        """Every passage by its code. Joined only when asked (documents, skipped
        rows): the run's million ids are not copied to add a few judged ones."""
        return np.concatenate([self.p_run, self.p_extra]) if self.p_extra.size else self.p_run

    @property
    def n_u(self) -> int:
        return len(self.universe)

    @property
    def n_s(self) -> int:
        return len(self.systems)

    @property
    def n_qall(self) -> int:
        return len(self.q_uniq)

    @property
    def n_p(self) -> int:
        return max(len(self.p_run) + len(self.p_extra), 1)


def _code_rows(runs: pd.DataFrame, universe: np.ndarray, judged: _Judgments) -> tuple[_Rows, _Codes]:
    """Stage *integer codes*: systems, questions and passages of the runs and judgments."""
    run = runs.reset_index(drop=True)
    n_rows = len(run)
    document_unit = judged.document_unit
    sys_code, systems_idx = _appearance_codes(run[s.SYSTEM])
    systems = [str(x) for x in systems_idx]
    # universe first, so codes 0..n_u-1 are the judged/listed questions
    r_q, q_uniq = _appearance_codes(run[s.QID], first=universe)
    r_p, p_run, p_sorted, p_all_used = _any_codes(run[s.PID])
    # the run's own categories, every one used and in text order (what the readers
    # give): Results.ranking reuses that dtype instead of re-checking a million ids
    own = p_sorted and p_all_used and not document_unit
    p_dtype = run[s.PID].dtype if own else None
    if document_unit:
        docs = np.array([judged.doc_of.get(p, p) for p in p_run], dtype=object)
        d_codes, p_run = _factorize(docs)
        r_p = d_codes[r_p]
        p_sorted = False
    if not p_sorted:
        # passage codes in text order: ties are then broken on codes, and the
        # ranking's categorical needs no second sort
        order_p = np.argsort(p_run.astype(str), kind="stable")
        new_code = np.empty(order_p.size, dtype=np.int64)
        new_code[order_p] = np.arange(order_p.size)
        r_p, p_run = new_code[r_p], p_run[order_p]
        del order_p, new_code
    # judged passages: codes of the run's passages, new codes for the others
    qr = judged.frame
    j_pid = _object_ids(qr[s.PID])
    p_matched = known_matches(run[s.PID].cat.categories) if own else None
    p_extra = np.empty(0, dtype=object)
    j_p = _passage_positions(p_run, p_extra, p_matched, j_pid)
    if (j_p < 0).any():
        extra, p_extra = _factorize(j_pid[j_p < 0])
        j_p[j_p < 0] = extra + p_run.size
    j_q = pd.Index(universe).get_indexer(_object_ids(qr[s.QID])).astype(np.int64)

    # read-only views of the input where possible: copied only when rows move, or at
    # the end for Results.ranking (which never holds views of the input), so the
    # copies do not add to the memory peak of ordering a 7M-row run
    rank = _numbers(run, s.RANK, n_rows)
    score = _numbers(run, s.SCORE, n_rows)

    # compact codes: three int64 columns of 7M rows would cost 170 MB
    sys_code, r_q, r_p = (_compact(x) for x in (sys_code, r_q, r_p))
    rows = _Rows(sys_code, r_q, r_p, score, rank)
    codes = _Codes(systems, universe, q_uniq, p_run, p_extra, p_dtype, j_q, j_p, p_matched)
    return rows, codes


def _order_rows(rows: _Rows, codes: _Codes, settings: EvalSettings, warns: list[Problem]) -> None:
    """Stage *ordering*: each (system, question) list in ranked order (see :func:`evaluate`)."""
    list_key = _list_keys(rows, codes)
    # highest score first, a row without one last (one float array, not where()'s two)
    neg_score = np.negative(rows.score)
    neg_score[np.isnan(neg_score)] = np.inf
    if settings.order in ("trec", "score"):
        order = _ranked_order(list_key, neg_score, None, rows.passage, settings.order == "trec")
    elif settings.order == "rank":
        rank, sys_code = rows.rank, rows.system
        has_rank = np.zeros(codes.n_s, dtype=bool)
        if rank.size:
            np.logical_or.at(has_rank, sys_code, ~np.isnan(rank))
        # a system without ranks is ordered by score; rows lacking a rank go last
        if has_rank.all():
            primary = np.where(np.isnan(rank), np.inf, rank)
        else:
            primary = np.where(
                has_rank[sys_code], np.where(np.isnan(rank), np.inf, rank), neg_score
            )
        order = _ranked_order(list_key, primary, neg_score, rows.passage, False)
        del primary, rank, sys_code
        no_rank = [codes.systems[i] for i in np.flatnonzero(~has_rank)]
        if no_rank:
            warns.append(
                warning(
                    "ordered_by_score",
                    f"No rank column for {_ids(no_rank)}: ordered by score (highest first).",
                    f"{_ids(no_rank)}에는 순위 열이 없어 점수가 높은 순으로 정렬했습니다.",
                )
            )
    else:
        raise ValueError(f"unknown order {settings.order!r}")
    del neg_score
    # rows left in place, or tied rows trading places within their list (the pair
    # _ranked_order gives), keep their list keys; after a full sort they are made
    # again, and the old ones are not kept beside the moved columns meanwhile
    moved_between_lists = order is not None and not isinstance(order, tuple)
    if moved_between_lists:
        del list_key

    rows.system, rows.question, rows.passage, rows.score, rows.rank = _reorder(
        order, rows.columns
    )
    del order
    if moved_between_lists:
        list_key = _list_keys(rows, codes)
    rows.list_key = list_key


def _list_keys(rows: _Rows, codes: _Codes) -> np.ndarray:
    """Each row's list (system × questions + question), never written to.

    With one system (a TREC run file) the question codes are the keys: no new
    array (a 2M-row run's would be 16 MB of fresh pages); else 4 bytes a row
    while they fit. (Rows of one list that trade places keep their keys, so
    the question codes may move under them.)"""
    if codes.n_s <= 1:
        return rows.question
    wide = np.int32 if codes.n_s * codes.n_qall < 2**31 else np.int64
    return rows.system.astype(wide) * wide(codes.n_qall) + rows.question.astype(wide, copy=False)


def _cut_depth(rows: _Rows, depth: int | None) -> None:
    """Stage *depth* (trec_eval ``-M``): the first ``depth`` places of each ordered list."""
    if depth is None or not rows.list_key.size:
        return
    place = _places(rows.list_key)
    deep = np.flatnonzero(place > depth)
    del place
    if deep.size:
        top = np.ones(rows.list_key.size, dtype=bool)
        top[deep] = False
        rows.keep(top)


def _kept_rows(
    rows: _Rows,
    codes: _Codes,
    judged: _Judgments,
    settings: EvalSettings,
    warns: list[Problem],
) -> tuple[np.ndarray, int]:
    """Stage *de-duplication*: which rows stay (a repeated passage counts once, then
    the de-dup policy), and how many repeats there were."""
    lk, r_p = rows.list_key, rows.passage
    n_rows = lk.size
    kept = first_occurrences(lk, r_p)
    n_repeated = int(n_rows - kept.sum())
    dedup = "none" if judged.document_unit else settings.dedup
    if dedup == "none" or not n_rows:
        return kept, n_repeated
    if not judged.doc_of:
        warns.append(
            warning(
                "dedup_without_documents",
                "De-duplication by document needs the passages sheet (passage → document); "
                "none was given, so nothing was removed.",
                "문서 기준 중복 제거에는 문단→문서 표(passages 시트)가 필요한데 없어서 "
                "아무것도 제거하지 않았습니다.",
            )
        )
    p_doc = pd.Series(codes.p_uniq, dtype=object).map(judged.doc_of)
    has_doc = p_doc.notna().to_numpy()
    d_code = pd.factorize(p_doc)[0].astype(np.int64)  # NaN → -1
    # a passage without a document is its own document
    d_code = np.where(has_doc, d_code, d_code.max(initial=-1) + 1 + np.arange(len(p_doc)))
    n_d = int(d_code.max(initial=0)) + 1
    row_doc = d_code[r_p]
    if dedup == "document":
        dd = np.where(kept, lk.astype(np.int64) * n_d + row_doc, -1 - np.arange(lk.size))
        kept = kept & ~pd.Series(dd).duplicated(keep="first").to_numpy()
    elif dedup == "adjacent":
        p_chunk = pd.Series(codes.p_uniq, dtype=object).map(judged.chunk_of).to_numpy(dtype=float)
        kept = _drop_adjacent(kept, lk, row_doc, has_doc[r_p], p_chunk[r_p], settings.window)
    else:
        raise ValueError(f"unknown dedup {settings.dedup!r}")
    return kept, n_repeated


@dataclass
class _Skipped:
    """The rows de-duplication removed: their list key, passage code, and the last
    kept position before each."""

    list_key: np.ndarray
    passage: np.ndarray
    after_position: np.ndarray


def _number_positions(rows: _Rows, kept: np.ndarray) -> _Skipped:
    """Positions 1, 2, … among the kept rows of each list; the removed rows leave."""
    lk = rows.list_key
    if int(lk.size - kept.sum()) == 0:
        rows.position = _places(lk)
        rows.list_key = None
        empty = np.zeros(0, dtype=np.int64)
        return _Skipped(empty, empty, empty)
    seg = _segments(lk)
    cum_kept = np.cumsum(kept)
    position = cum_kept - np.where(seg > 0, cum_kept[np.maximum(seg - 1, 0)], 0)
    del seg, cum_kept
    skipped_rows = np.flatnonzero(~kept)
    skipped = _Skipped(lk[skipped_rows], rows.passage[skipped_rows], position[skipped_rows])
    rows.list_key = None
    rows.position = position
    rows.keep(np.flatnonzero(kept))
    return skipped


@dataclass
class _Grades:
    """The grade of each row (NaN: unjudged), and which judgment each judged row has."""

    judged_rows: np.ndarray
    judgment_of_row: np.ndarray
    judgment_grade: np.ndarray
    row_grade: np.ndarray
    #: trec_eval's ``unj`` flag of each judged row (None outside trec_compat)
    row_unjudged: np.ndarray | None


def _look_up_grades(
    rows: _Rows,
    codes: _Codes,
    judged: _Judgments,
    settings: EvalSettings,
    unjudged: pd.DataFrame | None,
) -> _Grades:
    """Stage *judgments join*: each row's grade from the judgments."""
    qr = judged.frame
    j_q, n_p = codes.j_q, codes.n_p
    judged_rows, judged_hit = _judgment_rows(j_q, codes.j_p, rows.question, rows.passage, n_p)
    j_grade = qr[s.GRADE].to_numpy(dtype=float)
    row_grade = np.full(rows.question.size, np.nan)
    row_grade[judged_rows] = j_grade[judged_hit]
    # trec_eval: a passage graded below 0 in TREC qrels is in the pool but unjudged
    row_unjudged = None
    if settings.trec_compat and unjudged is not None and len(unjudged) and not judged.document_unit:
        unj_q = pd.Index(codes.universe).get_indexer(_object_ids(unjudged[s.QID]))
        unj_p = _passage_positions(
            codes.p_run, codes.p_extra, codes.p_matched, _object_ids(unjudged[s.PID])
        )
        ok = (unj_q >= 0) & (unj_p >= 0)
        j_unj = np.zeros(len(qr), dtype=bool)
        if ok.any():
            where = pd.Index(j_q * np.int64(n_p) + codes.j_p).get_indexer(
                unj_q[ok] * np.int64(n_p) + unj_p[ok]
            )
            j_unj[where[where >= 0]] = True
        row_unjudged = j_unj[judged_hit]
    return _Grades(judged_rows, judged_hit, j_grade, row_grade, row_unjudged)


@dataclass
class _Scores:
    """Every measure of every (system, question) list, and what the tables need of them.

    List l is system ``l // n_u`` and question ``l % n_u`` (universe questions only).
    """

    values: dict[str, np.ndarray]
    list_question: np.ndarray
    relevant_count: np.ndarray
    answerable: np.ndarray
    in_means: np.ndarray
    returned: np.ndarray
    returned_above_floor: np.ndarray
    kmax: int
    judged_name: str

    @property
    def listed(self) -> np.ndarray:
        """The lists of the per-question table: those of questions in the means."""
        return np.flatnonzero(self.in_means[self.list_question])


def _score(
    rows: _Rows,
    codes: _Codes,
    grades: _Grades,
    ms: list[Measure],
    settings: EvalSettings,
    core_rows: np.ndarray | None,
    core_per_question: np.ndarray | None,
) -> _Scores:
    """Stage *scoring*: the kernel over every list, then trec_eval's zeros and what
    each list returned (for abstention)."""
    n_u = codes.n_u
    j_q, j_grade = codes.j_q, grades.judgment_grade
    n_lists = codes.n_s * n_u
    list_question = np.tile(np.arange(n_u, dtype=np.int64), codes.n_s)
    kmax = max(settings.ks) if settings.ks else (max((m.cutoff or 0) for m in ms) or 10)
    judged_name = f"Judged@{kmax}"
    kernel_ms = list(ms)
    if judged_name not in [m.name for m in ms]:
        kernel_ms.append(Measure("Judged", kmax))
    jr = grades.judged_rows
    vals = score_lists(
        kernel_ms,
        n_lists=n_lists,
        list_question=list_question,
        row_list=rows.system[jr] * n_u + rows.question[jr],
        row_pos=rows.position[jr],
        row_grade=grades.row_grade[jr],
        judged_question=j_q,
        judged_grade=j_grade,
        threshold=settings.threshold,
        gain=settings.gain,
        row_core_group=core_rows,
        question_core_groups=core_per_question,
        row_unjudged=grades.row_unjudged,
    )
    R_q = np.bincount(j_q, weights=j_grade >= settings.threshold, minlength=n_u)
    answerable_q = R_q > 0
    # trec_eval keeps a judged question without relevant evidence in its means
    # (scoring 0 where R divides); the workbench leaves it out unless asked
    in_means = answerable_q
    if settings.trec_compat:
        in_means = answerable_q | (np.bincount(j_q, minlength=n_u) > 0)
        zero_lists = np.flatnonzero(~answerable_q[list_question])
        for m in ms:
            if m.family in ("Recall", "MAP", "R-Prec"):
                vals[m.name][zero_lists] = 0.0
    # a list "returned something" iff its first row exists (position 1)
    r_s, r_q, position, score = rows.system, rows.question, rows.position, rows.score
    firsts = np.flatnonzero((position == 1) & (r_q < n_u))
    returned = np.zeros(n_lists, dtype=bool)
    returned[r_s[firsts] * n_u + r_q[firsts]] = True
    if settings.score_floor is not None:
        above = np.flatnonzero((np.isnan(score) | (score >= settings.score_floor)) & (r_q < n_u))
        returned_floor = np.zeros(n_lists, dtype=bool)
        returned_floor[r_s[above] * n_u + r_q[above]] = True
    else:
        returned_floor = returned
    return _Scores(
        vals,
        list_question,
        R_q,
        answerable_q,
        in_means,
        returned,
        returned_floor,
        kmax,
        judged_name,
    )


@dataclass
class _QuestionTables:
    per_question: pd.DataFrame
    aggregates: pd.DataFrame
    by_type: pd.DataFrame


def _question_tables(
    codes: _Codes, scores: _Scores, ms: list[Measure], qtype: dict[str, str]
) -> _QuestionTables:
    """Stage *aggregation*: the per-question table, its means per system and per
    (system, question type)."""
    n_u = codes.n_u
    measure_names = [m.name for m in ms]
    sys_obj = np.asarray(codes.systems, dtype=object)
    ans_lists = scores.listed
    pq_qids = codes.universe[scores.list_question[ans_lists]]
    per_q = pd.DataFrame(
        {
            s.SYSTEM: sys_obj[ans_lists // max(n_u, 1)],
            s.QID: pq_qids,
            s.QTYPE: [qtype.get(q, "") for q in pq_qids],
            "missing": ~scores.returned[ans_lists],
        }
    )
    for name in measure_names:
        per_q[name] = scores.values[name][ans_lists]

    agg = per_q.groupby(s.SYSTEM, sort=False)[measure_names].mean()
    agg.insert(0, "n", per_q.groupby(s.SYSTEM, sort=False).size())
    agg = agg.reindex(codes.systems)
    agg["n"] = agg["n"].fillna(0).astype(int)
    agg.index.name = s.SYSTEM

    by_type = per_q.groupby([s.SYSTEM, s.QTYPE], sort=False)[measure_names].mean()
    by_type.insert(0, "n", per_q.groupby([s.SYSTEM, s.QTYPE], sort=False).size())
    by_type = by_type.reset_index()
    return _QuestionTables(per_q, agg, by_type)


_ABSTENTION_COLUMNS = [
    s.SYSTEM,
    "n_unanswerable",
    "appropriate_abstentions",
    "appropriate_abstention_rate",
    "n_answerable",
    "false_abstentions",
    "false_abstention_rate",
]


def _abstention_table(codes: _Codes, scores: _Scores) -> pd.DataFrame:
    """Per system: abstentions on unanswerable questions (appropriate) and on
    answerable ones (false)."""
    n_u = codes.n_u
    answerable_q = scores.answerable
    abst_rows = []
    n_unans = int((~answerable_q).sum())
    n_ans = int(answerable_q.sum())
    for i, name in enumerate(codes.systems):
        abstain = ~scores.returned_above_floor[i * n_u : (i + 1) * n_u]
        a_ok = int((abstain & ~answerable_q).sum())
        a_false = int((abstain & answerable_q).sum())
        abst_rows.append(
            {
                s.SYSTEM: name,
                "n_unanswerable": n_unans,
                "appropriate_abstentions": a_ok,
                "appropriate_abstention_rate": a_ok / n_unans if n_unans else np.nan,
                "n_answerable": n_ans,
                "false_abstentions": a_false,
                "false_abstention_rate": a_false / n_ans if n_ans else np.nan,
            }
        )
    return pd.DataFrame(abst_rows, columns=_ABSTENTION_COLUMNS).set_index(s.SYSTEM)


def _run_only(rows: _Rows, codes: _Codes) -> pd.DataFrame:
    """(system, question) of each list whose question is neither judged nor listed."""
    ro = np.flatnonzero((rows.position == 1) & (rows.question >= codes.n_u))
    sys_obj = np.asarray(codes.systems, dtype=object)
    return pd.DataFrame(
        {
            s.SYSTEM: pd.Series(sys_obj[rows.system[ro]], dtype=object),
            s.QID: pd.Series(codes.q_uniq[rows.question[ro]], dtype=object),
        }
    )


def _ranking_frame(rows: _Rows, codes: _Codes, grades: _Grades, threshold: float) -> pd.DataFrame:
    """``Results.ranking``, built from the rows, which it uses up (they are emptied)."""
    # categorical ids (sorted categories): millions of rows cost int codes, not
    # one Python object per cell; values compare as text. Each code array is
    # dropped once its categorical exists, before score and rank are copied.
    columns: dict = {s.SYSTEM: _categorical(rows.system, np.asarray(codes.systems, dtype=object))}
    rows.system = None
    columns[s.QID] = _categorical(rows.question, codes.q_uniq)
    rows.question = None
    columns["position"] = rows.position
    columns[s.PID] = _categorical(
        rows.passage, codes.p_run, presorted=True, dtype=codes.p_dtype
    )
    rows.passage = None
    row_grade = grades.row_grade
    columns[s.GRADE] = row_grade
    # the relevance flag, decided once here (NaN = unjudged → not relevant)
    columns["relevant"] = row_grade >= threshold
    columns[s.SCORE] = _own(rows.score)
    columns[s.RANK] = _own(rows.rank)
    rows.score = rows.rank = rows.position = None
    # copy=False: columns are used as they are, not consolidated into new blocks
    return pd.DataFrame(columns, copy=False)


def _skipped_frame(skipped: _Skipped, codes: _Codes) -> pd.DataFrame:
    """``Results.skipped``: every passage de-duplication removed."""
    if not skipped.list_key.size:
        return pd.DataFrame(
            {
                s.SYSTEM: pd.Series([], dtype=object),
                s.QID: pd.Series([], dtype=object),
                s.PID: pd.Series([], dtype=object),
                "after_position": pd.Series([], dtype=np.int64),
            }
        )
    sys_obj = np.asarray(codes.systems, dtype=object)
    return pd.DataFrame(
        {
            s.SYSTEM: sys_obj[skipped.list_key // codes.n_qall],
            s.QID: codes.q_uniq[skipped.list_key % codes.n_qall],
            s.PID: codes.p_uniq[skipped.passage],
            "after_position": skipped.after_position,
        }
    )


def _missing_frame(codes: _Codes, scores: _Scores) -> pd.DataFrame:
    """(system, answerable question) of each list the system returned nothing for."""
    ans_lists = scores.listed
    list_question = scores.list_question
    miss_lists = ans_lists[
        ~scores.returned[ans_lists] & scores.answerable[list_question[ans_lists]]
    ]
    sys_obj = np.asarray(codes.systems, dtype=object)
    return pd.DataFrame(
        {
            s.SYSTEM: sys_obj[miss_lists // max(codes.n_u, 1)],
            s.QID: codes.universe[list_question[miss_lists]],
        }
    )


# -- warnings -------------------------------------------------------------------------
_CORE_RECALL_UNAVAILABLE = warning(
    "core_recall_unavailable",
    "Core evidence recall needs an evidence-role column with 'core' entries "
    "(passage unit); it was left empty.",
    "핵심 근거 재현율에는 '핵심' 역할이 적힌 근거 역할 열이 필요합니다(문단 단위). "
    "값을 비워 두었습니다.",
)


def _list_warnings(
    warns: list[Problem],
    n_repeated: int,
    systems: list[str],
    missing: pd.DataFrame,
    run_only: pd.DataFrame,
) -> None:
    """Repeated passages; per system, answerable questions it lacks and questions
    only it has."""
    if n_repeated:
        warns.append(
            warning(
                "repeated_passage",
                f"{n_repeated} passage(s) appeared more than once in one ranking; "
                "only the first place was counted.",
                f"한 순위 목록 안에 같은 문단이 두 번 이상 나온 경우가 {n_repeated}건 있어 "
                "첫 번째 것만 셌습니다.",
            )
        )
    for name in systems:
        m = missing[missing[s.SYSTEM] == name][s.QID].tolist()
        if m:
            warns.append(
                warning(
                    "missing_questions",
                    f"System '{name}' has no results for {len(m)} answerable question(s); "
                    f"they count as 0: {_ids(m)}",
                    f"시스템 '{name}'에는 답할 수 있는 질문 {len(m)}개의 결과가 없어 0점으로 "
                    f"계산했습니다: {_ids(m)}",
                )
            )
        ro = run_only[run_only[s.SYSTEM] == name][s.QID].tolist()
        if ro:
            hint_en, hint_ko = look_alike_hint(m, ro)
            warns.append(
                warning(
                    "run_only_questions",
                    f"System '{name}' has results for {len(ro)} question(s) that are not in the "
                    f"judgments; they were not evaluated: {_ids(ro)}"
                    + (f".{hint_en}" if hint_en else ""),
                    f"시스템 '{name}'의 결과 중 판정 파일에 없는 질문 {len(ro)}개는 평가하지 "
                    f"않았습니다: {_ids(ro)}" + (f".{hint_ko}" if hint_ko else ""),
                )
            )


def _question_warnings(
    warns: list[Problem],
    codes: _Codes,
    scores: _Scores,
    unanswerable: list[str],
    settings: EvalSettings,
    questions: pd.DataFrame | None,
) -> None:
    """No answerable question; unanswerable ones; an 'answerable' column at odds."""
    n_u = codes.n_u
    answerable_q = scores.answerable
    n_unans = int((~answerable_q).sum())
    n_ans = int(answerable_q.sum())
    if n_ans == 0 and n_u:
        warns.append(
            warning(
                "no_answerable_questions",
                "No question has relevant evidence (grade ≥ threshold), so no means can be "
                "computed. Check the threshold and the grade column.",
                "관련 근거(기준 등급 이상)가 있는 질문이 하나도 없어 평균을 낼 수 없습니다. "
                "기준 등급과 등급 열을 확인하세요.",
            )
        )
    if n_unans and settings.trec_compat:
        warns.append(
            warning(
                "unanswerable_questions_in_means",
                f"{n_unans} question(s) have no relevant evidence; as trec_eval does, those "
                f"with judgments are kept in the means (scoring 0), and they are also reported "
                f"as abstention: {_ids(unanswerable)}",
                f"관련 근거가 없는 질문이 {n_unans}개 있습니다. trec_eval과 같은 방식이라 판정이 "
                f"있는 질문은 평균에 넣고(0점), 답변 보류 표에도 따로 보고합니다: "
                f"{_ids(unanswerable)}",
            )
        )
    elif n_unans:
        warns.append(
            warning(
                "unanswerable_questions",
                f"{n_unans} question(s) have no relevant evidence; they are left out of the "
                f"means and reported as abstention: {_ids(unanswerable)}",
                f"관련 근거가 없는 질문 {n_unans}개는 평균에서 빼고 답변 보류 표에 따로 "
                f"보고합니다: {_ids(unanswerable)}",
            )
        )
    if questions is not None and s.ANSWERABLE in questions.columns and n_u:
        flag = questions[[s.QID, s.ANSWERABLE]].dropna()
        flag_map = dict(zip(_text_ids(flag[s.QID]), flag[s.ANSWERABLE].astype(bool)))
        ans_map = dict(zip(codes.universe, answerable_q))
        odd = [q for q, f in flag_map.items() if q in ans_map and bool(f) != bool(ans_map[q])]
        if odd:
            warns.append(
                warning(
                    "answerable_flag_disagrees",
                    f"For {len(odd)} question(s) the 'answerable' column disagrees with the "
                    f"judgments (relevant evidence found or not); the judgments were used: "
                    f"{_ids(odd)}",
                    f"질문 {len(odd)}개는 '답변 가능' 표시와 판정(관련 근거 유무)이 서로 달라 "
                    f"판정을 따랐습니다: {_ids(odd)}",
                )
            )


def _coverage_warnings(
    warns: list[Problem],
    codes: _Codes,
    scores: _Scores,
    per_q: pd.DataFrame,
    ranking: pd.DataFrame,
    qr: pd.DataFrame,
) -> None:
    """A system whose top results are mostly unjudged (Judged@K below the mark)."""
    if not int(scores.answerable.sum()):
        return
    kmax = scores.kmax
    # coverage of what each system returned (missing questions are reported apart)
    present = ~per_q["missing"].to_numpy()
    cover = (
        pd.Series(scores.values[scores.judged_name][scores.listed][present])
        .groupby(per_q[s.SYSTEM].to_numpy()[present])
        .mean()
    )
    for name in codes.systems:
        c = cover.get(name, np.nan)
        if c == c and c < JUDGED_COVERAGE_WARNING:
            hint_en, hint_ko = _passage_look_alikes(ranking, qr, name, kmax)
            warns.append(
                warning(
                    "low_judged_coverage",
                    f"Only {c:.0%} of the top {kmax} results of '{name}' are judged; "
                    "unjudged passages count as not relevant, so its scores may be too low. "
                    f"Consider judging its top results.{hint_en}",
                    f"'{name}'의 상위 {kmax}개 결과 가운데 판정된 것이 {c:.0%}뿐입니다. "
                    "미판정 문단은 관련 없음으로 계산되므로 점수가 낮게 나올 수 있습니다. "
                    f"상위 결과를 더 판정해 보세요.{hint_ko}",
                )
            )


def _object_ids(col: pd.Series) -> np.ndarray:
    """Ids as an object array of text (readers deliver text; this guards direct callers).

    Blank (NaN) ids stay NaN and become one value of their own when coded.
    """
    if col.dtype == object or isinstance(col.dtype, pd.StringDtype):
        return col.to_numpy(dtype=object)
    return col.astype(str).to_numpy(dtype=object)


def _judgment_rows(
    j_q: np.ndarray, j_p: np.ndarray, r_q: np.ndarray, r_p: np.ndarray, n_p: int
) -> tuple[np.ndarray, np.ndarray]:
    """The run rows that are judged, and the row of each one's (question, passage) judgment.

    Most retrieved passages are judged for no question at all; only the rows
    whose passage is judged somewhere are looked up in the hash table.
    """
    judged_p = np.zeros(n_p, dtype=bool)
    judged_p[j_p] = True
    cand = np.flatnonzero(judged_p[r_p])
    if not cand.size:
        return cand, cand
    n_p = np.int64(n_p)
    hit = pd.Index(j_q * n_p + j_p).get_indexer(r_q[cand] * n_p + r_p[cand])
    found = hit >= 0  # run-only questions never match
    return cand[found], hit[found].astype(np.int64)


def _numbers(run: pd.DataFrame, column: str, n: int) -> np.ndarray:
    """A numeric run column as float64 (NaN where absent or not a number), a view if it can."""
    if column not in run.columns:
        return np.full(n, np.nan)
    values = run[column]
    if values.dtype == np.float64:
        return values.to_numpy()
    return np.array(pd.to_numeric(values, errors="coerce"), dtype=float)


def _own(values: np.ndarray) -> np.ndarray:
    """``values``, copied unless it is a writable array owning its memory."""
    if values.flags.owndata and values.flags.writeable:
        return values
    return values.copy()


def _compact(codes: np.ndarray) -> np.ndarray:
    """Non-negative codes in int32 when they fit."""
    if codes.size and int(codes.max()) < 2**31 - 1:
        return codes.astype(np.int32, copy=False)
    return codes


def _reorder(order, arrays: tuple) -> list[np.ndarray]:
    """The arrays in the row order of :func:`_ranked_order`, in place when only ties move.

    The rows of a run file are nearly always in ranked order already, with a
    few ties to break: then only the tied rows are moved, in each array's own
    memory (every array here is the evaluation's own), instead of a full copy
    of every column.
    """
    if order is None:
        return list(arrays)
    if isinstance(order, tuple):
        moved, source = order
    else:
        return [a[order] for a in arrays]
    out = []
    for a in arrays:
        values = a[source]  # fancy indexing: a copy of the moving rows
        if not np.array_equal(values, a[moved], equal_nan=a.dtype.kind == "f"):
            a = _own(a)  # a read-only view of the input is copied before it changes
            a[moved] = values
        out.append(a)
    return out


#: questions, and places of their lists, looked at for passage ids written another way
_LOOK_ALIKE_QUESTIONS = 20
_LOOK_ALIKE_PLACES = 10


def _passage_look_alikes(
    ranking: pd.DataFrame, qr: pd.DataFrame, system: str, kmax: int
) -> tuple[str, str]:
    """The hint of :func:`~workbench.core.model.id_match.look_alike_hint` for a system
    whose top results are mostly unjudged: its unjudged passages in the top
    ``kmax`` (the first ten at most) and the judged passages it did not return,
    over its first questions (a sample: a spelling that differs differs everywhere)."""
    sys_col = ranking[s.SYSTEM]
    at = np.flatnonzero(sys_col.cat.categories == system)
    # the first lists are enough
    limit = _LOOK_ALIKE_QUESTIONS * max(kmax, 1) * 10
    rows = _first_rows_with(sys_col.array.codes, at[0], limit) if at.size else np.zeros(0, np.int64)
    if not rows.size or not len(qr):
        return "", ""
    # (.array.codes: the categoricals' own codes; .cat.codes would copy every row's)
    q_codes = ranking[s.QID].array.codes[rows]
    sample = pd.unique(q_codes)[:_LOOK_ALIKE_QUESTIONS]
    rows = rows[np.isin(q_codes, sample)]
    qids = ranking[s.QID].cat.categories.to_numpy(dtype=object)[sample]
    pids = ranking[s.PID].cat.categories.to_numpy(dtype=object)
    p_codes = ranking[s.PID].array.codes[rows]
    top = (ranking["position"].to_numpy()[rows] <= min(kmax, _LOOK_ALIKE_PLACES)) & np.isnan(
        ranking[s.GRADE].to_numpy(dtype=float)[rows]
    )
    returned = set(pids[p_codes].tolist())
    judged = qr.loc[qr[s.QID].isin(qids), s.PID].astype(str).tolist()
    return look_alike_hint(
        [p for p in judged if p not in returned], pids[p_codes[top]].tolist(), what="passage"
    )


#: rows compared at a time when looking for a system's first rows
_SEARCH_ROWS = 1 << 18


def _first_rows_with(codes: np.ndarray, code: int, limit: int) -> np.ndarray:
    """The first ``limit`` rows (in row order) whose code is ``code``, looked for a
    block of rows at a time: listing every row of a system's 7M-row ranking to
    keep its first 20,000 cost 0.15 s."""
    found, count = [], 0
    for start in range(0, codes.size, _SEARCH_ROWS):
        rows = np.flatnonzero(codes[start : start + _SEARCH_ROWS] == code) + start
        found.append(rows)
        count += rows.size
        if count >= limit:
            break
    return np.concatenate(found)[:limit] if found else np.zeros(0, np.int64)


#: ids looked up per call in a hash table of Python strings (~25 ms each)
_LOOKUP_ROWS = 1 << 17


def _positions_in(haystack: np.ndarray, needles: np.ndarray) -> np.ndarray:
    """Index of each needle in ``haystack`` (distinct values), −1 when absent.

    The hash table is built on the smaller side: a run names a million
    passages, the judgments a few thousand.
    """
    if _fastids is not None:
        # ~8x faster than pandas' table (1.9M passages of a 7M-line run: 0.13 s, not
        # 1.05 s), and outside the GIL; None when an id is not text (a blank one)
        found = _fastids.positions(haystack.tolist(), needles.tolist())
        if found is not None:
            return np.frombuffer(found, dtype=np.int64)
    if needles.size >= haystack.size:
        return pd.Index(haystack).get_indexer(needles).astype(np.int64)
    n_codes, n_uniq = _factorize(needles)
    index = pd.Index(n_uniq)  # its hash table is built once, then looked up by slices:
    # one lookup of a million passage ids holds the interpreter ~0.15 s (the window
    # waits for it when this runs beside it)
    where = np.empty(haystack.size, dtype=np.intp)
    for at in range(0, haystack.size, _LOOKUP_ROWS):
        where[at : at + _LOOKUP_ROWS] = index.get_indexer(haystack[at : at + _LOOKUP_ROWS])
    found = np.flatnonzero(where >= 0)
    pos = np.full(n_uniq.size, -1, dtype=np.int64)
    pos[where[found]] = found
    return pos[n_codes]


def _passage_positions(
    p_run: np.ndarray,
    p_extra: np.ndarray,
    matched: tuple[np.ndarray, np.ndarray] | None,
    needles: np.ndarray,
) -> np.ndarray:
    """Each needle's passage code (−1: absent): its index in ``p_run`` (the
    run's passages), else ``len(p_run)`` + its index in ``p_extra``.
    ``matched``: passages the run's reader looked up while it read, and where
    each is among the run's (see :func:`workbench.core.io.ids.known_matches`);
    the run's part then costs a lookup among those (the judged passages)
    instead of a hash of every passage the run names (a million, to find a
    few thousand)."""
    out = None
    if matched is not None:
        looked_up, positions = matched
        where = _positions_in(looked_up, needles)
        if (where >= 0).all():
            out = positions[where].astype(np.int64)
    if out is None:
        out = _positions_in(p_run, needles)
    outside_run = np.flatnonzero(out < 0)
    if outside_run.size and p_extra.size:
        extra = pd.Index(p_extra).get_indexer(needles[outside_run])
        out[outside_run] = np.where(extra >= 0, extra + p_run.size, -1)
    return out


def _appearance_codes(
    col: pd.Series, first: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Codes numbered in order of first appearance (``first`` values get 0..len(first)-1).

    A categorical column (what the readers deliver) is recoded from its codes
    and categories alone, with no text per row.
    """
    first_arr = np.zeros(0, dtype=object) if first is None else np.asarray(first, dtype=object)
    stretches = _category_stretches(col)
    if stretches is not None:
        heads, lengths = stretches
        # the first appearance of each value is the head of its first stretch
        mapped, uniques = _numbered(heads, col.cat.categories.to_numpy(dtype=object), first_arr)
        return np.repeat(mapped, lengths), uniques
    cat = _category_codes(col)
    if cat is None:
        return _grouped_codes(_object_ids(col), first=first_arr)
    codes, cats, _ = cat
    return _numbered(codes, cats, first_arr)


def _category_stretches(col: pd.Series) -> tuple[np.ndarray, np.ndarray] | None:
    """For a categorical whose values come in long stretches (a run's systems and
    questions: one after another): the code of each stretch and its length;
    None for anything else. Numbering the stretches costs a few thousand
    lookups instead of several passes over millions of rows."""
    if not isinstance(col.dtype, pd.CategoricalDtype) or len(col) < 2:
        return None
    codes = col.cat.codes.to_numpy()
    starts = np.flatnonzero(codes[1:] != codes[:-1])
    if (starts.size + 1) * 4 > codes.size:
        return None
    starts = np.r_[0, starts + 1]
    heads = codes[starts]
    if heads.min() < 0:
        return None  # a missing id: coded like text, as one more value
    return heads, np.diff(np.r_[starts, codes.size])


def _numbered(
    codes: np.ndarray, cats: np.ndarray, first_arr: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_appearance_codes` of category ``codes`` (every one ≥ 0)."""
    wide = np.int32 if first_arr.size + cats.size < 2**31 else np.int64
    if first_arr.size:
        target = pd.Index(first_arr).get_indexer(cats).astype(wide)
    else:
        target = np.full(cats.size, -1, dtype=wide)
    mapped, uniques = target[codes], first_arr
    if codes.size:
        outside = mapped < 0
        if outside.any():
            # the rest in order of first appearance among the rows: that of the first
            # rows of their stretches (a run lists one question after another)
            rest = codes[outside] if not outside.all() else codes
            heads = np.empty(rest.size, dtype=bool)
            heads[0] = True
            np.not_equal(rest[1:], rest[:-1], out=heads[1:])
            seen = pd.unique(rest[heads])
            target[seen] = first_arr.size + np.arange(seen.size)
            uniques = np.concatenate([first_arr, cats[seen]])
            mapped = target[codes]
    return mapped, uniques


def _any_codes(col: pd.Series) -> tuple[np.ndarray, np.ndarray, bool, bool]:
    """Codes, distinct values, whether those are in text order (the readers'
    categoricals: yes), and whether they are all of the column's categories
    (a categorical every one of whose categories is used)."""
    cat = _category_codes(col)
    if cat is None:
        codes, uniq = _factorize(_object_ids(col))
        return codes, uniq, False, False
    codes, cats, all_used = cat
    categories = col.cat.categories
    in_order = known_text_order(categories) or _increasing(cats)
    return codes, cats, in_order, all_used and categories.dtype == object


def _increasing(values: np.ndarray) -> bool:
    """Strictly increasing text (numpy compares the objects pairwise: ~4x faster
    than a pandas Index's check on a million ids)."""
    if values.size < 2:
        return True
    try:
        return bool((values[1:] > values[:-1]).all())
    except TypeError:  # not all text: not in text order
        return False


def _category_codes(col: pd.Series) -> tuple[np.ndarray, np.ndarray, bool] | None:
    """int64 codes, the categories actually used, and whether that is all of them,
    for a categorical without missing ids."""
    if not isinstance(col.dtype, pd.CategoricalDtype):
        return None
    codes = np.asarray(col.array.codes)  # the categorical's own (read-only): no Series made
    if codes.size and codes.min() < 0:
        return None  # a missing id: coded like text, as one more value
    cats = col.cat.categories.to_numpy(dtype=object)
    if codes.size:
        used = np.zeros(cats.size, dtype=bool)
        used[codes] = True  # ~3x faster than a bincount of the 2M codes of a large run
    else:
        used = np.zeros(0, dtype=bool)
    if not used.all():
        remap = (np.cumsum(used) - 1).astype(np.int32 if cats.size < 2**31 else np.int64)
        return remap[codes], cats[used], False
    return codes.copy(), cats, True  # a copy: the evaluation's own (rows are moved in place)


def _grouped_codes(
    values: np.ndarray, first: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """``pd.factorize`` for a column whose equal values mostly sit together.

    Run files list one question (and one system) after another, so hashing
    only the rows where the value changes is far cheaper than hashing every
    row; the result is the same for any row order. ``first`` (unique values)
    receive codes 0..len(first)-1.
    """
    n = values.size
    first = np.zeros(0, dtype=object) if first is None else np.asarray(first, dtype=object)
    if n == 0:
        return np.zeros(0, dtype=np.int64), first
    change = np.empty(n, dtype=bool)
    change[0] = True
    np.not_equal(values[1:], values[:-1], out=change[1:])
    starts = np.flatnonzero(change)
    codes, uniq = _factorize(np.concatenate([first, values[starts]]))
    return np.repeat(codes[first.size :], np.diff(np.r_[starts, n])), uniq


def _factorize(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``pd.factorize`` where a blank (NaN) id is one more value, not a −1 code.

    (``use_na_sentinel=False`` would do the same but scans every row for NaN
    first, which costs as much as the hashing on millions of ids.)
    """
    codes, uniq = pd.factorize(values)
    codes = codes.astype(np.int64, copy=False)
    uniq = np.asarray(uniq, dtype=object)
    blank = codes < 0
    if blank.any():
        codes[blank] = uniq.size
        uniq = np.append(uniq, np.nan)
    return codes, uniq


def _ranked_order(
    list_key: np.ndarray,
    primary: np.ndarray,
    secondary: np.ndarray | None,
    pid: np.ndarray,
    pid_descending: bool,
) -> np.ndarray | tuple[np.ndarray, np.ndarray] | None:
    """Row order by (list, primary asc, secondary asc, passage id asc/desc), stable.

    ``pid``: passage codes numbered in text order of the ids.

    Run files are nearly always stored in ranked order already, so the rows
    are first checked for being sorted by (list, primary) in one vectorised
    pass; only when they are not is a full sort done. Ties are then broken on
    the tied rows alone. Returns None when the rows are already in order, a
    pair ``(rows, sources)`` when only tied rows move (row ``rows[i]`` takes
    row ``sources[i]``), else the full order.
    """
    n = list_key.size
    if n < 2:
        return None
    same_list = list_key[1:] == list_key[:-1]
    rising = list_key[1:] > list_key[:-1]
    rising |= same_list & (primary[1:] >= primary[:-1])
    if rising.all():
        order = None
        tie = same_list & (primary[1:] == primary[:-1])
    else:
        order = np.lexsort((primary, list_key))
        lk_s = list_key[order]
        pr_s = primary[order]
        tie = (lk_s[1:] == lk_s[:-1]) & (pr_s[1:] == pr_s[:-1])
        del lk_s, pr_s
    del rising, same_list
    if not tie.any():
        return order
    # tied rows come in contiguous runs: number the runs among those rows only
    idx = np.flatnonzero(np.r_[tie, False] | np.r_[False, tie])
    run_start = np.r_[True, ~tie[idx[1:] - 1]] if idx.size else np.zeros(0, bool)
    group = np.cumsum(run_start)
    del tie
    sub = idx if order is None else order[idx]
    pcode = pid[sub]  # passage codes are numbered in text order
    keys = [-pcode.astype(np.int64) if pid_descending else pcode]
    if secondary is not None:
        keys.append(secondary[sub])
    keys.append(group)
    fixed = sub[np.lexsort(keys)]
    if order is None:
        return idx, fixed
    order[idx] = fixed
    return order




def _categorical(
    codes: np.ndarray,
    uniques: np.ndarray,
    presorted: bool = False,
    dtype: pd.CategoricalDtype | None = None,
) -> pd.Categorical:
    """Ids as a categorical whose categories are in text order (so sorting is by text).

    ``presorted``: ``uniques`` are in text order already (no sort needed).
    ``dtype``: a categorical dtype whose categories are ``uniques`` (taken as it is).
    """
    uniques = np.asarray(uniques, dtype=object)
    if dtype is not None:
        return pd.Categorical.from_codes(
            codes.astype(np.int32 if uniques.size < 2**31 else np.int64, copy=False),
            dtype=dtype,
            validate=False,
        )
    if presorted:
        dtype = np.int32 if uniques.size < 2**31 else np.int64
        if pd.api.types.infer_dtype(uniques, skipna=False) != "string":
            uniques = uniques.astype(str).astype(object)
        return pd.Categorical.from_codes(
            codes.astype(dtype, copy=False), categories=pd.Index(uniques, dtype=object)
        )
    text_order = np.argsort(uniques.astype(str), kind="stable")
    # codes of the width pandas keeps (int32 below 2**31 categories): no second pass
    new_code = np.empty(uniques.size, dtype=np.int32 if uniques.size < 2**31 else np.int64)
    new_code[text_order] = np.arange(uniques.size)
    return pd.Categorical.from_codes(
        new_code[codes] if codes.size else np.zeros(0, dtype=new_code.dtype),
        categories=pd.Index(uniques[text_order].astype(str), dtype=object),
    )


def _drop_adjacent(
    kept: np.ndarray,
    lk: np.ndarray,
    row_doc: np.ndarray,
    row_has_doc: np.ndarray,
    row_chunk: np.ndarray,
    window: int,
) -> np.ndarray:
    """Drop a chunk within ±window of an already kept chunk of the same document.

    Rows are in ranked order within each list. Only (list, document) pairs with
    several candidate chunks need the sequential rule, so the Python loop runs
    over those few groups only.
    """
    kept = kept.copy()
    cand = np.flatnonzero(kept & row_has_doc & ~np.isnan(row_chunk))
    if cand.size == 0:
        return kept
    frame = pd.DataFrame({"row": cand, "lk": lk[cand], "doc": row_doc[cand]})
    sizes = frame.groupby(["lk", "doc"], sort=False)["row"].transform("size")
    frame = frame[sizes.to_numpy() > 1]
    for _, rows in frame.groupby(["lk", "doc"], sort=False)["row"]:
        held: list[float] = []
        for r in rows.to_numpy():  # already in ranked order
            c = row_chunk[r]
            if any(abs(c - h) <= window for h in held):
                kept[r] = False
            else:
                held.append(c)
    return kept
