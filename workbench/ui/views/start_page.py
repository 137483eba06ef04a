"""The first page: big buttons to get data in, recent files, and what is loaded."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QCommandLinkButton,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from workbench.paths import resources_dir
from workbench.ui import fonts
from workbench.ui.page import Page
from workbench.ui.state import AppState
from workbench.ui.system_labels import source_text, system_tooltip
from workbench.ui.views.rename_dialog import RenameSystemDialog, open_rename_dialog


class _NameLabel(QLabel):
    """A system's name in the loaded list: double-click renames it."""

    double_clicked = Signal()

    def mouseDoubleClickEvent(self, event) -> None:  # noqa: N802 (Qt override)
        self.double_clicked.emit()
        super().mouseDoubleClickEvent(event)


def icon(name: str) -> QIcon:
    path = resources_dir() / "icons" / f"{name}.svg"
    return QIcon(str(path)) if path.exists() else QIcon()


class StartPage(Page):
    """Actions are signals; the main window carries them out."""

    open_judgments_requested = Signal()
    add_runs_requested = Signal()
    open_project_requested = Signal()
    demo_requested = Signal()
    save_templates_requested = Signal()
    recent_requested = Signal(str)
    overview_requested = Signal()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("StartPage")
        self._recent: list[str] = []
        #: the last rename dialog opened from this page (None: none yet)
        self.rename_dialog: RenameSystemDialog | None = None
        self._build()
        self.retranslate()
        state.data_changed.connect(self.refresh_loaded)
        self.refresh_loaded()

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(scroll)
        body = QWidget()
        scroll.setWidget(body)
        root = QVBoxLayout(body)
        root.setContentsMargins(32, 24, 32, 24)
        root.setSpacing(14)

        self.title = QLabel()
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        root.addWidget(self.title)
        root.addWidget(self.subtitle)

        columns = QHBoxLayout()
        columns.setSpacing(28)
        root.addLayout(columns, 1)

        # left: what to do
        actions = QVBoxLayout()
        actions.setSpacing(6)
        self.buttons: dict[str, QCommandLinkButton] = {}
        for key, icon_name, signal in (
            ("judgments", "open-judgments", self.open_judgments_requested),
            ("runs", "add-runs", self.add_runs_requested),
            ("project", "open-project", self.open_project_requested),
            ("demo", "demo", self.demo_requested),
            ("templates", "templates", self.save_templates_requested),
        ):
            button = QCommandLinkButton()
            button.setObjectName(f"start:{key}")
            button.setIcon(icon(icon_name))
            button.setIconSize(QSize(36, 36))
            button.clicked.connect(signal)
            self.buttons[key] = button
            actions.addWidget(button)
        self.drop_hint = QLabel()
        self.drop_hint.setObjectName("dropHint")
        self.drop_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.drop_hint.setWordWrap(True)
        self.drop_hint.setMinimumHeight(70)
        self.drop_hint.setStyleSheet(
            "#dropHint { border: 2px dashed palette(mid); border-radius: 8px;"
            " color: #555; padding: 10px; }"
        )
        actions.addSpacing(8)
        actions.addWidget(self.drop_hint)
        actions.addStretch(1)
        columns.addLayout(actions, 3)

        # right: what is loaded, and recent files
        side = QVBoxLayout()
        side.setSpacing(8)
        self.loaded_title = QLabel()
        self.loaded_box = QFrame()
        self.loaded_box.setObjectName("loadedBox")
        self.loaded_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.loaded_layout = QGridLayout(self.loaded_box)
        self.loaded_layout.setColumnStretch(1, 1)
        self.to_overview = QPushButton()
        self.to_overview.setObjectName("toOverview")
        self.to_overview.clicked.connect(self.overview_requested)
        self.recent_title = QLabel()
        self.recent_list = QListWidget()
        self.recent_list.setObjectName("recentList")
        self.recent_list.setMinimumHeight(120)
        self.recent_list.setMaximumHeight(320)
        self.recent_list.itemActivated.connect(self._open_recent)
        self.recent_list.itemClicked.connect(self._open_recent)
        self.recent_empty = QLabel()
        self.recent_empty.setStyleSheet("color: #555;")
        side.addWidget(self.loaded_title)
        side.addWidget(self.loaded_box)
        side.addWidget(self.to_overview, 0, Qt.AlignmentFlag.AlignLeft)
        side.addSpacing(12)
        side.addWidget(self.recent_title)
        side.addWidget(self.recent_list)
        side.addWidget(self.recent_empty)
        side.addStretch(1)
        columns.addLayout(side, 2)
        self._apply_fonts()

    def _apply_fonts(self) -> None:
        base = self.font()
        self.title.setFont(fonts.scaled(base, 1.8, bold=True))
        self.subtitle.setFont(fonts.scaled(base, 1.05))
        for label in (self.loaded_title, self.recent_title):
            label.setFont(fonts.scaled(base, 1.2, bold=True))
        for button in self.buttons.values():
            button.setFont(fonts.scaled(base, 1.2))
        self.refresh_loaded()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.ApplicationFontChange:
            self._apply_fonts()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Retrieval Evaluation Workbench"))
        self.subtitle.setText(
            self.tr(
                "Compare how well search systems find the right passages. "
                "Start with your judgments file, then add the results of each system."
            )
        )
        texts = {
            "judgments": (
                self.tr("Open judgments file"),
                self.tr("The Excel file with questions, passages and grades (0–3)."),
            ),
            "runs": (
                self.tr("Add system results"),
                self.tr("What each search system returned for each question, in ranked order."),
            ),
            "project": (
                self.tr("Open project"),
                self.tr("Continue earlier work: files, settings, notes and grades."),
            ),
            "demo": (
                self.tr("Try the demo"),
                self.tr("See the workbench with example data; nothing of yours is changed."),
            ),
            "templates": (
                self.tr("Save blank templates"),
                self.tr("Empty Excel forms with the right columns, to fill in by hand."),
            ),
        }
        for key, (title, description) in texts.items():
            self.buttons[key].setText(title)
            self.buttons[key].setDescription(description)
        self.drop_hint.setText(
            self.tr("Or drag Excel, CSV or TREC files from your folders and drop them here.")
        )
        self.loaded_title.setText(self.tr("Loaded now"))
        self.to_overview.setText(self.tr("See the scores →"))
        self.recent_title.setText(self.tr("Recent files"))
        self.recent_empty.setText(self.tr("Files you open will be listed here."))
        self.refresh_loaded()

    # -- recent files ---------------------------------------------------------------
    def set_recent_files(self, paths: list[str]) -> None:
        self._recent = list(paths)
        self.recent_list.clear()
        for path in paths:
            item = QListWidgetItem(Path(path).name)
            item.setToolTip(path)
            item.setData(Qt.ItemDataRole.UserRole, path)
            if path.lower().endswith(".wbproj"):
                item.setIcon(icon("open-project"))
            else:
                item.setIcon(icon("open-judgments"))
            self.recent_list.addItem(item)
        self.recent_list.setVisible(bool(paths))
        self.recent_empty.setVisible(not paths)

    def _open_recent(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.recent_requested.emit(path)

    def _remover(self, system: str):
        def remove(*_signal_args) -> None:
            self.state.remove_system(system)

        return remove

    def _renamer(self, system: str):
        def rename(*_signal_args) -> None:
            self.rename_system(system)

        return rename

    def rename_system(self, system: str) -> RenameSystemDialog | None:
        """Ask for a new name of ``system`` (the dialog is kept for tests)."""
        self.rename_dialog = open_rename_dialog(self.state, system, self)
        return self.rename_dialog

    def _name_menu(self, label: QLabel, system: str):
        def show(pos) -> None:
            menu = QMenu(label)
            menu.addAction(self.tr("Rename…"), self._renamer(system))
            menu.addAction(self.tr("Remove"), self._remover(system))
            menu.exec(label.mapToGlobal(pos))
            menu.deleteLater()

        return show

    def _remove_judgments(self) -> None:
        """Forget the judgments file; the runs stay, the scores go."""
        self.state.remove_judgments()

    # -- loaded files ---------------------------------------------------------------------
    def _clear_loaded(self) -> None:
        while self.loaded_layout.count():
            child = self.loaded_layout.takeAt(0)
            widget = child.widget()
            if widget is not None:
                widget.setParent(None)  # gone from the tree now, not at the next loop turn
                widget.deleteLater()

    def refresh_loaded(self) -> None:
        if not hasattr(self, "loaded_layout"):
            return
        self._clear_loaded()
        row = 0
        state = self.state
        js = state.judgment_set

        def add_row(
            caption: str, text: str, remove=None, tooltip: str = "", system: str | None = None
        ) -> None:
            nonlocal row
            head = _NameLabel(caption) if system is not None else QLabel(caption)
            head.setFont(fonts.scaled(self.font(), 1.0, bold=True))
            head.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            body = QLabel(text)
            body.setWordWrap(True)
            body.setToolTip(tooltip)
            self.loaded_layout.addWidget(head, row, 0)
            self.loaded_layout.addWidget(body, row, 1)
            if system is not None:
                head.setObjectName(f"system:{system}")
                head.setToolTip(tooltip)
                head.double_clicked.connect(self._renamer(system))
                head.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
                head.customContextMenuRequested.connect(self._name_menu(head, system))
            if remove is not None:
                button = QPushButton(self.tr("Remove"))
                button.setObjectName(f"remove:{row}")
                button.clicked.connect(remove)
                self.loaded_layout.addWidget(button, row, 2, Qt.AlignmentFlag.AlignTop)
            if system is not None:
                rename = QPushButton(self.tr("Rename…"))
                rename.setObjectName(f"rename:{system}")
                rename.clicked.connect(self._renamer(system))
                self.loaded_layout.addWidget(rename, row, 3, Qt.AlignmentFlag.AlignTop)
            row += 1

        if js is None:
            add_row(self.tr("Judgments"), self.tr("Not loaded yet."))
        else:
            names = ", ".join(src.name for src in js.sources) or self.tr("(no file name)")
            judgments = js.judgments
            n_questions = judgments["question_id"].nunique() if len(judgments) else 0
            text = self.tr("{file}: {questions} questions, {judgments} judgments").format(
                file=names, questions=n_questions, judgments=len(judgments)
            )
            if js.assessors:
                text += self.tr(", {n} assessors").format(n=len(js.assessors))
            tooltip = "\n".join(src.path for src in js.sources)
            add_row(self.tr("Judgments"), text, self._remove_judgments, tooltip)
        infos = state.study.system_infos()
        if not infos:
            add_row(self.tr("Systems"), self.tr("No system results yet."))
        counts_of = {src.id: src.run_set.question_counts() for src in state.study.run_sources}
        for info in infos:
            n_q = counts_of[info.ref.source].get(info.original, 0)
            add_row(
                info.name,
                self.tr("{file} — {questions} questions").format(
                    file=source_text(info, infos), questions=n_q
                ),
                self._remover(info.name),
                system_tooltip(info, infos, rename_hint=True),
                system=info.name,
            )
        self.to_overview.setEnabled(state.has_data)
