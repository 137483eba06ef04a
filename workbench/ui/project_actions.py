"""Projects: open, save, autosave, recovery, and loading a project's (or the
demo's) sources in the background; a part of the main window.

A page may offer ``view_state() -> dict`` and ``restore_view_state(dict)``
(see :class:`~workbench.ui.page.Page`); the project file keeps what they
return, so reopening a project shows the same view.

Recovery: work without a project file is autosaved to :func:`recovery_path`.
A clean close (the work saved as a project, discarded, or there was none)
removes that file and stamps :func:`clean_exit_path`; at the next start,
:meth:`ProjectActions.offer_recovery` offers a recovery file newer than that
stamp (the app closed without saving: a crash, a killed process, a power cut)
and restores it through the same path as Open project.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QMessageBox

from workbench.core.io.atomic import atomic_write_text
from workbench.core.io.options import ReadOptions, load
from workbench.core.io.project import (
    Project,
    ProjectSource,
    SourceStatus,
    check_sources,
    file_sha256,
    load_project,
    save_project,
)
from workbench.core.model.choices import ONE_ASSESSOR
from workbench.core.model.korean import Word
from workbench.core.model.problems import InputError
from workbench.core.model.schema import EvalSettings
from workbench.core.protocol.answers import auto_names
from workbench.core.study import Study, read_options, study_from_project, study_to_project
from workbench.paths import demo_dir
from workbench.ui import dialogs
from workbench.ui.errors import show_error

log = logging.getLogger(__name__)

#: files and settings are saved this long after they change
AUTOSAVE_DELAY_MS = 1000

#: the user's work (grades, resolutions, notes) is saved at once after each edit,
#: but not more often than this: a killed process loses at most the last edit
WORK_SAVE_GAP_MS = 250

PROJECT_FILTER_SUFFIX = "*.wbproj"



def recovery_path() -> Path:
    """Where work without a project file is autosaved."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "recovery.wbproj"


def clean_exit_path() -> Path:
    """Stamped (written anew) on every clean close; its time is the last clean exit."""
    return recovery_path().with_name("clean-exit.stamp")


def pending_recovery() -> Path | None:
    """The recovery file when it is newer than the last clean exit (the
    session that wrote it did not close cleanly), else None."""
    path = recovery_path()
    try:
        written = path.stat().st_mtime
    except OSError:
        return None
    try:
        clean = clean_exit_path().stat().st_mtime
    except OSError:
        return path  # never closed cleanly since the file was written
    return path if written > clean else None


def remove_recovery() -> None:
    """Delete the recovery file (its work was saved as a project or discarded)."""
    try:
        recovery_path().unlink(missing_ok=True)
    except OSError:
        log.warning("could not remove the recovery file", exc_info=True)


def mark_clean_exit() -> None:
    """Stamp the clean exit: a recovery file older than this is not offered."""
    try:
        # the app's data folder does not exist before the first save
        clean_exit_path().parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(clean_exit_path(), datetime.now().astimezone().isoformat())
    except (OSError, InputError):
        log.warning("could not stamp the clean exit", exc_info=True)


def _load_task(kind: str, path: str, options: dict, progress=None, cancelled=None):
    """Load one source (worker thread): judgments, runs or answers with the saved options
    (mappings, sheets, the grade conversions confirmed and the rows left out)."""
    return load(kind, path, ReadOptions.from_dict(options), progress, cancelled)


def is_demo_file(path: str | Path) -> bool:
    """The file is one of the bundled demo files."""
    try:
        return Path(path).resolve().parent == demo_dir().resolve()
    except OSError:
        return False


def clean_settings(settings: EvalSettings) -> EvalSettings:
    """The settings a clean study starts with: the user's choices, without an
    adjudicator (a name from the files just closed)."""
    if settings.resolution == ONE_ASSESSOR:
        return replace(settings, resolution=EvalSettings().resolution, adjudicator=None)
    return replace(settings, adjudicator=None)



