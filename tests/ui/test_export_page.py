"""Export page on the demo data: report, judgments with new grades, CSV, cancel, locked files."""

from __future__ import annotations

import dataclasses
import hashlib
import os
from pathlib import Path

import pandas as pd
import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

from workbench.core import export as core_export
from workbench.core.io import load_judgments, load_run
from workbench.core.io.atomic import excel_lock_file
from workbench.core.measures.stats import DEFAULT_SEED, compare_systems
from workbench.core.model import schema as s
from workbench.core.model.cancel import Cancelled
from workbench.core.model.schema import JudgmentSet, RunSet
from workbench.core.report import SHEET_KEYS, SHEET_NAMES
from workbench.paths import demo_dir
from workbench.ui import dialogs, i18n
from workbench.ui.state import AppState
from workbench.ui.views import export_page as ep
from workbench.ui.views.export_page import ExportPage

TIMEOUT = 60000
NEW_ASSESSOR = "새 평가자"


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def demo():
    return load_judgments(demo_dir() / "judgments.xlsx"), load_run(demo_dir() / "runs.xlsx")


class Dialog:
    """Stands in for dialogs.get_save_file_name: hands out the queued paths."""

    def __init__(self) -> None:
        self.answers: list[Path | None] = []
        self.calls: list[dict] = []

    def __call__(self, parent, caption, directory, file_filter, *args, **kwargs):
        self.calls.append({"caption": caption, "directory": directory, "filter": file_filter})
        answer = self.answers.pop(0) if self.answers else None
        return (str(answer) if answer else "", file_filter)


@pytest.fixture
def dialog(monkeypatch):
    d = Dialog()
    monkeypatch.setattr(dialogs, "get_save_file_name", d)
    return d


@pytest.fixture
def opened(monkeypatch):
    calls: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: calls.append(url) or True)
    return calls


@pytest.fixture
def state(qtbot):
    st = AppState()
    yield st
    st.runner.wait()


def _load(qtbot, state, judgments: JudgmentSet, runs: RunSet) -> None:
    state.set_judgments(judgments)
    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        state.add_runs(runs)


@pytest.fixture
def page(qtbot, state, demo):
    page = ExportPage(state)
    qtbot.addWidget(page)
    page.resize(1000, 900)
    page.show()
    _load(qtbot, state, *demo)
    yield page
    state.runner.wait()


def _export(qtbot, page, kind, signal="export_finished"):
    with qtbot.waitSignal(getattr(page, signal), timeout=TIMEOUT) as blocker:
        assert page.export(kind)
    return blocker.args


def _folder_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- the report -----------------------------------------------------------------------


def test_report_sheets_chosen_are_written_and_numbers_equal_aggregates(
    qtbot, page, state, dialog, tmp_path
):
    page.set_file_language("en")
    chosen = ["summary", "by_type", "abstention", "settings"]
    page.set_sheets(chosen)
    assert page.chosen_sheets() == chosen
    target = tmp_path / "out" / "report.xlsx"
    target.parent.mkdir()
    dialog.answers.append(target)
    kind, path = _export(qtbot, page, "report")
    assert kind == "report" and Path(path) == target
    assert "report.xlsx" in page.status_message()
    wb = load_workbook(target, read_only=True)
    assert wb.sheetnames == [SHEET_NAMES["en"][k] for k in chosen]
    rows = list(wb["Summary"].iter_rows(values_only=True))
    results = state.results
    header = list(rows[0])
    assert header[:2] == ["System", "n"]
    measures = header[2 : 2 + len(results.measures)]
    assert measures == list(results.measures)
    for i, system in enumerate(results.systems):
        row = rows[1 + i]
        assert row[0] == system
        assert row[1] == results.aggregates.loc[system, "n"]
        for j, m in enumerate(measures):
            assert row[2 + j] == pytest.approx(results.aggregates.loc[system, m], abs=1e-12)
    # the input files and their checksums are on Settings
    settings_text = " ".join(
        str(v) for r in wb["Settings"].iter_rows(values_only=True) for v in r if v is not None
    )
    for src in state.judgment_set.sources + [x for rs in state.run_sets for x in rs.sources]:
        assert src.sha256 in settings_text
    # nothing else left in the folder (no temporary file)
    assert _folder_files(target.parent) == ["report.xlsx"]


