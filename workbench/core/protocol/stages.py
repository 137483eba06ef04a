"""Stages of one pipeline: what each stage kept and what it lost.

The blog post evaluates a hybrid RAG with a reranker stage by stage::

    후보 검색 단계 → Recall@20 · Reranking 단계 → MRR과 NDCG@5 ·
    최종 Context 단계 → Precision@5

"이렇게 평가 단계를 나누면 검색 성능이 낮을 때 어느 부분을 개선해야 하는지도
판단하기 쉬워집니다." Runs are tagged with a stage and a pipeline on their
system cards (:mod:`workbench.core.protocol.system_cards`). For a pipeline,
:func:`stage_plan` lines up its stages (candidates → rerank → context), each
with the depth it is read at: the candidates at ``N`` (the diagnosis'
candidate K, at most the run's depth), the reranked and final lists at ``K``
(the card's "K passed to the LLM", else the diagnosis' context K).

- :func:`stage_measures`: every stage's Recall@N, MRR, nDCG@K, P@K and
  Recall@K side by side (kernel values over ``Results.ranking``);
- :func:`stage_losses`: per question, the relevant passages in the earlier
  stage's top N that the later stage's top K dropped (``lost``) — with their
  grade, role and both positions — and the relevant passages the later stage
  holds that the earlier one did not (``gained``: in a true pipeline the
  reranker only reorders candidates, so gains point at a mismatch of runs).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd

from workbench.core.measures.chart_data import list_depths, list_scores
from workbench.core.model import schema as s
from workbench.core.model.results import Results
from workbench.core.protocol.diagnosis import DiagnosisSettings
from workbench.core.protocol.system_cards import STAGES, SystemCard, pipelines

__all__ = [
    "LOSS_COLUMNS",
    "StagePlan",
    "StageStep",
    "stage_losses",
    "stage_measures",
    "stage_plan",
    "stage_plans",
    "stage_questions",
]

LOSS_COLUMNS = [
    s.QID,
    s.QTYPE,
    s.PID,
    s.GRADE,
    s.ROLE,
    "kind",  # "lost" or "gained"
    "from_position",  # NaN: not in the earlier stage's list
    "to_position",  # NaN: not in the later stage's list
]


@dataclass(frozen=True)
class StageStep:
    stage: str  # a key of STAGES
    system: str
    depth: int  # the top this stage is read at (N for candidates, K after)


@dataclass(frozen=True)
class StagePlan:
    pipeline: str
    steps: tuple[StageStep, ...]
    #: systems tagged with a stage another system of the pipeline already has
    extra: tuple[str, ...] = ()

    @property
    def pairs(self) -> list[tuple[StageStep, StageStep]]:
        return list(zip(self.steps[:-1], self.steps[1:]))


def _depths(results: Results) -> dict[str, int]:
    return {
        str(k): int(v)
        for k, v in list_depths(results).groupby("system", sort=False)["depth"].max().items()
    }


def stage_plan(
    results: Results,
    pipeline: str,
    stages: Mapping[str, list[str]],
    cards: Mapping[str, SystemCard],
    settings: DiagnosisSettings,
    n: int | None = None,
    k: int | None = None,
) -> StagePlan:
    """The stages of ``pipeline`` (stage → its systems, from
    :func:`~workbench.core.protocol.system_cards.pipelines`) in order, each with its depth.

    ``n`` / ``k`` override the candidate depth and the later stages' K.
    """
    depths = _depths(results)
    known = set(str(x) for x in results.systems)
    steps: list[StageStep] = []
    extra: list[str] = []
    for stage in STAGES:
        systems = [x for x in stages.get(stage, []) if x in known]
        if not systems:
            continue
        system, rest = systems[0], systems[1:]
        extra.extend(rest)
        if stage == "candidates":
            depth = n if n is not None else min(settings.candidate_k, depths.get(system, 0) or 1)
        else:
            card_k = cards.get(system).context_k if cards.get(system) is not None else None
            depth = k if k is not None else (card_k or settings.context_k)
        steps.append(StageStep(stage, system, max(1, int(depth))))
    return StagePlan(pipeline, tuple(steps), tuple(extra))


def stage_plans(
    results: Results, cards: Mapping[str, SystemCard], settings: DiagnosisSettings
) -> list[StagePlan]:
    """Every pipeline with at least two stages among the evaluated systems."""
    out = []
    for name, stages in pipelines(cards).items():
        plan = stage_plan(results, name, stages, cards, settings)
        if len(plan.steps) >= 2:
            out.append(plan)
    return out


def stage_measures(results: Results, plan: StagePlan) -> pd.DataFrame:
    """One row per stage: ``stage``, ``system``, ``depth``, ``n``, then the
    stage-appropriate measures of every stage side by side — ``Recall@N`` (N =
    the candidate stage's depth), ``MRR``, ``nDCG@K`` and ``Recall@K`` (K =
    the reranking stage's depth), ``P@C`` (C = the final-context stage's
    depth; K without such a stage) — and ``stage_measure``, the one the blog
    post reads each stage by (Recall@N, nDCG@K, P@C)."""
    if not plan.steps:
        return pd.DataFrame()
    depth = {step.stage: step.depth for step in plan.steps}
    k = depth.get("rerank", plan.steps[-1].depth)
    n = depth.get("candidates", k)
    c = depth.get("context", k)
    names = list(dict.fromkeys([f"Recall@{n}", "MRR", f"nDCG@{k}", f"Recall@{k}", f"P@{c}"]))
    scores = list_scores(results, names)
    own = {"candidates": f"Recall@{n}", "rerank": f"nDCG@{k}", "context": f"P@{c}"}
    rows = []
    for step in plan.steps:
        sub = scores[scores["system"] == step.system]
        rows.append(
            {
                "stage": step.stage,
                "system": step.system,
                "depth": step.depth,
                "n": int(len(sub)),
                **{m: float(sub[m].mean()) if len(sub) else math.nan for m in names},
                "stage_measure": own[step.stage],
            }
        )
    return pd.DataFrame(rows, columns=["stage", "system", "depth", "n", *names, "stage_measure"])


def stage_losses(results: Results, earlier: StageStep, later: StageStep) -> pd.DataFrame:
    """Relevant passages the later stage dropped from the earlier stage's top
    ``earlier.depth`` (``kind`` "lost": not in the later top ``later.depth``),
    and those it holds in its top ``later.depth`` that the earlier top did not
    (``gained``), for every answerable question both stages evaluate.
    Columns :data:`LOSS_COLUMNS`; positions are those after ordering and
    de-duplication; sorted by question, lost before gained, best grade first."""
    rk = results.ranking
    rel = rk[rk["relevant"].to_numpy(dtype=bool)]
    answerable = results.per_question
    both = set(answerable.loc[answerable[s.SYSTEM] == earlier.system, s.QID].astype(str)) & set(
        answerable.loc[answerable[s.SYSTEM] == later.system, s.QID].astype(str)
    )

    def positions(system: str) -> pd.Series:
        sub = rk[rk[s.SYSTEM].astype(str) == system]
        return pd.Series(
            sub["position"].to_numpy(dtype=float),
            index=pd.MultiIndex.from_arrays(
                [sub[s.QID].astype(str).to_numpy(), sub[s.PID].astype(str).to_numpy()]
            ),
        )

    pos_a, pos_b = positions(earlier.system), positions(later.system)
    top_a = rel[(rel[s.SYSTEM].astype(str) == earlier.system) & (rel["position"] <= earlier.depth)]
    top_b = rel[(rel[s.SYSTEM].astype(str) == later.system) & (rel["position"] <= later.depth)]
    parts = []
    for kind, frame, other, other_depth in (
        ("lost", top_a, pos_b, later.depth),
        ("gained", top_b, pos_a, earlier.depth),
    ):
        keys = pd.MultiIndex.from_arrays(
            [frame[s.QID].astype(str).to_numpy(), frame[s.PID].astype(str).to_numpy()]
        )
        there = other.reindex(keys).to_numpy(dtype=float)
        keep = ~(there <= other_depth) & np.isin(keys.get_level_values(0), list(both))
        own = frame["position"].to_numpy(dtype=float)
        part = pd.DataFrame(
            {
                s.QID: keys.get_level_values(0)[keep],
                s.PID: keys.get_level_values(1)[keep],
                s.GRADE: frame[s.GRADE].to_numpy(dtype=float)[keep],
                "kind": kind,
                "from_position": (own if kind == "lost" else there)[keep],
                "to_position": (there if kind == "lost" else own)[keep],
            }
        )
        parts.append(part)
    out = pd.concat(parts, ignore_index=True)
    types = dict(zip(answerable[s.QID].astype(str), answerable[s.QTYPE].fillna("").astype(str)))
    out[s.QTYPE] = out[s.QID].map(types).fillna("")
    qr = results.qrels
    if s.ROLE in qr.columns and len(out):
        role = dict(
            zip(
                zip(qr[s.QID].astype(str), qr[s.PID].astype(str)),
                qr[s.ROLE].astype(object).where(qr[s.ROLE].notna(), "").astype(str),
            )
        )
        out[s.ROLE] = [role.get((q, p), "") for q, p in zip(out[s.QID], out[s.PID])]
    else:
        out[s.ROLE] = ""
    out["_kind"] = (out["kind"] == "gained").astype(int)
    out = out.sort_values(
        [s.QID, "_kind", s.GRADE, s.PID], ascending=[True, True, False, True], kind="stable"
    )
    return out.drop(columns="_kind")[LOSS_COLUMNS].reset_index(drop=True)


def stage_questions(losses: pd.DataFrame) -> pd.DataFrame:
    """Per question: ``lost`` and ``gained`` counts, the best grade lost, and the
    passages lost (``lost_ids``), most lost first (then the best grade lost)."""
    cols = [s.QID, s.QTYPE, "lost", "gained", "best_lost_grade", "lost_ids"]
    if not len(losses):
        return pd.DataFrame(columns=cols)
    rows = []
    for q, grp in losses.groupby(s.QID, sort=False):
        lost = grp[grp["kind"] == "lost"]
        rows.append(
            {
                s.QID: str(q),
                s.QTYPE: str(grp[s.QTYPE].iloc[0]),
                "lost": int(len(lost)),
                "gained": int((grp["kind"] == "gained").sum()),
                "best_lost_grade": float(lost[s.GRADE].max()) if len(lost) else math.nan,
                "lost_ids": tuple(lost[s.PID].astype(str)),
            }
        )
    frame = pd.DataFrame(rows, columns=cols)
    frame["_g"] = frame["best_lost_grade"].fillna(-1)
    frame = frame.sort_values(["lost", "_g", s.QID], ascending=[False, False, True], kind="stable")
    return frame.drop(columns="_g").reset_index(drop=True)