class ProjectActions:
    """The main window's projects (a part of :class:`~workbench.ui.main_window.MainWindow`,
    which holds the state, the settings, the task runner, the busy indicator,
    the pages and the autosave timer these methods use)."""

    # -- loading sources in the background (demo, projects) ------------------------------------------------
    def _load_sources(
        self,
        items: list[tuple[str, str, dict]],
        on_done: Callable[[list[tuple[str, str, dict, object]]], None],
    ) -> None:
        """Load ``(kind, path, options)`` items in workers; ``on_done`` gets them in order
        with their results (None for a file that failed; its problem was shown)."""
        results: dict[int, object] = {}
        remaining = {"n": len(items)}

        def settle(index: int, value: object) -> None:
            results[index] = value
            remaining["n"] -= 1
            if remaining["n"] == 0:
                on_done([(*items[i], results.get(i)) for i in range(len(items))])

        if not items:
            on_done([])
            return
        for index, (kind, path, options) in enumerate(items):
            handle = self.runner.start(f"source:{index}:{path}", _load_task, kind, path, options)
            self.busy.track(handle, self.tr("Reading {name}…").format(name=Path(path).name))
            handle.finished.connect(lambda value, i=index: settle(i, value))

            def failed(exc, i=index):
                show_error(self, exc)
                settle(i, None)

            handle.failed.connect(failed)
            handle.cancelled.connect(lambda i=index: settle(i, None))

    def open_demo(self) -> None:
        """Load the bundled demo (judgments + runs) and show the Overview."""
        folder = demo_dir()
        items = [
            ("judgments", str(folder / "judgments.xlsx"), {}),
            ("runs", str(folder / "runs.xlsx"), {}),
        ]
        # what the demo systems answered and two raters' ratings (optional parts)
        for name in ("answers.xlsx", "ratings.xlsx"):
            if (folder / name).exists():
                items.append(("answers", str(folder / name), {}))
        missing = [p for _k, p, _o in items if not Path(p).exists()]
        if missing:
            QMessageBox.warning(
                self,
                self.tr("Demo not found"),
                self.tr("The demo files are missing from this installation: {files}").format(
                    files=", ".join(missing)
                ),
            )
            return
        self.project_path = None
        self._update_title()
        self._load_sources(items, self._apply_demo)

    def _apply_demo(self, loaded) -> None:
        if any(result is None for *_rest, result in loaded):
            return
        study = Study(clean_settings(self.state.settings))
        for kind, _path, options, result in loaded:
            if kind == "judgments":
                study.set_judgments(result, read_options(options))
            elif kind == "answers":
                names, refs = auto_names(study, result)
                study.answers.add_source(result, read_options(options), names, refs)
            else:
                study.add_runs(result, read_options(options))
        self.state.set_study(study)
        self.show_page("overview")
        self.sources_loaded.emit()

    # -- projects --------------------------------------------------------------------------------------------------
    def current_project(self) -> Project:
        """The project as it stands: the study (sources, settings, work) and the view."""
        view: dict = {"page": self.current_page_key(), "pages": {}}
        for key, (widget, _t, _i) in self._pages.items():
            page_view = widget.view_state()
            if page_view is not None:
                view["pages"][key] = page_view
        return study_to_project(self.state.study, view)

    def save_project(self) -> bool:
        if self.project_path is None:
            return self.save_project_as()
        return self.save_project_to(self.project_path)

    def save_project_as(self) -> bool:
        start = str(self.project_path or Path(self._start_dir()) / self.tr("evaluation.wbproj"))
        path, _ = dialogs.get_save_file_name(
            self,
            self.tr("Save project"),
            start,
            self.tr("Workbench project ({pattern})").format(pattern=PROJECT_FILTER_SUFFIX),
        )
        if not path:
            return False
        return self.save_project_to(path)

    def save_project_to(self, path: str | Path) -> bool:
        try:
            written = save_project(path, self.current_project())
        except InputError as exc:
            show_error(self, exc)
            return False
        self.project_path = written
        self.settings.last_project = str(written)
        self._remember_recent(written)
        self._update_title()
        self.statusBar().showMessage(self.tr("Project saved."), 4000)
        return True

    def _schedule_autosave(self) -> None:
        # not restarted by later changes: steady work is saved every second,
        # not only after the user pauses
        if not self._restoring and not self._autosave_timer.isActive():
            self._autosave_timer.start()

    def _save_work_soon(self) -> None:
        """After an edit: save now, or as soon as :data:`WORK_SAVE_GAP_MS` has passed
        since the last save (a burst of edits is one write, the last one included)."""
        if self._restoring:
            return
        waited_ms = (time.monotonic() - self._last_autosave) * 1000
        if waited_ms >= WORK_SAVE_GAP_MS:
            self.autosave()
        else:
            remaining = int(WORK_SAVE_GAP_MS - waited_ms) + 1
            if (
                not self._autosave_timer.isActive()
                or self._autosave_timer.remainingTime() > remaining
            ):
                self._autosave_timer.start(remaining)

    def autosave(self) -> Path | None:
        """Save now to the project file, or to the recovery file when there is none."""
        self._autosave_timer.stop()
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        if self._restoring:
            return None
        self._last_autosave = time.monotonic()
        if self.project_path is None and self.state.study.is_empty:
            return None
        target = self.project_path or recovery_path()
        try:
            written = save_project(target, self.current_project())
            if self.project_path is None:
                self._recovery_owned = True
            return written
        except InputError as exc:
            log.warning("autosave failed: %s", exc)
            self.statusBar().showMessage(self.tr("Autosave failed; save the project elsewhere."))
            return None

    def open_project(self, path: str | Path | None = None, recovered: bool = False) -> None:
        """Open a project file (a dialog when ``path`` is None). ``recovered``: the
        recovery file, restored as unsaved work (no project path, not a recent file)."""
        if path is None:
            path, _ = dialogs.get_open_file_name(
                self,
                self.tr("Open project"),
                self._start_dir(),
                self.tr("Workbench project ({pattern})").format(pattern=PROJECT_FILTER_SUFFIX),
            )
            if not path:
                return
        try:
            project = load_project(path)
        except InputError as exc:
            show_error(self, exc)
            return
        if self.demo_only() and not recovered and not self.ask_close_demo():
            return

        def check(progress=None, cancelled=None):
            return check_sources(project)

        handle = self.runner.start("check-sources", check)
        self.busy.track(handle, self.tr("Checking the project's files…"))
        handle.finished.connect(
            lambda statuses: self._continue_open(Path(path), project, statuses, recovered)
        )
        handle.failed.connect(lambda exc: show_error(self, exc))

    def _continue_open(
        self, path: Path, project: Project, statuses: list[SourceStatus], recovered: bool = False
    ) -> None:
        items = []
        sources: list[ProjectSource] = []
        for status in statuses:
            source = status.source
            if not status.ok:
                source = self.ask_about_source(status)
                if source is False:
                    return  # the user cancelled opening the project
                if source is None:
                    continue  # skipped
            sources.append(source)
            options = {
                "mappings": source.mappings,
                "sheets": source.sheets,
                "conversions": source.conversions,
                "skip_rows": source.skip_rows,
            }
            items.append((source.kind, source.path, options))

        def apply(loaded) -> None:
            pairs = [(src, result) for src, (*_item, result) in zip(sources, loaded)]
            self._apply_project(path, project, pairs, recovered)

        self._load_sources(items, apply)

    def ask_about_source(self, status: SourceStatus):
        """Ask what to do with a missing or changed source file.

        Returns the (possibly relocated) source, None to skip it, or False to
        cancel opening the project.
        """
        source = status.source
        box = QMessageBox(self)
        box.setObjectName("sourceProblem")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("A file of the project needs attention"))
        if status.state == "missing":
            box.setText(
                self.tr(
                    "The file {name} was not found at\n{path}\n\n"
                    "It may have been moved or renamed. Locate it to continue."
                ).format(name=Word(source.name), path=source.path)
            )
        else:
            box.setText(
                self.tr(
                    "The file {name} has changed since the project was saved.\n\n"
                    "Load it anyway to use its current contents (scores may change), "
                    "or locate the original file."
                ).format(name=Word(source.name))
            )
        locate = box.addButton(self.tr("Locate…"), QMessageBox.ButtonRole.ActionRole)
        if status.state == "changed":
            anyway = box.addButton(self.tr("Load anyway"), QMessageBox.ButtonRole.AcceptRole)
        else:
            anyway = box.addButton(
                self.tr("Skip this file"), QMessageBox.ButtonRole.DestructiveRole
            )
        cancel = box.addButton(self.tr("Cancel"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(locate)
        box.exec()
        clicked = box.clickedButton()
        if clicked is cancel or clicked is None:
            return False
        if clicked is anyway:
            if status.state == "missing":
                return None
            return source
        new_path, _ = dialogs.get_open_file_name(
            self,
            self.tr("Locate {name}").format(name=source.name),
            str(Path(source.path).parent),
            self._data_filter(),
        )
        if not new_path:
            return False
        # every other field as it was (the assessor named for the file among them)
        return replace(source, path=str(Path(new_path).resolve()), sha256=file_sha256(new_path))

    def _apply_project(self, path: Path, project: Project, loaded, recovered: bool = False) -> None:
        """``loaded``: (ProjectSource, JudgmentSet | RunSet | None) in the project's order."""
        self._restoring = True
        try:
            self.state.set_study(study_from_project(project, loaded))
            if recovered:
                # still unsaved work: autosave keeps writing the recovery file
                self.project_path = None
                self._recovery_owned = True
            else:
                self.project_path = Path(path).resolve()
                self.settings.last_project = str(self.project_path)
                self._remember_recent(self.project_path)
            self._update_title()
            view = project.view or {}
            pages = view.get("pages") if isinstance(view.get("pages"), dict) else {}
            for key, page_state in pages.items():
                saved_page = self.page(key)
                if saved_page is not None and isinstance(page_state, dict):
                    try:
                        saved_page.restore_view_state(page_state)
                    except (TypeError, ValueError, KeyError, AttributeError):
                        # a damaged view only loses the view, never the project
                        log.warning("the saved view of %s could not be restored", key)
            page = view.get("page") if isinstance(view.get("page"), str) else None
            if not (page and self.show_page(page)):
                self.show_page("overview" if self.state.has_data else "start")
        finally:
            self._restoring = False
            self._autosave_timer.stop()
        if project.problems:
            show_error(self, InputError(project.problems))
        if recovered:
            self.statusBar().showMessage(
                self.tr("The work from last time is back. Save it as a project to keep it."), 10000
            )
        self.project_opened.emit()

    # -- recovery ------------------------------------------------------------------------------------
    def offer_recovery(self) -> bool:
        """At startup: when the last session closed without saving (a recovery file
        newer than the last clean exit), ask whether to restore its work. Restore
        opens it like a project (missing or changed files are asked about);
        Discard deletes it; closing the question keeps it for the next start.
        True when restoring started."""
        path = pending_recovery()
        if path is None:
            return False
        info = ""
        try:
            when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            info = self.tr("Saved automatically at {time}.").format(time=when)
        except OSError:
            pass
        role = QMessageBox.ButtonRole
        clicked = self.ask(
            "recoveryQuestion",
            self.tr("Restore unsaved work?"),
            self.tr(
                "The workbench closed without saving last time. "
                "Restore the work (files, settings, grades, notes)?"
            ),
            [
                ("restore", self.tr("Restore"), role.AcceptRole),
                ("discard", self.tr("Discard"), role.DestructiveRole),
            ],
            info,
        )
        if clicked == "restore":
            self.open_project(path, recovered=True)
            return True
        if clicked == "discard":
            remove_recovery()
        return False
