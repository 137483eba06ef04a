"""Core evidence groups: one definition for the evaluation, the diagnosis and the answer checks.

Within a question, judged passages form *evidence groups*: the judgment's
``group`` value (trimmed), or the passage alone when that is blank. A group
is *core* when it holds a relevant passage (grade ≥ θ) of role ``core``; a
relevant passage of role core or alternative *covers* its core group (the
Recall article: 대체 근거 = the same content explained in another volume or
lecture). CoreRecall@K counts the core groups covered in the top K
(:mod:`workbench.core.measures.evaluate`), the diagnosis the core groups a
system missed (:mod:`workbench.core.protocol.diagnosis`), the answer checks
the core groups an answer cites (:mod:`workbench.core.protocol.answers`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from workbench.core.model import schema as s

__all__ = ["EvidenceGroups", "evidence_groups"]


@dataclass(frozen=True)
class EvidenceGroups:
    """The evidence groups of the rows of a judgments table (one entry per row).

    ``role``: the evidence role (core / supporting / alternative, "" for
    none); ``group``: a code of the row's (question, group), equal codes for
    the same group; ``core``: the row's group is core; ``covers``: the row is
    a relevant core or alternative passage of a core group. ``is_core_group``
    is indexed by group code.
    """

    role: np.ndarray
    group: np.ndarray
    core: np.ndarray
    covers: np.ndarray
    is_core_group: np.ndarray

    def core_groups_per_question(self, question: np.ndarray, n_questions: int) -> np.ndarray:
        """How many core groups each question has; ``question``: each row's question
        code (0 … ``n_questions`` − 1)."""
        question_of_group = np.zeros(self.is_core_group.size, dtype=np.int64)
        question_of_group[self.group] = question
        core_codes = np.flatnonzero(self.is_core_group)
        return np.bincount(question_of_group[core_codes], minlength=n_questions)


def evidence_groups(qrels: pd.DataFrame, relevant: np.ndarray) -> EvidenceGroups:
    """The evidence groups of ``qrels`` (question_id, passage_id, and the role and
    group columns when there are any); ``relevant``: each row's relevance flag."""
    n = len(qrels)
    if n == 0:
        none = np.zeros(0, dtype=bool)
        return EvidenceGroups(np.zeros(0, dtype=object), np.zeros(0, np.int64), none, none, none)
    if s.ROLE in qrels.columns:
        role = s.evidence_roles(qrels[s.ROLE])
    else:
        role = np.full(n, "", dtype=object)
    if s.GROUP in qrels.columns:
        col = qrels[s.GROUP]
        grp = col.astype(object).where(col.notna(), "").astype(str).str.strip().to_numpy()
    else:
        grp = np.full(n, "", dtype=object)
    pid = qrels[s.PID].astype(str).to_numpy(dtype=object)
    # blank group → the passage is its own group (prefix keeps the namespaces apart)
    gkey = np.where(grp == "", "\x00p:" + pid, "\x00g:" + grp)
    qid = qrels[s.QID].to_numpy(dtype=object)
    code = pd.factorize(pd.MultiIndex.from_arrays([qid, gkey]))[0].astype(np.int64)
    relevant = np.asarray(relevant, dtype=bool)
    is_core_group = np.zeros(code.max(initial=-1) + 1, dtype=bool)
    is_core_group[code[relevant & (role == "core")]] = True
    core = is_core_group[code]
    covers = relevant & np.isin(role, ["core", "alternative"]) & core
    return EvidenceGroups(role, code, core, covers, is_core_group)
