"""The import preview, driven as a user would: pick a file, check, press Load."""

from __future__ import annotations

import openpyxl
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from workbench.core.model import schema as S
from workbench.ui import fonts, i18n
from workbench.ui.settings import Settings
from workbench.ui.tables import text_margin
from workbench.ui.views.import_dialog import ImportDialog


def _open(qtbot, path, kind, **kw) -> ImportDialog:
    dialog = ImportDialog(path, kind, settings=kw.pop("settings", None) or Settings(), **kw)
    qtbot.addWidget(dialog)
    if dialog.preview is None:
        with qtbot.waitSignal(dialog.inspected, timeout=30000):
            pass
    return dialog


def _load(qtbot, dialog: ImportDialog) -> None:
    with qtbot.waitSignal(dialog.accepted, timeout=60000):
        qtbot.mouseClick(dialog.load_button, Qt.MouseButton.LeftButton)


def _problem_texts(dialog: ImportDialog) -> list[str]:
    return [dialog.problem_list.item(i).text() for i in range(dialog.problem_list.count())]


def test_demo_judgments_load_through_the_dialog(qtbot, demo_files):
    settings = Settings()
    dialog = _open(qtbot, demo_files["judgments"], "judgments", settings=settings)
    assert dialog.kind == "judgments"
    assert dialog.table.rowCount() > 5
    grade_header = next(h for h in dialog.current_sheet().headers if "등급" in h)
    assert dialog.role_combo(grade_header).currentData() == S.GRADE
    assert dialog.load_button.isEnabled()
    _load(qtbot, dialog)
    judgments = dialog.result_set.judgments
    assert len(judgments) > 100
    assert set(judgments[S.GRADE].unique()) <= {0, 1, 2, 3}
    # the confirmed mapping is remembered for this file and sheet
    sheet = dialog.options["sheets"]["judgments"]
    assert (
        settings.remembered_mapping(demo_files["judgments"], sheet)["roles"][grade_header]
        == S.GRADE
    )


def test_demo_runs_load_with_every_system(qtbot, demo_files):
    dialog = _open(qtbot, demo_files["runs"], "runs")
    _load(qtbot, dialog)
    assert dialog.result_set.systems == ["BM25", "Vector", "Hybrid", "GraphRAG"]


def test_auto_kind_recognises_a_run_file(qtbot, demo_files):
    dialog = _open(qtbot, demo_files["runs"], "auto")
    assert dialog.kind == "runs"
    dialog = _open(qtbot, demo_files["judgments"], "auto")
    assert dialog.kind == "judgments"


@pytest.fixture
def bad_grades(tmp_path):
    path = tmp_path / "평가_오류.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "평가"
    sheet.append(["질문ID", "문단ID", "등급"])
    for row in (
        ["Q1", "P1", 3],
        ["Q1", "P2", 0],
        ["Q2", "P3", 2],
        ["Q2", "P4", "high"],
        ["Q3", "P5", 1],
    ):
        sheet.append(row)
    book.save(path)
    return path


def test_bad_grade_is_listed_with_its_excel_row_and_the_dialog_stays_open(qtbot, bad_grades):
    dialog = _open(qtbot, bad_grades, "judgments")
    with qtbot.waitSignal(dialog.load_failed, timeout=30000):
        qtbot.mouseClick(dialog.load_button, Qt.MouseButton.LeftButton)
    assert dialog.result_set is None
    texts = _problem_texts(dialog)
    hit = [t for t in texts if "row 5" in t and "high" in t]
    assert hit, texts
    assert "Traceback" not in "\n".join(texts)
    # clicking the problem selects that Excel row in the preview
    item = dialog.problem_list.item(texts.index(hit[0]))
    dialog.problem_list.itemClicked.emit(item)
    selected = dialog.table.selectionModel().selectedRows()
    assert [dialog.table.verticalHeaderItem(i.row()).text() for i in selected] == ["5"]