def test_full_korean_report_has_every_sheet_and_the_page_dialog_defaults(
    qtbot, page, state, dialog, tmp_path
):
    from workbench.core.io.answers import load_answer_file
    from workbench.core.protocol.answers import auto_names

    for name in ("answers.xlsx", "ratings.xlsx"):  # the answer sheets need answers
        file = load_answer_file(demo_dir() / name)
        state.add_answer_file(file, {}, *auto_names(state.study, file))
    page.set_file_language("ko")
    assert page.sheet_boxes["significance"].isEnabled()  # 4 systems
    assert page.sheet_boxes["agreement"].isEnabled()  # 2 assessors in the demo
    # comparisons from the Compare page are used as they are (one measure only)
    state.comparisons = compare_systems(state.results.per_question, ["nDCG@10"], test="t")
    page.low_spin.setValue(3)
    target = tmp_path / "보고서.xlsx"
    dialog.answers.append(target)
    _export(qtbot, page, "report")
    call = dialog.calls[0]
    assert Path(call["directory"]).name.startswith("평가보고서_")
    assert call["directory"].endswith(".xlsx")
    wb = load_workbook(target)
    # every sheet but the calibration rounds: the demo has no round (test_calibration_page.py)
    assert wb.sheetnames == [SHEET_NAMES["ko"][k] for k in SHEET_KEYS if k != "calibration"]
    assert not page.sheet_boxes["calibration"].isEnabled()
    sig = list(wb["유의성"].iter_rows(values_only=True))
    metrics = {r[0] for r in sig[1:] if r and r[2] in state.results.systems}
    assert metrics == {"nDCG@10"}
    assert {r[9] for r in sig[1:] if r and r[2] in state.results.systems} == {"t"}
    low = wb["낮은 점수"]
    assert low.max_row > 1


def test_the_decisions_box_puts_a_hand_resolution_in_the_report_or_leaves_its_sheet_out(
    qtbot, page, state, dialog, tmp_path
):
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QScrollArea

    first = state.judgment_set.judgments.iloc[0]
    q, p = str(first[s.QID]), str(first[s.PID])
    when = "2026-03-01T10:00:00+09:00"
    with qtbot.waitSignal(state.results_changed, timeout=TIMEOUT):
        state.apply_edit(
            state.study.resolution_edit(q, p, 3, by="검토자", reason="직접 근거", time=when)
        )
    box = page.sheet_boxes["decisions"]
    i18n.install_language("ko")
    try:
        qtbot.waitUntil(lambda: box.text() == "결정 기록", timeout=5000)
    finally:
        i18n.install_language("en")
    qtbot.waitUntil(lambda: box.text() == "Decisions", timeout=5000)
    page.set_file_language("ko")
    page.set_sheets(["decisions", "settings"])
    assert box.isVisible() and box.isEnabled() and box.isChecked()
    target = tmp_path / "with.xlsx"
    dialog.answers.append(target)
    _export(qtbot, page, "report")
    wb = load_workbook(target)
    assert wb.sheetnames == ["결정 기록", "설정"]
    rows = list(wb["결정 기록"].iter_rows(values_only=True))
    mine = [r for r in rows if r[:4] == ("손으로 정한 등급", q, p, 3)]
    assert len(mine) == 1 and mine[0][5:8] == ("검토자", when, "직접 근거")
    hand = len(state.study.resolutions_in_force())
    # the user scrolls the list of sheets down to the box, then clicks it
    page.findChild(QScrollArea).ensureWidgetVisible(box)
    qtbot.wait(20)
    # on its indicator: the box is as wide as its grid column, its text is shorter
    on_indicator = QPoint(box.height() // 2, box.height() // 2)
    assert box.hitButton(on_indicator)
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=on_indicator)
    assert not box.isChecked() and page.chosen_sheets() == ["settings"]
    target = tmp_path / "without.xlsx"
    dialog.answers.append(target)
    _export(qtbot, page, "report")
    wb = load_workbook(target)
    assert wb.sheetnames == ["설정"]
    # the settings still count the decisions, without pointing to a sheet not there
    counts = {r[1]: r[3] for r in wb["설정"].iter_rows(values_only=True) if r[1]}
    assert counts["decisions.resolution"] == f"손으로 정한 등급 {hand}건"


