"""Several judgments files, one per assessor, as one :class:`JudgmentSet`.

The seeds ask for "최소 2인의 평가자가 독립 판정": typically each assessor
fills a workbook of their own (평가자A.xlsx, 평가자B.xlsx). Each file is read
on its own (:func:`~workbench.core.io.load_judgments`); then

- :func:`name_assessor` gives the rows without an assessor (a file with no
  assessor column) a name — in the app the one confirmed in the import
  preview, proposed from the file name by :func:`assessor_from_file_name`;
- :func:`merge_judgment_sets` puts the files together: every assessor's
  grades are kept (one row per question, passage and assessor, as in one
  file). The same assessor grading the same passage of the same question in
  two files is reported like a duplicate within one file: different grades
  are an error naming both files and rows (nothing is merged), the same
  grade a warning (the first file's row is kept). Questions and passages
  sheets are joined (the first file's row of an id wins), and so are the
  hand resolutions; the first file's evaluation manual is used.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pandas as pd

from workbench.core.io.common import Collector
from workbench.core.model import schema as S
from workbench.core.model.problems import warning
from workbench.core.model.schema import JudgmentSet

__all__ = ["assessor_from_file_name", "merge_judgment_sets", "name_assessor"]

#: words of a file name that say what the file is, not who made it
_GENERIC = {
    "평가",
    "판정",
    "정답",
    "결과",
    "평가결과",
    "판정결과",
    "등급",
    "풀",
    "판정풀",
    "작성",
    "완료",
    "judgments",
    "judgements",
    "judgment",
    "qrels",
    "grades",
    "labels",
    "pool",
    "filled",
    "done",
}
_SEPARATORS = re.compile(r"[\s_\-.·]+")


def assessor_from_file_name(path: str | Path) -> str:
    """The assessor a file name suggests: ``평가자A.xlsx`` → ``평가자A``;
    words that name the kind of file (평가, 판정, judgments, qrels, pool …) are
    dropped when something else is left: ``평가_김목사.xlsx`` → ``김목사``."""
    stem = unicodedata.normalize("NFC", Path(str(path)).stem).strip()
    tokens = [t for t in _SEPARATORS.split(stem) if t]
    kept = [t for t in tokens if t.casefold() not in _GENERIC]
    if kept and len(kept) < len(tokens):
        return " ".join(kept)
    return stem


def name_assessor(judgment_set: JudgmentSet, assessor: str) -> JudgmentSet:
    """``judgment_set`` with ``assessor`` on every row that names no assessor
    (a new set; the given one is not changed). An empty name changes nothing."""
    name = unicodedata.normalize("NFC", str(assessor or "")).strip()
    frame = judgment_set.judgments
    if not name or not len(frame):
        return judgment_set
    unnamed = frame[S.ASSESSOR] == ""
    if not unnamed.any():
        return judgment_set
    named = frame.copy()
    named[S.ASSESSOR] = named[S.ASSESSOR].where(~unnamed, name)
    return replace(judgment_set, judgments=named)


def _first_of_each(frames: list[pd.DataFrame | None], key: str) -> pd.DataFrame | None:
    present = [f for f in frames if f is not None and len(f)]
    if not present:
        return next((f for f in frames if f is not None), None)
    if len(present) == 1:
        return present[0]
    joined = pd.concat(present, ignore_index=True)
    return joined.drop_duplicates(key, keep="first").reset_index(drop=True)


#: overlapping items described one by one; the rest are counted
_LISTED = 150


def _overlap(col: Collector, conflicting: bool, q, p, a, group: pd.DataFrame, names) -> None:
    files = [names[int(f)] for f in group["_file"]]
    rows = group[S.ROW].tolist()
    where_en = "; ".join(f"{f} row {r}: {gr}" for f, r, gr in zip(files, rows, group[S.GRADE]))
    where_ko = "; ".join(f"{f} {r}행: {gr}" for f, r, gr in zip(files, rows, group[S.GRADE]))
    who_en = f"assessor '{a}'" if a else "the unnamed assessor"
    who_ko = f"평가자 '{a}'" if a else "이름 없는 평가자"
    if conflicting:
        col.error(
            "duplicate_conflict_files",
            f"Question '{q}', passage '{p}' is graded by {who_en} in two files with different "
            f"grades ({where_en}). Keep one grade: correct one of the files, or, when they are "
            "two people's files, give each its own assessor name in the import preview.",
            f"질문 '{q}', 문단 '{p}'에 대한 {who_ko}의 판정이 두 파일에 서로 다른 등급으로 "
            f"있습니다({where_ko}). 한 등급만 남기도록 한 파일을 고치거나, 두 사람의 파일이라면 "
            "불러오기 미리보기에서 파일마다 다른 평가자 이름을 주세요.",
            file=files[1],
            row=int(rows[1]),
        )
    else:
        col.warning(
            "duplicate_judgment_files",
            f"Question '{q}', passage '{p}' is graded by {who_en} in two files with the same "
            f"grade ({where_en}); the row of {files[0]} is used.",
            f"질문 '{q}', 문단 '{p}'에 대한 {who_ko}의 같은 판정이 두 파일에 있습니다"
            f"({where_ko}). {files[0]} 파일의 행을 사용합니다.",
            file=files[1],
            row=int(rows[1]),
        )


def _more(col: Collector, conflicting: bool, n: int) -> None:
    if conflicting:
        col.error(
            "duplicate_conflict_files_more",
            f"{n:,} more items are graded differently by one assessor in two files.",
            f"한 평가자가 두 파일에서 다르게 판정한 항목이 {n:,}개 더 있습니다.",
        )
    else:
        col.warning(
            "duplicate_judgment_files_more",
            f"{n:,} more items are graded the same by one assessor in two files; the first "
            "file's rows are used.",
            f"한 평가자가 두 파일에서 같게 판정한 항목이 {n:,}개 더 있습니다. 첫 파일의 행을 "
            "사용합니다.",
        )


def merge_judgment_sets(sets: Sequence[JudgmentSet]) -> JudgmentSet:
    """One judgment set of several files (see the module doc).

    Raises :class:`~workbench.core.model.problems.InputError` when one assessor gave
    one item different grades in two files (every such item is listed with
    both files and rows, the first 150 of them, the rest counted).
    """
    sets = list(sets)
    if not sets:
        raise ValueError("no judgment sets to merge")
    if len(sets) == 1:
        return sets[0]
    names = [js.sources[0].name if js.sources else f"#{i + 1}" for i, js in enumerate(sets)]
    col = Collector("")
    parts = []
    for i, js in enumerate(sets):
        parts.append(js.judgments.assign(_file=i))
    joined = pd.concat(parts, ignore_index=True)
    key = [S.QID, S.PID, S.ASSESSOR]
    blank = (joined[S.QID] == "") | (joined[S.PID] == "")
    # each file's own duplicates were dealt with when it was read: a key seen
    # twice now is in two files
    dup = joined.duplicated(key, keep=False) & ~blank
    keep = ~(joined.duplicated(key, keep="first") & ~blank)
    if dup.any():
        overlaps = joined[dup]
        differs = overlaps.groupby(key, sort=False)[S.GRADE].transform("nunique") > 1
        for conflicting, rows_of in ((True, overlaps[differs]), (False, overlaps[~differs])):
            groups = rows_of.groupby(key, sort=False)
            for shown, ((q, p, a), group) in enumerate(groups):
                if shown == _LISTED:
                    _more(col, conflicting, groups.ngroups - shown)
                    break
                _overlap(col, conflicting, q, p, a, group, names)
    col.raise_if_errors()
    judgments = joined[keep].drop(columns="_file").reset_index(drop=True)
    for c in (S.GRADE, S.ROW):
        judgments[c] = judgments[c].astype("int64")
    resolutions = [js.resolutions for js in sets if js.resolutions is not None]
    merged_res = None
    if resolutions:
        merged_res = pd.concat(resolutions, ignore_index=True).drop_duplicates(
            [S.QID, S.PID], keep="first"
        )
        merged_res = merged_res.reset_index(drop=True)
    manual = None
    manual_file = ""
    problems = [p for js in sets for p in js.problems]
    for name, js in zip(names, sets):
        if js.manual is None:
            continue
        if manual is None:
            manual, manual_file = js.manual, name
        elif js.manual != manual:
            problems.append(
                warning(
                    "manual_differs",
                    f"The manual sheet of {name} differs from the one of {manual_file}; the "
                    f"manual of {manual_file} is used. Edit it in the app if needed.",
                    f"{name} 파일의 매뉴얼 시트가 {manual_file} 파일의 것과 다릅니다. "
                    f"{manual_file} 파일의 매뉴얼을 씁니다. 필요하면 앱에서 고치세요.",
                    file=name,
                )
            )
    problems.extend(col.warnings_list())
    return JudgmentSet(
        judgments=judgments,
        questions=_first_of_each([js.questions for js in sets], S.QID),
        passages=_first_of_each([js.passages for js in sets], S.PID),
        sources=[src for js in sets for src in js.sources],
        problems=problems,
        resolutions=merged_res,
        manual=manual,
        evidence=_evidence_of(sets),
    )


def _evidence_of(sets: list[JudgmentSet]) -> pd.DataFrame | None:
    """Every file's 근거 문장 (each assessor wrote their own)."""
    frames = [js.evidence for js in sets if js.evidence is not None and len(js.evidence)]
    return pd.concat(frames, ignore_index=True) if frames else None
