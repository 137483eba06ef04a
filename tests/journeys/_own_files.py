"""A team's own files, typed the way people type them: a merged title, a blank
row, Korean headers with stray spaces, one judgments sheet per assessor (no 평가자
column: the sheet is the assessor), a "3점", a 4-sheet runs workbook and an answers
workbook."""

from __future__ import annotations

from pathlib import Path

import openpyxl

SYSTEMS = ("BM25", "Vector", "Hybrid", "GraphRAG")
N_QUESTIONS = 12
#: the first assessor's grades of each question's six judged passages
GRADES_A = (3, 2, 0, 1, 0, 0)
#: the second assessor's: they disagree on passages 2 and 3
GRADES_B = (3, 0, 2, 1, 0, 0)
#: the cell of the first assessor's sheet typed "3점" (Excel row 4: Q001, D001-01)
UNIT_ROW = 4


def _title(sheet, text: str, width: int) -> None:
    sheet.append([text])
    sheet.merge_cells(start_row=1, start_column=1, end_row=1, end_column=width)
    sheet.append([])


def judgments(path: Path) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, grades in (("김평가", GRADES_A), ("이평가", GRADES_B)):
        sheet = book.create_sheet(name)
        _title(sheet, f"말씀선집 검색 평가 — {name}", 4)
        sheet.append(["질문ID ", "문단ID", "등급 ", "메모"])
        for q in range(1, N_QUESTIONS + 1):
            for i, grade in enumerate(grades, start=1):
                value: object = grade
                if name == "김평가" and sheet.max_row + 1 == UNIT_ROW:
                    value = "3점"
                sheet.append([f"Q{q:03d}", f"D{q:03d}-{i:02d}", value, None])
    questions = book.create_sheet("질문")
    _title(questions, "질문 목록", 3)
    questions.append(["질문ID", "질문", "질문유형"])
    for q in range(1, N_QUESTIONS + 1):
        questions.append([f"Q{q:03d}", f"{q}번째 질문은 무엇을 묻는가?", "사실 확인"])
    book.save(path)
    return path


def runs(path: Path) -> Path:
    """Each system's top 5: judged passages and one nobody judged (D…-09)."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for s_i, system in enumerate(SYSTEMS):
        sheet = book.create_sheet(system)
        _title(sheet, f"{system} 검색 결과", 4)
        sheet.append(["질문ID", "순위", "문단ID", "점수"])
        for q in range(1, N_QUESTIONS + 1):
            order = [(s_i + k) % 6 + 1 for k in range(4)] + [9]
            for rank, p in enumerate(order, start=1):
                sheet.append([f"Q{q:03d}", rank, f"D{q:03d}-{p:02d}", 10.0 - rank])
    book.save(path)
    return path


def answers(path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "답변"
    sheet.append(["질문ID", "시스템", "답변", "인용"])
    for q in range(1, 4):
        for system in ("BM25", "GraphRAG"):
            sheet.append([f"Q{q:03d}", system, f"{system}의 답 [D{q:03d}-01]", f"D{q:03d}-01"])
    book.save(path)
    return path


def other_judgments(path: Path) -> Path:
    """Judgments of another study: none of its questions is among the runs'."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "평가"
    sheet.append(["질문ID", "문단ID", "등급"])
    for q in range(1, 6):
        sheet.append([f"X{q:02d}", f"P{q:02d}", 2])
    book.save(path)
    return path


#: who finds what relevant, per passage p1…p6 of every question: 김평가 the first
#: two, 이평가 the fourth and fifth (and is more generous with the rest)
STANDARD_A = (3, 2, 1, 0, 0, 0)
STANDARD_B = (1, 1, 1, 3, 2, 1)
#: each system's top 5 (passage numbers): BM25 finds 김평가's evidence first,
#: Vector 이평가's
TOP_FIVE = {"BM25": (1, 2, 3, 6, 7), "Vector": (4, 5, 3, 6, 7)}
QUESTION_TYPES = ("사실 확인", "요약", "추론")


def two_standards(path: Path) -> Path:
    """Two assessors who read the manual differently: each one's grades alone make
    a different system win. Blank rows between blocks, a 비고 column, a 질문목록
    sheet with three question types."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, grades in (("김평가", STANDARD_A), ("이평가", STANDARD_B)):
        sheet = book.create_sheet(name)
        _title(sheet, f"말씀선집 관련도 판정 ({name})", 4)
        sheet.append(["질문 번호", "문단 번호", "관련도", "비고"])
        for q in range(1, N_QUESTIONS + 1):
            for p, grade in enumerate(grades, start=1):
                sheet.append([f"Q{q:02d}", f"P{q:02d}-{p}", grade, "애매함" if p == 3 else None])
            if q % 4 == 0:
                sheet.append([])
    questions = book.create_sheet("질문목록")
    questions.append(["질문 번호", "질문 내용", "유형"])
    for q in range(1, N_QUESTIONS + 1):
        questions.append([f"Q{q:02d}", f"{q}번 질문: 참사랑이란?", QUESTION_TYPES[q % 3]])
    book.save(path)
    return path


def two_systems(path: Path) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for system, top in TOP_FIVE.items():
        sheet = book.create_sheet(system)
        _title(sheet, f"{system} 검색 결과", 4)
        sheet.append(["질문 번호", "순위", "문단 번호", "점수"])
        for q in range(1, N_QUESTIONS + 1):
            for rank, p in enumerate(top, start=1):
                sheet.append([f"Q{q:02d}", rank, f"P{q:02d}-{p}", round(1 - rank / 10, 2)])
    book.save(path)
    return path
