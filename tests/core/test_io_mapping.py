"""Id hygiene and column mapping (no files involved)."""

from __future__ import annotations

import datetime as dt
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.core.io import ColumnMapping, normalize_id, role_label, wide_rank
from workbench.core.io.ids import display_text, is_blank, normalize_ids
from workbench.core.io.mapping import (
    closest_header,
    detect_mapping,
    header_role,
    normalize_header,
    sheet_name_kind,
    wide_position,
)
from workbench.core.model import schema as S


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (12.0, "12"),
        (12, "12"),
        ("12", "12"),
        ("007", "007"),  # leading zeros typed as text are kept
        ("  q1 ", "q1"),
        (None, ""),
        ("", ""),
        (2.5, "2.5"),
        (float("nan"), ""),
        (1e20, "1e+20"),
        (unicodedata.normalize("NFD", "문단1"), "문단1"),
        (True, "TRUE"),
    ],
)
def test_normalize_id_examples(value, expected):
    assert normalize_id(value) == expected


def test_normalize_id_nfd_becomes_nfc():
    nfd = unicodedata.normalize("NFD", "말씀선집-12")
    assert nfd != "말씀선집-12"
    out = normalize_id(nfd)
    assert out == "말씀선집-12"
    assert unicodedata.is_normalized("NFC", out)


_ID_VALUES = st.one_of(
    st.text(max_size=20),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=False, width=64),
    st.none(),
    st.text(alphabet="가각간갇갈감갑값각 ", max_size=10),
)


@settings(max_examples=200, deadline=None)
@given(_ID_VALUES)
def test_normalize_id_is_idempotent(value):
    once = normalize_id(value)
    assert isinstance(once, str)
    assert normalize_id(once) == once
    assert once == once.strip()


@settings(max_examples=50, deadline=None)
@given(st.lists(_ID_VALUES, max_size=30))
def test_normalize_ids_matches_scalar_version(values):
    assert list(normalize_ids(values)) == [normalize_id(v) for v in values]


def test_display_text_of_dates_and_numbers():
    assert display_text(dt.date(2020, 1, 2)) == "2020-01-02"
    assert display_text(dt.datetime(2020, 1, 2)) == "2020-01-02"
    assert display_text(dt.datetime(2020, 1, 2, 3, 4)) == "2020-01-02 03:04:00"
    assert display_text(3.0) == "3"
    assert display_text(0.1) == "0.1"


def test_is_blank():
    assert is_blank(["", "  ", None, float("nan"), "x", 0, 0.0]).tolist() == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
    ]


@pytest.mark.parametrize(
    ("header", "role"),
    [
        ("질문ID", S.QID),
        ("질문 ID", S.QID),
        ("질문_id", S.QID),
        ("문항", S.QID),
        ("qid", S.QID),
        ("Query_ID", S.QID),
        ("질문번호", S.QID),
        ("문단ID", S.PID),
        ("청크ID", S.PID),
        ("passage_id", S.PID),
        ("등급", S.GRADE),
        ("등급 (0~3)", S.GRADE),
        ("관련도", S.GRADE),
        ("Relevance", S.GRADE),
        ("label", S.GRADE),
        ("순위", S.RANK),
        ("Rank", S.RANK),
        ("점수", S.SCORE),
        ("유사도", S.SCORE),
        ("시스템", S.SYSTEM),
        ("모델", S.SYSTEM),
        ("run", S.SYSTEM),
        ("tag", S.SYSTEM),
        ("평가자", S.ASSESSOR),
        ("검수자", S.ASSESSOR),
        ("근거역할", S.ROLE),
        ("근거그룹", S.GROUP),
        ("비고", S.NOTE),
        ("질문유형", S.QTYPE),
        ("답변가능", S.ANSWERABLE),
        ("권", S.VOLUME),
        ("강연", S.LECTURE),
        ("페이지", S.PAGE),
        ("날짜", S.DATE),
        ("청크번호", S.CHUNK),
        ("본문", S.TEXT),
        ("문서ID", S.DOCID),
        ("doc_id", S.DOCID),
        ("아무거나", None),
    ],
)
def test_header_synonyms(header, role):
    assert header_role(header) == role