def test_significance_is_computed_when_the_compare_page_left_nothing(page, state):
    results = dataclasses.replace(state.results, measures=["nDCG@10", "P@5"])
    frame = core_export.run_comparisons(results)
    expected = compare_systems(
        results.per_question,
        ["nDCG@10", "P@5"],
        baseline=results.systems[0],
        test=core_export.COMPARE_TEST,
        seed=DEFAULT_SEED,
    )
    pd.testing.assert_frame_equal(frame.reset_index(drop=True), expected.reset_index(drop=True))
    assert set(frame["baseline"]) == {results.systems[0]}


def test_not_applicable_sheets_are_disabled_with_a_reason(qtbot, state, demo, dialog, tmp_path):
    judgments, runs = demo
    one_assessor = JudgmentSet(
        judgments.judgments[judgments.judgments[s.ASSESSOR] == judgments.assessors[0]],
        judgments.questions,
        judgments.passages,
        judgments.sources,
    )
    first = runs.runs[s.SYSTEM].iloc[0]
    one_system = RunSet(runs.runs[runs.runs[s.SYSTEM] == first], runs.sources)
    page = ExportPage(state)
    qtbot.addWidget(page)
    _load(qtbot, state, one_assessor, one_system)
    for key in ("significance", "agreement"):
        assert not page.sheet_boxes[key].isEnabled()
        assert not page.sheet_boxes[key].isChecked()
        assert "Needs" in page.sheet_notes[key].text()
    assert "significance" not in page.chosen_sheets()
    page.set_file_language("en")
    target = tmp_path / "r.xlsx"
    dialog.answers.append(target)
    _export(qtbot, page, "report")
    names = load_workbook(target, read_only=True).sheetnames
    assert "Significance" not in names and "Agreement" not in names
    assert names[0] == "Summary"


def test_no_sheet_chosen_disables_saving(page):
    page.set_sheets([])
    assert not page.report_card.save_button.isEnabled()
    page.set_sheets(["summary"])
    assert page.report_card.save_button.isEnabled()


# -- judgments with new grades ----------------------------------------------------------


def test_judgments_export_keeps_the_new_grade_and_never_touches_the_original(
    qtbot, page, state, dialog, tmp_path
):
    original = Path(state.judgment_set.sources[0].path)
    before = sha256(original)
    js = state.judgment_set.judgments
    # an unjudged pair: a passage of one question that the other question lacks
    qid = js[s.QID].iloc[0]
    judged = set(js.loc[js[s.QID] == qid, s.PID])
    pid = next(p for p in js[s.PID] if p not in judged)
    state.assessor_source = lambda: NEW_ASSESSOR
    state.grade(qid, pid, 2, reason="테스트")
    assert "1 new grades" in page.judgments_status.text()

    page.set_file_language("ko")
    target = tmp_path / "새등급.xlsx"
    dialog.answers.append(target)
    _export(qtbot, page, "judgments")
    assert Path(dialog.calls[0]["directory"]).name == f"{original.stem}_새등급.xlsx"
    back = load_judgments(target).judgments
    hit = back[(back[s.QID] == qid) & (back[s.PID] == pid)]
    assert len(hit) == 1
    assert int(hit[s.GRADE].iloc[0]) == 2
    assert hit[s.ASSESSOR].iloc[0] == NEW_ASSESSOR
    assert len(back) == len(js) + 1
    assert sha256(original) == before
    # the demo has two assessors: the dissent record is written too
    assert "이견" in load_workbook(target, read_only=True).sheetnames


def test_judgments_export_refuses_to_overwrite_the_original(qtbot, page, state, dialog, tmp_path):
    original = Path(state.judgment_set.sources[0].path)
    before = sha256(original)
    dialog.answers.append(original)
    kind, exc = _export(qtbot, page, "judgments", "export_failed")
    assert kind == "judgments"
    assert any(p.code == "export_overwrites_input" for p in exc.problems)
    assert sha256(original) == before
    assert page.other_name_button.isVisibleTo(page)
    other = tmp_path / "copy.xlsx"
    dialog.answers.append(other)
    with qtbot.waitSignal(page.export_finished, timeout=TIMEOUT):
        assert page.choose_other_name()
    assert other.exists()
    assert sha256(original) == before


