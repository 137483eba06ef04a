"""Missed evidence by role: relevant evidence each system leaves out of its top K.

The Recall article's "누락된 근거가 핵심인지 보조인지 오류 사례를 함께 분석한다":
per (system, answerable question), the relevant passages not in the top K
counted by evidence role, and the core evidence groups
(:func:`~workbench.core.model.evidence_groups.evidence_groups`) none of whose
passages was found. The diagnosis reads it for its core-evidence rule, the
report for its sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from workbench.core.model import schema as s
from workbench.core.model.evidence_groups import evidence_groups
from workbench.core.model.results import Results

__all__ = ["MISSED_COLUMNS", "MissedEvidence", "has_core_roles", "missed_by_role"]


@dataclass
class MissedEvidence:
    """Relevant evidence not in the top ``k``, by role.

    ``per_question``: one row per (system, answerable question): ``system``,
    ``question_id``, ``question_type``, ``core_missed``,
    ``supporting_missed``, ``alternative_missed``, ``other_missed`` (relevant
    passages without a role), ``core_groups``, ``core_groups_missed``.
    ``by_type``: the same summed per (system, question type) with
    ``questions`` (n) and ``questions_core_missed``, plus ``question_ids``
    (the questions with a core group missed, by most missed first).
    A core passage whose evidence group is covered by an alternative (or
    another core passage) in the top K is not missed; an alternative is
    missed only when its group is not covered (the Recall article: 대체
    근거 = 같은 내용을 다른 권·강연에서 설명한 문단).
    """

    k: int
    has_roles: bool
    per_question: pd.DataFrame
    by_type: pd.DataFrame

    def core_missed_questions(self, system: str) -> list[str]:
        pq = self.per_question
        sub = pq[(pq[s.SYSTEM] == system) & (pq["core_groups_missed"] > 0)]
        sub = sub.sort_values(["core_groups_missed", s.QID], ascending=[False, True])
        return [str(q) for q in sub[s.QID]]


MISSED_COLUMNS = ["core_missed", "supporting_missed", "alternative_missed", "other_missed"]


def has_core_roles(results: Results) -> bool:
    """Some judgment names its passage core evidence (the 근거역할 column)."""
    qr = results.qrels
    if s.ROLE not in qr.columns:
        return False
    # each distinct cell once: qrels have ~10^5 rows and a few roles
    distinct = pd.Series(pd.unique(qr[s.ROLE].to_numpy(dtype=object)), dtype=object)
    return bool((s.evidence_roles(distinct) == "core").any())


def missed_by_role(results: Results, k: int) -> MissedEvidence:
    """Relevant evidence each system misses in its top ``k``, by role (see
    :class:`MissedEvidence`). Relevance is the evaluation's own flag
    (``Results.qrels.relevant``); positions are those of ``Results.ranking``."""
    k = max(1, int(k))
    pq = results.per_question[[s.SYSTEM, s.QID, s.QTYPE]].astype(str).reset_index(drop=True)
    qr = results.qrels
    has_roles = has_core_roles(results)
    relevant = qr["relevant"].to_numpy(dtype=bool)
    groups = evidence_groups(qr, relevant)
    rel = qr[relevant]
    rel = pd.DataFrame(
        {
            s.QID: rel[s.QID].astype(str).to_numpy(),
            s.PID: rel[s.PID].astype(str).to_numpy(),
            "role": groups.role[relevant],
            "gkey": groups.group[relevant],
            "core_group": groups.core[relevant],
        }
    )
    # every (system, question) list × the question's relevant passages
    lists = pq.merge(rel, on=s.QID, how="inner")
    rk = results.ranking
    top = rk[(rk["position"] <= k)]
    found_key = pd.MultiIndex.from_arrays(
        [top[s.SYSTEM].astype(str), top[s.QID].astype(str), top[s.PID].astype(str)]
    )
    lists["found"] = pd.MultiIndex.from_arrays([lists[s.SYSTEM], lists[s.QID], lists[s.PID]]).isin(
        found_key
    )
    covers = lists["found"] & lists["role"].isin(["core", "alternative"])
    lists["covered"] = covers.groupby(
        [lists[s.SYSTEM], lists[s.QID], lists["gkey"]], sort=False
    ).transform("any")
    miss = ~lists["found"]
    role = lists["role"]
    lists["core_missed"] = miss & (role == "core") & ~lists["covered"]
    lists["supporting_missed"] = miss & (role == "supporting")
    lists["alternative_missed"] = miss & (role == "alternative") & ~lists["covered"]
    lists["other_missed"] = miss & ~role.isin(["core", "supporting", "alternative"])
    groups = lists[lists["core_group"].to_numpy(dtype=bool)].drop_duplicates(
        [s.SYSTEM, s.QID, "gkey"]
    )
    per_list = lists.groupby([s.SYSTEM, s.QID], sort=False)[MISSED_COLUMNS].sum().astype(np.int64)
    core_groups = groups.groupby([s.SYSTEM, s.QID], sort=False).size()
    core_groups_missed = (
        (~groups["covered"]).groupby([groups[s.SYSTEM], groups[s.QID]], sort=False).sum()
    )
    out = pq.set_index([s.SYSTEM, s.QID])
    out = out.join(per_list, how="left")
    out["core_groups"] = core_groups.reindex(out.index).fillna(0).astype(np.int64)
    out["core_groups_missed"] = core_groups_missed.reindex(out.index).fillna(0).astype(np.int64)
    for c in MISSED_COLUMNS:
        out[c] = out[c].fillna(0).astype(np.int64)
    per_question = out.reset_index()[
        [s.SYSTEM, s.QID, s.QTYPE, *MISSED_COLUMNS, "core_groups", "core_groups_missed"]
    ]
    rows = []
    for system in results.systems:
        sub = per_question[per_question[s.SYSTEM] == str(system)]
        for qtype in pd.unique(sub[s.QTYPE]):
            part = sub[sub[s.QTYPE] == qtype]
            hit = part[part["core_groups_missed"] > 0].sort_values(
                ["core_groups_missed", s.QID], ascending=[False, True], kind="stable"
            )
            rows.append(
                {
                    s.SYSTEM: str(system),
                    s.QTYPE: str(qtype),
                    "questions": int(len(part)),
                    **{c: int(part[c].sum()) for c in MISSED_COLUMNS},
                    "questions_core_missed": int(len(hit)),
                    "question_ids": tuple(hit[s.QID].astype(str)),
                }
            )
    by_type = pd.DataFrame(
        rows,
        columns=[
            s.SYSTEM,
            s.QTYPE,
            "questions",
            *MISSED_COLUMNS,
            "questions_core_missed",
            "question_ids",
        ],
    )
    return MissedEvidence(k=k, has_roles=has_roles, per_question=per_question, by_type=by_type)