def test_normalize_header_ignores_case_space_underscore_and_remarks():
    assert normalize_header(" Query_ID ") == normalize_header("queryid")
    assert normalize_header("등급(0-3)") == "등급"
    assert normalize_header("(메모)") == "메모"


@pytest.mark.parametrize(
    ("header", "n"),
    [("1", 1), ("10", 10), ("rank1", 1), ("Rank 3", 3), ("1위", 1), ("top1", 1), ("TOP-5", 5)],
)
def test_wide_positions(header, n):
    assert wide_position(header) == n


def test_wide_position_rejects_other_headers():
    assert wide_position("질문ID") is None
    assert wide_position("0") is None


def test_lone_document_id_is_passage_id_in_judgments_but_document_id_in_passages():
    m, kind = detect_mapping(["질문ID", "문서ID", "등급"])
    assert kind == "judgments"
    assert m["문서ID"] == S.PID
    m, kind = detect_mapping(["문단ID", "문서ID", "본문"])
    assert kind == "passages"
    assert m["문서ID"] == S.DOCID and m["문단ID"] == S.PID
    m, kind = detect_mapping(["qid", "doc_id", "rank", "score"])
    assert kind == "run"
    assert m["doc_id"] == S.PID


@pytest.mark.parametrize(
    ("headers", "name", "kind"),
    [
        (["질문ID", "문단ID", "등급"], "Sheet1", "judgments"),
        (["질문ID", "질문", "질문유형", "답변가능"], "Sheet2", "questions"),
        (["문단ID", "문서ID", "청크번호", "본문"], "x", "passages"),
        (["질문ID", "순위", "문단ID", "점수"], "BM25", "run"),
        (["시스템", "질문ID", "문단ID", "점수"], "all", "run"),
        (["질문ID", "1", "2", "3"], "BM25", "run_wide"),
        (["질문ID", "1위", "2위"], "x", "run_wide"),
        (["a", "b"], "평가", "judgments"),
        (["a", "b"], "questions", "questions"),
        (["a", "b"], "Sheet1", "unknown"),
    ],
)
def test_sheet_kind_detection(headers, name, kind):
    assert detect_mapping(headers, name)[1] == kind


def test_first_column_with_a_role_wins():
    m, _ = detect_mapping(["질문ID", "문항", "문단ID", "등급"])
    assert m["질문ID"] == S.QID
    assert m["문항"] is None


def test_sheet_name_hints():
    assert sheet_name_kind("평가") == "judgments"
    assert sheet_name_kind("Qrels") == "judgments"
    assert sheet_name_kind("질문 목록") == "questions"
    assert sheet_name_kind("청크") == "passages"
    assert sheet_name_kind("BM25") is None


def test_closest_header_finds_near_misses():
    assert closest_header(S.GRADE, ["질문ID", "문단ID", "듭급"]) == "듭급"
    assert closest_header(S.GRADE, ["질문ID", "문단ID", "grdae"]) == "grdae"
    assert closest_header(S.GRADE, ["질문ID", "문단ID", "zzz"]) is None


def test_column_mapping_round_trips_through_json_safe_dict():
    import json

    m = ColumnMapping({"질문ID": S.QID, "x": None, "1": "rank@1"})
    d = json.loads(json.dumps(m.to_dict()))
    back = ColumnMapping.from_dict(d)
    assert back == m
    assert back.missing([S.QID, S.PID]) == [S.PID]
    assert back.header_for(S.QID) == "질문ID"
    assert back.wide_columns == {"1": 1}
    assert ColumnMapping.from_dict({"질문ID": S.QID}).roles == {"질문ID": S.QID}


def test_role_labels():
    assert role_label(S.GRADE, "ko") == "등급"
    assert role_label(S.GRADE, "en") == "grade"
    assert role_label("rank@3", "en") == "rank 3"
    assert role_label(None, "ko") == "(무시)"
    assert wide_rank("rank@7") == 7 and wide_rank(S.RANK) is None