def test_only_judgments_loaded_allows_judgments_export_only(qtbot, state, demo):
    page = ExportPage(state)
    qtbot.addWidget(page)
    assert not page.judgments_card.save_button.isEnabled()
    assert not page.report_card.save_button.isEnabled()
    assert page.hint.isVisibleTo(page)
    assert "Nothing to export" in page.hint.text()
    # before any data, no sheet is ruled out yet
    assert all(box.isEnabled() for box in page.sheet_boxes.values())
    state.set_judgments(demo[0])
    assert page.judgments_card.save_button.isEnabled()
    assert not page.report_card.save_button.isEnabled()
    assert not page.csv_card.save_button.isEnabled()
    assert "run" in page.hint.text()


# -- CSV ---------------------------------------------------------------------------------


def test_csv_has_bom_and_one_row_per_question_and_system(qtbot, page, state, dialog, tmp_path):
    target = tmp_path / "scores"  # no suffix typed: .csv is added
    dialog.answers.append(target)
    _, path = _export(qtbot, page, "csv")
    assert Path(path) == tmp_path / "scores.csv"
    data = Path(path).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    lines = data.decode("utf-8-sig").splitlines()
    assert len(lines) == 1 + len(state.results.per_question)


# -- progress, cancel, open ------------------------------------------------------------------


def test_cancel_leaves_no_file(qtbot, page, dialog, tmp_path):
    folder = tmp_path / "cancel"
    folder.mkdir()
    dialog.answers.append(folder / "report.xlsx")
    with qtbot.waitSignal(page.export_cancelled, timeout=TIMEOUT):
        assert page.export("report")
        assert page.progress.isVisibleTo(page) and page.cancel_button.isVisibleTo(page)
        page.cancel()  # sets the handle's cancelled flag
    assert _folder_files(folder) == []
    assert "Nothing was saved" in page.status_message()
    assert page.handle is None and page.report_card.save_button.isEnabled()


def test_worker_functions_leave_no_file_when_cancelled(page, state, tmp_path):
    with pytest.raises(Cancelled):
        core_export.judgments_task(
            tmp_path / "j.xlsx", state.study, lang="ko", cancelled=lambda: True
        )
    with pytest.raises(Cancelled):
        core_export.csv_task(
            tmp_path / "c.csv", state.study, state.results, lang="ko", cancelled=lambda: True
        )
    # cancelled only after the file was filled: still nothing at the target
    calls = {"n": 0}

    def late() -> bool:
        calls["n"] += 1
        return calls["n"] > 1

    with pytest.raises(Cancelled):
        core_export.csv_task(tmp_path / "late.csv", state.study, state.results, cancelled=late)
    assert _folder_files(tmp_path) == []


def test_open_folder_and_open_file(qtbot, page, dialog, opened, tmp_path):
    target = tmp_path / "t.csv"
    dialog.answers.append(target)
    _export(qtbot, page, "csv")
    assert page.open_folder_button.isVisibleTo(page) and page.open_file_button.isVisibleTo(page)
    page.open_folder_button.click()
    page.open_file_button.click()
    assert [Path(u.toLocalFile()) for u in opened] == [tmp_path, target]
    page.close_status_button.click()
    assert not page.status.isVisibleTo(page)


# -- locked targets ---------------------------------------------------------------------------


