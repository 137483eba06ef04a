"""The report's How measures are computed sheet (계산 방법): each measure's formula and
one worked example of this study, filled in by the app's explanation; read back with
openpyxl."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook
from test_report_fixtures import make_inputs

from workbench.core.measures.evaluate import evaluate
from workbench.core.measures.explain import explain_question
from workbench.core.model.schema import EvalSettings
from workbench.core.report import write_report
from workbench.core.report.request import ReportRequest


@pytest.fixture(scope="module")
def evaluated():
    qrels, runs, questions, passages = make_inputs()
    results = evaluate(qrels, runs, EvalSettings(ks=(3, 5)), questions=questions)
    return results, questions


def _read(path, sheet):
    book = load_workbook(path)
    try:
        ws = book[sheet]
        return [list(r) for r in ws.iter_rows(values_only=True)], ws
    finally:
        book.close()


def test_every_measure_is_worked_through_with_the_best_systems_numbers(tmp_path, evaluated):
    results, questions = evaluated
    path = write_report(tmp_path / "en.xlsx", results, ReportRequest(lang="en", questions=questions))
    rows, ws = _read(path, "How measures are computed")
    # the best system by mean nDCG@5 (the primary measure), its first answerable question
    means = results.aggregates["nDCG@5"]
    best = str(means.idxmax())
    R = results.relevant_count
    pq = results.per_question
    first = next(q for q in pq[pq["system"] == best]["question_id"] if R[q] > 0)
    assert rows[0] == ["Measure", "Formula", "Worked example", "Value"]
    table = {r[0]: r for r in rows[1:] if r[0] and r[1]}
    title = next(i for i, r in enumerate(rows) if str(r[0]).startswith("How measures are"))
    example = rows[title + 1][0]
    assert f"{best} (by mean nDCG@5)" in example and f"question {first}" in example
    assert ws.print_title_rows == "$1:$1" and ws.page_setup.fitToWidth == 1
    own = pq[(pq["system"] == best) & (pq["question_id"] == first)].iloc[0]
    for measure in results.measures:
        measure_row = table[measure]
        assert measure_row[3] == pytest.approx(float(own[measure]), abs=1e-12)
        steps = measure_row[2].split("\n")
        assert steps[-1] == explain_question(results, best, first, measure).steps("en")[-1]
        assert steps[1].startswith(f"R (relevant judged passages) = {R[first]};")
    assert "IDCG (ideal order)" in table["nDCG@5"][2]
    mean_row = next(r for r in rows if r[0] == "Mean nDCG@5")
    assert mean_row[3] == pytest.approx(float(means[best]), abs=1e-12)
    assert f"/ {int(results.aggregates.loc[best, 'n'])} =" in mean_row[2]


def test_the_korean_sheet_is_named_and_worded_in_korean(tmp_path, evaluated):
    results, questions = evaluated
    path = write_report(tmp_path / "ko.xlsx", results, ReportRequest(questions=questions))
    rows, _ws = _read(path, "계산 방법")
    assert rows[0] == ["지표", "공식", "이 질문의 계산", "값"]
    ndcg = next(r for r in rows if r[0] == "nDCG@5")
    assert "이상적 순서" in ndcg[2] and "상위 5개" not in ndcg[0]
