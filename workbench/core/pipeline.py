"""From loaded files to results: the one path the CLI, the GUI and the report share.

judgments (+ grades added in the app, + hand resolutions) → one grade per
(question, passage) by the resolution policy → :func:`evaluate` → Results.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from workbench.core import schema as s
from workbench.core.agreement import resolve_grades
from workbench.core.cancel import CancelCheck, Progress
from workbench.core.evaluate import evaluate
from workbench.core.io.runs import concat_runs, rename_systems
from workbench.core.korean import josa
from workbench.core.problems import warning
from workbench.core.results import Results
from workbench.core.schema import EvalSettings, JudgmentSet, RunSet


def unique_system_names(loaded: Sequence[RunSet], new: RunSet) -> RunSet:
    """``new`` with every system renamed that clashes with an already loaded one.

    Two files often use the same name (two "BM25" sheets, two CSVs called
    ``run``); merged, their rankings would mix silently. The later one becomes
    "BM25 (2)" and a warning says so.
    """
    taken = {name for rs in loaded for name in rs.systems}
    renames: dict[str, str] = {}
    for name in new.systems:
        if name not in taken:
            taken.add(name)
            continue
        n = 2
        while f"{name} ({n})" in taken:
            n += 1
        renames[name] = f"{name} ({n})"
        taken.add(renames[name])
    if not renames:
        return new
    runs = rename_systems(new.runs, renames)
    file = new.sources[0].name if new.sources else ""
    notes = [
        warning(
            "system.renamed",
            f"A system named '{old}' is already loaded, so the one in this file is called "
            f"'{fresh}'.",
            f"'{old}' 시스템이 이미 불러와져 있어서 이 파일의 것은 {josa(fresh, '으로', quoted=True)} 부릅니다.",
            file=file,
        )
        for old, fresh in renames.items()
    ]
    return RunSet(runs, new.sources, [*new.problems, *notes])


def combined_runs(run_sets: Sequence[RunSet]) -> pd.DataFrame:
    """All systems of all run files in one frame, in the order they were added.

    System names must be unique across files (:func:`unique_system_names`).
    """
    frames = [rs.runs for rs in run_sets if len(rs.runs)]
    if not frames:
        return pd.DataFrame({c: pd.Series(dtype=object) for c in s.RUN_COLUMNS})
    return concat_runs(frames)


def all_judgments(judgment_set: JudgmentSet, added: pd.DataFrame | None = None) -> pd.DataFrame:
    """The file's judgments plus grades added in the app (same columns)."""
    if added is None or added.empty:
        return judgment_set.judgments
    extra = added.reindex(columns=s.JUDGMENT_COLUMNS)
    return pd.concat([judgment_set.judgments, extra], ignore_index=True)


def all_resolutions(
    judgment_set: JudgmentSet, resolutions: pd.DataFrame | None = None
) -> pd.DataFrame | None:
    """Hand resolutions read from the file, then the app's; the last one of an item wins.

    Returns the overrides frame for :func:`resolve_grades` (question_id,
    passage_id, grade, and ``resolved_by_name``/``reason``/``time`` when
    given — the ``by`` column of the app and the file is renamed), or None
    when there are none.
    """
    parts = [
        frame
        for frame in (judgment_set.resolutions, resolutions)
        if frame is not None and len(frame)
    ]
    if not parts:
        return None
    merged = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    if "by" in merged.columns and "resolved_by_name" not in merged.columns:
        merged = merged.rename(columns={"by": "resolved_by_name"})
    # resolve_grades keeps the last override of an item: the app's come last
    return merged


def run(
    judgment_set: JudgmentSet,
    run_sets: Sequence[RunSet],
    settings: EvalSettings,
    added_grades: pd.DataFrame | None = None,
    resolutions: pd.DataFrame | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> Results:
    """Resolve the grades and evaluate every system.

    ``added_grades``: judgments made in the app (JUDGMENT_COLUMNS). They take
    part in the resolution like any assessor's grade. ``resolutions``: grades
    resolved by hand (question_id, passage_id, grade), which win over the policy;
    they are added after the resolutions read from the judgments file
    (``judgment_set.resolutions``), so for the same item the app's wins.
    """
    judgments = all_judgments(judgment_set, added_grades)
    qrels = resolve_grades(
        judgments,
        settings.resolution,
        adjudicator=settings.adjudicator,
        overrides=all_resolutions(judgment_set, resolutions),
    )
    results = evaluate(
        qrels,
        combined_runs(run_sets),
        settings,
        questions=judgment_set.questions,
        passages=judgment_set.passages,
        progress=progress,
        cancelled=cancelled,
        unjudged=judgment_set.unjudged,
    )
    # input warnings travel with the numbers, so the UI and the report show them
    file_warnings = [p for rs in run_sets for p in rs.problems]
    results.warnings = list(judgment_set.problems) + file_warnings + list(results.warnings)
    return results