def test_excel_lock_file_shows_the_message_and_asks_for_another_name(qtbot, page, dialog, tmp_path):
    target = tmp_path / "locked.xlsx"
    target.write_bytes(b"previous version")
    excel_lock_file(target).write_bytes(b"")
    page.set_sheets(["summary"])
    dialog.answers.append(target)
    _, exc = _export(qtbot, page, "report", "export_failed")
    assert exc.message("en") in page.status_message()
    assert "open in Excel" in page.status_message()
    assert target.read_bytes() == b"previous version"
    assert page.other_name_button.isVisibleTo(page)
    other = tmp_path / "other.xlsx"
    dialog.answers.append(other)
    with qtbot.waitSignal(page.export_finished, timeout=TIMEOUT):
        page.other_name_button.click()
    assert dialog.calls[-1]["directory"] == str(target)  # re-prompted from the failed name
    assert load_workbook(other, read_only=True).sheetnames == ["Summary"]
    assert _folder_files(tmp_path) == sorted(["locked.xlsx", "~$locked.xlsx", "other.xlsx"])


def test_rename_refused_by_windows_is_a_locked_file(qtbot, page, dialog, tmp_path, monkeypatch):
    target = tmp_path / "busy.csv"
    real_replace = os.replace

    def refuse(src, dst):
        if Path(dst) == target:
            raise PermissionError(13, "in use", str(dst))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", refuse)
    monkeypatch.setattr("workbench.core.io.atomic._REPLACE_DELAY_S", 0.0)
    dialog.answers.append(target)
    _export(qtbot, page, "csv", "export_failed")
    assert "busy.csv" in page.status_message()
    assert page.other_name_button.isVisibleTo(page)
    assert _folder_files(tmp_path) == []  # the temporary file was removed


# -- language --------------------------------------------------------------------------------


def test_file_language_follows_the_ui_until_chosen(qtbot, page):
    assert page.file_language() == "en"
    i18n.install_language("ko")  # Qt posts LanguageChange to every widget
    qtbot.waitUntil(lambda: page.file_language() == "ko", timeout=5000)
    i18n.install_language("en")
    qtbot.waitUntil(lambda: page.file_language() == "en", timeout=5000)
    page.set_file_language("ko")  # the user's choice sticks
    i18n.install_language("ko")
    i18n.install_language("en")
    qtbot.wait(50)
    assert page.file_language() == "ko"


def test_default_file_names():
    from datetime import date

    day = date(2026, 11, 29)
    assert ep.default_file_name("report", "ko", today=day) == "평가보고서_2026-11-29.xlsx"
    assert ep.default_file_name("judgments", "ko", "/x/평가자료.xlsx") == "평가자료_새등급.xlsx"
    assert ep.default_file_name("csv", "en", today=day) == "per_question_scores_2026-11-29.csv"


# -- charts ---------------------------------------------------------------------------------


def _pixel_variety(path: Path) -> int:
    from PySide6.QtGui import QImage

    img = QImage(str(path))
    assert not img.isNull(), path
    return len(
        {img.pixel(x, y) for x in range(0, img.width(), 9) for y in range(0, img.height(), 9)}
    )


@pytest.fixture
def folder_dialog(monkeypatch):
    """Stands in for dialogs.get_existing_directory: hands out the queued folders."""
    answers: list[Path | None] = []
    calls: list[str] = []

    def fake(parent, caption, directory, *args, **kwargs):
        calls.append(caption)
        answer = answers.pop(0) if answers else None
        return str(answer) if answer else ""

    monkeypatch.setattr(dialogs, "get_existing_directory", fake)
    return answers


@pytest.fixture
def charted(qtbot, page, state):
    """The page with the Overview's chart panel as its chart source (never shown,
    as when the user goes straight to Export)."""
    from workbench.ui.views.charts import OverviewCharts

    panel = OverviewCharts(state)
    qtbot.addWidget(panel)
    with qtbot.waitSignals([panel.updated, panel.ci_ready], timeout=TIMEOUT):
        panel.set_results(state.results)

    def sources():
        return [(panel.tabs.tabText(i), chart) for i, chart in enumerate(panel.charts())]

    page.set_chart_sources(sources)
    return page, panel


def test_chart_file_names_are_numbered_and_safe():
    assert ep.chart_file_stem(1, "점수") == "01_점수"
    assert ep.chart_file_stem(12, ' A/B: "x" <y>? ') == "12_A_B_x_y"
    assert ep.chart_file_stem(3, "...") == "03_chart"
    assert len(ep.chart_file_stem(4, "가" * 200)) == 3 + 60


