"""Evidence sentences (근거 문장): read from the judgments, found in the passage text."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from workbench.core.io import load_judgments, load_run
from workbench.core.model import schema as S
from workbench.core.model.evidence_text import evidence_map, find_spans, split_by_spans
from workbench.core.protocol.review import build_index
from workbench.core.study import study_from_files

TEXT = "참사랑은 먼저 주는 마음입니다.  그리고\n준 것을 잊어버리는 마음입니다. 끝."


def test_find_spans_exact_and_tolerant_of_spaces_quotes_and_case():
    assert find_spans(TEXT, ["먼저 주는 마음"]) == [(5, 13)]
    # a line break and a double space in the passage, one space in the sentence
    start = TEXT.index("그리고")
    a, b = find_spans(TEXT, ["그리고 준 것을 잊어버리는 마음입니다."])[0]
    assert (a, TEXT[a:b].endswith("마음입니다.")) == (start, True)
    assert find_spans("He said “Love first”.", ['"love first"']) == [(8, 20)]
    assert find_spans(TEXT, ["없는 문장"]) == []
    # overlapping sentences merge; every occurrence is found
    assert find_spans("ab ab", ["ab"]) == [(0, 2), (3, 5)]
    assert find_spans("abcd", ["abc", "bcd"]) == [(0, 4)]


def test_split_by_spans():
    assert split_by_spans("abcdef", [(1, 3)]) == [("a", False), ("bc", True), ("def", False)]
    assert split_by_spans("abc", []) == [("abc", False)]


def write_xlsx(path: Path, sheets: dict[str, list[list]]) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    wb.save(path)
    return path


@pytest.fixture()
def files(tmp_path):
    judgments = write_xlsx(
        tmp_path / "j.xlsx",
        {
            "평가": [
                ["질문ID", "문단ID", "등급", "평가자", "근거 문장"],
                ["q1", "p1", 3, "A", "먼저 주는 마음입니다."],
                ["q1", "p1", 3, "B", "준 것을 잊어버리는 마음"],
                ["q1", "p2", 2, "A", "본문에 없는 문장"],
                ["q1", "p3", 0, "A", ""],
            ],
            "문단": [
                ["문단ID", "본문"],
                ["p1", TEXT],
                ["p2", "전혀 다른 본문입니다."],
                ["p3", "무관한 본문"],
            ],
        },
    )
    runs = write_xlsx(
        tmp_path / "r.xlsx",
        {"S": [["질문ID", "순위", "문단ID"], ["q1", 1, "p3"], ["q1", 2, "p1"]]},
    )
    return judgments, runs


def test_the_column_is_read_and_a_sentence_not_in_its_passage_is_a_warning(files):
    js = load_judgments(files[0])
    ev = js.evidence
    assert ev[[S.QID, S.PID, S.ASSESSOR, S.ROW]].values.tolist() == [
        ["q1", "p1", "A", 2],
        ["q1", "p1", "B", 3],
        ["q1", "p2", "A", 4],
    ]
    warn = next(p for p in js.problems if p.code == "evidence_not_in_passage")
    assert (warn.row, warn.column, warn.sheet) == (4, "근거 문장", "평가")
    assert evidence_map(ev)[("q1", "p1")] == ("먼저 주는 마음입니다.", "준 것을 잊어버리는 마음")


@pytest.mark.parametrize("header", ["근거문장", "evidence sentence", "answer sentence"])
def test_header_synonyms(tmp_path, header):
    path = write_xlsx(
        tmp_path / "j.xlsx",
        {"judgments": [["qid", "pid", "grade", header], ["q", "p", 1, "문장"]]},
    )
    assert load_judgments(path).evidence[S.EVIDENCE].tolist() == ["문장"]


def test_cards_and_gold_rows_carry_the_highlights(files):
    study = study_from_files(load_judgments(files[0]), [load_run(files[1])])
    index = build_index(study.evaluate(), study)
    view = index.view("q1", ["S"], 2)
    card = next(c for c in view.columns[0].cards if c.passage_id == "p1")
    assert card.sentences == ("먼저 주는 마음입니다.", "준 것을 잊어버리는 마음")
    pieces = [card.text[a:b] for a, b in card.highlights]
    assert pieces[0] == "먼저 주는 마음입니다."
    assert pieces[1].startswith("준 것을") and pieces[1].endswith("마음")
    gold = {e.passage_id: e for e in view.gold}
    assert gold["p1"].highlights == card.highlights
    assert gold["p2"].sentences == ("본문에 없는 문장",) and gold["p2"].highlights == ()
    other = next(c for c in view.columns[0].cards if c.passage_id == "p3")
    assert other.highlights == ()
