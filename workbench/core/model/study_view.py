"""The study as the protocol's sections see it.

The :class:`~workbench.core.study.Study` owns its sections (the answers, the
pools, the manual, the system cards, the diagnosis thresholds): it imports them.
The sections read and edit the study through this protocol instead of importing
it back, so the layers stay one above the other with no circle. Only what the
sections use is named here; the Study is its one implementation.
"""

from __future__ import annotations

from typing import Any, Protocol

import pandas as pd

from workbench.core.model.refs import SystemRef
from workbench.core.model.schema import EvalSettings, JudgmentSet, SourceFile


class StudyView(Protocol):
    settings: EvalSettings
    judgment_set: JudgmentSet | None
    judgment_sources: list[Any]
    run_sources: list[Any]
    added_grades: pd.DataFrame
    resolutions: pd.DataFrame
    notes: dict[str, Any]
    manual: Any
    diagnosis_settings: Any
    system_cards: dict[SystemRef, Any]
    #: the sections the study owns (each a protocol module's own object)
    answers: Any
    pools: Any

    @property
    def systems(self) -> list[str]: ...

    def system_infos(self) -> list[Any]: ...

    def system_info(self, name: str) -> Any: ...

    def judgments_in_force(self) -> pd.DataFrame: ...

    def resolutions_in_force(self) -> pd.DataFrame: ...

    def qrels(self, settings: EvalSettings | None = None) -> pd.DataFrame: ...

    def runs(self) -> pd.DataFrame: ...

    def sources(self) -> list[SourceFile]: ...

    def manual_in_force(self, lang: str = "ko") -> Any: ...

    def snapshot(self) -> StudyView: ...

    def _set_card(self, ref: SystemRef, card: Any) -> None: ...