def test_every_chart_is_saved_as_png_and_svg(qtbot, charted, folder_dialog, opened, tmp_path):
    import xml.etree.ElementTree as ET

    page, panel = charted
    assert page.charts_card.save_button.isEnabled()
    names = [panel.tabs.tabText(i) for i in range(len(panel.charts()))]
    assert f"{len(names)} charts" in page.charts_status.text()
    folder = tmp_path / "charts"
    folder.mkdir()
    folder_dialog.append(folder)
    saved: list[tuple[int, int]] = []
    page.chart_saved.connect(lambda done, total: saved.append((done, total)))
    with qtbot.waitSignal(page.export_finished, timeout=TIMEOUT) as blocker:
        assert page.export("charts")
        # nothing drawn yet: the first chart waits for the next event-loop turn
        assert page.progress.isVisibleTo(page) and page.cancel_button.isVisibleTo(page)
        assert not saved
    assert blocker.args == ["charts", folder]
    n = len(names)
    assert saved == [(i, n) for i in range(1, n + 1)]  # one chart per turn, in order
    expected = []
    for i, name in enumerate(names, start=1):
        expected += [
            f"{i:02d}_{name.replace(' ', '_')}.png",
            f"{i:02d}_{name.replace(' ', '_')}.svg",
        ]
    assert _folder_files(folder) == sorted(expected)  # and no temporary file
    from PySide6.QtGui import QImage

    w, h = ep.CHART_SIZE
    for path in folder.glob("*.png"):
        assert _pixel_variety(path) > 8, path.name  # bars, lines, text: not blank
        # drawn at the export size, not the size of a tab never shown
        img = QImage(str(path))
        assert img.width() == ep.PNG_WIDTH
        assert img.height() == pytest.approx(ep.PNG_WIDTH * h / w, abs=4)
    for path in folder.glob("*.svg"):
        assert ET.parse(path).getroot().tag.endswith("svg"), path.name
    # the charts keep their own (unshown) size after being drawn for export
    assert panel.bars.view.ci.geometry().width() < ep.CHART_SIZE[0]
    assert "PNG and SVG" in page.status_message()
    assert page.open_folder_button.isVisibleTo(page)
    assert not page.open_file_button.isVisibleTo(page)
    page.open_folder_button.click()
    assert [Path(u.toLocalFile()) for u in opened] == [folder]


def test_cancel_stops_the_chart_export_early(qtbot, charted, tmp_path):
    page, panel = charted
    folder = tmp_path / "stop"
    total = len(panel.charts())

    def cancel_after_two(done: int, _total: int) -> None:
        if done == 2:
            page.cancel()

    page.chart_saved.connect(cancel_after_two)
    with qtbot.waitSignal(page.export_cancelled, timeout=TIMEOUT) as blocker:
        assert page.start_chart_export(folder)
    assert blocker.args == ["charts"]
    assert total > 2
    assert len(_folder_files(folder)) == 4  # two charts, PNG and SVG each
    assert "2 of" in page.status_message()
    assert page.handle is None and page.charts_card.save_button.isEnabled()


def test_chart_export_failure_is_reported_and_offers_another_folder(
    qtbot, charted, folder_dialog, tmp_path
):
    page, _panel = charted
    blocker_file = tmp_path / "not_a_folder"
    blocker_file.write_text("x")
    with qtbot.waitSignal(page.export_failed, timeout=TIMEOUT):
        assert page.start_chart_export(blocker_file / "sub")
    assert "0 of" in page.status_message()
    assert page.other_name_button.isVisibleTo(page)
    assert page.other_name_button.text() == "Choose another folder…"
    good = tmp_path / "good"
    good.mkdir()
    folder_dialog.append(good)
    with qtbot.waitSignal(page.export_finished, timeout=TIMEOUT):
        page.other_name_button.click()
    assert any(p.suffix == ".svg" for p in good.iterdir())


def test_charts_card_is_disabled_without_results(qtbot, state):
    page = ExportPage(state)
    qtbot.addWidget(page)
    page.set_chart_sources(lambda: [("x", object())])
    assert not page.charts_card.save_button.isEnabled()
    assert "once the scores are ready" in page.charts_status.text()
    assert page.chart_list() == []
    assert not page.start_chart_export(Path("."))
