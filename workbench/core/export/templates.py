"""Blank Excel templates with Korean headers, ready to fill in.

- ``평가_템플릿.xlsx`` (judgments): sheets 평가 [질문ID, 문단ID, 등급, 평가자, 근거역할,
  근거그룹, 메모] with a 0–3 dropdown on 등급 and 핵심/보조/대체 on 근거역할,
  질문 [질문ID, 질문, 질문유형, 답변가능] and 문단 [문단ID, 문서ID, 청크번호, 권, 강연,
  페이지, 본문], and 매뉴얼 — the evaluation manual, filled with the seed table
  (:func:`workbench.core.protocol.manual.default_manual`), to adapt before judging.
- ``실행결과_템플릿.xlsx`` (run): one sheet "BM25" [질문ID, 순위, 문단ID, 점수, 본문];
  add one sheet per system, the sheet name being the system's name.

Each sheet has one example row, which reads back through
:func:`workbench.core.io.load_judgments` / :func:`~workbench.core.io.load_run`.
Files are written atomically (:func:`workbench.core.io.atomic.atomic_write`).
"""

from __future__ import annotations

from pathlib import Path

from workbench.core.io.atomic import atomic_write, save_workbook
from workbench.core.protocol.manual import default_manual, write_manual_sheet

JUDGMENTS_TEMPLATE = "평가_템플릿.xlsx"
RUN_TEMPLATE = "실행결과_템플릿.xlsx"

_JUDGMENTS = {
    "평가": (
        ["질문ID", "문단ID", "등급", "평가자", "근거역할", "근거그룹", "메모"],
        ["Q001", "P0001", 3, "평가자1", "핵심", "G1", "질문에 직접 답하는 문단"],
        [10, 12, 8, 12, 10, 10, 40],
    ),
    "질문": (
        ["질문ID", "질문", "질문유형", "답변가능"],
        ["Q001", "참사랑이란 무엇인가?", "사실 확인", "예"],
        [10, 50, 14, 10],
    ),
    "문단": (
        ["문단ID", "문서ID", "청크번호", "권", "강연", "페이지", "본문"],
        ["P0001", "D001", 1, 1, "강연 제목", 12, "문단 본문을 여기에 붙여 넣습니다."],
        [12, 10, 10, 6, 24, 8, 60],
    ),
}
_RUN = {
    "BM25": (
        ["질문ID", "순위", "문단ID", "점수", "본문"],
        ["Q001", 1, "P0001", 12.5, "문단 본문(선택)"],
        [10, 8, 12, 10, 60],
    ),
}


def _write_workbook(
    target: Path, sheets: dict, dropdowns: dict[str, dict[str, str]], manual: bool = False
) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.worksheet.datavalidation import DataValidation

    wb = Workbook()
    wb.remove(wb.active)
    bold = Font(bold=True)
    fill = PatternFill("solid", fgColor="DDEBF7")
    for name, (headers, example, widths) in sheets.items():
        ws = wb.create_sheet(name)
        ws.append(headers)
        ws.append(example)
        for j, width in enumerate(widths, start=1):
            cell = ws.cell(row=1, column=j)
            cell.font = bold
            cell.fill = fill
            cell.alignment = Alignment(horizontal="center")
            ws.column_dimensions[cell.column_letter].width = width
        ws.freeze_panes = "A2"
        for header, formula in dropdowns.get(name, {}).items():
            letter = ws.cell(row=1, column=headers.index(header) + 1).column_letter
            dv = DataValidation(type="list", formula1=formula, allow_blank=True)
            dv.error = "목록에서 고르세요. / Choose a value from the list."
            dv.errorTitle = header
            dv.prompt = f"{header}: {formula.strip(chr(34))}"
            dv.showErrorMessage = True
            dv.showInputMessage = True
            ws.add_data_validation(dv)
            dv.add(f"{letter}2:{letter}10000")
    if manual:

        write_manual_sheet(wb, default_manual("ko"), "ko")
    atomic_write(target, lambda tmp: save_workbook(wb, tmp))


def write_templates(directory: str | Path) -> list[Path]:
    """Write the judgments and run templates into ``directory`` (created if needed).

    Returns the paths written. Existing files of the same names are replaced.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    judgments = directory / JUDGMENTS_TEMPLATE
    run = directory / RUN_TEMPLATE
    _write_workbook(
        judgments,
        _JUDGMENTS,
        {
            "평가": {"등급": '"0,1,2,3"', "근거역할": '"핵심,보조,대체"'},
            "질문": {"답변가능": '"예,아니오"'},
        },
        manual=True,
    )
    _write_workbook(run, _RUN, {})
    return [judgments, run]
