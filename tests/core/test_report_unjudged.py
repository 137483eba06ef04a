"""The report's Unjudged ranges sheet holds the same bounds as the JSON of
`workbench eval` (one computation, two outputs), and is left out when the
request carries none."""

from __future__ import annotations

import json

import pytest
from openpyxl import load_workbook

from workbench.cli import main
from workbench.paths import demo_dir


@pytest.fixture(scope="module")
def demo_outputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("unjudged")
    demo = demo_dir()
    report, out = folder / "report.xlsx", folder / "eval.json"
    code = main(
        [
            "eval",
            "--qrels",
            str(demo / "judgments.xlsx"),
            "--run",
            str(demo / "runs.xlsx"),
            "--lang",
            "en",
            "--json",
            str(out),
            "--report",
            str(report),
        ]
    )
    assert code == 0
    return report, json.loads(out.read_text(encoding="utf-8"))


def test_the_sheet_holds_every_bound_of_the_json(demo_outputs):
    report, data = demo_outputs
    book = load_workbook(report, read_only=True)
    try:
        assert "Unjudged ranges" in book.sheetnames
        rows = list(book["Unjudged ranges"].iter_rows(values_only=True))
    finally:
        book.close()
    header = rows[0]
    assert header[:7] == (
        "System",
        "Measure",
        "Value now",
        "All not relevant (0)",
        "All at the top grade (3)",
        "Range",
        "Unjudged passages",
    )
    table = {(r[0], r[1]): r for r in rows[1:] if r and r[1]}
    bounds = data["unjudged_bounds"]
    checked = 0
    for system, entry in bounds.items():
        for measure, pair in entry["measures"].items():
            row = table[(system, measure)]
            assert row[3] == pytest.approx(pair["as_not_relevant"])
            assert row[4] == pytest.approx(pair["as_top_grade"])
            low, high = sorted((pair["as_not_relevant"], pair["as_top_grade"]))
            assert row[5] == f"{low:.3f} – {high:.3f}"
            assert row[6] == entry["holes"]
            checked += 1
    assert checked > 0
    # today's value is the bound with every unjudged passage not relevant
    system = next(iter(bounds))
    assert table[(system, "P@5")][2] == pytest.approx(table[(system, "P@5")][3])