def test_bad_grade_message_is_korean_in_the_korean_ui(qtbot, bad_grades):
    i18n.install_language("ko")
    dialog = _open(qtbot, bad_grades, "judgments")
    with qtbot.waitSignal(dialog.load_failed, timeout=30000):
        qtbot.mouseClick(dialog.load_button, Qt.MouseButton.LeftButton)
    assert any("5행" in t and "high" in t for t in _problem_texts(dialog))


@pytest.mark.parametrize("size", ["normal", "very_large"])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_conversions_headers_fit_their_columns(qtbot, tmp_path, lang, size):
    """'파일의 값' (Value in the file) and the other headers of the grades written
    another way are drawn whole, at the normal and the largest font: the column
    fitted to its values alone clipped the header's last letter."""
    path = tmp_path / "평가_단위.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "평가"
    sheet.append(["질문ID", "문단ID", "등급"])
    for row in (["Q1", "P1", "3점"], ["Q1", "P2", 0], ["Q2", "P3", "2점"]):
        sheet.append(row)
    book.save(path)
    i18n.install_language(lang)
    fonts.apply_font(size)
    try:
        dialog = _open(qtbot, path, "judgments")
        dialog.show()
        qtbot.waitUntil(lambda: dialog.conversion_box.isVisible(), timeout=30000)
        table = dialog.conversion_table
        header = table.horizontalHeader()
        titles = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
        assert titles[0] == ("파일의 값" if lang == "ko" else "Value in the file")
        fm = QFontMetrics(header.font())
        for col, title in enumerate(titles):
            # the header's text with the margins a cell's text keeps (tests/ui/test_readable.py)
            assert fm.horizontalAdvance(title) + text_margin(table) <= header.sectionSize(col), (
                title
            )
        cell_fm = QFontMetrics(table.font())
        assert cell_fm.horizontalAdvance("'3점'") < header.sectionSize(0)
        combo = dialog.conversion_combo("3점")
        assert combo.sizeHint().width() <= header.sectionSize(2)
    finally:
        fonts.apply_font("normal")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_at_the_largest_font_the_conversions_neither_overlap_nor_hide(qtbot, tmp_path, lang):
    """Thirty rows with '3점', '2점' and '높음' in a 1200×780 dialog at the largest
    font: the box of grades written another way is as tall as its wrapped text,
    its confirm checkbox lies below the table's last row (it lay over it), and
    that checkbox and the one to leave rows out are in view without scrolling."""
    path = tmp_path / "grades.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "판정"
    sheet.append(["질문ID", "문단ID", "등급"])
    for i in range(30):
        sheet.append([f"Q{i:03d}", f"D{i:03d}-01", ["3점", "2", "1", "0", "2점", "높음"][i % 6]])
    book.save(path)
    i18n.install_language(lang)
    fonts.apply_font("very_large")
    try:
        dialog = _open(qtbot, path, "judgments")
        dialog.resize(1200, 780)
        dialog.show()
        qtbot.waitUntil(lambda: dialog.conversion_box.isVisible(), timeout=30000)
        qtbot.waitUntil(lambda: dialog.skip_check.isVisible(), timeout=30000)
        qtbot.wait(100)
        box, table, check = dialog.conversion_box, dialog.conversion_table, dialog.conversion_check
        assert box.height() >= box.heightForWidth(box.width())
        assert check.geometry().top() >= table.geometry().bottom()
        viewport = dialog.checks_scroll.viewport()
        for widget in (check, dialog.skip_check):
            top = widget.mapTo(viewport, widget.rect().topLeft()).y()
            assert 0 <= top and top + widget.height() <= viewport.height(), widget.objectName()
    finally:
        fonts.apply_font("normal")


def test_a_required_role_left_unassigned_is_explained_and_fixable(qtbot, bad_grades):
    dialog = _open(qtbot, bad_grades, "judgments")
    dialog.set_role("등급", None)
    assert any("grade" in t and "No column" in t for t in _problem_texts(dialog))
    dialog.set_role("등급", S.GRADE)
    assert not any("No column" in t for t in _problem_texts(dialog))


