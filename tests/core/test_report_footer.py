"""The printed report's footer names the study; where no title was given, it is the
file name of the report being written (as the Export page and ``workbench eval
--report`` write it), never the name of an input file or of the program."""

from __future__ import annotations

import openpyxl
import pytest
from test_report_fixtures import make_results

from workbench.cli import main
from workbench.core.export import report_task
from workbench.core.io import load_judgments, load_run
from workbench.core.model.schema import EvalSettings
from workbench.core.report import ReportRequest, write_report
from workbench.core.study import Study


@pytest.fixture()
def inputs(tmp_path):
    judgments = tmp_path / "내부_판정_v3.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "평가"
    ws.append(["질문ID", "문단ID", "등급"])
    for row in (("q1", "p1", 3), ("q1", "p2", 0), ("q2", "p3", 2)):
        ws.append(list(row))
    wb.save(judgments)
    run = tmp_path / "bm25_run_internal.csv"
    run.write_text(
        "시스템,질문ID,문단ID,순위\nBM25,q1,p2,1\nBM25,q1,p1,2\nBM25,q2,p3,1\n", encoding="utf-8"
    )
    return judgments, run


def _left_footers(path) -> set[str]:
    return {ws.oddFooter.left.text for ws in openpyxl.load_workbook(path).worksheets}


def test_the_export_pages_report_carries_its_own_file_name_in_the_footer(tmp_path, inputs):
    judgments, run = inputs
    study = Study(EvalSettings(ks=(1, 2)))
    study.set_judgments(load_judgments(judgments), {})
    study.add_runs(load_run(run))
    out = tmp_path / "out"
    out.mkdir()
    path = report_task(out / "2026 말씀선집 평가 보고서.xlsx", study, study.evaluate(), lang="ko")
    assert _left_footers(path) == {"2026 말씀선집 평가 보고서"}


def test_the_command_lines_report_carries_its_own_file_name_in_the_footer(tmp_path, inputs):
    judgments, run = inputs
    path = tmp_path / "retrieval report.xlsx"
    code = main(["eval", "--qrels", str(judgments), "--run", str(run), "--report", str(path)])
    assert code == 0
    assert _left_footers(path) == {"retrieval report"}


def test_a_title_given_for_the_study_is_the_footer_whatever_the_file_is_called(tmp_path):
    results, questions, passages = make_results()
    path = write_report(
        tmp_path / "r.xlsx",
        results,
        ReportRequest(questions=questions, passages=passages, title="말씀선집 GraphRAG 연구"),
    )
    assert _left_footers(path) == {"말씀선집 GraphRAG 연구"}
