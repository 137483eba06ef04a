"""A small study with answers whose every citation check is worked out by hand.

θ = 1. Questions q1, q2 answerable, q3 unanswerable (grade 0 only).

Judgments (assessor A):
  q1: p1 3 core G1 · p2 2 alternative G1 · p3 3 core G2 · p4 0
  q2: p5 2 core (no group) · p6 1 supporting
  q3: p7 0
Passages sheet: p1 … p8 (p8 never judged). p9 is only in a run.

Runs:
  S1: q1 p1 p4 p2 · q2 p6 p5 · q3 p7
  S2: q1 p3 p9 · q2 p8          (nothing for q3)

Answers (sheets S1 and "s 2", which matches S2 loosely, and S3 with no run):
  S1 q1 "… [p1] … [p4]"  인용 "p2"       → p2 p1 p4; p4 below θ; precision 2/3; G1 of G1, G2
  S1 q2 "근거가 부족하여 …"              → false abstention; coverage 0/1
  S1 q3 "… [p7]"                         → answered an unanswerable question; p7 below θ
  S2 q1 "… [p3, X99]"                    → X99 unknown; precision 1/2; G2 of 2
  S2 q2 "… [p8] … [p5]"                  → p8 unjudged (rank 1); p5 not retrieved; 1/2; 1/1
  S2 q3 ""                                → appropriate abstention
  S3 q1 "인용 없는 답"                    → no citation; no run
  S3 q9 (a question the judgments lack)   → skipped
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from workbench.core.io import load_judgments, load_run
from workbench.core.io.answers import load_answer_file
from workbench.core.protocol.answers import auto_names
from workbench.core.study import Study


def write_judgments(path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "평가"
    ws.append(["질문ID", "문단ID", "등급", "평가자", "근거역할", "근거그룹"])
    for row in (
        ("q1", "p1", 3, "A", "핵심", "G1"),
        ("q1", "p2", 2, "A", "대체", "G1"),
        ("q1", "p3", 3, "A", "핵심", "G2"),
        ("q1", "p4", 0, "A", "", ""),
        ("q2", "p5", 2, "A", "핵심", ""),
        ("q2", "p6", 1, "A", "보조", ""),
        ("q3", "p7", 0, "A", "", ""),
    ):
        ws.append(list(row))
    qs = wb.create_sheet("질문")
    qs.append(["질문ID", "질문", "질문유형"])
    qs.append(["q1", "첫 질문", "사실 확인"])
    qs.append(["q2", "둘째 질문", "개념 관계"])
    qs.append(["q3", "답할 수 없는 질문", "사실 확인"])
    ps = wb.create_sheet("문단")
    ps.append(["문단ID", "문서ID", "본문"])
    for i in range(1, 9):
        ps.append([f"p{i}", f"d{i}", f"문단 {i}의 본문입니다."])
    wb.save(path)
    return path


def write_runs(path: Path) -> Path:
    wb = Workbook()
    wb.remove(wb.active)
    for name, rows in (
        ("S1", [("q1", 1, "p1"), ("q1", 2, "p4"), ("q1", 3, "p2"), ("q2", 1, "p6")]
         + [("q2", 2, "p5"), ("q3", 1, "p7")]),
        ("S2", [("q1", 1, "p3"), ("q1", 2, "p9"), ("q2", 1, "p8")]),
    ):  # fmt: skip
        ws = wb.create_sheet(name)
        ws.append(["질문ID", "순위", "문단ID"])
        for row in rows:
            ws.append(list(row))
    wb.save(path)
    return path


ANSWERS = {
    "S1": [
        ("q1", "참사랑은 먼저 주는 마음입니다 [p1]. 그 반대도 있습니다 [p4].", "p2"),
        ("q2", "근거가 부족하여 답변할 수 없습니다.", ""),
        ("q3", "지어낸 답입니다 [p7].", ""),
    ],
    "s 2": [
        ("q1", "직접 근거입니다 [p3, X99].", ""),
        ("q2", "하나 [p8] 그리고 둘 [p5].", ""),
        ("q3", "", ""),
    ],
    "S3": [
        ("q1", "인용 없는 답", ""),
        ("q9", "판정에 없는 질문의 답 [p1]", ""),
    ],
}


def write_answers(path: Path) -> Path:
    wb = Workbook()
    wb.remove(wb.active)
    for sheet, rows in ANSWERS.items():
        ws = wb.create_sheet(sheet)
        ws.append(["질문ID", "답변", "인용", "모델"])
        for q, text, cited in rows:
            ws.append([q, text, cited, "demo"])
    wb.save(path)
    return path


#: (question, system, rater) → citation accuracy score
CITATION_SCORES = {
    ("q1", "S1", "A"): 2,
    ("q1", "S1", "B"): 3,
    ("q1", "S2", "A"): 1,
    ("q1", "S2", "B"): 1,
    ("q2", "S1", "A"): 0,
    ("q2", "S1", "B"): 0,
    ("q2", "S2", "A"): 2,
    ("q2", "S2", "B"): 3,
}


def write_ratings(path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "답변평가"
    ws.append(["질문ID", "시스템", "평가자", "출처 표기 정확도", "맥락 충실성", "메모"])
    for (q, system, rater), score in CITATION_SCORES.items():
        faithful = 3 if rater == "A" else 2
        ws.append([q, system, rater, score, faithful, "확인함" if rater == "B" else None])
    wb.save(path)
    return path


def add_answers(study: Study, path: Path) -> None:
    """Load an answers file into the study, systems matched by name (as the CLI does)."""
    file = load_answer_file(path, rubric=study.answers.rubric_in_force())
    names, refs = auto_names(study, file)
    study.answers.add_source(file, {}, names, refs)


def fixture_study(folder: Path, ratings: bool = True) -> Study:
    study = Study()
    study.set_judgments(load_judgments(write_judgments(folder / "judgments.xlsx")))
    study.add_runs(load_run(write_runs(folder / "runs.xlsx")))
    add_answers(study, write_answers(folder / "answers.xlsx"))
    if ratings:
        add_answers(study, write_ratings(folder / "ratings.xlsx"))
    return study