def test_giving_a_role_to_a_second_column_takes_it_from_the_first(qtbot, bad_grades):
    dialog = _open(qtbot, bad_grades, "judgments")
    dialog.set_role("문단ID", S.QID)
    assert dialog.role_combo("질문ID").currentData() is None
    assert dialog.chosen_options()["mappings"]["평가"]["문단ID"] == S.QID


def test_a_file_that_is_not_a_table_shows_a_plain_message(qtbot, tmp_path):
    junk = tmp_path / "broken.xlsx"
    junk.write_bytes(b"this is not a workbook")
    dialog = _open(qtbot, junk, "judgments")
    texts = _problem_texts(dialog)
    assert texts and "Traceback" not in "\n".join(texts)
    assert not dialog.load_button.isEnabled()


def test_a_hidden_sheet_is_listed_with_a_mark_and_not_used_unless_chosen(qtbot, tmp_path):
    wb = openpyxl.Workbook()
    old = wb.active
    old.title = "평가_old"
    old.append(["질문ID", "문단ID", "등급"])
    old.append(["Q9", "P9", 3])
    old.sheet_state = "hidden"
    ws = wb.create_sheet("평가")
    ws.append(["질문ID", "문단ID", "등급"])
    ws.append(["Q1", "P1", 2])
    path = tmp_path / "qrels.xlsx"
    wb.save(path)
    dialog = _open(qtbot, path, "judgments")
    shown = [dialog.sheet_combo.itemText(i) for i in range(dialog.sheet_combo.count())]
    assert shown == ["평가_old (hidden)", "평가"]
    assert [dialog.sheet_combo.itemData(i) for i in range(dialog.sheet_combo.count())] == [
        "평가_old",
        "평가",
    ]
    _load(qtbot, dialog)
    assert dialog.options["sheets"]["judgments"] == "평가"
    assert list(dialog.result_set.judgments[S.QID]) == ["Q1"]


def test_the_system_info_sheet_is_offered_as_system_information(qtbot, demo_files):
    from workbench.core.io.system_info import info_role

    dialog = _open(qtbot, demo_files["runs"], "runs")
    assert dialog._uses["시스템 정보"] == "system_info"
    dialog.sheet_combo.setCurrentIndex(dialog.sheet_combo.findData("시스템 정보"))
    assert dialog.use_combo.currentData() == "system_info"
    assert dialog.role_combo("청크 크기").currentData() == info_role("chunk_size")
    # its dropdowns offer the card's columns, not a run's
    combo = dialog.role_combo("단계")
    roles = [combo.itemData(i) for i in range(combo.count())]
    assert info_role("stage") in roles and S.RANK not in roles
    assert not [p for p in dialog.problems() if p.is_error]
    _load(qtbot, dialog)
    assert dialog.result_set.systems == ["BM25", "Vector", "Hybrid", "GraphRAG"]
    assert dialog.result_set.system_info["chunk_size"].tolist() == [300, 500, 500, 500]
    assert "시스템 정보" in dialog.options["sheets"]


def test_a_sheet_can_be_chosen_as_system_information(qtbot, tmp_path):
    from workbench.core.io.system_info import info_role

    path = tmp_path / "runs.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "BM25"
    for row in (["질문ID", "순위", "문단ID"], ["q1", 1, "p1"]):
        book["BM25"].append(row)
    notes = book.create_sheet("설명")
    for row in (["시스템", "청크 크기"], ["BM25", 256]):
        notes.append(row)
    book.save(path)
    dialog = _open(qtbot, path, "runs")
    dialog.sheet_combo.setCurrentIndex(dialog.sheet_combo.findData("설명"))
    dialog.use_combo.setCurrentIndex(dialog.use_combo.findData("system_info"))
    assert dialog.role_combo("청크 크기").currentData() == info_role("chunk_size")
    _load(qtbot, dialog)
    assert dialog.result_set.systems == ["BM25"]
    assert dialog.result_set.system_info.iloc[0]["chunk_size"] == 256


