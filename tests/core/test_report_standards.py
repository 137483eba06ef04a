"""The report's Agreement sheet: each assessor's standard, the confusion matrices and
the bootstrap intervals, written by ``workbench eval --report`` and read back."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook

from workbench.cli import EXIT_OK, main
from workbench.core.io.options import ReadOptions, load
from workbench.core.measures.agreement_intervals import assessor_standards
from workbench.core.report.words import words


def write_inputs(tmp_path):
    """가 gives 0, 1, 2 in turn; 나 the same but one more on the first 12 of 24 passages."""
    lines = ["질문ID,문단ID,등급,평가자"]
    for i in range(24):
        lines.append(f"q{i // 6},P{i:02d},{i % 3},가")
        lines.append(f"q{i // 6},P{i:02d},{i % 3 + (1 if i < 12 else 0)},나")
    qrels = tmp_path / "judgments.csv"
    qrels.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = tmp_path / "run.txt"
    run.write_text(
        "".join(f"q{i // 6} Q0 P{i:02d} {i % 6 + 1} {10 - i % 6} BM25\n" for i in range(24)),
        encoding="utf-8",
    )
    return qrels, run


def rows_of(ws) -> list[list]:
    return [list(r) for r in ws.iter_rows(values_only=True)]


def find(rows: list[list], first) -> int:
    return next(i for i, r in enumerate(rows) if r and r[0] == first)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_agreement_sheet_reads_back_each_assessors_standard(tmp_path, capsys, lang):
    qrels, run = write_inputs(tmp_path)
    out = tmp_path / "report.xlsx"
    args = ["eval", "--qrels", str(qrels), "--run", str(run), "--report", str(out)]
    assert main([*args, "--lang", lang]) == EXIT_OK
    book = load_workbook(out, read_only=True)
    sheet = "평가자 일치도" if lang == "ko" else "Agreement"
    rows = rows_of(book[sheet])
    book.close()
    t = lambda key: words(key, lang)  # noqa: E731

    # the existing content is still there: the pair table on top
    assert rows[0][:3] == [t("assessor_a"), t("assessor_b"), t("n")]

    top = find(rows, t("standards"))
    header = rows[top + 1]
    assert header[:5] == [
        t("assessor"),
        t("items_judged"),
        t("mean_grade"),
        t("grade_count").format(grade=0),
        t("grade_share").format(grade=0),
    ]
    ga, na = rows[top + 2], rows[top + 3]
    # 가: 8 each of 0, 1, 2 → mean 1; 나: 0 ×4, 1 ×8, 2 ×8, 3 ×4 → mean 1.5
    assert ga[:3] == ["가", 24, pytest.approx(1.0)]
    assert ga[3:11] == [8, pytest.approx(1 / 3), 8, pytest.approx(1 / 3), 8,
                        pytest.approx(1 / 3), 0, 0]  # fmt: skip
    assert na[:3] == ["나", 24, pytest.approx(1.5)]
    assert na[3:11] == [4, pytest.approx(1 / 6), 8, pytest.approx(1 / 3), 8,
                        pytest.approx(1 / 3), 4, pytest.approx(1 / 6)]  # fmt: skip

    # the sentence, then the pair's row with the intervals (seed 20261129, B = 1000)
    judgments = load("judgments", qrels, ReadOptions()).judgments
    expected = assessor_standards(judgments)
    (pair,) = expected.pairs
    sentence = rows[top + 5][0]
    assert sentence == pair.sentence(lang)
    assert ("나가 더 후하게" in sentence) if lang == "ko" else ("나 grades more generously" in sentence)
    pair_row = rows[top + 8]
    assert pair_row[:6] == ["가", "나", 24, pytest.approx(1.0), pytest.approx(1.5),
                            pytest.approx(0.5)]  # fmt: skip
    ci = pair.mean_difference_ci
    assert pair_row[6:8] == [pytest.approx(ci.low), pytest.approx(ci.high)]
    assert 0 < ci.low < 0.5 < ci.high
    k_ci = pair.kappa_quadratic_ci
    assert pair_row[8:11] == [pytest.approx(pair.kappa_quadratic), pytest.approx(k_ci.low),
                              pytest.approx(k_ci.high)]  # fmt: skip
    assert pair_row[11] == k_ci.reading("kappa_quadratic", lang)

    alpha_row = rows[top + 11]
    assert alpha_row[0] == t("alpha")
    assert alpha_row[1] == pytest.approx(expected.alpha_ordinal)
    assert alpha_row[2:4] == [pytest.approx(expected.alpha_ci.low),
                              pytest.approx(expected.alpha_ci.high)]  # fmt: skip

    # the confusion matrix, rows 가's grade, columns 나's: by hand from the fixture
    c = find(rows, t("confusion_title").format(a="가", b="나"))
    assert rows[c + 1][:5] == ["가 \\ 나", "0", "1", "2", "3"]
    matrix = [r[:5] for r in rows[c + 2 : c + 6]]
    assert matrix == [[0, 4, 4, 0, 0], [1, 0, 4, 4, 0], [2, 0, 0, 4, 4], [3, 0, 0, 0, 0]]

    note = rows[c + 7][0]
    assert "20261129" in note and "1000" in note


def test_the_report_draws_the_intervals_with_the_seed_asked_for(tmp_path, capsys):
    qrels, run = write_inputs(tmp_path)
    out = tmp_path / "report.xlsx"
    args = ["eval", "--qrels", str(qrels), "--run", str(run), "--report", str(out)]
    assert main([*args, "--lang", "en", "--seed", "7"]) == EXIT_OK
    book = load_workbook(out, read_only=True)
    rows = rows_of(book["Agreement"])
    book.close()
    judgments = load("judgments", qrels, ReadOptions()).judgments
    (pair,) = assessor_standards(judgments, seed=7).pairs
    (default,) = assessor_standards(judgments).pairs
    assert pair.kappa_quadratic_ci != default.kappa_quadratic_ci
    top = find(rows, words("standards", "en"))
    assert rows[top + 8][9:11] == [
        pytest.approx(pair.kappa_quadratic_ci.low),
        pytest.approx(pair.kappa_quadratic_ci.high),
    ]
    note = next(r[0] for r in rows if r and isinstance(r[0], str) and "seed 7)" in r[0])
    assert "1000 times" in note
