"""What the sheets compute from the results before they write: measure names and
their explanations, the primary measure, question texts and types, the row order
of the per-question table, the worst questions, the passage lookup, and the
settings in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from workbench.core.measures.by_assessor import primary_measure_of
from workbench.core.measures.metrics import parse_measure
from workbench.core.model import schema as s
from workbench.core.model.results import Results
from workbench.core.protocol.system_cards import STAGE_LABELS
from workbench.core.report.cells import is_nan
from workbench.core.report.words import SETTING_LABELS, SETTING_VALUES

#: passage text shown on the Low-scoring sheet
SNIPPET_CHARS = 400


def measure_info(name: str, lang: str) -> tuple[str, str, bool, str | None, int | None]:
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
    """The measure that ranks questions on the Low-scoring sheet (and the systems
    per assessor): nDCG at the largest K when computed, else the first nDCG, else
    the first measure (:func:`primary_measure_of`)."""
    return primary_measure_of(results.measures)


def finding_number(name: str, value: Any) -> str:
    if name == "share":
        return f"{name} {value:.0%}"
    if isinstance(value, float) and value.is_integer() and name.startswith("questions"):
        return f"{name} {int(value)}"
    return f"{name} {value:.3f}" if isinstance(value, float) else f"{name} {value}"


def stage_text(stage: str, lang: str) -> str:
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


def agreement_dict(agreement: Any) -> dict | None:
    if agreement is None:
        return None
    if hasattr(agreement, "to_dict"):
        return agreement.to_dict()
    return dict(agreement)


def question_texts(questions: pd.DataFrame | None) -> dict[str, str]:
    if questions is None or len(questions) == 0 or s.QTEXT not in questions.columns:
        return {}
    texts = questions[[s.QID, s.QTEXT]].dropna(subset=[s.QID])
    texts = texts.drop_duplicates(s.QID, keep="first")
    return {
        str(q): ("" if is_nan(t) else str(t)) for q, t in texts.itertuples(index=False, name=None)
    }


def question_types(r: Results) -> dict[str, str]:
    pq = r.per_question
    if len(pq) == 0 or s.QTYPE not in pq.columns:
        return {}
    first = pq[[s.QID, s.QTYPE]].drop_duplicates(s.QID)
    return {q: ("" if is_nan(t) else str(t)) for q, t in first.itertuples(index=False, name=None)}


def per_question_ordered(r: Results) -> pd.DataFrame:
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


def worst_questions(r: Results, primary: str, n: int) -> pd.DataFrame:
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


def passage_lookup(passages: pd.DataFrame | None, doc_unit: bool) -> dict[str, tuple]:
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
        text = "" if is_nan(text) or doc_unit else str(text)
        out[str(pid)] = (text, *[None if is_nan(get[c][i]) else get[c][i] for c in cols[1:]])
    return out


def snippet(text: str) -> str:
    text = " ".join(str(text).split()) if text else ""
    return text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1] + "…"


def count_by_system(frame: pd.DataFrame, systems: Sequence[str]) -> dict[str, int]:
    counts = {name: 0 for name in systems}
    if frame is not None and len(frame) and s.SYSTEM in frame.columns:
        for name, c in frame[s.SYSTEM].value_counts().items():
            counts[str(name)] = int(c)
    return counts


def chart_measures(measures: Sequence[str]) -> list[str]:
    """Measures for the bar chart: those at the largest K and the cutoff-free
    ones, without Judged@K (coverage, not quality) — a readable handful."""
    info = [(m, *measure_info(m, "en")[3:]) for m in measures]
    cut = [c for _, _, c in info if c is not None]
    top = max(cut) if cut else None
    chosen = [m for m, fam, c in info if fam != "Judged" and (c is None or c == top)]
    return chosen or list(measures)[:12]


def recall_by_k(measures: Sequence[str]) -> list[tuple[int, str]]:
    out = []
    for m in measures:
        _, _, _, fam, cut = measure_info(m, "en")
        if fam == "Recall" and cut is not None:
            out.append((cut, m))
    return sorted(out)


def setting_value(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return str(value)
    return value


def setting_meaning(key: str, value: Any, lang: str) -> str:
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
    pair = SETTING_VALUES.get((key, str(value)))
    return pair[i] if pair else ""


def settings_line(settings: s.EvalSettings, lang: str) -> str:
    d = settings.to_dict()
    i = 0 if lang == "ko" else 1
    parts = [
        f"K = {', '.join(str(k) for k in d['ks'])}",
        f"θ = {d['threshold']}",
        f"{SETTING_LABELS['gain'][i]}: {setting_meaning('gain', d['gain'], lang) or d['gain']}",
        f"{SETTING_LABELS['order'][i]}: {setting_meaning('order', d['order'], lang) or d['order']}",
        f"{SETTING_LABELS['dedup'][i]}: {setting_meaning('dedup', d['dedup'], lang) or d['dedup']}",
        f"{SETTING_LABELS['unit'][i]}: {setting_meaning('unit', d['unit'], lang) or d['unit']}",
    ]
    if d.get("trec_compat"):
        parts.append(SETTING_LABELS["trec_compat"][i])
    if d.get("depth") is not None:
        parts.append(f"{SETTING_LABELS['depth'][i]}: {d['depth']}")
    return " · ".join(parts)
