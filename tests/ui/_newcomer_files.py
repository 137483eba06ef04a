"""Excel files the way a team types them by hand: a merged title row, a blank row,
Korean headers with trailing spaces, a stray "3점" — for the first-hour tests."""

from __future__ import annotations

from pathlib import Path

import openpyxl

#: the judgments workbook: 243 data rows, the header on row 3, so data rows are 4–246
N_JUDGMENTS = 243
FIRST_DATA_ROW = 4
#: the grade typed as "3점" sits on this Excel row
ROW_WITH_UNIT = 57


def _title(sheet, text: str, width: int) -> None:
    sheet.append([text])
    sheet.merge_cells(start_row=1, start_column=1, end_row=1, end_column=width)
    sheet.append([])  # a blank row under the title


def judgments_workbook(
    path: Path, odd_grades: dict[int, object] | None = None, questions: int = 27
) -> Path:
    """243 judgments of ``questions`` questions (9 passages each), grades 0–3,
    with ``odd_grades`` (Excel row → cell value) typed in; by default one "3점"
    on row 57. Sheets 평가 and 질문."""
    odd = {ROW_WITH_UNIT: "3점"} if odd_grades is None else odd_grades
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "평가"
    _title(sheet, "2024년 말씀선집 검색 평가 — 정답 판정", 5)
    sheet.append(["질문ID ", "문단ID ", "등급 ", "평가자 ", "메모"])
    for i in range(N_JUDGMENTS):
        row = FIRST_DATA_ROW + i
        q = f"Q{i // 9 + 1:03d}"
        p = f"D{i // 9 + 1:03d}-{i % 9 + 1:02d}"
        grade: object = (3, 2, 1, 0, 0, 1, 0, 0, 0)[i % 9]
        grade = odd.get(row, grade)
        sheet.append([q, p, grade, "김평가 ", "확인 필요" if row == ROW_WITH_UNIT else None])
    qs = book.create_sheet("질문")
    _title(qs, "질문 목록", 3)
    qs.append(["질문ID", "질문 ", "질문유형"])
    for n in range(1, questions + 1):
        qs.append(
            [f"Q{n:03d}", f"{n}번째 질문은 무엇을 묻는가?", "사실 확인" if n % 2 else "개념 관계"]
        )
    book.save(path)
    return path


def runs_workbook(
    path: Path, systems=("BM25", "GraphRAG"), questions: int = 27, missing: int | None = None
) -> Path:
    """One sheet per system (the demo's system names, so a clash would show), a
    title row and a blank row above Korean headers; each question's top 5.
    ``missing``: a question number the last system has no results for."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for s_i, system in enumerate(systems):
        sheet = book.create_sheet(system)
        _title(sheet, f"{system} 검색 결과", 4)
        sheet.append(["질문ID ", "순위", "문단ID", "점수 "])
        for n in range(1, questions + 1):
            if missing is not None and n == missing and s_i == len(systems) - 1:
                continue
            for rank in range(1, 6):
                passage = (rank + s_i + n) % 9 + 1
                sheet.append([f"Q{n:03d}", rank, f"D{n:03d}-{passage:02d}", 10.0 - rank])
    book.save(path)
    return path