def test_ids_excel_turned_into_dates_are_explained_before_load(qtbot, tmp_path):
    """Passage ids typed as 1-1 in a General column are dates in the saved file:
    the whole-file check names the column and rows, in Korean too, and says how
    to type them; the file still loads (the warning is kept with it)."""
    import datetime as dt

    path = tmp_path / "판정.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["질문ID", "문단ID", "등급"])
    sheet.append(["Q1", dt.datetime(2026, 1, 1), 3])
    sheet.append(["Q1", "1-2", 1])
    book.save(path)
    i18n.install_language("ko")
    dialog = _open(qtbot, path, "judgments")
    qtbot.waitUntil(lambda: dialog.check is not None, timeout=30000)
    qtbot.waitUntil(
        lambda: any("날짜나 시각" in t for t in _problem_texts(dialog)), timeout=30000
    )
    (text,) = [t for t in _problem_texts(dialog) if "날짜나 시각" in t]
    assert "문단ID" in text and "2행 2026-01-01" in text
    _load(qtbot, dialog)
    assert [p.code for p in dialog.result_set.problems if p.code == "id_is_date"] == ["id_is_date"]


def _one_sheet_per_assessor(path):
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, first_grade in (("김평가", 3), ("이평가", 2)):
        sheet = book.create_sheet(name)
        sheet.append(["질문ID", "문단ID", "등급"])
        sheet.append(["Q1", "D1", first_grade])
        sheet.append(["Q1", "D2", 0])
    book.save(path)
    return path


def test_a_workbook_with_one_sheet_per_assessor_loads_every_assessor(qtbot, tmp_path):
    """Two sheets of judgments without an assessor column (one per assessor, named
    after them): both are used, each sheet's name is its assessor, the choice is
    kept for the project; setting a sheet to not used leaves it out. (Only the
    first sheet was read, silently.)"""
    path = _one_sheet_per_assessor(tmp_path / "평가.xlsx")
    dialog = _open(qtbot, path, "judgments")
    assert dialog.chosen_options()["sheets"] == {"judgments": ["김평가", "이평가"]}
    assert not dialog.needs_assessor()  # the sheets name their assessors
    _load(qtbot, dialog)
    js = dialog.result_set
    assert sorted(set(js.judgments[S.ASSESSOR])) == ["김평가", "이평가"]
    assert len(js.judgments) == 4
    assert "several_judgment_sheets" in [p.code for p in js.problems]

    again = _open(qtbot, path, "judgments", initial_options=dialog.chosen_options())
    assert again.chosen_options()["sheets"] == {"judgments": ["김평가", "이평가"]}
    again.sheet_combo.setCurrentIndex(again.sheet_combo.findData("이평가"))
    again.use_combo.setCurrentIndex(again.use_combo.findData(None))
    assert again.chosen_options()["sheets"] == {"judgments": "김평가"}
    assert again.needs_assessor()  # one sheet without names: the file's assessor is asked
    _load(qtbot, again)
    assert set(again.result_set.judgments[S.ASSESSOR]) == {""}  # one sheet: no name given


def test_a_score_column_chosen_as_judgments_is_offered_as_the_grade(qtbot, tmp_path):
    path = tmp_path / "평가결과.csv"
    path.write_text("질문ID,문단ID,점수\nQ1,D1,3\nQ1,D2,0\n", encoding="utf-8")
    dialog = _open(qtbot, path, "judgments")
    (mapping,) = dialog.chosen_options()["mappings"].values()
    assert mapping.roles["점수"] == S.GRADE
    _load(qtbot, dialog)
    assert dialog.result_set.judgments[S.GRADE].tolist() == [3, 0]
