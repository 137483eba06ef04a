"""The guide's worked examples are recomputed with the program's own measure
functions, so the guide cannot drift from the code.

Each example in ``resources/guide/<lang>.html`` is a table marked
``data-example`` (one row per passage: question, rank — "—" for a relevant
passage the system did not retrieve —, passage, grade) and each number the text
states about it is marked ``data-measure`` (and ``data-gain`` where it is not the
default exponential gain). The value is recomputed from the table's ranks and
grades with :func:`workbench.core.measures.metrics.score_rankings`, averaged over
the table's questions, and must equal the stated number to the digits stated.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pandas as pd
import pytest

from workbench.core.measures.metrics import score_rankings
from workbench.paths import resources_dir

LANGUAGES = ("ko", "en")

#: the seeds' worked examples the guide must state (issue 33): measure → number as written
SEED_VALUES = {
    ("recall-article", "Recall@5"): "0.333",
    ("mrr-article", "MRR"): "0.5",
    ("ndcg-article", "nDCG@3"): "0.956",
    ("seed-ranking", "P@5"): "0.6",
    ("seed-ranking", "MAP"): "0.57",
}

NOT_RETRIEVED = "—"


class _Examples(HTMLParser):
    """The marked tables (rows of cell texts) and the marked numbers of a guide."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.results: list[tuple[str, str, str, str]] = []  # example, measure, gain, text
        self._table: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._result: tuple[str, str, str] | None = None
        self._result_text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and "data-example" in a:
            self._table = a["data-example"]
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag == "td" and self._row is not None:
            self._cell = []
        elif "data-measure" in a:
            self._result = (a["data-example"], a["data-measure"], a.get("data-gain", "exponential"))
            self._result_text = []

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None and self._table is not None:
            if self._row:  # the header row has th cells only
                self.tables[self._table].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None
        elif self._result is not None and tag in ("b", "span"):
            self.results.append((*self._result, "".join(self._result_text).strip()))
            self._result = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._result is not None:
            self._result_text.append(data)


def _guide(lang: str) -> _Examples:
    parser = _Examples()
    parser.feed((resources_dir() / "guide" / f"{lang}.html").read_text(encoding="utf-8"))
    return parser


def _recompute(rows: list[list[str]], measure: str, gain: str) -> float:
    """The measure's mean over the example's questions, from its ranks and grades."""
    ranked = sorted((r for r in rows if r[1] != NOT_RETRIEVED), key=lambda r: (r[0], int(r[1])))
    rankings = pd.DataFrame(
        {"question_id": [r[0] for r in ranked], "passage_id": [r[2] for r in ranked]}
    )
    qrels = pd.DataFrame(
        {
            "question_id": [r[0] for r in rows],
            "passage_id": [r[2] for r in rows],
            "grade": [int(r[3]) for r in rows],
        }
    )
    scores = score_rankings(rankings, qrels, [measure], threshold=1, gain=gain)
    return float(scores[measure].mean())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_number_the_guide_states_is_what_the_measures_compute(lang):
    guide = _guide(lang)
    assert guide.results, "the guide marks no worked example"
    for example, measure, gain, text in guide.results:
        rows = guide.tables[example]
        decimals = len(text.split(".")[1]) if "." in text else 0
        value = _recompute(rows, measure, gain)
        assert round(value, decimals) == pytest.approx(float(text)), (lang, example, measure, value)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_guide_states_the_seeds_worked_examples(lang):
    stated = {
        (example, measure): text
        for example, measure, gain, text in _guide(lang).results
        if gain == "exponential"
    }
    assert {key: stated.get(key) for key in SEED_VALUES} == SEED_VALUES


def test_both_languages_give_the_same_ranks_and_grades():
    ko, en = _guide("ko"), _guide("en")
    assert ko.tables == en.tables
    assert sorted(ko.results) == sorted(en.results)


def test_a_changed_grade_changes_the_recomputed_number():
    """The check can fail: the nDCG example with its grades 3·0·2 read as 2·0·3."""
    rows = [list(r) for r in _guide("ko").tables["ndcg-article"]]
    assert round(_recompute(rows, "nDCG@3", "exponential"), 3) == 0.956
    rows[0][3], rows[2][3] = rows[2][3], rows[0][3]
    assert round(_recompute(rows, "nDCG@3", "exponential"), 3) != 0.956
